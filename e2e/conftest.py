"""Real-browser tests: Debian's Chromium driven by pytest-playwright against the served site.

The site is served by a plain static file server (the same as `make serve`). Every page opened
through `open_page` (and the module's `page`) is guarded: a request to another origin, a console
error or an uncaught page error fails the test that saw it (e2e/support.py's Guard).

Nothing here judges time: waits are for a state of the page, with timeouts long enough for a
loaded machine (tools/pages.py). Chromium's "preloaded ... but not used within a few seconds"
warning is therefore not a failure here: it fires on a timer after the load event, so a busy
machine (Python starting late) raised it for preloads that the page does use. Unused preloads are
caught without a clock instead: tests/test_predrawn.py checks the preload lists are generated
from the configs, and e2e/test_smoke.py::test_every_preload_is_fetched_by_the_page_and_used loads
each page without its preloads to see that it fetches every preloaded file itself, and with them
to see that no file is downloaded more often (a preload the page cannot use is a download more).

The helpers the tests share are not here but in modules they import: tools/pages.py (the page's
hooks: ready, the move list, share links, live play; the benchmarks use it too), e2e/boards.py
(both boards read and clicked) and e2e/support.py (the guard, held files, other devices), with
tests/support/games.py for seeded games.
"""

import pytest

from e2e.support import Guard, opener
from tools.browser import CHROMIUM, CHROMIUM_ARGS, ROOT, serve
from tools.pages import clear_storage

# The address the module's `page` is opened at, unless the module names another as `PAGE`.
PAGE = "index.html?game=race"


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


@pytest.fixture(scope="session")
def browser(browser):
    """The session's browser, whose every new context prefers reduced motion unless it says
    otherwise: the page's animations (a stone travelling, stones turning over, targets that
    breathe) change no state, and drawing them frame by frame costs the two cores the tests
    share. The tests of the animations ask for them (`e2e.support.motion`)."""
    plain = browser.new_context

    def new_context(**options):
        options.setdefault("reduced_motion", "reduce")
        return plain(**options)

    browser.new_context = new_context
    return browser


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
    """open_page(path, ready=True): a new guarded page of the module's context at `path` of the
    site, once its Python is ready (`ready`=False: as soon as it is loading)."""
    ready_page = opener(guard, site)

    def _open(path: str = "index.html", ready: bool = True):
        if ready:
            return ready_page(module_context, path)
        page = module_context.new_page()
        guard.attach(page)
        ready_page.pages.append(page)
        page.goto(f"{site}/{path}")
        return page

    yield _open
    for page in ready_page.pages:
        if not page.is_closed():
            page.close()


@pytest.fixture(scope="module")
def page(request, open_page):
    """The module's page, ready: one tab that the module's tests share, as a player keeps one
    tab open, opened at the module's `PAGE` (the race, unless it names another). Each test brings
    it to the game it needs: from a share link pasted into the address bar (tools.pages'
    paste_link: no page load, the workers stay), or by loading an address (tools.pages' load)."""
    return open_page(getattr(request.module, "PAGE", PAGE))
