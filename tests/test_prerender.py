"""The boards' pre-drawn parts and the renderers' caches never change a byte of the pictures.

The page redraws its board on every click, on MicroPython, so the renderers keep the markup of
parts they drew (lotus/render/race.py and go.py, `_parts`) and start from parts pre-drawn at
set-up (tools/prerender.py: lotus/render/race_parts.txt and go_parts.txt). A player must see
exactly what a fresh drawing shows: these tests compare cached against fresh drawings, the files
on disk against what the renderers draw now, and the page's files under MicroPython.
"""

import hashlib
import os
import random

import pytest

from lotus import words
from lotus.engine import go as go_engine
from lotus.engine import race as race_engine
from lotus.render import go, race, svg
from tests.support import mpy_site
from tests.support.files import ROOT
from tools import prerender


def fresh_race(*args, **kwargs) -> str:
    """race.board drawn from nothing: no kept parts, no pre-drawn file."""
    saved = (race._PRE, dict(race._PARTS))
    race._PRE = {}
    race._PARTS.clear()
    try:
        return race.board(*args, **kwargs)
    finally:
        race._PRE = saved[0]
        race._PARTS.clear()
        race._PARTS.update(saved[1])


def fresh_go(*args, **kwargs) -> str:
    """go.board drawn from nothing: the geometry computed, no kept points."""
    saved = (go.PARTS_FILE, list(go._geometry), dict(go._PARTS))
    go.PARTS_FILE = "no such file.txt"
    go._geometry.clear()
    go._PARTS.clear()
    try:
        return go.board(*args, **kwargs)
    finally:
        go.PARTS_FILE = saved[0]
        go._geometry[:] = saved[1]
        go._PARTS.clear()
        go._PARTS.update(saved[2])


def race_views(seed: int):
    """(game, options) along a random game: selections, destinations, bounces, last moves."""
    rnd = random.Random(seed)
    players = 2 + seed % 3
    game = race_engine.Game(players=players, pro=seed % 2 == 1, first=race_engine.COLOURS[0])
    palettes = [None, {"water": "#123", "stone r": "#e00"}]
    while not game.is_over and len(game.moves) < 120:
        last = game.moves[-1] if game.moves else None
        yield game, {"last_move": last}
        origins = game.origins()
        if origins:
            origin = rnd.choice(origins)
            targets, bounces = [], []
            for move in game.moves_from(origin):
                path = race_engine.parse_move(move)[1]
                targets.append(path[0])
                bounces.extend(path[1:])
            yield (
                game,
                {
                    "selected": origin,
                    "targets": tuple(targets),
                    "bounce_targets": tuple(bounces),
                    "last_move": last,
                    "colors": palettes[len(game.moves) % 2],
                    "labels": len(game.moves) % 3 != 1,
                },
            )
        game.play(rnd.choice(game.legal_moves()))
    yield game, {"last_move": game.moves[-1], "arrows": False, "title": "Over <&>", "size": 360}


# Seeds 0-2 give each number of players, with and without the Pro rule; more are slow (make
# test runs them).
@pytest.mark.parametrize(
    "seed", [0, 1, 2] + [pytest.param(s, marks=pytest.mark.slow) for s in (3, 4, 5)]
)
def test_a_race_board_drawn_from_kept_parts_is_the_board_drawn_afresh(seed):
    for game, options in race_views(seed):
        assert race.board(game, **options) == fresh_race(game, **options), (game.moves, options)


def test_a_race_board_drawn_from_kept_parts_is_the_board_drawn_afresh_in_german_too():
    """The parts are kept by language: German after English never shows an English word."""
    for game, options in race_views(1):
        race.board(game, **options)  # English parts kept first
    words.use("de")
    try:
        for game, options in race_views(1):
            assert race.board(game, **options) == fresh_race(game, **options), game.moves
    finally:
        words.use("en")


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_opening_boards_come_whole_from_the_pre_drawn_parts_in_every_language(lang):
    saved = dict(race._PARTS)
    race._PARTS.clear()
    words.use(lang)
    try:
        for players in (2, 3, 4):
            race.board(race_engine.Game(players=players))
        assert set(race._PARTS[""]) == set(race._PRE)  # nothing drawn: all of it pre-drawn
    finally:
        words.use("en")
        race._PARTS.clear()
        race._PARTS.update(saved)


