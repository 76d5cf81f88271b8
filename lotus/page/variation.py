"""A variation: moves tried on a side line from a reviewed position (lichess's analysis board),
without a DOM (a part of the app's controller).

While reviewing, a click on the board does not change the game: it starts a variation at the
position on screen, and the moves are played on a copy of the game (`line`, a session of the
same kind, every seat a person's); the game itself is never changed by trying. The page shows
the line's board, the moves tried apart in the move list (bracketed after the move they branch
from, `row`), and, once the game has been analysed, the computer's estimate of the line's
position (one analysis call, `AnalysisTicket`). A variation is discarded (Escape, its ✕ button,
any step through the game, leaving review) or kept: the game's moves after the branch point are
taken back and the moves tried are played instead (Undo then takes them back one by one).

In a live game the game is shared: no variation (the controller says so).

Pure Python for CPython and MicroPython.
"""

from lotus.page.analysis import AnalysisTicket, percent
from lotus.page.movelist import variation_row
from lotus.words import N_, _, n_

LIVE_REFUSAL = N_(
    "No variations in a live game: the game is shared with your friend. Go to the end to play on."
)


class Variation:
    """The side line tried from a reviewed position of the game on screen, if any."""

    def __init__(self) -> None:
        self.session = None  # the game's session it branches from
        self.review = None  # that session's review (actions before the branch point) ...
        self.version = None  # ... and version when the variation began
        self.line = None  # the copy of the game the moves are tried on (None: no variation)
        self.start = 0  # the line's actions at the branch point
        self.pending = None  # the analysis call about the line's position
        self.found = {}  # the line's version -> the analysis's finding there

    # -- state -------------------------------------------------------------------------------
    def active(self) -> bool:
        """True while a variation is shown (even before its first move, a race stone selected)."""
        return self.line is not None

    def tried(self) -> list:
        """The moves tried, in notation."""
        return [] if self.line is None else self.line.actions[self.start :]

    def count(self):
        """`body[data-variation]`: the number of moves tried as text, or None without one."""
        return None if self.line is None else str(len(self.tried()))

    def branch_moves(self) -> int:
        """How many moves of the game lead to the branch point."""
        return self.session.moves_shown()

    # -- what the player does ----------------------------------------------------------------
    def begin(self, session) -> bool:
        """Start a variation at `session`'s reviewed position (False when there is none to
        try there: not reviewing, or a position out of play)."""
        if session.review is None:
            return False
        line = type(session)(**session.options)
        for action in session.actions[: session.review]:
            line._record(action)
        if line.phase() != "play":
            return False
        line.numbers = session.numbers
        self.session, self.review, self.version = session, session.review, session.version
        self.line, self.start = line, len(line.actions)
        self.pending, self.found = None, {}
        return True

    def takes_click(self, session, target: str, live_hook=None) -> bool:
        """A board click: while reviewing it starts a variation and is played on its line
        (refused while a live game is on screen: `live_hook("variation")` says so); False when
        it is the game's (not reviewing, no variation)."""
        if session.review is not None and self.line is None:
            if live_hook is not None and live_hook("variation"):
                session.message = _(LIVE_REFUSAL)  # the game is shared: nothing to try apart
                return True
            self.begin(session)
        if self.line is None:
            return False
        self.click(target)
        return True

    def act(self, action: str) -> None:
        """Its buttons and ◀: keep it (`variation-keep`), take back its last move (`prev`), or
        discard it."""
        if action == "variation-keep":
            self.keep()
        elif action == "prev":
            self.take_back()
        else:
            self.discard()

    def click(self, target: str) -> None:
        """A board click, played on the line (a refusal is said by the line, as in a game)."""
        try:
            self.line.click(target)
        except ValueError as exc:  # a refusal the session did not word
            from lotus.game.refusals import reason

            self.line.message = reason(exc)

    def take_back(self) -> None:
        """Take back the last move tried (◀ in a variation); none left: the variation goes."""
        if self.tried():
            self.line.undo()
        else:
            self.discard()

    def discard(self) -> None:
        """Leave the variation: the reviewed position of the game shows again."""
        self.__init__()

    def keep(self) -> None:
        """Make the moves tried the game's continuation from the branch point: the game's later
        moves are taken back and the moves tried played (each one an action Undo takes back)."""
        session, moves = self.session, self.tried()
        self.discard()
        if session is None or not moves:
            return
        session.play_from_here()
        for move in moves:
            session.act(move)

    def question(self, action: str) -> str:
        """What to ask before keeping the moves tried ('' for anything else)."""
        if action != "variation-keep" or not self.tried():
            return ""
        # Translators: {move} is the number of the move the variation branches from (0: the
        # start), {n} the number of moves tried.
        return n_(
            "Keep the variation as the game? The game's moves after move {move} are replaced by "
            "the {n} move tried.",
            "Keep the variation as the game? The game's moves after move {move} are replaced by "
            "the {n} moves tried.",
            len(self.tried()),
            move=self.branch_moves(),
        )

    # -- after every change ------------------------------------------------------------------
    def follow(self, session) -> None:
        """The variation goes when the game on screen is another, changed, or no longer shows
        the branch point (a step through the game, the end, a new move)."""
        if self.line is None:
            return
        if (
            session is not self.session
            or session.version != self.version
            or session.review != self.review
        ):
            self.discard()

    def ask(self, analysed: bool) -> None:
        """Once the game has been analysed (`analysed`), ask the analysis of the line's
        position after each move tried (one call at a time, the last position only)."""
        line = self.line
        if line is None or not analysed or not self.tried() or self.pending is not None:
            return
        if line.version in self.found:
            return
        moves = list(line.game.moves)
        self.pending = AnalysisTicket(line, moves, [len(moves)])

    def tickets(self) -> list:
        """The analysis call awaited, if any."""
        return [] if self.pending is None else [self.pending]

    def answered(self, ticket, answer: dict) -> bool:
        """The worker's finding for a line's position; False when `ticket` is not ours."""
        if ticket is not self.pending:
            return False
        self.pending = None
        if self.line is not None and ticket.session is self.line:
            for found in answer.get("positions") or []:
                self.found[ticket.version] = found
        return True

    def failed(self, ticket) -> bool:
        """The worker could not analyse the line's position: no estimate (False: not ours)."""
        if ticket is not self.pending:
            return False
        self.pending = None
        if self.line is not None:
            self.found[ticket.version] = {}
        return True

    # -- what it shows -----------------------------------------------------------------------
    def value(self):
        """White's estimated chance at the line's position (0..1), or None."""
        found = self.found.get(self.line.version) if self.line is not None else None
        return None if not found else float(found["value"])

    def status(self) -> str:
        """The status line in a variation: what is being tried, the estimate there, then the
        line's own status (whose turn, a refusal, a choice to make)."""
        k = len(self.tried())
        # Translators: {move} is the number of the move the variation branches from (0: the
        # start), {n} the number of moves tried.
        said = n_(
            "Variation from move {move}: {n} move tried (the game is not changed).",
            "Variation from move {move}: {n} moves tried (the game is not changed).",
            k,
            move=self.branch_moves(),
        )
        value = self.value()
        if value is not None:
            said += " " + _(
                "White's estimated chance to win here: {chance}.", chance=percent(value)
            )
        return said + " " + self.line.status()

    def rows(self, rows: list, paired: bool) -> list:
        """The move list's rows with the variation's row after the row of the move it branches
        from (before the first row when it branches from the start)."""
        if self.line is None:
            return rows
        line, start = self.line, self.start
        moves = [
            (
                line.movers[k],
                line.actions[k],
                line.notes[k] if k < len(line.notes) else "",
                line.short_words(k, False),
            )
            for k in range(start, len(line.actions))
        ]
        value = self.value()
        row = variation_row(
            moves,
            self.branch_moves(),
            "" if value is None else percent(value),
            _("Keep"),
            _("Keep the variation as the game"),
            _("Discard the variation"),
        )
        n = self.branch_moves()
        at = 0 if n == 0 else (n - 1) // (2 if paired else 1) + 1
        return rows[:at] + [row] + rows[at:]
