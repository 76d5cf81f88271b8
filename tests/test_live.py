"""Live play's protocol (lotus/page/live/) without a browser: codes, messages, two sides."""

import json

import pytest

from lotus.game import games
from lotus.page.live import codes, invites, resume, wire, words
from lotus.page.live.link import CONNECT_LIMIT, JOIN_LIMIT, PING_EVERY, SILENT_LIMIT, Link
from lotus.page.live.wire import LiveError
from tests.support import micropython

OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 1524005987174169336 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:4271653925 1 udp 2113937151 2ed623fb-b56d-4ba6-b379-ce54b97cd7cc.local 37402"
        " typ host generation 0 network-cost 999",
        "a=candidate:1 1 udp 2113942271 192.168.1.20 59864 typ host generation 0",
        "a=candidate:2 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active",
        "a=candidate:3 1 udp 1685987071 203.0.113.9 40001 typ srflx raddr 192.168.1.20 rport 5",
        "a=ice-ufrag:HM9X",
        "a=ice-pwd:0NFqvApErwdHIuEzQu/VOftg",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 01:BC:FA:0C:08:B7:5A:A2:0A:13:16:3D:BD:DE:BE:82:A0:72:80:2C:F0:60"
        ":87:B5:4A:12:DF:BA:D3:2F:8E:6A",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)


def lines_of(sdp: str, prefix: str) -> list:
    return [line for line in sdp.split("\r\n") if line.startswith(prefix)]


# -- codes ----------------------------------------------------------------------------------------


def test_a_description_keeps_what_a_data_channel_needs_in_a_short_code():
    packed = codes.pack_sdp(OFFER)
    assert len(packed) < len(OFFER) // 3
    sdp = codes.unpack_sdp(packed, offer=True)
    for prefix in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:actpass"):
        assert lines_of(sdp, prefix) == lines_of(OFFER, prefix)
    candidates = [line.split()[4:6] for line in lines_of(sdp, "a=candidate:")]
    assert candidates == [  # UDP only (the TCP one is dropped), in their order
        ["2ed623fb-b56d-4ba6-b379-ce54b97cd7cc.local", "37402"],
        ["192.168.1.20", "59864"],
        ["203.0.113.9", "40001"],
    ]
    assert "typ srflx" in lines_of(sdp, "a=candidate:3")[0]
    assert lines_of(codes.unpack_sdp(packed, offer=False), "a=setup:") == ["a=setup:active"]


def test_an_invitation_and_its_reply_round_trip():
    code = codes.invite_code("m4tch", "race", "br", OFFER)
    link = "https://lotus.example/index.html#live=" + code
    invite = codes.read_invite(link, games.GAMES)
    assert (invite["match"], invite["game"], invite["me"]) == ("m4tch", "race", "br")
    assert lines_of(invite["sdp"], "a=ice-pwd:") == ["a=ice-pwd:0NFqvApErwdHIuEzQu/VOftg"]
    assert invite["tag"] == "HM9X"  # the offer's ICE user name: the reply names it
    reply = "https://lotus.example/index.html#reply=" + codes.reply_code("m4tch", "HM9X", OFFER)
    answer = codes.read_reply(reply, "m4tch")
    assert lines_of(answer["sdp"], "a=ice-ufrag:") == ["a=ice-ufrag:HM9X"]
    assert answer["tag"] == "HM9X"
    with pytest.raises(LiveError, match="another game"):
        codes.read_reply(reply, "other")


def test_a_reply_is_checked_before_it_is_handed_to_another_tab():
    """A tab not waiting for a reply hands it on only when it is one (reply_match), whatever
    invitation it answers; a damaged or foreign code is refused with a reason."""
    reply = "https://lotus.example/index.html#reply=" + codes.reply_code("m4tch", "HM9X", OFFER)
    assert codes.reply_match(reply) == "m4tch"
    other_version = reply.replace("#reply=1~", "#reply=9~")
    assert other_version != reply
    for bad in ("#reply=garbage", "#reply=1~a~b~c~d~e~f", other_version, "#reply=" + "x" * 5000):
        with pytest.raises(LiveError):
            codes.reply_match(bad)
    invitation = "#live=" + codes.invite_code("m4tch", "race", "br", OFFER)
    with pytest.raises(LiveError, match="not a reply"):
        codes.reply_match(invitation)


