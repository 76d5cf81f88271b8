# The named Pyodide worker ("engine"): computes only, never touches the DOM, so the page needs no
# cross-origin isolation. It imports the same lotus package as the page (see worker.toml).
from lotus import remote


def ping() -> str:
    """Answer the page's first call: the worker is ready."""
    return "ready"


def legal_moves(request_json: str) -> str:
    """The legal moves of a position, as JSON (see lotus.remote)."""
    return remote.legal_moves(request_json)


__export__ = ["ping", "legal_moves"]
