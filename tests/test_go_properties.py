"""Properties of Lotus (Freeling) over random games (hypothesis), checked move by move.

A plain reference implementation of G4-G7, written straight from the rules with flood fills on a
list of characters, is played alongside the engine.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.engine import go, race
from lotus.engine.kensington import HEXAGONS, NEIGHBOUR_INDICES

pytestmark = pytest.mark.slow

HEXES = [set(n - 1 for n in h) for h in HEXAGONS]

# Each number picks a move: mostly a placement on some empty point, sometimes a pass.
choices = st.lists(st.integers(0, 9999), min_size=0, max_size=160)
SETTINGS = settings(max_examples=120)


def ref_group(board, p):
    colour = board[p]
    group = {p}
    stack = [p]
    while stack:
        for q in NEIGHBOUR_INDICES[stack.pop()]:
            if board[q] == colour and q not in group:
                group.add(q)
                stack.append(q)
    return group


def ref_alive(board, group):
    """G4/G5: a group lives with a liberty or a lotus."""
    if any(board[q] == "." for p in group for q in NEIGHBOUR_INDICES[p]):
        return True
    return any(h <= group for h in HEXES)


def ref_place(board, colour, p):
    """G6 and G7, read literally, on a list of '.', 'w', 'b'."""
    other = "b" if colour == "w" else "w"
    board[p] = colour
    for q in NEIGHBOUR_INDICES[p]:
        if board[q] == other:
            group = ref_group(board, q)
            if not ref_alive(board, group):
                for r in group:
                    board[r] = colour
    group = ref_group(board, p)
    if not ref_alive(board, group):
        for r in group:
            board[r] = other


def pick(game, x):
    """The move number x stands for: a pass one time in 25, else an empty point."""
    legal = game.legal_moves()
    if x % 25 == 0 or len(legal) == 1:
        return "pass"
    return legal[x % (len(legal) - 1)]


def play_out(game, xs):
    """Play the chosen moves, then fill the board at random-ish and pass twice: yield each move."""
    for x in xs:
        if game.is_over:
            return
        move = pick(game, x)
        yield move
    k = 7
    while not game.is_over:
        legal = game.legal_moves()
        k = (k * 1103515245 + 12345) % 2147483648
        yield legal[k % (len(legal) - 1)] if len(legal) > 1 else "pass"


def check_groups(game):
    """Every group of the reference lives, and the engine names it for each of its stones."""
    board = list(game.board())
    seen = set()
    for p in range(72):
        if board[p] != "." and p not in seen:
            group = ref_group(board, p)  # one flood fill a group: the same for each stone
            seen |= group
            assert ref_alive(board, group), (game.moves, p + 1)
            names = [str(q + 1) for q in sorted(group)]
            for q in group:
                assert game.group_of(str(q + 1)) == names


@SETTINGS
@given(choices, st.sampled_from(["w", "b"]), st.integers(-7, 7))
def test_every_move_follows_the_reference_rules_and_leaves_every_group_alive(xs, first, marker):
    g = go.Game(marker=marker, first=first)
    board = ["."] * 72
    for move in play_out(g, xs):
        mover = g.to_move
        empties_before = g.board().count(".")
        g.play(move)
        if move == "pass":
            assert g.board() == "".join(board)
        else:
            ref_place(board, mover, int(move) - 1)
            assert g.board() == "".join(board), g.moves
            # Every placement fills exactly one point, the one played.
            assert g.board().count(".") == empties_before - 1
            assert g.board()[int(move) - 1] != "."
        # No group without a lotus is left without a liberty (G5-G7).
        check_groups(g)
    assert g.is_over


@SETTINGS
@given(choices)
def test_undo_restores_everything_exactly(xs):
    g = go.Game()
    keys = [(g.state_key(), g.legal_moves())]
    for move in play_out(g, xs):
        g.play(move)
        before = (g.state_key(), g.legal_moves())
        board, marker, to_move, moves = g.board(), g.marker, g.to_move, g.moves
        g.undo()
        assert (g.state_key(), g.legal_moves()) == keys[-1]
        g.play(move)
        assert (g.board(), g.marker, g.to_move, g.moves) == (board, marker, to_move, moves)
        assert (g.state_key(), g.legal_moves()) == before
        keys.append(before)
    while keys[:-1]:
        keys.pop()
        g.undo()
        assert (g.state_key(), g.legal_moves()) == keys[-1]
        assert g.legal_indices() == [go.NAMES.index(m) for m in keys[-1][1]]
    assert g.moves == [] and g.board() == "." * 72


@SETTINGS
@given(choices, st.integers(-7, 7))
def test_a_game_always_ends(xs, marker):
    # Each placement fills a point for good and two passes in a row end play (G8): at most
    # 72 placements, each preceded by at most one pass, then two passes.
    g = go.Game(marker=marker)
    n = 0
    for move in play_out(g, xs):
        g.play(move)
        n += 1
        assert n <= 2 * 72 + 2
    assert g.is_over and g.phase == "scoring" and g.legal_moves() == []
    assert -7 <= g.marker <= 7


@SETTINGS
@given(choices)
def test_fast_path_agrees_with_the_public_api(xs):
    g = go.Game()
    f = go.Game()
    for move in play_out(g, xs):
        assert f.legal_indices() == [go.NAMES.index(m) for m in g.legal_moves()]
        assert go.COLOURS[f.turn] == f.to_move
        groups, borders = f.groups, f.borders
        kept = (groups[:], borders[:])
        g.play(move)
        f.play_index(go.NAMES.index(move))
        assert (groups, borders) == kept  # a move replaces the lists, never changes them
        assert f.state_key() == g.state_key()
        w, b = f.masks()
        board = f.board()
        assert all((board[i] == "w") == bool(w >> i & 1) for i in range(72))
        assert all((board[i] == "b") == bool(b >> i & 1) for i in range(72))
        empty = (1 << 72) - 1 - (w | b)
        borders = {}  # a group's mask -> its border (each group once)
        for i in range(72):
            if board[i] == ".":
                assert f.groups[i] == 0
                continue
            mask = f.groups[i]
            assert mask >> i & 1  # a stone is in its own group
            if mask not in borders:
                stones = [go.NAMES[k] for k in range(72) if mask >> k & 1]
                near = {q for n in stones for q in NEIGHBOUR_INDICES[int(n) - 1]}
                borders[mask] = sum(1 << q for q in near)
                libs = [go.NAMES[k] for k in range(72) if (borders[mask] & empty) >> k & 1]
                # Every stone of the group holds the same mask (checked next), from which the
                # public calls answer for any of its stones: asked here once a group.
                assert all(f.groups[int(n) - 1] == mask for n in stones)
                assert stones == f.group_of(i + 1)
                assert libs == f.liberties(i + 1)
                assert go.has_lotus(mask) == f.has_lotus(i + 1)
            assert f.borders[i] == borders[mask]
    assert f.legal_indices() == []


@SETTINGS
@given(choices)
def test_place_on_copies_of_the_fast_path_state_matches_play_index(xs):
    g = go.Game()
    for move in play_out(g, xs):
        if move != "pass":
            i = go.NAMES.index(move)
            s = list(g.masks())
            gm, gn = g.groups[:], g.borders[:]
            go.place(s, gm, gn, i, g.turn)
            g.play(move)
            assert tuple(s) == g.masks() and gm == g.groups and gn == g.borders
        else:
            g.play(move)


def test_pass_and_resign_are_notation_and_have_move_indices():
    """PASS and RESIGN are the notation, as race.PASS; the fast path plays them by index."""
    assert go.PASS == "pass" == race.PASS and go.RESIGN == "resign"
    assert go.NAMES[go.PASS_INDEX] == go.PASS and go.NAMES[go.RESIGN_INDEX] == go.RESIGN
    assert go.Game().legal_moves()[-1] == go.PASS
    assert go.Game().legal_indices()[-1] == go.PASS_INDEX
    g = go.Game()
    g.play_index(go.PASS_INDEX)
    assert g.moves == [go.PASS] and g.marker == 1
    g.play_index(go.RESIGN_INDEX)
    assert g.moves == [go.PASS, go.RESIGN] and g.resigned == "b" and g.winner == "w"


@SETTINGS
@given(choices, st.integers(0, 2**31), st.integers(-7, 7))
def test_random_playout_agrees_with_playing_the_same_moves(xs, seed, marker):
    g = go.Game(marker=marker)
    for move in play_out(g, xs):
        if g.passes or g.board().count(".") < 20:
            break
        g.play(move)
    before = g.state_key()
    picks = []
    state = [seed]

    def randbelow(n):
        state[0] = (state[0] * 1103515245 + 12345) % 2147483648
        picks.append(state[0] % n)
        return picks[-1]

    result = g.random_playout(randbelow)
    assert g.state_key() == before  # the game itself is unchanged
    for k in picks:
        g.play(g.legal_moves()[k])
    assert "." not in g.board()
    g.play("pass")
    g.play("pass")
    assert result == (g.score()["w"], g.score()["b"])
    assert g.random_playout(randbelow) == result  # after the end: the score


@SETTINGS
@given(choices)
def test_a_set_up_position_has_the_same_groups_and_scores(xs):
    g = go.Game()
    for move in play_out(g, xs):
        g.play(move)
        if move == "pass":
            continue
        board = g.board()
        s = go.Game.from_setup(board, to_move=g.to_move, marker=g.marker)
        assert s.legal_moves() == g.legal_moves()
        # The same stones, groups and borders (the fast path's state, from which group_of,
        # liberties and has_lotus answer: test_fast_path_agrees_with_the_public_api).
        assert (s.masks(), s.groups, s.borders) == (g.masks(), g.groups, g.borders)
        assert s.score() == g.score()
        assert s.suggest_dead() == g.suggest_dead()


@SETTINGS
@given(choices)
def test_every_point_counts_once_whatever_is_dead(xs):
    g = go.Game()
    for move in play_out(g, xs):
        g.play(move)
        board = g.board()
        dead = g.suggest_dead()
        for d in (), dead:
            score = g.score(dead=d)
            areas = g.territory(dead=d)
            assert score["w"] + score["b"] + len(areas["neutral"]) == 72 + abs(g.marker)
            on_board = sorted(areas["w"] + areas["b"] + areas["neutral"], key=int)
            empties = [str(p + 1) for p in range(72) if board[p] == "."]
            assert on_board == empties
        for p in dead:
            assert not g.has_lotus(p)
    # At the end, the winner is the higher score with the marked dead groups.
    g.set_dead(g.suggest_dead())
    s = g.score(dead=g.dead)
    assert g.winner == ("w" if s["w"] > s["b"] else "b" if s["b"] > s["w"] else None)
    assert g.finish() == g.winner


def test_random_playout_on_a_full_board_after_one_pass_needs_one_more_pass():
    g = go.Game(marker=3)
    g.random_playout(lambda n: 0)
    for _ in range(72):
        g.play(g.legal_moves()[0])
    g.play("pass")  # white: marker 4
    assert g.random_playout(lambda n: 0) == (g.score()["w"] - 1, g.score()["b"])