def test_a_reply_to_an_invitation_used_or_replaced_says_what_to_do():
    host = Link("host", "m4tch", "race", "w")
    host.offers.offered("T1", "friend1", "b")
    reply = codes.reply_code("m4tch", "T1", OFFER)
    assert host.offers.reply_for(reply, host.match)[0] == "friend1"
    host.joined("friend1", "b")  # its friend connected: the invitation is spent
    with pytest.raises(LiveError, match="already used .*make a new invitation"):
        host.offers.reply_for(reply, host.match)
    host.offers.offered("T2", "friend2", "r")
    # Made again (the dialog's new invitation): T2 is gone.
    host.offers.offered("T3", "friend2", "r")
    with pytest.raises(LiveError, match="earlier invitation, no longer waiting"):
        host.offers.reply_for(codes.reply_code("m4tch", "T2", OFFER), host.match)
    assert host.offers.reply_for(codes.reply_code("m4tch", "T3", OFFER), host.match)[0] == "friend2"


def test_an_invitation_used_on_this_device_is_remembered():
    invite = codes.read_invite(codes.invite_code("m4tch", "go", "b", OFFER), games.GAMES)
    key = codes.used_key(invite)
    used = []
    for i in range(30):
        used = codes.remember_used(used, f"old~{i}")
    used = codes.remember_used(used, key)
    assert key in used and len(used) == codes.MAX_USED
    assert codes.remember_used(used, key).count(key) == 1
    assert "already used on this device" in words.USED_SENTENCE


def test_a_wait_for_a_connection_that_goes_on_too_long_says_what_may_be_wrong():
    now = [100.0]
    host = Link("host", "m1", "go", "w", clock=lambda: now[0])
    host.state = "inviting"
    host.waiting_for("accept")
    assert host.tick(now[0] + CONNECT_LIMIT - 1)["note"] == ()
    note = words.word(host.tick(now[0] + CONNECT_LIMIT + 1)["note"])
    assert "out of date" in note and "new invitation" in note
    assert host.tick(now[0] + 500)["note"] == ()  # said once
    guest = Link("guest", "m1", "go", "b", clock=lambda: now[0])
    guest.state = "joining"
    guest.waiting_for("join")
    assert guest.tick(now[0] + 30)["note"] == ()  # a friend may take a while to paste it
    note = words.word(guest.tick(now[0] + JOIN_LIMIT + 1)["note"])
    assert "ask them for a new invitation" in note
    guest.joined("host", "")  # connected in time: nothing to say
    assert guest.since is None


def test_a_silent_peer_is_found_by_the_heartbeat():
    now = [0.0]
    host, guest = go_pair(clock=lambda: now[0])
    tick = host.link.tick(now[0])
    assert [to for to, _ in tick["send"]] == ["peer"] and tick["dead"] == []
    # The guest answers every ping; while it does, the host hears it.
    for _ in range(10):
        now[0] += PING_EVERY
        for _to, text in host.link.tick(now[0])["send"]:
            result, out = guest.link.receive(guest.session, "peer", text)
            assert result == "" and [wire.decode(t)["t"] for _, t in out] == ["pong"]
            host.link.receive(host.session, "peer", out[0][1])
        assert host.link.tick(now[0])["dead"] == []
    # Then it is silent (its page frozen, its network gone): after SILENT_LIMIT it is dead.
    now[0] += SILENT_LIMIT - 1
    assert host.link.tick(now[0])["dead"] == []
    now[0] += 2
    assert host.link.tick(now[0])["dead"] == ["peer"]
    host.link.gone("peer", words.said(words.GONE))
    assert host.link.state == "disconnected" and host.link.peers == {}
    assert host.link.tick(now[0] + 100) == {"send": [], "dead": [], "note": ()}


