"""Live play between browsers with no server: the protocol, without a DOM.

Two pages talk over a WebRTC data channel (static/js/live.js); the signalling WebRTC needs is
carried by the players themselves as links: the host's invitation (`#live=…`, the offer) and the
friend's reply (`#reply=…`, the answer). Everything here is pure Python, tested under CPython and
run by the page's MicroPython (`lotus.dom.live` is the thin DOM adapter):

- codes: a WebRTC session description stripped to what a data channel needs (ICE user and
  password, the DTLS fingerprint, the candidates) and written back as a full one;
- messages: JSON objects with a version, a type and a size cap; anything else is refused;
- `Link`: one page's side of a live game: which colours it plays, the history both sides agreed
  on, what the other side asked (undo, a new game), the scoring confirmations, the refusals log;
- `reconcile`: after a reconnection, the longer of two consistent histories, or where they differ.

A game is the session's list of actions (moves, and resuming play after two passes); each one
received is checked twice: here (its index, whose turn, who sent it) and by the engine when the
session plays it.
"""

import json

from lotus.game.games import MAX_MOVES
from lotus.game.session import COLOUR_NAMES

VERSION = 1
MAX_MESSAGE = 65536  # characters: a 2,000-move history needs about 20,000
MAX_SMALL = 2048  # characters: every message but a game's state is short (read before parsing)
MAX_TEXT = 64  # characters of a message's action, point or name
RATE_LIMIT = 50  # messages a second from one peer, at most, averaged over RATE_WINDOW
RATE_WINDOW = 2.0  # seconds: a peer that sends more than RATE_LIMIT * RATE_WINDOW in one is cut
MAX_CODE = 4000  # the longest invitation or reply code read
MAX_LOG = 20  # refusals kept for the page's log
TYPES = ("state", "act", "dead", "confirm", "ask", "answer", "drop", "undo", "new", "bye")
TYPES += ("ping", "pong")  # the heartbeat: a page that hears nothing for SILENT_LIMIT is gone
ASKS = ("undo", "new")
STEPPED = ("act", "dead", "confirm", "ask", "undo")  # types whose n must be the game's length
COLOURS = "wbry"
PING_EVERY = 2.0  # seconds between two pings to each peer
SILENT_LIMIT = 6.0  # seconds without a message from a peer before its link counts as dead
CONNECT_LIMIT = 20.0  # seconds after the host pasted a reply before saying nothing connected
JOIN_LIMIT = 90.0  # seconds after a guest made its reply before saying what may be wrong
MAX_USED = 20  # invitations remembered as used on this device
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


class LiveError(ValueError):
    """A code or message that cannot be used (said to the player, or logged)."""


FLOODED = (
    f"Your friend's page sent more messages than a game needs (more than {RATE_LIMIT} a "
    "second): the connection was closed."
)


# -- codes: a session description in a link ------------------------------------------------------


def b64encode(data: bytes) -> str:
    """Bytes as base64url without padding."""
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i : i + 3]
        n = 0
        for byte in chunk:
            n = (n << 8) | byte
        n <<= 8 * (3 - len(chunk))
        for j in range(len(chunk) + 1):
            out.append(B64[(n >> (18 - 6 * j)) & 63])
    return "".join(out)


def b64decode(text: str) -> bytes:
    """base64url without padding back to bytes (raises LiveError)."""
    out = bytearray()
    bits = 0
    count = 0
    for ch in text:
        index = B64.find(ch)
        if index < 0:
            raise LiveError("the code has a character that does not belong in it")
        bits = (bits << 6) | index
        count += 6
        if count >= 8:
            count -= 8
            out.append((bits >> count) & 255)
    return bytes(out)


def _ice(text: str) -> str:
    """ICE user or password (letters, digits, + and /) made safe in a link: + -> -, / -> _."""
    return text.replace("+", "-").replace("/", "_")


def _unice(text: str) -> str:
    for ch in text:
        if not (ch.isalpha() or ch.isdigit() or ch in "-_"):
            raise LiveError("the code's ICE credentials are not valid")
    return text.replace("-", "+").replace("_", "/")


