"""Lotus (Freeling) scenarios on the real Kensington board, each citing the rule it checks (G1-G10).

Positions are set up with `Game.from_setup`; see tests/data/kensington.json (or the spec's
kensington.svg) for the numbering. Neighbours used below, for reading along:
7: 8 12 43 44 | 8: 7 9 17 45 | 12: 7 11 71 72 | 43: 7 44 72 | 44: 7 43 45 | 45: 8 17 44 46 |
72: 12 43 71 | 71: 12 70 72.
"""

import pytest

from lotus import engine
from lotus.engine import go
from tests.support.refusals import refuses


def setup(white=(), black=(), to_move="w", marker=0):
    """A game in play with stones of each colour on the given points."""
    cells = ["."] * 72
    for n in white:
        cells[n - 1] = "w"
    for n in black:
        assert cells[n - 1] == ".", n
        cells[n - 1] = "b"
    return go.Game.from_setup("".join(cells), to_move=to_move, marker=marker)


def colours(game, points):
    return "".join(game.board()[n - 1] for n in points)


def names(points):
    return [str(n) for n in sorted(points)]


# -- G1, G2: start and turn -------------------------------------------------------------------


def test_g1_empty_board_white_first_marker_at_zero():
    g = go.Game()
    assert g.board() == "." * 72
    assert g.to_move == "w" and g.marker == 0 and g.moves == [] and not g.is_over
    assert g.phase == "play" and g.winner is None


def test_g1_first_player_and_marker_are_options():
    g = go.Game(marker=-3, first="b")
    assert g.to_move == "b" and g.marker == -3


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"marker": 8}, "bad-marker"),
        ({"marker": -8}, "bad-marker"),
        ({"marker": "1"}, "bad-marker"),
        ({"first": "x"}, "bad-first"),
    ],
)
def test_g1_bad_options_are_refused(kwargs, code):
    with refuses(engine.BadPosition, code):
        go.Game(**kwargs)


def test_g2_legal_moves_every_empty_point_ascending_then_pass():
    g = go.Game()
    assert g.legal_moves() == [str(n) for n in range(1, 73)] + ["pass"]
    g.play("37")
    g.play("5")
    assert g.legal_moves() == [str(n) for n in range(1, 73) if n not in (5, 37)] + ["pass"]


def test_g2_placement_fills_one_point_and_passes_the_turn():
    g = go.Game()
    g.play("37")
    assert g.board()[36] == "w" and g.board().count(".") == 71
    assert g.to_move == "b" and g.moves == ["37"]
    g.play("pass")
    assert g.to_move == "w"  # passing never costs the next turn


# -- G6: capture by reversal ------------------------------------------------------------------


def test_g6_single_stone_capture_unites_the_capturing_groups():
    # White 44 has one liberty, 7. Black 43 and 45 are two groups; black 7 reverses 44, and
    # the reversed stone joins 43, 45 and the new stone into one black group.
    g = setup(white=[44], black=[43, 45], to_move="b")
    assert g.group_of("43") == ["43"] and g.group_of("45") == ["45"]
    g.play("7")
    assert colours(g, [7, 43, 44, 45]) == "bbbb"
    assert g.group_of("45") == names([7, 43, 44, 45])
    assert g.board().count("w") == 0 and g.board().count("b") == 4


def test_g6_multi_group_capture():
    # White 72 (liberty 12 only: 43, 71 are black) and white 7 (liberty 12 only: 8, 43, 44
    # black) are two groups; black 12 takes both at once.
    g = setup(white=[72, 7], black=[43, 44, 71, 8], to_move="b")
    assert g.liberties("72") == ["12"] and g.liberties("7") == ["12"]
    assert g.group_of("72") == ["72"] and g.group_of("7") == ["7"]
    g.play("12")
    assert colours(g, [7, 8, 12, 43, 44, 71, 72]) == "bbbbbbb"
    assert g.group_of("12") == names([7, 8, 12, 43, 44, 71, 72])
    assert "w" not in g.board()


