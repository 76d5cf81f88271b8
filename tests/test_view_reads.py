"""Drawing the app page changes nothing: `view()`, `enabled()` and `tickets()` only read.

The page draws after every event, and may draw again for other reasons (a worker came up, a copy
to the clipboard): a sound taken, an analysis moved on, a game ended or the saved games re-read
while drawing would depend on how often it draws. Each state below is reached through the
controller's events, then drawn twice: both drawings are the same, and the controller, its
parts, its sessions and its storage are exactly as they were.
"""

import pytest

from lotus.page.controller import MemoryStorage, PageController
from lotus.page.live import adopt
from tests.support.pages import started

# Memos of pure functions, kept for speed: what they hold follows from the rest (a session's move
# counts and reviewed position, the race engine's legal moves).
MEMOS = {"_counted", "_review_cache", "_legal"}
PLAIN = (str, int, float, bool, type(None))


def snapshot(root) -> object:
    """A deep copy of everything reachable from `root` through attributes (`__dict__` and
    `__slots__`), dicts, lists, tuples and sets, as plain values; an object met again is
    named by the path where it was first met, functions by their names."""
    seen = {}

    def walk(value, path):
        if isinstance(value, PLAIN):
            return value
        if id(value) in seen:
            return ("seen", seen[id(value)])
        seen[id(value)] = path
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [walk(v, f"{path}[{i}]") for i, v in enumerate(value)])
        if isinstance(value, (set, frozenset)):
            return ("set", sorted(repr(walk(v, path + "{}")) for v in value))
        if isinstance(value, dict):
            items = [(repr(k), walk(v, f"{path}[{k!r}]")) for k, v in value.items()]
            return ("dict", items)
        if callable(value) and not hasattr(value, "__dict__") and not hasattr(value, "__slots__"):
            return ("callable", getattr(value, "__qualname__", repr(value)))
        if hasattr(value, "__func__"):  # a bound method: its function, and whose it is
            return ("method", value.__func__.__qualname__, walk(value.__self__, path + ".self"))
        names = list(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            names += [n for n in getattr(cls, "__slots__", ()) if hasattr(value, n)]
        fields = [
            (n, walk(getattr(value, n), f"{path}.{n}"))
            for n in sorted(set(names))
            if n not in MEMOS
        ]
        return (type(value).__name__, fields)

    return walk(root, "page")


def answer_moves(page: PageController, moves) -> None:
    """The computer's next moves, each answering the move ticket awaited."""
    for move in moves:
        (ticket,) = [t for t in page.tickets() if t.kind == "move"]
        page.answered(ticket, {"move": move, "ms": 1}, 5)


def race_fresh():
    return started("?game=race")


def race_mid_game_half_a_move_selected():
    page = started("?game=race&players=3")
    for _ in range(3):
        move = page.app.session.game.legal_moves()[0]  # as a player makes it: two clicks
        origin, dest = move.lstrip("S").split("-")
        page.click("start" if move[0] == "S" else "field", origin)
        page.click("field", dest)
    origin = page.app.session.game.legal_moves()[0].split("-")[0]
    page.click("start", origin[1:])  # half a move: the stack is selected, the targets marked
    return page


def race_computer_to_move_asked():
    page = started("?game=race&seats=human,hard")
    page.worker_up(False)
    page.click("start", "w4")
    page.click("field", "A4")
    assert [t.kind for t in page.tickets()] == ["move"]
    return page


def go_fresh():
    return started("?game=go")


def go_mid_game_reviewed():
    page = started("?game=go")
    for point in ("1", "20", "3", "40", "5"):
        page.click("point", point)
    page.goto("2")
    return page


def go_computer_to_move_before_a_worker():
    page = started("?game=go&seats=human,expert")
    page.click("point", "1")  # the worker is not up: the computer is getting ready
    return page


def go_watched_and_paused():
    page = started("?game=go&seats=easy,medium")
    page.worker_up(True)
    answer_moves(page, ("1", "2", "3"))
    page.action("pause")
    return page


def go_analysis_under_way():
    page = started("?game=go")
    for point in ("10", "20", "30", "40"):
        page.click("point", point)
    page.action("analyse")
    (ticket,) = page.tickets()
    found = [{"ply": 0, "value": 0.5, "values": [0.5, 0.5], "best": "11"}]
    page.answered(ticket, {"positions": found, "ms": 500})
    assert [t.kind for t in page.tickets()] == ["analyse"]
    return page


def go_analysed_with_ownership_reviewed():
    page = started("?game=go")
    for point in ("10", "20", "30"):
        page.click("point", point)
    page.action("analyse")
    values = {0: 0.6, 1: 0.2, 2: 0.5, 3: 0.4}
    while page.tickets():
        (ticket,) = page.tickets()
        found = [
            {"ply": p, "value": values[p], "values": [values[p], 1 - values[p]], "best": "11"}
            for p in ticket.plies
        ]
        for position in found:
            position["ownership"] = [0.9] * 36 + [0.1] * 36
        page.answered(ticket, {"positions": found, "ms": 10})
    page.action("ownership")
    page.action("prev")
    return page


def go_scoring_disputed():
    page = started("?game=go&seats=human,easy")
    page.worker_up(True)
    for mine, its in (("1", "40"), ("2", "41")):
        page.click("point", mine)
        answer_moves(page, (its,))
    page.action("pass")
    answer_moves(page, ("pass",))
    (ticket,) = page.tickets()
    page.answered(ticket, [])  # the search: nothing dead
    page.click("point", "40")  # the person marks the computer's group dead: disputed
    assert page.view()["flags"]["dispute"]
    return page


def go_watched_scoring_answered():
    """Both seats the computer's: its dead groups are in, the game is scored."""
    page = started("?game=go&seats=easy,easy")
    page.worker_up(True)
    answer_moves(page, ("1", "40", "pass", "pass"))
    (ticket,) = page.tickets()
    assert ticket.kind == "dead"
    page.answered(ticket, [])
    return page


def go_over_after_a_hint_and_a_resignation():
    page = started("?game=go")
    page.worker_up(True)
    page.action("hint")
    (ticket,) = page.tickets()
    page.answered(ticket, {"move": "23", "ms": 1})
    page.action("resign")
    return page


def race_over_against_the_computer():
    page = started("?game=race&seats=human,easy")
    session = page.app.session
    session.seats = {"w": "human", "b": "human"}
    game = session.game
    while not game.is_over:
        page.live_apply(lambda s: s.act(game.legal_moves()[0]))
    session.seats = {"w": "human", "b": "easy"}
    page.settle()
    return page


def a_library_of_saves_and_a_broken_one():
    storage = MemoryStorage()
    page = started("?game=go", storage=storage)
    page.click("point", "1")
    page.save()
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "hard"})
    page.click("point", "5")
    page.save()
    page.pick("race")
    page.click("start", "w4")
    page.click("field", "A4")
    page.save()
    broken = page.library.entries()[-1]["id"]
    storage.set(page.library.key(broken), "{not json")
    page.saved_action("resume-saved", broken)
    return page


