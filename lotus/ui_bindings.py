"""The only module that touches the DOM: events -> lotus.app -> engine -> render -> DOM.

Runs on PyScript's MicroPython in the page. It holds no rules: it reads which field, stack or
button was used, calls the session in `lotus.app`, and writes what the session reports back into
the page (board SVG, status line, move list, buttons and the page-contract `data-*` hooks).
"""

import asyncio
import json

from pyscript import create_named_worker, document, window, workers
from pyscript.ffi import create_proxy

from lotus import app as app_module
from lotus import saves

SAVE_KEY = "lotus.save."  # + game: the autosave of that game
CURRENT_KEY = "lotus.current"  # the game on screen last time
WORKER = "engine"
WORKER_SRC = "./static/py/worker.py"  # used when the page has no <script worker> of its own
WORKER_CONFIG = "./worker.toml"
HINT_LEVEL = "medium"
# Review buttons (and keys): how far each one steps, given the number of actions.
REVIEW_STEPS = {
    "first": lambda n: -n,
    "prev": lambda n: -1,
    "next": lambda n: 1,
    "last": lambda n: n,
}
REVIEW_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}
WATCH_DELAY = {"slow": 1.5, "normal": 0.6, "fast": 0.05}  # seconds between computer moves
TARGET_SELECTOR = "[data-field],[data-start],[data-point]"


