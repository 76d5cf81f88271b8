"""Run Python source under the npm MicroPython with the files a PyScript config ships."""

from tests.support import micropython
from tests.support.micropython import ROOT, available  # noqa: F401 (re-exported)


def run(source: str, config: str = "pyscript.toml", root: str = ROOT, timeout: float = 600) -> str:
    """Run `source` with the [files] of `config` (in the site `root`) importable; return what
    it printed."""
    return micropython.run(source, timeout=timeout, config=config, root=root)
