"""Games of each kind for the tests (the CPython tests and e2e/ alike): seeded random games, and
the Go positions and arena games that several modules play from.

A seeded game is the same on every run. Its moves are drawn from the engine's own list of legal
moves, in the engine's order, so the same seed gives the same game here as in any test that drew
them so before; a test that needs a game with some property (a bounce, a reversal, a length)
names a seed and asserts that property itself.

Some tests keep a generator of their own on purpose: the MicroPython replays
(tests/test_race_micropython.py, tests/test_go_micropython.py), whose seeds also pick the
variant; the record round trips (tests/test_records.py), which mix positions, resumes and
resignations; and the property tests, which check every position as they play it.
"""

import random

from lotus.engine import go, race


def random_race(
    seed: int,
    plies: int | None = None,
    players: int = 2,
    pro: bool = False,
    first: str = "w",
    in_play: bool = False,
    rng=None,
) -> race.Game:
    """A race after `plies` seeded random moves, or fewer when it ends first (played to its end
    when `plies` is None). `in_play`: a last move that ended the game is taken back. `rng`: the
    random.Random(seed) to draw from, for a test that goes on drawing from it afterwards.

    >>> len(random_race(1, 10).moves)
    10
    """
    rng = rng or random.Random(seed)
    game = race.Game(players=players, pro=pro, first=first)
    while not game.is_over and (plies is None or len(game.moves) < plies):
        game.play(rng.choice(game.legal_moves()))
    if in_play and game.is_over:
        game.undo()
    return game


def random_go(
    seed: int, plies: int, marker: int = 0, first: str = "w", pass_rate: float = 0.0, rng=None
) -> go.Game:
    """A Go game in play after `plies` seeded random moves: placements on empty points and, at
    `pass_rate`, a pass (never two in a row, so play goes on); fewer once the board is full.
    `rng`: as for random_race."""
    rng = rng or random.Random(seed)
    game = go.Game(marker=marker, first=first)
    for _ in range(plies):
        empty = game.empty_indices()
        if not empty:
            break
        if pass_rate and game.passes == 0 and rng.random() < pass_rate:
            game.play("pass")
        else:
            game.play(go.NAMES[rng.choice(empty)])
    return game


def before_end(game, left: int):
    """A copy of `game` with its last `left` moves taken back (a game `left` moves before the
    end it reached)."""
    earlier = game.copy()
    for _ in range(left):
        earlier.undo()
    return earlier


# -- Go positions and games ----------------------------------------------------------------------

# Settled boards: every group holds a lotus and every empty point (43, 45, 47, 49) is Black's
# territory, so no placement changes the count. On SETTLED White leads 45 to 27 on the board; on
# CLOSE, the same with the hexagon 19-24 and the outline points 56, 57 Black's, 37 to 35.
SETTLED = "bbwwwwbbbwwbbbbbbbwwwwwwwwwwwwwwwwwwwwwwww.b.b.b.bbbbbbwwwwwwwwwwwwwwwbb"
CLOSE = "bbwwwwbbbwwbbbbbbbbbbbbbwwwwwwwwwwwwwwwwww.b.b.b.bbbbbbbbwwwwwwwwwwwwwbb"

# (the computer's colour, the moves to the scoring phase): games of bench/arena.py --judge
# all-alive --match go-hard-mcts (--games 8) at the code before that judge, lost by `hard`:
# OpenSpiel's MCTSBot passed, and `hard` passed back on its own estimate, which calls the other
# side's groups dead, though with every stone as it stands it loses.
ARENA_LOSSES = {
    "seed 1, game 3": (
        "b",
        "19 3 36 5 7 6 39 24 1 16 54 9 15 2 21 4 22 30 11 29 53 38 68 14 40 13 48 17 60 18 56 28 "
        "43 27 12 26 49 25 34 50 37 47 45 20 58 57 pass pass",
    ),
    "seed 2026, game 1": (
        "b",
        "33 5 25 24 36 42 28 4 55 30 9 3 68 37 45 6 1 19 32 31 66 23 58 22 41 21 34 20 39 11 27 "
        "26 43 14 70 13 63 15 12 16 69 17 29 18 7 54 49 56 pass pass",
    ),
    "seed 2026, game 6": (
        "w",
        "1 62 6 55 15 33 5 10 3 12 9 20 38 72 4 19 2 70 30 31 32 34 23 69 36 48 37 14 11 60 39 7 "
        "40 52 41 28 42 22 68 18 71 27 24 8 29 16 17 45 21 pass pass",
    ),
}


def race_one_move_from_its_end() -> race.Game:
    """A race for two, White to move, whose last stone on 14 goes home with "14-G" and wins
    (R11); Black has every stone still on the start."""
    return race.Game.from_setup(
        players=2,
        pro=False,
        to_move="w",
        board={"14": "w"},
        start={"w": (), "b": (4, 3, 2, 1)},
        goal={"w": 9, "b": 0},
    )


def race_of_four_one_move_from_its_end() -> race.Game:
    """A race for four, Red to move, whose last stone on 14 goes home with "14-G" and wins (R11).
    The others, by stones home and how far their stones have come: White 4 home (2nd), Yellow
    1 home and a stone on 9 (3rd), Black 1 home and the rest on the start (4th)."""
    return race.Game.from_setup(
        players=4,
        to_move="r",
        board={"14": "r", "12": "w", "9": "y"},
        start={"w": (1,), "b": (3, 2), "y": (3, 1)},
        goal={"r": 5, "w": 4, "b": 1, "y": 1},
    )
