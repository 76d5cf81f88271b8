"""The Go board picture (lotus.render.go): what the page, its tests and a player rely on."""

import xml.etree.ElementTree as ET

import pytest

from lotus import words
from lotus.engine import go, kensington
from lotus.render import go as render
from tests.support import micropython
from tests.support.games import random_go

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    """The SVG as a tree: it must be well-formed XML."""
    return ET.fromstring(markup)


def points(root: ET.Element) -> dict:
    """data-point -> its <g>."""
    return {int(g.get("data-point")): g for g in root.iter(NS + "g") if g.get("data-point")}


def classes(el: ET.Element) -> list:
    return (el.get("class") or "").split()


def stones(g: ET.Element) -> list:
    return [el for el in g.iter() if el.get("data-colour") is not None]


def capture_game() -> tuple:
    """Black 43 (three neighbours: 7, 44, 72) is surrounded by White 72 and reversed (G6)."""
    cells = ["."] * 72
    cells[43 - 1] = "b"
    cells[7 - 1] = "w"
    cells[44 - 1] = "w"
    game = go.Game.from_setup("".join(cells), "w")
    before = game.board()
    game.play("72")
    return game, before


def test_every_point_is_a_focusable_button_named_by_its_number():
    root = parse(render.board(go.Game()))
    pts = points(root)
    assert sorted(pts) == list(range(1, 73))
    for n, g in pts.items():
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        assert g.get("aria-label") == "Point " + str(n) + ": empty"
        assert "point" in classes(g) and "empty" in classes(g)
        assert stones(g) == []


@pytest.mark.parametrize("seed", range(6))
def test_stones_carry_their_colour_as_the_engine_has_it(seed):
    game = random_go(seed, 20 + 8 * seed, pass_rate=0.03)
    cells = game.board()
    pts = points(parse(render.board(game)))
    for n, g in pts.items():
        found = [el.get("data-colour") for el in stones(g)]
        if cells[n - 1] == ".":
            assert found == [], n
        else:
            assert found == [cells[n - 1]], n
            word = {"w": "white", "b": "black"}[cells[n - 1]]
            assert g.get("aria-label").startswith("Point " + str(n) + ": " + word + " stone")


def test_empty_points_hold_a_hidden_ghost_of_the_colour_to_move_without_data_colour():
    game = go.Game()
    game.play("1")
    pts = points(parse(render.board(game)))
    for n, g in pts.items():
        ghosts = [el for el in g.iter() if "ghost" in classes(el)]
        if n == 1:
            assert ghosts == []
        else:
            assert len(ghosts) == 1
            assert classes(ghosts[0]) == ["ghost", "b"]
            assert ghosts[0].get("opacity") == "0"
            assert ghosts[0].get("data-colour") is None
    assert "ghost" not in render.board(game, preview=False)


def test_no_ghosts_once_play_has_stopped():
    game = go.Game()
    game.play("pass")
    game.play("pass")
    assert game.phase == "scoring"
    markup = render.board(game)
    assert "ghost" not in markup
    assert 'class="go-board scoring"' in markup
    assert 'class="go-board play"' in render.board(go.Game())


def test_last_move_is_marked_and_named():
    game = go.Game()
    game.play("37")
    root = parse(render.board(game, last_move=game.moves[-1]))
    g = points(root)[37]
    assert "last" in classes(g)
    assert g.get("aria-label") == "Point 37: white stone (the last move)"
    assert [el for el in g.iter() if "last-move" in classes(el)]
    game.play("pass")
    for last in ("pass", None):
        markup = render.board(game, last_move=last)
        assert "last-move" not in markup and "last move" not in markup


def test_reversed_stones_get_the_flip_class():
    game, before = capture_game()
    assert game.board()[43 - 1] == "w"
    flipped = render.reversed_points(before, game.board())
    assert flipped == ["43"]
    pts = points(parse(render.board(game, flipped=flipped, last_move="72")))
    (stone,) = stones(pts[43])
    assert classes(stone) == ["stone", "w", "flip"]
    for n, g in pts.items():
        if n != 43:
            assert all("flip" not in classes(el) for el in g.iter()), n


def test_numbers_write_each_points_notation():
    root = parse(render.board(random_go(1, 30, pass_rate=0.03), numbers=True))
    for n, g in points(root).items():
        texts = [el.text for el in g.iter(NS + "text") if "number" in classes(el)]
        assert texts == [str(n)]
    assert "number" not in render.board(go.Game())


