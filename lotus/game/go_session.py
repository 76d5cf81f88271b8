"""The Go game's session in the page: placements, passes, the scoring phase and dead groups."""

from lotus.engine import go
from lotus.engine.kensington import HEXAGONS, NEIGHBOURS, SIZE
from lotus.game.refusals import reason
from lotus.game.session import Session, join_and
from lotus.game.text import colour_name
from lotus.render import go as go_render
from lotus.words import _, n_


class GoSession(Session):
    """One Go game in the page: placements and passes; its scoring phase is a part of its own
    (``scoring``, a ``GoScoring``)."""

    game_id = "go"

    def __init__(
        self, first: str = "w", marker: int = 0, numbers: bool = False, seats=None, position=None
    ) -> None:
        if position:  # a game set up from a position (lotus.game.positions; raises PositionError)
            from lotus.game.go_records import from_position

            game = from_position(position)
            self.options = {"first": game.to_move, "marker": game.marker, "position": position}
        else:
            game = go.Game(marker=marker, first=first)
            self.options = {"first": first, "marker": marker}
        self.numbers = numbers
        self.flipped = ()
        self.dead_source = ""  # who marked the dead groups: 'engine', 'search' or 'players'
        self.settled = -1  # the version whose estimate is final (the search answered or failed)
        self.scoring = GoScoring(self)  # the scoring phase: dead groups, estimate, disputes
        super().__init__(game, seats)

    def keep_view(self, old) -> None:
        """Keep the point-numbers preference across new games."""
        self.numbers = old.numbers

    def _do(self, action: str) -> None:
        game = self.game
        self._flips = ()  # only a placement reverses stones
        if action.startswith("#finish"):
            # "#finish:2,37": the agreed dead groups travel with the action, so that redo and a
            # restored save end the game exactly as the players agreed.
            marks = action.partition(":")[2]
            game.finish([p for p in marks.split(",") if p])
        elif action == "#resume":
            game.resume()
        elif not _is_point(action):
            game.play(action)
            if game.phase == go.SCORING:
                self.scoring.begin()
        else:
            before = game.board()
            game.play(action)
            self._flips = tuple(go_render.reversed_points(before, game.board()))

    def _after_change(self) -> None:
        self.flipped = getattr(self, "_flips", ())
        self._flips = ()

    # -- input -----------------------------------------------------------------------------
    def click(self, point: str) -> bool:
        """A click on a point: place a stone in play, toggle a group dead while scoring."""
        self.message = ""
        if self.review is not None:
            self.message = self.review_refusal()
            return False
        if self.computer_level() is not None:
            self.message = self.computer_turn_refusal()
            return False
        game = self.game
        if game.phase == go.SCORING:
            self.scoring.click(point)
            return False
        if game.phase == go.OVER:
            self.message = _("The game is over. Start a new game to play again.")
            return False
        try:
            self.act(point)
        except go.IllegalMove as exc:
            self.message = reason(exc)
            return False
        return True

    def pass_turn(self) -> None:
        """Pass: the marker moves one point toward the passer (G3)."""
        self._try("pass")

    def resign(self) -> None:
        """Resign: the opponent wins (G8)."""
        self._try("resign")

    def confirm(self) -> None:
        """Agree on the marked dead groups and end the game (G9, G10)."""
        self._try("#finish:" + ",".join(self.game.dead))

    def resume(self) -> None:
        """Return from the scoring phase to play (G9); the computer's disputes are kept to say,
        at the next scoring, how play settled them."""
        scoring = self.scoring
        contested = [] if self.watching() else scoring.disagreements(scoring.computer_colours())
        self._try("#resume")
        if self.game.phase == go.PLAY:
            scoring.contested = tuple(contested)

    # -- the computer's view of the scoring: the page asks the session, its part answers ---
    def played_out(self) -> bool:
        """True once play was resumed after a scoring phase against the computer (G9)."""
        return self.scoring.played_out()

    def take_estimate(self, points) -> None:
        """The computer's dead groups for this position (the search's answer), as group points."""
        self.scoring.take_estimate(points)

    def disagreements(self, computer: tuple) -> list:
        """Groups whose marks favour the person over the computer's estimate (``GoScoring``)."""
        return self.scoring.disagreements(computer)

    @property
    def estimate(self) -> tuple:
        """The computer's dead groups (one point each) for this scoring phase."""
        return self.scoring.estimate

    def worker_moves(self) -> list:
        """The moves a worker rebuilds this game from: the game's moves, and "#resume" after them
        when play was resumed with no move since (from the moves alone the game would still be
        in its scoring phase, G9)."""
        moves = self.game.moves
        if self.actions and self.actions[-1] == "#resume":
            moves.append("#resume")
        return moves

    def _try(self, action: str) -> None:
        try:
            self.act(action)
        except go.IllegalMove as exc:
            self.message = reason(exc)

    # -- words -----------------------------------------------------------------------------
    def _before(self, action: str):
        """(board, lotuses, the opponent stones a placement on `action` captures by G6)."""
        game = self.game
        if not _is_point(action):
            return None  # only a placement is described from the position before it
        board = game.board()
        lotuses = game.lotuses()
        captured = []
        if game.phase != go.PLAY or board[int(action) - 1] != ".":
            return (board, lotuses, captured)
        other = "b" if game.to_move == "w" else "w"
        for n in NEIGHBOURS[int(action) - 1]:
            q = str(n)
            if board[n - 1] != other or q in captured or game.has_lotus(q):
                continue
            if game.liberties(q) == [action]:
                captured.extend(game.group_of(q))
        return (board, lotuses, captured)

    def _short(self, action: str, mover: str, subject: bool) -> str:
        """'Black plays 37', 'White passes', 'Black resigns'; without the mover: 'plays 37'."""
        if subject and action in (go.PASS, go.RESIGN):
            return self._describe(action, mover, None)[0]
        if subject:
            return _("{colour} plays {point}", colour=colour_name(mover), point=action)
        if action == go.RESIGN:
            return _("resigns")
        return super()._short(action, mover, False)

    def _describe(self, action: str, mover: str, before) -> tuple:
        """('Black plays 23, reversing 3 stones', 'Black reverses 3 stones.')."""
        who = colour_name(mover)
        if action == go.PASS:
            return (_("{colour} passes", colour=who), "")
        if action == go.RESIGN:
            return (_("{colour} resigns", colour=who), "")
        if not _is_point(action):
            return (action, "")
        board, lotuses, captured = before
        game = self.game
        after = game.board()
        other = "b" if mover == "w" else "w"
        lost = 1 + len([i for i in range(72) if board[i] == mover and after[i] == other])
        values = {"colour": who, "point": action, "other": colour_name(other)}
        # Translators: a move in the move list; {point} is a point's number (1 to 72).
        words = _("{colour} plays {point}", **values)
        event = ""
        if after[int(action) - 1] == mover:
            if captured:
                n = len(captured)
                words = n_(
                    "{colour} plays {point}, reversing {n} stone",
                    "{colour} plays {point}, reversing {n} stones",
                    n,
                    **values,
                )
                event = n_(
                    "{colour} reverses {n} stone.", "{colour} reverses {n} stones.", n, **values
                )
        elif captured:
            total = lost + len(captured)
            words = n_(
                "{colour} plays {point}, reversing {reversed}, but the group has no liberty "
                "left: second reversal, {n} stone turns {other}",
                "{colour} plays {point}, reversing {reversed}, but the group has no liberty "
                "left: second reversal, {n} stones turn {other}",
                total,
                reversed=_stones(len(captured)),
                **values,
            )
            event = n_(
                "Second reversal: {colour} reversed {reversed}, but the group had no liberty "
                "left, so its {n} stone turns {other}.",
                "Second reversal: {colour} reversed {reversed}, but the group had no liberty "
                "left, so all {n} stones turn {other}.",
                total,
                reversed=_stones(len(captured)),
                **values,
            )
        else:
            words = n_(
                "{colour} plays {point}, a suicide: {n} stone turns {other}",
                "{colour} plays {point}, a suicide: {n} stones turn {other}",
                lost,
                **values,
            )
            event = n_(
                "Suicide: {colour}'s group on {point} has no liberty; {n} stone turns {other}.",
                "Suicide: {colour}'s group on {point} has no liberty; {n} stones turn {other}.",
                lost,
                **values,
            )
        new = [k for k in game.lotuses() if k not in lotuses]
        if new:
            words = _("{move}, completing a lotus", move=words)
            owner = colour_name(after[HEXAGONS[new[0]][0] - 1])
            lotus = _("{colour} completes a lotus: that group can never be reversed.", colour=owner)
            # Translators: two sentences of the status line, one after the other.
            event = _("{first} {second}", first=event, second=lotus) if event else lotus
        return (words, event)

    def what_it_did(self, move: str) -> str:
        """What placing on `move` would do here: the stones it reverses, a lotus it completes, or
        the group it would leave without a liberty (which turns, G6); a clause, after "Not this
        one:"."""
        before = self.game
        if move == go.PASS:
            return super().what_it_did(move)
        after = before.copy()
        after.play(move)
        mover = before.to_move
        other = "b" if mover == "w" else "w"
        turned = []
        lost = []
        for n in range(1, SIZE + 1):
            p = str(n)
            was, now = before.colour_at(p), after.colour_at(p)
            if was == other and now == mover:
                turned.append(p)
            elif was == mover and now == other:
                lost.append(p)
        if after.colour_at(move) != mover:
            return n_(
                "the group there is left without a liberty, so it turns {colour}: you lose "
                "{n} stone",
                "the group there is left without a liberty, so it turns {colour}: you lose "
                "{n} stones",
                len(lost) + 1,
                colour=colour_name(other),
            )
        lotus = len(after.lotuses()) > len(before.lotuses())
        if not turned:
            if lotus:
                return _("it captures nothing and completes a lotus")
            return _("it captures nothing")
        values = {"points": ", ".join(turned)}
        if lotus:
            return n_(
                "it reverses {n} stone (on {points}) and completes a lotus",
                "it reverses {n} stones (on {points}) and completes a lotus",
                len(turned),
                **values,
            )
        return n_(
            "it reverses {n} stone (on {points})",
            "it reverses {n} stones (on {points})",
            len(turned),
            **values,
        )

    def hint_text(self, move: str) -> str:
        """'play 23', 'pass', or for a resignation what the computer thinks of the game (after
        "Hint:")."""
        if move == go.RESIGN:
            return _("no move saves this game (the computer would resign here)")
        if move == go.PASS:
            return _("pass")
        return _("play {point}", point=move)

    def player_count(self, colour: str) -> tuple:
        """The running count: stones + territory + marker (G10)."""
        stones, area, marker, total = self.scoring.breakdown()[colour]
        return (str(total), _parts(stones, area, marker))

    # -- output ----------------------------------------------------------------------------
    def hint_marks(self) -> list:
        """The hinted point."""
        return self.move_marks(self.hint)

    def move_marks(self, move) -> list:
        """A move's point on the board ([] for none, a pass or a resignation)."""
        if not move or move in ("pass", "resign"):
            return []
        return [("point", move)]

    def colours(self) -> tuple:
        """The two colours, White first."""
        return go.COLOURS

    def phase(self) -> str:
        """'play', 'scoring' or 'over'."""
        return self.game.phase

    def can_pass(self) -> bool:
        """Passing (and resigning) is possible while in play."""
        return self.game.phase == go.PLAY

    def status(self) -> str:
        """One line for people: the result, the scoring breakdown, a refusal, or whose turn."""
        game = self.game
        if game.phase == go.OVER:
            return self.banner()
        if self.message:
            return self.message
        if game.phase == go.SCORING:
            return self.scoring.status()
        who = colour_name(game.to_move)
        said = self.event if self.event and self.review is None else ""
        if self.actions and self.actions[-1] == "#resume" and self.review is None:
            said = _("Play resumed.")
            if self.played_out():
                said = _(
                    "Play resumed: the computer plays on to capture the groups it calls dead, and "
                    "at the end every stone counts as it stands."
                )
        if game.passes:
            passer = colour_name(self.movers[-1])
            if self.computer_level() is None:
                return _(
                    "{passer} passed. {colour} to move (passing too ends the game).",
                    passer=passer,
                    colour=who,
                )
            said = _("{colour} passed.", colour=passer)
        if said:
            # Translators: two sentences of the status line, one after the other.
            return _("{first} {second}", first=said, second=self.turn_text())
        return self.turn_text()

    def banner(self) -> str:
        """The result in one sentence, from the person's side against the computer; '' while
        the game goes on."""
        game = self.game
        if game.phase != go.OVER:
            return ""
        if game.resigned:
            person = self.person()
            if person is not None and game.resigned == person:
                return _("You resigned: the computer wins.")
            if person is not None:
                return _("The computer resigned: you win.")
            return _(
                "{loser} resigned: {colour} wins.",
                loser=colour_name(game.resigned),
                colour=colour_name(game.winner),
            )
        score = game.score(game.dead)
        if game.winner is None:
            return _("Draw, {white} to {black}.", white=score["w"], black=score["b"])
        return score_result(game.winner, score, self.person())

    def svg(self) -> str:
        """The board as SVG markup (with dead groups and territory while scoring and after)."""
        game = self.view_game()
        moves = game.moves  # a new list each time: asked once
        marks = {"last_move": moves[-1] if moves else None, "numbers": self.numbers}
        marks["flipped"] = self.flipped if game is self.game else ()
        marks["lotuses"], marks["last_moves"] = game.lotuses(), self.last_moves()
        if game.phase == go.PLAY or game.resigned:
            return go_render.board(game, **marks)
        return go_render.board(game, dead=game.dead, territory=game.territory(game.dead), **marks)

    def stacks(self) -> dict:
        """The board as {point: stone}, one-stone stacks (what the page's sounds compare)."""
        board = self.game.board()
        return {str(i + 1): stone for i, stone in enumerate(board) if stone != "."}

    def track_svg(self) -> str:
        """The pass track with the marker."""
        return go_render.track(self.view_game().marker)


