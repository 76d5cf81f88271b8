"""The computer players: legal moves at every level, determinism, errors, dead-group suggestions.

What a player of the page expects: whatever the position (a blocked race player, a forced pass
under the Pro rule, three or four players, a Go game after a pass), the computer answers with a
legal move, the same one for the same seed, and never touches the game it is shown.
"""

import random
import time

import pytest

from lotus.engine import ai, go, race
from tests.support import games
from tests.support.games import SETTLED  # White leads 45 to 27; no placement changes the count

LEVELS = ("easy", "medium", "hard")


def random_race(players: int, pro: bool, plies: int, seed: int) -> race.Game:
    """A race in play after up to `plies` seeded random moves, its first player the seed's."""
    return games.random_race(seed, plies, players, pro, race.COLOURS[seed % players], in_play=True)


def random_go(plies: int, seed: int, pass_rate: float = 0.1) -> go.Game:
    """A Go game in play after `plies` seeded random moves, its first player the seed's."""
    return games.random_go(seed, plies, first=go.COLOURS[seed % 2], pass_rate=pass_rate)


def setup_go(white=(), black=(), to_move="w") -> go.Game:
    """A Go game in play with stones of each colour on the given points."""
    cells = ["."] * 72
    for n in white:
        cells[n - 1] = "w"
    for n in black:
        cells[n - 1] = "b"
    return go.Game.from_setup("".join(cells), to_move=to_move)


def assert_legal_and_untouched(game, level: str, seed: int) -> str:
    """choose_move gives a legal move and leaves the caller's game exactly as it was."""
    before = game.state_key()
    legal = game.legal_moves()
    move = ai.choose_move(game, level, seed=seed)
    if move == "resign":
        # Resigning is legal in play (G8), but the computer does it only when hopelessly behind.
        score = game.score(dead=ai.suggest_dead(game))
        other = "b" if game.to_move == "w" else "w"
        assert score[other] - score[game.to_move] > 20, (score, game.state_key())
    else:
        assert move in legal, (move, game.state_key())
    assert game.state_key() == before
    assert game.legal_moves() == legal
    return move


# -- legal moves from many positions ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pro", [False, True])
def test_race_easy_and_medium_move_legally_from_random_positions(players, pro):
    for k in range(6):
        game = random_race(players, pro, plies=k * 25, seed=100 * players + k)
        assert_legal_and_untouched(game, "easy", seed=k)
        if k % 2:
            assert_legal_and_untouched(game, "medium", seed=k)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_race_hard_moves_legally_from_random_positions(players):
    for k in range(2):
        game = random_race(players, False, plies=20 + 60 * k, seed=7 * players + k)
        assert_legal_and_untouched(game, "hard", seed=k)


def blocked_position(pro: bool) -> race.Game:
    """White to move with every white stone covered by a black one (R9, R10)."""
    return race.Game.from_setup(
        players=2, pro=pro, to_move="w", board={"5": "w" * 10 + "b"}, start={"b": (4, 3, 2)}
    )


@pytest.mark.parametrize("level", LEVELS)
def test_race_blocked_player_standard_rule_moves_a_black_stone_or_passes(level):
    game = blocked_position(pro=False)
    assert game.blocked
    move = assert_legal_and_untouched(game, level, seed=3)
    # R9: with no free stone of its own, White may only move Black's stones or pass.
    assert move == "pass" or move.startswith("Sb") or move.startswith("5-")


@pytest.mark.parametrize("level", LEVELS)
def test_race_blocked_player_pro_rule_passes(level):
    game = blocked_position(pro=True)
    assert game.legal_moves() == ["pass"]  # R10: a blocked player must pass
    assert assert_legal_and_untouched(game, level, seed=3) == "pass"


def test_race_pro_double_first_turn_second_move_is_legal():
    game = race.Game(players=2, pro=True)
    game.play(ai.choose_move(game, "easy", seed=1))
    assert game.to_move == "w"  # R10: the first player moves twice
    assert_legal_and_untouched(game, "medium", seed=1)


