"""Reading a person's text and repeating it back: strict whole numbers, the part of a value a
message may repeat (a message never carries a whole long input), the error of a position text
that every game's notation raises, and the names of the colours and of a position's parts.

Imported by the registry at load time: it imports nothing of lotus but the words.
"""

from lotus.words import N_, _, p_

COLOUR_WORDS = {"w": N_("White"), "b": N_("Black"), "r": N_("Red"), "y": N_("Yellow")}
"""Each colour code's name, marked for the catalog (worded by ``colour_name``)."""


def colour_name(colour: str) -> str:
    """A colour's name in the language in use ('w' -> 'White'); a code that is no colour as it
    is."""
    word = COLOUR_WORDS.get(colour)
    return _(word) if word is not None else str(colour)


ECHO_CHARS = 20  # characters of a person's input that a message repeats (then "…")


def echo(value, quoted: bool = True, limit: int = ECHO_CHARS) -> str:
    """A value a message repeats back as given, quoted (`quoted`), cut to its first `limit`
    characters and "…": a message never carries a whole long input."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return "'" + text + "'" if quoted else text


def digits(text: str) -> bool:
    """True for a non-empty run of ASCII digits 0-9 (str.isdigit also takes '²' and other
    scripts' digits on CPython; a loop is cheaper on MicroPython than all() over a generator)."""
    if text == "":
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


def whole(text):
    """The whole number `text` writes in decimal digits 0-9, with an optional '-' first; None for
    anything else (int() also takes spaces, '+', '_' and other scripts' digits). More than nine
    digits read as ±1,000,000,000, outside every range, without converting them."""
    text = text if isinstance(text, str) else str(text)
    number = text[1:] if text[:1] == "-" else text
    if not digits(number):
        return None
    if len(number) > 9:
        return -(10**9) if text[:1] == "-" else 10**9
    return int(text)


def number(text: str) -> bool:
    """True for a decimal number without a sign or leading zeros, short enough to convert at once
    ('0', '7', '12'; not '', '07', '-1' or seven digits or more)."""
    return digits(text) and len(text) < 7 and (text == "0" or text[0] != "0")


POSITION_SEPARATOR = "_"
"""Separates the parts of a position text (lotus.game.positions)."""


def either(items) -> str:
    """Alternatives in words: 'a', 'a or b', 'a, b or c' (each item as given)."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    # Translators: the last of a list of alternatives ("race or go", "2, 3 or 4").
    return _("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])


def part_words(part: str) -> str:
    """The name of a position's part in the language in use ('turn', 'field A4', 'point 3')."""
    kind, _space, name = part.partition(" ")
    if kind == "field" and name:
        # Translators: the part of a race position that gives one field's stack ("field A4").
        return p_("position part", "field {field}", field=name)
    if kind == "point" and name:
        # Translators: one point of the Go board in a position text ("point 45").
        return p_("position part", "point {point}", point=name)
    if part == "position":
        return p_("position part", "position")
    if part == "game":
        return p_("position part", "game")
    if part == "turn":
        # Translators: the part of a position text that says which colour is to move.
        return p_("position part", "turn")
    if part == "board":
        return p_("position part", "board")
    if part == "start":
        # Translators: the part of a race position that lists the start stacks (the board's START).
        return p_("position part", "start")
    if part == "goal":
        # Translators: the part of a race position that counts the stones home (the board's ZIEL).
        return p_("position part", "goal")
    if part == "stones":
        return p_("position part", "stones")
    if part == "marker":
        # Translators: the Go board's pass marker (the part of a position that says where it is).
        return p_("position part", "marker")
    if part == "passes":
        # Translators: the part of a Go position that counts the passes in a row.
        return p_("position part", "passes")
    return part


class PositionError(ValueError):
    """A position text (lotus.game.positions) that cannot be read; `part` names the wrong part
    (in notation's words: 'turn', 'field A4', 'point 3'), the message says why in the language in
    use. Here, beside the other readers of a person's text, so that each game's notation (its
    record hooks) raises it without importing the positions module."""

    def __init__(self, part: str, message: str) -> None:
        # Translators: a position's part, then what is wrong with it ("turn: ...").
        super().__init__(_("{part}: {reason}", part=part_words(part), reason=message))
        self.part = part
        self.reason = message


def split_position(text) -> list:
    """A position text's parts (PositionError when it is not text, or empty)."""
    if not isinstance(text, str):
        raise PositionError(
            "position", _("a position is text, not {kind}", kind=type(text).__name__)
        )
    # str.strip() without characters differs between interpreters; with them it is the same,
    # and linear on MicroPython, which walks a string from its start to find its i-th character.
    text = text.strip(" \t\r\n")
    if text == "":
        raise PositionError(
            "position",
            _("it is empty: write one such as {example}", example="r2s_w_-_w4321.b4321_w0.b0"),
        )
    return text.split(POSITION_SEPARATOR)


def position_game(text, read, heads: str, name: str):
    """The engine game a position text describes, read by one game's `read(parts)` (its record
    hooks' read_position); PositionError when it is bad or another game's (`heads`: the first
    parts of `name`'s positions, for the message)."""
    parts = split_position(text)
    game = read(parts)
    if game is None:
        raise PositionError(
            "game",
            # Translators: {game} is the game's id (race, go), {heads} the notation a position of
            # that game begins with ("r2s, r3s, ...").
            _(
                "“{head}” is not a {game} position: expected {heads}",
                head=echo(parts[0], quoted=False),
                game=name,
                heads=heads,
            ),
        )
    return game


def position_parts(parts: list, names: tuple, game: str) -> None:
    """Raise PositionError unless a position has one part per name (`game`: its name in words)."""
    if len(parts) != len(names):
        raise PositionError(
            "position",
            # Translators: {game} is the game's id (race, go); {names} the parts' names in notation
            # (game, turn, board...); {count} how many parts the text has.
            _(
                "a {game} position has {n} parts separated by “_” ({names}), not {count}",
                game=game,
                n=len(names),
                names=", ".join(names),
                count=len(parts),
            ),
        )
