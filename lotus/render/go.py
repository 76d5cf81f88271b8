"""The Go board (Lotus, Freeling) and its pass track as SVG markup: pure functions, no DOM.

Modelled on python-chess's ``chess.svg``: one function per picture, keyword-only options with
defaults, colours in one overridable table (``DEFAULT_COLORS``) and semantic class names on every
element, so the page's CSS (``static/css/go-board.css``) can style and animate it and tests can find
it. Every colour is also written as a presentation attribute: the markup looks right with no CSS
at all (pre-drawn into static HTML, or saved as a picture).

Page-contract hooks carried here: each point is a ``<g data-point="1".."72">`` (a focusable button
with an ``aria-label``); a stone is the element inside it with ``data-colour="w"|"b"``; the pass
track's marker carries ``data-marker`` and ``data-value="-7".."7"``.

The output is byte-identical under CPython and MicroPython: numbers go through ``svg.num``, only
lists decide the order of things, and no trigonometry is used.

    >>> from lotus.engine import go
    >>> g = go.Game()
    >>> g.play("1")
    >>> svg_text = board(g, last_move="1") + track(g.marker)
"""

from lotus.engine import kensington
from lotus.render import svg
from lotus.words import N_, _, language

UNIT = 100
"""ViewBox units per board unit (neighbouring points are one board unit apart)."""

STONE_R = 0.46
"""Stone radius in board units: stones on neighbouring points almost touch."""

HIT_R = 0.75
"""A point's hit area is its Voronoi cell (every spot nearer to it than to any other point) cut
off at this distance: it holds the disc of radius 0.5 and fills the board between the points, so
a finger that lands anywhere near a point finds it (34 px across at least on a 360 px phone)."""

MARGIN = 0.8
"""Board units of picture around the outermost points (the board's rim lies within it)."""

DEFAULT_COLORS = {
    "board": "#f0e3c6",
    "board edge": "#c9ad7f",
    "lotus": "#efcfd8",
    "petal": "#e8b4c4",
    "petal edge": "#d99bb0",
    "heart": "#e0b85c",
    "line": "#6e5641",
    "stone w": "#fbf8f1",
    "stone w edge": "#8f8577",
    "stone b": "#26221f",
    "stone b edge": "#0d0b0a",
    "last move": "#d23c64",
    "lotus mark": "#c2185b",
    "number": "#6e5641",
    "number w": "#5a5047",
    "number b": "#e9e1d3",
    "territory w": "#fbf8f1",
    "territory b": "#26221f",
    "focus": "#2a6fdb",
    "track b": "#3a332e",
    "track w": "#fbf8f1",
    "tick": "#6e5641",
    "marker": "#d23c64",
    "marker text": "#ffffff",
    "label": "#4d3c2d",
}
"""Every colour the pictures use, by role; ``colors={"lotus": "#dde8f5"}`` overrides some."""

_COLOUR_WORDS = {"w": N_("White"), "b": N_("Black")}
_OTHER = {"w": "b", "b": "w"}

_geometry = []

PARTS_FILE = "go_parts.txt"
"""The board's geometry, pre-drawn at set-up (tools/prerender.py); else drawn on first use."""


def _u(x: float) -> str:
    """A length in board units as viewBox text (0.001 board unit precision)."""
    return svg.num(x * UNIT, 1)


def _xy(x: float, y: float) -> str:
    """A board position (y up) as an SVG "x,y" pair (y down)."""
    return _u(x) + "," + _u(-y)


def _ring(poly: list) -> str:
    """A polygon's vertices as SVG points, without the repeats that clipping can leave."""
    out = []
    for x, y in poly:
        p = _xy(x, y)
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return " ".join(out)


