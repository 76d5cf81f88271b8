"""Race endgames: once every stone has left its start, `hard` solves the
position exactly and plays a forced win when it has one.

The positions come from arena games that `hard` lost to OpenSpiel's MCTSBot (race-hard-mcts,
seed 2026). Game 3, Black ours: at ply 111 Black could force the win and played 11-12, after which
White wins whatever Black does. Game 16, White ours: at plies 90 to 98 White could force the win
and at ply 98 played 12-G; the solver of then (a search cut at 40 plies) proved nothing there, not
even with 2,000,000 positions, because Black's longest defence is longer. Each claim about a
position is checked here by a plain exhaustive search written for the test (``outcome``), not by
the solver under test.
"""

import random
import zlib

import pytest

from lotus.engine import ai, race
from lotus.engine.ai import race_plugin
from lotus.engine.ai.rng import clock

# Ply 111 of that game: Black to move, every stone on the board or in the goal, White 5 stones
# home, Black 3.
PLY_111 = {"6": "b", "7": "b", "11": "b", "13": "wbwbw", "14": "wbwb"}
NONE_LEFT = {"w": (), "b": ()}
HOME = {"w": 5, "b": 3}
# The seed the arena gave `hard` at ply 111 (bench/arena.py: the game's seed * 1009 + ply): the
# search alone plays the losing 11-12 with it.
ARENA_SEED = zlib.crc32(b"2026/race-hard-mcts/3") * 1009 + 111

# Game 16, ply 98: White to move, 13 stones on the board, White 2 stones home, Black 5; and ply 96,
# two plies earlier (White then played 7-8-9, Black 9-12).
PLY_98 = {"A4": "w", "B2": "w", "5": "w", "9": "bb", "12": "bww", "13": "bwwbw"}
PLY_96 = {"A4": "w", "B2": "w", "5": "w", "7": "w", "9": "bb", "12": "bw", "13": "bwwbw"}
HOME_16 = {"w": 2, "b": 5}
ARENA_SEED_16 = zlib.crc32(b"2026/race-hard-mcts/16") * 1009 + 98


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


def test_game_16_white_had_a_forced_win_and_12_g_threw_it_away():
    game = position(PLY_98, "w", HOME_16)
    wins = winning_moves(game)
    assert wins and "12-G" not in wins
    assert "12-G" in game.legal_moves()
    before = position(PLY_96, "w", HOME_16)
    before.play("7-8-9")
    before.play("9-12")  # Black, blocked, moves White's stone (R9)
    assert before.board() == PLY_98 and before.to_move == "w"


@pytest.mark.parametrize("seed", (ARENA_SEED_16, 1, 2))
def test_hard_finds_the_game_16_win_within_its_budget(seed):
    game = position(PLY_98, "w", HOME_16)
    wins = winning_moves(game)
    assert race_plugin.forced_win(game, race_plugin.SOLVE["hard"]) in wins
    assert ai.choose_move(game, "hard", seed=seed) in wins
    assert game.board() == PLY_98


def test_the_solver_proves_a_longer_win_with_a_larger_budget():
    # Two plies earlier the proof takes more positions than hard's budget (about 40,000).
    game = position(PLY_96, "w", HOME_16)
    move = race_plugin.forced_win(game, 100000)
    assert move is not None
    game.play(move)
    assert outcome(game, {}) == "w"  # whatever Black does


def test_the_solver_stops_at_its_deadline():
    game = position(PLY_96, "w", HOME_16)
    assert race_plugin.forced_win(game, 10**9, deadline=clock() - 1.0) is None


def side_wins(game: race.Game, me: str, memo: dict) -> bool:
    """True when colour `me` wins against every reply of the others (who play as one side), by a
    full search of the game tree."""
    if game.winner is not None:
        return game.winner == me
    key = game.state_key().split("|moves")[0]
    if key not in memo:
        mine = game.to_move == me
        memo[key] = not mine
        for move in game.legal_moves():
            game.play(move)
            won = side_wins(game, me, memo)
            game.undo()
            if won == mine:
                memo[key] = mine
                break
    return memo[key]


def test_with_three_players_the_solver_plays_only_wins_against_both_others():
    proved = 0
    for seed in range(40):
        rnd = random.Random(seed)
        game = race.Game(players=3)
        while game.winner is None and (
            any(game.start_heights[c][0] for c in game.colours)
            or sum([len(s) for s in game.stacks]) > 7
        ):
            game.play(rnd.choice(sorted(game.legal_moves())))
        if game.winner is not None:
            continue
        found = race_plugin.forced_win(game, 20000)
        me = game.to_move
        memo = {}
        wins = []
        for move in game.legal_moves():
            game.play(move)
            if side_wins(game, me, memo):
                wins.append(move)
            game.undo()
        if found is not None:
            assert found in wins
            proved += 1
        else:
            assert not wins  # so small an endgame is solved within the budget
    assert proved >= 3


