"""The computer's analysis of the game on screen, without a DOM (a part of the page's controller).

After (or during) a game a learner asks the computer to go over it, as lichess's "computer
analysis": the worker's search looks at every position, one batch of positions per call so that
the page shows the progress and can stop; here is what has been learnt so far, and what the page
shows of it:

- the win estimate of White (the first colour) for every position, drawn as a graph
  (`graph_svg`): one `[data-eval-ply]` element per analysed position, 0 the start;
- the computer's preferred move in place of the move that led to the position on screen, while
  reviewing or after the game (`best_marks`): the best move of the position before that move (the
  one its mover faced), marked on the board beside the move played;
- the moves that lowered their mover's chance a lot (`judgements`): an inaccuracy (?!), a mistake
  (?) or a blunder (??), at the thresholds below, said in words in the move list too;
- for Go, each point's likely owner (`ownership_marks`), shown when the player turns it on;
- in play, Go's score estimate (`estimate`, lotus.page.estimate): the quick worker's ownership
  map of the position on screen and the expected score, when the player turns it on.

Positions are numbered by plies: ply k is the position after the first k moves of the game's move
list. An analysis belongs to one session and its moves: when moves are taken back or changed, the
positions after the change are forgotten; moves played later are analysed by asking again.

Pure Python for CPython and MicroPython (no typing, dataclasses; dicts are not ordered there).
"""

import json

from lotus.game.text import colour_name
from lotus.words import N_, _, n_

LEVEL = "medium"
"""The search level of the analysis (the work per position of the computer at that level)."""

OWNERSHIP_PLAYOUTS = 100
"""Playouts behind Go's ownership map, per position (the worker ignores it for the race)."""

# Judgements: (least drop of the mover's chance, symbol, name), the worst first; the name is the
# move list's `data-judgement` and the graph's class, said in words by JUDGEMENT_WORDS.
JUDGEMENTS = (
    (0.30, "??", "blunder"),
    (0.20, "?", "mistake"),
    (0.10, "?!", "inaccuracy"),
)
JUDGEMENT_WORDS = {
    "blunder": N_("Blunder"),
    "mistake": N_("Mistake"),
    "inaccuracy": N_("Inaccuracy"),
}

TARGET_MS = 400
"""The time one worker call should take: positions are batched to about this (progress and
cancelling stay quick while the per-call overhead stays small)."""
MAX_BATCH = 8

# The graph's drawing box (the SVG stretches to its container's width).
GRAPH_W = 600
GRAPH_H = 100


class AnalysisTicket:
    """One worker call: analyse some positions (plies) of a session's game.

    It answers to the same questions as `lotus.page.computer.Ticket` (what `dom.Host.run` asks
    of a ticket): `kind`, `session`, `version`, `delay`, `book`, `call`, `quick`,
    `wakes_search` and `request()`.
    """

    kind = "analyse"
    call = "analyse"
    delay = 0
    book = None  # no opening book: a worker answers
    quick = False  # the analysis waits for Pyodide's worker (the quick one has no analysis module)
    wakes_search = True  # an analysis starts Pyodide if it is not started
    seed = None  # each position's search is seeded by its ply, in the worker

    def __init__(self, session, moves: list, plies: list, level: str = LEVEL) -> None:
        self.session = session
        self.version = session.version
        self.moves = moves
        self.plies = plies
        self.level = level

    def request(self) -> str:
        """The worker's JSON request (see lotus.worker_api.analyse)."""
        session = self.session
        return json.dumps(
            {
                "game": session.game_id,
                "options": session.options,
                "moves": self.moves,
                "plies": self.plies,
                "level": self.level,
                "ownership": OWNERSHIP_PLAYOUTS,
            }
        )


