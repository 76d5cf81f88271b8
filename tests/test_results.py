"""The end of a game: every player placed, one sentence per result from the player's side, and
the page's controls that belong to the moment (Pause and Speed, the review's status).

Placings are this project's (docs/spec/race.md, after R11): the winner first, then by stones in
the goal, a tie broken by how far the stones have come; players still equal share the rank.
"""

from lotus.engine import race
from lotus.game.go_session import GoSession
from lotus.game.race_session import RaceSession
from lotus.page import panel
from lotus.page.controller import PageController
from tests.support.games import race_of_four_one_move_from_its_end


def race_of_four(seats=None) -> RaceSession:
    """Red carries its last stone home (R11): White 4 home, Yellow and Black 1 each."""
    session = RaceSession(players=4, seats=seats)
    session.game = race_of_four_one_move_from_its_end()
    session.play("14-G")
    return session


def test_placings_put_the_winner_first_then_stones_home_then_how_far_they_have_come():
    game = race_of_four_one_move_from_its_end()
    game.play("14-G")
    assert game.winner == "r"
    # White has 4 home; Yellow and Black 1 each, Yellow's stone on 9 has come further.
    assert race.progress(game) == {"w": 4 * 15 + 12, "b": 15, "r": 6 * 15, "y": 15 + 9}
    assert race.placings(game) == [("r", 1), ("w", 2), ("y", 3), ("b", 4)]


def test_placings_share_a_rank_when_stones_home_and_progress_are_equal():
    game = race.Game.from_setup(
        players=3,
        to_move="w",
        board={"5": "b", "B1": "r", "A4": "r"},
        start={"b": (3, 1), "r": (3, 1)},
        goal={"w": 6, "b": 1, "r": 0},
    )
    # Black: 1 home (15) + a stone on 5 = 20; Red: on B1 and A4 = 5, no stone home: 3rd.
    assert race.placings(game) == [("w", 1), ("b", 2), ("r", 3)]
    tied = race.Game.from_setup(
        players=3,
        to_move="w",
        board={"A3": "b", "B3": "r"},  # 3 steps each: the same lane depth
        start={"b": (3, 2), "r": (3, 2)},
        goal={"w": 6},
    )
    assert race.placings(tied) == [("w", 1), ("b", 2), ("r", 2)]


def test_more_stones_home_beats_stones_that_have_come_further():
    game = race.Game.from_setup(
        players=2,
        to_move="w",
        board={"14": "bbbbbbbbb"},
        start={"w": (4, 3, 2)},
        goal={"w": 1, "b": 1},
    )
    assert race.placings(game)[0] == ("b", 1)  # 1 home each: Black's stones on 14 are further
    game = race.Game.from_setup(
        players=2,
        to_move="w",
        board={"14": "bbbbbbbb"},
        start={"w": (4, 2, 1)},
        goal={"w": 3, "b": 2},
    )
    assert race.placings(game) == [("w", 1), ("b", 2)]  # 3 home beat 2, however far the rest


def test_a_race_result_is_one_sentence_from_the_persons_side():
    mine = race_of_four(seats={"b": "easy", "r": "easy", "y": "easy"})
    assert mine.banner() == mine.status() == "Red wins; you are second."
    yellow = race_of_four(seats={"w": "easy", "b": "easy", "r": "easy"})
    assert yellow.banner() == "Red wins; you are third."
    people = race_of_four()
    assert people.banner() == "Red wins with every stone home."
    won = race_of_four(seats={"w": "easy", "b": "easy", "y": "easy"})
    assert won.banner() == "You win with every stone home."
    two = RaceSession(seats={"w": "easy"})
    two.game = race.Game.from_setup(
        players=2, to_move="w", board={"14": "w"}, start={"b": (4, 3, 2, 1)}, goal={"w": 9}
    )
    two.play("14-G")
    assert two.banner() == two.status() == "The computer wins."


def test_a_shared_place_is_said_as_shared():
    session = RaceSession(players=3, seats={"w": "easy", "r": "easy"})
    session.game = race.Game.from_setup(
        players=3,
        to_move="w",
        board={"14": "w", "A3": "b", "B3": "r"},
        start={"b": (3, 2), "r": (3, 2)},
        goal={"w": 5},
    )
    session.play("14-G")
    assert session.banner() == "White wins; you share second place."


