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
from lotus.engine.ai.mcts import level_settings, search
from lotus.engine.ai.plugin import Plugin
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


def _reach_tables() -> tuple:
    """Bitmasks of the fields (bit i: field index i; never the goal) where a free stone lands:
    per board field index and stack height (the stone moves that far, R4), and per colour and
    start-stack height. From ``race.ACTIONS``: a move's distance is its landing's route index
    less its origin's."""
    tallest = max(p * sum(s) for p, s in race.SET_UP.items())  # every stone of a game on one field
    board = [[0] * (tallest + 1) for _ in race.FIELDS]
    start = {c: [0] * (max(max(s) for s in race.SET_UP.values()) + 1) for c in race.COLOURS}
    for origin, land, final, colour in race.ACTIONS.values():
        if final == _GOAL_INDEX:
            continue
        if origin >= 0:
            board[origin][_ROUTE[land] - _ROUTE[origin]] |= 1 << final
        else:
            start[colour][-origin] |= 1 << final
    return board, start


_REACH_BOARD, _REACH_START = _reach_tables()


def _entry(text: str) -> tuple:
    """A move as the playouts use it: (text, origin, final, progress, start colour or None)."""
    origin, final, progress = MOVES[text]
    return (text, origin, final, progress, race.ACTIONS[text][3])


def _entry_tables() -> tuple:
    """``race.BOARD_MOVES`` and ``race.START_MOVES`` with entries (``_entry``) for strings."""
    board = [[tuple(_entry(t) for t in moves) for moves in row] for row in race.BOARD_MOVES]
    start = {}
    for c, row in race.START_MOVES.items():
        start[c] = [tuple(_entry(t) for t in moves) for moves in row]
    return board, start


_BOARD_ENTRIES, _START_ENTRIES = _entry_tables()
_PASS_ENTRY = (_PASS, None, None, -1.0, None)


def _start_entries(out: list, row: list, heights: list) -> None:
    """Append the entries of the moves from start stacks of `heights` (descending; a colour's
    row of ``_START_ENTRIES``) to `out`, in ``legal_moves``' order."""
    prev = 0
    for h in heights:
        if h != prev and h:
            out.extend(row[h])
            prev = h


def threatened(game: race.Game, me: str) -> int:
    """A bitmask of the fields (bit i: field index i) where a free stone of another colour than
    `me` can land with its next move: a stone of mine landing there may be covered next turn."""
    mask = _start_threat(game.start_heights, me)
    for f, stack in enumerate(game.stacks):
        if stack and stack[-1] != me:
            mask |= _REACH_BOARD[f][len(stack)]
    return mask


def _start_threat(start_heights: dict, me: str) -> int:
    """The part of ``threatened`` from the other colours' start stacks (`start_heights`: colour
    -> heights, as ``Game.start_heights``)."""
    mask = 0
    for c, heights in start_heights.items():
        if c != me:
            row = _REACH_START[c]
            for h in heights:
                if h:
                    mask |= row[h]
    return mask


# Weights of the move heuristic (in fields of progress): see move_score.
COVER = 3.0  # landing on an opponent's stone blocks it
FREE_OWN = 2.0  # lifting off one of my stones frees it
FREE_OPPONENT = 2.0  # lifting off an opponent's stone frees it
SPEED = 0.5  # per stone under the landing spot: the stone moves that far next time
GOAL_BONUS = 1.0  # a stone in the goal is safe for good
THREAT = 2.0  # (playouts of hard and expert) landing where another colour's stone can cover it

LEVELS = {
    "easy": {"iterations": 40, "depth": 8},
    "medium": {"iterations": 200, "depth": None},
    "hard": {"iterations": 1500, "depth": None, "threat": THREAT, "ucb4": 0.7},
    "expert": {"iterations": 7500, "depth": None, "threat": THREAT, "ucb4": 0.7},
}
"""Work per move at each level: search iterations and the plug-in's settings (``RaceState``).
``ucb4``: in a race of four, the search selects by UCB1 with this constant, not PUCT (every
chance lies near 1/4 there, and PUCT follows its priors: docs/performance.md, 2026-12-02)."""

SOLVE = {"hard": 100000, "expert": 100000}
"""Levels that first look for a forced win in the endgame: positions the solver may visit
(``forced_win``; about 0.4 s under CPython at most)."""


def move_score(game: race.Game, move: str, me: str, danger: int = 0, threat: float = 0.0) -> float:
    """A quick opinion of `move` for colour `me` (bigger is better), in fields of progress.

    `danger` (from ``threatened``) and `threat`: the score falls by `threat` where the stone
    lands on a field in `danger` (the playouts of `hard` and `expert`; the priors leave it out)."""
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
    if danger >> final & 1:
        score -= threat
    return score


