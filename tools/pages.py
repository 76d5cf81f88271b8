"""Live play's e2e helpers: two devices (browser contexts), an invitation and its reply sent as
links, the pages' hooks read. Shared by the live tests and bench/live_latency.py."""

TIMEOUT = 30_000
MOVES = "[data-movelist] [data-move]"


def new_context(browser):
    return browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")


def opener(guard, site):
    """open(context, path or link) -> a guarded page whose Python is ready (open.pages)."""

    def _open(context, path):
        page = context.new_page()
        guard.attach(page)
        _open.pages.append(page)
        page.goto(path if path.startswith("http") else f"{site}/{path}")
        page.wait_for_selector('body[data-ready="1"]', timeout=TIMEOUT)
        return page

    _open.pages = []
    return _open


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
    guest.wait_for_selector('body[data-ready="1"]', timeout=TIMEOUT)
    return wait_reply(guest)


def arrive(open_, context, link: str) -> tuple:
    """A friend opens the invitation in a new tab of their browser: (their page, the reply)."""
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


def moves(page) -> list:
    return page.eval_on_selector_all(MOVES, "els => els.map(e => e.getAttribute('data-move'))")


def wait_moves(page, count: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('{MOVES}').length >= {count}", timeout=TIMEOUT
    )


def refused(page) -> int:
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
        page.wait_for_function(f"!document.querySelector('{MOVES}')", timeout=TIMEOUT)
        page.wait_for_selector('body[data-phase="play"]', timeout=TIMEOUT)