# race-hard-mcts, seed 2026, game 30 (our `hard` White), lost with the solver at 25,000 positions
# a call: at ply 94 White could force the win (9-G) and played 5-8-11.
GAME_30 = (
    "Sw4-B4 Sb4-A4 Sw3-B3 Sb3-B3 Sw3-B3 Sb3-B3 Sw2-A2 Sb1-B1 Sw1-B1 B3-7 Sw1-B1 7-8-9 B1-B4 9-10"
    " B4-6 Sb2-A2 Sw2-A2 Sb2-A2 Sw2-A2 Sb2-A2 Sw1-B1 A2-8-14 B1-B4 10-11 Sw1-B1 Sb1-B1 B4-6 Sb1-B1"
    " 6-8-10 14-G 10-11 A4-5 B4-5 Sb1-B1 A2-7 A2-6 B3-6 B3-5 A2-5 B1-7 6-9 B1-6 5-9 7-9 7-8-9 5-8"
    " 5-7 8-9 7-8-9 6-9 B3-B4 6-8 B4-5 8-9 6-7 B1-5 7-8-9 A2-A4 9-G 5-8-11 B1-B4 11-14 B4-5 A4-5"
    " 11-13 11-12 13-14 5-9 5-8-11 12-13 A2-A3 13-14 11-12 14-G B1-B3 9-G A3-A4 B1-B2 A4-5 B2-B3"
    " 5-8-11 B3-5 11-12 5-8-11 12-14 11-12 14-G 12-14 12-13 14-G B3-B4 9-G B4-5 9-G"
).split()


def replayed(moves: list) -> race.Game:
    game = race.Game()
    for move in moves:
        game.play(move)
    return game


@pytest.mark.slow
def test_positions_proved_at_earlier_moves_prove_a_later_win_within_the_budget():
    """The solver's proved positions are kept from one of White's moves to the next in a game:
    with them, 25,000 positions a call (hard's budget when game 30 was played) prove game 30's
    win at ply 94; a call alone does not."""
    budget = 25000
    assert len(GAME_30) == 94
    race_plugin._memo["line"] = None  # a game of its own
    for ply in range(80, len(GAME_30), 2):  # White's moves of the endgame, as in the arena
        game = replayed(GAME_30[:ply])
        assert game.to_move == "w"
        memo = race_plugin.proved_positions(game)
        assert race_plugin.forced_win(game, budget, None, memo) is None  # as in the game
    final = replayed(GAME_30)
    assert race_plugin.forced_win(final, budget) is None  # a call alone proves nothing
    won = race_plugin.forced_win(final, budget, None, race_plugin.proved_positions(final))
    wins = winning_moves(final)
    assert won in wins and "5-8-11" not in wins


def test_the_proved_positions_belong_to_one_game_line():
    game = replayed(GAME_30[:90])
    table = race_plugin.proved_positions(game)
    table.setdefault(0, {})["a position"] = True
    game.play(GAME_30[90])
    assert race_plugin.proved_positions(game) is table  # the game goes on: kept
    assert race_plugin.proved_positions(replayed(GAME_30[:89])) == {}  # taken back: a new table
    assert race_plugin.proved_positions(position(PLY_111, "b", HOME)) == {}  # no history


# race-hard-mcts, seed 2026, game 52 (our `hard` White), lost: the first 88 plies. From here
# White wins by force (13-G, played here, is one of the winning moves), but 25,000 positions do
# not prove it, and at ply 100 White played a losing move (6-7).
GAME_52 = (
    "Sw4-B4 Sb4-B4 Sw3-A3 Sb1-A1 Sw1-A1 Sb2-A2 Sw2-A2 Sb1-A1 Sw1-A1 Sb3-A3 Sw3-A3 Sb3-A3 Sw2-A2"
    " A3-7 A2-5 Sb2-A2 Sw2-A2 7-8-9 A1-5 Sb1-A1 Sw1-A1 Sb2-A2 5-7 9-10 Sw1-A1 Sb1-A1 7-8-9 A1-8-G"
    " A1-7 B4-6 A1-6 A1-5 6-8-10 6-7 B4-5 7-9 7-8-9 A1-A4 5-8-11 A4-5 A3-6 A3-5 6-7 5-9 7-8-9 5-8"
    " 9-14 8-9 14-G 5-7 5-6 7-8-9 11-12 9-G 12-13 9-14 13-14 9-13 6-7 13-14 7-8-9 14-G 9-13 A2-7"
    " A2-6 7-8-9 13-14 9-13 10-12 A2-5 A1-A3 5-6 14-G 6-8-10 12-13 10-12 9-12 10-11 A3-5 9-11"
    " A2-A4 A1-A2 9-10 11-13 10-11 13-G A3-A4 A2-A4"
).split()


@pytest.mark.slow
def test_hard_s_budget_proves_the_game_52_win_that_25000_positions_did_not():
    game = replayed(GAME_52)
    assert len(GAME_52) == 88 and game.to_move == "w"
    assert sum(len(stack) for stack in game.stacks) == 14  # the solver's limit
    assert race_plugin.forced_win(game, 25000) is None
    move = race_plugin.forced_win(game, race_plugin.SOLVE["hard"])
    assert move is not None
    game.play(move)
    assert outcome(game, {}) == "w"  # checked by the plain exhaustive search
