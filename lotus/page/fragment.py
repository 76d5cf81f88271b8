"""An embedded board's settings as the text of a URL fragment: its parameters, their escapes,
and the error that names a bad one (docs/embedding.md). `lotus.page.embed` checks what they say.

    split_fragment("#game=go&moves=1,2")       # {'game': 'go', 'moves': '1,2'}
    to_fragment({"game": "go", "lang": "de"})  # 'game=go&lang=de'
    language_of("#game=go&lang=de")            # 'de', read before anything is checked

Pure Python for CPython and MicroPython.
"""

from lotus import words
from lotus.game.text import echo
from lotus.page.app import unquote as _unquote
from lotus.words import _, n_

PARAMETERS = (
    "game",
    "position",
    "g",
    "players",
    "pro",
    "moves",
    "at",
    "captions",
    "mode",
    "answer",
    "explain",
    "select",
    "opponent",
    "size",
    "theme",
    "numbers",
    "id",
    "lang",
)
"""Every parameter a fragment may hold, in the order `to_fragment` writes them."""

MAX_FRAGMENT_CHARS = 100000  # the longest fragment read: 2,000 moves with a caption each
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.,~!*()'/:;@$"
_HEX = "0123456789ABCDEF"


class EmbedError(ValueError):
    """A setting of an embed that cannot be used; `param` names it, the message says why (worded
    in the language in use when it is raised)."""

    def __init__(self, param: str, reason: str) -> None:
        super().__init__(f"{echo(param, quoted=False)}: {reason}")
        self.param = param
        self.reason = reason


def quote(text: str) -> str:
    """Percent-encode text for a fragment value (UTF-8; letters, digits and -_.,~ stay)."""
    out = []
    for ch in str(text):
        if ch in _SAFE:
            out.append(ch)
        else:
            for byte in ch.encode("utf-8"):
                out.append("%" + _HEX[byte >> 4] + _HEX[byte & 15])
    return "".join(out)


def unquote(text: str, param: str = "fragment") -> str:
    """Decode %XX escapes (UTF-8) and '+' as a space; EmbedError names `param` if malformed."""
    try:
        return _unquote(text, strict=True)
    except ValueError as exc:
        raise EmbedError(param, str(exc)) from None


def unknown(name: str) -> EmbedError:
    """The error of a parameter no fragment has."""
    known = ", ".join(PARAMETERS)
    return EmbedError(name, _("unknown parameter (known: {known})", known=known))


def one_of(param: str, choices, value: str) -> EmbedError:
    """The error of a value that is none of `choices`."""
    said = ", ".join(choices)
    return EmbedError(
        param, _("one of {choices}, not “{value}”", choices=said, value=echo(value, quoted=False))
    )


def at_most_characters(limit: int, given: int) -> str:
    """Why a text of `given` characters is too long."""
    return n_(
        "at most {n} character, not {given}",
        "at most {n} characters, not {given}",
        limit,
        given=given,
    )


def split_fragment(fragment: str) -> dict:
    """'#a=1&b=x%20y' -> {'a': '1', 'b': 'x y'} (EmbedError on unknown or repeated names)."""
    if not isinstance(fragment, str):
        raise EmbedError("fragment", _("it is text, not {kind}", kind=type(fragment).__name__))
    if len(fragment) > MAX_FRAGMENT_CHARS:  # checked before anything is decoded or replayed
        raise EmbedError(
            "fragment",
            at_most_characters(MAX_FRAGMENT_CHARS, len(fragment)),
        )
    if fragment[:1] == "#":
        fragment = fragment[1:]
    params = {}
    for item in fragment.split("&"):
        if item == "":
            continue
        name, sep, value = item.partition("=")
        name = unquote(name)
        if name not in PARAMETERS:
            raise unknown(name or "fragment")
        if name in params:
            raise EmbedError(name, _("given twice"))
        params[name] = unquote(value, name) if sep else ""
    return params


def language_of(fragment) -> str:
    """The language a fragment asks its board's words in ('de' for '#game=go&lang=de'), '' when
    it names none or one the site does not have: read before the fragment is checked, so that
    what is wrong with it is said in that language too."""
    text = fragment if isinstance(fragment, str) else ""
    if len(text) > MAX_FRAGMENT_CHARS:
        return ""
    for item in (text[1:] if text[:1] == "#" else text).split("&"):
        name, _sep, value = item.partition("=")
        if name == "lang" and value in words.LANGUAGES:
            return value
    return ""


def to_fragment(settings: dict) -> str:
    """Fragment text (without '#') for settings as `load` takes them (lists or text values)."""
    items = []
    for name in PARAMETERS:
        if name not in settings or settings[name] is None:
            continue
        value = settings[name]
        if name == "captions" and isinstance(value, (list, tuple)):
            while value and not value[-1]:
                value = value[:-1]
            if not value:
                continue
            value = "|".join(value)
        elif isinstance(value, (list, tuple)):
            value = ",".join(value)
        elif isinstance(value, bool):
            value = "1" if value else "0"
        items.append(name + "=" + quote(str(value)))
    return "&".join(items)