@pytest.mark.parametrize(
    "code, why",
    [
        ("2~m~go~b~x~y~z~", "version"),
        ("1~m~chess~b~" + codes.pack_sdp(OFFER), "game"),
        ("1~m~go~q~" + codes.pack_sdp(OFFER), "colours"),
        ("1~m<b>~go~b~" + codes.pack_sdp(OFFER), "game's id"),
        ("1~m~go~b~a~b~c", "description"),
        ("1~m~go~b~HM9X~0NFqvApErwdHIuEzQu_VOftg~AAAA~", "connection details"),
        ("1~m~go~b~" + codes.pack_sdp(OFFER).replace(";37402", ";x"), "addresses"),
        ("1~m~go~b~" + "x" * 5000, "too long"),
        ("1~m~go~b~HM9X~0NFqvApErwdHIuEzQu_VOftg~A*A~", "character"),
    ],
)
def test_a_bad_invitation_is_refused_with_a_reason(code, why):
    with pytest.raises(LiveError, match=why):
        codes.read_invite(code, games.GAMES)


def test_base64url_round_trips_every_length():
    for n in range(40):
        data = bytes((i * 73 + n) % 256 for i in range(n))
        assert codes.b64decode(codes.b64encode(data)) == data


# -- messages -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, why",
    [
        ("{", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"v": 2, "t": "act"}', "another version"),
        ('{"v": 1, "t": "drop-tables"}', "unknown type"),
        ('{"v": 1, "t": "act", "n": -1, "a": "1"}', "move number"),
        ('{"v": 1, "t": "act", "n": 0, "a": 5}', "not text"),
        ('{"v": 1, "t": "state", "actions": [1]}', "list of texts"),
        (json.dumps({"v": 1, "t": "act", "a": "x" * wire.MAX_MESSAGE}), "too large"),
        (b"bytes", "was not text"),
    ],
)
def test_a_bad_message_is_refused(text, why):
    with pytest.raises(LiveError, match=why):
        wire.decode(text)


def test_every_message_type_has_its_handler():
    """What each type does is an explicit table: a state is reconciled by the page, every other
    type has its handler (a type without one would be refused whatever it said)."""
    for role in ("host", "guest"):
        assert set(Link(role, "m1", "go", "w").handlers) | {"state"} == set(wire.TYPES)


def test_a_message_says_its_version_and_type():
    assert wire.decode(wire.encode("act", n=3, a="10")) == {"v": 1, "t": "act", "n": 3, "a": "10"}


# -- two sides of one game ------------------------------------------------------------------------


class Side:
    """One page: its session and its link, connected to the other side."""

    def __init__(self, role, game, me, session=None, clock=None) -> None:
        self.session = session or games.get(game).new_session()
        self.link = Link(role, "m1", game, me, clock=clock)
        self.link.joined("peer", "".join(c for c in "wb" if c not in me))
        self.link.connected(self.session)

    def deliver(self, texts, other) -> list:
        """Send this side's messages to `other`; returns what `other` did with each."""
        return [other.link.receive(other.session, "peer", text)[0] for text in texts]


def go_pair(clock=None):
    return Side("host", "go", "w", clock=clock), Side("guest", "go", "b", clock=clock)


def test_moves_go_both_ways_and_each_is_applied_once():
    host, guest = go_pair()
    host.session.act("10")
    assert host.deliver(host.link.outgoing(host.session), guest) == ["redraw"]
    guest.session.act("20")
    assert guest.deliver(guest.link.outgoing(guest.session), host) == ["redraw"]
    assert host.session.actions == guest.session.actions == ["10", "20"]
    assert host.link.outgoing(host.session) == [] and guest.link.outgoing(guest.session) == []


def test_out_of_turn_out_of_step_and_illegal_moves_are_refused_and_logged():
    host, guest = go_pair()
    # Black's page sends a move while White is to move.
    assert guest.deliver([wire.encode("act", n=0, a="10")], host) == ["refused"]
    assert "not their turn" in host.link.log[-1]
    host.session.act("10")
    host.deliver(host.link.outgoing(host.session), guest)
    assert guest.deliver([wire.encode("act", n=5, a="11")], host) == ["refused"]
    assert "out of step" in host.link.log[-1]
    assert guest.deliver([wire.encode("act", n=1, a="10")], host) == ["refused"]  # occupied
    assert guest.deliver([wire.encode("act", n=1, a="#finish:")], host) == ["refused"]
    assert guest.deliver(["{"], host) == ["refused"]
    assert host.session.actions == ["10"]
    assert len(host.link.log) == 5
    assert host.link.click_refusal(host.session) == "It is Black's turn: your friend plays Black."
    assert guest.link.click_refusal(guest.session) == ""