def pack_sdp(sdp: str) -> str:
    """A data channel's session description as a short text: 'user~password~fp~candidates'.

    Only UDP candidates are kept; each is 'h' (host) or 's' (server reflexive) and its address
    and port; a Chromium mDNS name (a UUID ending .local) keeps its 32 hex digits after 'm'.
    """
    ufrag = pwd = fingerprint = ""
    candidates = []
    for line in sdp.replace("\r", "").split("\n"):
        if line.startswith("a=ice-ufrag:"):
            ufrag = line[12:].strip()
        elif line.startswith("a=ice-pwd:"):
            pwd = line[10:].strip()
        elif line.startswith("a=fingerprint:sha-256 "):
            fingerprint = line[22:].strip()
        elif line.startswith("a=candidate:"):
            packed = _pack_candidate(line[12:].split())
            if packed and packed not in candidates:
                candidates.append(packed)
    if not (ufrag and pwd and fingerprint):
        raise LiveError("the connection's description is incomplete")
    digest = bytes(int(h, 16) for h in fingerprint.split(":"))
    return "~".join((_ice(ufrag), _ice(pwd), b64encode(digest), ",".join(candidates)))


def _pack_candidate(parts: list) -> str:
    """'h192.168.1.5;50000' or 'm<32 hex>;50000' or 's203.0.113.9;4000' ('' to drop it)."""
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ":
        return ""
    kind = {"host": "h", "srflx": "s"}.get(parts[7])
    address, port = parts[4], parts[5]
    if kind is None or not port.isdigit():
        return ""
    if address.endswith(".local"):
        name = address[:-6].replace("-", "")
        if len(name) == 32:
            return "m" + name.lower() + ";" + port
    return kind + address + ";" + port


