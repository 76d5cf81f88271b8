"""Variations (lichess's analysis board): from a reviewed position the player tries moves on a side
line; the game itself never changes by trying; the moves tried show apart in the move list, with
the computer's estimate once the game is analysed; Escape, ✕ or any step through the game discards
them; Keep (after a question) makes them the game's continuation, which Undo takes back as moves.
Not in a live game, whose game is shared."""

from lotus.page import analysis
from tests.support.analysis import answer, page_with_moves

RACE = ["Sw4-A4", "Sb4-B4", "Sw3-A3", "Sb3-B3"]


def tried_in_race(page, moves_shown: int = 2):
    """`page` reviewing move `moves_shown`, with White's Sw2-A2 tried there."""
    page.goto(moves_shown)
    page.click("start", "w2")
    page.click("field", "A2")
    return page


def test_a_click_while_reviewing_tries_the_move_apart_and_the_game_stays():
    page = page_with_moves("race", RACE)
    session = page.app.session
    version = session.version
    page.goto(2)
    assert page.view()["flags"]["variation"] is None
    page.click("start", "w2")  # the first click of a race move: a variation, nothing tried yet
    assert page.view()["flags"]["variation"] == "0"
    page.click("field", "A2")
    view = page.view()
    assert view["flags"]["variation"] == "1"
    assert session.actions == RACE and session.version == version  # the game is as it was
    assert view["flags"]["review"] == "2"
    assert view["board"] == page.variation.line.svg() != session.svg()
    assert 'data-field="A2"' in view["board"]
    assert view["status"].startswith("Variation from move 2: 1 move tried")
    assert view["status"].endswith("Black to move.")
    page.click("start", "b2")
    page.click("field", "B2")
    assert page.view()["flags"]["variation"] == "2"
    assert page.variation.tried() == ["Sw2-A2", "Sb2-B2"]
    page.key("Escape")  # discarded: the reviewed position of the game again
    view = page.view()
    assert view["flags"]["variation"] is None and view["flags"]["review"] == "2"
    assert view["board"] == session.svg() and session.actions == RACE


def test_the_variation_shows_bracketed_after_the_move_it_branches_from():
    page = tried_in_race(page_with_moves("race", RACE))
    rows = page.view()["moves"]
    assert len(rows) == 3  # two rows of the game, the variation's between them
    assert 'data-row="1"' in rows[0] and 'data-row="2"' in rows[2]
    row = rows[1]
    assert row.startswith('<li class="variation" data-variation-row data-branch="2">')
    assert '(<span class="vmv" data-variation-move="Sw2-A2"' in row
    assert 'data-variation-action="keep"' in row and 'data-variation-action="discard"' in row
    start = tried_in_race(page_with_moves("race", RACE), 0)  # from the start: the first row
    assert start.view()["moves"][0].startswith('<li class="variation"')
    four = page_with_moves("race", [])  # one move a row with three players
    four.new_game(
        {"players": "3", "first": "w", "seat-w": "human", "seat-b": "human", "seat-r": "human"}
    )
    for _ in range(3):
        four.app.session.act(four.app.session.game.legal_moves()[0])
    four.settle()
    four.goto(2)
    origin, destination = four.app.session.view_game().legal_moves()[-1].split("-")
    four.click("start" if origin[0] == "S" else "field", origin.lstrip("S"))
    four.click("field", destination)
    rows = four.view()["moves"]
    assert [r.startswith('<li class="variation"') for r in rows] == [False, False, True, False]


def test_steps_through_the_game_leave_the_variation_and_back_takes_a_move_back():
    page = tried_in_race(page_with_moves("race", RACE))
    page.click("start", "b2")
    page.click("field", "B2")
    page.action("prev")  # ◀ in a variation: the last move tried is taken back
    assert page.variation.tried() == ["Sw2-A2"] and page.view()["flags"]["review"] == "2"
    page.action("next")  # a step through the game: the variation goes
    assert page.view()["flags"]["variation"] is None and page.view()["flags"]["review"] == "3"
    tried_in_race(page)
    page.goto(1)
    assert page.view()["flags"]["variation"] is None
    tried_in_race(page)
    page.action("last")  # the present: no longer reviewing
    assert page.view()["flags"]["variation"] is None and page.view()["flags"]["review"] is None
    tried_in_race(page)
    page.action("variation-discard")  # its ✕
    assert page.view()["flags"]["variation"] is None and page.app.session.actions == RACE


def test_keeping_replaces_the_moves_after_the_branch_and_undo_takes_them_back():
    page = tried_in_race(page_with_moves("race", RACE))
    page.click("start", "b2")
    page.click("field", "B2")
    assert page.question("variation-keep") == (
        "Keep the variation as the game? The game's moves after move 2 are replaced by the 2 "
        "moves tried."
    )
    page.action("variation-keep")
    session = page.app.session
    assert session.actions == ["Sw4-A4", "Sb4-B4", "Sw2-A2", "Sb2-B2"]
    view = page.view()
    assert view["flags"]["variation"] is None and view["flags"]["review"] is None
    assert not any("variation" in row for row in view["moves"])
    page.action("undo")
    assert session.actions == ["Sw4-A4", "Sb4-B4", "Sw2-A2"]
    page.action("redo")
    assert session.actions == ["Sw4-A4", "Sb4-B4", "Sw2-A2", "Sb2-B2"]


def test_the_variations_position_gets_the_computers_estimate_once_the_game_is_analysed():
    page = tried_in_race(page_with_moves("race", RACE))
    assert [t for t in page.tickets() if t.kind == "analyse"] == []  # not analysed: none asked
    page.key("Escape")
    page.action("last")
    page.action("analyse")
    while page.analysis.pending is not None:
        (ticket,) = page.tickets()
        page.answered(ticket, answer(ticket, dict.fromkeys(range(5), 0.5)))
    tried_in_race(page)
    (ticket,) = page.tickets()
    assert ticket.kind == "analyse" and ticket.session is page.variation.line
    assert ticket.moves == ["Sw4-A4", "Sb4-B4", "Sw2-A2"] and ticket.plies == [3]
    page.answered(ticket, answer(ticket, {3: 0.62}))
    view = page.view()
    assert "White's estimated chance to win here: 62%." in view["status"]
    assert '<span class="var-eval">62%</span>' in view["moves"][1]
    assert page.analysis.value(3) == 0.5  # the game's analysis is the game's
    assert view["analysis"]["best"] == [] and view["analysis"]["played"] == []
    assert page.tickets() == []  # asked once per position
    assert analysis.LEVEL == ticket.level


def test_no_variation_in_a_live_game():
    page = page_with_moves("race", RACE)
    page.live_hook = lambda action: action == "variation"  # the live game is on screen
    page.goto(2)
    page.click("start", "w2")
    view = page.view()
    assert view["flags"]["variation"] is None and page.app.session.actions == RACE
    assert view["status"].startswith("No variations in a live game")


def test_a_go_variation_from_a_reviewed_position():
    page = page_with_moves("go", ["10", "20", "30"])
    page.goto(1)
    page.click("point", "11")
    page.click("point", "12")
    assert page.variation.tried() == ["11", "12"]
    assert page.app.session.actions == ["10", "20", "30"]
    assert 'data-point="12"' in page.view()["board"]
