"""Offline after the first visit, against a `make dist` build in real Chromium service workers.

A fresh build (tools/dist.py into a temporary folder) is served with its own static server and
browser context: a first visit stores the site, each file downloaded once (checked once, in the
`visited` fixture, for the tests that only need it done); then, each in a new page of that
context, with the network off, or the server stopped, a reload boots both games and the computer
still answers (its first move from the opening book, the next from a worker's search; the quick
MicroPython worker and Pyodide both start, from the cache). Each of those tests puts the network
and the server back and clears the page's storage when it ends, so none depends on another having
run or not. A new build offered as an update changes the served folder and the cache: that test
has its own copy and first visit; so has the visit of a browser that saves data.
"""

import collections
import json
import os
import re
import shutil
import threading

import pytest

from e2e.boards import click_move
from e2e.rules import await_reply, click_race_move, diagrams, puzzle_position
from e2e.support import Guard
from lotus.engine import race
from tools import build_sw, dist
from tools.browser import serve
from tools.pages import WORKER_TIMEOUT, moves, wait_moves, wait_ready

pytestmark = pytest.mark.slow

CACHED = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    found[name] = (await cache.keys()).map(r => r.url);
  }
  return found;
}"""

ROUTED = "() => performance.getEntriesByType('navigation')[0].workerMatchedSourceType"

SW_STATE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const active = registration.active;
  if (active.state !== 'activated') await new Promise(resolve =>
    active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
  return {state: registration.active.state, script: registration.active.scriptURL,
          controlled: navigator.serviceWorker.controller !== null};
}"""


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """A fresh `make dist` build in a temporary folder; returns its path."""
    folder = str(tmp_path_factory.mktemp("offline") / "dist")
    dist.build(folder)
    return folder


class Site:
    """A copy of the build served on its own port, under a sub-path (/lotus/, as on GitHub Pages:
    every path in the site is relative), with a browser context and a guarded page."""

    def __init__(self, browser, build: str, folder: str, delays=None) -> None:
        shutil.copytree(build, folder)
        self.folder = folder
        self.log = []  # (path, status, body bytes) for each GET the server answered
        self.delays = delays  # tools/browser.py's serve: files held back
        self.server, origin = serve(os.path.dirname(folder), delays=delays, log=self.log)
        self.port = self.server.server_address[1]
        self.url = f"{origin}/{os.path.basename(folder)}"
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})
        self.page = self.context.new_page()
        self.guard = Guard(origin)
        self.guard.attach(self.page)
        self.requested = set()
        self.page.on("request", self._on_request)

    def _on_request(self, request) -> None:
        if request.url.startswith(self.url + "/"):
            self.requested.add(request.url[len(self.url) + 1 :].split("?")[0])

    def stop_server(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def start_server(self) -> None:
        """Serve again on the same port (the origin, its service worker and caches stay)."""
        if self.server is None:
            folder = os.path.dirname(self.folder)
            self.server, _ = serve(folder, port=self.port, delays=self.delays, log=self.log)

    def new_page(self) -> None:
        """A new guarded page in the same context (controlled by the same service worker)."""
        self.page = self.context.new_page()
        self.guard.attach(self.page)

    def close(self) -> None:
        self.context.close()
        self.stop_server()


@pytest.fixture
def site(browser, build, tmp_path):
    """A served copy of the build of its own; fails the test if its page misbehaved."""
    served = Site(browser, build, str(tmp_path / "lotus"))
    yield served
    served.close()
    served.guard.check()


@pytest.fixture(scope="module")
def visited_site(browser, build, tmp_path_factory):
    """A served copy of the build after its first visit (checked by `first_visit`)."""
    served = Site(browser, build, str(tmp_path_factory.mktemp("visited") / "lotus"))
    try:
        first_visit(served)
        served.page.evaluate("localStorage.clear()")
        served.page.close()
        served.guard.check()
        yield served
    finally:
        served.close()


@pytest.fixture
def visited(visited_site):
    """The visited site in a new page; afterwards network and server are back, the storage is
    cleared, and the test fails if its page misbehaved."""
    visited_site.new_page()
    yield visited_site
    visited_site.context.set_offline(False)
    visited_site.start_server()
    try:
        visited_site.page.evaluate("localStorage.clear()")
    finally:
        visited_site.page.close()
        visited_site.guard.check()


def version(folder: str) -> str:
    with open(os.path.join(folder, "sw.js"), encoding="utf-8") as f:
        return re.search(r'const VERSION = "([0-9a-f]+)";', f.read()).group(1)


def open_game(page, url: str, query: str, worker: bool = False) -> None:
    page.goto(f"{url}/index.html?{query}")
    wait_ready(page)
    if worker:
        page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)


