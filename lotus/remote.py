"""What the Pyodide worker answers, as pure functions of JSON text (no browser imports).

The page sends a game as JSON (`{"game": "race", "options": {...}, "moves": [...]}`); the worker
rebuilds it with the same engines and answers in JSON. Keeping this here lets CPython test it.
"""

import json

from lotus.engine import race


def build_game(request: dict):
    """Rebuild the game a request describes (raises ValueError on a bad request)."""
    kind = request.get("game")
    options = request.get("options") or {}
    if kind == "race":
        game = race.Game(
            players=int(options.get("players", 2)),
            pro=bool(options.get("pro", False)),
            first=options.get("first", "w"),
        )
    elif kind == "go":
        from lotus.engine import go

        # from_moves reads a placement after two passes as the players having resumed (G9).
        return go.Game.from_moves(
            list(request.get("moves") or ()),
            marker=int(options.get("marker", 0)),
            first=options.get("first", "w"),
        )
    else:
        raise ValueError(f"unknown game {kind!r}")
    for move in request.get("moves") or ():
        game.play(move)
    return game


def legal_moves(request_json: str) -> str:
    """JSON list of the legal moves of the position a JSON request describes."""
    return json.dumps(build_game(json.loads(request_json)).legal_moves())
