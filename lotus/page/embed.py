"""An embedded board's settings: read from a URL fragment and checked, and written back
(docs/embedding.md).

    config = parse_fragment("#game=race&moves=Sw4-A4,Sb4-A4&mode=step")   # EmbedError if bad
    to_fragment({"game": "go", "mode": "puzzle", "answer": ["37"]})       # back to text
    settings_for(session, "game")      # what the app's Embed dialog shares; snippet() its HTML

A board shows a position (or a game's start) and a sequence of moves, in one of four modes:
`view` (a still picture), `step` (back and forth through the moves, a caption per step), `puzzle`
(find the move: right and wrong tries get feedback, a reset starts again) and `play` (continue
from the position against a person or the computer). The board itself is `lotus.page.diagram`.
`lang` names the language its words are in (`lang=de`; none: the page's own), so that a board
made on the German site speaks German on any page it is pasted into.
Pure Python for CPython and MicroPython.
"""

from lotus import words
from lotus.game import games, positions
from lotus.game.games import SEAT_KINDS
from lotus.game.refusals import reason as _refusal
from lotus.game.text import echo
from lotus.page.fragment import (  # the fragment as text; callers reach these as embed.x too
    MAX_FRAGMENT_CHARS,  # noqa: F401
    PARAMETERS,
    EmbedError,
    at_most_characters,
    language_of,  # noqa: F401
    one_of,
    quote,  # noqa: F401
    split_fragment,
    to_fragment,  # noqa: F401
    unknown,
    unquote,  # noqa: F401
)
from lotus.words import _, n_

MODES = ("view", "step", "puzzle", "play")
THEMES = ("light", "dark")
MESSAGE_TYPE = "lotus-embed:height"
"""The `type` of the message an embed posts to its parent: {type, height, id}."""

MIN_SIZE = 160
MAX_SIZE = 1200
MAX_MOVES = games.MAX_MOVES  # the most moves an embed shows, as a record or link holds


def parse_fragment(fragment: str) -> dict:
    """The checked settings of an embed from its URL fragment (EmbedError if any is wrong)."""
    try:
        return load(split_fragment(fragment))
    except MemoryError:  # reported like any other bad fragment
        raise EmbedError("fragment", _("too large for this browser's memory")) from None


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
    defaults.update({"size": None, "theme": "light", "numbers": False, "id": "", "lang": ""})
    for name in PARAMETERS:
        if name in defaults and settings.get(name) != defaults[name]:
            value = settings[name]
            out[name] = value if isinstance(value, (list, bool)) else str(value)
    return out


# -- checking ------------------------------------------------------------------------------------


def _whole(text: str, param: str, low: int, high: int) -> int:
    """A whole number in low..high written in decimal digits."""
    text = str(text)
    ok = 0 < len(text) <= 6
    for ch in text:
        ok = ok and "0" <= ch <= "9"
    if not ok:
        raise EmbedError(
            param,
            _(
                "a whole number from {low} to {high} is expected, not “{value}”",
                low=low,
                high=high,
                value=echo(text, quoted=False),
            ),
        )
    value = int(text)
    if value < low or value > high:
        said = _("must be from {low} to {high}, not {value}", low=low, high=high, value=value)
        raise EmbedError(param, said)
    return value


def _flag(text: str, param: str) -> bool:
    if text in ("1", "true", "yes", "on", ""):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    said = _("1 or 0 is expected, not “{value}”", value=echo(text, quoted=False))
    raise EmbedError(param, said)


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
        raise one_of("game", games.GAMES, kind)
    if text:
        try:
            game = positions.from_position(text)
        except positions.PositionError as exc:
            raise EmbedError("position", _refusal(exc)) from None
        found = games.of_game(game).id
        if kind and kind != found:
            said = _(
                "it is a position of {found}, but game is “{kind}”",
                found=games.TITLES[found],
                kind=kind,
            )
            raise EmbedError("position", said)
        for name in _START_OPTIONS:
            if name in params:
                raise EmbedError(name, _("give it in the position, not beside one"))
        return found, game, positions.to_position(game)
    if not kind:
        say = ", ".join("game=" + g for g in games.GAMES)
        raise EmbedError("game", _("missing: give one of {choices} (or a position)", choices=say))
    entry = games.get(kind)
    for name in _START_OPTIONS:
        if name in params and name not in entry.embed_options:
            owner = [e.id for e in games.ENTRIES if name in e.embed_options][0]
            raise EmbedError(name, _("only {game} has it", game=games.TITLES[owner]))
    game = entry.embed_engine(params, _whole, _flag)
    return kind, game, positions.to_position(game)


# The start options an embed may give beside the game (not beside a position), in order.
_START_OPTIONS = tuple(name for e in games.ENTRIES for name in e.embed_options)


