"""One Monte Carlo tree search for every game, through a small protocol (the OpenSpiel model).

A game plug-in wraps a working copy of a game and offers:

- ``players``: the number of players; ``to_move()``: the index of the player to move;
- ``actions()``: the legal actions now (any hashable values), never empty unless terminal;
- ``apply(action)`` and ``undo()``: play and take back, exactly;
- ``terminal()``: True when the game is over; ``returns()``: one reward in 0..1 per player;
- ``priors(actions)``: the plug-in's prior belief in each action (positive numbers, sum 1);
- ``rollout(rng)``: an estimate of ``returns()`` from here (a playout, cut short or not), which
  leaves the state as it found it.

The search is PUCT (the selection rule of AlphaZero, with the plug-in's heuristic priors in place
of a network) with max^n backups: every node keeps, for each of its actions, the summed reward of
the player who chooses there, so in a 3- or 4-player race each player maximises their own chance.
It can select by UCB1 instead (``ucb``), which spreads the visits more evenly: the race of four
does, where every chance lies near 1/4 and PUCT would follow its priors.
"""

import math

from lotus.engine.ai.rng import clock

TERMINAL = object()
"""Marks a child that is a finished game: its value is ``returns()``, never expanded."""


class Node:
    """The statistics of one position: per action its visits, summed reward and child node.

    A node is created when a playout first reaches it, but its actions and priors are only
    computed when the search comes through it again (``expand``): most leaves never are.
    """

    __slots__ = ("player", "actions", "priors", "visits", "values", "children", "total", "sum")

    def __init__(self, player: int) -> None:
        """A node for `player` to choose at, not yet expanded."""
        self.player = player
        self.actions = None
        self.priors = None
        self.visits = None
        self.values = None
        self.children = None
        self.total = 0
        self.sum = 0.0

    def expand(self, state) -> None:
        """Fill in the actions at `state` (this node's position) and the plug-in's priors."""
        actions = state.actions()
        k = len(actions)
        self.actions = actions
        self.priors = state.priors(actions)
        self.visits = [0] * k
        self.values = [0.0] * k
        self.children = [None] * k


def _select(node: Node, c_puct: float, fpu: float) -> int:
    """The action index maximising Q + c * P * sqrt(N) / (1 + n) (PUCT)."""
    total = node.total
    # First-play urgency: an unvisited action is assumed a little worse than the node's average.
    q0 = (node.sum / total - fpu) if total else 0.5
    scale = c_puct * math.sqrt(total + 1)
    visits = node.visits
    values = node.values
    best = 0
    best_score = -1e9
    i = 0
    for p in node.priors:
        n = visits[i]
        if n:
            score = values[i] / n + scale * p / (1 + n)
        else:
            score = q0 + scale * p
        if score > best_score:
            best_score = score
            best = i
        i += 1
    return best


def _select_ucb(node: Node, c: float) -> int:
    """The action index maximising Q + c * sqrt(ln N / n) (UCB1); unvisited actions first, the
    likeliest by the priors first."""
    visits = node.visits
    values = node.values
    log_total = math.log(node.total) if node.total > 1 else 0.0
    best = 0
    best_score = -1e9
    i = 0
    for p in node.priors:
        n = visits[i]
        if n:
            score = values[i] / n + c * math.sqrt(log_total / n)
        else:
            score = 1e6 + p
        if score > best_score:
            best_score = score
            best = i
        i += 1
    return best


def level_settings(level_config: dict) -> tuple:
    """A level's settings (a plug-in's ``levels``) split into the search's and the plug-in's:
    (iterations, c_puct, ucb4, the rest). ``ucb4`` is UCB1's constant where four play (None:
    PUCT always)."""
    cfg = dict(level_config)
    return cfg.pop("iterations"), cfg.pop("c_puct", 1.0), cfg.pop("ucb4", None), cfg


def most_visited(root: Node):
    """The root's most visited action (ties: the higher value, then the lower index)."""
    best = 0
    visits = root.visits
    values = root.values
    for i in range(1, len(root.actions)):
        if visits[i] > visits[best] or (visits[i] == visits[best] and values[i] > values[best]):
            best = i
    return root.actions[best]


def search(
    state,
    iterations: int,
    rng,
    c_puct: float = 1.0,
    fpu: float = 0.1,
    deadline: float | None = None,
    ucb: float | None = None,
) -> tuple:
    """Run the search from `state` (left unchanged); return (best action, root node).

    `iterations` bounds the work; `deadline` (an ``rng.clock()`` value) stops it sooner.
    The best action is the most visited one (ties: the higher value, then the lower index).
    `ucb` set: select by UCB1 with that constant instead of PUCT (`c_puct` and `fpu` unused).
    """
    root = Node(state.to_move())
    root.expand(state)
    actions = root.actions
    if len(actions) == 1:
        return actions[0], root
    apply = state.apply
    undo = state.undo
    for it in range(iterations):
        if deadline is not None and it & 7 == 0 and it and clock() > deadline:
            break
        node = root
        path = []
        while True:
            if node.actions is None:
                node.expand(state)
            i = _select(node, c_puct, fpu) if ucb is None else _select_ucb(node, ucb)
            path.append((node, i))
            apply(node.actions[i])
            child = node.children[i]
            if child is None:
                if state.terminal():
                    node.children[i] = TERMINAL
                    reward = state.returns()
                else:
                    node.children[i] = Node(state.to_move())
                    reward = state.rollout(rng)
                break
            if child is TERMINAL:
                reward = state.returns()
                break
            node = child
        for node, i in path:
            undo()
            r = reward[node.player]
            node.visits[i] += 1
            node.values[i] += r
            node.total += 1
            node.sum += r
    return most_visited(root), root
