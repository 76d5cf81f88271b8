"""Reading a person's text and repeating it back: strict whole numbers, and the part of a value
a message may repeat (a message never carries a whole long input).

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
