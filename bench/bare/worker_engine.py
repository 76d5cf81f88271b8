# The bare Pyodide worker: one exported function, like static/py/worker.py's ping.


def ping() -> str:
    """Answer the page's first call."""
    return "ready"


__export__ = ["ping"]
