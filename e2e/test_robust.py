"""Robustness in the real browser: limits checked before work, no request outside the origin.

- A share link of 20,000 passes and an imported record of 1.2 MB are refused at once with a clear
  notice (they used to freeze the tab, or raise a bare MemoryError).
- `embed.html#g=…` of 20,000 passes is refused before its record is decoded.
- With the worker's config aborted, the page's Content-Security-Policy refuses PyScript's CDN
  fallback: the page says the computer is unavailable, and no request leaves the origin; a
  worker config served broken is said in words too.
- Storage cannot lock the page: a damaged index (wrong types, not JSON, too large to read) is set
  aside under lotus.games.damaged and the games it still names are offered; a game this version
  does not know is listed as such; deleting an entry never removes a key not its own; a damaged
  live record leaves the page ready.
- Inputs repeated in a message are cut (a 5,000-digit option), and window.lotus.legalMoves
  answers a bad request with an error in words.
"""

import json
import re

import pytest

from e2e.boards import click_move
from lotus.engine import go
from lotus.game import records
from tools.pages import (
    TIMEOUT,
    WORKER_TIMEOUT,
    import_record,
    moves,
    paste_link,
    reload,
    wait_ready,
    wait_text,
)


def passes_link(count: int) -> str:
    record = {
        "game": "go",
        "options": {"first": "w", "marker": 0},
        "seats": {},
        "date": None,
        "result": "*",
        "moves": ["pass"] * count,
        "dead": None,
        "position": None,
    }
    return records._encode(record)  # written unchecked: the reader must refuse it


def error_text(page) -> str:
    return page.inner_text("[data-error]")


def test_a_link_of_20000_passes_is_refused_at_once(page):
    on_app(page)
    link = passes_link(20000)
    assert len(link) > records.MAX_LINK_CHARS
    before = page.evaluate("document.querySelector('[data-board]').innerHTML")
    page.evaluate("link => { location.hash = link }", "#" + link)
    page.wait_for_selector("[data-error]:not([hidden])", timeout=TIMEOUT)
    # Refused by its length, before decoding: no time is asserted here (a loaded machine is
    # slow); docs/records.md gives the limits and tests/test_records_limits.py the readers.
    assert "This link could not be opened" in error_text(page)
    assert "too long" in error_text(page)
    assert page.evaluate("document.querySelector('[data-board]').innerHTML") == before
    assert "#g=" not in page.url  # cleared: a reload does not try again


def test_a_page_opened_with_a_20000_pass_link_boots_with_a_notice(page):
    reopen(page, "#" + passes_link(20000))  # ready within the wait, not frozen
    assert "too long" in error_text(page)
    # A reload does not open it again, and the autosave holds no game of 20,000 passes.
    reload(page)
    assert page.is_hidden("[data-error]")


def test_a_record_of_1_2_mb_is_refused_at_once(page):
    on_app(page)
    paste_link(page, go.Game())  # a game opened: no notice left from an earlier test
    text = '[Game "go"]\n\n' + "1. pass " * 150000
    assert len(text) > 1_200_000
    import_record(page, text)
    # Said next to the import box, where the user looks; the text never entered Python.
    page.wait_for_selector("[data-record-error]:not([hidden])", timeout=TIMEOUT)
    message = page.inner_text("[data-record-error]")
    assert "The record could not be read" in message and "too long" in message, message
    assert "MemoryError" not in message and page.is_hidden("[data-error]")


def test_pass_pass_pass_opens_in_the_app_and_in_an_embed(page, open_page):
    """G9, one rule: a move after two passes resumes play, in a record and in an embed alike."""
    link = passes_link(3)
    reopen(page, "#" + link)
    assert page.is_hidden("[data-error]")
    assert page.get_attribute("body", "data-phase") in (None, "play")
    embed = open_page("embed.html#" + link[: len(link)])
    assert embed.get_attribute("body", "data-invalid") is None
    embed = open_page("embed.html#game=go&moves=pass,pass,pass")
    assert embed.get_attribute("body", "data-invalid") is None


def test_an_embed_of_20000_passes_is_refused_before_decoding(open_page):
    page = open_page("embed.html#" + passes_link(20000))
    assert page.get_attribute("body", "data-invalid") == "1"
    assert "too long" in page.inner_text("[data-error]")


