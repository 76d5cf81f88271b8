"""One-line, URL-safe position notation for both Lotus games, like chess's FEN (docs/positions.md).

    to_position(race.Game())        # 'r2s_w_-_w4321.b4321_w0.b0'
    to_position(go.Game())          # 'g_w_6.6.6.6.6.6.6.30_0_0'
    from_position('r2s_b_A4w_w321.b4321_w0.b0')   # a race.Game, black to move

A position holds what decides the rest of the game, never the moves that led to it; a game made
by `from_position` starts there (its moves can be undone back to it, not beyond). Parts are
separated by '_' and the text uses only letters, digits and '_', '.', '-': safe in a URL.
Pure Python for CPython, Pyodide and MicroPython.
"""

from lotus.engine import go, race
from lotus.game.text import digits

SEPARATOR = "_"
"""Separates the parts of a position."""

# Go: the board is written in eight groups: the seven hexagons (six points each), then the outline.
_GO_GROUPS = ((0, 6), (6, 12), (12, 18), (18, 24), (24, 30), (30, 36), (36, 42), (42, 72))
_GO_GROUP_NAMES = (
    "the central hexagon (points 1-6)",
    "hexagon 2 (points 7-12)",
    "hexagon 3 (points 13-18)",
    "hexagon 4 (points 19-24)",
    "hexagon 5 (points 25-30)",
    "hexagon 6 (points 31-36)",
    "hexagon 7 (points 37-42)",
    "the outline (points 43-72)",
)
_DOUBLE = ("", "d1", "d2")  # race turn suffix by phase: none, first or second move of R10's turn


class PositionError(ValueError):
    """A position text that cannot be read; `part` names the wrong part, the message says why."""

    def __init__(self, part: str, message: str) -> None:
        super().__init__(part + ": " + message)
        self.part = part
        self.reason = message


# -- helpers that behave the same on every interpreter (no str.isdigit: it accepts '²') ---------


def _is_number(text: str) -> bool:
    """True for a decimal number without a sign or leading zeros ('0', '7', '12')."""
    return digits(text) and len(text) < 7 and (text == "0" or text[0] != "0")


def _strip(text: str) -> str:
    """The text without surrounding ASCII white space (str.strip() without characters differs
    between interpreters; with them it is the same, and linear on MicroPython, which walks a
    string from its start to find its i-th character)."""
    return text.strip(" \t\r\n")


# -- writing ------------------------------------------------------------------------------------


def to_position(game) -> str:
    """The position of a race.Game or go.Game as one line of URL-safe text."""
    if isinstance(game, race.Game):
        return _race_text(game)
    if isinstance(game, go.Game):
        return _go_text(game)
    raise TypeError(f"to_position takes a race.Game or a go.Game, not {type(game).__name__}")


def _race_phase(game) -> int:
    """0 normally; 1 or 2 while the first or second move of the Pro double first turn is due."""
    status = game.state_key().split("|")[4]
    if status == "double1":
        return 1
    if status == "double2":
        return 2
    return 0


def _race_text(game) -> str:
    board = game.board()
    fields = [name + board[name] for name in race.FIELDS if name in board]
    start = game.start()
    goal = game.goal()
    return SEPARATOR.join(
        (
            "r" + str(game.players) + ("p" if game.pro else "s"),
            game.to_move + _DOUBLE[_race_phase(game)],
            ".".join(fields) if fields else "-",
            ".".join(c + "".join(str(h) for h in start[c]) for c in game.colours),
            ".".join(c + str(goal[c]) for c in game.colours),
        )
    )


def _run_length(points: str) -> str:
    """'ww...b' -> 'ww3b': stones as letters, runs of empty points as numbers."""
    out = []
    empty = 0
    for ch in points:
        if ch == ".":
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(ch)
    if empty:
        out.append(str(empty))
    return "".join(out)


def _go_text(game) -> str:
    board = game.board()
    groups = [_run_length(board[a:b]) for a, b in _GO_GROUPS]
    return SEPARATOR.join(
        ("g", game.to_move, ".".join(groups), str(game.marker), str(min(game.passes, 2)))
    )


# -- reading ------------------------------------------------------------------------------------


def from_position(text: str):
    """A new race.Game or go.Game that starts from the position; PositionError if it is bad."""
    if not isinstance(text, str):
        raise PositionError("position", f"a position is text, not {type(text).__name__}")
    text = _strip(text)
    if text == "":
        raise PositionError("position", "empty: expected e.g. r2s_w_-_w4321.b4321_w0.b0")
    parts = text.split(SEPARATOR)
    head = parts[0]
    if head == "g":
        return _go_game(parts)
    if len(head) == 3 and head[0] == "r" and head[1] in "234" and head[2] in "sp":
        return _race_game(parts)
    raise PositionError(
        "game",
        f"{head!r} is not a game: expected r2s, r3s, r4s, r2p, r3p, r4p (race) or g (go)",
    )


