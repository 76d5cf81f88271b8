"""Live play between pages in separate browser contexts, over loopback WebRTC.

Each context is its own browser profile (its own storage), as separate devices would be. The
invitation and the reply travel as the players would send them: links copied from one page's
field and opened (or pasted) in the other. Waits are for the page's hooks, never for time.

The Go tests share one connected pair (`go_live`): each starts its own game by asking the friend
for a new one, as players would. Tests that break a connection or need other seats make their own.
"""

import json

import pytest

from e2e.boards import assert_page_shows, click_move
from e2e.support import opener
from lotus.engine import go, race
from lotus.game import records
from lotus.game.text import colour_name
from tests.support.games import before_end, random_race
from tools.pages import (
    TIMEOUT,
    arrive,
    ask_new_game,
    connect,
    fresh_game,
    invite,
    join,
    moves,
    new_context,
    next_invitation,
    paste,
    refused,
    take_turns,
    wait_moves,
    wait_ready,
    wait_text,
)


@pytest.fixture(scope="module")
def contexts(browser):
    """Two devices: two browser contexts."""
    made = [new_context(browser) for _ in range(2)]
    yield made
    for context in made:
        context.close()


@pytest.fixture
def pair(contexts, guard, site):
    """A host page and a guest page (each starts with empty storage)."""
    _open = opener(guard, site)

    def make(game: str, query: str = ""):
        return _open(contexts[0], f"index.html?game={game}{query}")

    make.open = _open
    yield make
    for page in _open.pages:
        if not page.is_closed():
            page.evaluate("localStorage.clear()")
            page.close()


@pytest.fixture(scope="module")
def go_live(browser, guard, site):
    """One connected Go pair for the tests that play on a working link (two devices of their
    own, so the other tests' storage is not theirs). Dialogs (New game?, Resign?) are accepted."""
    made = [new_context(browser) for _ in range(2)]
    _open = opener(guard, site)
    host = _open(made[0], "index.html?game=go")
    link = invite(host)
    assert len(link) < 600, link  # short enough for a chat message and a QR code
    guest, reply = arrive(_open, made[1], link)
    for page in (host, guest):
        page.on("dialog", lambda dialog: dialog.accept())
    connect(host, guest, reply)
    yield {"host": host, "guest": guest, "reply": reply}
    for context in made:
        context.close()


# -- on one working link (the shared Go pair) ------------------------------------------------------


def test_a_go_game_live_moves_both_ways_and_bad_messages_are_refused(go_live):
    host, guest = go_live["host"], go_live["guest"]
    fresh_game(host, guest)
    assert host.get_attribute("body", "data-live-me") == "w"
    assert guest.get_attribute("body", "data-live-me") == "b"
    assert guest.get_attribute("body", "data-game") == "go"
    assert host.locator("[data-live-qr] svg path").count() == 1  # drawn by lotus/page/qr.py
    game = go.Game.from_moves(["10", "20", "11", "30"])
    take_turns(host, guest, *game.moves)
    assert moves(host) == moves(guest) == game.moves
    # Out of turn: the guest's click is refused in its page, and nothing is sent.
    guest.click('[data-point="40"]')
    assert "your friend plays White" in guest.inner_text("[data-status]")
    assert moves(host) == game.moves
    # Messages that are not valid: refused, logged as text, never applied.
    before = refused(host)
    for text in ("{", "[1]", '{"v": 9, "t": "act"}', "x" * 70_000, '{"v":1,"t":"act","a":"<b>"}'):
        guest.evaluate("(m) => window.lotusLive.send('host', m)", text)
    host.wait_for_selector(f'body[data-live-refused="{before + 5}"]', timeout=TIMEOUT)
    log = host.text_content("[data-live-log]")
    assert "not JSON" in log and "too large" in log and "another version" in log
    assert host.locator("[data-live-log] b").count() == 0  # received text is never markup
    assert host.get_attribute("body", "data-live") == "connected"
    host.click('[data-point="40"]')  # the link still works
    wait_moves(guest, 5)
    guest.click('[data-point="41"]')
    wait_moves(host, 6)
    assert moves(host) == moves(guest) == [*game.moves, "40", "41"]
    # The reply that made this connection, pasted again: its invitation was used; said so.
    host.click('[data-action="live"]')
    host.fill("[data-live-reply-input]", go_live["reply"])
    host.click('[data-action="live-connect"]')
    assert "already used" in host.inner_text("[data-live-message]")
    host.keyboard.press("Escape")
    assert host.get_attribute("body", "data-live") == "connected"


