"""Lotus (1998), the stacking race: what the rulebook (docs/spec/race.md, R1-R11) expects.

Mid-game positions are built with `race.Game.from_setup`; each test names the rule it checks.
"""

import pytest

from lotus import engine
from lotus.engine import go, race
from tests.support.refusals import refuses

setup = race.Game.from_setup


def rejects(game: race.Game, move, code: str, /, **values) -> race.IllegalMove:
    """Assert that `move` raises IllegalMove with the refusal `code` and `values`, and that the
    game is unchanged."""
    before = game.state_key()
    legal = game.legal_moves()
    with refuses(race.IllegalMove, code, **values) as err:
        game.play(move)
    assert game.state_key() == before
    assert game.legal_moves() == legal
    return err.value


def from_moves(moves: list, players: int = 2, pro: bool = False, first: str = "w") -> race.Game:
    """A new game after playing `moves`."""
    game = race.Game(players=players, pro=pro, first=first)
    for move in moves:
        game.play(move)
    return game


# ---------------------------------------------------------------------------------------------
# the board and the public constants


def test_board_table_matches_the_spec_picture():
    """Spec board: lanes A1-A4 and B1-B4, the shared track 5-14, trampoline on 8, goal G."""
    assert race.FIELDS == (
        ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4") + tuple(str(n) for n in range(5, 15))
    )
    assert race.TRAMPOLINE == "8"
    assert race.ROUTE_INDEX["A3"] == race.ROUTE_INDEX["B3"] == 3
    assert race.ROUTE_INDEX["9"] == 9
    assert race.ROUTE_INDEX["G"] == 15
    assert race.COLOURS == ("w", "b", "r", "y")
    assert issubclass(race.IllegalMove, ValueError)


def test_both_engines_refuse_moves_with_one_illegal_move_class():
    """race.IllegalMove and go.IllegalMove are both a lotus.engine.IllegalMove (a ValueError)."""
    assert issubclass(engine.IllegalMove, ValueError)
    for game, move in ((race.Game(), "Sw4-5"), (go.Game(), "73")):
        with pytest.raises(engine.IllegalMove):
            game.play(move)
    assert issubclass(race.IllegalMove, engine.IllegalMove)
    assert issubclass(go.IllegalMove, engine.IllegalMove)
    assert not issubclass(race.IllegalMove, go.IllegalMove)
    assert not issubclass(go.IllegalMove, race.IllegalMove)


# ---------------------------------------------------------------------------------------------
# R1 players and stones


def test_r1_two_players_have_ten_stones_each_in_stacks_of_4_3_2_1():
    """R1: two players are white and black, 10 stones each on the start as 4, 3, 2 and 1."""
    g = race.Game()
    assert g.players == 2 and g.pro is False and g.first == "w"
    assert g.colours == ("w", "b")
    assert g.start() == {"w": (4, 3, 2, 1), "b": (4, 3, 2, 1)}
    assert g.board() == {}
    assert g.goal() == {"w": 0, "b": 0}
    assert not g.is_over and g.winner is None


@pytest.mark.parametrize("players", [3, 4])
def test_r1_three_or_four_players_have_six_stones_each_in_stacks_of_3_2_1(players):
    """R1: with 3 or 4 players the colours are w, b, r (, y), 6 stones each as 3, 2 and 1."""
    g = race.Game(players=players)
    assert g.colours == race.COLOURS[:players]
    assert g.start() == {c: (3, 2, 1) for c in g.colours}
    assert g.goal() == {c: 0 for c in g.colours}


def test_r1_start_stacks_hold_only_their_own_colour():
    """R1/R3: the player to move can only take stones from the start stacks of their colour."""
    g = race.Game(players=3)
    assert all(m.startswith("Sw") for m in g.legal_moves())
    rejects(g, "Sb3-A3", "start-stack-not-yours", stack="Sb3", owner="b", colour="w")


def test_r1_game_construction_validates_its_arguments():
    """R1: 2..4 players; the first player must take part."""
    for bad in (1, 5, "2", 2.0, True):
        with refuses(engine.BadPosition, "bad-players", players=bad):
            race.Game(players=bad)
    with refuses(ValueError, "bad-first", first="r", colours="w, b"):
        race.Game(players=2, first="r")
    with refuses(ValueError, "bad-pro", pro="yes"):
        race.Game(pro="yes")


