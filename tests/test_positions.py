"""Position notation (docs/positions.md): round trips of every reachable position,
errors that name the wrong part, and the documented examples.

A position must hold everything that decides the rest of the game: the race's player count, rule
set, turn and Pro double first turn (R1, R2, R10), stacks, start stacks and goal counts; the go
game's 72 points, turn, pass marker (G3) and passes in a row (G8).
"""

import os
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lotus.engine import go, race
from lotus.game.positions import PositionError, from_position, to_position

DOCS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "docs", "positions.md")
FAST = settings(max_examples=25)


def race_state(g: race.Game) -> list:
    """Everything but the moves: turn, board, start, goal, status (R10's double turn, R11)."""
    return g.state_key().split("|")[:5]


def go_state(g: go.Game) -> tuple:
    """Board, marker, turn and passes in a row; the phase as far as a position can hold it."""
    phase = "scoring" if g.passes >= 2 and g.resigned is None else "play"
    return (g.board(), g.marker, g.to_move, min(g.passes, 2), phase)


def check_race(g: race.Game) -> None:
    text = to_position(g)
    h = from_position(text)
    assert isinstance(h, race.Game)
    assert (h.players, h.pro) == (g.players, g.pro)
    assert race_state(h) == race_state(g), text
    assert sorted(h.legal_moves()) == sorted(g.legal_moves()), text
    assert h.blocked == g.blocked
    assert to_position(h) == text
    assert h.moves == []


def check_go(g: go.Game) -> None:
    text = to_position(g)
    h = from_position(text)
    assert isinstance(h, go.Game)
    assert go_state(h) == go_state(g), text
    if g.phase == go.PLAY:
        assert h.legal_moves() == g.legal_moves()
        assert h.score() == g.score()
        assert h.suggest_dead() == g.suggest_dead()
    assert to_position(h) == text
    assert h.moves == []


@FAST
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((2, 3, 4)), pro=st.booleans())
def test_every_reachable_race_position_round_trips(seed, players, pro):
    """Each position of a random game reads back to the same state and the same legal moves."""
    rnd = random.Random(seed)
    g = race.Game(players, pro, race.COLOURS[rnd.randrange(players)])
    check_race(g)
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
        check_race(g)


@FAST
@given(seed=st.integers(0, 2**32 - 1), marker=st.integers(-7, 7), first=st.sampled_from("wb"))
def test_every_reachable_go_position_round_trips(seed, marker, first):
    """Each position of a random game (passes, the scoring phase, resumes) reads back the same."""
    rnd = random.Random(seed)
    g = go.Game(marker, first)
    check_go(g)
    for _ in range(90):
        if g.phase == go.SCORING:
            if rnd.random() < 0.5:
                break
            g.resume()
            check_go(g)
        legal = g.legal_moves()
        move = "pass" if rnd.random() < 0.25 or len(legal) == 1 else rnd.choice(legal[:-1])
        g.play(move)
        check_go(g)


def test_a_game_from_a_position_plays_on_and_undoes_back_to_it():
    """from_position starts a game there: moves are played and taken back to that position."""
    rnd = random.Random(7)
    g = race.Game(4, False, "r")
    for _ in range(30):
        g.play(rnd.choice(g.legal_moves()))
    text = to_position(g)
    h = from_position(text)
    for _ in range(10):
        move = rnd.choice(h.legal_moves())
        g.play(move)
        h.play(move)
        assert race_state(h) == race_state(g)
    for _ in range(10):
        h.undo()
    assert to_position(h) == text
    with pytest.raises(IndexError):
        h.undo()


def test_the_pro_double_first_turn_is_part_of_the_position():
    """R10: the first move of the double turn (d1), its second (d2), then one move per turn."""
    g = race.Game(2, True, "b")
    assert to_position(g) == "r2p_bd1_-_w4321.b4321_w0.b0"
    g.play("Sb4-A4")
    assert to_position(g) == "r2p_bd2_A4b_w4321.b3321_w0.b0"
    assert sorted(from_position(to_position(g)).legal_moves()) == sorted(g.legal_moves())
    g.play("pass")
    assert to_position(g) == "r2p_w_A4b_w4321.b3321_w0.b0"
    assert "pass" not in from_position(to_position(g)).legal_moves()


