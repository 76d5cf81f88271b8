# The engine workers' script: "engine" runs it on Pyodide (worker.toml), "engine-mpy" on MicroPython
# (worker-mpy.toml, answering until Pyodide is up). They compute only, never touch the DOM, so the
# page needs no cross-origin isolation. They import the same lotus package as the page.
import sys

if sys.implementation.name == "micropython":  # the quick worker: its code comes in bundles
    from lotus.dom import bundles

    bundles.unpack_all()

from lotus import worker_api  # noqa: E402
from lotus.game import remote  # noqa: E402


def ping() -> str:
    """Answer the page's first call: the worker is ready."""
    return "ready"


def legal_moves(request_json: str) -> str:
    """The legal moves of a position, as JSON (see lotus.game.remote)."""
    return remote.legal_moves(request_json)


def choose_move(request_json: str) -> str:
    """The computer's move for a position and level, as JSON (see lotus.game.remote)."""
    return worker_api.choose_move(request_json)


def suggest_dead(request_json: str) -> str:
    """Dead groups suggested by the search for a Go game being scored, as JSON."""
    return worker_api.suggest_dead(request_json)


def estimate(request_json: str) -> str:
    """Go's score estimate in play (ownership and expected counts), as JSON."""
    return worker_api.estimate(request_json)


def analyse(request_json: str) -> str:
    """The computer's analysis of some positions of a game, as JSON (see lotus.worker_api)."""
    return worker_api.analyse(request_json)


__export__ = ["ping", "legal_moves", "choose_move", "suggest_dead", "estimate", "analyse"]
