"""Run Python source under the npm MicroPython with the files a PyScript config ships."""

import os
import subprocess
import tempfile

from tests.support.micropython import ROOT, available  # noqa: F401 (re-exported)

RUNNER = os.path.join(ROOT, "tests", "support", "mpy_site.mjs")


def run(source: str, config: str = "pyscript.toml", root: str = ROOT, timeout: float = 600) -> str:
    """Run `source` with the [files] of `config` (in the site `root`) importable; return what
    it printed."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        proc = subprocess.run(
            ["node", RUNNER, root, path, config], capture_output=True, text=True, timeout=timeout
        )
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError("MicroPython failed:\n" + proc.stdout[-2000:] + proc.stderr[-4000:])
    return proc.stdout