def test_g6_a_group_with_a_liberty_left_is_not_captured():
    g = setup(white=[44], black=[43], to_move="b")
    g.play("7")  # 44 still has 45
    assert colours(g, [7, 43, 44]) == "bbw"
    assert g.liberties("44") == ["45"]


# -- G7: suicidal capture and suicide ---------------------------------------------------------

# White {43, 44} has one liberty, 7. So do black {8, 45} and black {12, 72}; a white wall
# (9, 11, 17, 46, 71) surrounds them all and has liberties outside.
POCKET_WHITE = [43, 44, 9, 11, 17, 46, 71]
POCKET_BLACK = [8, 12, 45, 72]
POCKET = [7, 8, 12, 43, 44, 45, 72, 9, 11, 17, 46, 71]


def test_g7_suicidal_capture_reverses_the_whole_new_group_the_seeds_example():
    # Black 7 captures white {43, 44} (G6); the new black group {7, 8, 12, 43, 44, 45, 72} has
    # no liberty and no lotus, so the second reversal turns all of it white (G7).
    g = setup(white=POCKET_WHITE, black=POCKET_BLACK, to_move="b")
    g.play("7")
    assert colours(g, POCKET) == "w" * len(POCKET)
    assert "b" not in g.board()
    assert g.group_of("7") == names(POCKET)  # it joins the white wall
    assert g.liberties("7") != []
    assert g.to_move == "w" and g.moves == ["7"]


def test_g7_the_same_point_is_a_regular_capture_for_white():
    # "A white move at that point is a regular capture": white 7 reverses both black groups,
    # which join the white stones around them; the result has liberties, so it stands.
    g = setup(white=POCKET_WHITE, black=POCKET_BLACK, to_move="w")
    g.play("7")
    assert colours(g, POCKET) == "w" * len(POCKET)
    assert g.group_of("7") == names(POCKET)


def test_g7_plain_suicide_is_legal_and_reverses_the_stone():
    # 43's neighbours 7, 44, 72 are white: a black stone there has no liberty, captures
    # nothing, and turns white, uniting white {7, 44} and white {72}.
    g = setup(white=[7, 44, 72], to_move="b")
    assert g.group_of("72") == ["72"]
    assert "43" in g.legal_moves()
    g.play("43")
    assert colours(g, [7, 43, 44, 72]) == "wwww"
    assert g.group_of("72") == names([7, 43, 44, 72])
    assert g.to_move == "w" and g.moves == ["43"]


def test_g7_suicide_reverses_the_whole_group_holding_the_new_stone():
    # Black 44's last liberty is 43; black 43 fills it: group {43, 44} has no liberty.
    g = setup(white=[7, 45, 72], black=[44], to_move="b")
    g.play("43")
    assert colours(g, [7, 43, 44, 45, 72]) == "wwwww"
    assert "b" not in g.board()


# -- G5: the lotus ----------------------------------------------------------------------------

# Black holds hexagon 7-12 (a lotus); a white chain runs round it over 43, 44, 45, 17, 16, 1,
# 6, 37, 42, 70, 71, leaving the lotus group a single liberty: 72.
LOTUS_BLACK = [7, 8, 9, 10, 11, 12]
LOTUS_WHITE = [43, 44, 45, 17, 16, 1, 6, 37, 42, 70, 71]


def test_g5_lotus_keeps_the_movers_liberty_less_group_alive():
    g = setup(white=LOTUS_WHITE, black=LOTUS_BLACK, to_move="b")
    assert g.has_lotus("7") and g.liberties("7") == ["72"]
    g.play("72")
    assert g.liberties("72") == []  # no liberty, but a lotus: not reversed (G5, G7)
    assert colours(g, LOTUS_BLACK + [72]) == "b" * 7
    assert g.group_of("72") == names(LOTUS_BLACK + [72])
    assert colours(g, LOTUS_WHITE) == "w" * len(LOTUS_WHITE)