@pytest.mark.slow
def watch_outside(page, site: str) -> tuple:
    """(answered, failed): the requests to another origin that got an answer (the policy lets
    none out), and every failed request with its reason, as `page` makes them."""
    answered, failed = [], []
    page.on(
        "response",
        lambda r: answered.append(r.url) if not r.url.startswith((site, "data:", "blob:")) else 0,
    )
    page.on("requestfailed", lambda r: failed.append((r.url, r.failure)))
    return answered, failed


def test_an_aborted_worker_config_says_so_and_nothing_leaves_the_origin(browser, site):
    """The CSP refuses PyScript's fallback to a CDN: the computer is unavailable, said plainly.
    (Both workers' configs fail; e2e/test_handover.py loses Pyodide's alone.)"""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    outside, failed = watch_outside(page, site)
    page.route(re.compile(r".*/worker(-mpy)?\.toml$"), lambda route: route.abort())
    try:
        page.goto(f"{site}/index.html?game=race&seats=human,easy")
        wait_ready(page)
        wait_text(page, "The computer is unavailable", "[data-error]", WORKER_TIMEOUT)
        assert page.get_attribute("body", "data-worker-ready") is None
        click_move(page, "Sw4-A4")  # the board still plays by hand
        page.wait_for_selector('[data-movelist] [data-move="Sw4-A4"]')
    finally:
        context.close()
    assert outside == [], outside
    for url, failure in failed:  # only the aborted config, or requests the policy blocked
        aborted = url.endswith(("/worker.toml", "/worker-mpy.toml"))
        assert aborted or "csp" in str(failure).lower(), (url, failure)


def test_every_page_runs_under_its_policy(page, open_page, guard):
    """The policy keeps the app, an embed and a rules page working: no violation reported."""
    on_app(page)
    others = ("embed.html#game=go&mode=step&moves=37,12", "rules/go.html")
    for shown in [page] + [open_page(path) for path in others]:
        violations = shown.evaluate(
            "() => new Promise(done => { const seen = [];"
            " document.addEventListener('securitypolicyviolation', e => seen.push(e.blockedURI));"
            " setTimeout(() => done(seen), 300); })"
        )
        assert violations == []
        assert shown.evaluate(
            "!!document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')"
        )
    assert guard.pages  # each page is watched: no error, no request outside the origin


@pytest.mark.slow
def test_pyscripts_cdn_fallback_is_refused_by_the_policy(browser, site):
    """The config passes the page's check, then fails for PyScript: it falls back to a CDN copy
    of Pyodide, and the page's policy refuses that request before it leaves the browser."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    answered, failed = watch_outside(page, site)
    seen = []

    def second_fails(route):
        seen.append(route.request.url)
        route.continue_() if len(seen) == 1 else route.abort()

    page.route("**/worker.toml", second_fails)
    try:
        page.goto(f"{site}/index.html?game=race&seats=human,easy")
        wait_ready(page)
        # Until the fallback's request has been refused (or the computer's wait is over).
        for _ in range(WORKER_TIMEOUT // 100):
            if any(not url.startswith(site) for url, _ in failed):
                break
            page.wait_for_timeout(100)
    finally:
        context.close()
    assert len(seen) >= 2, seen
    assert answered == [], answered
    blocked = [url for url, failure in failed if not url.startswith(site)]
    assert blocked, "PyScript did not try its fallback: the test forced nothing"
    for url, failure in failed:
        if not url.startswith(site):
            assert "csp" in str(failure).lower(), (url, failure)


# -- storage cannot lock the page -----------------------------------------------------------------

DAMAGED_KEY = "lotus.games.damaged"


def store(page, items, clear: bool = False, script: str = "") -> None:
    """Store `items` (key -> text) as a damaged browser held them (`clear`: nothing else), from
    a blank page of the site's origin (as conftest's clear_storage does), so that no page of the
    app sees the change before it is reloaded: the module's other pages are closed, and this one
    leaves the app.
    `script`: more to run there (a function of nothing)."""
    for other in page.context.pages:
        if other is not page:
            other.close()
    blank = page.url.split("/index.html")[0].split("/__blank__")[0] + "/__blank__.html"
    page.route(blank, lambda route: route.fulfill(body="<!doctype html>", content_type="text/html"))
    page.goto(blank)
    page.evaluate(
        "([items, clear]) => { if (clear) localStorage.clear();"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        [items, clear],
    )
    if script:
        page.evaluate(script)


def reopen(page, query: str = "game=race") -> None:
    """Load the app (again) at `query` (or a "#" fragment) and wait until its Python is ready."""
    base = page.url.split("/index.html")[0].split("/__blank__")[0]
    page.goto(base + "/index.html" + ("" if query.startswith("#") else "?") + query)
    wait_ready(page)


def on_app(page) -> None:
    """The module's page showing the app, ready (`store` leaves it on a blank page)."""
    if "/__blank__" in page.url:
        reopen(page)


