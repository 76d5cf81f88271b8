"""The computer plays before Pyodide is up: the quick MicroPython worker answers first, then hands
over to the Pyodide worker, and the game stays legal and consistent across the hand-over.

Pyodide is held back by the server (its WebAssembly is not sent until the test opens the gate),
so "before Pyodide is ready" is a state the test makes, never a race against the machine's load.
Which worker played each move is read from the page's timings (`by`: micropython or cpython,
or book: the first move from a usual start comes from the opening book, lotus.game.openings).

The quick worker starts first and Pyodide once it is up, so that Pyodide's downloads never hold
the connections the quick worker's files wait for on a slow network (lotus/dom/host.py's `wake`).
Pyodide starts from the memory snapshot beside it (static/vendor/pyodide/snapshot.bin, made by
tools/vendor.py) when it comes quickly and, when it is slow to come or cannot be had, in full.
"""

import json
from contextlib import contextmanager

import pytest

from e2e.boards import assert_page_shows, click_move
from e2e.support import held_page
from lotus.engine import race
from lotus.game.openings_book import MOVES as MOVES_BOOK
from tools.browser import serve
from tools.pages import WORKER_TIMEOUT, moves, wait_moves, wait_ready, wait_text


@pytest.fixture
def gated(browser, guard):
    """A guarded page on a server holding the Pyodide worker's WebAssembly until `gate.set()`."""
    yield from held_page(browser, guard, ("pyodide.asm.wasm",))


@contextmanager
def page_without(browser, config: str):
    """(page, url): a page on a server of its own whose request for `config` fails."""
    server, url = serve()
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route(f"**/{config}", lambda route: route.abort())
    try:
        yield page, url
    finally:
        context.close()
        server.shutdown()


def timings(page) -> list:
    return json.loads(page.evaluate("window.lotus.timings()"))


SNAPSHOT_FAILED = "Pyodide's snapshot did not load"
SNAPSHOT_SLOW = "Pyodide's snapshot is slow to come"


def console_of(page, kind: str) -> list:
    """The console messages of type `kind` `page` (and its workers) log from now on, as a list
    that fills."""
    seen = []
    page.on("console", lambda m: seen.append(m.text) if m.type == kind else None)
    return seen


@pytest.fixture
def slow_snapshot(browser, guard):
    """A guarded page on a server holding Pyodide's snapshot back, as a slow network would."""
    yield from held_page(browser, guard, ("snapshot.bin",))


@pytest.fixture
def workerless(browser, guard):
    """A guarded page on a server holding both workers back: Pyodide's WebAssembly and the quick
    worker's config, until `gate.set()`."""
    yield from held_page(browser, guard, ("pyodide.asm.wasm", "worker-mpy.toml"))


BOOK_STARTS = [  # (the address, the book's entry and the level's move in it)
    ("game=race&players=2&seats=medium,human", ("race 2 0 w", 1)),
    ("game=race&players=4&pro=1&first=r&seats=human,human,hard,human", ("race 4 1 r", 2)),
    ("game=go&first=b&marker=-3&seats=human,easy", ("go b -3", 0)),
]


def test_the_first_move_from_a_usual_start_comes_from_the_book_with_no_worker_up(workerless):
    """Games where the computer moves first at a usual start: its move is the opening book's
    (the full search's move there), played as soon as the page is ready, while neither worker can
    start. Its next move waits for a worker, as before: once their files come, one is up."""
    page, url, gate = workerless
    for link, (key, level) in BOOK_STARTS:
        page.goto(f"{url}/index.html?{link}")
        wait_ready(page)
        wait_moves(page, 1, timeout=WORKER_TIMEOUT)
        assert page.get_attribute("body", "data-computer-ready") is None, link  # none answered
        assert [t["by"] for t in timings(page)] == ["book"], link
        assert moves(page) == [MOVES_BOOK[key][level]], link
    gate.set()
    page.wait_for_selector('body[data-computer-ready="1"]', timeout=WORKER_TIMEOUT)


def test_a_watched_game_straddles_the_hand_over_and_stays_legal(gated):
    page, url, gate = gated
    page.goto(f"{url}/index.html?game=race&players=2&seats=easy,easy")
    wait_ready(page)
    page.select_option("[data-speed]", "fast")
    # The book's first move, four from the quick worker, Pyodide held back.
    wait_moves(page, 5, timeout=WORKER_TIMEOUT)
    assert page.get_attribute("body", "data-worker-ready") is None
    assert page.get_attribute("body", "data-computer-ready") == "1"
    gate.set()
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)
    # Four more moves counted from here, not from the gate: at "fast" the quick worker plays on
    # while Pyodide starts, and the move in flight at the hand-over may still be its own.
    wait_moves(page, len(moves(page)) + 4, timeout=WORKER_TIMEOUT)
    page.click('[data-action="pause"]')
    page.wait_for_function("() => !document.body.hasAttribute('data-thinking')")
    shown = moves(page)
    played = timings(page)
    by = [t["by"] for t in played]
    assert by[:5] == ["book"] + ["micropython"] * 4, by
    assert "cpython" in by, "Pyodide never took over"
    assert by[by.index("cpython") :] == ["cpython"] * (len(by) - by.index("cpython")), by
    # Every answer was played once, in turn: the board is the engine's game of the listed moves.
    assert len(played) == len(shown)
    game = race.Game(players=2)
    for move in shown:
        game.play(move)  # raises on an illegal move
    assert_page_shows(page, game)


