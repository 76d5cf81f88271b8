"""Lotus (1998), the stacking race: rules R1-R11, move notation and the engine API.

The rules, the notation and the API are specified in docs/spec/race.md (rule numbers R1...R11
are cited below). Runs unchanged on CPython, Pyodide and MicroPython.

    g = Game(players=2, pro=False, first="w")
    g.legal_moves()   # ['Sw4-A4', 'Sw4-B4', 'Sw3-A3', ...]
    g.play("Sw4-A4")
    g.undo()

Fast path for search
--------------------

The computer's search (``lotus.engine.ai``) reads the state below directly, with no copy and no
check, and changes a game only through ``play``/``undo``. The names are plain attributes, not
properties, because the search reads them in its inner loops; all are read-only: writing to them,
or into the lists they hold, breaks the game.

- ``ACTIONS``: dict, every move string that can ever be legal -> ``(origin, land, final,
  colour)``: ``origin`` is a field index (into ``FIELDS``) or, for a start move, minus the start
  stack's height; ``land`` and ``final`` are field indices, ``len(FIELDS)`` for the goal
  (``final`` differs from ``land`` after a bounce, R8); ``colour`` is the start stack's colour
  (None for a board move). ``PASS`` is not in it.
- ``Game.stacks``: list, per field index, the list of colours on that field, bottom -> top (the
  last item is the free stone). The outer list is the same object for the game's life (a
  ``copy`` has its own); moves change the inner lists in place.
- ``Game.start_heights``: dict, colour -> list of the heights of its start stacks, descending,
  0 for a stack used up (``start()`` is the same without the zeros, as tuples).
- ``Game.turn``: int, the index in ``Game.colours`` of the player to move (``to_move`` is its
  colour).
- ``Game.winner``: the colour whose stones are all in the goal (R11), or None.
- ``BOARD_MOVES`` and ``START_MOVES``: the move strings of a free stone by field and distance,
  and of a start stack by colour and height, in the order ``legal_moves`` lists them. That order:
  the start moves of the player to move by descending height, then its board moves by field
  index (the second move of the R10 double turn: its start moves, then ``PASS``); a blocked
  player (R9), standard rule: the others' start moves in colour order, every free stone's moves
  by field index, then ``PASS``; Pro rule: ``PASS`` alone.
- ``Game.playout_state()``: a copy of the position (stacks, start heights, goal, the R10 phase)
  for a playout that plays on the copy by itself, without ``play``.
- ``Game.colours``, ``Game.players``, ``legal_moves()``, ``play()``, ``undo()`` and ``copy()`` are
  the ordinary API; ``play`` checks the move against the cached list of legal moves.
"""

from lotus.engine import BadPosition
from lotus.engine import Game as _Protocol
from lotus.engine import IllegalMove as _AnyIllegalMove

COLOURS = ("w", "b", "r", "y")

# The board: the ONE table to correct if a better reading of the rulebook's picture turns up.
# Each row is (field, the field(s) a stone steps onto next, role). The start has one entrance
# per lane; a stone on a lane stays on it until the lanes join; a move that would pass the last
# field ends in the goal (R5, R7); the trampoline is the field with role "trampoline" (R8).
BOARD = (
    ("S", ("A1", "B1"), "start"),
    ("A1", ("A2",), "lane"),
    ("A2", ("A3",), "lane"),
    ("A3", ("A4",), "lane"),
    ("A4", ("5",), "lane"),
    ("B1", ("B2",), "lane"),
    ("B2", ("B3",), "lane"),
    ("B3", ("B4",), "lane"),
    ("B4", ("5",), "lane"),
    ("5", ("6",), "track"),
    ("6", ("7",), "track"),
    ("7", ("8",), "track"),
    ("8", ("9",), "trampoline"),
    ("9", ("10",), "track"),
    ("10", ("11",), "track"),
    ("11", ("12",), "track"),
    ("12", ("13",), "track"),
    ("13", ("14",), "track"),
    ("14", ("G",), "track"),
    ("G", (), "goal"),
)

# R1: stones per colour and start stacks, by number of players.
SET_UP = {2: (4, 3, 2, 1), 3: (3, 2, 1), 4: (3, 2, 1)}