def _clip(poly: list, ax: float, ay: float, c: float) -> list:
    """The part of a convex polygon where ax*x + ay*y <= c (Sutherland-Hodgman, one plane)."""
    out = []
    n = len(poly)
    for k in range(n):
        px, py = poly[k]
        qx, qy = poly[(k + 1) % n]
        dp = ax * px + ay * py - c
        dq = ax * qx + ay * qy - c
        if dp <= 0:
            out.append((px, py))
        if (dp < 0 < dq) or (dq < 0 < dp):
            t = dp / (dp - dq)
            out.append((px + t * (qx - px), py + t * (qy - py)))
    return out


def _cell(i: int, pts: list, r: float) -> list:
    """Point i's Voronoi cell cut off by a 12-gon of radius r (at most HIT_R) around it."""
    x0, y0 = pts[i]
    h = 0.8660254037844386 * r
    q = 0.5 * r
    ring = [(r, 0.0), (h, q), (q, h), (0.0, r), (-q, h), (-h, q)]
    ring = ring + [(-a, -b) for a, b in ring]
    poly = [(x0 + a, y0 + b) for a, b in ring]
    # Only points within 2r can bound the cell: on this board, neighbours and theirs.
    near = []
    for m in kensington.NEIGHBOURS[i]:
        for k in (m,) + kensington.NEIGHBOURS[m - 1]:
            if k - 1 != i and k - 1 not in near:
                near.append(k - 1)
    for j in near:
        x1, y1 = pts[j]
        dx = x1 - x0
        dy = y1 - y0
        if dx * dx + dy * dy > 4 * r * r:
            continue
        poly = _clip(poly, dx, dy, (x1 * x1 + y1 * y1 - x0 * x0 - y0 * y0) / 2)
    return poly


def _petal(cx: float, cy: float, ux: float, uy: float, length: float, width: float) -> str:
    """Path data of one lotus petal from (cx, cy) along the unit vector (ux, uy)."""

    def p(t: float, w: float) -> str:
        return _xy(cx + ux * length * t - uy * width * w, cy + uy * length * t + ux * width * w)

    return (
        "M" + p(0, 0) + "C" + p(0.15, 1.0) + " " + p(0.6, 1.05) + " " + p(1, 0)
        + "C" + p(0.6, -1.05) + " " + p(0.15, -1.0) + " " + p(0, 0) + "Z"
    )  # fmt: skip


def _static_layer(pts: list, cx: list, cy: list) -> list:
    """The board's parts that never change, as (markup, colour role) pieces: the board, the seven
    lotus cells with a flower each, and the 132 lines."""
    outline = " ".join(_xy(pts[n - 1][0], pts[n - 1][1]) for n in kensington.OUTLINE)
    parts = []
    # The board follows its outline: a polygon with a thick round-joined stroke, over its rim.
    for cls, role, width in (("board-rim", "board edge", 1.24), ("board", "board", 1.12)):
        parts.append('<polygon class="' + cls + '" points="' + outline + '" fill="')
        parts.append((role,))
        parts.append('" stroke="')
        parts.append((role,))
        parts.append('" stroke-width="' + _u(width) + '" stroke-linejoin="round"/>')
    outer = []
    inner = []
    hearts = []
    for hexagon in kensington.HEXAGONS:
        corners = [pts[p - 1] for p in hexagon]
        parts.append('<polygon class="lotus" points="')
        parts.append(" ".join(_xy(x, y) for x, y in corners) + '" fill="')
        parts.append(("lotus",))
        parts.append('"/>')
        hx = sum(c[0] for c in corners) / 6
        hy = sum(c[1] for c in corners) / 6
        hearts.append(_xy(hx, hy).split(","))
        for k in range(6):
            ax, ay = corners[k]
            bx, by = corners[(k + 1) % 6]
            mx = (ax + bx) / 2 - hx
            my = (ay + by) / 2 - hy
            d = (mx * mx + my * my) ** 0.5
            outer.append(_petal(hx, hy, mx / d, my / d, 0.64, 0.25))
            ax = ax - hx
            ay = ay - hy
            d = (ax * ax + ay * ay) ** 0.5
            inner.append(_petal(hx, hy, ax / d, ay / d, 0.44, 0.19))
    for cls, d, opacity in (("petals outer", outer, ' fill-opacity="0.55"'), ("petals", inner, "")):
        parts.append('<path class="' + cls + '" d="' + "".join(d) + '" fill="')
        parts.append(("petal",))
        parts.append('"' + opacity + ' stroke="')
        parts.append(("petal edge",))
        parts.append('" stroke-width="' + _u(0.015) + '"/>')
    for x, y in hearts:
        parts.append('<circle class="heart" cx="' + x + '" cy="' + y + '" r="' + _u(0.085))
        parts.append('" fill="')
        parts.append(("heart",))
        parts.append('"/>')
    d = []
    for a, b in kensington.LINES:
        d.append("M" + cx[a - 1] + " " + cy[a - 1] + "L" + cx[b - 1] + " " + cy[b - 1])
    parts.append('<path class="lines" d="' + "".join(d) + '" fill="none" stroke="')
    parts.append(("line",))
    parts.append('" stroke-width="' + _u(0.035) + '" stroke-linecap="round"/>')
    return parts


