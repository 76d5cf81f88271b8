"""The reversal Go game's knowledge for the search: priors, playouts, ownership and dead groups.

What the plug-in knows of Lotus (Freeling):

- stones never leave the board, so a playout fills every empty point; on a full board every group
  holds a lotus (G5-G7), and the colours there are the playout's verdict on every point;
- captures reverse (G6): a move that takes an opponent group's last liberty wins it whole, and a
  move that leaves its own group without a liberty gives that group away (G7);
- the lotus (six corners of a hexagon, G5) is the only unconditional life: the priors favour
  hexagon corners, completing one's own lotus and spoiling the opponent's;
- a pass moves the marker one point toward the passer (G3): when no placement changes the outcome,
  a pass is worth a point, so the search passes once the board is settled;
- after two passes the dead groups are those the playouts give to the opponent (``ownership``),
  when the opponent accepts such marks; when it does not (play was resumed after a scoring phase,
  or an outside player that counts every stone), the game that two passes end is counted with
  every stone as it stands (``alive``), and a dead group must be captured on the board to count.

For speed it reads the engine's fast path for search (``go.place``, the stones, groups and empty
points of a ``go.Game``: see the go module's docstring), and changes the game only through
``play_index``/``undo``.
"""

import math

from lotus.engine import go
from lotus.engine.ai.mcts import TERMINAL, Node, level_settings, most_visited, search
from lotus.engine.ai.plugin import Plugin, shares
from lotus.engine.ai.rng import clock
from lotus.engine.kensington import (
    BIT_INDEX,
    FULL,
    HEXAGON_MASKS,
    NEIGHBOUR_MASKS,
    SIZE,
    has_lotus,
    popcount,
)

_NB = NEIGHBOUR_MASKS
_BI = BIT_INDEX
_HEX = HEXAGON_MASKS
_place = go.place
PASS_INDEX = go.PASS_INDEX

# HEX_OF[i]: the mask of the hexagon whose corner index i is, or 0 for an outline point.
HEX_OF = [0] * SIZE
for _h in _HEX:
    for _i in range(SIZE):
        if _h >> _i & 1:
            HEX_OF[_i] = _h


# Prior weights (log scale): what the search should look at first.
LOTUS_OWN = (0.6, 0.9, 1.2, 1.6, 2.2, 4.0)  # my corners on the hexagon already (none of theirs)
LOTUS_SPOIL = (0.0, 0.3, 0.6, 1.2, 2.0, 3.5)  # their corners (none of mine): spoil their lotus
CAPTURE = 1.0  # plus 0.3 per stone won
SAVE = 1.0  # my group in atari gets a second liberty
ATARI = 0.4  # an opponent group drops to one liberty
SELF_ATARI = -1.5  # my group is left with one liberty
SUICIDE = -5.0  # my group is left without a liberty: reversed to the opponent (G7)
PASS_PRIOR = -2.0  # log weight of a pass while placements remain
PASS_SETTLED = 0.5  # ... after the opponent passed

LEVELS = {
    "easy": {"iterations": 40, "rave": 500},
    "medium": {"iterations": 250, "rave": 500},
    "hard": {"iterations": 1000, "rave": 500},
    "expert": {"iterations": 7500, "rave": 500},
}
"""Work per move at each level: search iterations and the RAVE weight (``rave_search``)."""

JUDGES = ("estimate", "all-alive")
"""How a game that two passes end is counted: with the playouts' dead groups reversed (the
opponent accepts the computer's marks), or with every stone as it stands (it does not)."""

SCORING_PLAYOUTS = 64
"""Playouts that value a game in its scoring phase for the analysis (its dead groups are still
to agree)."""

# Counting a finished game (G9, G10) inside the search and before passing.
COUNT_PLAYOUTS = 48
"""Playouts behind the dead groups when the search counts a game that two passes ended."""

