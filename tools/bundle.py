"""The page's code in few files: a [files] table's files in one bundle, fetched in one request.

Usage: .venv/bin/python tools/bundle.py CONFIG BUNDLE
       .venv/bin/python tools/bundle.py --quick BUNDLE

A bundle is a header line, JSON `[[target, size], ...]` (UTF-8, ending in a newline), then each
file's bytes in that order, the whole gzip-compressed (`packed`): static hosts send an unknown
file type as it is (GitHub Pages compresses text and wasm only), and the page's code compresses
to a third. lotus/dom/code.py's `unpack` decompresses it in the browser (DecompressionStream) and
writes each file to its target in the runtime's file system, as PyScript writes a [files] entry.

A language's compiled catalog (`./lotus/words/<lang>.mpy`, listed by tools/words.py) is not in
BUNDLE but in a bundle of its own beside it, `words-<lang>.bundle`, which only the pages in that
language fetch (`bundles`): the English page has no use for the German words. Each file is
written only when it changed.

`--quick`: the quick worker's own bundle (`quick_files`): the modules of the engine workers'
list (worker.toml), as MicroPython bytecode, that the page's start bundle does not hold. The
quick worker (worker-mpy.toml) unpacks both with lotus/dom/bundles.py: the start bundle comes from
the browser's cache, since the page fetched it, so the worker downloads only the search.
"""

import gzip
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_DIR = "build/mpy"  # make's MicroPython bytecode of lotus/**/*.py
START = ("pyscript.toml", "build/page-start.bundle")  # the page's start: its list, its bundle
WORKERS = "worker.toml"  # the engine workers' modules (the Pyodide worker's config)
CATALOG = re.compile(r"\./lotus/words/([a-z]+)\.mpy")  # a language's compiled catalog
WORDS = "words-{lang}.bundle"  # its bundle, in the folder of the config's


def files_of(config: str, root: str = ROOT) -> dict:
    """`config`'s [files]: {source path from `root`: target}."""
    with open(os.path.join(root, config), "rb") as f:
        files = tomllib.load(f)["files"]
    base = os.path.dirname(config)
    return {os.path.normpath(os.path.join(base, s)): t for s, t in files.items()}


def quick_files(root: str = ROOT) -> dict:
    """{bytecode path: target} of the engine workers' modules the start bundle does not hold."""
    start = set(files_of(START[0], root).values())
    files = {}
    for source, target in files_of(WORKERS, root).items():
        target = target[: -len(".py")] + ".mpy"
        if target not in start:
            files[os.path.join(MPY_DIR, source[: -len(".py")] + ".mpy")] = target
    return files


def bundles(config: str, out: str, root: str = ROOT) -> dict:
    """{bundle path: [targets]}: `out` with `config`'s files but the catalogs, and a
    words-<lang>.bundle beside it for each catalog."""
    split = {out: []}
    for target in files_of(config, root).values():
        catalog = CATALOG.fullmatch(target)
        name = os.path.join(os.path.dirname(out), WORDS.format(lang=catalog[1])) if catalog else out
        split.setdefault(name, []).append(target)
    return split


def bundle(config, root: str = ROOT, targets=None) -> bytes:
    """The bundle of `config`'s [files] (paths relative to the config's folder; or `config` is
    such a dict of {source path from `root`: target}), or of those of them that land at
    `targets`."""
    header, blobs = [], []
    files = config if isinstance(config, dict) else files_of(config, root)
    for source, target in files.items():
        if targets is not None and target not in targets:
            continue
        with open(os.path.join(root, source), "rb") as f:
            data = f.read()
        header.append([target, len(data)])
        blobs.append(data)
    head = json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n"
    return head + b"".join(blobs)


def packed(config, root: str = ROOT, targets=None) -> bytes:
    """`bundle`, gzip-compressed as it is written (no time stamp in its header: the same files
    make the same bundle)."""
    return gzip.compress(bundle(config, root, targets), compresslevel=9, mtime=0)


def _put(out: str, data: bytes, root: str) -> bool:
    """Write `data` to `out` unless it holds it already; True when written."""
    path = os.path.join(root, out)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return True


def write(config: str, out: str, root: str = ROOT) -> list:
    """Write the packed bundles of `config` (`bundles`); the paths written."""
    split = bundles(config, out, root)
    return [
        name for name, targets in split.items() if _put(name, packed(config, root, targets), root)
    ]


def write_quick(out: str, root: str = ROOT) -> list:
    """Write the quick worker's bundle (`quick_files`) to `out`; the paths written."""
    return [out] if _put(out, packed(quick_files(root), root), root) else []


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--quick":
        sys.exit(0 if write_quick(sys.argv[2]) is not None else 2)
    sys.exit(0 if len(sys.argv) == 3 and write(*sys.argv[1:]) is not None else 2)
