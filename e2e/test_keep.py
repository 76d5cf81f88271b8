"""Never lose a game, never show a traceback: Your games, links, tabs, storage that fails."""

import json

import pytest

from e2e.boards import click_move, click_moves
from lotus.engine import go, race
from lotus.game import records
from tools.pages import (
    WORKER_TIMEOUT,
    clear_storage,
    load,
    moves,
    paste_link,
    reload,
    wait_moves,
    wait_ready,
)

SAVED = "[data-library-list] [data-saved-game]"

# localStorage that throws, as a browser that denies site data does (SecurityError), or, once
# `window.storageFull` is set, as a full one does on every write (QuotaExceededError).
BLOCKED = """
Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});
"""
FULL = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull) throw new DOMException('Quota exceeded.', 'QuotaExceededError');
    return setItem.call(this, key, value);
  };
})();
"""


def open_list(page) -> None:
    page.evaluate("document.querySelector('[data-library]').open = true")


def saved(page) -> list:
    return page.evaluate(
        f"Array.from(document.querySelectorAll('{SAVED}'))"
        ".map(e => [e.dataset.game, Number(e.dataset.moves), e.hasAttribute('data-broken')])"
    )


def test_a_reload_after_a_race_options_link_resumes_its_game(page):
    load(page, "?game=race&players=4", fresh=True)
    assert page.url.endswith("index.html?game=race")  # the plain game's address now
    click_move(page, "Sw3-A3")  # four players: every colour starts with stacks of 1, 2, 3
    reload(page)
    assert moves(page) == ["Sw3-A3"]
    assert page.locator('[data-start^="y"]').count() > 0  # still the four-player game
    assert saved(page) == [["race", 1, False]]


def test_a_reload_after_a_go_options_link_resumes_its_game(page):
    load(page, "?game=go&first=b&marker=-2", fresh=True)
    assert page.url.endswith("index.html?game=go")
    page.click('[data-point="37"]')
    reload(page)
    assert moves(page) == ["37"]
    assert page.get_attribute("[data-marker]", "data-value") == "-2"
    assert page.get_attribute("body", "data-to-move") == "w"  # Black began, as the link said


def test_a_share_link_opened_over_a_game_in_progress_keeps_both(page):
    load(page, "?game=race", fresh=True)
    click_move(page, "Sw4-A4")
    shared = race.Game()
    for move in ("Sw3-A3", "Sb4-B4"):
        shared.play(move)
    fragment = records.to_link_fragment(records.record_of(shared))
    load(page, "?game=race#" + fragment)
    assert moves(page) == ["Sw3-A3", "Sb4-B4"]
    assert "#" not in page.url
    assert sorted(saved(page)) == [["race", 1, False], ["race", 2, False]]
    open_list(page)
    page.click(f'{SAVED}[data-moves="1"] [data-action="resume-saved"]')  # the old one is back
    assert moves(page) == ["Sw4-A4"]


def test_a_new_game_and_resign_ask_first_and_the_old_game_stays_listed(page):
    load(page, "?game=go", fresh=True)
    page.click('[data-point="5"]')
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click('[data-action="resign"]')
    assert page.get_attribute("body", "data-phase") == "play"
    page.click('.actions [data-action="new-dialog"]')
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click('form[data-form="go"] [data-action="new"]')
    assert moves(page) == ["5"]
    page.once("dialog", lambda dialog: dialog.accept())
    page.click('form[data-form="go"] [data-action="new"]')
    assert moves(page) == []
    assert sorted(saved(page)) == [["go", 0, False], ["go", 1, False]]


def test_two_tabs_follow_each_other(page, open_page):
    load(page, "?game=race", fresh=True)
    other = open_page("index.html?game=race")
    click_move(page, "Sw4-A4")
    wait_moves(other, 1, exactly=True)
    assert "another tab" in other.inner_text("[data-status]")
    click_move(other, "Sb4-B4")
    wait_moves(page, 2, exactly=True)
    assert moves(page) == moves(other) == ["Sw4-A4", "Sb4-B4"]
    other.close()


def test_undo_while_reviewing_leaves_review_and_the_save_stays_whole(page):
    paste_link(page, go.Game())
    click_moves(page, ("1", "2", "3", "4", "5"))
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("body", "data-review") == "4"
    page.keyboard.press("u")
    page.keyboard.press("u")
    assert page.get_attribute("body", "data-review") is None
    assert moves(page) == ["1", "2", "3"]
    reload(page)
    assert moves(page) == ["1", "2", "3"]
    assert not page.is_visible("[data-error]")


def test_a_lotus_group_clicked_in_scoring_gets_a_sentence(page):
    paste_link(page, go.Game())
    click_moves(page, ("1", "10", "2", "15", "3", "24", "4", "25", "5", "31", "6"))
    click_moves(page, ("pass", "pass"))
    assert page.get_attribute("body", "data-phase") == "scoring"
    # The marks are settled once the search's suggestion is in (it would otherwise land between
    # the clicks on a slow machine and change what a click toggles).
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    page.click('[data-point="1"]')
    status = page.inner_text("[data-status]")
    assert "lotus" in status and "lives" in status
    dead = page.locator('[data-point="10"].dead').count()
    page.click('[data-point="10"]')  # the page goes on: another group toggles
    assert page.locator('[data-point="10"].dead').count() == 1 - dead


def test_a_damaged_save_is_kept_listed_and_exportable(page):
    """Seats of every wrong type: each save is kept, listed as broken beside a new game, and
    exports as it was; still listed after a reload."""
    for seats in ({"w": 5}, {"w": None}, {"w": []}):
        save = json.dumps(
            {
                "format": 1,
                "game": "race",
                "options": {"players": 2, "pro": False, "first": "w"},
                "seats": seats,
                "actions": ["Sw4-A4"],
            }
        )
        load(page, "?game=race", storage={"lotus.save.race": save})
        assert "could not be restored" in page.inner_text("[data-error]"), seats
        assert moves(page) == [], seats
        assert sorted(entry[2] for entry in saved(page)) == [False, True], seats
        open_list(page)
        page.click(f"{SAVED}[data-broken] [data-action='export-saved']")
        assert page.input_value("[data-record-text]") == save
    reload(page)  # the broken save stays listed; a new game was started beside it
    assert sorted(entry[2] for entry in saved(page)) == [False, True]


def test_a_save_too_large_to_restore_is_kept(page):
    paste_link(page, race.Game())
    click_move(page, "Sw4-A4")
    game_id = page.get_attribute(f"{SAVED}[aria-current]", "data-saved-game")
    big = json.dumps({"format": 1, "game": "race", "padding": "x" * 1_200_000})
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [f"lotus.game.{game_id}", big])
    reload(page)
    assert "too large" in page.inner_text("[data-error]")
    assert page.evaluate(f"localStorage.getItem('lotus.game.{game_id}').length") == len(big)


def guarded_page(module_context, guard, site, script: str, path: str):
    page = module_context.new_page()
    guard.attach(page)
    page.add_init_script(script)
    page.goto(f"{site}/{path}")
    wait_ready(page)
    return page


def test_blocked_storage_plays_without_saving_and_says_so(module_context, guard, site):
    page = guarded_page(module_context, guard, site, BLOCKED, "index.html?game=go")
    assert "not saved in this browser" in page.inner_text("[data-error]")
    page.click('[data-point="37"]')
    page.click('[data-point="38"]')
    assert moves(page) == ["37", "38"]
    page.close()


@pytest.mark.slow
def test_full_storage_keeps_the_move_and_the_computer_answers(module_context, guard, site):
    clear_storage(module_context, site)  # no saved game: the query opens a new one
    page = guarded_page(module_context, guard, site, FULL, "index.html?game=race&seats=human,easy")
    page.evaluate("window.storageFull = true")
    click_move(page, "Sw4-A4")
    wait_moves(page, 2, timeout=WORKER_TIMEOUT, exactly=True)
    assert "Saving failed" in page.inner_text("[data-error]")
    assert page.get_attribute("body", "data-to-move") == "w"
    page.close()
