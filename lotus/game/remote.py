"""What the Pyodide worker answers, as pure functions of JSON text (no browser imports).

The page sends a game as JSON (`{"game": "race", "options": {...}, "moves": [...]}`); the worker
rebuilds it with the same engines and answers in JSON. Keeping this here lets CPython test it.
"""

import json

from lotus.game import games
from lotus.game.refusals import reason
from lotus.game.text import echo
from lotus.words import _


def build_game(request: dict):
    """Rebuild the game a request describes (raises ValueError on a bad request)."""
    kind = request.get("game")
    if kind not in games.GAMES:
        raise ValueError(_("unknown game “{game}”", game=echo(kind, quoted=False)))
    entry = games.get(kind)
    options = request.get("options") or {}
    moves = request.get("moves") or ()
    if options.get("position"):  # a game set up from a position (an embed, a rules page)
        from lotus.game import positions

        game = positions.from_position(options["position"])
        if not entry.is_game(game):
            raise ValueError(_("the position is not one of a “{game}” game", game=kind))
        return entry.replay(game, moves)
    return entry.from_request(options, moves)


def legal_moves(request_json: str) -> str:
    """JSON list of the legal moves of the position a JSON request describes, or, when the
    request cannot be read, `{"error": "<why, in words>"}` (never an exception: the page's
    `window.lotus.legalMoves` and the worker hand this to a JavaScript caller)."""
    try:
        if not isinstance(request_json, str):
            raise ValueError(_("it is not text (a JSON string is expected)"))
        try:
            request = json.loads(request_json)
        except ValueError:
            raise ValueError(_("it is not JSON")) from None
        if not isinstance(request, dict):
            raise ValueError(
                _("it is not a JSON object {keys}", keys='{"game", "options", "moves"}')
            )
        options = request.get("options")
        if options is not None and not isinstance(options, dict):
            raise ValueError(_("its options are not a JSON object"))
        moves = request.get("moves")
        if moves is not None and not (
            isinstance(moves, list) and all(isinstance(m, str) for m in moves)
        ):
            raise ValueError(_("its moves are not a list of moves (text)"))
        answer = build_game(request).legal_moves()
    except ValueError as exc:
        return _refusal(echo(reason(exc).rstrip("."), quoted=False, limit=160))
    except Exception as exc:  # a value of the wrong kind deeper in the request
        kind = type(exc).__name__
        return _refusal(_("one of its values is not what it should be ({error})", error=kind))
    return json.dumps(answer)


def _refusal(reason: str) -> str:
    return json.dumps({"error": _("The request could not be read: {reason}.", reason=reason)})
