"""An embedded board on show: the position, its caption and status, the reader's moves and the
figure's markup (docs/embedding.md).

    board = Diagram(embed.parse_fragment("#game=race&moves=Sw4-A4,Sb4-A4&mode=step"))
    board.go_to(1); board.svg(); board.caption(); figure_html(board, fragment)

Its settings come checked from `lotus.page.embed`; the game's session (from the registry) plays
the moves and draws the board. Pure Python for CPython and MicroPython: the page's binding layer
turns clicks into calls here and writes the results back.
"""

from lotus.game import games
from lotus.game.session import sentence
from lotus.game.text import colour_name
from lotus.page import embed
from lotus.page.app import escape as _html
from lotus.words import _, p_


def _colour(colour: str) -> str:
    """A colour's name in the language in use ('w' -> 'White'; colour_name gives its message
    id, which `_` words; a name that is already worded stays as it is)."""
    return _(colour_name(colour))


# -- the board -----------------------------------------------------------------------------------


class Diagram:
    """One embedded board: the position on show, its caption, and the reader's moves."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.mode = settings["mode"]
        self.steps = len(settings["moves"])
        self.step = settings["at"]
        self.feedback = ""  # the puzzle's answer to the last try
        self.solved = False
        self.shown = False  # the solution was shown (not found)
        self.tries = 0
        self.session = None
        self.go_to(self.step)

    def _new_session(self):
        s = self.settings
        entry = games.get(s["game"])
        options = {"position": s["position"]}
        if entry.has_numbers:
            options["numbers"] = s["numbers"]
        session = entry.new_session(options)
        if self.mode == "play":
            person = embed.game_at(s["position"], s["moves"], self.step).to_move
            opponent = s["opponent"]
            session.seats = {c: ("human" if c == person else opponent) for c in session.colours()}
        return session

    def go_to(self, step: int) -> None:
        """Show the position after `step` of the moves (clamped); puzzles and play start over."""
        step = max(0, min(int(step), self.steps))
        session = self._new_session()
        entry = games.get(self.settings["game"])
        entry.replay(session.game, self.settings["moves"][:step], session._record)
        self.base = len(session.actions)  # the reader's own moves come after these
        self.session = session
        self.step = step
        self.feedback = ""
        self.solved = False
        self.shown = False
        select = self.settings["select"]
        if select and step == self.settings["at"] and self.mode in ("view", "step"):
            session.click(select)
        session.message = ""

    def reset(self) -> None:
        """Back to where the board started."""
        self.tries = 0
        self.go_to(self.settings["at"])

    def step_by(self, delta: int) -> None:
        """Step mode: move through the sequence."""
        if self.mode == "step":
            self.go_to(self.step + delta)

    def can_step(self, delta: int) -> bool:
        """True when step mode can go that way."""
        return self.mode == "step" and 0 <= self.step + delta <= self.steps

    def accepts_clicks(self) -> bool:
        """Puzzles (until solved) and play take the reader's clicks; view and step do not."""
        return (self.mode == "puzzle" and not self.solved) or self.mode == "play"

    def click(self, target: str) -> bool:
        """A click on a field ('A3'), a start stack ('Sw4') or a point ('37'); True if it moved."""
        if not self.accepts_clicks():
            return False
        moved = self.session.click(target)
        if self.mode == "puzzle":
            self._judge(moved)
        return moved

    def pass_turn(self) -> None:
        """Pass (a puzzle's answer may be a pass)."""
        session = self.session
        if not self.accepts_clicks() or not session.can_pass():
            return
        before = len(session.game.moves)
        session.pass_turn()
        if self.mode == "puzzle":
            self._judge(len(session.game.moves) > before)

    def undo(self) -> None:
        """Play mode: take back the reader's last turn (and the computer's reply)."""
        session = self.session
        if self.mode != "play":
            return
        while len(session.actions) > self.base:
            session.undo()
            if session.computer_level() is None:
                break
        session.redo_stack = []

    def can(self, action: str) -> bool:
        """Whether a button's action can be taken now (first/prev/next/last/undo/pass/reset)."""
        if action in ("first", "prev"):
            return self.can_step(-1)
        if action in ("next", "last"):
            return self.can_step(1)
        if action == "undo":
            return self.mode == "play" and len(self.session.actions) > self.base
        if action == "pass":
            return self.accepts_clicks() and "pass" in self.session.game.legal_moves()
        if action in ("confirm", "resume"):
            return self.mode == "play" and self.session.phase() == "scoring"
        if action == "solution":
            return self.mode == "puzzle" and not self.shown
        if action == "reset":
            moved = self.step != self.settings["at"] or len(self.session.actions) > self.base
            return moved or self.solved or bool(self.feedback)
        return False

    def has_pass(self) -> bool:
        """Whether the board has a Pass button: in Go and in play; a race puzzle if blocked (R9)."""
        if games.get(self.settings["game"]).always_passes or self.mode == "play":
            return True
        return "pass" in self.session.game.legal_moves()

    def act(self, action: str) -> None:
        """A button: first, prev, next, last, undo, pass or reset."""
        if action == "first":
            self.step_by(-self.steps)
        elif action == "prev":
            self.step_by(-1)
        elif action == "next":
            self.step_by(1)
        elif action == "last":
            self.step_by(self.steps)
        elif action == "undo":
            self.undo()
        elif action == "pass":
            self.pass_turn()
        elif action == "confirm" and self.can(action):
            self.session.confirm()
        elif action == "resume" and self.can(action):
            self.session.resume()
        elif action == "reset":
            self.reset()
        elif action == "solution" and self.can(action):
            self.show_solution()

    def show_solution(self) -> None:
        """Puzzles: play the (first) answer from the puzzle's position and explain it."""
        self.go_to(self.settings["at"])
        move = self.settings["answer"][0]
        self.session.act(move)
        self.solved = True
        self.shown = True
        explain = self.settings["explain"]
        if explain:
            self.feedback = _("Solution: “{move}”. {explain}", move=move, explain=explain)
        else:
            self.feedback = _("Solution: “{move}”.", move=move)

    def verdict(self) -> str:
        """'right' (solved), 'solution' (shown), 'wrong' (a try said why), or ''."""
        if self.shown:
            return "solution"
        if self.solved:
            return "right"
        return "wrong" if self.feedback else ""

    def _judge(self, moved: bool) -> None:
        session = self.session
        if not moved:
            self.feedback = session.message
            return
        move = session.game.moves[-1]
        if move in self.settings["answer"]:
            self.solved = True
            explain = self.settings["explain"]
            if explain:
                self.feedback = _("Right! {explain}", explain=explain)
            else:
                self.feedback = _("Right! “{move}” is the move.", move=move)
            return
        self.tries += 1
        session.undo()
        session.redo_stack = []
        did = session.what_it_did(move)
        question = self.question()
        if question:
            # Translators: {did} says what the wrong move does ("it captures nothing"); {question}
            # is the puzzle's question, the last sentence of its caption.
            self.feedback = _(
                "Not “{move}”: {did}. {question} Try again.", move=move, did=did, question=question
            )
        else:
            self.feedback = _("Not “{move}”: {did}. Try again.", move=move, did=did)

    def question(self) -> str:
        """What the puzzle asks: the last sentence of its caption ('Which capture is safe?')."""
        sentences = self.caption().strip().replace("! ", ". ").split(". ")
        question = sentences[-1]
        if len(question.split()) < 4 and len(sentences) > 1:  # 'Where?': with what it asks
            question = sentences[-2] + ". " + question
        return sentence(question)

    # -- what to show --------------------------------------------------------------------------
    def caption(self) -> str:
        """The caption for what is on show (in step mode, the current step's)."""
        captions = self.settings["captions"]
        if self.mode == "step":
            return captions[self.step]
        return captions[self.settings["at"]] or captions[0]

    def status(self) -> str:
        """One line under the board: whose turn, the step, or the puzzle's feedback."""
        session = self.session
        if self.mode == "step":
            if self.step == 0:
                # Translators: the first step of a sequence; {turn} is "White to move."
                return _("Start: {turn}", turn=self._turn()) if self.steps else self._turn()
            move = self.settings["moves"][self.step - 1]
            return _("Move {step} of {steps}: {move}", step=self.step, steps=self.steps, move=move)
        if self.mode == "puzzle":
            if self.feedback:
                return self.feedback
            if self.session.game.is_over:
                return self._turn()
            return _("{colour} to move: find the move.", colour=_colour(self.session.game.to_move))
        if self.mode == "play":
            return session.status()
        return self._turn()

    def _turn(self) -> str:
        game = self.session.game
        if game.is_over:
            return sentence(self.session.status())
        return _("{colour} to move.", colour=_colour(game.to_move))

    def svg(self) -> str:
        """The board's SVG markup."""
        return self.session.svg()

    def track_svg(self) -> str:
        """The Go pass track's SVG ('' for the race)."""
        return self.session.track_svg()


