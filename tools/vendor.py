"""Copy the pinned browser runtimes from node_modules/ into static/vendor/ (generated, git-ignored).

Run by `make` after `npm ci`. Only the files the site loads are copied: PyScript's dist (without
source maps), the MicroPython WebAssembly build PyScript uses, and the Pyodide core runtime.
Beside Pyodide it puts the worker's interpreter module, start.mjs (from tools/pyodide_start.mjs),
and the memory snapshot that module starts Pyodide from, snapshot.bin (written under Node by
tools/pyodide_snapshot.mjs: a few seconds).
"""

import json
import os
import shutil
import subprocess
import sys

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
PYODIDE_START = os.path.join(ROOT, "tools", "pyodide_start.mjs")  # worker.toml's interpreter
PYODIDE_SNAPSHOT = os.path.join(ROOT, "tools", "pyodide_snapshot.mjs")


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
    copy(os.path.join(NODE, "pyodide"), PYODIDE_FILES, pyodide)
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