START = "S"
GOAL = "G"
PASS = "pass"
FIELDS = tuple(row[0] for row in BOARD if row[2] != "start" and row[2] != "goal")
TRAMPOLINE = [row[0] for row in BOARD if row[2] == "trampoline"][0]

_NEXT = {row[0]: row[1] for row in BOARD}
_INDEX = {name: i for i, name in enumerate(FIELDS)}
_GOAL = len(FIELDS)  # the goal's index in the internal tables
_NAMES = FIELDS + (GOAL,)
_MAX_HEIGHT = max(p * sum(s) for p, s in SET_UP.items())  # no stack can be taller
_MAX_START = max(max(s) for s in SET_UP.values())  # the tallest start stack


def _route_indices() -> dict:
    """Steps from the start to each field (A3 -> 3, 9 -> 9, G -> one past the last field)."""
    steps = {START: 0}
    todo = [START]
    while todo:
        name = todo.pop(0)
        for nxt in _NEXT[name]:
            if nxt not in steps:
                steps[nxt] = steps[name] + 1
                todo.append(nxt)
    return steps


# Steps from the start: the route index of A3 and B3 is 3, of 9 is 9, of the goal 15.
ROUTE_INDEX = _route_indices()


def _lanes() -> dict:
    """The lane of each lane field, named by its entrance without the number ('A3' -> 'A')."""
    roles = {row[0]: row[2] for row in BOARD}
    lanes = {}
    for entrance in _NEXT[START]:
        name = entrance
        while roles[name] == "lane":
            lanes[name] = entrance[:-1]
            name = _NEXT[name][0]
    return lanes


_LANES = _lanes()


def _walk(name: str, distance: int) -> str:
    """Where a stone on field `name` ends after `distance` steps forward (R5, R7)."""
    for _ in range(distance):
        if name == GOAL:
            break
        name = _NEXT[name][0]
    return name


def _lane(name: str) -> str:
    """The lane of a lane field ('A3' -> 'A'), or '' for the shared track and the goal."""
    return _LANES.get(name, "")


ACTIONS = {}
"""Every canonical move string that can ever be legal -> (origin, land, final, colour): origin is
a field index (or -height for a start move), land and final are field indices (final differs from
land after a bounce, R8), colour is the start stack's colour (None for a board move). Read-only."""
_NAME_INDEX = {name: i for i, name in enumerate(_NAMES)}
BOARD_MOVES = []
"""BOARD_MOVES[f][d]: the move strings (a tuple) of a stone on field index f that moves d fields,
in the order ``legal_moves`` lists them. Read-only."""
START_MOVES = {}
"""START_MOVES[c][h]: the move strings (a tuple) from colour c's start stacks of height h, in the
order ``legal_moves`` lists them. Read-only."""


def _moves_landing(origin: str, origin_code: int, colour, land: str, distance: int) -> list:
    """The canonical moves of one stone from `origin` that lands on `land` (R8 adds the bounce)."""
    li = _NAME_INDEX[land]
    strings = [origin + "-" + land]
    ACTIONS[strings[0]] = (origin_code, li, li, colour)
    if land == TRAMPOLINE:
        final = _walk(land, distance)
        text = origin + "-" + land + "-" + final
        ACTIONS[text] = (origin_code, li, _NAME_INDEX[final], colour)
        strings.append(text)
    return strings


def _build_tables() -> None:
    """Fill ACTIONS, BOARD_MOVES and START_MOVES from BOARD."""
    for f, name in enumerate(FIELDS):
        row = [()]
        to_goal = ROUTE_INDEX[GOAL] - ROUTE_INDEX[name]
        for d in range(1, to_goal):
            row.append(tuple(_moves_landing(name, f, None, _walk(name, d), d)))
        # Every longer move ends in the goal (R7) and is written the same: share one entry.
        # (Building only these keeps the import fast on MicroPython, where the page runs.)
        home = tuple(_moves_landing(name, f, None, GOAL, to_goal))
        for _ in range(to_goal, _MAX_HEIGHT + 1):
            row.append(home)
        BOARD_MOVES.append(row)
    for c in COLOURS:
        row = [()]
        for h in range(1, _MAX_START + 1):
            strings = []
            for entrance in _NEXT[START]:
                land = _walk(entrance, h - 1)
                for text in _moves_landing(START + c + str(h), -h, c, land, h):
                    if text not in strings:
                        strings.append(text)
            row.append(tuple(strings))
        START_MOVES[c] = row


