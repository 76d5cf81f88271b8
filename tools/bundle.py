"""The page's code in few files: a [files] table's files in one bundle, fetched in one request.

Usage: .venv/bin/python tools/bundle.py CONFIG BUNDLE

A bundle is a header line, JSON `[[target, size], ...]` (UTF-8, ending in a newline), then each
file's bytes in that order, the whole gzip-compressed (`packed`): static hosts send an unknown
file type as it is (GitHub Pages compresses text and wasm only), and the page's code compresses
to a third. lotus/dom/code.py's `unpack` decompresses it in the browser (DecompressionStream) and
writes each file to its target in the runtime's file system, as PyScript writes a [files] entry.

A language's compiled catalog (`./lotus/words/<lang>.mpy`, listed by tools/words.py) is not in
BUNDLE but in a bundle of its own beside it, `words-<lang>.bundle`, which only the pages in that
language fetch (`bundles`): the English page has no use for the German words. Each file is
written only when it changed.
"""

import gzip
import json
import os
import re
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = re.compile(r"\./lotus/words/([a-z]+)\.mpy")  # a language's compiled catalog
WORDS = "words-{lang}.bundle"  # its bundle, in the folder of the config's


def files_of(config: str, root: str = ROOT) -> dict:
    """`config`'s [files]: {source path from `root`: target}."""
    with open(os.path.join(root, config), "rb") as f:
        files = tomllib.load(f)["files"]
    base = os.path.dirname(config)
    return {os.path.normpath(os.path.join(base, s)): t for s, t in files.items()}


def bundles(config: str, out: str, root: str = ROOT) -> dict:
    """{bundle path: [targets]}: `out` with `config`'s files but the catalogs, and a
    words-<lang>.bundle beside it for each catalog."""
    split = {out: []}
    for target in files_of(config, root).values():
        catalog = CATALOG.fullmatch(target)
        name = os.path.join(os.path.dirname(out), WORDS.format(lang=catalog[1])) if catalog else out
        split.setdefault(name, []).append(target)
    return split


def bundle(config: str, root: str = ROOT, targets=None) -> bytes:
    """The bundle of `config`'s [files] (paths relative to the config's folder), or of those of
    them that land at `targets`."""
    header, blobs = [], []
    for source, target in files_of(config, root).items():
        if targets is not None and target not in targets:
            continue
        with open(os.path.join(root, source), "rb") as f:
            data = f.read()
        header.append([target, len(data)])
        blobs.append(data)
    head = json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n"
    return head + b"".join(blobs)


def packed(config: str, root: str = ROOT, targets=None) -> bytes:
    """`bundle`, gzip-compressed as it is written (no time stamp in its header: the same files
    make the same bundle)."""
    return gzip.compress(bundle(config, root, targets), compresslevel=9, mtime=0)


def write(config: str, out: str, root: str = ROOT) -> list:
    """Write the packed bundles of `config` (`bundles`) that do not hold them already; the paths
    written."""
    written = []
    for name, targets in bundles(config, out, root).items():
        data = packed(config, root, targets)
        path = os.path.join(root, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        written.append(name)
    return written


if __name__ == "__main__":
    sys.exit(0 if len(sys.argv) == 3 and write(*sys.argv[1:]) is not None else 2)
