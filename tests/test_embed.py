"""The embeddable board's settings (the URL fragment) and its four modes (docs/embedding.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus import words
from lotus.engine import go, race
from lotus.game import games, positions, records
from lotus.page import diagrams, embed
from tests.support import micropython


def board(fragment: str) -> diagrams.Diagram:
    return diagrams.Diagram(embed.parse_fragment(fragment))


# -- reading a fragment -------------------------------------------------------------------------


def test_defaults_are_a_still_picture_of_the_start():
    s = embed.parse_fragment("#game=race")
    assert s["mode"] == "view"
    assert s["position"] == positions.to_position(race.Game())
    assert s["moves"] == [] and s["captions"] == [""]
    assert s["theme"] == "light" and s["size"] is None and s["opponent"] == "human"
    assert embed.parse_fragment("game=go")["position"] == positions.to_position(go.Game())


def test_a_position_names_its_game_and_players_come_from_it():
    text = "r3s_w_-_w321.b321.r321_w0.b0.r0"
    s = embed.parse_fragment("position=" + text)
    assert s["game"] == "race" and s["position"] == text
    assert embed.parse_fragment("game=race&players=3")["position"] == text


def test_percent_escapes_and_plus_signs_read_as_the_text_a_teacher_wrote():
    s = embed.parse_fragment("game=go&moves=1&captions=Start%20here|Caf%C3%A9+au+lait")
    assert s["captions"] == ["Start here", "Café au lait"]


@pytest.mark.parametrize(
    "fragment, param, words",
    [
        ("game=chess", "game", "one of race, go, not “chess”"),
        ("mdoe=step&game=race", "mdoe", "unknown parameter"),
        ("game=race&game=go", "game", "twice"),
        ("", "game", "missing"),
        ("position=r2s_x_-_w4321.b4321_w0.b0", "position", "turn"),
        ("game=go&position=r2s_w_-_w4321.b4321_w0.b0", "position", "a position of Lotus (1998)"),
        ("game=race&moves=Sw4-A4,A4-A9", "moves", "move 2"),
        ("game=race&mode=slideshow", "mode", "view, step, puzzle, play"),
        ("game=race&moves=Sw4-A4&at=2", "at", "from 0 to 1"),
        ("game=race&at=x", "at", "whole number"),
        ("game=race&captions=a|b|c", "captions", "3 captions for one position"),
        ("game=race&mode=puzzle", "answer", "needs the move"),
        ("game=race&mode=puzzle&answer=Sw1-A2", "answer", "not a legal move"),
        ("game=race&answer=Sw4-A4", "answer", "only a puzzle"),
        ("game=race&select=A3", "select", "cannot move"),
        ("game=go&select=1", "select", "only the race"),
        ("game=race&mode=play&opponent=genius", "opponent", "one of human"),
        ("game=race&opponent=hard", "opponent", "play mode"),
        ("game=race&size=90", "size", "from 160 to 1200"),
        ("game=race&theme=pink", "theme", "one of light, dark"),
        ("game=race&numbers=1", "numbers", "only the Go board"),
        ("game=go&players=3", "players", "only Lotus (1998)"),
        ("game=go&lang=fr", "lang", "one of en, de"),
        ("game=race&captions=%E2%28", "captions", "%-escape"),
        ("game=race&captions=%FF%FE", "captions", "UTF-8"),
    ],
)
def test_bad_settings_name_the_parameter_and_say_why(fragment, param, words):
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment(fragment)
    assert info.value.param == param
    assert words in str(info.value)


@settings(max_examples=300)
@given(st.text(max_size=80))
def test_any_fragment_is_read_or_refused_with_embed_error(text):
    try:
        embed.parse_fragment(text)
    except embed.EmbedError:
        pass


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.sampled_from(embed.MODES[:2]))
def test_settings_survive_the_trip_through_a_fragment(rng, mode):
    game = race.Game(players=rng.choice((2, 3, 4)), pro=rng.random() < 0.5)
    for _ in range(rng.randrange(0, 30)):
        if game.is_over:
            break
        game.play(rng.choice(sorted(game.legal_moves())))
    start = positions.to_position(game)
    moves = []
    for _ in range(rng.randrange(0, 6)):
        if game.is_over:
            break
        moves.append(rng.choice(sorted(game.legal_moves())))
        game.play(moves[-1])
    captions = [f"Step & <b>{i}</b> / café" for i in range(len(moves) + 1)]
    wanted = {"position": start, "moves": moves, "mode": mode, "captions": captions, "id": "x y"}
    read = embed.parse_fragment(embed.to_fragment(wanted))
    assert read["position"] == start and read["moves"] == moves and read["captions"] == captions
    assert embed.parse_fragment(embed.to_fragment(embed.compact(read))) == read


# -- the modes ----------------------------------------------------------------------------------


def test_view_shows_the_position_after_the_moves_and_ignores_clicks():
    d = board("game=race&moves=Sw4-A4,Sb4-A4&captions=Black covers White (R6)")
    assert d.session.game.moves == ["Sw4-A4", "Sb4-A4"]
    assert d.caption() == "Black covers White (R6)"
    assert 'data-field="A4"' in d.svg()
    assert not d.click("Sw3") and d.session.game.moves == ["Sw4-A4", "Sb4-A4"]
    assert d.status() == "White to move."


def test_view_at_an_earlier_move():
    d = board("game=race&moves=Sw4-A4,Sb4-A4&at=1")
    assert d.session.game.moves == ["Sw4-A4"]


def test_step_goes_back_and_forth_with_a_caption_per_step():
    d = board("game=race&mode=step&moves=Sw4-A4,Sb4-A4&captions=Start|White enters|Black on top")
    assert d.step == 0 and d.caption() == "Start" and not d.can("prev") and d.can("next")
    d.act("next")
    assert d.step == 1 and d.caption() == "White enters" and d.status() == "Move 1 of 2: Sw4-A4"
    d.act("last")
    assert d.step == 2 and d.caption() == "Black on top" and not d.can("next")
    assert d.session.game.moves == ["Sw4-A4", "Sb4-A4"]
    d.act("first")
    assert d.step == 0 and d.session.game.moves == []
    d.act("prev")
    assert d.step == 0


def test_a_selected_stone_shows_its_destinations():
    d = board("game=race&select=Sw4")
    assert d.session.selected == "Sw4" and d.session.targets


def test_puzzle_accepts_an_answer_and_refuses_a_wrong_try():
    # White's 4-stack enters at A4 or B4 (R3, R4); only A4 is accepted here.
    d = board("game=race&mode=puzzle&answer=Sw4-A4&explain=A4 leads on.&captions=Enter the 4")
    assert d.status() == "White to move: find the move."
    assert d.click("Sw4") is False  # the first click selects
    assert d.click("B4") is True
    assert not d.solved and d.tries == 1
    assert d.status() == (
        "Not “Sw4-B4”: the top stone of the 4-stack on the start moves 4 fields to B4."
        " Enter the 4. Try again."
    )
    assert d.session.game.moves == []  # the wrong move is taken back
    assert d.can("reset")
    d.click("Sw4")
    d.click("A4")
    assert d.solved and d.status() == "Right! A4 leads on."
    assert not d.accepts_clicks() and not d.click("Sw3")
    d.act("reset")
    assert not d.solved and d.session.game.moves == [] and d.tries == 0


def test_a_wrong_try_says_what_the_move_did_against_what_the_puzzle_asks():
    from tools import build_rules, rules_source

    found = {}
    for game in ("race", "go"):
        for diagram in rules_source.diagrams(rules_source.load(f"docs/rules/{game}.md", game)):
            found[diagram["id"]] = build_rules.settings_of(diagram)
    # The safe-capture puzzle: 57 captures too, but the new black group has no liberty (G7).
    d = diagrams.Diagram(found["puzzle-safe-capture"])
    d.click("57")
    assert d.status().startswith(
        "Not “57”: the group there is left without a liberty, so it turns White: you lose "
    )
    assert d.status().endswith("Which capture is safe? Try again.") and d.verdict() == "wrong"
    assert d.session.game.moves == [] and d.accepts_clicks()
    # A short question keeps the sentence before it.
    d = diagrams.Diagram(found["puzzle-double"])
    d.click("1")
    assert d.status() == (
        "Not “1”: it captures nothing. One stone can capture two black stones at once. Where?"
        " Try again."
    )
    # Race: the stone that lands and what it leaves behind (R4, R6).
    d = diagrams.Diagram(found["puzzle-cover"])
    d.click("7")
    d.click("9")
    assert d.status().startswith(
        "Not “7-9”: the top stone of the 2-stack on 7 moves 2 fields to 9, on top of a black"
        " stone, and leaves a black stone on top of 7."
    )
    # Someone else's stone (a blocked player's move, R9) is named as theirs.
    d = diagrams.Diagram(found["puzzle-blocked"])
    d.click("Sb3")
    d.click("A3")
    assert "Not “Sb3-A3”: Black's top stone of the 3-stack on the start moves 3" in d.status()
    # A capture is counted, with its points; a pass changes nothing.
    d = board("game=go&mode=puzzle&answer=pass&position=" + found["puzzle-capture"]["position"])
    d.click("3")
    assert d.status().startswith("Not “3”: it reverses 2 stones (on 1, 2).")
    d.act("pass")
    assert d.solved


def test_show_solution_plays_the_answer_and_explains_it():
    d = board("game=race&mode=puzzle&answer=Sw4-A4&explain=A4 leads on.&captions=Enter the 4")
    assert [a for a, _l, _t, _e in diagrams.controls(d)] == ["pass", "reset", "solution"]
    assert d.can("solution")
    d.click("Sw4")
    d.click("B4")  # a wrong try first
    d.act("solution")
    assert d.session.game.moves == ["Sw4-A4"]
    assert d.status() == "Solution: “Sw4-A4”. A4 leads on."
    assert d.verdict() == "solution" and d.solved and not d.accepts_clicks()
    assert not d.can("solution") and d.can("reset")
    d.act("reset")
    assert d.session.game.moves == [] and d.verdict() == "" and d.can("solution")
    html = diagrams.figure_html(d, "game=race", live=True)
    assert 'data-action="solution"' in html and ">Show solution</button>" in html


def test_a_go_puzzle_can_be_answered_by_a_pass():
    d = board("game=go&mode=puzzle&answer=pass")
    assert d.has_pass() and d.can("pass")
    d.act("pass")
    assert d.solved


def test_play_seats_the_reader_on_the_side_to_move_and_the_computer_elsewhere():
    d = board("game=race&players=3&mode=play&opponent=easy&moves=Sw3-A3")
    assert d.session.seats == {"w": "easy", "b": "human", "r": "easy"}
    assert d.session.computer_level() is None  # Black, the reader, moves first
    assert not d.can("undo")
    d.click("Sb3")
    d.click("A3")
    assert d.session.game.moves == ["Sw3-A3", "Sb3-A3"]
    assert d.session.computer_level() == "easy"
    assert d.can("undo")
    d.act("undo")
    assert d.session.game.moves == ["Sw3-A3"] and not d.can("undo")


def test_play_undo_takes_back_the_computers_reply_too():
    d = board("game=go&mode=play&opponent=hard")
    d.click("1")
    d.session.act("2")  # the computer's reply, as the page plays it
    d.act("undo")
    assert d.session.game.moves == [] and d.session.computer_level() is None


def test_a_finished_game_cannot_be_a_puzzle_or_played():
    moves = "pass,pass"
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment(f"game=go&moves={moves}&mode=play")
    assert info.value.param == "mode"


# -- markup and snippet -------------------------------------------------------------------------


def test_the_figure_carries_its_settings_and_escapes_captions():
    d = board("game=go&mode=step&moves=1&captions=%3Cscript%3E|two")
    html = diagrams.figure_html(d, "game=go&mode=step")
    assert 'data-diagram="game=go&amp;mode=step"' in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert html.count("<button") == 4 and html.count("disabled") == 4  # not live yet
    live = diagrams.figure_html(d, "x", live=True)
    assert live.count("disabled") == 2  # at step 0: back is disabled, forward is not
    assert "data-marker" in html  # the Go board has its pass track


def test_the_snippet_is_a_lazy_iframe_with_the_resize_listener():
    text = embed.snippet("https://example.org/lotus/embed.html", "game=go&mode=view", "go")
    assert text.startswith('<iframe src="https://example.org/lotus/embed.html#game=go&amp;mode=')
    assert 'loading="lazy"' in text and "data-lotus-embed" in text
    assert embed.MESSAGE_TYPE in text and "e.source" in text
    assert 'title="Lotus (Freeling) board"' in text


# -- the board's language -----------------------------------------------------------------------


def test_a_snippet_made_in_german_carries_lang_de_and_one_made_in_english_nothing(german):
    shown = games.get("race").new_session({})  # what the app's Embed dialog embeds from
    settings = embed.settings_for(shown, "position")
    assert settings["lang"] == "de"
    fragment = embed.to_fragment(settings)
    assert fragment.endswith("&lang=de")
    snippet = embed.snippet("https://example.org/embed.html", fragment, "race")
    assert "#game=race&amp;lang=de" in snippet and 'title="Spielbrett von Lotus (1998)"' in snippet
    words.use("en")
    english = embed.to_fragment(embed.settings_for(shown, "position"))
    assert english == "game=race" and "lang" not in english


def test_an_embed_reads_its_language_from_the_fragment_before_anything_else():
    assert embed.language_of("#game=go&lang=de") == "de"
    assert embed.language_of("lang=de&game=chess") == "de"  # its error is said in German
    assert embed.language_of("#game=go") == embed.language_of("#lang=fr&game=go") == ""
    assert embed.language_of(None) == ""
    settings = embed.parse_fragment("#game=go&lang=de&mode=view")
    assert settings["lang"] == "de"
    assert embed.to_fragment(embed.compact(settings)) == "game=go&lang=de"


def test_a_board_worded_in_german(german):
    d = board("game=race&mode=puzzle&answer=Sw4-A4&explain=A4 führt weiter.&lang=de")
    assert d.status() == "Weiß ist am Zug: Finde den richtigen Zug."
    d.click("Sw4")
    d.click("A4")
    assert d.status() == "Richtig! A4 führt weiter."
    step = board("game=race&mode=step&moves=Sw4-A4,Sb4-A4")
    assert step.status() == "Anfang: Weiß ist am Zug."
    step.act("next")
    assert step.status() == "Zug 1 von 2: Sw4-A4"
    html = diagrams.figure_html(step, "game=race&mode=step", live=True)
    assert 'aria-label="Brettsteuerung"' in html and ">Anfang</button>" in html
    assert "ZIEL" in html and "GOAL" not in html
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment("game=race&theme=pink")
    assert str(info.value) == "theme: erwartet wird einer der Werte light, dark, nicht „pink“"


# -- the same under MicroPython (the page's runtime) ----------------------------------------------

SCRIPT = """
import json
from lotus.page import diagrams, embed