def test_undo_is_asked_and_done_on_both_sides_only_when_accepted():
    host, guest = go_pair()
    host.session.act("10")
    host.deliver(host.link.outgoing(host.session), guest)
    assert host.deliver(host.link.questions.ask(host.session, "undo"), guest) == ["ask"]
    assert (
        guest.link.questions.question() == "White asks to take back their last move. Do you agree?"
    )
    agreed, out = guest.link.questions.answer(guest.session, False)
    assert agreed == "" and [host.link.receive(host.session, "peer", t)[0] for _, t in out]
    assert "declined" in host.session.message
    assert host.session.actions == guest.session.actions == ["10"]
    host.deliver(host.link.questions.ask(host.session, "undo"), guest)
    agreed, out = guest.link.questions.answer(guest.session, True)
    assert agreed == ""  # the guest's yes goes to the host, who counts it
    result, back = host.link.receive(host.session, "peer", out[0][1])
    assert result == "undo" and host.session.actions == []
    assert [wire.decode(t)["t"] for _, t in back] == ["undo"]
    host.deliver([back[0][1]], guest)
    assert host.session.actions == guest.session.actions == []
    # An answer nobody asked for is refused.
    assert guest.deliver([wire.encode("answer", what="undo", n=0, ok=True)], host) == ["refused"]


def scoring_pair():
    host, guest = go_pair()
    for i, move in enumerate(("1", "4", "pass", "pass")):
        side, other = (host, guest) if i % 2 == 0 else (guest, host)
        side.session.act(move)
        side.deliver(side.link.outgoing(side.session), other)
    assert host.session.phase() == guest.session.phase() == "scoring"
    return host, guest


def test_scoring_ends_only_when_both_confirm_the_same_marks():
    host, guest = scoring_pair()
    host.session.game.set_dead(["4"])
    host.deliver(host.link.outgoing(host.session), guest)
    assert guest.session.game.dead == host.session.game.dead
    host.deliver(host.link.confirm(host.session), guest)
    assert guest.session.phase() == "scoring"  # the guest has not confirmed yet
    guest.session.game.set_dead([])  # the guest changes the marks: the host's confirmation goes
    guest.deliver(guest.link.outgoing(guest.session), host)
    guest.deliver(guest.link.confirm(guest.session), host)
    assert host.session.phase() == guest.session.phase() == "scoring"
    host.deliver(host.link.confirm(host.session), guest)
    assert host.session.phase() == guest.session.phase() == "over"
    assert host.session.actions == guest.session.actions
    assert host.session.game.winner == guest.session.game.winner


def test_resume_from_scoring_is_sent_and_applied():
    host, guest = scoring_pair()
    guest.session.resume()
    assert guest.deliver(guest.link.outgoing(guest.session), host) == ["redraw"]
    assert host.session.phase() == "play" and host.session.actions == guest.session.actions


def test_a_race_for_three_is_relayed_by_the_host():
    host = Side("host", "race", "w", games.get("race").new_session({"players": 3}))
    host.link.peers = {"friend1": "b", "friend2": "r"}
    guests = {
        "friend1": Link("guest", "m1", "race", "b"),
        "friend2": Link("guest", "m1", "race", "r"),
    }
    sessions = {p: games.get("race").new_session({"players": 3}) for p in guests}
    for peer, link in guests.items():
        link.connected(sessions[peer])
    move = host.session.game.legal_moves()[0]
    host.session.act(move)
    for text in host.link.outgoing(host.session):
        for peer in guests:
            guests[peer].receive(sessions[peer], "host", text)
    # Black's move comes to the host, which applies it and relays it to Red only.
    black = sessions["friend1"]
    black.act(black.game.legal_moves()[0])
    (text,) = guests["friend1"].outgoing(black)
    result, out = host.link.receive(host.session, "friend1", text)
    assert result == "redraw" and [to for to, _ in out] == ["*"]
    guests["friend2"].receive(sessions["friend2"], "host", out[0][1])
    assert host.session.actions == black.actions == sessions["friend2"].actions
    # Red is to move: Black may not play it through the host.
    red = sessions["friend2"]
    assert red.game.to_move == host.session.game.to_move == "r"
    move = wire.encode("act", n=2, a=red.game.legal_moves()[0])
    assert host.link.receive(host.session, "friend1", move)[0] == "refused"
    assert "not their turn" in host.link.log[-1]
    assert host.link.receive(host.session, "friend2", move)[0] == "redraw"


