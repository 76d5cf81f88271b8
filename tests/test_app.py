"""The page's session logic (lotus.page.app) under CPython: what a player sees click by click."""

from lotus.engine import race
from lotus.game.race_session import RaceSession
from lotus.page import app
from tests.support.games import race_one_move_from_its_end


def test_query_opens_a_game_with_its_options():
    seats = {"w": "human", "b": "human", "r": "human", "y": "human"}
    assert app.parse_query("?game=race&players=4&pro=1&first=r") == (
        "race",
        {"players": 4, "pro": True, "first": "r", "seats": seats},
        "",
    )
    assert app.parse_query("?game=go&marker=-2&seats=human,hard") == (
        "go",
        {"first": "w", "marker": -2, "seats": {"w": "human", "b": "hard"}},
        "",
    )
    assert app.parse_query("") == ("race", None, "")
    assert app.parse_query("?game=go")[0] == "go"


def test_a_repeated_option_keeps_its_first_value_as_the_early_script_reads_it():
    assert app.parse_query("?game=go&game=race")[0] == "go"
    assert app.parse_query("?game=race&players=3&players=4")[1]["players"] == 3
    assert app.query_params("?a=1&a=2&b=3") == {"a": "1", "b": "3"}


def test_a_long_value_is_repeated_only_in_part_in_the_notice():
    game, options, error = app.parse_query("?game=race&players=" + "5" * 5000)
    assert "5" * 20 + "…" in error and len(error) < 150
    game, options, error = app.parse_query("?game=" + "x" * 5000)
    assert "x" * 20 + "…" in error and len(error) < 150


def test_an_invalid_query_value_gives_a_message_and_the_defaults():
    game, options, error = app.parse_query("?game=race&players=9")
    assert options == {"players": 2, "pro": False, "first": "w"}
    game, options, error = app.parse_query("?game=go&seats=human,genius")
    assert "genius" in error
    game, options, error = app.parse_query("?game=go&seats=human,easy,hard")
    assert "seats" in error
    assert "players" in error
    game, options, error = app.parse_query("?game=race&players=2&first=y")
    assert "first" in error and options["first"] == "w"
    game, options, error = app.parse_query("?game=chess")
    assert game == "race" and "chess" in error


def test_two_clicks_make_a_move_and_the_first_offers_the_destinations():
    session = RaceSession()
    assert session.click("Sw4") is False
    assert session.selected == "Sw4"
    assert set(session.targets) == {"A4", "B4"}
    assert session.click("B4") is True
    assert session.game.moves == ["Sw4-B4"]
    assert session.selected is None
    assert session.move_rows() == [("w", "Sw4-B4")]


def test_a_refused_click_clears_the_selection_and_says_why():
    session = RaceSession()
    session.click("A3")
    assert session.selected is None
    assert session.status() == "There is no stone on field “A3”."
    session.click("Sw3")
    session.click("A1")
    assert session.selected is None
    assert session.game.moves == []
    assert "A1" in session.status()


def test_clicking_another_own_stone_switches_the_selection():
    session = RaceSession()
    session.click("Sw3")
    session.click("Sw2")
    assert session.selected == "Sw2"
    assert set(session.targets) == {"A2", "B2"}


def test_trampoline_targets_mark_the_bounce_separately():
    """R8: landing on 8 may stay or bounce by the same distance."""
    session = RaceSession()
    for move in ("Sw4-A4", "Sb4-B4", "A4-5", "B4-5", "Sw3-A3", "5-7", "Sw2-A2"):
        session.play(move)
    session.click("7")  # black's lone stone on 7 moves 1: onto the blossom
    assert session.targets == ("8",)
    assert session.bounce_targets == ("9",)
    session.click("9")
    assert session.game.moves[-1] == "7-8-9"


def test_undo_redo_and_a_new_move_clears_redo():
    session = RaceSession()
    for origin, dest in (("Sw4", "A4"), ("Sb4", "B4")):
        session.click(origin)
        session.click(dest)
    session.undo()
    assert session.game.moves == ["Sw4-A4"]
    assert session.redo_stack == ["Sb4-B4"]
    session.redo()
    assert session.game.moves == ["Sw4-A4", "Sb4-B4"]
    session.undo()
    session.click("Sb3")
    session.click("A3")
    assert session.redo_stack == []
    assert session.move_rows() == [("w", "Sw4-A4"), ("b", "Sb3-A3")]


def test_status_names_the_player_blocked_and_the_winner():
    session = RaceSession()
    assert session.status() == "White to move."
    session.game = race.Game.from_setup(
        players=2,
        pro=False,
        to_move="w",
        board={"6": "wb"},
        start={"w": (), "b": ()},
        goal={"w": 9, "b": 9},
    )
    assert "White is blocked" in session.status()
    assert session.can_pass()
    session.play("6-8")  # moving black's free stone (R9)
    assert "Black" in session.status()


