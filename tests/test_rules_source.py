"""The sources of the illustrated rules pages (docs/rules/race.md, go.md, and their German
translations docs/rules/de/race.md, go.md) and their parser.

Every diagram must load and play: its position reads, its moves are legal one after the other,
puzzle answers are legal (and some legal move is wrong), `select` has moves. Every rule (R1-R11,
G1-G10) is cited in a heading of its page. Many captions' claims are checked against the engines,
so a caption that says "White now has 8 stones in the goal" fails here when it is not so. A
translation shows the same diagrams with the same settings, in the same sections: only the words
(captions, explanations, prose) differ.
"""

import os
import re

import pytest

from lotus.engine import go, race
from lotus.game import positions
from tests.support.files import ROOT
from tools import rules_source
from tools.rules_source import SourceError, inline_html

GAMES = ("race", "go")
LANGUAGES = ("en", "de")
PAGES = {
    (game, lang): os.path.join(
        ROOT, "docs", "rules", *(() if lang == "en" else (lang,)), game + ".md"
    )
    for game in GAMES
    for lang in LANGUAGES
}
WORDS_ONLY = ("caption", "captions", "explain", "line")  # what a translation may change
RULES = {
    "race": {f"R{i}" for i in range(1, 12)},
    "go": {f"G{i}" for i in range(1, 11)},
}


def _blocks(game: str, lang: str = "en") -> list:
    return rules_source.load(PAGES[game, lang])


def _all_diagrams() -> list:
    out = []
    for game, lang in PAGES:
        for d in rules_source.diagrams(_blocks(game, lang)):
            out.append(pytest.param(game, d, id=f"{game}.{lang}:{d['id']}"))
    return out


DIAGRAMS = _all_diagrams()


def _diagram(game: str, ident: str) -> dict:
    for d in rules_source.diagrams(_blocks(game)):
        if d["id"] == ident:
            return d
    raise AssertionError(f"no diagram {ident!r} on the {game} page")


def _start(d: dict):
    """The game a diagram starts from: its position, or a new game with its options."""
    if "position" in d:
        return positions.from_position(d["position"])
    if d["game"] == "race":
        return race.Game(players=int(d.get("players", "2")), pro=d.get("pro", "0") == "1")
    return go.Game()


def _shown(d: dict) -> int:
    """How many of the moves are played in the position the diagram shows first."""
    if "at" in d:
        return int(d["at"])
    return 0 if d["mode"] == "step" else len(d["moves"])


def _after(d: dict, n: int):
    """The diagram's game after its first n moves."""
    g = _start(d)
    for move in d["moves"][:n]:
        g.play(move)
    return g


def _states(d: dict) -> list:
    """The game after 0, 1, ... len(moves) moves (independent copies)."""
    g = _start(d)
    out = [g.copy()]
    for move in d["moves"]:
        g.play(move)
        out.append(g.copy())
    return out


def _stones(g, colour: str) -> list:
    """Go: the points holding `colour`, as numbers."""
    return [i + 1 for i, c in enumerate(g.board()) if c == colour]


def _free(g, colour: str) -> bool:
    """Race: True when `colour` has a free stone (a start stack or the top of a stack)."""
    return bool(g.start()[colour]) or any(s[-1] == colour for s in g.board().values())


# -- the pages as a whole -------------------------------------------------------------------------


@pytest.mark.parametrize("game, lang", sorted(PAGES))
def test_page_parses_with_a_title_and_a_good_mix_of_diagrams(game, lang):
    blocks = _blocks(game, lang)
    assert blocks[0][0] == "heading" and blocks[0][1] == 1
    assert rules_source.title(blocks) == blocks[0][2] != ""
    ds = rules_source.diagrams(blocks)
    assert 12 <= len(ds) <= 22
    modes = [d["mode"] for d in ds]
    assert modes.count("puzzle") >= 3
    assert modes.count("play") == 1 and modes[-1] == "play"
    assert modes.count("step") + modes.count("view") > len(ds) / 2
    ids = [d["id"] for d in ds]
    assert len(ids) == len(set(ids))
    assert all(d["game"] == game for d in ds)


@pytest.mark.parametrize("game, lang", sorted(PAGES))
def test_every_rule_is_cited_in_a_heading_of_its_page(game, lang):
    cited = set()
    for block in _blocks(game, lang):
        if block[0] == "heading":
            for group in re.findall(r"\(([RG][0-9]+(?:, [RG][0-9]+)*)\)", block[2]):
                cited.update(group.split(", "))
    assert cited == RULES[game]


