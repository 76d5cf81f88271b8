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
from lotus.words import N_, _, n_

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
        value = echo(marker, quoted=False)
        return _(
            "the option marker must be a whole number from -7 to 7, not “{value}”", value=value
        )
    return ""


def option_tags(record: dict) -> dict:
    """The option tags `write` puts, besides Game and First."""
    values = {"Marker": str(record["options"]["marker"])}
    if record.get("dead") is not None:
        values["Dead"] = " ".join(record["dead"])
    return values


def outcome(game, names: dict) -> str:
    """The game's outcome in words, for a Result that does not match (`names`: the colours'
    names in the language in use)."""
    if game.phase == go.SCORING:
        return _("the dead groups are not agreed (no Dead tag), so it has no result yet (“*”)")
    if game.phase == go.PLAY:
        return _("the game is not over (“*”)")
    if game.resigned:
        # Translators: {code} is what the Result tag says for this outcome (w or b).
        return _(
            "{loser} resigned and {winner} won (“{code}”)",
            loser=names[game.resigned],
            winner=names[game.winner],
            code=game.winner,
        )
    if game.winner is None:
        return _("the game is a draw (“draw”)")
    return _("{colour} won (“{code}”)", colour=names[game.winner], code=game.winner)


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
            raise ValueError(
                _("“{value}” is not a whole number from -7 to 7", value=echo(value, quoted=False))
            )
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
        if game.resigned:
            raise ValueError(
                _(
                    "dead groups are agreed after two passes in a row, and this game ended by"
                    " resignation"
                )
            )
        raise ValueError(
            _(
                "dead groups are agreed after two passes in a row, and this game did not end"
                " with them"
            )
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
    N_("the central hexagon (points 1-6)"),
    N_("hexagon 2 (points 7-12)"),
    N_("hexagon 3 (points 13-18)"),
    N_("hexagon 4 (points 19-24)"),
    N_("hexagon 5 (points 25-30)"),
    N_("hexagon 6 (points 31-36)"),
    N_("hexagon 7 (points 37-42)"),
    N_("the outline (points 43-72)"),
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
        raise PositionError(
            "turn", _("“{colour}” is not playing (w or b)", colour=echo(to_move, quoted=False))
        )
    board = _go_board(parts[2])
    marker = parts[3]
    size = marker[1:] if marker[:1] == "-" else marker
    if not number(size) or int(size) > go.MARKER_LIMIT or marker == "-0":
        raise PositionError(
            "marker",
            _("“{value}” is not a whole number from -7 to 7", value=echo(marker, quoted=False)),
        )
    passes = parts[4]
    if passes not in ("0", "1", "2"):
        raise PositionError(
            "passes",
            _("“{value}” is not 0, 1 or 2 (passes in a row)", value=echo(passes, quoted=False)),
        )
    try:
        return go.Game.from_setup(board, to_move=to_move, marker=int(marker), passes=int(passes))
    except ValueError as err:
        raise PositionError("board", reason(err)) from None


def _go_board(text: str) -> str:
    groups = text.split(".")
    if len(groups) != len(_GO_GROUPS):
        raise PositionError(
            "board",
            n_(
                "{n} group: expected 8 separated by “.”, the seven hexagons (6 points each) and"
                " the outline (30 points)",
                "{n} groups: expected 8 separated by “.”, the seven hexagons (6 points each) and"
                " the outline (30 points)",
                len(groups),
            ),
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
                    _(
                        "“{char}” is not a stone (w or b) or a number of empty points",
                        char=echo(ch, quoted=False),
                    ),
                )
            if not number(run) or run == "0":
                raise PositionError(
                    "board",
                    # Translators: {group} names a part of the board ("hexagon 2 (points 7-12)").
                    _(
                        "{group}: “{run}” is not a number of empty points",
                        group=_(_GO_GROUP_NAMES[k]),
                        run=echo(run, quoted=False),
                    ),
                )
            if int(run) > size - count:
                raise PositionError(
                    "board",
                    _(
                        "{group}: “{run}” empty points do not fit in it",
                        group=_(_GO_GROUP_NAMES[k]),
                        run=echo(run, quoted=False),
                    ),
                )
            out.append("." * int(run))
            count += int(run)
        if count != size:
            raise PositionError(
                "board",
                n_(
                    "{group} has {n} point, not {size}",
                    "{group} has {n} points, not {size}",
                    count,
                    group=_(_GO_GROUP_NAMES[k]),
                    size=size,
                ),
            )
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