RESIGN_VALUE = 0.02
"""The search resigns when its best move is worth less than this (reward 0..1: every playout
through it lost, by about ten points or more on average) on a board at least half full."""

RESIGN_STONES = SIZE // 2

RESIGN_MARGIN = 10
"""... and when the count, were play to end by passes now, puts it at least this far behind."""


def point_score(s: list, gm: list, gn: list, i: int, t: int) -> float:
    """A quick opinion (log-weight) of placing colour index t on empty index i."""
    me = s[t]
    op = s[1 - t]
    bit = 1 << i
    empty = FULL ^ (me | op)
    nb = _NB[i]
    score = 0.0
    # Liberties of the mover's group after the stone joins its neighbours (G4).
    libs = nb & empty
    group = bit
    x = nb & me
    saved = 0
    while x:
        j = _BI[x & -x]
        g = gm[j]
        x &= ~g
        group |= g
        glibs = gn[j] & empty
        libs |= glibs
        if glibs == bit:
            saved += popcount(g)
    libs &= ~bit
    captured = 0
    x = nb & op
    while x:
        j = _BI[x & -x]
        g = gm[j]
        x &= ~g
        olibs = gn[j] & empty
        if olibs == bit:
            if not has_lotus(g):
                captured += popcount(g)
                group |= g
        elif olibs & bit and popcount(olibs) == 2 and not has_lotus(g):
            score += ATARI
    if captured:
        score += CAPTURE + 0.3 * captured
    elif not libs and not has_lotus(group):
        return SUICIDE
    elif libs & (libs - 1) == 0 and not has_lotus(group):
        score += SELF_ATARI
    if saved and libs & (libs - 1):
        score += SAVE + 0.2 * saved
    h = HEX_OF[i]
    if h:
        mine = popcount(me & h)
        theirs = popcount(op & h)
        if not theirs:
            score += LOTUS_OWN[mine]
        elif not mine:
            score += LOTUS_SPOIL[theirs]
    return score


def fill(s: list, gm: list, gn: list, empties: list, t: int, random) -> list:
    """Fill every empty point, alternating from colour index t, in place (a playout); return
    [white, black]: the points each colour placed on (for the search's all-moves-as-first).

    Each placement is a random empty point, but a point where the mover's group would be left
    without a liberty (and win nothing) is tried again once: players rarely give groups away.
    """
    placed = [0, 0]
    while empties:
        n = len(empties)
        k = int(random() * n)
        i = empties[k]
        if n > 1:
            me = s[t]
            empty = FULL ^ (me | s[1 - t])
            nb = _NB[i]
            if not nb & empty & ~(1 << i):
                # No empty neighbour: is it a capture, or does a neighbouring group of mine
                # keep a liberty elsewhere? If neither, try another point once.
                bit = 1 << i
                ok = False
                x = nb & (me | s[1 - t])
                while x:
                    j = _BI[x & -x]
                    g = gm[j]
                    x &= ~g
                    if gn[j] & empty & ~bit:
                        if me & g:
                            ok = True
                            break
                    elif s[1 - t] & g:
                        ok = True
                        break
                if not ok:
                    k = int(random() * n)
                    i = empties[k]
        empties[k] = empties[-1]
        empties.pop()
        _place(s, gm, gn, i, t)
        placed[t] |= 1 << i
        t = 1 - t
    return placed


def playout(game: go.Game, random) -> tuple:
    """The (white, black) stones after filling the board from `game` (left unchanged)."""
    s = list(game.masks())
    fill(s, game.groups[:], game.borders[:], game.empty_indices(), game.turn, random)
    return s[0], s[1]


