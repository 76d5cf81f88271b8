"""Live play's DOM adapter: the Live dialog, the panel's live line, the transport.

The protocol is `lotus.page.live` (tested under CPython); static/js/live.js makes the WebRTC
connections. This module reads the dialog, hands codes and messages to `lotus.page.live.Link`, and
writes its state into the page's hooks (docs/page-contract.md): `body[data-live]`,
`body[data-live-me]`, `[data-live-invite]`, `[data-live-reply]`, `[data-live-log]`, … Nothing
received is ever written as markup: only as text or input values.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from lotus.dom.host import clipboard, flag, say, show
from lotus.game import games
from lotus.page.live import link as live

RECORD_KEY = "lotus.live"  # the live game on screen: {match, game, role, me, id}
STUN_KEY = "lotus.live.stun"  # the player's STUN server ('' : none, host candidates only)
USED_KEY = "lotus.live.used"  # the invitations this device connected with (never twice)
RELAY_TAKEN = "The reply went to your game's tab: go back to it."
RELAY_NONE = "No tab of this browser waits for this reply: open it where the invitation was made."
RELAY_CANNOT = "Paste this reply link into the Live dialog of the tab that made the invitation."
GONE = "Your friend's page stopped answering (its network may be lost, or the device asleep)."
CLOSED = "The connection closed. The game is saved; invite again to go on."
FAILED = (
    "The connection failed: the invitation may be out of date (the page that made it was "
    "closed or reloaded, or it was already answered). Ask your friend for a new invitation."
)


def now() -> float:
    """The page's clock in seconds (the protocol's heartbeat and waits)."""
    return float(window.performance.now()) / 1000


class LiveUI:
    """Live play for the app page (`page`: lotus.ui_bindings.Page)."""

    def __init__(self, page) -> None:
        self.page = page
        self.c = page.c
        self.link = None
        self.friends = []  # (peer id, colours) still to invite, the one shown first
        self.resumable = False  # a guest's game on screen is the invitation's match
        self.live_id = None  # the saved game (lotus.game.library id) that is live
        self.invite_key = ""  # a guest's invitation (live.used_key), remembered once used
        self.proxy = None
        self.relayed = False  # this tab handed a reply on to the tab that made the invitation
        self.guarded = None  # on_transport behind the page's guard (a snapshot per event)
        self.drawing = False  # a frame is asked to show the refusals (once for any number)
        self.draw_proxy = None  # that frame's callback, made once

    # -- set-up --------------------------------------------------------------------------------
    def start(self) -> None:
        """Hook into the controller and the transport; read an invitation or a reply."""
        self.c.live_hook = self.hook
        self.guarded = self.page.guarded(self.on_transport)
        self.proxy = create_proxy(self.on_event)
        window.lotusLive.handler = self.proxy
        self.page.listen(document.defaultView, "hashchange", self.on_hash)
        if not self.on_hash():
            self.restore()

    def on_hash(self, *_) -> bool:
        """An invitation (#live=) or a reply (#reply=) in the address; True when there was one."""
        fragment = str(window.location.hash or "")
        if fragment.startswith("#live="):
            self.page.clear_fragment(f"?game={self.c.app.current}")
            self.join(fragment)
        elif fragment.startswith("#reply="):
            self.page.clear_fragment()
            if self.waiting():
                self.take_reply(fragment)
            else:
                self.pass_reply(fragment)
        else:
            return False
        self.page.refresh()
        return True

    def pass_reply(self, fragment: str) -> None:
        """A reply opened in a tab that is not waiting for one: hand it to the tab that made the
        invitation (it says when it took it: `on_transport`'s "relayed"), unless it is damaged."""
        try:
            live.reply_match(fragment)
        except live.LiveError as exc:
            self.c.app.session.message = ""  # an earlier reply's word no longer holds
            self.c.error = "This reply cannot be used: " + live_sentence(exc)
            return
        if window.lotusLive.passReply(fragment):
            self.relayed = True
            self.c.app.session.message = "Handing the reply to the tab that made the invitation…"
        else:  # no BroadcastChannel: a guard only (PyScript itself needs it to start)
            self.c.app.session.message = RELAY_CANNOT

    def on_screen(self) -> bool:
        """True while the game on screen is the live one (not another game of Your games)."""
        link = self.link
        if link is None or link.game != self.c.app.current:
            return False
        return self.live_id is None or self.c.ids.get(link.game) == self.live_id

    def waiting(self) -> bool:
        """True while this page's invitation waits for a reply."""
        return self.link is not None and self.link.role == "host" and bool(self.friends)

    def take_reply(self, text: str) -> None:
        """A reply (pasted, opened here, or from another tab): connect."""
        self.show_dialog()
        document.querySelector("[data-live-reply-input]").value = text
        self.connect()

    def restore(self) -> None:
        """After a reload: the live game on screen shows as disconnected (resume by inviting)."""
        record = self.record()
        game = record.get("game")
        if game and game == self.c.app.current and record["id"] == self.c.ids.get(game):
            self.link = live.Link(record["role"], record["match"], game, record["me"], now)
            self.link.state = "disconnected"
            self.live_id = record["id"]

    def record(self) -> dict:
        """The stored live game ({} when none, or when it cannot be used)."""
        return live.read_record(self.c.storage.get(RECORD_KEY))

    def keep(self) -> None:
        """Remember the live game on screen, for a resume after a reload."""
        link = self.link
        game = link.game
        value = {"match": link.match, "game": game, "role": link.role, "me": link.me}
        value["id"] = self.live_id = self.c.ids.get(game, "")
        self.c.storage.set(RECORD_KEY, json.dumps(value))

    def stun(self) -> str:
        """The player's STUN server ('' : none)."""
        return self.c.storage.get(STUN_KEY) or ""

    def base(self) -> str:
        """The page's address without query or fragment."""
        return str(window.location.origin) + str(window.location.pathname)

    # -- the controller's hook: what live play changes in the page's actions --------------------
    def hook(self, action: str) -> bool:
        """True when live play takes `action` over (or refuses it, saying why)."""
        link = self.link
        if not self.on_screen():
            return False
        session = self.c.app.session
        if action in ("click", "pass", "resign", "hint"):  # connected or not: the friend's turn
            refusal = link.click_refusal(session)
            session.message = refusal or session.message
            return bool(refusal)
        if link.state != "connected":
            return False
        if action == "undo":
            if session.actions:
                self.send_all(link.ask(session, "undo"))
            return True
        if action in ("redo", "play-here"):
            session.message = "Not in a live game: ask your friend for Undo instead."
            return True
        if action == "confirm":
            self.send_all(link.confirm(session))
            return True
        if action == "new":
            self.send_all(link.ask(session, "new"))
            return True
        return False

    # -- the dialog's buttons --------------------------------------------------------------------
    def takes(self, action: str) -> bool:
        """A Live button (data-action live…); True when it was one."""
        handlers = {
            "live": self.show_dialog,
            "live-invite": self.invite,
            "live-connect": self.connect,
            "live-copy": lambda: self.copy("[data-live-invite]"),
            "live-copy-reply": lambda: self.copy("[data-live-reply]"),
            "live-share": lambda: self.share("[data-live-invite]"),
            "live-share-reply": lambda: self.share("[data-live-reply]"),
            "live-accept": lambda: self.answer(True),
            "live-decline": lambda: self.answer(False),
        }
        handler = handlers.get(action)
        if handler is None:
            return False
        handler()
        self.page.refresh()
        return True

    def show_dialog(self) -> None:
        """Open the Live dialog: the host's choices, or the guest's reply."""
        dialog = document.querySelector("[data-live-dialog]")
        guest = self.link is not None and self.link.role == "guest"
        show(dialog.querySelector("[data-live-host]"), not guest)
        show(dialog.querySelector("[data-live-guest]"), guest)
        colours = self.c.app.session.colours()
        for row in dialog.querySelectorAll("[data-live-seat]"):
            show(row, str(row.getAttribute("data-live-seat")) in colours)
        dialog.querySelector("[data-live-stun]").value = self.stun()
        if not dialog.open:
            dialog.showModal()

    def message(self, text: str) -> None:
        """Say something inside the dialog."""
        say(document.querySelector("[data-live-message]"), text)

    def invite(self) -> None:
        """The host's choices -> the seats, the link, and the first friend's invitation."""
        session = self.c.app.session
        game = self.c.app.current
        form = document.querySelector("[data-live-form]")
        choices = {}
        for colour in session.colours():
            choices[colour] = str(form.querySelector(f'[name="live-{colour}"]').value)
        try:
            stun = live.check_stun(str(form.querySelector("[data-live-stun]").value))
            chosen = live.plan(session.colours(), choices, session.seats)
        except live.LiveError as exc:
            self.message(live_sentence(exc))
            return
        if self.link is not None and self.link.state == "connected":
            self.message("You are connected: a new invitation is made after a disconnection.")
            return
        self.c.storage.set(STUN_KEY, stun)
        old = self.link
        resume = old is not None and old.role == "host" and old.game == game
        match = old.match if resume else str(window.crypto.randomUUID()).replace("-", "")[:12]
        self.link = link = live.Link("host", match, game, chosen["me"], now)
        link.owns = chosen["owns"]
        link.computer = chosen["computer"]
        link.state = "inviting"
        session.seats = chosen["seats"]
        self.friends = list(chosen["friends"])
        self.keep()
        self.clear_invitation()  # at once: the offer below is made asynchronously
        self.page.spawn(self.offer())

    def clear_invitation(self) -> None:
        """Empty the invitation and reply fields and the QR code: never a stale link to copy."""
        for selector in ("[data-live-invite]", "[data-live-reply-input]"):
            document.querySelector(selector).value = ""
        document.querySelector("[data-live-qr]").textContent = ""

    async def offer(self) -> None:
        """Make the next friend's invitation (the offer), and show it as a link."""
        if not self.friends:
            return
        peer, colours = self.friends[0]
        self.clear_invitation()
        sdp = str(await window.lotusLive.offer(peer, self.stun()))
        code = live.invite_code(self.link.match, self.link.game, colours, sdp)
        self.link.offered(live.offer_tag(sdp), peer, colours)
        url = self.base() + "#live=" + code
        document.querySelector("[data-live-invite]").value = url
        names = ", ".join(live.colour_name(c) for c in colours)
        self.message(f"Send this invitation to the friend who plays {names}.")
        self.draw_qr(url)
        self.page.refresh()

    def draw_qr(self, url: str) -> None:
        """The invitation as a QR code (our own encoder; an SVG we make, not received)."""
        box = document.querySelector("[data-live-qr]")
        try:
            from lotus.page import qr

            box.innerHTML = qr.svg(url)
        except (ImportError, ValueError):
            box.textContent = ""

    def connect(self) -> None:
        """The host pastes the friend's reply: the connection opens by itself."""
        field = document.querySelector("[data-live-reply-input]")
        link = self.link
        if link is None or link.role != "host":
            self.message("Make an invitation first: this page has none waiting for a reply.")
            return
        try:
            peer, sdp = link.reply_for(str(field.value))
        except live.LiveError as exc:
            self.message("This reply cannot be used: " + live_sentence(exc))
            return
        if peer not in dict(self.friends):
            self.message("Make an invitation first: this page has none waiting for a reply.")
            return

        async def accept() -> None:
            try:
                await window.lotusLive.accept(peer, sdp)
            except Exception:  # the browser's word (e.g. the offer was answered already)
                self.message(
                    "This reply cannot be used: the invitation it answers has had a reply "
                    "already. Make a new invitation and ask your friend to open it."
                )
                return
            link.waiting_for("accept")
            self.message("Connecting…")

        self.page.spawn(accept())

    def copy(self, selector: str) -> None:
        """Copy an invitation or a reply."""
        field = document.querySelector(selector)
        text = str(field.value)

        async def write() -> None:
            if await clipboard(text):
                self.message("Copied: send it to your friend.")
            else:
                field.select()
                self.message("Select the link and copy it (Ctrl+C).")

        if text:
            self.page.spawn(write())

    def share(self, selector: str) -> None:
        """Share a link with the system's share sheet, where there is one (else copy it)."""
        text = str(document.querySelector(selector).value)

        async def send() -> None:
            if not await window.lotusLive.share(text):
                self.copy(selector)

        if text:
            self.page.spawn(send())

    # -- the guest -------------------------------------------------------------------------------
    def join(self, code: str) -> None:
        """An invitation opened: show its game, and make the reply."""
        try:
            invite = live.read_invite(code, games.GAMES)
        except live.LiveError as exc:
            self.c.error = "This invitation cannot be used: " + live_sentence(exc)
            return
        key = live.used_key(invite)
        if key in self.used():
            self.c.error = live.USED_SENTENCE
            if self.link is None:
                self.restore()  # the live game on screen, if any, stays as it was
            return
        game = invite["game"]
        self.c.pick(game)
        record = self.record()
        self.resumable = record.get("match") == invite["match"] and bool(record.get("id"))
        self.resumable = self.resumable and record.get("id") == self.c.ids.get(game)
        self.link = live.Link("guest", invite["match"], game, invite["me"], now)
        self.link.state = "joining"
        self.invite_key = key
        self.show_dialog()
        self.message("Making your reply…")
        self.page.spawn(self.reply(invite["sdp"], invite["tag"]))

    async def reply(self, sdp: str, tag: str) -> None:
        """The guest's answer, shown as a reply link to send back."""
        answer = str(await window.lotusLive.answer("host", sdp, self.stun()))
        url = self.base() + "#reply=" + live.reply_code(self.link.match, tag, answer)
        document.querySelector("[data-live-reply]").value = url
        self.link.waiting_for("join")
        self.message("Send this reply to your friend; the game starts when they paste it.")

    def used(self) -> list:
        """The invitations this device connected with (lotus.page.live.used_key)."""
        try:
            value = json.loads(self.c.storage.get(USED_KEY) or "[]")
        except ValueError:
            return []
        return value if isinstance(value, list) else []

    # -- the transport's events ------------------------------------------------------------------
    def on_event(self, kind, peer, data) -> None:
        """Every transport event. A message is screened first, at a small cost and with no
        snapshot of the game: a flood closes its channel, a heartbeat is answered, and a message
        the protocol refuses only updates the refusal count; the rest goes to `on_transport`,
        behind the page's guard."""
        link = self.link
        if str(kind) == "message":
            if link is None:
                return
            peer, text = str(peer), str(data)
            if not link.admit(peer):
                self.guarded("flooded", peer, "")
                return
            beat = link.beat(peer, text)  # the heartbeat: no redraw
            if beat is not None:
                self.relay(peer, beat)
                return
            message = link.screen(self.c.app.session, peer, text)
            if message is None:
                self.refused()
                return
            self.guarded("checked", peer, message)
            return
        self.guarded(kind, peer, data)

    def flooded(self, peer: str) -> None:
        """`peer` sent more than a game needs: its channel closes, the game is kept."""
        window.lotusLive.close(peer)
        if peer in self.link.peers:
            self.drop(peer, live.FLOODED)
            self.link.refuse(f"{live.RATE_LIMIT}+ messages a second: the connection was closed")

    def refused(self) -> None:
        """A message was refused: the count and the log are shown at the next frame (once for
        any number of refusals in between), and nothing else is redrawn."""
        window.console.warn("live: refused: " + self.link.log[-1])
        if not self.drawing:
            self.drawing = True
            if self.draw_proxy is None:
                self.draw_proxy = create_proxy(self.page.guarded(self.draw_refusals))
            window.requestAnimationFrame(self.draw_proxy)

    def draw_refusals(self, *_) -> None:
        """The frame after refusals: the live hooks (count, log) as they are now."""
        self.drawing = False
        self.render()

    def on_transport(self, kind, peer, data) -> None:
        """static/js/live.js says: a channel opened, a message came, a channel closed."""
        kind, peer = str(kind), str(peer)
        link = self.link
        if kind == "tick":
            self.tick()
            return
        if kind == "reply" and self.waiting():
            window.lotusLive.ackReply(peer)  # the tab that handed it on says so
            self.take_reply(str(data))
        if kind == "relayed":  # this tab handed a reply on: taken, or no tab was waiting
            self.c.app.session.message = RELAY_TAKEN if data else RELAY_NONE
        if link is None or kind in ("reply", "relayed"):
            self.page.refresh()
            return
        if kind == "open":
            self.opened(peer)
        elif kind == "checked":  # a message that passed `Link.screen` (see on_event)
            self.received(peer, data)
        elif kind == "flooded":  # a peer past the rate limit (see on_event)
            self.flooded(peer)
        elif kind == "closed":
            self.closed(peer)
        self.page.refresh()

    def closed(self, peer: str) -> None:
        """A channel closed, or its connection failed."""
        link = self.link
        if peer in link.peers:
            self.drop(peer, CLOSED)
        elif link.state == "joining" or link.waited == "accept":
            link.waited = ""
            link.since = None
            if link.role == "guest":
                link.state = "disconnected"
            link.note = FAILED if link.role == "guest" else live.WAIT_NOTES["accept"]
            self.message(link.note)

    def drop(self, peer: str, why: str) -> None:
        """`peer`'s channel is dead: the protocol says whose channels close too (`Link.stop`);
        their pages show disconnected, with the game saved, until the host invites again."""
        link = self.link
        self.relay(peer, link.gone(peer, why))
        for other in link.stop(why):
            window.lotusLive.close(other)

    def tick(self) -> None:
        """Every second or so: pings, silent peers (the heartbeat), waits gone on too long."""
        link = self.link
        if link is None:
            return
        due = link.tick(now())
        self.relay("", due["send"])
        for peer in due["dead"]:
            window.lotusLive.close(peer)
            self.drop(peer, GONE)
        if due["note"]:
            link.note = due["note"]
            self.message(due["note"])
        if due["dead"] or due["note"]:
            self.page.refresh()

    def opened(self, peer: str) -> None:
        """A channel is open: the host sends its game; the guest its own (to resume)."""
        link = self.link
        session = self.c.app.session
        if link.role == "host":
            colours = dict(self.friends).get(peer, "")
            self.friends = [f for f in self.friends if f[0] != peer]
            link.joined(peer, colours)
            if link.state != "connected":
                link.connected(session)
            self.send(peer, link.state_message(session, self.c.live_options(), colours))
            self.keep()
            self.message("Connected.")
            if self.friends:
                self.page.spawn(self.offer())
            return
        link.joined(peer, "")
        if self.invite_key:  # this invitation has made its connection: never again here
            used = live.remember_used(self.used(), self.invite_key)
            self.c.storage.set(USED_KEY, json.dumps(used))
        match = link.match if self.resumable else ""
        mine = live.Link("guest", match, link.game, link.me)
        self.send(peer, mine.state_message(session, self.c.live_options()))
        self.message("Connected: waiting for the game…")

    def received(self, peer: str, message: dict) -> None:
        """A screened message: checked and applied by the protocol (`live.Link.apply`)."""
        link = self.link
        result, out = self.c.live_apply(lambda session: link.apply(session, peer, message))
        if result == "refused":
            window.console.warn("live: refused: " + link.log[-1])
        elif result == "state":
            self.take_state(peer, link.last_state)
        elif result == "new" and link.role == "host":
            self.new_game()
        self.relay(peer, out)

    def take_state(self, peer: str, message: dict) -> None:
        """The other side's game at the start: adopt it, extend ours, or keep ours."""
        link = self.link
        session = self.c.app.session
        verdict, detail = link.take_state(session, message, self.resumable)
        if verdict == "adopt":
            actions = message.get("actions") or []
            problem = self.c.live_adopt(link.game, message.get("options") or {}, actions)
            if problem:
                link.refuse("the host's game: " + problem)
            self.resumable = True
        elif verdict == "extend":
            self.c.live_apply(lambda s: link.extend(s, detail, peer))
        if link.role == "guest":
            link.connected(self.c.app.session)
            self.keep()
        if detail is not None and verdict != "extend":
            link.note = f"Your two games differed from move {detail + 1}: the host's is played on."
            if link.role == "guest":
                link.note += " Yours is kept in Your games."

    def new_game(self) -> None:
        """The host starts the agreed new game (same options and seats) and sends it."""
        link = self.link
        session = self.c.app.session
        options = dict(session.options)
        options["seats"] = dict(session.seats)
        self.c.start_game(self.c.app.current, options)
        link.match = str(window.crypto.randomUUID()).replace("-", "")[:12]
        link.connected(self.c.app.session)
        self.keep()
        for peer, colours in link.peers.items():
            self.send(peer, link.state_message(self.c.app.session, self.c.live_options(), colours))

    def answer(self, ok: bool) -> None:
        """The player answers the friend's question (undo, new game)."""
        link = self.link
        if link is None:
            return
        asker = link.pending[0] if link.pending else ""
        agreed, out = self.c.live_apply(lambda session: link.answer(session, ok))
        self.relay(asker, out)  # the asker has its answer: the others are told of the undo
        if agreed == "new" and link.role == "host":
            self.new_game()

    # -- sending ---------------------------------------------------------------------------------
    def send(self, peer: str, text: str) -> None:
        """One message to one peer."""
        window.lotusLive.send(peer, text)

    def send_all(self, texts) -> None:
        """Messages to every peer."""
        for text in texts:
            for peer in list(self.link.peers):
                self.send(peer, text)

    def relay(self, sender: str, out) -> None:
        """(to, text) pairs: `to` a peer, or '*' for every peer but `sender` (the host relays)."""
        for to, text in out:
            if to != "*":
                self.send(to, text)
            elif self.link.role == "host":
                for peer in list(self.link.peers):
                    if peer != sender:
                        self.send(peer, text)

    # -- after every change: send this page's moves, show the link's state -----------------------
    def after_change(self) -> None:
        """Send what this page's player did, and write the live hooks."""
        link = self.link
        if link is not None and link.state == "connected" and self.on_screen():
            self.send_all(link.outgoing(self.c.app.session))
        self.render()

    def render(self) -> None:
        """body[data-live], [data-live-me], the panel's live line, the question, the log."""
        link = self.link
        body = document.body
        connected = link is not None and link.state == "connected"
        flag(body, "live", None if link is None else link.state)
        flag(body, "live-me", None if link is None else link.me)
        refused = link is not None and link.refused
        flag(body, "live-refused", str(link.refused) if refused else None)
        conflict = None if link is None else link.conflict
        flag(body, "live-conflict", conflict)
        say(document.querySelector("[data-live-status]"), status_text(link))
        question = link.question() if connected else ""
        say(document.querySelector("[data-live-question]"), question)
        show(document.querySelector("[data-live-ask]"), question)
        log = document.querySelector("[data-live-log]")
        text = "\n".join(link.log) if link is not None else ""
        if str(log.textContent) != text:
            log.textContent = text  # text only: nothing received becomes markup
        show(document.querySelector("[data-live-log-box]"), text)


def status_text(link) -> str:
    """The panel's live line."""
    if link is None:
        return ""
    names = " and ".join(live.colour_name(c) for c in link.me) or "no colour"
    words = {
        "inviting": "Live: waiting for your friend's reply.",
        "joining": "Live: send your reply to your friend.",
        "connected": f"Live: you play {names}.",
        "disconnected": "Live: disconnected. The game is saved; invite again to resume.",
    }
    text = words.get(link.state, "")
    return (text + " " + link.note).strip() if link.note else text


def live_sentence(exc) -> str:
    """A refusal as a sentence."""
    text = str(exc)
    return (text[:1].upper() + text[1:] + ".") if text else "It is not valid."
