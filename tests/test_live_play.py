"""Live play as the pages play it, without a browser: pages (a `PageController` and its
`LivePlay` each) on devices of their own, talking through a plain-Python network
(tests/support/live_net.py) instead of WebRTC. What each page sends, what it does with what it
hears, what it asks its player and what it says are lotus/page/live/'s; these tests play the
invitation, the reply, the game, the questions and the breakdowns as players would, and read
what each page shows (its view: the live hooks, the live line, the dialog)."""

import ast
import json
import os

import pytest

import lotus.words as catalog
from lotus.page import form
from lotus.page.live import words
from lotus.page.live.link import CONNECT_LIMIT, SILENT_LIMIT
from lotus.page.live.wire import RATE_LIMIT, RATE_WINDOW, encode
from tests.support import micropython
from tests.support.files import ROOT
from tests.support.live_net import Device, Net


def connected_pair(game: str = "go", query: str = ""):
    """A host (White) and its friend (Black) on two devices, connected as players connect."""
    net = Net()
    host = Device(net).open(f"index.html?game={game}{query}")
    link = host.invite(w="me", b="friend1")
    guest = Device(net).open(link)
    net.pump()
    host.paste(guest.view()["reply"])
    net.pump()
    return net, host, guest


def play(net, tab, point: str) -> None:
    tab.click(point)
    net.pump()


# -- connecting -----------------------------------------------------------------------------------


def test_an_invitation_and_its_reply_connect_two_devices():
    net = Net()
    host = Device(net).open("index.html?game=go")
    assert host.state is None and host.view()["status"] == ""
    link = host.invite(w="me", b="friend1")
    view = host.view()
    assert link.startswith("https://lotus.example/index.html#live=1~")
    assert view["message"] == "Send this invitation to the friend who plays Black."
    assert view["qr"].startswith("<svg") and view["dialog"][1] is False  # the host's part
    assert view["status"] == "Live: waiting for your friend's reply."
    guest = Device(net).open(link)
    assert guest.state == "joining" and guest.view()["dialog"][1] is True  # the guest's part
    net.pump()
    reply = guest.view()["reply"]
    assert reply.startswith("https://lotus.example/index.html#reply=1~")
    assert guest.view()["message"] == words.SEND_REPLY
    assert guest.view()["status"] == "Live: send your reply to your friend."
    host.paste(reply)
    net.pump()
    for tab, me, name in ((host, "w", "White"), (guest, "b", "Black")):
        assert tab.state == "connected" and tab.view()["flags"]["live-me"] == me
        # a live game is played unaided: the live line says why Hint and Analyse are off
        assert tab.view()["status"] == f"Live: you play {name}. " + words.NO_HELP
    assert host.view()["message"] == words.CONNECTED
    assert guest.view()["message"] == words.CONNECTED_GUEST
    assert guest.c.app.current == "go"


def test_a_reply_that_answers_nothing_waiting_is_refused_saying_what_to_do():
    net, host, guest = connected_pair()
    reply = guest.view()["reply"]
    host.paste(reply)  # pasted again: its invitation made the connection already
    assert "already used" in host.view()["message"]
    host.paste("#reply=garbage")
    assert host.view()["message"].startswith("This reply cannot be used: ")
    guest.paste(reply)  # a guest has no invitation waiting for a reply
    assert guest.view()["message"] == words.NO_INVITATION
    assert host.state == guest.state == "connected"


def test_an_invitation_is_used_once_on_a_device():
    net = Net()
    host = Device(net).open("index.html?game=go")
    link = host.invite(w="me", b="friend1")
    phone = Device(net)
    guest = phone.open(link)
    net.pump()
    host.paste(guest.view()["reply"])
    net.pump()
    guest.close()
    net.pump()
    again = phone.open(link)
    assert again.c.error == words.USED_SENTENCE
    assert again.state == "disconnected"  # the live game it kept, shown as it was


def test_a_host_who_is_connected_makes_no_new_invitation():
    net, host, guest = connected_pair()
    host.invite(w="me", b="friend1")
    assert host.view()["message"] == words.STILL_CONNECTED
    assert host.state == "connected"


