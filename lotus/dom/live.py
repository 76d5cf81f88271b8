"""Live play's DOM adapter: the transport, the Live dialog's inputs, and the live hooks drawn.

Live play decides everything in `lotus.page.live.play.LivePlay` (tested under CPython), and
static/js/live.js makes the WebRTC connections. This module moves bytes between the two
(`Browser`, the play's port), hands the dialog's clicks and fields to the play, and writes its
view into the page's hooks (docs/page-contract.md). Nothing received is written as markup.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from lotus.dom.host import clipboard, flag, form_values, say, show
from lotus.page.live.play import LivePlay


def find(selector: str):
    """The page's element for `selector`."""
    return document.querySelector(selector)


class Browser:
    """The play's port: static/js/live.js's channels, the page's clock, address and tasks."""

    def __init__(self, ui) -> None:
        self.ui = ui  # the LiveUI, which runs the play's tasks

    def send(self, peer: str, text: str) -> None:
        """A message to a peer (dropped when its channel is not open)."""
        window.lotusLive.send(peer, text)

    def close(self, peer: str) -> None:
        """Close a peer's channel."""
        window.lotusLive.close(peer)

    async def offer(self, peer: str, stun: str) -> str:
        """The host's new connection to `peer`: its offer."""
        return str(await window.lotusLive.offer(peer, stun))

    async def answer(self, peer: str, sdp: str, stun: str) -> str:
        """A guest's connection from the host's offer: its answer."""
        return str(await window.lotusLive.answer(peer, sdp, stun))

    async def accept(self, peer: str, sdp: str) -> bool:
        """The friend's answer to the host's offer; False when the browser refuses it."""
        try:
            await window.lotusLive.accept(peer, sdp)
        except Exception:  # the browser's word (e.g. the offer was answered already)
            return False
        return True

    def pass_reply(self, text: str) -> bool:
        """Hand a reply to the other tabs; False when the browser cannot."""
        return bool(window.lotusLive.passReply(text))

    def ack_reply(self, relay: str) -> None:
        """Tell the tab that handed a reply on that it was taken."""
        window.lotusLive.ackReply(relay)

    def now(self) -> float:
        """The page's clock in seconds."""
        return float(window.performance.now()) / 1000

    def new_id(self) -> str:
        """A random UUID."""
        return str(window.crypto.randomUUID())

    def base(self) -> str:
        """The page's address without query or fragment."""
        return str(window.location.origin) + str(window.location.pathname)

    def warn(self, text: str) -> None:
        """A warning in the console."""
        window.console.warn(text)

    def spawn(self, coroutine) -> None:
        """Run a task of the play's; redraw after it."""
        self.ui.run(coroutine)