def _geom() -> dict:
    """Everything about the picture that depends only on the board, computed once."""
    if _geometry:
        return _geometry[0]
    pts = [(float(x), float(y)) for x, y in kensington.POINTS]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    width = max(xs) - min(xs) + 2 * MARGIN
    height = max(ys) - min(ys) + 2 * MARGIN
    g = _geometry_from_parts(svg.read_parts(PARTS_FILE)) or _drawn_geometry()
    g["width"] = width * UNIT
    g["height"] = height * UNIT
    _geometry.append(g)
    return g


def _drawn_geometry() -> dict:
    """The board's markup that no game or colour changes (pre-drawn at set-up when possible)."""
    pts = [(float(x), float(y)) for x, y in kensington.POINTS]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    width = max(xs) - min(xs) + 2 * MARGIN
    height = max(ys) - min(ys) + 2 * MARGIN
    cx = [_u(x) for x, y in pts]
    cy = [_u(-y) for x, y in pts]
    cells = [_ring(_cell(i, pts, HIT_R)) for i in range(72)]
    # Territory areas stay on the board: its face reaches 0.56 beyond the outline points.
    areas = cells[:]
    for n in kensington.OUTLINE:
        areas[n - 1] = _ring(_cell(n - 1, pts, 0.56))
    return {
        "viewbox": " ".join([_u(min(xs) - MARGIN), _u(-max(ys) - MARGIN), _u(width), _u(height)]),
        "cx": cx,
        "cy": cy,
        "cells": cells,
        "areas": areas,
        "static": _static_layer(pts, cx, cy),
    }


_LISTS = ("cx", "cy", "cells", "areas", "static")


def _geometry_parts(g: dict) -> dict:
    """The geometry as PARTS_FILE's records: lists joined by GS, a colour role as FS + its name."""
    parts = {"viewbox": g["viewbox"]}
    for name in _LISTS:
        items = [x if type(x) is str else "\x1c" + x[0] for x in g[name]]
        parts[name] = "\x1d".join(items)
    return parts


def _geometry_from_parts(parts: dict):
    """The geometry read back from PARTS_FILE's records, or None when they are absent."""
    if "viewbox" not in parts:
        return None
    g = {"viewbox": parts["viewbox"]}
    for name in _LISTS:
        g[name] = [(x[1:],) if x[:1] == "\x1c" else x for x in parts[name].split("\x1d")]
    return g


# Each point's markup, one dict per palette and language, keyed by everything the point shows:
# the page redraws the board on every click, and most points look as they did.
_PARTS = {}
_PARTS_LIMIT = 1500  # points kept per palette (a few hundred KB at most), then started afresh
_DEFAULT_C = []