def test_race_hard_takes_a_winning_move():
    # R11: White wins at once by carrying its last stone from 14 into the goal (14-G),
    # rather than moving the stone on A1.
    game = race.Game.from_setup(
        players=2,
        to_move="w",
        board={"14": "w", "A1": "b"},
        start={"b": (4, 3, 2)},
        goal={"w": 9},
    )
    for level in LEVELS:
        assert ai.choose_move(game, level, seed=5) == "14-G"


def test_race_hard_blocks_when_it_must():
    # Black is one move from winning (its last stone on 14); White can only stop it by
    # landing on 14 and covering it (R6): A4 with a... simpler: White's only stone that reaches 14.
    game = race.Game.from_setup(
        players=2,
        to_move="w",
        board={"13": "w", "14": "b", "12": "w"},
        start={"w": (4, 3, 1)},
        goal={"b": 9},
    )
    # 13-14 covers Black's last stone: every other White move lets Black win next turn.
    assert ai.choose_move(game, "hard", seed=2) == "13-14"


@pytest.mark.parametrize("seed", range(6))
def test_go_easy_and_medium_move_legally_from_random_positions(seed):
    game = random_go(plies=12 * seed, seed=seed)
    assert_legal_and_untouched(game, "easy", seed=seed)
    if seed % 2:
        assert_legal_and_untouched(game, "medium", seed=seed)


def test_go_hard_moves_legally_from_random_positions():
    for seed in (1, 2):
        game = random_go(plies=30 * seed, seed=seed)
        assert_legal_and_untouched(game, "hard", seed=seed)


@pytest.mark.parametrize("level", LEVELS)
def test_go_after_a_pass_and_on_a_nearly_full_board(level):
    game = random_go(plies=40, seed=9)
    if game.passes:
        game.play(go.NAMES[game.empty_indices()[0]])
    game.play("pass")  # G2: a pass; the opponent may place or pass (ending play, G8)
    assert_legal_and_untouched(game, level, seed=1)
    full = random_go(plies=70, seed=4, pass_rate=0.0)
    assert_legal_and_untouched(full, level, seed=1)


def test_go_passes_on_a_full_board():
    game = random_go(plies=72, seed=11, pass_rate=0.0)
    assert game.empty_indices() == []
    assert ai.choose_move(game, "hard", seed=1) == "pass"  # G2: the only move left


@pytest.mark.parametrize("level", LEVELS)
def test_go_passes_when_the_board_is_settled(level):
    # G3: a pass moves the marker a point toward the passer; nothing else is worth anything here.
    game = go.Game.from_setup(SETTLED, to_move="w")
    assert ai.choose_move(game, level, seed=1) == "pass"
    # G8: after Black's pass, White's pass ends play with White ahead.
    game = go.Game.from_setup(SETTLED, to_move="b")
    game.play("pass")
    assert ai.choose_move(game, level, seed=1) == "pass"


# -- determinism, budget and errors --------------------------------------------------------------


@pytest.mark.parametrize(
    "level", [pytest.param(x, marks=pytest.mark.slow) if x == "hard" else x for x in LEVELS]
)
def test_same_seed_same_move(level):
    race_game = random_race(3, False, plies=30, seed=5)
    go_game = random_go(plies=20, seed=5)
    for game in (race_game, go_game):
        first = ai.choose_move(game, level, seed=42)
        assert ai.choose_move(game, level, seed=42) == first
        assert ai.choose_move(game.copy(), level, seed=42) == first


