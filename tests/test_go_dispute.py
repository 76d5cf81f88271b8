"""A dispute over dead groups settled by play (G9): the Go computer plays on after a resume.

The computer passes when its count, with the dead groups of its own estimate, says it has won. A
player who does not agree resumes play (G9); from then on the computer counts every stone as it
stands ("all-alive"): it passes only when that count does not lose, so a group it called dead
must be captured on the board, and a person who passes every turn always reaches a result.

The games played here (tests/support/games.py, ARENA_LOSSES) are arena games that OpenSpiel's
MCTSBot won against `hard` under the count with every stone as it stands (bench/arena.py --judge
all-alive): the bot passed, and `hard` passed back on its own estimate, which gave it the game.
"""

import pytest

from lotus import worker_api
from lotus.engine import ai, go
from lotus.engine.ai import go_plugin
from lotus.game import records
from lotus.page.controller import MemoryStorage, PageController
from tests.support.games import ARENA_LOSSES, CLOSE
from tests.support.pages import started


def finished(name: str) -> tuple:
    """(the computer's colour, the finished game in its scoring phase)."""
    colour, moves = ARENA_LOSSES[name]
    return colour, go.Game.from_moves(moves.split())


def lead(score: dict, colour: str) -> int:
    """`colour`'s lead in a score {"w", "b"}."""
    return score[colour] - score["b" if colour == "w" else "w"]


@pytest.mark.parametrize("name", sorted(ARENA_LOSSES))
def test_the_finished_games_are_won_by_the_estimate_and_lost_as_the_stones_stand(name):
    computer, game = finished(name)
    assert game.phase == go.SCORING
    assert lead(game.score(dead=ai.suggest_dead(game)), computer) > 0  # why it passed
    assert lead(game.score(), computer) < 0  # every stone as it stands: it loses


@pytest.mark.parametrize("name", sorted(ARENA_LOSSES))
def test_after_a_resume_it_plays_on_until_the_count_as_the_stones_stand_does_not_lose(name):
    computer, game = finished(name)
    game.resume()
    assert ai.judge(game) == "all-alive"
    moves = []
    # The other side passes every turn; each placement fills a point for good, so at most one
    # placement per empty point (and a pass each) can come before the game ends.
    for _turn in range(2 * (len(game.empty_indices()) + 2)):
        if game.is_over:
            break
        if game.to_move != computer:
            game.play("pass")
            continue
        move = ai.choose_move(game, "hard", seed=len(game.moves))
        if move == "pass":
            # it passes only when the count with every stone as it stands does not lose
            assert go_plugin.pass_count(game, 64, None, alive=True) >= 0
        moves.append(move)
        game.play(move)
    assert game.is_over, "the game must end: no endless play"
    assert moves[0] != "pass"  # not at once: that count loses
    assert game.resigned or moves[-1] == "pass"
    if not game.resigned:
        assert lead(game.score(), computer) > 0  # it captured what it called dead


def test_behind_on_a_settled_board_it_passes_for_playing_on_cannot_change_the_count():
    """Every group holds a lotus and every empty point is an eye: a placement there joins a lotus
    or is reversed to it (G5, G7), so the count stays, and the other side's passes would only
    move the marker its way (G3). Behind on such a board after a pass, it passes."""
    game = go.Game.from_setup(CLOSE, to_move="b", marker=0, passes=1)
    assert go_plugin.settled(game) and go_plugin.pass_count(game, 64, None, alive=True) < 0
    for empty in game.empty_indices():
        after = game.copy()
        after.play_index(empty)
        assert after.score() == game.score()  # no placement changes the count
    assert ai.choose_move(game, "hard", seed=1, judge="all-alive") == "pass"
    assert ai.choose_move(game, "hard", seed=1, judge="estimate") != "pass"  # as before
    # a group without a lotus can still be captured: not settled
    assert not go_plugin.settled(go.Game.from_moves(["1", "40", "pass"]))


def test_its_own_estimate_would_pass_at_once():
    """The same position counted with the estimate (a person who accepts the marks): it passes,
    as before a resume, and ends a won game quickly."""
    computer, game = finished("seed 1, game 3")
    game.resume()
    if game.to_move != computer:
        game.play("pass")
    assert ai.choose_move(game, "hard", seed=1, judge="estimate") == "pass"


def test_the_judge_is_all_alive_once_play_was_resumed():
    game = go.Game.from_moves(["1", "40", "pass", "pass"])
    assert ai.judge(game) == "estimate"  # the scoring phase itself: nothing resumed yet
    game.resume()
    assert ai.judge(game) == "all-alive"
    # a list of moves resumes by itself (G9): the worker's game, built from the page's moves
    again = go.Game.from_moves(["1", "40", "pass", "pass", "2"])
    assert ai.judge(again) == "all-alive"
    assert ai.judge(go.Game.from_moves(["1", "pass", "2", "pass"])) == "estimate"
    assert ai.judge(go.Game(), "all-alive") == "all-alive"