def _parts(colors) -> dict:
    """The points drawn so far in this palette, in the language in use (their names)."""
    name = (repr(sorted(colors.items())) if colors else "") + "|" + language()
    parts = _PARTS.get(name)
    if parts is None or len(parts) > _PARTS_LIMIT:
        if len(_PARTS) > 8:
            _PARTS.clear()
        parts = _PARTS[name] = {}
    return parts


def _colours(colors) -> dict:
    """DEFAULT_COLORS with the caller's overrides, each escaped for an attribute."""
    if not colors and _DEFAULT_C:
        return _DEFAULT_C[0]
    c = {}
    for name in sorted(DEFAULT_COLORS):
        c[name] = svg.esc(DEFAULT_COLORS[name])
    if colors:
        for name in sorted(colors):
            if name not in DEFAULT_COLORS:
                raise ValueError("colors: unknown colour role " + repr(name))
            c[name] = svg.esc(colors[name])
    elif not _DEFAULT_C:
        _DEFAULT_C.append(c)
    return c


def _point(p, what: str) -> int:
    """A point given as 37 or "37", checked to be on the board."""
    try:
        n = int(p)
    except (TypeError, ValueError):
        raise ValueError(what + ": not a point number: " + repr(p)) from None
    if not 1 <= n <= 72:
        raise ValueError(what + ": there is no point " + repr(p) + " (1-72)")
    return n


def _square(x: str, y: str, side: float, fill: str, stroke: str, cls: str) -> str:
    """A small square centred on the point (x, y): territory and dead-stone marks."""
    h = side * UNIT / 2
    return (
        '<rect class="' + cls + '" x="' + svg.num(float(x) - h, 1) + '" y="'
        + svg.num(float(y) - h, 1) + '" width="' + _u(side) + '" height="' + _u(side)
        + '" fill="' + fill + '" stroke="' + stroke + '" stroke-width="' + _u(0.025) + '"/>'
    )  # fmt: skip


def reversed_points(before: str, after: str) -> list:
    """Points whose stone changed colour between two ``game.board()`` strings, for ``flipped``.

    ``reversed_points("wb" + "." * 70, "bb" + "." * 70) == ["1"]``
    """
    if len(before) != 72 or len(after) != 72:
        raise ValueError("reversed_points: both boards must be 72 characters")
    return [
        str(i + 1)
        for i in range(72)
        if before[i] in ("w", "b") and after[i] in ("w", "b") and before[i] != after[i]
    ]


