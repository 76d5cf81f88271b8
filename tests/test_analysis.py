"""The computer's analysis of a game.

The search's side (`ai.analyse`, `ai.ownership`, the worker call): what a learner expects of an
estimate: a chance between 0 and 1 for each colour that adds up to 1, the result itself once the
game is over, a win in one seen as a win, the preferred move legal, the same answer for the same
seed, and the game untouched.

The page's side (`lotus.page.analysis` in `PageController`): one worker call at a time, in batches,
cancel, positions forgotten when moves are taken back, the thresholds of the flagged moves, the
preferred move marked only while reviewing or after the game, Go's ownership map, the graph. The
worker's answers are made up here where a test needs given numbers, so each rule is tested
exactly; one test runs the real worker call end to end.
"""

import json
import random
import re

import pytest

from lotus import worker_api
from lotus.engine import ai, go, race
from lotus.engine.kensington import HEXAGONS
from lotus.page import analysis
from tests.support import micropython
from tests.support.analysis import analyse_all, answer, page_with_moves
from tests.support.games import random_go, random_race

# -- the search's estimate ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game",
    [race.Game(), random_race(1, 30), random_race(2, 20, players=3), go.Game(), random_go(3, 20)],
    ids=["race-start", "race-30", "race-3p", "go-start", "go-20"],
)
def test_an_estimate_is_a_chance_per_colour_and_a_legal_preferred_move(game):
    before = game.state_key()
    found = ai.analyse(game, "easy", seed=4)
    colours = game.colours if isinstance(game, race.Game) else go.COLOURS
    assert len(found["values"]) == len(colours)
    assert all(0 <= v <= 1 for v in found["values"])
    assert sum(found["values"]) == pytest.approx(1, abs=0.01)
    assert found["value"] == found["values"][0]
    assert found["best"] in game.legal_moves()
    assert game.state_key() == before
    assert ai.analyse(game, "easy", seed=4) == found


def test_a_finished_race_is_its_result_and_a_win_in_one_is_seen():
    rng = random.Random(7)
    game = race.Game()
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    winner = game.colours.index(game.winner)
    over = ai.analyse(game, "easy")
    assert over["best"] is None and over["values"][winner] == 1.0
    game.undo()  # the winner is to move again, with the winning move on the board
    assert game.colours[game.turn] == game.colours[winner]
    found = ai.analyse(game, "medium", seed=1)
    assert found["values"][winner] > 0.8


def test_a_resigned_go_game_is_lost_and_two_passes_are_scored_by_playouts():
    game = random_go(5, 10)
    game.play("resign")  # White was to move (10 placements): Black wins
    assert ai.analyse(game, "easy") == {"value": 0.0, "values": [0.0, 1.0], "best": None}
    # A lotus of White's and nothing else: White owns its six points in every filling.
    cells = ["."] * 72
    for point in HEXAGONS[0]:
        cells[point - 1] = "w"
    settled = go.Game.from_setup("".join(cells))
    settled.play("pass")
    settled.play("pass")
    assert settled.phase == go.SCORING
    found = ai.analyse(settled, "easy")
    assert found["best"] is None and 0 <= found["value"] <= 1
    own = ai.ownership(settled, 40)
    assert len(own) == 72 and all(0 <= x <= 1 for x in own)
    assert [own[p - 1] for p in HEXAGONS[0]] == [1.0] * 6


def test_a_forced_move_is_the_preferred_one_and_the_position_after_it_is_judged():
    rng = random.Random(0)
    for _ in range(200):  # a race position with one legal move (a forced pass or entry)
        game = random_race(plies=rng.randrange(10, 120), seed=rng.randrange(10**6))
        if not game.is_over and len(game.legal_moves()) == 1:
            break
    else:
        pytest.fail("no position with a single legal move found")
    (only,) = game.legal_moves()
    found = ai.analyse(game, "easy", seed=2)
    assert found["best"] == only
    after = game.copy()
    after.play(only)
    assert found["values"] == ai.analyse(after, "easy", seed=2)["values"]


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="level"):
        ai.analyse(race.Game(), "strong")
    with pytest.raises(ValueError, match="a lotus engine game"):
        ai.analyse("Sw4-A4", "easy")
    with pytest.raises(ValueError, match="points to own"):
        ai.ownership(race.Game())


