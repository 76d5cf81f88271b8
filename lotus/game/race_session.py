"""The race game's session in the page: the engine game plus the two-click selection."""

from lotus.engine import race
from lotus.game.refusals import reason
from lotus.game.session import Session
from lotus.game.text import colour_name
from lotus.render import race as race_render
from lotus.words import N_, _, n_

A_STONE = {  # a stone of a colour, in "…, on top of {stone}" and "leaves {stone} on top of 7"
    # Translators: the object of "on top of …" and "leaves … on top of 7" (German: accusative).
    "w": N_("a white stone"),
    "b": N_("a black stone"),
    "r": N_("a red stone"),
    "y": N_("a yellow stone"),
}


# The result of a race of three or four for the one person playing the computers, by their
# rank (2-4): placed alone, or sharing the rank with another player.
PLACED = {
    # Translators: {colour} is the winner's colour; the person playing the computers came second.
    2: N_("{colour} wins; you are second."),
    3: N_("{colour} wins; you are third."),
    4: N_("{colour} wins; you are fourth."),
}
SHARED = {
    # Translators: {colour} is the winner's colour; the person shares second place with a computer.
    2: N_("{colour} wins; you share second place."),
    3: N_("{colour} wins; you share third place."),
}


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
            self.message = _("The game is over. Start a new game to play again.")
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

    def marks_after(self, move, played: str) -> list:
        """A start stack is named by its height: when `played` took a stone from the stack that
        `move` starts from, that stack is one lower on the board after it (gone after its last
        stone: then only the destination is marked)."""
        marks = self.move_marks(move)
        if marks and marks[0][0] == "start" and played.split("-")[0] == move.split("-")[0]:
            value = marks[0][1]
            height = int(value[1:]) - 1
            marks[0:1] = [("start", value[0] + str(height))] if height else []
        return marks

    def colours(self) -> tuple:
        """The colours in play, in turn order."""
        return self.game.colours

    # -- words -----------------------------------------------------------------------------
    def _before(self, action: str):
        """The stacks before the move: whose stone moves and what it lands on."""
        return self.game.board()

    def _describe(self, action: str, mover: str, before) -> tuple:
        """'White enters from the 4-stack to A4', 'Black moves A3 → 7, covering White'."""
        return (move_words(action, mover, before), "")

    def _short(self, action: str, mover: str, subject: bool) -> str:
        """'White enters on A4', 'Black moves 5 to 7', 'White passes' (see `short_words`)."""
        return short_move_words(action, mover, subject)

    def what_it_did(self, move: str) -> str:
        """What `move` would do here: which stone moves how far (R3), a bounce on the trampoline,
        the stone it lands on and the one it uncovers (a clause, after "Not this one:")."""
        if move == race.PASS:
            return super().what_it_did(move)
        before = self.game
        after = before.copy()
        after.play(move)
        origin, path = race.parse_move(move)
        board_before, board_after = before.board(), after.board()
        if origin[0] == race.START:
            colour, height = origin[1], int(origin[2:])
        else:
            colour, height = board_before[origin][-1], len(board_before[origin])
        own = colour == before.to_move
        values = {"colour": colour_name(colour), "height": height, "field": origin}
        if origin[0] == race.START and height == 1:
            stone = (
                _("the stone alone on the start")
                if own
                else _("{colour}'s stone alone on the start", **values)
            )
        elif origin[0] == race.START:
            stone = (
                _("the top stone of the {height}-stack on the start", **values)
                if own
                else _("{colour}'s top stone of the {height}-stack on the start", **values)
            )
        elif height == 1:
            stone = (
                _("the stone alone on {field}", **values)
                if own
                else _("{colour}'s stone alone on {field}", **values)
            )
        else:
            stone = (
                _("the top stone of the {height}-stack on {field}", **values)
                if own
                else _("{colour}'s top stone of the {height}-stack on {field}", **values)
            )
        dest = path[-1]
        if len(path) == 2:
            words = n_(
                "{stone} moves {n} field, bounces on the trampoline and goes on to {field}",
                "{stone} moves {n} fields, bounces on the trampoline and goes on to {field}",
                height,
                stone=stone,
                field=_field_name(dest),
            )
        else:
            words = n_(
                "{stone} moves {n} field to {field}",
                "{stone} moves {n} fields to {field}",
                height,
                stone=stone,
                field=_field_name(dest),
            )
        landed = board_after.get(dest, "")
        if len(landed) > 1:
            under = landed[-2]
            if under == colour:
                words = _("{move}, on top of a stone of its own colour", move=words)
            else:
                words = _("{move}, on top of {stone}", move=words, stone=_(A_STONE[under]))
        left = board_after.get(origin, "")
        if left:
            words = _(
                "{move}, and leaves {stone} on top of {field}",
                move=words,
                stone=_(A_STONE[left[-1]]),
                field=origin,
            )
        return words

    def hint_text(self, move: str) -> str:
        """'move A3 → 7', 'enter from the 4-stack to A4', 'pass' (after "Hint:")."""
        if move == race.PASS:
            return _("pass")
        origin, path = race.parse_move(move)
        if origin.startswith("S"):
            values = {"height": origin[2:], "field": path[0]}
            if len(path) > 1:
                return _(
                    "enter from the {height}-stack to {field} and bounce on to {to}",
                    to=path[1],
                    **values,
                )
            return _("enter from the {height}-stack to {field}", **values)
        values = {"origin": origin, "field": _field_name(path[0])}
        if len(path) > 1:
            return _(
                "move {origin} → {field} and bounce on to {to}", to=_field_name(path[1]), **values
            )
        return _("move {origin} → {field}", **values)

    def player_count(self, colour: str) -> tuple:
        """Stones home out of all of a colour's stones."""
        total = sum(race.SET_UP[self.game.players])
        return (f"{self.game.goal()[colour]}/{total}", _("stones home"))

    def status(self) -> str:
        """One line for people: the result, a refused click's reason, or whose turn it is."""
        game = self.game
        if game.is_over:
            return self.banner()
        if self.message:
            return self.message
        who = colour_name(game.to_move)
        if self.computer_level() is not None:
            return self.turn_text()
        if game.blocked:
            if game.pro:
                return _("{colour} is blocked (Pro rule) and must pass.", colour=who)
            return _("{colour} is blocked: move any opponent's free stone, or pass.", colour=who)
        if self.selected is not None and self.bounce_targets:
            return _(
                "{colour} to move: click {stay} to stay on the trampoline or {on} to bounce on.",
                colour=who,
                stay=_or(self.targets),
                on=_or(self.bounce_targets),
            )
        if self.selected is not None:
            if self.selected.startswith("S"):
                return _(
                    "{colour} to move: choose where the stone from {owner}'s {height}-stack on "
                    "the start goes.",
                    colour=who,
                    owner=colour_name(self.selected[1]),
                    height=self.selected[2:],
                )
            return _(
                "{colour} to move: choose where the stone on {field} goes.",
                colour=who,
                field=self.selected,
            )
        return _("{colour} to move.", colour=who)

    def banner(self) -> str:
        """The end-of-game banner text, or '' while the game goes on."""
        game = self.game
        if not game.is_over:
            return ""
        person = self.person()
        if person is not None and person != game.winner and game.players > 2:
            placed = self.placings()
            rank = dict(placed)[person]
            shared = [c for c, r in placed if r == rank and c != person]
            table = SHARED if shared else PLACED
            return _(table[rank], colour=colour_name(game.winner))
        return self.winner_words(
            game.winner,
            N_("You win with every stone home."),
            N_("The computer wins."),
            N_("{colour} wins with every stone home."),
        )

    def placings(self) -> list:
        """[(colour, rank)] best first: the winner, then by stones home and how far the others'
        stones have come (lotus.engine.race.placings)."""
        return race.placings(self.game)

    def svg(self) -> str:
        """The board as SVG markup (of the position under review, when reviewing)."""
        game = self.view_game()
        marks = {"last_moves": self.last_moves(), "ply": len(game.moves)}
        if game is not self.game:
            last = game.moves[-1] if game.moves else None
            return race_render.board(game, last_move=last, **marks)
        last = self.game.moves[-1] if self.game.moves else None
        return race_render.board(
            self.game,
            selected=self.selected,
            targets=self.targets,
            bounce_targets=self.bounce_targets,
            last_move=last,
            **marks,
        )

    def stacks(self) -> dict:
        """The board as {field: stones bottom to top} (what the page's sounds compare)."""
        return self.game.board()

    def track_svg(self) -> str:
        """The race has no pass track."""
        return ""


