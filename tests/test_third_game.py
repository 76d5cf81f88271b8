"""The registry's contract: a third game that lives only in tests/ (Flip, tests/support/flip/)
registers itself with one entry and its own modules, and then, with no other file changed, is
played through the page's controller, searched by the computer at every level, analysed, written
as a record, a share link and a save, and read back.

What a game must bring is its entry (tests/support/flip/entry.py) and the modules the entry names:
its engine (the engine protocol, lotus.engine.Game, naming its computer plug-in), its plug-in,
renderer, session and record hooks. tests/test_structure.py checks that nothing outside tests/
names it.
"""

import json
import random

import pytest

from lotus import worker_api
from lotus.engine import ai
from lotus.game import games, positions, records, saves
from lotus.page import app as app_module
from lotus.page.controller import PageController
from tests.support.flip import engine
from tests.support.flip.entry import ENTRY

WORKER = {
    "choose_move": worker_api.choose_move,
    "suggest_dead": worker_api.suggest_dead,
    "analyse": worker_api.analyse,
}
"""The workers' calls, answered here in-process as the page's workers answer them."""


@pytest.fixture
def flip():
    """Flip registered for one test, and gone afterwards."""
    before = games.GAMES
    games.register(ENTRY)
    try:
        yield ENTRY
    finally:
        games.unregister(ENTRY.id)
    assert games.GAMES == before


def random_game(seed: int, size: int = 4) -> engine.Game:
    """A finished game of random moves."""
    rnd = random.Random(seed)
    game = engine.Game(size=size, first="wb"[seed % 2])
    while not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
    return game


def answer_all(page, tickets) -> int:
    """Ask the workers every ticket, as the page's adapter does; the number answered."""
    for ticket in tickets:
        page.answered(ticket, json.loads(WORKER[ticket.call](ticket.request())))
    return len(tickets)


# -- the registry ---------------------------------------------------------------------------------


def test_one_entry_adds_the_game_and_takes_it_away(flip):
    assert games.GAMES[-1] == "flip" and games.get("flip") is flip
    assert games.TITLES["flip"] == "Flip"
    game = flip.new_engine({"size": 4})
    assert games.of_game(game) is flip and flip.is_game(game)
    assert positions.to_position(game) == flip.start_position
    with pytest.raises(games.OptionError):
        games.register(ENTRY)  # once only


def test_without_its_entry_the_game_is_unknown():
    assert "flip" not in games.GAMES
    with pytest.raises(games.OptionError):
        games.get("flip")


# -- the page's controller ------------------------------------------------------------------------


def test_a_person_plays_it_against_the_computer_through_the_controller(flip):
    page = PageController()
    page.start("?game=flip&size=4&seats=human,easy", "")
    view = page.view()
    assert view["game"] == "flip" and 'data-point="c1"' in view["board"]
    assert view["status"] == "White to move." and view["flags"]["to-move"] == "w"
    page.click("point", "a1")  # F2: reverses nothing
    assert page.view()["status"] == "The move “a1” is not legal."  # F2: it reverses nothing
    rnd = random.Random(3)
    for _ in range(40):
        session = page.app.session
        if session.phase() == "over":
            break
        if session.computer_level() is not None:
            assert answer_all(page, page.tickets()) == 1  # the computer's move
            continue
        if session.can_pass():
            page.action("pass")
        else:
            page.click("point", rnd.choice(session.game.legal_moves()))
    view = page.view()
    game = page.app.session.game
    assert game.is_over and view["flags"]["over"] == "1"
    assert view["flags"]["winner"] == (game.winner or "")
    assert len(page.app.session.move_rows()) == len(game.moves) > 4
    assert view["moves"] and view["players"] and view["title"].endswith("· Lotus")
    page.action("undo")  # takes back the computer's move and the person's
    assert page.app.session.phase() == "play"


def test_it_is_picked_shown_and_reviewed_like_the_others(flip):
    page = PageController()
    page.start("", "")
    assert page.pick("flip") and page.view()["game"] == "flip"
    page.click("point", "c1")
    page.click("point", "d1")  # Black's reply (F2: reverses c2)
    assert page.app.session.game.moves == ["c1", "d1"]
    page.action("first")
    assert page.view()["flags"]["review"] == "0" and page.view()["enabled"]["last"]
    page.action("last")
    assert page.pick("race") and page.view()["game"] == "race"
    assert page.pick("flip") and page.app.session.game.moves == ["c1", "d1"]


