"""The page controller decides the same under MicroPython (the page's runtime) as under CPython."""

import pytest

from tests.support import micropython

pytestmark = pytest.mark.micropython

# Runs under both interpreters: a visit with a save, moves, review, the computer (a fresh and a
# stale answer), a bad form, an export and a share link; prints what the page would show.
SCRIPT = """
import json
from lotus.page import controller
from lotus.page.boards import BoardController

def shown(page):
    view = page.view()
    flags = view["flags"]
    keys = sorted(k for k in flags if flags[k] is not None)
    enabled = sorted(k for k in view["enabled"] if view["enabled"][k])
    return [view["status"], view["moves"], view["error"], len(view["board"]),
            [k + "=" + flags[k] for k in keys], enabled, view["hints"]]

def run():
    out = []
    storage = controller.MemoryStorage()
    page = controller.PageController(storage)
    page.start("?game=go&seats=human,easy", "")
    out.append(shown(page))
    for point in ("1", "10"):
        page.click("point", point)
        out.append(shown(page))
        for ticket in page.tickets():
            out.append(json.loads(ticket.request()))
            page.answered(ticket, {"move": str(int(point) + 1), "ms": 1})
            out.append(shown(page))
    page.key("ArrowLeft")
    out.append(shown(page))
    page.key("End")
    page.click("point", "30")
    (ticket,) = page.tickets()
    page.action("undo")
    page.answered(ticket, {"move": "31", "ms": 1})
    out.append(shown(page))
    page.new_game({"first": "b", "marker": "9", "seat-w": "human", "seat-b": "human"})
    out.append(shown(page))
    page.save()
    text = page.links.export("2026.11.30")
    url = page.links.share_url("http://example.test/")
    again = controller.PageController(storage)
    again.start("", url[url.index("#"):])
    out.append(shown(again))
    again.start("?game=race&players=3", "")
    race_move = again.app.session.game.legal_moves()[0]
    again.app.session.act(race_move)
    again.settle()  # a change made to the session itself: what follows from it
    out.append(shown(again))
    out.append(text)
    board = BoardController(settings_text="#game=go&moves=1,2,3&mode=step")
    board.key("step", "End")
    out.append(sorted(board.view()["buttons"]))
    out.append(board.view()["status"])
    return out
"""


def test_the_controller_shows_the_same_under_micropython_and_cpython():
    expected, got = micropython.run_both(SCRIPT, "controller_script")
    assert len(expected) > 10
    assert got == expected