def board(
    game=None,
    *,
    last_move=None,
    flipped=(),
    numbers: bool = False,
    preview: bool = True,
    dead=(),
    territory=None,
    phase=None,
    size=None,
    colors=None,
    title=None,
    lotuses=(),
    last_moves=(),
) -> str:
    """The Kensington board with the game's stones, as one ``<svg>`` element.

    - ``game``: a ``lotus.engine.go.Game`` (anything with ``board()``, ``to_move`` and ``is_over``
      will do); ``None`` draws the empty board with White to move.
    - ``last_move``: the point of the last placement, e.g. ``last_move="37"`` or ``37``; its stone
      gets a ring and its ``<g>`` the class ``last``. ``"pass"``, ``"resign"`` or ``None`` mark
      nothing, so ``last_move=(game.moves or [None])[-1]`` is always fine.
    - ``flipped``: points whose stones were just reversed, e.g. ``flipped=["5", "6"]`` (see
      ``reversed_points``); their stone elements get the class ``flip``, which the CSS animates
      as the disc turning over.
    - ``numbers``: ``numbers=True`` writes each point's number (its notation) on it.
    - ``preview``: ``preview=False`` leaves out the hidden ghost stones (class ``ghost w`` or
      ``ghost b``, the colour to move) that the CSS shows on hovered empty points in play.
    - ``dead``: stones marked dead in the scoring phase, e.g. ``dead=game.dead``; with a game, each
      point stands for its whole group (as in ``game.score(dead)``). They are drawn faded, with a
      square of the colour they will count for.
    - ``territory``: empty points that score, by owner, e.g.
      ``territory=game.territory(game.dead)`` or ``{"w": ["43", "44"], "b": [60]}`` (other keys,
      such as "neutral", are ignored); each gets its owner's square and a tint of its area.
    - ``phase``: "play", "scoring" or "over"; by default ``game.phase`` (or "over" when the game
      ``is_over``). It is the svg's class (``go-board play``); ghosts are drawn only in play.
    - ``size``: ``size=480`` sets the width in px and the height to match; by default the
      picture has no size and fills its container's width.
    - ``colors``: overrides for ``DEFAULT_COLORS``, e.g. ``colors={"lotus": "#dde8f5"}``.
    - ``title``: the accessible name, e.g. ``title="Game 12, move 30"``; default "Lotus (Freeling)
      board", in the language in use (as every word of the picture).
    - ``lotuses``: hexagons (indices 0-6 into ``kensington.HEXAGONS``) whose six corners hold one
      colour, e.g. ``lotuses=game.lotuses()``: each gets a ring through its six stones and a dot
      on each (``<g class="lotus-mark" data-lotus="3">``), drawn over the stones, never clickable.
    - ``last_moves``: each colour's last move as (colour, move) pairs in play order, e.g.
      ``last_moves=[("b", "12"), ("w", "37")]``: each placement gets a
      ``<g class="last-mark b" data-last-move="12" data-colour="b">`` over the board (never
      clickable), a small ring on its stone; the last move's ring is ``last_move``'s.

    A scoring view: ``board(game, dead=game.dead, territory=game.territory(game.dead))``.
    """
    c = _colours(colors)
    g = _geom()
    if game is None:
        cells = "." * 72
        to_move = "w"
        game_phase = "play"
    else:
        cells = game.board()
        to_move = game.to_move
        game_phase = getattr(game, "phase", "over" if game.is_over else "play")
    if phase is None:
        phase = game_phase
    if phase not in ("play", "scoring", "over"):
        raise ValueError("phase must be 'play', 'scoring' or 'over', not " + repr(phase))
    if len(cells) != 72:
        raise ValueError("board: game.board() must give 72 characters, not " + str(len(cells)))
    last = 0
    if last_move is not None and last_move not in ("pass", "resign"):
        last = _point(last_move, "last_move")
    flips = [_point(p, "flipped") for p in flipped]
    deads = []
    for p in dead:
        n = _point(p, "dead")
        if cells[n - 1] not in ("w", "b"):
            raise ValueError("dead: point " + str(n) + " has no stone")
        if game is not None and hasattr(game, "group_of"):
            deads.extend(_point(q, "dead") for q in game.group_of(n))
        else:
            deads.append(n)
    owner = ["."] * 73
    if territory:
        for colour in ("w", "b"):
            for p in territory.get(colour, ()):
                owner[_point(p, "territory")] = colour
    ghost = to_move if preview and phase == "play" and to_move in ("w", "b") else ""

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="go-board ' + phase + '" viewBox="']
    out.append(g["viewbox"] + '"')
    if size is not None:
        out.append(' width="' + svg.num(size, 1) + '" height="')
        out.append(svg.num(size * g["height"] / g["width"], 1) + '"')
    out.append(' role="group" font-family="system-ui, sans-serif">')
    name = _("Lotus (Freeling) board") if title is None else title
    out.append("<title>" + svg.esc(name) + "</title>")
    parts = _parts(colors)
    layer = parts.get("static")
    if layer is None:
        layer = [part if type(part) is str else c[part[0]] for part in g["static"]]
        layer = parts["static"] = "".join(layer)
    out.append(layer)
    out.append('<g class="points">')
    for i in range(72):
        n = i + 1
        s = cells[i]
        stone = s in ("w", "b")
        mine = "" if stone else owner[n].replace(".", "")
        key = (
            n,
            s if stone else ".",
            mine,
            stone and n in deads,
            n == last,
            stone and n in flips,
            "" if stone or mine else ghost,
            bool(numbers),
        )
        markup = parts.get(key)
        if markup is None:
            markup = parts[key] = _point_markup(g, c, key)
        out.append(markup)
    out.append("</g>")
    for k in lotuses:
        out.append(_lotus_mark(g, c, int(k)))
    for colour, move in last_moves:
        if move not in ("pass", "resign"):
            n = _point(move, "last_moves")
            out.append(_last_mark(g, c, colour, n, cells, last, numbers))
    out.append("</svg>")
    return "".join(out)