# -- the computer -------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_computer_plays_it_at_every_level(flip, level):
    rnd = random.Random(level)
    game = engine.Game(size=4)
    while not game.is_over:
        if game.to_move == "w":
            move = ai.choose_move(game, level, seed=len(game.moves))
            assert move == ai.choose_move(game, level, seed=len(game.moves))  # seeded
        else:
            move = rnd.choice(game.legal_moves())
        assert move in game.legal_moves()
        game.play(move)
    request = {"game": "flip", "options": {"size": 4}, "moves": ["c1"], "level": level, "seed": 1}
    answer = json.loads(worker_api.choose_move(json.dumps(request)))
    assert answer["move"] in flip.from_request({"size": 4}, ["c1"]).legal_moves()


def test_a_search_beats_random_moves_mostly(flip):
    wins = 0
    for seed in range(6):
        rnd = random.Random(seed)
        game = engine.Game(size=4, first="wb"[seed % 2])
        while not game.is_over:
            if game.to_move == "w":
                game.play(ai.choose_move(game, "medium", seed=seed))
            else:
                game.play(rnd.choice(game.legal_moves()))
        wins += game.winner == "w"
    assert wins >= 4


def test_it_has_no_dead_groups_nor_points_to_own(flip):
    game = random_game(1)
    assert ai.judge(game) is None and not ai.has_ownership(game)
    with pytest.raises(ValueError, match="dead groups"):
        ai.suggest_dead(game)
    with pytest.raises(ValueError, match="judge"):
        ai.choose_move(engine.Game(), "easy", judge="estimate")


# -- the analysis -------------------------------------------------------------------------------


def test_it_is_analysed_by_the_search_and_through_the_controller(flip):
    start = ai.analyse(engine.Game(), "easy", seed=0)
    assert start["best"] in engine.Game().legal_moves() and len(start["values"]) == 2
    over = random_game(2)
    found = ai.analyse(over, "easy")
    assert found["best"] is None and found["values"] == [
        1.0 if c == over.winner else 0.0 if over.winner else 0.5 for c in engine.COLOURS
    ]
    page = PageController()
    page.start("?game=flip&seats=human,human", "")
    for move in ("c1", "d1", "d2"):
        page.click("point", move)
    page.action("analyse")
    asked = 0
    while page.view()["analysis"]["running"]:
        tickets = [t for t in page.tickets() if t.call == "analyse"]
        assert tickets, "the analysis asks the worker"
        asked += answer_all(page, tickets)
    assert asked >= 1 and page.view()["analysis"]["state"] == "done"
    assert page.view()["analysis"]["graph"].startswith("<svg")
    assert not page.view()["enabled"]["ownership"]  # no points to own: the worker sent none


# -- records, links, positions and saves ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_its_records_links_and_positions_are_read_back(flip, seed):
    game = random_game(seed, size=(4, 6)[seed % 2])
    seats = {"w": "human", "b": "hard"}
    record = records.record_of(game, seats=seats, date="2026.12.07")
    assert record["game"] == "flip" and record["options"]["size"] == game.size
    text = records.write(record)
    assert f'[Size "{game.size}"]' in text and '[Game "flip"]' in text
    assert records.read(text) == record
    assert records.replay(text).state_key() == game.state_key()
    link = records.to_link_fragment(record)
    assert records.from_link_fragment(link) == record
    assert positions.to_position(positions.from_position(positions.to_position(game))) == (
        positions.to_position(game)
    )
    with pytest.raises(records.RecordError, match="Size"):
        records.read(text.replace(f'[Size "{game.size}"]', '[Size "5"]'))


def test_a_record_from_a_position_is_read_back(flip):
    played = engine.Game()
    played.play("c1")
    text = positions.to_position(played)
    assert text == "f4_b_2w2ww2bw5"
    game = positions.from_position(text)
    game.play(game.legal_moves()[0])
    record = records.record_of(game)
    assert record["position"] == text and record["moves"] == ["b1"]
    assert records.read(records.write(record)) == record
    assert records.replay(record).state_key().split("|")[:2] == game.state_key().split("|")[:2]


def test_the_others_records_and_links_still_read_with_it_registered(flip):
    from lotus.engine import race

    game = race.Game()
    game.play(game.legal_moves()[0])
    record = records.record_of(game)
    assert records.from_link_fragment(records.to_link_fragment(record)) == record
    assert records.read(records.write(record)) == record


def test_a_shared_link_opens_the_game_in_the_page(flip):
    game = random_game(4)
    link = records.to_link_fragment(records.record_of(game, seats={"w": "human", "b": "easy"}))
    page = PageController()
    assert page.start("", "#" + link) is True
    assert page.view()["game"] == "flip"
    assert page.app.session.game.state_key() == game.state_key()


def test_a_save_is_restored(flip):
    app = app_module.App()
    app.current = "flip"
    session = app.session
    for move in ("c1", "d1", "d2"):
        session.click(move)
    session.undo()
    text = saves.dump(session)
    again = app_module.App()
    again.restore("flip", text)
    assert again.sessions["flip"].game.state_key() == session.game.state_key()
    assert again.sessions["flip"].redo_stack == ["d2"]
