"""Driving the site's pages in a browser through their hooks (docs/page-contract.md): a page
ready, the app opened at an address or from a share link, the move list, the status line, and
live play between two devices (an invitation and its reply sent as links). Shared by the e2e
tests and the benchmarks (bench/live_latency.py, bench/live_flood.py), as tools/browser.py is.

Waits are for a state of the page, with timeouts long enough for a loaded machine.
"""

TIMEOUT = 30_000  # ms: what the page does by itself (ready, a move shown, a message passed on)
WORKER_TIMEOUT = 90_000  # ms: what waits for a worker (Pyodide's start, a search)
READY = 'body[data-ready="1"]'
MOVES = "[data-movelist] [data-move]"
# Init script for the benchmarks: the time (ms from navigation start) at which the page's hooks
# first said ready, computer ready and worker ready, and the move list first held more than
# MOVES_BEFORE moves (replace it with a number), kept in window.__first.
TIMES_WATCH = """(() => {
  const t = (window.__first = {});
  const look = () => {
    const body = document.body;
    if (!body) return;
    const d = body.dataset;
    if (t.ready === undefined && d.ready === '1') t.ready = performance.now();
    if (t.computer === undefined && d.computerReady === '1') t.computer = performance.now();
    if (t.worker === undefined && d.workerReady === '1') t.worker = performance.now();
    if (t.move === undefined &&
        document.querySelectorAll('[data-movelist] [data-move]').length > MOVES_BEFORE)
      t.move = performance.now();
  };
  new MutationObserver(look).observe(document, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ['data-ready', 'data-computer-ready', 'data-worker-ready'],
  });
  look();
})();"""


def wait_ready(page, timeout: int = TIMEOUT) -> None:
    """Wait until the page's Python is ready (`body[data-ready]`)."""
    page.wait_for_selector(READY, timeout=timeout)


def base(page) -> str:
    """The page's address without its query and fragment."""
    return page.url.split("?")[0].split("#")[0]


def load(page, address: str = "", fresh: bool = False, storage=None) -> None:
    """Load the app's page again at `address` (a query and/or fragment: "?game=go",
    "?game=race#g=…", or "" for the plain address) and wait until it is ready. `fresh`: the
    site's storage emptied first (no saved game: a query opens a new one); `storage`: emptied,
    then holding these items (key -> text), as a browser kept them. A load boots the page's
    Python again. (The page writes its storage only when something happens in it, never as it
    leaves: what is written here before the load is what the loaded page finds.)"""
    if fresh or storage is not None:
        page.evaluate(
            "items => { localStorage.clear();"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            storage or {},
        )
    target = base(page) + address
    if "#" in target and target.split("#")[0] == page.url.split("#")[0]:
        page.goto("about:blank")  # else only the fragment changes: the page stays, no new load
    page.goto(target)
    wait_ready(page)


def reload(page) -> None:
    """Reload the page and wait until it is ready."""
    page.reload()
    wait_ready(page)


def paste_link(page, game, seats=None) -> None:
    """Open `game` (an engine game, `seats` as in its record) in `page` from its share link,
    pasted into the address bar of the page's tab: only the fragment changes, so the page stays,
    and so do its workers (a page load boots Python again: about a second of CPU, and the quick
    worker's start). Returns once the page has opened it: it then clears the fragment."""
    from lotus.game import records

    fragment = records.to_link_fragment(records.record_of(game, seats=seats))
    page.evaluate("window.lotusStayed = true")
    page.goto(page.url.split("#")[0] + "#" + fragment)  # the same address but for the fragment
    page.wait_for_function("location.hash === ''")
    assert page.evaluate("window.lotusStayed === true"), "the page was loaded again"


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


def moves(page) -> list:
    """The moves of the page's move list, in play order."""
    return page.eval_on_selector_all(MOVES, "els => els.map(e => e.getAttribute('data-move'))")


def wait_moves(page, count: int, timeout: int = TIMEOUT, exactly: bool = False) -> None:
    """Wait until the move list holds `count` moves or more (`exactly`: `count`)."""
    test = "===" if exactly else ">="
    page.wait_for_function(
        f"document.querySelectorAll('{MOVES}').length {test} {count}", timeout=timeout
    )


def wait_text(page, words: str, selector: str = "[data-status]", timeout: int = TIMEOUT) -> None:
    """Wait until the text of `selector` (the status line) holds `words`."""
    page.wait_for_function(
        "([sel, words]) => (document.querySelector(sel)?.textContent || '').includes(words)",
        arg=[selector, words],
        timeout=timeout,
    )


# One question to the Pyodide worker after everything asked before: it answers in order, so once
# this returns, any call made earlier has answered too (a search's answer played or dropped).
WORKER_BARRIER = """() => window.lotus.workerLegalMoves(JSON.stringify(
  {game: 'race', options: {players: 2, pro: false, first: 'w'}, moves: []}))"""