def _lotus_mark(g: dict, c: dict, k: int) -> str:
    """The mark of a completed lotus: a ring through its six corners and a dot on each."""
    corners = kensington.HEXAGONS[k]
    ink = c["lotus mark"]
    out = ['<g class="lotus-mark" data-lotus="' + str(k) + '" pointer-events="none">']
    out.append('<polygon points="')
    out.append(" ".join(g["cx"][n - 1] + "," + g["cy"][n - 1] for n in corners))
    out.append('" fill="none" stroke="' + ink + '" stroke-width="' + _u(0.07))
    out.append('" stroke-opacity="0.8" stroke-linejoin="round"/>')
    for n in corners:
        out.append('<circle cx="' + g["cx"][n - 1] + '" cy="' + g["cy"][n - 1] + '" r="')
        out.append(_u(0.12) + '" fill="' + ink + '"/>')
    words = svg.esc(_("A lotus: this group can never be reversed."))
    out.append("<title>" + words + "</title></g>")
    return "".join(out)


def _last_mark(g: dict, c: dict, colour: str, n: int, cells: str, last: int, numbers) -> str:
    """A colour's last placement: a small ring on the stone there (round its number, when the
    points are numbered), in the other colour of the stone (the last move's own ring is drawn
    with its point)."""
    out = ['<g class="last-mark ' + colour + '" data-last-move="' + str(n) + '" data-colour="']
    out.append(colour + '" pointer-events="none">')
    stone = cells[n - 1]
    if n != last and stone in ("w", "b"):
        out.append('<circle cx="' + g["cx"][n - 1] + '" cy="' + g["cy"][n - 1] + '" r="')
        out.append(_u(0.3 if numbers else 0.19) + '" fill="none" stroke="')
        out.append(c["stone " + _OTHER[stone]])
        out.append('" stroke-width="' + _u(0.05) + '"/>')
    out.append("</g>")
    return "".join(out)