def test_the_hosts_choices_are_checked_before_anything_is_made():
    net = Net()
    host = Device(net).open("index.html?game=go")
    host.invite(w="me", b="computer")
    assert host.view()["message"] == (
        "The invitation cannot be made: choose at least one colour for your friend."
    )
    host.play.invites.invite({"live-w": "me", "live-b": "friend1", "live-stun": "http://x"})
    assert "STUN" in host.view()["message"]
    assert host.state is None and host.view()["invite"] == ""


# -- playing --------------------------------------------------------------------------------------


def test_moves_go_both_ways_and_a_click_out_of_turn_is_refused_with_a_reason():
    net, host, guest = connected_pair()
    play(net, host, "10")
    play(net, guest, "20")
    assert host.actions == guest.actions == ["10", "20"]
    guest.click("30")  # White is to move: the host's
    assert guest.c.app.session.message == "It is White's turn: your friend plays White."
    net.pump()
    assert host.actions == guest.actions == ["10", "20"]
    guest.action("redo")
    assert guest.c.app.session.message == words.NO_REDO


def test_undo_is_asked_and_done_on_both_pages_only_when_the_friend_agrees():
    net, host, guest = connected_pair()
    play(net, host, "10")
    host.action("undo")
    net.pump()
    assert host.c.app.session.message == "Asked your friend to agree to take back your last move…"
    assert guest.view()["question"] == "White asks to take back their last move. Do you agree?"
    guest.answer(False)
    net.pump()
    assert host.c.app.session.message == "Your friend declined to take back the last move."
    assert guest.view()["question"] == "" and host.actions == guest.actions == ["10"]
    host.action("undo")
    net.pump()
    guest.answer(True)
    net.pump()
    assert host.actions == guest.actions == []
    assert host.c.app.session.message == "The last move was taken back, as agreed."


def test_a_new_game_is_asked_and_started_by_the_host_once_the_friend_agrees():
    net, host, guest = connected_pair()
    play(net, host, "10")
    play(net, guest, "20")
    match = host.play.link.match
    host.c.new_game(form.session_fields(host.c.app.current, host.c.app.session))
    host.refresh()
    net.pump()
    assert host.actions == ["10", "20"]  # nothing changes before the friend agrees
    assert guest.view()["question"] == "White asks for a new game. Do you agree?"
    guest.answer(True)
    net.pump()
    assert host.actions == guest.actions == []
    assert host.play.link.match != match and guest.play.link.match == host.play.link.match
    assert host.state == guest.state == "connected"
    play(net, host, "12")  # the new game is live too
    assert guest.actions == ["12"]


def go_pair_in_scoring():
    """A connected Go game with a stone each, both players having passed: (net, host, guest)."""
    net, host, guest = connected_pair()
    for tab, move in ((host, "1"), (guest, "4")):
        play(net, tab, move)
    for tab in (host, guest):
        tab.action("pass")
        net.pump()
    return net, host, guest


def test_a_go_game_ends_when_both_confirm_the_scoring():
    net, host, guest = go_pair_in_scoring()
    assert host.c.app.session.phase() == guest.c.app.session.phase() == "scoring"
    host.action("confirm")
    net.pump()
    assert host.c.app.session.message == words.CONFIRMED
    assert guest.c.app.session.phase() == "scoring"
    guest.action("confirm")
    net.pump()
    assert host.c.app.session.phase() == guest.c.app.session.phase() == "over"
    assert host.c.app.session.game.winner == guest.c.app.session.game.winner


