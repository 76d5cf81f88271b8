"""The race's part of game records, positions and share links (`records` and `positions` ask it
through the registry).

Functions that need to report a problem get the records module's helpers as arguments, so this
module never imports lotus.game.records or lotus.game.positions (no import circle).
"""

from lotus.engine import race
from lotus.game.refusals import reason
from lotus.game.text import (
    POSITION_SEPARATOR,
    PositionError,
    colour_name,
    echo,
    number,
    position_game,
    position_parts,
)
from lotus.words import _, n_

TAGS = ("Game", "Players", "Rule", "First", "Position", "Seats", "Date", "Result")
"""The tags a race record may have, in the order a record puts them."""

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
        value = echo(options["players"], quoted=False)
        return _("the option players must be 2, 3 or 4, not “{value}”", value=value)
    if options["rule"] not in RULES:
        value = echo(options["rule"], quoted=False)
        return _("the option rule must be “standard” or “pro”, not “{value}”", value=value)
    return ""


def option_tags(record: dict) -> dict:
    """The option tags `write` puts, besides Game and First."""
    options = record["options"]
    return {"Players": str(options["players"]), "Rule": options["rule"]}


def outcome(game, names: dict) -> str:
    """The game's outcome in words, for a Result that does not match (`names`: the colours'
    names in the language in use)."""
    if game.is_over:
        # Translators: {code} is what the Result tag says for this outcome (w, b, r, y).
        return _("{colour} won (“{code}”)", colour=names[game.winner], code=game.winner)
    return _("the game is not over (“*”)")


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
        for _step in range(distance):
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

# -- positions (lotus.game.positions) --------------------------------------------------------

POSITION_HEADS = "r2s, r3s, r4s, r2p, r3p, r4p"
"""The first part of a race position: r, the players, s (standard rule) or p (Pro)."""

_DOUBLE = ("", "d1", "d2")  # turn suffix by phase: none, first or second move of R10's turn


def _race_phase(game) -> int:
    """0 normally; 1 or 2 while the first or second move of the Pro double first turn is due."""
    status = game.state_key().split("|")[4]
    if status == "double1":
        return 1
    if status == "double2":
        return 2
    return 0


def to_position(game) -> str:
    """The position of a race.Game (lotus.game.positions): 'r2s_w_-_w4321.b4321_w0.b0'."""
    board = game.board()
    fields = [name + board[name] for name in race.FIELDS if name in board]
    start = game.start()
    goal = game.goal()
    return POSITION_SEPARATOR.join(
        (
            "r" + str(game.players) + ("p" if game.pro else "s"),
            game.to_move + _DOUBLE[_race_phase(game)],
            ".".join(fields) if fields else "-",
            ".".join(c + "".join(str(h) for h in start[c]) for c in game.colours),
            ".".join(c + str(goal[c]) for c in game.colours),
        )
    )


def _colour(c: str, colours: tuple, part: str) -> str:
    """Check that c is a colour in the game; PositionError names the part if not."""
    if c in colours:
        return c
    if c in race.COLOURS:
        raise PositionError(part, _not_playing(c, colours))
    # Translators: {colours} are the colours' letters in notation ("w, b").
    raise PositionError(
        part, _("“{colour}” is not a colour (use {colours})", colour=c, colours=", ".join(colours))
    )


def _not_playing(c: str, colours: tuple) -> str:
    """Why a colour letter of a position names no player of the game."""
    return _(
        # Translators: {n} players, their colours' letters in notation ("w, b").
        "“{colour}” is not playing ({n} players: {colours})",
        colour=echo(c, quoted=False),
        n=len(colours),
        colours=", ".join(colours),
    )


