"""Flip's rules: a reversal game on a small square board (Othello's rules), and its notation.

    g = Game(size=4)
    g.legal_moves()   # ['c1', 'd2', 'a3', 'b4'] (White moves first)
    g.play("c1")
    g.undo()

F1. The board has `size` × `size` squares (4 or 6), columns a.. and rows 1..; two white and two
    black stones stand crosswise in its centre. White moves first unless told otherwise.
F2. A move places a stone of the mover's colour on an empty square from which, in at least one of
    the eight directions, a line of the opponent's stones ends in one of the mover's: every such
    line is reversed to the mover's colour.
F3. A player without such a move passes ("pass"), and only then.
F4. The game ends when neither player can place a stone; the one with more stones wins, equal
    counts draw.
"""

from lotus.engine import Game as Protocol
from lotus.engine import IllegalMove as AnyIllegalMove

COLOURS = ("w", "b")
PASS = "pass"
SIZES = (4, 6)
_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


class IllegalMove(AnyIllegalMove):
    """A move Flip's rules refuse: a code and values, worded by lotus.game.refusals (this test
    game uses the codes every game may use: game-over, illegal-move, not-a-move)."""


def square_name(size: int, i: int) -> str:
    """The notation of square index i: 'a1' is 0, 'b1' is 1, ..."""
    return "abcdef"[i % size] + str(i // size + 1)


def square_index(size: int, name) -> int:
    """The index of a square's notation, or -1 when it is not a square of the board."""
    if type(name) is not str or len(name) != 2:
        return -1
    col = "abcdef"[:size].find(name[0])
    row = "123456"[:size].find(name[1])
    return -1 if col < 0 or row < 0 else row * size + col


class Game(Protocol):
    """One game of Flip (F1-F4), through the engine protocol."""

    __slots__ = ("size", "board", "turn", "first", "played", "history", "cache")
    # board: per square index (a1 is 0, b1 is 1, ...) '.', 'w' or 'b'; played: the moves;
    # history: per move (square index or -1, reversed indices, turn before); cache: legal moves.

    search_plugin = "tests.support.flip.plugin"
    colours = COLOURS

    def __init__(self, size: int = 4, first: str = "w") -> None:
        """A new game (F1): a `size` board (4 or 6), `first` to move."""
        if size not in SIZES or type(size) is not int:
            raise ValueError(f"size must be 4 or 6, not {size!r}")
        if first not in COLOURS:
            raise ValueError(f"first must be 'w' or 'b', not {first!r}")
        self.size = size
        self.board = ["."] * (size * size)
        low = size // 2 - 1
        for dr, dc, colour in ((0, 0, "w"), (0, 1, "b"), (1, 0, "b"), (1, 1, "w")):
            self.board[(low + dr) * size + low + dc] = colour
        self.turn = COLOURS.index(first)
        self.first = first
        self.played = []
        self.history = []
        self.cache = None

    @classmethod
    def from_setup(cls, size: int, board: str, to_move: str) -> "Game":
        """A game set up in a position: `board` is size*size characters '.', 'w', 'b'."""
        game = cls(size, to_move)
        if type(board) is not str or len(board) != size * size:
            raise ValueError(f"the board has {size * size} squares")
        for ch in board:
            if ch not in ".wb":
                raise ValueError(f"{ch!r} is not a stone (w or b) or an empty square (.)")
        game.board = list(board)
        return game

    def copy(self) -> "Game":
        """An independent copy, history included."""
        g = Game(self.size, self.first)
        g.board = self.board[:]
        g.turn = self.turn
        g.played = self.played[:]
        g.history = self.history[:]
        g.cache = self.cache
        return g

    @property
    def to_move(self) -> str:
        """The colour to move."""
        return COLOURS[self.turn]

    @property
    def moves(self) -> list:
        """The moves played so far, in notation."""
        return self.played[:]

    def _reversed(self, i: int, me: str) -> list:
        """The squares a stone of `me` on empty square i reverses (F2)."""
        size = self.size
        other = "b" if me == "w" else "w"
        row, col = i // size, i % size
        out = []
        for dr, dc in _STEPS:
            line = []
            r, c = row + dr, col + dc
            while 0 <= r < size and 0 <= c < size and self.board[r * size + c] == other:
                line.append(r * size + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < size and 0 <= c < size and self.board[r * size + c] == me:
                out.extend(line)
        return out

    def _placements(self, me: str) -> list:
        """The squares where `me` may place a stone (F2), ascending."""
        return [i for i in range(len(self.board)) if self.board[i] == "." and self._reversed(i, me)]

    def legal_moves(self) -> list:
        """The placements in notation, or ['pass'] when there is none (F3); [] once over (F4)."""
        if self.cache is None:
            mine = self._placements(self.to_move)
            if mine:
                self.cache = [square_name(self.size, i) for i in mine]
            elif self._placements(COLOURS[1 - self.turn]):
                self.cache = [PASS]
            else:
                self.cache = []
        return self.cache[:]

    @property
    def is_over(self) -> bool:
        """True when neither player can place a stone (F4)."""
        return not self.legal_moves()

    def counts(self) -> dict:
        """Stones of each colour on the board."""
        return {c: self.board.count(c) for c in COLOURS}

    @property
    def winner(self):
        """The colour with more stones once over (F4); None in play or for a draw."""
        if not self.is_over:
            return None
        w, b = self.board.count("w"), self.board.count("b")
        return "w" if w > b else "b" if b > w else None

    def play(self, move: str) -> None:
        """Play a move in notation; IllegalMove (game unchanged) if it is not legal."""
        legal = self.legal_moves()
        if move not in legal:
            if not legal:
                raise IllegalMove("game-over")
            if move == PASS or square_index(self.size, move) >= 0:
                raise IllegalMove("illegal-move", move=move)  # F3: a pass only without a move; F2
            raise IllegalMove("not-a-move", move=move)
        i = -1 if move == PASS else square_index(self.size, move)
        flipped = [] if i < 0 else self._reversed(i, self.to_move)
        self.history.append((i, flipped, self.turn))
        if i >= 0:
            self.board[i] = self.to_move
            for k in flipped:
                self.board[k] = self.to_move
        self.played.append(move)
        self.turn = 1 - self.turn
        self.cache = None

    def undo(self) -> None:
        """Take back the last move; IndexError when there is none."""
        if not self.history:
            raise IndexError("no move to undo")
        i, flipped, turn = self.history.pop()
        if i >= 0:
            other = COLOURS[1 - turn]
            self.board[i] = "."
            for k in flipped:
                self.board[k] = other
        self.played.pop()
        self.turn = turn
        self.cache = None

    def state_key(self) -> str:
        """The whole state as text: board, colour to move, moves."""
        return "|".join(("".join(self.board), self.to_move, " ".join(self.played)))