class GoScoring:
    """A Go session's scoring phase (G9, G10): the dead groups the engine and the computer's
    search suggest, the groups the computer disputes, how play settled them, and the count.

    The session holds one (``GoSession.scoring``) and answers the page's questions with it. The
    session keeps the two marks the page's logic writes: ``dead_source`` (who marked the dead
    groups) and ``settled`` (the version whose estimate is final).
    """

    def __init__(self, session: GoSession) -> None:
        self.session = session
        self.estimate = ()  # the computer's dead groups (one point each) for this scoring phase
        self.contested = ()  # the disputed groups when play was resumed: disagreements' tuples
        self._suggested = {}  # (white, black) stone masks -> the engine's dead groups there

    def begin(self) -> None:
        """Two passes began the scoring phase: mark the engine's dead groups, or none once play
        was resumed against the computer (``played_out``)."""
        session = self.session
        game = session.game
        if self.played_out():
            game.set_dead(())  # every stone as it stands: the computer claims none dead
            session.dead_source = "play"
            self.estimate = ()
        else:
            game.set_dead(self._suggest_dead())
            session.dead_source = "engine"
            self.estimate = game.dead

    def _suggest_dead(self) -> list:
        """The engine's dead groups for the position, remembered by position: a long game is
        mostly passes (no stone ever leaves the board), and a save or record replays each of its
        scoring phases, many of them on the same stones."""
        game = self.session.game
        key = game.masks()
        known = self._suggested.get(key)
        if known is None:
            if len(self._suggested) >= 128:
                self._suggested = {}
            known = self._suggested[key] = game.suggest_dead()
        return known

    def click(self, point: str) -> None:
        """A click on a point while scoring: its group is marked dead, or alive again."""
        session = self.session
        if session.game.colour_at(point) is None:
            session.message = _("Scoring: click a stone to mark its group dead or alive.")
            return
        session.game.toggle_dead(point)
        session.touched = True
        session.dead_source = "players"
        session.flipped = ()

    # -- the computer's view ---------------------------------------------------------------
    def computer_colours(self) -> tuple:
        """The colours the computer plays."""
        session = self.session
        return tuple(c for c in session.colours() if session.seat(c) != "human")

    def played_out(self) -> bool:
        """True once play was resumed after a scoring phase against the computer (G9): the other
        side did not accept its dead groups, so it plays them out on the board and claims none
        dead afterwards; every stone counts as it stands unless a player gives up their own."""
        session = self.session
        return (
            "#resume" in session.actions
            and bool(self.computer_colours())
            and not session.watching()
        )

    def settlement(self) -> str:
        """How play settled the groups disputed before play was resumed, in words ('' if none):
        'Play settled the dispute: the computer captured your group at 31; the computer lets
        your group at 7 live.'"""
        game = self.session.game
        computer = self.computer_colours()
        taken, lives, won, stands = [], [], [], []
        for rep, verdict, points in self.contested:
            colours = [game.colour_at(p) for p in points]
            if verdict == "dead":
                (taken if all(c in computer for c in colours) else lives).append(rep)
            elif any(c is not None and c not in computer for c in colours):
                won.append(rep)
            else:
                stands.append(rep)
        said = []
        if taken:
            said.append(
                n_(
                    "the computer captured your group at {points}",
                    "the computer captured your groups at {points}",
                    len(taken),
                    points=join_and(taken),
                )
            )
        if lives:
            said.append(
                n_(
                    "the computer lets your group at {points} live",
                    "the computer lets your groups at {points} live",
                    len(lives),
                    points=join_and(lives),
                )
            )
        if won:
            said.append(
                n_(
                    "you captured its group at {points}",
                    "you captured its groups at {points}",
                    len(won),
                    points=join_and(won),
                )
            )
        if stands:
            said.append(
                n_(
                    "its group at {points} stands",
                    "its groups at {points} stand",
                    len(stands),
                    points=join_and(stands),
                )
            )
        if not said:
            return ""
        # Translators: {parts} are clauses joined by semicolons ("the computer captured ...").
        return _("Play settled the dispute: {parts}.", parts="; ".join(said))

    def take_estimate(self, points) -> None:
        """The computer's dead groups for this position (the search's answer), as group points;
        none once play was resumed against it (``played_out``)."""
        game = self.session.game
        if self.played_out():
            self.estimate = ()
            return
        reps = []
        for point in points:
            if game.colour_at(point) is not None:
                rep = game.group_of(point)[0]
                if rep not in reps:
                    reps.append(rep)
        self.estimate = tuple(sorted(reps, key=int))

    def disagreements(self, computer: tuple) -> list:
        """Groups whose marks favour the person over the computer's estimate, lowest point first.

        [(point, verdict, points)]: a group of a `computer` colour marked dead that the computer
        thinks lives ('lives'), or a person's group left alive that it thinks dead ('dead').
        """
        game = self.session.game
        if game.phase != go.SCORING or not computer:
            return []
        marked = set(game.dead)
        thought = set(self.estimate)
        out = []
        for rep in sorted(marked ^ thought, key=int):
            if game.colour_at(rep) is None:
                continue
            mine = game.colour_at(rep) in computer
            if mine and rep in marked:
                out.append((rep, "lives", game.group_of(rep)))
            elif not mine and rep in thought:
                out.append((rep, "dead", game.group_of(rep)))
        return out

    # -- the count in words ----------------------------------------------------------------
    def breakdown(self) -> dict:
        """Score parts {"w": (stones, territory, marker, total), ...}, marked dead reversed."""
        game = self.session.game
        dead = game.dead
        score = game.score(dead)
        areas = game.territory(dead)
        out = {}
        for colour in go.COLOURS:
            marker = game.marker if colour == "w" else -game.marker
            marker = marker if marker > 0 else 0
            area = len(areas[colour])
            out[colour] = (score[colour] - area - marker, area, marker, score[colour])
        return out

    def score_text(self) -> str:
        """'White 30 (stones 25 + territory 3 + marker 2) · Black …'."""
        parts = []
        for colour, (stones, area, marker, total) in sorted(
            self.breakdown().items(), key=_white_first
        ):
            # Translators: one player's count in the scoring line: "White 30 (stones 25 + ...)".
            parts.append(
                _(
                    "{colour} {total} ({parts})",
                    colour=colour_name(colour),
                    total=total,
                    parts=_parts(stones, area, marker),
                )
            )
        return " · ".join(parts)

    def status(self) -> str:
        """The status line while scoring: how to mark, the count, who marked the dead groups."""
        if self.played_out():
            settled = self.settlement()
            text = _(
                "Play was resumed, so every stone counts as it stands: click a group of yours to "
                "give it up, then confirm. {score}",
                score=self.score_text(),
            )
            return _("{first} {second}", first=settled, second=text) if settled else text
        source = self.session.dead_source
        if source == "engine":
            return _(
                "Scoring: click a group to mark it dead or alive, then confirm. {score} (dead "
                "groups guessed quickly)",
                score=self.score_text(),
            )
        if source == "search":
            return _(
                "Scoring: click a group to mark it dead or alive, then confirm. {score} (dead "
                "groups suggested by the computer's search)",
                score=self.score_text(),
            )
        return _(
            "Scoring: click a group to mark it dead or alive, then confirm. {score}",
            score=self.score_text(),
        )