def move_words(move: str, mover: str, board: dict) -> str:
    """A move in words, its mover's name first, given the stacks before it (`game.board()`).

    'White enters from the 4-stack to A4', 'Black moves A3 → 7, covering White', 'White moves
    A4 → 8, lands on the trampoline and bounces on to 12', 'Black moves 13 → the goal',
    'White passes'.
    """
    who = colour_name(mover)
    if move == race.PASS:
        return _("{colour} passes", colour=who)
    origin, path = race.parse_move(move)
    final = path[-1]
    if origin.startswith("S"):
        stone = origin[1]
        values = {"colour": who, "height": origin[2:], "field": path[0]}
        if stone == mover:
            text = _("{colour} enters from the {height}-stack to {field}", **values)
        else:
            text = _(
                "{colour} enters {owner}'s stone from the {height}-stack to {field}",
                owner=colour_name(stone),
                **values,
            )
    else:
        stone = board.get(origin, mover)[-1]
        values = {"colour": who, "origin": origin, "field": _field_name(path[0])}
        if stone == mover:
            # Translators: a move in the move list: "White moves A3 → 7".
            text = _("{colour} moves {origin} → {field}", **values)
        else:
            text = _(
                "{colour} moves {owner}'s stone {origin} → {field}",
                owner=colour_name(stone),
                **values,
            )
    if len(path) > 1:
        # Translators: {move} is a move in words, "White moves A4 → 8".
        text = _(
            "{move}, lands on the trampoline and bounces on to {field}",
            move=text,
            field=_field_name(final),
        )
    elif final == race.TRAMPOLINE and not origin.startswith("S"):
        text = _("{move} and stays on the trampoline", move=text)
    under = board.get(final, "")
    if final != race.GOAL and under:
        if under[-1] == stone:
            text = _("{move}, onto its own stone", move=text)
        else:
            text = _("{move}, covering {colour}", move=text, colour=colour_name(under[-1]))
    return text