def run(fragments):
    out = []
    for fragment, clicks in fragments:
        try:
            d = diagrams.Diagram(embed.parse_fragment(fragment))
        except embed.EmbedError as exc:
            out.append("error " + exc.param + " " + exc.reason)
            continue
        for click in clicks:
            if click in ("first", "prev", "next", "last", "undo", "pass", "reset"):
                d.act(click)
            else:
                d.click(click)
            out.append(d.status() + " | " + d.caption())
        out.append(diagrams.figure_html(d, fragment, live=True))
    return out
"""

CASES = [
    ("game=race&mode=step&moves=Sw4-A4,Sb4-A4&captions=A%20b|c|d", ["next", "next", "prev"]),
    ("game=race&mode=puzzle&answer=Sw4-A4&captions=Caf%C3%A9", ["Sw4", "B4", "Sw4", "A4"]),
    ("game=go&mode=puzzle&answer=2&numbers=1&theme=dark&size=300", ["1", "2", "reset"]),
    ("game=go&mode=play&opponent=easy&moves=1,2,pass", ["5", "undo"]),
    ("position=r3s_w_-_w321.b321.r321_w0.b0.r0&select=Sw3", []),
    ("game=race&moves=Sw4-A4,bad", []),
    ("game=race&captions=%E2%28", []),
]
_LINK_GAME = go.Game()
for _move in ("1", "2", "pass", "7"):
    _LINK_GAME.play(_move)
CASES.append((records.to_link_fragment(records.record_of(_LINK_GAME)) + "&mode=step", ["last"]))


@pytest.mark.micropython
def test_boards_read_and_draw_the_same_under_micropython():
    expected, got = micropython.run_both(SCRIPT, "embed_script", CASES)
    assert any(line.startswith("error moves") for line in expected)
    assert got == expected


def test_every_example_in_the_embedding_guide_is_a_valid_board():
    import html
    import os
    import re

    with open(os.path.join(os.path.dirname(__file__), "..", "docs", "embedding.md")) as f:
        text = f.read()
    sources = re.findall(r'<iframe src="([^"]+)"', text)
    assert len(sources) >= 5
    for src in sources:
        assert src.startswith("https://lotus.example.org/embed.html#")
        d = diagrams.Diagram(embed.parse_fragment(html.unescape(src.split("#", 1)[1])))
        assert d.svg()


def test_a_go_game_played_on_a_board_can_be_scored_and_ended():
    d = board("game=go&mode=play&moves=1,2")
    d.act("pass")
    d.act("pass")  # two passes in a row: scoring (G8, G9)
    assert d.session.phase() == "scoring" and d.can("confirm") and d.can("resume")
    d.act("confirm")
    assert d.session.phase() == "over" and not d.can("confirm")
    assert "wins" in d.status() or "Draw" in d.status()
    html = diagrams.figure_html(d, "game=go&mode=play", live=True)
    assert 'data-action="confirm"' in html
    race_html = diagrams.figure_html(board("game=race&mode=play"), "x", live=True)
    assert 'data-action="confirm"' not in race_html


def test_a_share_links_record_can_be_embedded_and_stopped_at_a_move():
    game = race.Game(players=3)
    for move in ("Sw3-A3", "Sb3-B3", "Sr1-A1", "A3-A4"):
        game.play(move)
    link = records.to_link_fragment(records.record_of(game))  # 'g=1...'
    s = embed.parse_fragment(link + "&mode=step&at=2")
    assert s["game"] == "race" and s["moves"] == game.moves and s["at"] == 2
    assert s["position"] == positions.to_position(race.Game(players=3))
    d = diagrams.Diagram(s)
    assert d.session.game.moves == game.moves[:2]
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment(link[:-3] + "AAA")
    assert info.value.param == "g" and "damaged" in str(info.value)
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment(link + "&moves=Sw2-A2")
    assert info.value.param == "moves"


@pytest.mark.parametrize(
    "fragment",
    [
        "#game=go&mode=" + "x" * 5000,
        "#" + "y" * 5000 + "=1",
        "#game=go&moves=" + "9" * 5000,
        "#game=race&players=" + "5" * 5000,
        "#game=go&theme=" + "z" * 5000,
    ],
    ids=["mode", "name", "move", "players", "theme"],
)
def test_a_long_value_is_repeated_only_in_part(fragment):
    with pytest.raises(embed.EmbedError) as info:
        embed.parse_fragment(fragment)
    message = str(info.value)
    assert "…" in message and len(message) < 300, message