class GoState:
    """The search protocol over a working copy of a ``go.Game``."""

    __slots__ = (
        "game",
        "players",
        "rng",
        "win_weight",
        "margin_scale",
        "temperature",
        "alive",
        "counted",
        "depth",
        "no_pass",
    )

    def __init__(
        self,
        game: go.Game,
        rng,
        win_weight: float = 0.9,
        margin_scale: float = 12.0,
        temperature: float = 1.0,
        alive: bool = False,
    ) -> None:
        """Wrap a copy of `game`; `rng` drives the playouts that score finished games; `alive`:
        a finished game counts every stone as it stands (no dead groups are agreed)."""
        self.game = game.copy()
        self.alive = alive
        self.players = 2
        self.rng = rng
        self.win_weight = win_weight
        self.margin_scale = margin_scale
        self.temperature = temperature
        self.counted = {}  # (white, black, marker) of a finished game -> its rewards
        self.depth = 0  # moves applied since the root
        self.no_pass = False  # the root's pass is left out (it would lose the count)

    def to_move(self) -> int:
        """0 for White, 1 for Black."""
        return self.game.turn

    def actions(self) -> list:
        """The empty points' indices, then PASS_INDEX (not at the root when ``no_pass``)."""
        out = self.game.legal_indices()
        if self.no_pass and not self.depth and len(out) > 1:
            out.pop()
        return out

    def apply(self, i: int) -> None:
        """Play a move index."""
        self.game.play_index(i)
        self.depth += 1

    def undo(self) -> None:
        """Take back the last move."""
        self.game.undo()
        self.depth -= 1

    def terminal(self) -> bool:
        """True after two passes in a row (G8)."""
        return self.game.is_over

    def _rewards(self, w: int, b: int) -> list:
        """Rewards from full-board stones (the marker added): mostly the win, a little margin."""
        return self._margin_rewards(popcount(w) - popcount(b) + self.game.marker)

    def _margin_rewards(self, margin: int) -> list:
        """[White, Black] rewards for White's lead `margin` (negative: Black leads)."""
        if margin > 0:
            win = 1.0
        elif margin < 0:
            win = 0.0
        else:
            win = 0.5
        shaped = 0.5 + 0.5 * math.tanh(margin / self.margin_scale)
        rw = self.win_weight * win + (1.0 - self.win_weight) * shaped
        return [rw, 1.0 - rw]

    def returns(self) -> list:
        """After two passes: the count of G10 exactly, stones, territory and marker, with the
        dead groups the playouts find (as ``suggest_dead`` finds them), or with none when
        ``alive``; once per position."""
        game = self.game
        w, b = game.masks()
        key = (w, b, game.marker)
        r = self.counted.get(key)
        if r is None:
            sw, sb = count(game, COUNT_PLAYOUTS, self.rng, self.alive)
            r = self._margin_rewards(sw - sb)
            self.counted[key] = r
        return r

    def rollout(self, rng) -> list:
        """Fill the board at random (no suicides, mostly) and score it with the marker."""
        w, b = playout(self.game, rng.random)
        return self._rewards(w, b)

    def rollout_placed(self, rng) -> tuple:
        """``rollout``, and [white, black]: the points each colour placed on in the playout."""
        game = self.game
        s = list(game.masks())
        placed = fill(
            s, game.groups[:], game.borders[:], game.empty_indices(), game.turn, rng.random
        )
        return self._rewards(s[0], s[1]), placed

    def priors(self, actions: list) -> list:
        """A softmax of the point heuristic; a pass is likely only after the opponent passed."""
        game = self.game
        s = list(game.masks())
        gm = game.groups
        gn = game.borders
        t = game.turn
        logs = []
        for i in actions:
            if i == PASS_INDEX:
                logs.append(PASS_SETTLED if game.passes else PASS_PRIOR)
            else:
                logs.append(point_score(s, gm, gn, i, t))
        top = max(logs)
        temp = self.temperature
        weights = [math.exp((x - top) / temp) for x in logs]
        total = sum(weights)
        return [x / total for x in weights]

    def name(self, i: int) -> str:
        """The notation of a move index."""
        return go.NAMES[i]