class RaceState:
    """The search protocol over a working copy of a ``race.Game``."""

    __slots__ = ("game", "players", "colours", "depth", "temperature", "epsilon", "scale", "threat")

    def __init__(
        self,
        game: race.Game,
        depth=24,
        temperature: float = 1.0,
        epsilon: float = 0.25,
        scale: float = 6.0,
        threat: float = 0.0,
    ) -> None:
        """Wrap a copy of `game`; playouts run `depth` plies (None: to the end), then evaluate;
        `threat`: their move choice's penalty for landing where another colour can cover."""
        self.game = game.copy()
        self.players = game.players
        self.colours = game.colours
        self.depth = depth
        self.temperature = temperature
        self.epsilon = epsilon
        self.scale = scale
        self.threat = threat

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
        return _result(self.colours, self.game.winner)

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
        and then evaluate; the game is not changed.

        The search's hot spot: it plays on a copy of the position (``Game.playout_state``),
        listing the moves as ``legal_moves`` does (``_BOARD_ENTRIES``, ``_START_ENTRIES``: the
        same moves in the same order) and choosing as ``move_score`` scores them, without
        ``play``/``undo``: the same game as by the ordinary API for the same random numbers
        (tests/test_ai.py checks it)."""
        game = self.game
        stacks, start, goal, phase, per = game.playout_state()
        winner = game.winner
        turn = game.turn
        colours = self.colours
        players = self.players
        pro = game.pro
        board_rows = _BOARD_ENTRIES
        reach_board = _REACH_BOARD
        start_rows = _START_ENTRIES
        goal_index = _GOAL_INDEX
        random = rng.random
        eps = self.epsilon
        threat = self.threat
        depth = self.depth
        if depth is None:
            depth = 1 << 30
        n = 0
        while n < depth and winner is None:
            me = colours[turn]
            # The legal moves (in legal_moves' order) and, for the threat, where the
            # others' free stones on the board can land.
            legal = []
            _start_entries(legal, start_rows[me], start[me])
            mask = 0
            blocked = False
            if phase == 2:
                legal.append(_PASS_ENTRY)  # R10: the second move of the double first turn
                for stack, reach in zip(stacks, reach_board):
                    if stack and stack[-1] != me:
                        mask |= reach[len(stack)]
            else:
                for stack, moves, reach in zip(stacks, board_rows, reach_board):
                    if stack:
                        if stack[-1] == me:
                            legal.extend(moves[len(stack)])
                        else:
                            mask |= reach[len(stack)]
                if not legal:
                    # Blocked (R9): any opponent's free stone may move (standard rule).
                    blocked = True
                    if not pro:
                        for o in colours:
                            if o != me:
                                _start_entries(legal, start_rows[o], start[o])
                        for stack, moves in zip(stacks, board_rows):
                            if stack:
                                legal.extend(moves[len(stack)])
                    legal.append(_PASS_ENTRY)
            k = len(legal)
            if k == 1:
                entry = legal[0]
            elif random() < eps:
                entry = legal[int(random() * k)]
            elif blocked:
                # R9: move an opponent's stone as little as possible (move_score: -progress).
                entry = legal[0]
                best = -1e9
                for e in legal:
                    s = -1.0 if e is _PASS_ENTRY else -e[3]
                    if s > best:
                        best = s
                        entry = e
            else:
                # The best move by move_score (inlined; not blocked, so every move is mine).
                # threatened(): the board's part was gathered with the moves.
                danger = (mask | _start_threat(start, me)) if threat else 0
                entry = legal[0]
                best = -1e9
                for e in legal:
                    _text, origin, final, s, _colour = e
                    if final is None:
                        s = -1.0  # a pass
                    else:
                        if origin >= 0:
                            stack = stacks[origin]
                            if len(stack) > 1:
                                s += FREE_OWN if stack[-2] == me else -FREE_OPPONENT
                        if final == goal_index:
                            s += GOAL_BONUS
                        else:
                            target = stacks[final]
                            if target:
                                if target[-1] != me:
                                    s += COVER
                                s += SPEED * len(target)
                            if danger >> final & 1:
                                s -= threat
                    if s > best:
                        best = s
                        entry = e
            # Play it (race.Game.play without its checks and history).
            _text, origin, final, _progress, colour = entry
            if final is not None:
                if origin >= 0:
                    c = stacks[origin].pop()
                else:
                    c = colour
                    heights = start[c]
                    slot = len(heights) - 1
                    while heights[slot] != -origin:
                        slot -= 1
                    heights[slot] -= 1
                if final == goal_index:
                    home = goal[c] + 1
                    goal[c] = home
                    if home == per:
                        winner = c  # R11, even when moved by an opponent (R9)
                else:
                    stacks[final].append(c)
            if phase == 1:
                phase = 2  # R10: the first player moves again
            else:
                phase = 0
                turn = (turn + 1) % players
            n += 1
        if winner is not None:
            return _result(colours, winner)
        return _evaluate(colours, stacks, start, self.scale)

    def name(self, move: str) -> str:
        """The notation of a move (moves are already notation)."""
        return move


def _result(colours, winner) -> list:
    """A finished game's returns: 1 for the winner, 0 for the others."""
    return [1.0 if c == winner else 0.0 for c in colours]


