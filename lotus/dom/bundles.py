"""The site's code bundles (tools/bundle.py) unpacked in Python: the quick worker's code.

The quick worker's config (worker-mpy.toml) brings this module and two bundles, which PyScript
writes into the folder FOLDER beside the lotus package: the page's start bundle (the engines and
the games' rules, which the page has fetched already, so the browser's cache answers) and the
worker's own (the search: tools/bundle.py's `quick_files`). Its script calls `unpack_all()`
before it imports anything else of lotus.

A bundle is gzip data of a JSON header line, `[[target, size], ...]`, then each file's bytes in
that order; each file lands at its target (a path such as "./lotus/engine/race.mpy") from the
folder that holds the lotus package, as a PyScript config's [files] entry would. The page unpacks
its own bundles in JavaScript (lotus/dom/code.py); this module runs on MicroPython (its `deflate`)
and CPython (`gzip`), imports nothing of lotus, and touches no DOM: a worker has none.
"""

import json
import os

try:
    import deflate

    def _gunzip(raw):
        return deflate.DeflateIO(raw, deflate.GZIP)

except ImportError:  # CPython
    import gzip

    def _gunzip(raw):
        return gzip.GzipFile(fileobj=raw)


FOLDER = "bundles"  # where a config's [files] put the bundles, beside the lotus package


def _root() -> str:
    """The folder that holds the lotus package ("" for the working directory)."""
    package = __file__.replace("\\", "/").rsplit("/", 3)  # [root,] lotus, dom, bundles.py
    return package[0] if len(package) == 4 else ""


def _folders(path: str, made: set) -> None:
    """Make the folders of `path` that are missing."""
    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        folder = "/".join(parts[:i])
        if folder in made or folder in ("", "."):
            continue
        made.add(folder)
        try:
            os.mkdir(folder)
        except OSError:  # it exists
            pass


def _read(stream, size: int) -> bytes:
    """`size` bytes of `stream` (a decompressing stream may return fewer at a time)."""
    parts = []
    while size > 0:
        part = stream.read(size)
        if not part:
            raise ValueError("the bundle ends too soon")
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def unpack(path: str, root: str = "") -> list:
    """Write each file of the bundle at `path` to its target from `root`; the targets."""
    written, made = [], set()
    with open(path, "rb") as raw:
        stream = _gunzip(raw)
        header = json.loads(stream.readline())
        for target, size in header:
            data = _read(stream, size)
            name = (root + "/" if root else "") + (target[2:] if target[:2] == "./" else target)
            _folders(name, made)
            with open(name, "wb") as f:
                f.write(data)
            written.append(target)
    return written


def unpack_all() -> list:
    """Unpack every bundle in FOLDER (beside the lotus package), in name order; the targets."""
    root = _root()
    folder = (root + "/" if root else "") + FOLDER
    written = []
    for name in sorted(os.listdir(folder)):
        written += unpack(folder + "/" + name, root)
    return written
