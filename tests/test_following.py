"""Moves a player can follow: each move in a few words (the move list, the status's recap of the
computers' moves), each colour's last move marked on the board in its colour, and the path of the
last race move written for the page to animate (static/js/motion.js)."""

import xml.etree.ElementTree as ET

from lotus.engine import race
from lotus.game.go_session import GoSession
from lotus.game.race_session import RaceSession, short_move_words
from lotus.page import movelist, panel
from lotus.render import race as race_render
from tests.support.pages import started

NS = "{http://www.w3.org/2000/svg}"
COMPUTERS = {"b": "easy", "r": "easy", "y": "easy"}
ROUND_ONE = "Sw3-A3 Sb2-B2 Sr1-A1 Sy3-B3"  # a race of four: White, then three computers
ROUND_TWO = "A3-A4 B2-B3 A1-A2 Sy2-B2"
BOUNCE = "Sw4-A4 Sb2-B2 A4-5 Sb3-A3 5-6 Sb1-B1 6-7 B2-B3 7-8-9"  # White bounces on 8 (R8)


def played(session, moves: str):
    for move in moves.split():
        session.act(move)
    return session


def marks(svg: str) -> list:
    """(colour, move) of every element marked as a colour's last move, in document order."""
    root = ET.fromstring(svg)
    return [
        (e.get("data-colour"), e.get("data-last-move"))
        for e in root.iter()
        if e.get("data-last-move")
    ]


def motion(svg: str):
    """The race board's `g.motion` element (the last move's path), or None."""
    for element in ET.fromstring(svg).iter(NS + "g"):
        if element.get("class") == "motion":
            return element
    return None


# -- a move in a few words ------------------------------------------------------------------------


def test_race_moves_in_a_few_words_name_the_mover_and_the_fields():
    assert short_move_words("Sw4-A4", "w") == "White enters on A4"
    assert short_move_words("5-7", "b") == "Black moves 5 to 7"
    assert short_move_words("13-G", "b") == "Black moves 13 into the goal"
    assert short_move_words("7-8-12", "r") == "Red moves 7 to 8 and bounces on to 12"
    assert short_move_words("7-8-G", "r") == "Red moves 7 to 8 and bounces into the goal"
    assert short_move_words("pass", "w") == "White passes"
    # R10: a blocked player may move an opponent's free stone, from the start too
    assert short_move_words("Sb2-B2", "w") == "White enters Black's stone on B2"
    # in the move list, after the mover's colour chip
    assert short_move_words("5-7", "b", subject=False) == "moves 5 to 7"
    assert short_move_words("Sw4-A4", "w", subject=False) == "enters on A4"
    assert short_move_words("pass", "w", subject=False) == "passes"


def test_go_moves_in_a_few_words():
    session = played(GoSession(), "35 pass")
    assert [session.short_words(k) for k in range(2)] == ["White plays 35", "Black passes"]
    assert [session.short_words(k, False) for k in range(2)] == ["plays 35", "passes"]


def test_moves_in_a_few_words_in_german(german):
    assert short_move_words("Sw4-A4", "w") == "Weiß setzt auf A4 ein"
    assert short_move_words("5-7", "b") == "Schwarz zieht 5 nach 7"
    assert short_move_words("13-G", "y") == "Gelb zieht 13 ins Ziel"
    assert short_move_words("7-8-12", "r") == "Rot zieht 7 nach 8 und springt weiter nach 12"
    assert played(GoSession(), "35").short_words(0) == "Weiß setzt auf 35"
    assert played(GoSession(), "35").short_words(0, False) == "setzt auf 35"
    assert short_move_words("5-7", "b", subject=False) == "zieht 5 nach 7"


def test_the_move_list_shows_words_and_keeps_the_notation_in_its_hook():
    page = started("?game=race")
    for move in ("Sw4-A4", "Sb2-B2"):
        page.app.session.act(move)
    page.settle()
    rows = "".join(page.view()["moves"])
    assert '<span class="words">enters on A4</span>' in rows  # after White's colour chip
    assert '<span class="notation">Sw4-A4</span>' in rows
    assert 'data-move="Sw4-A4"' in rows and 'data-move="Sb2-B2"' in rows
    assert 'title="White enters from the 4-stack to A4"' in rows  # the title says more
    assert ">enters on B2</span>" in "".join(movelist.MoveList().make(page.app.session, 1, True))


# -- the status's recap of the computers' moves ---------------------------------------------------


def test_after_the_computers_moves_the_status_says_them_then_whose_turn_it_is():
    session = played(RaceSession(players=4, seats=COMPUTERS), ROUND_ONE)
    assert panel.status(session) == (
        "Black enters on B2, Red enters on A1, Yellow enters on B3. White to move."
    )
    played(session, ROUND_TWO)
    assert panel.status(session) == (
        "Black moves B2 to B3, Red moves A1 to A2, Yellow enters on B2. White to move."
    )