@pytest.mark.parametrize("seed", [0, 1] + [pytest.param(s, marks=pytest.mark.slow) for s in (2, 3)])
def test_a_go_board_drawn_from_kept_points_is_the_board_drawn_afresh(seed):
    rnd = random.Random(seed)
    game = go_engine.Game(marker=seed - 2, first="wb"[seed % 2])
    before = game.board()
    while game.phase == go_engine.PLAY and len(game.moves) < 150:
        game.play(rnd.choice(game.legal_moves()) if rnd.random() > 0.05 else "pass")
        flipped = go.reversed_points(before, game.board())
        before = game.board()
        options = {"last_move": game.moves[-1], "flipped": flipped}
        options["numbers"] = len(game.moves) % 5 == 0
        if len(game.moves) % 7 == 0:
            options.update(colors={"lotus": "#dde8f5"}, preview=False, size=480, title="t")
        assert go.board(game, **options) == fresh_go(game, **options)
    if game.phase == go_engine.SCORING:
        dead = game.suggest_dead()
        options = {"dead": dead, "territory": game.territory(dead), "numbers": True}
        assert go.board(game, **options) == fresh_go(game, **options)


def test_kept_parts_stay_bounded():
    for seed in range(3):
        for game, options in race_views(seed):
            race.board(game, **options)
    assert all(len(parts) <= race._PARTS_LIMIT + 200 for parts in race._PARTS.values())


def test_the_pre_drawn_files_are_what_the_renderers_draw_now():
    """Stale or missing files: run `make` (or .venv/bin/python tools/prerender.py)."""
    for path, text in prerender.files().items():
        full = os.path.join(ROOT, path)
        assert os.path.exists(full), f"{path} is missing: run make"
        with open(full, encoding="utf-8", newline="") as f:
            assert f.read() == text, f"{path} is stale: run make"


def test_the_pre_drawn_parts_are_read_back_exactly():
    for path, (draw, comment) in prerender.FILES.items():
        parts = svg.read_parts(os.path.basename(path))
        assert parts == draw()
        assert prerender.encode(parts, comment) == prerender.files()[path]
    assert go._geometry_from_parts(svg.read_parts(go.PARTS_FILE)) == go._drawn_geometry()
    assert svg.read_parts("no such file.txt") == {}


def checksums_script(views: list) -> str:
    """MicroPython source printing a checksum of each race and Go view (see `views`)."""
    lines = [
        "from hashlib import sha256",
        "from lotus.engine import race as R, go as G",
        "from lotus.render import race as r, go as g",
        "def h(s):",
        "    return ''.join('%02x' % b for b in sha256(s.encode()).digest())",
    ]
    for kind, moves, options in views:
        if kind == "race":
            lines.append(f"x = R.Game(players={moves[0]}, pro={moves[1]})")
            lines.append(f"for m in {moves[2]!r}: x.play(m)")
            lines.append(f"print(h(r.board(x, **{options!r})))")
        else:
            lines.append(f"x = G.Game.from_moves({moves!r})")
            lines.append(f"print(h(g.board(x, **{options!r})))")
    return "\n".join(lines) + "\n"


@pytest.mark.micropython
def test_the_page_draws_the_same_bytes_under_micropython_with_its_files():
    """The page's own files (pyscript.toml), pre-drawn parts included, under MicroPython."""
    views, expected = [], []
    for seed in (1, 2):
        for n, (game, options) in enumerate(race_views(seed)):
            if n % 9 == 0:
                options = {k: v for k, v in options.items() if k != "colors"}
                views.append(("race", (game.players, game.pro, game.moves), options))
                expected.append(race.board(game, **options))
    rnd = random.Random(5)
    game = go_engine.Game()
    for n in range(40):
        game.play(rnd.choice(game.legal_moves()))
        if n % 8 == 0:
            options = {"last_move": game.moves[-1], "numbers": n % 16 == 0}
            views.append(("go", list(game.moves), options))
            expected.append(go.board(game, **options))
    out = mpy_site.run(checksums_script(views)).split()
    assert out == [hashlib.sha256(s.encode()).hexdigest() for s in expected]