def _point_markup(g: dict, c: dict, key: tuple) -> str:
    """One point's ``<g>``: its hit area, territory, stone, marks and focus ring."""
    n, s, mine, is_dead, is_last, flip, ghost, numbers = key
    i = n - 1
    x = g["cx"][i]
    y = g["cy"][i]
    stone = s in ("w", "b")
    r = _u(STONE_R)
    rim = 0.055 * UNIT
    edge = _u(0.025)
    out = []
    classes = "point p" + str(n) + " " + (s if stone else "empty")
    if s == "w":
        label = _("Point {n}: white stone", n=n)
    elif s == "b":
        label = _("Point {n}: black stone", n=n)
    else:
        label = _("Point {n}: empty", n=n)
    notes = []
    if is_dead:
        classes += " dead"
        notes.append(_("dead"))
    if is_last:
        classes += " last"
        notes.append(_("the last move"))
    if mine:
        classes += " territory-" + mine
        notes.append(_("{colour}'s territory", colour=_(_COLOUR_WORDS[mine])))
    if notes:
        label = svg.esc(label + " (" + ", ".join(notes) + ")")
    else:
        label = svg.esc(label)
    out.append('<g class="' + classes + '" data-point="' + str(n) + '" role="button"')
    out.append(' tabindex="0" aria-label="' + label + '">')
    if mine:
        out.append('<polygon class="area ' + mine + '" points="' + g["areas"][i] + '" fill="')
        out.append(c["territory " + mine] + '" fill-opacity="')
        out.append(("0.55" if mine == "w" else "0.22") + '"/>')
    out.append('<polygon class="hit" points="' + g["cells"][i] + '" fill="none"')
    out.append(' pointer-events="all"/>')
    if mine:
        out.append(_square(x, y, 0.3, c["territory " + mine], c["line"], "mark " + mine))
    if stone:
        other = _OTHER[s]
        out.append('<g class="stone ' + s + (" flip" if flip else ""))
        out.append((' dead" opacity="0.45"' if is_dead else '"') + ' data-colour="' + s + '">')
        # The disc's other side shows as a rim below it: every stone can be reversed.
        out.append('<circle class="back" cx="' + x + '" cy="' + svg.num(float(y) + rim, 1))
        out.append('" r="' + r + '" fill="' + c["stone " + other] + '"/>')
        out.append('<circle class="face" cx="' + x + '" cy="' + y + '" r="' + r + '" fill="')
        out.append(c["stone " + s] + '" stroke="' + c["stone " + s + " edge"])
        out.append('" stroke-width="' + edge + '"/></g>')
        if is_dead:
            out.append(_square(x, y, 0.3, c["territory " + other], c["line"], "mark " + other))
        if is_last:
            out.append('<circle class="last-move" cx="' + x + '" cy="' + y + '" r="')
            out.append(_u(0.3 if numbers else 0.19) + '" fill="none" stroke="')
            out.append(c["last move"] + '" stroke-width="' + _u(0.065) + '"/>')
    elif ghost and not mine:
        out.append('<circle class="ghost ' + ghost + '" cx="' + x + '" cy="' + y + '" r="')
        out.append(r + '" fill="' + c["stone " + ghost] + '" stroke="')
        out.append(c["stone " + ghost + " edge"] + '" stroke-width="' + edge)
        out.append('" opacity="0"/>')
    if numbers:
        if not stone and not mine:
            out.append('<circle class="number-ground" cx="' + x + '" cy="' + y + '" r="')
            out.append(_u(0.2) + '" fill="' + c["board"] + '"/>')
        ink = c["number " + s] if stone else c["number"]
        out.append('<text class="number" x="' + x + '" y="' + y + '" dy="0.35em" font-size="')
        out.append(_u(0.26) + '" text-anchor="middle" fill="' + ink + '">' + str(n))
        out.append("</text>")
    out.append('<circle class="focus-ring" cx="' + x + '" cy="' + y + '" r="' + _u(0.53))
    out.append('" fill="none" stroke="' + c["focus"] + '" stroke-width="' + _u(0.07))
    out.append('" opacity="0"/></g>')
    return "".join(out)