def test_the_worker_call_analyses_the_positions_asked_for():
    game = random_go(9, 6)
    request = {"game": "go", "options": {}, "moves": game.moves, "level": "easy"}
    answer = json.loads(worker_api.analyse(json.dumps(dict(request, plies=[0, 6], ownership=20))))
    assert [p["ply"] for p in answer["positions"]] == [0, 6] and answer["ms"] >= 0
    assert all(len(p["ownership"]) == 72 for p in answer["positions"])
    start = answer["positions"][0]
    assert start["best"] in go.Game().legal_moves()
    race_request = {"game": "race", "options": {}, "moves": [], "plies": [0], "ownership": 20}
    (race_start,) = json.loads(worker_api.analyse(json.dumps(race_request)))["positions"]
    assert "ownership" not in race_start  # the race has no points to own
    with pytest.raises(IndexError, match="ply 7"):
        worker_api.analyse(json.dumps(dict(request, plies=[7])))


# -- the page's analysis state --------------------------------------------------------------------


GO_MOVES = ["10", "20", "30", "40", "50", "60"]


def test_one_call_at_a_time_in_batches_that_grow_to_about_the_target_time():
    page = page_with_moves("go", GO_MOVES)
    assert page.enabled()["analyse"] and not page.enabled()["cancel-analysis"]
    page.action("analyse")
    (first,) = page.tickets()
    assert first.kind == "analyse" and first.call == "analyse" and first.plies == [0]
    assert page.tickets() == [first]  # nothing more while the worker works
    assert page.view()["analysis"]["status"] == "Analysing… 0 of 7 positions."
    assert page.view()["flags"]["to-move"] == "w" and page.enabled()["cancel-analysis"]
    page.answered(first, answer(first, dict.fromkeys(range(7), 0.5), ms=100))  # 100 ms each
    (second,) = page.tickets()
    assert second.plies == [1, 2, 3, 4]  # about analysis.TARGET_MS of work
    request = json.loads(second.request())
    assert request["moves"] == GO_MOVES and request["level"] == analysis.LEVEL
    page.answered(second, answer(second, dict.fromkeys(range(7), 0.5), ms=4000))
    (third,) = page.tickets()
    assert third.plies == [5]  # slow positions: one at a time
    page.answered(third, answer(third, dict.fromkeys(range(7), 0.5)))
    (last,) = page.tickets()
    page.answered(last, answer(last, dict.fromkeys(range(7), 0.5)))
    assert page.tickets() == []
    view = page.view()
    assert view["analysis"]["state"] == "done"
    assert view["analysis"]["status"] == "Analysis done: 7 positions, no moves flagged."
    assert page.app.session.game.moves == GO_MOVES  # an analysis never plays a move


def test_moves_that_lower_their_movers_chance_are_flagged_at_the_thresholds():
    # White's chance per ply; White moves from even plies (moves 1, 3, 5), Black from odd ones.
    values = {0: 0.6, 1: 0.28, 2: 0.4, 3: 0.18, 4: 0.25, 5: 0.21, 6: 0.4}
    page = page_with_moves("go", GO_MOVES)
    analyse_all(page, values, best={0: "11", 2: "31", 5: "60"})
    judged = page.analysis.judgements()
    # Move 1: White 60% -> 28% (32 points): blunder. 2: Black 72% -> 60%: inaccuracy. 3: White
    # 40% -> 18%: mistake. 4: Black 82% -> 75%: below 10 points. 5: White 25% -> 21%: below.
    # 6: Black 79% -> 60%, but the computer preferred that very move (60): not flagged.
    assert {p: judged[p][1] for p in judged} == {1: "blunder", 2: "inaccuracy", 3: "mistake"}
    assert judged[1][0] == "??" and judged[2][0] == "?!" and judged[3][0] == "?"
    assert judged[1][2] == (
        "Blunder (??): White's estimated chance fell from 60% to 28%; the computer preferred 11."
    )
    moves = "".join(page.view()["moves"])
    assert 'data-ply="1" data-judgement="blunder"' in moves
    assert '<span class="judgement" aria-hidden="true">??</span>' in moves
    assert "aria-label=\"1: White plays 10. Blunder (??): White's estimated chance fell" in moves
    assert 'data-ply="6" data-judgement' not in moves
    assert page.view()["analysis"]["summary"].startswith("Move 1: Blunder (??): ")
    assert "3 moves flagged" in page.view()["analysis"]["status"]


