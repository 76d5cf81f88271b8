"""The DOM primitives the page adapters share (`lotus.ui_bindings`, `lotus.dom.boards`).

With those two, the only modules that touch the browser: storage behind the controllers' port,
small element writers, reading a board click and a form, and `Host`, which asks a worker each
question a controller awaits (its `tickets()`, lotus.page.computer.Ticket) once and hands the
answer back: the quick MicroPython worker until the Pyodide worker has answered, then Pyodide.
"""

import asyncio
import json

from pyscript import create_named_worker, document, window, workers
from pyscript.ffi import create_proxy

from lotus.page.events import TARGETS
from lotus.page.movelist import row_changes
from lotus.page.worker_config import config_files, config_readable
from lotus.words import _

WORKER = "engine"  # the Pyodide worker: the full search
WORKER_SRC = "static/py/worker.py"  # both workers' script, relative to the site's root
WORKER_CONFIG = "./worker.toml"  # beside the page (rules/ has its own copy)
QUICK = "engine-mpy"  # the MicroPython worker: answers until Pyodide is up
QUICK_CONFIG = "./worker-mpy.toml"  # beside the page (rules/ has its own copy)
POLL = 0.02  # seconds between looks at a worker being started by another task
TARGET_SELECTOR = "[data-field],[data-start],[data-point]"


class BrowserStorage:
    """The controllers' storage port over localStorage, through `window.lotusStore`.

    static/js/boot.js defines that helper: it wraps localStorage in JavaScript try/catch, since
    an exception thrown by localStorage (blocked, full) cannot be caught by `except` here. So
    none of these raises: None / False when storage is unavailable or full.
    """

    def __init__(self) -> None:
        self.store = getattr(window, "lotusStore", None)

    def usable(self) -> bool:
        """False when the browser refuses this page any storage (site data blocked)."""
        return self.store is not None and bool(self.store.usable())

    def get(self, key: str):
        """The stored text, or None (also when storage is unavailable)."""
        if self.store is None:
            return None
        value = self.store.get(key)
        return None if value is None else str(value)

    def size(self, key: str) -> int:
        """The length of a stored text (-1: none), read in JavaScript: a text too large for
        this runtime's memory is never brought into Python."""
        return -1 if self.store is None else int(self.store.size(key))

    def set(self, key: str, value: str) -> bool:
        """Store text; False when storage is full or unavailable (the game goes on)."""
        return self.store is not None and bool(self.store.set(key, value))

    def copy(self, source: str, target: str) -> bool:
        """Store the text of `source` under `target` too, copied in JavaScript (a text too large
        for this runtime's memory is never brought into Python); False when it was not."""
        return self.store is not None and bool(self.store.copy(source, target))

    def remove(self, key: str) -> None:
        """Forget a key (nothing when storage is unavailable)."""
        if self.store is not None:
            self.store.remove(key)


def details_of(exc) -> str:
    """An exception's traceback as text (MicroPython's print_exception, or CPython's)."""
    import io
    import sys

    out = io.StringIO()
    try:
        sys.print_exception(exc, out)  # MicroPython
    except AttributeError:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=out)
    return out.getvalue()


def show(element, shown) -> None:
    """Show or hide an element (its `hidden` attribute)."""
    if shown:
        element.removeAttribute("hidden")
    else:
        element.setAttribute("hidden", "")


def fill(element, markup: str) -> None:
    """Write markup into an element, hidden while there is none."""
    element.innerHTML = markup
    show(element, markup)


def write_rows(element, old, rows: list) -> None:
    """Make an element's children the rows `rows` (markup, one element each), given that they
    are `old` now (None: unknown): only the rows that changed are written, so that a move on a
    long game does not make the browser parse and lay out the whole list again."""
    if not old:
        element.innerHTML = "".join(rows)
        return
    start, old_stop, new_stop = row_changes(old, rows)
    if old_stop - start > len(old) // 2:  # most of it: at once
        element.innerHTML = "".join(rows)
        return
    children = element.children
    for _row in range(old_stop - start):
        children.item(start).remove()
    markup = "".join(rows[start:new_stop])
    if markup:
        if start < len(old) - (old_stop - start):
            children.item(start).insertAdjacentHTML("beforebegin", markup)
        else:
            element.insertAdjacentHTML("beforeend", markup)


def say(element, text: str) -> None:
    """Write text into an element, hidden while there is none."""
    element.textContent = text
    show(element, text)


def flag(element, name: str, value) -> None:
    """Set a `data-*` flag to `value`, or remove it when `value` is None."""
    if value is None:
        element.removeAttribute("data-" + name)
    else:
        element.setAttribute("data-" + name, str(value))


