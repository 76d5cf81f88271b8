"""The computer opponent in the real browser: it replies by itself, the page stays responsive
while it thinks (the search runs in a worker: Pyodide's, or the quick MicroPython one until
Pyodide is up; e2e/test_handover.py follows the hand-over), and stale answers are never played.

These tests check the protocol between the page and its worker, so full games are played against
the easy level (bench/arena.py measures strength). Waits are for states, never for a clock: a stale
answer is known to have arrived once the worker has answered a later question (it answers in
order), and "responsive" is an order, not a time: a hover is painted while the page still says the
computer is thinking (a search on the page's own thread would hold every frame until it ended).

The tests share one page, as a player keeps one tab open: the first loads it anew (its hint is
the first question the workers get); each of the others opens its game from a share link pasted
into the address bar, which changes only the fragment: the page and its workers stay up.
"""

import json
import random

import pytest

from e2e.boards import click_move
from e2e.conftest import READY_TIMEOUT, WORKER_TIMEOUT, held_page, paste_link
from lotus.engine import go, race
from lotus.game import records

MOVES = (
    "Array.from(document.querySelectorAll('[data-movelist] [data-move]'))"
    ".map(e => e.getAttribute('data-move'))"
)

# Time a click's handler (it runs synchronously) and the next painted frame after it.
TIMED_CLICK = """async (sel) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const t0 = performance.now();
  document.querySelector(sel).dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  await frame();
  return {handled: t1 - t0, painted: performance.now() - t0};
}"""

TIMED_HOVER = """async (sel) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const t0 = performance.now();
  document.querySelector(sel).dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
  await frame();
  return performance.now() - t0;
}"""

# One question to the worker after everything asked before: it answers in order, so once this
# returns, any search started earlier has answered too (its answer played or dropped).
WORKER_BARRIER = """() => window.lotus.workerLegalMoves(JSON.stringify(
  {game: 'race', options: {players: 2, pro: false, first: 'w'}, moves: []}))"""


@pytest.fixture(scope="module")
def page(open_page):
    return open_page("index.html?game=race")


def open_link(page, game, seats: dict) -> None:
    """Open `game` with `seats` from its share link pasted into the page's address bar (the page
    stays, with its workers); wait until its Pyodide worker is ready."""
    paste_link(page, game, seats)
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)


def moves(page) -> list:
    return page.evaluate(MOVES)


def wait_for_person(page, colour: str) -> None:
    """Wait until it is `colour`'s turn (the computer has replied) or play has stopped."""
    page.wait_for_function(
        f"""() => document.body.getAttribute('data-phase') !== 'play' ||
             (document.body.getAttribute('data-to-move') === '{colour}' &&
              !document.body.hasAttribute('data-thinking'))""",
        timeout=WORKER_TIMEOUT,
    )


def settle(page) -> None:
    """Wait until the worker has answered everything asked so far, and the page has handled it."""
    page.evaluate(WORKER_BARRIER)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")


def test_a_hint_shows_a_legal_move_without_playing_it(page):
    page.evaluate("localStorage.clear()")  # no saved game: the query opens a new one
    page.goto(page.url.split("?")[0] + "?game=race")  # loaded anew: no worker started yet,
    page.wait_for_selector('body[data-ready="1"]')  # so the hint is their first question
    click_move(page, "Sw4-A4")
    page.click('[data-action="hint"]')
    page.wait_for_function(
        "() => document.querySelector('[data-status]').textContent.startsWith('Hint: ')"
    )
    from lotus.game.race_session import RaceSession

    hint = page.inner_text("[data-status]")
    session = RaceSession()
    session.act("Sw4-A4")
    said = [
        f"Hint: {session.hint_text(m)} (marked on the board)." for m in session.game.legal_moves()
    ]
    assert hint in said
    assert moves(page) == ["Sw4-A4"]
    assert page.locator("svg .hint").count() >= 1 and page.locator("svg [data-hint]").count() >= 1


@pytest.mark.slow
def test_a_race_against_the_computer_reaches_its_end(page):
    """From a share link of the first 100 moves of a seeded random game (the computer's seat
    named in it), the person and the computer play on to the end (some 25 replies each)."""
    opening = race.Game()
    rng = random.Random(7)
    while len(opening.moves) < 100:
        opening.play(rng.choice(sorted(opening.legal_moves())))
    asked = len(json.loads(page.evaluate("window.lotus.timings()")))  # by the page's earlier games
    open_link(page, opening, {"w": "human", "b": "easy"})
    assert moves(page) == opening.moves
    rng = random.Random(1)
    while True:
        wait_for_person(page, "w")
        if page.get_attribute("body", "data-over") == "1":
            break
        game = race.Game()
        for move in moves(page):
            game.play(move)
        assert game.to_move == "w"
        click_move(page, rng.choice(sorted(game.legal_moves())))
    game = race.Game()
    for move in moves(page):
        game.play(move)
    assert game.is_over
    assert page.get_attribute("body", "data-winner") == game.winner
    timings = json.loads(page.evaluate("window.lotus.timings()"))[asked:]
    assert len(timings) >= 10 and all(t["level"] == "easy" for t in timings)