def _check_parts(parts: list, names: tuple, game: str) -> None:
    if len(parts) != len(names):
        raise PositionError(
            "position",
            f"a {game} position has {len(names)} parts separated by '_' "
            f"({', '.join(names)}), not {len(parts)}",
        )


def _colour(c: str, colours: tuple, part: str) -> str:
    """Check that c is a colour in the game; PositionError names the part if not."""
    if c in colours:
        return c
    if c in race.COLOURS:
        raise PositionError(
            part, f"{c!r} is not playing ({len(colours)} players: {', '.join(colours)})"
        )
    raise PositionError(part, f"{c!r} is not a colour (use {', '.join(colours)})")


def _race_game(parts: list):
    _check_parts(parts, ("game", "turn", "board", "start", "goal"), "race")
    players = int(parts[0][1])
    pro = parts[0][2] == "p"
    colours = race.COLOURS[:players]
    per = sum(race.SET_UP[players])

    turn = parts[1]
    if turn == "":
        raise PositionError("turn", "missing: give the colour to move, e.g. w")
    if turn[0] not in colours:
        raise PositionError(
            "turn", f"{turn[0]!r} is not playing ({players} players: {', '.join(colours)})"
        )
    to_move = turn[0]
    suffix = turn[1:]
    if suffix not in _DOUBLE:
        raise PositionError(
            "turn",
            f"{turn!r}: after the colour only d1 or d2 (the Pro double first turn) may follow",
        )
    phase = _DOUBLE.index(suffix)
    if phase and not (pro and players == 2):
        raise PositionError(
            "turn", "the double first turn (d1, d2) exists only with the Pro rule and 2 players"
        )

    board = _race_board(parts[2], colours)
    start = _race_start(parts[3], colours)
    goal = _race_goal(parts[4], colours)
    for c in colours:
        on_board = sum(stack.count(c) for stack in board.values())
        total = on_board + sum(start[c]) + goal[c]
        if total != per:
            raise PositionError(
                "stones",
                f"{race.COLOUR_NAMES[c]} has {total} stones (board {on_board}, start "
                f"{sum(start[c])}, goal {goal[c]}), not {per}",
            )
    if phase == 1:
        if board or any(start[c] != race.SET_UP[players] for c in colours):
            raise PositionError(
                "turn", "d1: the double first turn begins only at the start of the game"
            )
        return race.Game(players, pro, to_move)
    try:
        return race.Game.from_setup(
            players=players,
            pro=pro,
            to_move=to_move,
            board=board,
            start=start,
            goal=goal,
            double_turn=phase == 2,
        )
    except ValueError as err:
        raise PositionError("position", str(err)) from None


def _field_name(item: str) -> str:
    """The field an item of the board part begins with ('A4w' -> 'A4', '12bw' -> '12'), or ''."""
    if item[:1] in ("A", "B"):
        return item[:2]
    return item[: _digit_run(item)]


def _digit_run(text: str) -> int:
    """The number of ASCII digits `text` begins with (one pass over its characters)."""
    n = 0
    for ch in text:
        if ch < "0" or ch > "9":
            break
        n += 1
    return n


def _race_board(text: str, colours: tuple) -> dict:
    if text == "-":
        return {}
    if text == "":
        raise PositionError("board", "missing: list the stacks (e.g. A4w.5bw) or '-' for none")
    board = {}
    for item in text.split("."):
        name = _field_name(item)
        if name == "":
            raise PositionError(
                "board", f"{item!r} does not begin with a field (A1-A4, B1-B4, 5-14)"
            )
        if name not in race.FIELDS:
            raise PositionError("board", f"{item!r}: there is no field {name}")
        if name in board:
            raise PositionError("field " + name, "given twice")
        stack = item[len(name) :]
        if stack == "":
            raise PositionError("field " + name, "no stones: leave empty fields out")
        for c in stack:
            _colour(c, colours, "field " + name)
        board[name] = stack
    return board


