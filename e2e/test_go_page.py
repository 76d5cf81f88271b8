"""Lotus (Freeling) in the real browser: a game by clicks, reversals, the pass track, scoring."""

import random

import pytest

from e2e.clicks import tap
from e2e.conftest import WORKER_TIMEOUT, paste_link
from lotus.engine import go

READ_STATE = """() => {
  const cells = [];
  for (let p = 1; p <= 72; p++) {
    const el = document.querySelector(`[data-point="${p}"]`);
    const stone = el && el.querySelector('[data-colour]');
    cells.push(el ? (stone ? stone.getAttribute('data-colour') : '.') : '?');
  }
  const marker = document.querySelector('[data-marker]');
  return {
    board: cells.join(''),
    marker: marker ? Number(marker.getAttribute('data-value')) : null,
    toMove: document.body.getAttribute('data-to-move'),
    phase: document.body.getAttribute('data-phase'),
    over: document.body.getAttribute('data-over'),
    winner: document.body.getAttribute('data-winner'),
    moves: Array.from(document.querySelectorAll('[data-movelist] [data-move]'))
      .map(e => e.getAttribute('data-move')),
    status: document.querySelector('[data-status]').textContent,
  };
}"""


@pytest.fixture(scope="module")
def page(open_page):
    """One page for the module; tests navigate it to the game they need."""
    return open_page("index.html?game=go")


def goto(page, query: str) -> None:
    base = page.url.split("?")[0]
    page.evaluate("localStorage.clear()")  # no saved game: the query opens a new one
    page.goto(f"{base}?{query}")
    page.wait_for_selector('body[data-ready="1"]')


def new_go(page) -> None:
    """A new Go game in the module's page, from a share link pasted into its address bar (for
    the tests about play, not about opening the page: no page load)."""
    paste_link(page, go.Game())


def state(page) -> dict:
    return page.evaluate(READ_STATE)


def assert_page_shows(page, game: go.Game) -> dict:
    shown = state(page)
    assert shown["board"] == game.board()
    assert shown["marker"] == game.marker
    assert shown["moves"] == game.moves
    if game.phase == go.PLAY:
        assert shown["toMove"] == game.to_move
    return shown


def click_move(page, move: str) -> None:
    if move in ("pass", "resign"):
        page.click(f'[data-action="{move}"]')
    else:
        tap(page, f'[data-point="{move}"]')


def test_the_page_opens_on_an_empty_board_with_the_marker_at_zero(page):
    goto(page, "game=go")
    shown = assert_page_shows(page, go.Game())
    assert shown["phase"] == "play"
    assert page.locator("[data-point]").count() == 72


def test_link_options_set_first_player_and_marker(page):
    goto(page, "game=go&first=b&marker=-3")
    assert_page_shows(page, go.Game(marker=-3, first="b"))
    goto(page, "game=go&marker=12")
    assert "marker" in page.inner_text("[data-error]")
    assert_page_shows(page, go.Game())


def test_a_seeded_random_game_by_clicks_then_scoring_and_the_confirmed_result(page):
    loaded = []  # every URL the page and its workers ask for
    page.on("request", lambda request: loaded.append(request.url))
    goto(page, "game=go")
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
        assert_page_shows(page, game)
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
    shown = state(page)
    assert shown["over"] == "1"
    assert shown["winner"] == (winner or "")
    banner = page.inner_text("[data-banner]")
    assert str(expected["w"]) in banner and str(expected["b"]) in banner


def test_passes_move_the_marker_toward_the_passer(page):
    """G3: each pass moves the marker one point toward the passer."""
    new_go(page)
    game = go.Game()
    for move in ("pass", "1", "pass"):
        click_move(page, move)
        game.play(move)
        assert_page_shows(page, game)
    assert state(page)["marker"] == 2  # White passed twice


def test_scoring_can_be_resumed_and_resign_ends_the_game(page):
    new_go(page)
    for move in ("pass", "pass"):
        click_move(page, move)
    page.wait_for_selector('body[data-phase="scoring"]')
    assert page.is_disabled('[data-action="pass"]')
    page.click('[data-action="resume"]')
    page.wait_for_selector('body[data-phase="play"]')
    click_move(page, "37")
    assert state(page)["board"][36] == "w"
    page.once("dialog", lambda dialog: dialog.accept())  # resigning asks first
    click_move(page, "resign")
    shown = state(page)
    assert shown["over"] == "1" and shown["winner"] == "w"
    assert "Black resigned" in page.inner_text("[data-banner]")


def test_an_occupied_point_is_refused_with_a_reason(page):
    new_go(page)
    click_move(page, "5")
    click_move(page, "5")
    assert "occupied" in page.inner_text("[data-status]")
    assert state(page)["moves"] == ["5"]


def test_the_picker_keeps_each_games_own_session(page):
    goto(page, "game=go")
    click_move(page, "10")
    page.click('[data-pick="race"]')
    page.wait_for_selector('body[data-game="race"]')
    page.locator('[data-start="w4"]').first.click()
    page.click('[data-field="A4"]')
    page.click('[data-pick="go"]')
    page.wait_for_selector('body[data-game="go"]')
    assert state(page)["moves"] == ["10"]
    page.click('[data-pick="race"]')
    assert page.locator("[data-movelist] [data-move]").count() == 1
