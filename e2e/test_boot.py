"""Before Python is ready: the board is already drawn; clicks are queued, then played in order."""

import threading

import pytest

from tools.browser import serve
from tools.pages import TIMEOUT, moves, wait_ready


@pytest.fixture(scope="module")
def wasm_gate():
    """Holds the MicroPython download back until a test sets it: Python cannot start before the
    test says so, however slow the machine (a fixed delay would let a slow test click late)."""
    gate = threading.Event()
    yield gate
    gate.set()  # let any request still held finish


@pytest.fixture(scope="module")
def slow_site(wasm_gate):
    """The site on a server that holds micropython.wasm back until `wasm_gate` is set."""
    server, url = serve(delays={"micropython.wasm": wasm_gate})
    yield url
    server.shutdown()


@pytest.fixture
def slow_page(browser, guard, slow_site, wasm_gate):
    """A fresh page on the slow server, in a context of its own (nothing cached from an earlier
    test: its MicroPython download is held back too); its origin is checked like every page's."""
    guard.origin = slow_site
    wasm_gate.clear()
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    page = context.new_page()
    guard.attach(page)
    yield page
    wasm_gate.set()
    context.close()


def test_the_board_is_drawn_before_python_is_ready(slow_page, slow_site):
    slow_page.goto(f"{slow_site}/index.html?game=race", wait_until="domcontentloaded")
    assert slow_page.get_attribute("body", "data-ready") is None
    assert slow_page.is_visible('[data-field="8"]')
    assert slow_page.locator('[data-start="w4"]').first.is_visible()
    slow_page.goto(f"{slow_site}/index.html?game=go", wait_until="domcontentloaded")
    assert slow_page.get_attribute("body", "data-ready") is None
    assert slow_page.is_visible('[data-point="37"]')
    assert not slow_page.is_visible('[data-field="8"]')


def test_clicks_during_boot_are_played_once_and_in_order(slow_page, slow_site, wasm_gate):
    slow_page.goto(f"{slow_site}/index.html?game=race", wait_until="domcontentloaded")
    slow_page.locator('[data-start="w4"]').first.click()
    assert "1 click will be played" in slow_page.inner_text("[data-status]")
    for selector in ('[data-field="A4"]', '[data-start="b3"]', '[data-field="B3"]'):
        assert slow_page.get_attribute("body", "data-ready") is None, "Python was ready too soon"
        slow_page.locator(selector).first.click()
    wasm_gate.set()
    wait_ready(slow_page)
    assert moves(slow_page) == ["Sw4-A4", "Sb3-B3"]
    slow_page.wait_for_timeout(300)
    assert moves(slow_page) == ["Sw4-A4", "Sb3-B3"]


def test_a_queued_game_switch_and_placement_apply_in_order(slow_page, slow_site, wasm_gate):
    slow_page.goto(f"{slow_site}/index.html?game=race", wait_until="domcontentloaded")
    slow_page.click('[data-pick="go"]')
    slow_page.wait_for_selector('[data-point="37"]', state="visible")
    slow_page.click('[data-point="37"]')
    assert slow_page.get_attribute("body", "data-ready") is None, "Python was ready too soon"
    wasm_gate.set()
    wait_ready(slow_page)
    assert slow_page.get_attribute("body", "data-game") == "go"
    assert moves(slow_page) == ["37"]


@pytest.mark.parametrize(
    ("query", "last"),
    [
        ("game=go&game=race", "race"),  # a repeated game: the first one, in both readers
        ("game=race&game=go", "go"),
        ("game=chess", "go"),  # unknown: the race (with a notice), not the game shown last
        ("xgame=go", "go"),  # no game given: the game shown last
        ("players=3", "go"),  # race options without a game: the race
    ],
)
def test_the_early_script_paints_the_game_python_opens(
    slow_page, slow_site, wasm_gate, query, last
):
    slow_page.goto(f"{slow_site}/index.html?game=race", wait_until="domcontentloaded")
    slow_page.evaluate("last => localStorage.setItem('lotus.current', last)", last)
    slow_page.goto(f"{slow_site}/index.html?{query}", wait_until="domcontentloaded")
    assert slow_page.get_attribute("body", "data-ready") is None, "Python was ready too soon"
    painted = slow_page.get_attribute("body", "data-game")
    wasm_gate.set()
    wait_ready(slow_page)
    assert slow_page.get_attribute("body", "data-game") == painted


