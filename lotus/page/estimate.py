"""Go's score estimate in play (a toggle, as OGS has), without a DOM (a part of the app's
controller).

When the player turns it on, each position in play is sent to a worker (the quick MicroPython
one until Pyodide is up; it never starts Pyodide): `playouts` random fillings of the board say
who likely owns each point, drawn over the board as the analysis's ownership map, and each
colour's expected count, said in words ("White ahead by about 6 points."). It never touches
the game. An answer about a position that is no longer on screen is ignored, and a new
position asks again.

It is off by default and remembered (`KEY` in the page's storage); off in a live game (it
would help one side: the words say so) and while the players agree on the score (the count is
on the board then). Only a game whose board has points to own and a score (the registry's
`has_scoring`) has it.

Pure Python for CPython and MicroPython.
"""

import json

from lotus.game import games
from lotus.game.text import colour_name
from lotus.words import _, n_

KEY = "lotus.estimate"  # "1": the estimate is on
PLAYOUTS = 100
"""Random fillings per estimate (as the analysis's ownership map): a fraction of a second on the
quick worker; the expected score is steady to about a point."""
LEAN = 0.2
"""A point's shade needs its owner at least this much surer than a coin toss (as the analysis)."""


class EstimateTicket:
    """One worker call: the estimate of a session's position (answers to the same questions as
    `lotus.page.computer.Ticket`: what `lotus.dom.host.Host.run` asks of a ticket)."""

    kind = "estimate"
    call = "estimate"
    delay = 0
    book = None  # a worker answers
    quick = True  # the quick worker answers until Pyodide is up
    wakes_search = False  # an estimate never starts Pyodide

    def __init__(self, session) -> None:
        self.session = session
        self.version = session.version
        self.moves = session.worker_moves()

    def request(self) -> str:
        """The worker's JSON request (see lotus.worker_api.estimate)."""
        session = self.session
        return json.dumps(
            {
                "game": session.game_id,
                "options": session.options,
                "moves": self.moves,
                "playouts": PLAYOUTS,
            }
        )

    quick_request = request  # the same work on either worker


class Estimate:
    """The score estimate's switch, the call in the worker, and the last answer."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.on = storage.get(KEY) == "1"
        self.pending = None  # the ticket whose answer is awaited
        self.found = None  # (session, version, answer) of the last answer

    @staticmethod
    def offered(session) -> bool:
        """True for a game with an estimate: a board of points to own and a score."""
        return games.get(session.game_id).has_scoring

    def toggle(self) -> None:
        """The button: on or off, remembered."""
        self.on = not self.on
        self.storage.set(KEY, "1" if self.on else "0")

    def showing(self, session, live: bool) -> bool:
        """True when the estimate of `session`'s position is wanted now: on, a game that has it,
        in play at the present position (not reviewing), not live."""
        return (
            self.on
            and not live
            and self.offered(session)
            and session.phase() == "play"
            and session.review is None
        )

    def ask(self, session, live: bool) -> None:
        """After a change: ask for the estimate of the position on screen once (a question about
        an earlier position is left to answer, and ignored)."""
        if not self.showing(session, live):
            self.pending = None
            return
        if self._fresh(self.found, session) or self._fresh(self.pending, session):
            return
        self.pending = EstimateTicket(session)

    @staticmethod
    def _fresh(item, session) -> bool:
        """True when a ticket or an answer is about `session`'s position now."""
        if item is None:
            return False
        if isinstance(item, tuple):
            return item[0] is session and item[1] == session.version
        return item.session is session and item.version == session.version

    def tickets(self) -> list:
        """The call awaited, if any."""
        return [] if self.pending is None else [self.pending]

    def answered(self, ticket, answer: dict) -> None:
        """A worker's estimate: kept when it is about the position awaited."""
        if ticket is self.pending:
            self.pending = None
            self.found = (ticket.session, ticket.version, answer)

    def failed(self, ticket) -> None:
        """No estimate for this position (the words say nothing rather than something old)."""
        if ticket is self.pending:
            self.pending = None
            self.found = (ticket.session, ticket.version, {})

    # -- what it shows -----------------------------------------------------------------------
    def current(self, session, live: bool):
        """The answer for the position on screen while shown, or None."""
        found = self.found
        if not self.showing(session, live) or not self._fresh(found, session):
            return None
        return found[2]

    def marks(self, session, live: bool) -> list:
        """[(point, 'w'|'b', strength 0..1)] of the points whose owner is not a coin toss (drawn
        as the analysis's ownership map); [] when not shown."""
        found = self.current(session, live)
        if not found or not found.get("ownership"):
            return []
        out = []
        for i, white in enumerate(found["ownership"]):
            lean = abs(float(white) - 0.5) * 2
            if lean >= LEAN:
                out.append((str(i + 1), "w" if white > 0.5 else "b", round(lean, 2)))
        return out

    def words(self, session, live: bool) -> str:
        """The estimate in words ('' when off or not for this game)."""
        if not self.on or not self.offered(session):
            return ""
        if live:
            return _("No score estimate in a live game: it would help one side.")
        if not self.showing(session, live):
            return ""
        found = self.current(session, live)
        if found is None:
            return _("Estimating the score…")
        if not found.get("score"):
            return _("No score estimate for this position.")
        colours = list(session.colours())
        score = [float(x) for x in found["score"]]
        lead = int(abs(score[0] - score[1]) + 0.5)
        if lead == 0:
            return _("Score estimate: about even.")
        ahead = colours[0] if score[0] > score[1] else colours[1]
        # Translators: the score estimate in play; {colour} is White or Black.
        return n_(
            "Score estimate: {colour} ahead by about {n} point.",
            "Score estimate: {colour} ahead by about {n} points.",
            lead,
            colour=colour_name(ahead),
        )
