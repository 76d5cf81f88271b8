"""bench/arena.py's match names: who plays whom, with how many simulations for the outside player
(OpenSpiel's MCTSBot, which these tests never import)."""

import pytest

from lotus.engine import ai
from lotus.engine.ai import go_plugin, race_plugin
from tests.support.files import bench

arena = bench("arena")


def test_the_outside_player_gets_its_opponents_iterations_or_n_times_as_many():
    hard = race_plugin.LEVELS["hard"]["iterations"]
    assert arena.outside_simulations("race", "mcts", "hard") == hard
    assert arena.outside_simulations("race4", "mcts4", "hard") == 4 * hard
    assert arena.outside_simulations("go", "mcts", "hard") == go_plugin.LEVELS["hard"]["iterations"]


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
    hard = race_plugin.LEVELS["hard"]["iterations"]
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


def test_a_level_at_s_is_that_level_with_s_iterations_a_move():
    assert arena.parse_match("race4-hard@6000-uct@1500") == ("race4", "hard@6000", "uct@1500")
    assert arena.our_level("hard@6000") == ("hard", 6000)
    assert arena.our_level("hard") == ("hard", None)
    assert arena.our_level("random") is None and arena.our_level("uct@6000") is None
    assert arena.level_iterations("race4", "hard@6000") == 6000
    assert arena.level_iterations("go", "hard") == go_plugin.LEVELS["hard"]["iterations"]
    # the outside player at equal simulations meets the level's S, not the level's own count
    assert arena.outside_simulations("race4", "mcts", "hard@6000") == 6000
    assert arena.outside_simulations("race", "uct4", "medium@100") == 400
    names = ["uct", "hard@6000", "hard", "easy", "hard@800", "mcts"]
    assert sorted(names, key=arena.player_order) == [
        "easy",
        "hard",
        "hard@800",
        "hard@6000",
        "mcts",
        "uct",
    ]


@pytest.mark.parametrize("name", ["race-hard@0-easy", "race-hard@-easy", "race-master@9-easy"])
def test_a_malformed_level_at_s_is_refused(name):
    with pytest.raises(ValueError, match="level@S"):
        arena.parse_match(name)


def test_a_level_at_s_searches_s_iterations_and_puts_the_level_back(monkeypatch):
    from lotus.engine import race

    seen = []
    search = race_plugin.search

    def counting(state, iterations, *args, **kwargs):
        seen.append(iterations)
        return search(state, iterations, *args, **kwargs)

    monkeypatch.setattr(race_plugin, "search", counting)
    game = race.Game(players=4)
    move = arena.level_move("race4", game, "hard@30", seed=5)
    assert seen == [30] and move in game.legal_moves()
    assert race_plugin.LEVELS["hard"]["iterations"] == 1500  # the level's own count is back
    assert arena.level_move("race4", game, "hard@30", seed=5) == move  # same seed, same move
    seen.clear()
    arena.level_move("race4", game, "medium", seed=5)
    assert seen == [race_plugin.LEVELS["medium"]["iterations"]]


def test_seeds_of_plays_another_matchs_games():
    """easy@40 is easy (40 iterations): seeded from easy's match, it plays easy's very games;
    from its own name, other games."""
    easy = arena.play_game(("race-easy-random", 1, 7, None))
    same = arena.play_game(("race-easy@40-random", 1, 7, "race-easy-random"))
    own = arena.play_game(("race-easy@40-random", 1, 7, None))
    assert same[3] == easy[3] and same[0] == easy[0]
    assert own[3] != easy[3]


def test_the_sign_test_of_games_won_alone():
    assert arena.sign_test(0, 0) == 1.0
    assert arena.sign_test(5, 5) == 1.0
    assert abs(arena.sign_test(22, 9) - 0.0294) < 0.001
    assert abs(arena.sign_test(9, 22) - 0.0294) < 0.001
    assert abs(arena.sign_test(15, 12) - 0.701) < 0.001
    assert arena.sign_test(10, 0) < 0.002


def test_the_report_pairs_two_matches_that_played_the_same_games(tmp_path, capsys):
    a, b = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    arena.main(["--games", "2", "--seed", "3", "--match", "race-easy-random", "--records", a])
    arena.main(
        ["--games", "2", "--seed", "3", "--match", "race-easy@40-random", "--records", b]
        + ["--seeds-of", "race-easy-random"]
    )
    capsys.readouterr()
    assert arena.main(["--report", a, "--report", b]) == 0
    out = capsys.readouterr().out
    wins = sum(arena.json.loads(t)["result"] for t in open(a))
    # easy@40 played easy's two games (the same moves), so neither won one alone
    assert (
        f"| race-easy-random | race-easy@40-random | 2 | {wins:g} | {wins:g} | 0 | 0 | 1.00 |"
        in out
    )
    assert [arena.json.loads(t)["seeds_of"] for t in open(b)] == ["race-easy-random"] * 2


