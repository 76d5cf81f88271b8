"""Game records (PGN-like text) and share links for both Lotus games (docs/records.md).

    record = record_of(game, seats={"w": "human", "b": "hard"}, date="2026.11.29")
    text = write(record)              # '[Game "race"]\\n[Players "2"]\\n...\\n\\n1. Sw4-A4 2. ...'
    read(text) == record              # True; bad text raises RecordError (line, column, reason)
    replay(record)                    # the engine game after the moves (and the agreed scoring)
    to_link_fragment(record)          # 'g=1...' for a URL's fragment; from_link_fragment reads it

A record is a dict: game ('race' | 'go'), options (race: players, rule, first; go: first, marker),
seats ({colour: 'human' | 'easy' | 'medium' | 'hard' | 'expert'}), date ('2026.11.29' or None),
result ('w', 'b', 'r', 'y', 'draw' or '*'), moves (move strings in the spec's notation), dead (go:
the agreed dead groups, one point each, or None) and position (the start position,
lotus.game.positions notation, or None for the usual start). Pure Python for CPython, Pyodide and
MicroPython.
"""

import hashlib

from lotus.game import games, positions

# the most moves, who may sit at a colour
from lotus.game.games import MAX_MOVES, SEAT_KINDS
from lotus.game.refusals import reason
from lotus.game.text import colour_name, digits, echo, either, number
from lotus.words import _, p_

KINDS = SEAT_KINDS
"""Who sits at a colour: a person or the computer at one of its levels (a link's seat code is one
more than the index here, docs/records.md: new levels go at the end)."""


def all_tags() -> tuple:
    """Every game's tags (their record hooks' TAGS), each game's in its own order: the order
    `write` puts them in ("Game", "Players", "Rule", "First", "Marker", "Position", ...)."""
    out = []
    for entry in games.ENTRIES:
        after = -1  # where the last tag of this game's stands in `out`
        for tag in _hooks(entry.id).TAGS:
            if tag in out:
                after = out.index(tag)
            else:
                after += 1
                out.insert(after, tag)
    return tuple(out)


def _hooks(game: str):
    """The game's part of records (its tags, options, results, link codes): lotus.game.games."""
    return games.get(game).record_hooks()


def _either(quote: bool = False) -> str:
    """'race or go' (each in quotes: '“race” or “go”')."""
    return either(_("“{text}”", text=g) if quote else g for g in games.GAMES)


def _said(value) -> str:
    """A value the person gave, in quotes, cut short (lotus.game.text.echo)."""
    # Translators: a value from the person's record or link, repeated in an error.
    return _("“{text}”", text=echo(value, quoted=False))


MAX_RECORD_CHARS = games.MAX_RECORD_CHARS
"""The longest record text `read` accepts: 2,000 moves need about 30,000 characters."""

MAX_LINK_CHARS = 4000
"""The longest share link value (after 'g=') `from_link_fragment` accepts: 2,000 race moves
take about 2,700 characters."""


def _too_many(count: int) -> str:
    return _(
        "it holds {count} moves, more than the {most} a game may have", count=count, most=MAX_MOVES
    )


_KEYS = ("game", "options", "seats", "date", "result", "moves", "dead", "position")
_WIDTH = 80  # write wraps the moves before this column


class RecordError(ValueError):
    """A record that cannot be read or replayed: `line` and `column` (1-based, None when the
    problem is in a record dict), `move` (the move's number, or None) and `reason`."""

    def __init__(self, reason: str, line=None, column=None, move=None) -> None:
        if move is not None:
            # Translators: where a record's move is, then why it cannot be played.
            text = _(
                "move {move} (line {line}, column {column}): {reason}",
                move=move,
                line=line,
                column=column,
                reason=reason,
            )
        elif line is not None:
            text = _(
                "line {line}, column {column}: {reason}", line=line, column=column, reason=reason
            )
        else:
            # Translators: a record given to the code (not a text) that is not one.
            text = _("record: {reason}", reason=reason)
        super().__init__(text)
        self.reason = reason
        self.line = line
        self.column = column
        self.move = move


class LinkError(ValueError):
    """A share link (URL fragment) that cannot be read; the message says why."""


# -- small helpers that behave the same on every interpreter ----------------------------------


def _is_date(text: str) -> bool:
    """'YYYY.MM.DD'; any of the three parts may be all '?' (unknown), as in PGN."""
    if type(text) is not str or len(text) != 10 or text[4] != "." or text[7] != ".":
        return False
    for part, low, high in ((text[:4], 0, 9999), (text[5:7], 1, 12), (text[8:], 1, 31)):
        if part == "?" * len(part):
            continue
        if not digits(part) or not low <= int(part) <= high:
            return False
    if text[5] == "?" or text[8] == "?":
        return True
    month = int(text[5:7])
    longest = _MONTH_DAYS[month - 1]
    if month == 2 and text[0] != "?":  # February has 29 days in a leap year only
        year = int(text[:4])
        if year % 4 or (year % 100 == 0 and year % 400):
            longest = 28
    return int(text[8:]) <= longest


