"""Run Python source under the npm MicroPython (via Node), with the lotus package importable."""

import contextlib
import io
import json
import os
import shutil
import subprocess
import tempfile

from tests.support.files import ROOT

RUNNER = os.path.join(ROOT, "tests", "support", "mpy_run.mjs")
MICROPYTHON = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs"
)


def available() -> bool:
    """True when Node and the npm MicroPython are installed (make installs both)."""
    return shutil.which("node") is not None and os.path.exists(MICROPYTHON)


def run(source: str, timeout: float = 600, config: str = "", root: str = ROOT) -> str:
    """Run `source` under MicroPython and return what it printed; raise on any error.

    The lotus package is importable; with a PyScript `config` (in the site `root`), exactly
    the files its [files] ships instead."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        proc = subprocess.run(
            ["node", RUNNER, root, path] + ([config] if config else []),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError("MicroPython failed:\n" + proc.stdout[-2000:] + proc.stderr[-4000:])
    return proc.stdout


def printed_by_cpython(source: str, name: str) -> str:
    """What `source` prints under CPython, run as the module `name`: what MicroPython's output is
    compared with."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, name, "exec"), {"__name__": name})
    return out.getvalue()


def assert_same_lines(got: str, expected: str) -> None:
    """MicroPython printed what CPython printed; the first line that differs is named."""
    for n, (a, b) in enumerate(zip(got.splitlines(), expected.splitlines())):
        assert a == b, f"line {n}"
    assert got == expected


def run_both(script: str, name: str, *args) -> tuple:
    """(CPython's, MicroPython's) answer of `run(*args)`, the function `script` defines (`args`
    and the answers go through JSON, as the page's data does)."""
    namespace = {}
    exec(compile(script, name, "exec"), namespace)
    expected = json.loads(json.dumps(namespace["run"](*args)))
    call = f"run(*json.loads({json.dumps(list(args))!r}))"
    got = json.loads(run(f"{script}\nimport json\nprint(json.dumps({call}))\n").strip())
    return expected, got
