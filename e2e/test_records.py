"""Records and share links in the browser: export, import (with errors), and a link that another
browser opens to continue the game."""

import random

import pytest

from e2e.boards import assert_page_shows, click_move, page_state
from e2e.conftest import paste_link
from lotus.engine import go, race
from lotus.game import records


@pytest.fixture(scope="module")
def page(open_page):
    return open_page("index.html?game=race")


def fresh(page, game=None) -> None:
    """`game` (a new race by default) in the module's page, from a share link pasted into its
    address bar (no page load)."""
    paste_link(page, race.Game() if game is None else game)


def open_records(page) -> None:
    if not page.is_visible("[data-record-text]"):
        page.click("details.records summary")


def test_export_writes_the_games_record(page):
    fresh(page)
    game = race.Game()
    for move in ("Sw4-A4", "Sb3-B3", "A4-5"):
        click_move(page, move)
        game.play(move)
    open_records(page)
    page.click('[data-action="export"]')
    text = page.input_value("[data-record-text]")
    record = records.read(text)
    assert record["moves"] == game.moves
    assert record["game"] == "race" and record["result"] == "*"
    assert "data:text/plain" in page.get_attribute("[data-download]", "href")


def test_a_bad_record_names_line_and_column_and_keeps_the_game(page):
    fresh(page)
    click_move(page, "Sw4-A4")
    open_records(page)
    page.fill("[data-record-text]", '[Game "race"]\n[Players "2"]\n\n1. Sw4-A4 2. A4-G\n')
    page.click('[data-action="import"]')
    error = page.inner_text("[data-record-error]")
    assert "line 4" in error and "column" in error
    assert page_state(page)["moves"] == ["Sw4-A4"]


def test_importing_a_record_shows_that_game(page):
    fresh(page, go.Game())
    game = go.Game(marker=-2)
    rng = random.Random(4)
    for _ in range(20):
        game.play(rng.choice([m for m in game.legal_moves() if m != "pass"]))
    open_records(page)
    page.fill("[data-record-text]", records.write(records.record_of(game)))
    page.click('[data-action="import"]')
    page.wait_for_function(
        "() => document.querySelectorAll('[data-movelist] [data-move]').length === 20"
    )
    cells = page.evaluate(
        "() => Array.from({length: 72}, (_, i) => { const s = document.querySelector("
        '`[data-point="${i + 1}"] [data-colour]`);'
        " return s ? s.getAttribute('data-colour') : '.'; }).join('')"
    )
    assert cells == game.board()
    assert page.get_attribute("[data-marker]", "data-value") == "-2"


def test_a_share_link_opens_the_game_in_another_browser_ready_to_continue(
    page, browser, guard, site
):
    fresh(page)
    game = race.Game()
    for move in ("Sw4-A4", "Sb4-B4", "A4-5"):
        click_move(page, move)
        game.play(move)
    open_records(page)
    page.click('[data-action="share"]')
    page.wait_for_selector("[data-share]:not([hidden])")
    link = page.get_attribute("[data-share-link]", "href")
    assert link.startswith(site) and "#g=" in link
    other = browser.new_context()
    friend = other.new_page()
    guard.attach(friend)
    friend.goto(link)
    friend.wait_for_selector('body[data-ready="1"]')
    assert_page_shows(friend, game)
    click_move(friend, "Sb3-A3")
    game.play("Sb3-A3")
    assert_page_shows(friend, game)
    assert "#" not in friend.url  # reloading continues the saved game, not the link
    friend.reload()
    friend.wait_for_selector('body[data-ready="1"]')
    assert_page_shows(friend, game)
    other.close()


def test_a_tampered_link_gives_a_message_and_leaves_the_saved_game_alone(page):
    fresh(page)
    click_move(page, "Sw2-B2")
    record = records.record_of(race.Game())
    fragment = records.to_link_fragment(record)
    tampered = fragment[:-1] + ("A" if fragment[-1] != "A" else "B")
    base = page.url.split("?")[0].split("#")[0]
    page.goto(f"{base}#{tampered}")
    page.wait_for_selector('body[data-ready="1"]')
    assert "link could not be opened" in page.inner_text("[data-error]")
    assert page_state(page)["moves"] == ["Sw2-B2"]
