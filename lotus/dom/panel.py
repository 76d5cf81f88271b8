"""The app panel's words, for `lotus.ui_bindings`: players, move-list clicks, title, errors.

A thin part of the app's DOM adapter (MicroPython in index.html): it writes what
`lotus.page.panel` decided (the page view's words) into `[data-players]`, the tab's title, the
View menu's point numbers and the import box's `[data-record-error]`, and turns a click on a move
of `[data-movelist]` into `PageController.goto` (on a variation's Keep or ✕ into its action).
"""

from pyscript import document


def wire(page) -> None:
    """Listen to clicks on the move list (each move is a `[data-ply]` button)."""
    page.listen(page.movelist, "click", lambda event: on_move_click(page, event))


def on_move_click(page, event) -> None:
    """A click on a move: show the position after it; on a variation's button: keep or discard
    it (asked as the page's action)."""
    action = event.target.closest("[data-variation-action]")
    if action is not None:
        page.do_action("variation-" + str(action.getAttribute("data-variation-action")))
        return
    button = event.target.closest("[data-ply]")
    if button is not None:
        page.c.goto(str(button.getAttribute("data-ply")))
        page.refresh()


def render(page, view: dict) -> None:
    """Write the players, the result box's placings, the title, the point-numbers box and the
    import error."""
    shown = page._shown
    players = document.querySelector("[data-players]")
    if players is not None and shown.get("players") != view["players"]:
        shown["players"] = view["players"]
        players.innerHTML = view["players"]
    if shown.get("title") != view["title"]:
        shown["title"] = view["title"]
        document.title = view["title"]
    placings = document.querySelector("[data-placings]")
    if placings is not None and shown.get("placings") != view["placings"]:
        shown["placings"] = view["placings"]
        placings.innerHTML = view["placings"]
        if view["placings"]:
            placings.removeAttribute("hidden")
        else:
            placings.setAttribute("hidden", "")
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
