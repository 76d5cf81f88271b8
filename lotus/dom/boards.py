"""The DOM adapter of embed.html and the rules pages: each live board's events and view.

Like `lotus.ui_bindings` (the DOM primitives both use are in `lotus.dom.host`), it decides nothing:
a figure's clicks, keys and buttons go to its `lotus.page.boards.BoardController`, whose `view()`
is written into the figure.

The boards speak the page's language (`<html lang>`); an embed's fragment may name another
(`lang=de`: the language of the page its snippet was made on).
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from lotus.dom.host import Host, enable, fill, flag, mark_hints, redraw_board, say, show, target_of
from lotus.game.session import sentence
from lotus.page.boards import BoardController
from lotus.words import _, use


class Figure:
    """One live board (`<figure data-diagram>`): its clicks and buttons, redrawn from its view."""

    def __init__(self, host, element, diagram=None) -> None:
        self.host = host
        self.element = element
        settings = str(element.getAttribute("data-diagram") or "")
        self.c = BoardController(diagram, settings)
        self.mode = str(element.getAttribute("data-mode"))
        self.board = element.querySelector("[data-board]")
        self._drawn = {}  # the board's markup last written (see redraw_board)
        self.track = element.querySelector("[data-track]")
        self.caption = element.querySelector("[data-caption]")
        self.status = element.querySelector("[data-status]")
        host.listen(self.board, "click", self.on_click)
        host.listen(element, "keydown", self.on_key)
        for button in element.querySelectorAll("[data-action]"):
            host.listen(button, "click", self.on_action)
        if self.mode == "step":
            element.setAttribute("tabindex", "0")

    def on_click(self, event) -> None:
        """A click on a field, start stack or point of this board."""
        target = target_of(event)
        if target is not None and self.c.click(self.mode, *target):
            self.refresh()

    def on_key(self, event) -> None:
        """Arrow keys, Home and End step through a sequence; Enter or Space click a field."""
        key = str(event.key)
        if self.c.key(self.mode, key):
            event.preventDefault()
            self.refresh()
        elif key in ("Enter", " ") and target_of(event) is not None:
            event.preventDefault()
            self.on_click(event)

    def on_action(self, event) -> None:
        """A button under the board."""
        self.c.action(str(event.currentTarget.getAttribute("data-action")))
        self.refresh()

    def refresh(self, save: bool = True) -> None:
        """Let the computer move on its turn, then redraw (an embed saves nothing)."""
        self.host.ask(self.c, self.c.tickets(), self.refresh)
        self.render()

    def render(self) -> None:
        """Write the board's view into the figure."""
        view = self.c.view()
        element = self.element
        redraw_board(self.board, view["board"], self._drawn)
        mark_hints(self.board, view["hints"])
        fill(self.track, view["track"])
        say(self.caption, view["caption"])
        self.status.textContent = view["status"]
        element.dataset.step = str(view["step"])
        for action, enabled in view["buttons"]:
            button = element.querySelector(f'[data-action="{action}"]')
            if button is not None:
                enable(button, enabled)
        if view["puzzle"]:
            element.dataset.solved = "1" if view["solved"] else "0"
            element.dataset.feedback = view["feedback"]
        flag(element, "thinking", view["thinking"])
        flag(element, "thinking-level", view["thinking-level"])


class BoardsPage(Host):
    """embed.html (one board set by the URL fragment) or a rules page (its pre-drawn figures)."""

    def __init__(self) -> None:
        super().__init__()
        self.body = document.body
        self.root = str(self.body.dataset.root or "./")
        self.figures = []
        self._height = -1

    def start(self) -> None:
        """Bring every board to life, then flag readiness (and, in a frame, post the height)."""
        embedded = self.body.hasAttribute("data-embed")
        self.page_lang = str(document.documentElement.getAttribute("lang") or "")
        use(self.page_lang)
        if embedded:
            self.start_embed()
            self.listen(document.defaultView, "hashchange", self.on_hash)
        else:
            for element in document.querySelectorAll("figure[data-diagram]"):
                self.figures.append(Figure(self, element))
        self.body.dataset.ready = "1"
        if embedded:
            self.post_height()
            observer = window.ResizeObserver.new(create_proxy(self.post_height))
            observer.observe(document.querySelector("[data-embed-root]"))
            self._observer = observer

    def on_hash(self, *_event) -> None:
        """embed.html with a new fragment (an edited link, the app's preview): draw it afresh."""
        self.figures = []
        self.start_embed()

    def start_embed(self) -> None:
        """embed.html: build the one board from the fragment (its errors shown in the frame)."""
        from lotus.page import diagrams, embed

        root = document.querySelector("[data-embed-root]")
        error = document.querySelector("[data-error]")
        show(error, False)
        self.body.removeAttribute("data-invalid")
        fragment = str(window.location.hash)
        lang = use(embed.language_of(fragment) or self.page_lang)
        document.documentElement.setAttribute("lang", lang)
        try:
            settings = embed.parse_fragment(fragment)
            diagram = diagrams.Diagram(settings)
        except ValueError as exc:
            # Translators: {reason} says what is wrong with the embed's settings, as a sentence.
            said = _("This Lotus board cannot be shown. {reason}", reason=sentence(str(exc)))
            say(error, said)
            root.innerHTML = ""
            self.body.dataset.invalid = "1"
            return
        self.body.dataset.game = settings["game"]
        self.body.dataset.theme = settings["theme"]
        root.innerHTML = diagrams.figure_html(
            diagram, fragment[1:] if fragment[:1] == "#" else fragment, live=True
        )
        figure = Figure(self, root.querySelector("figure"), diagram)
        self.figures.append(figure)
        self.ask(figure.c, figure.c.tickets(), figure.refresh)

    def post_height(self, *_event) -> None:
        """Tell the host page how tall the content is (the only message an embed sends)."""
        from lotus.page import embed

        height = 0
        for selector in ("[data-error]", "[data-embed-root]"):
            element = document.querySelector(selector)
            if element is not None and not element.hasAttribute("hidden"):
                rect = element.getBoundingClientRect()
                height = max(height, rect.bottom + window.scrollY)
        height = int(height + 8.999)
        if height == self._height or window.parent is window:
            return
        self._height = height
        ident = self.figures[0].c.diagram.settings["id"] if self.figures else ""
        message = {"type": embed.MESSAGE_TYPE, "height": height, "id": ident}
        window.parent.postMessage(window.JSON.parse(json.dumps(message)), "*")


_boards = None


def start_boards() -> None:
    """Entry point of embed.html and the rules pages."""
    global _boards
    _boards = BoardsPage()
    _boards.start()