def test_r1_from_setup_checks_every_colour_has_all_its_stones():
    """R1: a position must hold 10 (or 6) stones of each colour, start stacks as left by play."""
    g = setup(2, False, "b", board={"5": "wb"}, start={"w": (4, 3, 2), "b": (4, 3, 2)})
    assert g.to_move == "b" and g.board() == {"5": "wb"}
    assert g.start() == {"w": (4, 3, 2), "b": (4, 3, 2)}
    with refuses(engine.BadPosition, "stone-count", colour="w", n=9, per=10):
        setup(2, False, "w", board={"5": "b"}, start={"w": (4, 3, 2), "b": (4, 3, 2)})
    with refuses(ValueError, "start-stacks-not-left", colour="w", given="4, 4"):
        setup(2, False, "w", board={"5": "ww"}, start={"w": (4, 4), "b": (4, 3, 2, 1)})
    with refuses(ValueError, "no-such-field", field="15"):
        setup(2, False, "w", board={"15": "w"}, start={"w": (4, 3, 2), "b": (4, 3, 2, 1)})
    with refuses(ValueError, "colour-not-playing", colour="r", players=2):
        setup(2, False, "w", board={"5": "r"}, start={"w": (4, 3, 2, 1), "b": (4, 3, 2, 1)})
    with refuses(ValueError, "bad-to-move", to_move="y"):
        setup(2, False, "y", start={"w": (4, 3, 2, 1), "b": (4, 3, 2, 1)})


# ---------------------------------------------------------------------------------------------
# R2 turn order


def test_r2_the_chosen_first_player_starts_then_turns_alternate():
    """R2: the chosen first player moves first; with two players turns alternate."""
    g = race.Game(first="b")
    assert g.to_move == "b"
    g.play("Sb4-A4")
    assert g.to_move == "w"
    g.play("Sw1-B1")
    assert g.to_move == "b"
    assert g.moves == ["Sb4-A4", "Sw1-B1"]


@pytest.mark.parametrize(
    "players, first, order",
    [(3, "b", "brwbr"), (3, "w", "wbrwb"), (4, "y", "ywbry"), (4, "r", "rywbr")],
)
def test_r2_turns_go_round_in_colour_order_w_b_r_y(players, first, order):
    """R2: after the first player, turns go round w b r y (wrapping), one move per turn."""
    g = race.Game(players=players, first=first)
    seen = []
    for _ in order:
        seen.append(g.to_move)
        g.play(g.legal_moves()[0])
    assert "".join(seen) == order


# ---------------------------------------------------------------------------------------------
# R3 free stones


def test_r3_a_covered_stone_cannot_move_until_it_is_uncovered():
    """R3/R6: a stone under another cannot move; once the top stone leaves it is free again."""
    g = setup(2, False, "w", board={"5": "wb", "10": "b"}, start={"w": (4, 3, 2), "b": (4, 3, 1)})
    assert not any(m.startswith("5-") for m in g.legal_moves())
    rejects(g, "5-7", "own-stone-covered", field="5", top="b", colour="w")
    with refuses(race.IllegalMove, "own-stone-covered"):
        g.moves_from("5")
    g.play("Sw4-A4")
    g.play("5-7")  # black's top stone of the 2-stack moves 2
    assert g.board()["5"] == "w"
    assert "5-6" in g.legal_moves()
    g.play("5-6")
    assert g.board() == {"A4": "w", "6": "w", "7": "b", "10": "b"}


def test_r3_the_top_of_each_start_stack_is_free():
    """R3: every start stack's top stone may move, while board stones of the same colour may too."""
    g = from_moves(["Sw2-A2", "Sb1-B1"])
    assert g.origins() == ["Sw4", "Sw3", "Sw1", "A2"]


