"""The embeddable board: its settings from a URL fragment, and what it does (docs/embedding.md).

    config = parse_fragment("#game=race&moves=Sw4-A4,Sb4-A4&mode=step")   # EmbedError if bad
    board = Diagram(config)          # one board of embed.html or of a rules page
    board.go_to(1); board.svg(); board.caption()
    to_fragment({"game": "go", "mode": "puzzle", "answer": ["37"]})       # back to text

A board shows a position (or a game's start) and a sequence of moves, in one of four modes:
`view` (a still picture), `step` (back and forth through the moves, a caption per step), `puzzle`
(find the move: right and wrong tries get feedback, a reset starts again) and `play` (continue
from the position against a person or the computer). Pure Python for CPython and MicroPython: the
page's binding layer (`ui_bindings`) turns clicks into calls here and writes the results back.
"""

from lotus.game import games, positions
from lotus.game.games import SEAT_KINDS
from lotus.game.session import colour_name, sentence
from lotus.game.text import echo
from lotus.page.app import escape as _html
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
            why = echo(str(exc), quoted=False, limit=120)  # the engine repeats the move
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
    shown = _game_at(start, moves, at)
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
            why = echo(str(exc), quoted=False, limit=120)
            raise EmbedError(
                "select", f"{echo(settings['select'])} cannot move here: {why}"
            ) from None
    if mode == "play" and shown.is_over:
        raise EmbedError("mode", "a finished game cannot be played on")
    return settings


def _game_at(start: str, moves: list, at: int):
    game = positions.from_position(start)
    return games.of_game(game).replay(game, moves[:at])


# -- the board -----------------------------------------------------------------------------------


