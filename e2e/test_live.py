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
        if not page.is_closed():
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


def test_the_invitation_has_its_qr_code_and_bad_messages_are_refused(pair):
    host, guest = live_pair(pair, "go")
    assert host.locator("[data-live-qr] svg path").count() == 1  # drawn by lotus/qr.py
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    for text in ("{", "[1]", '{"v": 9, "t": "act"}', "x" * 70_000, '{"v":1,"t":"act","a":"<b>"}'):
        guest.evaluate("(m) => window.lotusLive.send('host', m)", text)
    host.wait_for_selector('body[data-live-refused="5"]', timeout=TIMEOUT)
    log = host.text_content("[data-live-log]")
    assert "not JSON" in log and "too large" in log and "another version" in log
    assert host.locator("[data-live-log] b").count() == 0  # received text is never markup
    assert host.get_attribute("body", "data-live") == "connected"
    guest.click('[data-point="20"]')  # the link still works
    wait_moves(host, 2)
    assert moves(host) == moves(guest) == ["10", "20"]


def test_undo_is_asked_and_the_friend_decides(pair):
    host, guest = live_pair(pair, "go")
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    host.click('[data-action="undo"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    assert "taking back" in guest.text_content("[data-live-question]")
    guest.click('[data-action="live-decline"]')
    host.wait_for_function(
        "document.querySelector('[data-status]').textContent.includes('declined')",
        timeout=TIMEOUT,
    )
    assert moves(host) == moves(guest) == ["10"]
    host.click('[data-action="undo"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    guest.click('[data-action="live-accept"]')
    host.wait_for_function(f"!document.querySelector('{MOVES}')", timeout=TIMEOUT)
    assert moves(host) == moves(guest) == []
    # The other way round: the guest asks, the host accepts; nothing is refused on either side.
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    guest.click('[data-action="undo"]')
    host.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    host.click('[data-action="live-accept"]')
    guest.wait_for_function(f"document.querySelectorAll('{MOVES}').length === 1", timeout=TIMEOUT)
    assert moves(host) == moves(guest) == ["10"]
    guest.click('[data-point="21"]')  # play goes on after the take-back
    wait_moves(host, 2)
    assert moves(host) == moves(guest) == ["10", "21"]
    for page in (host, guest):
        assert page.get_attribute("body", "data-live-refused") is None


def test_a_go_game_to_scoring_ends_when_both_confirm(pair):
    host, guest = live_pair(pair, "go")
    for i, move in enumerate(("1", "4", "pass", "pass")):
        mover, other = (host, guest) if i % 2 == 0 else (guest, host)
        if move == "pass":
            mover.click('[data-action="pass"]')
        else:
            mover.click(f'[data-point="{move}"]')
        wait_moves(other, i + 1)
    for page in (host, guest):
        page.wait_for_selector('body[data-phase="scoring"]', timeout=TIMEOUT)
    host.click('[data-action="confirm"]')
    assert "waiting for your friend" in host.inner_text("[data-status]")
    assert guest.get_attribute("body", "data-phase") == "scoring"
    guest.click('[data-action="confirm"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-phase="over"]', timeout=TIMEOUT)
    assert host.get_attribute("body", "data-winner") == guest.get_attribute("body", "data-winner")


def test_a_disconnect_keeps_the_game_and_a_new_exchange_resumes_it(pair, contexts):
    host, guest = live_pair(pair, "go")
    for i, point in enumerate(("10", "20", "11")):
        mover, other = (host, guest) if i % 2 == 0 else (guest, host)
        mover.click(f'[data-point="{point}"]')
        wait_moves(other, i + 1)
    guest.close()  # the friend's tab closes
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    host.click('[data-point="30"]')  # Black is the friend's: not played here meanwhile
    guest = pair.open(contexts[1], "index.html?game=go")  # the friend comes back
    guest.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert moves(guest) == ["10", "20", "11"]  # saved on this side too
    host.reload()  # and the host reloads: the game is saved there as well
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert moves(host) == ["10", "20", "11"]
    connect(host, guest, join(guest, invite(host)))
    guest.click('[data-point="21"]')
    wait_moves(host, 4)
    assert moves(host) == moves(guest) == ["10", "20", "11", "21"]
    assert host.get_attribute("body", "data-live-conflict") is None


def test_a_whole_race_game_from_near_its_end(pair, contexts):
    """The host's game (opened from a share link, 8 moves from its end) goes to the friend over
    the channel, and the two finish it by clicks on both sides."""
    import random

    from lotus import records

    rng = random.Random(1)
    full = race.Game(players=2)
    while not full.is_over:
        full.play(rng.choice(full.legal_moves()))
    game = race.Game(players=2)
    for move in full.moves[:-8]:
        game.play(move)
    fragment = records.to_link_fragment(records.record_of(game))
    host = pair.open(contexts[0], "index.html#" + fragment)
    guest = pair.open(contexts[1], "index.html")
    assert moves(host) == game.moves
    connect(host, guest, join(guest, invite(host)))
    assert moves(guest) == game.moves
    pages = {"w": host, "b": guest}
    while not game.is_over:
        move = sorted(game.legal_moves())[0]
        race_click(pages[game.to_move], move)
        game.play(move)
        for page in (host, guest):
            wait_moves(page, len(game.moves))
    for page in (host, guest):
        page.wait_for_selector("body[data-over]", timeout=TIMEOUT)
        assert page.get_attribute("body", "data-winner") == game.winner
    assert moves(host) == moves(guest) == game.moves


def test_a_race_for_three_the_host_relays(pair, contexts, browser):
    """White hosts; Black and Red join with their own invitations; moves reach everyone."""
    third = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        host, black = pair("race", "&players=3")
        red = pair.open(third, "index.html")
        link = invite(host, {"w": "me", "b": "friend1", "r": "friend2"})
        connect(host, black, join(black, link))
        host.click('[data-action="live"]')  # the next friend's invitation is shown
        host.wait_for_function(
            "(old) => { const v = document.querySelector('[data-live-invite]').value;"
            " return v.includes('#live=') && v !== old; }",
            arg=link,
            timeout=TIMEOUT,
        )
        reply = join(red, host.input_value("[data-live-invite]"))
        host.fill("[data-live-reply-input]", reply)
        host.click('[data-action="live-connect"]')
        red.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)
        host.keyboard.press("Escape")
        red.keyboard.press("Escape")
        assert [p.get_attribute("body", "data-live-me") for p in (host, black, red)] == [
            "w",
            "b",
            "r",
        ]
        game = race.Game(players=3)
        pages = {"w": host, "b": black, "r": red}
        for _ in range(6):
            move = sorted(game.legal_moves())[0]
            race_click(pages[game.to_move], move)
            game.play(move)
            for page in pages.values():
                wait_moves(page, len(game.moves))
        for page in pages.values():
            assert moves(page) == game.moves
        red.close()
    finally:
        third.close()


def test_a_reply_opened_in_another_tab_of_the_host_connects_the_inviting_tab(pair, contexts):
    host, guest = pair("go")
    reply = join(guest, invite(host))
    other_tab = pair.open(contexts[0], "index.html")
    other_tab.goto(reply)
    for page in (host, guest):
        page.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)