def test_r3_two_start_stacks_of_one_height_give_one_move():
    """R3 and the notation: after the 4-stack gives a stone there are two 3-stacks, one move."""
    g = from_moves(["Sw4-A4", "Sb1-A1"])
    assert g.start()["w"] == (3, 3, 2, 1)
    legal = g.legal_moves()
    assert legal.count("Sw3-A3") == 1 and legal.count("Sw3-B3") == 1
    assert len(legal) == len(set(legal))
    g.play("Sw3-B3")
    assert g.start()["w"] == (3, 2, 2, 1)


# ---------------------------------------------------------------------------------------------
# R4 distance


def test_r4_a_stone_moves_as_far_as_its_stack_is_high():
    """R4: the top of a 5-stack moves 5, counted before it is lifted, whatever the colours below."""
    g = setup(2, False, "w", board={"6": "wbbww", "9": "b"}, start={"w": (4, 3), "b": (4, 3)})
    assert g.moves_from("6") == ["6-11"]
    g.play("6-11")
    assert g.board() == {"6": "wbbw", "9": "b", "11": "w"}
    g.play("9-10")  # a lone stone moves 1
    assert g.moves_from("6") == ["6-10"]


def test_r4_start_stacks_give_their_height_as_distance():
    """R4/R5: the top of a start 4-stack lands on A4 or B4; of a 1-stack on A1 or B1."""
    g = race.Game()
    assert g.moves_from("Sw4") == ["Sw4-A4", "Sw4-B4"]
    assert g.moves_from("Sw1") == ["Sw1-A1", "Sw1-B1"]
    rejects(g, "Sw4-A3", "wrong-distance", start=True, n=4, dest="A3", ends=("A4", "B4"))


def test_r4_wrong_distance_is_refused_with_the_distance():
    """R4: a move of the wrong length names the stack height and the right field."""
    g = setup(2, False, "w", board={"5": "bw", "7": "w"}, start={"w": (4, 3, 1), "b": (4, 3, 2)})
    rejects(g, "5-8", "wrong-distance", start=False, n=2, dest="8", ends=("7",))
    rejects(g, "7-10", "wrong-distance", n=1, dest="10", ends=("8",), bounce="9")
    with refuses(race.IllegalMove, "wrong-distance", n=2, dest="6", backward=False, lane=""):
        g.move_for("5", "6")


# ---------------------------------------------------------------------------------------------
# R5 direction and lanes


def test_r5_a_stone_leaving_the_start_chooses_either_lane():
    """R5: the top of a start 3-stack lands on A3 or B3, the player's choice."""
    g = race.Game()
    assert "Sw3-A3" in g.legal_moves() and "Sw3-B3" in g.legal_moves()
    assert g.move_for("Sw3", "B3") == "Sw3-B3"
    g.play("Sw3-A3")
    g.play("Sb3-B3")
    assert g.board() == {"A3": "w", "B3": "b"}


def test_r5_a_stone_stays_on_its_lane_until_the_lanes_join():
    """R5: from A2 a lone stone goes to A3 (never B3); from A4 it goes on to 5."""
    g = setup(
        2,
        False,
        "w",
        board={"A2": "w", "A4": "w", "B3": "bb"},
        start={"w": (4, 3, 1), "b": (4, 3, 1)},
    )
    assert g.moves_from("A2") == ["A2-A3"]
    assert g.moves_from("A4") == ["A4-5"]
    rejects(g, "A2-B3", "wrong-distance", dest="B3", lane="A")
    g.play("A4-5")
    g.play("B3-5")  # the lanes join on 5: the black stone lands on the white one
    assert g.board()["5"] == "wb"


def test_r5_stones_move_forward_only():
    """R5: no move goes backward or stays put."""
    g = setup(2, False, "w", board={"7": "w"}, start={"w": (4, 3, 2), "b": (4, 3, 2, 1)})
    rejects(g, "7-6", "wrong-distance", backward=True)
    rejects(g, "7-7", "wrong-distance", backward=True)


# ---------------------------------------------------------------------------------------------
# R6 stacking


def test_r6_stones_stack_on_any_colour_without_height_limit():
    """R6: a stone lands on top of whatever is there; stacks grow without limit."""
    tall = "bwbwbwbwb"
    g = setup(2, False, "w", board={"9": tall, "8": "w"}, start={"w": (4, 1), "b": (4, 1)})
    assert "8-9" in g.legal_moves()
    g.play("8-9")
    assert g.board() == {"9": tall + "w"}
    g.play("Sb1-A1")
    assert g.moves_from("9") == ["9-G"]  # the 10-stack's top moves 10


