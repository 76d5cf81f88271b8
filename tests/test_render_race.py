"""The race board picture (lotus.render.race): what the page, its tests and a player rely on.

The hooks are the page contract's (docs/page-contract.md, "Race board"); the stones and
counts must say what the engine says (docs/spec/race.md); the markup must be the same bytes
under MicroPython, the page's interpreter.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from lotus import words
from lotus.engine import race
from lotus.render import race as render
from lotus.render import svg
from tests.support import micropython
from tests.support.games import random_race

NS = "{http://www.w3.org/2000/svg}"
ALL_FIELDS = list(race.FIELDS) + ["G"]


def parse(markup: str) -> ET.Element:
    """The SVG as a tree: it must be well-formed XML."""
    return ET.fromstring(markup)


def fields(root: ET.Element) -> dict:
    """data-field -> its <g>, checking that no field is drawn twice."""
    found = [g for g in root.iter(NS + "g") if g.get("data-field") is not None]
    names = [g.get("data-field") for g in found]
    assert len(names) == len(set(names)), names
    return {g.get("data-field"): g for g in found}


def start_stacks(root: ET.Element) -> list:
    """The start stacks' <g>s in document order."""
    return [g for g in root.iter(NS + "g") if g.get("data-start") is not None]


def classes(el: ET.Element) -> list:
    return (el.get("class") or "").split()


def colours_in(el: ET.Element) -> str:
    """The data-colour values inside `el`, in document order (= stack order, bottom first)."""
    return "".join(x.get("data-colour") for x in el.iter() if x.get("data-colour") is not None)


def texts(el: ET.Element, cls: str) -> list:
    return [t.text for t in el.iter(NS + "text") if cls in classes(t)]


def position(**kw) -> race.Game:
    return race.Game.from_setup(**kw)


# --- the page contract's hooks ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_field_and_start_stack_is_a_hook_and_a_button(players):
    game = race.Game(players=players)
    root = parse(render.board(game))
    fs = fields(root)
    assert sorted(fs) == sorted(ALL_FIELDS)
    stacks = start_stacks(root)
    expected = [c + str(h) for c in game.colours for h in game.start()[c]]
    assert [g.get("data-start") for g in stacks] == expected  # R1: 4,3,2,1 or 3,2,1 each
    for g in list(fs.values()) + stacks:
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        assert g.get("aria-label")
        assert g.get("aria-pressed") is None


def test_the_renderer_draws_the_engines_board():
    """One board table: the picture's lanes, track and trampoline are the engine's."""
    assert render.FIELDS == race.FIELDS
    assert render.TRAMPOLINE == race.TRAMPOLINE
    assert render.GOAL == race.GOAL
    for f in render.LANE_A:
        assert race.ROUTE_INDEX[f] == int(f[1])


def check_matches_engine(game: race.Game) -> None:
    root = parse(render.board(game))
    board, start, goal = game.board(), game.start(), game.goal()
    for name, g in fields(root).items():
        if name == "G":
            continue
        stack = board.get(name, "")
        assert colours_in(g) == stack, name  # bottom -> top, as the engine lists them
        heights = texts(g, "count")
        assert heights == ([str(len(stack))] if len(stack) >= 2 else []), name
    stacks = start_stacks(root)
    assert [g.get("data-start") for g in stacks] == [
        c + str(h) for c in game.colours for h in start[c]
    ]
    for g in stacks:
        c, h = g.get("data-start")[0], int(g.get("data-start")[1:])
        assert colours_in(g) == c * h
        assert texts(g, "height") == ([str(h)] if h >= 2 else [])
    g = fields(root)["G"]
    assert sorted(colours_in(g)) == sorted("".join(c * goal[c] for c in game.colours))
    assert [t for t in texts(g, "count")] == [str(goal[c]) for c in game.colours]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_stones_match_the_engine_in_random_games(players, seed):
    game = random_race(seed, 15 + 12 * seed, players, first=race.COLOURS[seed % players])
    check_matches_engine(game)