def first_visit(site: Site, worker: bool = True) -> None:
    """Visit once; the service worker installs, takes control and, once the page is idle, holds
    every listed file (but an optional one the visit did not use), each downloaded from the
    server once. `worker`: the visit is a game
    against the computer, and waits for its Pyodide worker (every file the page and its workers
    loaded is then checked to be listed); else a game between people (no worker)."""
    page = site.page
    if worker:
        open_game(page, site.url, "game=race&seats=human,easy", worker=True)
    else:
        open_game(page, site.url, "game=go")
    state = page.evaluate(SW_STATE)
    assert state["state"] == "activated" and state["script"] == f"{site.url}/sw.js"
    assert state["controlled"], "the first page is not controlled (clients.claim)"
    page.wait_for_selector('body[data-offline="all"]', state="attached", timeout=WORKER_TIMEOUT)
    listed = [f for f in dist.expected_files(site.folder) if f not in ("sw.js", ".nojekyll")]
    assert listed == build_sw.site_files(site.folder)
    caches = page.evaluate(CACHED)
    assert list(caches) == [f"lotus {site.url}/ {version(site.folder)}"]
    cached = sorted(u[len(site.url) + 1 :] for u in next(iter(caches.values())))
    # and each page under the other URLs it is loaded by (the site's folder: ""); a file the site
    # works without (Pyodide's snapshot) only if the visit used it: its Pyodide worker did
    aliases = ["" if a == "./" else a for a in build_sw.aliases(site.folder)]
    if not worker:
        listed = [f for f in listed if f not in build_sw.OPTIONAL]
    assert cached == sorted(listed + aliases)
    # No file was sent twice: what the page and its workers loaded was stored as it passed or
    # taken from the HTTP cache, and only the rest was fetched (a 304 sends no body).
    prefix = "/" + os.path.basename(site.folder) + "/"
    sent = collections.Counter(path for path, status, _ in site.log if status == 200)
    assert [p for p, n in sent.items() if n > 1] == [], "sent twice"
    assert {p.removeprefix(prefix) for p in sent} >= set(listed)
    if worker:
        # Everything the page and its workers loaded is in the list (sw.js is not cached).
        assert site.requested - {"index.html", "sw.js"} <= set(listed), "loaded, not precached"
        assert any(p.endswith("pyodide.asm.wasm") for p in site.requested)


def play_both_games(site: Site) -> None:
    """Reload: both games play by clicks, and the computer answers, from the opening book and
    from a worker's search, and both workers start."""
    page = site.page  # a new page, its storage emptied (the `visited` fixture): no saved game
    open_game(page, site.url, "game=race&seats=easy,human")  # the computer moves first
    wait_moves(page, 1, timeout=WORKER_TIMEOUT)
    page.wait_for_selector('body[data-computer-ready="1"]', timeout=WORKER_TIMEOUT)
    by = [t["by"] for t in json.loads(page.evaluate("window.lotus.timings()"))]
    assert by == ["book"], by  # a usual start's first move: the opening book, no search
    game = race.Game()
    game.play(moves(page)[0])
    click_move(page, sorted(game.legal_moves())[0])
    wait_moves(page, 3, timeout=WORKER_TIMEOUT)
    by = [t["by"] for t in json.loads(page.evaluate("window.lotus.timings()"))]
    assert by[1:] and set(by[1:]) <= {"micropython", "cpython"}, by  # a worker's search
    game = race.Game()
    for move in moves(page):
        game.play(move)
    assert game.to_move == "b"
    click_move(page, sorted(game.legal_moves())[0])
    wait_moves(page, 4)
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)

    open_game(page, site.url, "game=go&marker=0")
    page.click('[data-point="37"]')
    page.click('[data-point="12"]')
    wait_moves(page, 2, exactly=True)
    assert moves(page) == ["37", "12"]
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def learn_offline(site: Site) -> None:
    """The rules pages, in English and German, and an embedded board boot and work from the
    cache too."""
    page = site.page
    for name, lang in (("go.html", "en"), ("go.de.html", "de")):
        page.goto(f"{site.url}/rules/{name}")
        wait_ready(page)
        assert page.get_attribute("html", "lang") == lang
        # the browser answered the page load from the cache by itself, without the worker's code
        assert page.evaluate(ROUTED) == "cache"
        step = page.locator('figure[data-mode="step"]').first
        step.locator('[data-action="next"]').click()
        assert step.get_attribute("data-step") == "1"
    page.goto(f"{site.url}/embed.html#game=race&mode=puzzle&answer=Sw4-A4")
    wait_ready(page)
    page.locator('[data-start="w4"]').click()
    page.click('[data-field="A4"]')
    assert page.get_attribute("figure[data-diagram]", "data-solved") == "1"


