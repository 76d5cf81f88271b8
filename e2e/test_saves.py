"""Never lose a game: autosave and restore on reload, bad saves, and reviewing a game."""

import json

import pytest

from e2e.boards import assert_page_shows, click_moves, page_state
from lotus.engine import race
from tools.pages import load, moves, paste_link


def test_both_games_survive_a_reload(page):
    load(page, "?game=race", fresh=True)
    game = click_moves(page, ("Sw4-A4", "Sb3-B3", "A4-5"), race.Game())
    page.click('[data-pick="go"]')
    page.click('[data-point="37"]')
    page.click('[data-action="pass"]')
    load(page)  # no query: the game on screen last time comes back
    assert page.get_attribute("body", "data-game") == "go"
    assert moves(page) == ["37", "pass"]
    assert page.get_attribute("[data-marker]", "data-value") == "-1"
    load(page, "?game=race")
    assert_page_shows(page, game)
    assert not page.is_visible("[data-error]")


@pytest.mark.parametrize(
    ("save", "reason"),
    [
        ("{broken", "damaged"),
        (json.dumps({"format": 0, "game": "race", "actions": []}), "older format"),
        (json.dumps({"format": 1, "game": "chess", "actions": []}), "does not have"),
    ],
)
def test_a_bad_save_gives_a_notice_and_a_fresh_game_and_is_kept(page, save, reason):
    load(page, "?game=race", storage={"lotus.save.race": save})  # an old single save
    notice = page.inner_text("[data-error]")
    assert page.is_visible("[data-error]")
    assert "could not be restored" in notice and reason in notice
    assert page_state(page)["moves"] == []
    kept = page.get_attribute("[data-saved-game][data-broken]", "data-saved-game")
    assert page.evaluate(f"localStorage.getItem('lotus.game.{kept}')") == save


def test_review_steps_back_and_play_from_here_continues(page):
    paste_link(page, race.Game())
    game = click_moves(page, ("Sw4-A4", "Sb3-B3", "A4-5", "Sb4-A4"), race.Game())
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("body", "data-review") == "2"
    game.undo()
    game.undo()
    shown = page_state(page)
    assert shown["fields"] == game.board()
    assert page.inner_text("[data-status]") == "Reviewing move 2 of 4."  # at once, unclicked
    page.click('[data-field="B3"]')  # while reviewing a click is tried on a variation:
    assert "Variation from move 2" in page.inner_text("[data-status]")  # the game is kept
    assert page_state(page)["moves"] == game.moves + ["A4-5", "Sb4-A4"]
    page.keyboard.press("Escape")  # the variation is gone, the review stays
    assert page.inner_text("[data-status]") == "Reviewing move 2 of 4."
    load(page)  # the review position is saved too
    assert page.get_attribute("body", "data-review") == "2"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click('[data-action="play-here"]')
    assert page.get_attribute("body", "data-review") is None
    assert_page_shows(page, game)
    assert page.is_enabled('[data-action="redo"]')
    page.keyboard.press("Home")
    assert page.get_attribute("body", "data-review") == "0"
    page.click('[data-action="last"]')
    assert page.get_attribute("body", "data-review") is None