def test_a_new_game_is_asked_and_resign_goes_across(pair):
    host, guest = live_pair(pair, "go")
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    host.once("dialog", lambda dialog: dialog.accept())  # "Start a new game?"
    host.click('.actions [data-action="new-dialog"]')
    host.click('form[data-form="go"] [data-action="new"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    assert "a new game" in guest.text_content("[data-live-question]")
    assert moves(host) == ["10", "20"]  # nothing changes before the friend agrees
    guest.click('[data-action="live-accept"]')
    for page in (host, guest):
        page.wait_for_function(f"!document.querySelector('{MOVES}')", timeout=TIMEOUT)
        assert page.get_attribute("body", "data-live") == "connected"
    host.click('[data-point="12"]')  # the new game is live too
    wait_moves(guest, 1)
    host.once("dialog", lambda dialog: dialog.accept())  # "Resign this game?"
    host.click('[data-action="resign"]')  # refused: Black is to move, not the host's turn
    assert "your friend plays Black" in host.inner_text("[data-status]")
    assert host.get_attribute("body", "data-phase") == "play"
    guest.once("dialog", lambda dialog: dialog.accept())
    guest.click('[data-action="resign"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-over="1"]', timeout=TIMEOUT)
        assert page.get_attribute("body", "data-winner") == "w"
    assert moves(host) == moves(guest)


def test_conflicting_histories_are_shown_and_both_kept(pair, contexts):
    host, guest = live_pair(pair, "go")
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    guest.close()
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    host.click('[data-action="undo"]')  # alone, the host takes both moves back and plays on
    host.click('[data-action="undo"]')
    host.click('[data-point="11"]')
    wait_moves(host, 1)
    guest = pair.open(contexts[1], "index.html?game=go")
    connect(host, guest, join(guest, invite(host)))
    for page in (host, guest):
        page.wait_for_selector('body[data-live-conflict="0"]', timeout=TIMEOUT)
        assert moves(page) == ["11"]  # the host's game is played on
    assert "differed from move 1" in guest.inner_text("[data-live-status]")
    kept = guest.eval_on_selector_all(
        '[data-saved-game][data-game="go"]', "els => els.map(e => e.getAttribute('data-moves'))"
    )
    assert "2" in kept  # the friend's own version is kept in Your games, not merged