_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _colours(game: str, options: dict) -> tuple:
    """The colours playing in a game with these options, in turn order."""
    return games.get(game).colours(options)


def _results(game: str, options: dict) -> tuple:
    """The values the Result tag may take."""
    return _hooks(game).results(options)


# -- from an engine game ------------------------------------------------------------------------


def start_of(game):
    """A copy of the game with every move taken back: the position it started from."""
    start = game.copy()
    while True:
        try:
            start.undo()
        except IndexError:
            return start


def _result_of(game) -> str:
    """'*' while the game goes on (or its dead groups are not agreed); else the winner or 'draw'."""
    return games.of_game(game).record_hooks().result_of(game)


def record_of(game, seats=None, date=None) -> dict:
    """The record of a race.Game or go.Game: options, start position, moves, dead and result."""
    try:
        entry = games.of_game(game)
    except TypeError:
        # Translators: {games} are the engines' classes, in code ("race.Game or go.Game").
        takes = either(g + ".Game" for g in games.GAMES)
        raise TypeError(
            _("record_of takes a game ({games}), not {kind}", games=takes, kind=type(game).__name__)
        ) from None
    kind = entry.id
    start = start_of(game)
    here = positions.to_position(start)
    options, usual, dead = entry.record_hooks().from_game(game, start)
    record = {
        "game": kind,
        "options": options,
        "seats": dict(seats or {}),
        "date": date,
        "result": _result_of(game),
        "moves": game.moves,
        "dead": dead,
        "position": None if here == positions.to_position(usual) else here,
    }
    _check(record)
    return record


# -- writing ------------------------------------------------------------------------------------


def _check(record) -> None:
    """Raise RecordError (line None) unless the dict has the shape `write` needs."""
    if not isinstance(record, dict):
        raise RecordError(_("a record is a dict, not {kind}", kind=type(record).__name__))
    for key in record:
        if key not in _KEYS:
            raise RecordError(
                _("unknown key {key} (keys: {keys})", key=_said(key), keys=", ".join(_KEYS))
            )
    game = record.get("game")
    if game not in games.GAMES:
        raise RecordError(
            _("game must be {games}, not {value}", games=_either(True), value=_said(game))
        )
    options = record.get("options")
    if not isinstance(options, dict):
        raise RecordError(_("options must be a dict"))
    names = games.get(game).record_option_names
    for key in options:
        if key not in names:
            raise RecordError(
                _(
                    "unknown {game} option {key} (options: {names})",
                    game=game,
                    key=_said(key),
                    names=", ".join(names),
                )
            )
    for key in names:
        if key not in options:
            raise RecordError(_("option {key} is missing", key=_said(key)))
    problem = _hooks(game).option_error(options)
    if problem:
        raise RecordError(problem)
    colours = _colours(game, options)
    if options["first"] not in colours:
        raise RecordError(
            _(
                "first must be one of {colours}, not {value}",
                colours=", ".join(colours),
                value=_said(options["first"]),
            )
        )
    seats = record.get("seats", {})
    if not isinstance(seats, dict):
        raise RecordError(_("seats must be a dict {colour: kind}"))
    for c in seats:
        if c not in colours:
            raise RecordError(_("seats: {colour} is not playing", colour=_said(c)))
        if seats[c] not in KINDS:
            raise RecordError(
                _(
                    "seats: {kind} is not one of {kinds}",
                    kind=_said(seats[c]),
                    kinds=", ".join(KINDS),
                )
            )
    date = record.get("date")
    if date is not None and not _is_date(date):
        raise RecordError(
            _("date must be “YYYY.MM.DD” (parts may be “?”), not {value}", value=_said(date))
        )
    if "result" in record and record["result"] not in _results(game, options):
        raise RecordError(
            _(
                "result must be one of {results}, not {value}",
                results=", ".join(_results(game, options)),
                value=_said(record["result"]),
            )
        )
    moves = record.get("moves", [])
    if not isinstance(moves, (list, tuple)):
        raise RecordError(_("moves must be a list of move strings"))
    if len(moves) > MAX_MOVES:
        raise RecordError(_too_many(len(moves)))
    for n, move in enumerate(moves):
        if type(move) is not str or move == "" or _has_space(move) or "." in move:
            raise RecordError(
                _("move {n} is not a move string: {value}", n=n + 1, value=_said(move))
            )
    dead = record.get("dead")
    if dead is not None:
        if not games.get(game).has_scoring:
            scoring = either(e.id for e in games.ENTRIES if e.has_scoring)
            raise RecordError(_("dead groups are agreed in {games} games only", games=scoring))
        if not isinstance(dead, (list, tuple)):
            raise RecordError(_("dead must be None or a list of points"))
        points = _hooks(game).POINTS
        for n, point in enumerate(dead):
            if not _is_point(point, points):
                raise RecordError(
                    _("dead: {value} is not a point (1-{most})", value=_said(point), most=points)
                )
            if point in dead[:n]:
                raise RecordError(_("dead: point {point} is given twice", point=point))
    position = record.get("position")
    if position is not None and (type(position) is not str or _has_space(position)):
        raise RecordError(
            _("position must be None or a position text, not {value}", value=_said(position))
        )