def test_budget_caps_the_time_and_still_gives_a_legal_move(monkeypatch):
    # A clock that moves 10 ms each time it is read (no real time in a test: a loaded machine
    # would make it flaky): a 30 ms budget must stop `hard` long before its iterations are done.
    from lotus.engine.ai import go_plugin, mcts

    now = [0.0]

    def clock():
        now[0] += 0.010
        return now[0]

    rollouts = []

    def counted(original):
        def rollout(self, *args):
            rollouts.append(1)
            return original(self, *args)

        return rollout

    for module in (ai, mcts, go_plugin):
        monkeypatch.setattr(module, "clock", clock)
    for name in ("rollout", "rollout_placed"):  # the plain search's playout, and RAVE's
        monkeypatch.setattr(go_plugin.GoState, name, counted(getattr(go_plugin.GoState, name)))
    game = random_go(plies=10, seed=2)
    move = ai.choose_move(game, "hard", seed=1, budget_ms=30)
    assert move in game.legal_moves()
    assert 0 < len(rollouts) <= 40 < go_plugin.LEVELS["hard"]["iterations"]
    rollouts.clear()
    ai.choose_move(game, "hard", seed=1)  # no budget: the level's whole work, clock or not
    assert len(rollouts) > 40


def test_invalid_arguments_raise_value_error_naming_the_problem():
    game = race.Game()
    with pytest.raises(ValueError, match="level must be one of easy, medium, hard, expert"):
        ai.choose_move(game, "genius")
    with pytest.raises(ValueError, match="a lotus engine game"):
        ai.choose_move("Sw4-A4", "easy")
    with pytest.raises(ValueError, match="a lotus engine game"):
        ai.choose_move(None, "easy")
    with pytest.raises(ValueError, match="seed"):
        ai.choose_move(game, "easy", seed=[1])
    with pytest.raises(ValueError, match="budget_ms"):
        ai.choose_move(game, "easy", budget_ms=-5)
    won = race.Game.from_setup(players=2, board={"14": "b"}, start={"b": (4, 3, 2)}, goal={"w": 10})
    with pytest.raises(ValueError, match="over"):
        ai.choose_move(won, "easy")
    ended = go.Game()
    ended.play("pass")
    ended.play("pass")  # G8: two passes end play
    with pytest.raises(ValueError, match="over"):
        ai.choose_move(ended, "hard")
    with pytest.raises(ValueError, match="dead groups"):
        ai.suggest_dead(game)


# -- dead groups ----------------------------------------------------------------------------------


def scoring(game: go.Game) -> go.Game:
    """The game after two passes: the scoring phase (G8, G9)."""
    game.play("pass")
    game.play("pass")
    assert game.phase == "scoring"
    return game


def test_suggest_dead_marks_a_lone_stone_in_the_opponents_corner():
    # White 43 sits between Black's lotus group (7-12 with 45 and 71) and two empty points
    # (44, 72) that only Black can fill without giving stones away: it is dead (G9).
    game = scoring(setup_go(white=(1, 2, 3, 4, 5, 6, 43), black=(7, 8, 9, 10, 11, 12, 45, 71)))
    before = game.state_key()
    dead = ai.suggest_dead(game)
    assert dead == ["43"]
    assert game.state_key() == before
    assert game.score(dead=dead)["b"] > game.score()["b"]


def test_suggest_dead_leaves_a_surrounded_lotus_alone():
    # G5: White's central lotus lives however surrounded; the lone white stone at 20 dies.
    ring = (9, 10, 15, 16, 23, 24, 25, 30, 31, 32, 37, 38)
    game = scoring(setup_go(white=(1, 2, 3, 4, 5, 6, 20), black=ring + (19, 21, 51)))
    dead = ai.suggest_dead(game)
    assert "1" not in dead
    assert "20" in dead
    assert ai.suggest_dead(game) == dead  # deterministic


def test_suggest_dead_on_an_empty_board_is_empty():
    assert ai.suggest_dead(scoring(go.Game())) == []


# -- the race plug-in's playouts ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_race_playout_to_the_end_names_one_winner_and_leaves_the_game_as_it_was(players):
    # Playouts of the medium and hard levels run to the end (R11): one colour gets 1, the others 0.
    from lotus.engine.ai import race_plugin

    for seed in range(4):
        game = random_race(players, False, plies=30 * seed, seed=seed)
        state = race_plugin.RaceState(game, depth=None)
        before = state.game.state_key()
        result = state.rollout(random.Random(seed))
        assert sorted(result) == [0.0] * (players - 1) + [1.0]
        assert state.game.state_key() == before


