"""The 72-point Kensington board of Lotus (Freeling), in the numbering of the spec (go.md).

Points are numbered 1-72 in the notation; internally point ``n`` is index ``n - 1`` and bit
``1 << (n - 1)`` of a board mask. 1-6 are the central hexagon, 7-12 ... 37-42 the six outer
hexagons clockwise from the one above the centre, 43-72 the outline clockwise from 12 o'clock.
Coordinates have the hexagon side as unit, the board's centre at (0, 0) and y growing upward.
The data matches ``tests/data/kensington.json`` (checked by tests/test_kensington.py).
"""

POINTS = (
    (0.5, 0.866025),  # 1
    (1.0, 0.0),  # 2
    (0.5, -0.866025),  # 3
    (-0.5, -0.866025),  # 4
    (-1.0, 0.0),  # 5
    (-0.5, 0.866025),  # 6
    (0.5, 3.598076),  # 7
    (1.0, 2.732051),  # 8
    (0.5, 1.866025),  # 9
    (-0.5, 1.866025),  # 10
    (-1.0, 2.732051),  # 11
    (-0.5, 3.598076),  # 12
    (3.366025, 1.366025),  # 13
    (2.866025, 0.5),  # 14
    (1.866025, 0.5),  # 15
    (1.366025, 1.366025),  # 16
    (1.866025, 2.232051),  # 17
    (2.866025, 2.232051),  # 18
    (2.866025, -0.5),  # 19
    (3.366025, -1.366025),  # 20
    (2.866025, -2.232051),  # 21
    (1.866025, -2.232051),  # 22
    (1.366025, -1.366025),  # 23
    (1.866025, -0.5),  # 24
    (0.5, -1.866025),  # 25
    (1.0, -2.732051),  # 26
    (0.5, -3.598076),  # 27
    (-0.5, -3.598076),  # 28
    (-1.0, -2.732051),  # 29
    (-0.5, -1.866025),  # 30
    (-1.866025, -0.5),  # 31
    (-1.366025, -1.366025),  # 32
    (-1.866025, -2.232051),  # 33
    (-2.866025, -2.232051),  # 34
    (-3.366025, -1.366025),  # 35
    (-2.866025, -0.5),  # 36
    (-1.366025, 1.366025),  # 37
    (-1.866025, 0.5),  # 38
    (-2.866025, 0.5),  # 39
    (-3.366025, 1.366025),  # 40
    (-2.866025, 2.232051),  # 41
    (-1.866025, 2.232051),  # 42
    (0.5, 4.598076),  # 43
    (1.366025, 4.098076),  # 44
    (1.866025, 3.232051),  # 45
    (2.866025, 3.232051),  # 46
    (3.732051, 2.732051),  # 47
    (4.232051, 1.866025),  # 48
    (4.232051, 0.866025),  # 49
    (3.732051, 0.0),  # 50
    (4.232051, -0.866025),  # 51
    (4.232051, -1.866025),  # 52
    (3.732051, -2.732051),  # 53
    (2.866025, -3.232051),  # 54
    (1.866025, -3.232051),  # 55
    (1.366025, -4.098076),  # 56
    (0.5, -4.598076),  # 57
    (-0.5, -4.598076),  # 58
    (-1.366025, -4.098076),  # 59
    (-1.866025, -3.232051),  # 60
    (-2.866025, -3.232051),  # 61
    (-3.732051, -2.732051),  # 62
    (-4.232051, -1.866025),  # 63
    (-4.232051, -0.866025),  # 64
    (-3.732051, 0.0),  # 65
    (-4.232051, 0.866025),  # 66
    (-4.232051, 1.866025),  # 67
    (-3.732051, 2.732051),  # 68
    (-2.866025, 3.232051),  # 69
    (-1.866025, 3.232051),  # 70
    (-1.366025, 4.098076),  # 71
    (-0.5, 4.598076),  # 72
)
"""POINTS[n - 1] is the (x, y) position of point n."""

