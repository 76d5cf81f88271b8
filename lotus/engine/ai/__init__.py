"""Computer players for both Lotus games: one tree search, each game's knowledge in a plug-in.

    from lotus.engine import ai, race
    g = race.Game(players=3)
    ai.choose_move(g, "hard", seed=7)     # 'Sw3-A3' (a legal move in notation)
    ai.suggest_dead(go_game_after_two_passes)  # ['12', '40']
    ai.analyse(g, "medium")               # {'value': 0.52, 'values': [...], 'best': 'Sw4-A4'}

Levels are amounts of work (search iterations), not seconds, so a level plays the same on a fast
and a slow machine; ``budget_ms`` caps the time on top (the page caps ``expert``, a search of
about 3 s a move there, at a few seconds, and ``hard`` at 2 s). Search-only code: the page never
imports it. It runs on CPython, Pyodide (the page's engine worker) and MicroPython (the quick
worker that answers until Pyodide is up), with its random numbers and clock from
``lotus.engine.ai.rng``.
"""

from lotus.engine import go, race
from lotus.engine.ai import analysis, go_plugin, race_plugin
from lotus.engine.ai.mcts import level_settings, search
from lotus.engine.ai.rng import Random, clock

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels, weakest first."""

# Work per move for each game and level: search iterations and plug-in settings.
RACE_LEVELS = {
    "easy": {"iterations": 40, "depth": 8},
    "medium": {"iterations": 200, "depth": None},
    "hard": {"iterations": 1500, "depth": None, "threat": race_plugin.THREAT, "ucb4": 0.7},
    "expert": {"iterations": 7500, "depth": None, "threat": race_plugin.THREAT, "ucb4": 0.7},
}
"""``ucb4``: in a race of four, the search selects by UCB1 with this constant, not PUCT (every
chance lies near 1/4 there, and PUCT follows its priors: docs/performance.md, 2026-12-02)."""
RACE_SOLVE = {"hard": 100000, "expert": 100000}
"""Race levels that first look for a forced win in the endgame: positions the solver may visit
(``race_plugin.forced_win``; about 0.4 s under CPython at most)."""
GO_LEVELS = {
    "easy": {"iterations": 40, "rave": 500},
    "medium": {"iterations": 250, "rave": 500},
    "hard": {"iterations": 1000, "rave": 500},
    "expert": {"iterations": 7500, "rave": 500},
}

DEAD_PLAYOUTS = 400
"""Playouts behind ``suggest_dead``'s ownership estimate."""


JUDGES = go_plugin.JUDGES
"""How a Go game that two passes end is counted, for ``choose_move``'s `judge`: ``"estimate"``,
the dead groups of ``suggest_dead`` reversed (the opponent accepts the computer's marks), or
``"all-alive"``, every stone as it stands (it does not: a dead group counts once captured)."""


def go_judge(game, judge=None) -> str:
    """The count a Go computer plays for in `game` (``JUDGES``): `judge` when given, else
    ``"all-alive"`` once play was resumed after a scoring phase (the other side did not accept
    the dead groups marked then, G9), ``"estimate"`` before."""
    if judge is not None:
        return judge
    return "all-alive" if go_plugin.resumed(game) else "estimate"


def _check(game, level: str, seed, budget_ms, judge=None) -> None:
    """Raise ValueError naming the bad argument of ``choose_move``."""
    if not isinstance(game, (race.Game, go.Game)):
        raise ValueError(f"game must be a lotus race.Game or go.Game, not {type(game).__name__}")
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
    if judge is not None and (not isinstance(game, go.Game) or judge not in JUDGES):
        raise ValueError(f"judge must be None or, in Go, one of {', '.join(JUDGES)}, not {judge!r}")


