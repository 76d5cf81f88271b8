"""Lotus (1998) in the real browser: games finished by clicks, refusals, undo/redo, the end."""

import pytest

from e2e.boards import assert_page_shows, click_move, click_moves, page_state
from e2e.support import motion
from lotus.engine import race
from lotus.game.text import colour_name
from tests.support.games import before_end, random_race
from tools.pages import WORKER_TIMEOUT, load, paste_link, wait_text


def play_to_the_end(page, game: race.Game, full: race.Game) -> None:
    """Click the moves of `full` that `game` (the game on the page) has not played yet, checking
    the page after each, then the end: the winner in the banner, which offers a new game."""
    for move in full.moves[len(game.moves) :]:
        assert not game.is_over
        click_move(page, move)
        game.play(move)
        assert_page_shows(page, game)
    assert game.is_over and game.moves == full.moves
    state = page_state(page)
    assert state["over"] == "1" and state["winner"] == game.winner
    assert colour_name(game.winner) in page.inner_text("[data-banner]")
    assert page.is_visible('[data-banner] [data-action="new-dialog"]')
    assert_placings(page, race.placings(game))
    said = f"{colour_name(game.winner)} wins with every stone home."  # people only: the colour
    assert page.inner_text("[data-banner-text]") == page.text_content("[data-status]") == said
    # Said once on screen, in the result box: the status line keeps it for screen readers only.
    assert page.locator("[data-status]").bounding_box()["height"] <= 1


def assert_placings(page, placings) -> None:
    """Every player placed in the result box ([data-placing], best first) and the players' box."""
    shown = page.eval_on_selector_all(
        "[data-placing]", "els => els.map(e => [e.dataset.colour, Number(e.dataset.rank)])"
    )
    assert shown == [[c, rank] for c, rank in placings]
    assert page.locator("[data-players] .place").count() == len(placings)


@pytest.mark.slow
def test_a_whole_two_player_game_by_clicks_ends_with_a_banner(page):
    """A seeded random game from its first move to its end by clicks (goal moves and bounces),
    the page's stacks, start, goal, turn and move list checked after every move. (The one whole
    race by clicks: e2e/test_live.py finishes races over a link from near their end.)"""
    full = random_race(190)  # 124 plies, among the shortest random games
    assert any(m.count("-") == 2 for m in full.moves)  # a bounce
    paste_link(page, race.Game())
    play_to_the_end(page, race.Game(), full)


@pytest.mark.slow
def test_a_four_player_pro_game_ends_by_clicks_with_passes_goal_moves_and_a_bounce(page):
    """A seeded random game opened from a share link of all but its last 12 moves, then played
    to its end by clicks, the page checked after every move."""
    full = random_race(4, players=4, pro=True, first="r")
    last = full.moves[-12:]
    assert "pass" in last and any(m.endswith("-G") for m in last)
    assert any(m.count("-") == 2 for m in last)  # a bounce
    game = before_end(full, 12)
    paste_link(page, game)
    assert_page_shows(page, game)
    play_to_the_end(page, game, full)


def test_three_player_game_starts_with_three_colours(page):
    load(page, "?game=race&players=3&first=b", fresh=True)
    state = page_state(page)
    assert sorted(state["start"]) == ["b", "r", "w"]
    assert state["toMove"] == "b"


def test_a_refused_click_explains_itself_and_clears_the_selection(page):
    paste_link(page, race.Game())
    page.click('[data-field="A3"]')
    assert page.inner_text("[data-status]") == "There is no stone on field “A3”."
    page.locator('[data-start="w3"]').first.click()
    assert page.locator(".target").count() >= 2  # A3 and B3 are offered
    page.click('[data-field="A1"]')  # a 3-stack's top stone cannot go to A1
    status = page.inner_text("[data-status]")
    assert "3" in status and "A1" in status
    assert page.locator(".selected").count() == 0
    assert page_state(page)["moves"] == []