def test_a_go_position_keeps_the_pass_in_a_row_and_the_scoring_phase():
    """G8: after one pass, the next pass ends play; with two passes the dead groups are agreed."""
    g = go.Game()
    g.play("1")
    g.play("pass")
    h = from_position(to_position(g))
    assert to_position(g) == "g_w_w5.6.6.6.6.6.6.30_-1_1"
    h.play("pass")
    assert h.phase == go.SCORING
    h = from_position(to_position(h))
    assert h.phase == go.SCORING and h.is_over
    h.resume()
    h.play("2")
    assert h.board()[:2] == "wb"


def doc_examples() -> list:
    """The ```lotus-position blocks of docs/positions.md: (text, what the next line says)."""
    with open(DOCS) as f:
        doc = f.read()
    return re.findall(r"```lotus-position\n(.*?)\n```", doc, re.S)


def doc_errors() -> list:
    """The error table of docs/positions.md: rows | `text` | message |."""
    with open(DOCS) as f:
        doc = f.read()
    return re.findall(r"^\| `([^`]*)` \| (.*?) \|$", doc, re.M)


def test_the_documented_examples_are_positions_written_as_they_are():
    examples = doc_examples()
    assert len(examples) >= 6
    kinds = set()
    for text in examples:
        game = from_position(text)
        kinds.add(type(game))
        assert to_position(game) == text
    assert kinds == {race.Game, go.Game}


def test_the_documented_errors_are_the_errors():
    rows = doc_errors()
    assert len(rows) >= 10
    for text, message in rows:
        with pytest.raises(PositionError) as err:
            from_position(text)
        assert str(err.value) == message, text
        assert err.value.part == message.split(":")[0]


def test_the_documented_start_positions():
    """The docs show the usual starts: R1's stacks for 2 to 4 players, the empty board (G1)."""
    examples = doc_examples()
    assert to_position(race.Game()) in examples
    assert to_position(race.Game(4, True, "y")) in examples
    assert to_position(go.Game()) in examples


@pytest.mark.parametrize(
    "text, part",
    [
        ("r2s_w_-_w4321.b4321", "position"),
        ("r5s_w_-_w4321.b4321_w0.b0", "game"),
        ("r2s__-_w4321.b4321_w0.b0", "turn"),
        ("r2s_wd3_-_w4321.b4321_w0.b0", "turn"),
        ("r2s_wd2_-_w4321.b4321_w0.b0", "turn"),
        ("r2p_wd1_A4w_w3321.b4321_w0.b0", "turn"),
        ("r2s_w__w4321.b4321_w0.b0", "board"),
        ("r2s_w_A4w.A4b_w321.b321_w0.b0", "field A4"),
        ("r2s_w_A4_w4321.b4321_w0.b0", "field A4"),
        ("r2s_w_15w_w321.b4321_w0.b0", "board"),
        ("r2s_w_-_w4321.b4321.w_w0.b0", "start"),
        ("r2s_w_-_w4321_w0.b0", "start"),
        ("r2s_w_-_w4421.b4321_w0.b0", "start"),
        ("r2s_w_-_w4321.b4321_w0.b01", "goal"),
        ("r2s_w_-_w4321.b4321_w0.bx", "goal"),
        ("r2s_w_-_w4321.b4321_w1.b0", "stones"),
        ("r2s_w_-_w.b_w10.b10", "position"),
        ("g_w_6.6.6.6.6.6.6.30_0", "position"),
        ("g_r_6.6.6.6.6.6.6.30_0_0", "turn"),
        ("g_w_6.6.6.6.6.6.6_0_0", "board"),
        ("g_w_7.6.6.6.6.6.6.29_0_0", "board"),
        ("g_w_6.6.6.6.6.6.6.0_0_0", "board"),
        ("g_w_5.6.6.6.6.6.6.30_0_0", "board"),
        ("g_w_6.6.6.6.6.6.6.30_-0_0", "marker"),
        ("g_w_6.6.6.6.6.6.6.30_+1_0", "marker"),
        ("g_w_6.6.6.6.6.6.6.30_0_3", "passes"),
        ("g_w_wbx3.6.6.6.6.6.6.30_0_0", "point 3"),
        ("g_w_wb5.6.6.6.6.6.6.30_0_0", "board"),
        ("g_w_bwwwww.6.6.6.6.6.6.30_0_0", None),
        ("g_w_6.6.6.6.6.6.6.30_0_0 \n", None),
    ],
)
def test_errors_name_the_wrong_part(text, part):
    """Each part is checked: the error's `part` says where to look (None: a good position)."""
    if part is None:
        from_position(text)
        return
    with pytest.raises(PositionError) as err:
        from_position(text)
    assert err.value.part == part
    assert str(err.value).startswith(part + ": ")