def test_g5_lotus_protects_the_opponents_group_from_capture():
    g = setup(white=LOTUS_WHITE, black=LOTUS_BLACK, to_move="w")
    g.play("72")
    assert g.liberties("7") == []  # no liberty, but a lotus: not captured (G5, G6)
    assert colours(g, LOTUS_BLACK) == "b" * 6
    assert colours(g, LOTUS_WHITE + [72]) == "w" * 12
    assert g.lotuses() == [1]


def test_g5_without_the_lotus_the_same_group_is_captured():
    # Same shape, but the hexagon's corner 9 is white: black {7, 8, 10, 11, 12} has no lotus.
    white = LOTUS_WHITE + [9]
    black = [7, 8, 10, 11, 12]
    g = setup(white=white, black=black, to_move="w")
    assert not g.has_lotus("7") and g.liberties("7") == ["72"]
    g.play("72")
    assert "b" not in g.board()
    assert g.has_lotus("72") and g.lotuses() == [1]


# -- G3: the pass track -----------------------------------------------------------------------


def test_g3_each_pass_moves_the_marker_toward_the_passer():
    g = go.Game()
    g.play("pass")
    assert g.marker == 1  # white passed: toward White (+)
    g.play("37")
    g.play("pass")
    assert g.marker == 2
    g.play("5")
    g.play("1")
    g.play("pass")
    assert g.marker == 1  # black passed: toward Black (-)


def test_g3_the_marker_stops_at_plus_7():
    g = go.Game(marker=6)
    g.play("pass")
    assert g.marker == 7
    g.play("1")
    g.play("pass")
    assert g.marker == 7
    g.play("2")
    assert g.marker == 7 and not g.is_over


def test_g3_the_marker_stops_at_minus_7():
    g = go.Game(marker=-6, first="b")
    g.play("pass")
    assert g.marker == -7
    g.play("1")
    g.play("pass")
    assert g.marker == -7
    g.undo()
    g.undo()
    g.undo()
    assert g.marker == -6


# -- G8: the end ------------------------------------------------------------------------------


def test_g8_two_passes_in_a_row_end_play():
    g = go.Game()
    g.play("pass")
    g.play("37")
    g.play("pass")
    assert not g.is_over  # not in a row
    g.play("pass")
    assert g.is_over and g.phase == "scoring"
    assert g.legal_moves() == []
    assert g.marker == 1  # white +1, black -1, white +1
    for move in ("1", "pass", "resign"):
        with refuses(go.IllegalMove, "game-over"):
            g.play(move)


def test_g8_resignation_ends_the_game_and_the_other_player_wins():
    g = go.Game()
    g.play("37")
    g.play("resign")
    assert g.is_over and g.phase == "over" and g.resigned == "b"
    assert g.winner == "w"
    assert g.legal_moves() == []
    with refuses(go.IllegalMove, "game-over"):
        g.play("5")
    g.undo()  # undo works after the end
    assert not g.is_over and g.winner is None and g.to_move == "b" and g.moves == ["37"]


def test_g8_white_can_resign_too():
    g = go.Game()
    g.play("resign")
    assert g.winner == "b" and g.moves == ["resign"]


# -- G9, G10: dead stones and the score -------------------------------------------------------

# The board split by its horizontal axis: White above (y > 0), Black below. Left empty:
# White's territory 43, 44, 72 (bordered by white 7, 12, 45, 71); Black's 57, 58 (bordered by
# 27, 28, 56, 59); and on the axis regions bordered by both: {2, 15}, 5, 50, 65.
UP = [1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 37, 38, 39, 40, 41, 42, 43, 44, 45]
UP += [46, 47, 48, 49, 66, 67, 68, 69, 70, 71, 72]
DOWN = [3, 4, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 51, 52]
DOWN += [53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64]
W_AREA = [43, 44, 72]
B_AREA = [57, 58]
NEUTRAL = [2, 5, 15, 50, 65]


def split_board(extra_white=(), extra_black=(), marker=0, to_move="w"):
    white = [n for n in UP if n not in W_AREA and n != 15] + list(extra_white)
    black = [n for n in DOWN if n not in B_AREA] + list(extra_black)
    return setup(white=white, black=black, marker=marker, to_move=to_move)