BOOT_FAILURES = [
    ("index.html?game=race", "page.toml", "404", "is missing from the site (page.toml)"),
    ("index.html?game=race", "page.toml", "abort", "could not be downloaded (page.toml)"),
    ("index.html?game=race", "page.toml", "[not toml", "its configuration could not be read"),
    ("index.html?game=race", "micropython.mjs", "abort", "could not be loaded (micropython.mjs)"),
    (
        "index.html?game=race",
        "micropython.wasm",
        "404",
        "is missing from the site (micropython.wasm)",
    ),
    ("index.html?game=race", "page.py", "404", "is missing from the site (page.py)"),
    ("index.html?game=race", "code.mpy", "404", "is missing from the site (code.mpy)"),
    (
        "index.html?game=race",
        "page-start.bundle",
        "404",
        "is missing from the site (page-start.bundle)",
    ),
    ("index.html?game=race", "core.js", "abort", "could not be loaded (core.js)"),
    ("embed.html#game=go", "embed.toml", "404", "is missing from the site (embed.toml)"),
    ("rules/go.html", "boards.toml", "404", "is missing from the site (boards.toml)"),
]


@pytest.mark.parametrize(
    ("path", "name", "answer", "words"),
    BOOT_FAILURES,
    ids=[f"{path.split('.')[0]}-{name}-{answer[:5]}" for path, name, answer, _ in BOOT_FAILURES],
)
def test_a_runtime_or_config_that_fails_to_load_is_said_in_words(
    browser, site, path, name, answer, words
):
    """A real browser fails the request (Playwright answers 404, a broken file, or aborts it):
    the page says why it cannot start, in [data-error], instead of loading forever."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()

    def fail(route):
        if answer == "abort":
            route.abort()
        elif answer == "404":
            route.fulfill(status=404, body="Not found")
        else:
            route.fulfill(status=200, body=answer, content_type="application/toml")

    page.route(lambda url: url.split("?")[0].split("#")[0].endswith("/" + name), fail)
    try:
        page.goto(f"{site}/{path}")
        page.wait_for_selector("[data-error]:not([hidden])", timeout=TIMEOUT)
        notice = page.inner_text("[data-error]")
        shown = page.evaluate("document.body.innerText")
        assert page.get_attribute("body", "data-ready") is None
        assert page.get_attribute("body", "data-boot-failed") == "1"
    finally:
        context.close()
    assert notice.startswith("Lotus could not start: ") and words in notice, notice
    assert notice.endswith("Reload the page to try again."), notice
    for raw in ("PY0", "PY1", "Traceback", "TypeError", "Polyscript"):
        assert raw not in shown, shown


def test_the_german_page_says_it_in_german(browser, site):
    """The watchdog's words are the page's: the German page's, in German."""
    context = browser.new_context(service_workers="block", locale="de-DE")
    page = context.new_page()
    page.route(
        lambda url: url.split("?")[0].endswith("/page.toml"),
        lambda route: route.fulfill(status=404, body="Not found"),
    )
    try:
        page.goto(f"{site}/index.de.html")
        page.wait_for_selector("[data-error]:not([hidden])", timeout=TIMEOUT)
        notice = page.inner_text("[data-error]")
        status = page.inner_text("[data-status]")
    finally:
        context.close()
    assert notice == (
        "Lotus konnte nicht starten: Eine benötigte Datei fehlt auf der Website (page.toml)."
        " Lade die Seite neu, um es noch einmal zu versuchen."
    )
    assert status == "Lotus konnte nicht starten."
