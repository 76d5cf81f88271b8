"""Copy the pinned browser runtimes from node_modules/ into static/vendor/ (generated, git-ignored).

Run by `make` after `npm ci`. Only the files the site loads are copied: PyScript's dist (without
source maps), the MicroPython WebAssembly build PyScript uses, and the Pyodide core runtime, whose
standard library is cut to the modules the engine worker imports (`STDLIB`): python_stdlib.zip
goes from 2.5 MB to 0.75 MB, and a phone on a slow network gets its search that much sooner
(docs/performance.md, "the workers"). Beside Pyodide it puts the worker's
interpreter module, start.mjs (from tools/pyodide_start.mjs), and the memory snapshot that module
starts Pyodide from when it comes quickly, snapshot.bin (written under Node by
tools/pyodide_snapshot.mjs: a few seconds).
"""

import json
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NODE = os.path.join(ROOT, "node_modules")
VENDOR = os.path.join(ROOT, "static", "vendor")

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
STDLIB_ZIP = "python_stdlib.zip"
PYODIDE_START = os.path.join(ROOT, "tools", "pyodide_start.mjs")  # worker.toml's interpreter
PYODIDE_SNAPSHOT = os.path.join(ROOT, "tools", "pyodide_snapshot.mjs")
# The standard library's modules the Pyodide worker imports: Pyodide's own start-up, PyScript's
# `pyscript` package (imported in every worker: asyncio, inspect, json, base64, html...), our
# engine modules (json, math, random, sys, time), and what an exception's traceback needs. Listed
# from `sys.modules` in the worker after it has played a game of Go (the same in a worker started
# with and without Pyodide's memory snapshot), plus a few codecs. tests/test_site.py checks that
# the worker's own imports are here; e2e/test_computer.py and test_handover.py that it starts and
# searches. A module named here that the pinned Pyodide lacks stops the set-up.
STDLIB = """
__future__ _colorize _opcode_metadata _py_warnings _ssl _weakrefset annotationlib ast asyncio
asyncio.base_events asyncio.base_futures asyncio.base_subprocess asyncio.base_tasks
asyncio.constants asyncio.coroutines asyncio.events asyncio.exceptions asyncio.format_helpers
asyncio.futures asyncio.graph asyncio.locks asyncio.log asyncio.mixins asyncio.protocols
asyncio.queues asyncio.runners asyncio.selector_events asyncio.sslproto asyncio.staggered
asyncio.streams asyncio.subprocess asyncio.taskgroups asyncio.tasks asyncio.threads
asyncio.timeouts asyncio.transports asyncio.trsock asyncio.unix_events base64 bisect bz2 codeop
collections compression compression._common compression._common._streams compression.zstd
compression.zstd._zstdfile concurrent concurrent.futures concurrent.futures._base contextlib
contextvars copy copyreg dataclasses dis encodings encodings.aliases encodings.utf_8 enum
fnmatch functools glob heapq html html.entities importlib importlib._abc importlib._bootstrap
importlib._bootstrap_external importlib.abc inspect json json.decoder json.encoder json.scanner
keyword linecache locale logging lzma opcode operator pathlib pathlib._os random re re._casefix
re._compiler re._constants re._parser reprlib selectors shutil signal socket ssl string struct
subprocess tempfile textwrap threading token tokenize traceback types typing warnings weakref
zipfile zipfile._path zipfile._path.glob
encodings.ascii encodings.latin_1 encodings.utf_8_sig encodings.utf_16 encodings.utf_32
encodings.raw_unicode_escape encodings.unicode_escape
""".split()
# Pyodide's own Python packages, whole (its foreign function interface, its event loop).
STDLIB_PACKAGES = ("_pyodide", "pyodide")


def pinned_versions() -> dict:
    """The exact versions package.json pins."""
    with open(os.path.join(ROOT, "package.json")) as f:
        return json.load(f)["dependencies"]


def installed_version(package: str) -> str:
    """The version npm installed for `package`."""
    with open(os.path.join(NODE, package, "package.json")) as f:
        return json.load(f)["version"]


def copy(src_dir: str, names, dest_dir: str) -> None:
    """Copy `names` from src_dir to dest_dir, creating it."""
    os.makedirs(dest_dir, exist_ok=True)
    for name in names:
        shutil.copy2(os.path.join(src_dir, name), os.path.join(dest_dir, name))


def stdlib_entries(names) -> set:
    """The zip entries of the standard library that hold `STDLIB` and `STDLIB_PACKAGES`."""
    names = set(names)
    found = set()
    missing = []
    for name in STDLIB:
        path = name.replace(".", "/")
        files = {path + ".py", path + "/__init__.py"} & names
        found |= files
        if not files:
            missing.append(name)
    if missing:
        raise LookupError("the pinned Pyodide's standard library lacks " + ", ".join(missing))
    found |= {n for n in names if n.split("/")[0] in STDLIB_PACKAGES}
    return found


def trim_stdlib(source: str, dest: str) -> None:
    """Write to `dest` the entries of the standard library zip `source` that the worker needs
    (`stdlib_entries`), each as it was (compressed, dated), in the same order."""
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(dest, "w") as cut:
        keep = stdlib_entries(full.namelist())
        for info in full.infolist():
            if info.filename in keep:
                cut.writestr(info, full.read(info), compress_type=info.compress_type)


def main() -> int:
    """Check the installed runtimes against the pins and copy them."""
    for package, version in sorted(pinned_versions().items()):
        found = installed_version(package)
        if found != version:
            print(f"vendor: {package} is {found}, package.json pins {version}: run npm ci")
            return 1
    if os.path.isdir(VENDOR):
        shutil.rmtree(VENDOR)
    dist = os.path.join(NODE, "@pyscript", "core", "dist")
    copy(
        dist,
        sorted(n for n in os.listdir(dist) if not n.endswith(".map")),
        os.path.join(VENDOR, "pyscript"),
    )
    copy(
        os.path.join(NODE, "@micropython", "micropython-webassembly-pyscript"),
        MICROPYTHON_FILES,
        os.path.join(VENDOR, "micropython"),
    )
    pyodide = os.path.join(VENDOR, "pyodide")
    copy(os.path.join(NODE, "pyodide"), [n for n in PYODIDE_FILES if n != STDLIB_ZIP], pyodide)
    trim_stdlib(os.path.join(NODE, "pyodide", STDLIB_ZIP), os.path.join(pyodide, STDLIB_ZIP))
    # The snapshot is taken with the cut standard library in place (its heap holds zipimport's
    # index of that zip).
    shutil.copy2(PYODIDE_START, os.path.join(pyodide, "start.mjs"))
    made = subprocess.run(
        ["node", PYODIDE_SNAPSHOT, pyodide, os.path.join(pyodide, "snapshot.bin")], check=False
    )
    if made.returncode:
        print("vendor: Node could not write Pyodide's snapshot")
        return 1
    print("vendor: runtimes copied to static/vendor/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
