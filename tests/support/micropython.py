"""Run Python source under the npm MicroPython (via Node), with the lotus package importable."""

import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tests", "support", "mpy_run.mjs")
MICROPYTHON = os.path.join(
    ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs"
)


def available() -> bool:
    """True when Node and the npm MicroPython are installed (make installs both)."""
    return shutil.which("node") is not None and os.path.exists(MICROPYTHON)


def run(source: str, timeout: float = 600) -> str:
    """Run `source` under MicroPython and return what it printed; raise on any error."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        proc = subprocess.run(
            ["node", RUNNER, ROOT, path], capture_output=True, text=True, timeout=timeout
        )
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError("MicroPython failed:\n" + proc.stdout[-2000:] + proc.stderr[-4000:])
    return proc.stdout