def _has_space(text: str) -> bool:
    for ch in text:
        if ch in ' \t\r\n"[]\\':
            return True
    return False


def _is_point(text, points: int) -> bool:
    """True for a point's number, 1 to `points` (a game with dead groups: its hooks' POINTS)."""
    return type(text) is str and number(text) and 1 <= int(text) <= points


def write(record: dict) -> str:
    """The record as text: tag pairs, a blank line, then the numbered moves (docs/records.md)."""
    _check(record)
    game = record["game"]
    options = record["options"]
    values = {"Game": game, "First": options["first"]}
    values.update(_hooks(game).option_tags(record))
    if record.get("position") is not None:
        values["Position"] = record["position"]
    seats = record.get("seats") or {}
    if seats:
        colours = _colours(game, options)
        values["Seats"] = " ".join(c + "=" + seats[c] for c in colours if c in seats)
    if record.get("date") is not None:
        values["Date"] = record["date"]
    if "result" in record:
        values["Result"] = record["result"]
    lines = [f'[{tag} "{values[tag]}"]' for tag in _hooks(game).TAGS if tag in values]
    lines.append("")
    line = ""
    for n, move in enumerate(record.get("moves", [])):
        item = f"{n + 1}. {move}"
        if line and len(line) + 1 + len(item) >= _WIDTH:
            lines.append(line)
            line = ""
        line = line + " " + item if line else item
    if line:
        lines.append(line)
    return "\n".join(lines) + "\n"


# -- reading ------------------------------------------------------------------------------------


def _scan(text: str) -> tuple:
    """Split text into tags [(name, value, line, column, value column)] and move tokens.

    The tokens come as one flat list, [token, line, column, token, line, column, ...]. Linear in
    the text on every interpreter: MicroPython finds a string's i-th character by walking from
    its start, so no long string is indexed here (a line's tags are read from its bytes, the moves
    split off by the string's own methods), and its allocator slows down on a long run of
    allocations of two blocks or more with none of one block between (a tuple of three is two),
    so no tuple is made per token.
    """
    tags = []
    tokens = []
    line_no = 0
    for line in text.split("\n"):
        line_no += 1
        col = 1  # the column where `line` (what is left of the line) begins
        if "[" in line:
            at = _scan_tags(line, line_no, tags, tokens)
            if at < 0:
                continue
            line = line[at:]
            col = at + 1
        _scan_moves(line, line_no, col, tokens)
    return tags, tokens


_SPACE_CODES = (32, 9, 13)  # space, tab, carriage return: what separates tags and moves


class _Codes:
    """A line as code points, each read in constant time: its bytes when it is ASCII, else a
    list of its characters' code points (index i is character i either way)."""

    def __init__(self, line: str) -> None:
        try:
            raw = line.encode()
        except ValueError:  # CPython: a lone surrogate (MicroPython has none)
            raw = b""
        self.ascii = len(raw) == len(line)
        self.codes = raw if self.ascii else [ord(ch) for ch in line]

    def text(self, i: int, j: int) -> str:
        """The characters i..j-1 of the line."""
        if self.ascii:
            return self.codes[i:j].decode()
        return "".join([chr(c) for c in self.codes[i:j]])


def _scan_tags(line: str, line_no: int, tags: list, tokens: list) -> int:
    """Read the tags at the start of a line; the index of its first move token, or -1 if none."""
    line = _Codes(line)
    codes = line.codes
    n = len(codes)
    i = 0
    while i < n:
        c = codes[i]
        if c in _SPACE_CODES:
            i += 1
        elif c == 91:  # '['
            if tokens:
                raise RecordError(_after_moves(), line_no, i + 1)
            i = _scan_tag(line, i, line_no, tags)
        else:
            return i
    return -1


