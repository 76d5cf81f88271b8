"""The repository's files for the tests: its root folder, a file's text, and bench/'s scripts
imported as modules."""

import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(path: str) -> str:
    """The text of `path`: a path in the repository (or an absolute one)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def bench(name: str):
    """bench/<name>.py imported as a module (the benchmarks are scripts, not a package)."""
    folder = os.path.join(ROOT, "bench")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)