@pytest.mark.parametrize("game, lang", sorted(PAGES))
def test_every_section_has_prose_and_its_markup_renders(game, lang):
    blocks = _blocks(game, lang)
    assert sum(1 for b in blocks if b[0] == "paragraph") >= 15
    rendered = []
    for block in blocks:
        if block[0] == "heading":
            rendered.append(inline_html(block[2]))
        elif block[0] in ("paragraph", "list"):
            rendered.append(block[1])
    for html in rendered:
        words = re.sub(r"<code>.*?</code>", "", html)
        # No Markdown is left over as text: no bold stars, code ticks or link brackets.
        assert "**" not in words and "`" not in words and "](" not in words, html
    page = "".join(rendered)
    assert "<strong>" in page and "<ul>\n<li>" in page
    # Each ## section with a diagram explains it in words too.
    section_has_prose = True
    for block in blocks:
        if block[0] == "heading" and block[1] == 2:
            section_has_prose = False
        elif block[0] in ("paragraph", "list"):
            section_has_prose = True
        elif block[0] == "diagram":
            assert section_has_prose, block[1]["id"]


def _outline(blocks: list) -> list:
    """The page's shape: each heading's level and rule numbers, each diagram's settings."""
    out = []
    for block in blocks:
        if block[0] == "heading":
            out.append((block[1], re.findall(r"\b[RG][0-9]+\b", block[2])))
        elif block[0] == "diagram":
            out.append({k: v for k, v in block[1].items() if k not in WORDS_ONLY})
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_german_page_shows_the_same_diagrams_in_the_same_sections(game):
    """Same boards, moves, puzzles and answers under the same rule numbers; the words are German
    (every caption and explanation translated, none left out)."""
    english, german = _blocks(game, "en"), _blocks(game, "de")
    assert _outline(german) == _outline(english)
    for en, de in zip(rules_source.diagrams(english), rules_source.diagrams(german)):
        assert [bool(c) for c in de["captions"]] == [bool(c) for c in en["captions"]], de["id"]
        assert ("explain" in de) == ("explain" in en), de["id"]
        for en_text, de_text in zip(
            en["captions"] + [en.get("explain")], de["captions"] + [de.get("explain")]
        ):
            assert not en_text or de_text != en_text, (de["id"], de_text)
    assert rules_source.title(german) != rules_source.title(english)
    assert [b[1] for b in german if b[0] == "paragraph"] != [
        b[1] for b in english if b[0] == "paragraph"
    ]
    prose = " ".join(b[1] for b in german if b[0] in ("paragraph", "list"))
    for word in (" der ", " die ", " und ", " du "):  # German, in the informal voice
        assert word in prose


# -- every diagram ------------------------------------------------------------------------------


@pytest.mark.parametrize("game, d", DIAGRAMS)
def test_diagram_position_is_canonical_and_moves_are_legal(game, d):
    if "position" in d:
        assert positions.to_position(positions.from_position(d["position"])) == d["position"]
    g = _start(d)
    assert isinstance(g, race.Game if game == "race" else go.Game)
    for move in d["moves"]:
        assert not g.is_over, (d["id"], move)
        assert move in g.legal_moves(), (d["id"], move, g.legal_moves())
        g.play(move)
    assert 0 <= _shown(d) <= len(d["moves"])


@pytest.mark.parametrize("game, d", DIAGRAMS)
def test_diagram_captions(game, d):
    captions = d["captions"]
    assert len(captions) == len(d["moves"]) + 1
    assert captions[0], d["id"]
    if d["mode"] == "step":
        assert d["moves"], d["id"]
        assert all(captions), (d["id"], captions)
    for text in captions + [d.get("explain", "")]:
        assert len(text) <= 200, text
        assert not any(ch in text for ch in "|#&<>"), text


@pytest.mark.parametrize("game, d", DIAGRAMS)
def test_diagram_select_is_an_origin_with_moves(game, d):
    if "select" not in d:
        return
    g = _after(d, _shown(d))
    assert d["select"] in g.origins()
    targets = {move.split("-")[-1] for move in g.moves_from(d["select"])}
    assert targets
    # The caption names every field the selected stone may go to.
    named = set(re.findall(r"\b([AB][1-4]|1[0-4]|[5-9])\b", d["caption"]))
    assert targets <= named, (targets, d["caption"])