def _scan_moves(line: str, line_no: int, col: int, tokens: list) -> None:
    """Append the move tokens of a line (from column `col` on) to tokens: token, line, column."""
    if "\t" in line:
        line = line.replace("\t", " ")
    if "\r" in line:
        line = line.replace("\r", " ")
    for token in line.split(" "):
        if token != "":
            if token[0] == "[":  # a token begins with '[': a tag, and moves came before it
                raise RecordError(_after_moves(), line_no, col)
            tokens.append(token)
            tokens.append(line_no)
            tokens.append(col)
        col += len(token) + 1


def _after_moves() -> str:
    return _("a tag after the moves: the tags come first")


def _letter(c: int) -> bool:
    return 65 <= c <= 90 or 97 <= c <= 122


def _scan_tag(line, i: int, line_no: int, tags: list) -> int:
    """Read the tag beginning at '[' (index i of a _Codes line); append it to tags; return the
    index after it."""
    codes = line.codes
    n = len(codes)
    start = i
    i += 1
    while i < n and codes[i] in _SPACE_CODES:
        i += 1
    j = i
    while j < n and _letter(codes[j]):
        j += 1
    name = line.text(i, j)
    if name == "":
        if j >= n:
            raise RecordError(
                _("the tag is not finished: write it such as {example}", example='[Game "race"]'),
                line_no,
                start + 1,
            )
        raise RecordError(
            _(
                "a tag begins with its name, such as {example}, not {value}",
                example='[Game "race"]',
                value=_said(chr(codes[j])),
            ),
            line_no,
            j + 1,
        )
    while j < n and codes[j] in _SPACE_CODES:
        j += 1
    if j >= n:
        raise RecordError(
            _("the tag {tag} is not finished: its value is missing", tag=name), line_no, start + 1
        )
    if codes[j] != 34:  # '"'
        raise RecordError(
            _(
                "tag {tag}: the value must be in double quotes, such as {example}",
                tag=name,
                example="[" + name + ' "..."]',
            ),
            line_no,
            j + 1,
        )
    k = j + 1
    while k < n and codes[k] != 34:
        k += 1
    if k >= n:
        raise RecordError(
            _("the tag {tag} is not finished: its value has no closing quote", tag=name),
            line_no,
            start + 1,
        )
    value = line.text(j + 1, k)
    back = value.find("\\")
    if back >= 0:
        raise RecordError(
            _("tag {tag}: a backslash is not allowed", tag=name), line_no, j + 2 + back
        )
    p = k + 1
    while p < n and codes[p] in _SPACE_CODES:
        p += 1
    if p >= n:
        raise RecordError(
            _("the tag {tag} is not finished: “]” is missing", tag=name), line_no, start + 1
        )
    if codes[p] != 93:  # ']'
        raise RecordError(_("tag {tag}: “]” must follow the value", tag=name), line_no, p + 1)
    tags.append((name, value, line_no, start + 1, j + 2))
    return p + 1


def _fail(tag: tuple, reason: str) -> RecordError:
    """An error about a tag's value, located at the value."""
    # Translators: a tag's name (notation: Date, Result...), then what is wrong with its value.
    return RecordError(_("{tag}: {reason}", tag=tag[0], reason=reason), tag[2], tag[4])


def _moves(tokens: list) -> tuple:
    """The move strings and where they are, checking the optional move numbers.

    `tokens` is _scan's flat list: token, line, column, token, line, column, ... The places come
    flat too: move n (from 0) is at line where[2n], column where[2n + 1].
    """
    moves = []
    where = []
    numbered = -1  # the index in tokens of the last number not yet followed by its move
    for k in range(0, len(tokens), 3):
        token = tokens[k]
        col = tokens[k + 2]
        dot = token.find(".")
        if dot > 0:
            number = token[:dot]
            want = str(len(moves) + 1)
            if number == want or digits(number):  # the right number, or a wrong one
                if numbered >= 0:
                    raise _unfollowed(tokens, numbered)
                if number != want:
                    raise RecordError(
                        _(
                            "the move number {number} should be {want}",
                            number=_said(token[: dot + 1]),
                            want=_said(want + "."),
                        ),
                        tokens[k + 1],
                        col,
                    )
                numbered = k
                token = token[dot + 1 :]
                col += dot + 1
                if token == "":
                    continue
        numbered = -1
        moves.append(token)
        where.append(tokens[k + 1])
        where.append(col)
    if numbered >= 0:
        raise _unfollowed(tokens, numbered)
    return moves, where


def _unfollowed(tokens: list, k: int) -> RecordError:
    """The error for the move number tokens[k] with no move after it."""
    number = tokens[k][: tokens[k].find(".") + 1]
    return RecordError(
        _("the move number {number} is not followed by a move", number=_said(number)),
        tokens[k + 1],
        tokens[k + 2],
    )