class _NeverExplore:
    """An rng whose draws never fall under a playout's epsilon: the heuristic move every time."""

    def random(self):
        return 0.999


def _playout_by_the_api(game, rng, depth, epsilon, threat, scale):
    """What a race playout must do, by the ordinary API: at each ply a random legal move with
    chance `epsilon`, else the first best by move_score (with the threat penalty), for `depth`
    plies (None: to the end); then the result or the evaluation."""
    from lotus.engine.ai import race_plugin

    g = game.copy()
    n = 0
    while (depth is None or n < depth) and not g.is_over:
        legal = g.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        elif rng.random() < epsilon:
            move = legal[int(rng.random() * len(legal))]
        else:
            me = g.to_move
            danger = race_plugin.threatened(g, me) if threat else 0
            scores = [race_plugin.move_score(g, m, me, danger, threat) for m in legal]
            move = legal[scores.index(max(scores))]
        g.play(move)
        n += 1
    if g.is_over:
        return [1.0 if c == g.winner else 0.0 for c in g.colours]
    return race_plugin.evaluate(g, scale)


@pytest.mark.parametrize("players, pro", [(2, False), (2, True), (3, False), (4, False), (4, True)])
def test_race_playout_plays_the_same_game_as_the_ordinary_api(players, pro):
    # The playout plays on a copy of the position by itself (no play/undo): for the same random
    # numbers it must play the moves the ordinary API lists, chosen as move_score scores them,
    # from positions of random games (start, middle, endgame; the next test takes the rarest
    # branches) and leave the game unchanged. Cut at many depths, the evaluation shows any ply
    # where the two part.
    from lotus.engine.ai import race_plugin

    checked = 0
    for seed in range(12):
        game = random_race(players, pro, plies=(0, 1, 2, 15, 40, 80)[seed % 6] + seed, seed=seed)
        before = game.state_key()
        for depth in (1, 2, 3, 5, 8, 13, 21, 34, None):
            for threat in (0.0, race_plugin.THREAT):
                state = race_plugin.RaceState(game, depth=depth, threat=threat, epsilon=0.3)
                got = state.rollout(random.Random(seed * 100 + (depth or 0)))
                want = _playout_by_the_api(
                    game, random.Random(seed * 100 + (depth or 0)), depth, 0.3, threat, 6.0
                )
                assert got == pytest.approx(want, abs=1e-12), (game.state_key(), depth, threat)
                assert state.game.state_key() == before
                checked += 1
        assert game.state_key() == before
    assert checked == 12 * 9 * 2


def test_race_playout_plays_the_same_game_when_blocked_and_in_the_double_turn():
    # The two rarest branches: a blocked player (R9: the standard rule moves an opponent's stone,
    # the Pro rule passes) and the second move of the Pro double first turn (R10).
    from lotus.engine.ai import race_plugin

    blocked = {"board": {"5": "bw", "9": "bw"}, "goal": {"w": 8, "b": 8}}
    games = [
        race.Game.from_setup(players=2, pro=False, to_move="b", **blocked),
        race.Game.from_setup(players=2, pro=True, to_move="b", **blocked),
        race.Game.from_setup(
            players=2,
            pro=True,
            to_move="w",
            start={"w": (4, 3, 1, 1), "b": (4, 3, 2, 1)},
            board={"B2": "w"},
            double_turn=True,
        ),
        # The double turn's second move where Black's stone on A1 can cover A2 (the threat).
        race.Game.from_setup(
            players=2,
            pro=True,
            to_move="w",
            start={"w": (2,), "b": (4, 3, 1)},
            board={"A1": "b"},
            goal={"w": 8, "b": 1},
            double_turn=True,
        ),
    ]
    assert games[0].blocked and games[1].legal_moves() == [race.PASS]
    for game in games:
        for seed in range(20):
            for depth in (1, 2, 4, None):
                state = race_plugin.RaceState(game, depth=depth, threat=race_plugin.THREAT)
                got = state.rollout(random.Random(seed))
                want = _playout_by_the_api(
                    game, random.Random(seed), depth, 0.25, race_plugin.THREAT, 6.0
                )
                assert got == pytest.approx(want, abs=1e-12), (game.state_key(), seed, depth)


