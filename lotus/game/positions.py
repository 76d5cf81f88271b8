"""One-line, URL-safe position notation for every game, like chess's FEN (docs/positions.md).

    to_position(race.Game())        # 'r2s_w_-_w4321.b4321_w0.b0'
    to_position(go.Game())          # 'g_w_6.6.6.6.6.6.6.30_0_0'
    from_position('r2s_b_A4w_w321.b4321_w0.b0')   # a race.Game, black to move

A position holds what decides the rest of the game, never the moves that led to it; a game made
by `from_position` starts there (its moves can be undone back to it, not beyond). Parts are
separated by '_' and the text uses only letters, digits and '_', '.', '-': safe in a URL. The
first part names the game: each game writes and reads its own parts (its record hooks, from the
registry: `to_position`, `read_position`, `POSITION_HEADS`). Pure Python for CPython, Pyodide and
MicroPython.
"""

from lotus.game import games
from lotus.game.text import POSITION_SEPARATOR, PositionError, echo, either, split_position
from lotus.words import _

SEPARATOR = POSITION_SEPARATOR
"""Separates the parts of a position."""

__all__ = ["SEPARATOR", "PositionError", "from_position", "to_position"]


def to_position(game) -> str:
    """The position of an engine game as one line of URL-safe text (TypeError for anything
    else)."""
    return games.of_game(game).record_hooks().to_position(game)


def from_position(text: str):
    """A new engine game that starts from the position; PositionError if it is bad."""
    parts = split_position(text)
    heads = []
    for entry in games.ENTRIES:
        hooks = entry.record_hooks()
        game = hooks.read_position(parts)
        if game is not None:
            return game
        heads.append(f"{hooks.POSITION_HEADS} ({entry.id})")
    raise PositionError(
        "game",
        # Translators: {heads} lists how each game's positions begin, in notation:
        # "r2s, r3s, r4s, r2p, r3p, r4p (race) or g (go)".
        _(
            "“{head}” is not a game: expected {heads}",
            head=echo(parts[0], quoted=False),
            heads=either(heads),
        ),
    )