def _load(text: str) -> tuple:
    """Read and replay a record's text: (record, game); RecordError on any problem."""
    if not isinstance(text, str):
        raise RecordError(_("a record is text, not {kind}", kind=type(text).__name__), 1, 1)
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            _(
                "the record is too long: {count} characters, more than the {most} a record may"
                " have",
                count=len(text),
                most=MAX_RECORD_CHARS,
            ),
            1,
            1,
        )
    tags, tokens = _scan(text)
    if not tags and not tokens:
        raise RecordError(
            _(
                "the record is empty: it begins with tags such as {example}",
                example='[Game "race"]',
            ),
            1,
            1,
        )
    found = {}
    for tag in tags:
        name = tag[0]
        if name not in all_tags():
            known = ", ".join(all_tags())
            raise RecordError(
                _("unknown tag {tag} (tags: {tags})", tag=_said(name), tags=known), tag[2], tag[3]
            )
        if name in found:
            raise RecordError(_("the tag {tag} is given twice", tag=name), tag[2], tag[3])
        found[name] = tag
    if "Game" not in found:
        where = tags[0] if tags else (None, None, tokens[1], tokens[2])
        raise RecordError(
            _(
                "the Game tag is missing: a record begins with {tags}",
                tags=either('[Game "' + g + '"]' for g in games.GAMES),
            ),
            where[2],
            where[3],
        )
    kind = found["Game"][1]
    if kind not in games.GAMES:
        raise _fail(
            found["Game"],
            _("{value} is not a game: use {games}", value=_said(kind), games=_either()),
        )
    entry = games.get(kind)
    hooks = entry.record_hooks()
    for name in found:
        if name not in hooks.TAGS:
            tag = found[name]
            other = [g for g in games.GAMES if g != kind and name in _hooks(g).TAGS][0]
            raise RecordError(
                _("the tag {tag} belongs to {game} records", tag=name, game=other), tag[2], tag[3]
            )
    game, options = _start(kind, found)
    record = {
        "game": kind,
        "options": options,
        "seats": _seats(found.get("Seats"), _colours(kind, options)),
        "date": None,
        "result": "*",
        "moves": [],
        "dead": None,
        "position": found["Position"][1] if "Position" in found else None,
    }
    if "Date" in found:
        date = found["Date"][1]
        if not _is_date(date):
            raise _fail(
                found["Date"],
                _("{value} is not a date YYYY.MM.DD (parts may be ??)", value=_said(date)),
            )
        record["date"] = date
    results = _results(kind, options)
    if "Result" in found and found["Result"][1] not in results:
        said = _said(found["Result"][1])
        raise _fail(found["Result"], _one_of(said, results))
    if "Dead" in found:
        record["dead"] = _dead(found["Dead"], hooks.POINTS)
    moves, where = _moves(tokens)
    if len(moves) > MAX_MOVES:
        line, col = where[2 * MAX_MOVES], where[2 * MAX_MOVES + 1]
        raise RecordError(_too_many(len(moves)), line, col, MAX_MOVES + 1)
    for n in range(len(moves)):
        try:
            entry.replay(game, (moves[n],))  # the registry knows when a move resumes play (G9)
        except ValueError as err:
            raise RecordError(reason(err), where[2 * n], where[2 * n + 1], n + 1) from None
    record["moves"] = moves
    if "Dead" in found:
        try:
            hooks.agree_dead(game, record["dead"])
        except ValueError as err:
            raise _fail(found["Dead"], reason(err)) from None
    actual = _result_of(game)
    if "Result" in found and found["Result"][1] != actual:
        raise _fail(
            found["Result"],
            # Translators: {outcome} says how the game stands ("Black won (“b”)").
            _(
                "{value} does not match the game: {outcome}",
                value=_said(found["Result"][1]),
                outcome=_outcome(game),
            ),
        )
    record["result"] = actual
    return record, game


def _outcome(game) -> str:
    """The game's outcome in words, for a Result that does not match."""
    names = {c: colour_name(c) for c in games.COLOURS}
    return games.of_game(game).record_hooks().outcome(game, names)


def _one_of(said: str, allowed) -> str:
    """'“x” is not one of a, b, c'."""
    return _("{value} is not one of {values}", value=said, values=", ".join(allowed))


def _option(found: dict, name: str, allowed: tuple, default: str) -> str:
    """The value of an option tag, checked against the allowed values."""
    if name not in found:
        return default
    value = found[name][1]
    if value not in allowed:
        raise _fail(found[name], _one_of(_said(value), allowed))
    return value