def test_only_the_same_games_are_paired():
    """Games pair by their seeds' name, --seed and number; one match's own seeds pair with no
    other match, and a game that only one of them played is left out."""

    def line(match, game, result, seed=1, seeds_of=None):
        return {
            "match": match,
            "game": game,
            "seed": seed,
            "result": result,
            "seeds_of": seeds_of or match,
        }

    lines = [
        line("race4-hard-uct", 0, 1.0),
        line("race4-hard-uct", 1, 0.0),
        line("race4-hard-uct", 2, 1.0),
        line("race4-hard-uct", 3, 1.0, seed=2),
        line("race4-hard@6000-uct", 0, 0.0, seeds_of="race4-hard-uct"),
        line("race4-hard@6000-uct", 1, 1.0, seeds_of="race4-hard-uct"),
        line("race4-hard@6000-uct", 2, 1.0, seeds_of="race4-hard-uct"),
        line("race4-hard@6000-uct", 3, 0.0, seeds_of="race4-hard-uct"),  # seed 1, not 2
        line("race4-medium-uct", 0, 1.0),
        line("race4-medium-uct", 1, 0.0),
    ]
    assert arena.paired(lines) == [("race4-hard-uct", "race4-hard@6000-uct", 3, 2.0, 2.0, 1, 1)]


def test_seeds_of_needs_a_name(capsys):
    with pytest.raises(SystemExit) as stop:
        arena.main(["--games", "1", "--match", "race-easy-random", "--seeds-of", " "])
    assert stop.value.code == 2
    assert "--seeds-of needs a name" in capsys.readouterr().err


def test_the_judge_counts_a_finished_go_game_with_the_estimate_or_every_stone_as_it_stands():
    from lotus.engine import go

    # An arena game MCTSBot won when every stone counts (tests/test_go_dispute.py): our estimate
    # calls White's groups dead, the board as it stands gives White the game.
    moves = (
        "19 3 36 5 7 6 39 24 1 16 54 9 15 2 21 4 22 30 11 29 53 38 68 14 40 13 48 17 60 18 56 28 "
        "43 27 12 26 49 25 34 50 37 47 45 20 58 57 pass pass"
    ).split()
    game = go.Game.from_moves(moves)
    assert arena.go_count(game, "all-alive", 0) == game.score() == {"w": 33, "b": 28}
    estimate = arena.go_count(game, "estimate", 0)
    assert estimate == game.score(dead=ai.suggest_dead(game)) and estimate["b"] > estimate["w"]
    assert arena.row_name("go-hard-mcts", "all-alive") == "go-hard-mcts [all-alive]"
    assert arena.row_name("go-hard-mcts") == "go-hard-mcts"


def test_a_match_judged_all_alive_is_recorded_and_reported_under_its_own_name(tmp_path, capsys):
    a, b = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    arena.main(["--games", "1", "--seed", "4", "--match", "go-easy-random", "--records", a])
    arena.main(
        ["--games", "1", "--seed", "4", "--match", "go-easy-random", "--records", b]
        + ["--judge", "all-alive"]
    )
    played = capsys.readouterr().out
    assert "| go-easy-random [all-alive] | 1 |" in played and "judge all-alive" in played
    assert "judge" not in arena.json.loads(open(a).read())  # the default: as before
    assert arena.json.loads(open(b).read())["judge"] == "all-alive"
    assert arena.main(["--report", a, "--report", b]) == 0
    out = capsys.readouterr().out
    assert "| go-easy-random | 1 |" in out and "| go-easy-random [all-alive] | 1 |" in out
    # the same game number and seed under both judges: paired, not merged
    assert "| go-easy-random | go-easy-random [all-alive] | 1 |" in out


def test_our_go_player_plays_for_the_matchs_judge(monkeypatch):
    from lotus.engine import go

    seen = []
    choose = ai.choose_move

    def spying(game, level, seed=None, budget_ms=None, judge=None):
        seen.append(judge)
        return choose(game, level, seed=seed, budget_ms=budget_ms, judge=judge)

    monkeypatch.setattr(ai, "choose_move", spying)
    arena.level_move("go", go.Game(), "easy", 1, "all-alive")
    arena.level_move("go", go.Game(), "easy@20", 1)
    assert seen == ["all-alive", "estimate"]