def unpack_sdp(packed: str, offer: bool) -> str:
    """A full session description from `pack_sdp`'s text (an offer, or else an answer)."""
    parts = packed.split("~")
    if len(parts) != 4:
        raise LiveError("the code is not a connection's description")
    ufrag, pwd = _unice(parts[0]), _unice(parts[1])
    digest = b64decode(parts[2])
    if len(digest) != 32 or not (4 <= len(ufrag) <= 256 and 22 <= len(pwd) <= 256):
        raise LiveError("the code's connection details are not valid")
    fingerprint = ":".join(("0" + hex(b)[2:])[-2:].upper() for b in digest)
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, candidate in enumerate([c for c in parts[3].split(",") if c]):
        lines.append("a=candidate:" + _unpack_candidate(candidate, i))
    lines += [
        "a=end-of-candidates",
        "a=ice-ufrag:" + ufrag,
        "a=ice-pwd:" + pwd,
        "a=fingerprint:sha-256 " + fingerprint,
        "a=setup:" + ("actpass" if offer else "active"),
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def _unpack_candidate(text: str, index: int) -> str:
    kind, rest = text[:1], text[1:]
    address, _, port = rest.partition(";")
    if kind not in "hsm" or not kind or not port.isdigit() or not (0 < int(port) < 65536):
        raise LiveError("the code's network addresses are not valid")
    for ch in address:
        if not (ch.isalpha() or ch.isdigit() or ch in ".:"):
            raise LiveError("the code's network addresses are not valid")
    if kind == "m":
        if len(address) != 32:
            raise LiveError("the code's network addresses are not valid")
        a = address
        address = f"{a[:8]}-{a[8:12]}-{a[12:16]}-{a[16:20]}-{a[20:]}.local"
    priority = 2130706431 - index if kind != "s" else 1686052607 - index
    typ = "srflx raddr 0.0.0.0 rport 0" if kind == "s" else "host"
    return f"{index + 1} 1 udp {priority} {address} {port} typ {typ}"


def _word(text: str, what: str, limit: int = 24) -> str:
    if not text or len(text) > limit or not all(ch.isalpha() or ch.isdigit() for ch in text):
        raise LiveError(f"the {what} in the code is not valid")
    return text


def offer_tag(packed_or_sdp: str) -> str:
    """The invitation's tag: its offer's ICE user name as packed (a reply names it)."""
    if "\n" in packed_or_sdp:
        packed_or_sdp = pack_sdp(packed_or_sdp)
    return packed_or_sdp.split("~", 1)[0]


def invite_code(match: str, game: str, guest: str, sdp: str) -> str:
    """The invitation: version, the match's id, the game, the colours the friend plays, the
    host's offer. It gives a seat only to whoever connects first: the offer's credentials serve
    one connection (see docs/live.md)."""
    return "~".join((str(VERSION), match, game, guest, pack_sdp(sdp)))


def read_invite(code: str, games_known) -> dict:
    """{'match', 'game', 'me', 'sdp'} of an invitation code or link (raises LiveError)."""
    code = _after(code, "live=")
    parts = code.split("~", 4)
    if len(parts) != 5 or parts[0] != str(VERSION):
        raise LiveError("this is not an invitation of this version")
    match = _word(parts[1], "match")
    if parts[2] not in games_known:
        raise LiveError("the invitation's game is unknown")
    me = _colours(parts[3])
    sdp = unpack_sdp(parts[4], True)
    tag = offer_tag(parts[4])
    return {"match": match, "game": parts[2], "me": me, "sdp": sdp, "tag": tag}


def reply_code(match: str, tag: str, sdp: str) -> str:
    """The friend's reply: version, the match's id, the invitation's tag, the answer."""
    return "~".join((str(VERSION), match, tag, pack_sdp(sdp)))


def read_reply(code: str, match: str) -> dict:
    """{'tag', 'sdp'} of a reply code or link for `match` (raises LiveError)."""
    code = _after(code, "reply=")
    parts = code.split("~", 3)
    if len(parts) != 4 or parts[0] != str(VERSION):
        raise LiveError("this is not a reply to an invitation")
    if parts[1] != match:
        raise LiveError("this reply answers an invitation for another game")
    _unice(parts[2])
    return {"tag": parts[2], "sdp": unpack_sdp(parts[3], False)}


def reply_match(code: str) -> str:
    """The match id of a well-formed reply code or link, whatever invitation it answers (raises
    LiveError when it is not one): checked before a reply is handed to another tab."""
    code = _after(code, "reply=")
    parts = code.split("~", 3)
    if len(parts) != 4 or parts[0] != str(VERSION):
        raise LiveError("this is not a reply to an invitation")
    read_reply(code, parts[1])
    return parts[1]


def used_key(invite: dict) -> str:
    """What identifies an invitation among the ones this device used ('match~tag')."""
    return invite["match"] + "~" + invite["tag"]


def read_record(text) -> dict:
    """The live game a page keeps for a resume after a reload ({'match', 'game', 'role', 'me',
    'id'}), from its stored text; {} when there is none or it cannot be used (any value of the
    wrong kind: storage is the player's, and may hold anything)."""
    try:
        value = json.loads(text) if isinstance(text, str) and len(text) < MAX_CODE else None
    except (ValueError, RuntimeError):
        return {}
    if not isinstance(value, dict) or value.get("role") not in ("host", "guest"):
        return {}
    fields = [value.get(k) for k in ("match", "game", "me", "id")]
    if not all(isinstance(f, str) and len(f) < MAX_TEXT for f in fields):
        return {}
    match, game, me, game_id = fields
    try:
        _word(match, "match")
        if me:
            _colours(me)
    except LiveError:
        return {}
    return {"match": match, "game": game, "role": value["role"], "me": me, "id": game_id}


def remember_used(used: list, key: str) -> list:
    """The device's used invitations with `key` added (the newest MAX_USED)."""
    kept = [k for k in used if isinstance(k, str) and k != key]
    kept.append(key)
    return kept[-MAX_USED:]


USED_SENTENCE = (
    "This invitation was already used on this device: its connection was made once and cannot "
    "be made again. Ask your friend for a new invitation (Live, Make an invitation)."
)


def _after(code: str, key: str) -> str:
    code = code.strip()
    if len(code) > MAX_CODE:
        raise LiveError("the code is too long")
    at = code.find(key)
    return code[at + len(key) :] if at >= 0 else code


def _colours(text: str) -> str:
    if not text or len(text) > 4 or any(c not in COLOURS for c in text):
        raise LiveError("the colours in the code are not valid")
    return text


# -- messages -------------------------------------------------------------------------------------


def encode(kind: str, **fields) -> str:
    """A message as JSON text: {"v": 1, "t": kind, …}."""
    fields["v"] = VERSION
    fields["t"] = kind
    return json.dumps(fields)


def decode(text) -> dict:
    """A received message, checked: JSON object, version, known type, size, the type of every
    field it may carry (raises LiveError). The cheap checks come first: a long text is refused
    before it is parsed unless it can be a game's state, the only long message."""
    if not isinstance(text, str):
        raise LiveError("not a text message")
    if len(text) > MAX_MESSAGE or (len(text) > MAX_SMALL and '"state"' not in text):
        raise LiveError(f"a message of {len(text)} characters is too large")
    try:
        message = json.loads(text)
    except (ValueError, RuntimeError):  # RuntimeError: nested deeper than the parser goes
        raise LiveError("a message that is not JSON") from None
    if not isinstance(message, dict):
        raise LiveError("a message that is not a JSON object")
    if message.get("v") != VERSION:
        raise LiveError("a message of another version")
    if message.get("t") not in TYPES:
        raise LiveError("a message of an unknown type")
    if len(text) > MAX_SMALL and message["t"] != "state":
        raise LiveError(f"a message of {len(text)} characters is too large")
    if "n" in message and not (type(message["n"]) is int and 0 <= message["n"] <= 4 * MAX_MOVES):
        raise LiveError("a message with a bad move number")
    for key in ("a", "what", "match", "game", "by", "computer", "me", "seat"):
        if key in message and not isinstance(message[key], str):
            raise LiveError(f"a message whose {key} is not text")
        if key in message and len(message[key]) >= MAX_TEXT:
            raise LiveError(f"a message whose {key} is too long")
    for key in ("actions", "dead"):
        if key in message and not _texts(message[key]):
            raise LiveError(f"a message whose {key} is not a list of texts")
    if "options" in message and not _options(message["options"]):
        raise LiveError("a message whose options are not texts by name")
    return message


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and len(v) < MAX_TEXT for v in value)


