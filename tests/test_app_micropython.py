"""The page's session logic runs the same under MicroPython (the page's runtime) as CPython."""

import random

import pytest

from lotus.engine import race
from tests.support import micropython

pytestmark = pytest.mark.micropython

# Runs under both interpreters: drive a session by clicks and print what the page would show.
SCRIPT = """
import hashlib
import json
from lotus.game.race_session import RaceSession
from lotus.engine import race

def checksum(text):
    digest = hashlib.sha256(text.encode()).digest()
    return "".join("%02x" % b for b in digest[:8])

def run(games):
    out = []
    for spec in games:
        session = RaceSession(spec["players"], spec["pro"], spec["first"])
        for clicks in spec["clicks"]:
            for target in clicks:
                if target == "pass":
                    session.pass_turn()
                elif target == "undo":
                    session.undo()
                elif target == "redo":
                    session.redo()
                else:
                    session.click(target)
                out.append(session.status() + " | " + session.banner() + " | "
                           + str(checksum(session.svg())) + " | " + ",".join(session.game.moves))
    return out
"""


def make_games() -> list:
    """Seeded random games as click sequences, with refused clicks, undo and redo mixed in."""
    rng = random.Random(5)
    games = []
    for players, pro, first in ((2, False, "w"), (3, True, "r"), (4, False, "y"), (2, True, "b")):
        game = race.Game(players=players, pro=pro, first=first)
        clicks = []
        while not game.is_over and len(clicks) < 70:
            move = rng.choice(sorted(game.legal_moves()))
            if rng.random() < 0.1:
                clicks.append([rng.choice(("A1", "9", "G", "Sw1"))])  # often refused
            if move == "pass":
                clicks.append(["pass"])
            else:
                origin, path = race.parse_move(move)
                clicks.append([origin, path[-1]])
            game.play(move)
            if rng.random() < 0.05:
                clicks.append(["undo", "redo"])
        games.append({"players": players, "pro": pro, "first": first, "clicks": clicks})
    return games


def test_sessions_show_the_same_under_micropython_and_cpython():
    expected, got = micropython.run_both(SCRIPT, "session_script", make_games())
    assert len(expected) > 250
    assert got == expected
