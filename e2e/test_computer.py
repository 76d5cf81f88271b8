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
from e2e.support import held_page
from lotus.engine import go, race
from lotus.game import records
from tests.support.games import before_end, random_go, random_race
from tools.pages import (
    WORKER_TIMEOUT,
    load,
    moves,
    paste_link,
    wait_moves,
    wait_ready,
    wait_text,
    worker_barrier,
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


def open_link(page, game, seats: dict) -> None:
    """Open `game` with `seats` from its share link pasted into the page's address bar (the page
    stays, with its workers); wait until its Pyodide worker is ready."""
    paste_link(page, game, seats)
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)


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
    worker_barrier(page)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")


def test_a_hint_shows_a_legal_move_without_playing_it(page):
    load(page, "?game=race", fresh=True)  # loaded anew: no worker started yet, so the hint
    click_move(page, "Sw4-A4")  # is their first question
    page.click('[data-action="hint"]')
    wait_text(page, "Hint: ")
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
    """From a share link of a seeded random game 20 moves before its end (the computer's seat
    named in it), the person and the computer play on to the end (some 10 replies each)."""
    opening = before_end(random_race(7), 20)
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
    assert len(timings) >= 5 and all(t["level"] == "easy" for t in timings)


@pytest.mark.slow
def test_a_go_game_against_the_computer_reaches_its_scored_end(page):
    """From a share link of 30 seeded random placements (the computer's seat named in it), the
    person and the computer play on to the passes, the scoring and its confirmed result."""
    rng = random.Random(2)  # the opening's, then the person's choices
    opening = random_go(2, 30, rng=rng)
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
    said = {"w": "You win by ", "b": "The computer wins by ", "": "Draw, "}  # one sentence
    assert said[page.get_attribute("body", "data-winner")] in banner, banner


def test_the_page_stays_responsive_and_undo_drops_the_stale_answer(page):
    open_link(page, race.Game(), {"w": "human", "b": "hard"})
    assert page.is_hidden("[data-watch]")  # Pause and Speed: only while computers play alone
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


def test_a_race_of_four_marks_each_colours_last_move_and_recaps_the_computers_moves(page):
    """Three computers answer one person: the board marks where each colour moved, in its
    colour, and the status says the computers' moves before whose turn it is."""
    from lotus.game.race_session import RaceSession
    from lotus.page import panel

    seats = {"w": "human", "b": "easy", "r": "easy", "y": "easy"}
    paste_link(page, race.Game(players=4), seats)
    click_move(page, "Sw3-A3")
    wait_moves(page, 4, timeout=WORKER_TIMEOUT)
    wait_for_person(page, "w")
    played = moves(page)
    marked = page.eval_on_selector_all(
        "#board [data-last-move]", "els => els.map(e => [e.dataset.colour, e.dataset.lastMove])"
    )
    assert marked == [[colour, move] for colour, move in zip("wbry", played)]
    session = RaceSession(players=4, seats=seats)
    for move in played:
        session.act(move)
    said = page.inner_text("[data-status]")
    assert said == panel.status(session) and said.endswith(". White to move.")
    assert said.startswith("Black ") and ", Red " in said and ", Yellow " in said


def test_watch_mode_plays_by_itself_and_pauses(page):
    open_link(page, race.Game(), {"w": "easy", "b": "easy"})
    page.select_option("[data-speed]", "fast")
    wait_moves(page, 4, timeout=WORKER_TIMEOUT)
    page.click('[data-action="pause"]')
    settle(page)  # an answer already on its way has landed
    frozen = len(moves(page))
    page.wait_for_timeout(1500)  # watch mode at "fast" would have played several moves by now
    assert len(moves(page)) == frozen
    page.click('[data-action="pause"]')
    wait_moves(page, frozen + 1, timeout=WORKER_TIMEOUT)
    # One move from the end (White's only move carries its last stone home): once the game is
    # over there is nothing to pause, and the row goes; both players are placed.
    page.click('[data-action="pause"]')  # paused, the computers wait while the link opens
    paste_link(page, before_end(random_race(0), 1), {"w": "easy", "b": "easy"})
    assert page.is_visible("[data-watch]") and page.get_attribute("body", "data-over") is None
    page.click('[data-action="pause"]')
    page.wait_for_selector('body[data-over="1"]', timeout=WORKER_TIMEOUT)
    assert page.is_hidden("[data-watch]")
    assert page.get_attribute('[data-placing][data-rank="1"]', "data-colour") == "w"


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
    wait_ready(page)
    computer_ready, status = page.evaluate(
        "() => [document.body.getAttribute('data-computer-ready'),"
        " document.querySelector('[data-status]').textContent]"
    )
    assert computer_ready is None, "a worker was ready without its files"
    assert "Black (computer, hard) is getting ready" in status
    gate.set()
    wait_moves(page, 2, timeout=WORKER_TIMEOUT, exactly=True)
    assert "White to move" in page.inner_text("[data-status]")


def test_the_worker_answers_the_same_legal_moves_as_the_page(page):
    """window.lotus.legalMoves (the page's engine) and workerLegalMoves (the Pyodide worker's)
    agree with the engine along a seeded three-player race."""
    game = race.Game(players=3)
    rng = random.Random(3)
    checked = 0
    while not game.is_over and checked < 40:
        request = json.dumps(
            {
                "game": "race",
                "options": {"players": 3, "pro": False, "first": "w"},
                "moves": game.moves,
            }
        )
        in_page = json.loads(page.evaluate("r => window.lotus.legalMoves(r)", request))
        in_worker = json.loads(page.evaluate("r => window.lotus.workerLegalMoves(r)", request))
        assert in_worker == in_page == game.legal_moves()
        game.play(rng.choice(sorted(game.legal_moves())))
        checked += 1
