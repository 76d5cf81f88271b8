"""The tests share their helpers instead of writing them again (tests/conftest.py, e2e/conftest.py
and the modules they name), and nothing outside the tests leans on a test module."""

import ast
import os
import re

from tests.support.files import ROOT, read


def python_files(*folders) -> list:
    """The .py files below `folders`, as paths in the repository."""
    found = []
    for folder in folders:
        for root, _dirs, files in os.walk(os.path.join(ROOT, folder)):
            found += [
                os.path.relpath(os.path.join(root, name), ROOT)
                for name in sorted(files)
                if name.endswith(".py")
            ]
    return found


def imported(path: str) -> set:
    """The modules `path` imports (absolute names; `from a import b` gives a and a.b)."""
    names = set()
    for node in ast.walk(ast.parse(read(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def is_test_module(name: str) -> bool:
    """tests.test_x, e2e.test_x or a conftest: what pytest runs, never a helper to import."""
    parts = name.split(".")
    return parts[0] in ("tests", "e2e") and (
        any(p.startswith("test_") for p in parts) or "conftest" in parts
    )


def test_nothing_imports_a_test_module_or_a_conftest():
    """Helpers live in tests/support/ (the benchmarks run MicroPython with it too), e2e/boards.py,
    e2e/support.py, e2e/rules.py and tools/pages.py; a benchmark, a tool or a test imports those,
    never a test module or a conftest."""
    wrong = [
        f"{path}: {name}"
        for path in python_files("lotus", "bench", "tools", "tests", "e2e")
        for name in sorted(imported(path))
        if is_test_module(name)
    ]
    assert wrong == []


def test_the_e2e_tests_wait_for_a_ready_page_and_open_their_page_in_one_place():
    """`body[data-ready]` is waited for by tools/pages.py's wait_ready (a test asserting the
    attribute reads it, which is not a wait), and the module's `page` is e2e/conftest.py's."""
    waits, pages = [], []
    for path in python_files("e2e"):
        text = read(path)
        if re.search(r"""wait_for_selector\(\s*['"]body\[data-ready""", text):
            waits.append(path)
        if path != os.path.join("e2e", "conftest.py") and re.search(r"^def page\(", text, re.M):
            pages.append(path)
    assert "wait_for_selector(READY" in read("tools/pages.py")
    assert waits == [] and pages == []