def track(marker: int, *, size=None, colors=None, title=None) -> str:
    """The 15-point pass track (G3) with its marker, as one ``<svg>`` strip as wide as the board.

    - ``marker``: the marker's position, -7..7, positive toward White (``game.marker``). Black's
      end is on the left, White's on the right, the centre is marked. The marker element carries
      ``data-marker`` and ``data-value`` (e.g. ``data-value="-3"``) and shows the value ("−3").
    - ``size``: ``size=480`` sets the width in px and the height to match; by default none.
    - ``colors``: overrides for ``DEFAULT_COLORS``, e.g. ``colors={"marker": "#3366cc"}``.
    - ``title``: the accessible name; by default it says where the marker stands, e.g.
      "Pass track: marker 3 toward Black" (in the language in use, as the ends' names).
    """
    if type(marker) is not int or not -7 <= marker <= 7:
        raise ValueError("track: marker must be an integer from -7 to 7, not " + repr(marker))
    c = _colours(colors)
    width = _geom()["width"]
    height = 160.0
    y = 75.0
    bar = 30.0
    pad = 200.0
    step = (width - 2 * pad) / 14

    def at(v: int) -> str:
        return svg.num(pad + (v + 7) * step, 1)

    if marker == 0:
        name = _("Pass track: marker in the centre")
    else:
        colour = _(_COLOUR_WORDS["w" if marker > 0 else "b"])
        # Translators: the pass track's accessible name; {n} points from the centre.
        name = _("Pass track: marker {n} toward {colour}", n=abs(marker), colour=colour)
    x0 = pad - bar
    x1 = width - pad + bar
    mid = float(at(0))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="go-track" viewBox="0 0 ']
    out.append(svg.num(width, 1) + " " + svg.num(height, 1) + '"')
    if size is not None:
        out.append(' width="' + svg.num(size, 1) + '" height="')
        out.append(svg.num(size * height / width, 1) + '"')
    out.append(' role="img" font-family="system-ui, sans-serif">')
    out.append("<title>" + svg.esc(name if title is None else title))
    out.append("</title>")
    top = svg.num(y - bar, 1)
    out.append('<rect class="side b" x="' + svg.num(x0, 1) + '" y="' + top + '" width="')
    out.append(svg.num(mid - x0, 1) + '" height="' + svg.num(2 * bar, 1) + '" rx="')
    out.append(svg.num(bar, 1) + '" fill="' + c["track b"] + '"/>')
    out.append('<rect class="side w" x="' + svg.num(mid, 1) + '" y="' + top + '" width="')
    out.append(svg.num(x1 - mid, 1) + '" height="' + svg.num(2 * bar, 1) + '" rx="')
    out.append(svg.num(bar, 1) + '" fill="' + c["track w"] + '" stroke="' + c["tick"])
    out.append('" stroke-width="2"/>')
    cy = svg.num(y, 1)
    for v in range(-7, 8):
        if v == 0:
            out.append('<circle class="tick centre" cx="' + at(v) + '" cy="' + cy + '" r="15"')
            out.append(' fill="' + c["marker"] + '" fill-opacity="0.3" stroke="' + c["tick"])
            out.append('" stroke-width="3"/>')
        else:
            ink = c["track w"] if v < 0 else c["tick"]
            out.append('<circle class="tick" cx="' + at(v) + '" cy="' + cy + '" r="6" fill="')
            out.append(ink + '"/>')
    ends = (("label b", x0 - 20, "end", _(_COLOUR_WORDS["b"])),)
    ends += (("label w", x1 + 20, "start", _(_COLOUR_WORDS["w"])),)
    # Longer names ("Schwarz") get smaller letters, the same at both ends: each end has 150
    # units beside the bar, and a letter is about 0.58 of the font size wide.
    longest = max(len(end[3]) for end in ends)
    size = svg.num(min(42.0, (x0 - 20) / (0.58 * longest)), 1)
    for cls, x, anchor, word in ends:
        out.append('<text class="' + cls + '" x="' + svg.num(x, 1) + '" y="' + cy + '" dy="0.35em"')
        out.append(' font-size="' + size + '" text-anchor="' + anchor + '" fill="' + c["label"])
        out.append('">' + svg.esc(word) + "</text>")
    if marker > 0:
        shown = "+" + str(marker)
    elif marker < 0:
        shown = "\u2212" + str(-marker)
    else:
        shown = "0"
    mx = at(marker)
    out.append('<g class="marker" data-marker="" data-value="' + str(marker) + '">')
    out.append('<circle cx="' + mx + '" cy="' + cy + '" r="46" fill="' + c["marker"])
    out.append('" stroke="' + c["marker text"] + '" stroke-width="5"/>')
    out.append('<text x="' + mx + '" y="' + cy + '" dy="0.35em" font-size="44" font-weight="700"')
    out.append(' text-anchor="middle" fill="' + c["marker text"] + '">' + shown + "</text></g>")
    out.append("</svg>")
    return "".join(out)
