"""Flip's session in the page: a click places a stone; passing when the rules say so (F3)."""

from lotus.game.refusals import reason
from lotus.game.session import Session
from lotus.game.text import colour_name
from tests.support.flip import engine, render


class FlipSession(Session):
    """One game of Flip in the page."""

    game_id = "flip"

    def __init__(self, size: int = 4, first: str = "w", seats=None, position=None) -> None:
        if position:
            from tests.support.flip.records import from_position

            game = from_position(position)
            self.options = {"size": game.size, "first": game.to_move, "position": position}
        else:
            game = engine.Game(size=size, first=first)
            self.options = {"size": size, "first": first}
        super().__init__(game, seats)

    def click(self, point: str) -> bool:
        """A click on a square: place a stone there; True if it moved."""
        self.message = ""
        if self.game.is_over:
            self.message = "The game is over. Start a new game to play again."
            return False
        if self.review is not None:
            self.message = self.review_refusal()
            return False
        if self.computer_level() is not None:
            self.message = self.computer_turn_refusal()
            return False
        try:
            self.act(point)
        except engine.IllegalMove as exc:
            self.message = reason(exc)
            return False
        return True

    def pass_turn(self) -> None:
        """Pass, when the rules allow it (F3)."""
        try:
            self.act(engine.PASS)
        except engine.IllegalMove as exc:
            self.message = reason(exc)

    def can_pass(self) -> bool:
        """True when passing is the move now (F3)."""
        return engine.PASS in self.game.legal_moves()

    def phase(self) -> str:
        """'play' or 'over'."""
        return "over" if self.game.is_over else "play"

    def colours(self) -> tuple:
        """The colours, White first."""
        return engine.COLOURS

    def move_marks(self, move) -> list:
        """A placement's square."""
        return [] if not move or move == engine.PASS else [("point", move)]

    def player_count(self, colour: str) -> tuple:
        """Stones on the board."""
        return (str(self.game.counts()[colour]), "stones")

    def status(self) -> str:
        """The result, a refused click's reason, or whose turn it is."""
        game = self.game
        if game.is_over:
            if game.winner is None:
                return "A draw: as many stones each."
            return f"{colour_name(game.winner)} wins with more stones."
        if self.message:
            return self.message
        if self.computer_level() is not None:
            return self.turn_text()
        who = colour_name(game.to_move)
        if self.can_pass():
            return f"{who} cannot place a stone and must pass."
        return f"{who} to move."

    def banner(self) -> str:
        """The end-of-game banner, or ''."""
        if not self.game.is_over:
            return ""
        return "A draw!" if self.game.winner is None else f"{colour_name(self.game.winner)} wins!"

    def svg(self) -> str:
        """The board (of the reviewed position when reviewing)."""
        game = self.view_game()
        return render.board(game, last_move=game.moves[-1] if game.moves else None)

    def stacks(self) -> dict:
        """The board as {square: stone} (what the page's sounds compare)."""
        size = self.game.size
        return {engine.square_name(size, i): s for i, s in enumerate(self.game.board) if s != "."}

    def track_svg(self) -> str:
        """Flip has no pass track."""
        return ""
