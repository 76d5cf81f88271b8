"""An embedded board's settings: read from a URL fragment and checked, and written back
(docs/embedding.md).

    config = parse_fragment("#game=race&moves=Sw4-A4,Sb4-A4&mode=step")   # EmbedError if bad
    to_fragment({"game": "go", "mode": "puzzle", "answer": ["37"]})       # back to text
    settings_for(session, "game")      # what the app's Embed dialog shares; snippet() its HTML

A board shows a position (or a game's start) and a sequence of moves, in one of four modes:
`view` (a still picture), `step` (back and forth through the moves, a caption per step), `puzzle`
(find the move: right and wrong tries get feedback, a reset starts again) and `play` (continue
from the position against a person or the computer). The board itself is `lotus.page.diagram`.
Pure Python for CPython and MicroPython.
"""

from lotus.game import games, positions
from lotus.game.games import SEAT_KINDS
from lotus.game.refusals import reason
from lotus.game.text import echo
from lotus.page.app import unquote as _unquote

MODES = ("view", "step", "puzzle", "play")
THEMES = ("light", "dark")
MESSAGE_TYPE = "lotus-embed:height"
"""The `type` of the message an embed posts to its parent: {type, height, id}."""

PARAMETERS = (
    "game",
    "position",
    "g",
    "players",
    "pro",
    "moves",
    "at",
    "captions",
    "mode",
    "answer",
    "explain",
    "select",
    "opponent",
    "size",
    "theme",
    "numbers",
    "id",
)
"""Every parameter a fragment may hold, in the order `to_fragment` writes them."""

MIN_SIZE = 160
MAX_SIZE = 1200
MAX_MOVES = games.MAX_MOVES  # the most moves an embed shows, as a record or link holds
MAX_FRAGMENT_CHARS = 100000  # the longest fragment read: 2,000 moves with a caption each
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.,~!*()'/:;@$"
_HEX = "0123456789ABCDEF"


class EmbedError(ValueError):
    """A setting of an embed that cannot be used; `param` names it, the message says why."""

    def __init__(self, param: str, reason: str) -> None:
        super().__init__(f"{echo(param, quoted=False)}: {reason}")
        self.param = param
        self.reason = reason


# -- fragment text -------------------------------------------------------------------------------


def quote(text: str) -> str:
    """Percent-encode text for a fragment value (UTF-8; letters, digits and -_.,~ stay)."""
    out = []
    for ch in str(text):
        if ch in _SAFE:
            out.append(ch)
        else:
            for byte in ch.encode("utf-8"):
                out.append("%" + _HEX[byte >> 4] + _HEX[byte & 15])
    return "".join(out)


def unquote(text: str, param: str = "fragment") -> str:
    """Decode %XX escapes (UTF-8) and '+' as a space; EmbedError names `param` if malformed."""
    try:
        return _unquote(text, strict=True)
    except ValueError as exc:
        raise EmbedError(param, str(exc)) from None


def split_fragment(fragment: str) -> dict:
    """'#a=1&b=x%20y' -> {'a': '1', 'b': 'x y'} (EmbedError on unknown or repeated names)."""
    if not isinstance(fragment, str):
        raise EmbedError("fragment", f"it is text, not {type(fragment).__name__}")
    if len(fragment) > MAX_FRAGMENT_CHARS:  # checked before anything is decoded or replayed
        raise EmbedError(
            "fragment", f"at most {MAX_FRAGMENT_CHARS} characters, not {len(fragment)}"
        )
    if fragment[:1] == "#":
        fragment = fragment[1:]
    params = {}
    for item in fragment.split("&"):
        if item == "":
            continue
        name, sep, value = item.partition("=")
        name = unquote(name)
        if name not in PARAMETERS:
            known = ", ".join(PARAMETERS)
            raise EmbedError(name or "fragment", f"unknown parameter (known: {known})")
        if name in params:
            raise EmbedError(name, "given twice")
        params[name] = unquote(value, name) if sep else ""
    return params


def parse_fragment(fragment: str) -> dict:
    """The checked settings of an embed from its URL fragment (EmbedError if any is wrong)."""
    try:
        return load(split_fragment(fragment))
    except MemoryError:  # reported like any other bad fragment
        raise EmbedError("fragment", "too large for this browser's memory") from None


