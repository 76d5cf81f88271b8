"""The computer's analysis of one position: each colour's chance to win, and its preferred move.

    from lotus.engine import ai, race
    g = race.Game()
    ai.analyse(g, "medium", seed=0)
    # {'value': 0.52, 'values': [0.52, 0.48], 'best': 'Sw4-A4'}

The estimate comes from the root statistics of the same search that chooses the computer's moves
(``mcts.search``): the rewards of all its playouts, averaged per colour (the search spends most of
them on the moves it likes, so this leans toward the best move's value; the best move's value
alone leans toward the player to move, by the max over noisy estimates, and made Go's graph a saw).
The search keeps, per move, the reward of the player who chooses there only; to know every
colour's share (three or four players in the race) the plug-in's playouts are recorded here, as
they return, without changing the search or the plug-ins.

A forced move (a single legal one) is not searched: the position after it is analysed instead. A
finished game is its result; a Go game after two passes (scoring) is scored by playouts.
"""

from lotus.engine import go, race
from lotus.engine.ai.go_plugin import GoState, resumed
from lotus.engine.ai.go_plugin import ownership as playout_ownership
from lotus.engine.ai.mcts import level_settings, search
from lotus.engine.ai.race_plugin import RaceState
from lotus.engine.ai.rng import Random

FORCED_LIMIT = 12
"""At most this many forced moves in a row are followed before the playouts judge alone."""

SCORING_PLAYOUTS = 64
"""Playouts that score a Go position after two passes (the dead groups are still to agree)."""


def _recording(cls, alternate_depth: bool = False):
    """A subclass of a plug-in state that sums the rewards of every playout of a search.

    With `alternate_depth` (the race's playouts, cut short after `depth` plies and then judged
    by distance) every other playout runs one ply longer: a cut always after the same player's
    turn leans the estimate by whose turn it is, which would make the graph a saw.
    """

    class Recording(cls):
        __slots__ = ("sums", "count", "odd")

        def start_recording(self) -> None:
            self.sums = None
            self.count = 0
            self.odd = False

        def _note(self, reward: list) -> list:
            if self.sums is None:
                self.sums = list(reward)
            else:
                sums = self.sums
                for i in range(len(reward)):
                    sums[i] += reward[i]
            self.count += 1
            return reward

        def rollout(self, rng) -> list:
            if not alternate_depth or self.depth is None:  # a playout to the end: no cut-off
                return self._note(cls.rollout(self, rng))
            self.odd = not self.odd
            self.depth += self.odd
            try:
                return self._note(cls.rollout(self, rng))
            finally:
                self.depth -= self.odd

        def returns(self) -> list:
            return self._note(cls.returns(self))

        def mean(self):
            """The average rewards (one per colour) of every playout of the search, or None."""
            if not self.count:
                return None
            return [x / self.count for x in self.sums]

    Recording.__name__ = "Recording" + cls.__name__
    return Recording


_RaceRecording = _recording(RaceState, alternate_depth=True)
_GoRecording = _recording(GoState)


def _state(game, level_config: dict, rng):
    """(the recording plug-in state for `game`, iterations, c_puct) at a level's settings."""
    # ucb4 unused: the estimate is the mean of the playouts, read off the PUCT search.
    iterations, c_puct, _ucb4, cfg = level_settings(level_config)
    if isinstance(game, race.Game):
        return _RaceRecording(game, **cfg), iterations, c_puct
    # The level's RAVE weight (K) is for choosing a move: the analysis reads its estimate off the
    # plain search's playouts (every one of them recorded), so it searches without RAVE.
    cfg.pop("rave", None)
    # After a resume the game ends with every stone as it stands (go_plugin.JUDGES).
    return _GoRecording(game, rng, alive=resumed(game), **cfg), iterations, c_puct


def _result(game, rng) -> list:
    """Each colour's share of a finished game: 1 for the winner, halves for a draw; a Go game in
    its scoring phase by playouts (its dead groups are not agreed yet; after a resume by the
    stones as they stand)."""
    colours = game.colours if isinstance(game, race.Game) else go.COLOURS
    if isinstance(game, go.Game) and game.phase == go.SCORING:
        state = GoState(game, rng, alive=resumed(game))
        sums = [0.0, 0.0]
        for _ in range(SCORING_PLAYOUTS):
            r = state.returns()
            sums[0] += r[0]
            sums[1] += r[1]
        return [x / SCORING_PLAYOUTS for x in sums]
    winner = game.winner
    if winner is None:
        return [1.0 / len(colours)] * len(colours)
    return [1.0 if c == winner else 0.0 for c in colours]


def analyse(game, level_config: dict, seed=0) -> dict:
    """The search's view of `game` (never changed) with a level's settings (``ai.RACE_LEVELS``…).

    Returns {"value": the first colour's chance to win (White's, 0..1), "values": every colour's
    chance in colour order, "best": the preferred move in notation, or None when the game is
    over}. Deterministic for a given seed.
    """
    rng = Random(seed)
    best = None
    work = game.copy()
    forced = 0
    while True:
        if work.is_over:
            values = _result(work, rng)
            break
        legal = work.legal_moves()
        if len(legal) == 1 and forced < FORCED_LIMIT:
            if best is None:
                best = legal[0]
            work.play(legal[0])
            forced += 1
            continue
        state, iterations, c_puct = _state(work, level_config, rng)
        state.start_recording()
        action, _root = search(state, iterations, rng, c_puct=c_puct)
        if best is None:
            best = state.name(action)
        values = state.mean()
        if values is None:  # a single legal move past the limit: no playout went through it
            values = state.rollout(rng)
        break
    values = [round(min(1.0, max(0.0, v)), 4) for v in values]
    return {"value": values[0], "values": values, "best": best}


def ownership(game, playouts: int, seed=0) -> list:
    """Go: per point (index 0-71), the share of `playouts` random fillings that end with it
    White's, 0..1 (the estimate behind the dead-group suggestion)."""
    return [round(x, 3) for x in playout_ownership(game, playouts, Random(seed))]
