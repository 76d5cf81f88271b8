"""Properties of random race games (docs/spec/race.md), for 2, 3 and 4 players, both rule sets.

- R1/R7: every colour keeps all its stones (start + board + goal) through every move.
- API: every listed move plays; a string that is not listed raises IllegalMove and changes nothing;
  undo restores board, start, goal, to_move and moves exactly.
- R11: every game ends (the spec argues some player can always move forward).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.engine import race
from lotus.game import refusals

pytestmark = pytest.mark.slow

MOVE_CAP = 3000  # a 2-player game needs at most ~20 * 15 forward moves plus passes
SETTINGS = settings(max_examples=100)

games = st.tuples(
    st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, 3), st.integers(0, 2**32 - 1)
)

NAMES = list(race.FIELDS) + ["G", "S", "8", "A5", "B0", "15", "0", "pass", ""]


def new_game(players: int, pro: bool, first: int) -> race.Game:
    """A new game with a valid first colour picked by index."""
    return race.Game(players=players, pro=pro, first=race.COLOURS[first % players])


def snapshot(g: race.Game) -> tuple:
    """Everything undo and a refused move must leave as it was."""
    return (g.board(), g.start(), g.goal(), g.to_move, g.moves, g.is_over, g.state_key())


def expected_to_move(g: race.Game) -> str:
    """R2/R10: colours take turns in order from the first player (who moves twice under Pro 2p)."""
    n = len(g.moves)
    if g.pro and g.players == 2 and n >= 1:
        n -= 1
    return g.colours[(g.colours.index(g.first) + n) % g.players]


def conserved(g: race.Game) -> bool:
    """R1: each colour has all its stones somewhere (start + board + goal)."""
    per = sum(race.SET_UP[g.players])
    start, goal, board = g.start(), g.goal(), g.board()
    for c in g.colours:
        on_board = sum(stack.count(c) for stack in board.values())
        if sum(start[c]) + on_board + goal[c] != per:
            return False
    return True


def near_misses(move: str, rnd: random.Random) -> list:
    """Strings close to a legal move: other fields, other heights, colours, bounces, typos."""
    out = [move + "-8", move + "-G", move + "-", move.lower(), " " + move, move + "x"]
    parts = move.split("-")
    for i in range(len(parts)):
        for name in rnd.sample(NAMES, 4):
            out.append("-".join(parts[:i] + [name] + parts[i + 1 :]))
    if move.startswith("S"):
        out += [move[0] + c + move[2:] for c in "wbryx"]
        out += [move[:2] + str(h) + move[3:] for h in (0, 1, 2, 3, 4, 5, 10)]
    if len(parts) == 3:
        out += [parts[0] + "-" + parts[2], parts[0] + "-8-8"]
    if len(parts) == 2:
        out.append(parts[0] + "-8-" + parts[1])
    out.append(move[:-1])
    out.append(move[1:])
    return out


def random_text(rnd: random.Random) -> str:
    """A short string from the notation's alphabet."""
    alphabet = "SwbryABG0123456789-pas "
    return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 8)))


def play_out(g: race.Game, rnd: random.Random, check) -> int:
    """Play random legal moves to the end, calling check(g, legal) before each; return the count."""
    n = 0
    while not g.is_over:
        assert n < MOVE_CAP, "the game did not end"
        legal = g.legal_moves()
        assert legal, "a running game always has a legal move"
        check(g, legal)
        g.play(rnd.choice(legal))
        n += 1
    assert g.legal_moves() == []
    return n


@SETTINGS
@given(games)
def test_stones_are_conserved_and_every_game_ends(params):
    """R1-R3/R7/R9-R11: stones are conserved, turns rotate, only own free stones move unless
    blocked, and a random game always ends with one winner."""
    players, pro, first, seed = params
    g = new_game(players, pro, first)
    rnd = random.Random(seed)

    def check(g, legal):
        assert conserved(g)
        assert len(legal) == len(set(legal))
        assert ("pass" in legal) == (g.blocked or (len(g.moves) == 1 and g.pro and players == 2))
        if g.blocked and g.pro:
            assert legal == ["pass"]  # R10
        assert g.to_move == expected_to_move(g)  # R2, R10
        board = g.board()
        for move in legal:
            if move != "pass":
                origin = move.split("-")[0]
                colour = origin[1] if origin.startswith("S") else board[origin][-1]
                assert (colour == g.to_move) == (not g.blocked)  # R3, R9

    play_out(g, rnd, check)
    assert conserved(g)
    assert g.goal()[g.winner] == sum(race.SET_UP[players])
    assert [c for c in g.colours if g.goal()[c] == sum(race.SET_UP[players])] == [g.winner]