@pytest.mark.slow
@pytest.mark.parametrize("threat", [0.0, 2.0])
def test_race_playout_plays_the_heuristics_best_move(threat):
    # The playout's move choice is an inlined copy of move_score: one ply with no random moves
    # must end where the best-scoring move (the first of equal ones) ends; with a threat penalty
    # (hard's playouts), where the best move by move_score with that penalty ends.
    from lotus.engine.ai import race_plugin

    rng = random.Random(3)
    checked = 0
    differs = 0
    for players in (2, 4):
        for _ in range(30):
            game = race.Game(players=players)
            while not game.is_over:
                legal = game.legal_moves()
                me = game.to_move
                danger = race_plugin.threatened(game, me)
                scores = [race_plugin.move_score(game, m, me, danger, threat) for m in legal]
                plain = [race_plugin.move_score(game, m, me) for m in legal]
                differs += scores.index(max(scores)) != plain.index(max(plain))
                after = game.copy()
                after.play(legal[scores.index(max(scores))])
                if after.is_over:
                    expected = [1.0 if c == after.winner else 0.0 for c in after.colours]
                else:
                    expected = race_plugin.evaluate(after, 6.0)
                state = race_plugin.RaceState(game, depth=1, epsilon=0.0, scale=6.0, threat=threat)
                assert state.rollout(_NeverExplore()) == pytest.approx(expected), game.state_key()
                checked += 1
                game.play(rng.choice(legal))
    assert checked > 1000
    assert (differs > 50) if threat else (differs == 0)  # the penalty changes the choice


def test_race_threatened_fields_are_where_another_colours_next_move_lands():
    # Through the engine's public API: the same position set up with each other colour to move;
    # the fields its legal moves leave one of its own stones on (not the goal) are exactly the
    # threatened ones. (A blocked colour moving another's stone, R9, covers nobody of mine.)
    from lotus.engine.ai import race_plugin

    rng = random.Random(11)
    fields = {name: i for i, name in enumerate(race.FIELDS)}
    checked = 0
    for players in (2, 3, 4):
        for seed in range(15):
            game = random_race(players, False, plies=rng.randrange(0, 120), seed=seed)
            if game.is_over:
                continue
            me = game.to_move
            board, start, goal = game.board(), game.start(), game.goal()
            lands = 0
            for c in game.colours:
                if c == me:
                    continue
                other = race.Game.from_setup(
                    players, to_move=c, board=board, start=start, goal=goal
                )
                for move in other.legal_moves():
                    if move == race.PASS:
                        continue
                    other.play(move)
                    for name, stack in other.board().items():
                        if len(stack) > len(board.get(name, "")) and stack[-1] == c:
                            lands |= 1 << fields[name]
                    other.undo()
            assert race_plugin.threatened(game, me) == lands, game.state_key()
            checked += 1
    assert checked > 30


# -- expert: the strongest level ---------------------------------------------------


def test_expert_is_the_strongest_level_by_work_in_both_games():
    """Levels are work: `expert` searches several times hard's iterations, the same search."""
    assert ai.LEVELS[-1] == "expert"
    from lotus.engine.ai import go_plugin, race_plugin

    for table in (race_plugin.LEVELS, go_plugin.LEVELS):
        expert, hard = table["expert"], table["hard"]
        assert expert["iterations"] >= 4 * hard["iterations"]
        assert {k: v for k, v in expert.items() if k != "iterations"} == {
            k: v for k, v in hard.items() if k != "iterations"
        }


