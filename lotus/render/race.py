"""Draw a Lotus (1998) race position as SVG: one pure function, `board(game, ...)`.

Modelled on python-chess's `chess.svg.board`: keyword-only options with defaults, colours in
one overridable table (`DEFAULT_COLORS`), semantic classes on every element, and the page
contract's hooks (`data-field`, `data-start`, `data-colour`) on the interactive parts. The
markup is built as strings with `lotus.render.svg`, so it is byte-identical on CPython and
MicroPython and can be pre-drawn into static HTML: it looks right without any CSS
(`static/css/race-board.css` only adds hover, focus and transitions).

    >>> from lotus.engine import race
    >>> from lotus.render import race as draw
    >>> svg = draw.board(race.Game(players=2), selected="Sw4", targets=("A4", "B4"))

The picture: a hexagonal pond; the start in the middle, a plaza ringed by a coiled dragon
chasing its pearl; the entrance lanes A1-A4 (left) and B1-B4 (right) round the start, joining
at 5 below it; the track 5...14 spiralling out and round to the goal, a golden lotus in the
bottom corner; the trampoline 8 a red-outlined lotus blossom. The topology is the engine's
(docs/spec/race.md); only the positions below belong to this module.

Its words (START and GOAL on the board, the accessible names of the board, its fields and start
stacks) come from the catalog in the language in use (`lotus.words.use`): the German board says
START and ZIEL, as the printed one does. The notation (A1, 8, G) is the same in every language.
"""

from lotus.render.svg import attrs, element, esc, num, path, read_parts
from lotus.words import N_, _, language, n_

COLOUR_ORDER = ("w", "b", "r", "y")
COLOUR_WORDS = {"w": N_("White"), "b": N_("Black"), "r": N_("Red"), "y": N_("Yellow")}
"""Each colour's name, worded where it is said (`_(COLOUR_WORDS["w"])`)."""
LANE_A = ("A1", "A2", "A3", "A4")
LANE_B = ("B1", "B2", "B3", "B4")
TRACK = ("5", "6", "7", "8", "9", "10", "11", "12", "13", "14")
FIELDS = LANE_A + LANE_B + TRACK
TRAMPOLINE = "8"
GOAL = "G"

DEFAULT_COLORS = {
    # the board
    "frame": "#3a2614",
    "frame edge": "#c9a24a",
    "water": "#1f5663",
    "ripple": "#8fd0d6",
    "stream": "#3f8e9a",
    "arrow": "#d4f1ec",
    "reed": "#4f7f3f",
    "bud": "#f2a7bb",
    # fields
    "field": "#86b865",
    "field last": "#cfe07a",
    "field edge": "#3e6e2f",
    "field vein": "#a7d18a",
    "label": "#173a1c",
    "trampoline": "#f6c3d0",
    "trampoline inner": "#fde6ec",
    "trampoline edge": "#d0202f",
    "heart": "#f4cf5d",
    "goal": "#f3d27a",
    "goal inner": "#fbeab8",
    "goal edge": "#a37c22",
    "goal text": "#5a4310",
    # the start
    "start": "#e6d6ad",
    "start edge": "#a37c22",
    "start text": "#5a4310",
    "slot": "#cdb987",
    "dragon": "#d9ae4f",
    "dragon edge": "#7a5514",
    "dragon eye": "#8a1010",
    "pearl": "#fff6dc",
    # stones: face, rim (side), outline and the colour of a number written on one
    "stone w": "#f8f5ec",
    "stone w rim": "#cdc4ae",
    "stone w edge": "#3b3b3b",
    "stone w text": "#1c1c1c",
    "stone b": "#2b2b30",
    "stone b rim": "#141416",
    "stone b edge": "#000000",
    "stone b text": "#ffffff",
    "stone r": "#d7263d",
    "stone r rim": "#8f1424",
    "stone r edge": "#4d0a13",
    "stone r text": "#ffffff",
    "stone y": "#f7c925",
    "stone y rim": "#c29400",
    "stone y edge": "#5e4700",
    "stone y text": "#1c1c1c",
    # the stack height badge
    "badge": "#1c1c1c",
    "badge text": "#ffffff",
    # state marks
    "selected": "#ffd23f",
    "target": "#5ee0ff",
    "bounce": "#ff7a1a",
    "last": "#f6ef9a",
}

_DEFAULT_PAL = dict(DEFAULT_COLORS)
_DEFAULT_PAL["_palette"] = ""  # not a colour: names the palette in the cache of drawn parts

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

# Geometry, in user units; the viewBox is centred on the board's centre.
HEX_APOTHEM = 200  # half the board's width: a pointy-top hexagon, its flat sides vertical
HEX_RADIUS = 230.94  # its corner radius, HEX_APOTHEM / cos 30 degrees
MARGIN = 6
WIDTH = 2 * (HEX_APOTHEM + MARGIN)
HEIGHT = 2 * (HEX_RADIUS + MARGIN)
PAD = 27  # a field's radius: 54 of the 412 units across, >= 44 CSS px on a 360 px screen
STACK_ROOM = 22  # how high a field's stack stands: its top face's rim stays inside the leaf
TRAMPOLINE_R = 32
GOAL_R = 38
PLAZA = (0, -14, 79)  # the start: centre x, y and radius

# Field centres. The lanes lie on an ellipse round the start, evenly spaced by arc length; the
# track 6...14 sits in the gaps between them, one ring further out, equally spaced (106 units)
# and at least 3 units inside the water (tests/test_render_race.py checks the clearances).
_POS = {
    "A1": (-40.5, -121.6),
    "A2": (-95.2, -68.8),
    "A3": (-106.3, 6.7),
    "A4": (-70.4, 74.0),
    "B1": (40.5, -121.6),
    "B2": (95.2, -68.8),
    "B3": (106.3, 6.7),
    "B4": (70.4, 74.0),
    "5": (0.0, 102.0),
    "6": (-73.2, 145.3),
    "7": (-143.6, 65.8),
    "8": (-155.7, -39.6),
    "9": (-99.9, -130.0),
    "10": (0.0, -165.9),
    "11": (99.9, -130.0),
    "12": (162.5, -44.2),
    "13": (152.4, 61.5),
    "14": (81.5, 140.6),
    "G": (0.0, 178.0),
}