def test_a_tall_mixed_stack_shows_every_stone_in_order():
    """R6: stacks have no height limit; each stone keeps its colour and place in the picture."""
    tall = "wbwbwwbbwbbwwbbwwbwb"  # all 20 stones of a two-player game on one field
    game = position(players=2, to_move="w", board={"11": tall})
    g = fields(parse(render.board(game)))["11"]
    stones = [x for x in g.iter(NS + "g") if x.get("data-colour") is not None]
    assert "".join(s.get("data-colour") for s in stones) == tall
    assert classes(stones[-1]) == ["stone", "b", "top"]
    assert all(classes(s)[:2] == ["stone", s.get("data-colour")] for s in stones)
    assert texts(g, "count") == ["20"]
    # each stone is drawn higher than the one below it, so each one's rim shows
    tops = [float(s.find(NS + "ellipse").get("cy")) for s in stones]
    assert all(a > b for a, b in zip(tops, tops[1:]))


def test_stone_colours_are_distinct_and_white_is_outlined():
    faces = [render.DEFAULT_COLORS["stone " + c] for c in "wbry"]
    assert len(set(faces)) == 4
    assert render.DEFAULT_COLORS["stone w edge"] != render.DEFAULT_COLORS["stone w"]
    game = position(
        players=4,
        to_move="w",
        board={"5": "wbry"},
        start={"w": (3, 2), "b": (3, 2), "r": (3, 2), "y": (3, 2)},
    )
    g = fields(parse(render.board(game)))["5"]
    for stone in g.iter(NS + "g"):
        c = stone.get("data-colour")
        if c:
            face = stone.find(NS + "ellipse")
            assert face.get("fill") == render.DEFAULT_COLORS["stone " + c]
            assert face.get("stroke") == render.DEFAULT_COLORS["stone " + c + " edge"]


# --- accessible names ---------------------------------------------------------------------------


def test_aria_labels_say_what_is_on_each_place():
    game = position(
        players=2,
        to_move="b",
        board={"6": "wbb", "A2": "w", "8": "b"},
        start={"w": (4, 3, 1), "b": (4, 3)},
        goal={"b": 0},
    )
    root = parse(render.board(game))
    fs = fields(root)
    assert (
        fs["6"].get("aria-label")
        == "Field 6: 3 stones, bottom to top White, Black, Black; Black on top"
    )
    assert fs["A2"].get("aria-label") == "Field A2: one stone, White"
    assert fs["9"].get("aria-label") == "Field 9: empty"
    assert fs["8"].get("aria-label") == "Field 8, trampoline: one stone, Black"
    assert fs["G"].get("aria-label") == "Goal: White 0, Black 0"
    labels = [g.get("aria-label") for g in start_stacks(root)]
    assert labels[0] == "White start stack of 4 stones"
    assert labels[2] == "White start stack of one stone"
    assert labels[-1] == "Black start stack of 3 stones"


def test_goal_counts_every_colour_in_turn_order():
    game = position(
        players=3,
        to_move="r",
        board={"14": "wrb"},
        start={"w": (3,), "b": (3, 2), "r": (3, 1)},
        goal={"w": 2, "r": 1},
    )
    g = fields(parse(render.board(game)))["G"]
    assert g.get("aria-label") == "Goal: White 2, Black 0, Red 1"
    assert colours_in(g) == "wwr"
    assert texts(g, "count") == ["2", "0", "1"]


# --- selection, destinations, bounce, last move -------------------------------------------------


def test_selected_field_and_its_destinations():
    game = position(
        players=2, to_move="w", board={"A3": "bw", "5": "b"}, start={"w": (4, 3, 2), "b": (4, 3, 1)}
    )
    root = parse(render.board(game, selected="A3", targets=("5",)))
    fs = fields(root)
    assert "selected" in classes(fs["A3"]) and fs["A3"].get("aria-pressed") == "true"
    assert fs["A3"].get("aria-label").endswith(" (selected)")
    assert "target" in classes(fs["5"]) and "bounce" not in classes(fs["5"])
    assert fs["5"].get("aria-label") == "Field 5: one stone, Black (a destination)"
    marked = [n for n, g in fs.items() if {"selected", "target", "bounce"} & set(classes(g))]
    assert sorted(marked) == ["5", "A3"]
    assert [g for g in fs.values() if g.get("aria-pressed")] == [fs["A3"]]


