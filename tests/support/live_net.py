"""A plain-Python network for live play's tests: devices, tabs of the app page without their DOM,
and the channels between them, in place of WebRTC and a browser's BroadcastChannel.

Each `Tab` is what lotus/dom/live.py and lotus/ui_bindings.py make of a page: a
`PageController` and its `LivePlay`, whose port is a `Port` of the `Net`. Events (a channel
opened or closed, a message, a tick of the clock, a reply handed on by another tab) are queued
and delivered by `Net.pump`, as the browser's event loop would: a tab handles them as the DOM
adapter does (a message screened by `LivePlay.heard`, then `LivePlay.event`), and redraws,
sending its own moves, when the play says so.
"""

import re

from lotus.page.controller import MemoryStorage, PageController
from lotus.page.live.play import LivePlay


def sdp(n: int) -> str:
    """A session description with its own ICE user name ('U001'…), as a browser's offer or
    answer would carry it (one host candidate)."""
    fingerprint = ":".join("%02X" % ((n * 7 + i) % 256) for i in range(32))
    lines = [
        "v=0",
        f"a=ice-ufrag:U{n:03d}",
        f"a=ice-pwd:P{n:03d}abcdefghijklmnopqrstuv",
        f"a=fingerprint:sha-256 {fingerprint}",
        "a=candidate:1 1 udp 2113937151 192.168.1.20 50000 typ host",
        "",
    ]
    return "\r\n".join(lines)


def ufrag(description: str) -> str:
    return re.search(r"a=ice-ufrag:(\S+)", description).group(1)


class Net:
    """The devices' network and their event loops: what is queued is delivered by `pump`."""

    def __init__(self) -> None:
        self.queue = []  # (tab, kind, peer, data) events still to deliver
        self.tasks = []  # (tab, coroutine) spawned by the tabs' plays
        self.offers = {}  # an offer's ICE user name -> (host port, the host's id for the peer)
        self.answers = {}  # an answer's ICE user name -> (guest port, its peer id, the offer's)
        self.relays = {}  # a reply handed on -> the port that handed it (until a tab takes it)
        self.made = 0
        self.now = 0.0
        self.tabs = []

    def description(self) -> str:
        self.made += 1
        return sdp(self.made)

    def pump(self, limit: int = 100_000) -> None:
        """Run every task and deliver every event, until nothing is left; then a reply handed on
        that no tab took is said so to its sender (the transport's timer)."""
        for _ in range(limit):
            if self.tasks:
                tab, coroutine = self.tasks.pop(0)
                tab.finish(coroutine)
            elif self.queue:
                tab, kind, peer, data = self.queue.pop(0)
                if tab.frozen:
                    tab.held.append((tab, kind, peer, data))
                elif not tab.closed:
                    tab.on_event(kind, peer, data)
            elif self.relays:
                relay, port = self.relays.popitem()
                self.queue.append((port.tab, "relayed", relay, ""))
            else:
                return
        raise AssertionError("the pages never stopped talking")

    def tick(self, seconds: float) -> None:
        """The clock moves on; every tab with a connection (made or being made) hears it."""
        self.now += seconds
        for tab in self.tabs:
            if tab.port.pcs and not tab.closed and not tab.frozen:
                self.queue.append((tab, "tick", "", ""))
        self.pump()


class Port:
    """A tab's transport, clock and tasks, as `LivePlay` wants them (see lotus.page.live.play)."""

    def __init__(self, net: Net, tab) -> None:
        self.net = net
        self.tab = tab
        self.channels = {}  # peer id -> (the other port, its id for this one)
        self.pcs = set()  # peer ids with a connection made or being made
        self.warnings = []

    def send(self, peer: str, text: str) -> bool:
        channel = self.channels.get(peer)
        if channel is None or self.tab.frozen:
            return False
        other, their_id = channel
        self.net.queue.append((other.tab, "message", their_id, text))
        return True

    def close(self, peer: str) -> None:
        """This side closes: the other side hears 'closed' (this one hears nothing)."""
        self.pcs.discard(peer)
        channel = self.channels.pop(peer, None)
        if channel is not None:
            other, their_id = channel
            other.channels.pop(their_id, None)
            other.pcs.discard(their_id)
            self.net.queue.append((other.tab, "closed", their_id, ""))

    async def offer(self, peer: str, stun: str) -> str:
        description = self.net.description()
        self.net.offers[ufrag(description)] = (self, peer)
        self.pcs.add(peer)
        return description

    async def answer(self, peer: str, offer: str, stun: str) -> str:
        description = self.net.description()
        self.net.answers[ufrag(description)] = (self, peer, ufrag(offer))
        self.pcs.add(peer)
        return description

    async def accept(self, peer: str, answer: str) -> bool:
        """The browser takes one answer per offer; the channel opens when the guest still waits."""
        found = self.net.answers.pop(ufrag(answer), None)
        offer = None if found is None else self.net.offers.pop(found[2], None)
        if offer is None or offer != (self, peer):
            return False
        guest, guest_id, _ = found
        if guest.tab.closed or guest_id not in guest.pcs:
            return True  # accepted, but nobody is there: nothing opens
        self.channels[peer] = (guest, guest_id)
        guest.channels[guest_id] = (self, peer)
        self.net.queue.append((self.tab, "open", peer, ""))
        self.net.queue.append((guest.tab, "open", guest_id, ""))
        return True

    def pass_reply(self, text: str) -> bool:
        relay = f"r{len(self.net.relays) + self.net.made}"
        self.net.relays[relay] = self
        for tab in self.tab.device.tabs:
            if tab is not self.tab and not tab.closed:
                self.net.queue.append((tab, "reply", relay, text))
        return True

    def ack_reply(self, relay: str) -> None:
        port = self.net.relays.pop(relay, None)
        if port is not None:
            self.net.queue.append((port.tab, "relayed", relay, "1"))

    def now(self) -> float:
        return self.net.now

    def new_id(self) -> str:
        self.net.made += 1
        return f"{self.net.made:08x}-0000-4000-8000-000000000000"

    def base(self) -> str:
        return "https://lotus.example/index.html"

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def spawn(self, coroutine) -> None:
        self.net.tasks.append((self.tab, coroutine))


