"""One page's side of a live game: the `Link` between this page's game and the others'.

A game is the session's list of actions (moves, and resuming play after two passes); each one
received is checked twice: here (its index, whose turn, who sent it) and by the engine when the
session plays it. The host relays: a guest's move goes to the host, who plays it and sends it on
to the other guests. Each page is the only authority over its own seats (docs/live.md).
"""

from lotus.game.games import MAX_MOVES
from lotus.page.live import words
from lotus.page.live.codes import Offers
from lotus.page.live.questions import Questions
from lotus.page.live.wire import (
    COLOURS,
    RATE_LIMIT,
    RATE_WINDOW,
    STEPPED,
    LiveError,
    decode,
    encode,
    moves_in,
    state,
)
from lotus.words import N_, _

MAX_LOG = 20  # refusals kept for the page's log
PING_EVERY = 2.0  # seconds between two pings to each peer
SILENT_LIMIT = 6.0  # seconds without a message from a peer before its link counts as dead
CONNECT_LIMIT = 20.0  # seconds after the host pasted a reply before saying nothing connected
JOIN_LIMIT = 90.0  # seconds after a guest made its reply before saying what may be wrong
# Translators: a live message numbered {n} arrived while the game's next action is number {length}.
OUT_OF_STEP = N_("out of step (numbered {n} where the game's next is {length})")
ENDS_BY_CONFIRMING = N_("a game ends when both players confirm the scoring")


