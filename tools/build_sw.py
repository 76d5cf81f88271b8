"""Generate the service worker `sw.js` at the site root (generated, git-ignored): the list of every
file the site loads and a cache name derived from a content hash of all of them.

Run by `make` during set-up (and by tools/dist.py for a deployable build). The list is made by
rules, never by hand, so pages and modules added later are precached without editing this file:

- the pages: `*.html` at the root and `rules/*.html`;
- the PyScript configs each page names (`config="…"`), the worker config beside each page (its
  code loads it: lotus/dom/host.py), and every file their `[files]` bring in;
- everything under `static/` except the vendored runtimes (css, icons, js, the entry scripts);
- from `static/vendor/`: the files the pages link, the PyScript modules reachable from them
  (skipping the editor, terminal, game and package-loading features the site never uses), and
  the interpreters the configs name with their runtime files (MicroPython and Pyodide).

It also writes ALIASES, the other URLs a page is loaded by, each with its page: the site's folder
(its index.html) and every link with a query that a page carries to another (index.html?game=go).
The worker stores the page under them too, so that its static routes answer those page loads
straight from the cache (see tools/sw.template.js).

Usage: python tools/build_sw.py [--root DIR] [--check]
"""

import argparse
import base64
import hashlib
import html
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "tools", "sw.template.js")
SW_NAME = "sw.js"
PAGE_GLOBS = (("", ".html"), ("rules", ".html"))
# The workers' configs (named in code: lotus/dom/host.py). Not pyscript.toml nor page-later.toml:
# they list the app page's code, which it fetches in bundles (tools/bundle.py), not file by file.
DEFAULT_CONFIGS = ("worker.toml", "worker-mpy.toml")
# The app page's code fetched once it is ready (lotus/dom/code.py: no page names it).
LATER_BUNDLES = ("build/page-later.bundle",)
WORKER_CONFIG = "worker.toml"  # lotus/dom/host.py's: each page's worker, beside the page
QUICK_CONFIG = "worker-mpy.toml"  # lotus/dom/host.py's: the quick worker, beside the page
VENDOR = "static/vendor"
# Files the site works without, stored only once used: Pyodide's start snapshot, which the worker
# drops when the network is too slow for it to pay (tools/pyodide_start.mjs); its 6 MB are then
# never fetched for the cache, and offline Pyodide starts in full, as it did online.
OPTIONAL = (VENDOR + "/pyodide/snapshot.bin",)
# PyScript's plugin modules are loaded by core on every page, but what THEY import on demand
# (code editor, terminal, pygame) is never used here; nor are these on-demand features of core:
# the Pyodide package graph (we load no packages) and the zip reader (no zip in [files]).
PYSCRIPT_PLUGINS = ("py-editor-", "py-terminal-", "py-game-")
PYSCRIPT_UNUSED = ("codemirror", "pyodide_graph-", "zip-")
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.\.?/[^"']+)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\.\.?/[^"']+)["']\s*\)""")
PAGE_URL = re.compile(r"""\b(?:src|href|config)\s*=\s*["']([^"'#?]+)""")
PAGE_LINK = re.compile(r"""\bhref\s*=\s*["']([^"'#?:]+\.html)\?([^"'#]+)""")


def _rel(root: str, path: str) -> str:
    return os.path.relpath(path, root).replace(os.sep, "/")


def _norm(path: str) -> str:
    """A site path without `./` and `..` parts ("a/./b/../c" -> "a/c")."""
    return os.path.normpath(path).replace(os.sep, "/")


def pages(root: str = ROOT) -> list:
    """The HTML pages of the site."""
    found = []
    for folder, suffix in PAGE_GLOBS:
        directory = os.path.join(root, folder)
        if os.path.isdir(directory):
            found += [
                _norm(os.path.join(folder, name))
                for name in os.listdir(directory)
                if name.endswith(suffix) and os.path.isfile(os.path.join(directory, name))
            ]
    return sorted(found)


def page_references(root: str, page: str) -> set:
    """Same-site paths a page names in src, href and config attributes."""
    with open(os.path.join(root, page), encoding="utf-8") as f:
        html = f.read()
    base = os.path.dirname(page)
    refs = set()
    for url in PAGE_URL.findall(html):
        if re.match(r"^[a-z][a-z0-9+.-]*:|^/", url, re.I):
            continue  # another origin, or absolute (the site uses relative paths only)
        refs.add(_norm(os.path.join(base, url)))
    return refs


def aliases(root: str = ROOT) -> dict:
    """Other URLs of the site's pages, each mapped to its page: the site's folder ("./", its
    index.html) and the page links with a query the pages carry ("index.html?game=go"). The
    worker stores the page under these URLs too, so that a page load is found by its exact URL."""
    found = {}
    site_pages = set(pages(root))
    if "index.html" in site_pages:
        found["./"] = "index.html"
    for page in sorted(site_pages):
        with open(os.path.join(root, page), encoding="utf-8") as f:
            text = f.read()
        for target, query in PAGE_LINK.findall(text):
            if target.startswith("/"):
                continue  # absolute: the site uses relative paths only
            path = _norm(os.path.join(os.path.dirname(page), target))
            if path in site_pages:
                found[f"{path}?{html.unescape(query)}"] = path
    return dict(sorted(found.items()))


def configs(root: str = ROOT) -> list:
    """The PyScript configs: those the pages name, the standard ones, and the worker configs
    each page loads from its own folder (named in code, not in an attribute: lotus/dom/host.py)."""
    found = {c for c in DEFAULT_CONFIGS if os.path.isfile(os.path.join(root, c))}
    for page in pages(root):
        found |= {r for r in page_references(root, page) if r.endswith(".toml")}
        for config in (WORKER_CONFIG, QUICK_CONFIG):
            beside = _norm(os.path.join(os.path.dirname(page), config))
            if os.path.isfile(os.path.join(root, beside)):
                found.add(beside)
    return sorted(found)


def config_entries(root: str, config: str) -> tuple:
    """(files its [files] table brings in, its interpreter path), as site paths."""
    with open(os.path.join(root, config), "rb") as f:
        data = tomllib.load(f)
    base = os.path.dirname(config)
    files = {_norm(os.path.join(base, source)) for source in data.get("files", {})}
    interpreter = data.get("interpreter")
    if interpreter:
        interpreter = _norm(os.path.join(base, interpreter))
    return files, interpreter


def _walk(root: str, folder: str) -> list:
    found = []
    for directory, dirs, names in os.walk(os.path.join(root, folder)):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
        found += [
            _rel(root, os.path.join(directory, n))
            for n in names
            if not n.startswith(".") and not n.endswith((".map", ".pyc"))
        ]
    return found


def module_closure(root: str, entries) -> set:
    """The PyScript modules reachable from `entries` by import (see PYSCRIPT_PLUGINS)."""
    seen = set()
    todo = [e for e in entries if e.endswith((".js", ".mjs"))]
    while todo:
        path = todo.pop()
        if path in seen or not os.path.isfile(os.path.join(root, path)):
            continue
        seen.add(path)
        with open(os.path.join(root, path), encoding="utf-8") as f:
            source = f.read()
        base = os.path.dirname(path)
        targets = STATIC_IMPORT.findall(source)
        if not os.path.basename(path).startswith(PYSCRIPT_PLUGINS):
            targets += [
                t for t in DYNAMIC_IMPORT.findall(source) if not t[2:].startswith(PYSCRIPT_UNUSED)
            ]
        todo += [_norm(os.path.join(base, t)) for t in targets]
    return seen


def vendor_files(root: str, linked: set, interpreters: set) -> set:
    """The vendored files the site loads: linked files, PyScript's modules, the interpreters."""
    files = {p for p in linked if p.startswith(VENDOR + "/")}
    files |= module_closure(root, files)
    for interpreter in interpreters:
        # An interpreter is a module plus the runtime files beside it (wasm, stdlib, lock file);
        # tools/vendor.py copies exactly those into the interpreter's own folder.
        files |= set(_walk(root, os.path.dirname(interpreter)))
    return files


def site_files(root: str = ROOT) -> list:
    """Every file the site loads, as sorted paths relative to the root (sw.js itself excluded)."""
    files = page_files(root, pages(root), configs(root))
    files |= set(LATER_BUNDLES)
    files |= {p for p in _walk(root, "static") if not p.startswith(VENDOR + "/")}
    files.discard(SW_NAME)
    missing = sorted(f for f in files if not os.path.isfile(os.path.join(root, f)))
    if missing:
        raise FileNotFoundError(f"the site names files that do not exist: {', '.join(missing)}")
    return sorted(files)


def page_files(root: str, page_list, config_list) -> set:
    """What the pages load: themselves, the configs with what their [files] bring in, the site
    files the pages link, and the vendored files (linked, PyScript's modules, the interpreters)."""
    files = set(page_list)
    linked = set()
    for page in page_list:
        linked |= page_references(root, page)
    interpreters = set()
    for config in config_list:
        files.add(config)
        listed, interpreter = config_entries(root, config)
        files |= listed
        if interpreter:
            interpreters.add(interpreter)
    # Links to other site files (a page may link one that does not exist yet: not ours to check).
    files |= {
        p
        for p in linked
        if not p.startswith(VENDOR + "/") and os.path.isfile(os.path.join(root, p))
    }
    return files | vendor_files(root, linked, interpreters)


def integrity(root: str, files) -> dict:
    """Each file's subresource-integrity value ("sha256-" and its SHA-256 in base64): the worker
    stores a copy only if its bytes are these (tools/sw.template.js)."""
    found = {}
    for path in files:
        with open(os.path.join(root, path), "rb") as f:
            found[path] = "sha256-" + base64.b64encode(hashlib.sha256(f.read()).digest()).decode()
    return found


def cache_version(root: str, files, template: str) -> str:
    """A content hash of the listed files (names and bytes) and of the service worker's code."""
    digest = hashlib.sha256(template.encode())
    for path in files:
        with open(os.path.join(root, path), "rb") as f:
            content = hashlib.sha256(f.read()).hexdigest()
        digest.update(f"{path}\0{content}\n".encode())
    return digest.hexdigest()[:16]


def render(root: str = ROOT) -> str:
    """The text of sw.js for the site at `root`."""
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    files = site_files(root)
    version = cache_version(root, files, template)
    header = "// Generated by tools/build_sw.py from tools/sw.template.js: do not edit.\n"
    optional = [path for path in OPTIONAL if path in files]
    hashes = integrity(root, files)
    return header + fill(template, version, files, aliases(root), hashes, optional)


def fill(
    template: str, version: str, files: list, page_aliases: dict, hashes=None, optional=()
) -> str:
    """The worker's code with its VERSION, FILES (paths from the worker's folder), OPTIONAL (those
    of them stored only once used), ALIASES and INTEGRITY (`hashes`: path -> its `integrity`
    value; none: the worker checks no bytes)."""
    text = template.replace('"__VERSION__"', json.dumps(version))
    text = text.replace("__FILES__", json.dumps(files, indent=2))
    text = text.replace("__OPTIONAL__", json.dumps(list(optional)))
    text = text.replace("__INTEGRITY__", json.dumps(hashes or {}, indent=2))
    return text.replace("__ALIASES__", json.dumps(page_aliases, indent=2))


def write(root: str = ROOT) -> str:
    """Write root/sw.js if its content changed; returns its path."""
    path = os.path.join(root, SW_NAME)
    text = render(root)
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return path
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=ROOT, help="the site's folder (default: the repository)")
    parser.add_argument("--check", action="store_true", help="fail if sw.js is out of date")
    args = parser.parse_args(argv)
    if args.check:
        try:
            with open(os.path.join(args.root, SW_NAME), encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != render(args.root):
            print("build_sw: sw.js is out of date: run python tools/build_sw.py")
            return 1
        return 0
    path = write(args.root)
    print(f"build_sw: {_rel(args.root, path)} lists {len(site_files(args.root))} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
