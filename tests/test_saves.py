"""Autosaves: a game in progress survives a reload exactly; a bad save gives a clear message."""

import json

import pytest

from lotus.game import saves
from lotus.game.go_session import GoSession
from lotus.game.race_session import RaceSession
from lotus.page import app
from tests.support.games import random_race


def played_race(seed: int = 3) -> RaceSession:
    """A race for three (Pro rules, Red first, White the computer's) of 40 seeded random moves,
    the last two taken back (redo holds them)."""
    session = RaceSession(players=3, pro=True, first="r", seats={"w": "hard"})
    for move in random_race(seed, 40, players=3, pro=True, first="r").moves:
        session.act(move)
    session.undo()
    session.undo()
    return session


def played_go() -> GoSession:
    session = GoSession(first="b", marker=2, numbers=True)
    for move in ("1", "2", "3", "pass", "pass"):
        session.act(move)
    session.game.toggle_dead("2")
    return session


def restored(session, game: str):
    fresh = app.App()
    fresh.restore(game, saves.dump(session))
    return fresh.sessions[game]


def test_a_race_in_progress_is_restored_exactly():
    session = played_race()
    session.review_to(5)
    back = restored(session, "race")
    assert back.game.state_key() == session.game.state_key()
    assert back.options == session.options
    assert back.seats == {"w": "hard", "b": "human", "r": "human"}
    assert back.redo_stack == session.redo_stack
    assert back.move_rows() == session.move_rows()
    assert back.review == 5
    assert back.view_game().state_key() == session.view_game().state_key()


def test_a_go_game_in_its_scoring_phase_is_restored_with_its_dead_marks():
    session = played_go()
    back = restored(session, "go")
    assert back.game.phase == "scoring"
    assert back.game.dead == session.game.dead
    assert back.game.state_key() == session.game.state_key()
    assert back.numbers is True
    session.confirm()
    back = restored(session, "go")
    assert back.game.phase == "over"
    assert back.game.winner == session.game.winner


def test_the_two_games_keep_separate_saves():
    text = saves.dump(played_go())
    with pytest.raises(
        saves.SaveError, match=r"it is a game of Lotus \(Freeling\), not of Lotus \(1998\)"
    ):
        app.App().restore("race", text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "damaged"),
        ("[1, 2]", "not a saved game"),
        (json.dumps({"format": 0, "game": "race"}), "older format"),
        (json.dumps({"format": 99, "game": "race"}), "unknown"),
        (json.dumps({"format": saves.FORMAT, "game": "chess"}), "does not have"),
    ],
)
def test_a_bad_save_is_refused_with_the_reason(text, reason):
    with pytest.raises(saves.SaveError, match=reason):
        app.App().restore("race", text)


def test_a_save_with_an_illegal_move_names_it():
    data = json.loads(saves.dump(played_race()))
    data["actions"][3] = "A1-G"
    with pytest.raises(saves.SaveError, match="move 4 \\(A1-G\\) is not legal"):
        app.App().restore("race", json.dumps(data))


def test_a_save_with_bad_options_is_refused():
    data = json.loads(saves.dump(played_race()))
    data["options"]["players"] = 7
    with pytest.raises(saves.SaveError, match="options"):
        app.App().restore("race", json.dumps(data))


def test_a_failed_restore_leaves_the_current_session_alone():
    application = app.App()
    session = application.session
    session.act("Sw4-A4")
    with pytest.raises(saves.SaveError):
        application.restore("race", "{")
    assert application.session is session
    assert session.game.moves == ["Sw4-A4"]


def test_review_and_play_from_here():
    session = played_race()
    total = len(session.actions)
    session.review_step(-3)
    assert session.review == total - 3
    assert session.click("A1") is False and "Reviewing" in session.status()
    session.review_step(+10)
    assert session.review is None
    session.review_to(2)
    session.play_from_here()
    assert len(session.actions) == 2 and session.review is None
    assert len(session.redo_stack) >= total - 2


def test_a_saves_state_taken_before_a_change_writes_the_text_of_then():
    for session in (played_race(), played_go()):
        text = saves.dump(session)
        state = saves.state(session)
        assert saves.text_of(state) == text
        session.undo()  # the actions, the redo list and the dead marks change
        assert saves.dump(session) != text and saves.text_of(state) == text