def remaining(game: race.Game) -> list:
    """Per colour: fields its stones still have to travel, plus a toll for covered stones."""
    return _remaining(game.colours, game.stacks, game.start_heights)


def _remaining(colours, stacks, start) -> list:
    """``remaining`` of a position given as colours, stacks and start heights."""
    where = {c: i for i, c in enumerate(colours)}
    left = [0.0] * len(colours)
    for i, c in enumerate(colours):
        left[i] = _LENGTH * sum(start[c])
    for f, stack in enumerate(stacks):
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
    return _evaluate(game.colours, game.stacks, game.start_heights, scale)


def _evaluate(colours, stacks, start, scale: float) -> list:
    """``evaluate`` of a position given as colours, stacks and start heights."""
    left = _remaining(colours, stacks, start)
    low = min(left)
    weights = [math.exp((low - x) / scale) for x in left]
    total = sum(weights)
    return [w / total for w in weights]


SOLVE_STONES = 14
"""The solver starts when at most this many stones are left on the board. In the arena's games
(positions `hard` had to move in, every start empty), 25,000 positions proved a win in 375 of 485
positions with at most 14 stones, in 24 of 143 with 15 or 16, in 4 of 200 with 17 or 18."""

_NEW = object()  # the solver's mark for a position it has not looked at yet

MEMO_LIMIT = 60000
"""The most positions the solver keeps proved from one move to the next of a game (`_memo`)."""

_memo = {"line": None, "known": {}}  # the game's moves at the last call, and its proved positions


def proved_positions(game: race.Game) -> dict:
    """The solver's table of positions proved so far in this game, by the colour index they were
    proved for: kept from one call to the next while the calls follow one game (each call's moves
    continue the last one's), so that the work of earlier moves proves later ones. A game without
    a history (set up in a position), another game, a move taken back, or a full table starts a
    new one: a game's moves depend only on that game (the same seeds give the same game)."""
    line = [game.players, game.pro] + list(game.moves)
    last = _memo["line"]
    known = _memo["known"]
    size = 0
    for table in known.values():
        size += len(table)
    fresh = not game.moves or last is None or len(last) > len(line) or line[: len(last)] != last
    if fresh or size > MEMO_LIMIT:
        known = {}
    _memo["line"] = line
    _memo["known"] = known
    return known


def forced_win(game: race.Game, nodes: int, deadline=None, memo=None):
    """A move that wins by force for the player to move, or None: an exact search of the endgame
    (every stone off its start stacks, R3, and at most SOLVE_STONES on the board), against any
    replies (the other colours as one side), given up after `nodes` positions or at `deadline`
    (an ``rng.clock()`` value). A stone never moves back, so such an endgame is short. A position
    counts when its moves are listed (a position seen before, or a finished game, is free).
    `memo` (from `proved_positions`) keeps the positions proved for the next call."""
    if nodes <= 0:
        return None
    starts = game.start_heights
    for c in game.colours:
        if starts[c][0]:
            return None
    if sum([len(s) for s in game.stacks]) > SOLVE_STONES:
        return None
    work = game.copy()
    stacks = work.stacks
    me = work.turn
    known = {} if memo is None else memo.setdefault(me, {})
    budget = [nodes]
    rows = ["".join(s) for s in stacks]  # the stacks as strings, kept up to date by the search
    for move in work.legal_moves():
        work.play(move)
        changed = _changed(move)
        for f in changed:
            rows[f] = "".join(stacks[f])
        won = _wins(work, rows, me, budget, known, deadline)
        work.undo()
        for f in changed:
            rows[f] = "".join(stacks[f])
        if won:
            return move
        if budget[0] <= 0 or (deadline is not None and clock() > deadline):
            return None
    return None


def _changed(move: str) -> tuple:
    """The field indices whose stacks `move` changes (none for a pass or the goal)."""
    if move == _PASS:
        return ()
    origin, final, _progress = MOVES[move]
    if final == _GOAL_INDEX:
        return (origin,)
    return (origin, final)


