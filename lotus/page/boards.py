"""The controller of one embedded board (embed.html, the rules pages' figures), without a DOM.

`lotus.dom.boards` is its adapter: a figure's clicks, keys and buttons come here as plain
values, and `view()` says what the figure shows. The board's model is `lotus.page.diagrams.Diagram`;
its computer opponent is the same part as the app's (`lotus.page.computer`).
"""

from lotus.page.computer import Computer
from lotus.page.events import REVIEW_KEYS, session_target


class BoardController:
    """One live board of embed.html or a rules page: its clicks, buttons and computer replies."""

    def __init__(self, diagram=None, settings_text: str = "") -> None:
        self._diagram = diagram  # None: made from its settings on first use (most boards of a
        # rules page are never touched, and a page is ready sooner without replaying them all)
        self.settings_text = settings_text
        self.failure = ""  # why the computer could not move, shown until the next change
        self.computer = Computer(self.shown, self.is_current)

    @property
    def diagram(self):
        """The board's model (a diagrams.Diagram)."""
        if self._diagram is None:
            from lotus.page import diagrams, embed

            self._diagram = diagrams.Diagram(embed.parse_fragment(self.settings_text))
        return self._diagram

    def shown(self):
        """The board's session."""
        return self.diagram.session

    def is_current(self, session) -> bool:
        """True while the board still shows `session` (not started over)."""
        return self.diagram.session is session

    # -- events ------------------------------------------------------------------------------
    def click(self, mode: str, kind: str, value: str) -> bool:
        """A click on a board element in a figure of `mode`; True when the board must redraw."""
        if mode in ("view", "step") or not self.diagram.accepts_clicks():
            return False  # a picture or a sequence: the board itself takes no clicks
        self.failure = ""
        self.diagram.click(session_target(kind, value))
        self.computer.ask()
        return True

    def key(self, mode: str, key: str) -> bool:
        """Arrow keys, Home and End step through a sequence; True when they did."""
        if key in REVIEW_KEYS and mode == "step":
            self.action(REVIEW_KEYS[key])
            return True
        return False

    def action(self, action: str) -> None:
        """A button under the board."""
        self.failure = ""
        self.diagram.act(action)
        self.computer.ask()

    def answered(self, ticket, answer, elapsed_ms: float = 0) -> None:
        """A worker's answer to the board's computer."""
        self.computer.answered(ticket, answer, elapsed_ms)
        self.computer.ask()

    def failed(self, ticket, error: str) -> str:
        """The computer could not move: said in the board's status line."""
        self.failure = self.computer.failed(ticket, error)
        self.computer.ask()
        return self.failure

    def worker_up(self, full: bool) -> None:
        """A worker has answered its first call: the board's computer thinks now."""
        self.computer.worker_up(full)
        if self._diagram is not None:
            self.computer.ask()

    # -- what to show (nothing here changes state) -------------------------------------------
    def tickets(self) -> list:
        """The questions for the workers whose answers the board awaits (its computer's move)."""
        return list(self.computer.out)

    def view(self) -> dict:
        """What the figure shows."""
        from lotus.page import diagrams

        diagram = self.diagram
        return {
            "board": diagram.svg(),
            "track": diagram.track_svg(),
            "caption": diagram.caption(),
            "status": self.failure or diagram.status(),
            "step": diagram.step,
            "buttons": [(a, enabled) for a, _l, _t, enabled in diagrams.controls(diagram)],
            "puzzle": diagram.mode == "puzzle",
            "solved": diagram.solved,
            "feedback": diagram.verdict(),  # right, wrong or solution (shown)
            "thinking": "1" if self.computer.thinking() else None,
            "thinking-level": self.computer.thinking_level(),  # expert's progress ring
            "hints": diagram.session.hint_marks(),
        }
