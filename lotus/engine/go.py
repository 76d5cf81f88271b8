"""Lotus (Freeling): the reversal Go game on the Kensington board (rules G1-G10 of the spec go.md).

Stones are two-sided and never leave the board: a capture reverses the captured group to the
capturer's colour (G6), the mover's group left without a liberty is reversed to the opponent (G7),
and a group that holds all six corners of a hexagon (a lotus) is never reversed (G5).

A game passes through three phases:

- ``"play"``: placements, passes and resignation (``play``).
- ``"scoring"``: after two passes in a row (G8) the game is over for play; the players mark dead
  groups (``suggest_dead``, ``toggle_dead``, ``set_dead``), then either agree (``finish``) or
  ``resume`` play (G9). ``winner`` is the provisional result with the groups marked now.
- ``"over"``: after ``finish`` (the agreed dead groups are fixed) or a resignation.

``is_over`` is true in both "scoring" and "over": no move can be played. ``undo`` takes back the
last action, whether a move (placement, pass, resign) or a ``resume``/``finish``; taking back the
second pass leaves the scoring phase and forgets the dead marks.

Internally point ``n`` is index ``n - 1``; each colour's stones are one int used as a bit set, and
every stone knows its group's stones and the points next to that group, so a move's captures are
found without flood fills.

Fast path for search
--------------------

The computer's search (``lotus.engine.ai``) works on move indices and bit sets. Nothing here
checks its arguments, and everything it returns is read-only: a list it hands out must not be
changed (copy it first), and writing to the game's state breaks the game. The search reads the
game's state once per playout or expansion, not in its inner loops, so it is offered as methods
and properties; the inner loops run ``place`` on copies.

- ``PASS_INDEX`` (72) and ``RESIGN_INDEX`` (73): the move indices of a pass and a resignation;
  points are indices 0-71. ``NAMES[i]`` is the notation of move index i.
- ``Game.legal_indices()``: fresh list, the empty points' indices ascending, then ``PASS_INDEX``; []
  once over. ``Game.empty_indices()``: fresh list, the empty points' indices ascending.
- ``Game.play_index(i)``: play move index i, assumed legal (unchecked); undo-able with ``undo()``.
- ``Game.random_playout(randbelow)``: fill the board at random and score it; keeps no history.
- ``Game.masks()``: ``(white, black)`` stones as bit sets, bit i for index i.
- ``Game.turn``: 0 when White is to move, 1 for Black (the index in ``COLOURS``).
- ``Game.groups``: list, per index, the bit set of the stones of the group on it (0 if empty).
- ``Game.borders``: list, per index, the bit set of the points next to that group (empty or not).
  A move replaces these two lists, never changes them, so a list read earlier stays as it was.
- ``place(s, gm, gn, i, t)``: the placement of G4, G6 and G7 on the caller's own state, in place:
  ``s`` is ``[white, black]``, ``gm``/``gn`` are lists like ``groups``/``borders`` (copies!),
  ``i`` an empty index, ``t`` the mover's colour index. For playouts that keep no game.
- ``has_lotus(group)`` (from ``lotus.engine.kensington``): True when a bit set holds a lotus.
- ``Game.marker``, ``Game.passes``, ``Game.is_over``, ``copy()`` and ``undo()`` are the ordinary
  API.
"""

from lotus.engine import BadPosition
from lotus.engine import Game as _Protocol
from lotus.engine import IllegalMove as _AnyIllegalMove
from lotus.engine.kensington import (
    BIT_INDEX,
    FULL,
    HEXAGON_MASKS,
    NEIGHBOUR_MASKS,
    SIZE,
    has_lotus,
    indices,
    popcount,
)

WHITE = "w"
"""White's colour code; White moves first by default (G1)."""

BLACK = "b"
"""Black's colour code."""

COLOURS = ("w", "b")
"""The colour codes in turn order when White starts; index 0 is White."""

PASS = "pass"
"""A pass in notation (as ``race.PASS``)."""

RESIGN = "resign"
"""A resignation in notation."""

PASS_INDEX = SIZE
"""Move index of a pass in the fast path (``play_index``); points are indices 0-71."""

RESIGN_INDEX = SIZE + 1
"""Move index of a resignation in the fast path."""

MARKER_LIMIT = 7
"""The pass marker stays within -7..7 (G3); positive is toward White."""