def compact(settings: dict) -> dict:
    """Settings as `load` returns them, without the values that are the defaults anyway."""
    out = {"game": settings["game"]}
    standard = games.get(settings["game"]).start_position
    if settings["position"] != standard:
        out["position"] = settings["position"]
    if settings["moves"]:
        out["moves"] = list(settings["moves"])
        default_at = 0 if settings["mode"] == "step" else len(settings["moves"])
        if settings["at"] != default_at:
            out["at"] = str(settings["at"])
    if any(settings["captions"]):
        out["captions"] = list(settings["captions"])
    defaults = {"mode": "view", "answer": [], "explain": "", "select": None, "opponent": "human"}
    defaults.update({"size": None, "theme": "light", "numbers": False, "id": ""})
    for name in PARAMETERS:
        if name in defaults and settings.get(name) != defaults[name]:
            value = settings[name]
            out[name] = value if isinstance(value, (list, bool)) else str(value)
    return out


def to_fragment(settings: dict) -> str:
    """Fragment text (without '#') for settings as `load` takes them (lists or text values)."""
    items = []
    for name in PARAMETERS:
        if name not in settings or settings[name] is None:
            continue
        value = settings[name]
        if name == "captions" and isinstance(value, (list, tuple)):
            while value and not value[-1]:
                value = value[:-1]
            if not value:
                continue
            value = "|".join(value)
        elif isinstance(value, (list, tuple)):
            value = ",".join(value)
        elif isinstance(value, bool):
            value = "1" if value else "0"
        items.append(name + "=" + quote(str(value)))
    return "&".join(items)


# -- checking ------------------------------------------------------------------------------------


def _whole(text: str, param: str, low: int, high: int) -> int:
    """A whole number in low..high written in decimal digits."""
    text = str(text)
    ok = 0 < len(text) <= 6
    for ch in text:
        ok = ok and "0" <= ch <= "9"
    if not ok:
        raise EmbedError(
            param, f"a whole number from {low} to {high} is expected, not {echo(text)}"
        )
    value = int(text)
    if value < low or value > high:
        raise EmbedError(param, f"must be from {low} to {high}, not {value}")
    return value


def _flag(text: str, param: str) -> bool:
    if text in ("1", "true", "yes", "on", ""):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise EmbedError(param, f"1 or 0 is expected, not {echo(text)}")


def _list(text) -> list:
    """'a, b,c' or ['a', 'b'] -> ['a', 'b', 'c'] (empty items dropped)."""
    if isinstance(text, (list, tuple)):
        items = list(text)
    else:
        items = str(text).replace(" ", ",").split(",")
    return [str(item).strip() for item in items if str(item).strip()]


def _start_game(params: dict):
    """(game kind, the starting engine game, its position text) from game/position/players/pro."""
    text = params.get("position") or ""
    kind = params.get("game") or ""
    if kind and kind not in games.GAMES:
        raise EmbedError("game", f"{' or '.join(games.GAMES)}, not {echo(kind)}")
    if text:
        try:
            game = positions.from_position(text)
        except positions.PositionError as exc:
            raise EmbedError("position", str(exc)) from None
        found = games.of_game(game).id
        if kind and kind != found:
            raise EmbedError("position", f"it is a {found} position, but game is {kind}")
        for name in _START_OPTIONS:
            if name in params:
                raise EmbedError(name, "give it in the position, not beside one")
        return found, game, positions.to_position(game)
    if not kind:
        say = " or ".join("game=" + g for g in games.GAMES)
        raise EmbedError("game", f"missing: say {say} (or give a position)")
    entry = games.get(kind)
    for name in _START_OPTIONS:
        if name in params and name not in entry.embed_options:
            owner = [e.id for e in games.ENTRIES if name in e.embed_options][0]
            raise EmbedError(name, f"only the {owner} has it")
    game = entry.embed_engine(params, _whole, _flag)
    return kind, game, positions.to_position(game)


# The start options an embed may give beside the game (not beside a position), in order.
_START_OPTIONS = tuple(name for e in games.ENTRIES for name in e.embed_options)


