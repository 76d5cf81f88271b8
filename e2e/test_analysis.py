"""The computer's analysis in the real browser: a game opened from a share link
is analysed by the worker's search; the graph holds one point per position with a chance in 0..1,
a click on it shows that position with the computer's preferred move marked, Cancel stops it, and
Go's ownership map shades the points.

The tests share one page, and so its Pyodide worker: each opens its game there from a share link
pasted into the address bar (only the fragment changes, so the page stays).

Waits are for states of the page, never for a clock. That a cancelled analysis asks nothing more
is judged with the worker's order: it answers calls in the order they came, so after two calls
made one after the other, any analysis call made after the first would have answered before the
second.
"""

import pytest

from e2e.boards import click_move
from lotus.engine import race
from tests.support.games import random_go, random_race
from tools.pages import MOVES, WORKER_TIMEOUT, paste_link, wait_moves, worker_barrier

POINTS = "[data-eval-graph] [data-eval-ply]"
READ_GRAPH = """() => Array.from(document.querySelectorAll('[data-eval-graph] [data-eval-ply]'))
  .map(e => [Number(e.getAttribute('data-ply')), Number(e.getAttribute('data-value'))])"""
# The move list scrolls to the move on screen (in the next frame, after the redraw).
CURRENT_MOVE_SHOWN = """async () => {
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)));
  const list = document.querySelector('[data-movelist]');
  const move = list.querySelector('[aria-current="step"]');
  const a = list.getBoundingClientRect(), b = move.getBoundingClientRect();
  return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }"""


def open_game(page, game):
    """`page` with `game` opened from its share link pasted into the address bar, the analysis
    panel open."""
    paste_link(page, game)
    wait_moves(page, len(game.moves), exactly=True)
    if page.get_attribute("[data-analysis-panel]", "open") is None:
        page.click("[data-analysis-panel] summary")
    return page


def analyse(page) -> None:
    """Press Analyse once it is enabled."""
    page.wait_for_selector('[data-action="analyse"]:not([disabled])')
    page.click('[data-action="analyse"]')


@pytest.fixture(scope="module")
def race_page(page):
    game = random_race(5, 12, in_play=True)
    open_game(page, game)
    analyse(page)
    page.wait_for_selector('body[data-analysis="done"]', timeout=WORKER_TIMEOUT)
    return page, game


def test_every_position_gets_a_point_of_the_graph_with_a_chance(race_page):
    page, game = race_page
    points = page.evaluate(READ_GRAPH)
    assert sorted(p for p, _v in points) == list(range(len(game.moves) + 1))
    assert all(0 <= v <= 1 for _p, v in points)
    assert len({v for _p, v in points}) > 1  # an estimate, not a constant
    status = page.inner_text("[data-analysis-status]")
    assert f"Analysis done: {len(game.moves) + 1} positions" in status
    graph = page.locator("[data-eval-graph] svg")
    assert "White's estimated chance to win" in graph.get_attribute("aria-label")
    assert page.get_attribute('[data-action="cancel-analysis"]', "disabled") is not None


def test_a_click_on_the_graph_shows_that_position_with_the_best_move_marked(race_page):
    page, game = race_page
    present = page.inner_html("#board")
    assert page.locator("#board [data-best]").count() == 0  # in play: never a free hint
    page.click(f'{POINTS}[data-ply="6"]')
    page.wait_for_selector('body[data-review="6"]')
    assert page.get_attribute('[data-movelist] [aria-current="step"]', "data-ply") == "6"
    assert page.evaluate(CURRENT_MOVE_SHOWN), "the move list does not show the reviewed move"
    assert page.inner_html("#board") != present
    best = page.locator("#board [data-best]")
    assert best.count() >= 1  # the preferred move's origin and destination
    assert {best.nth(i).get_attribute("data-best") for i in range(best.count())} <= {
        "start",
        "field",
    }
    # Beside it, the move played (move 6): its destination carries the played mark.
    played = game.moves[5].split("-")[-1]
    assert page.locator(f'#board [data-field="{played}"][data-played="field"]').count() == 1
    # The shown position is marked on the graph; the start is a position too (no move led to it).
    page.click(f'{POINTS}[data-ply="0"]')
    page.wait_for_selector('body[data-review="0"]')
    assert page.locator("#board [data-best], #board [data-played]").count() == 0