def test_a_bounce_destination_is_drawn_apart_from_the_stay_on_8():
    """R8: landing on 8 the mover may stay or bounce; both ends must be tellable apart."""
    game = position(
        players=2, to_move="w", board={"A4": "bwww"}, start={"w": (4, 2, 1), "b": (4, 3, 2)}
    )
    root = parse(render.board(game, selected="A4", targets=("8",), bounce_targets=("12",)))
    fs = fields(root)
    stay, bounce = fs["8"], fs["12"]
    assert "target" in classes(stay) and "bounce" not in classes(stay)
    assert "bounce" in classes(bounce) and "target" not in classes(bounce)
    assert stay.get("aria-label").endswith("(a destination)")
    assert bounce.get("aria-label") == "Field 12: empty (a destination by a bounce)"

    def ring(g, cls):
        return [c for c in g.iter(NS + "circle") if cls in classes(c)]

    (t,) = ring(stay, "target-ring")
    (b,) = ring(bounce, "bounce-ring")
    assert t.get("stroke") != b.get("stroke")
    assert b.get("stroke-dasharray") and not t.get("stroke-dasharray")
    assert [p for p in bounce.iter(NS + "path") if "jump" in classes(p)]


def test_the_goal_can_be_a_destination():
    game = position(
        players=2, to_move="w", board={"12": "bbw"}, start={"w": (4, 3, 2), "b": (4, 3, 1)}
    )
    g = fields(parse(render.board(game, selected="12", targets=("G",))))["G"]
    assert "target" in classes(g) and g.get("aria-label").endswith("(a destination)")


def test_selecting_a_start_stack():
    game = race.Game(players=2)
    game.play("Sw4-A4")  # white's start is now 3, 3, 2, 1: two equal stacks
    for sel in ("Sw3", "w3"):
        stacks = start_stacks(parse(render.board(game, selected=sel, targets=("A3", "B3"))))
        pressed = [g for g in stacks if "selected" in classes(g)]
        assert len(pressed) == 1 and pressed[0] is stacks[0]
        assert pressed[0].get("data-start") == "w3" and pressed[0].get("aria-pressed") == "true"
        assert pressed[0].get("aria-label") == "White start stack of 3 stones (selected)"
    root = parse(render.board(game, selected="Sb4"))
    assert [g.get("data-start") for g in start_stacks(root) if g.get("aria-pressed")] == ["b4"]


@pytest.mark.parametrize(
    "move, marked",
    [
        ("A4-8-12", ["12", "8", "A4"]),
        ("Sw4-A4", ["A4"]),
        ("12-G", ["12", "G"]),
        ("pass", []),
        (None, []),
    ],
)
def test_last_move_marks_its_fields(move, marked):
    game = race.Game(players=2)
    fs = fields(parse(render.board(game, last_move=move)))
    assert sorted(n for n, g in fs.items() if "last" in classes(g)) == marked
    for n in marked:
        assert fs[n].get("aria-label").endswith("(part of the last move)")


# --- options ------------------------------------------------------------------------------------


def test_options_size_title_labels_colors_style():
    game = race.Game(players=2)
    plain = render.board(game)
    root = parse(plain)
    assert root.get("viewBox") and root.get("width") is None
    assert root.get("aria-label") == "Lotus (1998) board"
    sized = parse(render.board(game, size=360))
    assert sized.get("width") == "360" and float(sized.get("height")) > 360
    titled = parse(render.board(game, title='White <to> "move" & win'))
    assert titled.find(NS + "title").text == 'White <to> "move" & win'
    assert titled.get("aria-label") == 'White <to> "move" & win'
    unlabelled = parse(render.board(game, labels=False))
    assert texts(unlabelled, "label") == [] and texts(root, "label")
    assert "START" in texts(root, "label") and "GOAL" in texts(root, "label")
    recoloured = render.board(game, colors={"water": "#123456"})
    assert 'fill="#123456"' in recoloured and "#123456" not in plain
    assert render.board(game) == plain  # the override does not stick to later boards
    assert "arrows" in plain and 'class="arrows"' not in render.board(game, arrows=False)
    styled = parse(render.board(game, style=".stone{opacity:.5}"))
    assert styled.find(NS + "style").text == ".stone{opacity:.5}"


def test_rendering_is_pure_and_repeatable():
    game = random_race(2, 30, 3, first=race.COLOURS[2])
    before = (game.board(), game.start(), game.goal(), list(game.moves))
    assert render.board(game, selected="5") == render.board(game, selected="5")
    assert (game.board(), game.start(), game.goal(), list(game.moves)) == before


