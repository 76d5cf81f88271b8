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


def test_the_outside_players_sort_after_ours_by_simulations():
    names = ["mcts@800", "mcts4", "hard", "mcts", "easy", "mcts@200"]
    ordered = sorted(names, key=arena.player_order)
    assert ordered == ["easy", "hard", "mcts", "mcts@200", "mcts@800", "mcts4"]


@pytest.mark.parametrize("argv", [["--games", "0"], ["--jobs", "0"], ["--skip", "-1"]])
def test_a_match_of_nothing_is_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        arena.main(argv + ["--match", "race-easy-random"])
    assert stop.value.code == 2  # argparse's usage error, not a traceback from the tables
    assert "--games and --jobs must be at least 1" in capsys.readouterr().err
