"""Computer players for every engine game: one tree search, each game's knowledge in a plug-in.

    from lotus.engine import ai, race
    g = race.Game(players=3)
    ai.choose_move(g, "hard", seed=7)     # 'Sw3-A3' (a legal move in notation)
    ai.suggest_dead(go_game_after_two_passes)  # ['12', '40']
    ai.analyse(g, "medium")               # {'value': 0.52, 'values': [...], 'best': 'Sw4-A4'}

A game is seen only through the engine protocol (``lotus.engine.Game``) and the plug-in its
engine names (``lotus.engine.ai.plugin``: its levels, judges and search knowledge). Levels are
amounts of work (search iterations), not seconds, so a level plays the same on a fast and a slow
machine; ``budget_ms`` caps the time on top (the page caps ``expert``, a search of about 3 s a
move there, at a few seconds, and ``hard`` at 2 s). Search-only code: the page never imports it.
It runs on CPython, Pyodide (the page's engine worker) and MicroPython (the quick worker that
answers until Pyodide is up), with its random numbers and clock from ``lotus.engine.ai.rng``.
"""

from lotus.engine import Game
from lotus.engine.ai import analysis, plugin
from lotus.engine.ai.rng import Random, clock

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels, weakest first (each plug-in's ``levels`` has them all)."""

DEAD_PLAYOUTS = 400
"""Playouts behind ``suggest_dead``'s ownership estimate."""


def plugin_of(game):
    """The plug-in of an engine game (ValueError for anything else)."""
    if not isinstance(game, Game):
        raise ValueError(f"game must be a lotus engine game, not {type(game).__name__}")
    return plugin.of(game)


def judge(game, judge=None):
    """The count the computer plays for in `game` (its plug-in's ``judges``): `judge` when
    given, else the plug-in's choice (Go: ``"all-alive"`` once play was resumed after a scoring
    phase, ``"estimate"`` before); None for a game counted one way only."""
    return plugin_of(game).judge(game, judge)


def _check(game, level: str, seed, budget_ms, judge=None):
    """The game's plug-in; ValueError naming the bad argument of ``choose_move``."""
    found = plugin_of(game)
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if game.is_over:
        raise ValueError("the game is over: there is no move to choose")
    if seed is not None and type(seed) not in (int, str):
        raise ValueError(f"seed must be None, an int or a string, not {seed!r}")
    if budget_ms is not None and (
        isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float)) or not budget_ms > 0
    ):
        raise ValueError(f"budget_ms must be a positive number of milliseconds, not {budget_ms!r}")
    if judge is not None and judge not in found.judges:
        judges = ", ".join(found.judges) or "none"
        raise ValueError(
            f"judge must be None or one of the game's judges ({judges}), not {judge!r}"
        )
    return found


def choose_move(game, level: str, seed=None, budget_ms: float | None = None, judge=None) -> str:
    """A legal move in notation for the player to move in `game` (never changed), at `level`;
    in Go it may be "resign" when hopelessly behind (go_plugin.choose says when).

    `level` is "easy", "medium", "hard" or "expert" (more search work); the same `seed` and
    position give the same move (seed None: a fresh random choice). `budget_ms` stops the search
    early when the time is up, which makes the move depend on the machine's speed. `judge` says
    how a game that two passes end will be counted, in a game that has judges (Go's
    ``go_plugin.JUDGES``; None: ``judge`` decides). Raises ValueError for anything but an engine
    game, an unknown level, a finished game, a bad seed, a bad budget or a bad judge.
    """
    found = _check(game, level, seed, budget_ms, judge)
    deadline = None
    if budget_ms is not None:
        deadline = clock() + budget_ms / 1000.0
    return found.choose(game, level, Random(seed), deadline, judge)


def suggest_dead(game, seed: int = 0, playouts: int = DEAD_PLAYOUTS) -> list:
    """Dead groups of a Go game (one point each, its lowest, ascending) for the scoring phase (G9).

    From the search's ownership estimate: `playouts` random fillings of the board from this
    position; a group whose stones end up the opponent's in most of them is dead. A group with a
    lotus is never suggested (G5). Deterministic for a given `seed`. Raises ValueError for a game
    without dead groups to agree.
    """
    found = plugin_of(game)
    if type(playouts) is not int or playouts < 1:
        raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
    dead = found.dead_groups(game, playouts, Random(seed))
    return sorted(dead, key=int)


def analyse(game, level: str = "medium", seed=0) -> dict:
    """The computer's view of a position (a learner's analysis after a game), at `level`.

    Returns {"value": White's estimated chance to win (0..1), "values": every colour's chance in
    colour order, "best": the move the search prefers, in notation, or None when the game is
    over}. See ``lotus.engine.ai.analysis``. Raises ValueError like ``choose_move`` (a finished
    game is allowed: its value is the result).
    """
    found = plugin_of(game)
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if type(seed) not in (int, str):
        raise ValueError(f"seed must be an int or a string, not {seed!r}")
    return analysis.analyse(game, found.levels[level], seed)


def has_ownership(game) -> bool:
    """True when the playouts can say who owns each point of `game`'s board (``ownership``)."""
    return plugin_of(game).has_ownership


def ownership(game, playouts: int = DEAD_PLAYOUTS, seed=0) -> list:
    """Go: per point (72 values, point n at index n - 1), White's share of `playouts` random
    fillings of the board: 1.0 White's for sure, 0.0 Black's. Raises ValueError for a game
    without points to own (``has_ownership``)."""
    plugin_of(game)
    if type(playouts) is not int or playouts < 1:
        raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
    return analysis.ownership(game, playouts, seed)


def score_estimate(game, playouts: int = DEAD_PLAYOUTS, seed=0) -> dict:
    """Go, in play: {"ownership": ``ownership``'s shares (3 decimals), "score": each colour's
    expected count at the end in colour order (1 decimal)}, from `playouts` random fillings of
    the board (an estimate, as OGS's: no search). Raises ValueError like ``ownership``."""
    found = plugin_of(game)
    own = ownership(game, playouts, seed)
    return {"ownership": own, "score": [round(x, 1) for x in found.estimated_score(game, own)]}


__all__ = [
    "LEVELS",
    "analyse",
    "choose_move",
    "has_ownership",
    "judge",
    "ownership",
    "plugin_of",
    "score_estimate",
    "suggest_dead",
]