def ownership(game: go.Game, playouts: int, rng) -> list:
    """Per point, the share of playouts (from `game`'s board) that end with it White's, 0..1.

    Half the playouts start with White, half with Black, so neither gets the first move free.
    """
    counts = [0] * SIZE
    random = rng.random
    for k in range(playouts):
        s = list(game.masks())
        fill(s, game.groups[:], game.borders[:], game.empty_indices(), k & 1, random)
        w = s[0]
        while w:
            low = w & -w
            counts[_BI[low]] += 1
            w ^= low
    return [c / playouts for c in counts]


def dead_groups(game: go.Game, playouts: int, rng) -> list:
    """Groups (lowest point, notation) that most playouts give to the opponent; never a lotus."""
    own = ownership(game, playouts, rng)
    w, b = game.masks()
    out = []
    rest = w | b
    while rest:
        k = _BI[rest & -rest]
        group = game.groups[k]
        rest &= ~group
        if has_lotus(group):
            continue
        white = bool(w & group)
        if (own[k] < 0.5) if white else (own[k] > 0.5):
            out.append(go.NAMES[k])
    return out


# -- the search with all-moves-as-first (RAVE) ------------------------------------------------


class RaveNode(Node):
    """A position's statistics, as ``mcts.Node``, plus per action its all-moves-as-first count
    and summed reward: the playouts through this node in which the player to move here placed a
    stone on that point later on (a point is placed on once in a game: stones never leave)."""

    __slots__ = ("amaf_n", "amaf_v")

    def __init__(self, player: int) -> None:
        """A node for `player` to choose at, not yet expanded."""
        super().__init__(player)
        self.amaf_n = None
        self.amaf_v = None

    def expand(self, state) -> None:
        """``Node.expand``, and the all-moves-as-first statistics at zero."""
        super().expand(state)
        k = len(self.actions)
        self.amaf_n = [0] * k
        self.amaf_v = [0.0] * k


def _rave_select(node, c_puct: float, fpu: float, inv_k: float) -> int:
    """The action maximising (1 - b) Q + b Q_amaf + c P sqrt(N) / (1 + n), where the weight of
    the all-moves-as-first value is b = m / (m + n + m n / K) (m its count, n the visits)."""
    total = node.total
    q0 = (node.sum / total - fpu) if total else 0.5
    scale = c_puct * math.sqrt(total + 1)
    visits = node.visits
    values = node.values
    amaf_n = node.amaf_n
    amaf_v = node.amaf_v
    best = 0
    best_score = -1e9
    i = 0
    for p in node.priors:
        n = visits[i]
        m = amaf_n[i]
        q = values[i] / n if n else q0
        if m:
            beta = m / (m + n + m * n * inv_k)
            q += beta * (amaf_v[i] / m - q)
        score = q + scale * p / (1 + n)
        if score > best_score:
            best_score = score
            best = i
        i += 1
    return best


def rave_search(
    state, iterations: int, rng, c_puct: float = 1.0, fpu: float = 0.1, deadline=None, rave=500
) -> tuple:
    """``mcts.search`` for Go with the all-moves-as-first values mixed into the selection (RAVE,
    Gelly and Silver): a placement's worth is learnt from every playout that placed it, not
    only from those that played it first, which matters when there are many moves and few
    iterations. `rave` (K) is the visit count at which both values weigh the same."""
    root = RaveNode(state.to_move())
    root.expand(state)
    actions = root.actions
    if len(actions) == 1:
        return actions[0], root
    inv_k = 1.0 / rave
    apply = state.apply
    undo = state.undo
    for it in range(iterations):
        if deadline is not None and it & 7 == 0 and it and clock() > deadline:
            break
        node = root
        path = []
        placed = None
        while True:
            if node.actions is None:
                node.expand(state)
            i = _rave_select(node, c_puct, fpu, inv_k)
            path.append((node, i))
            apply(node.actions[i])
            child = node.children[i]
            if child is None:
                if state.terminal():
                    node.children[i] = TERMINAL
                    reward = state.returns()
                else:
                    node.children[i] = RaveNode(state.to_move())
                    reward, placed = state.rollout_placed(rng)
                break
            if child is TERMINAL:
                reward = state.returns()
                break
            node = child
        seen = [0, 0] if placed is None else placed
        k = len(path) - 1
        while k >= 0:
            node, i = path[k]
            k -= 1
            undo()
            player = node.player
            r = reward[player]
            node.visits[i] += 1
            node.values[i] += r
            node.total += 1
            node.sum += r
            a = node.actions[i]
            if a < SIZE:
                seen[player] |= 1 << a
            mine = seen[player]
            amaf_n = node.amaf_n
            amaf_v = node.amaf_v
            j = 0
            for a in node.actions:
                if mine >> a & 1:
                    amaf_n[j] += 1
                    amaf_v[j] += r
                j += 1
    return most_visited(root), root


