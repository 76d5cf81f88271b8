"""Real-browser tests: Debian's Chromium driven by pytest-playwright against the served site.

The site is served by a plain static file server (the same as `make serve`). Every page opened
through `open_page` is guarded: a request to another origin, a console error or an uncaught page
error fails the test that saw it.

Nothing here judges time: waits are for a state of the page, with timeouts long enough for a
loaded machine. Chromium's "preloaded ... but not used within a few seconds" warning is therefore
not a failure here: it fires on a timer after the load event, so a busy machine (Python starting
late) raised it for preloads that the page does use. Unused preloads are caught without a clock
instead: tests/test_predrawn.py checks the preload lists are generated from the configs, and
e2e/test_smoke.py::test_every_preload_is_fetched_by_the_page_and_used loads each page without its
preloads to see that it fetches every preloaded file itself, and with them to see that no file is
downloaded more often (a preload the page cannot use is a download more).
"""

import threading
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError

from tools.browser import CHROMIUM, CHROMIUM_ARGS, ROOT, serve

READY_TIMEOUT = 30_000
WORKER_TIMEOUT = 90_000


@pytest.fixture(scope="session")
def site():
    """The repository served as a static site; yields its base URL."""
    server, url = serve(ROOT)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium with the flags this closed network needs."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class Guard:
    """Collects what a page must never do: leave its origin, log an error, throw. (Console
    warnings are not judged: see the module's docstring about unused preloads.)"""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems = []
        self.pages = []

    def attach(self, page) -> None:
        self.pages.append(page)
        page.on("request", self._on_request)
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))

    def _on_request(self, request) -> None:
        url = urlparse(request.url)
        if url.scheme in ("data", "blob", "about"):
            return
        if f"{url.scheme}://{url.netloc}" != self.origin:
            self.problems.append(f"request outside the origin: {request.url}")

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def check(self) -> None:
        # No Python error reaches the page: no PythonError or traceback in any page's text.
        for page in self.pages:
            if not page.is_closed():
                try:
                    text = page.evaluate("document.body ? document.body.innerText : ''")
                except PlaywrightError:  # navigating: the next check sees the new page
                    continue
                for word in ("PythonError", "Traceback"):
                    if word in text:
                        self.problems.append(f"{word} in the page's text: {text[:2000]}")
        self.pages = [page for page in self.pages if not page.is_closed()]
        problems, self.problems = self.problems, []
        assert not problems, "\n".join(problems)


def clear_storage(context, site: str) -> None:
    """Empty the site's local storage in `context`, from a blank page of the site's origin (no
    page of the site is loaded for it)."""
    page = context.new_page()
    blank = f"{site}/__blank__.html"
    page.route(blank, lambda route: route.fulfill(body="<!doctype html>", content_type="text/html"))
    page.goto(blank)
    page.evaluate("localStorage.clear(); sessionStorage.clear()")
    assert page.evaluate("localStorage.length") == 0
    page.close()


def paste_link(page, game, seats=None) -> None:
    """Open `game` (a race.Game or go.Game, `seats` as in its record) in `page` from its share
    link, pasted into the address bar of the page's tab: only the fragment changes, so the page
    stays, and so do its workers (a page load boots Python again: about a second of CPU, and the
    quick worker's start). Returns once the page has opened it: it then clears the fragment."""
    from lotus.game import records

    fragment = records.to_link_fragment(records.record_of(game, seats=seats))
    page.goto(page.url.split("#")[0] + "#" + fragment)
    page.wait_for_function("location.hash === ''")


def held_page(browser, guard, held: tuple):
    """(page, url, gate) on a server of its own that holds the files named in `held` back until
    `gate.set()`; a generator for a fixture to `yield from` (closed and put back after)."""
    gate = threading.Event()
    server, url = serve(delays={name: gate for name in held})
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    origin, guard.origin = guard.origin, url
    guard.attach(page)
    yield page, url, gate
    gate.set()
    context.close()
    server.shutdown()
    guard.origin = origin


@pytest.fixture(scope="session")
def session_context(browser):
    """The browser context the test modules share, one after the other (see `module_context`)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    yield context
    context.close()


@pytest.fixture(scope="module")
def module_context(session_context, site):
    """A browser context for one test module: the session's context, with the site's storage
    emptied when the module starts and every page closed when it ends, so each module starts as
    in a new context; only the browser's cache of the site's files is kept warm (files that do not
    change during a run; a page that routes requests bypasses that cache).

    Service workers are blocked here so each test sees the served files as they are now;
    e2e/test_offline.py runs the real service worker in contexts of its own.
    """
    for page in session_context.pages:
        page.close()
    clear_storage(session_context, site)
    yield session_context
    for page in session_context.pages:
        page.close()


@pytest.fixture(scope="module")
def guard(site):
    """The module's guard; `check_guard` checks it after every test."""
    return Guard(site)


@pytest.fixture(autouse=True)
def check_guard(request):
    """Fail any e2e test during which a guarded page misbehaved."""
    yield
    if "guard" in request.fixturenames:
        request.getfixturevalue("guard").check()


@pytest.fixture(scope="module")
def open_page(module_context, guard, site):
    """Open a path of the site in a guarded page and wait until the page's Python is ready."""
    pages = []

    def _open(path: str = "index.html", wait_ready: bool = True):
        page = module_context.new_page()
        guard.attach(page)
        pages.append(page)
        page.goto(f"{site}/{path}")
        if wait_ready:
            page.wait_for_selector('body[data-ready="1"]', timeout=READY_TIMEOUT)
        return page

    yield _open
    for page in pages:
        page.close()