PLAY = "play"
"""Phase: moves are being played."""

SCORING = "scoring"
"""Phase: two passes ended play; dead groups are being agreed (G9)."""

OVER = "over"
"""Phase: the result is fixed (agreement or resignation)."""

NAMES = tuple(str(i + 1) for i in range(SIZE)) + (PASS, RESIGN)
"""NAMES[i] is the notation of move index i: "1".."72", "pass", "resign"."""

_INDEX = {}
for _i in range(len(NAMES)):
    _INDEX[NAMES[_i]] = _i


def _quad(w: int, b: int) -> str:
    return "".join(["w" if w >> i & 1 else ("b" if b >> i & 1 else ".") for i in range(4)])


# _QUADS[w << 4 | b]: four points of the board string from four bits of each colour.
_QUADS = [_quad(c >> 4, c & 15) for c in range(256)]

_NB = NEIGHBOUR_MASKS
_BI = BIT_INDEX
_HEX = HEXAGON_MASKS


class IllegalMove(_AnyIllegalMove):
    """A move or action refused by the notation or the rules: a code and values."""


def _parse_point(point) -> int:
    """Return the index of a point given in notation ("37") or as a number (37)."""
    if type(point) is int:
        n = point
    elif type(point) is str and point and all("0" <= c <= "9" for c in point):
        n = int(point)
        if 1 <= n <= SIZE and str(n) != point:
            raise IllegalMove("not-a-point", point=point)
    else:
        raise IllegalMove("not-a-point", point=point)
    if n < 1 or n > SIZE:
        raise IllegalMove("no-such-point", point=str(n))
    return n - 1


def _parse_move(move) -> int:
    """Return the move index of a move in notation, or raise IllegalMove naming the problem."""
    try:
        i = _INDEX.get(move)
    except TypeError:
        i = None
    if i is not None:
        return i
    if type(move) is str and move and all("0" <= c <= "9" for c in move):
        n = int(move)
        if n < 1 or n > SIZE:
            raise IllegalMove("no-such-point", point=str(n))
    raise IllegalMove("not-a-move", move=move)


def _component(low: int, within: int) -> tuple:
    """(points, near): the points of `within` connected to the point `low` (a one-bit mask of
    `within`), and every point next to one of them. A stone's group, or an empty region."""
    points = low
    near = 0
    stack = [_BI[low]]
    while stack:
        nb = _NB[stack.pop()]
        near |= nb
        x = nb & within & ~points
        while x:
            bit = x & -x
            points |= bit
            stack.append(_BI[bit])
            x ^= bit
    return points, near


def _groups(w: int, b: int) -> tuple:
    """Return (gm, gn): per index, its group's stones and the points next to the group."""
    gm = [0] * SIZE
    gn = [0] * SIZE
    for colour in (w, b):
        rest = colour
        while rest:
            group, near = _component(rest & -rest, colour)
            rest &= ~group
            for k in indices(group):
                gm[k] = group
                gn[k] = near
    return gm, gn


def place(s: list, gm: list, gn: list, i: int, t: int) -> None:
    """Fast path: place a stone of colour index t on empty index i, apply G6 and G7, in place.

    s is [white, black] stones; gm[k]/gn[k] are the stones of k's group and the points next to
    it, for every stone k. Unchecked: i must be empty.
    """
    me = s[t]
    op = s[1 - t]
    bit = 1 << i
    me |= bit
    empty = FULL ^ (me | op)
    nb = _NB[i]
    g = bit
    n = nb
    # The new stone joins the mover's groups next to it (G4).
    x = nb & me
    while x:
        j = _BI[x & -x]
        g |= gm[j]
        n |= gn[j]
        x &= ~g
    # G6: reverse each neighbouring opponent group with no liberty and no lotus; it joins
    # every group of the mover's that touches it.
    x = nb & op
    while x:
        j = _BI[x & -x]
        og = gm[j]
        x &= ~og
        if not gn[j] & empty and not has_lotus(og):
            op ^= og
            me |= og
            g |= og
            n |= gn[j]
            y = gn[j] & me & ~g
            while y:
                k = _BI[y & -y]
                g |= gm[k]
                n |= gn[k]
                y &= ~g
    # G7: the mover's group holding the new stone with no liberty and no lotus is reversed
    # whole to the opponent, joining the opponent's groups around it.
    if not n & empty and not has_lotus(g):
        me ^= g
        op |= g
        y = n & op & ~g
        while y:
            k = _BI[y & -y]
            g |= gm[k]
            n |= gn[k]
            y &= ~g
    s[t] = me
    s[1 - t] = op
    y = g
    while y:
        low = y & -y
        k = _BI[low]
        gm[k] = g
        gn[k] = n
        y ^= low