def test_g10_stones_plus_territory_seki_counts_for_no_one():
    g = split_board()
    assert g.board().count("w") == 30 and g.board().count("b") == 32
    assert g.territory() == {"w": names(W_AREA), "b": names(B_AREA), "neutral": names(NEUTRAL)}
    assert g.score() == {"w": 30 + 3, "b": 32 + 2}


def test_g10_the_marker_adds_its_points_to_the_side_it_is_on():
    assert split_board(marker=3).score() == {"w": 36, "b": 34}
    assert split_board(marker=-2).score() == {"w": 33, "b": 36}


def test_g10_an_empty_board_is_nobodys():
    g = go.Game()
    assert g.score() == {"w": 0, "b": 0}
    assert g.territory()["neutral"] == [str(n) for n in range(1, 73)]


def test_g9_dead_groups_are_reversed_before_counting():
    # A black stone at 44 inside White's area: 43 and 72 now border both colours.
    g = split_board(extra_black=[44])
    assert g.score() == {"w": 30, "b": 33 + 2}
    assert g.territory()["neutral"] == names([43, 72] + NEUTRAL)
    # Reversed (G9), 44 is white and White's region {43, 72} is White's again.
    assert g.score(dead=["44"]) == {"w": 31 + 2, "b": 32 + 2}
    assert g.score(dead=[44]) == g.score(dead=("44",))  # ints accepted too
    assert g.territory(dead=["44"])["w"] == names([43, 72])
    assert g.board()[43] == "b"  # counting never changes the board


def test_g9_a_dead_point_names_its_whole_group():
    g = split_board(extra_black=[44], extra_white=[57])
    assert g.score(dead=["44", "57"]) == {"w": 33, "b": 34}
    big = g.group_of("3")
    with refuses(go.IllegalMove, "lotus-lives", point=big[0]):
        g.score(dead=[big[0]])  # G5: a group with a lotus lives
    with refuses(go.IllegalMove, "point-empty", point="2"):
        g.score(dead=["2"])


def test_g9_suggest_dead_names_the_small_invaders_only():
    g = split_board(extra_black=[44], extra_white=[57])
    assert g.suggest_dead() == ["44", "57"]
    assert split_board().suggest_dead() == []


def test_g9_g10_scoring_phase_agreement_and_a_draw():
    g = split_board(extra_black=[44], marker=1, to_move="b")
    g.play("pass")
    g.play("pass")
    assert g.phase == "scoring" and g.is_over and g.marker == 1
    assert g.dead == ()
    assert g.winner == "b"  # provisional, nothing marked dead: 31 v 35
    suggestion = g.suggest_dead()
    assert suggestion == ["44"]
    assert g.set_dead(suggestion) == ("44",)
    assert g.toggle_dead("44") == ()
    assert g.toggle_dead(44) == ("44",)
    assert g.finish() is None  # 33 + 1 v 34: a draw
    assert g.phase == "over" and g.is_over and g.winner is None
    assert g.dead == ("44",)
    g.undo()  # takes back the agreement
    assert g.phase == "scoring" and g.dead == ("44",)
    assert g.finish(dead=[]) == "b"
    assert g.winner == "b" and g.dead == ()


def test_g9_players_may_resume_play_instead_of_agreeing():
    g = split_board(extra_black=[44], to_move="w")
    g.play("pass")
    g.play("pass")
    g.toggle_dead("44")
    g.resume()
    assert g.phase == "play" and not g.is_over and g.dead == () and g.to_move == "w"
    g.play("43")  # white captures 44 for real (its last liberty)
    assert colours(g, [43, 44]) == "ww"
    g.play("pass")
    assert not g.is_over  # two new passes are needed
    g.play("pass")
    assert g.phase == "scoring" and g.marker == 0
    # White: 32 stones + 72; Black: 32 stones + 57, 58.
    assert g.score() == {"w": 33, "b": 34}
    assert g.finish() == "b"


