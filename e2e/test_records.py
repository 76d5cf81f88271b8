"""Records and share links in the browser: export, import (with errors), and a link that another
browser opens to continue the game."""

from e2e.boards import assert_page_shows, click_move, click_moves, page_state
from lotus.engine import go, race
from lotus.game import records
from tests.support.games import random_go
from tools.pages import load, open_records, paste_link, reload, wait_moves, wait_ready


def test_export_writes_the_games_record(page):
    paste_link(page, race.Game())
    game = click_moves(page, ("Sw4-A4", "Sb3-B3", "A4-5"), race.Game())
    open_records(page)
    page.click('[data-action="export"]')
    text = page.input_value("[data-record-text]")
    record = records.read(text)
    assert record["moves"] == game.moves
    assert record["game"] == "race" and record["result"] == "*"
    assert "data:text/plain" in page.get_attribute("[data-download]", "href")


def test_a_bad_record_names_line_and_column_and_keeps_the_game(page):
    paste_link(page, race.Game())
    click_move(page, "Sw4-A4")
    open_records(page)
    page.fill("[data-record-text]", '[Game "race"]\n[Players "2"]\n\n1. Sw4-A4 2. A4-G\n')
    page.click('[data-action="import"]')
    error = page.inner_text("[data-record-error]")
    assert "line 4" in error and "column" in error
    assert page_state(page)["moves"] == ["Sw4-A4"]


def test_importing_a_record_shows_that_game(page):
    paste_link(page, go.Game())
    game = random_go(4, 20, marker=-2)
    open_records(page)
    page.fill("[data-record-text]", records.write(records.record_of(game)))
    page.click('[data-action="import"]')
    wait_moves(page, 20, exactly=True)
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
    paste_link(page, race.Game())
    game = click_moves(page, ("Sw4-A4", "Sb4-B4", "A4-5"), race.Game())
    open_records(page)
    page.click('[data-action="share"]')
    page.wait_for_selector("[data-share]:not([hidden])")
    link = page.get_attribute("[data-share-link]", "href")
    assert link.startswith(site) and "#g=" in link
    # Opened in the same browser, the link shows the game saved here: no second entry.
    saved = page.locator("[data-saved-game]").count()
    page.goto(page.url.split("#")[0] + "#" + link.split("#", 1)[1])
    page.wait_for_function("location.hash === ''")
    assert_page_shows(page, game)
    assert page.locator("[data-saved-game]").count() == saved
    other = browser.new_context()
    friend = other.new_page()
    guard.attach(friend)
    friend.goto(link)
    wait_ready(friend)
    assert_page_shows(friend, game)
    click_move(friend, "Sb3-A3")
    game.play("Sb3-A3")
    assert_page_shows(friend, game)
    assert "#" not in friend.url  # reloading continues the saved game, not the link
    reload(friend)
    assert_page_shows(friend, game)
    other.close()


def test_a_tampered_link_gives_a_message_and_leaves_the_saved_game_alone(page):
    paste_link(page, race.Game())
    click_move(page, "Sw2-B2")
    record = records.record_of(race.Game())
    fragment = records.to_link_fragment(record)
    tampered = fragment[:-1] + ("A" if fragment[-1] != "A" else "B")
    load(page, "#" + tampered)
    assert "link could not be opened" in page.inner_text("[data-error]")
    assert page_state(page)["moves"] == ["Sw2-B2"]
