"""The app page's "Your games" list, other tabs, and unexpected errors (DOM adapter).

Part of `lotus.ui_bindings`' `Page`, kept apart: the list (`details[data-library]`), the
`storage` event (another tab moved a game on), the error details box under `[data-error]`, and
the clock the saved games are dated by. It decides nothing: `lotus.page.controller` does.
"""

from pyscript import document, window

from lotus.dom.host import details_of, say, show
from lotus.words import N_, _

LIST_ACTIONS = ("resume-saved", "delete-saved", "export-saved")
LIVE_UNREADABLE = N_("The live game kept in this browser could not be read; it is not resumed.")
UNEXPECTED = N_("Something went wrong while the page started. (Details below.)")


def clock() -> dict:
    """Now, for the list ('2026-11-30 14:05') and for ids made in this tab (a stamp)."""
    now = window.Date.new()
    date = (
        f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d} "
        f"{now.getHours():02d}:{now.getMinutes():02d}"
    )
    stamp = ""
    ms = int(now.getTime())
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    while ms:
        stamp = digits[ms % 36] + stamp
        ms //= 36
    return {"date": date, "stamp": stamp + "-"}


def start(page) -> bool:
    """The controller's start, guarded: the page becomes ready whatever storage holds."""
    try:
        return page.c.start(str(window.location.search), str(window.location.hash or ""))
    except Exception as exc:
        page.c.failure = details_of(exc)
        page.c.error = _("Your saved games could not be read; a new game was started.")
        return False


def attempt(page, step, message: str) -> bool:
    """Run a step of the page's start; when it fails, say `message` (marked with N_, worded here;
    the details below it) and go on: the page becomes ready whatever storage holds. False when it
    failed."""
    try:
        step()
    except Exception as exc:
        details = details_of(exc)
        window.console.warn("lotus: " + details)
        page.c.failure = details
        page.c.error = (page.c.error + " " + _(message)).strip()
        try:
            page.render()
        except Exception as again:  # the notice at least, written directly
            window.console.warn("lotus: " + details_of(again))
            say(document.querySelector("[data-error]"), page.c.error)
        return False
    return True


def wire(page) -> None:
    """Listen to the list's buttons, the error box's Copy button and other tabs."""
    listing = document.querySelector("[data-library-list]")
    if listing is not None:
        page.listen(listing, "click", lambda event: on_list_click(page, event))
    copy = document.querySelector("[data-copy-error]")
    if copy is not None:
        page.listen(copy, "click", lambda event: copy_details(page))
    # document.defaultView: addEventListener on the `window` proxy is an illegal invocation
    page.listen(document.defaultView, "storage", lambda event: on_storage(page, event))


def on_list_click(page, event) -> None:
    """Resume, delete or export a saved game (asking first before a delete)."""
    button = event.target.closest("[data-action]")
    if button is None:
        return
    action = str(button.getAttribute("data-action"))
    if action not in LIST_ACTIONS:
        return
    question = page.c.question(action)
    if question and not window.confirm(question):
        return
    key = page.c.saved_action(action, str(button.getAttribute("data-id")))
    if key:  # copied in JavaScript: a save too large for Python's memory is exported too
        window.lotusStore.fill(key, "[data-record-text]")
        records = document.querySelector("details.records")
        if records is not None:
            records.open = True
    page.refresh()


def on_storage(page, event) -> None:
    """Another tab wrote storage: follow the games on screen, redraw the list."""
    key = event.key
    if page.c.on_storage(None if key is None else str(key)):
        page.refresh(save=False)


def copy_details(page) -> None:
    """Copy the error's details (or select them when the clipboard is refused)."""
    text = page.c.failure

    async def write() -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:
            pre = document.querySelector("[data-error-text]")
            window.getSelection().selectAllChildren(pre)

    page.spawn(write())


def render(page, view) -> None:
    """The list and the error's details."""
    listing = document.querySelector("[data-library-list]")
    if listing is not None and page._shown.get("library") != view["library"]:
        page._shown["library"] = view["library"]
        listing.innerHTML = view["library"]
        empty = document.querySelector("[data-library-empty]")
        if empty is not None:
            show(empty, not view["library"])
    box = document.querySelector("[data-error-details]")
    if box is not None:
        document.querySelector("[data-error-text]").textContent = view["failure"]
        show(box, view["failure"] and view["error"])


def failed(page, before, exc) -> None:
    """An event failed unexpectedly: the game as it was, a short message and the details."""
    details = details_of(exc)
    window.console.warn("lotus: " + details)
    if before is None:
        return
    try:
        page.c.recover(before, details)
        page.render()
    except Exception as again:  # the page must never end up with a Python error on it
        window.console.warn("lotus: " + details_of(again))
