"""The page's controller (lotus.page.controller) started as the page starts it, for the CPython
tests of the page's logic: no browser, the storage in memory."""

from lotus.page.controller import MemoryStorage, PageController


def started(query: str = "", fragment: str = "", storage=None, worker: bool = False):
    """A PageController started at the address `query` ("?game=go&seats=human,easy") and
    `fragment` (a share link's), on `storage` (an empty MemoryStorage by default). `worker`: the
    Pyodide worker is up, so the computer's moves are asked for at once (as tickets)."""
    page = PageController(storage if storage is not None else MemoryStorage())
    page.start(query, fragment)
    if worker:
        page.worker_up(True)
    return page
