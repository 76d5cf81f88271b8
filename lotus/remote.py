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
    if options.get("position"):  # a game set up from a position (an embed, a rules page)
        from lotus import positions

        game = positions.from_position(options["position"])
        if kind != ("race" if isinstance(game, race.Game) else "go"):
            raise ValueError(f"the position is not one of a {kind!r} game")
        for move in request.get("moves") or ():
            if kind == "go" and game.phase == "scoring":
                game.resume()  # a placement after two passes: the players resumed (G9)
            game.play(move)
        return game
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
