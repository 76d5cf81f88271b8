"""The app page's DOM adapter: it reads events, calls `lotus.page.controller`, writes its views.

Runs on PyScript's MicroPython in index.html. It decides nothing: which field, stack or button
was used goes to the `PageController` as plain values, and what its `view()` returns is written
into the page (board SVG, status line, move list, buttons and the `data-*` hooks of
docs/page-contract.md). Embedded boards have their own adapter, `lotus.dom.boards`; the DOM
primitives both share are in `lotus.dom.host`.
What the first click does not need (live play, Embed, records) comes later: `lotus.dom.code`.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from lotus import words
from lotus.dom import analysis as ui_analysis
from lotus.dom import code
from lotus.dom import library as ui_library
from lotus.dom import panel as ui_panel
from lotus.dom.host import (
    BrowserStorage,
    Host,
    clipboard,
    enable,
    fill,
    flag,
    form_values,
    mark_hints,
    redraw_board,
    say,
    set_form,
    show,
    target_of,
    write_rows,
)
from lotus.page.computer import Ticket
from lotus.page.controller import PageController
from lotus.page.events import REVIEW_KEYS, TARGETS


class Page(Host):
    """index.html: wires the page's elements to a `controller.PageController`."""

    def __init__(self) -> None:
        super().__init__()
        self.c = PageController(BrowserStorage(), clock=ui_library.clock)
        self.body = document.body
        self.board = document.getElementById("board")
        self.track = document.getElementById("track")
        self.status = document.querySelector("[data-status]")
        self.movelist = document.querySelector("[data-movelist]")
        self.error = document.querySelector("[data-error]")
        self.banner = document.querySelector("[data-banner]")
        self.banner_text = document.querySelector("[data-banner-text]")
        self.watch = document.querySelector("[data-watch]")
        self.record_box = document.querySelector("[data-record-text]")
        self._shown = {}  # what render() last wrote, so that it skips what did not change
        self._scroll_moves = create_proxy(self.scroll_moves)
        self.embed_dialog = None  # made on first use: its module is not needed to start
        self.live = None  # live play with a friend (lotus.dom.live.LiveUI), made on first use

    # -- set-up ------------------------------------------------------------------------------
    def start(self) -> None:
        """Read the address, draw the first board, listen to events and flag readiness."""
        if ui_library.start(self):
            self.clear_fragment(self.c.address)
        self.wire()
        ui_library.wire(self)  # Your games, other tabs, the error's details
        relayed = code.start_live(self)  # an invitation, a reply, a live game to resume
        if relayed:  # it only handed a reply on: no workers until it is used
            self.wake_later(self.c, self.refresh)
            self.listen(document, "pointerdown", self.wake_now)
            self.listen(document, "keydown", self.wake_now)
        ui_library.attempt(self, self.refresh, ui_library.UNEXPECTED)
        api = window.Object.new()  # a small JS-callable surface for tests and tooling
        api.legalMoves = create_proxy(self.page_legal_moves)
        api.workerLegalMoves = create_proxy(self.worker_legal_moves)
        api.timings = create_proxy(self.c.timings_json)
        window.lotus = api
        self.replay_queue()
        self.body.dataset.ready = "1"
        if not relayed:
            self.wake(self.c, self.refresh)  # the workers (lotus/dom/host.py's Host)

    def wire(self) -> None:
        """Listen to the board, the buttons, the forms and the keyboard."""
        listen = self.listen
        listen(self.board, "click", self.on_board_click)
        listen(self.board, "keydown", self.on_board_key)
        for button in document.querySelectorAll("[data-action]"):
            if button.getAttribute("type") != "submit" and not is_local(button):
                listen(button, "click", self.on_action)
        for form in document.querySelectorAll("form[data-form]"):
            listen(form, "submit", self.on_new_game)
        for pick in document.querySelectorAll("[data-pick]"):
            listen(pick, "click", self.on_pick)
        named = (
            ('input[name="numbers"]', "change", self.on_numbers),
            ("[data-record-file]", "change", self.on_file),
            ("[data-speed]", "change", self.on_speed),
        )
        for selector, event, handler in named:
            element = document.querySelector(selector)
            if element is not None:
                listen(element, event, handler)
        listen(document, "keydown", self.on_page_key)
        listen(document.defaultView, "hashchange", self.on_hash)
        # The list's own box resized (the window, a panel section opened or closed, a banner):
        # it shows the latest move (or the reviewed one) again, as after a load.
        self._list_observer = window.ResizeObserver.new(self._scroll_moves)
        self._list_observer.observe(self.movelist)
        ui_panel.wire(self)  # words
        ui_analysis.wire(self)  # the computer's analysis

    def clear_fragment(self, query=None) -> None:
        """Drop a share link (and new-game options) from the address: the game is saved now."""
        query = str(window.location.search) if query is None else query
        window.history.replaceState(None, "", str(window.location.pathname) + query)

    def replay_queue(self) -> None:
        """Apply the clicks made before Python was ready (queued by static/js/boot.js), in order."""
        queue = window.lotusQueue
        if not queue:
            return
        items = [(str(item.kind), str(item.value)) for item in queue]
        queue.length = 0
        for kind, value in items:
            if kind in TARGETS:
                self.c.click(kind, value)
                self.refresh()
            elif kind == "action":
                self.do_action(value)
            elif kind == "pick":
                self.pick(value)

    # -- events ------------------------------------------------------------------------------
    def on_board_click(self, event) -> None:
        """A click on a field, start stack or point."""
        target = target_of(event)
        if target is not None:
            self.c.click(*target)
            self.refresh()

    def on_board_key(self, event) -> None:
        """Enter or Space on a focused field acts like a click (and keeps the focus there)."""
        target = target_of(event) if str(event.key) in ("Enter", " ") else None
        if target is None:
            return
        event.preventDefault()
        self.c.click(*target)
        self.refresh()
        again = self.board.querySelector(f'[data-{target[0]}="{target[1]}"]')
        if again is not None:
            again.focus()

    def on_page_key(self, event) -> None:
        """Shortcuts: u, r, Escape, arrows, Home, End (not while typing)."""
        tag = str(event.target.tagName).lower() if event.target.tagName else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey:
            return
        key = str(event.key)
        if self.c.key(key):
            if key in REVIEW_KEYS:
                event.preventDefault()
            self.refresh()

    def on_action(self, event) -> None:
        """A button with data-action."""
        self.do_action(str(event.currentTarget.getAttribute("data-action")))

    def do_action(self, action: str) -> None:
        """Carry out a page action (undo, pass, new, export, …) and redraw."""
        if code.later(action) and not code.needed(self, lambda: self.do_action(action)):
            return  # done once their code is here
        if action == "embed":
            if self.embed_dialog is None:
                from lotus.dom.embed import EmbedDialog

                self.embed_dialog = EmbedDialog(self)
            self.embed_dialog.open()
        elif action.startswith("live") or action == "welcome-live":  # the welcome card's: Live
            code.live(self).takes("live" if action == "welcome-live" else action)
        elif action == "welcome-computer":
            self.c.play_computer()
            self.refresh()
        elif action in ("export", "share", "import", "copy-record"):
            self.records_action(action)
        elif action == "new":
            self.on_new_game(None)
        elif action in ui_library.LIST_ACTIONS:
            return  # the list's own listener (lotus.dom.library) handles these
        else:
            question = self.c.question(action)
            if question and not window.confirm(question):
                return
            self.c.action(action)
            self.refresh()

    def on_new_game(self, event) -> None:
        """Start a new game with the form's options (the form, or the banner's New game button)."""
        if event is not None:
            event.preventDefault()
        form = document.querySelector(f'form[data-form="{self.c.app.current}"]')
        values = form_values(form)
        refusal = self.c.new_game_refusal(values)  # a bad option is said before anything is asked
        question = "" if refusal else self.c.question("new")  # an unfinished game: ask first
        if question and not window.confirm(question):
            return
        new_game_said(form, refusal or self.c.new_game(values))
        self.refresh()

    def on_numbers(self, event) -> None:
        """The board's point numbers are a view preference: applied at once."""
        self.c.set_numbers(event.currentTarget.checked)
        self.refresh()

    def on_pick(self, event) -> None:
        """The game picker."""
        self.pick(str(event.currentTarget.getAttribute("data-pick")))

    def pick(self, game: str) -> None:
        """Show a game (bringing back its autosave the first time)."""
        if self.c.pick(game):
            self.refresh()

    def on_speed(self, event) -> None:
        """Watch mode's speed: the pause between the computers' moves."""
        self.c.computer.speed = str(event.currentTarget.value)

    def on_hash(self, event) -> None:
        """A share link pasted into this tab's address bar (only the fragment changed)."""
        if code.is_link(str(window.location.hash or "")) and not code.needed(
            self, lambda: self.on_hash(event)
        ):
            return  # read once the records' code is here
        if self.c.on_hash(str(window.location.hash or "")):
            self.clear_fragment(self.c.address)
            self.refresh()

    # -- records and links -------------------------------------------------------------------
    def today(self) -> str:
        """Today's date as a record writes it ('2026.11.30')."""
        today = window.Date.new()
        return f"{today.getFullYear():04d}.{today.getMonth() + 1:02d}.{today.getDate():02d}"

    def records_action(self, action: str) -> None:
        """Export, import, copy and share."""
        box = self.record_box
        if action == "export":
            text = self.c.links.export(self.today())
            box.value = text
            link = document.querySelector("[data-download]")
            link.setAttribute(
                "href", "data:text/plain;charset=utf-8," + window.encodeURIComponent(text)
            )
            link.setAttribute("download", f"lotus-{self.c.app.current}.txt")
            self.render()
        elif action == "copy-record":
            if not str(box.value):
                box.value = self.c.links.record_text(self.today())
            self.copy(str(box.value), "record")
        elif action == "import":
            # The length first: a huge text must not even be copied into Python's memory.
            if not self.c.record_too_long(int(box.textLength)):  # not box.value: a copy
                self.import_record(str(box.value))
            self.refresh()
        elif action == "share":
            page = str(window.location.origin) + str(window.location.pathname)
            url = self.c.links.share_url(page)
            anchor = document.querySelector("[data-share-link]")
            anchor.setAttribute("href", url)
            anchor.textContent = url
            show(document.querySelector("[data-share]"), True)
            self.copy(url, "share")

    def copy(self, text: str, what: str) -> None:
        """Copy to the clipboard when the browser allows it; say what happened (`what`: 'record'
        or 'share', lotus.page.links.COPIED)."""

        async def write() -> None:
            self.c.links.copied(what, await clipboard(text))
            self.render()

        self.spawn(write())

    def import_record(self, text: str) -> None:
        """Open a record; the controller says what went wrong, and keeps the game if it did."""
        self.c.import_record(text)
        self.refresh()

    def on_file(self, event) -> None:
        """A record file chosen with the file picker."""
        files = event.currentTarget.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)

        async def read() -> None:
            await code.load()  # the records' code
            if self.c.record_too_long(int(chosen.size)):  # bytes: at least its characters
                self.refresh()
                return
            text = str(await chosen.text())
            self.record_box.value = text
            self.import_record(text)

        self.spawn(read())

    # -- output ------------------------------------------------------------------------------
    def refresh(self, save: bool = True) -> None:
        """After a change: what follows from it (also from a change live play made to the
        session itself), the workers asked what the controller awaits, autosave, redraw."""
        self.c.settle()
        self.ask(self.c, self.c.tickets(), self.refresh)
        if self.live is not None:
            self.live.after_change()  # live play: send this page's moves first, show the link
        if save:
            self.c.save()
        self.render()

    def render(self) -> None:
        """Write the controller's view into the page."""
        view = self.c.view()
        for name, value in view["flags"].items():
            flag(self.body, name, value)
        if self._shown.get("pick") != view["game"]:
            self._shown["pick"] = view["game"]
            for pick in document.querySelectorAll("[data-pick]"):
                pressed = pick.getAttribute("data-pick") == view["game"]
                pick.setAttribute("aria-pressed", "true" if pressed else "false")
            for element in document.querySelectorAll("[data-only]"):
                show(element, element.getAttribute("data-only") == view["game"])
        redraw_board(self.board, view["board"], self._shown)  # keeps the keyboard's place
        mark_hints(self.board, view["hints"])
        fill(self.track, view["track"])
        self.status.textContent = view["status"]
        say(self.error, view["error"])
        self.banner_text.textContent = view["banner"]
        show(self.banner, view["banner"])
        shown = self._shown.get("moves")
        if shown != view["moves"]:  # most clicks only select: no new move
            self._shown["moves"] = view["moves"]
            write_rows(self.movelist, shown, view["moves"])  # only the rows that changed
            # Scrolled in the next frame, once every change of this render is in: reading the
            # height here would lay the whole page out twice per click.
            window.requestAnimationFrame(self._scroll_moves)
        for action, enabled in view["enabled"].items():
            if self._shown.get("enable " + action) is not enabled:  # no DOM calls if unchanged
                self._shown["enable " + action] = enabled
                for button in document.querySelectorAll(f'[data-action="{action}"]'):
                    enable(button, enabled)
        ui_panel.render(self, view)  # words
        ui_analysis.render(self, view)  # the computer's analysis
        if self._shown.get("form") != view["form"]:  # a new game on screen: its options
            self._shown["form"] = view["form"]
            game, values = view["form"]
            set_form(document.querySelector(f'form[data-form="{game}"]'), values)
        play_sound(self._shown, view["sound"])
        self.render_watch(view)
        ui_library.render(self, view)

    def render_watch(self, view) -> None:
        """Watch mode's controls: shown while computers play each other; Pause or Resume."""
        show(self.watch, view["watch"])
        pause = self.watch.querySelector('[data-action="pause"]')
        pause.textContent = view["pause_label"]
        pause.setAttribute("aria-pressed", "true" if view["paused"] else "false")

    def before_event(self):
        """The game as it is before an event, to put back if the event fails."""
        return self.c.snapshot()

    def failed_event(self, before, exc) -> None:
        """An event failed: the game as it was, a short message, the details to copy."""
        ui_library.failed(self, before, exc)

    def scroll_moves(self, *_) -> None:
        """Show the end of the move list, or the reviewed move (a jump from the analysis graph), or
        the variation tried there."""
        row = self.movelist.querySelector("li.variation") or self.movelist.querySelector("li.last")
        if row is None or not self.body.hasAttribute("data-review"):
            self.movelist.scrollTop = self.movelist.scrollHeight
            return
        box, at = self.movelist.getBoundingClientRect(), row.getBoundingClientRect()
        if at.top < box.top or at.bottom > box.bottom:  # out of view: centred in the list
            self.movelist.scrollTop += at.top - box.top - (box.height - at.height) / 2

    # -- window.lotus ------------------------------------------------------------------------
    def page_legal_moves(self, request_json=None) -> str:
        """Legal moves by the page's own engine (MicroPython), as JSON."""
        from lotus.game import remote

        return remote.legal_moves(request_json or Ticket("moves", self.c.shown()).request())

    async def worker_legal_moves(self, request_json=None) -> str:
        """Legal moves by the worker's engine (Pyodide, started by the first call), as JSON (or
        `{"error"}` when the request cannot be read or the worker cannot start)."""
        self.wake_pyodide()
        try:
            worker = await self.worker()
        except Exception as exc:
            return json.dumps({"error": "The computer's worker is unavailable: " + str(exc)})
        return await worker.legal_moves(request_json or Ticket("moves", self.c.shown()).request())