class Diagram:
    """One embedded board: the position on show, its caption, and the reader's moves."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.mode = settings["mode"]
        self.steps = len(settings["moves"])
        self.step = settings["at"]
        self.feedback = ""  # the puzzle's answer to the last try
        self.solved = False
        self.shown = False  # the solution was shown (not found)
        self.tries = 0
        self.session = None
        self.go_to(self.step)

    def _new_session(self):
        s = self.settings
        entry = games.get(s["game"])
        options = {"position": s["position"]}
        if entry.has_numbers:
            options["numbers"] = s["numbers"]
        session = entry.new_session(options)
        if self.mode == "play":
            person = _game_at(s["position"], s["moves"], self.step).to_move
            opponent = s["opponent"]
            session.seats = {c: ("human" if c == person else opponent) for c in session.colours()}
        return session

    def go_to(self, step: int) -> None:
        """Show the position after `step` of the moves (clamped); puzzles and play start over."""
        step = max(0, min(int(step), self.steps))
        session = self._new_session()
        entry = games.get(self.settings["game"])
        entry.replay(session.game, self.settings["moves"][:step], session._record)
        self.base = len(session.actions)  # the reader's own moves come after these
        self.session = session
        self.step = step
        self.feedback = ""
        self.solved = False
        self.shown = False
        select = self.settings["select"]
        if select and step == self.settings["at"] and self.mode in ("view", "step"):
            session.click(select)
        session.message = ""

    def reset(self) -> None:
        """Back to where the board started."""
        self.tries = 0
        self.go_to(self.settings["at"])

    def step_by(self, delta: int) -> None:
        """Step mode: move through the sequence."""
        if self.mode == "step":
            self.go_to(self.step + delta)

    def can_step(self, delta: int) -> bool:
        """True when step mode can go that way."""
        return self.mode == "step" and 0 <= self.step + delta <= self.steps

    def accepts_clicks(self) -> bool:
        """Puzzles (until solved) and play take the reader's clicks; view and step do not."""
        return (self.mode == "puzzle" and not self.solved) or self.mode == "play"

    def click(self, target: str) -> bool:
        """A click on a field ('A3'), a start stack ('Sw4') or a point ('37'); True if it moved."""
        if not self.accepts_clicks():
            return False
        moved = self.session.click(target)
        if self.mode == "puzzle":
            self._judge(moved)
        return moved

    def pass_turn(self) -> None:
        """Pass (a puzzle's answer may be a pass)."""
        session = self.session
        if not self.accepts_clicks() or not session.can_pass():
            return
        before = len(session.game.moves)
        session.pass_turn()
        if self.mode == "puzzle":
            self._judge(len(session.game.moves) > before)

    def undo(self) -> None:
        """Play mode: take back the reader's last turn (and the computer's reply)."""
        session = self.session
        if self.mode != "play":
            return
        while len(session.actions) > self.base:
            session.undo()
            if session.computer_level() is None:
                break
        session.redo_stack = []

    def can(self, action: str) -> bool:
        """Whether a button's action can be taken now (first/prev/next/last/undo/pass/reset)."""
        if action in ("first", "prev"):
            return self.can_step(-1)
        if action in ("next", "last"):
            return self.can_step(1)
        if action == "undo":
            return self.mode == "play" and len(self.session.actions) > self.base
        if action == "pass":
            return self.accepts_clicks() and "pass" in self.session.game.legal_moves()
        if action in ("confirm", "resume"):
            return self.mode == "play" and self.session.phase() == "scoring"
        if action == "solution":
            return self.mode == "puzzle" and not self.shown
        if action == "reset":
            moved = self.step != self.settings["at"] or len(self.session.actions) > self.base
            return moved or self.solved or bool(self.feedback)
        return False

    def has_pass(self) -> bool:
        """Whether the board has a Pass button: in Go and in play; a race puzzle if blocked (R9)."""
        if games.get(self.settings["game"]).always_passes or self.mode == "play":
            return True
        return "pass" in self.session.game.legal_moves()

    def act(self, action: str) -> None:
        """A button: first, prev, next, last, undo, pass or reset."""
        if action == "first":
            self.step_by(-self.steps)
        elif action == "prev":
            self.step_by(-1)
        elif action == "next":
            self.step_by(1)
        elif action == "last":
            self.step_by(self.steps)
        elif action == "undo":
            self.undo()
        elif action == "pass":
            self.pass_turn()
        elif action == "confirm" and self.can(action):
            self.session.confirm()
        elif action == "resume" and self.can(action):
            self.session.resume()
        elif action == "reset":
            self.reset()
        elif action == "solution" and self.can(action):
            self.show_solution()

    def show_solution(self) -> None:
        """Puzzles: play the (first) answer from the puzzle's position and explain it."""
        self.go_to(self.settings["at"])
        move = self.settings["answer"][0]
        self.session.act(move)
        self.solved = True
        self.shown = True
        explain = self.settings["explain"]
        self.feedback = f"Solution: {move}. " + (explain if explain else "")
        self.feedback = self.feedback.strip()

    def verdict(self) -> str:
        """'right' (solved), 'solution' (shown), 'wrong' (a try said why), or ''."""
        if self.shown:
            return "solution"
        if self.solved:
            return "right"
        return "wrong" if self.feedback else ""

    def _judge(self, moved: bool) -> None:
        session = self.session
        if not moved:
            self.feedback = session.message
            return
        move = session.game.moves[-1]
        if move in self.settings["answer"]:
            self.solved = True
            explain = self.settings["explain"]
            self.feedback = "Right! " + (explain if explain else f"{move} is the move.")
            return
        self.tries += 1
        session.undo()
        session.redo_stack = []
        did = what_it_did(session.game, move)
        question = self.question()
        self.feedback = f"Not {move}: {did}." + (f" {question}" if question else "") + " Try again."

    def question(self) -> str:
        """What the puzzle asks: the last sentence of its caption ('Which capture is safe?')."""
        sentences = self.caption().strip().replace("! ", ". ").split(". ")
        question = sentences[-1]
        if len(question.split()) < 4 and len(sentences) > 1:  # 'Where?': with what it asks
            question = sentences[-2] + ". " + question
        return sentence(question)

    # -- what to show --------------------------------------------------------------------------
    def caption(self) -> str:
        """The caption for what is on show (in step mode, the current step's)."""
        captions = self.settings["captions"]
        if self.mode == "step":
            return captions[self.step]
        return captions[self.settings["at"]] or captions[0]

    def status(self) -> str:
        """One line under the board: whose turn, the step, or the puzzle's feedback."""
        session = self.session
        if self.mode == "step":
            if self.step == 0:
                return f"Start: {self._turn()}" if self.steps else self._turn()
            move = self.settings["moves"][self.step - 1]
            return f"Move {self.step} of {self.steps}: {move}"
        if self.mode == "puzzle":
            if self.feedback:
                return self.feedback
            return f"{self._turn()[:-1]}: find the move."
        if self.mode == "play":
            return session.status()
        return self._turn()

    def _turn(self) -> str:
        game = self.session.game
        if game.is_over:
            return sentence(self.session.status())
        return f"{colour_name(game.to_move)} to move."

    def svg(self) -> str:
        """The board's SVG markup."""
        return self.session.svg()

    def track_svg(self) -> str:
        """The Go pass track's SVG ('' for the race)."""
        return self.session.track_svg()


# -- what a wrong try did, in words (from the engine: the position before and after) -----------

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(n: int, word: str) -> str:
    """'one field', 'three fields', '12 stones'."""
    text = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
    return f"{text} {word}" + ("" if n == 1 else "s")


def what_it_did(before, move: str) -> str:
    """What `move` does in the engine game `before` (left as it is), in words."""
    if move == "pass":
        return "passing changes nothing on the board"
    after = before.copy()
    after.play(move)
    if games.of_game(after).has_scoring:  # Go's words: reversals and lotuses
        return _go_did(before, after, move)
    return _race_did(before, after, move)