class Star:
    """A race for several pages: the host relays (`peers`: guest id -> colours)."""

    def __init__(self, players: int, host_me: str, peers: dict, seats=None) -> None:
        options = {"players": players}
        if seats:
            options["seats"] = seats
        self.sessions = {"host": games.get("race").new_session(options)}
        self.links = {"host": Link("host", "m1", "race", host_me)}
        friends = "".join(peers.values())
        choices = {c: "me" if c in host_me else "computer" for c in "wbry"[:players]}
        choices.update({c: "friend1" for c in friends})
        chosen = invites.plan("wbry"[:players], choices, seats or {})
        self.links["host"].owns = chosen["owns"]  # its player's colours and the computer's
        self.links["host"].computer = chosen["computer"]
        self.sessions["host"].seats = chosen["seats"]
        for peer, colours in peers.items():
            self.sessions[peer] = games.get("race").new_session({"players": players})
            self.links[peer] = Link("guest", "m1", "race", colours)
            self.links["host"].joined(peer, colours)
            self.links[peer].joined("host", "")
        for name, link in self.links.items():
            link.connected(self.sessions[name])
        self.results = []

    def route(self, sender: str, out, came_from: str = "") -> None:
        """Deliver (to, text) pairs from `sender` as the pages do: a guest's go to the host; the
        host's '*' to every guest but the one whose message it relays (`came_from`)."""
        for to, text in out:
            if sender != "host":
                targets = [] if to == "*" else ["host"]  # a guest relays nothing
            elif to == "*":
                targets = [p for p in self.links if p not in ("host", came_from)]
            else:
                targets = [to]
            for target in targets:
                result, more = self.links[target].receive(self.sessions[target], sender, text)
                self.results.append((target, result))
                self.route(target, more, sender)

    def send(self, name: str, texts) -> None:
        self.route(name, [("*" if name == "host" else "host", t) for t in texts])  # send_all

    def play(self, name: str) -> None:
        session = self.sessions[name]
        session.act(sorted(session.game.legal_moves())[0])
        self.send(name, self.links[name].outgoing(session))

    def actions(self) -> set:
        return {tuple(s.actions) for s in self.sessions.values()}


def test_undo_in_a_race_for_three_needs_every_player_and_one_no_ends_it():
    star = Star(3, "w", {"f1": "b", "f2": "r"})
    for name in ("host", "f1"):
        star.play(name)
    assert star.actions() == {tuple(star.sessions["host"].actions)}
    assert len(star.sessions["host"].actions) == 2
    # Black asks: the host's player and Red are asked (Red through the host).
    star.send("f1", star.links["f1"].questions.ask(star.sessions["f1"], "undo"))
    assert (
        star.links["host"].questions.question()
        == "Black asks to take back their last move. Do you agree?"
    )
    assert star.links["f2"].questions.question() == star.links["host"].questions.question()
    agreed, out = star.links["host"].questions.answer(star.sessions["host"], True)
    assert agreed == "redraw" and out == []  # Red has not answered yet: nothing is taken back
    assert len(star.sessions["host"].actions) == 2
    agreed, out = star.links["f2"].questions.answer(star.sessions["f2"], True)
    star.route("f2", out)
    assert star.actions() == {(star.sessions["host"].actions[0],)}  # taken back on all three
    assert all(
        link.questions.pending is None and link.questions.asked is None
        for link in star.links.values()
    )
    # The host asks; Black declines: Red's question is withdrawn, nothing is taken back.
    star.send("host", star.links["host"].questions.ask(star.sessions["host"], "undo"))
    assert star.links["f1"].questions.question() and star.links["f2"].questions.question()
    agreed, out = star.links["f1"].questions.answer(star.sessions["f1"], False)
    star.route("f1", out)
    assert star.links["f2"].questions.question() == ""
    assert "declined" in star.sessions["host"].message
    assert "declined" in star.sessions["f2"].message
    assert len(star.actions()) == 1 and len(star.sessions["host"].actions) == 1
    # A new game: everybody agrees, the host is told to start it.
    star.send("f2", star.links["f2"].questions.ask(star.sessions["f2"], "new"))
    star.route("f1", star.links["f1"].questions.answer(star.sessions["f1"], True)[1])
    assert star.links["host"].questions.answer(star.sessions["host"], True)[0] == "new"
    assert not [r for r in star.results if r[1] == "refused"], star.links["host"].log