def _storage_get(key: str):
    """localStorage.getItem, or None when storage is unavailable (private mode, disabled)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if value is None else str(value)


def _storage_set(key: str, value: str) -> bool:
    """localStorage.setItem; False when storage is full or unavailable (the game goes on)."""
    try:
        window.localStorage.setItem(key, value)
    except Exception:
        return False
    return True


_escape = app_module.escape


def _show(element, shown) -> None:
    """Show or hide an element (its `hidden` attribute)."""
    if shown:
        element.removeAttribute("hidden")
    else:
        element.setAttribute("hidden", "")


def _fill(element, markup: str) -> None:
    """Write markup into an element, hidden while there is none."""
    element.innerHTML = markup
    _show(element, markup)


def _say(element, text: str) -> None:
    """Write text into an element, hidden while there is none."""
    element.textContent = text
    _show(element, text)


class Page:
    """Wires the page's elements to an `app.App`."""

    def __init__(self) -> None:
        self.app = app_module.App()
        self.body = document.body
        self.board = document.getElementById("board")
        self.track = document.getElementById("track")
        self.status = document.querySelector("[data-status]")
        self.movelist = document.querySelector("[data-movelist]")
        self.error = document.querySelector("[data-error]")
        self.banner = document.querySelector("[data-banner]")
        self.banner_text = document.querySelector("[data-banner-text]")
        self.watch = document.querySelector("[data-watch]")
        self._proxies = []
        self._shown = {}  # what render() last wrote, so that it skips what did not change
        self._scroll_moves = create_proxy(self.scroll_moves)
        self.worker_ready = False
        self.restored = set()  # games whose autosave was looked at
        self.busy = None  # (session, version) the computer is thinking about
        self.paused = False
        self.speed = "normal"
        self.timings = []  # {"game", "level", "ms"} of every computer move, measured here

    # -- set-up ------------------------------------------------------------------------------
    def start(self) -> None:
        """Read the query, draw the first board, listen to events and flag readiness."""
        search = str(window.location.search)
        game, options, error = app_module.parse_query(search)
        if options is None and "game=" not in search:
            last = _storage_get(CURRENT_KEY)
            game = last if last in app_module.GAMES else "race"
        self.app.current = game
        # Only the game on screen is restored now; the other one when it is first shown.
        notes = self.restore_saves(game)
        notes.extend(self.open_link())
        if options is not None:
            self.app.new_game(game, options)
            self._fill_form(game, options)
        if error:
            notes.append(error)
        self.show_error(" ".join(notes))
        self._listen(self.board, "click", self.on_board_click)
        self._listen(self.board, "keydown", self.on_board_key)
        for button in document.querySelectorAll("[data-action]"):
            if button.getAttribute("type") != "submit":
                self._listen(button, "click", self.on_action)
        for form in document.querySelectorAll("form[data-form]"):
            self._listen(form, "submit", self.on_new_game)
        for pick in document.querySelectorAll("[data-pick]"):
            self._listen(pick, "click", self.on_pick)
        numbers = document.querySelector('input[name="numbers"]')
        if numbers is not None:
            self._listen(numbers, "change", self.on_numbers)
        self._listen(document, "keydown", self.on_page_key)
        self._listen(document.defaultView, "hashchange", self.on_hash)
        file_input = document.querySelector("[data-record-file]")
        if file_input is not None:
            self._listen(file_input, "change", self.on_file)
        speed = document.querySelector("[data-speed]")
        if speed is not None:
            self._listen(speed, "change", self.on_speed)
        self.update()
        self._expose_api()
        self.replay_queue()
        self.body.dataset.ready = "1"
        asyncio.create_task(self.wake_worker())

    def restore_saves(self, game: str) -> list:
        """Bring back a game's autosave (once); a bad save gives a note and a fresh game."""
        notes = []
        if game in self.restored:
            return notes
        self.restored.add(game)
        key = SAVE_KEY + game
        text = _storage_get(key)
        if text and game not in self.app.sessions:
            try:
                self.app.restore(game, text)
            except saves.SaveError as exc:
                kept = _storage_set(key + ".broken", text)
                notes.append(
                    f"Your saved {app_module.GAME_TITLES[game]} game could not be restored: {exc}."
                    " A new game was started"
                    + (f"; the old save is kept in this browser as {key}.broken." if kept else ".")
                )
        return notes

    def open_link(self) -> list:
        """Open the game a share link's fragment (#g=…) holds; a bad link leaves the saves alone."""
        self.opened_link = False
        fragment = str(window.location.hash or "")
        if not fragment.startswith("#g="):
            return []
        from lotus import records  # loads both engines: only when needed

        try:
            record = records.from_link_fragment(fragment)
            self.app.load_record(record)
        except ValueError as exc:
            return [f"This link could not be opened: {exc}. Your saved games are unchanged."]
        finally:  # the game is autosaved from now on: reloading must not open the link again
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.opened_link = True
        return []

    def on_hash(self, event) -> None:
        """A share link pasted into this tab's address bar (only the fragment changed)."""
        notes = self.open_link()
        self.show_error(" ".join(notes))
        if self.opened_link:
            self.update()

    def save(self) -> None:
        """Autosave the game on screen (after every change)."""
        session = self.app.session
        _storage_set(SAVE_KEY + session.game_id, saves.dump(session))
        _storage_set(CURRENT_KEY, self.app.current)

    def _listen(self, element, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def _expose_api(self) -> None:
        """A small JS-callable surface (window.lotus) for tests and tooling."""
        api = window.Object.new()
        api.legalMoves = create_proxy(self.page_legal_moves)
        api.workerLegalMoves = create_proxy(self.worker_legal_moves)
        api.timings = create_proxy(self.timings_json)
        window.lotus = api

    async def wake_worker(self) -> None:
        """Wait for the Pyodide worker in the background; the board is playable meanwhile.

        A page without the worker's <script> starts it here, once the page is ready: Pyodide's
        start (compiling some 10 MB of WebAssembly) then no longer competes with the page's own.
        """
        try:
            if document.querySelector(f'script[worker][name="{WORKER}"]') is None:
                await create_named_worker(WORKER_SRC, WORKER, WORKER_CONFIG)
            worker = await workers[WORKER]
            await worker.ping()
        except Exception as exc:  # the page must keep working without its worker
            window.console.warn("engine worker unavailable: " + str(exc))
            return
        if not self.worker_ready:
            self.worker_answered()
            self.update()

    def worker_answered(self) -> None:
        """The worker has answered a call: the computer can play (data-worker-ready)."""
        self.worker_ready = True
        self.body.dataset.workerReady = "1"

    # -- events ------------------------------------------------------------------------------
    def on_board_click(self, event) -> None:
        """A click on the board: find the field, stack or point under it and pass it on."""
        element = event.target.closest(TARGET_SELECTOR)
        if element is None:
            return
        self.handle_target(element)

    def on_board_key(self, event) -> None:
        """Enter or Space on a focused field acts like a click."""
        if event.key not in ("Enter", " "):
            return
        element = event.target.closest(TARGET_SELECTOR)
        if element is None:
            return
        event.preventDefault()
        self.handle_target(element, keep_focus=True)

    def on_page_key(self, event) -> None:
        """Shortcuts: u = undo, r = redo, Escape = clear the selection (not while typing)."""
        tag = str(event.target.tagName).lower() if event.target.tagName else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey:
            return
        session = self.app.session
        if event.key == "u":
            session.undo_turn()
        elif event.key == "r":
            session.redo()
        elif event.key == "Escape":
            session.clear_selection()
        elif event.key in REVIEW_KEYS:
            event.preventDefault()
            self.do_action(REVIEW_KEYS[event.key])
            return
        else:
            return
        self.update()

    def handle_target(self, element, keep_focus: bool = False) -> None:
        """Turn a board element into a session click and redraw."""
        for kind in ("field", "start", "point"):
            if element.hasAttribute("data-" + kind):
                value = str(element.getAttribute("data-" + kind))
                break
        self.click_hook(kind, value)
        if keep_focus:
            again = self.board.querySelector(f'[data-{kind}="{value}"]')
            if again is not None:
                again.focus()

    def click_hook(self, kind: str, value: str) -> None:
        """A click on a board element named by its page-contract hook ('field', 'A3')."""
        self.app.session.click("S" + value if kind == "start" else value)
        self.update()

    def replay_queue(self) -> None:
        """Apply the clicks made before Python was ready (queued by static/js/boot.js), in order."""
        queue = window.lotusQueue
        if not queue:
            return
        items = [(str(item.kind), str(item.value)) for item in queue]
        queue.length = 0
        for kind, value in items:
            if kind in ("field", "start", "point"):
                self.click_hook(kind, value)
            elif kind == "action":
                self.do_action(value)
            elif kind == "pick":
                self.pick(value)

    def on_action(self, event) -> None:
        """A button with data-action."""
        self.do_action(str(event.currentTarget.getAttribute("data-action")))

    def do_action(self, action: str) -> None:
        """Carry out a page action (undo, pass, new, …) and redraw."""
        session = self.app.session
        if action == "undo":
            session.undo_turn()
        elif action == "hint":
            asyncio.create_task(self.show_hint(session, session.version))
        elif action == "pause":
            self.paused = not self.paused
        elif action == "redo":
            session.redo()
        elif action in REVIEW_STEPS:
            session.review_step(REVIEW_STEPS[action](len(session.actions)))
        elif action == "play-here":
            here = session.review
            if here is not None and window.confirm(
                f"Continue the game from move {session.moves_shown()}? "
                "The later moves are taken back (Redo brings them back)."
            ):
                session.play_from_here()
        elif action == "pass":
            session.pass_turn()
        elif action == "resign":
            session.resign()
        elif action == "confirm":
            session.confirm()
        elif action == "resume":
            session.resume()
        elif action == "embed":
            self.open_embed()
            return
        elif action in ("export", "share", "import", "copy-record"):
            self.records_action(action)
            return
        elif action == "new":
            self.on_new_game(None)
            return
        self.update()

    def on_new_game(self, event) -> None:
        """Start a new game with the form's options (the form, or the banner's New game button)."""
        if event is not None:
            event.preventDefault()
        game = self.app.current
        form = document.querySelector(f'form[data-form="{game}"]')
        try:
            options = self._read_form(game, form)
        except app_module.OptionError as exc:
            self.show_error(str(exc))
            return
        self.show_error("")
        self.app.new_game(game, options)
        self.paused = False
        self.update()

    def on_numbers(self, event) -> None:
        """The Go board's point numbers are a view preference: applied at once."""
        if self.app.current == "go":
            self.app.session.numbers = bool(event.currentTarget.checked)
            self.update()

    def on_pick(self, event) -> None:
        """The game picker: switch games, each keeping its own session and options."""
        self.pick(str(event.currentTarget.getAttribute("data-pick")))

    def pick(self, game: str) -> None:
        """Show a game (bringing back its autosave the first time)."""
        if game in app_module.GAMES:
            notes = self.restore_saves(game)
            if notes:
                self.show_error(" ".join(notes))
            self.app.current = game
            self.update()

    def on_speed(self, event) -> None:
        """Watch mode's speed: the pause between the computers' moves."""
        self.speed = str(event.currentTarget.value)

    # -- records and links -------------------------------------------------------------------
    def record_text(self) -> str:
        """The game on screen as a text record."""
        from lotus import records  # loads both engines: only when needed

        session = self.app.session
        today = window.Date.new()
        date = f"{today.getFullYear():04d}.{today.getMonth() + 1:02d}.{today.getDate():02d}"
        return records.write(records.record_of(session.game, seats=session.seats, date=date))

    def records_action(self, action: str) -> None:
        """Export, import, copy and share."""
        from lotus import records  # loads both engines: only when needed

        box = document.querySelector("[data-record-text]")
        session = self.app.session
        if action == "export":
            text = self.record_text()
            box.value = text
            link = document.querySelector("[data-download]")
            link.setAttribute(
                "href", "data:text/plain;charset=utf-8," + window.encodeURIComponent(text)
            )
            link.setAttribute("download", f"lotus-{session.game_id}.txt")
            session.message = "The record is in the box below: copy it or download it."
        elif action == "copy-record":
            if not str(box.value):
                box.value = self.record_text()
            self.copy(str(box.value), "Record copied.")
            return
        elif action == "import":
            self.import_record(str(box.value))
            return
        elif action == "share":
            record = records.record_of(session.game, seats=session.seats)
            url = (
                str(window.location.origin)
                + str(window.location.pathname)
                + "#"
                + records.to_link_fragment(record)
            )
            share = document.querySelector("[data-share]")
            anchor = document.querySelector("[data-share-link]")
            anchor.setAttribute("href", url)
            anchor.textContent = url
            share.removeAttribute("hidden")
            self.copy(url, "Share link copied: whoever opens it can continue this game.")
            return
        self.render()

    # -- the Embed dialog --------------------------------------------------------------------
    def open_embed(self) -> None:
        """Show the Embed dialog for what is on screen, with its snippet and a preview."""
        dialog = document.querySelector("[data-embed-dialog]")
        if not self._shown.get("embed wired"):
            self._shown["embed wired"] = True
            form = dialog.querySelector("[data-embed-form]")
            self._listen(form, "input", self.refresh_embed)
            self._listen(form, "change", self.refresh_embed)
            self._listen(dialog.querySelector("[data-embed-copy]"), "click", self.copy_embed)
        self._embed_snippet = ""
        self.refresh_embed()
        dialog.showModal()

    def refresh_embed(self, *_) -> None:
        """Rebuild the snippet and the preview from the dialog's choices."""
        from lotus import embed

        form = document.querySelector("[data-embed-form]")
        message = form.querySelector("[data-embed-message]")
        what = str(form.querySelector('input[name="what"]:checked').value)
        caption = str(form.querySelector('input[name="caption"]').value).replace("|", "/")
        opponent = str(form.querySelector('select[name="opponent"]').value)
        theme = str(form.querySelector('select[name="theme"]').value)
        size_text = str(form.querySelector('input[name="size"]').value)
        try:
            settings = embed.settings_for(self.app.session, what, caption, opponent)
            size = 420
            if size_text:
                size = embed.load({"game": "go", "size": size_text})["size"]
        except ValueError as exc:
            message.textContent = "This cannot be embedded: " + str(exc)
            message.classList.add("error")
            form.querySelector("[data-embed-snippet]").value = ""
            self._embed_snippet = ""
            return
        if theme == "dark":
            settings["theme"] = "dark"
        settings["size"] = str(size)
        fragment = embed.to_fragment(settings)
        url = str(window.URL.new("embed.html", window.location.href).href)
        snippet = embed.snippet(url, fragment, settings["game"], size)
        self._embed_snippet = snippet
        form.querySelector("[data-embed-snippet]").value = snippet
        form.querySelector("[data-embed-open]").setAttribute("href", url + "#" + fragment)
        message.classList.remove("error")
        message.textContent = ""
        preview = form.querySelector("[data-embed-preview]")
        if preview is None:  # the first time: the iframe comes out of its template
            template = form.querySelector("[data-embed-preview-template]")
            preview = template.content.firstElementChild.cloneNode(True)
            template.replaceWith(preview)
        preview.style.maxWidth = f"{size}px"
        preview.setAttribute("src", "embed.html#" + fragment)

    def copy_embed(self, *_) -> None:
        """Copy the snippet, and say so inside the dialog."""
        message = document.querySelector("[data-embed-message]")
        text = self._embed_snippet

        async def write() -> None:
            try:
                await window.navigator.clipboard.writeText(text)
                message.textContent = "Snippet copied: paste it into your page."
            except Exception:
                box = document.querySelector("[data-embed-snippet]")
                box.select()
                message.textContent = "Select the snippet above and copy it (Ctrl+C)."

        if text:
            asyncio.create_task(write())

    def copy(self, text: str, done: str) -> None:
        """Copy to the clipboard when the browser allows it; say what happened."""
        session = self.app.session

        async def write() -> None:
            try:
                await window.navigator.clipboard.writeText(text)
                session.message = done
            except Exception:
                session.message = done.split(":")[0].replace("copied", "ready") + ": copy it below."
            self.render()

        asyncio.create_task(write())

    def import_record(self, text: str) -> None:
        """Open a record; on an error say where and why, and keep the current game."""
        from lotus import records  # loads both engines: only when needed

        if not text.strip():
            self.show_error("Nothing to import: paste a record into the box, or open a file.")
            return
        try:
            record = records.read(text)
            self.app.load_record(record)
        except records.RecordError as exc:
            self.show_error(f"The record could not be read: {exc}. Your game is unchanged.")
            return
        except ValueError as exc:
            self.show_error(f"The record could not be opened: {exc}. Your game is unchanged.")
            return
        self.show_error("")
        self.app.session.message = "Record imported."
        self.update()

    def on_file(self, event) -> None:
        """A record file chosen with the file picker."""
        files = event.currentTarget.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)

        async def read() -> None:
            text = str(await chosen.text())
            document.querySelector("[data-record-text]").value = text
            self.import_record(text)

        asyncio.create_task(read())

    # -- the computer ------------------------------------------------------------------------
    def update(self) -> None:
        """Redraw and save, then let the computer move on its turn (or suggest dead groups)."""
        self.render()
        self.save()
        self.schedule_computer()
        session = self.app.session
        scoring = session.phase() == "scoring"
        if scoring and self.worker_ready and session.asked_dead != session.version:
            session.asked_dead = session.version
            asyncio.create_task(self.suggest_dead(session, session.version))

    def schedule_computer(self) -> None:
        """Start the computer's search in the worker when a computer seat is to move."""
        session = self.app.session
        level = session.computer_level()
        if level is None:
            return
        key = (session, session.version)
        if self.busy is not None and self.busy[0] is session and self.busy[1] == session.version:
            return
        if self.paused:
            session.waiting = "paused"
            self.status.textContent = session.status()
            return
        self.busy = key
        asyncio.create_task(self.computer_turn(session, session.version, level))

    async def computer_turn(self, session, version: int, level: str) -> None:
        """Ask the worker for the computer's move; play it only if nothing changed meanwhile."""
        session.waiting = "thinking" if self.worker_ready else "ready"
        self.render()
        try:
            if session.watching():
                await asyncio.sleep(WATCH_DELAY.get(self.speed, 0.6))
            request = self.request_json(session, level=level, seed=version)
            worker = await workers[WORKER]
            if session.waiting != "thinking":
                session.waiting = "thinking"
                if session is self.app.session:
                    self.render()
            started = window.performance.now()
            answer = json.loads(await worker.choose_move(request))
            elapsed = window.performance.now() - started
            if not self.worker_ready:  # its answer may overtake the first ping's
                self.worker_answered()
        except Exception as exc:
            self.busy = None
            session.waiting = ""
            self.show_error("The computer could not move: " + str(exc))
            self.render()
            return
        if self.busy is not None and self.busy[0] is session and self.busy[1] == version:
            self.busy = None
        current = self.app.sessions.get(session.game_id) is session
        if not current or session.version != version:
            return  # the position changed while the computer thought: drop the stale answer
        if self.paused:
            session.waiting = "paused"
            if session is self.app.session:
                self.render()
            return
        session.waiting = ""
        self.timings.append(
            {"game": session.game_id, "level": level, "ms": elapsed, "search_ms": answer["ms"]}
        )
        session.act(answer["move"])
        if session is self.app.session:
            self.update()

    async def show_hint(self, session, version: int) -> None:
        """Ask the worker which move it would play, and show it without playing it."""
        session.message = "Looking for a good move…"
        self.render()
        try:
            worker = await workers[WORKER]
            answer = json.loads(await worker.choose_move(self.request_json(session, HINT_LEVEL)))
        except Exception as exc:
            self.show_error("No hint available: " + str(exc))
            return
        if session.version != version or self.app.sessions.get(session.game_id) is not session:
            return
        session.show_hint(answer["move"])
        if session is self.app.session:
            self.render()

    async def suggest_dead(self, session, version: int) -> None:
        """Replace the engine's quick dead-group guess by the search's ownership estimate."""
        try:
            worker = await workers[WORKER]
            dead = json.loads(await worker.suggest_dead(self.request_json(session)))
        except Exception as exc:
            window.console.warn("search's dead-stone suggestion unavailable: " + str(exc))
            return
        if session.version == version and session.phase() == "scoring" and not session.touched:
            session.game.set_dead(dead)
            session.dead_source = "search"
            if session is self.app.session:
                self.render()

    def timings_json(self) -> str:
        """The computer's move times measured in the page, as JSON."""
        return json.dumps(self.timings)

    # -- forms -------------------------------------------------------------------------------
    def _read_form(self, game: str, form) -> dict:
        if game == "race":
            players = form.querySelector('input[name="players"]:checked').value
            pro = "1" if form.querySelector('input[name="pro"]').checked else "0"
            first = form.querySelector('select[name="first"]').value
            options = app_module.race_options(players, pro, first)
            colours = app_module.COLOURS[: options["players"]]
        else:
            first = form.querySelector('select[name="first"]').value
            marker = form.querySelector('input[name="marker"]').value
            options = app_module.go_options(first, marker)
            colours = app_module.COLOURS[:2]
        kinds = [form.querySelector(f'select[name="seat-{c}"]').value for c in colours]
        options["seats"] = app_module.parse_seats(",".join(kinds), colours)
        return options

    def _fill_form(self, game: str, options: dict) -> None:
        form = document.querySelector(f'form[data-form="{game}"]')
        if form is None:
            return
        if game == "race":
            radio = form.querySelector(f'input[name="players"][value="{options["players"]}"]')
            if radio is not None:
                radio.checked = True
            form.querySelector('input[name="pro"]').checked = bool(options["pro"])
            form.querySelector('select[name="first"]').value = options["first"]
        else:
            form.querySelector('select[name="first"]').value = options["first"]
            form.querySelector('input[name="marker"]').value = str(options["marker"])
        for colour, kind in options.get("seats", {}).items():
            select = form.querySelector(f'select[name="seat-{colour}"]')
            if select is not None:
                select.value = kind

    # -- output ------------------------------------------------------------------------------
    def show_error(self, message: str) -> None:
        """Show (or clear) the visible error notice."""
        _say(self.error, message)

    def render(self) -> None:
        """Write the session's state into the page."""
        session = self.app.session
        game = session.game
        body = self.body
        body.dataset.game = self.app.current
        if self._shown.get("pick") != self.app.current:
            self._shown["pick"] = self.app.current
            for pick in document.querySelectorAll("[data-pick]"):
                pressed = "true" if pick.getAttribute("data-pick") == self.app.current else "false"
                pick.setAttribute("aria-pressed", pressed)
        self.board.innerHTML = session.svg()
        _fill(self.track, session.track_svg())
        self.status.textContent = session.status()
        phase = session.phase()
        body.dataset.phase = phase
        if phase == "over":
            body.removeAttribute("data-to-move")
            body.dataset.over = "1"
            body.dataset.winner = game.winner or ""
            self.banner_text.textContent = session.banner()
            self.banner.removeAttribute("hidden")
        else:
            if phase == "play":
                body.dataset.toMove = game.to_move
            else:
                body.removeAttribute("data-to-move")
            body.removeAttribute("data-over")
            body.removeAttribute("data-winner")
            self.banner.setAttribute("hidden", "")
        rows = session.move_rows()
        last = session.moves_shown() - 1
        if self._shown.get("moves") != (rows, last):  # most clicks only select: no new move
            self._shown["moves"] = (rows, last)
            items = []
            for i, (colour, move) in enumerate(rows):
                cls = ' class="last"' if i == last else ""
                items.append(
                    f'<li{cls} data-move="{_escape(move)}"><span class="who {colour}" '
                    f'aria-label="{_escape(app_module.colour_name(colour))}"></span>'
                    f"{_escape(move)}</li>"
                )
            self.movelist.innerHTML = "".join(items)
            # Scrolled in the next frame, once every change of this render is in: reading the
            # height here would lay the whole page out twice per click.
            window.requestAnimationFrame(self._scroll_moves)
        source = getattr(session, "dead_source", "")
        if phase == "scoring" and source:
            body.dataset.deadSource = source
        else:
            body.removeAttribute("data-dead-source")
        reviewing = session.review is not None
        here = len(session.actions) if session.review is None else session.review
        self._enable("first", here > 0)
        self._enable("prev", here > 0)
        self._enable("next", reviewing)
        self._enable("last", reviewing)
        self._enable("play-here", reviewing)
        if reviewing:
            body.dataset.review = str(session.review)
        else:
            body.removeAttribute("data-review")
        self._enable("undo", len(session.actions) > 0)
        self._enable("redo", len(session.redo_stack) > 0)
        person = phase == "play" and session.computer_level() is None
        self._enable("pass", person and session.can_pass())
        self._enable("resign", person)
        self._enable("confirm", phase == "scoring")
        self._enable("resume", phase == "scoring")
        self._enable("hint", person and self.worker_ready)
        thinking = self.busy is not None and self.busy[0] is session
        if thinking and self.busy[1] == session.version:
            body.dataset.thinking = "1"
        else:
            body.removeAttribute("data-thinking")
        if any(session.seat(c) != "human" for c in session.colours()):
            self.watch.removeAttribute("hidden")
            pause = self.watch.querySelector('[data-action="pause"]')
            pause.textContent = "Resume" if self.paused else "Pause"
            pause.setAttribute("aria-pressed", "true" if self.paused else "false")
        else:
            self.watch.setAttribute("hidden", "")
        for kind, value in session.hint_marks():
            element = self.board.querySelector(f'[data-{kind}="{value}"]')
            if element is not None:
                element.classList.add("hint")
        for element in document.querySelectorAll("[data-only]"):
            _show(element, element.getAttribute("data-only") == self.app.current)

    def scroll_moves(self, *_) -> None:
        """Show the end of the move list."""
        self.movelist.scrollTop = self.movelist.scrollHeight

    def _enable(self, action: str, enabled: bool) -> None:
        if self._shown.get("enable " + action) is enabled:
            return  # the buttons are as they were: no DOM calls
        self._shown["enable " + action] = enabled
        for button in document.querySelectorAll(f'[data-action="{action}"]'):
            if enabled:
                button.removeAttribute("disabled")
            else:
                button.setAttribute("disabled", "")

    # -- the worker --------------------------------------------------------------------------
    def request_json(self, session=None, level=None, seed=None) -> str:
        """A game as the worker's JSON request (the current one by default)."""
        session = session or self.app.session
        request = {"game": session.game_id, "options": session.options, "moves": session.game.moves}
        if level is not None:
            request["level"] = level
            request["seed"] = seed if seed is not None else len(session.game.moves)
        return json.dumps(request)

    def page_legal_moves(self, request_json=None) -> str:
        """Legal moves by the page's own engine (MicroPython), as JSON."""
        from lotus import remote

        return remote.legal_moves(request_json or self.request_json())

    async def worker_legal_moves(self, request_json=None) -> str:
        """Legal moves by the worker's engine (Pyodide), as JSON."""
        worker = await workers[WORKER]
        return await worker.legal_moves(request_json or self.request_json())