# fmt: off
LINES = (
    (1, 2), (1, 6), (1, 9), (1, 16), (2, 3), (2, 15), (2, 24), (3, 4),
    (3, 23), (3, 25), (4, 5), (4, 30), (4, 32), (5, 6), (5, 31), (5, 38),
    (6, 10), (6, 37), (7, 8), (7, 12), (7, 43), (7, 44), (8, 9), (8, 17),
    (8, 45), (9, 10), (9, 16), (10, 11), (10, 37), (11, 12), (11, 42), (11, 70),
    (12, 71), (12, 72), (13, 14), (13, 18), (13, 48), (13, 49), (14, 15), (14, 19),
    (14, 50), (15, 16), (15, 24), (16, 17), (17, 18), (17, 45), (18, 46), (18, 47),
    (19, 20), (19, 24), (19, 50), (20, 21), (20, 51), (20, 52), (21, 22), (21, 53),
    (21, 54), (22, 23), (22, 26), (22, 55), (23, 24), (23, 25), (25, 26), (25, 30),
    (26, 27), (26, 55), (27, 28), (27, 56), (27, 57), (28, 29), (28, 58), (28, 59),
    (29, 30), (29, 33), (29, 60), (30, 32), (31, 32), (31, 36), (31, 38), (32, 33),
    (33, 34), (33, 60), (34, 35), (34, 61), (34, 62), (35, 36), (35, 63), (35, 64),
    (36, 39), (36, 65), (37, 38), (37, 42), (38, 39), (39, 40), (39, 65), (40, 41),
    (40, 66), (40, 67), (41, 42), (41, 68), (41, 69), (42, 70), (43, 44), (43, 72),
    (44, 45), (45, 46), (46, 47), (47, 48), (48, 49), (49, 50), (50, 51), (51, 52),
    (52, 53), (53, 54), (54, 55), (55, 56), (56, 57), (57, 58), (58, 59), (59, 60),
    (60, 61), (61, 62), (62, 63), (63, 64), (64, 65), (65, 66), (66, 67), (67, 68),
    (68, 69), (69, 70), (70, 71), (71, 72),
)
# fmt: on
"""The 132 lines (a, b) with a < b, sorted: the board's adjacency."""

HEXAGONS = (
    (1, 2, 3, 4, 5, 6),
    (7, 8, 9, 10, 11, 12),
    (13, 14, 15, 16, 17, 18),
    (19, 20, 21, 22, 23, 24),
    (25, 26, 27, 28, 29, 30),
    (31, 32, 33, 34, 35, 36),
    (37, 38, 39, 40, 41, 42),
)
"""The seven hexagons (lotus cells), each as its six corner points clockwise."""

OUTLINE = tuple(range(43, 73))
"""The 30 outline points, clockwise from 12 o'clock."""

SIZE = 72
"""Number of points."""

FULL = (1 << SIZE) - 1
"""Mask with every point's bit set."""


def _neighbours() -> tuple:
    table = [[] for _ in range(SIZE)]
    for a, b in LINES:
        table[a - 1].append(b)
        table[b - 1].append(a)
    return tuple(tuple(sorted(row)) for row in table)


NEIGHBOURS = _neighbours()
"""NEIGHBOURS[n - 1] is the sorted tuple of point numbers joined to point n by a line."""

NEIGHBOUR_INDICES = tuple(tuple(m - 1 for m in row) for row in NEIGHBOURS)
"""NEIGHBOUR_INDICES[i] lists the indices (0-71) of index i's neighbours."""


def mask(points) -> int:
    """Return the bit mask of an iterable of point numbers (1-72)."""
    m = 0
    for n in points:
        m |= 1 << (n - 1)
    return m


NEIGHBOUR_MASKS = tuple(mask(row) for row in NEIGHBOURS)
"""NEIGHBOUR_MASKS[i] is the mask of index i's neighbours."""

HEXAGON_MASKS = tuple(mask(h) for h in HEXAGONS)
"""The seven hexagons as masks; a group holding all bits of one of them holds a lotus."""


def has_lotus(group: int) -> bool:
    """True when the mask `group` holds all six corners of one hexagon: a lotus (go.md, G5)."""
    for h in HEXAGON_MASKS:
        if group & h == h:
            return True
    return False


BIT_INDEX = {}
"""Maps a single-bit mask 1 << i to its index i (portable: MicroPython has no int.bit_length)."""
for _i in range(SIZE):
    BIT_INDEX[1 << _i] = _i


def popcount(x: int) -> int:
    """Return the number of set bits of a non-negative int (portable popcount)."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def lowest_index(x: int) -> int:
    """Return the index of the lowest set bit of a non-zero board mask."""
    return BIT_INDEX[x & -x]


def indices(x: int) -> list[int]:
    """Return the indices of the set bits of a board mask, ascending."""
    out = []
    while x:
        low = x & -x
        out.append(BIT_INDEX[low])
        x ^= low
    return out