def _from_record(params: dict) -> dict:
    """Parameters with a game record (`g`, a share link's value) turned into position + moves."""
    from lotus.game import records

    for name in ("position", "moves") + _START_OPTIONS:
        if name in params:
            raise EmbedError(name, "give either a record (g) or a position and moves, not both")
    try:
        record = records.from_link_fragment("g=" + params["g"])
        game = records.replay(record)
    except ValueError as exc:
        raise EmbedError("g", str(exc)) from None
    kind = record["game"]
    if params.get("game") and params["game"] != kind:
        raise EmbedError("g", f"it is a record of a {kind} game, but game is {params['game']}")
    out = {k: v for k, v in params.items() if k != "g"}
    out["game"] = kind
    out["position"] = positions.to_position(records.start_of(game))
    out["moves"] = list(record["moves"])
    return out


def _play(game, move: str) -> None:
    """Play a move as a record does (the registry's replay: it knows when play resumes, G9)."""
    games.of_game(game).replay(game, (move,))


def load(params: dict) -> dict:
    """Check every parameter (text values, or lists for moves/answer/captions); the settings.

    The result holds every setting with its default filled in: game, position (of the start),
    moves, at, captions (one per step), mode, answer, explain, select, opponent, size, theme,
    numbers and id.
    """
    for name in params:
        if name not in PARAMETERS:
            raise EmbedError(name, f"unknown parameter (known: {', '.join(PARAMETERS)})")
    if params.get("g"):
        params = _from_record(params)
    kind, game, start = _start_game(params)
    moves = _list(params.get("moves", ""))
    if len(moves) > MAX_MOVES:
        raise EmbedError("moves", f"at most {MAX_MOVES} moves, not {len(moves)}")
    for i, move in enumerate(moves):
        try:
            _play(game, move)
        except ValueError as exc:
            why = echo(reason(exc), quoted=False, limit=120)  # the engine repeats the move
            raise EmbedError("moves", f"move {i + 1}, {echo(move)}, is not legal: {why}") from None
    mode = params.get("mode") or "view"
    if mode not in MODES:
        raise EmbedError("mode", f"one of {', '.join(MODES)}, not {echo(mode)}")
    default_at = 0 if mode == "step" else len(moves)
    at = params.get("at")
    at = default_at if at in (None, "") else _whole(at, "at", 0, len(moves))
    captions = params.get("captions", "")
    if not isinstance(captions, (list, tuple)):
        captions = captions.split("|") if captions else []
    captions = [str(c) for c in captions]
    if len(captions) > len(moves) + 1:
        raise EmbedError(
            "captions", f"{len(captions)} captions for {len(moves) + 1} steps (one per position)"
        )
    captions = captions + [""] * (len(moves) + 1 - len(captions))
    settings = {
        "game": kind,
        "position": start,
        "moves": moves,
        "at": at,
        "captions": captions,
        "mode": mode,
        "answer": [],
        "explain": str(params.get("explain", "")),
        "select": params.get("select") or None,
        "opponent": params.get("opponent") or "human",
        "size": None,
        "theme": params.get("theme") or "light",
        "numbers": _flag(params.get("numbers", "0"), "numbers"),
        "id": str(params.get("id", "")),
    }
    if settings["theme"] not in THEMES:
        raise EmbedError("theme", f"light or dark, not {echo(settings['theme'])}")
    if params.get("size"):
        settings["size"] = _whole(params["size"], "size", MIN_SIZE, MAX_SIZE)
    if len(settings["id"]) > 100:
        raise EmbedError("id", "at most 100 characters")
    if settings["opponent"] not in SEAT_KINDS:
        raise EmbedError(
            "opponent", f"one of {', '.join(SEAT_KINDS)}, not {echo(settings['opponent'])}"
        )
    if settings["opponent"] != "human" and mode != "play":
        raise EmbedError("opponent", "only a board in play mode has an opponent")
    if settings["numbers"] and not games.get(kind).has_numbers:
        raise EmbedError("numbers", "only the Go board has point numbers")
    shown = game_at(start, moves, at)
    answers = _list(params.get("answer", ""))
    if mode == "puzzle":
        if not answers:
            raise EmbedError("answer", "a puzzle needs the move (or moves) that solve it")
        if shown.is_over:
            raise EmbedError("at", "the puzzle's position is a finished game")
        legal = shown.legal_moves()
        for answer in answers:
            if answer not in legal:
                raise EmbedError("answer", f"{echo(answer)} is not a legal move in the puzzle")
        settings["answer"] = answers
    elif answers or settings["explain"]:
        raise EmbedError("answer" if answers else "explain", "only a puzzle has an answer")
    if settings["select"] is not None:
        if not games.get(kind).has_selection:
            raise EmbedError("select", "only the race has stones to select")
        try:
            if not shown.moves_from(settings["select"]):
                raise ValueError("it has no move")
        except ValueError as exc:
            why = echo(reason(exc), quoted=False, limit=120)
            raise EmbedError(
                "select", f"{echo(settings['select'])} cannot move here: {why}"
            ) from None
    if mode == "play" and shown.is_over:
        raise EmbedError("mode", "a finished game cannot be played on")
    return settings


