"""The stacking race's knowledge for the search: priors, playouts and an evaluation.

Everything the race knows is here: how far a move carries its stone (progress toward the goal),
whether it lands on an opponent's stone (blocking it: a covered stone cannot move, R6) or lifts a
stone off one of its own (freeing it) or off an opponent's (freeing theirs), whether it uses the
trampoline (R8), and how tall the stack it lands on is (the stone's speed next time, R4).

For speed the plug-in reads the engine's fast path for search (``race.ACTIONS`` and a game's
``stacks``, ``start_heights``, ``turn`` and ``winner``: see the race module's docstring); it
changes the game only through ``play``/``undo``.
"""

import math

from lotus.engine import race
from lotus.engine.ai.rng import clock

_GOAL_INDEX = len(race.FIELDS)
_ROUTE = [race.ROUTE_INDEX[name] for name in race.FIELDS] + [race.ROUTE_INDEX[race.GOAL]]
_LENGTH = race.ROUTE_INDEX[race.GOAL]  # steps from the start into the goal (15)
_PASS = race.PASS


def _move_table() -> dict:
    """move string -> (origin field index or -start height, final field index, progress)."""
    table = {}
    for text, (origin, _land, final, _colour) in race.ACTIONS.items():
        start = 0 if origin < 0 else _ROUTE[origin]
        table[text] = (origin, final, _ROUTE[final] - start)
    return table


MOVES = _move_table()
"""Every move string that can be legal -> (origin, final, progress); 'pass' is not in it."""

# Weights of the move heuristic (in fields of progress): see move_score.
COVER = 3.0  # landing on an opponent's stone blocks it
FREE_OWN = 2.0  # lifting off one of my stones frees it
FREE_OPPONENT = 2.0  # lifting off an opponent's stone frees it
SPEED = 0.5  # per stone under the landing spot: the stone moves that far next time
GOAL_BONUS = 1.0  # a stone in the goal is safe for good


def move_score(game: race.Game, move: str, me: str) -> float:
    """A quick opinion of `move` for colour `me` (bigger is better), in fields of progress."""
    if move == race.PASS:
        return -1.0
    origin, final, progress = MOVES[move]
    stacks = game.stacks
    if origin >= 0:
        stack = stacks[origin]
        stone = stack[-1]
        below = stack[-2] if len(stack) > 1 else None
    else:
        stone = move[1]  # 'Sw4-A4': the start stack's colour
        below = None
    if stone != me:
        # R9: a blocked player moves an opponent's stone: as little as possible, onto nothing.
        return -progress
    score = float(progress)
    if below is not None:
        score += FREE_OWN if below == me else -FREE_OPPONENT
    if final == _GOAL_INDEX:
        return score + GOAL_BONUS
    target = stacks[final]
    if target:
        if target[-1] != me:
            score += COVER
        score += SPEED * len(target)
    return score


class RaceState:
    """The search protocol over a working copy of a ``race.Game``."""

    __slots__ = ("game", "players", "colours", "depth", "temperature", "epsilon", "scale")

    def __init__(
        self,
        game: race.Game,
        depth=24,
        temperature: float = 1.0,
        epsilon: float = 0.25,
        scale: float = 6.0,
    ) -> None:
        """Wrap a copy of `game`; playouts run `depth` plies (None: to the end), then evaluate."""
        self.game = game.copy()
        self.players = game.players
        self.colours = game.colours
        self.depth = depth
        self.temperature = temperature
        self.epsilon = epsilon
        self.scale = scale

    def to_move(self) -> int:
        """The index of the player to move (colour order w, b, r, y)."""
        return self.game.turn

    def actions(self) -> list:
        """The legal move strings."""
        return self.game.legal_moves()

    def apply(self, move: str) -> None:
        """Play a move."""
        self.game.play(move)

    def undo(self) -> None:
        """Take back the last move."""
        self.game.undo()

    def terminal(self) -> bool:
        """True when a colour has all its stones in the goal (R11)."""
        return self.game.winner is not None

    def returns(self) -> list:
        """1 for the winner, 0 for the others."""
        winner = self.game.winner
        return [1.0 if c == winner else 0.0 for c in self.colours]

    def priors(self, actions: list) -> list:
        """A softmax of the move heuristic: good moves are searched first."""
        game = self.game
        me = self.colours[game.turn]
        scores = [move_score(game, m, me) for m in actions]
        top = max(scores)
        t = self.temperature
        weights = [math.exp((s - top) / t) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]

    def rollout(self, rng) -> list:
        """Play by the move heuristic (sometimes at random) to the end, or for `depth` plies
        and then evaluate; the state is left as it was found."""
        game = self.game
        colours = self.colours
        play = game.play
        legal_moves = game.legal_moves
        stacks = game.stacks
        moves = MOVES
        random = rng.random
        eps = self.epsilon
        depth = self.depth
        if depth is None:
            depth = 1 << 30
        n = 0
        while n < depth and game.winner is None:
            legal = legal_moves()
            k = len(legal)
            if k == 1:
                move = legal[0]
            elif random() < eps:
                move = legal[int(random() * k)]
            else:
                # The best move by move_score (inlined: this loop is the search's hot spot).
                me = colours[game.turn]
                move = legal[0]
                best = -1e9
                for m in legal:
                    if m == _PASS:
                        s = -1.0
                    else:
                        origin, final, s = moves[m]
                        own = True
                        if origin >= 0:
                            stack = stacks[origin]
                            if stack[-1] != me:
                                own = False
                            elif len(stack) > 1:
                                s += FREE_OWN if stack[-2] == me else -FREE_OPPONENT
                        elif m[1] != me:
                            own = False
                        if not own:
                            s = -s
                        elif final == _GOAL_INDEX:
                            s += GOAL_BONUS
                        else:
                            target = stacks[final]
                            if target:
                                if target[-1] != me:
                                    s += COVER
                                s += SPEED * len(target)
                    if s > best:
                        best = s
                        move = m
            play(move)
            n += 1
        result = self.returns() if game.winner is not None else evaluate(game, self.scale)
        for _ in range(n):
            game.undo()
        return result

    def name(self, move: str) -> str:
        """The notation of a move (moves are already notation)."""
        return move


