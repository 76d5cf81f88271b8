"""Race endgames (issue 13, point 3): once every stone has left its start, `hard` solves the
position exactly and plays a forced win when it has one.

The positions come from an arena game that `hard` lost to OpenSpiel's MCTSBot (race-hard-mcts,
seed 2026, game 3, Black ours): at ply 111 Black could force the win and played 11-12, after which
White wins whatever Black does. Each claim about a position is checked here by a plain exhaustive
search written for the test (``outcome``), not by the solver under test.
"""

import zlib

import pytest

from lotus.engine import ai, race
from lotus.engine.ai import race_plugin

# Ply 111 of that game: Black to move, every stone on the board or in the goal, White 5 stones
# home, Black 3.
PLY_111 = {"6": "b", "7": "b", "11": "b", "13": "wbwbw", "14": "wbwb"}
NONE_LEFT = {"w": (), "b": ()}
HOME = {"w": 5, "b": 3}
# The seed the arena gave `hard` at ply 111 (bench/arena.py: the game's seed * 1009 + ply): the
# search alone plays the losing 11-12 with it.
ARENA_SEED = zlib.crc32(b"2026/race-hard-mcts/3") * 1009 + 111


def position(board: dict, to_move: str, goal: dict) -> race.Game:
    return race.Game.from_setup(to_move=to_move, board=board, start=NONE_LEFT, goal=goal)


def outcome(game: race.Game, memo: dict) -> str:
    """The winner with best play by both (2 players), by a full search of the game tree."""
    if game.winner is not None:
        return game.winner
    key = game.state_key().split("|moves")[0]
    if key not in memo:
        mover = game.to_move
        memo[key] = "w" if mover == "b" else "b"
        for move in game.legal_moves():
            game.play(move)
            won = outcome(game, memo) == mover
            game.undo()
            if won:
                memo[key] = mover
                break
    return memo[key]


def winning_moves(game: race.Game) -> list:
    memo = {}
    wins = []
    for move in game.legal_moves():
        game.play(move)
        if outcome(game, memo) == game.colours[1 - game.turn]:
            wins.append(move)
        game.undo()
    return sorted(wins)


def test_the_arena_position_was_a_forced_win_thrown_away():
    game = position(PLY_111, "b", HOME)
    wins = winning_moves(game)
    assert wins and "11-12" not in wins  # the move played in the arena loses
    assert "11-12" in game.legal_moves()


@pytest.mark.parametrize("seed", (ARENA_SEED, 1, 2))
def test_hard_plays_a_forced_win_in_the_arena_endgame(seed):
    game = position(PLY_111, "b", HOME)
    move = ai.choose_move(game, "hard", seed=seed)
    assert move in winning_moves(game)
    assert game.board() == PLY_111  # the caller's game is not changed


def test_the_solver_finds_only_winning_moves_along_the_arena_game():
    # The plies of that game from the moment every stone had left its start (ply 105) on.
    moves = (
        "B4-5 11-14 5-7 14-G 5-6 11-13 11-12 13-G 7-8-9 13-G 12-13 13-G 6-7 13-G 9-10 14-G 10-11 "
        "14-G 11-12 13-G 7-8-9 13-14 12-13 14-G 13-14 14-G 9-10 14-G 10-11 14-G"
    ).split()
    board = {"B4": "b", "5": "b", "11": "bww", "13": "wbwb", "14": "wbwb"}
    game = position(board, "b", {"w": 4, "b": 3})
    proved = 0
    for move in moves:
        found = race_plugin.forced_win(game, 20000)
        wins = winning_moves(game)
        if found is None:
            assert not wins or len(game.legal_moves()) > 1  # unproved within the budget at most
        else:
            assert found in wins
            proved += 1
        game.play(move)
    assert proved >= 5 and game.winner == "w"


def test_no_forced_win_no_answer_and_a_start_stone_means_no_solving():
    # After 11-12 (ply 112) White to move wins whatever Black does; Black, to move next, has none.
    game = position(PLY_111, "b", HOME)
    game.play("11-12")
    assert race_plugin.forced_win(game, 20000) is not None  # White's win is found
    game.play(race_plugin.forced_win(game, 20000))
    assert winning_moves(game) == [] and race_plugin.forced_win(game, 20000) is None
    # A stone still on a start stack: the solver does not try (the search plays as before).
    opening = race.Game()
    assert race_plugin.forced_win(opening, 20000) is None
    # A budget too small to prove anything gives no answer.
    assert race_plugin.forced_win(position(PLY_111, "b", HOME), 1) is None
