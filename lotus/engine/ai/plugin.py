"""A game's computer player: the plug-in an engine game names, and one that plays any game.

Every engine game names its plug-in module (``lotus.engine.Game.search_plugin``); the module
holds ``PLUGIN``, an instance of a ``Plugin`` subclass, which ``of(game)`` finds, importing the
module on first use (so neither the engines nor the page ever import the search). The search
(``lotus.engine.ai.mcts``) and the analysis ask the plug-in, never the game's class:

- ``levels``: per level ("easy" ... "expert"), the work and settings of a move: "iterations" (the
  search's playouts), "c_puct" and "ucb4" (``mcts.level_settings``) and the plug-in's own;
- ``judges``: the ways a finished game may be counted, for ``choose_move``'s `judge` (none: one);
- ``choose``, ``analysis_state``, ``final_values``: the move, the analysis's search state, a
  finished game's value per colour;
- ``has_ownership``, ``ownership`` and ``dead_groups``: a board of points whose owners and dead
  groups the playouts estimate (Go); the others refuse.

``Plugin`` itself plays any game through the engine protocol alone (``PlayState``: every legal
move equally likely, random playouts to the end): a plug-in overrides what its game knows better.
"""

import sys

from lotus.engine.ai.mcts import level_settings, search

PLAYOUT_LIMIT = 1000
"""A random playout of ``PlayState`` that has not ended after this many moves counts as a draw."""


def of(game):
    """The plug-in of an engine game (``lotus.engine.Game``), its module imported on first use."""
    name = game.search_plugin
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    return module.PLUGIN


def shares(colours, winner) -> list:
    """Each colour's share of a finished game: 1 for the winner, equal parts for a draw."""
    if winner is None:
        return [1.0 / len(colours)] * len(colours)
    return [1.0 if c == winner else 0.0 for c in colours]


class PlayState:
    """The search protocol (``lotus.engine.ai.mcts``) over a working copy of any engine game:
    no knowledge beyond the rules, so every move is as likely, and a playout moves at random."""

    __slots__ = ("game", "players")

    def __init__(self, game) -> None:
        """Wrap a copy of `game`."""
        self.game = game.copy()
        self.players = len(game.colours)

    def to_move(self) -> int:
        """The index of the colour to move."""
        return self.game.turn

    def actions(self) -> list:
        """The legal moves in notation."""
        return self.game.legal_moves()

    def apply(self, move: str) -> None:
        """Play a move."""
        self.game.play(move)

    def undo(self) -> None:
        """Take back the last move."""
        self.game.undo()

    def terminal(self) -> bool:
        """True when the game is over."""
        return self.game.is_over

    def returns(self) -> list:
        """1 for the winner, 0 for the others, equal parts for a draw."""
        return shares(self.game.colours, self.game.winner)

    def priors(self, actions: list) -> list:
        """Every move as likely."""
        return [1.0 / len(actions)] * len(actions)

    def rollout(self, rng) -> list:
        """Random moves to the end (a draw after PLAYOUT_LIMIT), then taken back."""
        game = self.game
        played = 0
        while not game.is_over and played < PLAYOUT_LIMIT:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            played += 1
        reward = self.returns() if game.is_over else shares(game.colours, None)
        for _ in range(played):
            game.undo()
        return reward

    def name(self, move: str) -> str:
        """The notation of a move (moves are already notation)."""
        return move


class Plugin:
    """A game's computer player (module docstring); this base plays by the protocol alone."""

    levels = {
        "easy": {"iterations": 40},
        "medium": {"iterations": 200},
        "hard": {"iterations": 1000},
        "expert": {"iterations": 5000},
    }
    judges = ()
    has_ownership = False
    state_class = PlayState  # the search protocol's state over a copy of a game (`state`)

    def state(self, game, rng, **settings):
        """The search protocol's state over a copy of `game` (a level's plug-in settings)."""
        return self.state_class(game, **settings)

    def judge(self, game, judge=None):
        """The count the computer plays for in `game`: `judge` (one of ``judges``), or the
        plug-in's choice for the position; None when the game is counted one way only."""
        return judge

    def choose(self, game, level: str, rng, deadline=None, judge=None) -> str:
        """The move in notation for the colour to move in `game` (left unchanged) at `level`:
        the tree search's most visited move. `deadline`: an ``rng.clock()`` value or None."""
        iterations, c_puct, _ucb4, cfg = level_settings(self.levels[level])
        state = self.state(game, rng, **cfg)
        action, _root = search(state, iterations, rng, c_puct=c_puct, deadline=deadline)
        return state.name(action)

    def analysis_state(self, game, settings: dict, rng, recording) -> tuple:
        """(the analysis's search state for `game`, iterations, c_puct) at a level's `settings`:
        `recording(cls, alternate_depth=False)` makes a state class that keeps every playout's
        rewards (``lotus.engine.ai.analysis``)."""
        iterations, c_puct, _ucb4, cfg = level_settings(settings)
        return recording(self.state_class)(game, **cfg), iterations, c_puct

    def final_values(self, game, rng) -> list:
        """Each colour's share of a finished game, in ``game.colours``' order."""
        return shares(game.colours, game.winner)

    def dead_groups(self, game, playouts: int, rng) -> list:
        """The dead groups to agree after play (Go); a game without them refuses."""
        raise ValueError("suggest_dead needs a game with dead groups to agree (Go): it has none")

    def ownership(self, game, playouts: int, rng) -> list:
        """Per point, White's share of the playouts' boards (Go); a game without points refuses."""
        raise ValueError("ownership needs a game whose board has points to own (Go): it has none")

    def estimated_score(self, game, own: list) -> list:
        """Each colour's expected count at the end, from `own` (``ownership``), in colour order
        (Go); a game without points refuses."""
        raise ValueError("a score estimate needs a game whose board has points to own (Go)")
