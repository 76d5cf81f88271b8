"""The page's live play, without a DOM: what a click does during a live game, what each event of
the transport does, what is sent, and what the page shows.

`LivePlay` stands between the page's controller (`lotus.page.controller.PageController`) and a
port that moves the bytes (`lotus.dom.live` in the page, a plain-Python network in the tests):

    send(peer, text), close(peer)          a message to a peer; close its channel
    await offer(peer, stun) -> sdp         the host's side of a new connection
    await answer(peer, sdp, stun) -> sdp   a guest's side, from the host's offer
    await accept(peer, sdp) -> bool        the friend's answer (False: the browser refused it)
    pass_reply(text) -> bool, ack_reply(id)   a reply handed to the tab that made the invitation
    now() -> seconds, new_id() -> text, base() -> the page's address, warn(text)
    spawn(coroutine)                       run it; redraw after (the whole page if it says True)

Its transport events are `heard` (a message, screened before anything else) and `event` (a
channel opened or closed, a screened message, a tick of the clock, a reply from another tab).
"""

from lotus.page.live import adopt, codes, resume, words
from lotus.page.live.invites import Invitations
from lotus.page.live.link import Link
from lotus.page.live.wire import RATE_LIMIT, state
from lotus.words import _

RECORD_KEY = "lotus.live"  # the live game on screen: {match, game, role, me, id}