# -- the screen's comforts (the New game dialog, theme, sounds) -------------------------
# The theme and mute toggles and the dialog's opening are static/js/comforts.js's, which works
# before Python is ready; here only what needs the controller's word.


def is_local(button) -> bool:
    """A button comforts.js handles by itself (theme, mute, opening the dialog)."""
    local = window.lotusLocalActions
    return bool(local) and bool(local.hasOwnProperty(button.getAttribute("data-action")))


def new_game_said(form, problem: str) -> None:
    """After the New game form: close its dialog, or say in it why the game was not started."""
    message = form.querySelector("[data-form-error]")
    if message is not None:
        say(message, problem)
    dialog = form.closest("dialog")
    if not problem and dialog is not None and dialog.open:
        dialog.close()


def play_sound(shown: dict, sound: tuple) -> None:
    """The view's sound (kind, number) of a move or a capture, played once: when its number is
    new since the last render (`shown`). comforts.js makes and mutes it."""
    if shown.get("sound") == sound:
        return
    shown["sound"] = sound
    kind = sound[0]
    if kind and window.lotusSound:
        window.lotusSound.play(kind)


_page = None


def start() -> None:
    """Entry point of index.html: the page worded in its language (its `<html lang>`)."""
    global _page
    words.use(str(document.documentElement.lang or ""))
    _page = Page()
    _page.start()