@pytest.mark.parametrize("game, d", [p for p in DIAGRAMS if p.values[1]["mode"] == "puzzle"])
def test_puzzle_answers_are_legal_and_some_legal_move_is_wrong(game, d):
    g = _after(d, _shown(d))
    assert not g.is_over
    legal = g.legal_moves()
    answers = d["answer"]
    assert answers and len(set(answers)) == len(answers)
    for move in answers:
        assert move in legal, (d["id"], move)
        g.play(move)
        g.undo()
    assert [m for m in legal if m not in answers], d["id"]
    assert d.get("explain")


@pytest.mark.parametrize("game, d", [p for p in DIAGRAMS if p.values[1]["mode"] == "play"])
def test_play_diagram_starts_a_game_in_play(game, d):
    assert d.get("opponent") in rules_source.OPPONENTS
    g = _after(d, _shown(d))
    assert not g.is_over and g.legal_moves()


# -- the race page's claims ---------------------------------------------------------------------


def test_race_set_up_and_turn_order():
    g = _start(_diagram("race", "r1-two-players"))
    assert g.start() == {"w": (4, 3, 2, 1), "b": (4, 3, 2, 1)} and g.to_move == "w"
    g = _start(_diagram("race", "r1-four-players"))
    assert g.start() == {c: (3, 2, 1) for c in "wbry"}
    turns = [s.to_move for s in _states(_diagram("race", "r2-turn-order"))]
    assert turns == ["w", "b", "r", "w"]


def test_race_covered_stone_cannot_move():
    s = _states(_diagram("race", "r3-covered"))
    assert s[1].board() == {"A4": "w"}
    assert s[2].board() == {"A4": "wb"} and s[2].to_move == "w"
    assert all(o.startswith("S") for o in s[2].origins())
    assert {o for o in s[0].origins()} == {"Sw4", "Sw3", "Sw2", "Sw1"}


def test_race_distance_is_stack_height():
    s = _states(_diagram("race", "r4-distance"))
    assert s[0].board()["6"] == "bbw" and s[0].moves_from("6") == ["6-9"]
    assert s[0].board()["11"] == "w" and s[0].moves_from("11") == ["11-12"]
    assert s[1].moves_from("A2") == ["A2-A3"]


def test_race_lanes():
    g = _after(_diagram("race", "r5-choose-lane"), 0)
    assert g.moves_from("Sw3") == ["Sw3-A3", "Sw3-B3"]
    s = _states(_diagram("race", "r5-lanes"))
    assert s[1].board() == {"B3": "w"} and s[2].board()["A1"] == "b"
    assert s[2].moves_from("B3") == ["B3-B4"]
    assert s[4].moves_from("B4") == ["B4-5"]
    assert s[5].board()["5"] == "w"


def test_race_stacking():
    s = _states(_diagram("race", "r6-stacking"))
    assert s[0].board()["7"] == "bwb"
    assert s[1].board()["7"] == "bwbw" and s[1].board()["5"] == "b"
    assert s[2].moves_from("7") == ["7-11"] and s[3].board()["11"] == "ww"


def test_race_goal_overshoot():
    s = _states(_diagram("race", "r7-goal"))
    assert s[0].board()["12"] == "bbbw"
    assert [x.goal()["w"] for x in s] == [7, 8, 8, 9]
    assert "12" in s[1].board() and "14" not in s[3].board()


def test_race_trampoline():
    g = _after(_diagram("race", "r8-choice"), 0)
    assert g.moves_from("A4") == ["A4-8", "A4-8-12"]
    s = _states(_diagram("race", "r8-bounce"))
    assert s[1].board()["12"] == "w" and "8" not in s[1].board()
    s = _states(_diagram("race", "r8-stay"))
    assert s[0].moves_from("6") == ["6-8", "6-8-10"]
    assert s[1].board()["8"] == "bw"