def test_the_computer_moves_and_hints_before_pyodide_and_then_from_pyodide(gated):
    """The computer's first move from the book; its reply to the person's first move from the
    quick worker, and a hint from it too (Pyodide held back); the next move from Pyodide."""
    page, url, gate = gated
    asked = []  # the files the page and its workers asked for, in order
    page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]))
    warned = console_of(page, "warning")
    infos = console_of(page, "info")
    snapshots = []
    page.on("response", lambda r: snapshots.append(r.status) if "snapshot.bin" in r.url else None)
    page.goto(f"{url}/index.html?game=go&seats=easy,human")
    wait_ready(page)
    wait_moves(page, 1, timeout=WORKER_TIMEOUT)
    assert page.is_enabled('[data-action="hint"]'), "Hint waits for no worker"
    first = moves(page)[0]
    free = [str(p) for p in range(1, 60) if str(p) != first]
    page.click(f'[data-point="{free[0]}"]')
    wait_moves(page, 3, timeout=WORKER_TIMEOUT)
    assert page.get_attribute("body", "data-worker-ready") is None
    assert [t["by"] for t in timings(page)] == ["book", "micropython"]
    third = moves(page)[2]
    page.click('[data-action="hint"]')
    wait_text(page, "Hint: ", timeout=WORKER_TIMEOUT)
    assert page.get_attribute("body", "data-worker-ready") is None
    assert page.locator("#board [data-hint]").count() == 1
    assert moves(page) == [first, free[0], third]  # shown, never played
    assert page.get_attribute("body", "data-to-move") == "b"
    gate.set()
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)
    fourth = next(p for p in free[1:] if p != third)
    page.click(f'[data-point="{fourth}"]')
    wait_moves(page, 5, timeout=WORKER_TIMEOUT)
    assert [t["by"] for t in timings(page)] == ["book", "micropython", "cpython"]
    assert moves(page)[:4] == [first, free[0], third, fourth]
    # Pyodide's files were asked for once the quick worker had its own (the search's bundle,
    # which the page never loads), not beside them.
    assert asked.index("worker.toml") > asked.index("quick-worker.bundle"), asked
    # Pyodide came up from its snapshot (which this host sends quickly): fetched whole, and
    # restored without the fallback's warning.
    assert snapshots == [200]
    assert not [w for w in warned if SNAPSHOT_FAILED in w], warned
    assert not [m for m in infos if SNAPSHOT_SLOW in m], infos


def test_without_pyodide_the_quick_worker_plays_on_and_the_page_says_so(browser):
    """The Pyodide worker's config cannot load: the computer still plays (shorter searches) and
    the notice says its full search is unavailable."""
    with page_without(browser, "worker.toml") as (page, url):
        page.goto(f"{url}/index.html?game=race&seats=human,easy")
        wait_ready(page)
        wait_text(page, "full search is unavailable", "[data-error]", WORKER_TIMEOUT)
        click_move(page, "Sw4-A4")
        wait_moves(page, 2, timeout=WORKER_TIMEOUT)
        assert [t["by"] for t in timings(page)] == ["micropython"]
        assert page.get_attribute("body", "data-worker-ready") is None


def test_with_its_snapshot_slow_to_come_pyodide_starts_in_full_and_plays(slow_snapshot):
    """Pyodide's memory snapshot is slow to come (here: never sent), as its 6 MB are on a phone's
    network: the worker does not wait for it but drops it and starts Pyodide in full (saying so in
    the console, with no error: the dropped download is no uncaught rejection), and the
    computer's moves come from it."""
    page, url, _gate = slow_snapshot
    infos = console_of(page, "info")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{url}/index.html?game=race&seats=human,easy")
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)
    click_move(page, "Sw4-A4")
    wait_moves(page, 2, timeout=WORKER_TIMEOUT)
    assert [t["by"] for t in timings(page)] == ["cpython"]
    assert [m for m in infos if SNAPSHOT_SLOW in m], infos
    assert errors == []


def test_without_the_quick_worker_pyodide_suggests_the_dead_groups(browser):
    """The quick worker's config cannot load: a Go game between people being scored gets the
    search's dead groups from Pyodide instead, started for it."""
    with page_without(browser, "worker-mpy.toml") as (page, url):
        page.goto(f"{url}/index.html?game=go")
        wait_ready(page)
        page.click('[data-action="pass"]')
        page.click('[data-action="pass"]')
        page.wait_for_selector('body[data-phase="scoring"]')
        page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
        assert page.get_attribute("body", "data-worker-ready") == "1"