def _empty_regions(empty: int) -> list:
    """[(region, border)]: each connected region of the `empty` points, and the points around it."""
    out = []
    rest = empty
    while rest:
        region, border = _component(rest & -rest, empty)
        rest &= ~region
        out.append((region, border))
    return out


# -- set-up and the count (G5, G6, G9, G10): functions of the stones as bit sets ---------------


def _board_masks(board: str) -> tuple:
    """(white, black) stones of a board of 72 characters '.', 'w', 'b' (point 1 first); a
    BadPosition names the first other character."""
    w = b = 0
    for i in range(SIZE):
        c = board[i]
        if c == "w":
            w |= 1 << i
        elif c == "b":
            b |= 1 << i
        elif c != ".":
            raise BadPosition("board-character", point=NAMES[i], character=c)
    return w, b


def _living_groups(w: int, b: int) -> tuple:
    """(gm, gn) of a set-up position (as ``_groups``); a BadPosition names a group with no
    liberty and no lotus, which no game can reach (G5, G6)."""
    gm, gn = _groups(w, b)
    empty = FULL ^ (w | b)
    for i in indices(w | b):
        if not gn[i] & empty and not has_lotus(gm[i]):
            raise BadPosition("group-without-liberty", point=NAMES[i])
    return gm, gn


def _areas(w: int, b: int) -> tuple:
    """(white, black, neutral) empty points: regions bordered by one colour only (G10)."""
    empty = FULL ^ (w | b)
    tw = tb = 0
    for region, border in _empty_regions(empty):
        if border & w:
            if not border & b:
                tw |= region
        elif border & b:
            tb |= region
    return tw, tb, empty & ~(tw | tb)


def _count(w: int, b: int, marker: int) -> tuple:
    """(white, black) scores: stones + territory + the marker's points (G10), dead groups
    already reversed."""
    tw, tb, _ = _areas(w, b)
    sw = popcount(w) + popcount(tw)
    sb = popcount(b) + popcount(tb)
    if marker > 0:
        sw += marker
    else:
        sb -= marker
    return sw, sb


# -- the position's questions (G4, G5, G9, G10) and the search's playout: functions of a game -

# Game takes the public ones as its methods, by name (``group_of = _group_of``, after its moves),
# and not from a base class: on MicroPython each attribute store looks for a property setter in
# every base class, and play and undo store a dozen attributes.


def _colour_at(game, point) -> str | None:
    """Colour of the stone on a point ('37' or 37): 'w', 'b' or None when empty."""
    bit = 1 << _parse_point(point)
    if game._s[0] & bit:
        return WHITE
    if game._s[1] & bit:
        return BLACK
    return None


def _stone(game, point) -> int:
    """The index of a point ('37' or 37) that holds a stone; IllegalMove if it is empty."""
    i = _parse_point(point)
    if not (game._s[0] | game._s[1]) & (1 << i):
        raise IllegalMove("point-empty", point=NAMES[i])
    return i


def _group_of(game, point) -> list[str]:
    """The points of the group holding the stone on `point` ('37' or 37), ascending (G4)."""
    i = _stone(game, point)
    return [NAMES[k] for k in indices(game._gm[i])]


def _liberties(game, point) -> list[str]:
    """The liberties (empty points next to it) of the group on `point`, ascending (G4)."""
    i = _stone(game, point)
    empty = FULL ^ (game._s[0] | game._s[1])
    return [NAMES[k] for k in indices(game._gn[i] & empty)]


def _holds_lotus(game, point) -> bool:
    """True when the group on `point` holds all six corners of a hexagon (G5)."""
    return has_lotus(game._gm[_stone(game, point)])


def _lotuses(game) -> list[int]:
    """Indices (0-6) of the hexagons whose six corners are one colour: each is a lotus."""
    w, b = game._s
    return [k for k in range(len(_HEX)) if w & _HEX[k] == _HEX[k] or b & _HEX[k] == _HEX[k]]