_build_tables()


def _start_moves(out: list, colour: str, heights: list) -> None:
    """Append the moves from a colour's start stacks (descending heights) to out (R3, R5)."""
    row = START_MOVES[colour]
    prev = 0
    for h in heights:
        if h != prev and h:
            out.extend(row[h])
            prev = h


class IllegalMove(_AnyIllegalMove):
    """A malformed or illegal move: a code and values (a lotus.engine.IllegalMove)."""


def parse_move(text: str) -> tuple:
    """Split a move, checking syntax only: 'A4-8-12' -> ('A4', ('8', '12'))."""
    if not isinstance(text, str):
        raise IllegalMove("move-not-text", kind=type(text).__name__)
    if text == PASS:
        return (PASS, ())
    if text == "":
        raise IllegalMove("empty-move")
    parts = text.split("-")
    origin = parts[0]
    if len(parts) < 2:
        raise IllegalMove("malformed-move", move=text)
    if origin == "":
        raise IllegalMove("move-without-origin", move=text)
    _check_origin(origin)
    path = tuple(parts[1:])
    for name in path:
        if name == "":
            raise IllegalMove("field-missing", move=text)
        if name == START:
            raise IllegalMove("back-to-start")
        if name != GOAL and name not in _INDEX:
            raise IllegalMove("no-such-field", field=name)
    if len(path) > 2:
        raise IllegalMove("bounces-once", move=text)
    if len(path) == 2 and path[0] != TRAMPOLINE:
        raise IllegalMove("bounce-off-trampoline", move=text, trampoline=TRAMPOLINE)
    return (origin, path)


def _check_origin(origin: str) -> None:
    """Raise IllegalMove unless `origin` names a field or a start stack such as 'Sw4'."""
    if origin == START:
        raise IllegalMove("start-stack-unnamed")
    if origin[0] == START and origin not in _INDEX:
        colour, height = origin[1], origin[2:]
        if colour not in COLOURS:
            raise IllegalMove("no-such-colour", stack=origin)
        if not _is_number(height):
            raise IllegalMove("malformed-start-stack", stack=origin)
    elif origin == GOAL:
        raise IllegalMove("goal-out-of-play")
    elif origin not in _INDEX:
        raise IllegalMove("no-such-field", field=origin)


def _is_number(text: str) -> bool:
    """True for a positive decimal number without leading zeros."""
    if text == "" or text[0] == "0":
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


