"""The workers' search calls, as pure functions of JSON text (imported by the workers only).

Kept apart from `lotus.game.remote` because the page (MicroPython) imports that module and
must never load the search. Both workers import it: the Pyodide one and the quick MicroPython
one that answers until Pyodide is up (see docs/ai.md).
"""

import json
import sys

from lotus.engine import ai
from lotus.engine.ai.rng import clock
from lotus.game import games
from lotus.game.remote import build_game


def choose_move(request_json: str) -> str:
    """The computer's move: JSON {"move", "ms": search time, "by": interpreter} for a request.

    A request may carry "budget_ms", the most time the search may take (the quick worker's
    cap: a smaller search on a slower interpreter, never a long wait).
    """
    request = json.loads(request_json)
    game = build_game(request)
    started = clock()
    move = ai.choose_move(
        game,
        request.get("level", "medium"),
        seed=request.get("seed"),
        budget_ms=request.get("budget_ms"),
    )
    elapsed = (clock() - started) * 1000
    by = sys.implementation.name  # "micropython" (the quick worker) or "cpython" (Pyodide)
    return json.dumps({"move": move, "ms": round(elapsed, 1), "by": by})


def suggest_dead(request_json: str) -> str:
    """The search's dead-group suggestion for a Go game in its scoring phase, as a JSON list."""
    game = build_game(json.loads(request_json))
    return json.dumps(list(ai.suggest_dead(game)))


def estimate(request_json: str) -> str:
    """Go's score estimate in play (the page's toggle): JSON {"ownership", "score"} of
    ``ai.score_estimate`` for the request's game, with "playouts" random fillings."""
    request = json.loads(request_json)
    game = build_game(request)
    playouts = int(request.get("playouts") or ai.DEAD_PLAYOUTS)
    return json.dumps(ai.score_estimate(game, playouts, seed=len(game.moves)))


def analyse(request_json: str) -> str:
    """The computer's analysis of some positions of a game (a learner's review after it).

    The request is the game's JSON (see `lotus.game.remote`) with "plies" (the positions to analyse:
    after that many moves of "moves", 0 the start), "level" and "ownership" (Go: playouts behind
    each point's ownership estimate, 0 for none). The answer: {"positions": [{"ply", "value",
    "values", "best", and "ownership" when asked}] by ascending ply, "ms": the time it
    took}. The game is built once, at the first ply, and played on to the next ones.
    """
    request = json.loads(request_json)
    moves = list(request.get("moves") or ())
    level = request.get("level", "medium")
    playouts = int(request.get("ownership") or 0)
    started = clock()
    out = []
    game = None
    at = 0  # the ply `game` is at: the next positions are played on from it, not replayed
    for ply in sorted(int(p) for p in request.get("plies") or ()):
        if not 0 <= ply <= len(moves):
            raise IndexError(f"ply {ply} is not a position of this game (0 to {len(moves)})")
        if game is None:
            game = build_game(dict(request, moves=moves[:ply]))
        else:
            games.get(request["game"]).replay(game, moves[at:ply])
        at = ply
        found = ai.analyse(game, level, seed=ply)
        found["ply"] = ply
        if playouts and ai.has_ownership(game):  # a board of points to own (Go)
            found["ownership"] = ai.ownership(game, playouts, seed=ply)
        out.append(found)
    elapsed = (clock() - started) * 1000
    return json.dumps({"positions": out, "ms": round(elapsed, 1)})