class Device:
    """A browser profile: its storage, shared by its tabs."""

    def __init__(self, net: Net) -> None:
        self.net = net
        self.storage = MemoryStorage()
        self.tabs = []

    def open(self, address: str) -> "Tab":
        return Tab(self, address)


class Tab:
    """One tab of the app page, without its DOM (what ui_bindings.Page and dom.live.LiveUI do)."""

    def __init__(self, device: Device, address: str) -> None:
        device.net.tabs.append(self)
        device.tabs.append(self)
        self.device = device
        self.closed = False
        self.frozen = False  # its JavaScript paused: it sends nothing and hears nothing
        self.held = []  # what came while it was frozen
        self.heard = 0  # messages that reached the page (its transport handler)
        self.port = Port(device.net, self)
        self.c = PageController(device.storage)
        query, _, fragment = address.partition("#")
        query = "?" + query.partition("?")[2] if "?" in query else ""
        fragment = "#" + fragment if fragment else ""
        self.c.start(query, fragment)
        self.play = LivePlay(self.c, self.port)
        self.play.start(fragment)
        self.refresh()

    # -- what the adapter does -------------------------------------------------------------------
    def refresh(self) -> None:
        """After a change: this page's moves are sent, the game saved."""
        self.play.send_changes()
        self.c.save()

    def finish(self, coroutine) -> None:
        """Run a task of the play's to its end (the plain-Python port never waits)."""
        try:
            coroutine.send(None)
        except StopIteration as done:
            if done.value:
                self.refresh()
        else:
            raise AssertionError("a task of the play waited for something that never comes")

    def on_event(self, kind: str, peer: str, data) -> None:
        if kind == "message" and peer not in self.port.channels:
            return  # a channel this page closed hands on nothing it still had queued
        self.heard += kind == "message"
        if kind == "message":
            verdict, message = self.play.heard(peer, data)
            if verdict and verdict != "refused":
                self.transport(verdict, peer, message)
            return
        self.transport(kind, peer, data)

    def transport(self, kind: str, peer: str, data) -> None:
        if self.play.event(kind, peer, data):
            self.refresh()

    # -- what the player does ------------------------------------------------------------------
    def click(self, point: str) -> None:
        self.c.click("point", point)
        self.refresh()

    def action(self, action: str) -> None:
        self.c.action(action)
        self.refresh()

    def invite(self, **choices) -> str:
        """Live, the seats chosen (colour='me'|'friend1'|…|'computer'), Make an invitation."""
        self.play.invites.show_dialog()
        self.play.invites.invite({"live-" + c: v for c, v in choices.items()})
        self.refresh()
        self.device.net.pump()
        return self.play.invites.invite_link

    def paste(self, reply: str) -> None:
        """The friend's reply pasted into the dialog, Connect."""
        self.play.invites.connect(reply)
        self.refresh()

    def answer(self, ok: bool) -> None:
        self.play.answer(ok)
        self.refresh()

    def close(self) -> None:
        """The tab closes: its channels close (the others hear it)."""
        for peer in list(self.port.channels):
            self.port.close(peer)
        self.closed = True

    def thaw(self) -> None:
        """Its JavaScript runs again: what came meanwhile is heard."""
        self.frozen = False
        self.device.net.queue[:0] = self.held
        self.held = []

    # -- what the player sees ------------------------------------------------------------------
    def view(self) -> dict:
        return self.play.view()

    @property
    def actions(self) -> list:
        return list(self.c.app.session.actions)

    @property
    def state(self):
        return self.view()["flags"]["live"]