class Game(_Protocol):
    """One game of the stacking race: state, legal moves, play and undo (``lotus.engine.Game``).

    Attributes (read-only): ``players``, ``pro``, ``first``, ``colours`` (in turn order), and the
    fast path for search (module docstring): ``stacks``, ``start_heights``, ``turn``, ``winner``
    (the colour whose stones are all in the goal, R11, or None).
    """

    search_plugin = "lotus.engine.ai.race_plugin"

    __slots__ = (
        "players",
        "pro",
        "first",
        "colours",
        "_per",
        "turn",
        "_phase",
        "stacks",
        "start_heights",
        "_goal",
        "winner",
        "_moves",
        "_history",
        "_legal",
    )

    def __init__(self, players: int = 2, pro: bool = False, first: str = "w") -> None:
        """A new game (R1, R2): 2..4 players, the Pro rule on or off, and who moves first."""
        if players not in SET_UP or type(players) is not int:
            raise BadPosition("bad-players", players=players)
        if pro is not True and pro is not False:
            raise BadPosition("bad-pro", pro=pro)
        colours = COLOURS[:players]
        if first not in colours:
            raise BadPosition("bad-first", first=first, colours=", ".join(colours))
        self.players = players
        self.pro = pro
        self.first = first
        self.colours = colours
        self._per = sum(SET_UP[players])
        self.turn = colours.index(first)
        # 1: the first move of the Pro two-player double first turn is due (R10); 2: its second.
        self._phase = 1 if (pro and players == 2) else 0
        self.stacks = [[] for _ in FIELDS]
        self.start_heights = {c: list(SET_UP[players]) for c in colours}
        self._goal = {c: 0 for c in colours}
        self.winner = None
        self._moves = []
        self._history = []
        self._legal = None

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_setup(
        cls,
        players: int = 2,
        pro: bool = False,
        to_move: str = "w",
        board: dict | None = None,
        start: dict | None = None,
        goal: dict | None = None,
        first: str | None = None,
        double_turn: bool = False,
    ) -> "Game":
        """A game set up in a position: board {'5': 'wb'} (bottom->top), start, goal, to_move.

        start is {'w': (4, 2), ...} (start stack heights), goal is {'w': 3, ...} (stones in it).

        Colours left out of `start`/`goal` have nothing there. Every colour must have all its
        stones (R1); start stacks must be what is left of the R1 stacks. `double_turn` says that
        `to_move` is about to make the second move of the Pro two-player double first turn (R10).
        The game has no move history (undo raises IndexError). Raises BadPosition (a ValueError:
        a code and values, lotus.engine) on a bad position.
        """
        game = cls(players, pro)
        colours = game.colours
        listed = ", ".join(colours)
        if to_move not in colours:
            raise BadPosition("bad-to-move", to_move=to_move, colours=listed)
        if first is not None and first not in colours:
            raise BadPosition("bad-first", first=first, colours=listed)
        game.first = first if first is not None else to_move
        board = board or {}
        start = start or {}
        goal = goal or {}
        counts = {c: 0 for c in colours}
        for name in board:
            if name not in _INDEX:
                raise BadPosition("no-such-field", field=name)
            stack = board[name]
            if not isinstance(stack, str):
                raise BadPosition("stack-not-text", field=name)
            for c in stack:
                if c not in colours:
                    raise BadPosition("colour-not-playing", colour=c, players=players)
                counts[c] += 1
            game.stacks[_INDEX[name]] = list(stack)
        full = SET_UP[players]
        for c in start:
            if c not in colours:
                raise BadPosition("colour-not-playing", colour=c, players=players)
            given = tuple(start[c])
            for h in given:
                if type(h) is not int or h < 0:
                    raise BadPosition("bad-start-height", height=h)
            heights = sorted([h for h in given if h], reverse=True)
            if len(heights) > len(full) or any(h > full[i] for i, h in enumerate(heights)):
                raise BadPosition(
                    "start-stacks-not-left",
                    colour=c,
                    given=", ".join([str(h) for h in given]),
                    full=", ".join([str(h) for h in full]),
                )
            game.start_heights[c] = heights + [0] * (len(full) - len(heights))
            counts[c] += sum(heights)
        for c in colours:
            if c not in start:
                game.start_heights[c] = [0] * len(full)
        for c in goal:
            if c not in colours:
                raise BadPosition("colour-not-playing", colour=c, players=players)
            n = goal[c]
            if type(n) is not int or n < 0:
                raise BadPosition("bad-goal-count", colour=c)
            game._goal[c] = n
            counts[c] += n
        for c in colours:
            if counts[c] != game._per:
                raise BadPosition("stone-count", colour=c, n=counts[c], per=game._per)
        done = [c for c in colours if game._goal[c] == game._per]
        if len(done) > 1:
            raise BadPosition("two-winners")
        game.winner = done[0] if done else None
        game.turn = colours.index(to_move)
        if double_turn and not (pro and players == 2):
            raise BadPosition("double-turn-not-pro")
        game._phase = 2 if double_turn else 0
        return game

    def copy(self) -> "Game":
        """An independent copy of this game, history included (so the copy can undo too)."""
        g = Game(self.players, self.pro, self.first)
        g.turn = self.turn
        g._phase = self._phase
        g.stacks = [list(s) for s in self.stacks]
        g.start_heights = {c: list(self.start_heights[c]) for c in self.colours}
        g._goal = dict(self._goal)
        g.winner = self.winner
        g._moves = list(self._moves)
        g._history = list(self._history)
        g._legal = self._legal
        return g

    def playout_state(self) -> tuple:
        """A copy of the position for a search's playout that plays on it by itself (the fast path
        for search): (stacks, start_heights, goal, phase, per). ``stacks`` and ``start_heights``
        are copies of the attributes of that name; ``goal``: colour -> stones in the goal;
        ``phase``: 0, or 1 when the first move of the Pro double first turn is due (R10), 2 when
        its second (the same player moves again, a start move or a pass); ``per``: each colour's
        stones (a colour with that many in the goal has won, R11). Changing it leaves the game
        as it is."""
        return (
            [s[:] for s in self.stacks],
            {c: h[:] for c, h in self.start_heights.items()},
            dict(self._goal),
            self._phase,
            self._per,
        )

    # -- state --------------------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        """The colour to move: 'w', 'b', 'r' or 'y'."""
        return self.colours[self.turn]

    @property
    def moves(self) -> list:
        """The move strings played so far."""
        return list(self._moves)

    @property
    def is_over(self) -> bool:
        """True once one colour has all its stones in the goal (R11)."""
        return self.winner is not None

    @property
    def blocked(self) -> bool:
        """True when the player to move has no free stone of their own (R3, R9, R10)."""
        return not self._has_free(self.to_move)

    def board(self) -> dict:
        """{field: 'wbw', ...} for the non-empty fields, colours bottom -> top."""
        return {FIELDS[i]: "".join(s) for i, s in enumerate(self.stacks) if s}

    def start(self) -> dict:
        """{'w': (4, 3, 2, 1), ...}: heights of each colour's start stacks, descending."""
        return {c: tuple(h for h in self.start_heights[c] if h) for c in self.colours}

    def goal(self) -> dict:
        """{'w': 0, 'b': 0, ...}: stones of each colour in the goal."""
        return dict(self._goal)

    def state_key(self) -> str:
        """A compact, deterministic snapshot: 'w|A4:w,5:bw|w321 b4321|goal w0 b0|play|moves ...'."""
        board = ",".join(FIELDS[i] + ":" + "".join(s) for i, s in enumerate(self.stacks) if s)
        start = " ".join(
            c + "".join(str(h) for h in self.start_heights[c] if h) for c in self.colours
        )
        goal = " ".join(c + str(self._goal[c]) for c in self.colours)
        if self.winner is not None:
            status = "won " + self.winner
        else:
            status = ("play", "double1", "double2")[self._phase]
        return "|".join(
            (self.to_move, board, start, "goal " + goal, status, "moves " + " ".join(self._moves))
        )

    def _has_free(self, c: str) -> bool:
        """True when colour c has a free stone: a start stack (R3) or the top of a stack."""
        if self.start_heights[c][0]:
            return True
        for s in self.stacks:
            if s and s[-1] == c:
                return True
        return False

    # -- moves --------------------------------------------------------------------------------

    def _generate(self) -> list:
        """Compute and cache the legal moves (R3-R10)."""
        legal = []
        self._legal = legal
        if self.winner is not None:
            return legal
        c = self.colours[self.turn]
        _start_moves(legal, c, self.start_heights[c])
        if self._phase == 2:
            # R10: the second move of the double first turn sets another stone onto the board.
            legal.append(PASS)
            return legal
        for s, row in zip(self.stacks, BOARD_MOVES):
            if s and s[-1] == c:
                legal.extend(row[len(s)])
        if not legal:
            # Blocked: under the standard rule any opponent's free stone may move (R9).
            if not self.pro:
                for o in self.colours:
                    if o != c:
                        _start_moves(legal, o, self.start_heights[o])
                for s, row in zip(self.stacks, BOARD_MOVES):
                    if s:
                        legal.extend(row[len(s)])
            legal.append(PASS)
        return legal

    def legal_moves(self) -> list:
        """The legal moves of the player to move, canonical strings without duplicates."""
        legal = self._legal
        if legal is None:
            legal = self._generate()
        return list(legal)

    def play(self, move: str) -> None:
        """Play a move for the player to move; IllegalMove (game unchanged) if it is not legal."""
        legal = self._legal
        if legal is None:
            legal = self._generate()
        if move not in legal:
            raise _why_illegal(self, move)
        c = self.colours[self.turn]
        slot = -1
        if move != PASS:
            origin, land, final, colour = ACTIONS[move]
            if origin >= 0:
                c = self.stacks[origin].pop()
            else:
                c = colour
                heights = self.start_heights[c]
                slot = len(heights) - 1
                while heights[slot] != -origin:
                    slot -= 1
                heights[slot] -= 1
            if final == _GOAL:
                n = self._goal[c] + 1
                self._goal[c] = n
                if n == self._per:
                    self.winner = c  # R11, even when moved by an opponent (R9)
            else:
                self.stacks[final].append(c)
        self._history.append((move, c, slot, self.turn, self._phase, legal))
        self._moves.append(move)
        if self._phase == 1:
            self._phase = 2  # R10: the first player moves again
        else:
            self._phase = 0
            self.turn = (self.turn + 1) % self.players
        self._legal = None

    def undo(self) -> None:
        """Take back the last move; raise IndexError when no move has been played."""
        if not self._history:
            raise IndexError("no move to undo")
        move, c, slot, turn, phase, legal = self._history.pop()
        self._moves.pop()
        if move != PASS:
            origin, land, final, colour = ACTIONS[move]
            if final == _GOAL:
                self._goal[c] -= 1
            else:
                self.stacks[final].pop()
            if origin >= 0:
                self.stacks[origin].append(c)
            else:
                self.start_heights[c][slot] += 1
        self.winner = None
        self.turn = turn
        self._phase = phase
        self._legal = legal

    # -- moves for the page: origins and two-click moves (why one is refused: below) ----------

    def origins(self) -> list:
        """The origins with legal moves now, in board order: start stacks ('Sw4'), then FIELDS."""
        out = []
        for move in self.legal_moves():
            if move != PASS:
                origin = move.split("-")[0]
                if origin not in out:
                    out.append(origin)
        return out

    def moves_from(self, origin: str) -> list:
        """The legal moves from a field or a start stack ('Sw4'); IllegalMove says why if none."""
        if self.winner is not None:
            raise _over(self)
        if origin == PASS:
            if PASS in self.legal_moves():
                return [PASS]
            raise _pass_refused(self)
        if not isinstance(origin, str) or origin == "":
            raise IllegalMove("origin-required")
        _check_origin(origin)
        found = [m for m in self.legal_moves() if m != PASS and m.split("-")[0] == origin]
        if found:
            return found
        raise _origin_problem(self, origin)

    def move_for(self, origin: str, dest: str) -> str:
        """The canonical move for two clicks (to 8: dest '8' stays, the bounce end bounces)."""
        found = self.moves_from(origin)
        if not isinstance(dest, str):
            raise IllegalMove("destination-required", kind=type(dest).__name__)
        if dest != GOAL and dest not in _INDEX:
            raise IllegalMove("no-such-field", field=dest)
        for move in found:
            if move.split("-")[-1] == dest:
                return move
        raise _distance_problem(self, origin, dest)