def _options(value) -> bool:
    """A game's options as a state message carries them: a few names, each with a short text."""
    if not isinstance(value, dict) or len(value) > 16:
        return False
    return all(isinstance(v, str) and len(v) < MAX_TEXT for v in value.values())


def _moves_in(actions: list) -> int:
    """How many of a history's actions are moves (not scoring steps, which start with '#')."""
    return sum(1 for a in actions if not a.startswith("#"))


def reconcile(mine: list, theirs: list) -> tuple:
    """Two histories of one game: ('same'|'mine'|'theirs', n) when one extends the other ('mine':
    mine is longer; n: the shorter's length), or ('conflict', i): they differ from action i."""
    n = min(len(mine), len(theirs))
    for i in range(n):
        if mine[i] != theirs[i]:
            return ("conflict", i)
    if len(mine) == len(theirs):
        return ("same", n)
    return ("mine" if len(mine) > len(theirs) else "theirs", n)


# -- one page's side of a live game ---------------------------------------------------------------


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
        self.asked = None  # (what, n): what this page asked the others
        self.pending = None  # (peer, what, n): what a peer asks this page
        self.log = []  # the latest refusals (MAX_LOG), newest last
        self.refused = 0  # every message refused since the page opened
        self.conflict = None  # the action where the two histories differed, after a reconnection
        self.note = ""  # what to tell the player about the link now
        self.last_state = None  # the other side's last "state" message
        self.vote = None  # the host's open question: {what, n, asker, waiting: [voters]}
        self.heard = {}  # peer -> when a message last came from it (the heartbeat)
        self.pinged = None  # when this page last pinged its peers
        self.offers = {}  # the host's invitations waiting for a reply: tag -> (peer, colours)
        self.spent = {}  # the host's invitations answered and connected: tag -> peer
        self.since = None  # when this page started waiting for a connection (joining, accepting)
        self.waited = ""  # what this page is waiting for: '', 'join' or 'accept'
        self.awaiting = []  # peers whose game's state is due (once, at the channel's opening)
        self.agreed = None  # (what, n): the question this page's player agreed to, until done
        self.confirmed = None  # (n, marks): the scoring this page's player confirmed last
        self.rate = {}  # peer -> (start of its counting window, messages in it)

    # -- peers come and go -----------------------------------------------------------------------
    def joined(self, peer: str, colours: str) -> None:
        """A channel to `peer` opened (the host: the invitation it answered is spent)."""
        self.peers[peer] = colours
        self.heard[peer] = self.clock()
        self.rate.pop(peer, None)
        if peer not in self.awaiting:
            self.awaiting.append(peer)
        for tag, offer in list(self.offers.items()):
            if offer[0] == peer:
                del self.offers[tag]
                self.spent[tag] = peer
        self.waited = ""
        self.since = None

    def gone(self, peer: str, why: str) -> list:
        """`peer`'s channel is dead (closed, or silent too long): messages for the others."""
        self.peers.pop(peer, None)
        self.heard.pop(peer, None)
        if peer in self.awaiting:
            self.awaiting.remove(peer)
        out = self.cancel_vote(peer)
        self.state = "disconnected"
        self.note = why
        return out

    def stop(self, why: str) -> list:
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
        what to tell the player now that a wait went on too long ('' : nothing new)}."""
        out = {"send": [], "dead": [], "note": ""}
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
                out["note"] = WAIT_NOTES.get(self.waited, "")
        return out

    def waiting_for(self, what: str) -> None:
        """This page now waits for a connection: 'join' (a guest's reply is out) or 'accept'."""
        self.waited = what
        self.since = self.clock()

    # -- the host's invitations -------------------------------------------------------------------
    def offered(self, tag: str, peer: str, colours: str) -> None:
        """The host made an invitation (`tag`, its offer's) for `peer`, who plays `colours`;
        it replaces any earlier one still waiting."""
        self.offers = {tag: (peer, colours)}

    def reply_for(self, code: str) -> tuple:
        """A pasted reply: (the peer whose invitation it answers, the answer's description);
        raises LiveError with what to do when it answers no invitation waiting."""
        reply = read_reply(code, self.match)
        tag = reply["tag"]
        if tag in self.offers:
            return (self.offers[tag][0], reply["sdp"])
        if tag in self.spent:
            raise LiveError(
                "this reply answers an invitation that was already used (its friend is "
                "connected); for another friend, make a new invitation"
            )
        raise LiveError(
            "this reply answers an earlier invitation, no longer waiting (replaced, or made "
            "before the page was reloaded); send your friend your newest invitation and paste "
            "its reply"
        )

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
            name = colour_name(mover)
            if mover in self.computer:
                return f"It is {name}'s turn: the computer plays {name}, on the host's page."
            return f"It is {name}'s turn: your friend plays {name}."
        return ""

    def refuse(self, why: str) -> None:
        """Count and log a refused message (never applied)."""
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
        page must reconcile: see `take_state`) or 'refused'. Messages to send are (to, text),
        `to` being a peer id, or '*' for every peer but `peer` (the host relays).
        """
        message = self.screen(session, peer, text)
        if message is None:
            return ("refused", [])
        return self.apply(session, peer, message)

    def admit(self, peer: str) -> bool:
        """Count a message from `peer`: False once it sent more than RATE_LIMIT a second over
        RATE_WINDOW (a flood: the page closes its channel, saying FLOODED)."""
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
            self.refuse(str(exc))
            return None
        kind = message["t"]
        self.heard[peer] = self.clock()
        try:
            if kind == "state":
                self._check_state(session, peer, message)
            elif kind in ("undo", "drop", "new") and self.role == "host":
                raise LiveError("only the host sends that")
            elif kind in STEPPED and message.get("n") != len(session.actions):
                n = message.get("n")
                raise LiveError(f"out of step (move {n} for a game of {len(session.actions)})")
        except LiveError as exc:
            self.refuse(f"{kind} refused: {exc}")
            return None
        return message

    def apply(self, session, peer: str, message: dict) -> tuple:
        """A message that passed `screen`, checked by its handler and the engine, and applied:
        (what the page must do, messages to send), as `receive`."""
        kind = message["t"]
        if kind == "state":
            self.last_state = message
            return ("state", [])
        handler = getattr(self, "_on_" + kind)
        try:
            return handler(session, peer, message)
        except (LiveError, ValueError, KeyError, TypeError, IndexError) as exc:
            self.refuse(f"{kind} refused: {exc}")
            return ("refused", [])

    def _check_state(self, session, peer: str, message: dict) -> None:
        """A game's state is taken once when a channel opens (to reconcile two histories) and,
        on a guest, as the new game its player agreed to; never above the move cap."""
        actions = message.get("actions")
        if not isinstance(actions, list):
            raise LiveError("a game's state without its moves")
        if _moves_in(actions) > MAX_MOVES:
            raise LiveError(f"a game of more than {MAX_MOVES} moves")
        if not isinstance(message.get("options", {}), dict):
            raise LiveError("a game's state without its options")
        if peer in self.awaiting:
            self.awaiting.remove(peer)
            return
        agreed = self.agreed
        if self.role == "guest" and agreed is not None and agreed[0] == "new" and not actions:
            self.agreed = None
            return
        raise LiveError(
            "a game's state that was not due (only when connecting, or as an agreed new game)"
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
            raise LiveError(f"out of step (move {n} for a game of {len(session.actions)})")
        if action.startswith("#finish"):
            raise LiveError("a game ends when both players confirm the scoring")
        self.may_play(session, peer, action)
        mover = session.game.to_move
        if not action.startswith("#") and message.get("seat", mover) != mover:
            raise LiveError(f"a move for {message['seat']!r} while {colour_name(mover)} is to move")
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
                raise LiveError("a game ends when both players confirm the scoring")
        elif action.startswith("#"):  # resuming play from the scoring phase (G9)
            if session.phase() != "scoring":
                raise LiveError("there is no scoring to resume from")
        else:
            if session.phase() != "play":
                raise LiveError("the game is not in play")
            mover = session.game.to_move
            if mover not in self.colours_of(peer):
                raise LiveError(f"not their turn ({colour_name(mover)} is to move)")

    def _on_dead(self, session, peer: str, message: dict) -> tuple:
        if message.get("n") != len(session.actions) or not _scoring(session):
            raise LiveError("marks for another position")
        dead = message.get("dead", [])
        session.game.set_dead(dead)  # the engine checks each point
        self.sent_dead = sorted(session.game.dead, key=_number)
        session.touched = True
        session.dead_source = "players"
        self.confirms = {}
        return ("redraw", [])

    def _on_confirm(self, session, peer: str, message: dict) -> tuple:
        if message.get("n") != len(session.actions) or not _scoring(session):
            raise LiveError("a confirmation for another position")
        self.confirms[peer] = (message["n"], tuple(message.get("dead", [])))
        self.finish_if_agreed(session)
        return ("redraw", [])

    def confirm(self, session) -> list:
        """This page's player confirms the marks: messages to send (the game ends once all did)."""
        dead = sorted(session.game.dead, key=_number)
        self.confirms["me"] = self.confirmed = (len(session.actions), tuple(dead))
        out = [encode("confirm", n=len(session.actions), dead=dead)]
        if not self.finish_if_agreed(session):
            session.message = "You confirmed the dead groups; waiting for your friend to confirm."
        return out

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

    # -- questions: undo, a new game -----------------------------------------------------------
    # Every connected player must agree. The host counts the votes (a star): a guest's question
    # goes to the host, who asks its own player and the other guests; the first "no" ends it.
    def ask(self, session, what: str) -> list:
        """This page asks the others (undo, new): the message to send."""
        n = len(session.actions)
        self.asked = (what, n)
        if self.role == "host":
            self.vote = {"what": what, "n": n, "asker": "me", "waiting": list(self.peers)}
        session.message = f"Asked your friends to agree to {_asking(what)}…"
        if len(self.peers) < 2:
            session.message = f"Asked your friend to agree to {_asking(what)}…"
        return [encode("ask", what=what, n=n, by=self.me)]

    def _on_ask(self, session, peer: str, message: dict) -> tuple:
        what = message.get("what")
        n = message.get("n")
        if what not in ASKS or n != len(session.actions):
            raise LiveError("a question for another position")
        if what == "undo" and not session.actions:
            raise LiveError("there is no move to take back")
        if self.role == "guest":
            self.pending = (peer, what, n, message.get("by", ""))
            return ("ask", [])
        if self.vote is not None:  # one question at a time: this one is declined at once
            return ("redraw", [(peer, encode("answer", what=what, n=n, ok=False))])
        others = [p for p in self.peers if p != peer]
        by = self.peers.get(peer, "")
        self.vote = {"what": what, "n": n, "asker": peer, "waiting": ["me"] + others}
        self.pending = (peer, what, n, by)
        return ("ask", [(p, encode("ask", what=what, n=n, by=by)) for p in others])

    def question(self) -> str:
        """The question to show this page's player ('' when none)."""
        if self.pending is None:
            return ""
        by = self.pending[3] if len(self.pending) > 3 else ""
        who = " and ".join(colour_name(c) for c in by) if by else "Your friend"
        return f"{who} asks for {_asking(self.pending[1])}. Do you agree?"

    def answer(self, session, ok: bool) -> tuple:
        """This page's player answers the pending question: (what was agreed or '', messages).

        A guest's answer goes to the host, who counts it; the host's own counts at once."""
        if self.pending is None:
            return ("", [])
        peer, what, n = self.pending[:3]
        self.pending = None
        if self.role == "guest":
            if ok:
                self.agreed = (what, n)  # the host's undo or new game may now come
                session.message = "You agreed; waiting for the others."
            return ("", [(peer, encode("answer", what=what, n=n, ok=bool(ok)))])
        return self._vote(session, "me", what, n, ok)

    def _on_answer(self, session, peer: str, message: dict) -> tuple:
        what = message.get("what")
        n = message.get("n")
        vote = self.vote
        if self.role == "host" and vote is not None and peer in vote["waiting"]:
            if (vote["what"], vote["n"]) != (what, n):
                raise LiveError("an answer to another question")
            return self._vote(session, peer, what, n, bool(message.get("ok")))
        if self.role == "host" or self.asked is None or self.asked != (what, n):
            raise LiveError("an answer to a question not asked")
        self.asked = None
        if not message.get("ok"):
            session.message = f"Your friend declined {_asking(what)}."
            return ("redraw", [])
        if what == "undo" and n == len(session.actions):
            self.take_back(session)
            return ("redraw", [])
        self.agreed = (what, n)  # the host's new game may now come
        return (what, [])

    def _vote(self, session, voter: str, what: str, n: int, ok: bool) -> tuple:
        """The host counts `voter`'s answer: (what was agreed or '' / 'redraw', messages)."""
        vote = self.vote
        if vote is None or voter not in vote["waiting"]:
            return ("", [])
        asker = vote["asker"]
        if not ok:
            out = self.cancel_vote(voter)
            if asker == "me":
                session.message = f"Your friend declined {_asking(what)}."
            else:
                out.append((asker, encode("answer", what=what, n=n, ok=False)))
            return ("redraw", out)
        vote["waiting"].remove(voter)
        if vote["waiting"]:
            if asker == "me" or voter == "me":
                session.message = "Waiting for the others to agree…"
            return ("redraw", [])
        self.vote = None
        self.asked = None
        out = []
        if asker != "me":
            out.append((asker, encode("answer", what=what, n=n, ok=True)))
        if what == "undo":
            if n != len(session.actions):
                return ("redraw", [])
            self.take_back(session)
            out += [(p, encode("undo", n=n)) for p in self.peers if p != asker]
        return (what, out)

    def cancel_vote(self, voter: str) -> list:
        """The open question ends unanswered (`voter` declined or left): the questions still
        shown to the other guests are withdrawn (messages to send)."""
        vote = self.vote
        if vote is None:
            if self.pending is not None and self.pending[0] == voter:
                self.pending = None
            return []
        self.vote = None
        self.asked = None
        self.pending = None
        drop = encode("drop", what=vote["what"], n=vote["n"])
        return [(p, drop) for p in vote["waiting"] if p not in ("me", voter) and p in self.peers]

    def _on_drop(self, session, peer: str, message: dict) -> tuple:
        if self.role == "host":
            raise LiveError("only the host withdraws a question")
        pending = self.pending
        asked = (message.get("what"), message.get("n"))
        if self.agreed == asked:
            self.agreed = None
        if pending is not None and (pending[1], pending[2]) == asked:
            self.pending = None
            asking = _asking(pending[1])
            session.message = f"{asking[:1].upper()}{asking[1:]} was declined by another player."
        return ("redraw", [])

    def _on_ping(self, session, peer: str, message: dict) -> tuple:
        return ("", [(peer, encode("pong"))])

    def _on_pong(self, session, peer: str, message: dict) -> tuple:
        return ("", [])

    def _on_undo(self, session, peer: str, message: dict) -> tuple:
        n = message.get("n")
        if self.role == "host" or n != len(session.actions):
            raise LiveError("a take-back for another position")
        if self.agreed != ("undo", n):
            raise LiveError("a take-back this page's player did not agree to")
        self.agreed = None
        self.take_back(session)
        return ("redraw", [])

    def take_back(self, session) -> None:
        """Undo the last action, agreed by both sides (not kept for redo)."""
        session.undo()
        session.redo_stack = []
        self.synced = list(session.actions)
        self.confirms = {}
        self.sent_dead = None
        session.message = "The last move was taken back, as agreed."

    def _on_new(self, session, peer: str, message: dict) -> tuple:
        raise LiveError("a new game comes as the host's game, once everyone agreed")

    def _on_bye(self, session, peer: str, message: dict) -> tuple:
        return ("bye", [])

    # -- the start of a connection -------------------------------------------------------------
    def state_message(self, session, options_text: dict, me: str = "") -> str:
        """This page's game for the other side: the match, the game, its options, its history."""
        fields = {"match": self.match, "game": self.game, "actions": list(session.actions)}
        fields["options"] = options_text
        if me:
            fields["me"] = me
        if self.computer:
            fields["computer"] = self.computer
        return encode("state", **fields)

    def take_state(self, session, message: dict, resumable: bool) -> tuple:
        """The other side's game at the start of a connection: what this page does with it.

        ('adopt', None): show the host's game as a new game (a guest whose game on screen is not
        this match's); ('adopt', i): the same, the histories differing from action i (the
        guest's game stays in Your games); ('extend', actions): play their longer history;
        ('keep', i or None): keep this page's game (i: the two differ from action i, shown).
        """
        theirs = message.get("actions") or []
        same = message.get("match") == self.match and message.get("game") == self.game
        if self.role == "guest":
            computer = message.get("computer") or ""
            self.computer = "".join(c for c in computer if c in COLOURS and c not in self.me)
        if self.role == "host":
            if not same:
                return ("keep", None)  # the guest takes the host's game
            verdict, index = reconcile(session.actions, theirs)
            if verdict == "conflict":
                self.conflict = index
                return ("keep", index)
            return ("extend", theirs) if verdict == "theirs" else ("keep", None)
        if not (resumable and same):
            self.match = message.get("match") or self.match
            return ("adopt", None)
        verdict, index = reconcile(session.actions, theirs)
        if verdict == "conflict":
            self.conflict = index
            return ("adopt", index)
        return ("extend", theirs) if verdict == "theirs" else ("keep", None)

    def connected(self, session) -> None:
        """The channel is open: the agreed history starts as this page's."""
        self.state = "connected"
        self.synced = list(session.actions)
        self.sent_dead = None
        self.confirms = {}
        self.note = ""

    def extend(self, session, theirs: list, peer: str) -> int:
        """Play the actions of `peer`'s longer consistent history, each one only if `peer` may
        play it (`may_play`) and the engine takes it; returns how many were played (it stops at
        the first refused, which is logged)."""
        played = 0
        for i in range(len(session.actions), len(theirs)):
            action = theirs[i]
            try:
                self.may_play(session, peer, action)
                session.act(action)
            except ValueError as exc:
                self.refuse(f"resuming: {action} refused: {exc}")
                break
            played += 1
        self.synced = list(session.actions)
        return played


