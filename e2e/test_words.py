"""The screen says what happened: a move list of words that jumps where it is clicked,
whole move numbers, the players, captures and lotuses in the status, the hint marked on the
board, import errors next to the import box, and the tab's title."""

import pytest

from e2e.boards import click_move, click_moves
from e2e.support import motion
from lotus.engine import go, race
from lotus.game import records
from tests.support.games import random_race
from tools.pages import WORKER_TIMEOUT, open_records, paste_link, wait_moves, wait_text

PAGE = "index.html?game=go"
CAPTURE = "35 18 4 22 31 64 46 45 28 6 15 72 70 47".split()  # Black's 47 reverses one stone
LOTUS = "1 10 2 15 3 24 4 25 5 31 6".split()  # White's 6 closes the central hexagon


def status(page) -> str:
    return page.inner_text("[data-status]")


def test_go_status_says_reversals_and_lotuses_and_the_board_marks_the_lotus(page):
    paste_link(page, go.Game())
    assert page.title() == "White to move · Lotus"
    click_moves(page, CAPTURE)
    assert status(page) == "Black reverses 1 stone. White to move."
    assert page.title() == "White to move · Lotus"
    item = page.locator('[data-movelist] [data-ply="14"]')
    assert item.get_attribute("data-move") == "47"
    assert item.get_attribute("title") == "Black plays 47, reversing 1 stone"
    assert item.get_attribute("aria-label") == "14: Black plays 47, reversing 1 stone"
    paste_link(page, go.Game())
    click_moves(page, LOTUS)
    assert status(page).startswith("White completes a lotus: that group can never be reversed.")
    assert page.locator('#board [data-lotus="0"]').count() == 1
    assert page.get_attribute("[data-status]", "aria-live") == "polite"


def test_the_players_show_who_plays_and_the_running_count(page):
    paste_link(page, go.Game(marker=2), {"w": "human", "b": "hard"})
    white = page.locator('[data-players] [data-player="w"]')
    black = page.locator('[data-players] [data-player="b"]')
    assert white.get_attribute("data-to-move") is not None
    assert black.get_attribute("data-to-move") is None
    assert "You" in white.inner_text() and "Computer (hard)" in black.inner_text()
    assert "stones 0 + territory 0 + marker 2" in white.inner_text()
    paste_link(page, race.Game(players=4))
    assert page.locator("[data-players] [data-player]").count() == 4
    click_move(page, "Sw3-A3")
    assert page.locator('[data-player="b"]').get_attribute("data-to-move") is not None
    assert "0/6" in page.inner_text('[data-player="w"]')


def test_clicking_a_move_in_the_list_jumps_there(page):
    paste_link(page, go.Game())
    click_moves(page, ["1", "10", "2", "11", "3"])
    rows = page.locator("[data-movelist] li")
    assert rows.count() == 3  # two moves a row: 1. 1 10  2. 2 11  3. 3
    assert rows.nth(0).inner_text().split() == "1. plays 1 plays 10".split()  # after the chips
    page.click('[data-movelist] [data-ply="2"]')
    page.wait_for_selector('body[data-review="2"]')
    assert page.locator('[data-point="2"] [data-colour]').count() == 0  # not yet played there
    assert page.locator('[data-point="10"] [data-colour]').count() == 1
    page.click('[data-movelist] [data-ply="5"]')
    page.wait_for_function("() => !document.body.hasAttribute('data-review')")


VIEW = "[data-view-menu]"


def test_the_view_menu_holds_point_numbers_and_the_move_lists_notation(page):
    """The move list reads in words; the View menu shows it in notation (remembered), and
    holds the point numbers, which the New game dialog no longer does."""
    paste_link(page, go.Game())
    click_moves(page, ["35", "pass"])
    cells = page.locator("[data-movelist] [data-move]")
    assert cells.all_inner_texts() == ["plays 35", "passes"]  # each after its mover's chip
    assert page.locator(f"{VIEW} input").first.is_hidden()  # closed
    page.click(f"{VIEW} summary")
    assert page.get_attribute(VIEW, "open") is not None
    page.check(f'{VIEW} input[name="notation"]')
    assert cells.all_inner_texts() == ["35", "pass"]
    assert page.evaluate("localStorage.getItem('lotus.notation')") == "1"
    page.uncheck(f'{VIEW} input[name="notation"]')
    assert cells.all_inner_texts() == ["plays 35", "passes"]
    assert page.locator("#board [data-point] .number").count() == 0
    page.check(f'{VIEW} input[name="numbers"]')
    assert page.locator("#board [data-point] .number").count() == 72
    page.uncheck(f'{VIEW} input[name="numbers"]')
    assert page.locator("#board [data-point] .number").count() == 0
    assert page.locator('[data-newgame] input[name="numbers"]').count() == 0
    page.keyboard.press("Escape")  # closes the menu, back on its button
    assert page.get_attribute(VIEW, "open") is None
    assert page.evaluate("document.activeElement.matches('[data-view-menu] summary')")