def test_undo_is_asked_and_the_friend_decides(go_live):
    host, guest = go_live["host"], go_live["guest"]
    fresh_game(host, guest)
    before = [refused(page) for page in (host, guest)]
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    for page in (host, guest):  # no computer's help for either player while the game goes on
        assert page.is_disabled('[data-action="hint"]')
        assert page.is_disabled('[data-action="analyse"]')
    host.click('[data-action="undo"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    assert "take back their last move" in guest.text_content("[data-live-question]")
    guest.click('[data-action="live-decline"]')
    wait_text(host, "declined")
    assert moves(host) == moves(guest) == ["10"]
    host.click('[data-action="undo"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    guest.click('[data-action="live-accept"]')
    for page in (host, guest):
        wait_moves(page, 0, exactly=True)
    assert moves(host) == moves(guest) == []
    # The other way round: the guest asks, the host accepts; nothing is refused on either side.
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    guest.click('[data-action="undo"]')
    host.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    host.click('[data-action="live-accept"]')
    wait_moves(guest, 1, exactly=True)
    assert moves(host) == moves(guest) == ["10"]
    guest.click('[data-point="21"]')  # play goes on after the take-back
    wait_moves(host, 2)
    assert moves(host) == moves(guest) == ["10", "21"]
    # On the host's own turn: its own last move goes, with the friend's reply after it.
    host.click('[data-action="undo"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    assert "their last move and the moves after it" in guest.text_content("[data-live-question]")
    guest.click('[data-action="live-accept"]')
    for page in (host, guest):
        wait_moves(page, 0, exactly=True)
    assert [refused(page) for page in (host, guest)] == before


def test_a_new_game_is_asked_and_resign_goes_across(go_live):
    host, guest = go_live["host"], go_live["guest"]
    fresh_game(host, guest)
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    ask_new_game(host, guest)  # ("Start a new game?" is accepted)
    assert moves(host) == ["10", "20"]  # nothing changes before the friend agrees
    guest.click('[data-action="live-accept"]')
    for page in (host, guest):
        wait_moves(page, 0, exactly=True)
        assert page.get_attribute("body", "data-live") == "connected"
    host.click('[data-point="12"]')  # the new game is live too
    wait_moves(guest, 1)
    host.click('[data-action="resign"]')  # refused: Black is to move, not the host's turn
    assert "your friend plays Black" in host.inner_text("[data-status]")
    assert host.get_attribute("body", "data-phase") == "play"
    guest.click('[data-action="resign"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-over="1"]', timeout=TIMEOUT)
        assert page.get_attribute("body", "data-winner") == "w"
    assert moves(host) == moves(guest)


def test_a_go_game_to_scoring_ends_when_both_confirm(go_live):
    host, guest = go_live["host"], go_live["guest"]
    fresh_game(host, guest)
    take_turns(host, guest, "1", "4", "pass", "pass")
    for page in (host, guest):
        page.wait_for_selector('body[data-phase="scoring"]', timeout=TIMEOUT)
    for page in (host, guest):  # a live game is played unaided, and the page says so
        assert page.is_disabled('[data-action="hint"]')
        assert "Hint and analysis are off" in page.inner_text("[data-live-status]")
    host.click('[data-action="confirm"]')
    assert "waiting for your friend" in host.inner_text("[data-status]")
    wait_text(guest, "White has confirmed the score", "[data-live-status]")
    assert guest.get_attribute("body", "data-phase") == "scoring"
    guest.click('[data-action="confirm"]')
    for page in (host, guest):
        page.wait_for_selector('body[data-phase="over"]', timeout=TIMEOUT)
    assert host.get_attribute("body", "data-winner") == guest.get_attribute("body", "data-winner")


# -- links that break ------------------------------------------------------------------------------


def test_a_closed_tab_a_silent_page_and_conflicting_histories(pair, contexts):
    """A tab closes, then comes back (its old invitation is refused as used); a new exchange
    resumes the longer game. Then the friend's page stops answering (paused in the debugger, as a
    lost network leaves it: WebRTC itself does not notice for a long while): the heartbeat says
    disconnected; meanwhile the host's game goes elsewhere, and the resumed link shows where."""
    host = pair("go")
    link = invite(host)
    guest, reply = arrive(pair.open, contexts[1], link)
    connect(host, guest, reply)
    take_turns(host, guest, "10", "20", "11")
    guest.close()  # the friend's tab closes
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    host.click('[data-point="30"]')  # Black is the friend's: not played here meanwhile
    guest = pair.open(contexts[1], link)  # the friend comes back by the old invitation:
    assert "already used on this device" in guest.inner_text("[data-error]")  # said so, and
    guest.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert moves(guest) == ["10", "20", "11"]  # the game is saved on this side too
    host.reload()  # and the host reloads: the game is saved there as well
    host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert moves(host) == ["10", "20", "11"]
    connect(host, guest, join(guest, invite(host)))
    guest.click('[data-point="21"]')
    wait_moves(host, 4)
    assert moves(host) == moves(guest) == ["10", "20", "11", "21"]
    assert host.get_attribute("body", "data-live-conflict") is None
    # The friend's page stops answering: no ping, no pong, no move.
    debugger = guest.context.new_cdp_session(guest)
    debugger.send("Debugger.enable")
    debugger.send("Debugger.pause")
    try:
        host.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
        assert "stopped answering" in host.inner_text("[data-live-status]")
        host.click('[data-action="undo"]')  # alone, the host takes two moves back, plays on
        host.click('[data-action="undo"]')
        host.click('[data-point="30"]')
        wait_moves(host, 3)
    finally:
        debugger.send("Debugger.resume")
        debugger.send("Debugger.disable")
    guest.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
    assert moves(guest) == ["10", "20", "11", "21"]
    connect(host, guest, join(guest, invite(host)))
    for page in (host, guest):
        page.wait_for_selector('body[data-live-conflict="2"]', timeout=TIMEOUT)
        assert moves(page) == ["10", "20", "30"]  # the host's game is played on
    assert "differed from move 3" in guest.inner_text("[data-live-status]")
    kept = guest.eval_on_selector_all(
        '[data-saved-game][data-game="go"]', "els => els.map(e => e.getAttribute('data-moves'))"
    )
    assert "4" in kept  # the friend's own version is kept in Your games, not merged


# -- races ---------------------------------------------------------------------------------------


def test_a_race_with_a_computer_seat_to_its_end_connected_from_another_tab(pair, contexts, guard):
    """The host's game (a race for three opened from a share link, 5 moves from its end, Red the
    computer's) goes to the friend over the channel; the reply is opened in another tab of the
    host's browser, which hands it to the inviting tab. The host's page plays Red and relays it;
    the two people finish the game by clicks."""
    game = before_end(random_race(1, players=3), 5)
    seats = {"w": "human", "b": "human", "r": "easy"}
    fragment = records.to_link_fragment(records.record_of(game, seats=seats))
    open_ = pair.open
    host = open_(contexts[0], "index.html#" + fragment)
    link = invite(host, {"w": "me", "b": "friend1", "r": "computer"})
    guest, reply = arrive(open_, contexts[1], link)
    # The reply, clicked in a chat, opens a new tab of the host's browser: that tab hands it on
    # to the inviting tab and says so, and starts no worker (Pyodide's 10 MB among them) for the
    # game with a computer seat it shows, until it is used.
    other_tab = contexts[0].new_page()
    guard.attach(other_tab)
    fetched = []
    other_tab.on("request", lambda request: fetched.append(request.url))
    other_tab.goto(reply)
    wait_ready(other_tab)
    for page in (host, guest):
        page.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)
        page.keyboard.press("Escape")
    wait_text(other_tab, "went to your game's tab")  # the inviting tab said it took the reply
    workers = [url for url in fetched if "pyodide" in url or url.endswith("worker-mpy.toml")]
    assert not workers, workers
    assert other_tab.get_attribute("body", "data-computer-ready") is None
    other_tab.click("[data-status]")  # used: now it starts its workers
    other_tab.wait_for_selector('body[data-computer-ready="1"]', timeout=TIMEOUT)
    other_tab.close()  # its work is done
    # The same reply opened in the friend's browser: no tab there waits for it, and the page says
    # where it belongs; a damaged reply is refused with a reason.
    stray = open_(contexts[1], reply)
    wait_text(stray, "No tab of this browser")
    stray.goto(reply.split("#")[0] + "#reply=1~garbage")
    wait_text(stray, "This reply cannot be used", "[data-error]")
    assert "No tab" not in stray.text_content("[data-status]")
    stray.close()
    assert host.get_attribute("body", "data-live-me") == "w"
    assert guest.get_attribute("body", "data-live-me") == "b"
    assert moves(guest) == game.moves  # White (a person) is to move: the computer waits
    pages = {"w": host, "b": guest}
    computer_moves = 0
    while not game.is_over:
        if game.to_move == "r":  # the host's page plays it; both pages show it
            for page in (host, guest):
                wait_moves(page, len(game.moves) + 1)
            game.play(moves(host)[len(game.moves)])  # a legal move, or this raises
            computer_moves += 1
        else:
            move = sorted(game.legal_moves())[0]
            click_move(pages[game.to_move], move)
            game.play(move)
        for page in (host, guest):
            wait_moves(page, len(game.moves))
    assert computer_moves >= 1
    for page in (host, guest):
        page.wait_for_selector("body[data-over]", timeout=TIMEOUT)
        assert page.get_attribute("body", "data-winner") == game.winner
        placed = page.eval_on_selector_all(
            "[data-placing]", "els => els.map(e => [e.dataset.colour, Number(e.dataset.rank)])"
        )
        assert placed == [[c, rank] for c, rank in race.placings(game)]  # every player placed
    assert moves(host) == moves(guest) == game.moves
    for page in (host, guest):
        assert page.get_attribute("body", "data-live-refused") is None


def test_a_race_for_two_from_a_link_is_finished_by_clicks_on_both_pages(pair, contexts):
    """The host's race for two (a seeded random game opened from its share link, 12 moves before
    its end) goes to the friend over the channel; each page clicks its own colour's moves, each
    move reaches the other page, whose stacks, start, goal, turn and move list are the engine's
    after every move, and both end on the same winner, said in their banners, and the same
    record. (A whole race by clicks on one page: e2e/test_race_page.py.)"""
    full = random_race(190)
    game = before_end(full, 12)
    fragment = records.to_link_fragment(records.record_of(game))
    host = pair.open(contexts[0], "index.html#" + fragment)
    guest, reply = arrive(pair.open, contexts[1], invite(host))
    connect(host, guest, reply)
    pages = {host.get_attribute("body", "data-live-me"): host}
    pages[guest.get_attribute("body", "data-live-me")] = guest
    assert sorted(pages) == ["b", "w"]
    assert moves(guest) == game.moves
    for move in full.moves[len(game.moves) :]:
        mover = pages[game.to_move]
        click_move(mover, move)
        game.play(move)
        # The move reached the other page, which shows the engine's position.
        other = host if mover is guest else guest
        wait_moves(other, len(game.moves))
        assert_page_shows(other, game)
    assert game.is_over
    for page in (host, guest):
        page.wait_for_selector("body[data-over]", timeout=TIMEOUT)
        assert page.get_attribute("body", "data-winner") == game.winner
        assert colour_name(game.winner) in page.inner_text("[data-banner]")
        assert page.get_attribute("body", "data-live-refused") is None
    assert moves(host) == moves(guest) == game.moves


def test_a_race_for_four_relayed_by_the_host_refusals_and_an_undo_all_must_agree(
    pair, contexts, browser
):
    """White hosts; Black, Red and Yellow join with their own invitations; moves reach everyone;
    a message for a colour not the sender's is refused, logged and not applied; an undo needs
    every player's yes; when one friend's page leaves, every page shows disconnected."""
    more = [new_context(browser) for _ in range(2)]
    try:
        host = pair("race", "&players=4")
        link = invite(host, {"w": "me", "b": "friend1", "r": "friend2", "y": "friend3"})
        friends = []
        for context in (contexts[1], *more):  # the dialog shows the next friend's invitation
            if friends:
                link = next_invitation(host, link)
            guest, reply = arrive(pair.open, context, link)
            paste(host, guest, reply)
            friends.append(guest)
        black, red, yellow = friends
        host.keyboard.press("Escape")
        pages = {"w": host, "b": black, "r": red, "y": yellow}
        assert [p.get_attribute("body", "data-live-me") for p in pages.values()] == list("wbry")
        assert all(p.get_attribute("body", "data-live") == "connected" for p in pages.values())
        game = race.Game(players=4)
        for _ in range(4):  # each page moves once; every move reaches the three others
            move = sorted(game.legal_moves())[0]
            click_move(pages[game.to_move], move)
            game.play(move)
            for page in pages.values():
                wait_moves(page, len(game.moves))
        for page in pages.values():
            assert moves(page) == game.moves
        # Black's page sends a move for White (the host's colour): refused, not applied.
        assert game.to_move == "w"
        move = sorted(game.legal_moves())[0]
        message = json.dumps({"v": 1, "t": "act", "n": len(game.moves), "a": move})
        black.evaluate("(m) => window.lotusLive.send('host', m)", message)
        host.wait_for_selector("body[data-live-refused]", timeout=TIMEOUT)
        assert "not their turn" in host.text_content("[data-live-log]")
        assert moves(host) == moves(red) == game.moves
        # Undo with four: every player must agree; one "no" withdraws the question from all.
        asked = "[data-live-ask]:not([hidden])"
        black.click('[data-action="undo"]')
        for page in (host, red, yellow):
            page.wait_for_selector(asked, timeout=TIMEOUT)
            assert "Black asks to take back" in page.text_content("[data-live-question]")
        red.click('[data-action="live-decline"]')
        for page in (host, yellow):
            page.wait_for_selector("[data-live-ask]", state="hidden", timeout=TIMEOUT)
        wait_text(black, "declined")
        black.click('[data-action="undo"]')
        for page in (host, red, yellow):
            page.wait_for_selector(asked, timeout=TIMEOUT)
            page.click('[data-action="live-accept"]')
        for page in pages.values():  # Black's own move goes, and Red's and Yellow's replies
            wait_moves(page, 1, exactly=True)
            assert moves(page) == game.moves[:1]
        # Red's page leaves: the game stops for everyone (disconnected, the game kept).
        red.close()
        for page in (host, black, yellow):
            page.wait_for_selector('body[data-live="disconnected"]', timeout=TIMEOUT)
            assert moves(page) == game.moves[:1]
        yellow.close()
    finally:
        for context in more:
            context.close()