def test_a_selected_stones_destinations_breathe_a_few_times_never_endlessly(page):
    """The targets of a selected stone are animated so the eye finds them, but a finite number
    of times: a stone may stay selected while its player thinks, and an endless animation keeps
    repainting the board (docs/performance.md, 2026-12-02, third session)."""
    paste_link(page, race.Game())
    with motion(page):
        page.locator('[data-start="w4"]').first.click()
        assert page.locator(".target").count() == 2  # A4 and B4
        timings = page.evaluate(
            """() => document.querySelector('[data-board]').getAnimations({subtree: true})
              .map(a => a.effect.getTiming().iterations)"""
        )
    assert timings, "the destinations are animated"
    assert all(n != float("inf") and n <= 3 for n in timings), timings


# The fields whose stones reach out of their own leaf (the pad drawn under them), where they
# would cover a neighbouring field's name or arrow.
STONES_OUTSIDE = """() => Array.from(document.querySelectorAll('#board [data-field]')).filter(f => {
    const pad = f.querySelector('.pad'); if (!pad) return false;
    const p = pad.getBoundingClientRect();
    return Array.from(f.querySelectorAll('.stone')).some(st => {
      const r = st.getBoundingClientRect();
      return r.top < p.top - 1 || r.left < p.left - 1 || r.right > p.right + 1; }); })
  .map(f => f.getAttribute('data-field'))"""


def test_a_tall_stack_stays_on_its_own_leaf(page):
    """A stack of 8 on field 5 (a seeded random game's 59 moves) stands on its own leaf, its
    stones thinner and its count badge on it: no stone reaches a neighbouring field."""
    game = random_race(5, 59)
    assert len(game.board()["5"]) == 8
    paste_link(page, game)
    assert page.evaluate(STONES_OUTSIDE) == []
    assert page.text_content('[data-field="5"] .height') == "8"


def test_trampoline_stay_and_bounce_are_two_different_clicks(page):
    paste_link(page, race.Game())
    played = ("Sw4-A4", "Sb4-B4", "A4-5", "B4-5", "Sw3-A3", "5-7", "Sw2-A2")
    game = click_moves(page, played, race.Game())
    page.click('[data-field="7"]')  # black's lone stone on 7 moves 1: onto the blossom
    assert page.locator('[data-field="8"].target').count() == 1
    assert page.locator('[data-field="9"].bounce').count() == 1
    page.click('[data-field="9"]')
    game.play("7-8-9")
    assert_page_shows(page, game)
    assert page_state(page)["moves"][-1] == "7-8-9"


# Each time the body says a stone travels, the travel's keyframes: how many, and which one lifts
# the stone (the bounce on the trampoline), recorded as it starts (no clock).
WATCH_TRAVELS = """() => {
  window.travels = [];
  new MutationObserver(() => {
    if (!document.body.dataset.animating) return;
    const runs = document.getAnimations().filter(a => a.id === 'lotus-travel');
    const frames = runs.length ? runs[runs.length - 1].effect.getKeyframes() : [];
    window.travels.push([frames.length, frames.findIndex(f => f.transform.includes('scale(1.6)'))]);
  }).observe(document.body, {attributes: true, attributeFilter: ['data-animating']});
}"""


def test_a_moved_stone_travels_the_fields_it_passes_and_bounces_but_not_under_reduced_motion(
    page,
):
    game = race.Game()
    for move in ("Sw4-A4", "Sb4-B4", "A4-5", "B4-5", "Sw3-A3", "5-7"):
        game.play(move)
    paste_link(page, game)
    page.evaluate(WATCH_TRAVELS)
    played = ("Sw2-A2", "7-8-9")
    with motion(page):
        click_moves(page, played, game)
        assert_page_shows(page, game)  # the board is final at once, while a stone travels
        # out of lane A's entrance, over A1, onto A2; then from 7 over the trampoline 8 (the
        # stone lifted there) to 9
        assert page.evaluate("window.travels") == [[3, -1], [3, 1]]
        page.wait_for_function("() => !document.body.hasAttribute('data-animating')")
    # Under reduced motion (the e2e contexts' own preference, as a visitor may set it):
    page.click('[data-action="undo"]')
    page.click('[data-action="redo"]')  # one move on again: it would travel
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
    assert len(page.evaluate("window.travels")) == len(played)
    assert page.evaluate("document.getAnimations().filter(a => a.id).length") == 0
    with motion(page):
        page.click('[data-action="undo"]')
        page.click('[data-action="redo"]')
        assert len(page.evaluate("window.travels")) == len(played) + 1


