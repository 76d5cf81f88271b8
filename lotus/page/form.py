"""The New game form, without a DOM: its fields' text to options, and options to its fields.

Functions for the app's controller (`lotus.ui_bindings` reads and writes the form's fields);
a refused value is said in the dialog (`refusal_text`).
"""

from lotus.game import games
from lotus.game.session import sentence
from lotus.words import _


def read(game: str, values: dict) -> dict:
    """Typed options of `game` from the form's values (text, by field name; raises OptionError).

    Seats come as 'seat-w', 'seat-b', …; only those of the chosen number of players count.
    """
    entry = games.get(game)
    params = {name: values[name] for name in entry.option_names if name in values}
    colours = entry.colours(entry.options(params))
    params["seats"] = ",".join(values.get("seat-" + c, "human") for c in colours)
    return entry.options(params)


def fields(game: str, options: dict) -> dict:
    """The form's fields (name -> text) showing `options` of `game`."""
    entry = games.get(game)
    text = entry.option_text(options)
    out = {name: text[name] for name in entry.option_names if name in text}
    seats = options.get("seats") or {}
    for colour in entry.colours(options):
        out["seat-" + colour] = seats.get(colour, "human")
    return out


def session_fields(game: str, session) -> dict:
    """The form's fields showing the options of the game on screen (a new game starts like it
    unless the player changes them)."""
    typed = dict(session.options)
    typed["seats"] = session.seats
    return fields(game, typed)


def refusal(game: str, values: dict) -> str:
    """Why the form's values cannot start a game of `game` ('' when they can)."""
    try:
        read(game, values)
    except games.OptionError as exc:
        return refusal_text(exc)
    return ""


def refusal_text(exc) -> str:
    """A refused new-game option, said in the New game dialog."""
    # Translators: {reason} is a sentence saying which option is wrong.
    return _("{reason} Nothing was changed: correct it and start again.", reason=sentence(str(exc)))
