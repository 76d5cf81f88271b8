"""Live play (issue 15) between two pages in two browser contexts, over loopback WebRTC.

Each context is its own browser profile (its own storage), as two devices would be. The
invitation and the reply travel as the players would send them: links copied from one page's
field and opened (or pasted) in the other. Waits are for the page's hooks, never for time.
"""

import json

import pytest

from e2e.race_helpers import click_move as race_click
from lotus.engine import go, race

TIMEOUT = 30_000
MOVES = "[data-movelist] [data-move]"


@pytest.fixture(scope="module")
def contexts(browser):
    """Two devices: two browser contexts."""
    made = [
        browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
        for _ in range(2)
    ]
    yield made
    for context in made:
        context.close()


@pytest.fixture
def pair(contexts, guard, site):
    """A host page and a guest page (each starts with empty storage)."""
    pages = []

    def _open(context, path):
        page = context.new_page()
        guard.attach(page)
        pages.append(page)
        page.goto(f"{site}/{path}")
        page.wait_for_selector('body[data-ready="1"]', timeout=TIMEOUT)
        return page

    def make(game: str, query: str = ""):
        host = _open(contexts[0], f"index.html?game={game}{query}")
        guest = _open(contexts[1], "index.html")
        return host, guest

    make.open = _open
    yield make
    for page in pages:
        page.evaluate("localStorage.clear()")
        page.close()


def invite(host, choices=None) -> str:
    """The host opens Live, chooses colours, and gets the invitation link."""
    host.click('[data-action="live"]')
    for colour, choice in (choices or {}).items():
        host.select_option(f'[name="live-{colour}"]', choice)
    host.click('[data-action="live-invite"]')
    host.wait_for_function(
        "document.querySelector('[data-live-invite]').value.includes('#live=')", timeout=TIMEOUT
    )
    return host.input_value("[data-live-invite]")


def join(guest, link: str) -> str:
    """The guest opens the invitation; returns the reply link."""
    guest.goto(link)
    guest.wait_for_selector('body[data-ready="1"]', timeout=TIMEOUT)
    guest.wait_for_function(
        "document.querySelector('[data-live-reply]').value.includes('#reply=')", timeout=TIMEOUT
    )
    return guest.input_value("[data-live-reply]")


def connect(host, guest, reply: str) -> None:
    """The host pastes the reply; both pages are connected."""
    host.fill("[data-live-reply-input]", reply)
    host.click('[data-action="live-connect"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)
    host.keyboard.press("Escape")  # the dialog closes
    guest.keyboard.press("Escape")


def live_pair(pair, game: str, query: str = "", choices=None):
    host, guest = pair(game, query)
    link = invite(host, choices)
    assert len(link) < 600, link  # short enough for a chat message and a QR code
    connect(host, guest, join(guest, link))
    return host, guest


def moves(page) -> list:
    return page.eval_on_selector_all(MOVES, "els => els.map(e => e.getAttribute('data-move'))")


def wait_moves(page, count: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('{MOVES}').length >= {count}", timeout=TIMEOUT
    )


def test_a_go_game_live_moves_both_ways(pair):
    host, guest = live_pair(pair, "go")
    assert host.get_attribute("body", "data-live-me") == "w"
    assert guest.get_attribute("body", "data-live-me") == "b"
    assert guest.get_attribute("body", "data-game") == "go"
    game = go.Game()
    for i, point in enumerate(("10", "20", "11", "30")):
        mover, other = (host, guest) if i % 2 == 0 else (guest, host)
        mover.click(f'[data-point="{point}"]')
        game.play(point)
        wait_moves(other, i + 1)
    assert moves(host) == moves(guest) == game.moves
    # Out of turn: the guest's click is refused in its page, and nothing is sent.
    guest.click('[data-point="40"]')
    assert "your friend plays White" in guest.inner_text("[data-status]")
    assert moves(host) == game.moves


def test_a_race_game_live_moves_both_ways_and_a_refused_message(pair):
    host, guest = live_pair(pair, "race")
    game = race.Game(players=2)
    for i in range(4):
        mover, other = (host, guest) if i % 2 == 0 else (guest, host)
        move = sorted(game.legal_moves())[0]
        race_click(mover, move)
        game.play(move)
        wait_moves(other, i + 1)
    assert moves(host) == moves(guest) == game.moves
    # A message for a move of the host's colour, sent by the guest: refused, logged, not applied.
    move = sorted(game.legal_moves())[0]
    message = json.dumps({"v": 1, "t": "act", "n": 4, "a": move})
    guest.evaluate("(m) => window.lotusLive.send('host', m)", message)
    host.wait_for_selector("body[data-live-refused]", timeout=TIMEOUT)
    assert "not their turn" in host.text_content("[data-live-log]")
    assert moves(host) == game.moves