def choose_move(game, level: str, seed=None, budget_ms: float | None = None, judge=None) -> str:
    """A legal move in notation for the player to move in `game` (never changed), at `level`;
    in Go it may be "resign" when hopelessly behind (go_plugin.choose says when).

    `level` is "easy", "medium", "hard" or "expert" (more search work); the same `seed` and
    position give the same move (seed None: a fresh random choice). `budget_ms` stops the search
    early when the time is up, which makes the move depend on the machine's speed. Go's `judge`
    says how a game that two passes end will be counted (``JUDGES``; None: ``go_judge`` decides,
    every stone as it stands once play was resumed). Raises ValueError for a game object of
    another kind, an unknown level, a finished game, a bad seed, a bad budget or a bad judge.
    """
    _check(game, level, seed, budget_ms, judge)
    deadline = None
    if budget_ms is not None:
        deadline = clock() + budget_ms / 1000.0
    rng = Random(seed)
    if isinstance(game, race.Game):
        iterations, c_puct, ucb4, cfg = level_settings(RACE_LEVELS[level])
        ucb = ucb4 if game.players == 4 else None
        solve = RACE_SOLVE.get(level, 0)
        memo = race_plugin.proved_positions(game) if solve else None
        won = race_plugin.forced_win(game, solve, deadline, memo)  # endgame solved
        if won is not None:
            return won
        state = race_plugin.RaceState(game, **cfg)
    else:
        cfg = dict(GO_LEVELS[level])
        iterations = cfg.pop("iterations")
        alive = go_judge(game, judge) == "all-alive"
        return go_plugin.choose(game, iterations, rng, search, deadline, alive, **cfg)
    action, _root = search(state, iterations, rng, c_puct=c_puct, deadline=deadline, ucb=ucb)
    return state.name(action)


def suggest_dead(game, seed: int = 0, playouts: int = DEAD_PLAYOUTS) -> list:
    """Dead groups of a Go game (one point each, its lowest, ascending) for the scoring phase (G9).

    From the search's ownership estimate: `playouts` random fillings of the board from this
    position; a group whose stones end up the opponent's in most of them is dead. A group with a
    lotus is never suggested (G5). Deterministic for a given `seed`. Raises ValueError for an
    object that is not a ``go.Game``.
    """
    if not isinstance(game, go.Game):
        raise ValueError(f"suggest_dead needs a lotus go.Game, not {type(game).__name__}")
    if type(playouts) is not int or playouts < 1:
        raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
    dead = go_plugin.dead_groups(game, playouts, Random(seed))
    return sorted(dead, key=int)


def analyse(game, level: str = "medium", seed=0) -> dict:
    """The computer's view of a position (a learner's analysis after a game), at `level`.

    Returns {"value": White's estimated chance to win (0..1), "values": every colour's chance in
    colour order, "best": the move the search prefers, in notation, or None when the game is
    over}. See ``lotus.engine.ai.analysis``. Raises ValueError like ``choose_move`` (a finished
    game is allowed: its value is the result).
    """
    if not isinstance(game, (race.Game, go.Game)):
        raise ValueError(f"game must be a lotus race.Game or go.Game, not {type(game).__name__}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if type(seed) not in (int, str):
        raise ValueError(f"seed must be an int or a string, not {seed!r}")
    config = RACE_LEVELS[level] if isinstance(game, race.Game) else GO_LEVELS[level]
    return analysis.analyse(game, config, seed)


def ownership(game, playouts: int = DEAD_PLAYOUTS, seed=0) -> list:
    """Go: per point (72 values, point n at index n - 1), White's share of `playouts` random
    fillings of the board: 1.0 White's for sure, 0.0 Black's. Raises ValueError for another game."""
    if not isinstance(game, go.Game):
        raise ValueError(f"ownership needs a lotus go.Game, not {type(game).__name__}")
    if type(playouts) is not int or playouts < 1:
        raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
    return analysis.ownership(game, playouts, seed)


__all__ = ["JUDGES", "LEVELS", "analyse", "choose_move", "go_judge", "ownership", "suggest_dead"]