def test_the_end_banner_names_the_winner():
    session = RaceSession()
    session.game = race_one_move_from_its_end()
    session.play("14-G")
    # between people: the winner's name, one sentence in the result box and the status line
    assert session.banner() == session.status() == "White wins with every stone home."
    assert session.click("5") is False
    assert session.game.moves == ["14-G"]


def test_a_persons_click_is_refused_while_the_computer_is_to_move():
    session = RaceSession(seats={"w": "human", "b": "hard"})
    session.click("Sw4")
    session.click("A4")
    assert session.computer_level() == "hard"
    assert session.click("Sb4") is False
    assert "computer" in session.status()
    assert session.game.moves == ["Sw4-A4"]


def test_undo_against_the_computer_goes_back_to_the_persons_turn():
    session = RaceSession(seats={"w": "human", "b": "easy"})
    session.play("Sw4-A4")
    session.play("Sb4-B4")  # the computer's reply
    session.undo_turn()
    assert session.game.moves == []
    assert session.computer_level() is None


def test_every_change_bumps_the_version_so_late_answers_are_dropped():
    session = RaceSession()
    seen = {session.version}
    session.play("Sw4-A4")
    seen.add(session.version)
    session.undo()
    seen.add(session.version)
    session.redo()
    seen.add(session.version)
    assert len(seen) == 4


def test_watching_when_every_seat_is_the_computer():
    assert RaceSession(seats={"w": "easy", "b": "hard"}).watching()
    assert not RaceSession(seats={"w": "easy"}).watching()


def test_a_hint_marks_its_origin_and_destination():
    session = RaceSession()
    session.show_hint("Sw4-B4")
    assert session.hint_marks() == [("start", "w4"), ("field", "B4")]
    assert session.status() == "Hint: enter from the 4-stack to B4 (marked on the board)."
    session.play("Sw4-A4")
    assert session.hint_marks() == []


def test_a_record_opens_as_a_game_ready_to_continue():
    from lotus.engine import go
    from lotus.game import records

    game = go.Game(marker=1)
    for move in ("1", "2", "pass", "pass", "resume", "3", "pass", "pass"):
        game.resume() if move == "resume" else game.play(move)
    game.finish(["1"])
    application = app.App()
    application.load_record(records.record_of(game, seats={"w": "human", "b": "easy"}))
    session = application.session
    assert application.current == "go"
    assert session.game.state_key() == game.state_key()
    assert session.seats == {"w": "human", "b": "easy"}
    race_game = race.Game(players=3, pro=True, first="b")
    for move in ("Sb3-A3", "Sr3-B3", "Sw1-A1"):
        race_game.play(move)
    application.load_record(records.record_of(race_game))
    assert application.session.game.state_key() == race_game.state_key()
    assert application.session.move_rows() == [("b", "Sb3-A3"), ("r", "Sr3-B3"), ("w", "Sw1-A1")]


# -- words: moves described, what happened, players ------------------------------------

from lotus.game.go_session import GoSession  # noqa: E402


def play_all(session, moves: str):
    for move in moves.split():
        session.act(move)
    return session


def test_race_moves_are_described_in_words():
    session = play_all(RaceSession(), "Sw4-A4 Sb3-A3 Sw1-A1 A3-A4")
    assert session.notes == [
        "White enters from the 4-stack to A4",
        "Black enters from the 3-stack to A3",
        "White enters from the 1-stack to A1",
        "Black moves A3 → A4, covering White",
    ]
    session = play_all(RaceSession(), "Sw4-A4 Sb2-B2 A4-5 Sb3-A3 5-6 Sb1-B1 6-7 B2-B3 7-8-9")
    assert session.notes[-1] == "White moves 7 → 8, lands on the trampoline and bounces on to 9"
    session.undo()
    session.act("7-8")
    assert session.notes[-1] == "White moves 7 → 8 and stays on the trampoline"
    assert len(session.notes) == len(session.actions)


