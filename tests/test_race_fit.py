"""bench/race_fit.py's reading of a race: the terms of a move and player A's moves in records
(the fit itself needs numpy, which only `make arena` installs, and is not run here)."""

import json

from lotus.engine import race
from tests.support.files import bench

race_fit = bench("race_fit")


def named(values):
    return {k: v for k, v in zip(race_fit.TERMS, values) if v}


def test_the_terms_of_a_move():
    # White's free stone on A4 steps onto Black's stone on 5 and covers it (R6); Yellow's stack
    # of two on A3 moves two fields (R4), so it can land on 5 next: a threatened landing.
    board = {"A4": "w", "5": "b", "6": "r", "A3": "yy"}
    goal = {"w": 5, "b": 5, "r": 5, "y": 4}
    game = race.Game.from_setup(players=4, to_move="w", board=board, start={}, goal=goal)
    danger = race_fit.race_plugin.threatened(game, "w")
    assert named(race_fit.terms(game, "A4-5", "w", danger)) == {
        "progress": 1.0,
        "cover": 1.0,
        "speed": 1.0,
        "threatened": 1.0,
    }
    assert named(race_fit.terms(game, race.PASS, "w", danger)) == {"pass": 1.0}


def test_the_goal_and_a_stone_lifted_off_my_own():
    board, goal = {"14": "ww", "5": "b"}, {"w": 8, "b": 9}
    game = race.Game.from_setup(players=2, to_move="w", board=board, start={}, goal=goal)
    move = [m for m in game.legal_moves() if m.startswith("14-")][0]  # two fields: the goal
    assert named(race_fit.terms(game, move, "w", 0)) == {
        "progress": 1.0,
        "free_own": 1.0,
        "goal": 1.0,
    }


def test_player_as_moves_with_a_choice_are_read_from_records(tmp_path):
    game = race.Game(players=4)
    moves = []
    seat_turns = 0
    for _ in range(10):
        if game.turn == 2 and len(game.legal_moves()) > 1:
            seat_turns += 1
        move = game.legal_moves()[-1]
        moves.append(move)
        game.play(move)
    path = tmp_path / "r.jsonl"
    path.write_text(
        json.dumps({"match": "race4-hard-uct", "seed": 1, "game": 6, "moves": moves}) + "\n\n"
    )
    got = race_fit.decisions([str(path)])
    assert len(got) == seat_turns >= 2  # game 6: A is Red (seat 6 mod 4)
    replay = race.Game(players=4)
    chosen = []
    for move in moves:
        if replay.turn == 2:
            chosen.append(replay.legal_moves().index(move))
        replay.play(move)
    assert [k for _rows, k in got] == chosen


def test_the_shipped_weights_times_the_terms_are_move_score():
    """The terms are move_score's own, term by term: with its weights they give its score, for
    every unblocked player's move in positions of random races of two and four."""
    from lotus.engine.ai import race_plugin
    from lotus.engine.ai.rng import Random

    rng = Random(11)
    checked = 0
    for players in (2, 4):
        for _ in range(6):
            game = race.Game(players=players)
            while not game.is_over and len(game.moves) < 90:
                if not game.blocked:
                    me = game.to_move
                    danger = race_plugin.threatened(game, me)
                    for m in game.legal_moves():
                        t = race_fit.terms(game, m, me, danger)
                        mine = sum(w * x for w, x in zip(race_fit.SHIPPED, t))
                        score = race_plugin.move_score(game, m, me, danger, race_plugin.THREAT)
                        assert abs(mine - score) < 1e-9, (game.moves, m)
                        checked += 1
                legal = game.legal_moves()
                game.play(legal[int(rng.random() * len(legal))])
    assert checked > 1000
