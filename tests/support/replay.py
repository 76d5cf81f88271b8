"""Replay Lotus (1998) race games and print every state: runs unchanged on CPython and MicroPython.

`replay(games)` takes a list of {"players": 2, "pro": False, "first": "w", "moves": [...]} and
prints, after each move, the engine's state key and the legal moves (sorted), a few refused moves
with their messages, and every fiftieth position a checksum of `lotus.render.race.board`'s SVG
(when that module exists). Run as a script it reads the games as JSON from the file named by its
first argument. tests/test_race_micropython.py runs it under both interpreters and compares.
"""

import json
import sys

try:
    from hashlib import sha256
except ImportError:
    sha256 = None

from lotus.engine import race

try:
    from lotus.render import race as render_race
except ImportError:
    render_race = None

if render_race is not None and not hasattr(render_race, "board"):
    render_race = None

SVG_EVERY = 50  # rendering is the slow part under MicroPython


def checksum(text: str) -> str:
    """A portable hash of a string: SHA-256 (both interpreters have it) or two polynomial sums."""
    if sha256 is not None:
        digest = sha256(text.encode()).digest()
        return str(len(text)) + ":" + "".join(f"{n:02x}" for n in digest)
    a = b = 0
    for ch in text:
        a = (a * 131 + ord(ch)) % 1000003
        b = (b + a) % 999983
    return str(len(text)) + ":" + str(a) + ":" + str(b)


def show(game: race.Game, tag: str) -> None:
    """Print the state key, sorted legal moves, blocked flag and winner."""
    legal = sorted(game.legal_moves())
    print(tag, game.state_key(), "blocked=" + str(game.blocked), "winner=" + str(game.winner))
    print(tag, "legal", " ".join(legal), "origins", " ".join(game.origins()))


def refused(game: race.Game, move: str) -> None:
    """Print the message of a refused move (and fail if it was accepted)."""
    try:
        game.play(move)
    except race.IllegalMove as err:
        print("refused", move, str(err))
        return
    raise AssertionError(move + " was accepted")


def svg(game: race.Game, tag: str) -> None:
    """Print the renderer's SVG checksum, if there is a renderer."""
    if render_race is not None:
        print(tag, "svg", checksum(render_race.board(game)))


def replay(games: list) -> None:
    """Replay each game, printing every state, then undo it all and print the start again."""
    for number in range(len(games)):
        spec = games[number]
        game = race.Game(players=spec["players"], pro=spec["pro"], first=spec["first"])
        print("game", number, spec["players"], spec["pro"], spec["first"])
        show(game, "0")
        moves = spec["moves"]
        for n in range(len(moves)):
            game.play(moves[n])
            show(game, str(n + 1))
            if (n + 1) % SVG_EVERY == 0:
                svg(game, str(n + 1))
            if n % 17 == 5:
                for bad in ("pass", "A3-A4", "7-9", "Sw4-A3", "5-8-12", "Q-1"):
                    if bad not in game.legal_moves():
                        refused(game, bad)
        svg(game, "end")
        # the end's placings (winner, stones home, how far): the page's result box
        print("placings", race.placings(game), sorted(race.progress(game).items()))
        refused(game, "pass")
        keys = []
        while game.moves:
            game.undo()
            keys.append(game.state_key())
        print("undone", checksum(" ".join(keys)), game.state_key())


if __name__ == "__main__" and len(sys.argv) > 1:
    with open(sys.argv[1]) as f:
        replay(json.load(f))
