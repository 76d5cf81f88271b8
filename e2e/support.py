"""What the e2e tests share besides their fixtures (e2e/conftest.py): the guard every page is
watched by, pages on a server that holds files back, and a guarded opener of pages in other
browser contexts (devices)."""

import contextlib
import threading
from urllib.parse import urlparse

from playwright.sync_api import Error as PlaywrightError

from tools.browser import serve
from tools.pages import wait_ready


class Guard:
    """Collects what a page must never do: leave its origin, log an error, throw. (Console
    warnings are not judged: see e2e/conftest.py's docstring about unused preloads.)"""

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


def held_page(browser, guard, held: tuple, locale: str = "en-US", init_script: str = ""):
    """(page, url, gate) on a server of its own that holds the files named in `held` back until
    `gate.set()`; a generator for a fixture to `yield from` (closed and put back after). The
    browser speaks `locale`; `init_script` runs in the page before its own scripts."""
    gate = threading.Event()
    server, url = serve(delays={name: gate for name in held})
    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, service_workers="block", locale=locale
    )
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    origin, guard.origin = guard.origin, url
    guard.attach(page)
    yield page, url, gate
    gate.set()
    context.close()
    server.shutdown()
    guard.origin = origin


def opener(guard, site: str):
    """open(context, path or link) -> a guarded, ready page of the site in that context (one
    device's tab); the pages opened are listed in open.pages."""

    def _open(context, path: str):
        page = context.new_page()
        guard.attach(page)
        _open.pages.append(page)
        page.goto(path if path.startswith("http") else f"{site}/{path}")
        wait_ready(page)
        return page

    _open.pages = []
    return _open


@contextlib.contextmanager
def motion(page):
    """The page with its animations, as a visitor who does not ask for reduced motion sees it
    (the e2e contexts prefer reduced motion: e2e/conftest.py's `browser`)."""
    page.emulate_media(reduced_motion="no-preference")
    try:
        yield page
    finally:
        page.emulate_media(reduced_motion="reduce")