@pytest.mark.parametrize(
    "game",
    # Late positions (a second or less of search each): the level's whole work, short playouts.
    [random_race(2, False, 120, seed=11), random_go(70, seed=4, pass_rate=0)],
    ids=["race", "go"],
)
@pytest.mark.slow
def test_expert_plays_a_legal_move_the_same_for_the_same_seed(game):
    assert not game.is_over and len(game.legal_moves()) > 1  # a real choice, searched
    move = assert_legal_and_untouched(game, "expert", seed=8)
    assert ai.choose_move(game, "expert", seed=8) == move


def test_expert_under_a_short_time_cap_answers_in_time():
    """The quick worker caps expert's search: a smaller search, never a long wait."""
    game = race.Game(players=2)
    started = time.perf_counter()
    move = ai.choose_move(game, "expert", seed=1, budget_ms=100)
    assert time.perf_counter() - started < 1.5  # the full search takes seconds
    assert move in game.legal_moves()


# -- the search itself, on a toy game -------------------------------------------------------------


class TakeAway:
    """A toy game for ``mcts.search``: players take 1, 2 or 3 from a pile in turn, and whoever
    takes the last one wins. Its priors favour taking 3."""

    def __init__(self, pile: int, players: int = 2) -> None:
        self.pile = pile
        self.players = players
        self.turn = 0
        self.taken = []

    def to_move(self) -> int:
        return self.turn

    def actions(self) -> list:
        return [1, 2, 3][: self.pile]

    def apply(self, take: int) -> None:
        self.pile -= take
        self.taken.append(take)
        self.turn = (self.turn + 1) % self.players

    def undo(self) -> None:
        self.pile += self.taken.pop()
        self.turn = (self.turn - 1) % self.players

    def terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list:
        last = (self.turn - 1) % self.players
        return [1.0 if p == last else 0.0 for p in range(self.players)]

    def priors(self, actions: list) -> list:
        return [0.05, 0.15, 0.8] if len(actions) == 3 else [1 / len(actions)] * len(actions)

    def rollout(self, rng) -> list:
        n = 0
        while not self.terminal():
            acts = self.actions()
            self.apply(acts[int(rng.random() * len(acts))])
            n += 1
        reward = self.returns()
        for _ in range(n):
            self.undo()
        return reward


def test_ucb1_tries_every_action_before_any_twice_and_spreads_its_visits_more_than_puct():
    """With 3 or 4 players every chance lies near 1/n, and PUCT follows its priors; UCB1 visits
    each action once (the likeliest first), then by value and a bonus that grows for the
    neglected ones."""
    from lotus.engine.ai import mcts
    from lotus.engine.ai.rng import Random

    for iterations, visits in ((1, [0, 0, 1]), (2, [0, 1, 1]), (3, [1, 1, 1])):
        _take, root = mcts.search(TakeAway(40, players=4), iterations, Random(3), ucb=0.7)
        assert root.visits == visits  # the likeliest first, then the next
    _take, ucb = mcts.search(TakeAway(40, players=4), 600, Random(3), ucb=0.7)
    _take, puct = mcts.search(TakeAway(40, players=4), 600, Random(3))
    spread = max(ucb.visits) - min(ucb.visits)
    assert spread < (max(puct.visits) - min(puct.visits)) / 2, (ucb.visits, puct.visits)


@pytest.mark.parametrize(
    "players, level, ucb",
    [
        (4, "hard", 0.7),
        (4, "expert", 0.7),
        (4, "medium", None),
        (3, "hard", None),
        (2, "hard", None),
    ],
)
def test_only_the_race_of_four_at_hard_and_expert_selects_by_ucb1(monkeypatch, players, level, ucb):
    """Measured in the arena against three MCTSBots (docs/performance.md, 2026-12-02); the
    2-player levels keep PUCT, which beats MCTSBot there."""
    from lotus.engine.ai import race_plugin

    seen = []
    search = race_plugin.search

    def spy(state, iterations, rng, **kwargs):
        seen.append(kwargs.get("ucb"))
        return search(state, 30, rng, **kwargs)  # less work: the choice of rule is what counts

    monkeypatch.setattr(race_plugin, "search", spy)
    ai.choose_move(random_race(players, False, 6, seed=3), level, seed=1)
    assert seen == [ucb]