def _go_did(before, after, point: str) -> str:
    mover = before.to_move
    other = "b" if mover == "w" else "w"
    turned = []
    lost = []
    for n in range(1, 73):
        p = str(n)
        was, now = before.colour_at(p), after.colour_at(p)
        if was == other and now == mover:
            turned.append(p)
        elif was == mover and now == other:
            lost.append(p)
    if after.colour_at(point) != mover:
        lost_text = _count(len(lost) + 1, "stone")
        return (
            f"the group there is left without a liberty, so it turns "
            f"{colour_name(other).lower()}: you lose {lost_text}"
        )
    if not turned:
        words = "it captures nothing"
    else:
        words = f"it reverses {_count(len(turned), 'stone')} (on {', '.join(turned)})"
    if len(after.lotuses()) > len(before.lotuses()):
        words += " and completes a lotus"
    return words


def _race_did(before, after, move: str) -> str:
    from lotus.engine import race

    origin, path = race.parse_move(move)
    board_before, board_after = before.board(), after.board()
    if origin[0] == race.START:
        colour, height = origin[1], int(origin[2:])
        where = "on the start"
    else:
        colour, height = board_before[origin][-1], len(board_before[origin])
        where = f"on {origin}"
    whose = "the " if colour == before.to_move else f"{colour_name(colour)}'s "
    if height == 1:
        stone = f"{whose}stone alone {where}"
    else:
        stone = f"{whose}top stone of the {height}-stack {where}"
    dest = path[-1]
    to = "into the goal" if dest == race.GOAL else f"to {dest}"
    words = f"{stone} moves {_count(height, 'field')}, " + (
        f"bounces on the trampoline and goes on {to}" if len(path) == 2 else to
    )
    landed = board_after.get(dest, "")
    if len(landed) > 1:
        under = landed[-2]
        words += ", on top of " + (
            "a stone of its own colour"
            if under == colour
            else f"a {colour_name(under).lower()} stone"
        )
    left = board_after.get(origin, "")
    if left:
        words += f", and leaves a {colour_name(left[-1]).lower()} stone on top of {origin}"
    return words


# -- the figure's markup (pre-drawn by tools/build_rules.py, drawn by embed.html) --------------

_CONTROLS = {
    "step": (
        ("first", "Start", "First position (Home)"),
        ("prev", "◀", "One move back (←)"),
        ("next", "▶", "One move forward (→)"),
        ("last", "End", "Last position (End)"),
    ),
    "puzzle": (
        ("pass", "Pass", "Pass this turn"),
        ("reset", "Try again", "Start the puzzle over"),
        ("solution", "Show solution", "Play the answer and explain it"),
    ),
    "play": (
        ("undo", "Undo", "Take back your last move"),
        ("pass", "Pass", "Pass this turn"),
        ("confirm", "Confirm score", "Agree on the dead groups and end the game (G9)"),
        ("resume", "Resume play", "Go back to playing (G9)"),
        ("reset", "Start over", "Back to the starting position"),
    ),
}


def controls(diagram) -> list:
    """[(action, label, title, enabled)] of the buttons under a board in its mode."""
    out = []
    for action, label, title in _CONTROLS.get(diagram.mode, ()):
        out.append((action, label, title, diagram.can(action)))
    return out


def figure_html(diagram, fragment: str, live: bool = False) -> str:
    """A board's whole <figure>: board, pass track, caption, status line and buttons.

    `fragment` goes into `data-diagram` (the settings a page reads back); `live=False` draws the
    buttons disabled, as a pre-drawn board is until its page's Python is ready.
    """
    s = diagram.settings
    style = f' style="max-width:{s["size"]}px"' if s["size"] else ""
    track = diagram.track_svg()
    hidden_track = "" if track else " hidden"
    buttons = []
    for action, label, title, enabled in controls(diagram):
        off = "" if (live and enabled) else " disabled"
        if action == "pass" and not diagram.has_pass():
            continue
        if action in ("confirm", "resume") and not games.get(s["game"]).has_scoring:
            continue
        buttons.append(
            f'<button type="button" data-action="{action}" title="{_html(title)}"'
            f' aria-label="{_html(title)}"{off}>{label}</button>'
        )
    controls_html = (
        f'<div class="diagram-controls" role="toolbar" aria-label="Board controls">'
        f"{''.join(buttons)}</div>"
        if buttons
        else ""
    )
    caption = diagram.caption()
    return (
        f'<figure class="lotus-diagram mode-{s["mode"]} theme-{s["theme"]}" data-diagram='
        f'"{_html(fragment)}" data-mode="{s["mode"]}" data-game="{s["game"]}"'
        f' data-step="{diagram.step}"{style}>'
        f'<div class="diagram-board" data-board>{diagram.svg()}</div>'
        f'<div class="diagram-track" data-track{hidden_track}>{track}</div>'
        f"<figcaption data-caption{'' if caption else ' hidden'}>{_html(caption)}</figcaption>"
        f'<p class="diagram-status" data-status aria-live="polite">{_html(diagram.status())}</p>'
        f"{controls_html}</figure>"
    )


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