_page = None


def start() -> None:
    """Entry point called by the page script."""
    global _page
    _page = Page()
    _page.start()


# -- embedded boards: embed.html and the rules pages ---------------------------------------------


class Figure:
    """One live board (`<figure data-diagram>`): its clicks and buttons, redrawn from the model."""

    def __init__(self, host, element, diagram=None) -> None:
        self.host = host
        self.element = element
        self._diagram = diagram  # None: made from data-diagram on first use (most boards of a
        # rules page are never touched, and a page is ready sooner without replaying them all)
        self.board = element.querySelector("[data-board]")
        self.track = element.querySelector("[data-track]")
        self.caption = element.querySelector("[data-caption]")
        self.status = element.querySelector("[data-status]")
        self.busy = None  # (session, version) the computer is thinking about
        host.listen(self.board, "click", self.on_click)
        host.listen(element, "keydown", self.on_key)
        for button in element.querySelectorAll("[data-action]"):
            host.listen(button, "click", self.on_action)
        if str(element.getAttribute("data-mode")) == "step":
            element.setAttribute("tabindex", "0")

    @property
    def diagram(self):
        """The board's model (embed.Diagram), built from the figure's settings when first used."""
        if self._diagram is None:
            from lotus import embed

            self._diagram = embed.Diagram(
                embed.parse_fragment(str(self.element.getAttribute("data-diagram")))
            )
        return self._diagram

    def on_click(self, event) -> None:
        """A click on a field, start stack or point of this board."""
        if str(self.element.getAttribute("data-mode")) in ("view", "step"):
            return  # a picture or a sequence: the board itself takes no clicks
        element = event.target.closest(TARGET_SELECTOR)
        if element is None or not self.diagram.accepts_clicks():
            return
        for kind in ("field", "start", "point"):
            if element.hasAttribute("data-" + kind):
                value = str(element.getAttribute("data-" + kind))
                break
        self.diagram.click("S" + value if kind == "start" else value)
        self.update()

    def on_key(self, event) -> None:
        """Arrow keys, Home and End step through a sequence; Enter or Space click a field."""
        key = str(event.key)
        if key in REVIEW_KEYS and str(self.element.getAttribute("data-mode")) == "step":
            event.preventDefault()
            self.diagram.act(REVIEW_KEYS[key])
            self.update()
        elif key in ("Enter", " ") and event.target.closest(TARGET_SELECTOR) is not None:
            event.preventDefault()
            self.on_click(event)

    def on_action(self, event) -> None:
        """A button under the board."""
        self.diagram.act(str(event.currentTarget.getAttribute("data-action")))
        self.update()

    def update(self) -> None:
        """Redraw, then let the computer move on its turn."""
        self.render()
        self.host.schedule_computer(self)

    def render(self) -> None:
        """Write the model into the figure."""
        from lotus import embed

        diagram = self.diagram
        self.board.innerHTML = diagram.svg()
        _fill(self.track, diagram.track_svg())
        _say(self.caption, diagram.caption())
        self.status.textContent = diagram.status()
        self.element.dataset.step = str(diagram.step)
        self.render_buttons(embed)
        if diagram.mode == "puzzle":
            self.element.dataset.solved = "1" if diagram.solved else "0"
            verdict = "right" if diagram.solved else ("wrong" if diagram.feedback else "")
            self.element.dataset.feedback = verdict
        thinking = self.busy is not None and self.busy[1] == diagram.session.version
        if thinking:
            self.element.dataset.thinking = "1"
        else:
            self.element.removeAttribute("data-thinking")
        for kind, value in diagram.session.hint_marks():
            element = self.board.querySelector(f'[data-{kind}="{value}"]')
            if element is not None:
                element.classList.add("hint")

    def render_buttons(self, embed) -> None:
        """Enable the buttons whose action can be taken now."""
        for action, _label, _title, enabled in embed.controls(self.diagram):
            button = self.element.querySelector(f'[data-action="{action}"]')
            if button is None:
                continue
            if enabled:
                button.removeAttribute("disabled")
            else:
                button.setAttribute("disabled", "")