def test_undo_on_your_own_turn_takes_back_your_move_and_the_friends_reply():
    """The player to move asks for Undo: their own last move goes, with the reply after it (not
    the friend's move alone, which would hand the friend a second try)."""
    net, host, guest = connected_pair()
    guest.action("undo")  # Black has not moved yet: nothing of Black's to take back
    assert guest.c.app.session.message == "You have no move to take back yet."
    assert host.view()["question"] == ""
    play(net, host, "10")
    play(net, guest, "20")
    host.action("undo")  # White's turn: White's 10 and Black's reply 20
    net.pump()
    assert host.c.app.session.message == (
        "Asked your friend to agree to take back your last move and their reply…"
    )
    assert guest.view()["question"] == (
        "White asks to take back their last move and the moves after it. Do you agree?"
    )
    guest.answer(True)
    net.pump()
    assert host.actions == guest.actions == []
    assert guest.c.app.session.message == "The last 2 moves were taken back, as agreed."
    play(net, host, "11")
    guest.action("undo")  # Black's turn, no move of Black's since: nothing to take back
    assert guest.c.app.session.message == "You have no move to take back yet."
    assert host.actions == guest.actions == ["11"]


def test_hint_and_analysis_are_off_in_a_live_game_until_it_ends():
    net, host, guest = connected_pair()
    play(net, host, "10")
    for tab in (host, guest):
        enabled = tab.c.enabled()
        assert not enabled["hint"] and not enabled["analyse"]
        assert words.NO_HELP in tab.view()["status"]  # the live line says why
    guest.action("hint")  # asked anyway (a key, a stale button): refused with the reason
    assert guest.c.app.session.message == words.NO_HELP and guest.c.tickets() == []
    guest.action("analyse")
    assert not guest.c.analysis.running
    guest.action("resign")
    net.pump()
    for tab in (host, guest):
        assert tab.c.app.session.phase() == "over"
        assert tab.c.enabled()["analyse"] and words.NO_HELP not in tab.view()["status"]


@pytest.mark.parametrize("first", ["host", "guest"])
def test_both_players_see_who_has_confirmed_the_score(first):
    net, host, guest = go_pair_in_scoring()
    tabs = {"host": (host, guest, "White"), "guest": (guest, host, "Black")}
    confirmer, other, name = tabs[first]
    assert "confirmed" not in other.view()["status"]
    confirmer.action("confirm")
    net.pump()
    assert confirmer.c.app.session.message == words.CONFIRMED
    assert (
        f"{name} has confirmed the score: confirm too to end the game." in (other.view()["status"])
    )
    assert "has confirmed" not in confirmer.view()["status"]
    other.click("1")  # a mark changed: the confirmation no longer holds, and is not said
    net.pump()
    assert "has confirmed" not in other.view()["status"]


# -- breakdowns -----------------------------------------------------------------------------------


def test_a_closed_tab_leaves_the_game_saved_and_a_new_exchange_resumes_it():
    net, host, guest = connected_pair()
    for tab, point in ((host, "10"), (guest, "20"), (host, "11")):
        play(net, tab, point)
    phone = guest.device
    guest.close()
    net.pump()
    assert host.state == "disconnected"
    # One sentence for what happened, one for what to do: each said once.
    assert host.view()["status"] == (
        "Live: disconnected. The game is saved: invite your friend again to go on."
    )
    host.click("30")  # Black is the friend's, even while disconnected
    assert host.actions == ["10", "20", "11"]
    back = phone.open("index.html?game=go")  # the friend's page reloads: disconnected, saved
    assert back.state == "disconnected" and back.actions == ["10", "20", "11"]
    link = host.invite(w="me", b="friend1")  # the same match, resumed
    guest = phone.open(link)
    net.pump()
    host.paste(guest.view()["reply"])
    net.pump()
    assert host.state == guest.state == "connected"
    assert guest.actions == ["10", "20", "11"] and guest.view()["flags"]["live-conflict"] is None
    play(net, guest, "21")
    assert host.actions == ["10", "20", "11", "21"]


def test_a_silent_friend_is_found_by_the_heartbeat():
    net, host, guest = connected_pair()
    for _ in range(5):  # pings answered: the link stays
        net.tick(1.0)
    assert host.state == guest.state == "connected"
    guest.frozen = True  # its page stops (a lost network, a device asleep)
    for _ in range(int(SILENT_LIMIT) + 2):
        net.tick(1.0)
    assert host.state == "disconnected"
    assert host.view()["status"] == (
        "Live: disconnected. Your friend's page stopped answering (its network may be lost, or "
        "the device asleep). The game is saved: invite your friend again to go on."
    )
    guest.thaw()
    net.pump()
    assert guest.state == "disconnected"  # its channel was closed by the host