def remaining(game: race.Game) -> list:
    """Per colour: fields its stones still have to travel, plus a toll for covered stones."""
    colours = game.colours
    where = {c: i for i, c in enumerate(colours)}
    left = [0.0] * len(colours)
    start = game.start_heights
    for i, c in enumerate(colours):
        left[i] = _LENGTH * sum(start[c])
    for f, stack in enumerate(game.stacks):
        if stack:
            togo = _LENGTH - _ROUTE[f]
            top = len(stack) - 1
            for k, c in enumerate(stack):
                j = where[c]
                left[j] += togo
                if k < top:
                    left[j] += 1.5  # covered: it waits until the stones above it move
    return left


def evaluate(game: race.Game, scale: float) -> list:
    """Each colour's chance to win, a softmax of the fields it has left to travel."""
    left = remaining(game)
    low = min(left)
    weights = [math.exp((low - x) / scale) for x in left]
    total = sum(weights)
    return [w / total for w in weights]


SOLVE_DEPTH = 40
"""The solver's deepest line, in plies (a guard: every stone is on the board by then)."""

SOLVE_STONES = 14
"""The solver starts when at most this many stones are left on the board: with more, 20,000
positions proved nothing in the arena's games and cost as much as half the search."""


def forced_win(game: race.Game, nodes: int, deadline=None):
    """A move that wins by force for the player to move, or None: an exact search of the endgame
    (every stone off its start stacks, R3, and at most SOLVE_STONES on the board), against any
    replies (the other colours as one side), given up after `nodes` positions or at `deadline`
    (an ``rng.clock()`` value). A stone never moves back, so such an endgame is short."""
    if nodes <= 0:
        return None
    starts = game.start_heights
    for c in game.colours:
        if starts[c][0]:
            return None
    if sum([len(s) for s in game.stacks]) > SOLVE_STONES:
        return None
    work = game.copy()
    me = work.turn
    known = {}
    open_moves = _ordered(work, work.colours[me])
    # Rounds of growing shares of the budget for each move still open, so that one move's long
    # search does not spend the budget that proves another.
    share = max(1, nodes // (8 * len(open_moves)))
    while open_moves and nodes > 0:
        still = []
        for move in open_moves:
            budget = [min(share, nodes)]
            work.play(move)
            won = _wins(work, me, budget, known, SOLVE_DEPTH, deadline)
            work.undo()
            nodes -= min(share, nodes) - budget[0]
            if deadline is not None and clock() > deadline:
                return None
            if won:
                return move
            if won is None:
                still.append(move)
        open_moves = still
        share *= 2
    return None


def _ordered(game: race.Game, me: str) -> list:
    """The legal moves, the move heuristic's best first (the likeliest proofs and refutations)."""
    moves = game.legal_moves()
    scored = [(move_score(game, m, me), i) for i, m in enumerate(moves)]
    scored.sort(reverse=True)
    return [moves[i] for _s, i in scored]


def _wins(game: race.Game, me: int, budget: list, known: dict, depth: int, deadline):
    """True when colour index `me` wins by force from here, False when it cannot (the others can
    stop it), None when the budget or the depth ran out first."""
    winner = game.winner
    if winner is not None:
        return winner == game.colours[me]
    if depth == 0 or budget[0] <= 0:
        return None
    key = str(game.turn) + "|".join(["".join(s) for s in game.stacks])
    if key in known:
        return known[key]
    budget[0] -= 1
    if deadline is not None and budget[0] & 255 == 0 and clock() > deadline:
        budget[0] = 0
    mine = game.turn == me
    result = not mine  # mine: no winning move found yet; theirs: no refutation found yet
    for move in _ordered(game, game.colours[game.turn]):
        game.play(move)
        won = _wins(game, me, budget, known, depth - 1, deadline)
        game.undo()
        if won is None:
            result = None
        elif won == mine:
            # Mine: a winning move; theirs: every reply must win, and this one does not.
            result = mine
            break
    if result is not None:
        known[key] = result
    return result