def count(game: go.Game, playouts: int, rng, alive: bool = False) -> tuple:
    """(White, Black): the score of G10 with the board as it stands, the dead groups (G9) those
    that most of `playouts` fillings give to the opponent (none on a full board, none when
    `alive`: every stone counts as it stands)."""
    dead = dead_groups(game, playouts, rng) if game.empty_indices() and not alive else ()
    score = game.score(dead=dead)
    return score["w"], score["b"]


def pass_count(game: go.Game, playouts: int, rng, alive: bool = False) -> int:
    """The mover's lead in the count (``count``, `alive` or not) if play ends with the mover's
    pass (after the opponent's pass) or with the mover's pass and then the opponent's (G3, G8):
    negative when behind."""
    after = game.copy()
    after.play_index(PASS_INDEX)
    if not after.is_over:
        after.play_index(PASS_INDEX)
    w, b = count(after, playouts, rng, alive)
    return w - b if game.turn == 0 else b - w


def settled(game: go.Game) -> bool:
    """True when no placement can change the count with every stone as it stands: every group
    holds a lotus (G5: never reversed) and every empty point is an eye, alone and bordered by one
    colour (a stone there joins a lotus, or is reversed to it, G7: a point of territory becomes a
    stone of the same colour)."""
    w, b = game.masks()
    gm = game.groups
    rest = w | b
    while rest:
        g = gm[_BI[rest & -rest]]
        rest &= ~g
        if not has_lotus(g):
            return False
    empty = FULL ^ (w | b)
    for i in game.empty_indices():
        nb = _NB[i]
        if nb & empty or (nb & w and nb & b):
            return False
    return True


def resumed(game: go.Game) -> bool:
    """True when play was resumed after a scoring phase (G9): two passes in a row ended play once
    and the players went back to it, so the dead groups marked then were not agreed."""
    passes = 0
    moves = game.moves
    for k in range(len(moves)):
        if moves[k] == go.PASS:
            passes += 1
            if passes == 2:
                if k < len(moves) - 1 or not game.is_over:
                    return True
                passes = 0
        else:
            passes = 0
    return False


