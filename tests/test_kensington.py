"""The engine's Kensington board table matches the spec's data (tests/data/kensington.json)."""

import json
import os

from lotus.engine import kensington as k

DATA = os.path.join(os.path.dirname(__file__), "data", "kensington.json")

with open(DATA) as f:
    SPEC = json.load(f)


def test_72_points_at_the_spec_coordinates():
    assert len(k.POINTS) == 72 == len(SPEC["points"])
    for n in range(1, 73):
        x, y = k.POINTS[n - 1]
        sx, sy = SPEC["points"][n - 1]
        assert type(x) is float and type(y) is float
        assert abs(x - sx) < 1e-9 and abs(y - sy) < 1e-9, n


def test_132_lines():
    assert len(k.LINES) == 132
    assert sorted(tuple(sorted(e)) for e in SPEC["edges"]) == list(k.LINES)


def test_every_points_neighbours():
    expected = {n: set() for n in range(1, 73)}
    for a, b in SPEC["edges"]:
        expected[a].add(b)
        expected[b].add(a)
    for n in range(1, 73):
        assert k.NEIGHBOURS[n - 1] == tuple(sorted(expected[n])), n
        assert k.NEIGHBOUR_INDICES[n - 1] == tuple(m - 1 for m in sorted(expected[n]))
        assert k.NEIGHBOUR_MASKS[n - 1] == sum(1 << (m - 1) for m in expected[n])


def test_lines_join_points_one_hexagon_side_apart():
    for a, b in k.LINES:
        (ax, ay), (bx, by) = k.POINTS[a - 1], k.POINTS[b - 1]
        assert abs((ax - bx) ** 2 + (ay - by) ** 2 - 1) < 1e-4


def test_seven_hexagons_are_the_lotus_cells():
    assert [list(h) for h in k.HEXAGONS] == SPEC["hexagons"]
    assert [list(h) for h in k.HEXAGONS] == [list(range(6 * c + 1, 6 * c + 7)) for c in range(7)]
    for h, m in zip(k.HEXAGONS, k.HEXAGON_MASKS):
        assert m == k.mask(h)
        for c in range(6):  # the six corners are joined around the hexagon
            assert tuple(sorted((h[c], h[(c + 1) % 6]))) in k.LINES


def test_degree_3_for_exactly_24_outline_points_4_for_the_rest():
    three = [n for n in range(1, 73) if len(k.NEIGHBOURS[n - 1]) == 3]
    assert len(three) == 24
    assert set(three) <= set(k.OUTLINE)
    assert all(len(k.NEIGHBOURS[n - 1]) == 4 for n in range(1, 73) if n not in three)
    # The six inward corners of the outline have four neighbours (the seed).
    assert [n for n in k.OUTLINE if n not in three] == [45, 50, 55, 60, 65, 70]


def test_bit_helpers():
    assert k.popcount(0) == 0
    assert k.popcount(k.FULL) == 72
    assert k.popcount((1 << 71) | (1 << 40) | 1) == 3
    assert k.lowest_index(1 << 71) == 71
    assert k.lowest_index((1 << 71) | (1 << 5)) == 5
    assert k.indices(0) == []
    assert k.indices((1 << 71) | (1 << 40) | 1) == [0, 40, 71]
    assert k.mask([1, 72]) == 1 | (1 << 71)


def test_has_lotus_needs_all_six_corners_of_one_hexagon():
    """G5: a lotus is all six corners of one hexagon; corners of different hexagons are not."""
    for hexagon in k.HEXAGONS:
        assert k.has_lotus(k.mask(hexagon))
        assert k.has_lotus(k.mask(hexagon) | k.mask(k.OUTLINE))
        for corner in hexagon:
            assert not k.has_lotus(k.mask(p for p in hexagon if p != corner))
    five_of_each = k.mask(p for h in k.HEXAGONS for p in h[:5])
    assert not k.has_lotus(five_of_each | k.mask(k.OUTLINE))
    assert k.has_lotus(k.FULL) and not k.has_lotus(0)