class BoardsPage:
    """embed.html (one board set by the URL fragment) or a rules page (its pre-drawn figures)."""

    def __init__(self) -> None:
        self.body = document.body
        self.root = str(self.body.dataset.root or "./")  # the site's root, relative to the page
        self.figures = []
        self._proxies = []
        self.worker_started = False
        self.worker_ready = False
        self._height = -1

    def listen(self, element, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def start(self) -> None:
        """Bring every board to life, then flag readiness (and, in a frame, post the height)."""
        from lotus import embed

        if self.body.hasAttribute("data-embed"):
            self.start_embed(embed)
            self.listen(document.defaultView, "hashchange", self.on_hash)
        else:
            for element in document.querySelectorAll("figure[data-diagram]"):
                self.attach(element)
        self.body.dataset.ready = "1"
        if self.body.hasAttribute("data-embed"):
            self.post_height()
            observer = window.ResizeObserver.new(create_proxy(self.post_height))
            observer.observe(document.querySelector("[data-embed-root]"))
            self._observer = observer

    def attach(self, element) -> None:
        """Wire one pre-drawn figure (its model is made on first use)."""
        self.figures.append(Figure(self, element))

    def on_hash(self, *_) -> None:
        """embed.html with a new fragment (an edited link, the app's preview): draw it afresh."""
        from lotus import embed

        self.figures = []
        self.start_embed(embed)

    def start_embed(self, embed) -> None:
        """embed.html: build the one board from the fragment (its errors shown in the frame)."""
        root = document.querySelector("[data-embed-root]")
        error = document.querySelector("[data-error]")
        error.setAttribute("hidden", "")
        self.body.removeAttribute("data-invalid")
        fragment = str(window.location.hash)
        try:
            settings = embed.parse_fragment(fragment)
            diagram = embed.Diagram(settings)
        except ValueError as exc:
            error.textContent = "This Lotus board cannot be shown. " + app_module.sentence(str(exc))
            error.removeAttribute("hidden")
            root.innerHTML = ""
            self.body.dataset.invalid = "1"
            return
        self.body.dataset.game = settings["game"]
        self.body.dataset.theme = settings["theme"]
        if fragment[:1] == "#":
            fragment = fragment[1:]
        root.innerHTML = embed.figure_html(diagram, fragment, live=True)
        figure = Figure(self, root.querySelector("figure"), diagram)
        self.figures.append(figure)
        self.schedule_computer(figure)

    def post_height(self, *_) -> None:
        """Tell the host page how tall the content is (the only message an embed sends)."""
        from lotus import embed

        root = document.querySelector("[data-embed-root]")
        error = document.querySelector("[data-error]")
        height = 0
        for element in (error, root):
            if element is not None and not element.hasAttribute("hidden"):
                rect = element.getBoundingClientRect()
                height = max(height, rect.bottom + window.scrollY)
        height = int(height + 8.999)
        if height == self._height or window.parent is window:
            return
        self._height = height
        message = {"type": embed.MESSAGE_TYPE, "height": height, "id": self.embed_id()}
        window.parent.postMessage(window.JSON.parse(json.dumps(message)), "*")

    def embed_id(self) -> str:
        for figure in self.figures:
            return figure.diagram.settings["id"]
        return ""

    # -- the computer, started only when a board asks for it ---------------------------------
    def schedule_computer(self, figure) -> None:
        """Start the computer's search when it is to move on a board in play mode."""
        session = figure.diagram.session
        level = session.computer_level()
        if level is None:
            return
        if figure.busy is not None and figure.busy[0] is session:
            if figure.busy[1] == session.version:
                return
        figure.busy = (session, session.version)
        asyncio.create_task(self.computer_turn(figure, session, session.version, level))

    async def worker(self):
        """The named Pyodide worker, started on the first call."""
        if not self.worker_started:
            self.worker_started = True
            # The config sits beside the page (rules/ has its own copy: tools/build_rules.py).
            await create_named_worker(self.root + "static/py/worker.py", WORKER, WORKER_CONFIG)
        return await workers[WORKER]

    async def computer_turn(self, figure, session, version: int, level: str) -> None:
        """Ask the worker for a move; play it only if the board did not change meanwhile."""
        session.waiting = "thinking" if self.worker_ready else "ready"
        figure.render()
        request = {"game": session.game_id, "options": session.options, "moves": session.game.moves}
        request["level"] = level
        request["seed"] = version
        try:
            worker = await self.worker()
            answer = json.loads(await worker.choose_move(json.dumps(request)))
        except Exception as exc:
            figure.busy = None
            session.waiting = ""
            figure.status.textContent = "The computer could not move: " + str(exc)
            return
        self.worker_ready = True
        self.body.dataset.workerReady = "1"
        if figure.busy is not None and figure.busy[0] is session and figure.busy[1] == version:
            figure.busy = None
        if figure.diagram.session is not session or session.version != version:
            return  # the reader started over or took a move back: drop the stale answer
        session.waiting = ""
        session.act(answer["move"])
        figure.update()


_boards = None


def start_boards() -> None:
    """Entry point of embed.html and the rules pages."""
    global _boards
    _boards = BoardsPage()
    _boards.start()