def test_undo_and_redo(page):
    paste_link(page, race.Game())
    game = click_moves(page, ("Sw4-A4", "Sb3-B3", "A4-5"), race.Game())
    assert page.is_disabled('[data-action="redo"]')
    page.click('[data-action="undo"]')
    page.click('[data-action="undo"]')
    game.undo()
    game.undo()
    assert_page_shows(page, game)
    page.click('[data-action="redo"]')
    game.play("Sb3-B3")
    assert_page_shows(page, game)
    click_move(page, "Sw3-B3")  # a new move clears what could be redone
    game.play("Sw3-B3")
    assert_page_shows(page, game)
    assert page.is_disabled('[data-action="redo"]')


def test_keyboard_alone_plays_a_move(page):
    paste_link(page, race.Game())
    page.focus('[data-start="w2"]')
    page.keyboard.press("Enter")
    page.focus('[data-field="B2"]')
    page.keyboard.press("Enter")
    assert page_state(page)["moves"] == ["Sw2-B2"]
    label = page.get_attribute('[data-field="B2"]', "aria-label")
    assert "white" in label.lower()


def test_a_redraw_keeps_the_keyboards_place_on_the_board(page):
    """A selection, a move, a worker coming up and a hint: each redraws the board, and the
    element the keyboard was on keeps the focus (it was lost to the page's body when the board
    was redrawn). A game between people starts its workers only when it first asks them."""
    load(page, "?game=race", fresh=True)
    page.focus('[data-start="w2"]')
    focused = "() => document.activeElement && document.activeElement.getAttribute('data-start')"
    page.keyboard.press("Enter")  # selected: a redraw
    assert page.evaluate(focused) == "w2"
    page.focus('[data-field="B2"]')
    page.keyboard.press("Enter")
    assert page_state(page)["moves"] == ["Sw2-B2"]
    on_b2 = "() => document.activeElement.getAttribute('data-field') === 'B2'"
    assert page.evaluate(on_b2)
    assert page.get_attribute("body", "data-computer-ready") is None  # no worker asked yet
    # Hint, clicked by script so that the keyboard stays on B2: the workers start (redraws).
    page.evaluate("document.querySelector('[data-action=\"hint\"]').click()")
    page.wait_for_selector('body[data-computer-ready="1"]', timeout=WORKER_TIMEOUT)
    wait_text(page, "Hint: ", timeout=WORKER_TIMEOUT)
    assert page.evaluate(on_b2)


def test_pass_is_enabled_only_when_legal(page):
    paste_link(page, race.Game())
    assert page.is_disabled('[data-action="pass"]')


def test_an_invalid_link_option_shows_a_message_and_opens_a_new_race_of_the_defaults(page):
    load(page, "?game=race&players=9", fresh=True)
    assert page.is_visible("[data-error]")
    assert "players" in page.inner_text("[data-error]")
    state = page_state(page)  # a new race for two, White to move, every stone at its start
    assert page.get_attribute("body", "data-game") == "race"
    assert state["toMove"] == "w" and "White" in state["status"]
    assert state["fields"] == {} and state["moves"] == []
    assert {c: sorted(h, reverse=True) for c, h in state["start"].items()} == {
        "w": [4, 3, 2, 1],
        "b": [4, 3, 2, 1],
    }
