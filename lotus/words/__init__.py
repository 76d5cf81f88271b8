"""Every text a person reads, by its message id: gettext's model, with no gettext at run time.

    from lotus.words import _, n_, p_
    _("{colour} to move.", colour=_("White"))   # placeholders are filled after translation
    n_("one stone", "{n} stones", 3)            # the language's plural form ({n} is given)
    p_("button", "Pass")                        # the same English in two roles
    NAMES = {"w": N_("White")}; _(NAMES["w"])   # marked where written, worded where shown

English is the message ids themselves. Each other language is a gettext catalog,
`locale/<lang>.po`, which `tools/words.py` compiles (with Babel, at build time) into the plain
Python module `lotus/words/<lang>.py`: a dict of messages and the language's plural rule, which
CPython, Pyodide and MicroPython import. `use(lang)` switches the language of every later call.

This floor imports nothing of lotus: the renderers, the games' logic and the page word their
texts here; the engines raise errors with a code and values, and never word them.
"""

import sys

SPOKEN = (
    ("en", "English"),
    ("de", "Deutsch"),
)
"""The site's languages, the first the default, each its code (a primary language subtag, as in
`<html lang>`) and its name in itself (the language switch's). A new language is its catalog,
locale/<code>.po, and one line here: the build derives the rest (docs/languages.md)."""

LANGUAGES = tuple(code for code, _name in SPOKEN)
"""The languages' codes ('en', 'de'), the first the default."""

NAMES = dict(SPOKEN)
"""Each language's name in itself, for the language switch."""

CONTEXT = "\x04"  # between a message's context and its id in a compiled catalog (as in gettext)

_state = {"lang": "en", "messages": {}, "plural": None}


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def choose(tag) -> str:
    """The site's language for a browser's language tag ('de-AT' -> 'de'; unknown -> 'en')."""
    primary = str(tag or "").strip().lower().replace("_", "-").split("-")[0]
    return primary if primary in LANGUAGES else LANGUAGES[0]


def use(lang: str) -> str:
    """Word every later text in `lang` (a tag such as 'de-CH' is read as its language); the
    language now in use."""
    lang = choose(lang)
    if lang == LANGUAGES[0]:
        _state["messages"] = {}
        _state["plural"] = _english_plural
    else:
        name = "lotus.words." + lang
        __import__(name)
        module = sys.modules[name]
        _state["messages"] = module.MESSAGES
        _state["plural"] = module.plural
    _state["lang"] = lang
    return lang


def language() -> str:
    """The language in use ('en', 'de')."""
    return _state["lang"]


def _fill(text: str, values: dict) -> str:
    return text.format(**values) if values else text


def _(message: str, **values) -> str:
    """`message` in the language in use, its {placeholders} filled from `values`."""
    return _fill(_state["messages"].get(message, message), values)


def N_(message: str) -> str:
    """`message` itself: marks a text kept in a constant for the catalog, to be worded by `_()`
    where it is shown."""
    return message


def p_(context: str, message: str, **values) -> str:
    """`message` in the role `context` ('button', 'colour'...), in the language in use."""
    found = _state["messages"].get(context + CONTEXT + message, message)
    return _fill(found, values)


def n_(singular: str, plural: str, n: int, **values) -> str:
    """The form for `n` of a message with a plural, {n} and the other placeholders filled."""
    values["n"] = n
    forms = _state["messages"].get(singular)
    if forms is None:
        return _fill(singular if n == 1 else plural, values)
    index = _state["plural"](n)
    return _fill(forms[index if index < len(forms) else -1], values)


use(LANGUAGES[0])