# -- the figure's markup (pre-drawn by tools/build_rules.py, drawn by embed.html) --------------


def _controls(mode: str) -> tuple:
    """The buttons under a board in `mode`: (action, label, title), in the language in use."""
    if mode == "step":
        return (
            ("first", p_("review", "Start"), _("First position (Home)")),
            ("prev", "◀", _("One move back (←)")),
            ("next", "▶", _("One move forward (→)")),
            ("last", p_("review", "End"), _("Last position (End)")),
        )
    if mode == "puzzle":
        return (
            ("pass", _("Pass"), _("Pass this turn")),
            ("reset", _("Try again"), _("Start the puzzle over")),
            ("solution", _("Show solution"), _("Play the answer and explain it")),
        )
    if mode == "play":
        return (
            ("undo", _("Undo"), _("Take back your last move")),
            ("pass", _("Pass"), _("Pass this turn")),
            ("confirm", _("Confirm score"), _("Agree on the dead groups and end the game (G9)")),
            ("resume", _("Resume play"), _("Go back to playing (G9)")),
            ("reset", _("Start over"), _("Back to the starting position")),
        )
    return ()


def controls(diagram) -> list:
    """[(action, label, title, enabled)] of the buttons under a board in its mode."""
    return [(a, label, title, diagram.can(a)) for a, label, title in _controls(diagram.mode)]


