"""Flip's part of records, positions and share links (the record hooks the registry hands out).

A position: 'f4_w_5wb2bw5' (f and the board's size, the colour to move, the squares from a1 row
by row: stones as letters, runs of empty squares as numbers).
"""

from lotus.game.text import (
    POSITION_SEPARATOR,
    PositionError,
    echo,
    number,
    position_game,
    position_parts,
)
from tests.support.flip import engine

TAGS = ("Game", "Size", "First", "Position", "Seats", "Date", "Result")
"""The tags of a Flip record, in the order a record puts them ("Size" is Flip's own)."""

POSITION_HEADS = "f4, f6"

LINK_MOVES = (engine.PASS,) + tuple(engine.square_name(6, i) for i in range(36))
"""The moves by link code: a pass, then every square of the largest board."""


def results(options: dict) -> tuple:
    return ("*", "w", "b", "draw")


def result_of(game) -> str:
    if not game.is_over:
        return "*"
    return game.winner or "draw"


def from_game(game, start) -> tuple:
    options = {"size": game.size, "first": start.to_move}
    return options, engine.Game(game.size, start.to_move), None


def option_error(options: dict) -> str:
    if options["size"] not in engine.SIZES or type(options["size"]) is not int:
        return f"size must be 4 or 6, not {echo(options['size'])}"
    return ""


def option_tags(record: dict) -> dict:
    return {"Size": str(record["options"]["size"])}


def outcome(game, names: dict) -> str:
    if not game.is_over:
        return "it is not over (*)"
    if game.winner is None:
        return "it is a draw (draw)"
    return f"{names[game.winner]} won ({game.winner})"


def start(found: dict, game, option, agree) -> tuple:
    size = int(option(found, "Size", ("4", "6"), "4"))
    first = option(found, "First", engine.COLOURS, "w")
    if game is not None:
        agree(found, {"Size": str(game.size), "First": game.to_move})
        size, first = game.size, game.to_move
    else:
        game = engine.Game(size, first)
    return game, {"size": size, "first": first}


def link_write(out, options: dict) -> None:
    out.put(engine.SIZES.index(options["size"]), 1)
    out.put(engine.COLOURS.index(options["first"]), 1)


def link_read(bits) -> dict:
    return {"size": engine.SIZES[bits.get(1)], "first": engine.COLOURS[bits.get(1)]}


def to_position(game) -> str:
    out = []
    empty = 0
    for stone in game.board:
        if stone == ".":
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(stone)
    if empty:
        out.append(str(empty))
    return POSITION_SEPARATOR.join(("f" + str(game.size), game.to_move, "".join(out)))


def read_position(parts: list):
    if parts[0] not in ("f4", "f6"):
        return None
    position_parts(parts, ("game", "turn", "board"), "flip")
    size = int(parts[0][1])
    if parts[1] not in engine.COLOURS:
        raise PositionError("turn", f"{parts[1]!r} is not playing (w or b)")
    board = []
    run = ""
    for ch in parts[2] + "w":  # a stone at the end closes the last run
        if "0" <= ch <= "9":
            run += ch
            continue
        if run:
            if not number(run) or run == "0":
                raise PositionError("board", f"{run!r} is not a number of empty squares")
            board.append("." * int(run))
            run = ""
        if ch not in "wb":
            raise PositionError("board", f"{ch!r} is not a stone (w or b)")
        board.append(ch)
    text = "".join(board)[:-1]
    try:
        return engine.Game.from_setup(size, text, parts[1])
    except ValueError as err:
        raise PositionError("board", str(err)) from None


def from_position(text: str):
    """The engine.Game a position text describes (a session set up from a position)."""
    return position_game(text, read_position, POSITION_HEADS, "flip")