# ---------------------------------------------------------------------------------------------
# R7 goal


def test_r7_overshooting_the_last_field_ends_in_the_goal():
    """R7: a move that would pass field 14 ends in the goal; it need not be exact."""
    g = setup(2, False, "w", board={"13": "bww", "14": "b"}, start={"w": (4, 3, 1), "b": (4, 3, 1)})
    assert g.moves_from("13") == ["13-G"]
    g.play("13-G")
    assert g.goal() == {"w": 1, "b": 0}
    assert g.board() == {"13": "bw", "14": "b"}
    g.play("14-G")  # exactly one past the last field
    assert g.goal() == {"w": 1, "b": 1}


def test_r7_stones_in_the_goal_are_out_of_play():
    """R7: nothing moves out of the goal."""
    g = setup(
        2, False, "w", board={"14": "w"}, start={"w": (4, 3, 1), "b": (4, 3, 2, 1)}, goal={"w": 1}
    )
    rejects(g, "G-5", "goal-out-of-play")
    with refuses(race.IllegalMove, "goal-out-of-play"):
        g.moves_from("G")
    g.play("14-G")
    assert g.goal()["w"] == 2


# ---------------------------------------------------------------------------------------------
# R8 trampoline


def test_r8_landing_on_the_trampoline_may_stay_or_bounce_the_same_distance():
    """R8: from A4 with a 4-stack: 4 to field 8, then may go 4 more to field 12."""
    g = setup(
        2, False, "w", board={"A4": "bbbw"}, start={"w": (3, 2, 1), "b": (4, 2, 1)}, goal={"w": 3}
    )
    assert g.moves_from("A4") == ["A4-8", "A4-8-12"]
    assert g.move_for("A4", "8") == "A4-8"
    assert g.move_for("A4", "12") == "A4-8-12"
    g.play("A4-8")
    assert g.board() == {"A4": "bbb", "8": "w"}
    g.undo()
    g.play("A4-8-12")
    assert g.board() == {"A4": "bbb", "12": "w"}
    assert g.to_move == "b"  # the bounce is part of the same move


def test_r8_the_bounce_repeats_the_distance_covered_not_the_stack_on_8():
    """R8: a lone stone stepping onto a 3-stack on 8 bounces 1 field, to 9."""
    g = setup(2, False, "w", board={"7": "w", "8": "bbb"}, start={"w": (4, 3, 2), "b": (4, 3)})
    assert g.moves_from("7") == ["7-8", "7-8-9"]
    rejects(g, "7-8-11", "bounce-distance", n=1, to="9", dest="11")
    rejects(g, "7-9", "bounce-through-trampoline", move="7-8-9", stay="7-8")


def test_r8_a_bounce_can_end_in_the_goal():
    """R8/R7: a 7-stack's top on B1 lands on 8 and bounces 7 more, past 14 into the goal."""
    g = setup(2, False, "w", board={"B1": "bbbbbbw"}, start={"w": (4, 3, 2), "b": (4,)})
    assert g.moves_from("B1") == ["B1-8", "B1-8-G"]
    g.play("B1-8-G")
    assert g.goal()["w"] == 1
    assert g.board() == {"B1": "bbbbbb"}


def test_r8_the_second_leg_and_moves_off_8_never_trigger_the_trampoline():
    """R8: only the first leg landing on 8 bounces; a stone leaving 8 moves once."""
    g = setup(2, False, "w", board={"8": "bw", "5": "w"}, start={"w": (4, 3, 1), "b": (4, 3, 2)})
    assert g.moves_from("8") == ["8-10"]
    assert g.moves_from("5") == ["5-6"]
    rejects(g, "8-10-12", "bounce-off-trampoline", move="8-10-12", trampoline="8")
    rejects(g, "5-6-7", "bounce-off-trampoline", move="5-6-7")


# ---------------------------------------------------------------------------------------------
# R9 blocked player, standard rule

BLOCKED = {"5": "wb", "9": "wwb", "12": "b"}


