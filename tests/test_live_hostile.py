"""Live play against a peer that does not play fair (lotus/page/live/, docs/live.md "Security").

Each side is the only authority over its own seats: whatever the other page sends, in any message
type, can add to this page's game only an action for a colour that page holds, on its turn; take
back or start over only what this page's player agreed to; end the scoring only on this page's
player's confirmation; and never raise. The cases are the ones a hostile friend tried by hand
(crafted messages from the console), then random and mutated messages of every type (hypothesis).
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.game import games
from lotus.page.live import codes, resume, wire
from lotus.page.live.link import MAX_LOG, Link

MATCH = "m1"


class Page:
    """One page of a live game: its session and its link, the channel to `peer` open."""

    def __init__(self, role: str, game: str, me: str, options=None, peer_colours="") -> None:
        self.session = games.get(game).new_session(options or {})
        self.link = Link(role, MATCH, game, me)
        self.link.joined("peer", peer_colours)
        self.link.connected(self.session)

    def hears(self, text: str) -> str:
        """A message from the peer, handled as the page does (a state is reconciled)."""
        result, _out = self.link.receive(self.session, "peer", text)
        if result == "state":
            verdict, detail = resume.take_state(self.link, self.session, self.link.last_state, True)
            if verdict == "extend":
                resume.extend(self.link, self.session, detail, "peer")
        return result


def opened_go_pair():
    """A Go game between a host (White) and a guest (Black) whose states were exchanged."""
    host = Page("host", "go", "w", peer_colours="b")
    guest = Page("guest", "go", "b")
    assert host.hears(guest.link.state_message(guest.session, {})) == "state"
    assert guest.hears(host.link.state_message(host.session, {})) == "state"
    return host, guest


def play(mover: Page, other: Page, *actions) -> None:
    for action in actions:
        mover.session.act(action)
        for text in mover.link.outgoing(mover.session):
            assert other.hears(text) != "refused", other.link.log
        mover, other = other, mover


def state(actions, **fields) -> str:
    return wire.encode("state", match=MATCH, game="go", actions=list(actions), **fields)


def test_a_state_during_the_game_moves_resigns_or_finishes_nothing():
    host, guest = opened_go_pair()
    play(host, guest, "10", "20")
    for actions in (
        ["10", "20", "resign"],  # White (the host) resigning
        ["10", "20", "30", "40", "50"],  # White's 30 and 50
        ["10", "20", "30"],
    ):
        assert host.hears(state(actions)) == "refused"
        assert host.session.actions == ["10", "20"]
    assert "not due" in host.link.log[-1]
    play(host, guest, "pass", "pass")
    assert host.session.phase() == "scoring"
    assert host.hears(state(["10", "20", "pass", "pass", "#finish:10"])) == "refused"
    assert host.session.phase() == "scoring" and host.link.refused == 4


def test_a_reconnecting_peer_extends_the_game_only_with_its_own_moves():
    host = Page("host", "go", "w", peer_colours="b")
    host.session.act("10")
    # At the channel's opening the guest's state holds its own 20, then White's 30.
    host.hears(state(["10", "20", "30"]))
    assert host.session.actions == ["10", "20"]
    # Again, holding White's resignation, or White's pass and the end of the scoring.
    for actions in (["10", "20", "resign"], ["10", "20", "pass", "pass", "#finish:"]):
        host.link.joined("peer", "b")  # a new connection: its state is due once
        host.hears(state(actions))
        assert host.session.actions == ["10", "20"]
        assert "not their turn" in host.link.log[-1]
    assert host.session.phase() == "play" and host.link.refused == 3


def test_the_end_of_the_scoring_on_reconnection_needs_this_pages_confirmation():
    host, guest = opened_go_pair()
    play(host, guest, "10", "20", "pass", "pass")
    guest.link.confirm(guest.session)  # the guest confirmed; the host's confirm got lost
    finished = guest.session.actions + ["#finish:" + ",".join(guest.session.game.dead)]
    guest.link.joined("peer", "")
    guest.hears(state(finished))
    assert guest.session.phase() == "over"
    host.link.joined("peer", "b")  # the host never confirmed: the guest cannot end its game
    host.hears(state(finished))
    assert host.session.phase() == "scoring"


def test_a_take_back_or_new_game_needs_this_pages_players_yes():
    host, guest = opened_go_pair()
    play(host, guest, "10", "20", "11")
    assert guest.hears(wire.encode("undo", n=3)) == "refused"
    assert guest.session.actions == ["10", "20", "11"]
    assert "did not agree" in guest.link.log[-1]
    assert "as agreed" not in guest.session.message
    new = wire.encode("state", match="m2", game="go", actions=[], options={"first": "w"})
    assert guest.hears(new) == "refused"
    assert guest.session.actions == ["10", "20", "11"]
    # Asked and agreed: the take-back comes, once.
    for _to, text in [("peer", t) for t in host.link.questions.ask(host.session, "undo")]:
        assert guest.hears(text) == "ask"
    _, out = guest.link.questions.answer(guest.session, True)
    result, back = host.link.receive(host.session, "peer", out[0][1])
    assert result == "undo" and guest.hears(back[0][1]) == "redraw"
    assert guest.session.actions == host.session.actions == ["10", "20"]
    assert guest.hears(back[0][1]) == "refused"  # the same take-back again


def test_a_host_may_not_impose_a_game_over_the_move_cap():
    guest = Page("guest", "go", "b")
    huge = state(["pass"] * (games.MAX_MOVES + 600))
    assert len(huge) < wire.MAX_MESSAGE
    assert guest.hears(huge) == "refused"
    assert f"more than {games.MAX_MOVES} moves" in guest.link.log[-1]
    assert guest.session.actions == []


def test_odd_messages_are_refused_not_raised():
    host, guest = opened_go_pair()
    play(host, guest, "10")
    for text in (
        wire.encode("act", n=1, a="99"),  # no such point
        wire.encode("state", match=MATCH, game="go"),  # no moves
        wire.encode("state", match=MATCH, game="go", actions=[], options=5),
        wire.encode("dead", n=1, dead=["99"]),
        wire.encode("act", n=1, a="20", seat="w"),  # Black's turn, said to be White's
        wire.encode("new"),
        '{"v": 1, "t": "act", "n": true, "a": "20"}',
        "[" * 5000 + "]" * 5000,
    ):
        assert guest.hears(text) == "refused", text
        assert host.hears(text) == "refused", text
    assert host.session.actions == guest.session.actions == ["10"]


def test_every_refusal_is_counted_though_the_log_keeps_the_latest():
    guest = Page("guest", "go", "b")
    for i in range(MAX_LOG + 15):
        guest.hears(wire.encode("act", n=i + 5, a="1"))
    assert guest.link.refused == MAX_LOG + 15 and len(guest.link.log) == MAX_LOG


def test_a_peer_that_floods_is_cut_off_at_the_rate_limit():
    now = [0.0]
    link = Link("host", MATCH, "go", "w", clock=lambda: now[0])
    link.joined("peer", "b")
    allowed = int(wire.RATE_LIMIT * wire.RATE_WINDOW)
    assert all(link.admit("peer") for _ in range(allowed))  # a busy but sane game
    assert not link.admit("peer")
    now[0] += wire.RATE_WINDOW  # a new window: a peer that slowed down is heard again
    assert link.admit("peer")
    link.joined("other", "r")
    assert link.admit("other")  # each peer is counted on its own


def test_a_long_message_that_is_not_a_state_is_refused_before_it_is_parsed():
    text = wire.encode("dead", n=0, dead=["1"] * 1000)
    assert len(text) > wire.MAX_SMALL
    guest = Page("guest", "go", "b")
    assert guest.hears(text) == "refused" and "too large" in guest.link.log[-1]


# -- random and mutated messages (hypothesis) ------------------------------------------------------

TEXTS = st.one_of(
    st.sampled_from(["10", "20", "99", "0", "pass", "resign", "#resume", "#finish:", "#finish:10"]),
    st.sampled_from(["A1", "B2", "S", "w", "b", "1", "-1", "", "#", "x" * 70]),
    st.text(max_size=8),
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3000),
    TEXTS,
    st.lists(TEXTS, max_size=6),
    st.dictionaries(TEXTS, TEXTS, max_size=3),
)
FIELDS = ("n", "a", "what", "ok", "by", "seat", "dead", "actions", "match", "game", "options")


@st.composite
def messages(draw):
    """A message of any type: well-formed fields of plausible values, or anything at all."""
    fields = {"v": draw(st.sampled_from([1, 1, 1, 2, "1"])), "t": draw(st.sampled_from(wire.TYPES))}
    for key in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)):
        if key == "n":
            fields[key] = draw(st.one_of(st.integers(-1, 12), VALUES))
        elif key in ("actions", "dead"):
            fields[key] = draw(st.lists(TEXTS, max_size=12))
        else:
            fields[key] = draw(VALUES)
    text = json.dumps(fields)
    cut = draw(st.integers(0, 3))
    return text[: len(text) - cut] if cut == 3 else text


def position(draw, game: str):
    """A page of a live game (host or guest, either colour set), a few legal actions in."""
    role = draw(st.sampled_from(["host", "guest"]))
    me = draw(st.sampled_from(["w", "b"]))
    other = "b" if me == "w" else "w"
    page = Page(role, game, me, peer_colours=other if role == "host" else "")
    if draw(st.booleans()):
        page.link.awaiting = []  # the states were exchanged already
    session = page.session
    for _ in range(draw(st.integers(0, 8))):
        if session.phase() == "scoring" and draw(st.booleans()):
            break
        if session.phase() != "play":
            break
        moves = sorted(session.game.legal_moves())
        if not moves:
            break
        move = draw(st.sampled_from(moves + (["pass"] if game == "go" else [])))
        if move == "resign":
            continue
        session.act(move)
    page.link.connected(session)
    return page


def check_page_after_messages(page: Page, texts) -> None:
    session = page.session
    peer_colours = page.link.colours_of("peer")
    for text in texts:
        before = list(session.actions)
        phase, mover = session.phase(), session.game.to_move
        page.hears(text)
        after = session.actions
        if after == before:
            continue
        # A peer's message changed this page's game: only by adding its own actions.
        assert after[: len(before)] == before, (before, after, text)
        for action in after[len(before) :]:
            assert not action.startswith("#finish"), text  # nobody confirmed here
            if action == "#resume":
                assert phase == "scoring"
            else:
                assert phase == "play" and mover in peer_colours, (action, mover, text)
            phase, mover = "play", None  # later actions of an extension: the first one counts
        assert len(after) <= len(before) + 12


@settings(max_examples=150)
@given(st.data())
def test_random_messages_never_raise_nor_play_for_a_colour_the_peer_does_not_hold(data):
    game = data.draw(st.sampled_from(["go", "race"]))
    page = position(data.draw, game)
    texts = data.draw(st.lists(messages(), min_size=1, max_size=8))
    check_page_after_messages(page, texts)


@settings(max_examples=100)
@given(st.data())
def test_mutated_real_messages_never_raise_nor_play_for_a_colour_the_peer_does_not_hold(data):
    host, guest = opened_go_pair()
    play(host, guest, "10", "20", "11")
    real = [
        wire.encode("act", n=3, a="21", seat="b"),
        wire.encode("act", n=3, a="30", seat="w"),
        wire.encode("state", match=MATCH, game="go", actions=["10", "20", "11", "21", "30"]),
        wire.encode("undo", n=3),
        wire.encode("dead", n=3, dead=["10"]),
        wire.encode("confirm", n=3, dead=[]),
        wire.encode("ask", what="undo", n=3, by="b"),
        wire.encode("answer", what="undo", n=3, ok=True),
        wire.encode("drop", what="undo", n=3),
    ]
    page = data.draw(st.sampled_from([host, guest]))
    texts = []
    for _ in range(data.draw(st.integers(1, 6))):
        fields = json.loads(data.draw(st.sampled_from(real)))
        key = data.draw(st.sampled_from(sorted(fields)))
        fields[key] = data.draw(VALUES)
        texts.append(json.dumps(fields))
    check_page_after_messages(page, texts)


def test_the_live_game_kept_for_a_reload_is_read_whatever_storage_holds():
    kept = {"match": "a1b2", "game": "go", "role": "guest", "me": "b", "id": "7"}
    assert codes.read_record(json.dumps(kept)) == kept
    for damaged in (
        None,
        "",
        "{",
        "5",
        "[]",
        json.dumps({**kept, "role": "admin"}),
        json.dumps({k: v for k, v in kept.items() if k != "role"}),
        json.dumps({**kept, "match": 5}),
        json.dumps({**kept, "me": "wz"}),
        json.dumps({**kept, "id": ["7"]}),
        json.dumps({**kept, "match": "x" * 5000}),
    ):
        assert codes.read_record(damaged) == {}, damaged
