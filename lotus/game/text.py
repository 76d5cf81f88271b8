"""Reading a person's text and repeating it back: strict whole numbers, the part of a value a
message may repeat (a message never carries a whole long input), and the error of a position text
that every game's notation raises.

Imported by the registry at load time: it imports nothing.
"""

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


class PositionError(ValueError):
    """A position text (lotus.game.positions) that cannot be read; `part` names the wrong part,
    the message says why. Here, beside the other readers of a person's text, so that each game's
    notation (its record hooks) raises it without importing the positions module."""

    def __init__(self, part: str, message: str) -> None:
        super().__init__(part + ": " + message)
        self.part = part
        self.reason = message


def split_position(text) -> list:
    """A position text's parts (PositionError when it is not text, or empty)."""
    if not isinstance(text, str):
        raise PositionError("position", f"a position is text, not {type(text).__name__}")
    # str.strip() without characters differs between interpreters; with them it is the same,
    # and linear on MicroPython, which walks a string from its start to find its i-th character.
    text = text.strip(" \t\r\n")
    if text == "":
        raise PositionError("position", "empty: expected e.g. r2s_w_-_w4321.b4321_w0.b0")
    return text.split(POSITION_SEPARATOR)


def position_game(text, read, heads: str, name: str):
    """The engine game a position text describes, read by one game's `read(parts)` (its record
    hooks' read_position); PositionError when it is bad or another game's (`heads`: the first
    parts of `name`'s positions, for the message)."""
    parts = split_position(text)
    game = read(parts)
    if game is None:
        raise PositionError("game", f"{parts[0]!r} is not a {name} position: expected {heads}")
    return game


def position_parts(parts: list, names: tuple, game: str) -> None:
    """Raise PositionError unless a position has one part per name (`game`: its name in words)."""
    if len(parts) != len(names):
        raise PositionError(
            "position",
            f"a {game} position has {len(names)} parts separated by '_' "
            f"({', '.join(names)}), not {len(parts)}",
        )