def test_cancel_stops_asking_and_keeps_what_came():
    page = page_with_moves("go", GO_MOVES)
    page.action("analyse")
    (ticket,) = page.tickets()
    page.action("cancel-analysis")
    assert page.tickets() == [ticket]  # its answer is still kept when it comes, nothing more
    assert page.view()["analysis"]["status"] == "Analysis stopped: 0 of 7 positions analysed."
    page.answered(ticket, answer(ticket, {0: 0.5}))  # the call in the worker still counts
    assert page.tickets() == [] and page.analysis.value(0) == 0.5
    assert page.enabled()["analyse"] and not page.enabled()["cancel-analysis"]
    analyse_all(page, dict.fromkeys(range(7), 0.5))  # pressing again does the rest
    assert page.analysis.done() == 7


def test_taking_moves_back_forgets_the_positions_after_them_and_a_new_game_all():
    page = page_with_moves("go", GO_MOVES)
    analyse_all(page, dict.fromkeys(range(7), 0.5))
    page.action("undo")
    page.action("undo")
    page.click("point", "59")
    view = page.view()["analysis"]
    assert view["graph"].count("data-eval-ply") == 5  # plies 0-4 are still those of the game
    page.action("analyse")
    (ticket,) = page.tickets()
    assert ticket.plies == [5]
    page.new_game({"first": "w", "marker": "0", "seat-w": "human", "seat-b": "human"})
    assert page.view()["analysis"]["graph"] == "" and page.view()["analysis"]["state"] is None
    assert not page.enabled()["analyse"]  # no move yet


def test_a_late_answer_for_positions_that_changed_is_dropped():
    page = page_with_moves("go", GO_MOVES)
    page.action("analyse")
    (ticket,) = page.tickets()
    page.answered(ticket, answer(ticket, dict.fromkeys(range(7), 0.5), ms=1))
    (ticket,) = page.tickets()
    assert ticket.plies == list(range(1, 7))
    page.action("undo")  # the game changes while the worker works
    page.app.session.act("61")
    page.answered(ticket, answer(ticket, dict.fromkeys(range(7), 0.9)))
    assert sorted(page.analysis.results) == [0, 1, 2, 3, 4, 5]  # ply 6 was about move 60


def test_the_preferred_move_is_marked_only_while_reviewing_or_after_the_game():
    race_moves = ["Sw4-A4", "Sb4-B4", "Sw3-A3"]
    page = page_with_moves("race", race_moves)
    best = {0: "Sw4-A4", 1: "Sb3-B3", 2: "Sw4-B4", 3: "Sb3-B3"}
    analyse_all(page, {0: 0.5, 1: 0.5, 2: 0.5, 3: 0.5}, best=best)
    assert page.view()["analysis"]["best"] == []  # the present, in play: no free hint
    page.goto(2)  # after Black's Sb4-B4: the computer preferred Sb3-B3 there
    view = page.view()["analysis"]
    assert view["best"] == [("start", "b3"), ("field", "B3")]
    assert view["played"] == [("start", "b3"), ("field", "B4")]  # the 4-stack is a 3-stack now
    page.goto(1)  # the computer preferred the move played: one stack, one lower after it
    assert page.view()["analysis"]["best"] == [("start", "w3"), ("field", "A4")]
    page.goto(0)  # the start: no move led to it
    assert page.view()["analysis"]["best"] == [] and page.view()["analysis"]["played"] == []
    graph = page.view()["analysis"]["graph"]
    assert re.search(r'<line class="eval-shown" x1="0\.0"', graph)
    over = page_with_moves("go", ["1", "pass", "resign"])
    analyse_all(over, {0: 0.5, 1: 0.5, 2: 0.6, 3: 0.0}, best={0: "2", 1: "3", 2: "4", 3: None})
    over.goto(1)
    assert over.view()["analysis"]["best"] == [("point", "2")]
    assert over.view()["analysis"]["played"] == [("point", "1")]
    over.goto(2)  # a pass: the preferred point, nothing played on the board
    assert over.view()["analysis"]["best"] == [("point", "3")]
    assert over.view()["analysis"]["played"] == []