def enable(button, enabled: bool) -> None:
    """Enable or disable a button."""
    if enabled:
        button.removeAttribute("disabled")
    else:
        button.setAttribute("disabled", "")


def target_of(event):
    """(hook, value) of the board element under an event, e.g. ('field', 'A3'), or None."""
    element = event.target.closest(TARGET_SELECTOR)
    if element is None:
        return None
    for kind in TARGETS:
        if element.hasAttribute("data-" + kind):
            return kind, str(element.getAttribute("data-" + kind))
    return None


MARKS = ("data-hint", "data-best", "data-played", "data-own")  # drawn over a board each redraw
MARKED = "[data-hint],[data-best],[data-played],[data-own],.hint"


def redraw_board(board, markup: str, drawn: dict) -> None:
    """Write the board's markup, keeping the keyboard's place: the element that had the focus
    (a field, a start stack, a point) has it again in the new markup.

    `drawn` is the caller's record of what it last wrote. Markup unchanged since is not written
    again: a redraw for another part of the page (a worker that came up, a selection in the
    panel) must not play the last stone's animation once more, drop a hover, or swap the
    elements under a reader. Only the marks drawn over the board (hints, analysis) are taken off,
    for the caller to draw them again from its view."""
    if drawn.get("board") == markup:
        for element in board.querySelectorAll(MARKED):
            element.classList.remove("hint")
            for name in MARKS:
                element.removeAttribute(name)
            element.style.removeProperty("--own")
        return
    drawn["board"] = markup
    active = document.activeElement
    focused = None
    if active is not None and active is not board and board.contains(active):
        for kind in TARGETS:
            if active.hasAttribute("data-" + kind):
                focused = f'[data-{kind}="{active.getAttribute("data-" + kind)}"]'
                break
    board.innerHTML = markup
    if focused is not None:
        element = board.querySelector(focused)
        if element is not None:
            element.focus()


def mark_hints(board, hints) -> None:
    """Mark the board elements a hint points at (class `hint`, attribute `data-hint`)."""
    for kind, value in hints:
        element = board.querySelector(f'[data-{kind}="{value}"]')
        if element is not None:
            element.classList.add("hint")
            element.setAttribute("data-hint", kind)


def form_values(form) -> dict:
    """A form's named fields as text: a radio group's checked value, a checkbox as '1'/'0'."""
    values = {}
    for field in form.querySelectorAll("[name]"):
        name = str(field.name or "")
        kind = str(field.type or "")
        if not name or (kind == "radio" and not field.checked):
            continue
        values[name] = ("1" if field.checked else "0") if kind == "checkbox" else str(field.value)
    return values


def set_form(form, values: dict) -> None:
    """Show values (name -> text) in a form's fields."""
    for name, value in values.items():
        for field in form.querySelectorAll(f'[name="{name}"]'):
            kind = str(field.type or "")
            if kind == "radio":
                field.checked = str(field.value) == value
            elif kind == "checkbox":
                field.checked = value in ("1", "true", "on")
            else:
                field.value = value