def test_a_reply_that_never_connects_is_explained_after_a_while():
    net = Net()
    host = Device(net).open("index.html?game=go")
    guest = Device(net).open(host.invite(w="me", b="friend1"))
    net.pump()
    reply = guest.view()["reply"]
    guest.close()  # the friend's page closed after making its reply
    net.pump()
    host.paste(reply)
    net.pump()
    assert host.view()["message"] == words.CONNECTING
    net.tick(CONNECT_LIMIT - 1)
    assert host.view()["message"] == words.CONNECTING
    net.tick(2)
    assert host.view()["message"] == words.WAIT_NOTES["accept"]
    assert (
        host.view()["status"]
        == "Live: waiting for your friend's reply. " + words.WAIT_NOTES["accept"]
    )


def test_a_flood_closes_the_channel_and_keeps_the_game():
    net, host, guest = connected_pair()
    play(net, host, "10")
    net.now += RATE_WINDOW  # a new window of the rate limit
    heard = host.heard
    for _ in range(10_000):
        guest.port.send("host", encode("act", n=99, a="1"))
    net.pump()
    assert host.state == "disconnected" and host.actions == ["10"]
    assert "sent more messages than a game needs (more than 50 a second)" in host.view()["status"]
    limit = int(RATE_LIMIT * RATE_WINDOW)
    assert host.heard - heard == limit + 1  # then its channel is closed: nothing more comes
    assert host.view()["flags"]["live-refused"] == str(limit + 1)  # each refused, then the cut
    assert len(host.port.warnings) == limit  # one warning per message refused by the screen
    assert guest.state == "disconnected"


def test_bad_messages_are_counted_logged_and_never_applied():
    net, host, guest = connected_pair()
    for text in ("{", "[1]", '{"v": 9, "t": "act"}', encode("act", n=0, a="10")):
        guest.port.send("host", text)
    net.pump()
    view = host.view()
    assert view["flags"]["live-refused"] == "4"
    assert "not JSON" in view["log"] and "another version" in view["log"]
    assert "not their turn" in view["log"].splitlines()[-1]
    assert host.actions == [] and host.state == "connected"


# -- a reply opened in another tab ----------------------------------------------------------------


def test_a_reply_opened_in_another_tab_goes_to_the_tab_that_made_the_invitation():
    net = Net()
    laptop = Device(net)
    host = laptop.open("index.html?game=go")
    guest = Device(net).open(host.invite(w="me", b="friend1"))
    net.pump()
    reply = guest.view()["reply"]
    other = laptop.open(reply)  # clicked in a chat: a new tab of the host's browser
    assert other.play.invites.relayed
    assert other.c.app.session.message == words.RELAY_SENDING
    net.pump()
    assert host.state == guest.state == "connected"
    assert other.c.app.session.message == words.RELAY_TAKEN
    stray = guest.device.open(reply)  # in the friend's browser no tab waits for it
    net.pump()
    assert stray.c.app.session.message == words.RELAY_NONE
    damaged = guest.device.open("index.html#reply=1~garbage")
    assert damaged.c.error.startswith("This reply cannot be used: ")
    assert not damaged.play.invites.relayed


# -- a race for four ------------------------------------------------------------------------------