def test_a_go_result_says_the_margin_once_from_the_persons_side():
    session = GoSession(marker=2, seats={"b": "easy"})
    for move in "1 10 2 pass pass".split():
        session.act(move)
    session.confirm()
    assert session.status() == session.banner() == "You win by 3 points, 4 to 1."
    assert session.placings() == [("w", 1), ("b", 2)]
    lost = GoSession(marker=2, seats={"w": "easy"})
    for move in "1 10 2 pass pass".split():
        lost.act(move)
    lost.confirm()
    assert lost.banner() == "The computer wins by 3 points, 4 to 1."


def test_the_result_box_and_the_players_box_place_every_player():
    session = race_of_four(seats={"b": "easy", "r": "easy", "y": "easy"})
    rows = panel.players(session)
    assert [(r["colour"], r["rank"]) for r in rows] == [("w", 2), ("b", 4), ("r", 1), ("y", 3)]
    items = panel.placing_items(rows)
    order = [
        items.index(f'data-colour="{c}" data-rank="{n}"') for c, n in race.placings(session.game)
    ]
    assert order == sorted(order) and items.count("<li data-placing") == 4
    assert '<span class="place">1st</span>' in items and "6/6" in items
    assert '<span class="place">2nd</span>' in panel.player_items(rows)
    playing = RaceSession(players=4)
    assert panel.placing_items(panel.players(playing)) == ""  # no placings while it goes on
    assert "place" not in panel.player_items(panel.players(playing))


def test_the_page_view_has_placings_only_once_the_game_is_over():
    c = PageController()
    c.start("?game=race&players=4&seats=human,easy,easy,easy", "")
    assert c.view()["placings"] == ""
    c.app.session.game = race_of_four_one_move_from_its_end()
    c.app.session.seats = {"w": "easy", "b": "easy", "r": "human", "y": "easy"}
    c.app.session.play("14-G")
    view = c.view()
    assert view["flags"]["over"] == "1" and 'data-colour="r" data-rank="1"' in view["placings"]
    assert view["banner"] == view["status"] == "You win with every stone home."


def test_pause_and_speed_only_while_computers_play_each_other():
    assert not panel.watch_controls(RaceSession(seats={"b": "easy"}))  # a person plays
    assert not panel.watch_controls(RaceSession())
    demo = RaceSession(seats={"w": "easy", "b": "easy"})
    assert panel.watch_controls(demo)
    demo.game = race.Game.from_setup(
        players=2, to_move="w", board={"14": "w"}, start={"b": (4, 3, 2, 1)}, goal={"w": 9}
    )
    demo.play("14-G")
    assert not panel.watch_controls(demo)  # over: Pause would do nothing
    scoring = GoSession(seats={"w": "easy", "b": "easy"})
    for move in "1 10 pass pass".split():
        scoring.act(move)
    assert scoring.phase() == "scoring" and panel.watch_controls(scoring)  # it confirms by itself
    assert panel.pause_label(True) == "Resume" and panel.pause_label(False) == "Pause"


def test_the_status_says_reviewing_as_soon_as_review_starts():
    c = PageController()
    c.start("?game=race", "")
    for move in ("Sw4-A4", "Sb4-B4", "A4-5"):
        c.app.session.play(move)
    c.action("prev")
    assert c.view()["status"] == "Reviewing move 2 of 3."
    c.key("Home")
    assert c.view()["status"] == "Reviewing move 0 of 3."
    c.click("field", "5")  # tried on a variation's line: refused there, and said why
    assert "There is no stone on field “5”." in c.view()["status"]
    assert c.app.session.game.moves == ["Sw4-A4", "Sb4-B4", "A4-5"]
    c.key("End")
    assert c.view()["status"] == "Black to move."


def test_go_review_counts_moves_not_scoring_steps():
    c = PageController()
    c.start("?game=go", "")
    session = c.app.session
    for move in "1 10 pass pass".split():
        session.act(move)
    session.resume()  # a scoring step, not a move
    session.act("2")
    c.action("prev")
    assert c.view()["status"] == "Reviewing move 4 of 5."


def test_a_pause_never_outlives_the_demonstration_it_paused():
    """Paused computers, then a game with a person's seat on screen (a link, Your games): no
    Resume is shown there, so its computer is not paused."""
    c = PageController()
    c.start("?game=race&seats=easy,easy", "")
    c.action("pause")
    assert c.computer.paused and c.view()["watch"]
    c.start_game("race", {"players": 2, "pro": False, "first": "b", "seats": {"b": "easy"}})
    assert not c.view()["watch"] and not c.computer.paused
    assert c.computer.thinking()  # Black, the computer's, is to move and asked
