"""Autosaves: a session as versioned JSON text, and back (pure; the page keeps it in localStorage).

A save holds the game, its options and seats, every action (moves, and the Go scoring phase's
finish/resume), what undo took back (for redo), the marked dead groups and the review position.
Reading checks everything and raises `SaveError` naming what is wrong, so a damaged, old or
foreign save gives a clear notice and a fresh game, never a broken page.
"""

import json

from lotus.game import games
from lotus.game.games import MAX_MOVES, get
from lotus.game.text import echo

FORMAT = 1  # bump when the layout changes; older formats are refused with a clear message
MAX_SAVE_CHARS = 200000
"""The longest save text `load` reads (docs/records.md): 2,000 moves and as many to redo take
about 40,000 characters. Checked before the JSON is decoded."""


class SaveError(ValueError):
    """A save could not be read; the message says why."""


def dump(session) -> str:
    """The session as save text."""
    return text_of(state(session))


def state(session) -> dict:
    """What `dump` writes of the session, taken now (its lists copied): the text can be made
    later, after the session changed (lotus.page.controller's snapshot before an event, which a long
    game's JSON would slow down)."""
    data = {
        "format": FORMAT,
        "game": session.game_id,
        "options": session.options,
        "seats": session.seats,
        "actions": list(session.actions),
        "redo": list(session.redo_stack),
        "review": _review(session),
    }
    data.update(get(session.game_id).save_extras(session))  # Go: numbers, marked dead groups
    return data


def text_of(data: dict) -> str:
    """The save text of a `state`."""
    return json.dumps(data)


def _review(session):
    """The review position, never outside the game (None: the present)."""
    review = session.review
    if isinstance(review, int) and 0 <= review < len(session.actions):
        return review
    return None


def _need(data: dict, key: str, kind, what: str):
    value = data.get(key)
    if not isinstance(value, kind):
        raise SaveError(f"its {key} is not {what}")
    return value


def load(text: str, game: str) -> dict:
    """Check save text for `game` and return its parts; raise SaveError naming the problem."""
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        size = len(text) if isinstance(text, str) else 0
        raise SaveError(f"it is too long ({size} characters, at most {MAX_SAVE_CHARS})")
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("it is not valid JSON (the save is damaged)") from None
    except MemoryError:
        raise SaveError("it is too large for this browser's memory") from None
    if not isinstance(data, dict):
        raise SaveError("it is not a saved game")
    version = data.get("format")
    if type(version) is not int or version != FORMAT:  # True == 1, but true is no format
        if type(version) is int and version < FORMAT:
            raise SaveError(f"it is in an older format ({version}) that this version cannot read")
        raise SaveError(f"its format {echo(version)} is unknown to this version")
    kind = data.get("game")
    if kind not in games.GAMES:
        raise SaveError(f"it is for a game this version does not have ({echo(kind)})")
    if kind != game:
        raise SaveError(f"it is a {kind} game, not a {game} game")
    options = _need(data, "options", dict, "a set of options")
    seats = _need(data, "seats", dict, "a set of seats")
    if any(not isinstance(k, str) or not isinstance(v, str) for k, v in seats.items()):
        raise SaveError("its seats are not all people or computer levels")
    actions = _need(data, "actions", list, "a list of moves")
    redo = data.get("redo") or []
    for name, items in (("actions", actions), ("redo", redo)):
        if not isinstance(items, list) or any(not isinstance(a, str) for a in items):
            raise SaveError(f"its {name} are not all moves")
        moves = len(
            [a for a in items if a[:1] != "#"]
        )  # the scoring phase's #-actions are no moves
        if moves > MAX_MOVES or len(items) > 2 * MAX_MOVES + 1:
            raise SaveError(f"its {name} hold {moves} moves, more than the {MAX_MOVES} allowed")
    review = data.get("review")
    if not isinstance(review, int) or not 0 <= review < len(actions):
        review = None  # a review position outside the game: the present (the game is kept)
    dead = data.get("dead") or []
    if not isinstance(dead, list):
        raise SaveError("its dead groups are not a list")
    return {
        "options": options,
        "seats": seats,
        "actions": actions,
        "redo": redo,
        "review": review,
        "dead": dead,
        "numbers": bool(data.get("numbers", False)),
    }