@pytest.mark.parametrize("game", ["race", "go"])
def test_a_flagged_move_shows_the_move_preferred_in_the_position_its_mover_faced(game):
    # Every move a blunder, and the computer preferred another legal move each time: reviewing
    # move N marks the preferred move of the position BEFORE move N (the one its mover faced),
    # the move its words name, and the move played beside it; never the best reply after it.
    played = random_race(3, 8).moves if game == "race" else random_go(3, 8).moves
    engine = race.Game() if game == "race" else go.Game()
    best = {}
    for ply, move in enumerate(played):
        others = [m for m in engine.legal_moves() if m not in (move, "pass")]
        best[ply] = others[(3 * ply) % len(others)]
        engine.play(move)
    best[len(played)] = "pass" if game == "go" else engine.legal_moves()[0]
    values = {p: (0.9 if p % 2 == 0 else 0.1) for p in range(len(played) + 1)}
    page = page_with_moves(game, played)
    analyse_all(page, values, best=best)
    judged = page.analysis.judgements()
    session = page.app.session
    for n in range(1, len(played)):  # reviewing (the last move leads to the present, in play)
        page.goto(n)
        before = race.Game() if game == "race" else go.Game()
        for move in played[: n - 1]:
            before.play(move)
        preferred = best[n - 1]
        assert preferred in before.legal_moves()
        assert judged[n][2].endswith(f"the computer preferred {preferred}.")
        view = page.view()["analysis"]
        # The preferred move's destination (a Go point, a race move's last field) is ringed,
        # and so is the move played's.
        assert ("point" if game == "go" else "field", preferred.split("-")[-1]) in view["best"]
        assert view["best"] == session.marks_after(preferred, played[n - 1])
        assert ("point" if game == "go" else "field", played[n - 1].split("-")[-1]) in (
            view["played"]
        )


def test_the_ownership_map_is_shown_when_turned_on_for_an_analysed_position():
    page = page_with_moves("go", GO_MOVES)
    own = [0.5] * 72
    own[9], own[19], own[40] = 0.95, 0.1, 0.55  # point 10 White's, 20 Black's, 41 a coin toss
    assert not page.enabled()["ownership"]
    analyse_all(page, dict.fromkeys(range(7), 0.5), ownership=own)
    assert page.enabled()["ownership"]
    assert page.view()["analysis"]["ownership"] == []  # off until asked for
    page.action("ownership")
    view = page.view()["analysis"]
    assert view["ownership_on"]
    assert view["ownership"] == [("10", "w", 0.9), ("20", "b", 0.8)]
    page.action("ownership")
    assert page.view()["analysis"]["ownership"] == []


def test_the_graph_has_one_point_per_position_with_its_value_and_a_label():
    page = page_with_moves("go", GO_MOVES)
    values = {0: 0.5, 1: 0.25, 2: 0.3, 3: 0.75, 4: 0.8, 5: 0.1, 6: 1.0}
    analyse_all(page, values)
    graph = page.view()["analysis"]["graph"]
    points = re.findall(r'data-eval-ply data-ply="(\d+)" data-value="([\d.]+)"', graph)
    assert [(int(p), float(v)) for p, v in points] == sorted(values.items())
    assert (
        'role="img" aria-label="White\'s estimated chance to win, position by position: 50% at the '
        "start, 100% after move 6." in graph
    )