def test_a_group_without_liberty_is_refused():
    """G6, G7: no group stands on the board without a liberty unless it holds a lotus (G5)."""
    with pytest.raises(PositionError) as err:
        from_position("g_w_" + ".".join(["wwwwww"] * 7) + ".b" + "w" * 29 + "_0_0")
    assert str(err.value) == (
        "board: The group on point “43” has no liberty and no lotus: no game reaches this position."
    )


def test_to_position_takes_only_games():
    with pytest.raises(TypeError):
        to_position("r2s_w_-_w4321.b4321_w0.b0")


ALPHABET = "rgswbyd0123456789_.-AB ~xq+"


def mutations(text: str, rnd: random.Random) -> str:
    """The text with a few characters replaced, inserted or deleted."""
    chars = list(text)
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(chars) + 1)
        op = rnd.randrange(3)
        if op == 0 and i < len(chars):
            chars[i] = rnd.choice(ALPHABET)
        elif op == 1:
            chars.insert(i, rnd.choice(ALPHABET))
        elif i < len(chars):
            del chars[i]
    return "".join(chars)


def some_positions(seed: int) -> list:
    rnd = random.Random(seed)
    out = []
    g = race.Game(rnd.choice((2, 3, 4)), rnd.random() < 0.5)
    for _ in range(rnd.randrange(60)):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
    out.append(to_position(g))
    h = go.Game(rnd.randint(-7, 7))
    for _ in range(rnd.randrange(60)):
        if h.is_over:
            break
        h.play(rnd.choice(h.legal_moves()))
    out.append(to_position(h))
    return out


def read_or_refuse(text) -> None:
    """from_position either gives a game or raises PositionError: nothing else."""
    try:
        game = from_position(text)
    except PositionError as err:
        assert str(err).split(":")[0] == err.part
        return
    assert to_position(from_position(to_position(game))) == to_position(game)


@settings(max_examples=300)
@given(st.text(alphabet=ALPHABET, max_size=80))
def test_fuzz_random_text(text):
    read_or_refuse(text)


@settings(max_examples=100)
@given(st.text(max_size=40))
def test_fuzz_any_text(text):
    read_or_refuse(text)


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1))
def test_fuzz_mutated_positions(seed):
    rnd = random.Random(seed)
    for text in some_positions(seed):
        read_or_refuse(mutations(text, rnd))


@pytest.mark.parametrize("value", [None, 3, b"g_w_72_0_0", ["r2s"]])
def test_non_text_is_refused(value):
    with pytest.raises(PositionError):
        from_position(value)


def test_a_position_error_in_german_names_the_part_in_german_and_keeps_its_code(german):
    """`part` is notation's name for the part (what code reads); the message is German, with
    the colour's name, the plural of the count and the board's words (Start, Ziel)."""
    with pytest.raises(PositionError) as err:
        from_position("r2s_w_-_w4321.b4321_w0.b1")
    assert err.value.part == "stones"
    assert str(err.value) == "Steine: Schwarz hat 11 Steine (Brett 0, Start 10, Ziel 1), nicht 10"
    with pytest.raises(PositionError) as err:
        from_position("r2s_w_6x_w4321.b4321_w0.b0")
    assert err.value.part == "field 6"
    assert str(err.value) == "Feld 6: „x“ ist keine Farbe (möglich sind w, b)"