def _wins(game: race.Game, rows: list, me: int, budget: list, known: dict, deadline):
    """True when colour index `me` wins by force from here, False when it cannot (the others can
    stop it), None when the budget ran out first. `rows` holds the stacks as strings (updated
    here as moves are played and taken back); `known` keeps the results proved, by position
    (whose turn and the stacks: the goal follows from them, the start is empty).

    A depth-first search to the end of the game, with no depth limit: every move but a pass
    carries a stone forward, and the top stone of any stack is someone's free stone, so within a
    round of turns a stone moves: every line ends. It keeps its own stack of open positions
    instead of recursing (a line can be longer than some interpreters' call depth). Moves are
    tried in the engine's order (the fields from the lanes on): a quick order that proves more of
    the arena's endgames than the move heuristic's, for which a position costs its list of moves,
    its name and a dictionary look-up. One move goes first: the move that last decided a position
    as deep (a "killer": the same idea often works again).
    """
    colours = game.colours
    stacks = game.stacks
    play = game.play
    undo = game.undo
    moves_table = MOVES
    goal = _GOAL_INDEX
    tags = [str(i) + "|" for i in range(len(colours))]
    mark = _NEW
    killers = []  # per depth: the last move that won (mine) or refuted (theirs) there
    frames = []  # per open position: [name, mine, moves, next move's index, result so far]
    value = mark  # the position on the board has not been looked at yet
    while True:
        if value is mark:
            # Look at the position on the board.
            winner = game.winner
            if winner is not None:
                value = winner == colours[me]
            elif budget[0] <= 0:
                value = None
            else:
                turn = game.turn
                key = tags[turn] + "|".join(rows)
                value = known.get(key, mark)
                if value is mark:
                    budget[0] -= 1
                    if deadline is not None and budget[0] & 255 == 0 and clock() > deadline:
                        budget[0] = 0
                    mine = turn == me
                    moves = game.legal_moves()  # never empty: a blocked player passes
                    # The move that last decided a position this deep goes first.
                    depth = len(frames)
                    if depth < len(killers):
                        killer = killers[depth]
                        if killer != moves[0] and killer in moves:
                            moves[moves.index(killer)] = moves[0]
                            moves[0] = killer
                    # mine: no winning move found yet; theirs: no refutation found yet
                    frames.append([key, mine, moves, 0, not mine])
            if value is not mark:
                continue  # hand the result to the position before
        else:
            # Hand the result of the position just looked at to the one before it.
            if not frames:
                return value
            frame = frames[-1]
            move = frame[2][frame[3] - 1]
            undo()
            if move != _PASS:
                origin, final, _progress = moves_table[move]
                rows[origin] = "".join(stacks[origin])
                if final != goal:
                    rows[final] = "".join(stacks[final])
            mine = frame[1]
            if value is None:
                frame[4] = None
            elif value == mine:
                # Mine: a winning move; theirs: every reply must win, and this one does not.
                frame[4] = mine
                frame[3] = len(frame[2])
                depth = len(frames) - 1
                while len(killers) <= depth:
                    killers.append(None)
                killers[depth] = move
        frame = frames[-1]
        if frame[3] == len(frame[2]):
            # Every move tried (or a cut): the position's result goes to the one before it.
            frames.pop()
            value = frame[4]
            if value is not None:
                known[frame[0]] = value
            continue
        # Play the open position's next move.
        move = frame[2][frame[3]]
        frame[3] += 1
        play(move)
        if move != _PASS:
            origin, final, _progress = moves_table[move]
            rows[origin] = "".join(stacks[origin])
            if final != goal:
                rows[final] = "".join(stacks[final])
        value = mark


class RacePlugin(Plugin):
    """The race's computer player: the endgame solver, then the tree search over ``RaceState``."""

    levels = LEVELS

    def choose(self, game, level: str, rng, deadline=None, judge=None) -> str:
        """A forced win when the solver finds one (``SOLVE``'s levels), else the search's move;
        a race of four selects by UCB1 (``ucb4``)."""
        iterations, c_puct, ucb4, cfg = level_settings(LEVELS[level])
        ucb = ucb4 if game.players == 4 else None
        solve = SOLVE.get(level, 0)
        memo = proved_positions(game) if solve else None
        won = forced_win(game, solve, deadline, memo)  # endgame solved
        if won is not None:
            return won
        state = RaceState(game, **cfg)
        action, _root = search(state, iterations, rng, c_puct=c_puct, deadline=deadline, ucb=ucb)
        return state.name(action)

    def analysis_state(self, game, settings: dict, rng, recording) -> tuple:
        """``RaceState`` recording its playouts; every other one runs a ply longer (a cut always
        after the same player's turn would lean the estimate by whose turn it is)."""
        # ucb4 unused: the estimate is the mean of the playouts, read off the PUCT search.
        iterations, c_puct, _ucb4, cfg = level_settings(settings)
        return recording(RaceState, True)(game, **cfg), iterations, c_puct


PLUGIN = RacePlugin()
"""The race's plug-in (``race.Game.search_plugin`` names this module)."""