@pytest.mark.slow
def test_a_go_game_against_the_computer_reaches_its_scored_end(page):
    """From a share link of 30 seeded random placements (the computer's seat named in it), the
    person and the computer play on to the passes, the scoring and its confirmed result."""
    rng = random.Random(2)
    opening = go.Game()
    while len(opening.moves) < 30:
        opening.play(rng.choice([m for m in opening.legal_moves() if m != "pass"]))
    open_link(page, opening, {"w": "human", "b": "easy"})
    assert moves(page) == opening.moves
    while page.get_attribute("body", "data-phase") == "play":
        wait_for_person(page, "w")
        if page.get_attribute("body", "data-phase") != "play":
            break
        game = go.Game.from_moves(moves(page))
        empties = [m for m in game.legal_moves() if m != "pass"]
        if len(empties) > 20 and rng.random() > 0.05:
            page.click(f'[data-point="{rng.choice(empties)}"]')
        else:
            page.click('[data-action="pass"]')
    page.wait_for_selector('body[data-phase="scoring"]')
    page.click('[data-action="confirm"]')
    page.wait_for_selector('body[data-over="1"]')
    game = go.Game.from_moves(moves(page))
    assert game.moves[:30] == opening.moves and game.phase == go.SCORING
    banner = page.inner_text("[data-banner]")
    said = {"w": "You win!", "b": "The computer (easy) wins.", "": "Draw"}
    assert said[page.get_attribute("body", "data-winner")] in banner, banner


def test_the_page_stays_responsive_and_undo_drops_the_stale_answer(page):
    open_link(page, race.Game(), {"w": "human", "b": "hard"})
    click_move(page, "Sw4-A4")
    page.wait_for_selector('body[data-thinking="1"]')
    hover = page.evaluate(TIMED_HOVER, '[data-field="9"]')
    still_thinking = page.get_attribute("body", "data-thinking") == "1"
    # The hard search takes far longer than a frame: a hover painted while the page still says
    # "thinking" shows the search is not on the page's thread (an order, not a time: no clock).
    assert hover >= 0 and still_thinking, "the hover was painted only after the search ended"
    undo = page.evaluate(TIMED_CLICK, '[data-action="undo"]')
    assert undo["painted"] >= 0 and moves(page) == []
    settle(page)  # the search's answer has arrived: it was dropped
    assert moves(page) == []
    assert page.get_attribute("body", "data-to-move") == "w"


def test_a_new_game_during_a_search_is_not_disturbed_by_the_old_answer(page):
    open_link(page, go.Game(), {"w": "human", "b": "expert"})
    page.click('[data-point="1"]')
    # expert thinks for seconds: the status line shows a ring that fills over its time cap.
    page.wait_for_selector('body[data-thinking="1"][data-thinking-level="expert"]')
    ring = page.evaluate(
        "getComputedStyle(document.querySelector('[data-status]'), '::after').animationName"
    )
    assert ring == "lotus-think"
    page.once("dialog", lambda dialog: dialog.accept())  # a new game over an unfinished one asks
    page.evaluate(TIMED_CLICK, 'form[data-form="go"] [data-action="new"]')
    assert moves(page) == [] and page.get_attribute("body", "data-thinking") is None
    settle(page)  # the old search's answer has arrived: the new game ignored it
    assert moves(page) == []
    assert page.get_attribute("body", "data-to-move") == "w"


def test_watch_mode_plays_by_itself_and_pauses(page):
    open_link(page, race.Game(), {"w": "easy", "b": "easy"})
    page.select_option("[data-speed]", "fast")
    page.wait_for_function(f"() => ({MOVES}).length >= 4", timeout=WORKER_TIMEOUT)
    page.click('[data-action="pause"]')
    settle(page)  # an answer already on its way has landed
    frozen = len(moves(page))
    page.wait_for_timeout(1500)  # watch mode at "fast" would have played several moves by now
    assert len(moves(page)) == frozen
    page.click('[data-action="pause"]')
    page.wait_for_function(f"() => ({MOVES}).length > {frozen}", timeout=WORKER_TIMEOUT)


@pytest.fixture
def gated(browser, guard):
    """A page on a server that holds both workers back (Pyodide's WebAssembly, the quick worker's
    config) until the test sets the gate: no worker can be ready before the page, however the
    machine's load falls."""
    yield from held_page(browser, guard, ("pyodide.asm.wasm", "worker-mpy.toml"))


def test_a_computer_seat_says_it_is_getting_ready_before_the_worker(gated):
    """A position outside the opening book (a shared game, the computer to move after the
    person's first move) waits for a worker, and says so."""
    page, url, gate = gated
    game = race.Game()
    game.play("Sw4-A4")
    record = records.record_of(game, seats={"w": "human", "b": "hard"})
    page.goto(f"{url}/index.html#{records.to_link_fragment(record)}")
    page.wait_for_selector('body[data-ready="1"]', timeout=READY_TIMEOUT)
    computer_ready, status = page.evaluate(
        "() => [document.body.getAttribute('data-computer-ready'),"
        " document.querySelector('[data-status]').textContent]"
    )
    assert computer_ready is None, "a worker was ready without its files"
    assert "Black (computer, hard) is getting ready" in status
    gate.set()
    page.wait_for_function(f"() => ({MOVES}).length === 2", timeout=WORKER_TIMEOUT)
    assert "White to move" in page.inner_text("[data-status]")
