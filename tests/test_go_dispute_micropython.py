"""A dispute settled by play runs the same under MicroPython (the page and the quick worker).

The page's controller takes a dispute, a resume and the computer's capture on the board, and
says the same under both interpreters; the quick worker, asked for a move right after a resume
in a game that the board as it stands loses, plays on instead of passing.
"""

import json

import pytest

from lotus.engine import go
from tests.support import micropython
from tests.support.games import ARENA_LOSSES

pytestmark = pytest.mark.micropython

SCRIPT = """
import json
from lotus import worker_api
from lotus.page import controller

def shown(page):
    view = page.view()
    flags = view["flags"]
    return [view["status"], flags["phase"], flags["dispute"], flags["dead-source"],
            view["enabled"]["confirm"]]

def run():
    out = []
    page = controller.PageController(controller.MemoryStorage())
    page.start("?game=go&seats=human,easy", "")
    page.worker_up(True)
    for mine, its in (("1", "40"), ("2", "pass")):
        page.click("point", mine)
        for ticket in page.tickets():
            page.answered(ticket, {"move": its, "ms": 1})
    page.action("pass")
    for ticket in page.tickets():
        page.answered(ticket, ["1"])  # its search: White's group at 1 is dead
    out.append(shown(page))
    page.click("point", "1")  # the person: it lives
    out.append(shown(page))
    page.action("resume")
    out.append(shown(page))
    for its in ("6", "9", "16", "3", "15", "24", "pass"):
        (ticket,) = page.tickets()
        out.append(json.loads(ticket.request())["moves"][-3:])
        page.answered(ticket, {"move": its, "ms": 1})
        out.append(shown(page))
        if page.app.session.phase() == "play":
            page.action("pass")
    for ticket in page.tickets():
        page.answered(ticket, ["1"])  # after a resume its estimate marks nothing
    out.append(shown(page))
    page.action("confirm")
    out.append(shown(page))
    return out
"""

WORKER = """
import json
from lotus import worker_api
print(json.dumps(json.loads(worker_api.choose_move(REQUEST))))
"""


def test_the_dispute_settled_by_play_reads_the_same_under_micropython():
    expected, got = micropython.run_both(SCRIPT, "dispute_script")
    assert got == expected
    assert expected[1][2] == "1 2"  # disputed: the person's group at 1 and 2
    assert expected[3] == ["pass", "pass", "#resume"]  # the worker resumes too
    scoring = expected[-2]
    assert scoring[0].startswith("Play settled the dispute: the computer captured your group at 1")
    assert scoring[1:] == ["scoring", None, "play", True]
    assert expected[-1][1] == "over"


def test_the_quick_worker_plays_on_after_a_resume_where_the_board_as_it_stands_loses():
    colour, moves = ARENA_LOSSES["seed 1, game 3"]
    moves = moves.split() + ["#resume"]
    if go.Game.from_moves(moves[:-1]).to_move != colour:
        moves.append("pass")  # the other side passes first
    request = {"game": "go", "options": {}, "moves": moves, "level": "easy", "seed": 1}
    request["budget_ms"] = 300
    out = micropython.run(WORKER.replace("REQUEST", repr(json.dumps(request))))
    answer = json.loads(out.strip().split("\n")[-1])
    assert answer["by"] == "micropython"
    assert answer["move"] not in ("pass", "resign")