def test_the_recap_grows_while_the_computers_move_and_stops_at_a_persons_move():
    session = played(RaceSession(players=4, seats=COMPUTERS), "Sw3-A3")
    assert panel.status(session) == "Black (computer, easy) is thinking…"  # after a person
    played(session, "Sb2-B2 Sr1-A1")
    assert panel.status(session) == (
        "Black enters on B2, Red enters on A1. Yellow (computer, easy) is thinking…"
    )


def test_no_recap_between_people_nor_over_a_hint_or_in_review():
    people = played(RaceSession(players=4), ROUND_ONE)
    assert panel.status(people) == "White to move."
    session = played(RaceSession(players=4, seats=COMPUTERS), ROUND_ONE)
    session.show_hint("A3-A4")
    assert panel.status(session).startswith("Hint: ")
    session.hint, session.message = None, ""
    session.review_to(2)
    assert not panel.status(session).startswith("Black enters")


def test_go_against_the_computer_recaps_its_move_unless_the_status_says_more():
    session = played(GoSession(seats={"b": "easy"}), "35 18")
    assert panel.status(session) == "Black plays 18. White to move."
    capture = played(GoSession(seats={"b": "easy"}), "35 18 4 22 31 64 46 45 28 6 15 72 70 47")
    assert panel.status(capture) == "Black reverses 1 stone. White to move."  # said as it is


def test_the_recap_in_german_is_one_list_of_clauses_then_the_turn(german):
    session = played(RaceSession(players=4, seats=COMPUTERS), ROUND_ONE + " " + ROUND_TWO)
    assert panel.status(session) == (
        "Schwarz zieht B2 nach B3, Rot zieht A1 nach A2, Gelb setzt auf B2 ein. Weiß ist am Zug."
    )


# -- each colour's last move on the board ---------------------------------------------------------


def test_every_colours_last_move_is_marked_in_its_colour():
    session = played(RaceSession(players=4, seats=COMPUTERS), ROUND_ONE + " " + ROUND_TWO)
    assert marks(session.svg()) == [
        ("w", "A3-A4"),
        ("b", "B2-B3"),
        ("r", "A1-A2"),
        ("y", "Sy2-B2"),
    ]
    root = ET.fromstring(session.svg())
    for mark in root.iter(NS + "g"):
        if mark.get("data-last-move"):
            colour = mark.get("data-colour")
            strokes = [c.get("stroke") for c in mark if c.get("class") in ("to", "from")]
            assert strokes and set(strokes) == {race_render.DEFAULT_COLORS["stone " + colour]}
    # the marks are no stones: every field still holds exactly the engine's stones
    stones = [
        e
        for f in root.iter(NS + "g")
        if f.get("data-field")
        for e in f.iter()
        if e.get("data-colour")
    ]
    assert len(stones) == sum(len(s) for s in session.game.board().values()) + sum(
        session.game.goal().values()
    )


def test_a_pass_marks_nothing_and_review_marks_the_moves_before_the_position_shown():
    session = played(RaceSession(), "Sw4-A4 Sb2-B2")
    session.review_to(1)
    assert marks(session.svg()) == [("w", "Sw4-A4")]
    session.review_to(None)
    assert (
        race_render.board(session.game, last_moves=[("w", "pass"), ("b", "Sb2-B2")]).count(
            "data-last-move="
        )
        == 1
    )


def test_go_marks_each_colours_last_placement():
    session = played(GoSession(), "35 18 4")
    assert marks(session.svg()) == [("b", "18"), ("w", "4")]
    assert marks(played(session, "pass").svg()) == [("w", "4")]  # Black's last move: a pass


# -- the last race move's path, for the page's animation ------------------------------------------


def test_the_last_race_move_carries_the_fields_it_passes_and_its_bounce():
    session = played(RaceSession(), BOUNCE)
    g = motion(session.svg())
    assert g.get("data-ply") == str(len(session.actions)) and g.get("data-to") == "9"
    assert g.get("data-stone") == "w" and g.get("display") == "none"
    points = [tuple(float(v) for v in p.split(",")) for p in g.get("data-path").split()]
    fields = ("7", "8", "9")  # from 7 over the trampoline 8 to 9: one point each, the last (0, 0)
    x9, y9 = race_render._POS["9"]
    at = race_render._POS
    assert points == [(round(at[f][0] - x9, 2), round(at[f][1] - y9, 2)) for f in fields]
    assert g.get("data-bounce") == "1"


def test_a_stone_entering_from_the_start_passes_its_lane():
    session = played(RaceSession(), "Sw4-A4")
    points = motion(session.svg()).get("data-path").split()
    assert len(points) == 5  # out of lane A's entrance, over A1, A2, A3, onto A4
    assert motion(session.svg()).get("data-bounce") == "-1"


def test_a_board_before_any_move_or_after_a_pass_has_no_path():
    start = motion(RaceSession().svg())
    assert start.get("data-ply") == "0" and start.get("data-path") is None
    passed = motion(race_render.board(race.Game(), last_moves=[("w", "pass")], ply=1))
    assert passed.get("data-ply") == "1" and passed.get("data-path") is None