def worker_barrier(page) -> None:
    """Wait until the worker has answered every call made before this one."""
    page.evaluate(WORKER_BARRIER)


# -- live play: two devices ---------------------------------------------------------------------


def new_context(browser):
    """A device of its own: a browser context with its own storage."""
    return browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")


def invite(host, choices=None) -> str:
    """The host opens Live, chooses colours, and gets the invitation link."""
    host.click('[data-action="live"]')
    for colour, choice in (choices or {}).items():
        host.select_option(f'[name="live-{colour}"]', choice)
    old = host.input_value("[data-live-invite]")
    # The click and a look at the field in one turn of the page's event loop: an earlier
    # invitation is gone at once, before the new one is made, never a stale link to copy.
    after_click = host.evaluate(
        "() => { document.querySelector('[data-action=\"live-invite\"]').click();"
        " return document.querySelector('[data-live-invite]').value; }"
    )
    if "#live=" in old:
        assert after_click == ""
    host.wait_for_function(
        "document.querySelector('[data-live-invite]').value.includes('#live=')", timeout=TIMEOUT
    )
    return host.input_value("[data-live-invite]")


def next_invitation(host, old: str) -> str:
    """The dialog's next friend's invitation, once the previous friend connected."""
    host.wait_for_function(
        "(old) => { const v = document.querySelector('[data-live-invite]').value;"
        " return v.includes('#live=') && v !== old; }",
        arg=old,
        timeout=TIMEOUT,
    )
    return host.input_value("[data-live-invite]")


def join(guest, link: str) -> str:
    """The guest opens the invitation; returns the reply link."""
    guest.goto(link)
    wait_ready(guest)
    return wait_reply(guest)


def arrive(open_, context, link: str) -> tuple:
    """A friend opens the invitation in a new tab of their browser (`open_(context, link)`
    opens a ready page): (their page, the reply)."""
    guest = open_(context, link)
    return guest, wait_reply(guest)


def wait_reply(guest) -> str:
    guest.wait_for_function(
        "document.querySelector('[data-live-reply]').value.includes('#reply=')", timeout=TIMEOUT
    )
    return guest.input_value("[data-live-reply]")


def paste(host, guest, reply: str) -> None:
    """The host pastes the reply; the guest is connected (the host's dialog stays open)."""
    host.fill("[data-live-reply-input]", reply)
    host.click('[data-action="live-connect"]')
    guest.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)
    guest.keyboard.press("Escape")


def connect(host, guest, reply: str) -> None:
    """The host pastes the reply; both pages are connected and their dialogs closed."""
    paste(host, guest, reply)
    host.wait_for_selector('body[data-live="connected"]', timeout=TIMEOUT)
    host.keyboard.press("Escape")


def take_turns(first, second, *played) -> None:
    """Two connected pages of a Go game take turns, `first` beginning: each places a stone on
    the point named (or passes), and the move shows on both pages before the next."""
    pages = (first, second)
    for i, move in enumerate(played):
        count = len(moves(first)) + 1
        mover = pages[i % 2]
        if move == "pass":
            mover.click('[data-action="pass"]')
        else:
            mover.click(f'[data-point="{move}"]')
        for page in pages:
            wait_moves(page, count)


def refused(page) -> int:
    """How many messages from the other side the page refused."""
    return int(page.get_attribute("body", "data-live-refused") or 0)


def ask_new_game(host, guest) -> None:
    """The host asks for a new game (the New game dialog's button); the friend is asked."""
    host.click('.actions [data-action="new-dialog"]')
    host.click('form[data-form="go"] [data-action="new"]')
    guest.wait_for_selector("[data-live-ask]:not([hidden])", timeout=TIMEOUT)
    assert "a new game" in guest.text_content("[data-live-question]")


def fresh_game(host, guest) -> None:
    """The shared pair starts a new game, the friend agreeing (nothing to do on an empty one)."""
    if not moves(host) and host.get_attribute("body", "data-phase") == "play":
        return
    ask_new_game(host, guest)
    guest.click('[data-action="live-accept"]')
    for page in (host, guest):
        wait_moves(page, 0, exactly=True)
        page.wait_for_selector('body[data-phase="play"]', timeout=TIMEOUT)


# -- records -------------------------------------------------------------------------------------


def open_records(page) -> None:
    """Open the panel's records section (export, import, share, embed) if it is closed."""
    if not page.is_visible("[data-record-text]"):
        page.click("details.records summary")


def import_record(page, text: str) -> None:
    """Put `text` in the record box (set at once, as a paste does, however long) and press
    Import."""
    open_records(page)
    page.evaluate("(text) => { document.querySelector('[data-record-text]').value = text; }", text)
    page.click('[data-action="import"]')
