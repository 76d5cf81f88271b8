"""Our two games as OpenSpiel Python games, and OpenSpiel's MCTSBot as an arena player.

Only the arena (``bench/arena.py``) imports this module, and only for a match against the outside
player; it needs the ``open-spiel`` package (``requirements-arena.txt``, installed by
``make arena``), which the page, the tests and CI never install. ``lotus/`` never imports it.

    import pyspiel
    from bench import spiel_games
    game = pyspiel.load_game("python_lotus_race", {"players": 2})   # or "python_lotus_go"
    state = game.new_initial_state()
    state.legal_actions()            # action ids; state.action_to_string(a) is our notation
    bot = spiel_games.mcts_bot(game, simulations=1500, seed=7)
    bot.step(state)                  # an action id

The games wrap our engines (``lotus.engine.race`` and ``lotus.engine.go``), so the rules are ours,
not a second implementation:

- race (``players`` 2..4): an action id is the index of a move string in ``RACE_MOVES`` (every
  move that can ever be legal, sorted, then ``pass``). The game ends when a colour has all its
  stones in the goal (R11); the winner gets 1, every other player -1/(players-1) (zero-sum).
- go: an action id is our move index (points 0..71, 72 a pass; resigning is not offered). Two
  passes in a row end the game (G8) and it is counted as the arena's judge counts it (parameter
  ``judge``): ``"estimate"``, ``score`` with the dead groups of ``ai.suggest_dead`` (G9, G10), from
  ``SEARCH_DEAD_PLAYOUTS`` playouts (on a full board there are none: every group holds a lotus,
  so they are not searched for); ``"all-alive"``, ``score()`` with every stone as it stands (the
  count when no one agrees on dead groups). A win is 1, a loss -1, a draw 0.

``mcts_bot`` is OpenSpiel's plain UCT (``open_spiel.python.algorithms.mcts.MCTSBot``) as the
issue describes it: ``uct_c=2``, one uniformly random rollout to the end of the game per
simulation (``RandomRolloutEvaluator(n_rollouts=1)``), a given number of simulations per move,
seeded.
"""

import os
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from lotus.engine import ai, go, race  # noqa: E402

RACE_MOVES = tuple(sorted(race.ACTIONS)) + (race.PASS,)
"""Race action id -> move string."""

RACE_IDS = {m: i for i, m in enumerate(RACE_MOVES)}
"""Race move string -> action id."""

DEAD_SEED = 0
"""The seed of ``ai.suggest_dead`` when the search counts a finished Go game."""

SEARCH_DEAD_PLAYOUTS = 50
"""Playouts of ``ai.suggest_dead`` when the search counts a finished Go game that is not full.

The arena's own count of a finished game uses the default (400); 50 gives the same winner in 95%
of finished random games at an eighth of the cost, which makes the outside player's moves
affordable (half of its random rollouts end with two passes before the board is full).
"""


class _Holder:
    """Our game inside an OpenSpiel state: ``clone()`` deep-copies a Python state's attributes
    one by one, and this makes that copy our engine's cheap ``copy()``."""

    __slots__ = ("g",)

    def __init__(self, g):
        self.g = g

    def __deepcopy__(self, memo):
        return _Holder(self.g.copy())


_UNLIMITED = 100_000
"""A bound on a game's length that no game reaches (OpenSpiel asks for one)."""


def _game_type(short_name: str, long_name: str, min_players: int, max_players: int, params: dict):
    """The GameType of a deterministic, perfect-information, zero-sum, sequential game."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


# -- the race ---------------------------------------------------------------------------------

RACE_TYPE = _game_type("python_lotus_race", "Lotus (1998), the stacking race", 2, 4, {"players": 2})


class RaceGame(pyspiel.Game):
    """The stacking race for 2, 3 or 4 players (parameter ``players``), standard rules."""

    def __init__(self, params=None):
        params = dict(params or {})
        players = int(params.get("players", 2))
        self.players = players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(RACE_MOVES),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_UNLIMITED,
        )
        super().__init__(RACE_TYPE, info, {"players": players})

    def new_initial_state(self, engine=None):
        """The start of a game, or a state holding `engine` (a race.Game, used as is)."""
        return RaceState(self, engine if engine is not None else race.Game(players=self.players))


class _EngineState(pyspiel.State):
    """What both games' states share: our engine game behind OpenSpiel's State API."""

    def __init__(self, game, engine):
        super().__init__(game)
        self._h = _Holder(engine)

    @property
    def engine(self):
        """Our game (race.Game or go.Game) this state stands for."""
        return self._h.g


class RaceState(_EngineState):
    """A race position: our ``race.Game`` under OpenSpiel's State API."""

    def current_player(self):
        """The index of the colour to move, or TERMINAL once a colour has won."""
        if self.engine.winner is not None:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.turn

    def _legal_actions(self, player):
        """The legal moves' action ids, ascending."""
        return sorted(RACE_IDS[m] for m in self.engine.legal_moves())

    def _apply_action(self, action):
        """Play the move with this id."""
        self.engine.play(RACE_MOVES[action])

    def _action_to_string(self, player, action):
        """Our notation of the move with this id."""
        return RACE_MOVES[action]

    def is_terminal(self):
        """True once a colour has all its stones in the goal (R11)."""
        return self.engine.winner is not None

    def returns(self):
        """1 for the winner, -1/(players-1) for the others; 0 each while the game goes on."""
        g = self.engine
        if g.winner is None:
            return [0.0] * g.players
        lose = -1.0 / (g.players - 1)
        return [1.0 if c == g.winner else lose for c in g.colours]

    def __str__(self):
        """Our state key: board, start stacks, goal, moves."""
        return self.engine.state_key()