def read_position(parts: list):
    """The race.Game a position's parts describe, or None when the first part is not a race's;
    PositionError if they are bad."""
    head = parts[0]
    if not (len(head) == 3 and head[0] == "r" and head[1] in "234" and head[2] in "sp"):
        return None
    position_parts(parts, ("game", "turn", "board", "start", "goal"), "race")
    players = int(parts[0][1])
    pro = parts[0][2] == "p"
    colours = race.COLOURS[:players]
    per = sum(race.SET_UP[players])

    turn = parts[1]
    if turn == "":
        raise PositionError("turn", _("it is missing: give the colour to move, such as w"))
    if turn[0] not in colours:
        raise PositionError("turn", _not_playing(turn[0], colours))
    to_move = turn[0]
    suffix = turn[1:]
    if suffix not in _DOUBLE:
        raise PositionError(
            "turn",
            _(
                "“{turn}”: only d1 or d2 (the Pro rule's double first turn) may follow the colour",
                turn=echo(turn, quoted=False),
            ),
        )
    phase = _DOUBLE.index(suffix)
    if phase and not (pro and players == 2):
        raise PositionError(
            "turn", _("the double first turn (d1, d2) exists only with the Pro rule and 2 players")
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
                # Translators: where a colour's stones are in a position: on the board, in the
                # start stacks, home in the goal; {per} is how many each player has.
                n_(
                    "{colour} has {n} stone (board {board}, start {start}, goal {goal}), not {per}",
                    "{colour} has {n} stones (board {board}, start {start}, goal {goal}), not"
                    " {per}",
                    total,
                    colour=colour_name(c),
                    board=on_board,
                    start=sum(start[c]),
                    goal=goal[c],
                    per=per,
                ),
            )
    if phase == 1:
        if board or any(start[c] != race.SET_UP[players] for c in colours):
            raise PositionError(
                "turn", _("d1: the double first turn begins only at the start of the game")
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
        raise PositionError("position", reason(err)) from None


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
        raise PositionError(
            "board", _("it is missing: list the stacks (such as A4w.5bw), or “-” for none")
        )
    board = {}
    for item in text.split("."):
        name = _field_name(item)
        if name == "":
            raise PositionError(
                "board",
                _(
                    "“{item}” does not begin with a field (A1-A4, B1-B4, 5-14)",
                    item=echo(item, quoted=False),
                ),
            )
        if name not in race.FIELDS:
            raise PositionError(
                "board",
                _(
                    "“{item}”: there is no field {field}",
                    item=echo(item, quoted=False),
                    field=echo(name, quoted=False),
                ),
            )
        if name in board:
            raise PositionError("field " + name, _("it is given twice"))
        stack = item[len(name) :]
        if stack == "":
            raise PositionError("field " + name, _("it has no stones: leave empty fields out"))
        for c in stack:
            _colour(c, colours, "field " + name)
        board[name] = stack
    return board


def _colour_items(text: str, colours: tuple, part: str) -> dict:
    """Split 'w321.b4321' into {'w': '321', 'b': '4321'}: every colour exactly once."""
    if text == "":
        raise PositionError(
            part,
            _("it is missing: one item per colour, such as {example}", example=colours[0] + "0"),
        )
    out = {}
    for item in text.split("."):
        if item == "":
            raise PositionError(part, _("an item is empty: one item per colour, separated by “.”"))
        c = _colour(item[0], colours, part)
        if c in out:
            raise PositionError(
                part, _("{colour} ({code}) is given twice", colour=colour_name(c), code=c)
            )
        out[c] = item[1:]
    for c in colours:
        if c not in out:
            raise PositionError(
                part, _("{colour} ({code}) is missing", colour=colour_name(c), code=c)
            )
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
                    "start",
                    _(
                        "“{item}”: “{height}” is not a start stack's height (1-{most})",
                        item=echo(c + items[c], quoted=False),
                        height=ch,
                        most=full[0],
                    ),
                )
            heights.append(int(ch))
        heights.sort(reverse=True)
        if len(heights) > len(full) or any(h > full[i] for i, h in enumerate(heights)):
            raise PositionError(
                "start",
                # Translators: {stacks} are the heights of a colour's start stacks at the
                # start of the game ("4321"); the stacks given must be some of them.
                _(
                    "“{item}”: the start stacks of {colour} are not what is left of {stacks}",
                    item=echo(c + items[c], quoted=False),
                    colour=colour_name(c),
                    stacks="".join(str(h) for h in full),
                ),
            )
        start[c] = tuple(heights)
    return start


def _race_goal(text: str, colours: tuple) -> dict:
    goal = {}
    items = _colour_items(text, colours, "goal")
    for c in colours:
        if not number(items[c]):
            raise PositionError(
                "goal",
                _(
                    "“{item}”: “{count}” is not a number of stones in the goal",
                    item=echo(c + items[c], quoted=False),
                    count=echo(items[c], quoted=False),
                ),
            )
        goal[c] = int(items[c])
    return goal


def from_position(text: str):
    """The race.Game a position text describes (PositionError when it is bad or another
    game's): what a race session set up from a position starts from."""
    return position_game(text, read_position, POSITION_HEADS, "race")
