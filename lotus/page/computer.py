"""The computer's turns, without a DOM: the questions for the workers, and what their answers do.

A part of both controllers (`lotus.page.controller` for the app, `lotus.page.boards` for an
embedded board). When the computer must move, hint or suggest dead groups, it makes a `Ticket`
and keeps it in `out` until its answer comes; the adapter (`lotus.dom.host.Host`) asks a worker
each ticket of `out` once and hands back the answer (`answered`) or the error (`failed`). An
answer about a position that has changed meanwhile is dropped. Two workers answer: a quick
MicroPython one, up in a fraction of a second, with a time cap (`QUICK_BUDGET_MS`), until the
Pyodide one is up.
"""

import json

from lotus.words import _

HINT_LEVEL = "medium"
QUICK_BUDGET_MS = {"easy": 300, "medium": 300, "hard": 1500, "expert": 4000}
"""The quick (MicroPython) worker's time cap per level, in ms: MicroPython searches several times
slower than Pyodide, so before Pyodide is up a move is a smaller search, never a long wait."""
BUDGET_MS = {"hard": 2000, "expert": 4000}
"""The Pyodide worker's time cap per level, in ms (levels are work; a cap only where the work can
take long): `expert` searches a fixed large amount of work, about 3 s a move in the page, and never
more than this. The page's progress ring fills over it (`thinking_level`, static/css/app.css).
`hard` takes 0.6–1.7 s a move in a race of two (by the machine), more than 2 s in a race of four:
never more than 2 s."""
WATCH_DELAY = {"slow": 1.5, "normal": 0.6, "fast": 0.05}  # seconds between computer moves


class Ticket:
    """One question for a worker (a move, a hint, dead groups) about one session's version.

    Its request is fixed when it is made: the moves of that version, and, for a move or a hint at
    a usual start, the opening book's answer (`book`), which needs no worker.
    """

    __slots__ = ("kind", "session", "version", "level", "seed", "delay", "body", "book")

    def __init__(self, kind: str, session, level=None, seed=None, delay: float = 0) -> None:
        self.kind = kind  # 'move', 'hint' or 'dead'
        self.session = session
        self.version = session.version
        self.level = level
        self.seed = seed
        self.delay = delay  # seconds to wait before asking (watch mode's pace)
        # in Go a resume travels too
        self.body = {"game": session.game_id, "options": session.options}
        self.body["moves"] = session.worker_moves()
        self.book = booked(self)

    @property
    def call(self) -> str:
        """The worker function that answers it."""
        return "suggest_dead" if self.kind == "dead" else "choose_move"

    quick = True
    """Any worker may answer it, the quick one until Pyodide is up (a move or a hint with a time
    cap; dead groups are 400 playouts, about 0.4 s on MicroPython here)."""

    @property
    def wakes_search(self) -> bool:
        """True when asking it starts the full search (Pyodide) if it is not started yet: a move or
        a hint (more will follow). Dead groups do not: a game between people being scored never
        loads Pyodide's 10 MB for them."""
        return self.kind != "dead"

    def request(self, budget_ms=None) -> str:
        """The worker's JSON request (`budget_ms`: the search's time cap, by default the level's
        `BUDGET_MS`, if any)."""
        if budget_ms is None:
            budget_ms = BUDGET_MS.get(self.level)
        request = dict(self.body)
        if self.level is not None:
            request["level"] = self.level
            request["seed"] = self.seed
            if budget_ms is not None:
                request["budget_ms"] = budget_ms
        return json.dumps(request)

    def quick_request(self) -> str:
        """The request for the quick worker: the level's time cap on top (`QUICK_BUDGET_MS`)."""
        return self.request(QUICK_BUDGET_MS.get(self.level))


def booked(ticket):
    """The answer to `ticket` from the opening book (`lotus.game.openings`): a move or a hint at a
    usual start with seed 0, the move the full search plays there, as {"move", "ms": 0, "by":
    "book"}; None for anything else (a worker answers it)."""
    if ticket.kind not in ("move", "hint") or ticket.seed != 0 or ticket.body["moves"]:
        return None
    from lotus.game import openings

    body = ticket.body
    move = openings.first_move(body["game"], body["options"], ticket.level)
    return None if move is None else {"move": move, "ms": 0, "by": "book"}