class Analysis:
    """What the computer has found of one session's game, and the analysis under way."""

    def __init__(self, storage=None) -> None:
        from lotus.page.estimate import Estimate
        from lotus.page.saved_games import MemoryStorage

        self.estimate = Estimate(storage if storage is not None else MemoryStorage())
        self.live = False  # a live game is on screen (no score estimate: it would help a side)
        self.session = None
        self.followed = -1  # the session's version when `moves` was last compared with its moves
        self.moves = []  # the moves the results are about
        self.results = {}  # ply -> {"value", "values", "best"[, "ownership"]}
        self.wanted = []  # plies still to ask for, ascending
        self.pending = None  # the ticket in the worker
        self.running = False
        self.total = 0  # positions in the analysis asked for
        self.note = ""  # what happened last: stopped, failed, done
        self.batch = 1
        self.ownership = False  # Go's ownership map shown

    # -- keeping to the game on screen -------------------------------------------------------
    def follow(self, session) -> None:
        """Forget what no longer belongs to the game on screen (another game, changed moves)."""
        if session is not self.session:
            if self.session is not None and self.running:
                self.stop("")
            self.session = session
            self.followed = session.version
            self.moves = list(session.game.moves)
            self.results = {}
            self.note = ""
            return
        if session.version == self.followed:  # no move made or taken back since
            return
        self.followed = session.version
        moves = session.game.moves
        same = min(len(moves), len(self.moves))
        if moves[:same] != self.moves[:same]:  # compared in C: a move or an undo keeps them
            same = 0
            while moves[same] == self.moves[same]:
                same += 1
        if same < len(self.moves):  # moves were taken back or changed: later positions go
            for ply in [p for p in self.results if p > same]:
                del self.results[ply]
            self.wanted = [p for p in self.wanted if p <= same]
        if len(moves) != len(self.moves) or same < len(self.moves):
            self.moves = list(moves)

    # -- the analysis under way --------------------------------------------------------------
    def start(self, session) -> None:
        """Analyse every position of the game not analysed yet."""
        self.follow(session)
        asked = self.pending.plies if self.pending is not None else ()
        self.wanted = [
            p for p in range(len(self.moves) + 1) if p not in self.results and p not in asked
        ]
        self.total = len(self.moves) + 1
        self.running = bool(self.wanted)
        self.note = "" if self.running else _("Every position is analysed.")

    def act(self, action: str, session) -> None:
        """A button: analyse the game, cancel the analysis, turn Go's ownership map on or off."""
        if action == "analyse":
            self.start(session)
        elif action == "cancel-analysis":
            self.stop()
        elif action == "ownership":
            self.ownership = not self.ownership
        elif action == "estimate":
            self.estimate.toggle()

    def stop(self, note: str = "") -> None:
        """Cancel: no more positions are asked for (the one in the worker is kept if it comes)."""
        if self.running:
            done = self.done()
            self.note = note or n_(
                "Analysis stopped: {done} of {n} position analysed.",
                "Analysis stopped: {done} of {n} positions analysed.",
                self.total,
                done=done,
            )
        self.running = False
        self.wanted = []

    def ask(self, session, live_hook=None) -> None:
        """After a change: while analysing, the next worker call (one at a time, a batch of
        positions); the analysis is done once every position is answered. The score estimate
        asks for the position on screen (not while a live game is: `live_hook("estimate")`)."""
        self.live = live_hook is not None and bool(live_hook("estimate"))
        self.estimate.ask(session, self.live)
        self.follow(session)
        if not self.running or self.pending is not None:
            return
        if not self.wanted:
            self.running = False
            self.note = self.finished_note()
            return
        plies = self.wanted[: self.batch]
        self.wanted = self.wanted[len(plies) :]
        self.pending = AnalysisTicket(session, list(self.moves), plies)

    def tickets(self) -> list:
        """The worker calls whose answers are awaited (the analysis's, the estimate's)."""
        return ([] if self.pending is None else [self.pending]) + self.estimate.tickets()

    def answered(self, ticket, answer: dict) -> None:
        """The worker's findings; kept when their positions are still those of the game."""
        if ticket.kind == "estimate":
            return self.estimate.answered(ticket, answer)
        if ticket is self.pending:
            self.pending = None
        if ticket.session is not self.session:
            return
        self.follow(ticket.session)  # the moves may have changed while the worker worked
        moves = self.moves
        positions = answer.get("positions") or []
        for found in positions:
            ply = int(found["ply"])
            if ply <= len(moves) and ticket.moves[:ply] == moves[:ply]:
                self.results[ply] = found
        if positions:
            per = max(1.0, float(answer.get("ms", 0)) / len(positions))
            self.batch = max(1, min(MAX_BATCH, int(TARGET_MS / per)))
        if self.running and not self.wanted:
            self.running = False
            self.note = self.finished_note()

    def failed(self, ticket, error: str) -> str:
        """The worker could not analyse: the analysis stops, saying why (an estimate's failure
        is quiet: no estimate for that position)."""
        if ticket.kind == "estimate":
            return self.estimate.failed(ticket) or ""
        if ticket is self.pending:
            self.pending = None
        self.running = False
        self.wanted = []
        reason = str(error).strip().split("\n")[0]
        if reason:
            # Translators: {error} is the worker's error, as it gave it (often English).
            self.note = _("The analysis stopped: {error}", error=reason)
        else:
            self.note = _("The analysis stopped on an error.")
        return self.note

    def done(self) -> int:
        """How many positions of the game are analysed."""
        return len([p for p in self.results if p <= len(self.moves)])

    def finished_note(self) -> str:
        """What the analysis found, in a sentence."""
        flagged = len(self.judgements())
        if flagged:
            said = n_("{n} move flagged", "{n} moves flagged", flagged)
        else:
            said = _("no moves flagged")
        # Translators: {flagged} is "no moves flagged", "1 move flagged", "3 moves flagged".
        return n_(
            "Analysis done: {n} position, {flagged}.",
            "Analysis done: {n} positions, {flagged}.",
            self.done(),
            flagged=said,
        )

    # -- what it found -----------------------------------------------------------------------
    def value(self, ply: int):
        """White's estimated chance to win at a ply (0..1), or None when not analysed."""
        found = self.results.get(ply)
        return None if found is None else float(found["value"])

    def judgements(self) -> dict:
        """{ply of a move (1-based): (symbol, name, words)} of the moves that lowered their
        mover's chance by a threshold of JUDGEMENTS, unless the computer preferred that move."""
        session = self.session
        if session is None or not self.results:
            return {}
        colours = list(session.colours())
        rows = session.move_notes()
        out = {}
        for ply in range(1, len(self.moves) + 1):
            before = self.results.get(ply - 1)
            after = self.results.get(ply)
            if before is None or after is None or ply > len(rows):
                continue
            mover, move = rows[ply - 1][0], rows[ply - 1][1]
            preferred = self.preferred(ply)
            if mover not in colours or preferred == move:
                continue
            k = colours.index(mover)
            was, now = float(before["values"][k]), float(after["values"][k])
            for least, symbol, name in JUDGEMENTS:
                if was - now >= least - 1e-9:
                    values = {
                        "judgement": _(JUDGEMENT_WORDS[name]),
                        "symbol": symbol,
                        "colour": colour_name(mover),
                        "was": percent(was),
                        "now": percent(now),
                    }
                    if preferred:
                        # Translators: "Mistake (?): White's estimated chance fell from 60% to
                        # 35%; the computer preferred 23." {move} is a move's notation.
                        words = _(
                            "{judgement} ({symbol}): {colour}'s estimated chance fell from {was} "
                            "to {now}; the computer preferred {move}.",
                            move=preferred,
                            **values,
                        )
                    else:
                        words = _(
                            "{judgement} ({symbol}): {colour}'s estimated chance fell from {was} "
                            "to {now}.",
                            **values,
                        )
                    out[ply] = (symbol, name, words)
                    break
        return out

    def preferred(self, ply: int):
        """The computer's preferred move in place of move `ply` (1-based): the best move of the
        position before it (ply - 1), the one its mover faced; None when that position is not
        analysed (or for ply 0, the start: no move led to it)."""
        found = self.results.get(ply - 1) if ply > 0 else None
        return None if found is None else found.get("best")

    def shown_move(self, session):
        """(the computer's preferred move, the move played) for the move that led to the position
        on screen, while reviewing an earlier position or once the game is over (never a free
        hint during play); None at the start, or when the position before it is not analysed."""
        if session.review is None and session.phase() == "play":
            return None
        shown = session.moves_shown()
        preferred = self.preferred(shown)
        if preferred is None:
            return None
        return preferred, session.move_rows()[shown - 1][1]

    def best_marks(self, session) -> list:
        """[(hook, value)] of the computer's preferred move in place of the move that led to the
        position on screen (`shown_move`), drawn on that position."""
        found = self.shown_move(session)
        return [] if found is None else session.marks_after(found[0], found[1])

    def played_marks(self, session) -> list:
        """[(hook, value)] of the move that led to the position on screen, shown beside the
        computer's preferred one (`shown_move`)."""
        found = self.shown_move(session)
        return [] if found is None else session.marks_after(found[1], found[1])

    def ownership_marks(self, session) -> list:
        """Go's map at the position on screen: [(point, 'w'|'b', strength 0..1)] per point whose
        owner is not a coin toss; [] when off or not analysed."""
        found = self.results.get(session.moves_shown())
        if not self.ownership or found is None or not found.get("ownership"):
            return []
        out = []
        for i, white in enumerate(found["ownership"]):
            lean = abs(float(white) - 0.5) * 2
            if lean >= 0.2:
                out.append((str(i + 1), "w" if white > 0.5 else "b", round(lean, 2)))
        return out

    def has_ownership(self) -> bool:
        """True when some analysed position has an ownership map (Go)."""
        return any(found.get("ownership") for found in self.results.values())

    # -- words and pictures ------------------------------------------------------------------
    def view(self, session) -> dict:
        """What the analysis view shows at the position on screen of `session` (the one it
        follows): the graph, the progress, the marks, the flagged moves."""
        shown = session.moves_shown()
        return {
            "graph": self.graph_svg(shown),
            "status": self.status(),
            "progress": (self.done(), self.total) if self.running else None,
            "running": self.running,
            "state": "running" if self.running else ("done" if self.done() else None),
            "best": self.best_marks(session),
            "played": self.played_marks(session),
            "ownership": self.ownership_marks(session) or self.estimate.marks(session, self.live),
            "ownership_on": self.ownership,
            "estimate": self.estimate.words(session, self.live),
            "estimate_on": self.estimate.on,
            "summary": self.summary(),
        }

    def status(self) -> str:
        """The analysis's progress line ('Analysing… 40 of 151 positions'), or its last note."""
        if self.running:
            return n_(
                "Analysing… {done} of {n} position.",
                "Analysing… {done} of {n} positions.",
                self.total,
                done=self.done(),
            )
        return self.note

    def graph_svg(self, shown: int) -> str:
        """The win-estimate graph: White's chance per analysed position ('' when none)."""
        plies = sorted(p for p in self.results if p <= len(self.moves))
        if not plies:
            return ""
        n = max(1, len(self.moves))
        judged = self.judgements()
        xs = {p: round(GRAPH_W * p / n, 1) for p in plies}
        ys = {p: round(GRAPH_H * (1 - self.value(p)), 1) for p in plies}
        line = " ".join(f"{xs[p]},{ys[p]}" for p in plies)
        area = f"{xs[plies[0]]},{GRAPH_H} {line} {xs[plies[-1]]},{GRAPH_H}"
        parts = [
            f'<svg class="eval-svg" viewBox="0 0 {GRAPH_W} {GRAPH_H}" preserveAspectRatio="none" '
            f'role="img" aria-label="{self.graph_label()}">',
            f'<rect class="eval-black" width="{GRAPH_W}" height="{GRAPH_H}"/>',
            f'<polygon class="eval-white" points="{area}"/>',
            f'<line class="eval-mid" x1="0" y1="{GRAPH_H / 2}" x2="{GRAPH_W}" '
            f'y2="{GRAPH_H / 2}" vector-effect="non-scaling-stroke"/>',
            f'<polyline class="eval-line" points="{line}" vector-effect="non-scaling-stroke"/>',
        ]
        for ply in sorted(judged):
            if ply in xs:
                parts.append(
                    f'<line class="eval-flag {judged[ply][1]}" x1="{xs[ply]}" y1="0" '
                    f'x2="{xs[ply]}" y2="{GRAPH_H}" vector-effect="non-scaling-stroke"/>'
                )
        if 0 <= shown <= n:
            x = round(GRAPH_W * shown / n, 1)
            parts.append(
                f'<line class="eval-shown" x1="{x}" y1="0" x2="{x}" y2="{GRAPH_H}" '
                'vector-effect="non-scaling-stroke"/>'
            )
        half = GRAPH_W / n / 2
        for p in plies:
            left = max(0.0, xs[p] - half)
            right = min(float(GRAPH_W), xs[p] + half)
            parts.append(
                f'<rect class="eval-hit" data-eval-ply data-ply="{p}" '
                f'data-value="{self.value(p):.4f}" x="{round(left, 1)}" y="0" '
                f'width="{round(right - left, 2)}" height="{GRAPH_H}"/>'
            )
        parts.append("</svg>")
        return "".join(parts)

    def graph_label(self) -> str:
        """The graph in words, for screen readers."""
        plies = sorted(p for p in self.results if p <= len(self.moves))
        if not plies:
            return ""
        last = plies[-1]
        if 0 in self.results:
            return _(
                "White's estimated chance to win, position by position: {first} at the start, "
                "{last} after move {n}. Click a point to show that position.",
                first=percent(self.value(0)),
                last=percent(self.value(last)),
                n=last,
            )
        return _(
            "White's estimated chance to win after move {n}: {last}.",
            n=last,
            last=percent(self.value(last)),
        )

    def summary(self) -> str:
        """The flagged moves in words, one sentence each ('' when none)."""
        judged = self.judgements()
        # Translators: a flagged move in the analysis' summary; {words} is its judgement.
        return " ".join(_("Move {n}: {words}", n=p, words=judged[p][2]) for p in sorted(judged))


def percent(value: float) -> str:
    """0.4567 -> '46%'."""
    # Translators: a percentage (German: "46 %").
    return _("{n}%", n=int(value * 100 + 0.5))
