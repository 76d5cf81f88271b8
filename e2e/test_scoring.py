"""The computer takes part in Go's scoring phase, in the real browser.

Against a person it disputes marks that favour the person over its own estimate (as OGS's bots
do): the status says so, `body[data-dispute]` lists the disputed groups' points, Confirm is
refused and Resume play settles it. With the computer in both seats it scores and confirms by
itself, so a watched game ends with a result.
"""

import pytest

from lotus.engine import ai, go
from tests.support.games import ARENA_LOSSES
from tools.pages import WORKER_TIMEOUT, moves, paste_link

PAGE = "index.html?game=go"

# A short game brought to scoring: White (the person) 1-2-3 and 10, Black (the computer) the
# groups 40-41 and 31-32; both passed. Nothing in it is dead, by the search's count too.
MOVES = ["1", "40", "2", "41", "3", "31", "10", "32", "pass", "pass"]


# The first 61 moves of a game the easy computer played against itself (ai.choose_move, seeded):
# from here it passes twice within about a dozen moves.
NEARLY_SETTLED = (
    "1 7 3 8 2 4 9 13 19 14 20 15 16 21 25 31 30 32 28 33 34 27 37 40 5 38 6 11 10 17 12 71 "
    "42 70 18 72 22 46 53 47 54 24 23 26 29 41 39 36 65 66 64 63 35 60 59 69 61 43 62 44 49"
).split()


def open_link(page, seats: dict, played=MOVES) -> None:
    """Open a share link of the moves `played` with these seats (pasted: the page and its
    workers stay)."""
    paste_link(page, go.Game.from_moves(played), seats)


def test_the_computer_disputes_its_living_group_marked_dead_and_resume_settles_it(page):
    open_link(page, {"w": "human", "b": "easy"})
    assert ai.suggest_dead(go.Game.from_moves(MOVES)) == []  # what the worker will answer
    page.wait_for_selector('body[data-phase="scoring"]')
    # Its search's estimate has come in (the marks were untouched, so they are the search's).
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    assert page.get_attribute("body", "data-dispute") is None
    assert page.is_enabled('[data-action="confirm"]')

    page.click('[data-point="41"]')  # the person marks the computer's group dead
    page.wait_for_selector("body[data-dispute]")
    assert page.get_attribute("body", "data-dispute") == "40 41"
    status = page.inner_text("[data-status]")
    assert status == (
        "The computer (easy) disagrees: it thinks its group at 40 lives. "
        "Resume play to settle it on the board (every stone then counts as it stands), "
        "or mark it alive."
    )
    assert page.is_disabled('[data-action="confirm"]')
    assert page.is_enabled('[data-action="resume"]')

    page.click('[data-point="40"]')  # marked alive again: it agrees, Confirm is back
    page.wait_for_function("() => !document.body.hasAttribute('data-dispute')")
    assert page.is_enabled('[data-action="confirm"]')
    page.click('[data-point="31"]')  # another of its groups: disputed in turn
    page.wait_for_selector('body[data-dispute="31 32"]')
    page.click('[data-action="resume"]')
    page.wait_for_selector('body[data-phase="play"]')
    assert page.get_attribute("body", "data-dispute") is None
    assert page.get_attribute("body", "data-to-move") == "w"


def test_marks_that_match_the_computers_estimate_confirm_normally(page):
    open_link(page, {"w": "human", "b": "easy"})
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    page.click('[data-point="1"]')  # the person gives up their own group: no objection
    page.wait_for_selector('body[data-dead-source="players"]')
    assert page.get_attribute("body", "data-dispute") is None
    page.click('[data-action="confirm"]')
    page.wait_for_selector('body[data-over="1"]')
    assert page.get_attribute("body", "data-winner") == "b"