def test_a_race_for_four_is_relayed_by_the_host_and_an_undo_needs_everyone():
    net = Net()
    host = Device(net).open("index.html?game=race&players=4")
    link = host.invite(w="me", b="friend1", r="friend2", y="friend3")
    friends = []
    for colour in "bry":  # the dialog shows the next friend's invitation once one connected
        assert host.view()["message"].endswith(words.colour_name(colour) + ".")
        friend = Device(net).open(link)
        net.pump()
        host.paste(friend.view()["reply"])
        net.pump()
        assert friend.state == "connected" and friend.view()["flags"]["live-me"] == colour
        friends.append(friend)
        link = host.view()["invite"]
    pages = [host, *friends]
    for page in pages:  # each page moves once; every move reaches the three others
        session = page.c.app.session
        move = sorted(session.game.legal_moves())[0]
        page.c.app.session.act(move)
        page.refresh()
        net.pump()
    assert len({tuple(p.actions) for p in pages}) == 1 and len(host.actions) == 4
    black, red, yellow = friends
    black.action("undo")
    net.pump()
    for page in (host, red, yellow):  # Black's move, then Red's and Yellow's replies
        assert page.view()["question"] == (
            "Black asks to take back their last move and the moves after it. Do you agree?"
        )
    red.answer(False)
    net.pump()
    assert [p.view()["question"] for p in pages] == ["", "", "", ""]
    assert black.c.app.session.message == "Your friend declined to take back the last move."
    black.action("undo")
    net.pump()
    for page in (host, red, yellow):
        page.answer(True)
        net.pump()
    assert {len(p.actions) for p in pages} == {1}  # back to before Black's move, everywhere
    red.close()
    net.pump()
    assert [p.state for p in (host, black, yellow)] == ["disconnected"] * 3
    assert {len(p.actions) for p in (host, black, yellow)} == {1}


@pytest.mark.parametrize("action", ["pass", "resign"])
def test_pass_and_resign_wait_for_this_pages_turn(action):
    net, host, guest = connected_pair()
    guest.c.action(action)
    assert guest.c.app.session.message == "It is White's turn: your friend plays White."
    assert guest.c.app.session.phase() == "play" and guest.actions == []


# -- what the pages say, in either language -------------------------------------------------------


def sentences(text: str) -> list:
    return [s.strip() for s in text.replace("? ", "?|").replace(". ", ".|").split("|")]


def test_a_disconnection_says_once_what_happened_and_once_what_to_do():
    """Each event its own sentence, none said twice; the guest is told to ask for an invitation,
    the host to invite again (only the host can)."""
    net, host, guest = connected_pair()
    guest.frozen = True  # its page stops: the host's heartbeat finds it
    for _ in range(int(SILENT_LIMIT) + 2):
        net.tick(1.0)
    guest.thaw()
    net.pump()
    said = {"host": host.view()["status"], "guest": guest.view()["status"]}
    assert said["host"] == (
        "Live: disconnected. Your friend's page stopped answering (its network may be lost, or "
        "the device asleep). The game is saved: invite your friend again to go on."
    )
    assert said["guest"] == (
        "Live: disconnected. The game is saved: ask your friend for a new invitation to go on."
    )
    for text in said.values():
        assert len(set(sentences(text))) == len(sentences(text)) and text.count("saved") == 1


def test_live_play_speaks_german_and_the_pages_send_no_words(german):
    net, host, guest = connected_pair()
    assert host.view()["status"] == (
        "Live: Du spielst Weiß. Tipp und Analyse sind in einer Live-Partie bis zu ihrem Ende aus."
    )
    assert guest.view()["message"] == "Verbunden: Warten auf die Partie …"
    sent = []
    host.port.send = lambda peer, text, send=host.port.send: sent.append(text) or send(peer, text)
    play(net, host, "10")
    host.action("undo")
    net.pump()
    assert guest.view()["question"] == (
        "Weiß möchte den eigenen letzten Zug zurücknehmen. Bist du einverstanden?"
    )
    assert host.c.app.session.message == (
        "Du hast dein Gegenüber gebeten, der Rücknahme deines letzten Zugs zuzustimmen …"
    )
    assert [json.loads(t)["t"] for t in sent] == ["act", "ask"]  # codes only: no sentence
    assert json.loads(sent[1])["what"] == "undo"
    guest.answer(False)
    net.pump()
    assert host.c.app.session.message == (
        "Dein Gegenüber hat die Rücknahme des letzten Zugs abgelehnt."
    )
    play(net, guest, "20")
    guest.click("30")
    assert guest.c.app.session.message == "Weiß ist am Zug: Dein Gegenüber spielt Weiß."
    guest.port.send("host", encode("act", n=2, a="30", seat="w"))
    net.pump()
    assert host.view()["log"].splitlines()[-1] == (
        "Nachricht „act“ abgewiesen: Nicht an der Reihe (Weiß ist am Zug)."
    )
    guest.close()
    net.pump()
    assert host.view()["status"] == (
        "Live: Verbindung getrennt. Die Partie ist gespeichert: Lade deinen Gast erneut ein, um "
        "weiterzuspielen."
    )