# The names of the CSS animations that start on the board, recorded as they start (no clock).
WATCH_STARTS = """() => { window.started = [];
  document.querySelector('[data-board]').addEventListener(
    'animationstart', e => window.started.push(e.animationName)); }"""
NEXT_FRAME = "() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))"


def test_a_capture_turns_the_stones_over_unless_the_view_menu_turns_animation_off(page):
    paste_link(page, go.Game.from_moves(CAPTURE[:-1]))
    page.evaluate(WATCH_STARTS)
    with motion(page):
        click_moves(page, CAPTURE[-1:])  # Black's 47 reverses one stone
        page.wait_for_function("window.started.includes('go-flip')")
        assert page.evaluate("window.started.filter(n => n === 'go-flip').length") == 1
        assert "go-place" in page.evaluate("window.started")  # the stone placed appears
        page.click(f"{VIEW} summary")
        page.uncheck(f'{VIEW} input[name="motion"]')
        try:
            assert page.get_attribute("html", "data-motion") == "off"
            assert page.evaluate("localStorage.getItem('lotus.motion')") == "0"
            page.click('[data-action="undo"]')  # a click elsewhere closes the menu
            assert page.get_attribute(VIEW, "open") is None
            page.evaluate("window.started.length = 0")
            page.click('[data-action="redo"]')  # the capture again, without animation
            page.evaluate(NEXT_FRAME)
            assert page.evaluate("window.started") == []
            assert page.locator("#board .stone.flip").count() == 1  # reversed all the same
        finally:
            page.click(f"{VIEW} summary")  # the menu closed at the click on Undo
            page.check(f'{VIEW} input[name="motion"]')
            page.keyboard.press("Escape")
        assert page.get_attribute("html", "data-motion") is None


def test_move_132_shows_its_whole_number(page):
    paste_link(page, race.Game())
    game = random_race(1, 140, players=3)  # a game of 140 moves (seed 1 reaches that far)
    assert len(game.moves) == 140
    open_records(page)
    page.fill("[data-record-text]", records.write(records.record_of(game)))
    page.click('[data-action="import"]')
    wait_moves(page, len(game.moves), exactly=True)
    number = page.locator('[data-movelist] li[data-row="132"] .num')
    number.scroll_into_view_if_needed()
    assert number.inner_text() == "132."
    fits = page.evaluate(
        "() => { const n = document.querySelector('[data-movelist] li[data-row=\"132\"] .num');"
        " const list = document.querySelector('[data-movelist]').getBoundingClientRect();"
        " const box = n.getBoundingClientRect();"
        " return n.scrollWidth <= n.clientWidth + 1 && box.left >= list.left - 0.5; }"
    )
    assert fits
    words = page.get_attribute('[data-movelist] [data-ply="132"]', "title")
    assert words.startswith(("White ", "Black ", "Red "))


def test_an_import_error_shows_next_to_the_box_and_goes_with_the_next_action(page):
    paste_link(page, race.Game())
    open_records(page)
    page.fill("[data-record-text]", '[Game "race"]\n[Players "2"]\n\n1. Sw4-A4 2. A4-G\n')
    page.click('[data-action="import"]')
    box = page.locator("details.records [data-record-error]")
    assert box.is_visible() and "line 4" in box.inner_text()
    assert page.is_hidden("[data-error]")  # not in the banner at the top of the page
    page.click('[data-record-error] [data-action="dismiss-record-error"]')
    assert box.is_hidden()
    page.click('[data-action="import"]')
    assert box.is_visible()
    click_move(page, "Sw4-A4")
    assert box.is_hidden()


@pytest.mark.slow
def test_the_hint_is_marked_on_the_board(page):
    paste_link(page, go.Game())
    page.wait_for_selector('body[data-computer-ready="1"]', timeout=WORKER_TIMEOUT)
    click_moves(page, ["1"])
    page.click('[data-action="hint"]')
    wait_text(page, "Hint: ", timeout=WORKER_TIMEOUT)
    text = status(page)
    assert text.endswith("(marked on the board).")
    marked = page.locator("#board [data-point][data-hint]")
    assert marked.count() == 1
    point = marked.get_attribute("data-point")
    assert text == f"Hint: play {point} (marked on the board)."
    ring = page.evaluate(
        "p => getComputedStyle(document.querySelector("
        '`#board [data-point="${p}"] .focus-ring`)).opacity',
        point,
    )
    assert ring == "1"
