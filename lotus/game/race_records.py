"""The race's part of game records and share links (`records` asks it through the registry).

Functions that need to report a problem get the records module's helpers as arguments, so this
module never imports lotus.game.records (no import circle).
"""

from lotus.engine import race
from lotus.game.text import echo

TAGS = ("Game", "Players", "Rule", "First", "Position", "Seats", "Date", "Result")
"""The tags a race record may have."""

RULES = ("standard", "pro")
"""The race's rule sets (R9, R10)."""


def results(options: dict) -> tuple:
    """The values the Result tag may take."""
    return ("*",) + race.COLOURS[: options["players"]]


def result_of(game) -> str:
    """'*' while the game goes on; else the winner."""
    return game.winner if game.is_over else "*"


def from_game(game, start) -> tuple:
    """(record options, the game at the usual start with them, dead groups) of a race.Game."""
    options = {
        "players": game.players,
        "rule": "pro" if game.pro else "standard",
        "first": start.to_move,
    }
    return options, race.Game(game.players, game.pro, start.to_move), None


def option_error(options: dict) -> str:
    """What is wrong with a record dict's options ('' when nothing is)."""
    if options["players"] not in (2, 3, 4) or type(options["players"]) is not int:
        return f"players must be 2, 3 or 4, not {echo(options['players'])}"
    if options["rule"] not in RULES:
        return f"rule must be 'standard' or 'pro', not {echo(options['rule'])}"
    return ""


def option_tags(record: dict) -> dict:
    """The option tags `write` puts, besides Game and First."""
    options = record["options"]
    return {"Players": str(options["players"]), "Rule": options["rule"]}


def outcome(game, names: dict) -> str:
    """The game's outcome in words, for a Result that does not match."""
    if game.is_over:
        return f"{names[game.winner]} won ({game.winner})"
    return "it is not over (*)"


def start(found: dict, game, option, agree) -> tuple:
    """(the game at the start, the options) from the option tags (and the position's game).

    `option(found, name, allowed, default)` reads a tag; `agree(found, derived)` checks the tags
    given against the position.
    """
    players = int(option(found, "Players", ("2", "3", "4"), "2"))
    rule = option(found, "Rule", RULES, "standard")
    colours = race.COLOURS[:players]
    first = option(found, "First", colours, "w")
    if game is not None:
        derived = {
            "Players": str(game.players),
            "Rule": "pro" if game.pro else "standard",
            "First": game.to_move,
        }
        agree(found, derived)
        players, rule, first = game.players, derived["Rule"], game.to_move
    else:
        game = race.Game(players, rule == "pro", first)
    return game, {"players": players, "rule": rule, "first": first}


def link_write(out, options: dict) -> None:
    """The options into a share link's bits."""
    out.put(options["players"] - 2, 2)
    out.put(RULES.index(options["rule"]), 1)
    out.put(race.COLOURS[: options["players"]].index(options["first"]), 2)


def link_read(bits) -> dict:
    """The options from a share link's bits."""
    players = bits.pick((2, 3, 4), 2, "player count")
    return {
        "players": players,
        "rule": RULES[bits.get(1)],
        "first": bits.pick(race.COLOURS[:players], 2, "first player"),
    }


def _move_list() -> tuple:
    """Every race move that can ever be legal, in a fixed order: the link's move codes."""
    nxt = {}
    for name, after, _role in race.BOARD:
        nxt[name] = after

    def walk(name: str, distance: int) -> str:
        for _ in range(distance):
            if name == race.GOAL:
                break
            name = nxt[name][0]
        return name

    def landing(origin: str, land: str, distance: int) -> list:
        out = [origin + "-" + land]
        if land == race.TRAMPOLINE:
            out.append(origin + "-" + land + "-" + walk(land, distance))
        return out

    moves = ["pass"]
    tallest = max(max(s) for s in race.SET_UP.values())
    for c in race.COLOURS:
        for h in range(1, tallest + 1):
            for entrance in nxt[race.START]:
                for move in landing(race.START + c + str(h), walk(entrance, h - 1), h):
                    if move not in moves:
                        moves.append(move)
    for name in race.FIELDS:
        d = 1
        while True:
            land = walk(name, d)
            moves.extend(landing(name, land, d))
            if land == race.GOAL:
                break
            d += 1
    return tuple(moves)


LINK_MOVES = _move_list()
"""The race moves by link code: LINK_MOVES[i] is the move with code i."""