def test_a_question_ends_when_a_player_leaves_and_a_second_one_waits_its_turn():
    star = Star(3, "w", {"f1": "b", "f2": "r"})
    star.play("host")
    star.send("host", star.links["host"].questions.ask(star.sessions["host"], "undo"))
    # A second question while the first is open is declined at once.
    star.send("f1", star.links["f1"].questions.ask(star.sessions["f1"], "new"))
    assert "declined" in star.sessions["f1"].message
    out = star.links["host"].gone("f1", "Black's page closed.")
    star.route("host", out)
    assert star.links["f2"].questions.question() == ""  # withdrawn
    assert star.links["host"].questions.vote is None and star.links["host"].state == "disconnected"
    # The game stops for everyone: the host's page closes Red's channel too.
    assert star.links["host"].stop("Black's page closed.") == ["f2"]
    assert star.links["host"].peers == {} and star.links["f1"].stop("gone") == []


def test_computer_seats_in_a_live_race_are_played_by_the_host_and_relayed():
    """Red is the computer's: the host's page plays it (as its worker's answer would) and relays
    it; the guests see it; no guest may play Red."""
    star = Star(3, "w", {"f1": "b"}, seats={"w": "human", "b": "human", "r": "easy"})
    host = star.links["host"]
    assert host.owns == "wr" and host.me == "w"
    assert star.sessions["host"].computer_level() is None  # White is to move: a person
    star.play("host")
    star.play("f1")
    assert star.sessions["host"].computer_level() == "easy"  # Red's turn: the computer's
    red = sorted(star.sessions["f1"].game.legal_moves())[0]
    refused = wire.encode("act", n=2, a=red)
    assert host.receive(star.sessions["host"], "f1", refused)[0] == "refused"
    assert "not their turn" in host.log[-1]
    state = wire.decode(host.state_message(star.sessions["host"], {}))
    assert state["computer"] == "r"
    resume.take_state(star.links["f1"], star.sessions["f1"], state, True)
    assert star.links["f1"].click_refusal(star.sessions["f1"]) == (
        "It is Red's turn: the computer plays Red, on the host's page."
    )
    star.play("host")  # the computer's move, made on the host's page
    assert len(star.actions()) == 1 and len(star.sessions["f1"].actions) == 3
    assert star.sessions["f1"].game.to_move == "w"


# -- reconnecting ---------------------------------------------------------------------------------


def test_reconcile_takes_the_longer_consistent_history_or_says_where_they_differ():
    assert resume.reconcile(["1", "2"], ["1", "2", "3"]) == ("theirs", 2)
    assert resume.reconcile(["1", "2", "3"], ["1"]) == ("mine", 1)
    assert resume.reconcile(["1"], ["1"]) == ("same", 1)
    assert resume.reconcile(["1", "2", "4"], ["1", "3"]) == ("conflict", 1)


def state_of(side) -> dict:
    return wire.decode(side.link.state_message(side.session, {}))


def test_a_resumed_game_plays_the_longer_history_on_the_shorter_side():
    host, guest = go_pair()
    for move in ("10", "20", "11"):
        host.session.act(move)
    for move in ("10", "20"):
        guest.session.act(move)
    assert resume.take_state(host.link, host.session, state_of(guest), True) == ("keep", None)
    verdict, theirs = resume.take_state(guest.link, guest.session, state_of(host), True)
    assert verdict == "extend"
    assert resume.extend(guest.link, guest.session, theirs, "peer") == 1
    assert guest.session.actions == ["10", "20", "11"]


def test_a_resumed_game_takes_only_the_senders_own_moves():
    # Black's page (the guest) missed its own move: the host's longer history holds a Black move
    # that only the guest may make, so the guest plays nothing of it.
    host, guest = go_pair()
    for move in ("10", "20", "11"):
        host.session.act(move)
    guest.session.act("10")
    verdict, theirs = resume.take_state(guest.link, guest.session, state_of(host), True)
    assert verdict == "extend"
    assert resume.extend(guest.link, guest.session, theirs, "peer") == 0
    assert guest.session.actions == ["10"]
    assert "not their turn" in guest.link.log[-1]