WAIT_NOTES = {
    "accept": (
        "No connection yet: the reply may be out of date (your friend's page was closed or "
        "reloaded after making it), or your networks cannot reach each other. Make a new "
        "invitation and ask your friend to open it."
    ),
    "join": (
        "Still no connection. If your friend has pasted your reply, their invitation may be out "
        "of date (their page was closed or reloaded, or the invitation was already answered): "
        "ask them for a new invitation."
    ),
}


def _scoring(session) -> bool:
    return session.phase() == "scoring"


def _number(point) -> int:
    return int(point) if str(point).isdigit() else 0


def _marks(action: str) -> tuple:
    """The dead-group marks a '#finish:…' action ends the scoring with, in order."""
    return tuple(sorted([p for p in action.partition(":")[2].split(",") if p], key=_number))


def _asking(what: str) -> str:
    return {"undo": "taking back the last move", "new": "a new game"}.get(what, what)


def colour_name(colour: str) -> str:
    """'White' for 'w', … (the sessions' colour names, capitalised)."""
    name = COLOUR_NAMES.get(colour, colour)
    return name[:1].upper() + name[1:]


# -- the host's plan: who plays which colour ------------------------------------------------------

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
            raise LiveError(f"{choice!r} is not a player")
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
        raise LiveError("choose at least one colour for your friend")
    ids = sorted(friends)
    chosen = {"me": me, "owns": owns, "seats": new_seats}
    chosen["friends"] = [(i, friends[i]) for i in ids]
    chosen["computer"] = "".join(c for c in owns if c not in me)
    return chosen


def check_stun(text: str) -> str:
    """A STUN server as the dialog's setting ('' : none): 'stun:host[:port]' (raises LiveError)."""
    text = text.strip()
    if not text:
        return ""
    scheme, _, rest = text.partition(":")
    host, _, port = rest.partition(":") if not rest.startswith("[") else (rest, "", "")
    ok = scheme in ("stun", "stuns") and host and len(text) <= 200
    ok = ok and all(ch.isalpha() or ch.isdigit() or ch in ".-[]:" for ch in host)
    if not ok or (port and not (port.isdigit() and 0 < int(port) < 65536)):
        raise LiveError("a STUN server is written stun:host or stun:host:port")
    return text