async def clipboard(text: str) -> bool:
    """Copy text to the clipboard; False when the browser does not allow it."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:
        return False
    return True


class Host:
    """What both kinds of page share: event listeners, the workers, and the computer's turns.

    A controller (`owner`) says what it awaits of the workers (its `tickets()`); `ask` asks each
    ticket once and hands its answer back (`owner.answered`, or `owner.failed`), then redraws.
    The owners hear of each worker that comes up (`owner.worker_up`).
    """

    root = "./"  # the site's root, relative to the page

    def __init__(self) -> None:
        self._proxies = []
        self.engines = {}  # worker name -> the worker once it has answered (None: starting)
        self.errors = {}  # worker name -> why it cannot start (e.g. its config did not load)
        self.owner = None  # the app page's controller, once its workers are woken (see `wake`)
        self.redraw = None  # the app page's redraw (see `wake`)
        self.owners = {}  # every controller that asked (or woke the workers) -> its redraw
        self.asked = set()  # the tickets in a worker now: each is asked once
        self.pyodide_woken = False  # the Pyodide worker was asked to start (see `wake_pyodide`)
        self.later = None  # (owner, redraw) of a `wake` put off until the page is used
        self.quick_first = False  # Pyodide waits for the quick worker (see `wake_pyodide`)

    def listen(self, element, event: str, handler) -> None:
        """addEventListener with a proxy kept alive for the page's lifetime; guarded."""
        proxy = create_proxy(self.guarded(handler))
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    # -- no Python error reaches the page ----------------------------------------------------
    def guarded(self, handler):
        """`handler` wrapped: an unexpected exception goes to `failed`, never to the page."""

        def run(*args):
            before = self.before_event()
            try:
                return handler(*args)
            except Exception as exc:
                self.failed_event(before, exc)

        return run

    def spawn(self, coroutine) -> None:
        """Run a coroutine as a task whose unexpected exception goes to `failed_event`."""

        async def run():
            try:
                await coroutine
            except Exception as exc:  # said about the game as it is now (moves may have come)
                self.failed_event(self.before_event(), exc)

        asyncio.create_task(run())

    def before_event(self):
        """What a page keeps before an event to put back if it fails (see `failed_event`)."""
        return None

    def failed_event(self, before, exc) -> None:
        """An event's handler failed: the page says so (a page overrides this); a warning here."""
        window.console.warn("lotus: " + details_of(exc))

    async def _started(self, name: str, config: str, kind: str):
        """The named worker, created unless the page declares it in a <script>, once it is up."""
        # PyScript never settles a worker whose config failed to load (it tries a CDN instead,
        # which the page's policy refuses): fetch the config first (a declared worker's too:
        # from the cache), and say so.
        asyncio.create_task(self._warm(self.root + WORKER_SRC))  # beside its config
        try:
            response = await window.fetch(config)
            ok = bool(response.ok)
            text = str(await response.text()) if ok else ""
        except Exception:
            ok = False
        if not ok:
            # Translators: why a worker is unavailable; {file} is its config file (worker.toml).
            raise RuntimeError(_("its configuration ({file}) did not load", file=config[2:]))
        # A config without our own runtime makes PyScript fetch one from a CDN, which the page's
        # policy refuses, and the worker never settles: refused here, in words.
        if not config_readable(text):
            raise RuntimeError(_("its configuration ({file}) could not be read", file=config[2:]))
        # Its files, asked for while its runtime starts, are cached when it asks (slow networks).
        for path in config_files(text):
            asyncio.create_task(self._warm(path))
        try:
            if document.querySelector(f'script[worker][name="{name}"]') is None:
                await create_named_worker(self.root + WORKER_SRC, name, config, kind)
            worker = await workers[name]
            await worker.ping()  # its script has run: it answers
        except Exception as exc:  # a JavaScript error: said in words, its details in the console
            window.console.warn(f"lotus: worker {name}: {exc}")
            raise RuntimeError(
                _("its configuration ({file}) or runtime could not be loaded", file=config[2:])
            ) from None
        return worker

    async def _warm(self, path: str) -> None:
        """Fetch a worker's file into the HTTP cache (its failure is the worker's to say)."""
        try:
            await (await window.fetch(path)).arrayBuffer()
        except Exception:
            pass

    async def _wait(self, name: str, config: str, kind: str):
        """The worker `name` once it has answered its first call (started on first use)."""
        if name not in self.engines:
            self.engines[name] = None
            try:
                self.engines[name] = await self._started(name, config, kind)
            except Exception as exc:
                self.errors[name] = str(exc) or _("it did not start")
                if name == QUICK:
                    self.wake_pyodide()  # no quick worker: Pyodide answers everything
            else:
                self.came_up(name)
        while self.engines[name] is None and name not in self.errors:
            await asyncio.sleep(POLL)  # started by another task: wait for its outcome
        if name in self.errors:
            raise RuntimeError(self.errors[name])
        return self.engines[name]

    async def worker(self):
        """The named Pyodide worker, once it answers (started on first use)."""
        return await self._wait(WORKER, WORKER_CONFIG, "py")

    async def quick(self):
        """The named MicroPython worker, up in a fraction of a second, once it answers."""
        return await self._wait(QUICK, QUICK_CONFIG, "mpy")

    def came_up(self, name: str) -> None:
        """A worker has answered: flag it on the body (data-computer-ready; data-worker-ready for
        Pyodide), tell every controller that asked (the computer thinks now), and redraw."""
        document.body.dataset.computerReady = "1"
        if name == WORKER:
            document.body.dataset.workerReady = "1"
        for owner, redraw in list(self.owners.items()):
            owner.worker_up(name == WORKER)
            redraw(save=False)

    def up(self, name: str) -> bool:
        """True once the worker `name` has answered."""
        return self.engines.get(name) is not None

    def wake(self, owner, redraw) -> None:
        """Start the workers for a game with a computer seat: the quick one answers first; Pyodide,
        started once it is up, takes over once it answers. A game between people starts them on
        its first question (`engine`). `owner`, the page's controller, hears when one is up."""
        self.later = None
        self.owner = owner
        self.redraw = redraw
        self.owners[owner] = redraw
        if owner.wants_search():
            self.quick_first = True
            self.spawn(self.wake_quick())
            self.spawn(self.wake_pyodide_after_quick())

    def wake_later(self, owner, redraw) -> None:
        """`wake`, put off until the page is used (`wake_now`: a click or a key) or asks a worker a
        question: for a tab that only handed a reply on to the tab that made the invitation
        (lotus/dom/live.py), whose workers, Pyodide's 10 MB among them, would otherwise start for
        nothing beside the tab that is connecting."""
        self.later = (owner, redraw)

    def wake_now(self, *_event) -> None:
        """Start the workers that `wake_later` put off (nothing when none were)."""
        if self.later is not None:
            self.wake(*self.later)

    def wake_pyodide(self) -> None:
        """Start the Pyodide worker in the background unless it is, or waits (see `wake`)."""
        if self.pyodide_woken or self.quick_first:
            return
        self.pyodide_woken = True
        if self.owner is None:  # a boards page: a failure is said by whoever waits for it
            asyncio.create_task(self._quietly(self.worker))
        else:
            self.spawn(self.wake_worker(self.owner, self.redraw))

    async def wake_pyodide_after_quick(self) -> None:
        """Pyodide, once the quick worker is up (its megabytes would hold the connections)."""
        for _tick in range(500):  # POLL seconds each: 10 s at most
            if self.up(QUICK) or QUICK in self.errors:
                break
            await asyncio.sleep(POLL)
        self.quick_first = False
        self.wake_pyodide()

    async def wake_quick(self) -> None:
        """Start the quick worker (`came_up` says when it answers)."""
        try:
            await self.quick()
        except Exception as exc:  # Pyodide answers everything instead (started by `_wait`)
            window.console.warn("quick engine worker unavailable: " + str(exc))

    async def wake_worker(self, owner, redraw) -> None:
        """Start the Pyodide worker (`came_up` says when it answers); the page says when it
        cannot."""
        try:
            await self.worker()
        except Exception as exc:  # the page must keep working without its worker
            window.console.warn("engine worker unavailable: " + str(exc))
            try:
                await self.quick()  # the quick worker plays on, or the computer is unavailable
                owner.worker_unavailable(str(exc), fallback=True)
            except Exception:
                owner.worker_unavailable(str(exc))
            redraw()

    async def _quietly(self, start) -> None:
        """Start a worker; its failure is recorded in `errors` (and said by whoever waits)."""
        try:
            await start()
        except Exception:
            pass

    async def engine(self, ticket) -> tuple:
        """(worker, True when it is the quick one) to ask `ticket`: Pyodide once it has answered;
        before that, for a move, a hint or dead groups, whichever answers first."""
        if ticket.wakes_search:
            self.wake_pyodide()  # a game between people starts it on its first move or hint
        if not ticket.quick:
            return await self.worker(), False
        if QUICK not in self.engines:  # a game between people, a board page: on first use
            asyncio.create_task(self._quietly(self.quick))
        while True:
            if self.up(WORKER):
                return self.engines[WORKER], False
            if self.up(QUICK):
                return self.engines[QUICK], True
            if WORKER in self.errors and QUICK in self.errors:
                raise RuntimeError(self.errors[WORKER])
            await asyncio.sleep(POLL)

    def ask(self, owner, tickets, redraw) -> None:
        """Ask a worker each of a controller's tickets not asked yet; `redraw()` after each
        answer. A controller asking for the first time hears of the workers already up; the
        page's controller may want the full search started already (a computer seat)."""
        if tickets and self.later is not None and self.later[0] is owner:
            self.wake_now()  # a tab whose workers were put off asks a question: start them
        if owner not in self.owners:
            self.owners[owner] = redraw
            if self.up(QUICK) or self.up(WORKER):
                owner.worker_up(self.up(WORKER))
        if self.owner is owner and owner.wants_search():
            self.wake_pyodide()
        for ticket in tickets:
            if ticket not in self.asked:
                self.asked.add(ticket)
                self.spawn(self.run(owner, ticket, redraw))

    async def run(self, owner, ticket, redraw) -> None:
        """Ask a worker one ticket's question (the opening book's answer needs none) and hand
        the answer to its controller."""
        if ticket.delay:
            await asyncio.sleep(ticket.delay)
        try:
            answer, elapsed = ticket.book, 0
            if answer is None:
                worker, quick = await self.engine(ticket)
                request = ticket.quick_request() if quick else ticket.request()
                started = window.performance.now()
                answer = json.loads(await getattr(worker, ticket.call)(request))
                elapsed = window.performance.now() - started
            owner.answered(ticket, answer, elapsed)
        except Exception as exc:
            if not owner.failed(ticket, str(exc)):  # a quiet failure: the page goes on as it is
                window.console.warn(f"the worker's {ticket.kind} is unavailable: {exc}")
        finally:
            self.asked.discard(ticket)
        redraw()