def test_fields_are_big_enough_to_tap_and_lie_on_the_board():
    """A field is >= 44 CSS px across when the board is 360 px wide; none overlaps another."""
    px = 360 / render.WIDTH
    assert 2 * render.PAD * px >= 44
    pos = render._POS
    names = sorted(pos)
    radius = {n: render.PAD for n in names}
    radius["8"], radius["G"] = render.TRAMPOLINE_R, render.GOAL_R
    for i, a in enumerate(names):
        x, y = pos[a]
        # inside the hexagon's water (apothem 193): test the three axes of a pointy-top hexagon
        for nx, ny in ((1, 0), (0.5, 0.866025), (0.5, -0.866025)):
            assert abs(x * nx + y * ny) + radius[a] <= render.HEX_APOTHEM - 7, a
        for b in names[i + 1 :]:
            d = ((x - pos[b][0]) ** 2 + (y - pos[b][1]) ** 2) ** 0.5
            assert d >= radius[a] + radius[b] + 2, (a, b)
    sx, sy, sr = render.PLAZA
    for n in names:
        d = ((pos[n][0] - sx) ** 2 + (pos[n][1] - sy) ** 2) ** 0.5
        assert d >= sr + radius[n] + 2, n


# --- the shared helpers -------------------------------------------------------------------------


def test_numbers_and_escaping():
    assert [svg.num(v) for v in (3.14159, 2.5, 2.50, -0.004, 7, 0.125, -1.5, 1e-12)] == [
        "3.14", "2.5", "2.5", "0", "7", "0.13", "-1.5", "0",
    ]  # fmt: skip
    assert (
        svg.num(12.3456, 1) == "12.3" and svg.num(-0.05, 1) == "0" and svg.num(0.1 + 0.2) == "0.3"
    )
    assert svg.esc('<a href="x">&\'') == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
    assert (
        svg.element("circle", [("class", "a b"), ("r", 2.0), ("fill", None)])
        == '<circle class="a b" r="2"/>'
    )
    assert svg.element("g", [], ["<a/>", "<b/>"]) == "<g><a/><b/></g>"
    assert svg.path("M", 0, -1.5, "L", 2, 3) == "M0 -1.5L2 3"
    assert svg.points([(0, 0), (1.25, -2)]) == "0,0 1.25,-2"


# --- the page's interpreter ---------------------------------------------------------------------


class _Snapshot:
    """A position as plain data (what the MicroPython script rebuilds)."""

    def __init__(self, colours, board, start, goal):
        self.colours, self._b, self._s, self._g = colours, board, start, goal

    def board(self):
        return self._b

    def start(self):
        return self._s

    def goal(self):
        return self._g


def _cases() -> list:
    """(position, options) pairs covering every kind of mark, 2-4 players, tall stacks."""
    out = []
    for players, seed, length in ((2, 1, 25), (3, 2, 40), (4, 3, 60), (2, 4, 90)):
        g = random_race(seed, length, players, first=race.COLOURS[seed % players])
        snap = (tuple(g.colours), g.board(), g.start(), g.goal())
        last = g.moves[-1] if g.moves else None
        out.append((snap, {"last_move": last}))
    tall = (("w", "b"), {"6": "wbwbwwbbwbbwwbbwwbwb"}, {"w": (), "b": ()}, {"w": 0, "b": 0})
    out.append(
        (tall, {"selected": "6", "targets": ("G",), "size": 360, "title": '<Tall & "deep">'})
    )
    four = (
        ("w", "b", "r", "y"),
        {"A4": "rryw", "9": "b"},
        {"w": (3, 2), "b": (3, 1), "r": (3,), "y": (2, 1)},
        {"w": 0, "b": 1, "r": 0, "y": 0},
    )
    out.append(
        (
            four,
            {"selected": "A4", "targets": ("8",), "bounce_targets": ("12",), "last_move": "Sy3-A3"},
        )
    )
    out.append(
        (
            four,
            {
                "selected": "Sr3",
                "targets": ("A3", "B3"),
                "labels": False,
                "arrows": False,
                "colors": {"water": "#001122"},
            },
        )
    )
    return out


