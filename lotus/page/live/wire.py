"""Live play's messages: what goes over the data channel between two pages, and the checks every
received text passes before anything reads it.

A message is a JSON object with a version (`v`), a type (`t`) and a few fields of known types,
under a size cap; anything else is refused (`LiveError`). `reconcile` compares two histories of
one game after a reconnection.
"""

import json

from lotus.game.games import MAX_MOVES
from lotus.words import N_

VERSION = 1
MAX_MESSAGE = 65536  # characters: a 2,000-move history needs about 20,000
MAX_SMALL = 2048  # characters: every message but a game's state is short (read before parsing)
MAX_TEXT = 64  # characters of a message's action, point or name
RATE_LIMIT = 50  # messages a second from one peer, at most, averaged over RATE_WINDOW
RATE_WINDOW = 2.0  # seconds: a peer that sends more than RATE_LIMIT * RATE_WINDOW in one is cut
TYPES = ("state", "act", "dead", "confirm", "ask", "answer", "drop", "undo", "new", "bye")
TYPES += ("ping", "pong")  # the heartbeat: a page that hears nothing for a while is gone
ASKS = ("undo", "new")
STEPPED = ("act", "dead", "confirm", "ask", "undo")  # types whose n must be the game's length
COLOURS = "wbry"


class LiveError(ValueError):
    """Why a code or a message cannot be used (said to the player, or logged): a message id of
    the catalog, a clause marked with N_() where it is raised, and its values (a value named
    `colour` holds a colour's code), worded where it is shown (`lotus.page.live.words.refusal`).
    """

    def __init__(self, message: str, **values) -> None:
        super().__init__(message)
        self.message = message
        self.values = values


def encode(kind: str, **fields) -> str:
    """A message as JSON text: {"v": 1, "t": kind, …}."""
    fields["v"] = VERSION
    fields["t"] = kind
    return json.dumps(fields)


def state(match: str, game: str, actions: list, options_text: dict, me="", computer="") -> str:
    """A page's game for the other side: the match, the game, its options, its history, and for a
    friend of the host the colours they play (`me`) and the computer's (`computer`)."""
    fields = {"match": match, "game": game, "actions": list(actions), "options": options_text}
    if me:
        fields["me"] = me
    if computer:
        fields["computer"] = computer
    return encode("state", **fields)


def decode(text) -> dict:
    """A received message, checked: JSON object, version, known type, size, the type of every
    field it may carry (raises LiveError). The cheap checks come first: a long text is refused
    before it is parsed unless it can be a game's state, the only long message."""
    if not isinstance(text, str):
        raise LiveError(N_("it was not text"))
    if len(text) > MAX_MESSAGE or (len(text) > MAX_SMALL and '"state"' not in text):
        raise LiveError(N_("it was too large"))
    try:
        message = json.loads(text)
    except (ValueError, RuntimeError):  # RuntimeError: nested deeper than the parser goes
        raise LiveError(N_("it was not JSON")) from None
    if not isinstance(message, dict):
        raise LiveError(N_("it was not a JSON object"))
    if message.get("v") != VERSION:
        raise LiveError(N_("it was of another version"))
    if message.get("t") not in TYPES:
        raise LiveError(N_("it was of an unknown type"))
    if len(text) > MAX_SMALL and message["t"] != "state":
        raise LiveError(N_("it was too large"))
    if "n" in message and not (type(message["n"]) is int and 0 <= message["n"] <= 4 * MAX_MOVES):
        raise LiveError(N_("its move number was not valid"))
    for key in ("a", "what", "match", "game", "by", "computer", "me", "seat"):
        if key in message and not isinstance(message[key], str):
            raise LiveError(N_("its “{key}” was not text"), key=key)
        if key in message and len(message[key]) >= MAX_TEXT:
            raise LiveError(N_("its “{key}” was too long"), key=key)
    for key in ("actions", "dead"):
        if key in message and not _texts(message[key]):
            raise LiveError(N_("its “{key}” was not a list of texts"), key=key)
    if "options" in message and not _options(message["options"]):
        raise LiveError(N_("its options were not texts by name"))
    return message


def _texts(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and len(v) < MAX_TEXT for v in value)


def _options(value) -> bool:
    """A game's options as a state message carries them: a few names, each with a short text."""
    if not isinstance(value, dict) or len(value) > 16:
        return False
    return all(isinstance(v, str) and len(v) < MAX_TEXT for v in value.values())


def moves_in(actions: list) -> int:
    """How many of a history's actions are moves (not scoring steps, which start with '#')."""
    return sum(1 for a in actions if not a.startswith("#"))
