"""The workers' search calls, as pure functions of JSON text (imported by the workers only).

Kept apart from `lotus.remote` because the page (MicroPython) imports that module and must never
load the search. Both workers import it: the Pyodide one and the quick MicroPython one that
answers until Pyodide is up (see docs/ai.md).
"""

import json
import sys

from lotus.engine import ai
from lotus.engine.ai.rng import clock
from lotus.remote import build_game


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