def _start(kind: str, found: dict) -> tuple:
    """(the game at the start, the options) from the option tags and the Position tag."""
    game = None
    if "Position" in found:
        tag = found["Position"]
        if _has_space(tag[1]):
            raise _fail(tag, _("a position is written without spaces"))
        try:
            game = positions.from_position(tag[1])
        except positions.PositionError as err:
            raise _fail(tag, str(err)) from None
        if not games.get(kind).is_game(game):
            raise _fail(tag, _("this is not a {game} position", game=kind))
    try:
        return _hooks(kind).start(found, game, _option, _agree)
    except RecordError:
        raise
    except ValueError as err:  # only the Marker tag is read without _option
        raise _fail(found["Marker"], reason(err)) from None


def _agree(found: dict, derived: dict) -> None:
    """Check that the option tags given agree with the start position."""
    for name in derived:
        if name in found and found[name][1] != derived[name]:
            raise _fail(
                found[name],
                _(
                    "{value} does not match the Position, which says {position}",
                    value=_said(found[name][1]),
                    position=_said(derived[name]),
                ),
            )


def _seats(tag, colours: tuple) -> dict:
    """{colour: kind} from a Seats tag such as 'w=human b=hard'."""
    seats = {}
    if tag is None:
        return seats
    for item in tag[1].split(" "):
        if item == "":
            continue
        c, eq, kind = item.partition("=")
        if eq == "" or c not in colours:
            raise _fail(
                tag,
                # Translators: a seat is written colour=kind (notation, such as b=hard).
                _(
                    "{item}: write colour=kind with a colour of {colours}",
                    item=_said(item),
                    colours=", ".join(colours),
                ),
            )
        if kind not in KINDS:
            raise _fail(
                tag, _("{item}: {reason}", item=_said(item), reason=_one_of(_said(kind), KINDS))
            )
        if c in seats:
            raise _fail(tag, _("the seat of {colour} is given twice", colour=c))
        seats[c] = kind
    return seats


def _dead(tag, size: int) -> list:
    """The agreed dead groups of a Dead tag: point numbers (1 to `size`) separated by spaces."""
    points = []
    for item in tag[1].split(" "):
        if item == "":
            continue
        if not _is_point(item, size):
            raise _fail(tag, _("{value} is not a point (1-{most})", value=_said(item), most=size))
        if item in points:
            raise _fail(tag, _("point {point} is given twice", point=item))
        points.append(item)
    return points


def read(text: str) -> dict:
    """The record in a text (docs/records.md); its moves are replayed and checked.

    Raises RecordError, and nothing else, on any problem: the error names the line and column
    and, for a move, its number.
    """
    try:
        return _load(text)[0]
    except RecordError:
        raise
    except MemoryError:
        raise RecordError(_too_large(), 1, 1) from None
    except Exception as err:  # a safety net: the page must never see anything else
        raise RecordError(_internal(err), 1, 1) from None


def load(text: str) -> tuple:
    """(record, game): `read` and `replay` in one pass over the text."""
    try:
        return _load(text)
    except RecordError:
        raise
    except MemoryError:
        raise RecordError(_too_large(), 1, 1) from None
    except Exception as err:
        raise RecordError(_internal(err), 1, 1) from None


def _too_large() -> str:
    return _("the record is too large for this browser's memory")


def _internal(err) -> str:
    """A failure of this reader itself (a bug): what it was, for a report."""
    return _("internal error: {error}", error=type(err).__name__ + ": " + str(err))


def replay(record) -> object:
    """The engine game after the record's moves (and the agreed dead groups, for go).

    `record` is a dict or a record's text. An illegal move raises RecordError naming the move's
    number and its line and column: in the text, or for a dict in the text `write` makes of it.
    """
    if isinstance(record, dict):
        record = write(record)
    return load(record)[1]


# -- share links --------------------------------------------------------------------------------

LINK_VERSION = "1"
"""The first character of a link's value: the format of what follows."""

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {}
for _k in range(64):
    _B64_INDEX[_B64[_k]] = _k
_RESULTS = ("*",) + games.COLOURS + ("draw",)
_CHECK_CHARS = 4  # 24 bits of SHA-256


def _width(count: int) -> int:
    """Bits for the codes 0..count-1."""
    bits = 1
    while (1 << bits) < count:
        bits += 1
    return bits


_MOVE_CODES = {}  # game -> (its LINK_MOVES, {move: code}, bits per code), made on first use


def _move_codes(kind: str) -> tuple:
    """({move: its link code}, bits per code) of a game, from its hooks' LINK_MOVES."""
    moves = _hooks(kind).LINK_MOVES
    known = _MOVE_CODES.get(kind)
    if known is None or known[0] is not moves:
        codes = {}
        for k in range(len(moves)):
            codes[moves[k]] = k
        known = _MOVE_CODES[kind] = (moves, codes, _width(len(moves)))
    return known[1], known[2]