class Link:
    """A page's side of a live game: the host (who invited, and relays) or a guest.

    `me`: the colours this page's player plays; `owns`: the colours whose moves this page sends
    (the host's also the computer's seats); `peers`: {peer id: the colours that peer plays}
    (a guest's only peer is the host, who speaks for every colour not the guest's).
    """

    def __init__(self, role: str, match: str, game: str, me: str, clock=None) -> None:
        self.clock = clock or (lambda: 0.0)  # seconds, any origin (the page's performance.now)
        self.role = role
        self.match = match
        self.game = game
        self.me = me
        self.owns = me
        self.computer = ""  # the colours the host's computer plays (told to the guests)
        self.peers = {}
        self.state = "idle"  # 'inviting', 'joining', 'connected', 'disconnected'
        self.synced = []  # the actions both sides agreed on
        self.sent_dead = None  # the dead-group marks last sent
        self.confirms = {}  # who -> (n, marks) of a confirmed scoring ("me" or a peer id)
        self.log = []  # the latest refusals (MAX_LOG), newest last
        self.refused = 0  # every message refused since the page opened
        self.conflict = None  # the action where the two histories differed, after a reconnection
        self.note = ()  # what to tell the player about the link now (`words.said`)
        self.last_state = None  # the other side's last "state" message
        self.heard = {}  # peer -> when a message last came from it (the heartbeat)
        self.pinged = None  # when this page last pinged its peers
        self.offers = Offers()  # the host's invitations, waiting for a reply or spent
        self.since = None  # when this page started waiting for a connection (joining, accepting)
        self.waited = ""  # what this page is waiting for: '', 'join' or 'accept'
        self.awaiting = []  # peers whose game's state is due (once, at the channel's opening)
        self.confirmed = None  # (n, marks): the scoring this page's player confirmed last
        self.rate = {}  # peer -> (start of its counting window, messages in it)
        self.questions = Questions(self)  # undo and new game, asked and answered
        q = self.questions
        self.handlers = {  # what a message does, by its type (a state is reconciled by the page)
            "act": self._on_act,
            "dead": self._on_dead,
            "confirm": self._on_confirm,
            "ask": q.on_ask,
            "answer": q.on_answer,
            "drop": q.on_drop,
            "undo": q.on_undo,
            "new": self._on_new,
            "bye": self._on_bye,
            "ping": self._on_ping,
            "pong": self._on_pong,
        }

    # -- peers come and go -----------------------------------------------------------------------
    def joined(self, peer: str, colours: str) -> None:
        """A channel to `peer` opened (the host: the invitation it answered is spent)."""
        self.peers[peer] = colours
        self.heard[peer] = self.clock()
        self.rate.pop(peer, None)
        if peer not in self.awaiting:
            self.awaiting.append(peer)
        self.offers.spend(peer)
        self.waited = ""
        self.since = None

    def gone(self, peer: str, why=()) -> list:
        """`peer`'s channel is dead (closed, or silent too long): messages for the others; `why`
        the note that says why (`words.said`; () : nothing to add to "disconnected")."""
        self.peers.pop(peer, None)
        self.heard.pop(peer, None)
        if peer in self.awaiting:
            self.awaiting.remove(peer)
        out = self.questions.cancel(peer)
        self.state = "disconnected"
        self.note = why
        return out

    def stop(self, why=()) -> list:
        """After a friend's channel is `gone`: a host's game stops for every friend (a race
        cannot go on without a player), so the other friends are gone too. The peers whose
        channels the page must close, so that their pages show disconnected (none for a guest)."""
        if self.role != "host":
            return []
        others = list(self.peers)
        for peer in others:
            self.gone(peer, why)
        return others

    def tick(self, now) -> dict:
        """Every few seconds: {'send': [(peer, text)] pings, 'dead': [silent peers], 'note':
        what to tell the player now that a wait went on too long (`words.said`; () : nothing
        new)}."""
        out = {"send": [], "dead": [], "note": ()}
        if self.state == "connected":
            for peer in list(self.peers):
                if now - self.heard.get(peer, now) > SILENT_LIMIT:
                    out["dead"].append(peer)
            if self.pinged is None or now - self.pinged >= PING_EVERY:
                self.pinged = now
                ping = encode("ping")
                out["send"] = [(p, ping) for p in self.peers if p not in out["dead"]]
        elif self.since is not None:
            limit = CONNECT_LIMIT if self.waited == "accept" else JOIN_LIMIT
            if now - self.since > limit:
                self.since = None
                note = words.WAIT_NOTES.get(self.waited)
                out["note"] = words.said(note) if note else ()
        return out

    def waiting_for(self, what: str) -> None:
        """This page now waits for a connection: 'join' (a guest's reply is out) or 'accept'."""
        self.waited = what
        self.since = self.clock()

    # -- whose turn, what may be clicked -------------------------------------------------------
    def colours_of(self, peer: str) -> str:
        """The colours whose actions `peer` may send."""
        if self.role == "guest":
            return "".join(c for c in COLOURS if c not in self.me)
        return self.peers.get(peer, "")

    def click_refusal(self, session) -> str:
        """Why this page's player may not play now ('' when they may)."""
        if self.state not in ("connected", "disconnected"):
            return ""
        mover = session.game.to_move
        if session.phase() == "play" and mover not in self.owns:
            return words.turn_refusal(mover, mover in self.computer)
        return ""

    def refuse(self, why: str) -> None:
        """Count and log a refused message (never applied); `why`: its log line, worded."""
        self.refused += 1
        self.log.append(why)
        if len(self.log) > MAX_LOG:
            self.log.pop(0)

    # -- this page's changes -> messages ------------------------------------------------------
    def outgoing(self, session) -> list:
        """Messages for the page's own changes since the last call (actions, dead-group marks)."""
        if self.state != "connected":
            return []
        out = []
        actions = session.actions
        if actions[: len(self.synced)] != self.synced:
            return []  # the page's history went elsewhere (never by play): nothing is sent
        for i in range(len(self.synced), len(actions)):
            action = actions[i]
            if not action.startswith("#finish"):  # both sides finish by themselves
                out.append(encode("act", n=i, a=action, seat=session.movers[i]))
            self.synced.append(action)
        if session.phase() == "scoring":
            dead = sorted(session.game.dead, key=_number)
            if dead != self.sent_dead:
                self.sent_dead = dead
                self.confirms = {}
                out.append(encode("dead", n=len(actions), dead=dead))
        else:
            self.sent_dead = None
        return out

    # -- messages -> the game -----------------------------------------------------------------
    def receive(self, session, peer: str, text) -> tuple:
        """A message from `peer`: (what the page must do, messages to send).

        The first is '' (nothing), 'redraw', 'ask' (a question for the player), 'state' (the
        page must reconcile: see `resume.take_state`), 'undo' or 'new' (agreed by everyone),
        'bye' or 'refused'. Messages to send are (to, text), `to` being a peer id, or '*' for
        every peer but `peer` (the host relays).
        """
        message = self.screen(session, peer, text)
        if message is None:
            return ("refused", [])
        return self.apply(session, peer, message)

    def admit(self, peer: str) -> bool:
        """Count a message from `peer`: False once it sent more than RATE_LIMIT a second over
        RATE_WINDOW (a flood: the page closes its channel, saying `words.FLOODED`)."""
        now = self.clock()
        start, count = self.rate.get(peer, (now, 0))
        if now - start >= RATE_WINDOW:
            start, count = now, 0
        self.rate[peer] = (start, count + 1)
        return count < RATE_LIMIT * RATE_WINDOW

    def screen(self, session, peer: str, text):
        """The cheap checks of a message, before the engine: the message, or None when refused
        (counted and logged). It only reads the game, and never raises."""
        try:
            message = decode(text)
        except LiveError as exc:
            self.refuse(words.refused("", exc))
            return None
        kind = message["t"]
        self.heard[peer] = self.clock()
        try:
            if kind == "state":
                self._check_state(session, peer, message)
            elif kind in ("undo", "drop", "new") and self.role == "host":
                raise LiveError(N_("only the host sends this kind of message"))
            elif kind in STEPPED and message.get("n") != len(session.actions):
                raise LiveError(OUT_OF_STEP, n=message.get("n"), length=len(session.actions))
        except LiveError as exc:
            self.refuse(words.refused(kind, exc))
            return None
        return message

    def apply(self, session, peer: str, message: dict) -> tuple:
        """A message that passed `screen`, checked by its handler and the engine, and applied:
        (what the page must do, messages to send), as `receive`."""
        kind = message["t"]
        if kind == "state":
            self.last_state = message
            return ("state", [])
        try:
            return self.handlers[kind](session, peer, message)
        except (LiveError, ValueError, KeyError, TypeError, IndexError) as exc:
            self.refuse(words.refused(kind, exc))
            return ("refused", [])

    def _check_state(self, session, peer: str, message: dict) -> None:
        """A game's state is taken once when a channel opens (to reconcile two histories) and,
        on a guest, as the new game its player agreed to; never above the move cap."""
        actions = message.get("actions")
        if not isinstance(actions, list):
            raise LiveError(N_("a game's state came without its moves"))
        if moves_in(actions) > MAX_MOVES:
            raise LiveError(N_("a game's state had more than {limit} moves"), limit=MAX_MOVES)
        if not isinstance(message.get("options", {}), dict):
            raise LiveError(N_("a game's state came without its options"))
        if peer in self.awaiting:
            self.awaiting.remove(peer)
            return
        if not actions and self.questions.agreed_new_game():
            return
        raise LiveError(
            N_("a game's state was not due (only when connecting, or as an agreed new game)")
        )

    def beat(self, peer: str, text) -> list:
        """A heartbeat message (ping, pong) from `peer`: the answer to send ([] for a pong), or
        None when `text` is not one (the page then hands it to `receive`)."""
        if (
            not isinstance(text, str)
            or len(text) > 40
            or not ('"ping"' in text or '"pong"' in text)
        ):
            return None
        try:
            kind = decode(text)["t"]
        except LiveError:
            return None
        if kind not in ("ping", "pong"):
            return None
        self.heard[peer] = self.clock()
        return [(peer, encode("pong"))] if kind == "ping" else []

    def _on_act(self, session, peer: str, message: dict) -> tuple:
        n = message.get("n")
        action = message.get("a", "")
        if n != len(session.actions) or not self._in_step(session):
            raise LiveError(OUT_OF_STEP, n=n, length=len(session.actions))
        if action.startswith("#finish"):
            raise LiveError(ENDS_BY_CONFIRMING)
        self.may_play(session, peer, action)
        mover = session.game.to_move
        if not action.startswith("#") and message.get("seat", mover) != mover:
            raise LiveError(
                N_("a move for “{seat}” while {colour} is to move"),
                seat=message["seat"],
                colour=mover,
            )
        session.act(action)  # the engine's word: IllegalMove (a ValueError) refuses it
        self.synced.append(action)
        self.confirms = {}
        self.sent_dead = sorted(session.game.dead, key=_number) if _scoring(session) else None
        return ("redraw", [("*", encode("act", n=n, a=action, seat=mover))])

    def _in_step(self, session) -> bool:
        """True while the page's history is the agreed one plus its own unsent actions."""
        return session.actions[: len(self.synced)] == self.synced

    def may_play(self, session, peer: str, action: str) -> None:
        """Raises LiveError when `peer` may not add `action` to this page's game: a move only for
        a colour the peer holds and whose turn it is; resuming only from the scoring phase; the
        end of the scoring only on the marks this page's player confirmed."""
        if action.startswith("#finish"):
            if self.confirmed != (len(session.actions), _marks(action)):
                raise LiveError(ENDS_BY_CONFIRMING)
        elif action.startswith("#"):  # resuming play from the scoring phase (G9)
            if session.phase() != "scoring":
                raise LiveError(N_("there is no scoring to resume from"))
        else:
            if session.phase() != "play":
                raise LiveError(N_("the game is not in play"))
            mover = session.game.to_move
            if mover not in self.colours_of(peer):
                raise LiveError(N_("not their turn ({colour} is to move)"), colour=mover)

    def _on_dead(self, session, peer: str, message: dict) -> tuple:
        if message.get("n") != len(session.actions) or not _scoring(session):
            raise LiveError(N_("marks for another position"))
        dead = message.get("dead", [])
        session.game.set_dead(dead)  # the engine checks each point
        self.sent_dead = sorted(session.game.dead, key=_number)
        session.touched = True
        session.dead_source = "players"
        self.confirms = {}
        return ("redraw", [])

    def _on_confirm(self, session, peer: str, message: dict) -> tuple:
        if message.get("n") != len(session.actions) or not _scoring(session):
            raise LiveError(N_("a confirmation for another position"))
        self.confirms[peer] = (message["n"], tuple(message.get("dead", [])))
        self.finish_if_agreed(session)
        return ("redraw", [])

    def confirm(self, session) -> list:
        """This page's player confirms the marks: messages to send (the game ends once all did)."""
        dead = sorted(session.game.dead, key=_number)
        self.confirms["me"] = self.confirmed = (len(session.actions), tuple(dead))
        out = [encode("confirm", n=len(session.actions), dead=dead)]
        if not self.finish_if_agreed(session):
            session.message = _(words.CONFIRMED)
        return out

    def confirmed_by(self, session) -> str:
        """The colours of the friends who confirmed the scoring's present marks ('' for none,
        and outside the scoring phase)."""
        if not _scoring(session):
            return ""
        here = (len(session.actions), tuple(sorted(session.game.dead, key=_number)))
        peers = [p for p in self.confirms if p != "me" and self.confirms[p] == here]
        playing = session.colours()
        return "".join(c for p in peers for c in self.colours_of(p) if c in playing)

    def finish_if_agreed(self, session) -> bool:
        """End the game when every side confirmed the same marks for the present position."""
        mine = self.confirms.get("me")
        here = (len(session.actions), tuple(sorted(session.game.dead, key=_number)))
        if mine != here or not self.peers and self.role == "host":
            return False
        others = [p for p in self.confirms if p != "me"]
        if not others or any(self.confirms[p] != here for p in others):
            return False
        session.confirm()
        self.synced = list(session.actions)
        self.confirms = {}
        return True

    def _on_ping(self, session, peer: str, message: dict) -> tuple:
        return ("", [(peer, encode("pong"))])

    def _on_pong(self, session, peer: str, message: dict) -> tuple:
        return ("", [])

    def take_back(self, session, kept=None) -> None:
        """Undo the actions after the first `kept` (None: the last one), agreed by every side
        (not kept for redo)."""
        if kept is None:
            kept = len(session.actions) - 1
        undone = 0
        while len(session.actions) > max(kept, 0):
            session.undo()
            undone += 1
        session.redo_stack = []
        self.synced = list(session.actions)
        self.confirms = {}
        self.sent_dead = None
        session.message = words.taken_back(undone)

    def _on_new(self, session, peer: str, message: dict) -> tuple:
        raise LiveError(N_("a new game comes as the host's game, once everyone agreed"))

    def _on_bye(self, session, peer: str, message: dict) -> tuple:
        return ("bye", [])

    # -- the start of a connection -------------------------------------------------------------
    def state_message(self, session, options_text: dict, me: str = "") -> str:
        """This page's game for the other side: the match, the game, its options, its history."""
        return state(self.match, self.game, session.actions, options_text, me, self.computer)

    def connected(self, session) -> None:
        """The channel is open: the agreed history starts as this page's."""
        self.state = "connected"
        self.synced = list(session.actions)
        self.sent_dead = None
        self.confirms = {}
        self.note = ()


def _scoring(session) -> bool:
    return session.phase() == "scoring"


def _number(point) -> int:
    return int(point) if str(point).isdigit() else 0


def _marks(action: str) -> tuple:
    """The dead-group marks a '#finish:…' action ends the scoring with, in order."""
    return tuple(sorted([p for p in action.partition(":")[2].split(",") if p], key=_number))
