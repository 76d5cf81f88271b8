"""The engines' refusals worded for people (lotus.game.refusals): every code an engine raises has
a sentence in English and in German, the values fill it, notation stays notation.

The engines raise a code and values (lotus.engine.Refusal), never a sentence; the codes are found
here by reading the engines' sources, so a new code without a wording fails.
"""

import glob
import os
import re

import pytest

from lotus import words
from lotus.engine import BadPosition, IllegalMove, Refusal, go, race
from lotus.game import refusals, text
from lotus.game.refusals import reason
from tests.support.files import ROOT
from tests.support.flip import engine as flip

# The engines that raise refusals: the two games, the search, and the test game Flip.
SOURCES = sorted(glob.glob(os.path.join(ROOT, "lotus", "engine", "**", "*.py"), recursive=True))
SOURCES.append(os.path.join(ROOT, "tests", "support", "flip", "engine.py"))
RAISED = re.compile(r"\b(?:IllegalMove|BadPosition|Refusal)\(\s*\"([^\"]*)\"")


def raised() -> list:
    """(code, the names of its values) of every refusal written in the engines' sources."""
    found = []
    for path in SOURCES:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for match in RAISED.finditer(text):
            depth, i = 1, match.end()
            while depth:  # to the call's closing parenthesis
                depth += {"(": 1, ")": -1}.get(text[i], 0)
                i += 1
            args = text[match.end() : i - 1]
            while re.search(r"\([^()]*\)|\[[^\[\]]*\]", args):  # nested calls and lists out
                args = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", "", args)
            found.append((match.group(1), set(re.findall(r"(\w+)=(?!=)", args))))
    return found


def raised_codes() -> set:
    """Every code written as the first argument of a refusal in the engines' sources."""
    return {code for code, _ in raised()}


# Values for each code as the engines give them (colours as codes, notation as text); a code
# whose wording depends on its values has one sample for each form.
SAMPLES = {
    "game-over": [{}],
    "illegal-move": [{"move": "A4-6"}],
    "not-a-move": [{"move": "x"}],
    "move-not-text": [{"kind": "int"}],
    "empty-move": [{}],
    "malformed-move": [{"move": "foo"}],
    "move-without-origin": [{"move": "-5"}],
    "field-missing": [{"move": "Sw4-A4-"}],
    "back-to-start": [{}],
    "no-such-field": [{"field": "Z9"}],
    "bounces-once": [{"move": "A4-8-12-G"}],
    "bounce-off-trampoline": [{"move": "5-6-7", "trampoline": "8"}],
    "start-stack-unnamed": [{}],
    "no-such-colour": [{"stack": "Sx4"}],
    "malformed-start-stack": [{"stack": "Sw0"}],
    "goal-out-of-play": [{}],
    "origin-required": [{}],
    "destination-required": [{"kind": "int"}],
    "game-won": [{"winner": "w"}],
    "pass-with-free-stone": [{"colour": "w"}],
    "must-pass-pro": [{"colour": "b"}],
    "colour-not-playing": [{"colour": "r", "players": 2}],
    "start-stack-not-yours": [{"stack": "Sb4", "owner": "b", "colour": "w"}],
    "start-empty": [{"colour": "y"}],
    "no-start-stack": [{"colour": "w", "height": 5, "left": "4, 3, 2, 1"}],
    "illegal-from": [{"origin": "A4"}],
    "double-turn-from-start": [{}],
    "field-empty": [{"field": "A3"}],
    "own-stone-covered": [{"field": "6", "top": "b", "colour": "w"}],
    "top-stone-not-yours": [{"field": "5", "top": "b", "colour": "w"}],
    "wrong-distance": [
        {
            "origin": "Sw4",
            "dest": "A3",
            "n": 4,
            "start": True,
            "ends": ("A4", "B4"),
            "bounce": "",
            "lane": "",
            "backward": False,
        },
        {
            "origin": "7",
            "dest": "10",
            "n": 1,
            "start": False,
            "ends": ("8",),
            "bounce": "9",
            "lane": "",
            "backward": False,
        },
        {
            "origin": "A2",
            "dest": "B3",
            "n": 1,
            "start": False,
            "ends": ("A3",),
            "bounce": "",
            "lane": "A",
            "backward": False,
        },
        {
            "origin": "7",
            "dest": "6",
            "n": 2,
            "start": False,
            "ends": ("9",),
            "bounce": "",
            "lane": "",
            "backward": True,
        },
    ],
    "bounce-through-trampoline": [{"move": "7-8-9", "stay": "7-8"}],
    "bounce-distance": [
        {"n": 1, "trampoline": "8", "to": "9", "dest": "11"},
        {"n": 3, "trampoline": "8", "to": "11", "dest": "12"},
    ],
    "bad-players": [{"players": 5}],
    "bad-pro": [{"pro": "yes"}],
    "bad-first": [{"first": "r", "colours": "w, b"}],
    "bad-to-move": [{"to_move": "y", "colours": "w, b"}],
    "stack-not-text": [{"field": "5"}],
    "bad-start-height": [{"height": -1}],
    "start-stacks-not-left": [{"colour": "w", "given": "4, 4", "full": "4, 3, 2, 1"}],
    "bad-goal-count": [{"colour": "b"}],
    "stone-count": [
        {"colour": "w", "n": 1, "per": 10},
        {"colour": "w", "n": 9, "per": 10},
    ],
    "two-winners": [{}],
    "double-turn-not-pro": [{}],
    "not-a-point": [{"point": "037"}],
    "no-such-point": [{"point": "73"}],
    "point-empty": [{"point": "2"}],
    "point-taken": [{"point": "37", "colour": "b"}],
    "dead-not-list": [{"dead": 37}],  # not shown: what was given is no list
    "lotus-lives": [{"point": "3"}],
    "dead-outside-scoring": [{}],
    "finish-outside-scoring": [{}],
    "resume-outside-scoring": [{}],
    "bad-marker": [{"marker": 8, "limit": 7}],
    "bad-passes": [{"passes": 3}],
    "board-length": [{"size": 72}],
    "board-character": [{"point": "1", "character": "x"}],
    "group-without-liberty": [{"point": "43"}],
}