def test_the_analysis_of_a_game_ended_after_a_resume_counts_every_stone_as_it_stands():
    computer, game = finished("seed 1, game 3")
    white = ai.analyse(game, "easy")["value"]  # the first scoring: by the estimate
    assert (white < 0.5) == (computer == "b")  # the computer wins by it
    game.resume()
    game.play("pass")
    game.play("pass")
    assert game.phase == go.SCORING and lead(game.score(), computer) < 0
    after = ai.analyse(game, "easy")["value"]  # White's chance: the win and a little margin
    assert (after > 0.9) if computer == "b" else (after < 0.1)


@pytest.mark.parametrize("judge", ["alive", "", 1])
def test_a_bad_judge_is_refused(judge):
    with pytest.raises(ValueError, match="judge"):
        ai.choose_move(go.Game(), "easy", seed=1, judge=judge)


def test_the_race_takes_no_judge():
    from lotus.engine import race

    with pytest.raises(ValueError, match="judge"):
        ai.choose_move(race.Game(), "easy", seed=1, judge="all-alive")


# -- in the page's controller, with the workers' own functions answering ------------------------


def answer(page: PageController) -> bool:
    """Answer the page's questions to the worker by the worker's functions; True if any."""
    tickets = page.tickets()
    for ticket in tickets:
        if ticket.kind == "dead":
            page.answered(ticket, worker_api.json.loads(worker_api.suggest_dead(ticket.request())))
        elif ticket.kind == "move":
            page.answered(ticket, worker_api.json.loads(worker_api.choose_move(ticket.request())))
    return bool(tickets)


def opened(name: str) -> tuple:
    """A page on the finished game, the computer (hard) in its seat: (page, person's colour)."""
    computer, game = finished(name)
    person = "b" if computer == "w" else "w"
    page = PageController(MemoryStorage())
    fragment = records.to_link_fragment(
        records.record_of(game, seats={computer: "hard", person: "human"})
    )
    page.start("?game=go", "#" + fragment)
    page.worker_up(True)
    answer(page)  # the search's dead groups
    return page, person


def test_a_person_who_resumes_and_passes_has_the_dispute_settled_by_play():
    page, person = opened("seed 1, game 3")
    session = page.app.session
    game = session.game
    mine = [p for p in game.dead if game.colour_at(p) == person]
    assert mine and session.dead_source == "search"  # its search calls the person's groups dead
    for point in mine:
        page.click("point", point)  # the person says they live
    view = page.view()
    assert view["flags"]["dispute"] and not view["enabled"]["confirm"]
    assert "Resume play to settle it on the board" in view["status"]
    page.action("resume")
    assert session.phase() == "play"
    status = page.view()["status"]
    assert status.startswith("Play resumed: the computer plays on to capture the groups it calls")
    assert "passing too ends the game" not in status  # no pass since the resume
    play_out(page)  # the person passes every turn; the computer plays on, then passes
    assert session.phase() == "scoring"
    view = page.view()  # the search has answered: after a resume it claims nothing dead
    assert view["flags"]["dispute"] is None and view["enabled"]["confirm"]
    assert view["flags"]["dead-source"] == "play" and game.dead == ()
    assert view["status"].startswith("Play settled the dispute: the computer captured your group")
    assert "every stone counts as it stands" in view["status"]
    page.action("confirm")
    assert session.phase() == "over"
    assert game.winner == ("b" if person == "w" else "w")  # it won by capturing on the board


def play_out(page: PageController) -> None:
    """The person passes every turn until play ends (a bound, so a loop fails the test)."""
    session = page.app.session
    for _turn in range(2 * (len(session.game.empty_indices()) + 2)):
        if session.phase() != "play":
            break
        if session.computer_level() is None:
            page.action("pass")
        else:
            assert answer(page)
    assert session.phase() != "play", "play must end, not go on"
    answer(page)


def test_after_a_resume_marking_its_group_dead_is_still_disputed_but_giving_up_ones_own_is_not():
    """After a resume the marks cannot take the computer's stones either (that is settled by play
    too), and the person may still give up a group of their own."""
    page = started("?game=go&seats=human,easy", worker=True)
    for mine, its in (("1", "40"), ("2", "41"), ("pass", "pass")):  # its moves given
        page.click("point", mine) if mine != "pass" else page.action("pass")
        (ticket,) = page.tickets()
        page.answered(ticket, {"move": its, "ms": 1})
    session = page.app.session
    assert session.phase() == "scoring"
    answer(page)
    page.action("resume")
    assert session.played_out() and not session.game.is_over
    play_out(page)
    game = session.game
    assert session.phase() == "scoring" and game.dead == ()
    assert "every stone counts as it stands" in page.view()["status"]
    assert "Play settled" not in page.view()["status"]  # nothing was disputed
    theirs = [p for p in go.NAMES[:72] if game.colour_at(p) == "b" and not game.has_lotus(p)]
    ours = [p for p in go.NAMES[:72] if game.colour_at(p) == "w" and not game.has_lotus(p)]
    assert theirs and ours
    page.click("point", theirs[0])
    view = page.view()
    assert view["flags"]["dispute"] and not view["enabled"]["confirm"]
    assert view["status"].startswith("The computer (easy) disagrees: it thinks its group at")
    page.click("point", theirs[0])
    page.click("point", ours[0])  # giving up one's own group: no dispute
    assert page.view()["flags"]["dispute"] is None and page.view()["enabled"]["confirm"]
    page.action("confirm")
    assert session.phase() == "over"
