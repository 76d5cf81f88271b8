"""The site in the visitor's language: a German browser gets the German page from its first paint,
`?lang=` in a link and the header's switch choose (and the switch is remembered), the game goes
along, and an embed takes `lang=` from its fragment. (Offline in German: e2e/test_offline.py.)"""

import pytest

from e2e.boards import click_move
from e2e.support import held_page
from tools.pages import moves, wait_moves, wait_ready

# Each document records, as it first paints content, its path and language (sessionStorage
# outlives the page that replaced itself): a page shown in one language and then another would
# leave both.
PAINTS = """new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name !== 'first-contentful-paint') continue;
    const seen = JSON.parse(sessionStorage.getItem('paints') || '[]');
    seen.push([location.pathname.split('/').pop(), document.documentElement.lang]);
    sessionStorage.setItem('paints', JSON.stringify(seen));
  }
}).observe({type: 'paint', buffered: true});"""


def paints(page) -> list:
    return page.evaluate("JSON.parse(sessionStorage.getItem('paints') || '[]')")


@pytest.fixture
def device(browser, guard, site):
    """new(locale) -> a guarded page in a browser context of its own with that language (one
    device: its own storage); closed after the test."""
    contexts = []

    def new(locale: str = "en-US"):
        context = browser.new_context(
            locale=locale, viewport={"width": 1200, "height": 900}, service_workers="block"
        )
        contexts.append(context)
        context.add_init_script(PAINTS)
        page = context.new_page()
        guard.attach(page)
        return page

    yield new
    for context in contexts:
        context.close()


@pytest.fixture
def held(browser, guard):
    """(new page, site URL, gate): a German device on a server holding MicroPython back until
    `gate.set()`, so the page is seen as it paints, before Python is ready."""
    yield from held_page(browser, guard, ("micropython.wasm",), locale="de-DE", init_script=PAINTS)


def test_a_german_browser_sees_the_german_page_from_its_first_paint(held):
    page, url, gate = held
    page.goto(f"{url}/index.html?game=race", wait_until="domcontentloaded")
    page.wait_for_url("**/index.de.html?game=race")
    page.wait_for_selector('[data-field="8"]', state="visible")
    assert page.get_attribute("body", "data-ready") is None, "Python was ready too soon"
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("[data-status]").endswith("wird geladen …")  # the runtime's step
    assert "Wettrennen" in page.inner_text('[data-pick="race"]')
    assert page.inner_text('[data-action="new-dialog"].new') == "Neue Partie"
    page.wait_for_function("JSON.parse(sessionStorage.getItem('paints') || '[]').length > 0")
    assert paints(page) == [["index.de.html", "de"]]  # nothing of the English page was shown
    gate.set()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"


def test_a_link_with_lang_chooses_the_language_and_it_is_kept(device, site):
    page = device("en-GB")
    page.goto(f"{site}/index.html?game=go&lang=de")
    page.wait_for_url("**/index.de.html?game=go")  # the choice is kept, not in the address
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.get_attribute("body", "data-game") == "go"
    # Its web manifest, as Chromium reads it: the German app, started at the German page.
    answer = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert answer["errors"] == [] and answer["url"] == f"{site}/static/manifest.de.webmanifest"
    assert answer["manifest"]["startUrl"] == f"{site}/index.de.html"
    assert answer["manifest"]["name"] == "Lotus – zwei abstrakte Spiele"
    page.goto(f"{site}/")  # the site's address, later: the language chosen
    page.wait_for_url("**/index.de.html")
    wait_ready(page)
    page.goto(f"{site}/index.de.html?lang=en")
    page.wait_for_url("**/index.html")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "en"


def test_the_switch_is_remembered_and_keeps_the_game_both_ways(device, site):
    page = device("de-CH")
    page.goto(f"{site}/index.html?game=race")
    page.wait_for_url("**/index.de.html?game=race")
    wait_ready(page)
    click_move(page, "Sw4-A4")
    wait_moves(page, 1)
    switch = page.locator("a[data-language]")
    assert switch.get_attribute("aria-label") == "English" and switch.inner_text() == "EN"
    switch.click()
    page.wait_for_url("**/index.html?game=race")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "en"
    assert moves(page) == ["Sw4-A4"]
    page.reload()  # remembered: the German browser stays on the English page
    wait_ready(page)
    assert page.url.endswith("/index.html?game=race")
    click_move(page, "Sb3-B3")
    wait_moves(page, 2)
    page.click("a[data-language]")
    page.wait_for_url("**/index.de.html?game=race")
    wait_ready(page)
    assert moves(page) == ["Sw4-A4", "Sb3-B3"]
    assert paints(page)[-1] == ["index.de.html", "de"]


def test_an_embed_takes_its_language_from_its_fragment(device, site):
    page = device("en-US")
    page.goto(f"{site}/embed.html#game=race&lang=de")
    page.wait_for_url("**/embed.de.html#game=race&lang=de")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.title() == "Lotus-Brett"
    page.goto(f"{site}/embed.html#game=go")  # no language given: the embed's own, whatever
    wait_ready(page)  # the browser's language or the site's kept choice
    assert page.url.endswith("/embed.html#game=go")
    assert page.get_attribute("html", "lang") == "en"


@pytest.mark.parametrize(
    "locale, page_name, words",
    [("en-US", "index.html", []), ("de-DE", "index.de.html", ["words-de.bundle"])],
)
def test_a_page_fetches_the_words_of_its_language_only(device, site, locale, page_name, words):
    """The English words are the code's own; the German page fetches its catalog beside the
    page's code, and starts in German."""
    page = device(locale)
    fetched = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(f"{site}/{page_name}?game=race")
    wait_ready(page)
    assert page.url.endswith(f"/{page_name}?game=race")
    assert "page-start.bundle" in fetched
    assert [name for name in fetched if name.startswith("words-")] == words
    click_move(page, "Sw4-A4")
    wait_moves(page, 1)
    status = page.inner_text("[data-status]")
    assert ("ist am Zug" in status) == (locale == "de-DE"), status