class LiveUI:
    """Live play for the app page (`page`: lotus.ui_bindings.Page)."""

    def __init__(self, page) -> None:
        self.page = page
        self.play = LivePlay(page.c, Browser(self))
        self.proxy = None
        self.guarded = None  # on_transport behind the page's guard (a snapshot per event)
        self.drawing = False  # a frame is asked to show the refusals (once for any number)
        self.draw_proxy = None  # that frame's callback, made once
        self.shown = self.play.invites.view()  # the dialog as last written (as in the markup)

    @property
    def relayed(self) -> bool:
        """True when this tab only handed a reply on to the tab that made the invitation."""
        return self.play.invites.relayed

    def start(self) -> None:
        """Hook into the transport; read an invitation or a reply, else resume a live game."""
        self.guarded = self.page.guarded(self.on_transport)
        self.proxy = create_proxy(self.on_event)
        window.lotusLive.handler = self.proxy
        self.page.listen(document.defaultView, "hashchange", self.on_hash)
        self.opened(self.play.start(str(window.location.hash or "")))

    def on_hash(self, *_) -> None:
        """An invitation (#live=) or a reply (#reply=) pasted into the address bar."""
        self.opened(self.play.invites.open_link(str(window.location.hash or "")))

    def opened(self, taken: tuple) -> None:
        """After a link in the address: (True, query): it was one, and the address drops it."""
        if taken[0]:
            self.page.clear_fragment(taken[1])
            self.page.refresh()

    def run(self, coroutine) -> None:
        """Run one of the play's tasks; then redraw (the whole page when it says so)."""

        async def task() -> None:
            redraw = self.page.refresh if await coroutine else self.render
            redraw()

        self.page.spawn(task())

    # -- the dialog's buttons --------------------------------------------------------------------
    def takes(self, action: str) -> bool:
        """A Live button (data-action live…); True when it was one."""
        invites = self.play.invites
        handlers = {
            "live": invites.show_dialog,
            "live-invite": lambda: invites.invite(form_values(find("[data-live-form]"))),
            "live-connect": lambda: invites.connect(str(find("[data-live-reply-input]").value)),
            "live-copy": lambda: self.copy("[data-live-invite]"),
            "live-copy-reply": lambda: self.copy("[data-live-reply]"),
            "live-share": lambda: self.share("[data-live-invite]"),
            "live-share-reply": lambda: self.share("[data-live-reply]"),
            "live-accept": lambda: self.play.answer(True),
            "live-decline": lambda: self.play.answer(False),
        }
        handler = handlers.get(action)
        if handler is None:
            return False
        handler()
        self.page.refresh()
        return True

    def copy(self, selector: str) -> None:
        """Copy an invitation or a reply (selected for the player when the browser refuses)."""
        field = find(selector)
        text = str(field.value)

        async def write() -> None:
            copied = await clipboard(text)
            if not copied:
                field.select()
            self.play.invites.copied(copied)
            self.render()

        if text:
            self.page.spawn(write())

    def share(self, selector: str) -> None:
        """Share a link with the system's share sheet, where there is one (else copy it)."""
        text = str(find(selector).value)

        async def send() -> None:
            if not await window.lotusLive.share(text):
                self.copy(selector)

        if text:
            self.page.spawn(send())

    # -- the transport's events ------------------------------------------------------------------
    def on_event(self, kind, peer, data) -> None:
        """Every transport event: a message is screened first (`LivePlay.heard`), cheaply and with
        no snapshot of the game; the rest goes to `on_transport`, behind the page's guard."""
        if str(kind) != "message":
            self.guarded(str(kind), str(peer), str(data))
            return
        verdict, message = self.play.heard(str(peer), str(data))
        if verdict == "refused":
            self.refused()
        elif verdict:
            self.guarded(verdict, str(peer), message)

    def refused(self) -> None:
        """A message was refused: the count and the log are shown at the next frame (once for
        any number of refusals in between), and nothing else is redrawn."""
        if not self.drawing:
            self.drawing = True
            if self.draw_proxy is None:
                self.draw_proxy = create_proxy(self.page.guarded(self.draw_refusals))
            window.requestAnimationFrame(self.draw_proxy)

    def draw_refusals(self, *_) -> None:
        """The frame after refusals: the live hooks (count, log) as they are now."""
        self.drawing = False
        self.render()

    def on_transport(self, kind: str, peer: str, data) -> None:
        """static/js/live.js says: a channel opened, a message came, a channel closed, …"""
        if self.play.event(kind, peer, data):
            self.page.refresh()

    # -- after every change: send this page's moves, show the play's view -------------------------
    def after_change(self) -> None:
        """Send what this page's player did, and write the live hooks."""
        self.play.send_changes()
        self.render()

    def render(self) -> None:
        """body[data-live…], the panel's live line, the question, the log, the dialog."""
        view = self.play.view()
        for name, value in view["flags"].items():
            flag(document.body, name, value)
        say(find("[data-live-status]"), view["status"])
        say(find("[data-live-question]"), view["question"])
        show(find("[data-live-ask]"), view["question"])
        log = find("[data-live-log]")
        if str(log.textContent) != view["log"]:
            log.textContent = view["log"]  # text only: nothing received becomes markup
        show(find("[data-live-log-box]"), view["log"])
        self.render_dialog(view)

    def render_dialog(self, view: dict) -> None:
        """The Live dialog: opened when the play asks, its fields and message as it says."""
        changed = [key for key in self.shown if self.shown[key] != view[key]]
        for key in changed:
            self.shown[key] = view[key]
        if "dialog" in changed:
            self.open_dialog(*view["dialog"][1:])
        for key in ("invite", "reply"):
            if key in changed:
                find(f"[data-live-{key}]").value = view[key]
        if "reply_input" in changed:
            find("[data-live-reply-input]").value = view["reply_input"][1]
        if "qr" in changed:
            find("[data-live-qr]").innerHTML = view["qr"]  # our own SVG, made from our link
        if "message" in changed:
            say(find("[data-live-message]"), view["message"])

    def open_dialog(self, guest: bool, colours: str, stun: str) -> None:
        """Open the dialog: the host's part (the game's colours) or the guest's."""
        dialog = find("[data-live-dialog]")
        show(dialog.querySelector("[data-live-host]"), not guest)
        show(dialog.querySelector("[data-live-guest]"), guest)
        for row in dialog.querySelectorAll("[data-live-seat]"):
            show(row, str(row.getAttribute("data-live-seat")) in colours)
        dialog.querySelector("[data-live-stun]").value = stun
        if not dialog.open:
            dialog.showModal()
