"""The page's code in one file: a [files] table's files in one bundle, fetched in one request.

Usage: .venv/bin/python tools/bundle.py CONFIG BUNDLE

A bundle is a header line, JSON `[[target, size], ...]` (UTF-8, ending in a newline), then each
file's bytes in that order, the whole gzip-compressed (`packed`): static hosts send an unknown
file type as it is (GitHub Pages compresses text and wasm only), and the page's code compresses
to a third. lotus/dom/code.py's `unpack` decompresses it in the browser (DecompressionStream) and
writes each file to its target in the runtime's file system, as PyScript writes a [files] entry.
Written only when it changed.
"""

import gzip
import json
import os
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bundle(config: str, root: str = ROOT) -> bytes:
    """The bundle of `config`'s [files] (paths relative to the config's folder)."""
    with open(os.path.join(root, config), "rb") as f:
        files = tomllib.load(f)["files"]
    base = os.path.dirname(os.path.join(root, config))
    header, blobs = [], []
    for source, target in files.items():
        with open(os.path.join(base, source), "rb") as f:
            data = f.read()
        header.append([target, len(data)])
        blobs.append(data)
    head = json.dumps(header, separators=(",", ":")).encode("utf-8") + b"\n"
    return head + b"".join(blobs)


def packed(config: str, root: str = ROOT) -> bytes:
    """The bundle of `config`, gzip-compressed as it is written (no time stamp in its header: the
    same files make the same bundle)."""
    return gzip.compress(bundle(config, root), compresslevel=9, mtime=0)


def write(config: str, out: str, root: str = ROOT) -> bool:
    """Write the packed bundle of `config` to `out` unless it holds it already; True when
    written."""
    data = packed(config, root)
    path = os.path.join(root, out)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return True


if __name__ == "__main__":
    sys.exit(0 if len(sys.argv) == 3 and write(*sys.argv[1:]) is not None else 2)
