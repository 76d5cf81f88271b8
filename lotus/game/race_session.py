"""The race game's session in the page: the engine game plus the two-click selection."""

from lotus.engine import race
from lotus.game.refusals import reason
from lotus.game.session import Session, colour_name, count_words
from lotus.render import race as race_render


class RaceSession(Session):
    """One race game in the page: the engine game plus the two-click selection."""

    game_id = "race"

    def __init__(
        self, players: int = 2, pro: bool = False, first: str = "w", seats=None, position=None
    ) -> None:
        if position:  # a game set up from a position (lotus.game.positions; raises PositionError)
            from lotus.game.race_records import from_position

            game = from_position(position)
            self.options = {"players": game.players, "pro": game.pro, "first": game.first}
            self.options["position"] = position
        else:
            game = race.Game(players=players, pro=pro, first=first)
            self.options = {"players": players, "pro": pro, "first": first}
        super().__init__(game, seats)
        self._after_change()

    def _after_change(self) -> None:
        self.selected = None
        self.targets = ()
        self.bounce_targets = ()

    # -- input -----------------------------------------------------------------------------
    def click(self, target: str) -> bool:
        """Handle a click on a field ('A3', '8', 'G') or start stack ('Sw4'); True if it moved."""
        self.message = ""
        game = self.game
        if game.is_over:
            self.message = "The game is over. Start a new game to play again."
            return False
        if self.review is not None:
            self.message = self.review_refusal()
            return False
        if self.computer_level() is not None:
            self.message = self.computer_turn_refusal()
            return False
        if self.selected is None or target == self.selected:
            if target == self.selected:
                self._after_change()
                return False
            return self._select(target)
        try:
            move = game.move_for(self.selected, target)
        except race.IllegalMove as exc:
            if target in game.origins():
                return self._select(target)
            self._after_change()
            self.message = reason(exc)
            return False
        self.act(move)
        return True

    def _select(self, origin: str) -> bool:
        try:
            moves = self.game.moves_from(origin)
        except race.IllegalMove as exc:
            self._after_change()
            self.message = reason(exc)
            return False
        targets = []
        bounces = []
        for move in moves:
            _, path = race.parse_move(move)
            if path[0] not in targets:
                targets.append(path[0])
            if len(path) > 1 and path[1] not in bounces:
                bounces.append(path[1])
        self.selected = origin
        self.targets = tuple(targets)
        self.bounce_targets = tuple(bounces)
        return False

    def play(self, move: str) -> None:
        """Play a move given in notation (raises race.IllegalMove)."""
        self.act(move)

    def pass_turn(self) -> None:
        """Pass, when the engine allows it."""
        try:
            self.act("pass")
        except race.IllegalMove as exc:
            self.message = reason(exc)

    # -- output ----------------------------------------------------------------------------
    def can_pass(self) -> bool:
        """True when `pass` is a legal move now."""
        return "pass" in self.game.legal_moves()

    def phase(self) -> str:
        """'play' or 'over'."""
        return "over" if self.game.is_over else "play"

    def clear_selection(self) -> None:
        """Forget the selected stone (Escape)."""
        self._after_change()

    def hint_marks(self) -> list:
        """The hinted move's origin and destination."""
        return self.move_marks(self.hint)

    def move_marks(self, move) -> list:
        """A move's origin and destination on the board ([] for none or a pass)."""
        if not move or move == "pass":
            return []
        origin, path = race.parse_move(move)
        first = ("start", origin[1:]) if origin.startswith("S") else ("field", origin)
        return [first, ("field", path[-1])]

    def colours(self) -> tuple:
        """The colours in play, in turn order."""
        return self.game.colours

    # -- words -----------------------------------------------------------------------------
    def _before(self, action: str):
        """The stacks before the move: whose stone moves and what it lands on."""
        return self.game.board()

    def _describe(self, action: str, mover: str, before) -> tuple:
        """'White enters from the 4-stack to A4', 'Black moves A3 → 7, covering White'."""
        return (colour_name(mover) + " " + move_words(action, mover, before), "")

    def what_it_did(self, move: str) -> str:
        """What `move` would do here: which stone moves how far (R3), a bounce on the trampoline,
        the stone it lands on and the one it uncovers."""
        if move == race.PASS:
            return super().what_it_did(move)
        before = self.game
        after = before.copy()
        after.play(move)
        origin, path = race.parse_move(move)
        board_before, board_after = before.board(), after.board()
        if origin[0] == race.START:
            colour, height = origin[1], int(origin[2:])
            where = "on the start"
        else:
            colour, height = board_before[origin][-1], len(board_before[origin])
            where = "on " + origin
        whose = "the " if colour == before.to_move else colour_name(colour) + "'s "
        if height == 1:
            stone = whose + "stone alone " + where
        else:
            stone = whose + "top stone of the " + str(height) + "-stack " + where
        dest = path[-1]
        to = "into the goal" if dest == race.GOAL else "to " + dest
        words = stone + " moves " + count_words(height, "field") + ", "
        words += ("bounces on the trampoline and goes on " + to) if len(path) == 2 else to
        landed = board_after.get(dest, "")
        if len(landed) > 1:
            under = landed[-2]
            words += ", on top of " + (
                "a stone of its own colour"
                if under == colour
                else "a " + colour_name(under).lower() + " stone"
            )
        left = board_after.get(origin, "")
        if left:
            words += (
                ", and leaves a " + colour_name(left[-1]).lower() + " stone on top of " + origin
            )
        return words

    def hint_text(self, move: str) -> str:
        """'move A3 → 7', 'enter from the 4-stack to A4', 'pass'."""
        if move == race.PASS:
            return "pass"
        origin, path = race.parse_move(move)
        bounce = " and bounce on to " + path[1] if len(path) > 1 else ""
        if origin.startswith("S"):
            return f"enter from the {origin[2:]}-stack to {path[0]}{bounce}"
        return f"move {origin} → {_field_name(path[0])}{bounce}"

    def player_count(self, colour: str) -> tuple:
        """Stones home out of all of a colour's stones."""
        total = sum(race.SET_UP[self.game.players])
        return (f"{self.game.goal()[colour]}/{total}", "stones home")

    def status(self) -> str:
        """One line for people: the result, a refused click's reason, or whose turn it is."""
        game = self.game
        if game.is_over:
            name = race.COLOUR_NAMES[game.winner]
            return f"{colour_name(game.winner)} wins: every {name} stone is home."
        if self.message:
            return self.message
        who = colour_name(game.to_move)
        if self.computer_level() is not None:
            return self.turn_text()
        if game.blocked:
            if game.pro:
                return f"{who} is blocked (Pro rule): {who} must pass."
            return f"{who} is blocked: move any opponent's free stone, or pass."
        if self.selected is not None and self.bounce_targets:
            stay = ", ".join(t for t in self.targets)
            on = " or ".join(self.bounce_targets)
            return f"{who} to move: click {stay} to stay on the blossom or {on} to bounce on."
        if self.selected is not None:
            return f"{who} to move: choose where the stone on {_origin_name(self.selected)} goes."
        return f"{who} to move."

    def banner(self) -> str:
        """The end-of-game banner text, or '' while the game goes on."""
        if not self.game.is_over:
            return ""
        return f"{colour_name(self.game.winner)} wins!"

    def svg(self) -> str:
        """The board as SVG markup (of the position under review, when reviewing)."""
        game = self.view_game()
        if game is not self.game:
            last = game.moves[-1] if game.moves else None
            return race_render.board(game, last_move=last)
        last = self.game.moves[-1] if self.game.moves else None
        return race_render.board(
            self.game,
            selected=self.selected,
            targets=self.targets,
            bounce_targets=self.bounce_targets,
            last_move=last,
        )

    def stacks(self) -> dict:
        """The board as {field: stones bottom to top} (what the page's sounds compare)."""
        return self.game.board()

    def track_svg(self) -> str:
        """The race has no pass track."""
        return ""


