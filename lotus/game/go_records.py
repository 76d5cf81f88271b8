"""Go's part of game records and share links (lotus.game.records asks it through lotus.game.games).

Functions that need to report a problem get the records module's helpers as arguments, so this
module never imports lotus.game.records (no import circle).
"""

from lotus.engine import go
from lotus.game.text import echo

TAGS = ("Game", "First", "Marker", "Position", "Seats", "Date", "Result", "Dead")
"""The tags a Go record may have."""


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


def _whole(text: str) -> bool:
    """A decimal number without leading zeros, short enough to convert (as lotus.game.records)."""
    if text == "" or len(text) >= 7 or (text[0] == "0" and text != "0"):
        return False
    return all("0" <= ch <= "9" for ch in text)


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
        if not _whole(digits) or int(digits) > go.MARKER_LIMIT or value == "-0":
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
