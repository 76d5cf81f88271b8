"""Lotus (Freeling) in the real browser: a game by clicks, reversals, the pass track, scoring."""

import random

from e2e.boards import assert_go_shows, click_move, go_state
from lotus.engine import go
from tools.pages import WORKER_TIMEOUT, load, paste_link

PAGE = "index.html?game=go"


def test_link_options_set_first_player_and_marker_and_a_bad_one_opens_the_defaults(page):
    load(page, "?game=go&first=b&marker=-3", fresh=True)
    assert_go_shows(page, go.Game(marker=-3, first="b"))
    load(page, "?game=go&marker=12", fresh=True)
    assert "marker" in page.inner_text("[data-error]")
    # A new game of the defaults: an empty board of 72 points, the marker at zero, White to play.
    shown = assert_go_shows(page, go.Game())
    assert shown["phase"] == "play"
    assert page.locator("[data-point]").count() == 72


def test_a_seeded_random_game_by_clicks_then_scoring_and_the_confirmed_result(page):
    loaded = []  # every URL the page and its workers ask for
    page.on("request", lambda request: loaded.append(request.url))
    load(page, "?game=go", fresh=True)
    game = go.Game()
    rng = random.Random(2024)
    reversals = 0
    while game.phase == go.PLAY:
        empties = [m for m in game.legal_moves() if m != "pass"]
        if len(empties) > 14 and rng.random() > 0.06:
            move = rng.choice(empties)
        else:
            move = "pass"
        before = game.board()
        click_move(page, move)
        game.play(move)
        after = game.board()
        # G6/G7: a capture reverses stones; the page must show the reversed colours.
        reversals += sum(1 for a, b in zip(before, after) if a != "." and a != b)
        assert_go_shows(page, game)
    assert reversals > 0, "this seed's game should contain a capture by reversal"
    assert game.moves.count("pass") >= 2

    # G9: two passes lead to the scoring phase with suggested dead groups marked: first the
    # engine's quick guess, then the search's ownership estimate, from the quick worker: a game
    # between people never loads Pyodide (10 MB) for it.
    page.wait_for_selector('body[data-phase="scoring"]')
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    assert page.get_attribute("body", "data-worker-ready") is None
    assert [url for url in loaded if "/pyodide/" in url] == []
    assert any(url.endswith("/micropython.wasm") for url in loaded)
    marked = page.eval_on_selector_all(
        "[data-point].dead", "els => els.map(e => e.getAttribute('data-point'))"
    )
    game.set_dead(marked)
    # Toggle one group by clicking one of its stones.
    point = next(str(i + 1) for i, c in enumerate(game.board()) if c != ".")
    page.click(f'[data-point="{point}"]')
    dead = game.toggle_dead(point)
    expected = game.score(dead)
    status = page.inner_text("[data-status]")
    assert f"White {expected['w']}" in status and f"Black {expected['b']}" in status
    page.click('[data-action="confirm"]')
    winner = game.finish()
    shown = go_state(page)
    assert shown["over"] == "1"
    assert shown["winner"] == (winner or "")
    banner = page.inner_text("[data-banner]")
    assert str(expected["w"]) in banner and str(expected["b"]) in banner


def test_passes_move_the_marker_toward_the_passer(page):
    """G3: each pass moves the marker one point toward the passer."""
    paste_link(page, go.Game())
    game = go.Game()
    for move in ("pass", "1", "pass"):
        click_move(page, move)
        game.play(move)
        assert_go_shows(page, game)
    assert go_state(page)["marker"] == 2  # White passed twice


def test_scoring_can_be_resumed_and_resign_ends_the_game(page):
    paste_link(page, go.Game())
    for move in ("pass", "pass"):
        click_move(page, move)
    page.wait_for_selector('body[data-phase="scoring"]')
    assert page.is_disabled('[data-action="pass"]')
    page.click('[data-action="resume"]')
    page.wait_for_selector('body[data-phase="play"]')
    click_move(page, "37")
    assert go_state(page)["board"][36] == "w"
    page.once("dialog", lambda dialog: dialog.accept())  # resigning asks first
    click_move(page, "resign")
    shown = go_state(page)
    assert shown["over"] == "1" and shown["winner"] == "w"
    assert "Black resigned" in page.inner_text("[data-banner]")


def test_an_occupied_point_is_refused_with_a_reason(page):
    paste_link(page, go.Game())
    click_move(page, "5")
    click_move(page, "5")
    assert page.inner_text("[data-status]") == "Point “5” is already taken by White."
    assert go_state(page)["moves"] == ["5"]


def test_the_picker_keeps_each_games_own_session(page):
    load(page, "?game=go", fresh=True)
    click_move(page, "10")
    page.click('[data-pick="race"]')
    page.wait_for_selector('body[data-game="race"]')
    page.locator('[data-start="w4"]').first.click()
    page.click('[data-field="A4"]')
    page.click('[data-pick="go"]')
    page.wait_for_selector('body[data-game="go"]')
    assert go_state(page)["moves"] == ["10"]
    page.click('[data-pick="race"]')
    assert page.locator("[data-movelist] [data-move]").count() == 1
