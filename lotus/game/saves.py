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
from lotus.words import N_, _

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


_NOT = {
    "options": N_("its options are not a set of options"),
    "seats": N_("its seats are not a set of seats"),
    "actions": N_("its moves are not a list of moves"),
}


def _need(data: dict, key: str, kind):
    value = data.get(key)
    if not isinstance(value, kind):
        raise SaveError(_(_NOT[key]))
    return value


def load(text: str, game: str) -> dict:
    """Check save text for `game` and return its parts; raise SaveError naming the problem."""
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        size = len(text) if isinstance(text, str) else 0
        raise SaveError(
            _(
                "it is too long ({count} characters, at most {most})",
                count=size,
                most=MAX_SAVE_CHARS,
            )
        )
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError(_("it is not valid JSON (the save is damaged)")) from None
    except MemoryError:
        raise SaveError(_("it is too large for this browser's memory")) from None
    if not isinstance(data, dict):
        raise SaveError(_("it is not a saved game"))
    version = data.get("format")
    if type(version) is not int or version != FORMAT:  # True == 1, but true is no format
        if type(version) is int and version < FORMAT:
            raise SaveError(
                _(
                    "it is in an older format ({format}) that this version cannot read",
                    format=version,
                )
            )
        raise SaveError(
            _(
                "its format “{format}” is unknown to this version",
                format=echo(version, quoted=False),
            )
        )
    kind = data.get("game")
    if kind not in games.GAMES:
        raise SaveError(
            _(
                "it is for a game this version does not have (“{game}”)",
                game=echo(kind, quoted=False),
            )
        )
    if kind != game:
        # Translators: {kind} and {game} are games' names ("Lotus (Freeling)").
        raise SaveError(
            _(
                "it is a game of {kind}, not of {game}",
                kind=games.get(kind).title,
                game=games.get(game).title if game in games.GAMES else game,
            )
        )
    options = _need(data, "options", dict)
    seats = _need(data, "seats", dict)
    if any(not isinstance(k, str) or not isinstance(v, str) for k, v in seats.items()):
        raise SaveError(_("its seats are not all people or computer levels"))
    actions = _need(data, "actions", list)
    redo = data.get("redo") or []
    for name, items in (("actions", actions), ("redo", redo)):
        if not isinstance(items, list) or any(not isinstance(a, str) for a in items):
            if name == "redo":
                raise SaveError(_("its moves to redo are not all moves"))
            raise SaveError(_("its moves are not all moves"))
        moves = len(
            [a for a in items if a[:1] != "#"]
        )  # the scoring phase's #-actions are no moves
        if moves > MAX_MOVES or len(items) > 2 * MAX_MOVES + 1:
            if name == "redo":
                raise SaveError(
                    _(
                        "it holds {count} moves to redo, more than the {most} a game may have",
                        count=moves,
                        most=MAX_MOVES,
                    )
                )
            raise SaveError(
                _(
                    "it holds {count} moves, more than the {most} a game may have",
                    count=moves,
                    most=MAX_MOVES,
                )
            )
    review = data.get("review")
    if not isinstance(review, int) or not 0 <= review < len(actions):
        review = None  # a review position outside the game: the present (the game is kept)
    dead = data.get("dead") or []
    if not isinstance(dead, list):
        raise SaveError(_("its dead groups are not a list"))
    return {
        "options": options,
        "seats": seats,
        "actions": actions,
        "redo": redo,
        "review": review,
        "dead": dead,
        "numbers": bool(data.get("numbers", False)),
    }
