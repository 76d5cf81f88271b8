"""Small helpers the SVG renderers share: deterministic numbers, escaping, elements, paths.

Every renderer builds its markup as strings with these helpers, so that the output is
byte-identical under CPython, Pyodide and MicroPython (no xml.etree, no float repr, no dict
order):

    >>> num(3.14159), num(2.5), num(-0.004), num(7)
    ('3.14', '2.5', '0', '7')
    >>> element("circle", [("class", "stone w"), ("cx", 1.5), ("r", 4)])
    '<circle class="stone w" cx="1.5" r="4"/>'
    >>> path("M", 0, 0, "L", 1.25, -2)
    'M0 0L1.25 -2'
"""

import math


def num(x, places: int = 2) -> str:
    """A number as SVG text: at most `places` decimals, no trailing zeros, never '-0'.

    Rounds half up on the decimal grid (`num(0.125) == '0.13'`), with the same arithmetic on
    every interpreter; ints print as they are (`num(12) == '12'`).
    """
    if type(x) is int:
        return str(x)
    scale = 10**places
    n = math.floor(x * scale + 0.5)
    sign = ""
    if n < 0:
        sign = "-"
        n = -n
    whole, frac = divmod(n, scale)
    if frac == 0:
        return sign + str(whole)
    return sign + str(whole) + "." + str(frac + scale)[1:].rstrip("0")


def esc(text) -> str:
    """Text made safe inside an attribute value or element content (`&<>"'` escaped)."""
    text = str(text)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return (
            text.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace('"', "&quot;")
            .replace("'", "&#39;")
        )
    return text


def attrs(pairs) -> str:
    """`[("class", "a"), ("r", 2.5)]` -> ` class="a" r="2.5"`; a None value drops the pair.

    Numbers go through `num`, strings through `esc`; order is kept as given.
    """
    out = []
    for name, value in pairs:
        if value is None:
            continue
        if isinstance(value, str):
            out.append(" " + name + '="' + esc(value) + '"')
        else:
            out.append(" " + name + '="' + num(value) + '"')
    return "".join(out)


def element(name: str, pairs=(), content=None) -> str:
    """One element: self-closing without `content`, else `<name ...>content</name>`.

    `content` is markup (a string or a list of strings, joined); escape text with `esc`.
    """
    if content is None:
        return "<" + name + attrs(pairs) + "/>"
    if not isinstance(content, str):
        content = "".join(content)
    return "<" + name + attrs(pairs) + ">" + content + "</" + name + ">"


def path(*parts) -> str:
    """Path data from commands and numbers: `path("M", 1, 2, "L", 3, 4)` -> `'M1 2L3 4'`."""
    out = []
    prev_num = False
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            prev_num = False
        else:
            if prev_num:
                out.append(" ")
            out.append(num(part))
            prev_num = True
    return "".join(out)


def points(xys) -> str:
    """Polygon points: `[(0, 0), (1.5, 2)]` -> `'0,0 1.5,2'`."""
    return " ".join(num(x) + "," + num(y) for x, y in xys)


def read_parts(name: str) -> dict:
    """The pre-drawn markup in the file `name` beside this module, by key; {} when it is absent.

    Such files are written at set-up by tools/prerender.py: records `key US markup` separated
    by RS (\\x1f, \\x1e), the first one a comment keyed "#". They are read in one go, which
    MicroPython does far faster than importing the same strings from a module.
    """
    try:
        with open(_HERE + name, "rb") as f:
            size = f.seek(0, 2)  # one read of the known size: MicroPython's read() grows a buffer
            f.seek(0)
            data = str(f.read(size), "utf-8")
    except OSError:
        return {}
    parts = {}
    for record in data.split("\x1e"):
        key, _, markup = record.partition("\x1f")
        parts[key] = markup
    parts.pop("#", None)
    return parts


_HERE = __file__[: __file__.rfind("/") + 1]
