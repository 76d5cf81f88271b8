"""The search runs under MicroPython too (the quick worker that answers until Pyodide is up).

The same worker calls (lotus.worker_api, as the worker script makes them) run under the npm
MicroPython (the page's build, via Node) on positions of both games; every answer must be a legal
move of its position, checked here with CPython's engines as well, and a time cap must hold.
CPython and Pyodide keep the standard library's generator and clock (nothing slower there).
"""

import json
import os
import random
import time

import pytest

from lotus import worker_api
from lotus.engine import go, race
from lotus.engine.ai import rng
from lotus.game import remote
from tests.support import micropython

pytestmark = pytest.mark.micropython


def positions() -> list:
    """Worker requests for both games: the start, and positions some random moves in."""
    out = []
    for seed in range(3):
        rnd = random.Random(seed)
        g = race.Game(players=2 + seed % 2)
        for _ in range(seed * 9):
            g.play(rnd.choice(sorted(g.legal_moves())))
        options = {"players": 2 + seed % 2, "pro": False, "first": "w"}
        out.append({"game": "race", "options": options, "moves": g.moves})
        h = go.Game()
        for _ in range(seed * 11):
            h.play(rnd.choice([m for m in h.legal_moves() if m != "pass"]))
        out.append({"game": "go", "options": {}, "moves": h.moves})
    return out


SCRIPT = """
import json, sys
from lotus.game import remote
from lotus import worker_api
from lotus.engine.ai.rng import Random, clock
print(json.dumps({"implementation": sys.implementation.name}))
a, b, c = Random(5), None, None
first = [a.random() for _ in range(5)]
a.seed(5)
again = [a.random() for _ in range(5)]
words = Random("race-3")
draws = [Random(7).randrange(10) for _ in range(3)] + [words.randrange(3, 9), words.randint(1, 2)]
items = list(range(20))
Random(1).shuffle(items)
print(json.dumps({"same": first == again, "in_unit": all(0 <= x < 1 for x in first),
                  "draws": draws, "shuffled": items, "choice": Random(2).choice("abc")}))
for request in json.loads(REQUESTS):
    legal = json.loads(remote.legal_moves(json.dumps(request)))
    answer = json.loads(worker_api.choose_move(json.dumps(request)))
    print(json.dumps({"request": request, "answer": answer, "legal": answer["move"] in legal}))
"""


def run_under_micropython(requests: list) -> list:
    """The script's printed JSON lines, parsed."""
    source = SCRIPT.replace("REQUESTS", repr(json.dumps(requests)))
    return [json.loads(line) for line in micropython.run(source).strip().split("\n")]


@pytest.fixture(scope="module")
def answers():
    requests = [dict(r, level="easy", seed=i) for i, r in enumerate(positions())]
    # medium, hard and expert as the quick worker asks them, with a time cap (uncapped: seconds)
    requests += [dict(positions()[0], level="hard", seed=1, budget_ms=200)]
    requests += [dict(positions()[3], level="expert", seed=2, budget_ms=200)]
    requests += [dict(positions()[1], level="medium", seed="x", budget_ms=300)]
    four = race.Game(players=4)  # a race of four: hard selects by UCB1 there
    rnd = random.Random(4)
    for _ in range(30):
        four.play(rnd.choice(sorted(four.legal_moves())))
    options = {"players": 4, "pro": False, "first": "w"}
    race4 = {"game": "race", "options": options, "moves": four.moves}
    requests += [dict(race4, level="hard", seed=4, budget_ms=200)]
    return run_under_micropython(requests)


def test_it_really_runs_on_micropython(answers):
    assert answers[0] == {"implementation": "micropython"}


def test_the_generator_stand_in_repeats_for_a_seed_and_stays_in_range(answers):
    drawn = answers[1]
    assert drawn["same"] and drawn["in_unit"]
    assert len(set(drawn["draws"][:3])) == 1, "the same seed gives the same draw"
    assert all(0 <= d < 10 for d in drawn["draws"][:3])
    assert 3 <= drawn["draws"][3] < 9 and drawn["draws"][4] in (1, 2)
    assert sorted(drawn["shuffled"]) == list(range(20)) and drawn["shuffled"] != list(range(20))
    assert drawn["choice"] in "abc"


def test_every_answer_is_a_legal_move_of_its_position_in_both_games(answers):
    moves = answers[2:]
    assert {m["request"]["game"] for m in moves} == {"race", "go"}
    assert {m["request"]["level"] for m in moves} == {"easy", "medium", "hard", "expert"}
    for m in moves:
        assert m["legal"], m
        assert m["answer"]["by"] == "micropython"
        legal = json.loads(remote.legal_moves(json.dumps(m["request"])))  # CPython's engines too
        assert m["answer"]["move"] in legal, m


def test_a_capped_search_keeps_to_its_time(answers):
    """Hard and expert without a cap take seconds under MicroPython; capped at 200 ms they stop
    (the slack is for a loaded machine: the cap is checked every few iterations)."""
    for m in answers[2:]:
        if m["request"].get("budget_ms"):
            assert m["answer"]["ms"] < 10 * m["request"]["budget_ms"], m


def test_cpython_keeps_the_standard_generator_and_clock():
    assert rng.Random is random.Random
    assert rng.clock is time.perf_counter


def test_the_worker_honours_a_time_cap_and_names_its_interpreter():
    request = dict(positions()[1], level="hard", seed=3, budget_ms=20)
    answer = json.loads(worker_api.choose_move(json.dumps(request)))
    assert answer["by"] == "cpython"
    assert answer["move"] in json.loads(remote.legal_moves(json.dumps(request)))
    assert answer["ms"] < 2000  # the hard search uncapped takes far longer than the cap


def test_the_quick_worker_runs_from_its_config_alone():
    """The worker script under MicroPython with exactly what worker-mpy.toml ships (its loader
    and two bundles, which the script unpacks first: lotus/dom/bundles.py) answers a move of each
    game, a legal one."""
    with open(os.path.join(micropython.ROOT, "static", "py", "worker.py")) as f:
        script = f.read()
    requests = [dict(r, level="easy", seed=i) for i, r in enumerate(positions()[:2])]
    script += f"""
print(ping())
for request in json.loads({json.dumps(json.dumps(requests))}):
    print(choose_move(json.dumps(request)))
"""
    lines = micropython.run("import json\n" + script, config="worker-mpy.toml").split("\n")
    assert lines[0] == "ready"
    answers = [json.loads(line) for line in lines[1:] if line]
    assert len(answers) == len(requests) == 2
    for request, answer in zip(requests, answers):
        assert answer["by"] == "micropython"
        assert answer["move"] in json.loads(remote.legal_moves(json.dumps(request)))