@pytest.mark.micropython
def test_same_svg_under_micropython():
    cases = _cases()
    script = [
        "from lotus.render import race",
        "class S:",
        "    def __init__(self, colours, board, start, goal):",
        "        self.colours, self._b, self._s, self._g = colours, board, start, goal",
        "    def board(self): return self._b",
        "    def start(self): return self._s",
        "    def goal(self): return self._g",
        "CASES = " + repr(cases),
        "for snap, opts in CASES:",
        "    print(race.board(S(*snap), **opts))",
        "    print('=====')",
    ]
    expected = []
    for snap, opts in cases:
        expected.append(render.board(_Snapshot(*snap), **opts))
        expected.append("=====")
    got = micropython.run("\n".join(script) + "\n").splitlines()
    want = "\n".join(expected).splitlines()
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert a == b, "case line " + str(i) + " differs"


# --- words --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_german_board_says_start_and_ziel_as_the_printed_one_does(german, players):
    root = parse(render.board(race.Game(players=players)))
    said = texts(root, "label")
    assert "START" in said and "ZIEL" in said and "GOAL" not in said
    (start,) = [g for g in root.iter(NS + "g") if classes(g) == ["start"]]
    assert texts(start, "label") == ["START"]  # on the start, inside the dragon's coil
    assert texts(fields(root)["G"], "label") == ["ZIEL"]
    assert root.get("aria-label") == "Spielbrett von Lotus (1998)"


def test_the_german_board_names_its_places_in_german(german):
    game = position(
        players=2,
        to_move="b",
        board={"6": "wbb", "A2": "w", "8": "b"},
        start={"w": (4, 3, 1), "b": (4, 3)},
        goal={"b": 0},
    )
    root = parse(render.board(game, selected="A2", targets=("5",), last_move="Sb4-8"))
    fs = fields(root)
    assert fs["6"].get("aria-label") == (
        "Feld 6: 3 Steine, von unten nach oben Weiß, Schwarz, Schwarz; oben Schwarz"
    )
    assert fs["A2"].get("aria-label") == "Feld A2: ein Stein, Weiß (ausgewählt)"
    assert fs["5"].get("aria-label") == "Feld 5: leer (erreichbar)"
    assert fs["8"].get("aria-label") == (
        "Feld 8, Trampolinfeld: ein Stein, Schwarz (Teil des letzten Zugs)"
    )
    assert fs["G"].get("aria-label") == "Ziel: Weiß 0, Schwarz 0"
    labels = [g.get("aria-label") for g in start_stacks(root)]
    assert labels[0] == "Startstapel von Weiß mit 4 Steinen"
    assert labels[2] == "Startstapel von Weiß mit einem Stein"


def test_a_board_drawn_in_one_language_and_then_another_keeps_each_ones_words():
    """The parts the renderer keeps are kept by language: a switch never shows the old words."""
    game = race.Game(players=3)
    english = render.board(game, selected="Sw4", targets=("A4",))
    words.use("de")
    try:
        german = render.board(game, selected="Sw4", targets=("A4",))
    finally:
        words.use("en")
    assert render.board(game, selected="Sw4", targets=("A4",)) == english
    assert "ZIEL" in german and "Feld A4" in german and "Field" not in german
    assert "GOAL" in english and "Feld" not in english
    # the pictures are the same: only the words differ
    words_out = re.compile(r'aria-label="[^"]*"|>(GOAL|ZIEL)<')
    assert words_out.sub("", english) == words_out.sub("", german)


@pytest.mark.parametrize("height", [1, 4, 5, 8, 20])
def test_a_stack_of_any_height_stays_on_its_own_leaf(height):
    """A tall stack never covers a neighbouring field's name or arrow: every stone's face lies
    inside its own field's circle (the count badge says the height)."""
    stack = ("wb" * height)[:height]
    home = {c: 10 - stack.count(c) for c in "wb"}  # the others in the goal
    game = position(players=2, to_move="w", board={"10": stack}, start={}, goal=home)
    g = fields(parse(render.board(game)))["10"]
    x, y = render._POS["10"]
    faces = [e for e in g.iter(NS + "ellipse") if "face" in classes(e)]
    assert len(faces) == height
    for face in faces:
        cx, cy = float(face.get("cx")), float(face.get("cy"))
        rx, ry = float(face.get("rx")), float(face.get("ry"))
        assert cy - ry >= y - render.PAD and abs(cx - x) + rx <= render.PAD + 1
    if height >= 2:
        assert texts(g, "count") == [str(height)]