# -- Go ---------------------------------------------------------------------------------------

GO_TYPE = _game_type(
    "python_lotus_go", "Lotus (Freeling), the reversal Go game", 2, 2, {"judge": "estimate"}
)

JUDGES = ("estimate", "all-alive")
"""How a Go game that two passes ended is counted: with our dead-group estimate, or every stone as
it stands."""


class GoGame(pyspiel.Game):
    """The Go game on the Kensington board, marker 0, White first (as the arena plays it), counted
    by parameter ``judge`` (``JUDGES``)."""

    def __init__(self, params=None):
        params = dict(params or {})
        judge = str(params.get("judge", "estimate"))
        if judge not in JUDGES:
            raise ValueError(f"judge must be one of {', '.join(JUDGES)}, not {judge!r}")
        self.judge = judge
        info = pyspiel.GameInfo(
            num_distinct_actions=go.PASS_INDEX + 1,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_UNLIMITED,
        )
        super().__init__(GO_TYPE, info, {"judge": judge})

    def new_initial_state(self, engine=None):
        """The start of a game, or a state holding `engine` (a go.Game, used as is)."""
        return GoState(self, engine if engine is not None else go.Game(), self.judge)


def go_result(
    engine, seed: int = DEAD_SEED, playouts: int = SEARCH_DEAD_PLAYOUTS, judge: str = "estimate"
) -> tuple:
    """(white, black) score of a Go game after two passes, counted as the arena's `judge` counts
    it (``"estimate"``: with `playouts` behind the dead groups' estimate)."""
    dead = ()
    if judge == "estimate" and engine.empty_indices():
        dead = ai.suggest_dead(engine, seed=seed, playouts=playouts)
    score = engine.score(dead=dead)
    return score["w"], score["b"]


class GoState(_EngineState):
    """A Go position: our ``go.Game`` under OpenSpiel's State API (player 0 is White)."""

    def __init__(self, game, engine, judge: str = "estimate"):
        super().__init__(game, engine)
        self.judge = judge

    def current_player(self):
        """0 for White, 1 for Black, TERMINAL after two passes in a row (G8)."""
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.turn

    def _legal_actions(self, player):
        """The empty points' indices ascending, then a pass (72)."""
        return self.engine.legal_indices()

    def _apply_action(self, action):
        """Place on the point with this index, or pass."""
        self.engine.play_index(int(action))

    def _action_to_string(self, player, action):
        """Our notation: the point's number or 'pass'."""
        return go.NAMES[action]

    def is_terminal(self):
        """True after two passes in a row (G8)."""
        return self.engine.is_over

    def returns(self):
        """[White, Black]: 1 for a win, -1 for a loss, 0 for a draw or while the game goes on."""
        if not self.engine.is_over:
            return [0.0, 0.0]
        w, b = go_result(self.engine, judge=self.judge)
        if w > b:
            return [1.0, -1.0]
        if b > w:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self):
        """Our state key: board, marker, turn, phase, passes, moves."""
        return self.engine.state_key()


pyspiel.register_game(RACE_TYPE, RaceGame)
pyspiel.register_game(GO_TYPE, GoGame)


# -- the outside player ------------------------------------------------------------------------


def spiel_game(engine, judge: str = "estimate"):
    """The OpenSpiel game for one of our games (a race.Game or go.Game; Go counted by `judge`)."""
    if isinstance(engine, go.Game):
        return GoGame({"judge": judge})
    return RaceGame({"players": engine.players})


def spiel_state(spiel, engine):
    """An OpenSpiel state of game `spiel` on a copy of our `engine` (left unchanged)."""
    return spiel.new_initial_state(engine.copy())


def mcts_bot(spiel, simulations: int, seed: int):
    """OpenSpiel's MCTSBot: UCT with c=2, one random rollout per simulation, seeded."""
    rng = np.random.RandomState(seed % (2**32))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(
        spiel, uct_c=2, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )


def bot_move(bot, spiel, engine) -> str:
    """The bot's move in our notation for the player to move in `engine` (left unchanged)."""
    state = spiel_state(spiel, engine)
    action = bot.step(state)
    return state.action_to_string(state.current_player(), action)