def blocked_game(pro: bool) -> race.Game:
    """White to move with every white stone covered; black has start stacks 4 and 3."""
    return setup(2, pro, "w", board=BLOCKED, start={"b": (4, 3)}, goal={"w": 7})


def test_r9_a_blocked_player_may_move_any_opponent_free_stone_or_pass():
    """R9: with no free white stone, white may move a black top stone or start stack, or pass."""
    g = blocked_game(pro=False)
    assert g.blocked
    assert g.legal_moves() == [
        "Sb4-A4", "Sb4-B4", "Sb3-A3", "Sb3-B3", "5-7", "9-12", "12-13", "pass",
    ]  # fmt: skip
    assert g.origins() == ["Sb4", "Sb3", "5", "9", "12"]
    g.play("9-12")  # white moves black's stone off the white 2-stack
    assert g.board() == {"5": "wb", "9": "ww", "12": "bb"}
    assert g.to_move == "b"
    g.undo()
    g.play("Sb4-B4")  # a black start stone, chosen lane and all
    assert g.start()["b"] == (3, 3)
    assert g.board()["B4"] == "b"
    g.undo()
    g.play("pass")
    assert g.to_move == "b" and g.moves == ["pass"]


def test_r9_a_player_with_a_free_stone_may_not_pass_nor_move_another_colour():
    """R9: white has a free stone, so neither pass nor black's stones are allowed."""
    g = setup(2, False, "w", board={"5": "b", "6": "w"}, start={"w": (4, 3, 2), "b": (4, 3, 2)})
    assert not g.blocked
    rejects(g, "pass", "pass-with-free-stone", colour="w")
    rejects(g, "5-6", "top-stone-not-yours", field="5", top="b", colour="w")
    rejects(g, "Sb4-A4", "start-stack-not-yours", stack="Sb4", owner="b", colour="w")
    with refuses(race.IllegalMove, "pass-with-free-stone"):
        g.moves_from("pass")


def test_r9_r11_an_opponent_carrying_the_last_stone_in_makes_that_colour_win():
    """R9/R11: blocked black moves white's last stone into the goal: white wins at once."""
    g = setup(2, False, "b", board={"14": "bw"}, goal={"w": 9, "b": 9})
    assert g.blocked
    assert g.legal_moves() == ["14-G", "pass"]
    g.play("14-G")
    assert g.is_over and g.winner == "w"
    assert g.goal() == {"w": 10, "b": 9}


# ---------------------------------------------------------------------------------------------
# R10 Pro rule


def test_r10_pro_blocked_player_must_pass():
    """R10: under the Pro rule a blocked player must pass; moving another colour is refused."""
    g = blocked_game(pro=True)
    assert g.blocked
    assert g.legal_moves() == ["pass"]
    assert g.origins() == []
    rejects(g, "5-7", "must-pass-pro", colour="w")
    rejects(g, "Sb4-A4", "must-pass-pro")
    g.play("pass")
    assert g.to_move == "b"


def test_r10_pro_player_with_a_free_stone_may_not_pass():
    """R10/R9: passing is only for a blocked player, under the Pro rule too."""
    g = setup(2, True, "w", board={"6": "w"}, start={"w": (4, 3, 2), "b": (4, 3, 2, 1)})
    rejects(g, "pass", "pass-with-free-stone")


def test_r10_pro_two_players_the_first_turn_is_two_moves():
    """R10: with two players and Pro, the first player sets two stones, then turns alternate."""
    g = race.Game(players=2, pro=True, first="b")
    g.play("Sb4-A4")
    assert g.to_move == "b"
    assert "pass" in g.legal_moves()
    g.play("Sb3-B3")
    assert g.to_move == "w"
    assert "pass" not in g.legal_moves()
    g.play("Sw4-B4")
    assert g.to_move == "b"
    g.play("A4-5")
    assert g.to_move == "w"
    g.undo()
    g.undo()
    g.undo()
    assert g.to_move == "b" and "pass" in g.legal_moves()


def test_r10_pro_second_move_of_the_first_turn_may_be_a_pass():
    """R10: the rulebook says "may": the second of the two first moves can be a pass."""
    g = race.Game(players=2, pro=True)
    g.play("Sw1-A1")
    g.play("pass")
    assert g.to_move == "b" and g.moves == ["Sw1-A1", "pass"]


