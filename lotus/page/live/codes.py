"""Live play's links: the host's invitation (`#live=…`) and the friend's reply (`#reply=…`).

WebRTC needs each side's session description; the players carry them as links. A description is
stripped to what a data channel needs (ICE user and password, the DTLS fingerprint, the UDP
candidates) and written back as a full one. Also here: what a page keeps of a live game for a
resume after a reload, the invitations a device already used, the STUN setting.
"""

import json

from lotus.page.live.wire import COLOURS, MAX_TEXT, VERSION, LiveError
from lotus.words import N_

MAX_CODE = 4000  # the longest invitation or reply code read
MAX_USED = 20  # invitations remembered as used on this device
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


# -- a session description in a link ---------------------------------------------------------------


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
            raise LiveError(N_("it has a character that does not belong in it"))
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
            raise LiveError(N_("its connection's credentials are not valid"))
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
        raise LiveError(N_("the browser's description of the connection is incomplete"))
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
        raise LiveError(N_("it holds no description of a connection"))
    ufrag, pwd = _unice(parts[0]), _unice(parts[1])
    digest = b64decode(parts[2])
    if len(digest) != 32 or not (4 <= len(ufrag) <= 256 and 22 <= len(pwd) <= 256):
        raise LiveError(N_("its connection details are not valid"))
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
        raise LiveError(N_("its network addresses are not valid"))
    for ch in address:
        if not (ch.isalpha() or ch.isdigit() or ch in ".:"):
            raise LiveError(N_("its network addresses are not valid"))
    if kind == "m":
        if len(address) != 32:
            raise LiveError(N_("its network addresses are not valid"))
        a = address
        address = f"{a[:8]}-{a[8:12]}-{a[12:16]}-{a[16:20]}-{a[20:]}.local"
    priority = 2130706431 - index if kind != "s" else 1686052607 - index
    typ = "srflx raddr 0.0.0.0 rport 0" if kind == "s" else "host"
    return f"{index + 1} 1 udp {priority} {address} {port} typ {typ}"


def _match(text: str, limit: int = 24) -> str:
    if not text or len(text) > limit or not all(ch.isalpha() or ch.isdigit() for ch in text):
        raise LiveError(N_("its game's id is not valid"))
    return text


def offer_tag(packed_or_sdp: str) -> str:
    """The invitation's tag: its offer's ICE user name as packed (a reply names it)."""
    if "\n" in packed_or_sdp:
        packed_or_sdp = pack_sdp(packed_or_sdp)
    return packed_or_sdp.split("~", 1)[0]


# -- invitations and replies ----------------------------------------------------------------------


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
        raise LiveError(N_("it is not an invitation, or one of another version of the site"))
    match = _match(parts[1])
    if parts[2] not in games_known:
        raise LiveError(N_("its game is unknown to this version of the site"))
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
        raise LiveError(N_("it is not a reply to an invitation"))
    if parts[1] != match:
        raise LiveError(N_("it answers an invitation for another game"))
    _unice(parts[2])
    return {"tag": parts[2], "sdp": unpack_sdp(parts[3], False)}


def reply_match(code: str) -> str:
    """The match id of a well-formed reply code or link, whatever invitation it answers (raises
    LiveError when it is not one): checked before a reply is handed to another tab."""
    code = _after(code, "reply=")
    parts = code.split("~", 3)
    if len(parts) != 4 or parts[0] != str(VERSION):
        raise LiveError(N_("it is not a reply to an invitation"))
    read_reply(code, parts[1])
    return parts[1]


class Offers:
    """The host's invitations of one live game: the one waiting for a reply, and those answered
    by a friend now connected (a reply to either is refused, saying what to do)."""

    def __init__(self) -> None:
        self.waiting = {}  # tag (its offer's ICE user name) -> (peer, colours)
        self.spent = {}  # tag -> the peer it connected

    def offered(self, tag: str, peer: str, colours: str) -> None:
        """The host made an invitation (`tag`) for `peer`, who plays `colours`; it replaces any
        earlier one still waiting."""
        self.waiting = {tag: (peer, colours)}

    def spend(self, peer: str) -> None:
        """`peer`'s channel opened: the invitation it answered is used."""
        for tag, offer in list(self.waiting.items()):
            if offer[0] == peer:
                del self.waiting[tag]
                self.spent[tag] = peer

    def reply_for(self, code: str, match: str) -> tuple:
        """A pasted reply for `match`: (the peer whose invitation it answers, the answer's
        description); raises LiveError with what to do when it answers no invitation waiting."""
        reply = read_reply(code, match)
        tag = reply["tag"]
        if tag in self.waiting:
            return (self.waiting[tag][0], reply["sdp"])
        if tag in self.spent:
            raise LiveError(
                N_(
                    "it answers an invitation that was already used (its friend is connected); "
                    "for another friend, make a new invitation"
                )
            )
        raise LiveError(
            N_(
                "it answers an earlier invitation, no longer waiting (replaced, or made before "
                "the page was reloaded); send your friend your newest invitation and paste its "
                "reply"
            )
        )


# -- what a device keeps ---------------------------------------------------------------------------


def used_key(invite: dict) -> str:
    """What identifies an invitation among the ones this device used ('match~tag')."""
    return invite["match"] + "~" + invite["tag"]


def remember_used(used: list, key: str) -> list:
    """The device's used invitations with `key` added (the newest MAX_USED)."""
    kept = [k for k in used if isinstance(k, str) and k != key]
    kept.append(key)
    return kept[-MAX_USED:]


def read_used(text) -> list:
    """The invitations this device connected with, from their stored text ([] when there are
    none or it cannot be read)."""
    try:
        value = json.loads(text or "[]")
    except (ValueError, TypeError):
        return []
    return value if isinstance(value, list) else []


def record(match: str, game: str, role: str, me: str, game_id: str) -> str:
    """The stored text of the live game on screen (read back by `read_record`)."""
    value = {"match": match, "game": game, "role": role, "me": me, "id": game_id}
    return json.dumps(value)


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
        _match(match)
        if me:
            _colours(me)
    except LiveError:
        return {}
    return {"match": match, "game": game, "role": value["role"], "me": me, "id": game_id}


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
        raise LiveError(N_("a STUN server is written “stun:host” or “stun:host:port”"))
    return text


def _after(code: str, key: str) -> str:
    code = code.strip()
    if len(code) > MAX_CODE:
        raise LiveError(N_("it is too long to be a link of this site"))
    at = code.find(key)
    return code[at + len(key) :] if at >= 0 else code


def _colours(text: str) -> str:
    if not text or len(text) > 4 or any(c not in COLOURS for c in text):
        raise LiveError(N_("its colours are not valid"))
    return text
