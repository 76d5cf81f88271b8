"""The analysis view's DOM adapter, for `lotus.ui_bindings` (MicroPython in index.html).

It writes what `lotus.page.analysis.Analysis.view()` decided (the page view's "analysis") into the
page: the progress line and bar, the win-estimate graph `[data-eval-graph]`, the flagged moves in
words, the computer's preferred move `[data-best]` beside the move played `[data-played]` and Go's
ownership map on the board; and turns a click on the graph into `PageController.goto`, as a click
on the move list does.
"""

from pyscript import document

from lotus.dom.host import fill, flag, say, show


def wire(page) -> None:
    """Listen to clicks on the graph (each position is a `[data-eval-ply]` column)."""
    graph = document.querySelector("[data-eval-graph]")
    if graph is not None:
        page.listen(graph, "click", lambda event: on_graph_click(page, event))


def on_graph_click(page, event) -> None:
    """A click on the graph: show the position under it."""
    column = event.target.closest("[data-eval-ply]")
    if column is not None:
        page.c.goto(str(column.getAttribute("data-ply")))
        page.refresh()


def render(page, view: dict) -> None:
    """Write the analysis's progress, graph, flagged moves and board marks (after the board)."""
    analysis = view["analysis"]
    shown = page._shown
    flag(page.body, "analysis", analysis["state"])
    status = document.querySelector("[data-analysis-status]")
    if status is not None:
        say(status, analysis["status"])
    bar = document.querySelector("[data-analysis-progress]")
    if bar is not None:
        progress = analysis["progress"]
        show(bar, progress is not None)
        if progress is not None:
            bar.max = max(1, progress[1])
            bar.value = progress[0]
    graph = document.querySelector("[data-eval-graph]")
    if graph is not None and shown.get("eval-graph") != analysis["graph"]:
        shown["eval-graph"] = analysis["graph"]
        fill(graph, analysis["graph"])
    summary = document.querySelector("[data-analysis-summary]")
    if summary is not None:
        say(summary, analysis["summary"])
    toggle = document.querySelector('[data-action="ownership"]')
    if toggle is not None:
        toggle.setAttribute("aria-pressed", "true" if analysis["ownership_on"] else "false")
    toggle = document.querySelector('[data-action="estimate"]')  # Go's score estimate in play
    if toggle is not None:
        toggle.setAttribute("aria-pressed", "true" if analysis["estimate_on"] else "false")
    estimate = document.querySelector("[data-estimate]")
    if estimate is not None:
        say(estimate, analysis["estimate"])
    mark_board(page.board, analysis)


def mark_board(board, analysis: dict) -> None:
    """The preferred move (`data-best`) beside the move played (`data-played`), and each point's
    likely owner (`data-own`)."""
    for kind, value in analysis["played"]:
        element = board.querySelector(f'[data-{kind}="{value}"]')
        if element is not None:
            element.setAttribute("data-played", kind)
    for kind, value in analysis["best"]:
        element = board.querySelector(f'[data-{kind}="{value}"]')
        if element is not None:
            element.setAttribute("data-best", kind)
    for point, owner, strength in analysis["ownership"]:
        element = board.querySelector(f'[data-point="{point}"]')
        if element is not None:
            element.setAttribute("data-own", owner)
            element.style.setProperty("--own", str(strength))
    flag(board, "ownership", "1" if analysis["ownership"] else None)