def samples():
    for code in sorted(SAMPLES):
        for values in SAMPLES[code]:
            yield IllegalMove(code, **values)


def test_every_code_the_engines_raise_is_worded_and_every_wording_is_raised():
    raised = raised_codes()
    assert len(raised) >= 50  # the sources were read
    assert raised - set(refusals.WORDS) == set(), "codes without a wording"
    assert set(refusals.WORDS) - raised == set(), "wordings of codes no engine raises"
    assert set(SAMPLES) == set(refusals.WORDS)


def test_each_refusal_gives_the_values_its_wording_needs():
    """The samples below have the values the engines give, and every placeholder of a plain
    message is one of them (a wording that needs a value the engine does not give would fail
    when shown)."""
    for code, names in raised():
        for values in SAMPLES[code]:
            assert set(values) == names, (code, names)
        wording = refusals.WORDS[code]
        if type(wording) is str:
            assert set(re.findall(r"{(\w+)}", wording)) <= names, code


def is_sentence(text: str) -> bool:
    """Starts with a capital letter, a quote or a placeholder's value; ends with a full stop;
    every placeholder filled."""
    return (
        (text[:1].isupper() or text[:1] in "“„")
        and text.endswith(".")
        and "{" not in text
        and "}" not in text
    )


@pytest.mark.parametrize("err", list(samples()), ids=lambda e: e.code)
def test_every_refusal_is_a_sentence_in_english_and_in_german(err, german):
    words.use("en")
    english = reason(err)
    assert is_sentence(english), english
    assert english != reason(IllegalMove("no-code-like-this"))
    words.use("de")
    deutsch = reason(err)
    assert is_sentence(deutsch), deutsch
    assert deutsch != english, "not translated"
    for value in err.values.values():
        if type(value) is str and len(value) > 1 and value[0] in "SAB0123456789":
            assert value in english and value in deutsch  # notation stays notation


