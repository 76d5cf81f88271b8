"""bench/arena.py's match names: who plays whom, with how many simulations for the outside player
(OpenSpiel's MCTSBot, which these tests never import)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import arena  # noqa: E402

from lotus.engine import ai  # noqa: E402


def test_the_outside_player_gets_its_opponents_iterations_or_n_times_as_many():
    hard = ai.RACE_LEVELS["hard"]["iterations"]
    assert arena.outside_simulations("race", "mcts", "hard") == hard
    assert arena.outside_simulations("race4", "mcts4", "hard") == 4 * hard
    assert arena.outside_simulations("go", "mcts", "hard") == ai.GO_LEVELS["hard"]["iterations"]


def test_mcts_at_s_plays_s_simulations_whatever_it_meets():
    assert arena.parse_match("race4-hard-mcts@200") == ("race4", "hard", "mcts@200")
    assert arena.outside_simulations("race4", "mcts@200", "hard") == 200
    # two outside players can meet only when both say how many simulations they play
    assert arena.parse_match("race4-mcts@800-mcts@200") == ("race4", "mcts@800", "mcts@200")
    assert arena.outside_simulations("race4", "mcts@800", "mcts@200") == 800
    with pytest.raises(ValueError, match="one of our levels"):
        arena.parse_match("race4-mcts4-mcts")
    with pytest.raises(ValueError, match="one of our levels"):
        arena.parse_match("race-mcts-mcts@200")


@pytest.mark.parametrize(
    "name", ["race4-hard-mcts@0", "race-hard-mcts@", "race-hard-mcts0", "go-hard-mcts@2x", "x-a-b"]
)
def test_a_malformed_match_is_refused(name):
    with pytest.raises(ValueError):
        arena.parse_match(name)


def test_the_stand_in_uct_takes_the_outside_players_suffixes_and_plays_the_race_only():
    assert arena.parse_match("race4-hard-uct") == ("race4", "hard", "uct")
    hard = ai.RACE_LEVELS["hard"]["iterations"]
    assert arena.outside_simulations("race4", "uct4", "hard") == 4 * hard
    assert arena.parse_match("race4-uct@6000-uct@1500") == ("race4", "uct@6000", "uct@1500")
    assert arena.outside_simulations("race4", "uct@6000", "uct@1500") == 6000
    assert arena.is_stand_in("uct@6000") and not arena.is_stand_in("mcts@6000")
    with pytest.raises(ValueError, match="race only"):
        arena.parse_match("go-hard-uct")
    with pytest.raises(ValueError, match="one of our levels"):
        arena.parse_match("race4-uct4-uct")


def test_the_stand_in_plays_a_legal_move_by_uniform_playouts():
    """Plain UCT: the same seed, the same move; a move that wins at once is found."""
    from lotus.engine import race

    game = race.Game(players=4)
    move = arena.uct_move(game, 60, seed=3)
    assert move in game.legal_moves()
    assert arena.uct_move(game, 60, seed=3) == move
    # White's last stone one field from the goal, alone on 14: 14-G wins on the spot (R7, R11).
    end = race.Game.from_setup(
        players=4,
        to_move="w",
        board={"14": "w", "5": "brybry", "6": "brybry", "7": "bry"},
        start={},
        goal={"w": 5, "b": 1, "r": 1, "y": 1},
    )
    assert arena.uct_move(end, 200, seed=1) == "14-G"


def test_the_outside_players_sort_after_ours_by_simulations():
    names = ["mcts@800", "uct", "mcts4", "hard", "mcts", "easy", "mcts@200"]
    ordered = sorted(names, key=arena.player_order)
    assert ordered == ["easy", "hard", "mcts", "mcts@200", "mcts@800", "mcts4", "uct"]


@pytest.mark.parametrize("argv", [["--games", "0"], ["--jobs", "0"], ["--skip", "-1"]])
def test_a_match_of_nothing_is_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        arena.main(argv + ["--match", "race-easy-random"])
    assert stop.value.code == 2  # argparse's usage error, not a traceback from the tables
    assert "--games and --jobs must be at least 1" in capsys.readouterr().err