def _colour_items(text: str, colours: tuple, part: str) -> dict:
    """Split 'w321.b4321' into {'w': '321', 'b': '4321'}: every colour exactly once."""
    if text == "":
        raise PositionError(part, f"missing: one item per colour, e.g. {colours[0]}0")
    out = {}
    for item in text.split("."):
        if item == "":
            raise PositionError(part, "an empty item: one item per colour, separated by '.'")
        c = _colour(item[0], colours, part)
        if c in out:
            raise PositionError(part, f"{race.COLOUR_NAMES[c]} ({c}) is given twice")
        out[c] = item[1:]
    for c in colours:
        if c not in out:
            raise PositionError(part, f"{race.COLOUR_NAMES[c]} ({c}) is missing")
    return out


def _race_start(text: str, colours: tuple) -> dict:
    full = race.SET_UP[len(colours)]
    start = {}
    items = _colour_items(text, colours, "start")
    for c in colours:
        heights = []
        for ch in items[c]:
            if ch < "1" or ch > "9" or int(ch) > full[0]:
                raise PositionError(
                    "start", f"{c}{items[c]}: {ch!r} is not a start stack height (1-{full[0]})"
                )
            heights.append(int(ch))
        heights.sort(reverse=True)
        if len(heights) > len(full) or any(h > full[i] for i, h in enumerate(heights)):
            raise PositionError(
                "start",
                f"{c}{items[c]}: the start stacks of {race.COLOUR_NAMES[c]} are not what is "
                f"left of {''.join(str(h) for h in full)}",
            )
        start[c] = tuple(heights)
    return start


def _race_goal(text: str, colours: tuple) -> dict:
    goal = {}
    items = _colour_items(text, colours, "goal")
    for c in colours:
        if not _is_number(items[c]):
            raise PositionError(
                "goal", f"{c}{items[c]}: {items[c]!r} is not a number of stones in the goal"
            )
        goal[c] = int(items[c])
    return goal


def _go_game(parts: list):
    _check_parts(parts, ("game", "turn", "board", "marker", "passes"), "go")
    to_move = parts[1]
    if to_move not in go.COLOURS:
        raise PositionError("turn", f"{to_move!r} is not playing (w or b)")
    board = _go_board(parts[2])
    marker = parts[3]
    number = marker[1:] if marker[:1] == "-" else marker
    if not _is_number(number) or int(number) > go.MARKER_LIMIT or marker == "-0":
        raise PositionError("marker", f"{marker!r} is not a whole number from -7 to 7")
    passes = parts[4]
    if passes not in ("0", "1", "2"):
        raise PositionError("passes", f"{passes!r} is not 0, 1 or 2 (passes in a row)")
    try:
        return go.Game.from_setup(board, to_move=to_move, marker=int(marker), passes=int(passes))
    except ValueError as err:
        raise PositionError("board", str(err)) from None


def _go_board(text: str) -> str:
    groups = text.split(".")
    if len(groups) != len(_GO_GROUPS):
        raise PositionError(
            "board",
            f"{len(groups)} groups: expected 8 separated by '.', the seven hexagons "
            "(6 points each) and the outline (30 points)",
        )
    out = []
    for k in range(len(groups)):
        first, end = _GO_GROUPS[k]
        size = end - first
        count = 0
        # Read as (stone or other character, digits after it) pieces, each in one pass: no
        # group[i] (MicroPython walks a string from its start to find its i-th character).
        for ch, run in _pieces(groups[k]):
            if ch == "w" or ch == "b":
                out.append(ch)
                count += 1
                if run == "":
                    continue
            elif ch != "":
                raise PositionError(
                    f"point {first + count + 1}",
                    f"{ch!r} is not a stone (w or b) or a number of empty points",
                )
            if not _is_number(run) or run == "0":
                raise PositionError(
                    "board", f"{_GO_GROUP_NAMES[k]}: {run!r} is not a number of empty points"
                )
            if int(run) > size - count:
                raise PositionError(
                    "board", f"{_GO_GROUP_NAMES[k]}: {run!r} empty points do not fit in it"
                )
            out.append("." * int(run))
            count += int(run)
        if count != size:
            raise PositionError("board", f"{_GO_GROUP_NAMES[k]} has {count} points, not {size}")
    return "".join(out)


def _pieces(group: str) -> list:
    """A board group as [(character, the digits after it)]: the digits it begins with come first,
    with the character ''. '2w10b' -> [('', '2'), ('w', '10'), ('b', '')]."""
    out = []
    ch = ""
    run = []
    for c in group:
        if "0" <= c <= "9":
            run.append(c)
            continue
        if ch != "" or run:
            out.append((ch, "".join(run)))
        ch = c
        run = []
    if ch != "" or run:
        out.append((ch, "".join(run)))
    return out