def _group_list(game) -> list[int]:
    """One index per group (its lowest), ascending."""
    out = []
    rest = game._s[0] | game._s[1]
    while rest:
        k = _BI[rest & -rest]
        out.append(k)
        rest &= ~game._gm[k]
    return out


def _dead_indices(game, dead) -> tuple:
    """Validate dead points; return one index per named group (its lowest), ascending."""
    if type(dead) is str:
        raise IllegalMove("dead-not-list", dead=dead)
    try:
        items = list(dead)
    except TypeError:
        raise IllegalMove("dead-not-list", dead=dead) from None
    reps = []
    for p in items:
        i = _stone(game, p)
        g = game._gm[i]
        if has_lotus(g):
            raise IllegalMove("lotus-lives", point=NAMES[i])
        k = _BI[g & -g]
        if k not in reps:
            reps.append(k)
    reps.sort()
    return tuple(reps)


def _reversed(game, reps: tuple) -> tuple:
    """(white, black) after reversing the groups of `reps` (G9)."""
    w, b = game._s
    dw = db = 0
    for k in reps:
        if w & (1 << k):
            dw |= game._gm[k]
        else:
            db |= game._gm[k]
    return (w & ~dw) | db, (b & ~db) | dw


def _territory(game, dead=()) -> dict:
    """Empty points by owner, `dead` groups reversed: {'w': [..], 'b': [..], 'neutral': [..]}.

    A region of empty points is a player's when every stone bordering it is theirs; regions
    bordered by both colours (seki) or by no stone at all are neutral (G10).
    """
    w, b = _reversed(game, _dead_indices(game, dead))
    tw, tb, tn = _areas(w, b)
    return {
        "w": [NAMES[k] for k in indices(tw)],
        "b": [NAMES[k] for k in indices(tb)],
        "neutral": [NAMES[k] for k in indices(tn)],
    }


def _suggest_dead(game) -> list[str]:
    """Groups the engine suggests as dead (one point each, its lowest), ascending (G9).

    A heuristic, for players to change: a group is suggested when it holds no lotus, touches
    the opponent, every opponent group touching it holds a lotus or has more liberties (so
    the opponent wins the race to fill its liberties), and either it has at most two
    liberties or it is enclosed: every empty region next to it is bordered by the opponent
    and by no other group of its own colour.
    """
    w, b = game._s
    empty = FULL ^ (w | b)
    gm = game._gm
    gn = game._gn
    # Per empty index: (region mask, region border) for the enclosure test.
    region_of = {}
    for region, border in _empty_regions(empty):
        for k in indices(region):
            region_of[k] = (region, border & ~region)
    out = []
    for k in _group_list(game):
        g = gm[k]
        if has_lotus(g):
            continue
        own, opp = (w, b) if w & g else (b, w)
        libs = gn[k] & empty
        nlibs = popcount(libs)
        touching = gn[k] & opp
        if not touching:
            continue
        weaker = True
        while touching:
            j = _BI[touching & -touching]
            touching &= ~gm[j]
            if not has_lotus(gm[j]) and popcount(gn[j] & empty) <= nlibs:
                weaker = False
                break
        if not weaker:
            continue
        if nlibs > 2:
            enclosed = True
            x = libs
            while x:
                region, border = region_of[_BI[x & -x]]
                x &= ~region
                if not border & opp or border & own & ~g:
                    enclosed = False
                    break
            if not enclosed:
                continue
        out.append(k)
    return [NAMES[k] for k in out]


def _random_playout(game, randbelow) -> tuple[int, int]:
    """Fast path for search: fill the board at random, pass twice; return (white, black) scores.

    From this position the players alternately place on an empty point picked by
    `randbelow(n)` (an int in 0..n-1, n = number of empty points) until the board is full,
    then both pass (G3, G8); no dead groups (on a full board every group holds a lotus).
    The game itself is left unchanged; outside the play phase the current score is returned.
    """
    if game._phase != PLAY:
        return game._counts(game._dead if game._resigned < 0 else ())
    t = game._t
    s = [game._s[0], game._s[1]]
    gm = game._gm[:]
    gn = game._gn[:]
    empties = game._empty[:]
    passes = 2 - game._passes if not empties else 2
    while empties:
        place(s, gm, gn, empties.pop(randbelow(len(empties))), t)
        t = 1 - t
    marker = game._marker
    for _ in range(passes):
        if t == 0:
            marker = min(marker + 1, MARKER_LIMIT)
        else:
            marker = max(marker - 1, -MARKER_LIMIT)
        t = 1 - t
    w = popcount(s[0])
    b = popcount(s[1])
    if marker > 0:
        return w + marker, b
    return w, b - marker