def real_refusals() -> list:
    """Refusals raised by the engines themselves, through their public calls."""
    setup = race.Game.from_setup
    calls = [
        lambda: race.Game().play("Sb4-B4"),
        lambda: race.Game().play("Sw4-6"),
        lambda: race.Game().play(""),
        lambda: race.Game().play(4),
        lambda: race.Game().play("A4-8-12-G"),
        lambda: race.Game().play("Sw5-A4"),
        lambda: race.Game().play("Sr3-A3"),
        lambda: race.Game().play("pass"),
        lambda: race.Game().moves_from(""),
        lambda: race.Game().move_for("Sw4", 6),
        lambda: race.Game(players=5),
        lambda: setup(2, False, "w", board={"5": "b"}, start={"w": (4, 3, 2), "b": (4, 3, 2)}),
        lambda: setup(2, False, "w", board={"5": "ww"}, start={"w": (4, 4), "b": (4, 3, 2, 1)}),
        lambda: setup(
            2, False, "w", board={"7": "w"}, start={"w": (4, 3, 2), "b": (4, 3, 2, 1)}
        ).play("7-6"),
        lambda: setup(
            2, False, "w", board={"7": "w", "8": "bbb"}, start={"w": (4, 3, 2), "b": (4, 3)}
        ).play("7-8-11"),
        lambda: setup(
            2, False, "w", board={"5": "wb"}, start={"w": (4, 3, 2), "b": (4, 3, 2)}
        ).play("5-7"),
        lambda: go.Game().play("73"),
        lambda: go.Game().play("x"),
        lambda: go.Game().finish(),
        lambda: go.Game(marker=9),
        lambda: go.Game.from_setup("x" * 72),
        lambda: go.Game().score(dead=["2"]),
        lambda: flip.Game().play("pass"),
    ]
    found = []
    for call in calls:
        with pytest.raises(Refusal) as err:
            call()
        found.append(err.value)
    return found


def test_the_engines_own_refusals_are_worded_in_both_languages(german):
    for err in real_refusals():
        assert isinstance(err, ValueError)  # `except ValueError` still catches them
        assert isinstance(err, (IllegalMove, BadPosition))
        for lang in ("en", "de"):
            words.use(lang)
            assert is_sentence(reason(err)), (lang, str(err), reason(err))


def test_str_of_a_refusal_is_its_code_and_values_for_a_programmer():
    err = IllegalMove("no-such-field", field="Z9")
    assert (err.code, err.values, str(err)) == (
        "no-such-field",
        {"field": "Z9"},
        "no-such-field field='Z9'",
    )
    assert isinstance(err, ValueError)


def test_colours_are_capitalised_names_and_notation_is_quoted():
    err = race.Game()
    with pytest.raises(race.IllegalMove) as info:
        err.play("Sb4-B4")
    assert reason(info.value) == "The start stack “Sb4” is Black's; White is to move."
    assert text.colour_name("r") == "Red" and text.colour_name("x") == "x"


def test_an_error_without_a_code_is_its_own_text():
    assert reason(ValueError("its own words")) == "its own words"


def test_a_few_refusals_read_as_a_german_speaker_writes_them(german):
    game = race.Game()
    with pytest.raises(race.IllegalMove) as info:
        game.play("Sb4-B4")
    assert reason(info.value) == "Der Startstapel „Sb4“ gehört Schwarz; Weiß ist am Zug."
    with pytest.raises(race.IllegalMove) as info:
        game.play("pass")
    assert reason(info.value) == "Weiß hat einen freien Stein und darf deshalb nicht passen."
    with pytest.raises(race.IllegalMove) as info:
        game.play("Sw4-6")
    assert reason(info.value) == (
        "Ein Stein vom Startstapel „Sw4“ zieht 4 Felder weit, nicht nach „6“: ein Feld je Stein"
        " im Stapel. Er zieht nach „A4“ oder „B4“."
    )
    g = go.Game()
    g.play("37")
    with pytest.raises(go.IllegalMove) as info:
        g.play("37")
    assert reason(info.value) == "Punkt „37“ ist schon von Weiß besetzt."
    assert reason(IllegalMove("stone-count", colour="b", n=1, per=10)) == (
        "Schwarz hat einen Stein; jede Farbe hat 10."
    )
    assert (
        reason(IllegalMove("game-won", winner="y")) == "Die Partie ist vorbei: Gelb hat gewonnen."
    )
