"""The page's code, in two bundles (DOM adapter): what its start needs, and what comes after.

PyScript writes page.toml's [files] (this loader) before the page's script runs. The script
unpacks START first (`start`: pyscript.toml's modules, what drawing the board and the first
click need, in one request; a page in another language than English fetches its words beside
it) where PyScript writes a config's [files], so that a plain `import` finds them. The rest
(live play, the QR code, the Embed dialog, records and share links: page-later.toml's) are
LATER, unpacked once (`load`): when the browser is idle after the page is ready
(`load_when_idle`), before anything that needs them (`needed`: the actions of `later`, a share
link pasted into the address), or before the page starts when the address or storage asks for
one of them (`wanted_at_start`, static/py/page.py). Live play (`lotus.dom.live.LiveUI`, the
page's `live`) is made on first use (`live`), or at the start when it is wanted then
(`start_live`). tools/bundle.py makes the bundles.
"""

import asyncio

from pyscript import document, window
from pyscript.ffi import create_proxy

START = "build/page-start.bundle"  # pyscript.toml's files (tools/bundle.py), from the page
WORDS = "build/words-{lang}.bundle"  # the catalog of the page's language (tools/bundle.py)
LATER = "build/page-later.bundle"  # page-later.toml's
ENGLISH = "en"  # lotus.words.LANGUAGES[0]: the code's own words, which need no catalog
LIVE_KEY = "lotus.live"  # lotus.page.live.play.RECORD_KEY: a live game to resume
IDLE_TIMEOUT_MS = 2000  # requestIdleCallback's: loaded by then even on a busy page

# The page's actions whose code comes later (besides live play's, data-action="live…").
LATER_ACTIONS = ("embed", "export", "share", "import", "copy-record", "welcome-live")

_state = {"task": None, "done": False}


async def unpack(url: str) -> None:
    """Fetch a bundle (tools/bundle.py) and write each of its files to its target: in one call to
    static/js/code.js (`window.lotusCode`), which keeps the bytes in JavaScript."""
    from _pyscript import interpreter  # PyScript's own module: the runtime and its file system

    await window.lotusCode.unpack(url, interpreter.FS)


async def start() -> None:
    """Unpack START and, on a page in another language (its `<html lang>`, one of
    lotus.words.LANGUAGES), that language's words, both fetched at once."""
    lang = str(document.documentElement.lang or ENGLISH)
    if lang == ENGLISH:
        await unpack(START)
    else:
        await asyncio.gather(unpack(START), unpack(WORDS.format(lang=lang)))


async def _unpack_later() -> None:
    await unpack(LATER)
    _state["done"] = True


def loaded() -> bool:
    """True once the LATER modules can be imported."""
    return _state["done"]


async def load() -> None:
    """Unpack the LATER bundle (once; every caller awaits the same load). A failed load is
    tried again by the next caller."""
    if _state["done"]:
        return
    if _state["task"] is None:
        _state["task"] = asyncio.create_task(_unpack_later())
    task = _state["task"]
    try:
        await task
    except Exception:
        if _state["task"] is task:
            _state["task"] = None
        raise


def load_when_idle() -> None:
    """Load them once the browser is idle (within IDLE_TIMEOUT_MS): after the page is ready."""

    def idle(*_) -> None:
        asyncio.create_task(_quietly())

    proxy = create_proxy(idle)
    _state["idle"] = proxy  # kept alive until it runs
    if window.requestIdleCallback:
        options = window.Object.new()
        options.timeout = IDLE_TIMEOUT_MS
        window.requestIdleCallback(proxy, options)
    else:
        window.setTimeout(proxy, 1)


async def _quietly() -> None:
    try:
        await load()
    except Exception as exc:  # tried again when something needs them (and said then)
        window.console.warn("lotus: the page's later code did not load: " + str(exc))


def wanted_at_start() -> bool:
    """True when the page's start needs them: a link in the address (a shared game #g=, an
    invitation #live=, a reply #reply=) or a live game to resume in storage."""
    if str(window.location.hash or "").startswith(("#g=", "#live=", "#reply=")):
        return True
    from lotus.dom.host import BrowserStorage  # localStorage, refusals caught in JavaScript

    return BrowserStorage().size(LIVE_KEY) >= 0


def is_link(fragment: str) -> bool:
    """True for a share link (#g=): records read it."""
    return fragment.startswith("#g=")


def later(action: str) -> bool:
    """True for a page action whose code comes later (live play, Embed, records and links)."""
    return action in LATER_ACTIONS or action.startswith("live")


def live(page):
    """The page's live play (lotus.dom.live.LiveUI), made and started on first use: its
    transport hooked, an invitation or a reply in the address read, or the live game kept for a
    reload shown."""
    if page.live is None:
        from lotus.dom.live import LiveUI

        page.live = LiveUI(page)
        page.live.start()
    return page.live


def start_live(page) -> bool:
    """At the page's start: live play when the address or storage asks for it (its code is
    here: static/py/page.py loaded it), else on an invitation or a reply pasted later. True when
    this tab only handed a reply on to the tab that made the invitation."""
    from lotus.dom import library

    if not wanted_at_start():
        page.listen(document.defaultView, "hashchange", lambda event: on_hash(page, event))
        return False
    library.attempt(page, lambda: live(page), library.LIVE_UNREADABLE)  # never stops the start
    return page.live is not None and page.live.relayed


def on_hash(page, event) -> None:
    """An invitation (#live=) or a reply (#reply=) pasted into the address bar before live play
    was used: live play starts and reads it (then listens to the address itself)."""
    if page.live is None and str(window.location.hash or "").startswith(("#live=", "#reply=")):
        if needed(page, lambda: on_hash(page, event)):
            live(page)


def needed(page, then) -> bool:
    """True when `then()` can run now; else it runs (redrawn by `page.spawn`'s guard) once they
    are loaded, and False."""
    if _state["done"]:
        return True

    async def later() -> None:
        await load()
        then()

    page.spawn(later())
    return False
