"""bench/boot.py's bare page with our files: the floor of any page that runs our Python, so it must
carry exactly the page's runtime and [files], preloaded as index.html preloads them, and import
only modules those files bring."""

import ast
import json
import os
import tomllib

from tests.support.files import ROOT, bench, read

boot = bench("boot")


def built():
    return boot.files_page(read("page.toml"), read("bench/bare/files.template.html"))


def test_the_files_config_is_the_pages_led_from_bench_bare():
    page = tomllib.loads(read("page.toml"))
    bare = tomllib.loads(built()[0])
    assert bare["interpreter"] == "../../" + page["interpreter"].removeprefix("./")
    assert bare["files"] == {
        "../../" + source.removeprefix("./"): dest for source, dest in page["files"].items()
    }
    for source in bare["files"]:  # each source exists where the bare page's folder leads
        assert os.path.exists(os.path.normpath(os.path.join(ROOT, "bench/bare", source))), source


def test_the_bare_page_preloads_what_index_html_preloads():
    toml, html = built()
    index = read("index.html")
    for source in tomllib.loads(toml)["files"]:
        link = f'<link rel="preload" href="{source}" as="fetch" crossorigin fetchpriority="low">'
        assert link in html
        assert link.replace("../../", "") in index  # the same preload, from the root
        assert html.index(link) > html.index("<body>")  # after the markup, as in index.html
    bundle = '<link rel="preload" href="../../build/page-start.bundle"'  # the page's code
    assert bundle in html and bundle.replace("../../", "") in index
    assert '<link rel="preload" href="files.toml" as="fetch" crossorigin>' in html
    assert html.index('href="files.toml"') < html.index("</head>")
    assert 'src="files_main.py" config="files.toml"' in html


def test_the_bare_script_imports_only_what_the_files_bring():
    """Its files and the page's code bundle (pyscript.toml's files, which it unpacks first)."""
    dests = set(tomllib.loads(built()[0])["files"].values())
    dests |= set(tomllib.loads(read("pyscript.toml"))["files"].values())
    tree = ast.parse(read("bench/bare/files_main.py"))
    imported = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module.startswith("lotus"):
            imported += [f"{node.module}.{alias.name}" for alias in node.names]
    assert imported  # it imports our code at all
    for name in imported:
        path = "./" + name.replace(".", "/")
        assert path + ".mpy" in dests or path + "/__init__.mpy" in dests, name


def test_the_bare_service_worker_is_ours_caching_the_bare_pages_files_and_no_others():
    boot.write_files_page(ROOT)  # generated (git-ignored): bare_sw reads the page it lists
    text = boot.bare_sw(ROOT)
    template = read("tools/sw.template.js")
    for placeholder in ("__VERSION__", "__FILES__", "__ALIASES__"):
        assert placeholder in template and placeholder not in text
    assert template[template.index("self.addEventListener") :] in text  # our worker's code
    start = text.index("const FILES = ") + len("const FILES = ")
    listed = json.JSONDecoder().raw_decode(text[start:])[0]
    assert listed == sorted(set(listed))
    for path in listed:  # paths from bench/bare/, where the worker sits
        assert os.path.isfile(os.path.normpath(os.path.join(ROOT, "bench/bare", path))), path
    sources = {s.removeprefix("../../") for s in tomllib.loads(built()[0])["files"]}
    wanted = {"mpy.html", "files.html", "mpy.toml", "files.toml", "mpy_main.py", "files_main.py"}
    wanted |= {"../../" + s for s in sources}
    wanted |= {"../../static/vendor/pyscript/core.js", "../../static/vendor/pyscript/core.css"}
    wanted |= {f"../../static/vendor/micropython/micropython.{end}" for end in ("mjs", "wasm")}
    assert wanted <= set(listed), sorted(wanted - set(listed))
    assert not [p for p in listed if "pyodide" in p or p.endswith("index.html")]