@SETTINGS
@given(games)
def test_every_listed_move_plays_and_undo_restores_exactly(params):
    """API: each legal move plays, its undo restores everything; helpers agree with legal_moves."""
    players, pro, first, seed = params
    g = new_game(players, pro, first)
    rnd = random.Random(seed)

    def check(g, legal):
        if rnd.random() > 0.3:
            return
        before = snapshot(g)
        for move in legal:
            g.play(move)
            assert g.moves == before[4] + [move]
            g.undo()
            assert snapshot(g) == before
            assert g.legal_moves() == legal
        origins = g.origins()
        for move in legal:
            if move != "pass":
                origin, path = race.parse_move(move)
                assert origin in origins
                assert move in g.moves_from(origin)
                assert g.move_for(origin, path[-1]) == move
        copy = g.copy()
        assert snapshot(copy) == before and copy.legal_moves() == legal

    play_out(g, rnd, check)
    end = snapshot(g)
    while g.moves:
        g.undo()
    assert snapshot(g) == snapshot(new_game(players, pro, first))
    with_moves = new_game(players, pro, first)
    for move in end[4]:
        with_moves.play(move)
    assert snapshot(with_moves) == end


@SETTINGS
@given(games)
def test_fast_path_for_search_agrees_with_the_public_api(params):
    """The search's read-only view (ACTIONS, stacks, start_heights, turn, winner) is the game."""
    players, pro, first, seed = params
    g = new_game(players, pro, first)
    rnd = random.Random(seed)
    stacks = g.stacks

    def check(g, legal):
        assert g.stacks is stacks  # the same list for the game's life
        board = {race.FIELDS[i]: "".join(s) for i, s in enumerate(g.stacks) if s}
        assert board == g.board()
        start = {c: tuple(h for h in g.start_heights[c] if h) for c in g.colours}
        assert start == g.start()
        for c in g.colours:
            assert list(g.start_heights[c]) == sorted(g.start_heights[c], reverse=True)
            assert len(g.start_heights[c]) == len(race.SET_UP[players])
        assert g.colours[g.turn] == g.to_move
        assert g.winner is None
        for move in legal:
            if move == race.PASS:
                assert move not in race.ACTIONS
                continue
            origin, land, final, colour = race.ACTIONS[move]
            if origin < 0:
                assert move.startswith("S" + colour + str(-origin) + "-")
            else:
                assert colour is None and move.split("-")[0] == race.FIELDS[origin]
            names = race.FIELDS + (race.GOAL,)
            assert move.split("-")[1] == names[land] and move.split("-")[-1] == names[final]

    play_out(g, rnd, check)
    assert g.winner is not None and g.goal()[g.winner] == sum(race.SET_UP[players])


@SETTINGS
@given(games)
def test_unlisted_strings_are_refused_and_change_nothing(params):
    """API: a string that is not a legal move raises IllegalMove (a ValueError), game unchanged."""
    players, pro, first, seed = params
    g = new_game(players, pro, first)
    rnd = random.Random(seed)

    def check(g, legal):
        if rnd.random() > 0.25:
            return
        before = snapshot(g)
        candidates = [random_text(rnd) for _ in range(5)]
        for move in rnd.sample(legal, min(3, len(legal))):
            candidates += near_misses(move, rnd)
        for text in candidates:
            if text in legal:
                continue
            try:
                g.play(text)
            except race.IllegalMove as err:
                assert err.code in refusals.WORDS and refusals.reason(err), str(err)
            else:
                raise AssertionError(f"{text!r} was accepted; legal: {legal}")
            assert snapshot(g) == before

    play_out(g, rnd, check)
    before = snapshot(g)
    for text in ["pass", "Sw4-A4", "14-G", "A1-A2", "x"]:
        try:
            g.play(text)
        except race.IllegalMove:
            pass
        else:
            raise AssertionError(f"{text!r} was accepted after the end")
        assert snapshot(g) == before