def test_race_blocked_player():
    s = _states(_diagram("race", "r9-blocked"))
    assert s[0].blocked and "pass" in s[0].legal_moves()
    assert not _free(s[0], "w")
    assert _free(s[1], "w") and s[1].board()["6"] == "ww"
    assert s[2].to_move == "w" and not s[2].blocked
    assert "pass" not in s[2].legal_moves()
    assert all(s[2].board()[m.split("-")[0]][-1] == "w" for m in s[2].legal_moves())
    assert s[3].board()["10"] == "wbw"
    # The same position under the Pro rule: White must pass.
    pro = _diagram("race", "r10-must-pass")
    assert pro["position"] == _diagram("race", "r9-blocked")["position"].replace("r2s", "r2p")
    assert _start(pro).legal_moves() == ["pass"]


def test_race_pro_double_first_turn():
    s = _states(_diagram("race", "r10-double-turn"))
    assert s[0].pro and [x.to_move for x in s] == ["w", "w", "b", "w"]
    assert "pass" in s[1].legal_moves()
    assert all(m.startswith("Sw") or m == "pass" for m in s[1].legal_moves())


def test_race_win():
    s = _states(_diagram("race", "r11-win"))
    assert s[0].goal()["w"] == 9 and s[0].board()["13"] == "bw"
    assert s[1].is_over and s[1].winner == "w" and s[1].goal()["w"] == 10


def _race_puzzle(ident: str):
    d = _diagram("race", ident)
    g = _after(d, _shown(d))
    return d, g


def _moves_where(g, test) -> set:
    """The legal moves after which test(game) holds."""
    out = set()
    for move in g.legal_moves():
        g.play(move)
        if test(g):
            out.add(move)
        g.undo()
    return out


def test_race_puzzles_have_exactly_the_right_answers():
    d, g = _race_puzzle("puzzle-goal")
    goal = g.goal()["w"]
    assert set(d["answer"]) == _moves_where(g, lambda x: x.goal()["w"] > goal)

    d, g = _race_puzzle("puzzle-bounce")
    reach = {m: race.ROUTE_INDEX[m.split("-")[-1]] for m in g.legal_moves() if m != "pass"}
    best = max(reach.values())
    assert set(d["answer"]) == {m for m, r in reach.items() if r == best}

    d, g = _race_puzzle("puzzle-cover")
    assert not g.start()["b"] and [f for f, s in g.board().items() if s[-1] == "b"] == ["9"]
    assert set(d["answer"]) == _moves_where(g, lambda x: not _free(x, "b"))

    d, g = _race_puzzle("puzzle-blocked")
    assert g.blocked and not g.pro
    assert set(d["answer"]) == _moves_where(g, lambda x: _free(x, "w"))


# -- the go page's claims -----------------------------------------------------------------------


def test_go_board_turns_and_pass_track():
    g = _start(_diagram("go", "g1-board"))
    assert g.board() == "." * 72 and g.to_move == "w" and g.marker == 0
    s = _states(_diagram("go", "g2-turns"))
    assert [_stones(x, "w") for x in s] == [[], [1], [1], [1, 37]]
    assert _stones(s[2], "b") == [30]
    s = _states(_diagram("go", "g3-pass-track"))
    assert [x.marker for x in s] == [0, 0, -1, -1, -2]
    assert s[3].to_move == "b" and s[4].phase == "play"


def test_go_liberties_and_capture():
    g = _start(_diagram("go", "g4-liberties"))
    assert g.group_of("1") == ["1", "2"] and g.liberties("1") == ["3", "6", "16", "24"]
    s = _states(_diagram("go", "g6-capture"))
    assert s[2].liberties("43") == ["44", "72"] and s[3].liberties("43") == ["72"]
    assert s[5].colour_at("43") == "w"
    assert s[5].group_of("43") == ["7", "43", "44", "72"]
    assert s[4].group_of("7") == ["7", "44"]


def test_go_lotus_lives_without_liberties():
    s = _states(_diagram("go", "g5-lotus"))
    assert s[0].liberties("1") == ["37"] and s[0].has_lotus("1")
    assert s[1].liberties("1") == [] and s[1].board()[:6] == "wwwwww"


def test_go_suicide_and_suicidal_capture():
    s = _states(_diagram("go", "g7-suicide"))
    assert s[1].colour_at("43") == "w"
    assert _stones(s[1], "w") == sorted(_stones(s[0], "w") + [43])
    assert _stones(s[1], "b") == _stones(s[0], "b")
    s = _states(_diagram("go", "g7-suicidal-capture"))
    assert s[0].liberties("72") == ["43"] and s[0].liberties("7") == ["43"]
    assert s[0].group_of("7") == ["7", "12", "44", "71"]
    assert _stones(s[1], "b") == []
    assert {7, 12, 43, 44, 71, 72} <= set(_stones(s[1], "w"))
    s = _states(_diagram("go", "g7-regular-capture"))
    assert {7, 12, 43, 44, 71} <= set(_stones(s[1], "w")) and s[1].liberties("43")