def _from_record(params: dict) -> dict:
    """Parameters with a game record (`g`, a share link's value) turned into position + moves."""
    from lotus.game import records

    for name in ("position", "moves") + _START_OPTIONS:
        if name in params:
            said = _("give either a record (g) or a position and moves, not both")
            raise EmbedError(name, said)
    try:
        record = records.from_link_fragment("g=" + params["g"])
        game = records.replay(record)
    except ValueError as exc:
        raise EmbedError("g", _refusal(exc)) from None
    kind = record["game"]
    if params.get("game") and params["game"] != kind:
        said = _(
            "it is a record of {found}, but game is “{kind}”",
            found=games.TITLES[kind],
            kind=echo(params["game"], quoted=False),
        )
        raise EmbedError("g", said)
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
            raise unknown(name)
    if params.get("g"):
        params = _from_record(params)
    kind, game, start = _start_game(params)
    moves = _list(params.get("moves", ""))
    if len(moves) > MAX_MOVES:
        said = n_(
            "at most {n} move, not {given}",
            "at most {n} moves, not {given}",
            MAX_MOVES,
            given=len(moves),
        )
        raise EmbedError("moves", said)
    for i, move in enumerate(moves):
        try:
            _play(game, move)
        except ValueError as exc:
            why = echo(_refusal(exc), quoted=False, limit=120)
            # Translators: {i} counts the moves from 1; {why} says why the engine refused it.
            said = _(
                "move {i}, “{move}”, is not legal: {why}",
                i=i + 1,
                move=echo(move, quoted=False),
                why=why,
            )
            raise EmbedError("moves", said) from None
    mode = params.get("mode") or "view"
    if mode not in MODES:
        raise one_of("mode", MODES, mode)
    default_at = 0 if mode == "step" else len(moves)
    at = params.get("at")
    at = default_at if at in (None, "") else _whole(at, "at", 0, len(moves))
    captions = params.get("captions", "")
    if not isinstance(captions, (list, tuple)):
        captions = captions.split("|") if captions else []
    captions = [str(c) for c in captions]
    if len(captions) > len(moves) + 1:
        # Translators: a board of {n} positions was given more captions ({given}) than that.
        said = n_(
            "{given} captions for one position (one caption a position)",
            "{given} captions for {n} positions (one caption a position)",
            len(moves) + 1,
            given=len(captions),
        )
        raise EmbedError("captions", said)
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
        "lang": str(params.get("lang") or ""),
    }
    if settings["theme"] not in THEMES:
        raise one_of("theme", THEMES, settings["theme"])
    if params.get("size"):
        settings["size"] = _whole(params["size"], "size", MIN_SIZE, MAX_SIZE)
    if len(settings["id"]) > 100:
        raise EmbedError("id", at_most_characters(100, len(settings["id"])))
    if settings["lang"] and settings["lang"] not in words.LANGUAGES:
        raise one_of("lang", words.LANGUAGES, settings["lang"])
    if settings["opponent"] not in SEAT_KINDS:
        raise one_of("opponent", SEAT_KINDS, settings["opponent"])
    if settings["opponent"] != "human" and mode != "play":
        raise EmbedError("opponent", _("only a board in play mode has an opponent"))
    if settings["numbers"] and not games.get(kind).has_numbers:
        raise EmbedError("numbers", _("only the Go board has point numbers"))
    shown = game_at(start, moves, at)
    answers = _list(params.get("answer", ""))
    if mode == "puzzle":
        if not answers:
            raise EmbedError("answer", _("a puzzle needs the move (or moves) that solve it"))
        if shown.is_over:
            raise EmbedError("at", _("the puzzle's position is a finished game"))
        legal = shown.legal_moves()
        for answer in answers:
            if answer not in legal:
                said = _(
                    "“{move}” is not a legal move in the puzzle", move=echo(answer, quoted=False)
                )
                raise EmbedError("answer", said)
        settings["answer"] = answers
    elif answers or settings["explain"]:
        raise EmbedError("answer" if answers else "explain", _("only a puzzle has an answer"))
    if settings["select"] is not None:
        if not games.get(kind).has_selection:
            raise EmbedError("select", _("only the race has stones to select"))
        try:
            found = shown.moves_from(settings["select"])
        except ValueError as exc:
            found, why = None, _refusal(exc)
        else:
            why = _("it has no move")
        if not found:
            said = _(
                "“{origin}” cannot move here: {why}",
                origin=echo(settings["select"], quoted=False),
                why=echo(why, quoted=False, limit=120),
            )
            raise EmbedError("select", said)
    if mode == "play" and shown.is_over:
        raise EmbedError("mode", _("a finished game cannot be played on"))
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
        raise one_of("what", WHATS, what)
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
                said = _("the game on screen is over: there is nothing to play on")
                raise EmbedError("mode", said)
            settings["opponent"] = opponent
    if session.numbers:
        settings["numbers"] = True
    if words.language() != words.LANGUAGES[0]:
        settings["lang"] = words.language()  # the board speaks the language it was made in
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
    """The HTML a host page pastes: a lazy iframe of embed.html, and the resize listener (the
    iframe's title in the language in use)."""
    entry = games.get(game)
    height = round(width * entry.board_ratio) + 110
    src = _attr(page_url.split("#")[0] + "#" + fragment)
    # Translators: an embedded board's title, for screen readers: "Lotus (1998) board".
    title = _attr(_("{game} board", game=entry.title))
    return (
        f'<iframe src="{src}" loading="lazy" width="{width}" height="{height}" '
        f'style="border:0;max-width:100%" title="{title}" data-lotus-embed></iframe>\n'
        + RESIZE_SCRIPT
    )


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