def served_by_worker(record: list) -> None:
    """Every response, the Pyodide worker's included (it runs from a blob: URL and inherits the
    page's service worker), came from the service worker's cache."""
    for response in record:
        assert response.from_service_worker or response.url.startswith("blob:"), response.url
    assert any(r.url.endswith("/static/vendor/pyodide/pyodide.asm.wasm") for r in record)
    assert any(r.url.endswith("/build/quick-worker.bundle") for r in record)  # the quick worker


def test_with_the_network_off_a_reload_boots_and_everything_plays(visited):
    site = visited
    site.context.set_offline(True)
    responses = []
    site.page.on("response", lambda r: responses.append(r))
    play_both_games(site)
    served_by_worker(responses)
    learn_offline(site)


def test_with_the_server_stopped_a_reload_boots_and_everything_plays(visited):
    site = visited
    site.stop_server()
    responses = []
    site.page.on("response", lambda r: responses.append(r))
    play_both_games(site)
    served_by_worker(responses)


def test_a_new_build_is_offered_as_an_update_and_replaces_the_old_cache(site, tmp_path):
    first_visit(site, worker=False)  # the visit with the computer: the `visited_site` fixture
    old = f"lotus {site.url}/ {version(site.folder)}"
    # The next version: one byte more in a stylesheet, rebuilt into the folder being served.
    source = str(tmp_path / "next")
    shutil.copytree(site.folder, source)
    with open(os.path.join(source, "static", "css", "update.css"), "a") as f:
        f.write("\n")
    dist.build(site.folder, root=source)
    new = f"lotus {site.url}/ {version(site.folder)}"
    assert new != old

    page = site.page
    assert page.is_hidden("[data-update]")
    # A game between people, so that the update's two page loads do not each start the Pyodide
    # worker: the update is the service worker's.
    open_game(page, site.url, "game=go")
    page.wait_for_selector("[data-update]:not([hidden])", timeout=WORKER_TIMEOUT)
    assert "Update available" in page.inner_text("[data-update]")
    assert set(page.evaluate(CACHED)) == {old, new}
    with page.expect_navigation():
        page.click("[data-reload]")
    wait_ready(page)
    assert page.is_hidden("[data-update]")
    state = page.evaluate(SW_STATE)
    assert state["controlled"] and state["state"] == "activated"
    assert list(page.evaluate(CACHED)) == [new]
    css = page.evaluate("fetch('static/css/update.css').then(r => r.text())")
    assert css.endswith("\n\n"), "the page still runs the old version"


def test_saving_data_a_first_visit_keeps_only_what_it_used(site):
    """A visitor whose browser saves data: the first visit downloads nothing for offline use.
    The worker keeps what the page loaded (a game between people: no engine worker, no Pyodide),
    and offline that game reloads from the cache and plays."""
    page = site.page
    cdp = site.context.new_cdp_session(page)
    cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    open_game(page, site.url, "game=go")
    assert page.evaluate("navigator.connection.saveData") is True
    page.wait_for_selector('body[data-offline="used"]', state="attached", timeout=WORKER_TIMEOUT)
    prefix = "/" + os.path.basename(site.folder) + "/"
    sent = [path.removeprefix(prefix) for path, status, _ in site.log if status == 200]
    unused = ("worker.toml", "worker-mpy.toml", "static/py/worker.py")
    assert not [p for p in sent if "pyodide" in p or p.endswith(unused)], "fetched, never used"
    cached = {u[len(site.url) + 1 :] for u in next(iter(page.evaluate(CACHED).values()))}
    assert {"index.html", "static/vendor/micropython/micropython.wasm"} <= cached
    assert set(sent) - {"sw.js"} <= cached, "used, not kept"
    assert not [p for p in cached if "pyodide" in p]
    site.context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.click('[data-point="37"]')
    wait_moves(page, 1)
    site.context.set_offline(False)