def test_a_flagged_move_rings_the_move_its_words_prefer(race_page):
    # The flagged move's words name the move the computer preferred in the position its mover
    # faced: the rings are that move's, on the board shown after the move.
    page, _game = race_page
    flagged = page.locator("[data-movelist] [data-judgement]")
    if flagged.count() == 0:
        pytest.skip("no move of this game is flagged")
    first = flagged.first
    label = first.get_attribute("aria-label")
    preferred = label.split("the computer preferred ")[1].rstrip(".")
    first.click()
    page.wait_for_selector(f'body[data-review="{first.get_attribute("data-ply")}"]')
    destination = preferred.split("-")[-1]
    assert page.locator(f'#board [data-field="{destination}"][data-best]').count() == 1


def test_flagged_moves_are_said_in_words(race_page):
    page, _game = race_page
    flagged = page.locator("[data-movelist] [data-judgement]")
    summary = page.locator("[data-analysis-summary]")
    if flagged.count() == 0:
        assert not summary.is_visible()
        return
    first = flagged.first
    assert first.get_attribute("data-judgement") in ("inaccuracy", "mistake", "blunder")
    label = first.get_attribute("aria-label")
    assert "estimated chance fell from" in label
    assert first.locator(".judgement").inner_text() in ("?!", "?", "??")
    assert summary.is_visible() and f"Move {first.get_attribute('data-ply')}:" in (
        summary.inner_text()
    )


def test_a_variation_tries_a_move_apart_with_the_computers_estimate(race_page):
    # While reviewing, a move played on the board is tried on a side line: the game keeps its
    # moves, the move list shows the variation after the move it branches from, with the
    # computer's estimate of its position (the game is analysed); Escape discards it.
    page, game = race_page
    page.click('[data-movelist] [data-ply="5"]')
    page.wait_for_selector('body[data-review="5"]')
    click_move(page, game.moves[5])
    page.wait_for_selector('body[data-variation="1"]')
    row = page.locator("[data-movelist] [data-variation-row]")
    assert row.get_attribute("data-branch") == "5"
    assert (
        row.locator("[data-variation-move]").get_attribute("data-variation-move") == (game.moves[5])
    )
    # After the row of move 5 (the moves of two players pair up: row 3 holds moves 5 and 6).
    assert (
        page.evaluate(
            "document.querySelector('[data-variation-row]').previousElementSibling.dataset.row"
        )
        == "3"
    )
    page.wait_for_selector("[data-variation-row] .var-eval", timeout=WORKER_TIMEOUT)
    assert "White's estimated chance to win here:" in page.inner_text("[data-status]")
    assert page.get_attribute("body", "data-review") == "5"  # the game is as it was
    assert page.locator(f"{MOVES}").count() == len(game.moves)
    page.keyboard.press("Escape")
    page.wait_for_selector("body:not([data-variation])")
    assert row.count() == 0 and page.get_attribute("body", "data-review") == "5"


def test_a_variation_kept_after_the_confirm_becomes_the_game(race_page):
    # Keep asks first: declined, the variation and the game stay as they were; accepted, the
    # game's moves after the branch are replaced by the moves tried (one Undo takes each back).
    page, game = race_page
    page.click('[data-movelist] [data-ply="4"]')
    page.wait_for_selector('body[data-review="4"]')
    before = race.Game()
    for move in game.moves[:4]:
        before.play(move)
    tried = [m for m in before.legal_moves() if m != game.moves[4]]
    click_move(page, tried[0])
    page.wait_for_selector('body[data-variation="1"]')
    asked = []

    def answer(accept):
        def on_dialog(dialog):
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        return on_dialog

    page.once("dialog", answer(False))
    page.click('[data-variation-action="keep"]')
    assert "after move 4 are replaced by the 1 move tried" in asked[-1]
    assert page.get_attribute("body", "data-variation") == "1"
    assert page.locator(MOVES).count() == len(game.moves)
    page.once("dialog", answer(True))
    page.click('[data-variation-action="keep"]')
    page.wait_for_selector("body:not([data-variation])")
    wait_moves(page, 5, exactly=True)
    assert page.eval_on_selector_all(MOVES, "els => els.map(e => e.dataset.move)") == (
        game.moves[:4] + tried[:1]
    )
    assert page.get_attribute("body", "data-review") is None  # the game goes on from there
    page.click('[data-action="undo"]')
    wait_moves(page, 4, exactly=True)