def choose(
    game: go.Game, iterations: int, rng, search, deadline=None, alive: bool = False, **cfg
) -> str:
    """The computer's move in notation: the tree search (``search``, mcts.search) with the pass
    and resignation decided on the count: with the playouts' dead groups, or with every stone as
    it stands when `alive` (the opponent has not agreed to the dead groups: then the search's
    finished games are counted so too, and a group it thinks dead is worth its points only once
    captured on the board).

    - The opponent has just passed: a pass ends play (G8). When the count then says the mover
      wins, it passes; when it says the mover loses, a pass is left out of the search, unless
      the count is `alive` and no placement can change it (``settled``): then it passes.
    - The search chose a pass with the opponent to answer: if the opponent's pass would then end
      play with the mover behind, the mover plays its best placement instead.
    - With at least RESIGN_STONES stones on the board, when the best move is worth less than
      RESIGN_VALUE and the count by passes puts it RESIGN_MARGIN points behind, it resigns.
    """
    c_puct = cfg.pop("c_puct", 1.0)
    rave = cfg.pop("rave", 0)
    state = GoState(game, rng, alive=alive, **cfg)
    playouts = min(400, max(64, iterations))
    if game.passes and game.empty_indices():
        lead = pass_count(game, playouts, rng, alive)
        if lead > 0 or (lead < 0 and alive and settled(game)):
            return go.PASS
        state.no_pass = lead < 0
    if rave:
        action, root = rave_search(state, iterations, rng, c_puct, deadline=deadline, rave=rave)
    else:
        action, root = search(state, iterations, rng, c_puct=c_puct, deadline=deadline)
    actions = root.actions
    if action == PASS_INDEX and not game.passes and len(actions) > 1:
        if pass_count(game, playouts, rng, alive) < 0:
            best = -1
            for k in range(len(actions)):
                if actions[k] != PASS_INDEX and (best < 0 or root.visits[k] > root.visits[best]):
                    best = k
            action = actions[best]
    w, b = game.masks()
    if root.visits is not None and popcount(w | b) >= RESIGN_STONES:
        k = actions.index(action)
        n = root.visits[k]
        if n and root.values[k] / n < RESIGN_VALUE:
            if pass_count(game, playouts, rng, alive) <= -RESIGN_MARGIN:
                return go.RESIGN
    return go.NAMES[action]


class GoPlugin(Plugin):
    """Go's computer player: ``choose`` on the count its judge says, the dead groups and the
    ownership of the points from playouts."""

    levels = LEVELS
    judges = JUDGES
    has_ownership = True

    def judge(self, game, judge=None) -> str:
        """`judge` when given, else ``"all-alive"`` once play was resumed after a scoring phase
        (the other side did not accept the dead groups marked then, G9), ``"estimate"`` before."""
        if judge is not None:
            return judge
        return "all-alive" if resumed(game) else "estimate"

    def choose(self, game, level: str, rng, deadline=None, judge=None) -> str:
        cfg = dict(LEVELS[level])
        iterations = cfg.pop("iterations")
        alive = self.judge(game, judge) == "all-alive"
        return choose(game, iterations, rng, search, deadline, alive, **cfg)

    def analysis_state(self, game, settings: dict, rng, recording) -> tuple:
        iterations, c_puct, _ucb4, cfg = level_settings(settings)
        # The level's RAVE weight (K) is for choosing a move: the analysis reads its estimate off
        # the plain search's playouts (every one of them recorded), so it searches without RAVE.
        cfg.pop("rave", None)
        # After a resume the game ends with every stone as it stands (JUDGES).
        return recording(GoState)(game, rng, alive=resumed(game), **cfg), iterations, c_puct

    def final_values(self, game, rng) -> list:
        """A game in its scoring phase by playouts (its dead groups are not agreed yet; after a
        resume by the stones as they stand); else its result."""
        if game.phase != go.SCORING:
            return shares(game.colours, game.winner)
        state = GoState(game, rng, alive=resumed(game))
        sums = [0.0, 0.0]
        for _ in range(SCORING_PLAYOUTS):
            r = state.returns()
            sums[0] += r[0]
            sums[1] += r[1]
        return [x / SCORING_PLAYOUTS for x in sums]

    def dead_groups(self, game, playouts: int, rng) -> list:
        return dead_groups(game, playouts, rng)

    def ownership(self, game, playouts: int, rng) -> list:
        return ownership(game, playouts, rng)

    def estimated_score(self, game, own: list) -> list:
        """A playout fills every point (``fill``), so White's expected stones are the sum of its
        shares and Black's the rest; the pass marker's points on top (G10)."""
        white = sum(own)
        marker = game.marker
        return [white + max(marker, 0), len(own) - white + max(-marker, 0)]


PLUGIN = GoPlugin()
"""Go's plug-in (``go.Game.search_plugin`` names this module)."""