def _checksum(text: str) -> str:
    """Four base64url characters: the first 24 bits of the SHA-256 of the text."""
    digest = hashlib.sha256(text.encode()).digest()
    n = digest[0] << 16 | digest[1] << 8 | digest[2]
    return "".join(_B64[(n >> shift) & 63] for shift in (18, 12, 6, 0))


class _BitWriter:
    def __init__(self) -> None:
        self.bits = []

    def put(self, value: int, width: int) -> None:
        for shift in range(width - 1, -1, -1):
            self.bits.append((value >> shift) & 1)

    def number(self, value: int) -> None:
        """A count: 7-bit groups, least significant first, each after a 'more follows' bit."""
        while True:
            low = value & 127
            value >>= 7
            self.put(1 if value else 0, 1)
            self.put(low, 7)
            if not value:
                return

    def text(self) -> str:
        bits = self.bits + [0] * (-len(self.bits) % 6)
        out = []
        for i in range(0, len(bits), 6):
            n = 0
            for b in bits[i : i + 6]:
                n = n << 1 | b
            out.append(_B64[n])
        return "".join(out)


class _BitReader:
    def __init__(self, text: str) -> None:
        bits = []
        for ch in text:
            n = _B64_INDEX[ch]
            for shift in (5, 4, 3, 2, 1, 0):
                bits.append((n >> shift) & 1)
        self.bits = bits
        self.at = 0

    def left(self) -> int:
        return len(self.bits) - self.at

    def get(self, width: int) -> int:
        if self.left() < width:
            raise LinkError(_ends_early())
        n = 0
        for b in self.bits[self.at : self.at + width]:
            n = n << 1 | b
        self.at += width
        return n

    def number(self) -> int:
        value = 0
        for k in range(3):
            more = self.get(1)
            value |= self.get(7) << (7 * k)
            if not more:
                return value
        raise LinkError(_("the link is damaged: a count is too long"))

    def pick(self, values: tuple, width: int, what: str):
        """The value of the next code; `what` names it in an error (a key of `_link_part`)."""
        n = self.get(width)
        if n >= len(values):
            # Translators: {what} is what the link holds there: its game, result, seat, move...
            raise LinkError(
                _("the link is damaged: its {what} is not valid", what=_link_part(what))
            )
        return values[n]


def _link_part(what: str) -> str:
    """The name of a part of a link's game, in the language in use."""
    if what == "game":
        return p_("link part", "game")
    if what == "result":
        return p_("link part", "result")
    if what == "seat":
        return p_("link part", "seat")
    if what == "move":
        return p_("link part", "move")
    if what == "marker":
        # Translators: the Go board's pass marker.
        return p_("link part", "marker")
    if what == "player count":
        return p_("link part", "player count")
    if what == "first player":
        return p_("link part", "first player")
    return what


def _ends_early() -> str:
    return _("the link is damaged: it ends too early")


def to_link_fragment(record: dict) -> str:
    """'g=1...': the record as URL-safe text for a link's fragment (docs/records.md).

    The record is checked first (its moves replayed); a bad one raises LinkError.
    """
    try:
        record = read(write(record))
    except RecordError as err:
        raise LinkError(_("the record cannot be shared: {reason}", reason=str(err))) from None
    return _encode(record)


def _encode(record: dict) -> str:
    """The link of a complete record dict, unchecked."""
    kind = record["game"]
    options = record["options"]
    colours = _colours(kind, options)
    out = _BitWriter()
    out.put(games.GAMES.index(kind), _width(len(games.GAMES)))
    _hooks(kind).link_write(out, options)
    out.put(_RESULTS.index(record["result"]), 3)
    for c in colours:
        kind_of = record["seats"].get(c)
        out.put(0 if kind_of is None else KINDS.index(kind_of) + 1, 3)
    date = record["date"]
    out.put(0 if date is None else 1, 1)
    if date is not None:
        for part, width, unknown in ((date[:4], 14, 16383), (date[5:7], 4, 0), (date[8:], 5, 0)):
            out.put(unknown if part[0] == "?" else int(part), width)
    position = record["position"]
    out.put(0 if position is None else 1, 1)
    if position is not None:
        out.number(len(position))
        for ch in position:
            out.put(ord(ch), 7)
    dead = record["dead"]
    out.put(0 if dead is None else 1, 1)
    if dead is not None:
        out.number(len(dead))
        for point in dead:
            out.put(int(point) - 1, 7)
    codes, width = _move_codes(kind)
    out.number(len(record["moves"]))
    for move in record["moves"]:
        out.put(codes[move], width)
    body = LINK_VERSION + out.text()
    return "g=" + body + _checksum(body)