def short_move_words(move: str, mover: str, subject: bool = True) -> str:
    """A move in a few words, its mover's name first: 'White enters on A4', 'Black moves 5 to 7',
    'Black moves 13 into the goal', 'White moves A4 to 8 and bounces on to 12', 'White passes';
    without it (`subject=False`: the move list, after the mover's colour): 'enters on A4'.
    `move_words` says more (which stack, what it covers)."""
    who = colour_name(mover)
    if move == race.PASS:
        return _("{colour} passes", colour=who) if subject else _("passes")
    origin, path = race.parse_move(move)
    if origin.startswith("S"):
        owner = colour_name(origin[1])
        if origin[1] == mover and subject:
            # Translators: a move in the move list: a stone enters the board from the start.
            return _("{colour} enters on {field}", colour=who, field=path[0])
        if origin[1] == mover:
            # Translators: a move in the move list, after its mover's colour.
            return _("enters on {field}", field=path[0])
        if subject:
            return _(
                "{colour} enters {owner}'s stone on {field}", colour=who, owner=owner, field=path[0]
            )
        return _("enters {owner}'s stone on {field}", owner=owner, field=path[0])
    values = {"colour": who, "origin": origin, "field": path[0]}
    if len(path) > 1 and path[1] == race.GOAL:
        if subject:
            return _("{colour} moves {origin} to {field} and bounces into the goal", **values)
        return _("moves {origin} to {field} and bounces into the goal", **values)
    if len(path) > 1:
        values["to"] = path[1]
        if subject:
            return _("{colour} moves {origin} to {field} and bounces on to {to}", **values)
        return _("moves {origin} to {field} and bounces on to {to}", **values)
    if path[0] == race.GOAL:
        if subject:
            return _("{colour} moves {origin} into the goal", **values)
        return _("moves {origin} into the goal", **values)
    if subject:
        # Translators: a move in the move list: "Black moves 5 to 7" (fields' names).
        return _("{colour} moves {origin} to {field}", **values)
    return _("moves {origin} to {field}", **values)


def _field_name(field: str) -> str:
    """A field's name in a sentence: the goal in words, any other field its name."""
    return _("the goal") if field == race.GOAL else field


def _or(items) -> str:
    """'8', '8 or 12', '6, 8 or 12': fields to choose from."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}", items=", ".join(items[:-1]), last=items[-1])
