"""Go's score estimate in play (a toggle, as OGS has): the quick worker's ownership estimate of the
position on screen, drawn as the analysis's ownership map, and the expected score in words; it
never touches the game, never starts the full search, is off by default and remembered, off in a
live game and while scoring, and an answer about a position no longer on screen is ignored."""

import json

from lotus import worker_api
from lotus.engine import ai
from lotus.page import estimate
from lotus.page.controller import MemoryStorage
from tests.support.analysis import page_with_moves
from tests.support.games import random_go
from tests.support.pages import started

GO_MOVES = ["10", "20", "30", "40"]


def test_a_full_board_is_estimated_as_its_count():
    # A playout fills every empty point, so a full board is its own end: each point's owner is
    # sure, and the expected count is the count (stones + the pass marker's points, G10).
    game = random_go(3, 72, marker=2)
    assert not game.empty_indices() and game.phase == "play"
    found = ai.score_estimate(game, 20)
    assert set(found["ownership"]) == {0.0, 1.0}
    assert found["score"] == [game.score()["w"], game.score()["b"]]
    half = ai.score_estimate(random_go(3, 20), 40)
    assert sum(half["score"]) == 72  # every point someone's at the end, no marker points
    answer = json.loads(
        worker_api.estimate(
            json.dumps(
                {"game": "go", "options": {"marker": 2}, "moves": game.moves, "playouts": 20}
            )
        )
    )
    assert answer == found or answer["score"] == found["score"]


def estimate_answer(score, own=None) -> dict:
    """A made-up worker answer: point 10 White's, point 20 Black's, the rest a coin toss."""
    if own is None:
        own = [0.5] * 72
        own[9], own[19] = 0.95, 0.1
    return {"ownership": own, "score": score}


def estimates(page) -> list:
    return [t for t in page.tickets() if t.kind == "estimate"]


def test_off_by_default_then_asked_of_the_quick_worker_and_remembered():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    for move in GO_MOVES:
        page.app.session.act(move)
    page.settle()
    assert estimates(page) == [] and page.view()["analysis"]["estimate"] == ""
    assert page.enabled()["estimate"]
    page.action("estimate")
    (ticket,) = estimates(page)
    assert ticket.call == "estimate" and ticket.quick and not ticket.wakes_search
    request = json.loads(ticket.request())
    assert request["moves"] == GO_MOVES and request["playouts"] == estimate.PLAYOUTS
    assert ticket.quick_request() == ticket.request()
    assert page.view()["analysis"]["estimate"] == "Estimating the score…"
    page.answered(ticket, estimate_answer([40.2, 33.8]))
    view = page.view()["analysis"]
    assert view["estimate"] == "Score estimate: White ahead by about 6 points."
    assert view["ownership"] == [("10", "w", 0.9), ("20", "b", 0.8)]
    assert view["estimate_on"] and not page.computer.worker_ready  # never the full search
    assert page.app.session.actions == GO_MOVES  # the game is not touched
    assert estimates(page) == []  # asked once per position
    again = started("?game=go", storage=storage)  # remembered: a new page has it on
    assert again.analysis.estimate.on
    again.action("estimate")
    assert not started("?game=go", storage=storage).analysis.estimate.on


def test_an_answer_about_an_earlier_position_is_ignored_and_the_new_one_asked():
    page = page_with_moves("go", GO_MOVES)
    page.action("estimate")
    (old,) = estimates(page)
    page.click("point", "50")  # the position changes while the worker works
    (new,) = estimates(page)
    assert new is not old and json.loads(new.request())["moves"] == GO_MOVES + ["50"]
    page.answered(old, estimate_answer([30, 42]))
    assert page.view()["analysis"]["estimate"] == "Estimating the score…"
    page.answered(new, estimate_answer([36.2, 35.9]))
    assert page.view()["analysis"]["estimate"] == "Score estimate: about even."
    page.answered(new, estimate_answer([30.0, 42.0]))  # one answer per question
    page.click("point", "51")
    (third,) = estimates(page)
    page.failed(third, "worker gone")
    assert page.view()["analysis"]["estimate"] == "No score estimate for this position."
    assert page.error == ""  # a quiet failure


def test_not_while_reviewing_scoring_or_in_a_live_game_nor_in_the_race():
    page = page_with_moves("go", GO_MOVES)
    page.action("estimate")
    page.answered(estimates(page)[0], estimate_answer([41.0, 31.0]))
    page.goto(2)  # reviewing: the present's estimate is not the position shown
    assert page.view()["analysis"]["ownership"] == [] and page.view()["analysis"]["estimate"] == ""
    assert estimates(page) == []
    page.action("last")
    assert page.view()["analysis"]["estimate"].startswith("Score estimate: White ahead by about 10")
    page.action("pass")
    page.action("pass")  # two passes: the scoring phase counts on the board
    assert page.app.session.phase() == "scoring"
    assert estimates(page) == [] and page.view()["analysis"]["estimate"] == ""
    live = page_with_moves("go", GO_MOVES)
    live.action("estimate")  # on (remembered), then a live game is on screen
    live.live_hook = lambda action: action == "estimate"
    live.settle()
    assert estimates(live) == [] and live.view()["analysis"]["ownership"] == []
    assert live.view()["analysis"]["estimate"] == (
        "No score estimate in a live game: it would help one side."
    )
    assert not live.enabled()["estimate"]
    race = page_with_moves("race", ["Sw4-A4"])
    assert not race.enabled()["estimate"]
    race.action("estimate")
    assert estimates(race) == [] and race.view()["analysis"]["estimate"] == ""


def test_the_estimate_words_in_german(german):
    page = page_with_moves("go", GO_MOVES)
    page.action("estimate")
    page.answered(estimates(page)[0], estimate_answer([31.0, 41.4]))
    assert page.view()["analysis"]["estimate"] == (
        "Punkteschätzung: Schwarz liegt etwa 10 Punkte vorn."
    )
