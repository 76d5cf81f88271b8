"""The Live dialog: who plays which colour, the host's invitations, the friend's reply, and a
reply opened in a tab that is not the one waiting for it.

The host chooses the seats (`plan`) and sends one invitation per friend; each friend's page makes
a reply to send back; the host pastes it and the channel opens by itself. What the dialog shows
(its message, the links, the QR code) is plain data for the DOM adapter to write.
"""

import json

from lotus.game import games
from lotus.page.live import codes, words
from lotus.page.live.link import Link
from lotus.page.live.wire import LiveError
from lotus.words import N_, _

STUN_KEY = "lotus.live.stun"  # the player's STUN server ('' : none, host candidates only)
USED_KEY = "lotus.live.used"  # the invitations this device connected with (never twice)
CHOICES = ("me", "friend1", "friend2", "friend3", "computer")


def plan(colours, choices: dict, seats: dict) -> dict:
    """The host's choice per colour -> {'me', 'owns', 'friends': [(id, colours)], 'seats'}.

    `choices`: colour -> one of CHOICES; `seats`: the game's seats now (a computer seat keeps its
    level). Raises LiveError when no friend is invited.
    """
    me = ""
    owns = ""
    friends = {}
    new_seats = {}
    for colour in colours:
        choice = choices.get(colour, "me")
        if choice not in CHOICES:
            raise LiveError(N_("“{choice}” is not a player"), choice=choice)
        level = seats.get(colour, "human")
        new_seats[colour] = "human"
        if choice == "computer":
            new_seats[colour] = level if level != "human" else "medium"
            owns += colour
        elif choice == "me":
            me += colour
            owns += colour
        else:
            friends[choice] = friends.get(choice, "") + colour
    if not friends:
        raise LiveError(N_("choose at least one colour for your friend"))
    ids = sorted(friends)
    chosen = {"me": me, "owns": owns, "seats": new_seats}
    chosen["friends"] = [(i, friends[i]) for i in ids]
    chosen["computer"] = "".join(c for c in owns if c not in me)
    return chosen


def qr_svg(url: str) -> str:
    """An invitation as a QR code (our own encoder, loaded on first use; '' when it cannot)."""
    try:
        from lotus.page import qr

        return qr.svg(url, label=_("QR code of the invitation"))
    except (ImportError, ValueError):
        return ""


