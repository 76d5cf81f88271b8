"""Flip's board as SVG (the renderer the registry hands out): one square per point, its stone.

    board(game, last_move="c1")  # '<svg ... class="flip-board size-4">...</svg>'

Each square is a `<g class="point" data-point="a1">` (the page's click hook for a point).
"""

from lotus.render.svg import element, esc
from tests.support.flip.engine import square_name

CELL = 40


def board(game, last_move=None) -> str:
    """The board of a `engine.Game`, the last move's square marked."""
    size = game.size
    cells = []
    for i in range(size * size):
        name = square_name(size, i)
        x = (i % size) * CELL
        y = (size - 1 - i // size) * CELL
        stone = game.board[i]
        parts = [element("rect", [("x", x), ("y", y), ("width", CELL), ("height", CELL)])]
        if stone != ".":
            parts.append(
                element(
                    "circle",
                    [("class", "stone " + stone), ("cx", x + CELL // 2), ("cy", y + CELL // 2)]
                    + [("r", CELL * 2 // 5)],
                )
            )
        classes = "point " + ("empty" if stone == "." else stone)
        if name == last_move:
            classes += " last"
        cells.append(element("g", [("class", classes), ("data-point", esc(name))], parts))
    width = size * CELL
    return element(
        "svg",
        [
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("class", "flip-board size-" + str(size)),
            ("viewBox", "0 0 " + str(width) + " " + str(width)),
        ],
        cells,
    )
