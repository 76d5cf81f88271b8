"""Nothing slips back out of the catalog: every German message translated and none fuzzy, no
message that nothing uses, each translation with the placeholders of its English, and no
sentence a person reads written as a literal in the code or the page's scripts."""

import ast
import os
import re

import pytest
from babel.messages.pofile import read_po

from tools import words as build

ROOT = build.ROOT
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Names and words that are the same in every language and may stand as literals.
ALLOWED = {
    "Lotus",
    "Lotus (1998)",
    "Lotus (Freeling)",
    "Dominique Tellier",
    "Christian Freeling",
    "Ravensburger",
    "PyScript",
    "MicroPython",
    "Pyodide",
}
# Calls whose string arguments are for programmers, not people: these errors mean a bug in the
# caller (an argument of the wrong type, an index out of range), and the console is read by
# developers. Assertions are statements, never shown.
PROGRAMMER_ERRORS = {
    "TypeError",
    "AssertionError",
    "NotImplementedError",
    "RuntimeError",
    "IndexError",
    "KeyError",
}
# Modules whose callers are code only, so that a ValueError there is a caller's bug too: the
# search and the renderers take what the engines made, the QR encoder's errors are caught, and
# the quick worker's unpacker fails to the console (Pyodide then answers instead).
CODE_CALLERS_ONLY = (
    "lotus/engine/ai/",
    "lotus/render/",
    "lotus/page/qr.py",
    "lotus/dom/bundles.py",
)
CONSOLE = {"print", "log", "warn", "error", "debug"}
MARKERS = {"_", "N_", "p_", "n_"}

# A sentence: a capitalised word followed by words ("New game", "White to move."), or three
# words in a row ("no such field"). Markup, styles, paths and notation have = < : ; / # or _.
CAPITALISED = re.compile(r"(^|[.!?] )[A-Z][a-z]+(,? [a-z][a-z']*)+")
WORDS = re.compile(r"(^|\s)[a-z][a-z']+ [a-z][a-z']+ [a-z][a-z']+")
CODE_LIKE = re.compile(r"[=<>;#/\\_|@$%*^~`]|\w\.\w|^\s*[-.:]|:\s*$|\(\)")


def catalog(lang: str):
    with open(build.po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def template():
    with open(build.TEMPLATE, "rb") as f:
        return read_po(f)


def ids(cat) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in cat if m.id}


@pytest.mark.parametrize("lang", build.LANGUAGES[1:])
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    assert build.problems(catalog(lang)) == []


@pytest.mark.parametrize("lang", build.LANGUAGES[1:])
def test_the_catalog_holds_no_message_that_nothing_uses(lang):
    """Every id of a language's catalog is used by the code or the pages (the template, which
    tools/words.py extracts from them), and none is kept as obsolete."""
    found = catalog(lang)
    assert ids(found) == ids(template())
    assert not found.obsolete, sorted(found.obsolete)[:10]


@pytest.mark.parametrize("lang", build.LANGUAGES[1:])
def test_each_translation_has_the_placeholders_of_its_english(lang):
    """A placeholder the German lacks or adds would be lost or raise when it is filled."""
    wrong = []
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(english[-1])) | set(PLACEHOLDER.findall(english[0]))
        for text in strings:
            if text and set(PLACEHOLDER.findall(text)) - wanted:
                wrong.append((english[0], text))
            if (
                text
                and not isinstance(message.id, tuple)
                and (set(PLACEHOLDER.findall(text)) != wanted)
            ):
                wrong.append((english[0], text))
    assert wrong == []


def is_sentence(text: str) -> bool:
    """True for a text a person would read as words (see CAPITALISED, WORDS, CODE_LIKE)."""
    text = PLACEHOLDER.sub("x", text).strip()
    if not text or text in ALLOWED or CODE_LIKE.search(text):
        return False
    return bool(CAPITALISED.search(text) or WORDS.search(text))


def _name(func) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def literal_sentences(source: str, programmers_only: bool = False) -> list:
    """[(line, text)] of the string literals in Python `source` that read as sentences and are
    not in the catalog: not a docstring, not the argument of a catalog call (_, N_, p_, n_), not
    an assertion, a programmer's error or a console line (`programmers_only`: a ValueError is a
    programmer's error too)."""
    programmer_errors = PROGRAMMER_ERRORS | ({"ValueError"} if programmers_only else set())
    tree = ast.parse(source)
    exempt = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            exempt.add(id(node.value))  # a docstring, or a string statement: never shown
        if isinstance(node, ast.Assert):
            exempt.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MARKERS or name in CONSOLE:
                exempt.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            if _name(node.exc.func) in programmer_errors:
                exempt.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in exempt and is_sentence(node.value):
                found.append((node.lineno, node.value))
    return found


def python_files():
    for folder, dirs, files in os.walk(os.path.join(ROOT, "lotus")):
        dirs[:] = [d for d in dirs if d not in ("__pycache__", "words")]
        for name in sorted(files):
            if name.endswith(".py") and name != "openings_book.py":
                yield os.path.join(folder, name)


def test_the_finder_sees_a_literal_sentence_and_not_a_worded_one():
    source = '''
"""A docstring is for programmers."""
STATUS = "White to move."
NAME = N_("Black")
CLASS = 'class="board race" data-x="1"'
def f(n):
    assert n, "never shown"
    raise TypeError("a bug in the caller")
    say(_("You win."), "no such field here")
    return "{colour} wins the race" + "A3-6"
'''
    assert [text for _line, text in literal_sentences(source)] == [
        "White to move.",
        "no such field here",
        "{colour} wins the race",
    ]


def test_no_code_shows_a_sentence_outside_the_catalog():
    found = []
    for path in python_files():
        with open(path, encoding="utf-8") as f:
            source = f.read()
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        code_only = rel.startswith(CODE_CALLERS_ONLY)
        found += [f"{rel}:{line}: {text!r}" for line, text in literal_sentences(source, code_only)]
    assert found == [], "\n".join(found[:40])


JS_STRING = re.compile(r"""(?<![\w\]\)])("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`)""")


def test_no_script_shows_a_sentence_outside_the_page():
    """The scripts show the page's words (which the page's language translates), never their
    own: a sentence in a script's string would stay English on the German page."""
    found = []
    folder = os.path.join(ROOT, "static", "js")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for number, line in enumerate(lines, 1):
            code = line.split("//")[0] if not line.strip().startswith("//") else ""
            for match in JS_STRING.finditer(code):
                text = match.group(1)[1:-1]
                if is_sentence(text):
                    found.append(f"static/js/{name}:{number}: {text!r}")
    assert found == [], "\n".join(found[:40])
