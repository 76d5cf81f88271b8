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
finished game is its result (the plug-in's ``final_values``: a Go game after two passes, in its
scoring phase, is scored by playouts). The game's plug-in (``lotus.engine.ai.plugin``) makes the
search's state, from the recording classes made here.
"""

from lotus.engine.ai.mcts import search
from lotus.engine.ai.plugin import of as plugin_of
from lotus.engine.ai.rng import Random

FORCED_LIMIT = 12
"""At most this many forced moves in a row are followed before the playouts judge alone."""


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


_RECORDING = {}  # (plug-in state class, alternate_depth) -> its recording subclass


def recording(cls, alternate_depth: bool = False):
    """The recording subclass of a plug-in's state class (``_recording``), made once."""
    key = (cls, alternate_depth)
    made = _RECORDING.get(key)
    if made is None:
        made = _RECORDING[key] = _recording(cls, alternate_depth)
    return made


def analyse(game, level_config: dict, seed=0) -> dict:
    """The search's view of `game` (never changed) with a level's settings (its plug-in's
    ``levels``).

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
            values = plugin_of(work).final_values(work, rng)
            break
        legal = work.legal_moves()
        if len(legal) == 1 and forced < FORCED_LIMIT:
            if best is None:
                best = legal[0]
            work.play(legal[0])
            forced += 1
            continue
        found = plugin_of(work)
        state, iterations, c_puct = found.analysis_state(work, level_config, rng, recording)
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
    return [round(x, 3) for x in plugin_of(game).ownership(game, playouts, Random(seed))]