def test_race_words_for_the_goal_an_opponents_stone_and_a_pass():
    session = play_all(
        RaceSession(),
        "Sw4-B4 Sb1-B1 Sw3-B3 Sb4-B4 B3-B4 Sb3-B3 Sw2-A2 B3-B4 Sw3-B3 B4-8-12 B4-7 12-13 7-8-9 "
        "13-14 B3-B4 Sb2-B2 Sw2-B2 14-G",
    )
    assert session.notes[-1] == "Black moves 14 → the goal"
    assert session.notes[4] == "White moves B3 → B4, covering Black"  # B4 held White, then Black
    own = play_all(RaceSession(), "Sw4-A4 Sb4-B4 Sw3-A3 Sb3-B3 A3-A4")
    assert own.notes[-1] == "White moves A3 → A4, onto its own stone"
    blocked = play_all(
        RaceSession(),
        "Sw2-B2 Sb3-B3 Sw4-B4 Sb1-A1 Sw3-A3 Sb4-A4 B2-B3 A1-A2 B3-5 A4-5 Sw1-B1 Sb3-B3 Sw3-A3 "
        "Sb2-B2 Sw2-B2 Sb2-B2 Sw1-B1 B3-5 B1-B3 B2-5 B2-B4 A2-A3 B1-B2 Sb1-B1 Sw2-B2 B1-B2 "
        "Sw1-A1 Sb2-A2 Sw1-A1 Sb1-A1 B3-5 B3-B4 5-10 5-9 10-11 5-8-11",
    )
    assert blocked.game.blocked and blocked.game.to_move == "w"
    assert "move any opponent's free stone, or pass" in blocked.status()
    blocked.act("A1-A4")
    assert blocked.notes[-1] == "White moves Black's stone A1 → A4"
    assert blocked.move_notes()[-1] == ("w", "A1-A4", "White moves Black's stone A1 → A4")


def test_the_trampoline_choice_is_explained():
    session = play_all(RaceSession(), "Sw4-A4 Sb2-B2 A4-5 Sb3-A3 5-6 Sb1-B1 6-7 B2-B3")
    session.click("7")
    assert session.status() == "White to move: click 8 to stay on the trampoline or 9 to bounce on."


def test_go_words_say_reversals_suicide_and_the_second_reversal():
    session = play_all(GoSession(), "35 18 4 22 31 64 46 45 28 6 15 72 70 47")
    assert session.notes[-1] == "Black plays 47, reversing 1 stone"
    assert session.status() == "Black reverses 1 stone. White to move."
    assert session.notes[0] == "White plays 35"
    suicide = play_all(GoSession(), "35 22 32 31 40 23 50 15 64 21 58 42 68 65 66 62 36")
    white = suicide.game.board().count("w")
    suicide.act("67")
    assert suicide.game.colour_at("67") == "w" and suicide.game.board().count("w") == white + 1
    assert suicide.notes[-1] == "Black plays 67, a suicide: 1 stone turns White"
    assert suicide.status().startswith("Suicide: Black's group on 67 has no liberty")
    second = play_all(
        GoSession(),
        "54 63 26 62 14 44 36 64 72 25 6 31 47 35 8 21 53 41 49 52 42 61 15 20 23 27 45 59 19 "
        "71 28 65 70 13 55 18 57 50 51 1 11 7 34 12 3",
    )
    before = second.game.board()
    second.act("43")
    gained = [i for i in range(72) if second.game.board()[i] == "w" and before[i] != "w"]
    assert len(gained) == 5  # 4 black stones and the new one; the reversed white one went back
    assert second.notes[-1] == (
        "Black plays 43, reversing 1 stone, but the group has no liberty left: "
        "second reversal, 6 stones turn White"
    )
    assert second.status().startswith("Second reversal: Black reversed 1 stone")
    second.act("pass")
    assert second.notes[-1] == "White passes" and "reversal" not in second.status()
    second.undo()
    second.undo()
    assert second.event == "" and len(second.notes) == len(second.actions)


def test_go_resign_and_hints_in_words():
    session = play_all(GoSession(), "1 resign")
    assert session.notes == ["White plays 1", "Black resigns"]
    session = GoSession()
    session.show_hint("23")
    assert session.status() == "Hint: play 23 (marked on the board)."
    assert session.hint_marks() == [("point", "23")]
    session.show_hint("pass")  # nothing to mark, so the board is not said to be marked
    assert session.status() == "Hint: pass." and session.hint_marks() == []
    session.show_hint("resign")  # the search resigns when hopeless: a hint says it in words
    assert session.status() == "Hint: no move saves this game (the computer would resign here)."


def test_players_count_stones_home_and_the_running_go_count():
    race_session = play_all(RaceSession(), "Sw4-A4")
    rows = race_session.players()
    assert [r["colour"] for r in rows] == ["w", "b"]
    assert rows[0]["count"] == "0/10" and not rows[0]["to_move"] and rows[1]["to_move"]
    go_session = play_all(GoSession(marker=2), "1 10 2")
    rows = go_session.players()
    stones, area, marker, total = go_session.scoring.breakdown()["w"]
    assert rows[0]["count"] == str(total) and marker == 2 and stones == 2
    assert rows[0]["detail"] == f"stones 2 + territory {area} + marker 2"
    assert rows[1]["to_move"] and rows[1]["detail"].startswith("stones 1 + territory ")