# -- why a move is refused: the codes and values of a move's IllegalMove (R3-R11) -------------


def progress(game: "Game") -> dict:
    """{colour: how far its stones have come}: the sum over its stones of the steps from the
    start (a stone on the start 0, on A3 or B3 3, on 9 nine, in the goal 15)."""
    home = ROUTE_INDEX[GOAL]
    out = {c: home * game._goal[c] for c in game.colours}
    for i, stack in enumerate(game.stacks):
        steps = ROUTE_INDEX[FIELDS[i]]
        for c in stack:
            out[c] += steps
    return out


def placings(game: "Game") -> list:
    """[(colour, rank)] best first: the winner (R11) first, then the others by stones in the
    goal, a tie broken by `progress`; players still equal share a rank (1, 2, 2, 4). Rank 1 is
    the winner's once the game is over; before it, the standing so far."""
    far = progress(game)
    goal = game._goal

    def key(c):
        return (0 if c == game.winner else 1, -goal[c], -far[c], game.colours.index(c))

    order = sorted(game.colours, key=key)
    out = []
    for i, c in enumerate(order):
        if i and key(c)[:3] == key(order[i - 1])[:3]:
            out.append((c, out[-1][1]))
        else:
            out.append((c, i + 1))
    return out


def _over(game: "Game") -> IllegalMove:
    """The error for any move after the end."""
    return IllegalMove("game-won", winner=game.winner)