class Invitations:
    """The invitations and replies of one page (`play`: its `LivePlay`), and the Live dialog."""

    def __init__(self, play) -> None:
        self.play = play
        self.friends = []  # (peer id, colours) still to invite, the one shown first
        self.resumable = False  # a guest's game on screen is the invitation's match
        self.invite_key = ""  # a guest's invitation (codes.used_key), remembered once used
        self.relayed = False  # this tab handed a reply on to the tab that made the invitation
        self.said = ()  # the dialog's message (`words.said`, worded when drawn)
        self.invite_link = ""  # the invitation's link, shown to copy
        self.reply_link = ""  # a guest's reply link, shown to copy
        self.qr = ""  # the invitation as a QR code (SVG markup we made)
        self.reply_input = (0, "")  # (times written, text): the reply field the host pastes in
        self.dialog = (0, False, "", "")  # (times opened, a guest's, colours, STUN server)

    def say(self, said: tuple) -> None:
        """Say something inside the dialog (`words.said`: worded when the dialog is drawn)."""
        self.said = said

    def stun(self) -> str:
        """The player's STUN server ('' : none)."""
        return self.play.c.storage.get(STUN_KEY) or ""

    def show_dialog(self) -> None:
        """Open the Live dialog: the host's choices (the game's colours), or the guest's reply."""
        link = self.play.link
        guest = link is not None and link.role == "guest"
        colours = "".join(self.play.c.app.session.colours())
        self.dialog = (self.dialog[0] + 1, guest, colours, self.stun())

    def view(self) -> dict:
        """What the dialog shows: its message, the links, the QR code, and when to open it."""
        return {
            "message": words.word(self.said),
            "invite": self.invite_link,
            "reply": self.reply_link,
            "qr": self.qr,
            "reply_input": self.reply_input,
            "dialog": self.dialog,
        }

    # -- the address: an invitation or a reply opened ---------------------------------------------
    def open_link(self, fragment: str) -> tuple:
        """An invitation (#live=) or a reply (#reply=) in the address: (True, the query the
        address keeps without its fragment, None for its own), or (False, None) for neither."""
        if fragment.startswith("#live="):
            query = "?game=" + self.play.c.app.current
            self.join(fragment)
            return (True, query)
        if fragment.startswith("#reply="):
            if self.waiting():
                self.take_reply(fragment)
            else:
                self.pass_reply(fragment)
            return (True, None)
        return (False, None)

    def waiting(self) -> bool:
        """True while this page's invitation waits for a reply."""
        link = self.play.link
        return link is not None and link.role == "host" and bool(self.friends)

    def pass_reply(self, fragment: str) -> None:
        """A reply opened in a tab that is not waiting for one: hand it to the tab that made the
        invitation (it says when it took it: `handed`), unless it is damaged."""
        c = self.play.c
        try:
            codes.reply_match(fragment)
        except LiveError as exc:
            c.app.session.message = ""  # an earlier reply's word no longer holds
            c.error = _(words.REPLY_REFUSED, reason=words.refusal(exc))
            return
        if self.play.port.pass_reply(fragment):
            self.relayed = True
            c.app.session.message = _(words.RELAY_SENDING)
        else:  # no BroadcastChannel: a guard only (PyScript itself needs it to start)
            c.app.session.message = _(words.RELAY_CANNOT)

    def handed(self, kind: str, relay: str, data: str) -> None:
        """Another tab handed this one a reply ('reply'), or says whether it took the reply this
        tab handed on ('relayed', `data` '' when no tab was waiting)."""
        if kind == "reply" and self.waiting():
            self.play.port.ack_reply(relay)  # the tab that handed it on says so
            self.take_reply(data)
        if kind == "relayed":
            self.play.c.app.session.message = _(words.RELAY_TAKEN if data else words.RELAY_NONE)

    def take_reply(self, text: str) -> None:
        """A reply (pasted, opened here, or from another tab): connect."""
        self.show_dialog()
        self.reply_input = (self.reply_input[0] + 1, text)
        self.connect(text)

    # -- the host ---------------------------------------------------------------------------------
    def invite(self, values: dict) -> None:
        """The dialog's choices ('live-w', …, 'live-stun') -> the seats, the link, and the first
        friend's invitation."""
        play = self.play
        session = play.c.app.session
        game = play.c.app.current
        choices = {c: values.get("live-" + c, "me") for c in session.colours()}
        try:
            stun = codes.check_stun(values.get("live-stun", ""))
            chosen = plan(session.colours(), choices, session.seats)
        except LiveError as exc:
            self.say(words.said(words.NOT_MADE, reason=words.why(exc)))
            return
        if play.link is not None and play.link.state == "connected":
            self.say(words.said(words.STILL_CONNECTED))
            return
        play.c.storage.set(STUN_KEY, stun)
        old = play.link
        resume = old is not None and old.role == "host" and old.game == game
        match = old.match if resume else play.new_match()
        play.link = link = Link("host", match, game, chosen["me"], play.port.now)
        link.owns = chosen["owns"]
        link.computer = chosen["computer"]
        link.state = "inviting"
        session.seats = chosen["seats"]
        self.friends = list(chosen["friends"])
        play.keep()
        self.clear()  # at once: the offer below is made asynchronously
        play.port.spawn(self.offer())

    def clear(self) -> None:
        """Empty the invitation and reply fields and the QR code: never a stale link to copy."""
        self.invite_link = ""
        self.reply_input = (self.reply_input[0] + 1, "")
        self.qr = ""

    async def offer(self) -> bool:
        """Make the next friend's invitation (the offer), and show it as a link; True: the page
        redraws."""
        if not self.friends:
            return False
        peer, colours = self.friends[0]
        self.clear()
        port = self.play.port
        sdp = await port.offer(peer, self.stun())
        link = self.play.link
        code = codes.invite_code(link.match, link.game, colours, sdp)
        link.offers.offered(codes.offer_tag(sdp), peer, colours)
        self.invite_link = port.base() + "#live=" + code
        self.say(words.said(words.INVITE_FOR, colours=colours))
        self.qr = qr_svg(self.invite_link)
        return True

    def connect(self, text: str) -> None:
        """The host pastes the friend's reply: the connection opens by itself."""
        link = self.play.link
        if link is None or link.role != "host":
            self.say(words.said(words.NO_INVITATION))
            return
        try:
            peer, sdp = link.offers.reply_for(text, link.match)
        except LiveError as exc:
            self.say(words.said(words.REPLY_REFUSED, reason=words.why(exc)))
            return
        if peer not in dict(self.friends):
            self.say(words.said(words.NO_INVITATION))
            return
        self.play.port.spawn(self.accept(link, peer, sdp))

    async def accept(self, link, peer: str, sdp: str) -> bool:
        """The friend's answer given to the browser (which refuses a second answer to an offer)."""
        if not await self.play.port.accept(peer, sdp):
            self.say(words.said(words.REPLY_ANSWERED))
            return False
        link.waiting_for("accept")
        self.say(words.said(words.CONNECTING))
        return False

    def joined(self, peer: str) -> str:
        """`peer` connected: the colours it plays; the next friend's invitation is made."""
        colours = dict(self.friends).get(peer, "")
        self.friends = [f for f in self.friends if f[0] != peer]
        if self.friends:
            self.play.port.spawn(self.offer())
        return colours

    def copied(self, ok: bool) -> None:
        """A link was copied (or the browser did not allow it: the player copies it)."""
        self.say(words.said(words.COPIED if ok else words.COPY_BY_HAND))

    # -- the guest --------------------------------------------------------------------------------
    def join(self, code: str) -> None:
        """An invitation opened: show its game, and make the reply."""
        play = self.play
        c = play.c
        try:
            invite = codes.read_invite(code, games.GAMES)
        except LiveError as exc:
            c.error = _(words.INVITATION_REFUSED, reason=words.refusal(exc))
            return
        key = codes.used_key(invite)
        if key in self.used():
            c.error = _(words.USED_SENTENCE)
            if play.link is None:
                play.restore()  # the live game on screen, if any, stays as it was
            return
        game = invite["game"]
        c.pick(game)
        record = play.record()
        self.resumable = record.get("match") == invite["match"] and bool(record.get("id"))
        self.resumable = self.resumable and record.get("id") == c.ids.get(game)
        play.link = Link("guest", invite["match"], game, invite["me"], play.port.now)
        play.link.state = "joining"
        self.invite_key = key
        self.show_dialog()
        self.say(words.said(words.MAKING_REPLY))
        play.port.spawn(self.make_reply(invite["sdp"], invite["tag"]))

    async def make_reply(self, sdp: str, tag: str) -> bool:
        """The guest's answer, shown as a reply link to send back."""
        port = self.play.port
        answer = await port.answer("host", sdp, self.stun())
        link = self.play.link
        self.reply_link = port.base() + "#reply=" + codes.reply_code(link.match, tag, answer)
        link.waiting_for("join")
        self.say(words.said(words.SEND_REPLY))
        return False

    def used(self) -> list:
        """The invitations this device connected with (codes.used_key)."""
        return codes.read_used(self.play.c.storage.get(USED_KEY))

    def spend(self) -> None:
        """This guest's invitation made its connection: never again on this device."""
        if self.invite_key:
            used = codes.remember_used(self.used(), self.invite_key)
            self.play.c.storage.set(USED_KEY, json.dumps(used))