def a_failure_shown_and_a_record_refused():
    page = started("?game=go")
    page.click("point", "1")
    before = page.snapshot()
    page.app.session.act("2")  # half done when the handler failed
    page.recover(before, "Traceback: the details")
    page.import_record("not a record")
    return page


def storage_full_and_the_worker_unavailable():
    class Full(MemoryStorage):
        def set(self, key: str, value: str) -> bool:
            return key == "lotus.current"

    page = started("?game=race&seats=human,easy", storage=Full())
    page.click("start", "w4")
    page.click("field", "A4")
    page.save()
    page.worker_unavailable("its configuration (worker.toml) did not load")
    (ticket,) = page.tickets()
    page.failed(ticket, "no worker")
    return page


def a_live_game_adopted_and_moved():
    page = started("?game=go")
    page.live_hook = lambda action: action == "redo"  # live play takes redo over
    adopt.adopt(page, "go", {"first": "w", "marker": "0"}, ["1", "2"])
    page.live_apply(lambda session: session.act("3"))
    page.action("redo")
    return page


STATES = [
    race_fresh,
    race_mid_game_half_a_move_selected,
    race_computer_to_move_asked,
    go_fresh,
    go_mid_game_reviewed,
    go_computer_to_move_before_a_worker,
    go_watched_and_paused,
    go_analysis_under_way,
    go_analysed_with_ownership_reviewed,
    go_scoring_disputed,
    go_watched_scoring_answered,
    go_over_after_a_hint_and_a_resignation,
    race_over_against_the_computer,
    a_library_of_saves_and_a_broken_one,
    a_failure_shown_and_a_record_refused,
    storage_full_and_the_worker_unavailable,
    a_live_game_adopted_and_moved,
]


@pytest.mark.parametrize("state", STATES, ids=[s.__name__ for s in STATES])
def test_drawing_twice_shows_the_same_and_changes_nothing(state):
    page = state()
    before = snapshot(page)
    first = (page.view(), page.enabled(), page.tickets())
    second = (page.view(), page.enabled(), page.tickets())
    assert second == first
    assert snapshot(page) == before


def test_the_states_show_what_they_are_named_for():
    """The states above are what they say (else the test above proves little)."""
    shown = {s.__name__: s().view() for s in STATES}
    assert shown["race_computer_to_move_asked"]["flags"]["thinking"] == "1"
    assert "getting ready" in shown["go_computer_to_move_before_a_worker"]["status"]
    assert shown["go_watched_and_paused"]["paused"]
    assert shown["go_analysis_under_way"]["analysis"]["state"] == "running"
    analysed = shown["go_analysed_with_ownership_reviewed"]
    assert analysed["analysis"]["ownership"] and analysed["flags"]["review"] == "2"
    assert shown["go_scoring_disputed"]["flags"]["dispute"]
    assert shown["go_watched_scoring_answered"]["flags"]["phase"] == "over"
    assert shown["go_over_after_a_hint_and_a_resignation"]["banner"]
    assert shown["race_over_against_the_computer"]["banner"] in ("You win.", "The computer wins.")
    library = shown["a_library_of_saves_and_a_broken_one"]
    assert library["library"].count("<li") == 3 and "data-broken" in library["library"]
    failed = shown["a_failure_shown_and_a_record_refused"]
    assert failed["failure"] and failed["record_error"]
    full = shown["storage_full_and_the_worker_unavailable"]["error"]
    assert "storage is full" in full and "could not move" in full
    assert len(shown["a_live_game_adopted_and_moved"]["moves"]) == 2
    assert shown["race_mid_game_half_a_move_selected"]["sound"][1] == 3  # three moves made


def test_the_snapshot_sees_a_change_anywhere():
    page = go_fresh()
    before = snapshot(page)
    page.app.session.numbers = not page.app.session.numbers  # a session's attribute
    assert snapshot(page) != before
    page = go_fresh()
    before = snapshot(page)
    page.storage.set("lotus.other", "x")  # the storage behind the saved games
    assert snapshot(page) != before
    page = go_analysis_under_way()
    before = snapshot(page)
    page.analysis.pending.plies.append(9)  # deep in a part's ticket
    assert snapshot(page) != before