def _link_value(fragment) -> str:
    """The value of the g= parameter in a fragment ('#g=...', 'g=...', 'a=1&g=...' or bare)."""
    if not isinstance(fragment, str):
        raise LinkError(_("a link fragment is text, not {kind}", kind=type(fragment).__name__))
    if len(fragment) > MAX_LINK_CHARS + 100:  # room for '#', 'g=' and other parameters
        raise LinkError(_too_long(len(fragment)))
    if fragment[:1] == "#":
        fragment = fragment[1:]
    if "=" not in fragment:
        return fragment
    for item in fragment.split("&"):
        if item[:2] == "g=":
            return item[2:]
    raise LinkError(_no_game())


def _no_game() -> str:
    return _("the link holds no game (a game's link has #g=… in it)")


def from_link_fragment(fragment: str) -> dict:
    """The record in a share link's fragment; LinkError (and nothing else) if it is bad."""
    try:
        return _from_link(fragment)
    except LinkError:
        raise
    except MemoryError:
        raise LinkError(_("the link is too large for this browser's memory")) from None
    except Exception as err:  # a safety net: the page must never see anything else
        error = type(err).__name__ + ": " + str(err)
        raise LinkError(_("the link is damaged ({error})", error=error)) from None


def _from_link(fragment) -> dict:
    value = _link_value(fragment)
    if value == "":
        raise LinkError(_no_game())
    if len(value) > MAX_LINK_CHARS:
        raise LinkError(_too_long(len(value)))
    k = 0
    for ch in value:  # not value[k]: MicroPython walks the string to its k-th character
        k += 1
        if ch not in _B64_INDEX:
            raise LinkError(
                _(
                    "the link is damaged: {value} (character {k}) does not belong in it",
                    value=_said(ch),
                    k=k,
                )
            )
    if value[0] != LINK_VERSION:
        raise LinkError(
            _(
                "the link was made by another version of Lotus (format {value}); this page"
                " reads format {format}",
                value=_said(value[0]),
                format=LINK_VERSION,
            )
        )
    if len(value) < 1 + _CHECK_CHARS + 1:
        raise LinkError(_("the link is damaged: it is too short"))
    body = value[:-_CHECK_CHARS]
    if _checksum(body) != value[-_CHECK_CHARS:]:
        raise LinkError(_("the link is damaged: its checksum does not match"))
    bits = _BitReader(body[1:])
    kind = bits.pick(games.GAMES, _width(len(games.GAMES)), "game")
    options = _hooks(kind).link_read(bits)
    colours = _colours(kind, options)
    result = bits.pick(_RESULTS, 3, "result")
    seats = {}
    for c in colours:
        n = bits.pick((None,) + KINDS, 3, "seat")
        if n is not None:
            seats[c] = n
    date = None
    if bits.get(1):
        year, month, day = bits.get(14), bits.get(4), bits.get(5)
        date = (
            ("????" if year == 16383 else _pad(year, 4))
            + "."
            + ("??" if month == 0 else _pad(month, 2))
            + "."
            + ("??" if day == 0 else _pad(day, 2))
        )
    position = None
    if bits.get(1):
        n = bits.number()
        if n * 7 > bits.left():
            raise LinkError(_ends_early())
        position = "".join(chr(bits.get(7)) for _k in range(n))
    dead = None
    if bits.get(1):
        n = bits.number()
        if n * 7 > bits.left():
            raise LinkError(_ends_early())
        dead = [str(bits.get(7) + 1) for _k in range(n)]
    names = _hooks(kind).LINK_MOVES
    width = _move_codes(kind)[1]
    n = bits.number()
    if n > MAX_MOVES:
        raise LinkError(_cannot_play(_too_many(n)))
    if n * width > bits.left():
        raise LinkError(_ends_early())
    moves = [bits.pick(names, width, "move") for _k in range(n)]
    if bits.left() >= 6 or bits.get(bits.left()) != 0:
        raise LinkError(_("the link is damaged: it has unexpected data at its end"))
    record = {
        "game": kind,
        "options": options,
        "seats": seats,
        "date": date,
        "result": result,
        "moves": moves,
        "dead": dead,
        "position": position,
    }
    try:
        return read(write(record))
    except RecordError as err:
        raise LinkError(_cannot_play(str(err))) from None


def _cannot_play(reason: str) -> str:
    return _("the link's game cannot be played: {reason}", reason=reason)


def _too_long(count: int) -> str:
    return _(
        "the link is too long: {count} characters, more than the {most} a game's link may have"
        " (at most {moves} moves)",
        count=count,
        most=MAX_LINK_CHARS,
        moves=MAX_MOVES,
    )


def _pad(n: int, width: int) -> str:
    """n in decimal with leading zeros (str.zfill and rjust are missing on MicroPython)."""
    text = str(n)
    return "0" * (width - len(text)) + text