def stored(page, key: str):
    return page.evaluate("k => localStorage.getItem(k)", key)


def saved_go_games(page, *points) -> list:
    """One saved Go game per point given (a move each); their ids, the last on screen."""
    store(page, {}, clear=True)
    reopen(page, "game=go")
    for point in points:
        paste_link(page, go.Game())  # a shared game: a new game beside the others
        click_move(page, point)
        page.wait_for_selector(f'[data-movelist] [data-move="{point}"]')
    index = json.loads(stored(page, "lotus.games"))
    return [e["id"] for e in index["games"] if e["moves"]]


@pytest.mark.parametrize(
    "damaged",
    ['{"games": 5}', "true", "1.5", '{"games": [{"id": 1}], "current": 5}', "{not json"],
    ids=["games-5", "true", "float", "wrong-types", "not-json"],
)
def test_a_damaged_index_is_set_aside_and_the_page_is_ready_with_a_message(page, damaged):
    store(page, {"lotus.games": damaged}, clear=True)
    reopen(page, "game=race")
    notice = error_text(page)
    assert "Your list of saved games was damaged" in notice, notice
    assert DAMAGED_KEY in notice
    assert stored(page, DAMAGED_KEY) == damaged  # set aside as it was, not deleted
    click_move(page, "Sw4-A4")  # the page plays
    page.wait_for_selector('[data-movelist] [data-move="Sw4-A4"]')
    # (and saves again: test_an_index_too_large_to_read_is_set_aside_unread reloads)


def test_the_games_a_damaged_index_still_names_are_offered(page):
    ids = saved_go_games(page, "10", "20")
    assert len(ids) == 2
    index = json.loads(stored(page, "lotus.games"))
    index["games"].insert(0, {"id": 5, "game": "go", "key": []})
    index["current"] = {"go": {"id": ids[0]}}
    texts = {f"lotus.game.{i}": stored(page, f"lotus.game.{i}") for i in ids}
    store(page, {"lotus.games": json.dumps(index), **texts}, clear=True)
    reopen(page, "game=go")
    assert "the 2 games still named in it are listed" in error_text(page)
    assert json.loads(stored(page, DAMAGED_KEY)) == index
    for game_id in ids:
        page.wait_for_selector(
            f'[data-action="resume-saved"][data-id="{game_id}"]', state="attached"
        )
    page.click("details[data-library] summary")
    page.click(f'[data-action="resume-saved"][data-id="{ids[0]}"]')
    page.wait_for_selector('[data-movelist] [data-move="10"]')


def test_a_game_this_version_does_not_know_is_listed_as_such(page):
    saved_go_games(page, "10")
    index = json.loads(stored(page, "lotus.games"))
    index["games"].append({"id": "c", "game": "chess", "key": "lotus.game.c", "moves": 3})
    store(page, {"lotus.games": json.dumps(index)})
    reopen(page, "game=go")
    item = page.locator('[data-saved-game="c"]')
    assert "a game this version does not know" in item.text_content()
    assert item.locator('[data-action="resume-saved"]').count() == 0
    assert page.is_hidden("[data-error]")  # not damage: a game of another version