def test_a_failed_call_stops_the_analysis_and_says_why():
    page = page_with_moves("go", GO_MOVES)
    page.action("analyse")
    (ticket,) = page.tickets()
    assert (
        page.failed(ticket, "PythonError: boom\nmore") == "The analysis stopped: PythonError: boom"
    )
    assert page.error == ""  # said in the analysis's own status line, not the page's notice
    assert page.view()["analysis"]["status"] == "The analysis stopped: PythonError: boom"
    assert page.tickets() == []


def test_a_short_game_analysed_end_to_end_by_the_worker_call():
    page = page_with_moves("race", random_race(3, 8).moves)
    page.action("analyse")
    calls = 0
    while True:
        tickets = [t for t in page.tickets() if t.kind == "analyse"]
        if not tickets:
            break
        calls += 1
        page.answered(tickets[0], json.loads(worker_api.analyse(tickets[0].request())))
    assert calls >= 2 and page.analysis.done() == 9
    values = [page.analysis.value(p) for p in range(9)]
    assert all(0 <= v <= 1 for v in values)


# -- the same under MicroPython (the page's runtime) ---------------------------------------------

SCRIPT = """
import json
from lotus.page import controller

def run():
    page = controller.PageController()
    page.start("?game=go", "")
    for move in ("10", "20", "30"):
        page.app.session.act(move)
    page.settle()
    page.action("analyse")
    out = []
    values = {0: 0.6, 1: 0.2, 2: 0.3, 3: 0.35}
    while True:
        tickets = [t for t in page.tickets() if t.kind == "analyse"]
        if not tickets:
            break
        ticket = tickets[0]
        out.append(json.loads(ticket.request())["plies"])
        found = [{"ply": p, "value": values[p], "values": [values[p], 1 - values[p]],
                  "best": "11", "ownership": [0.9] * 72} for p in ticket.plies]
        page.answered(ticket, {"positions": found, "ms": 150})
    page.action("ownership")
    page.goto(2)
    view = page.view()
    out.append(view["analysis"])
    out.append("".join(view["moves"]))
    return out
"""


@pytest.mark.micropython
def test_the_analysis_state_is_the_same_under_micropython():
    expected, got = micropython.run_both(SCRIPT, "analysis_script")
    assert "data-judgement" in expected[-1]
    assert got == expected


def test_a_batch_plays_on_from_one_position_to_the_next_as_replaying_each_would():
    # Two passes then a placement: the registry resumes play (G9) on the way, as it replays.
    moves = ["10", "20", "pass", "pass", "30", "40"]
    request = {"game": "go", "options": {}, "moves": moves, "level": "easy", "ownership": 10}
    batch = json.loads(worker_api.analyse(json.dumps(dict(request, plies=[5, 0, 3, 4, 6]))))
    alone = [
        json.loads(worker_api.analyse(json.dumps(dict(request, plies=[p]))))["positions"][0]
        for p in (0, 3, 4, 5, 6)
    ]
    assert batch["positions"] == alone
    assert alone[2]["best"] is None  # after the two passes: scoring, no move to prefer


def test_the_analysis_works_offline_its_modules_are_precached():
    from tools import build_sw, bundle

    listed = set(build_sw.site_files())
    # The page's state and its adapter (MicroPython) come in one of the page's code bundles.
    page = {**bundle.files_of("pyscript.toml"), **bundle.files_of("page-later.toml")}
    assert {"build/page-start.bundle", "build/page-later.bundle"} <= listed
    for path in ("build/mpy/lotus/page/analysis.mpy", "build/mpy/lotus/dom/analysis.mpy"):
        assert path in page
    assert "lotus/engine/ai/analysis.py" in listed  # the worker's estimate (Pyodide)
