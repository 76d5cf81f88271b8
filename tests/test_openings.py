"""The opening book (lotus.game.openings): the search's first move from every usual start, at once.

The book must hold the move the full search plays (seed 0, as the page asks a game's first move):
a sample of its entries is searched again here, and its fingerprint must be that of today's
engines (tools/book.py rewrites it at set-up when they changed).
"""

import pytest

from lotus.engine import ai
from lotus.game import games, openings
from lotus.game.openings_book import FINGERPRINT, MOVES
from lotus.page.computer import Ticket
from tools import book


def start_of(key: str):
    """(game id, typed options, the engine game at that start) of a book key."""
    game_id, *values = key.split()
    entry = games.get(game_id)
    options = entry.options(dict(zip(entry.option_names, values)))
    options.pop("seats", None)
    return game_id, options, entry.new_engine(options)


def test_the_book_was_computed_from_todays_engines():
    assert FINGERPRINT == book.fingerprint(), "stale: run .venv/bin/python tools/book.py"


def test_the_book_holds_every_usual_start_of_both_games_at_each_level():
    race = [
        {"players": str(n), "pro": pro, "first": first}
        for n in (2, 3, 4)
        for pro in ("0", "1")
        for first in games.COLOURS[:n]
    ]
    go = [{"first": first, "marker": str(m)} for first in "wb" for m in range(-7, 8)]
    keys = set()
    for game_id, params in [("race", p) for p in race] + [("go", p) for p in go]:
        options = games.get(game_id).options(params)
        options.pop("seats")
        keys.add(openings.key(game_id, options))
    assert None not in keys and len(keys) == 18 + 30
    assert set(MOVES) == keys
    assert all(len(moves) == len(openings.LEVELS) for moves in MOVES.values())


@pytest.mark.parametrize("key", sorted(MOVES))
def test_every_book_move_is_legal_at_its_start(key):
    _game_id, _options, game = start_of(key)
    legal = set(game.legal_moves())
    assert set(MOVES[key]) <= legal


@pytest.mark.parametrize(
    "key, level",
    [
        ("race 2 0 w", "easy"),
        ("race 2 0 w", "medium"),
        ("race 3 1 b", "medium"),
        ("race 4 0 y", "hard"),
        ("go w 0", "easy"),
        ("go b 5", "medium"),
        ("go w -2", "hard"),
    ],
)
def test_a_book_move_is_the_move_the_search_plays_there(key, level):
    game_id, options, game = start_of(key)
    assert openings.first_move(game_id, options, level) == ai.choose_move(game, level, seed=0)


def test_the_book_answers_only_a_usual_start():
    race = {"players": 2, "pro": False, "first": "w"}
    assert openings.first_move("race", race, "medium") == MOVES["race 2 0 w"][1]
    assert openings.first_move("race", race, "expert") is None  # plays by time, not by a table
    assert openings.first_move("race", race | {"position": "x"}, "easy") is None
    assert openings.first_move("race", {"players": 2}, "easy") is None
    assert openings.first_move("chess", {}, "easy") is None
    assert openings.first_move("go", {"first": "b", "marker": 7}, "hard") == MOVES["go b 7"][2]


def session_at(link: dict, moves=()):
    entry = games.get(link["game"])
    options = entry.options(link)
    seats = options.pop("seats")
    session = entry.new_session(options)
    session.seats = seats
    for move in moves:
        session.act(move)
    return session


def test_the_computer_takes_a_first_move_or_a_hint_from_the_book_and_nothing_else():
    session = session_at({"game": "race", "players": "3", "seats": "hard,human,human"})
    easy, medium, hard = MOVES["race 3 0 w"]
    assert Ticket("move", session, "hard", seed=0).book == {
        "move": hard,
        "ms": 0,
        "by": "book",
    }
    assert Ticket("hint", session, "medium", seed=0).book["move"] == medium
    assert Ticket("move", session, "hard", seed=1).book is None  # another seed
    assert Ticket("move", session, "expert", seed=0).book is None
    assert Ticket("dead", session).book is None
    later = session_at({"game": "race", "seats": "human,easy"}, ["Sw4-A4"])
    assert Ticket("move", later, "easy", seed=0).book is None  # not at the start
