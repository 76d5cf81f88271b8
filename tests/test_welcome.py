"""The welcome card of a first visit (lotus.page.welcome): when a visit is a first one, and the
game its remembered choice starts."""

from lotus.page import welcome
from lotus.page.controller import PageController
from lotus.page.saved_games import MemoryStorage

UNTOUCHED = {"id": "a", "game": "race", "moves": 0, "result": ""}


def test_a_visit_with_no_address_and_no_game_played_is_a_first_visit():
    assert welcome.first_visit("", "", [])
    assert welcome.first_visit("?", "#", [UNTOUCHED])  # a new game saved untouched: still first


def test_an_address_or_a_saved_game_makes_it_no_first_visit():
    assert not welcome.first_visit("?game=go", "", [])
    assert not welcome.first_visit("", "#g=race", [])
    for mark in ({"moves": 3}, {"result": "White wins."}, {"broken": "its text is missing"}):
        assert not welcome.first_visit("", "", [dict(UNTOUCHED, **mark)])


def test_play_the_computer_is_a_race_for_two_you_white_and_first_the_computer_medium():
    page = PageController()
    page.start("?game=go", "")
    page.play_computer()
    session = page.shown()
    assert page.app.current == "race" and tuple(session.colours()) == ("w", "b")
    assert session.game.to_move == "w" and session.person() == "w"
    assert (session.seat("w"), session.seat("b")) == ("human", "medium")


def test_a_remembered_choice_of_the_computer_starts_its_game_on_a_first_visit_only():
    storage = MemoryStorage({welcome.CHOICE_KEY: "computer", "lotus.current": "go"})
    page = PageController(storage)
    page.start("", "")
    assert page.app.current == "race" and page.shown().seat("b") == "medium"
    again = PageController(MemoryStorage({welcome.CHOICE_KEY: "computer"}))
    again.start("?game=race", "")  # an address asks for its own game
    assert again.shown().seat("b") == "human"
    local = PageController(MemoryStorage({welcome.CHOICE_KEY: "local"}))
    local.start("", "")
    assert local.shown().seat("b") == "human"
