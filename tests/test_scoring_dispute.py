"""The computer takes part in the Go scoring phase, as OGS's bots do.

Against a person it compares the dead-group marks with its own estimate and disputes those that
favour the person; Confirm is refused while it does. With the computer in both seats it scores
by itself, so a watched game ends with a result. Fake worker answers stand in for the search.
"""

from lotus.page.controller import PageController
from tests.support.pages import started


def computer_plays(page: PageController, move: str) -> None:
    (ticket,) = [t for t in page.tickets() if t.kind == "move"]
    page.answered(ticket, {"move": move, "ms": 1})


def scoring_against_the_computer() -> PageController:
    """White (a person) 1 and 2, Black (the computer, easy) 40 and 41; both pass."""
    page = started("?game=go&seats=human,easy", worker=True)
    for mine, its in (("1", "40"), ("2", "41"), ("pass", "pass")):
        if mine == "pass":
            page.action("pass")
        else:
            page.click("point", mine)
        computer_plays(page, its)
    assert page.app.session.phase() == "scoring"
    assert page.app.session.game.dead == ()  # the engine's quick guess: nothing is dead
    return page


def dead_ticket(page: PageController):
    (ticket,) = [t for t in page.tickets() if t.kind == "dead"]
    return ticket


def test_marking_a_living_computer_group_dead_is_disputed_and_confirm_is_refused():
    page = scoring_against_the_computer()
    page.answered(dead_ticket(page), [])  # the search agrees: nothing dead
    assert page.view()["enabled"]["confirm"]  # marks that match its estimate: no objection
    group = page.app.session.game.group_of("40")
    page.click("point", "40")
    view = page.view()
    assert view["status"] == (
        f"The computer (easy) disagrees: it thinks its group at {group[0]} lives. "
        "Resume play to settle it on the board (every stone then counts as it stands), "
        "or mark it alive."
    )
    assert view["flags"]["dispute"] == " ".join(group)
    assert not view["enabled"]["confirm"] and view["enabled"]["resume"]
    page.action("confirm")
    assert page.app.session.phase() == "scoring"  # refused
    page.click("point", "40")  # marked alive again: the dispute is over
    view = page.view()
    assert view["flags"]["dispute"] is None and view["enabled"]["confirm"]
    assert not view["status"].startswith("The computer")
    page.action("confirm")
    assert page.app.session.phase() == "over"


def test_resume_play_settles_a_dispute():
    page = scoring_against_the_computer()
    page.click("point", "40")
    assert page.view()["flags"]["dispute"]
    page.action("resume")
    view = page.view()
    assert view["flags"]["phase"] == "play" and view["flags"]["dispute"] is None


def test_the_person_leaving_a_group_alive_that_the_computer_thinks_dead_is_disputed_too():
    page = scoring_against_the_computer()
    ticket = dead_ticket(page)
    page.click("point", "40")  # the person marks before the search answers: marks are kept
    page.answered(ticket, ["2"])  # the search thinks White's group dead
    session = page.app.session
    assert session.game.dead == ("40",)
    mine = session.game.group_of("1")[0]
    assert page.view()["status"] == (
        f"The computer (easy) disagrees: it thinks its group at 40 lives and your group at "
        f"{mine} is dead. Resume play to settle it on the board (every stone then counts as it "
        "stands), or change the marks."
    )
    page.click("point", "40")
    assert "your group at" in page.view()["status"]
    assert "mark it dead" in page.view()["status"]
    page.click("point", "1")
    assert page.view()["flags"]["dispute"] is None
    page.action("confirm")
    assert page.app.session.game.winner == "b"


def test_marks_against_the_computers_interest_are_not_disputed():
    page = scoring_against_the_computer()
    page.answered(dead_ticket(page), ["40"])  # the computer thinks its own group dead
    page.click("point", "40")  # the person generously marks it alive
    page.click("point", "1")  # and their own group dead
    view = page.view()
    assert view["flags"]["dispute"] is None and view["enabled"]["confirm"]


def test_two_people_scoring_are_never_disputed():
    page = started("?game=go", worker=True)
    for point in ("1", "40"):
        page.click("point", point)
    page.action("pass")
    page.action("pass")
    page.click("point", "40")
    assert page.view()["flags"]["dispute"] is None and page.view()["enabled"]["confirm"]


def watched_to_scoring() -> PageController:
    page = started("?game=go&seats=easy,easy", worker=True)
    for move in ("1", "40", "2", "41", "pass", "pass"):
        computer_plays(page, move)
    assert page.app.session.phase() == "scoring"
    return page


def test_a_watched_game_is_scored_and_confirmed_by_the_computer_itself():
    page = watched_to_scoring()
    ticket = dead_ticket(page)
    assert page.app.session.phase() == "scoring"  # it waits for its search's estimate
    page.answered(ticket, ["41"])
    assert page.tickets() == []
    session = page.app.session
    assert session.phase() == "over" and session.game.dead == ("40",)
    assert page.view()["flags"]["winner"] == "w"
    assert page.view()["banner"].startswith("White wins")
    assert session.actions[-1] == "#finish:40"


def test_a_paused_watched_game_waits_in_scoring_and_a_failed_search_leaves_the_quick_guess():
    page = watched_to_scoring()
    page.action("pause")
    ticket = dead_ticket(page)
    page.failed(ticket, "worker gone")
    page.tickets()
    assert page.app.session.phase() == "scoring" and page.error == ""
    page.action("pause")
    page.tickets()
    session = page.app.session
    assert session.phase() == "over" and session.game.dead == ()
    assert session.actions[-1] == "#finish:"
    assert page.view()["flags"]["over"] == "1" and page.view()["banner"]
