"""The legal-moves answer (`remote`) refuses a bad request in words, never with an exception:
the page's `window.lotus.legalMoves` and the worker hand it to a JavaScript caller."""

import json

import pytest

from lotus.game import remote


@pytest.mark.parametrize(
    ("request_text", "words"),
    [
        ('{"game": "go", "options": {"position": "zzz"}}', "“zzz” is not a game"),
        ('{"game": "go", "options": {"position": 5}}', "a position is text"),
        ("nope", "it is not JSON"),
        ("[1, 2]", "it is not a JSON object"),
        ('{"game": "chess"}', "unknown game “chess”"),
        ('{"game": "race", "options": {"players": 9}}', "A game has 2, 3 or 4 players, not “9”"),
        ('{"game": "race", "moves": ["A1-9"]}', "There is no stone on field “A1”"),
        ('{"game": "go", "moves": [5]}', "its moves are not a list of moves"),
        ('{"game": "go", "options": []}', "its options are not a JSON object"),
        ('{"game": "race", "options": {"first": []}}', "moves first is one of w, b, not “[]”"),
        (None, "it is not text"),
    ],
)
def test_a_bad_request_is_answered_with_a_clear_error(request_text, words):
    answer = json.loads(remote.legal_moves(request_text))
    assert isinstance(answer, dict) and set(answer) == {"error"}
    assert answer["error"].startswith("The request could not be read: ")
    assert words in answer["error"], answer["error"]
    assert ".." not in answer["error"]
    assert "Traceback" not in answer["error"]


def test_a_good_request_is_answered_with_the_moves():
    answer = json.loads(remote.legal_moves('{"game": "go", "options": {}, "moves": ["1"]}'))
    assert isinstance(answer, list) and "1" not in answer and "2" in answer