def test_go_end_dead_stones_and_count():
    s = _states(_diagram("go", "g8-end"))
    assert [x.marker for x in s] == [1, 2, 1]
    assert s[1].phase == "play" and s[2].phase == "scoring"
    dead = _start(_diagram("go", "g9-dead-stones"))
    assert positions.to_position(s[2]) == _diagram("go", "g9-dead-stones")["position"]
    assert dead.phase == "scoring" and dead.suggest_dead() == ["43"]
    assert dead.liberties("43") == ["7", "72"]
    assert dead.score() == {"w": 32, "b": 36}
    assert dead.score(dead=["43"]) == {"w": 36, "b": 35}
    counted = _start(_diagram("go", "g10-count"))
    board = dead.board()
    assert counted.board() == board[:42] + "w" + board[43:]
    assert counted.score() == {"w": 36, "b": 35} and counted.marker == 1
    assert len(_stones(counted, "w")) == 30 and len(_stones(counted, "b")) == 29
    area = counted.territory()
    assert (len(area["w"]), len(area["b"]), area["neutral"]) == (5, 6, ["5", "50"])


def test_go_puzzles_have_the_right_answers():
    d = _diagram("go", "puzzle-double")
    g = _start(d)
    assert d["answer"] == ["50"]
    g.play("50")
    assert g.colour_at("49") == g.colour_at("51") == "w" and "51" in g.group_of("49")

    d = _diagram("go", "puzzle-capture")
    g = _start(d)
    black = len(_stones(g, "b"))
    assert set(d["answer"]) == _moves_where(g, lambda x: len(_stones(x, "b")) < black)

    d = _diagram("go", "puzzle-lotus")
    g = _start(d)
    assert g.liberties("1") == ["6"] and d["answer"] == ["6"]
    g.play("6")
    assert g.has_lotus("1")
    g = _start(d)
    for move in g.legal_moves():
        if move != "6":
            g.play(move)
            g.play("6")  # Black takes the last liberty
            assert g.colour_at("1") == "b", move
            g.undo()
            g.undo()

    d = _diagram("go", "puzzle-safe-capture")
    g = _start(d)
    black = len(_stones(g, "b"))
    safe = _moves_where(g, lambda x: len(_stones(x, "b")) > black + 1)
    assert set(d["answer"]) == safe == {"7"}
    g.play("57")
    assert g.colour_at("57") == "w" and len(_stones(g, "b")) < black


# -- the parser ---------------------------------------------------------------------------------


GOOD = """# Title

Some *prose* with `code`.

- one
  continued
- two

## Section (R1)

```diagram
id: a-1
position: r2s_w_-_w4321.b4321_w0.b0
mode: step
moves: Sw4-A4 , Sb4-B4
caption: Start.
caption 2: After two.
```
"""


