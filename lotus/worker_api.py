"""The worker's search calls, as pure functions of JSON text (imported by the worker only).

Kept apart from `lotus.remote` because the page (MicroPython) imports that module and must never
load the search.
"""

import json
import time

from lotus.engine import ai
from lotus.remote import build_game


def choose_move(request_json: str) -> str:
    """The computer's move: JSON {"move": ..., "ms": search time} for a request with a level."""
    request = json.loads(request_json)
    game = build_game(request)
    started = time.perf_counter()
    move = ai.choose_move(game, request.get("level", "medium"), seed=request.get("seed"))
    elapsed = (time.perf_counter() - started) * 1000
    return json.dumps({"move": move, "ms": round(elapsed, 1)})


def suggest_dead(request_json: str) -> str:
    """The search's dead-group suggestion for a Go game in its scoring phase, as a JSON list."""
    game = build_game(json.loads(request_json))
    return json.dumps(list(ai.suggest_dead(game)))