# Where each leaf's notch points (in 15-degree steps clockwise from east): roughly outwards.
_NOTCH = {
    "A1": 15,
    "A2": 13,
    "A3": 11,
    "A4": 9,
    "B1": 21,
    "B2": 23,
    "B3": 1,
    "B4": 3,
    "5": 7,
    "6": 8,
    "7": 10,
    "9": 15,
    "10": 18,
    "11": 20,
    "12": 23,
    "13": 1,
    "14": 4,
}

# Small leaves, buds and ripples in the pond's empty corners: (x, y, notch, bud).
_DECOR = (
    (-166.0, -104.0, 5, True),
    (166.0, -106.0, 9, False),
    (-140.0, 128.0, 20, True),
    (139.0, 124.0, 16, False),
)

# Unit vectors every 15 degrees (clockwise on screen from east), built from one quadrant's
# literals so that no trigonometry runs: libm results may differ between interpreters.
_Q = (1.0, 0.965926, 0.866025, 0.707107, 0.5, 0.258819, 0.0)


def _dir(k: int) -> tuple:
    """The unit vector at k * 15 degrees."""
    k = k % 24
    x, y = _Q[k % 6], _Q[6 - k % 6]
    for _quarter in range(k // 6):
        x, y = -y, x
    return (x, y)


def _turn(v: tuple, c: float, s: float) -> tuple:
    """v turned clockwise (on screen) by the angle whose cosine and sine are c and s."""
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


# ---------------------------------------------------------------------------------------------
# the public function


def board(
    game,
    *,
    selected: str | None = None,
    targets=(),
    bounce_targets=(),
    last_move: str | None = None,
    size: int | None = None,
    colors: dict | None = None,
    labels: bool = True,
    title: str | None = None,
    arrows: bool = True,
    style: str | None = None,
    last_moves=(),
    ply: int | None = None,
) -> str:
    """Render a race position as an SVG string.

    `game` is a `lotus.engine.race.Game`, or anything with `board()`, `start()`, `goal()` and
    `colours`. Every option is keyword-only:

    - `selected`: the origin the player picked: a field, `selected="A3"`, or a start stack,
      `selected="Sw4"` (or `"w4"`; of two equal stacks the first is marked). It gets class
      `selected`, a gold ring and `aria-pressed="true"`.
    - `targets`: the fields that are legal destinations, e.g. `targets=("A4", "B4")` or
      `targets=("G",)`. Class `target`, a cyan ring (and dot when empty), "(destination)" in
      the aria-label.
    - `bounce_targets`: fields that end a trampoline bounce, e.g. `targets=("8",),
      bounce_targets=("12",)`: click 8 to stay, 12 to bounce. Class `bounce`, an orange dashed
      ring with a jump arrow, "(bounce destination)" in the aria-label.
    - `last_move`: the move to mark, e.g. `last_move="A4-8-12"`: the fields it names (origin,
      8, destination) get class `last`, a tinted leaf or a pale ring, and "(last move)" in the
      aria-label. A start origin (`"Sw4-A4"`) marks only the destination; `"pass"` nothing.
    - `size`: the width in pixels, `size=360` (the height follows, 474/412 of it). Default: no
      width or height, so the SVG fills its container; it always has a viewBox.
    - `colors`: overrides for `DEFAULT_COLORS`, e.g. `colors={"water": "#123", "stone r": "#e00"}`.
    - `labels`: `labels=False` hides the field names (A1, 8, ...) and the words START and GOAL.
    - `title`: the accessible name, `title="Black to play"`; also a `<title>` tooltip. Default
      name: "Lotus (1998) board", in the language in use.
    - `arrows`: `arrows=False` hides the chevrons showing the direction of travel.
    - `style`: CSS text to embed in a `<style>` element, e.g. `style=".stone{opacity:.9}"`.
    - `last_moves`: each colour's last move as (colour, move) pairs in play order, e.g.
      `last_moves=[("r", "A2-5"), ("y", "Sy3-B3")]`: each gets a ring of its colour round its
      destination and a dashed one round its origin field, drawn over the board in a
      `<g class="last-mark r" data-last-move="A2-5" data-colour="r">` (never clickable); a pass
      marks nothing.
    - `ply`: the number of moves played: the last pair of `last_moves` is then that move, and its
      path is written for the page to animate, `<g class="motion" data-ply="7" data-to="12"
      data-stone="r" data-path="dx,dy …" data-bounce="2">`: the moved stone's offsets from where
      it stands now, from its origin through every field it passes (`data-bounce`: the index of
      the trampoline it bounced on, or -1). Nothing is drawn for it.
    """
    pal = _DEFAULT_PAL
    if colors:
        pal = dict(DEFAULT_COLORS)
        for key in sorted(colors):
            pal[key] = colors[key]
        pal["_palette"] = repr(sorted(colors.items()))
    parts = _parts(pal)
    stacks = game.board()
    start = game.start()
    goal = game.goal()
    colours = _colours_of(game, start, goal)
    targets = tuple(targets)
    bounces = tuple(bounce_targets)
    last = _last_fields(last_move)
    marks = (targets, bounces, last)
    lang = language()

    if title is None and size is None:
        key = "head|" + str(len(colours)) + "|" + lang
        out = [parts.get(key) or _keep(parts, key, _head(len(colours), title, size))]
    else:
        out = [_head(len(colours), title, size)]
    if title is not None:
        out.append(element("title", (), esc(title)))
    if style:
        out.append(element("style", (), esc(style)))
    arrows = bool(arrows)
    out.append(_cached(pal, "backdrop|1" if arrows else "backdrop|0", _backdrop, arrows))
    out.append(_start(pal, start, colours, _start_id(selected), labels, lang))
    # Each field's markup is kept by everything it shows: a click redraws only what changed.
    shown = "1" if labels else "0"
    for field in FIELDS:
        stack = stacks.get(field, "")
        sel = selected == field
        key = "|".join(
            (
                field,
                stack,
                "1" if sel else "0",
                "1" if field in targets else "0",
                "1" if field in bounces else "0",
                "1" if field in last else "0",
                shown,
            )
        )
        _worded(out, parts, key, lang, _field, pal, field, stack, sel, marks, labels)
    key = "|".join(
        (
            "goal",
            ",".join(colours),
            ",".join([str(goal.get(c, 0)) for c in colours]),
            "1" if GOAL in targets else "0",
            "1" if GOAL in bounces else "0",
            "1" if GOAL in last else "0",
            shown,
            lang,
        )
    )
    _worded(out, parts, key, lang, _goal, pal, goal, colours, marks, labels)
    if last_moves:
        out.append(_last_marks(pal, last_moves))
    if ply is not None:
        out.append(_motion(ply, last_moves))
    out.append("</svg>")
    return "".join(out)


def _head(players: int, title, size) -> str:
    """The opening <svg ...> tag."""
    head = [
        ("xmlns", "http://www.w3.org/2000/svg"),
        ("class", "lotus-race-board players-" + str(players)),
        ("viewBox", path(-WIDTH / 2, -HEIGHT / 2, WIDTH, HEIGHT)),
        ("role", "group"),
        ("aria-label", title if title is not None else _("Lotus (1998) board")),
    ]
    if size is not None:
        head += [("width", size), ("height", size * HEIGHT / WIDTH)]
    head.append(("font-family", FONT))
    return "<svg" + attrs(head) + ">"


# The markup of parts of the picture, one dict per palette: parts no game state changes (the
# backdrop, the dragon, the leaves) and parts drawn for one state of one field, start stack or
# the goal, keyed by everything they show. The page redraws the board on every click; with
# these, a redraw draws only the parts whose state is new; the key of a part with words ends with
# the language they are in. The default palette's dict starts from the parts of the opening
# positions in every language, pre-drawn at set-up (tools/prerender.py) into PARTS_FILE when it
# is there; without it they are drawn on first use, to the same bytes.
PARTS_FILE = "race_parts.txt"
_PARTS = {}
_PARTS_LIMIT = 1200  # parts kept per palette (a few hundred KB at most), then started afresh
_PRE = read_parts(PARTS_FILE)


def _parts(pal: dict) -> dict:
    """The parts drawn so far in this palette (`pal["_palette"]`: "" for the defaults)."""
    name = pal["_palette"]
    parts = _PARTS.get(name)
    if parts is None or len(parts) > _PARTS_LIMIT:
        if len(_PARTS) > 8:
            _PARTS.clear()
        parts = dict(_PRE) if name == "" else {}
        _PARTS[name] = parts
    return parts


def _keep(parts: dict, key, markup: str) -> str:
    """Store one part's markup and return it."""
    parts[key] = markup
    return markup


def _worded(out: list, parts: dict, key: str, lang: str, draw, *args) -> None:
    """Append a button part (a field, the goal, a start stack) to `out`, drawing it if new.

    Its opening tag, which holds its accessible name, is kept by `key` and the language
    ('A3|...|de'), the rest by `key` alone: a language's parts share their pictures (the goal's
    rest holds a word, GOAL: its key ends with the language itself)."""
    tag = parts.get(key + "|" + lang)
    rest = parts.get(key)
    if tag is None or rest is None:
        tag, rest = draw(*args)
        parts[key + "|" + lang] = tag
        parts[key] = rest
    out.append(tag)
    out.append(rest)


def _cached(pal: dict, key, draw, *args):
    """A part that no game state changes, drawn once per palette."""
    parts = _parts(pal)
    found = parts.get(key)
    if found is None:
        found = parts[key] = draw(pal, *args)
    return found


def _colours_of(game, start: dict, goal: dict) -> tuple:
    """The colours in play, in turn order."""
    colours = getattr(game, "colours", None)
    if colours:
        return tuple(colours)
    return tuple(c for c in COLOUR_ORDER if c in start or c in goal)


def _start_id(selected) -> str:
    """A selected start stack as its hook value: 'Sw4' or 'w4' -> 'w4'; else ''."""
    if not selected:
        return ""
    if selected[0] == "S" and len(selected) > 2 and selected[1] in COLOUR_WORDS:
        return selected[1:]
    if selected[0] in COLOUR_WORDS:
        return selected
    return ""


def _last_fields(move) -> tuple:
    """The fields a move string names: 'A4-8-12' -> ('A4', '8', '12'); 'pass' -> ()."""
    if not move or move == "pass":
        return ()
    return tuple(p for p in move.split("-") if p in _POS)


# ---------------------------------------------------------------------------------------------
# each colour's last move, and the path of the last one


def _field_radius(field: str) -> float:
    """The radius of a field's drawing (the trampoline's blossom and the goal are larger)."""
    return TRAMPOLINE_R if field == TRAMPOLINE else GOAL_R if field == GOAL else PAD


def _last_marks(pal: dict, last_moves) -> str:
    """Each colour's last move: a ring of its colour round the destination, a dashed one round
    the origin field; colours that marked a field before get a wider ring there."""
    rings = {}  # field -> rings drawn round it so far
    out = ['<g class="last-moves" pointer-events="none" aria-hidden="true">']
    for colour, move in last_moves:
        fields = _last_fields(move)
        if not fields:
            continue
        ink, edge = pal["stone " + colour], pal["stone " + colour + " text"]  # a contrast
        parts = []
        ends = [fields[-1]]
        if not move.startswith("S") and fields[0] != fields[-1]:
            ends.append(fields[0])
        for i in range(len(ends)):
            field = ends[i]
            x, y = _POS[field]
            k = rings.get(field, 0)
            rings[field] = k + 1
            r = _field_radius(field) + 7 + 5 * k
            dash = [("stroke-dasharray", "5 4")] if i else []
            width = 4 if i == 0 else 2.5
            parts.append(_circle("edge", x, y, r, _paint("none", edge, width + 2) + dash))
            cls = "to" if i == 0 else "from"
            parts.append(_circle(cls, x, y, r, _paint("none", ink, width) + dash))
        pairs = [("class", "last-mark " + colour), ("data-last-move", move)]
        out.append(element("g", pairs + [("data-colour", colour)], parts))
    out.append("</g>")
    return "".join(out)


def _travel(move: str) -> tuple:
    """(the points a moved stone passes, from its origin to where it lands, and the index of
    the trampoline it bounced on or -1): 'A2-5' passes A3 and A4; a stone entering from the
    start comes out of its lane's entrance."""
    parts = move.split("-")
    origin, path = parts[0], parts[1:]
    first = path[0]
    lane = LANE_B if first in LANE_B or origin in LANE_B else LANE_A
    route = lane + TRACK + (GOAL,)
    if origin.startswith("S"):
        sx, sy, sr = PLAZA
        side = 18 if lane == LANE_B else -18
        points = [(sx + side, sy - sr + 14)]
        at = -1
    else:
        points = [_POS[origin]]
        at = route.index(origin)
    bounce = -1
    for stop in path:
        end = route.index(stop)
        for i in range(at + 1, end + 1):
            points.append(_POS[route[i]])
        at = end
        if stop == TRAMPOLINE and len(path) > 1 and bounce < 0:
            bounce = len(points) - 1
    return points, bounce


def _motion(ply: int, last_moves) -> str:
    """The last move's path for the page's animation (see `board`'s `ply`)."""
    pairs = [("class", "motion"), ("data-ply", ply), ("display", "none")]
    if last_moves:
        colour, move = last_moves[-1]
        if move != "pass" and "-" in move:
            points, bounce = _travel(move)
            fx, fy = points[-1]
            offsets = " ".join(num(p[0] - fx) + "," + num(p[1] - fy) for p in points)
            stone = move[1] if move.startswith("S") else colour
            pairs += [("data-to", move.split("-")[-1]), ("data-stone", stone)]
            pairs += [("data-path", offsets), ("data-bounce", bounce)]
    return element("g", pairs, [])


# ---------------------------------------------------------------------------------------------
# shape helpers (attribute lists, never **kwargs: MicroPython's dicts do not keep order)


def _circle(cls: str, x: float, y: float, r: float, paint: list) -> str:
    """A circle with a class and presentation attributes."""
    return element("circle", [("class", cls), ("cx", x), ("cy", y), ("r", r)] + paint)


def _text(cls: str, x: float, y: float, size: float, fill: str, text: str, extra=()) -> str:
    """Bold centred text (decorative: hidden from assistive technology)."""
    pairs = [("class", cls), ("x", x), ("y", y), ("text-anchor", "middle")]
    pairs += [("font-size", size), ("font-weight", "700"), ("fill", fill)]
    pairs += list(extra) + [("aria-hidden", "true")]
    return element("text", pairs, esc(text))


def _paint(fill: str, stroke: str | None = None, width: float | None = None) -> list:
    """fill / stroke / stroke-width presentation attributes."""
    return [("fill", fill), ("stroke", stroke), ("stroke-width", width)]


def _polyline(pts) -> str:
    """Path data through the points: 'M x y L x y ...'."""
    d = path("M", pts[0][0], pts[0][1])
    for p in pts[1:]:
        d += path("L", p[0], p[1])
    return d


# ---------------------------------------------------------------------------------------------
# the pond, the stream and the decorations


def _hexagon(r: float, apothem: float, round_by: float) -> str:
    """A pointy-top hexagon (corner radius r) whose corners are rounded by `round_by`."""
    corners = [(0.0, -r), (apothem, -r / 2), (apothem, r / 2), (0.0, r), (-apothem, r / 2)]
    corners.append((-apothem, -r / 2))
    t = round_by / r  # the sides are as long as the corner radius
    d = ""
    for i in range(6):
        x, y = corners[i]
        px, py = corners[i - 1]
        nx, ny = corners[(i + 1) % 6]
        a = (x + (px - x) * t, y + (py - y) * t)
        b = (x + (nx - x) * t, y + (ny - y) * t)
        d += path("M" if i == 0 else "L", a[0], a[1], "Q", x, y, b[0], b[1])
    return d + "Z"


def _smooth(pts) -> str:
    """A Catmull-Rom curve through the points, as cubic Bezier path data."""
    d = path("M", pts[0][0], pts[0][1])
    n = len(pts)
    for i in range(n - 1):
        p0 = pts[i - 1] if i > 0 else pts[i]
        p1 = pts[i]
        p2 = pts[i + 1]
        p3 = pts[i + 2] if i + 2 < n else p2
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += path("C", c1[0], c1[1], c2[0], c2[1], p2[0], p2[1])
    return d


def _routes() -> tuple:
    """The stream's three strands as point lists: lane A, lane B, the track to the goal."""
    sx, sy, sr = PLAZA
    a = [(sx - 18, sy - sr + 14)] + [_POS[f] for f in LANE_A] + [_POS["5"]]
    b = [(sx + 18, sy - sr + 14)] + [_POS[f] for f in LANE_B] + [_POS["5"]]
    t = [_POS[f] for f in TRACK] + [_POS[GOAL]]
    return (a, b, t)


def _chevron(p: tuple, q: tuple) -> str:
    """Path data for a small arrowhead half-way from p to q, pointing from p to q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = (dx * dx + dy * dy) ** 0.5  # sqrt is exactly rounded (IEEE), unlike sin and cos
    ux, uy = dx / d * 5, dy / d * 5
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return _polyline(
        [(mx - ux - uy, my - uy + ux), (mx + ux, my + uy), (mx - ux + uy, my - uy - ux)]
    )


def _leaf(cls: str, x: float, y: float, r: float, notch: int, paint: list) -> str:
    """A lotus leaf: a disc with a narrow notch running to its centre."""
    u = _dir(notch)
    a = _turn(u, 0.987688, 0.156434)  # 9 degrees either side
    b = _turn(u, 0.987688, -0.156434)
    d = path(
        "M", x + u[0] * r * 0.2, y + u[1] * r * 0.2, "L", x + a[0] * r, y + a[1] * r,
        "A", r, r, 0, 1, 1, x + b[0] * r, y + b[1] * r, "Z",
    )  # fmt: skip
    return element("path", [("class", cls), ("d", d)] + paint + [("stroke-linejoin", "round")])


def _petals(x, y, count, step, r0, r1, w, offset, pairs) -> list:
    """`count` petals every `step` x 15 degrees from radius r0 to r1, about w/2 wide."""
    out = []
    for i in range(count):
        ux, uy = _dir(offset + i * step)
        m = (r0 + r1) / 2
        d = path(
            "M", x + ux * r0, y + uy * r0,
            "Q", x + ux * m - uy * w, y + uy * m + ux * w, x + ux * r1, y + uy * r1,
            "Q", x + ux * m + uy * w, y + uy * m - ux * w, x + ux * r0, y + uy * r0, "Z",
        )  # fmt: skip
        out.append(element("path", [("d", d)] + pairs))
    return out


def _backdrop(pal: dict, arrows: bool) -> str:
    """The hexagonal frame, the pond, its decorations and the stream linking the fields."""
    out = [
        element(
            "path",
            [("class", "frame"), ("d", _hexagon(HEX_RADIUS + 2, HEX_APOTHEM + 2, 26))]
            + _paint(pal["frame"], pal["frame edge"], 2),
        ),
        element(
            "path",
            [("class", "water"), ("d", _hexagon(HEX_RADIUS - 8, HEX_APOTHEM - 7, 22))]
            + _paint(pal["water"], pal["frame edge"], 1)
            + [("stroke-opacity", 0.6)],
        ),
    ]
    ripple = _paint("none", pal["ripple"], 1) + [("stroke-opacity", 0.35)]
    for x, y, notch, bud in _DECOR:
        out.append(_circle("ripple", x, y, 17, ripple))
        out.append(_circle("ripple", x, y, 23, ripple + [("stroke-dasharray", "9 7")]))
        out.append(_leaf("reed", x, y, 11, notch, _paint(pal["reed"], pal["field edge"], 1)))
        if bud:
            out += _petals(x, y - 3, 3, 2, 0, 9, 5, 16, _paint(pal["bud"], pal["field edge"], 0.8))
    stream = _paint("none", pal["stream"], 20) + [("stroke-linecap", "round")]
    for pts in _routes():
        out.append(element("path", [("class", "stream"), ("d", _smooth(pts))] + stream))
    if arrows:
        d = ""
        for pts in _routes():
            for i in range(len(pts) - 1):
                d += _chevron(pts[i], pts[i + 1])
        line = [("stroke-linecap", "round"), ("stroke-linejoin", "round")]
        out.append(
            element(
                "path", [("class", "arrows"), ("d", d)] + _paint("none", pal["arrow"], 2.4) + line
            )
        )
    return element("g", [("class", "backdrop"), ("aria-hidden", "true")], out)


# ---------------------------------------------------------------------------------------------
# stones


def _stack(pal: dict, x: float, base: float, stack: str, rx: float, ry: float, t: float) -> list:
    """The stones of a stack, bottom first, as `<g class="stone c" data-colour="c">` elements.

    Each stone is a coin seen from a little above: a rim `t` high and an elliptic face. The
    bottom stone's underside is centred on (x, base); each next stone sits `t` higher, so every
    stone shows at least its rim in its colour.
    """
    out = []
    n = len(stack)
    width = 1 if t >= 3 else 0.6
    for i in range(n):
        c = stack[i]
        low = base - i * t
        top = low - t
        rim = path(
            "M", x - rx, top, "L", x - rx, low, "A", rx, ry, 0, 0, 0, x + rx, low,
            "L", x + rx, top, "Z",
        )  # fmt: skip
        edge = pal["stone " + c + " edge"]
        parts = [
            element(
                "path",
                [("class", "rim"), ("d", rim)] + _paint(pal["stone " + c + " rim"], edge, width),
            ),
            element(
                "ellipse",
                [("class", "face"), ("cx", x), ("cy", top), ("rx", rx), ("ry", ry)]
                + _paint(pal["stone " + c], edge, width),
            ),
        ]
        cls = "stone " + c + (" top" if i == n - 1 else "")
        out.append(element("g", [("class", cls), ("data-colour", c)], parts))
    return out


def _rim_height(n: int, most: float, room: float) -> float:
    """How high to draw each stone's rim so that n stones fit in `room` (at most `most`)."""
    return most if n * most <= room else room / n


def _badge(pal: dict, x: float, y: float, n: int, r: float = 8.5) -> str:
    """The stack height as a white number on a dark disc."""
    r = r + 1 if n >= 10 else r
    return element(
        "g",
        [("class", "height"), ("aria-hidden", "true")],
        [
            _circle("badge", x, y, r, _paint(pal["badge"], pal["badge text"], 1.2)),
            _text("count", x, y + r * 0.45, r * 1.35, pal["badge text"], str(n)),
        ],
    )


def _describe(field: str, stack: str) -> str:
    """A field's accessible name: 'Field 9: empty', 'Field A2: one stone, White', 'Field 6: 3
    stones, bottom to top White, Black, Black; Black on top', 'Field 8, trampoline: empty'."""
    if field == TRAMPOLINE:
        place = _("Field {field}, trampoline", field=field)
    else:
        place = _("Field {field}", field=field)
    n = len(stack)
    if n == 0:
        return _("{place}: empty", place=place)
    if n == 1:
        return _("{place}: one stone, {colour}", place=place, colour=_(COLOUR_WORDS[stack]))
    colours = ", ".join(_(COLOUR_WORDS[c]) for c in stack)
    top = _(COLOUR_WORDS[stack[n - 1]])
    # Translators: {place} is "Field 6"; {colours} the stack's colours from the bottom up,
    # e.g. "White, Black, Black"; {top} the colour on top.
    return n_(
        "{place}: {n} stone, bottom to top {colours}; {top} on top",
        "{place}: {n} stones, bottom to top {colours}; {top} on top",
        n,
        place=place,
        colours=colours,
        top=top,
    )


# ---------------------------------------------------------------------------------------------
# fields and the goal


# The marks a field can carry: its class and its words in its accessible name.
_MARKS = (
    ("selected", N_("selected")),
    ("target", N_("a destination")),
    ("bounce", N_("a destination by a bounce")),
    ("last", N_("part of the last move")),
)


def _state(name: str, selected: bool, marks: tuple) -> tuple:
    """(extra classes, accessible-name suffix, is target, is bounce, is last) of a field."""
    targets, bounces, last = marks
    flags = (selected, name in targets, name in bounces, name in last)
    extra, said = [], []
    for i in range(4):
        if flags[i]:
            extra.append(_MARKS[i][0])
            said.append(_(_MARKS[i][1]))
    suffix = " (" + ", ".join(said) + ")" if said else ""  # 'Field 5: empty (a destination)'
    return (extra, suffix, flags[1], flags[2], flags[3])


def _rings(pal: dict, x: float, y: float, r: float, sel: bool, tgt: bool, bounce: bool) -> list:
    """The state rings round a field (selected, destination, bounce), and its focus ring."""
    out = []
    ring = [("fill", "none")]
    if sel:
        out.append(
            _circle(
                "ring selected-ring",
                x,
                y,
                r,
                ring + [("stroke", pal["selected"]), ("stroke-width", 4.5)],
            )
        )
    if tgt:
        out.append(
            _circle(
                "ring target-ring",
                x,
                y,
                r,
                ring + [("stroke", pal["target"]), ("stroke-width", 3.5)],
            )
        )
    if bounce:
        dash = [("stroke-dasharray", "7 4")]
        out.append(
            _circle(
                "ring bounce-ring",
                x,
                y,
                r,
                ring + [("stroke", pal["bounce"]), ("stroke-width", 3.5)] + dash,
            )
        )
        # a jump arrow over the ring's top left: "you get here by bouncing"
        j = (x - r * 0.62, y - r * 0.62)
        d = path(
            "M", j[0] - 9, j[1] + 5, "Q", j[0] - 4, j[1] - 11, j[0] + 7, j[1] - 5,
            "M", j[0] + 7, j[1] - 5, "L", j[0], j[1] - 9,
            "M", j[0] + 7, j[1] - 5, "L", j[0] + 2, j[1] + 1,
        )  # fmt: skip
        line = [("stroke-linecap", "round"), ("stroke-linejoin", "round")]
        out.append(
            element("path", [("class", "jump"), ("d", d)] + _paint("none", pal["bounce"], 3) + line)
        )
    out.append(_circle("focus-ring", x, y, r + 4, ring + [("stroke", "none"), ("stroke-width", 3)]))
    return out


def _button(cls: str, hook: tuple, label: str, pressed: bool, content: list) -> tuple:
    """A focusable group, the page's click target for a field or a start stack, as its opening
    tag (with its accessible name) and the rest of it."""
    pairs = [("class", cls), hook, ("role", "button"), ("tabindex", "0"), ("aria-label", label)]
    if pressed:
        pairs.append(("aria-pressed", "true"))
    return ("<g" + attrs(pairs) + ">", "".join(content) + "</g>")


def _blossom(pal: dict, x: float, y: float) -> list:
    """The trampoline: a pink lotus blossom, outlined in red, with a golden heart."""
    edge = pal["trampoline edge"]
    out = _petals(
        x,
        y,
        8,
        3,
        4,
        TRAMPOLINE_R,
        16,
        0,
        [("class", "petal")] + _paint(pal["trampoline"], edge, 2.2),
    )
    out += _petals(
        x,
        y,
        8,
        3,
        3,
        TRAMPOLINE_R - 9,
        11,
        1,
        [("class", "petal")] + _paint(pal["trampoline inner"], edge, 1.2),
    )
    out.append(_circle("pad", x, y, 12, _paint(pal["heart"], edge, 1.4)))
    return out


def _leaves(pal: dict) -> dict:
    """Keep every field's leaf in the palette's parts ('leaf|A1', tinted: 'leaf|A1+')."""
    parts = _parts(pal)
    for name, markup in _grounds(pal).items():
        parts["leaf|" + name] = markup
    return parts


def _grounds(pal: dict) -> dict:
    """Every field's leaf (or blossom), plain and tinted as part of the last move, by name."""
    out = {TRAMPOLINE: "".join(_blossom(pal, _POS[TRAMPOLINE][0], _POS[TRAMPOLINE][1]))}
    out[TRAMPOLINE + "+"] = out[TRAMPOLINE]
    for field in FIELDS:
        if field == TRAMPOLINE:
            continue
        x, y = _POS[field]
        k = _NOTCH[field]
        veins = ""
        for j in (4, 8, 12, 16, 20):
            vx, vy = _dir(k + j)
            veins += path("M", x + vx * 5, y + vy * 5, "L", x + vx * (PAD - 6), y + vy * (PAD - 6))
        vein = _paint("none", pal["field vein"], 1.2) + [("stroke-linecap", "round")]
        vein = element("path", [("class", "vein"), ("d", veins)] + vein)
        for last in (False, True):
            fill = pal["field last"] if last else pal["field"]
            leaf = _leaf("pad", x, y, PAD, k, _paint(fill, pal["field edge"], 1.6))
            out[field + ("+" if last else "")] = leaf + vein
    return out


def _field(pal: dict, field: str, stack: str, selected: bool, marks: tuple, labels: bool) -> str:
    """One field: a focusable group holding its leaf, its name, its stones and its marks."""
    x, y = _POS[field]
    tramp = field == TRAMPOLINE
    r = TRAMPOLINE_R if tramp else PAD
    extra, suffix, tgt, bounce, last = _state(field, selected, marks)
    kind = "lane-a" if field in LANE_A else "lane-b" if field in LANE_B else "track"
    classes = ["field", kind] + (["trampoline"] if tramp else []) + extra
    label = _describe(field, stack) + suffix
    out = []
    if tramp and last:
        out.append(_circle("halo", x, y, r + 4, _paint(pal["last"]) + [("fill-opacity", 0.8)]))
    key = "leaf|" + field + ("+" if last else "")
    out.append(_parts(pal).get(key) or _leaves(pal)[key])
    if labels:
        ink = pal["trampoline edge"] if tramp else pal["label"]
        out.append(_text("label", x, y + r - 4.5, 10, ink, field))
    n = len(stack)
    if n:
        # Up to 4 stones stand at full height; a taller stack is drawn as high, its stones' rims
        # thinner, so that it stays on its own leaf (the badge says how many).
        out += _stack(pal, x, y + 4, stack, 15, 8, _rim_height(n, 5.5, STACK_ROOM))
        if n >= 2:
            out.append(_badge(pal, x + 21, y - 13, n))
    elif tgt or bounce:
        out.append(_circle("dot", x, y, 6, _paint(pal["bounce"] if bounce else pal["target"])))
    out += _rings(pal, x, y, r + 3, selected, tgt, bounce)
    return _button(" ".join(classes), ("data-field", field), label, selected, out)


def _goal(pal: dict, goal: dict, colours: tuple, marks: tuple, labels: bool) -> str:
    """The goal: a golden lotus holding each colour's finished stones, with their counts."""
    x, y = _POS[GOAL]
    extra, suffix, tgt, bounce, last = _state(GOAL, False, marks)
    # Translators: one colour's stones in the goal, in the goal's name: "White 2".
    counts = ", ".join(
        _("{colour} {n}", colour=_(COLOUR_WORDS[c]), n=goal.get(c, 0)) for c in colours
    )
    out = []
    if last:
        out.append(_circle("halo", x, y, GOAL_R + 4, _paint(pal["last"]) + [("fill-opacity", 0.8)]))
    petal = (
        [("class", "petal")]
        + _paint(pal["goal"], pal["goal edge"], 1.5)
        + [("stroke-linejoin", "round")]
    )
    out += _petals(x, y, 12, 2, 6, GOAL_R, 22, 1, petal)
    out.append(_circle("pad", x, y, GOAL_R - 12, _paint(pal["goal inner"], pal["goal edge"], 1.5)))
    n = len(colours)
    for i in range(n):
        c = colours[i]
        k = goal.get(c, 0)
        cx = x + (i - (n - 1) / 2) * 15
        stones = _stack(pal, cx, y + 1, c * k, 5, 2.5, _rim_height(k, 2.4, 20))
        out.append(element("g", [("class", "tally " + c)], stones))
        chip = _paint(pal["stone " + c], pal["stone " + c + " edge"], 0.8)
        out.append(_circle("chip " + c, cx, y + 10, 6.8, chip))
        out.append(_text("count " + c, cx, y + 13.5, 9.5, pal["stone " + c + " text"], str(k)))
    if labels:
        spacing = [("letter-spacing", 1.2)]
        # Translators: written on the race board's goal, in capitals (the rulebook's ZIEL).
        out.append(_text("label", x, y + 25, 7, pal["goal text"], _("GOAL"), spacing))
    out += _rings(pal, x, y, GOAL_R + 2, False, tgt, bounce)
    cls = " ".join(["field", "goal"] + extra)
    label = _("Goal: {counts}", counts=counts) + suffix
    return _button(cls, ("data-field", GOAL), label, False, out)


# ---------------------------------------------------------------------------------------------
# the start


def _start_cells(colours: int) -> tuple:
    """The start grid: one row per colour, stacks by falling height from the left.

    Returns (rows, columns, cell width, cell height, stone rx, stone ry, rim height), sized so
    that the grid fits inside the dragon's coil.
    """
    if colours == 2:
        return (2, 4, 31, 44, 13, 7, 5)
    if colours == 3:
        return (3, 3, 38, 34, 13, 7, 5)
    return (4, 3, 36, 26, 12, 6, 4.5)


def _start(pal: dict, start: dict, colours: tuple, selected: str, labels: bool, lang: str) -> str:
    """The start plaza, its dragon, the word START, and every colour's start stacks (each a
    button)."""
    parts = _parts(pal)
    n = len(colours)
    cols = _start_cells(n)[1]
    out = ['<g class="start">', _cached(pal, "plaza", _plaza)]
    if labels:
        out.append(_cached(pal, "start-label|" + lang, _start_label))
    picked = False
    for ri in range(n):
        c = colours[ri]
        heights = start.get(c, ())
        for i in range(cols):
            if i >= len(heights):
                key = "slot|" + str(n) + "|" + str(ri) + "|" + str(i)
                markup = parts.get(key)
                if markup is None:
                    markup = _keep(parts, key, _start_slot(pal, n, ri, i))
                out.append(markup)
                continue
            h = heights[i]
            is_sel = not picked and selected == c + str(h)
            picked = picked or is_sel
            key = "|".join(("stack", str(n), str(ri), str(i), c, str(h), "1" if is_sel else "0"))
            _worded(out, parts, key, lang, _start_stack, pal, n, ri, i, c, h, is_sel)
    out.append("</g>")
    return "".join(out)


def _plaza(pal: dict) -> str:
    """The start's plaza and the dragon coiled round it."""
    sx, sy, sr = PLAZA
    plaza = _circle("plaza", sx, sy, sr, _paint(pal["start"], pal["start edge"], 2))
    return plaza + _cached(pal, "dragon", _dragon)


def _start_label(pal: dict) -> str:
    """The word START, inside the dragon's coil below the start stacks."""
    sx, sy, sr = PLAZA
    spacing = [("letter-spacing", 1.2)]
    # Translators: written on the race board's start, in capitals (the rulebook's START).
    return _text("label start-label", sx, sy + 67, 7, pal["start text"], _("START"), spacing)


def _start_cell(n: int, ri: int, i: int) -> tuple:
    """(x, y, cell) of the start grid's row ri, column i with n colours (see _start_cells)."""
    sx, sy, sr = PLAZA
    rows, cols, cw, ch, rx, ry, t = _start_cells(n)
    y = sy + (ri - (rows - 1) / 2) * ch
    x = sx + (i - (cols - 1) / 2) * cw
    return (x, y, (cw, ch, rx, ry, t))


def _start_slot(pal: dict, n: int, ri: int, i: int) -> str:
    """An empty place of the start grid."""
    x, y, cell = _start_cell(n, ri, i)
    cw, ch, rx, ry, t = cell
    slot = [("cx", x), ("cy", y + ch / 2 - ry - 3), ("rx", rx), ("ry", ry)]
    pairs = [("class", "slot empty")] + slot + [("fill", pal["slot"]), ("aria-hidden", "true")]
    return element("ellipse", pairs)


def _start_stack(pal: dict, n: int, ri: int, i: int, c: str, h: int, sel: bool) -> tuple:
    """One start stack: its cell (the click target), its stones and its height (see _button)."""
    x, y, cell = _start_cell(n, ri, i)
    cw, ch, rx, ry, t = cell
    box = [
        ("x", x - cw / 2 + 1),
        ("y", y - ch / 2 + 1),
        ("width", cw - 2),
        ("height", ch - 2),
        ("rx", 6),
    ]
    parts = [
        element("rect", [("class", "slot")] + box + [("fill", pal["slot"]), ("fill-opacity", 0.45)])
    ]
    base = y + ch / 2 - ry - 3
    parts += _stack(pal, x, base, c * h, rx, ry, t)
    if h >= 2:  # the height, written on the top stone's face
        ink = pal["stone " + c + " text"]
        parts.append(_text("height", x, base - h * t + ry * 0.5, ry * 1.45, ink, str(h)))
    ring = [("fill", "none"), ("stroke-width", 3)]
    if sel:
        parts.append(
            element(
                "rect",
                [("class", "ring selected-ring")] + box + ring + [("stroke", pal["selected"])],
            )
        )
    parts.append(element("rect", [("class", "focus-ring")] + box + ring + [("stroke", "none")]))
    colour = _(COLOUR_WORDS[c])
    # Translators: a start stack's accessible name ("selected" is added when it is).
    label = n_(
        "{colour} start stack of one stone", "{colour} start stack of {n} stones", h, colour=colour
    )
    if sel:
        label += " (" + _(_MARKS[0][1]) + ")"
    cls = "start-stack " + c + (" selected" if sel else "")
    return _button(cls, ("data-start", c + str(h)), label, sel, parts)


def _dragon(pal: dict) -> str:
    """A stylised dragon coiled round the start, head and tail reaching for its pearl."""
    sx, sy, sr = PLAZA
    rb = sr - 2
    hx, hy = _dir(20)  # the head, at one o'clock
    tx, ty = _dir(16)  # the tail, at eleven o'clock
    head = (sx + hx * rb, sy + hy * rb)
    tail = (sx + tx * rb, sy + ty * rb)
    body = path("M", head[0], head[1], "A", rb, rb, 0, 1, 1, tail[0], tail[1])
    edge, gold = pal["dragon edge"], pal["dragon"]
    line = [("d", body), ("stroke-linecap", "round")]
    out = [
        element("path", line + _paint("none", edge, 9)),
        element("path", line + _paint("none", gold, 6)),
        element(
            "path",
            [("d", body)]
            + _paint("none", edge, 5)
            + [("stroke-dasharray", "1.6 3.4"), ("stroke-opacity", 0.55)],
        ),
    ]
    # dorsal spikes every 15 degrees, leaning back towards the tail
    spikes = ""
    for k in range(21, 40):
        u = _dir(k)
        a = _turn(u, 0.997564, -0.069756)  # 4 degrees towards the head
        b = _turn(u, 0.997564, 0.069756)
        pts = [
            (sx + a[0] * (rb + 3), sy + a[1] * (rb + 3)),
            (sx + b[0] * (rb + 9), sy + b[1] * (rb + 9)),
        ]
        pts.append((sx + b[0] * (rb + 3), sy + b[1] * (rb + 3)))
        spikes += _polyline(pts) + "Z"
    out.append(element("path", [("d", spikes), ("fill", edge)]))

    def frame(o: tuple, f: tuple, scale: float):
        """Local axes at o: u along f, v along f turned a quarter anticlockwise (outwards)."""
        return lambda u, v: (
            o[0] + (f[0] * u + f[1] * v) * scale,
            o[1] + (f[1] * u - f[0] * v) * scale,
        )

    # the tail's tuft, continuing the coil clockwise past eleven o'clock
    at = frame(tail, (-ty, tx), 1)
    d = path(
        "M", *at(0, -4), "Q", *at(6, -8), *at(14, -3), "Q", *at(9, 0), *at(15, 3),
        "Q", *at(6, 3), *at(0, 4), "Z",
    )  # fmt: skip
    out.append(
        element("path", [("d", d)] + _paint(gold, edge, 1.2) + [("stroke-linejoin", "round")])
    )
    # the head at one o'clock, facing anticlockwise towards the pearl, jaws open
    at = frame(head, (hy, -hx), 1.3)
    outline = [at(-4, -5.5), at(4, -7.5), at(11, -5.5), at(17, -2.5), at(16.5, -0.5), at(8, -1)]
    outline += [at(15, 3), at(13, 5), at(5, 6), at(-4, 5)]
    out.append(
        element(
            "path",
            [("d", _polyline(outline) + "Z")]
            + _paint(gold, edge, 1.4)
            + [("stroke-linejoin", "round")],
        )
    )
    mane = [at(-3, -5.5), at(-9, -11), at(-4, -8), at(-10, -4), at(-4, -2)]
    out.append(
        element(
            "path",
            [("d", _polyline(mane))] + _paint(edge, edge, 1) + [("stroke-linejoin", "round")],
        )
    )
    horn = path("M", *at(2, -7), "Q", *at(0, -14), *at(-8, -16))
    whisker = path("M", *at(16, -1), "Q", *at(23, 3), *at(26, -2))
    strokes = _paint("none", edge, 1.4) + [("stroke-linecap", "round")]
    out.append(element("path", [("d", horn + whisker)] + strokes))
    eye = at(7, -3.2)
    out.append(_circle("eye", eye[0], eye[1], 1.6, _paint(pal["dragon eye"])))
    out.append(_circle("pearl", sx, sy - rb, 5.5, _paint(pal["pearl"], edge, 1.2)))
    return element("g", [("class", "dragon"), ("aria-hidden", "true")], out)