def _pass_refused(game: "Game") -> IllegalMove:
    """The error for a pass by a player who has a free stone (R9, R10)."""
    return IllegalMove("pass-with-free-stone", colour=game.to_move)


def _origin_problem(game: "Game", origin: str) -> IllegalMove:
    """Why nothing can move from a syntactically valid origin."""
    c = game.to_move
    blocked = not game._has_free(c)
    if blocked and game.pro:
        return IllegalMove("must-pass-pro", colour=c)
    if origin[0] == START:
        o, h = origin[1], int(origin[2:])
        if o not in game.colours:
            return IllegalMove("colour-not-playing", colour=o, players=game.players)
        if o != c and not blocked:
            return IllegalMove("start-stack-not-yours", stack=origin, owner=o, colour=c)
        left = [str(x) for x in game.start_heights[o] if x]
        if not left:
            return IllegalMove("start-empty", colour=o)
        if h not in game.start_heights[o]:
            return IllegalMove("no-start-stack", colour=o, height=h, left=", ".join(left))
        return IllegalMove("illegal-from", origin=origin)
    if game._phase == 2:
        return IllegalMove("double-turn-from-start")
    stack = game.stacks[_INDEX[origin]]
    if not stack:
        return IllegalMove("field-empty", field=origin)
    top = stack[-1]
    if top != c:
        if c in stack:
            return IllegalMove("own-stone-covered", field=origin, top=top, colour=c)
        return IllegalMove("top-stone-not-yours", field=origin, top=top, colour=c)
    return IllegalMove("illegal-from", origin=origin)