def move_words(move: str, mover: str, board: dict) -> str:
    """A move in words after its mover's name, given the stacks before it (`game.board()`).

    'enters from the 4-stack to A4', 'moves A3 → 7, covering White', 'moves A4 → 8, lands on
    the blossom and bounces on to 12', 'moves 13 → the goal', 'passes'.
    """
    if move == race.PASS:
        return "passes"
    origin, path = race.parse_move(move)
    final = path[-1]
    if origin.startswith("S"):
        stone = origin[1]
        whose = "" if stone == mover else race.COLOUR_NAMES[stone] + " stone "
        text = f"enters {whose}from the {origin[2:]}-stack to {path[0]}"
    else:
        stone = board.get(origin, mover)[-1]
        whose = "" if stone == mover else colour_name(stone) + "'s stone "
        text = f"moves {whose}{origin} → {_field_name(path[0])}"
    if len(path) > 1:
        text += f", lands on the blossom and bounces on to {_field_name(final)}"
    elif final == race.TRAMPOLINE and not origin.startswith("S"):
        text += " and stays on the blossom"
    under = board.get(final, "")
    if final != race.GOAL and under:
        if under[-1] == stone:
            text += ", onto its own stone"
        else:
            text += ", covering " + colour_name(under[-1])
    return text


def _field_name(field: str) -> str:
    return "the goal" if field == race.GOAL else field


def _origin_name(origin: str) -> str:
    if origin.startswith("S"):
        return f"the {race.COLOUR_NAMES[origin[1]]} start stack of {origin[2:]}"
    return origin