def _is_point(action: str) -> bool:
    """True for a point's notation ("1" to "72"): anything else the engine refuses."""
    if not 0 < len(action) < 3:
        return False
    for ch in action:  # a loop, not all(…): no generator made for every action replayed
        if ch < "0" or ch > "9":
            return False
    return 0 < int(action) <= SIZE


def _parts(stones: int, area: int, marker: int) -> str:
    """What a count is made of: 'stones 25 + territory 3 + marker 2'."""
    return _(
        "stones {stones} + territory {area} + marker {marker}",
        stones=stones,
        area=area,
        marker=marker,
    )


def _stones(n: int) -> str:
    """'1 stone', '3 stones' (inside a sentence)."""
    return n_("{n} stone", "{n} stones", n)


def _white_first(item) -> int:
    return 0 if item[0] == "w" else 1


def score_result(winner: str, score: dict, person) -> str:
    """A counted game's result in one sentence, with the margin and the score, from the side of
    `person` (the one person playing the computer, or None): "You win by 8 points, 40 to 32."."""
    loser = "b" if winner == "w" else "w"
    values = {"won": score[winner], "lost": score[loser]}
    margin = score[winner] - score[loser]
    if person == winner:
        # Translators: a Go game's result, the winner's score first: "You win by 8 points,
        # 40 to 32."
        return n_(
            "You win by {n} point, {won} to {lost}.",
            "You win by {n} points, {won} to {lost}.",
            margin,
            **values,
        )
    if person is not None:
        return n_(
            "The computer wins by {n} point, {won} to {lost}.",
            "The computer wins by {n} points, {won} to {lost}.",
            margin,
            **values,
        )
    return n_(
        "{colour} wins by {n} point, {won} to {lost}.",
        "{colour} wins by {n} points, {won} to {lost}.",
        margin,
        colour=colour_name(winner),
        **values,
    )