def test_dead_stones_are_faded_and_name_their_whole_group():
    game, _ = capture_game()  # White 7, 43, 44, 72 are one group
    game.play("pass")
    game.play("pass")
    pts = points(parse(render.board(game, dead=["7"])))
    for n in (7, 43, 44, 72):
        g = pts[n]
        assert "dead" in classes(g)
        assert g.get("aria-label") == "Point " + str(n) + ": white stone (dead)"
        (stone,) = stones(g)
        assert stone.get("data-colour") == "w"
        assert float(stone.get("opacity")) < 1
    assert "dead" not in classes(pts[1])
    with pytest.raises(ValueError):
        render.board(game, dead=["1"])  # no stone there


def test_territory_shades_empty_points_for_their_owner():
    game = go.Game.from_setup("w" + "." * 70 + "b", "w")
    territory = {"w": ["2", 3], "b": ["71"], "neutral": ["4"]}
    pts = points(parse(render.board(game, territory=territory)))
    for n, owner, word in ((2, "w", "White"), (3, "w", "White"), (71, "b", "Black")):
        g = pts[n]
        assert "territory-" + owner in classes(g)
        assert g.get("aria-label") == "Point " + str(n) + ": empty (" + word + "'s territory)"
        assert [el for el in g.iter() if classes(el)[:2] == ["area", owner]]
    assert pts[4].get("aria-label") == "Point 4: empty"
    engine_view = render.board(game, territory=game.territory())
    assert "territory-" not in engine_view  # both colours border the one region: seki


@pytest.mark.parametrize("value", [-7, -3, 0, 7])
def test_track_marker_carries_its_value(value):
    root = parse(render.track(value))
    markers = [el for el in root.iter() if el.get("data-marker") is not None]
    assert len(markers) == 1
    assert markers[0].get("data-value") == str(value)
    shown = "".join(markers[0].itertext())
    assert shown == {-7: "\u22127", -3: "\u22123", 0: "0", 7: "+7"}[value]
    labels = [el.text for el in root.iter(NS + "text") if "label" in classes(el)]
    assert labels == ["Black", "White"]


def test_track_rejects_a_marker_off_the_track():
    for bad in (8, -8, "3", 1.0):
        with pytest.raises(ValueError):
            render.track(bad)


def test_hit_areas_are_finger_sized_and_lead_to_their_point():
    """Each point's hit polygon is its Voronoi cell: the middle of its box is nearest the point,
    and it holds a disc of radius 0.5 board units: at least 24 CSS px across (WCAG 2.5.8) on a
    360 px wide phone with 8 px of page margin."""
    root = parse(render.board(go.Game()))
    vb = [float(v) for v in root.get("viewBox").split()]
    px_per_unit = (360 - 16) / vb[2] * render.UNIT
    assert 2 * 0.5 * px_per_unit >= 24
    pts = [(x * render.UNIT, -y * render.UNIT) for x, y in kensington.POINTS]
    for n, g in points(root).items():
        (hit,) = [el for el in g if "hit" in classes(el)]
        corners = [tuple(float(v) for v in p.split(",")) for p in hit.get("points").split()]
        mx = (min(c[0] for c in corners) + max(c[0] for c in corners)) / 2
        my = (min(c[1] for c in corners) + max(c[1] for c in corners)) / 2
        nearest = min(range(72), key=lambda i: (pts[i][0] - mx) ** 2 + (pts[i][1] - my) ** 2)
        assert nearest == n - 1, n
        px, py = pts[n - 1]
        for k in range(len(corners)):
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % len(corners)]
            # distance from the point to the edge's line: the cell is convex
            ex, ey = bx - ax, by - ay
            dist = abs(ex * (py - ay) - ey * (px - ax)) / (ex * ex + ey * ey) ** 0.5
            assert dist >= 0.5 * render.UNIT - 0.2, (n, k)


def test_options_colours_size_and_title():
    markup = render.board(None, colors={"lotus": "#123456"}, size=400, title='A <"test"> & co')
    root = parse(markup)
    assert root.get("width") == "400"
    assert root.find(NS + "title").text == 'A <"test"> & co'
    assert 'fill="#123456"' in markup
    with pytest.raises(ValueError):
        render.board(None, colors={"no such role": "#000"})
    with pytest.raises(ValueError):
        render.board(None, last_move="73")
    assert "#123456" in render.track(0, colors={"marker": "#123456"})