def test_r10_pro_second_move_of_the_first_turn_sets_another_stone_onto_the_board():
    """R10 (rulebook): the first player sets two stones onto the board, not one stone twice."""
    g = race.Game(players=2, pro=True)
    g.play("Sw1-A1")
    assert all(m.startswith("Sw") or m == "pass" for m in g.legal_moves())
    rejects(g, "A1-A2", "double-turn-from-start")


@pytest.mark.parametrize("players, pro", [(2, False), (3, True), (4, True)])
def test_r10_no_double_first_turn_without_pro_or_with_more_players(players, pro):
    """R10: the double first turn is only for two players under the Pro rule."""
    g = race.Game(players=players, pro=pro)
    g.play("Sw1-A1")
    assert g.to_move == "b"


# ---------------------------------------------------------------------------------------------
# R11 end


def test_r11_the_game_ends_when_all_stones_of_one_colour_are_in_the_goal():
    """R11: the last white stone reaching the goal ends the game at once; white wins."""
    g = setup(2, False, "w", board={"13": "bw"}, start={"b": (4, 3, 2)}, goal={"w": 9})
    g.play("13-G")
    assert g.is_over and g.winner == "w"
    assert g.legal_moves() == []
    assert g.origins() == []
    rejects(g, "pass", "game-won", winner="w")
    rejects(g, "13-14", "game-won")
    with refuses(race.IllegalMove, "game-won"):
        g.moves_from("13")
    g.undo()
    assert not g.is_over and g.winner is None and "13-G" in g.legal_moves()


def test_r11_with_four_players_the_first_colour_home_ends_the_game():
    """R11: with 4 players the game ends when one colour is home, the others still playing."""
    g = setup(
        4,
        False,
        "y",
        board={"13": "y", "7": "br"},
        start={"w": (3, 2, 1), "b": (3, 2), "r": (3, 2)},
        goal={"y": 5},
    )
    g.play("13-14")
    g.play("Sw3-A3")
    g.play("Sb3-B3")
    g.play("7-9")
    g.play("14-G")
    assert g.is_over and g.winner == "y"
    assert g.legal_moves() == []


def test_r11_from_setup_recognises_a_finished_game():
    """R11: a position with one colour all home is over."""
    g = setup(3, False, "b", board={"5": "b"}, start={"b": (3, 2), "r": (3, 2, 1)}, goal={"w": 6})
    assert g.is_over and g.winner == "w" and g.legal_moves() == []


# ---------------------------------------------------------------------------------------------
# notation, malformed moves, undo and the page's helpers


@pytest.mark.parametrize(
    "move, code, values",
    [
        ("", "empty-move", {}),
        ("foo", "malformed-move", {"move": "foo"}),
        ("Z9-5", "no-such-field", {"field": "Z9"}),
        ("A1-15", "no-such-field", {"field": "15"}),
        ("sw4-a4", "no-such-field", {"field": "sw4"}),
        ("Sx4-A4", "no-such-colour", {"stack": "Sx4"}),
        ("Sw-A4", "malformed-start-stack", {"stack": "Sw"}),
        ("Sw04-A4", "malformed-start-stack", {"stack": "Sw04"}),
        ("S-A4", "start-stack-unnamed", {}),
        ("Sw4-A4-", "field-missing", {"move": "Sw4-A4-"}),
        ("A4-8-12-G", "bounces-once", {"move": "A4-8-12-G"}),
        ("5-S", "back-to-start", {}),
        ("Sw5-A4", "no-start-stack", {"colour": "w", "height": 5, "left": "4, 3, 2, 1"}),
        ("Sr3-A3", "colour-not-playing", {"colour": "r", "players": 2}),
        ("A3-A4", "field-empty", {"field": "A3"}),
        ("Sw4-A4 ", "no-such-field", {"field": "A4 "}),
        (4, "move-not-text", {"kind": "int"}),
        (None, "move-not-text", {"kind": "NoneType"}),
    ],
)
def test_notation_malformed_or_illegal_moves_are_refused_with_a_reason(move, code, values):
    """Notation: malformed and illegal moves raise IllegalMove naming the problem; no change."""
    rejects(race.Game(), move, code, **values)