class LivePlay:
    """The live part of the app page: its `Link` (None until a live game), its invitations, and
    the controller's hook (`c.live_hook`) through which live play takes over the page's actions."""

    def __init__(self, c, port) -> None:
        self.c = c
        self.port = port
        self.link = None
        self.live_id = None  # the saved game (lotus.game.library id) that is live
        self.invites = Invitations(self)
        c.live_hook = self.hook
        c.live_fair = self.fair

    def start(self, fragment: str) -> tuple:
        """The page opens: an invitation or a reply in its address (`Invitations.open_link`),
        else the live game kept for a reload, shown disconnected."""
        taken = self.invites.open_link(fragment)
        if not taken[0]:
            self.restore()
        return taken

    # -- the live game on screen --------------------------------------------------------------
    def on_screen(self) -> bool:
        """True while the game on screen is the live one (not another game of Your games)."""
        link = self.link
        if link is None or link.game != self.c.app.current:
            return False
        return self.live_id is None or self.c.ids.get(link.game) == self.live_id

    def restore(self) -> None:
        """After a reload: the live game on screen shows as disconnected (resume by inviting)."""
        record = self.record()
        game = record.get("game")
        if game and game == self.c.app.current and record["id"] == self.c.ids.get(game):
            self.link = Link(record["role"], record["match"], game, record["me"], self.port.now)
            self.link.state = "disconnected"
            self.live_id = record["id"]

    def record(self) -> dict:
        """The stored live game ({} when none, or when it cannot be used)."""
        return codes.read_record(self.c.storage.get(RECORD_KEY))

    def keep(self) -> None:
        """Remember the live game on screen, for a resume after a reload."""
        link = self.link
        self.live_id = self.c.ids.get(link.game, "")
        text = codes.record(link.match, link.game, link.role, link.me, self.live_id)
        self.c.storage.set(RECORD_KEY, text)

    def new_match(self) -> str:
        """A new match id (12 hex digits of a random UUID)."""
        return self.port.new_id().replace("-", "")[:12]

    # -- the controller's hook: what live play changes in the page's actions ------------------
    def hook(self, action: str) -> bool:
        """True when live play takes `action` over (or refuses it, saying why)."""
        link = self.link
        if not self.on_screen():
            return False
        session = self.c.app.session
        if action in ("variation", "estimate"):  # the game is shared: no side line, no estimate
            return True
        if action in ("hint", "analyse") and self.fair():
            session.message = self.fair()
            return True
        if action in ("click", "pass", "resign", "hint"):  # connected or not: the friend's turn
            refusal = link.click_refusal(session)
            session.message = refusal or session.message
            return bool(refusal)
        if link.state != "connected":
            return False
        if action == "undo":  # this player's last move, and the replies after it
            self.send_all(link.questions.ask(session, "undo"))
            return True
        if action in ("redo", "play-here"):
            session.message = _(words.NO_REDO)
            return True
        if action == "confirm":
            self.send_all(link.confirm(session))
            return True
        if action == "new":
            self.send_all(link.questions.ask(session, "new"))
            return True
        return False

    def fair(self) -> str:
        """Why the computer's help (Hint, Analyse) is off ('' when it is on): in a live game on
        screen, connected or not, until the game ends, neither player may ask the computer."""
        link = self.link
        if not self.on_screen() or link.state not in ("connected", "disconnected"):
            return ""
        if self.c.app.session.phase() == "over":
            return ""
        return _(words.NO_HELP)

    def answer(self, ok: bool) -> None:
        """The player answers the friend's question (undo, new game)."""
        link = self.link
        if link is None:
            return
        pending = link.questions.pending
        asker = pending[0] if pending else ""
        agreed, out = self.c.live_apply(lambda session: link.questions.answer(session, ok))
        self.relay(asker, out)  # the asker has its answer: the others are told of the undo
        if agreed == "new" and link.role == "host":
            self.new_game()

    # -- the transport's events -----------------------------------------------------------------
    def heard(self, peer: str, text: str) -> tuple:
        """A message as it arrives, screened at a small cost and with no snapshot of the game:
        ('flooded', None) past the rate limit; ('', None) for a heartbeat (answered here) or when
        no game is live; ('refused', None) when the protocol refuses it (only the refusal count
        and log change); else ('checked', message), for `event`."""
        link = self.link
        if link is None:
            return ("", None)
        if not link.admit(peer):
            return ("flooded", None)
        beat = link.beat(peer, text)  # the heartbeat: no redraw
        if beat is not None:
            self.relay(peer, beat)
            return ("", None)
        message = link.screen(self.c.app.session, peer, text)
        if message is None:
            self.port.warn("live: refused: " + link.log[-1])
            return ("refused", None)
        return ("checked", message)

    def event(self, kind: str, peer: str, data) -> bool:
        """A channel opened ('open') or closed ('closed'), a message `heard` ('checked', data: the
        message; 'flooded'), the clock ('tick'), another tab's reply ('reply', 'relayed'). True
        when the page must be redrawn."""
        if kind == "tick":
            return self.tick()
        if kind in ("reply", "relayed"):
            self.invites.handed(kind, peer, data)
            return True
        if self.link is None:
            return True
        if kind == "open":
            self.opened(peer)
        elif kind == "checked":
            self.received(peer, data)
        elif kind == "flooded":
            self.flooded(peer)
        elif kind == "closed":
            self.closed(peer)
        return True

    def opened(self, peer: str) -> None:
        """A channel is open: the host sends its game; the guest its own (to resume)."""
        link = self.link
        session = self.c.app.session
        if link.role == "host":
            colours = self.invites.joined(peer)
            link.joined(peer, colours)
            if link.state != "connected":
                link.connected(session)
            self.port.send(peer, link.state_message(session, adopt.options_text(self.c), colours))
            self.keep()
            self.invites.say(words.said(words.CONNECTED))
            return
        link.joined(peer, "")
        self.invites.spend()
        match = link.match if self.invites.resumable else ""  # else the host's game is taken
        self.port.send(peer, state(match, link.game, session.actions, adopt.options_text(self.c)))
        self.invites.say(words.said(words.CONNECTED_GUEST))

    def received(self, peer: str, message: dict) -> None:
        """A screened message: checked and applied by the protocol (`Link.apply`)."""
        link = self.link
        result, out = self.c.live_apply(lambda session: link.apply(session, peer, message))
        if result == "refused":
            self.port.warn("live: refused: " + link.log[-1])
        elif result == "state":
            self.take_state(peer, link.last_state)
        elif result == "new" and link.role == "host":
            self.new_game()
        self.relay(peer, out)

    def take_state(self, peer: str, message: dict) -> None:
        """The other side's game at the start: adopt it, extend ours, or keep ours."""
        link = self.link
        session = self.c.app.session
        verdict, detail = resume.take_state(link, session, message, self.invites.resumable)
        if verdict == "adopt":
            actions = message.get("actions") or []
            problem = adopt.adopt(self.c, link.game, message.get("options") or {}, actions)
            if problem:
                link.refuse(_(words.HOSTS_GAME, reason=problem))
            self.invites.resumable = True
        elif verdict == "extend":
            self.c.live_apply(lambda s: resume.extend(link, s, detail, peer))
        if link.role == "guest":
            link.connected(self.c.app.session)
            self.keep()
        if detail is not None and verdict != "extend":
            link.note = words.differed(detail, link.role == "guest")

    def new_game(self) -> None:
        """The host starts the agreed new game (same options and seats) and sends it."""
        link = self.link
        session = self.c.app.session
        options = dict(session.options)
        options["seats"] = dict(session.seats)
        self.c.start_game(self.c.app.current, options)
        link.match = self.new_match()
        link.connected(self.c.app.session)
        self.keep()
        session = self.c.app.session
        for peer, colours in link.peers.items():
            self.port.send(peer, link.state_message(session, adopt.options_text(self.c), colours))

    def flooded(self, peer: str) -> None:
        """`peer` sent more than a game needs: its channel closes, the game is kept."""
        self.port.close(peer)
        if peer in self.link.peers:
            self.drop(peer, words.said(words.FLOODED, limit=RATE_LIMIT))
            self.link.refuse(_(words.FLOOD_LOG, limit=RATE_LIMIT))

    def closed(self, peer: str) -> None:
        """A channel closed, or its connection failed."""
        link = self.link
        if peer in link.peers:
            self.drop(peer)  # "disconnected" says it all
        elif link.state == "joining" or link.waited == "accept":
            link.waited = ""
            link.since = None
            if link.role == "guest":
                link.state = "disconnected"
            note = words.FAILED if link.role == "guest" else words.WAIT_NOTES["accept"]
            link.note = words.said(note)
            self.invites.say(link.note)

    def drop(self, peer: str, why=()) -> None:
        """`peer`'s channel is dead (`why`: the note that says why, `words.said`): the protocol
        says whose channels close too (`Link.stop`); their pages show disconnected, with the game
        saved, until the host invites again."""
        link = self.link
        self.relay(peer, link.gone(peer, why))
        for other in link.stop(why):
            self.port.close(other)

    def tick(self) -> bool:
        """Every second or so: pings, silent peers (the heartbeat), waits gone on too long; True
        when the page must be redrawn."""
        link = self.link
        if link is None:
            return False
        due = link.tick(self.port.now())
        self.relay("", due["send"])
        for peer in due["dead"]:
            self.port.close(peer)
            self.drop(peer, words.said(words.GONE))
        if due["note"]:
            link.note = due["note"]
            self.invites.say(due["note"])
        return bool(due["dead"] or due["note"])

    # -- sending --------------------------------------------------------------------------------
    def send_all(self, texts) -> None:
        """Messages to every peer."""
        for text in texts:
            for peer in list(self.link.peers):
                self.port.send(peer, text)

    def relay(self, sender: str, out) -> None:
        """(to, text) pairs: `to` a peer, or '*' for every peer but `sender` (the host relays)."""
        for to, text in out:
            if to != "*":
                self.port.send(to, text)
            elif self.link.role == "host":
                for peer in list(self.link.peers):
                    if peer != sender:
                        self.port.send(peer, text)

    def send_changes(self) -> None:
        """After every change of the page: send what this page's player did."""
        link = self.link
        if link is not None and link.state == "connected" and self.on_screen():
            self.send_all(link.outgoing(self.c.app.session))

    # -- what the page shows --------------------------------------------------------------------
    def view(self) -> dict:
        """The live hooks (`flags`: body[data-live], …), the panel's live line (`status`), the
        question to the player, the refusals' log, and the Live dialog's contents."""
        link = self.link
        live = link is not None
        connected = live and link.state == "connected"
        flags = {
            "live": link.state if live else None,
            "live-me": link.me if live else None,
            "live-refused": str(link.refused) if live and link.refused else None,
            "live-conflict": link.conflict if live else None,
        }
        status = words.status(link)
        if connected and self.on_screen():  # who confirmed the score; why there is no hint
            said = words.confirmed(link.confirmed_by(self.c.app.session))
            status = " ".join([t for t in (status, said, self.fair()) if t])
        view = {
            "flags": flags,
            "status": status,
            "question": link.questions.question() if connected else "",
            "log": "\n".join(link.log) if live else "",
        }
        view.update(self.invites.view())
        return view