class Game(_Protocol):
    """A game of Lotus (Freeling): the board, the pass marker, the moves and the scoring phase
    (``lotus.engine.Game``)."""

    __slots__ = (
        "_s",
        "_t",
        "_gm",
        "_gn",
        "_empty",
        "_names",
        "_marker",
        "_passes",
        "_phase",
        "_resigned",
        "_dead",
        "_moves",
        "_hist",
        "_first",
    )

    search_plugin = "lotus.engine.ai.go_plugin"
    colours = COLOURS  # the colours in the order turns pass (``turn`` indexes them)

    def __init__(self, marker: int = 0, first: str = "w") -> None:
        """Start on an empty board (G1): `marker` is the pass marker's start (G3), `first` moves."""
        if type(marker) is not int or not -MARKER_LIMIT <= marker <= MARKER_LIMIT:
            raise BadPosition("bad-marker", marker=marker, limit=MARKER_LIMIT)
        if first not in COLOURS:
            raise BadPosition("bad-first", first=first, colours=", ".join(COLOURS))
        self._s = [0, 0]
        self._t = COLOURS.index(first)
        self._gm = [0] * SIZE
        self._gn = [0] * SIZE
        self._empty = list(range(SIZE))
        self._names = None
        self._marker = marker
        self._passes = 0
        self._phase = PLAY
        self._resigned = -1
        self._dead = ()
        self._moves = []
        self._hist = []
        self._first = first

    @classmethod
    def from_setup(cls, board: str, to_move: str = "w", marker: int = 0, passes: int = 0) -> "Game":
        """Return a game on a set-up board: 72 characters '.', 'w', 'b', point 1 first.

        `passes`: passes in a row just played (G8): 0, 1, or 2 for the scoring phase.
        """
        if type(passes) is not int or passes not in (0, 1, 2):
            raise BadPosition("bad-passes", passes=passes)
        if type(board) is not str or len(board) != SIZE:
            raise BadPosition("board-length", size=SIZE)
        if to_move not in COLOURS:
            raise BadPosition("bad-to-move", to_move=to_move, colours=", ".join(COLOURS))
        w, b = _board_masks(board)
        game = cls(marker, to_move)
        game._gm, game._gn = _living_groups(w, b)
        game._s = [w, b]
        game._empty = indices(FULL ^ (w | b))
        game._passes = passes
        if passes == 2:
            game._phase = SCORING
        return game

    @classmethod
    def from_moves(cls, moves: list, marker: int = 0, first: str = "w") -> "Game":
        """Replay moves in notation; a move after two passes in a row implies a `resume` (G9)."""
        game = cls(marker, first)
        for move in moves:
            game.play_on(move)
        return game

    def resumes(self) -> bool:
        """True when the next move first resumes play (G9): two passes in a row started the
        scoring phase, and a move after them means the players went back to play.

        The one statement of this rule: `play_on`, `from_moves` and the registry's replay (which
        records, share links, embeds, saves and the worker use) all ask it.
        """
        return self._phase == SCORING

    def play_on(self, move: str) -> None:
        """Play a move as a list of moves means it: resume first when `resumes` says so (G9)."""
        if self.resumes():
            self.resume()
        self.play(move)

    def copy(self) -> "Game":
        """Return an independent copy, history included (undo works on both)."""
        c = object.__new__(Game)
        c._s = self._s[:]
        c._t = self._t
        # Lists in _gm/_gn/_empty/_names are replaced, never changed in place, after a move.
        c._gm = self._gm
        c._gn = self._gn
        c._empty = self._empty
        c._names = self._names
        c._marker = self._marker
        c._passes = self._passes
        c._phase = self._phase
        c._resigned = self._resigned
        c._dead = self._dead
        c._moves = self._moves[:]
        c._hist = self._hist[:]
        c._first = self._first
        return c

    # -- state ------------------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        """Colour to move: 'w' or 'b' (after the end: whose turn it would be)."""
        return COLOURS[self._t]

    @property
    def first(self) -> str:
        """Colour that moved first (or was to move in a set-up position)."""
        return self._first

    @property
    def moves(self) -> list[str]:
        """The moves played so far, in notation (a fresh list)."""
        return [NAMES[i] for i in self._moves]

    @property
    def marker(self) -> int:
        """The pass marker, -7..7, positive toward White (G3)."""
        return self._marker

    @property
    def passes(self) -> int:
        """Passes in a row at the end of the moves (since the last placement or resume)."""
        return self._passes

    @property
    def phase(self) -> str:
        """'play', 'scoring' (after two passes, agreeing dead groups) or 'over'."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True when no move can be played: in the scoring phase and after it (G8)."""
        return self._phase != PLAY

    @property
    def resigned(self) -> str | None:
        """Colour that resigned, or None."""
        return COLOURS[self._resigned] if self._resigned >= 0 else None

    @property
    def dead(self) -> tuple[str, ...]:
        """Groups marked dead (scoring) or agreed dead (over), one point each: its lowest."""
        return tuple(NAMES[i] for i in self._dead)

    @property
    def winner(self) -> str | None:
        """'w' or 'b' once the game is over, None in play or for a draw (G8-G10).

        After a resignation the other player wins; otherwise the higher score with the dead
        groups reversed: the agreed ones once over, the ones marked now while scoring.
        """
        if self._phase == PLAY:
            return None
        if self._resigned >= 0:
            return COLOURS[1 - self._resigned]
        w, b = self._counts(self._dead)
        if w > b:
            return WHITE
        if b > w:
            return BLACK
        return None

    @property
    def can_undo(self) -> bool:
        """True when there is an action to take back."""
        return len(self._hist) > 0

    def board(self) -> str:
        """The board as 72 characters, character i for point i+1: '.', 'w' or 'b'."""
        w, b = self._s
        return "".join([_QUADS[(w >> k & 15) << 4 | (b >> k & 15)] for k in range(0, SIZE, 4)])

    def masks(self) -> tuple[int, int]:
        """(white, black) stones as bit sets: bit i is point i+1 (fast path)."""
        return self._s[0], self._s[1]

    @property
    def turn(self) -> int:
        """Fast path: 0 when White is to move, 1 for Black (``COLOURS[turn]`` is ``to_move``)."""
        return self._t

    @property
    def groups(self) -> list[int]:
        """Fast path, read-only: per index, the bit set of its group's stones (0 if empty)."""
        return self._gm

    @property
    def borders(self) -> list[int]:
        """Fast path, read-only: per index, the bit set of the points next to its group."""
        return self._gn

    def state_key(self) -> str:
        """A deterministic string of the state: board, marker, turn, phase, passes, moves, dead."""
        return "|".join(
            (
                self.board(),
                str(self._marker),
                COLOURS[self._t],
                self._phase,
                str(self._passes),
                " ".join(self.moves),
                " ".join(self.dead),
            )
        )

    def __repr__(self) -> str:
        return f"<go.Game {self._phase} {COLOURS[self._t]} to move, marker {self._marker}>"

    # -- moves ------------------------------------------------------------------------------

    def legal_moves(self) -> list[str]:
        """Every empty point in ascending order, then 'pass'; [] once over (resign: not listed)."""
        if self._phase != PLAY:
            return []
        if self._names is None:
            # Built when first asked for, then kept up to date by each placement.
            names = []
            for i in self._empty:
                names.append(NAMES[i])
            self._names = names
        out = self._names[:]
        out.append(PASS)
        return out

    def legal_indices(self) -> list[int]:
        """Fast path: indices of the empty points ascending, then PASS_INDEX; [] once over."""
        if self._phase != PLAY:
            return []
        out = self._empty[:]
        out.append(PASS_INDEX)
        return out

    def empty_indices(self) -> list[int]:
        """Fast path: indices of the empty points, ascending (a fresh list)."""
        return self._empty[:]

    def play(self, move: str) -> None:
        """Play a move in notation ("37", "pass", "resign"); IllegalMove, game unchanged, if not."""
        i = _parse_move(move)
        if self._phase != PLAY:
            raise IllegalMove("game-over")
        if i < SIZE:
            bit = 1 << i
            if self._s[0] & bit:
                raise IllegalMove("point-taken", point=NAMES[i], colour=WHITE)
            if self._s[1] & bit:
                raise IllegalMove("point-taken", point=NAMES[i], colour=BLACK)
        self.play_index(i)

    def play_index(self, i: int) -> None:
        """Fast path: play move index i (0-71, PASS_INDEX or RESIGN_INDEX), which must be legal."""
        self._hist.append(
            (
                True,
                self._s[0],
                self._s[1],
                self._gm,
                self._gn,
                self._empty,
                self._names,
                self._marker,
                self._passes,
                self._phase,
                self._resigned,
                self._dead,
            )
        )
        self._moves.append(i)
        t = self._t
        if i < SIZE:
            # Copy on write: lists in history snapshots and copies are never changed.
            gm = self._gm[:]
            gn = self._gn[:]
            place(self._s, gm, gn, i, t)
            self._gm = gm
            self._gn = gn
            empties = self._empty[:]
            empties.remove(i)
            self._empty = empties
            if self._names is not None:
                names = self._names[:]
                names.remove(NAMES[i])
                self._names = names
            self._passes = 0
        elif i == PASS_INDEX:
            if t == 0:
                if self._marker < MARKER_LIMIT:
                    self._marker += 1
            elif self._marker > -MARKER_LIMIT:
                self._marker -= 1
            self._passes += 1
            if self._passes >= 2:
                self._phase = SCORING
                self._dead = ()
        else:
            self._phase = OVER
            self._resigned = t
        self._t = 1 - t

    def undo(self) -> None:
        """Take back the last action: a move, a `resume` or a `finish`; IndexError if none."""
        if not self._hist:
            raise IndexError("no move to undo")
        h = self._hist.pop()
        if h[0]:
            self._moves.pop()
            self._s = [h[1], h[2]]
            self._gm = h[3]
            self._gn = h[4]
            self._empty = h[5]
            self._names = h[6]
            self._marker = h[7]
            self._passes = h[8]
            self._phase = h[9]
            self._resigned = h[10]
            self._dead = h[11]
            self._t = 1 - self._t
        else:
            self._phase = h[1]
            self._passes = h[2]
            self._dead = h[3]

    # -- the position's questions and the playout (the functions above the class) ------------

    colour_at = _colour_at
    group_of = _group_of
    liberties = _liberties
    has_lotus = _holds_lotus
    lotuses = _lotuses
    territory = _territory
    suggest_dead = _suggest_dead
    random_playout = _random_playout

    # -- scoring ---------------------------------------------------------------------------

    def _counts(self, reps: tuple) -> tuple:
        """(white, black) scores with the groups of `reps` reversed (G10)."""
        w, b = _reversed(self, reps)
        return _count(w, b, self._marker)

    def score(self, dead=()) -> dict:
        """{'w': n, 'b': n}: stones + territory + marker points, `dead` groups reversed (G10)."""
        sw, sb = self._counts(_dead_indices(self, dead))
        return {"w": sw, "b": sb}

    # -- the scoring phase ------------------------------------------------------------------

    def set_dead(self, points) -> tuple[str, ...]:
        """Scoring phase: mark exactly the groups of `points` dead; return the marks (`dead`)."""
        if self._phase != SCORING:
            raise IllegalMove("dead-outside-scoring")
        self._dead = _dead_indices(self, points)
        return self.dead

    def toggle_dead(self, point) -> tuple[str, ...]:
        """Scoring phase: mark the group on `point` dead, or alive again; return the marks."""
        if self._phase != SCORING:
            raise IllegalMove("dead-outside-scoring")
        reps = list(self._dead)
        k = _dead_indices(self, (point,))[0]
        if k in reps:
            reps.remove(k)
        else:
            reps.append(k)
        reps.sort()
        self._dead = tuple(reps)
        return self.dead

    def finish(self, dead=None) -> str | None:
        """Scoring phase: agree on dead groups (`dead`, or those marked) and end; return winner."""
        if self._phase != SCORING:
            raise IllegalMove("finish-outside-scoring")
        reps = self._dead if dead is None else _dead_indices(self, dead)
        self._hist.append((False, self._phase, self._passes, self._dead))
        self._dead = reps
        self._phase = OVER
        return self.winner

    def resume(self) -> None:
        """Scoring phase: return to play instead of agreeing (G9); two new passes end it again."""
        if self._phase != SCORING:
            raise IllegalMove("resume-outside-scoring")
        self._hist.append((False, self._phase, self._passes, self._dead))
        self._phase = PLAY
        self._passes = 0
        self._dead = ()