def test_g9_scoring_actions_outside_the_scoring_phase_are_refused():
    g = go.Game()
    with refuses(go.IllegalMove, "finish-outside-scoring"):
        g.finish()
    with refuses(go.IllegalMove, "resume-outside-scoring"):
        g.resume()
    with refuses(go.IllegalMove, "dead-outside-scoring"):
        g.toggle_dead("1")
    with refuses(go.IllegalMove, "dead-outside-scoring"):
        g.set_dead(["1"])


def test_undo_walks_back_through_finish_resume_and_the_passes():
    g = split_board(extra_black=[44])
    start = g.state_key()
    g.play("pass")
    g.play("pass")
    g.toggle_dead("44")
    scoring = g.state_key()
    g.resume()
    g.undo()
    assert g.state_key() == scoring  # undoing resume: back to scoring, marks kept
    g.finish()
    g.undo()
    assert g.state_key() == scoring
    g.undo()  # the second pass: back to play, marks forgotten
    assert g.phase == "play" and g.dead == () and g.passes == 1
    g.undo()
    assert g.state_key() == start
    with pytest.raises(IndexError):
        g.undo()


def test_from_moves_replays_a_resumed_game():
    g = go.Game()
    for move in ("37", "pass", "pass"):
        g.play(move)
    g.resume()
    for move in ("5", "pass", "pass"):
        g.play(move)
    r = go.Game.from_moves(g.moves)
    assert r.state_key() == g.state_key()


# -- notation and errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, message",
    [
        ("0", "no-such-point point='0'"),
        ("73", "no-such-point point='73'"),
        ("x", "not-a-move move='x'"),
        ("", "not-a-move move=''"),
        ("037", "not-a-move move='037'"),
        ("-1", "not-a-move move='-1'"),
        ("Pass", "not-a-move move='Pass'"),
        (37, "not-a-move move=37"),
        (None, "not-a-move move=None"),
        (["1"], "not-a-move move=['1']"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason_and_change_nothing(move, message):
    """The refusal's code and values, as str() shows them to a programmer."""
    g = go.Game()
    g.play("1")
    before = g.state_key()
    with pytest.raises(go.IllegalMove) as info:
        g.play(move)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    assert g.state_key() == before


def test_an_occupied_point_is_refused_naming_the_colour():
    g = go.Game()
    g.play("1")
    g.play("37")
    before = g.state_key()
    with refuses(go.IllegalMove, "point-taken", point="37", colour="b"):
        g.play("37")
    with refuses(go.IllegalMove, "point-taken", point="1", colour="w"):
        g.play("1")
    assert g.state_key() == before


def test_a_move_after_the_end_is_refused_and_changes_nothing():
    g = go.Game()
    g.play("pass")
    g.play("pass")
    before = g.state_key()
    with refuses(go.IllegalMove, "game-over"):
        g.play("1")
    assert g.state_key() == before


def test_undo_with_nothing_to_undo_raises_index_error():
    with pytest.raises(IndexError):
        go.Game().undo()
    with pytest.raises(IndexError):
        split_board().undo()  # a set-up position has no moves


@pytest.mark.parametrize(
    "board, code, values",
    [
        ("." * 71, "board-length", {"size": 72}),
        ("x" + "." * 71, "board-character", {"point": "1", "character": "x"}),
        # White 43 with its neighbours 7, 44, 72 black: no liberty and no lotus.
        (
            "".join("w" if n == 43 else "b" if n in (7, 44, 72) else "." for n in range(1, 73)),
            "group-without-liberty",
            {"point": "43"},
        ),
    ],
)
def test_from_setup_refuses_bad_boards(board, code, values):
    with refuses(engine.BadPosition, code, **values):
        go.Game.from_setup(board)


def test_copy_is_independent():
    g = go.Game()
    g.play("1")
    c = g.copy()
    c.play("2")
    c.play("3")
    assert g.moves == ["1"] and c.moves == ["1", "2", "3"]
    c.undo()
    c.undo()
    c.undo()
    assert c.board() == "." * 72 and g.board()[0] == "w"
