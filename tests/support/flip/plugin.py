"""Flip's computer player: the protocol's plain search (lotus.engine.ai.plugin), with priors that
favour corners and edges (a stone there is reversed less often) and small levels: the board is
small."""

from lotus.engine.ai.plugin import PlayState, Plugin


class FlipState(PlayState):
    """The plain search state, with corners and edges tried first."""

    __slots__ = ()

    def priors(self, actions: list) -> list:
        game = self.game
        size = game.size
        weights = []
        for move in actions:
            if move == "pass":
                weights.append(1.0)
                continue
            col = "abcdef".find(move[0])
            row = int(move[1:]) - 1
            edges = (col in (0, size - 1)) + (row in (0, size - 1))
            weights.append((1.0, 2.0, 4.0)[edges])
        total = sum(weights)
        return [w / total for w in weights]


class FlipPlugin(Plugin):
    """Flip's plug-in: the plain search over FlipState, at levels of its own."""

    state_class = FlipState
    levels = {
        "easy": {"iterations": 20},
        "medium": {"iterations": 60},
        "hard": {"iterations": 150},
        "expert": {"iterations": 400},
    }


PLUGIN = FlipPlugin()
"""The plug-in (engine.Game.search_plugin names this module)."""