def test_what_the_dialog_keeps_is_worded_when_it_is_drawn():
    """A message the dialog shows (a refusal and its reason) follows the page's language."""
    net = Net()
    host = Device(net).open("index.html?game=go")
    host.invite(w="me", b="friend1")
    host.paste("https://lotus.example/index.html#live=1~x")
    assert host.view()["message"] == (
        "This reply cannot be used: it is not a reply to an invitation."
    )
    catalog.use("de")
    try:
        assert host.view()["message"] == (
            "Diese Antwort kann nicht verwendet werden: Sie ist keine Antwort auf eine Einladung."
        )
    finally:
        catalog.use("en")


# -- where live play is decided -------------------------------------------------------------------

PAGE_LIVE = os.path.join(ROOT, "lotus", "page", "live")
ADAPTER = os.path.join(ROOT, "lotus", "dom", "live.py")


def parsed(path: str) -> tuple:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return text, ast.parse(text)


def test_live_play_is_split_in_modules_of_reasonable_size():
    """No module of lotus/page/live/ over 500 lines, no class over 400, no handler found by name."""
    for name in sorted(os.listdir(PAGE_LIVE)):
        if not name.endswith(".py"):
            continue
        text, tree = parsed(os.path.join(PAGE_LIVE, name))
        assert len(text.splitlines()) <= 500, name
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno - node.lineno + 1 <= 400, f"{name}: {node.name}"
            if isinstance(node, ast.Name):
                assert node.id not in ("getattr", "hasattr"), name


def test_the_dom_adapter_only_moves_bytes_and_clicks():
    """lotus/dom/live.py: about 250 lines; it never reads the protocol's state (the `Link`, its
    role or questions) and holds no sentence for the player (only selectors and names)."""
    text, tree = parsed(ADAPTER)
    assert len(text.splitlines()) <= 250
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and ast.get_docstring(node) is not None
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("link", "role", "questions", "peers", "state"), node.attr
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                assert " " not in node.value, node.value


# -- the page's runtime ---------------------------------------------------------------------------

SCENARIO = """
def scenario():
    net = Net()
    host = Device(net).open("index.html?game=go")
    guest = Device(net).open(host.invite(w="me", b="friend1"))
    net.pump()
    host.paste(guest.view()["reply"])
    net.pump()
    out = [host.view()["status"], guest.view()["status"], guest.view()["dialog"]]
    for tab, point in ((host, "10"), (guest, "20"), (host, "11"), (host, "12")):
        tab.click(point)
        net.pump()
    out.append([host.actions, guest.actions, host.c.app.session.message])
    host.action("undo")
    net.pump()
    out.append(guest.view()["question"])
    guest.answer(True)
    net.pump()
    guest.port.send("host", "{")
    net.pump()
    out.append([host.actions, guest.actions, host.view()["flags"], host.view()["log"]])
    guest.close()
    net.pump()
    out.append([host.view()["status"], host.view()["flags"]["live"]])
    return out
"""


@pytest.mark.micropython
def test_two_pages_play_the_same_under_micropython():
    """The page runs live play on MicroPython: the same pages, the same network, the same game
    and words as under CPython."""
    with open(os.path.join(ROOT, "tests", "support", "live_net.py"), encoding="utf-8") as f:
        source = f.read() + SCENARIO
    namespace = {}
    exec(compile(source, "live_net_scenario", "exec"), namespace)
    expected = namespace["scenario"]()
    got = json.loads(micropython.run(source + "\nimport json\nprint(json.dumps(scenario()))\n"))
    assert expected[3][0] == ["10", "20", "11"] and expected[3][1] == ["10", "20", "11"]
    assert "not JSON" in expected[5][3]
    assert got == json.loads(json.dumps(expected))