def test_notation_parse_move_splits_origin_and_path():
    """Notation: moves parse to (origin, path); the parser checks syntax, not legality."""
    assert race.parse_move("Sw4-A4") == ("Sw4", ("A4",))
    assert race.parse_move("A4-8-12") == ("A4", ("8", "12"))
    assert race.parse_move("5-8-G") == ("5", ("8", "G"))
    assert race.parse_move("12-G") == ("12", ("G",))
    assert race.parse_move("pass") == ("pass", ())
    for bad in ("", "A4", "A4-9-12", "G-5", "A4--5", "Sb-A1", "Q-5"):
        with pytest.raises(race.IllegalMove):
            race.parse_move(bad)


def test_notation_every_legal_move_is_canonical_and_unique():
    """Notation: legal_moves() lists canonical strings with no duplicates."""
    g = setup(
        2, False, "w", board={"A4": "bbbw", "7": "w", "8": "b"}, start={"w": (3, 3, 2), "b": (4, 2)}
    )
    legal = g.legal_moves()
    assert legal == ["Sw3-A3", "Sw3-B3", "Sw2-A2", "Sw2-B2", "A4-8", "A4-8-12", "7-8", "7-8-9"]
    for move in legal:
        race.parse_move(move)


def test_undo_restores_everything_and_refuses_at_the_beginning():
    """API: undo takes back exactly the last move; with no move it raises IndexError."""
    g = race.Game()
    with pytest.raises(IndexError):
        g.undo()
    keys = [g.state_key()]
    for move in ["Sw4-A4", "Sb4-A4", "Sw3-A3", "A4-6", "A3-A4", "Sb1-B1", "A4-6", "B1-B2"]:
        g.play(move)
        keys.append(g.state_key())
    while g.moves:
        keys.pop()
        g.undo()
        assert g.state_key() == keys[-1]
    assert g.start() == {"w": (4, 3, 2, 1), "b": (4, 3, 2, 1)}


def test_copy_is_independent():
    """API: a copy plays on without changing the original, and can undo the shared history."""
    g = from_moves(["Sw4-A4", "Sb3-B3"])
    c = g.copy()
    c.play("A4-5")
    assert g.board() == {"A4": "w", "B3": "b"}
    assert c.board() == {"B3": "b", "5": "w"}
    c.undo()
    c.undo()
    assert c.board() == {"A4": "w"} and g.moves == ["Sw4-A4", "Sb3-B3"]
    assert (c.players, c.pro, c.first, c.colours) == (2, False, "w", ("w", "b"))


def test_moves_from_and_move_for_serve_two_click_moves():
    """API: the page asks which origins move, where to, and gets canonical moves or a reason."""
    g = setup(
        2,
        False,
        "w",
        board={"A4": "bw", "6": "wb", "7": "w"},
        start={"w": (3, 2, 2), "b": (4, 3, 1)},
    )
    assert g.origins() == ["Sw3", "Sw2", "A4", "7"]
    assert g.moves_from("7") == ["7-8", "7-8-9"]
    assert g.move_for("7", "9") == "7-8-9"
    assert g.move_for("Sw2", "B2") == "Sw2-B2"
    with refuses(race.IllegalMove, "no-such-field", field="Z9"):
        g.move_for("7", "Z9")
    with refuses(race.IllegalMove, "field-empty", field="A3"):
        g.moves_from("A3")
    with refuses(race.IllegalMove, "own-stone-covered", field="6", top="b", colour="w"):
        g.moves_from("6")
    with refuses(race.IllegalMove, "wrong-distance", origin="A4", dest="7"):
        g.move_for("A4", "7")
    with refuses(race.IllegalMove, "no-such-field", field="Q"):
        g.moves_from("Q")


def test_state_key_is_compact_and_ordered():
    """API: state_key lists to-move, board in field order, start, goal, status and moves."""
    g = from_moves(["Sw4-A4", "Sb1-B1"])
    assert g.state_key() == "w|A4:w,B1:b|w3321 b432|goal w0 b0|play|moves Sw4-A4 Sb1-B1"
