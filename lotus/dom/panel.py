"""The app panel's words, for `lotus.ui_bindings`: players, move-list clicks, title, errors.

A thin part of the app's DOM adapter (MicroPython in index.html): it writes what
`lotus.page.panel` decided (the page view's words) into `[data-players]`, the tab's title, the
View menu's point numbers and the import box's `[data-record-error]`, and turns a click on a move
of `[data-movelist]` into `PageController.goto`.
"""

from pyscript import document


def wire(page) -> None:
    """Listen to clicks on the move list (each move is a `[data-ply]` button)."""
    page.listen(page.movelist, "click", lambda event: on_move_click(page, event))


def on_move_click(page, event) -> None:
    """A click on a move: show the position after it."""
    button = event.target.closest("[data-ply]")
    if button is not None:
        page.c.goto(str(button.getAttribute("data-ply")))
        page.refresh()


def render(page, view: dict) -> None:
    """Write the players, the title, the point-numbers box and the import error."""
    shown = page._shown
    players = document.querySelector("[data-players]")
    if players is not None and shown.get("players") != view["players"]:
        shown["players"] = view["players"]
        players.innerHTML = view["players"]
    if shown.get("title") != view["title"]:
        shown["title"] = view["title"]
        document.title = view["title"]
    numbers = document.querySelector('[data-view-menu] input[name="numbers"]')
    if numbers is not None and shown.get("numbers") is not view["numbers"]:
        shown["numbers"] = view["numbers"]
        numbers.checked = view["numbers"]
    box = document.querySelector("[data-record-error]")
    if box is not None:
        box.querySelector("[data-record-error-text]").textContent = view["record_error"]
        if view["record_error"]:
            box.removeAttribute("hidden")
        else:
            box.setAttribute("hidden", "")