@pytest.mark.micropython
def test_the_picture_is_the_same_under_micropython():
    games = [
        ("[]", "{}"),
        (repr(random_go(2, 25, pass_rate=0.03).moves), "{'numbers': True, 'flipped': ['1', '2']}"),
        (repr(random_go(4, 60, pass_rate=0.03).moves), "{'last_move': 'pass'}"),
        (repr(LOTUS_MOVES), "{'lotuses': [0]}"),
    ]
    scoring = random_go(7, 70, pass_rate=0.03)
    while scoring.phase == go.PLAY:  # passes to the scoring phase
        scoring.play("pass")
    source = ["from lotus.engine import go", "from lotus.render import go as render"]
    expected = []
    for moves, options in games + [(repr(scoring.moves), None)]:
        game = go.Game.from_moves(eval(moves))
        source.append("g = go.Game.from_moves(" + moves + ")")
        if options is None:
            source.append("print(render.board(g, dead=g.suggest_dead(),")
            source.append("    territory=g.territory(g.suggest_dead())))")
            dead = game.suggest_dead()
            expected.append(render.board(game, dead=dead, territory=game.territory(dead)))
        else:
            source.append("print(render.board(g, **" + options + "))")
            expected.append(render.board(game, **eval(options)))
    for v in (-7, 0, 3):
        source.append("print(render.track(" + str(v) + "))")
        expected.append(render.track(v))
    out = micropython.run("\n".join(source) + "\n")
    assert out.split("\n")[: len(expected)] == expected


LOTUS_MOVES = ["1", "10", "2", "15", "3", "24", "4", "25", "5", "31", "6"]  # White rings hexagon 0


def test_a_completed_lotus_is_marked_on_its_six_points():
    game = go.Game.from_moves(LOTUS_MOVES)
    assert game.lotuses() == [0]
    picture = render.board(game, lotuses=game.lotuses())
    root = ET.fromstring(picture)
    marks = [
        g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "lotus-mark"
    ]
    assert len(marks) == 1 and marks[0].get("data-lotus") == "0"
    assert marks[0].get("pointer-events") == "none"  # the points under it stay clickable
    dots = marks[0].findall("{http://www.w3.org/2000/svg}circle")
    geometry = render._geom()
    at = {(d.get("cx"), d.get("cy")) for d in dots}
    corners = kensington.HEXAGONS[0]
    assert at == {(geometry["cx"][n - 1], geometry["cy"][n - 1]) for n in corners}
    assert 'class="lotus-mark"' not in render.board(game)  # only when asked for


def test_the_session_marks_the_lotus_and_says_it_was_completed():
    from lotus.game.go_session import GoSession

    session = GoSession()
    for move in LOTUS_MOVES[:-1]:
        session.act(move)
    assert 'class="lotus-mark"' not in session.svg()
    session.act(LOTUS_MOVES[-1])
    assert 'data-lotus="0"' in session.svg()
    assert session.notes[-1] == "White plays 6, completing a lotus"
    assert session.status().startswith("White completes a lotus: that group can never be reversed.")


def test_the_german_board_names_its_points_in_german(german):
    game = go.Game.from_setup("w" + "." * 70 + "b", "w")
    game.play("37")
    territory = {"w": ["2"]}
    root = parse(render.board(game, last_move="37", territory=territory))
    pts = points(root)
    assert pts[37].get("aria-label") == "Punkt 37: weißer Stein (der letzte Zug)"
    assert pts[72].get("aria-label") == "Punkt 72: schwarzer Stein"
    assert pts[2].get("aria-label") == "Punkt 2: leer (Gebiet von Weiß)"
    assert pts[4].get("aria-label") == "Punkt 4: leer"
    assert root.find(NS + "title").text == "Spielbrett von Lotus (Freeling)"


@pytest.mark.parametrize(
    "value, title",
    [
        (0, "Leiste: Marke in der Mitte"),
        (3, "Leiste: Marke 3 Richtung Weiß"),
        (-5, "Leiste: Marke 5 Richtung Schwarz"),
    ],
)
def test_the_german_pass_track_says_where_its_marker_stands(german, value, title):
    root = parse(render.track(value))
    assert root.find(NS + "title").text == title
    labels = [el.text for el in root.iter(NS + "text") if "label" in classes(el)]
    assert labels == ["Schwarz", "Weiß"]


def test_points_drawn_in_one_language_are_not_shown_in_another():
    game = go.Game()
    game.play("37")
    english = render.board(game, last_move="37")
    words.use("de")
    try:
        german = render.board(game, last_move="37")
    finally:
        words.use("en")
    assert "Punkt 37" in german and "Point" not in german
    assert render.board(game, last_move="37") == english
