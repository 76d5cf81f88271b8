"""The Go engine gives the same states under MicroPython (the page's interpreter) as under CPython.

Twenty seeded random games are generated here, then tests/support/replay_go.py replays them on
both interpreters, printing every state key, score and dead-group suggestion (and the SVG's
checksum once lotus.render.go exists); the outputs must be identical.
"""

import os
import random

import pytest

from lotus.engine import go
from tests.support import micropython

REPLAY = os.path.join(os.path.dirname(__file__), "support", "replay_go.py")


def random_game(seed: int) -> tuple:
    """(first, marker, moves) of a random game; some resign, some resume after two passes."""
    rnd = random.Random(seed)
    first = "wb"[seed % 2]
    marker = rnd.randint(-7, 7)
    g = go.Game(marker=marker, first=first)
    pass_rate = [0.02, 0.1, 0.3][seed % 3]
    resign_at = rnd.randint(20, 60) if seed % 7 == 3 else -1
    resumes = 1 if seed % 5 == 1 else 0
    while True:
        if g.phase == go.SCORING:
            if not resumes:
                break
            resumes -= 1
            g.resume()
        if len(g.moves) == resign_at:
            g.play("resign")
            break
        legal = g.legal_moves()
        if len(legal) == 1 or rnd.random() < pass_rate:
            g.play("pass")
        else:
            g.play(legal[rnd.randrange(len(legal) - 1)])
    return first, marker, g.moves


GAMES = [random_game(seed) for seed in range(20)]


def source() -> str:
    with open(REPLAY) as f:
        return f.read() + f"\nreplay({GAMES!r})\n"


def test_the_games_cover_the_cases():
    ends = [go.Game.from_moves(moves, marker, first) for first, marker, moves in GAMES]
    assert any(g.resigned for g in ends)
    assert any(g.phase == go.SCORING for g in ends)
    assert any("." not in g.board() for g in ends)
    assert sum(len(moves) for _, _, moves in GAMES) > 1000


@pytest.mark.micropython
def test_micropython_replays_the_games_exactly_as_cpython():
    expected = micropython.printed_by_cpython(source(), "replay_go")
    got = micropython.run(source())
    assert got.count("\n") == expected.count("\n") > 1000
    micropython.assert_same_lines(got, expected)
