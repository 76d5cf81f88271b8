"""What the Pyodide worker answers, as pure functions of JSON text (no browser imports).

The page sends a game as JSON (`{"game": "race", "options": {...}, "moves": [...]}`); the worker
rebuilds it with the same engines and answers in JSON. Keeping this here lets CPython test it.
"""

import json

from lotus import games


def build_game(request: dict):
    """Rebuild the game a request describes (raises ValueError on a bad request)."""
    kind = request.get("game")
    if kind not in games.GAMES:
        raise ValueError(f"unknown game {kind!r}")
    entry = games.get(kind)
    options = request.get("options") or {}
    moves = request.get("moves") or ()
    if options.get("position"):  # a game set up from a position (an embed, a rules page)
        from lotus import positions

        game = positions.from_position(options["position"])
        if not entry.is_game(game):
            raise ValueError(f"the position is not one of a {kind!r} game")
        return entry.replay(game, moves)
    return entry.from_request(options, moves)


def legal_moves(request_json: str) -> str:
    """JSON list of the legal moves of the position a JSON request describes."""
    return json.dumps(build_game(json.loads(request_json)).legal_moves())