def test_a_snapshot_the_worker_dropped_is_not_stored_and_offline_pyodide_starts_in_full(
    browser, build, tmp_path
):
    """Pyodide's start snapshot is slow to come (here: never sent), as its 6 MB are on a phone's
    network: the worker drops it and starts Pyodide in full, and the service worker never fetches
    it for the cache (had it asked, the held file would keep data-offline from ever being set);
    offline, a reload's computer plays with Pyodide started in full."""
    held = threading.Event()
    site = Site(browser, build, str(tmp_path / "lotus"), delays={"snapshot.bin": held})
    try:
        page = site.page
        open_game(page, site.url, "game=race&seats=human,easy", worker=True)
        page.wait_for_selector('body[data-offline="all"]', state="attached", timeout=WORKER_TIMEOUT)
        cached = {u[len(site.url) + 1 :] for u in next(iter(page.evaluate(CACHED).values()))}
        assert "static/vendor/pyodide/pyodide.asm.wasm" in cached
        assert "static/vendor/pyodide/snapshot.bin" not in cached
        asked = [path for path, _status, _sent in site.log if path.endswith("snapshot.bin")]
        assert len(asked) <= 1, "asked for again, by the cache"  # the worker's, never answered
        site.context.set_offline(True)
        page.close()  # else its computer, seeing the move through storage, may answer first
        site.new_page()
        page = site.page
        open_game(page, site.url, "game=race&seats=human,easy", worker=True)
        click_move(page, "Sw4-A4")
        wait_moves(page, 2, timeout=WORKER_TIMEOUT)
        by = [t["by"] for t in json.loads(page.evaluate("window.lotus.timings()"))]
        assert by == ["cpython"], by
        site.context.set_offline(False)
    finally:
        held.set()
        site.close()
    site.guard.check()


def test_where_service_workers_are_unavailable_the_page_works_and_logs_no_error(browser, build):
    """Browsers or settings without service workers (here Playwright blocks them): same page."""
    server, url = serve(build)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    guard = Guard(url)
    guard.attach(page)
    try:
        open_game(page, url, "game=race&seats=human,easy", worker=True)
        page.locator('[data-start="w4"]').first.click()
        page.click('[data-field="A4"]')
        wait_moves(page, 2, timeout=WORKER_TIMEOUT)
        page.wait_for_timeout(300)  # a registration attempt would have happened by now
        assert page.evaluate(CACHED) == {}
        assert page.evaluate("!navigator.serviceWorker || !navigator.serviceWorker.controller")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    guard.check()


def test_with_the_server_stopped_the_rules_pages_computer_plays(visited):
    """The rules pages start their workers from rules/worker.toml and rules/worker-mpy.toml
    (named in code, not in an attribute): precached too, so "Try it" against the computer works
    offline."""
    site = visited  # first visited at the app only: the rules pages were never opened online
    assert {"rules/worker.toml", "rules/worker-mpy.toml"} <= set(build_sw.site_files(site.folder))
    site.stop_server()
    page = site.page
    page.goto(f"{site.url}/rules/race.html")
    wait_ready(page)
    play = next(d for d in diagrams("race") if d["mode"] == "play")
    fid = play["id"]
    game = puzzle_position(play)
    move = sorted(game.legal_moves())[0]
    await_reply(page, fid, lambda: click_race_move(page, fid, move))
    page.wait_for_selector('body[data-worker-ready="1"]', state="attached", timeout=WORKER_TIMEOUT)


def test_offline_a_german_link_opens_the_german_page_and_plays(visited):
    """After a first visit in English, with the network off: a link asking for German opens the
    German page from the cache, in German, and it plays; its manifest starts the German app."""
    site = visited
    site.context.set_offline(True)
    page = site.page
    page.goto(f"{site.url}/index.html?game=go&lang=de")
    page.wait_for_url("**/index.de.html?game=go")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text('.actions [data-action="new-dialog"]') == "Neue Partie"
    page.click('[data-point="37"]')
    wait_moves(page, 1)
    manifest = page.evaluate("fetch('static/manifest.de.webmanifest').then(r => r.json())")
    assert manifest["lang"] == "de" and manifest["start_url"] == "../index.de.html"
    page.reload()  # the German page itself, offline
    wait_ready(page)
    assert page.url.endswith("/index.de.html?game=go") and moves(page) == ["37"]
