"""The page's session logic (lotus.app) under CPython: what a player sees click by click."""

from lotus import app
from lotus.engine import race
from lotus.race_session import RaceSession


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
    assert "A3 holds no stone" in session.status()
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
    session.game = race.Game.from_setup(
        players=2,
        pro=False,
        to_move="w",
        board={"14": "w"},
        start={"w": (), "b": (4, 3, 2, 1)},
        goal={"w": 9, "b": 0},
    )
    session.play("14-G")
    assert session.banner() == "White wins!"
    assert "White wins" in session.status()
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
    from lotus import records
    from lotus.engine import go

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
