"""The race engine gives the same states under MicroPython (the page's interpreter) as CPython.

Thirty seeded random games (2, 3 and 4 players, standard and Pro rule) are generated here, then
tests/support/replay.py replays them on both interpreters, printing every state key, the sorted
legal moves, refused moves' messages and (when lotus.render.race exists) SVG checksums; the
outputs must be identical byte for byte.
"""

import json
import os
import random

import pytest

from lotus.engine import race
from tests.support import micropython

REPLAY = os.path.join(os.path.dirname(__file__), "support", "replay.py")


def random_game(seed: int) -> dict:
    """A complete random game: players, rule set and first player vary with the seed."""
    rnd = random.Random(seed)
    players = (2, 3, 4)[seed % 3]
    pro = seed % 2 == 1
    first = race.COLOURS[rnd.randrange(players)]
    g = race.Game(players=players, pro=pro, first=first)
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
    return {"players": players, "pro": pro, "first": first, "moves": g.moves}


GAMES = [random_game(seed) for seed in range(30)]


def source() -> str:
    """The replay script followed by a call replaying GAMES."""
    with open(REPLAY) as f:
        return f.read() + "\nreplay(json.loads(" + repr(json.dumps(GAMES)) + "))\n"


def test_the_games_cover_the_cases():
    """The sample has every player count and rule set, blocked turns and passes."""
    kinds = {(g["players"], g["pro"]) for g in GAMES}
    assert kinds == {(p, pro) for p in (2, 3, 4) for pro in (False, True)}
    moves = [m for g in GAMES for m in g["moves"]]
    assert "pass" in moves
    assert any("-8-" in m for m in moves)
    assert any(m.endswith("-G") for m in moves)
    assert len(moves) > 3000


@pytest.mark.micropython
def test_micropython_replays_the_games_exactly_as_cpython():
    """Every state, legal move list, message and SVG checksum matches between interpreters."""
    expected = micropython.printed_by_cpython(source(), "replay")
    got = micropython.run(source())
    assert got.count("\n") == expected.count("\n") > 6000
    micropython.assert_same_lines(got, expected)
