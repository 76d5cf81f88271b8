"""Adding a language is its catalog, locale/<lang>.po, and one line in lotus/words/__init__.py:
in a copy of the site's sources, a language that lives only in this test (Esperanto, "eo", two
messages translated) is added so, and `make setup` builds the rest: its compiled catalog and
that module's bytecode, the configs that ship it, its pages and manifest, the English pages'
language switch, the rules pages' configs and the service worker's list. It has no rules
translation: no rules page is built in it, and its app page links the English ones.

The copy shares the repository's installed tools (.venv, static/vendor: symlinks, never
remade: make's -o) and its compiled bytecode (copied), so make rebuilds only what the language
changes (a few seconds).
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import tomllib

import pytest

from lotus import words

pytestmark = pytest.mark.slow  # a make run in a copy of the site: for make test, not test-fast

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = (
    "Makefile",
    "requirements-dev.txt",
    "index.html",
    "embed.html",
    "pyscript.toml",
    "page.toml",
    "page-later.toml",
    "embed.toml",
    "worker.toml",
    "worker-mpy.toml",
    "lotus",
    "tools",
    "locale",
    "docs/rules",
    "static",
    "build/mpy",
)
SHARED = (".venv", "static/vendor")  # installed by make in the repository; linked, never remade
LINE = '    ("eo", "Esperanto"),\n'  # the one line, after the last language's
CATALOG = r"""msgid ""
msgstr ""
"Project-Id-Version: Lotus 1\n"
"Language: eo\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=utf-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#: index.html
msgid "New game"
msgstr "Nova ludo"

#: lotus/render/race.py
msgid "{n} stone"
msgid_plural "{n} stones"
msgstr[0] "{n} ŝtono"
msgstr[1] "{n} ŝtonoj"
"""


def _copy(target: str) -> None:
    def ignore(folder, names):
        skipped = {"__pycache__", ".pytest_cache"}
        if os.path.normpath(folder) == os.path.join(ROOT, "static"):
            skipped.add("vendor")
        return [n for n in names if n in skipped or n.endswith(".pyc")]

    for name in COPIED:
        source = os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(target, name), ignore=ignore)
        else:
            shutil.copy2(source, os.path.join(target, name))  # its time kept: make compares
    for name in SHARED:
        os.symlink(os.path.realpath(os.path.join(ROOT, name)), os.path.join(target, name))


def read(site: str, name: str) -> str:
    with open(os.path.join(site, name), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site's copy with Esperanto added (its .po and its line), after `make setup`."""
    for name in SHARED + ("build/mpy/lotus/words/__init__.mpy",):
        if not os.path.exists(os.path.join(ROOT, name)):
            pytest.fail(f"{name} is missing: run make setup first")
    target = str(tmp_path_factory.mktemp("site"))
    _copy(target)
    assert "eo" not in words.LANGUAGES and not os.path.exists(os.path.join(ROOT, "locale/eo.po"))
    with open(os.path.join(target, "locale", "eo.po"), "w", encoding="utf-8") as f:
        f.write(CATALOG)
    module = os.path.join(target, "lotus", "words", "__init__.py")
    text = read(target, module)
    last = f'    ("{words.LANGUAGES[-1]}", "{words.NAMES[words.LANGUAGES[-1]]}"),\n'
    assert text.count(last) == 1, "SPOKEN holds one line per language"
    with open(module, "w", encoding="utf-8") as f:
        f.write(text.replace(last, last + LINE))
    stamps = ["-o", ".venv/.installed", "-o", "static/vendor/.installed"]
    stamps += ["-o", "node_modules/.installed"]
    done = subprocess.run(
        ["make", "--no-print-directory", "-C", target, *stamps, "setup"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def test_the_catalog_is_compiled_and_its_bytecode_made(site):
    compiled = read(site, "lotus/words/eo.py")
    assert "'New game': 'Nova ludo'" in compiled
    assert "'{n} stone': ('{n} ŝtono', '{n} ŝtonoj')" in compiled
    assert os.path.getsize(os.path.join(site, "build/mpy/lotus/words/eo.mpy")) > 0
    # The merged catalog holds every message, the rest for a translator (untranslated, or a
    # guess marked fuzzy), and only what is translated is compiled.
    catalog = read(site, "locale/eo.po")
    assert 'msgid "New game"\nmsgstr "Nova ludo"\n' in catalog
    assert catalog.count("\nmsgid ") > 100
    assert compiled.count("\n    '") == 2


@pytest.mark.parametrize("config", ["pyscript.toml", "embed.toml", "rules/boards.toml"])
def test_the_pages_configs_ship_it(site, config):
    with open(os.path.join(site, config), "rb") as f:
        files = tomllib.load(f)["files"]
    folder = "../" if config.startswith("rules/") else "./"
    for lang in ("de", "eo"):
        assert files[f"{folder}build/mpy/lotus/words/{lang}.mpy"] == f"./lotus/words/{lang}.mpy"


def test_its_pages_are_built_and_the_english_pages_switch_to_it(site):
    app = read(site, "index.eo.html")
    assert re.match(r'<!doctype html>\s*<html lang="eo"', app)
    assert '"eo"' in re.search(r"window\.lotusLanguages = (\[[^\]]*\])", app).group(0)
    assert "Nova ludo" in app and "Neue Partie" not in app
    assert '<link rel="manifest" href="static/manifest.eo.webmanifest">' in app
    assert json.loads(read(site, "static/manifest.eo.webmanifest"))["lang"] == "eo"
    assert '<html lang="eo"' in read(site, "embed.eo.html")
    # Every page's switch leads to each of its other languages, by the language's own name.
    for page, others in (
        ("index.html", "de eo"),
        ("index.de.html", "en eo"),
        ("index.eo.html", "en de"),
    ):
        switch = re.findall(
            r'<a class="language" data-language="(\w+)"[^>]*title="([^"]+)"', read(site, page)
        )
        names = dict(switch)
        assert list(names) == others.split(), page
        assert names.get("eo", "Esperanto") == "Esperanto"
    assert '<link rel="alternate" hreflang="eo" href="index.eo.html">' in read(site, "index.html")
    # The new module has a code bundle of its own, which only the page in the new language
    # preloads (and its script fetches: lotus/dom/code.py).
    assert 'href="build/words-eo.bundle"' in read(site, "index.eo.html")
    assert "build/words-eo.bundle" not in read(site, "index.html")
    with gzip.open(os.path.join(site, "build/words-eo.bundle")) as f:
        assert f.readline().startswith(b'[["./lotus/words/eo.mpy",')
    with gzip.open(os.path.join(site, "build/page-start.bundle")) as f:
        assert b"/words/eo.mpy" not in f.readline()


def test_without_a_rules_translation_its_app_links_the_english_rules(site):
    assert not [n for n in os.listdir(os.path.join(site, "rules")) if ".eo." in n]
    app = read(site, "index.eo.html")
    assert 'href="rules/race.html"' in app and 'href="rules/go.html"' in app
    assert 'hreflang="eo"' not in read(site, "rules/race.de.html")


def test_the_service_worker_precaches_it(site):
    listed = read(site, "sw.js")
    for name in (
        "index.eo.html",
        "embed.eo.html",
        "static/manifest.eo.webmanifest",
        "build/mpy/lotus/words/eo.mpy",
    ):
        assert f'"{name}"' in listed, name