def figure_html(diagram, fragment: str, live: bool = False) -> str:
    """A board's whole <figure>: board, pass track, caption, status line and buttons.

    `fragment` goes into `data-diagram` (the settings a page reads back); `live=False` draws the
    buttons disabled, as a pre-drawn board is until its page's Python is ready.
    """
    s = diagram.settings
    style = f' style="max-width:{s["size"]}px"' if s["size"] else ""
    track = diagram.track_svg()
    hidden_track = "" if track else " hidden"
    buttons = []
    for action, label, title, enabled in controls(diagram):
        off = "" if (live and enabled) else " disabled"
        if action == "pass" and not diagram.has_pass():
            continue
        if action in ("confirm", "resume") and not games.get(s["game"]).has_scoring:
            continue
        buttons.append(
            f'<button type="button" data-action="{action}" title="{_html(title)}"'
            f' aria-label="{_html(title)}"{off}>{_html(label)}</button>'
        )
    toolbar = _html(_("Board controls"))
    controls_html = (
        f'<div class="diagram-controls" role="toolbar" aria-label="{toolbar}">'
        f"{''.join(buttons)}</div>"
        if buttons
        else ""
    )
    caption = diagram.caption()
    return (
        f'<figure class="lotus-diagram mode-{s["mode"]} theme-{s["theme"]}" data-diagram='
        f'"{_html(fragment)}" data-mode="{s["mode"]}" data-game="{s["game"]}"'
        f' data-step="{diagram.step}"{style}>'
        f'<div class="diagram-board" data-board>{diagram.svg()}</div>'
        f'<div class="diagram-track" data-track{hidden_track}>{track}</div>'
        f"<figcaption data-caption{'' if caption else ' hidden'}>{_html(caption)}</figcaption>"
        f'<p class="diagram-status" data-status aria-live="polite">{_html(diagram.status())}</p>'
        f"{controls_html}</figure>"
    )