def game_at(start: str, moves: list, at: int):
    """The engine game after the first `at` of `moves` from the position `start`."""
    game = positions.from_position(start)
    return games.of_game(game).replay(game, moves[:at])


# -- from the app ------------------------------------------------------------------------------

WHATS = ("position", "game", "play")
"""What the app's Embed dialog can embed: the position on screen, the game so far, or play on."""


def settings_for(session, what: str, caption: str = "", opponent: str = "human") -> dict:
    """Settings (for `to_fragment`) that embed what an app session shows (EmbedError if not).

    `what`: "position" (a still picture of the position on screen), "game" (the game so far,
    step by step, starting at the move on screen) or "play" (continue from the position on screen).
    """
    if what not in WHATS:
        raise EmbedError("what", f"one of {', '.join(WHATS)}, not {echo(what)}")
    shown = session.view_game()
    kind = session.game_id
    if what == "game":
        start = session.options.get("position")
        if not start:
            from lotus.game import records

            start = positions.to_position(records.start_of(session.game))
        moves = list(session.game.moves)
        settings = {"game": kind, "position": start, "moves": moves, "mode": "step"}
        settings["at"] = str(len(shown.moves))
        if caption:
            settings["captions"] = [caption]
    else:
        settings = {"game": kind, "position": positions.to_position(shown)}
        settings["mode"] = "view" if what == "position" else "play"
        if caption:
            settings["captions"] = [caption]
        if what == "play":
            if shown.is_over:
                raise EmbedError("mode", "the game on screen is over: there is nothing to play on")
            settings["opponent"] = opponent
    if session.numbers:
        settings["numbers"] = True
    return compact(load(settings))


# -- the snippet ---------------------------------------------------------------------------------

RESIZE_SCRIPT = (
    "<script>addEventListener('message',function(e){var d=e.data;"
    "if(!d||d.type!=='MESSAGE_TYPE'||typeof d.height!=='number')return;"
    "var f=document.querySelectorAll('iframe[data-lotus-embed]');"
    "for(var i=0;i<f.length;i++)if(f[i].contentWindow===e.source"
    "&&new URL(f[i].src,location.href).origin===e.origin)"
    "f[i].style.height=Math.ceil(d.height)+'px'})</script>"
).replace("MESSAGE_TYPE", MESSAGE_TYPE)  # not an f-string: MicroPython would read the JS braces
"""The host page's optional listener: each embed sizes its iframe to its content.

A message counts only from an embed's own window (`e.source`) and from the origin its iframe was
loaded from (`e.origin`): a page navigated away inside the frame cannot resize it."""


def snippet(page_url: str, fragment: str, game: str, width: int = 420) -> str:
    """The HTML a host page pastes: a lazy iframe of embed.html, and the resize listener."""
    entry = games.get(game)
    height = round(width * entry.board_ratio) + 110
    src = _attr(page_url.split("#")[0] + "#" + fragment)
    title = f"{entry.title} board"
    return (
        f'<iframe src="{src}" loading="lazy" width="{width}" height="{height}" '
        f'style="border:0;max-width:100%" title="{title}" data-lotus-embed></iframe>\n'
        + RESIZE_SCRIPT
    )


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