def _write(tmp_path, text: str, name: str = "race.md") -> str:
    path = str(tmp_path / name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def test_parser_blocks(tmp_path):
    blocks = rules_source.load(_write(tmp_path, GOOD))
    assert blocks[:4] == [
        ("heading", 1, "Title"),
        ("paragraph", "<p>Some <em>prose</em> with <code>code</code>.</p>\n"),
        ("list", "<ul>\n<li>one\ncontinued</li>\n<li>two</li>\n</ul>\n"),
        ("heading", 2, "Section (R1)"),
    ]
    (d,) = rules_source.diagrams(blocks)
    assert d["moves"] == ["Sw4-A4", "Sb4-B4"] and d["answer"] == []
    assert d["captions"] == ["Start.", "", "After two."]
    assert d["line"] == 11 and d["game"] == "race" and d["mode"] == "step"
    assert rules_source.title(blocks) == "Title"


def test_parser_game_defaults(tmp_path):
    text = "# T\n\n```diagram\nid: x\n```\n"
    d = rules_source.diagrams(rules_source.load(_write(tmp_path, text, "go.md")))[0]
    assert d["game"] == "go" and d["mode"] == "view" and d["captions"] == [""]
    d = rules_source.diagrams(rules_source.parse(text.replace("x\n", "x\nposition: g_w\n")))[0]
    assert d["game"] == "go"
    with pytest.raises(SourceError, match=r"no game"):
        rules_source.parse(text)


def test_a_translated_source_in_its_language_folder_reads_the_same_way(tmp_path):
    """docs/rules/<lang>/<game>.md: the game comes from the file's name, the words stay as written
    (any script, typographic quotes), the diagram keys are the same in every language."""
    folder = tmp_path / "xx"
    folder.mkdir()
    text = (
        "# Ŀotus: «règles» (G1)\n\n„Zitat“ — *naïve* `13`.\n\n"
        "## Ôrdre (G2)\n\n```diagram\nid: g2-x\nmoves: 1\ncaption: Ça commence.\n```\n"
    )
    blocks = rules_source.load(_write(folder, text, "go.md"))
    assert rules_source.title(blocks) == "Ŀotus: «règles» (G1)"
    assert blocks[1] == ("paragraph", "<p>„Zitat“ — <em>naïve</em> <code>13</code>.</p>\n")
    assert blocks[2] == ("heading", 2, "Ôrdre (G2)")
    (d,) = rules_source.diagrams(blocks)
    assert d["game"] == "go" and d["caption"] == "Ça commence." and d["line"] == 7


def test_the_diagram_plugin_works_in_any_markdown_it_parser():
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").use(rules_source.diagram_plugin)
    text = "Before.\n\n```diagram\nid: x\nplayers: 3\n```\n\nAfter.\n"
    tokens = md.parse(text, {"path": "page.md", "game": "race"})
    (token,) = [t for t in tokens if t.type == "diagram"]
    assert token.meta["diagram"]["players"] == "3" and token.meta["diagram"]["line"] == 3
    assert md.renderer.render(tokens, md.options, {}) == "<p>Before.</p>\n<p>After.</p>\n"
    with pytest.raises(SourceError, match=r"^page\.md:2: only ```diagram blocks"):
        md.parse("x\n```js\n1\n```\n", {"path": "page.md", "game": "race"})


BAD = [
    ("unknown key", "# T\n\n```diagram\nid: x\ncolour: red\n```\n", 5, "unknown key"),
    (
        "duplicate id",
        "# T\n\n```diagram\nid: x\n```\n\n```diagram\nid: x\n```\n",
        7,
        "duplicate id",
    ),
    (
        "caption index past the moves",
        "# T\n\n```diagram\nid: x\nmode: step\nmoves: A1-A2\ncaption 2: no\n```\n",
        7,
        "only 1 moves",
    ),
    (
        "caption index not a number",
        "# T\n\n```diagram\nid: x\nmode: step\nmoves: A1-A2\ncaption one: no\n```\n",
        7,
        "bad caption index",
    ),
    ("caption 0", "# T\n\n```diagram\nid: x\ncaption 0: no\n```\n", 5, "bad caption index"),
    ("missing id", "# T\n\ntext\n\n```diagram\nmode: view\n```\n", 5, "without an id"),
    ("no colon", "# T\n\n```diagram\nid: x\njust words\n```\n", 5, "expected 'key: value'"),
    ("empty value", "# T\n\n```diagram\nid: x\nmode:\n```\n", 5, "empty value"),
    ("bad id", "# T\n\n```diagram\nid: Big_One\n```\n", 4, "bad id"),
    ("unclosed", "# T\n\n```diagram\nid: x\n", 3, "not closed"),
    ("other fence", "# T\n\n```python\nx = 1\n```\n", 3, "only ```diagram"),
    ("no title", "## T\n\ntext\n", 1, "begin with its title"),
    ("deep heading", "# T\n\n#### deep\n", 3, "level 4"),
    ("html", "# T\n\n<b>x</b>\n", 3, "no HTML"),
    ("html block", "# T\n\n<div>\nx\n</div>\n", 3, "no HTML"),
    ("html on a paragraph's second line", "# T\n\nsome\nmore <i>x</i>\n", 4, "no HTML"),
    ("table", "# T\n\n| a | b |\n| - | - |\n| 1 | 2 |\n", 3, "no tables"),
    ("quote", "# T\n\ntext\n\n> said\n", 5, "no quotes"),
    ("ordered list", "# T\n\n1. one\n", 3, "'- ' items"),
    ("code block", "# T\n\n    code\n", 3, "no code blocks"),
    ("horizontal rule", "# T\n\ntext\n\n***\n", 5, "no horizontal rules"),
    ("image", "# T\n\nA ![board](b.png)\n", 3, "no images"),
    ("hard line break", "# T\n\nend\\\nnext\n", 3, "hard line break"),
    ("unsafe link", "# T\n\nSee\n[x](javascript:alert(1)).\n", 4, "only http(s)"),
    ("link to another host", "# T\n\n## See [x](//evil.example/)\n", 3, "only http(s)"),
    ("second title", "# T\n\ntext\n\n# U\n", 5, "one '# ' title"),
    ("empty heading", "# T\n\n##\n", 3, "a space and the text"),
    ("empty list item", "# T\n\n- one\n-\n- two\n", 4, "empty list item"),
    ("diagram in a list", "# T\n\n- a\n\n  ```diagram\n  id: x\n  ```\n", 5, "inside a list"),
    ("fence in a diagram", "# T\n\n```diagram\nid: x\n```diagram\nid: y\n```\n", 5, "fence inside"),
    ("forbidden char", "# T\n\n```diagram\nid: x\ncaption: a | b\n```\n", 5, "not allowed"),
    ("answer in view", "# T\n\n```diagram\nid: x\nanswer: A1-A2\n```\n", 5, "only for puzzles"),
    ("puzzle without answer", "# T\n\n```diagram\nid: x\nmode: puzzle\n```\n", 3, "answer"),
    ("bad mode", "# T\n\n```diagram\nid: x\nmode: film\n```\n", 5, "mode must be"),
    (
        "players with a position",
        "# T\n\n```diagram\nid: x\nposition: r2s_w_-_w4321.b4321_w0.b0\nplayers: 3\n```\n",
        6,
        "only without a position",
    ),
    ("at out of range", "# T\n\n```diagram\nid: x\nmoves: A1-A2\nat: 2\n```\n", 6, "at must be"),
    ("duplicate key", "# T\n\n```diagram\nid: x\nid: y\n```\n", 5, "duplicate key"),
    ("empty move", "# T\n\n```diagram\nid: x\nmoves: A1-A2,,A2-A3\n```\n", 5, "empty move"),
    (
        "game and position disagree",
        "# T\n\n```diagram\nid: x\ngame: go\nposition: r2s_w_-_w4321.b4321_w0.b0\n```\n",
        6,
        "race position in a go diagram",
    ),
    ("not play", "# T\n\n```diagram\nid: x\nopponent: easy\n```\n", 5, "only for play"),
    ("select in go", "# T\n\n```diagram\nid: x\ngame: go\nselect: 3\n```\n", 6, "only for race"),
]


@pytest.mark.parametrize("text, line, reason", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_parser_rejects_malformed_sources_naming_the_line(tmp_path, text, line, reason):
    path = _write(tmp_path, text)
    with pytest.raises(SourceError) as err:
        rules_source.load(path)
    message = str(err.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert reason in message, message


def test_inline_html():
    assert inline_html("a < b & c") == "a &lt; b &amp; c"
    assert inline_html("**bold** and *it*") == "<strong>bold</strong> and <em>it</em>"
    assert inline_html("`**x** <y>`") == "<code>**x** &lt;y&gt;</code>"
    assert inline_html("[the spec](spec/race.md)") == '<a href="spec/race.md">the spec</a>'
    assert inline_html("[web](https://example.org/?a=1&b=2)") == (
        '<a href="https://example.org/?a=1&amp;b=2">web</a>'
    )
    assert inline_html("[top](#r4)") == '<a href="#r4">top</a>'
    for unsafe in ("[x](javascript:alert(1))", "[x](//evil.example/)", "<mailto:a@b.c>"):
        with pytest.raises(SourceError, match="only http"):
            inline_html(unsafe)
    with pytest.raises(SourceError, match="no HTML"):
        inline_html("<b>x</b>")
    assert inline_html("\"q\" & 'a'") == "&quot;q&quot; &amp; 'a'"
    assert inline_html("2 * 3 * 4") == "2 * 3 * 4"
    assert inline_html("**[b](#x)**") == '<strong><a href="#x">b</a></strong>'