def test_cancel_stops_the_analysis_and_keeps_what_was_done(page):
    game = random_race(11, 90, in_play=True)
    open_game(page, game)
    analyse(page)
    page.wait_for_selector('body[data-analysis="running"]')
    page.wait_for_selector(POINTS, timeout=WORKER_TIMEOUT)
    page.click('[data-action="cancel-analysis"]')
    page.wait_for_selector('body[data-analysis="done"]')
    assert "Analysis stopped" in page.inner_text("[data-analysis-status]")
    worker_barrier(page)  # the call in the worker when cancelled has answered
    kept = len(page.evaluate(READ_GRAPH))
    worker_barrier(page)  # a call made after the first barrier would be answered now
    assert len(page.evaluate(READ_GRAPH)) == kept
    assert 0 < kept < len(game.moves) + 1
    assert page.get_attribute('[data-action="analyse"]', "disabled") is None  # can go on later


POINT_1 = "document.querySelector('#board [data-point=\"1\"]')"


def test_go_ownership_map_shades_the_points_of_an_analysed_position(page):
    game = random_go(3, 10)
    open_game(page, game)
    toggle = page.locator('[data-action="ownership"]')
    assert toggle.is_visible() and toggle.get_attribute("disabled") is not None
    analyse(page)
    page.wait_for_selector('body[data-analysis="done"]', timeout=WORKER_TIMEOUT)
    assert len(page.evaluate(READ_GRAPH)) == len(game.moves) + 1
    page.click(f'{POINTS}[data-ply="7"]')
    page.wait_for_selector('body[data-review="7"]')
    assert page.locator("#board [data-point][data-best]").count() == 1
    # The map is drawn over the board, not into it: the board's elements stay (a rewrite would
    # play the last stone's animation again and drop a hover).
    page.evaluate(f"{POINT_1}.kept = true")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate(f"{POINT_1}.kept === true"), "the board was drawn anew"
    shaded = page.locator("#board [data-point][data-own]")
    assert shaded.count() > 0
    owners = {shaded.nth(i).get_attribute("data-own") for i in range(shaded.count())}
    assert owners <= {"w", "b"}
    # The map is the reviewed position's: the board shows the 7 stones placed by then.
    stones = page.locator("#board [data-point]:has([data-colour])")
    assert stones.count() == 7
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#board [data-own]").count() == 0
    assert page.locator("#board [data-point][data-best]").count() == 1
    assert page.evaluate(f"{POINT_1}.kept === true"), "the board was drawn anew"


def test_go_score_estimate_in_play_shades_the_points_and_says_the_score(page):
    # The toggle (off by default, remembered) asks a worker for the position on screen: the
    # points are shaded by their likely owner and the score is said; the game is not touched.
    game = random_go(4, 12)
    open_game(page, game)
    toggle = page.locator('[data-action="estimate"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#board [data-own]").count() == 0
    toggle.click()
    page.wait_for_selector("[data-estimate]:has-text('Score estimate:')", timeout=WORKER_TIMEOUT)
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('lotus.estimate')") == "1"
    assert page.locator("#board [data-point][data-own]").count() > 0
    assert page.locator(f"{MOVES}").count() == len(game.moves)
    toggle.click()
    assert page.locator("#board [data-own]").count() == 0
    assert page.is_hidden("[data-estimate]")
    assert page.evaluate("localStorage.getItem('lotus.estimate')") == "0"