def test_deleting_an_entry_that_names_the_index_keeps_the_index(page):
    (kept,) = saved_go_games(page, "10")
    index = json.loads(stored(page, "lotus.games"))
    index["games"].append({"id": "x", "game": "go", "key": "lotus.games", "moves": 1})
    store(page, {"lotus.games": json.dumps(index), "lotus.theme": "dark"})
    reopen(page, "game=go")
    # The entry names a key that is not its own: it is set aside with the index, not offered.
    assert page.locator('[data-saved-game="x"]').count() == 0
    page.click("details[data-library] summary")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f'[data-action="delete-saved"][data-id="{kept}"]')
    page.wait_for_selector(f'[data-saved-game="{kept}"]', state="detached")
    assert stored(page, "lotus.games") is not None and stored(page, "lotus.theme") == "dark"
    assert json.loads(stored(page, DAMAGED_KEY)) == index


def test_a_damaged_live_record_of_the_game_on_screen_leaves_the_page_ready(page):
    store(page, {}, clear=True)
    reopen(page, "game=race")
    click_move(page, "Sw4-A4")
    page.wait_for_selector('[data-movelist] [data-move="Sw4-A4"]')
    game_id = json.loads(stored(page, "lotus.games"))["current"]["race"]
    record = {"game": "race", "id": game_id}  # no role, no match: not a live game's
    store(page, {"lotus.live": json.dumps(record)})
    reopen(page, "game=race")
    assert page.locator('[data-movelist] [data-move="Sw4-A4"]').count() == 1


def test_a_5000_digit_option_is_repeated_only_in_part(page):
    reopen(page, "game=race&players=" + "5" * 5000)
    notice = error_text(page)
    assert "players must be 2, 3 or 4" in notice and "5" * 20 + "…" in notice
    assert len(notice) < 200, notice


def test_legal_moves_of_a_bad_position_answer_a_clear_error(page):
    on_app(page)
    answer = page.evaluate(
        """() => { try { return window.lotus.legalMoves(
            '{"game": "go", "options": {"position": "zzz"}}'); }
          catch (e) { return 'threw: ' + e.message; } }"""
    )
    assert not answer.startswith("threw"), answer
    error = json.loads(answer)["error"]
    assert error.startswith("The request could not be read: ") and "“zzz” is not a game" in error
    assert "Traceback" not in error
    assert json.loads(page.evaluate("window.lotus.legalMoves()"))  # the game on screen still


@pytest.mark.parametrize(
    "config",
    ["interpreter = 5", 'interpreter = "./static/vendor/pyodide/missing.mjs"', "[not toml"],
    ids=["no-runtime", "missing-runtime", "not-toml"],
)
def test_a_broken_worker_config_is_said_in_words(browser, site, config):
    """The Pyodide worker's config is served broken: the notice says so in words, never a
    JavaScript error's proxy (the quick worker plays on)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route(
        re.compile(r".*/worker\.toml$"),
        lambda route: route.fulfill(status=200, body=config, content_type="application/toml"),
    )
    try:
        page.goto(f"{site}/index.html?game=race&seats=human,easy")
        wait_ready(page)
        wait_text(page, "unavailable", "[data-error]", WORKER_TIMEOUT)
        notice = error_text(page)
    finally:
        context.close()
    assert "The computer's full search is unavailable" in notice, notice
    assert "its configuration (worker.toml)" in notice, notice
    assert "JsProxy" not in notice and "Error" not in notice, notice


def test_an_index_too_large_to_read_is_set_aside_unread_and_the_page_saves_again(page):
    huge = (
        "() => localStorage.setItem('lotus.games',"
        " '{\"games\": [' + '{}, '.repeat(262500) + '{}]}')"
    )
    store(page, {}, clear=True, script=huge)
    size = page.evaluate("localStorage.getItem('lotus.games').length")
    assert size > 1_000_000
    reopen(page, "game=race")
    assert "too large to read" in error_text(page), error_text(page)
    assert page.evaluate("localStorage.getItem('lotus.games.damaged').length") == size
    assert page.evaluate("localStorage.getItem('lotus.games').length") < 1000
    # A damaged index set aside, the page plays and keeps playing on every reload, saved again.
    click_move(page, "Sw4-A4")
    page.wait_for_selector('[data-movelist] [data-move="Sw4-A4"]')
    reopen(page, "game=race")
    assert page.is_hidden("[data-error]")
    assert moves(page) == ["Sw4-A4"]
