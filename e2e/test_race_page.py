"""Lotus (1998) in the real browser: games finished by clicks, refusals, undo/redo, the end."""

import json
import random

import pytest

from e2e.boards import assert_page_shows, click_move, page_state
from e2e.conftest import WORKER_TIMEOUT, paste_link
from lotus.engine import race


@pytest.fixture(scope="module")
def page(open_page):
    """One page for the module; tests navigate it to the game they need."""
    return open_page("index.html?game=race")


def goto(page, query: str) -> None:
    """Open the app with a query (a new page load boots Python again)."""
    base = page.url.split("?")[0].split("#")[0]
    page.evaluate("localStorage.clear()")  # no saved game: the query opens a new one
    page.goto(f"{base}?{query}")
    page.wait_for_selector('body[data-ready="1"]')


def new_race(page) -> None:
    """A new race for two in the module's page, from a share link pasted into its address bar
    (for the tests about play, not about opening the page: no page load)."""
    paste_link(page, race.Game())


def seeded_random_game(players: int, pro: bool, seed: int, first: str) -> race.Game:
    """A seeded random game played to its end in the engine."""
    game = race.Game(players=players, pro=pro, first=first)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(sorted(game.legal_moves())))
        assert len(game.moves) < 2000, "the game should have ended"
    return game


def finish_random_game_by_clicks(page, players, pro, seed, first="w", clicked=30) -> race.Game:
    """A seeded random game, opened from a share link of all but its last `clicked` moves, then
    played to its end by clicks, checking the page after every move. (Clicking from the start
    is checked by the shorter tests below; the end, its goal moves, bounces and passes, here.)"""
    full = seeded_random_game(players, pro, seed, first)
    game = race.Game(players=players, pro=pro, first=first)
    for move in full.moves[:-clicked]:
        game.play(move)
    paste_link(page, game)
    assert_page_shows(page, game)
    for move in full.moves[-clicked:]:
        assert not game.is_over
        click_move(page, move)
        game.play(move)
        assert_page_shows(page, game)
    assert game.is_over and game.moves == full.moves
    return game


def test_page_opens_on_a_new_two_player_race(page):
    goto(page, "game=race")
    state = page_state(page)
    assert page.get_attribute("body", "data-game") == "race"
    assert state["toMove"] == "w"
    assert state["fields"] == {}
    assert {c: sorted(h, reverse=True) for c, h in state["start"].items()} == {
        "w": [4, 3, 2, 1],
        "b": [4, 3, 2, 1],
    }
    assert "White" in state["status"]


@pytest.mark.slow
def test_a_two_player_game_finished_by_clicks_ends_with_a_banner(page):
    game = finish_random_game_by_clicks(page, players=2, pro=False, seed=7, clicked=26)
    assert any(m.endswith("-G") for m in game.moves[-26:])  # moves into the goal were clicked
    assert any(m.count("-") == 2 for m in game.moves[-26:])  # and a bounce
    state = page_state(page)
    assert state["over"] == "1"
    assert state["winner"] == game.winner
    banner = page.inner_text("[data-banner]")
    assert race.COLOUR_NAMES[game.winner].capitalize() in banner
    assert page.is_visible('[data-banner] [data-action="new-dialog"]')


@pytest.mark.slow
def test_a_four_player_pro_game_finished_by_clicks(page):
    game = finish_random_game_by_clicks(page, players=4, pro=True, seed=11, first="r")
    assert "pass" in game.moves[-30:] and any(m.endswith("-G") for m in game.moves[-30:])
    assert page_state(page)["winner"] == game.winner


def test_three_player_game_starts_with_three_colours(page):
    goto(page, "game=race&players=3&first=b")
    state = page_state(page)
    assert sorted(state["start"]) == ["b", "r", "w"]
    assert state["toMove"] == "b"


def test_a_refused_click_explains_itself_and_clears_the_selection(page):
    new_race(page)
    page.click('[data-field="A3"]')
    assert "A3 holds no stone" in page.inner_text("[data-status]")
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
    new_race(page)
    page.locator('[data-start="w4"]').first.click()
    assert page.locator(".target").count() == 2  # A4 and B4
    timings = page.evaluate(
        """() => document.querySelector('[data-board]').getAnimations({subtree: true})
          .map(a => a.effect.getTiming().iterations)"""
    )
    assert timings, "the destinations are animated"
    assert all(n != float("inf") and n <= 3 for n in timings), timings


def test_trampoline_stay_and_bounce_are_two_different_clicks(page):
    new_race(page)
    game = race.Game()
    for move in ("Sw4-A4", "Sb4-B4", "A4-5", "B4-5", "Sw3-A3", "5-7", "Sw2-A2"):
        click_move(page, move)
        game.play(move)
    page.click('[data-field="7"]')  # black's lone stone on 7 moves 1: onto the blossom
    assert page.locator('[data-field="8"].target').count() == 1
    assert page.locator('[data-field="9"].bounce').count() == 1
    page.click('[data-field="9"]')
    game.play("7-8-9")
    assert_page_shows(page, game)
    assert page_state(page)["moves"][-1] == "7-8-9"


def test_undo_and_redo(page):
    new_race(page)
    game = race.Game()
    for move in ("Sw4-A4", "Sb3-B3", "A4-5"):
        click_move(page, move)
        game.play(move)
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
    new_race(page)
    page.focus('[data-start="w2"]')
    page.keyboard.press("Enter")
    page.focus('[data-field="B2"]')
    page.keyboard.press("Enter")
    assert page_state(page)["moves"] == ["Sw2-B2"]
    label = page.get_attribute('[data-field="B2"]', "aria-label")
    assert "white" in label.lower()


def test_a_redraw_keeps_the_keyboards_place_on_the_board(page):
    """A worker coming up, a move, a hint: each redraws the board, and the element the
    keyboard was on keeps the focus (it was lost to the page's body when the board was redrawn)."""
    goto(page, "game=race")
    page.focus('[data-start="w2"]')
    page.wait_for_selector('body[data-computer-ready="1"]', timeout=WORKER_TIMEOUT)  # redraws
    focused = "() => document.activeElement && document.activeElement.getAttribute('data-start')"
    assert page.evaluate(focused) == "w2"
    page.keyboard.press("Enter")  # selected: a redraw
    assert page.evaluate(focused) == "w2"
    page.focus('[data-field="B2"]')
    page.keyboard.press("Enter")
    assert page_state(page)["moves"] == ["Sw2-B2"]
    assert page.evaluate("() => document.activeElement.getAttribute('data-field')") == "B2"


def test_pass_is_enabled_only_when_legal(page):
    new_race(page)
    assert page.is_disabled('[data-action="pass"]')


def test_an_invalid_link_option_shows_a_message_and_uses_the_defaults(page):
    goto(page, "game=race&players=9")
    assert page.is_visible("[data-error]")
    assert "players" in page.inner_text("[data-error]")
    assert page_state(page)["toMove"] == "w"
    assert sorted(page_state(page)["start"]) == ["b", "w"]


def test_the_worker_answers_the_same_legal_moves_as_the_page(page):
    goto(page, "game=race&players=3")  # people only: the first question starts Pyodide
    assert page.get_attribute("body", "data-worker-ready") is None
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