def _distance(game: "Game", origin: str) -> int:
    """How far the free stone at `origin` moves (R4): the height of its stack."""
    if origin[0] == START and origin not in _INDEX:
        return int(origin[2:])
    return len(game.stacks[_INDEX[origin]])


def _distance_problem(game: "Game", origin: str, dest: str) -> IllegalMove:
    """Why the stone at `origin` cannot go to `dest` (R4, R5, R7, R8): `n` the fields it moves,
    `ends` where it goes (one field, or the two lanes from the start), `bounce` where it may
    bounce on to ('' for none), and why not to `dest`: `lane` (the lane it keeps, R5) or
    `backward` (stones move forward only), else neither."""
    n = _distance(game, origin)
    ends = tuple([m.split("-")[1] for m in game.moves_from(origin) if m.count("-") == 1])
    bounce = _walk(TRAMPOLINE, n) if ends and ends[0] == TRAMPOLINE else ""
    here = ROUTE_INDEX[origin] if origin in ROUTE_INDEX else 0
    lane = ""
    backward = False
    if _lane(origin) and _lane(dest) and _lane(origin) != _lane(dest):
        lane = _lane(origin)
    elif ROUTE_INDEX[dest] <= here:
        backward = True
    return IllegalMove(
        "wrong-distance",
        origin=origin,
        dest=dest,
        n=n,
        start=origin[0] == START and origin not in _INDEX,
        ends=ends,
        bounce=bounce,
        lane=lane,
        backward=backward,
    )


def _why_illegal(game: "Game", move) -> IllegalMove:
    """The IllegalMove for a move string that is not in the legal list."""
    if game.winner is not None:
        return _over(game)
    origin, path = parse_move(move)  # raises on malformed text
    if origin == PASS:
        return _pass_refused(game)
    game.moves_from(origin)  # raises when nothing can move from there
    land = path[0]
    try:
        meant = game.move_for(origin, land)
    except IllegalMove as err:
        return err
    if meant != move and len(path) == 1:
        stay = meant.split("-")
        return IllegalMove("bounce-through-trampoline", move=meant, stay=stay[0] + "-" + stay[1])
    if len(path) == 2:
        n = _distance(game, origin)
        return IllegalMove(
            "bounce-distance", n=n, trampoline=TRAMPOLINE, to=_walk(TRAMPOLINE, n), dest=path[1]
        )
    return IllegalMove("illegal-move", move=move)
