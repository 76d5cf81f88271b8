"""The words' catalog: the language chosen from a browser's tag, the runtime's lookups, the
gettext plural rules compiled to Python, and the pages' words found and translated in place."""

import json

import pytest

from lotus import words
from lotus.words import _, n_, p_
from tests.support import micropython
from tests.support.files import read
from tools import words as build


@pytest.mark.parametrize(
    "tag, lang",
    [("de", "de"), ("de-AT", "de"), ("de-CH", "de"), ("DE_de", "de"), ("en-GB", "en")]
    + [("fr-FR", "en"), ("", "en"), (None, "en"), ("deu", "en")],
)
def test_german_for_every_german_tag_english_otherwise(tag, lang):
    assert words.choose(tag) == lang


def test_english_is_the_message_ids_with_their_placeholders_filled():
    assert words.use("en") == "en" == words.language()
    assert _("{colour} to move.", colour="White") == "White to move."
    assert p_("button", "Pass") == "Pass"
    assert n_("one stone", "{n} stones", 1) == "one stone"
    assert n_("one stone", "{n} stones", 3) == "3 stones"
    assert n_("{n} stone of {who}", "{n} stones of {who}", 0, who="Red") == "0 stones of Red"


def test_an_unknown_language_is_english():
    assert words.use("xx") == "en"


# Forms of gettext's rules for English, German and (three forms) Polish and Czech.
PLURAL_RULES = [
    ("(n != 1)", {0: 1, 1: 0, 2: 1, 11: 1}),
    (
        "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 22: 1, 25: 2, 112: 2},
    ),
    ("(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", {0: 2, 1: 0, 3: 1, 5: 2}),
    ("(n == 0 ? 0 : !(n % 10) ? 1 : 2)", {0: 0, 10: 1, 11: 2}),
]


@pytest.mark.parametrize("rule, forms", PLURAL_RULES)
def test_a_gettext_plural_rule_becomes_python_that_picks_the_same_forms(rule, forms):
    python = build.c_plural(rule)
    assert {n: int(eval(python, {"n": n})) for n in forms} == forms


PAGE = """<!doctype html>
<html lang="en"><head><title>Lotus — a game</title>
<meta name="description" content="Two games &amp; more">
<style>p { content: "Not this"; }</style></head>
<body>
  <button title="Take back the last move (U)" aria-label="Undo it">
    Undo
  </button>
  <p>Three &lt; four<br>and <strong>bold</strong> words</p>
  <div><span translate="no">Lotus <b>Tellier</b></span></div>
  <div><code>Sw4-A4</code></div><svg><text>START</text></svg>
  <script>say("Not this either")</script>
<!-- prerender:start --><p>Drawn by Python</p><!-- prerender:end -->
  <p>12 – 3</p><input placeholder="optional">
</body></html>"""


def test_the_words_of_a_page_are_its_text_and_the_attributes_people_read():
    found = [text for _s, _e, text, _a in build.pieces(PAGE)]
    assert found == [
        "Lotus — a game",
        "Two games &amp; more",
        "Take back the last move (U)",
        "Undo it",
        "Undo",
        "Three &lt; four<br>and <strong>bold</strong> words",
        "optional",
    ]


def test_a_page_is_translated_in_place_and_keeps_everything_else():
    german = {
        "Undo": "Rückgängig",
        "Take back the last move (U)": "Den letzten Zug zurücknehmen (U)",
        "Three &lt; four<br>and <strong>bold</strong> words": "Drei &lt; vier<br>und <b>fette</b>",
        "Two games &amp; more": 'Zwei Spiele &amp; "mehr"',
    }
    page = build.translate_page(PAGE, "de", german)
    assert '<html lang="de">' in page
    assert '<button title="Den letzten Zug zurücknehmen (U)" aria-label="Undo it">\n' in page
    assert "\n    Rückgängig\n  </button>" in page  # the white space around the text is kept
    assert "<p>Drei &lt; vier<br>und <b>fette</b></p>" in page
    assert 'content="Zwei Spiele &amp; &quot;mehr&quot;"' in page
    assert build.translate_page(PAGE, "de", {}) == PAGE.replace('lang="en"', 'lang="de"')


def test_the_words_of_the_rules_pages_template_are_extracted_from_the_build_tool():
    """tools/build_rules.py words the rules pages' header and footer with `_()`: its messages are
    in the catalog, where a text it shares with the app is one message with one translation."""
    where = {m.id: {path for path, _line in m.locations} for m in build.extract() if m.id}
    assert "tools/build_rules.py" in build.TOOLS
    for message in ("Rules of {game}", "Play {game}", "Contents"):
        assert where[message] == {"tools/build_rules.py"}, message
    assert where["reload"] == {"index.html", "tools/build_rules.py"}


def test_the_template_catalogs_and_compiled_words_are_up_to_date():
    assert build.main(["--check"]) == 0, "run: python tools/words.py"


def test_micropython_words_as_cpython():
    script = (
        "from lotus import words\n"
        "from lotus.words import _, n_, p_\n"
        "print(words.use('de-AT'), words.use('en'), words.choose('fr'))\n"
        "print(_('{colour} to move.', colour='White'), p_('button', 'Pass'))\n"
        "print(n_('one stone', '{n} stones', 1), n_('one stone', '{n} stones', 5))\n"
    )
    assert micropython.run(script).split("\n")[:3] == [
        "de en en",
        "White to move. Pass",
        "one stone 5 stones",
    ]


def test_what_a_template_holds_and_the_manifests_name_are_words_of_the_site():
    """Markup a page shows later (a <template>) is read like the page; the web manifest's name and
    description are in the catalog (tools/predraw.py writes each language's manifest)."""
    page = '<div><template><iframe title="Preview of the board"></iframe></template></div>'
    assert [text for _s, _e, text, _a in build.pieces(page)] == ["Preview of the board"]
    where = {m.id: {path for path, _line in m.locations} for m in build.extract() if m.id}
    manifest = json.loads(read(build.MANIFEST))
    assert where[manifest["name"]] == where[manifest["description"]] == {build.MANIFEST}


def test_each_language_is_one_line_and_its_catalog():
    """lotus/words/__init__.py's SPOKEN names each language once with its name in itself, and
    the catalogs in locale/ are exactly its languages but English (make builds from those)."""
    import os

    assert (
        words.LANGUAGES == tuple(code for code, _name in words.SPOKEN)
        and "en" == words.LANGUAGES[0]
    )
    assert len(set(words.LANGUAGES)) == len(words.LANGUAGES)
    assert words.NAMES == {"en": "English", "de": "Deutsch"}
    found = sorted(n[:-3] for n in os.listdir(build.LOCALE) if n.endswith(".po"))
    assert found == sorted(words.LANGUAGES[1:])


def test_the_configs_list_each_languages_module_between_their_marks():
    config = (
        '[files]\n"./a.mpy" = "./a.mpy"\n# words:start (made)\n"./old.mpy" = "./old.mpy"\n'
        "# words:end\n"
    )
    assert build.with_languages(config) == (
        '[files]\n"./a.mpy" = "./a.mpy"\n# words:start (made)\n'
        + "".join(
            f'"./build/mpy/lotus/words/{lang}.mpy" = "./lotus/words/{lang}.mpy"\n'
            for lang in words.LANGUAGES[1:]
        )
        + "# words:end\n"
    )
    with pytest.raises(ValueError, match="words:start"):
        build.with_languages('[files]\n"./a.mpy" = "./a.mpy"\n', "pyscript.toml")
