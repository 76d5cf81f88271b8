"""Go's part of game records, positions and share links (lotus.game.records and
lotus.game.positions ask it through lotus.game.games).

Functions that need to report a problem get the records module's helpers as arguments, so this
module never imports lotus.game.records or lotus.game.positions (no import circle).
"""

from lotus.engine import go
from lotus.game.refusals import reason
from lotus.game.text import (
    POSITION_SEPARATOR,
    PositionError,
    echo,
    number,
    position_game,
    position_parts,
)

TAGS = ("Game", "First", "Marker", "Position", "Seats", "Date", "Result", "Dead")
"""The tags a Go record may have, in the order a record puts them."""

POINTS = go.SIZE
"""The points of the board: a Dead tag names groups by point, 1 to POINTS."""


def results(options: dict) -> tuple:
    """The values the Result tag may take."""
    return ("*", "w", "b", "draw")


def result_of(game) -> str:
    """'*' while the game goes on or its dead groups are not agreed; else the winner or 'draw'."""
    if game.phase != go.OVER:
        return "*"
    return game.winner or "draw"


def from_game(game, start) -> tuple:
    """(record options, the game at the usual start with them, agreed dead groups) of a go.Game."""
    options = {"first": start.to_move, "marker": start.marker}
    dead = list(game.dead) if game.phase == go.OVER and game.resigned is None else None
    return options, go.Game(start.marker, start.to_move), dead


def option_error(options: dict) -> str:
    """What is wrong with a record dict's options ('' when nothing is)."""
    marker = options["marker"]
    if type(marker) is not int or not -go.MARKER_LIMIT <= marker <= go.MARKER_LIMIT:
        return f"marker must be a whole number from -7 to 7, not {echo(marker)}"
    return ""


def option_tags(record: dict) -> dict:
    """The option tags `write` puts, besides Game and First."""
    values = {"Marker": str(record["options"]["marker"])}
    if record.get("dead") is not None:
        values["Dead"] = " ".join(record["dead"])
    return values


def outcome(game, names: dict) -> str:
    """The game's outcome in words, for a Result that does not match."""
    if game.phase == go.SCORING:
        return "the dead groups are not agreed (no Dead tag), so it has no result yet (*)"
    if game.phase == go.PLAY:
        return "it is not over (*)"
    if game.resigned:
        return f"{names[game.resigned]} resigned, {names[game.winner]} won ({game.winner})"
    if game.winner is None:
        return "it is a draw (draw)"
    return f"{names[game.winner]} won ({game.winner})"


def start(found: dict, game, option, agree) -> tuple:
    """(the game at the start, the options) from the option tags (and the position's game).

    `option(found, name, allowed, default)` reads a tag; `agree(found, derived)` checks the tags
    given against the position. A bad Marker raises ValueError (records places it).
    """
    first = option(found, "First", go.COLOURS, "w")
    marker = 0
    if "Marker" in found:
        value = found["Marker"][1]
        digits = value[1:] if value[:1] == "-" else value
        if not number(digits) or int(digits) > go.MARKER_LIMIT or value == "-0":
            raise ValueError(f"{echo(value)} is not a whole number from -7 to 7")
        marker = int(value)
    if game is not None:
        agree(found, {"First": game.to_move, "Marker": str(game.marker)})
        first, marker = game.to_move, game.marker
    else:
        game = go.Game(marker, first)
    return game, {"first": first, "marker": marker}


def agree_dead(game, dead: list) -> None:
    """End the game with the agreed dead groups (G9, G10); ValueError saying why it cannot."""
    if game.phase != go.SCORING:
        raise ValueError(
            "dead groups are agreed after two passes in a row, and this game "
            + ("ended by resignation" if game.resigned else "did not end with them")
        )
    game.finish(dead)


def link_write(out, options: dict) -> None:
    """The options into a share link's bits."""
    out.put(go.COLOURS.index(options["first"]), 1)
    out.put(options["marker"] + go.MARKER_LIMIT, 4)


def link_read(bits) -> dict:
    """The options from a share link's bits."""
    return {
        "first": go.COLOURS[bits.get(1)],
        "marker": bits.pick(tuple(range(-7, 8)), 4, "marker"),
    }


LINK_MOVES = go.NAMES
"""The go moves by link code: '1'..'72', 'pass', 'resign'."""

# -- positions (lotus.game.positions) --------------------------------------------------------

POSITION_HEADS = "g"
"""The first part of a Go position."""

# The board is written in eight groups: the seven hexagons (six points each), then the outline.
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


def to_position(game) -> str:
    """The position of a go.Game (lotus.game.positions): 'g_w_6.6.6.6.6.6.6.30_0_0'."""
    board = game.board()
    groups = [_run_length(board[a:b]) for a, b in _GO_GROUPS]
    return POSITION_SEPARATOR.join(
        ("g", game.to_move, ".".join(groups), str(game.marker), str(min(game.passes, 2)))
    )


def read_position(parts: list):
    """The go.Game a position's parts describe, or None when the first part is not Go's;
    PositionError if they are bad."""
    if parts[0] != "g":
        return None
    position_parts(parts, ("game", "turn", "board", "marker", "passes"), "go")
    to_move = parts[1]
    if to_move not in go.COLOURS:
        raise PositionError("turn", f"{to_move!r} is not playing (w or b)")
    board = _go_board(parts[2])
    marker = parts[3]
    size = marker[1:] if marker[:1] == "-" else marker
    if not number(size) or int(size) > go.MARKER_LIMIT or marker == "-0":
        raise PositionError("marker", f"{marker!r} is not a whole number from -7 to 7")
    passes = parts[4]
    if passes not in ("0", "1", "2"):
        raise PositionError("passes", f"{passes!r} is not 0, 1 or 2 (passes in a row)")
    try:
        return go.Game.from_setup(board, to_move=to_move, marker=int(marker), passes=int(passes))
    except ValueError as err:
        raise PositionError("board", reason(err)) from None


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
            if not number(run) or run == "0":
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


def from_position(text: str):
    """The go.Game a position text describes (PositionError when it is bad or another
    game's): what a go session set up from a position starts from."""
    return position_game(text, read_position, POSITION_HEADS, "go")
