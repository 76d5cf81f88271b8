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
- after two passes the dead groups are those the playouts give to the opponent (``ownership``).

For speed it reads the engine's fast path for search (``go.place``, the stones, groups and empty
points of a ``go.Game``: see the go module's docstring), and changes the game only through
``play_index``/``undo``.
"""

import math

from lotus.engine import go
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


def fill(s: list, gm: list, gn: list, empties: list, t: int, random) -> None:
    """Fill every empty point, alternating from colour index t, in place (a playout).

    Each placement is a random empty point, but a point where the mover's group would be left
    without a liberty (and win nothing) is tried again once: players rarely give groups away.
    """
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
        t = 1 - t


def playout(game: go.Game, random) -> tuple:
    """The (white, black) stones after filling the board from `game` (left unchanged)."""
    s = list(game.masks())
    fill(s, game.groups[:], game.borders[:], game.empty_indices(), game.turn, random)
    return s[0], s[1]


class GoState:
    """The search protocol over a working copy of a ``go.Game``."""

    __slots__ = ("game", "players", "rng", "win_weight", "margin_scale", "temperature")

    def __init__(
        self,
        game: go.Game,
        rng,
        win_weight: float = 0.9,
        margin_scale: float = 12.0,
        temperature: float = 1.0,
    ) -> None:
        """Wrap a copy of `game`; `rng` drives the playouts that score finished games."""
        self.game = game.copy()
        self.players = 2
        self.rng = rng
        self.win_weight = win_weight
        self.margin_scale = margin_scale
        self.temperature = temperature

    def to_move(self) -> int:
        """0 for White, 1 for Black."""
        return self.game.turn

    def actions(self) -> list:
        """The empty points' indices, then PASS_INDEX."""
        return self.game.legal_indices()

    def apply(self, i: int) -> None:
        """Play a move index."""
        self.game.play_index(i)

    def undo(self) -> None:
        """Take back the last move."""
        self.game.undo()

    def terminal(self) -> bool:
        """True after two passes in a row (G8)."""
        return self.game.is_over

    def _rewards(self, w: int, b: int) -> list:
        """Rewards from full-board stones (the marker added): mostly the win, a little margin."""
        marker = self.game.marker
        margin = popcount(w) - popcount(b) + marker
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
        """After two passes: the board as a playout settles it (dead groups reversed)."""
        w, b = playout(self.game, self.rng.random)
        return self._rewards(w, b)

    def rollout(self, rng) -> list:
        """Fill the board at random (no suicides, mostly) and score it with the marker."""
        w, b = playout(self.game, rng.random)
        return self._rewards(w, b)

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