def test_conflicting_histories_are_never_merged():
    host, guest = go_pair()
    host.session.act("10")
    guest.session.act("11")
    assert resume.take_state(host.link, host.session, state_of(guest), True) == ("keep", 0)
    assert resume.take_state(guest.link, guest.session, state_of(host), True) == ("adopt", 0)
    assert host.link.conflict == guest.link.conflict == 0
    assert guest.session.actions == ["11"]  # the page adopts the host's game as a new game


def test_a_guest_whose_game_is_another_adopts_the_hosts():
    host, guest = go_pair()
    host.session.act("10")
    assert resume.take_state(guest.link, guest.session, state_of(host), False) == ("adopt", None)


def test_the_hosts_plan():
    chosen = invites.plan("wbry", {"w": "me", "b": "friend1", "r": "computer", "y": "friend2"}, {})
    assert chosen["me"] == "w" and chosen["owns"] == "wr"
    assert chosen["friends"] == [("friend1", "b"), ("friend2", "y")]
    assert chosen["seats"] == {"w": "human", "b": "human", "r": "medium", "y": "human"}
    assert chosen["computer"] == "r"
    with pytest.raises(LiveError, match="friend"):
        invites.plan("wb", {"w": "me", "b": "computer"}, {})


# -- the page's runtime ---------------------------------------------------------------------------

SCRIPT = """
from lotus.game import games
from lotus.page import qr
from lotus.page.live import codes
from lotus.page.live.link import Link
from lotus.page.live.wire import LiveError

def run():
    out = []
    code = codes.invite_code("m1", "go", "b", OFFER)
    out.append(code)
    invite = codes.read_invite(code, games.GAMES)
    out.append(invite["sdp"])
    host = games.get("race").new_session()
    guest = games.get("race").new_session()
    a = Link("host", "m1", "race", "w")
    a.peers["p"] = "b"
    b = Link("guest", "m1", "race", "b")
    a.connected(host)
    b.connected(guest)
    for i in range(6):
        mover, link, other, olink = (host, a, guest, b) if i % 2 == 0 else (guest, b, host, a)
        mover.act(sorted(mover.game.legal_moves())[0])
        for text in link.outgoing(mover):
            out.append(olink.receive(other, "p", text)[0])
    out.append(guest.actions)
    out.append(b.receive(guest, "p", '{"v": 1, "t": "act", "n": 0, "a": "x"}')[0])
    out.append(b.log)
    # A question counted by the host, the heartbeat, a reply to a spent invitation.
    out.append(b.receive(guest, "p", a.questions.ask(host, "undo")[0])[0])
    for _to, text in b.questions.answer(guest, True)[1]:
        out.append(a.receive(host, "p", text)[0])
    out.append([len(host.actions), a.questions.vote, a.tick(1000.0)["dead"]])
    a.offers.offered("T1", "f2", "r")
    a.joined("f2", "r")
    try:
        a.offers.reply_for(codes.reply_code("m1", "T1", OFFER), a.match)
    except LiveError as exc:
        out.append(str(exc))
    out.append(["".join(str(c) for c in row) for row in qr.encode("https://lotus.example/#x")])
    return out
"""


@pytest.mark.micropython
def test_the_protocol_and_the_qr_code_are_the_same_under_micropython():
    source = f"OFFER = {OFFER!r}\n" + SCRIPT
    namespace = {}
    exec(compile(source, "live_script", "exec"), namespace)
    expected = namespace["run"]()
    got = json.loads(micropython.run(source + "\nimport json\nprint(json.dumps(run()))\n"))
    assert len(expected[-1]) == 25 and expected[2:8] == ["redraw"] * 6
    assert (
        expected[-4] == "undo" and expected[-3][:2] == [4, None] and "already used" in expected[-2]
    )
    assert got == json.loads(json.dumps(expected))


def test_the_stun_setting_is_checked():
    assert codes.check_stun("  stun:stun.example.org:3478 ") == "stun:stun.example.org:3478"
    assert codes.check_stun("") == ""
    for bad in ("http://x", "stun:", "stun:a b", "stun:host:99999", "turn:host"):
        with pytest.raises(LiveError, match="STUN"):
            codes.check_stun(bad)