class Computer:
    """The computer's turns for one controller: the questions out, the workers' readiness.

    `shown()` gives the session on show; `is_current(session)` says whether a session is still
    on show (not replaced by a new game or a record). The controller calls `ask` (and, while
    scoring, `ask_dead`) after every change; `out` then holds what the workers must answer.
    """

    def __init__(self, shown, is_current) -> None:
        self.shown = shown
        self.is_current = is_current
        self.out = []  # the tickets whose answers are awaited, in the order they were made
        self.failed_at = None  # (session, version) whose move failed: not asked again
        self.paused = False
        self.speed = "normal"
        self.computer_ready = False  # a worker (the quick one or Pyodide) has answered
        self.worker_ready = False  # the Pyodide worker has answered
        self.timings = []  # {"game", "level", "ms", "search_ms", "by"} of every computer move

    def thinking(self) -> bool:
        """True while the computer thinks about the position on show (not paused)."""
        return not self.paused and self._awaited(self.shown())

    def _awaited(self, session) -> bool:
        """True while the computer's move at `session`'s position is asked."""
        for ticket in self.out:
            if ticket.kind == "move" and ticket.session is session:
                if ticket.version == session.version:
                    return True
        return False

    def thinking_level(self):
        """The level of the computer thinking about the position on show (its progress ring:
        ``body[data-thinking-level]``), or None."""
        if not self.thinking():
            return None
        return self.shown().computer_level()

    def wants_search(self) -> bool:
        """True when the game on show needs the full search (Pyodide, 10 MB to start) soon: it
        has a computer seat. A game between people starts it only when a question needs it (a
        hint, an analysis); the quick worker suggests its dead groups in scoring."""
        return bool(computer_colours(self.shown()))

    # -- after a change ----------------------------------------------------------------------
    def ask(self) -> None:
        """After a change: drop the questions about positions that have changed, ask for the
        computer's move when a computer seat is to move, and say what it is doing."""
        self.out = [t for t in self.out if self._fresh(t)]
        session = self.shown()
        level = session.computer_level()
        if level is None or self.failed_at == (session, session.version):
            return
        if self.paused:  # an answer that comes meanwhile is not played
            session.waiting = "paused"
            return
        session.waiting = "thinking" if self.computer_ready else "ready"
        if self._awaited(session):
            return
        delay = WATCH_DELAY.get(self.speed, 0.6) if session.watching() else 0
        self.out.append(Ticket("move", session, level, seed=session.version, delay=delay))

    def ask_dead(self) -> None:
        """While scoring: ask a worker for the dead groups, once per position (the engine's quick
        guess stands until the answer comes; in a game between people the question starts the
        quick worker)."""
        session = self.shown()
        if session.phase() != "scoring":
            return
        if session.asked_dead != session.version:
            session.asked_dead = session.version
            self.out.append(Ticket("dead", session))

    def hint(self) -> None:
        """Ask for a hint at the position on show."""
        session = self.shown()
        session.message = _("Looking for a good move…")
        self.out.append(Ticket("hint", session, HINT_LEVEL, seed=len(session.game.moves)))

    def _fresh(self, ticket) -> bool:
        """True while a ticket's position is still the one on show."""
        session = ticket.session
        return self.is_current(session) and session.version == ticket.version

    # -- the workers' news -------------------------------------------------------------------
    def worker_up(self, full: bool) -> None:
        """A worker has answered its first call: the computer can play (`full`: it is the
        Pyodide worker, which answers every question from now on)."""
        self.computer_ready = True
        if full:
            self.worker_ready = True

    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """A worker's (or the book's) answer; played or shown only if its position is still the
        one on show and its question still awaited."""
        if answer is not ticket.book:
            self.computer_ready = True  # a worker answered
        if ticket not in self.out:
            return  # no longer awaited: the position changed while the computer thought
        self.out.remove(ticket)
        if not self._fresh(ticket):
            return
        session = ticket.session
        if ticket.kind == "hint":
            session.show_hint(answer["move"])
        elif ticket.kind == "dead":
            if session.phase() == "scoring":
                settle_estimate(session, answer)
                if not session.touched and not session.played_out():  # played out: none dead
                    session.game.set_dead(answer)
                    session.dead_source = "search"
        elif self.paused:
            session.waiting = "paused"
        else:
            session.waiting = ""
            self.timings.append(
                {
                    "game": session.game_id,
                    "level": ticket.level,
                    "ms": elapsed_ms,
                    "search_ms": answer.get("ms", 0),
                    "by": answer.get("by", ""),
                }
            )
            session.act(answer["move"])

    def failed(self, ticket, error: str) -> str:
        """A worker could not answer: the message to show ('' for a quiet failure)."""
        awaited = ticket in self.out
        if awaited:
            self.out.remove(ticket)
        session = ticket.session
        if ticket.kind == "dead":
            if session.version == ticket.version:
                settle_estimate(session, None)  # the engine's quick guess stays the estimate
            return ""
        if ticket.kind == "hint":
            # Translators: {error} is the worker's error, as it gave it (often English).
            return _("No hint available: {error}", error=error)
        self.failed_at = (session, ticket.version)
        if awaited:
            session.waiting = ""
        return _("The computer could not move: {error}", error=error)

    @staticmethod
    def unavailable(error: str, fallback: bool = False) -> str:
        """The Pyodide worker could not start (its config or runtime did not load): what to say;
        `fallback`: the quick worker plays on (shorter searches), else the computer cannot play."""
        reason = str(error).strip().split("\n")[0] or _("its files could not be loaded")
        if fallback:
            return _(
                "The computer's full search is unavailable ({reason}): it plays quicker moves.",
                reason=reason,
            )
        return _("The computer is unavailable: {reason}", reason=reason)


def computer_colours(session) -> tuple:
    """The colours the computer plays in `session`."""
    return tuple(c for c in session.colours() if session.seat(c) != "human")


def settle_estimate(session, answer) -> None:
    """The computer's estimate of the dead groups is final for this position (`answer`: the
    search's dead points; None: it failed, the engine's quick guess stands)."""
    if answer is not None:
        session.take_estimate(answer)
    session.settled = session.version