@pytest.mark.slow
def test_a_watched_go_game_ends_with_a_result_by_itself(page):
    """Both seats the computer's, from a share link of a nearly settled game: it plays on and
    passes, then scores and confirms by itself. (Watching from the first move: test_computer.)"""
    assert go.Game.from_moves(NEARLY_SETTLED).phase == go.PLAY
    open_link(page, {"w": "easy", "b": "easy"}, played=NEARLY_SETTLED)
    page.select_option("[data-speed]", "fast")
    page.wait_for_selector('body[data-over="1"]', timeout=10 * WORKER_TIMEOUT)
    played = moves(page)
    game = go.Game.from_moves(played)
    assert played[: len(NEARLY_SETTLED)] == NEARLY_SETTLED and len(played) > len(NEARLY_SETTLED)
    banner = page.inner_text("[data-banner]")
    if played[-1] == "resign":  # the side far behind may resign (docs/ai.md: when hopeless)
        loser = game.resigned
        assert loser in go.COLOURS and game.is_over
        assert page.get_attribute("body", "data-winner") == game.winner != loser
        assert "resign" in banner and "wins" in banner
        return
    assert played[-2:] == ["pass", "pass"] and game.phase == go.SCORING
    game.finish(ai.suggest_dead(game))  # the computer agreed to its own search's estimate
    assert page.get_attribute("body", "data-winner") == (game.winner or "")
    assert "wins" in banner or "Draw" in banner


def test_a_watched_game_opened_in_scoring_is_confirmed_by_the_computer(page):
    open_link(page, {"w": "easy", "b": "easy"})
    page.wait_for_selector('body[data-over="1"]', timeout=WORKER_TIMEOUT)
    assert go.Game.from_moves(MOVES).score() == {"w": 4, "b": 4}  # nothing dead: a draw
    assert page.get_attribute("body", "data-winner") == ""
    assert "Draw, 4 to 4" in page.inner_text("[data-banner]")


# An arena game before its last two passes (tests/support/games.py): White passed there, and Black
# (`hard`) passed back on its estimate, which calls White's groups dead, though White leads with
# every stone as it stands (33 to 28).
DISPUTED = ARENA_LOSSES["seed 1, game 3"][1].split()[:-2]


def test_a_person_who_says_their_group_lives_resumes_passes_and_play_settles_it(page):
    """The person passes, the computer (hard) passes back on its estimate and marks the person's
    groups dead; the person marks them alive, so it disputes; the person resumes and passes
    every turn: the computer plays on (it may not pass while the board as it stands loses),
    captures, passes, and the scoring that follows says what happened, with nothing disputed."""
    open_link(page, {"w": "human", "b": "hard"}, played=DISPUTED)
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=WORKER_TIMEOUT)
    page.click('[data-action="pass"]')
    page.wait_for_selector('body[data-phase="scoring"]', timeout=WORKER_TIMEOUT)
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    clicked = 0
    while page.query_selector("g.point.w.dead") is not None and clicked < 20:
        page.click("g.point.w.dead")  # the person says this group of theirs lives
        clicked += 1
    assert clicked and page.query_selector("g.point.w.dead") is None
    page.wait_for_selector("body[data-dispute]")
    assert "your group" in page.inner_text("[data-status]")
    assert page.is_disabled('[data-action="confirm"]')

    page.click('[data-action="resume"]')
    page.wait_for_selector('body[data-phase="play"]')
    for _turn in range(80):  # a bound: every placement fills a point for good
        page.wait_for_function(
            """() => document.body.getAttribute('data-phase') !== 'play' ||
                 (document.body.getAttribute('data-to-move') === 'w' &&
                  !document.body.hasAttribute('data-thinking'))""",
            timeout=WORKER_TIMEOUT,
        )
        if page.get_attribute("body", "data-phase") != "play":
            break
        page.click('[data-action="pass"]')
    assert page.get_attribute("body", "data-phase") in ("scoring", "over")
    shown = moves(page)
    after = shown[len(DISPUTED) + 2 :]
    assert after[1] != "pass"  # after the person's pass the computer played on
    assert [m for m in after if m not in ("pass", "resign")], after
    if page.get_attribute("body", "data-over") == "1":  # it resigned: a result too
        assert shown[-1] == "resign"
        return
    page.wait_for_selector('body[data-dead-source="play"]')
    assert page.get_attribute("body", "data-dispute") is None
    status = page.inner_text("[data-status]")
    assert status.startswith("Play settled the dispute: the computer captured your group"), status
    assert "every stone counts as it stands" in status
    page.click('[data-action="confirm"]')
    page.wait_for_selector('body[data-over="1"]')
    game = go.Game.from_moves(shown)
    assert page.get_attribute("body", "data-winner") == "b" == game.winner
