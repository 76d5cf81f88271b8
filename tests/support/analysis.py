"""The app's controller with a game on screen, and made-up answers of the analysis' worker calls
(tests/test_analysis.py, tests/test_variation.py): each rule is tested with given numbers."""

from lotus.page import controller


def page_with_moves(game: str, moves: list) -> controller.PageController:
    page = controller.PageController()
    page.start(f"?game={game}", "")
    for move in moves:
        page.app.session.act(move)
    page.settle()  # the moves were played on the session itself: what follows from them
    return page


def answer(ticket, values: dict, best: dict = None, ownership=None, ms: float = 10) -> dict:
    """A made-up worker answer: White's chance per ply (two players), the preferred moves."""
    best = best or {}
    positions = []
    for ply in ticket.plies:
        found = {"ply": ply, "value": values[ply], "values": [values[ply], 1 - values[ply]]}
        found["best"] = best.get(ply, "pass")
        if ownership is not None:
            found["ownership"] = ownership
        positions.append(found)
    return {"positions": positions, "ms": ms}


def analyse_all(page, values: dict, best: dict = None, ownership=None) -> int:
    """Press Analyse and answer every call; returns the number of calls."""
    page.action("analyse")
    calls = 0
    while True:
        tickets = [t for t in page.tickets() if t.kind == "analyse"]
        if not tickets:
            return calls
        assert len(tickets) == 1
        calls += 1
        page.answered(tickets[0], answer(tickets[0], values, best, ownership))
