"""The rules pages in the browser: every diagram shown, puzzles judged, sequences stepped, the
play board answered by the computer (its worker started from rules/), one runtime per page."""

import pytest

from e2e.rules import await_reply, click_race_move, diagrams, puzzle_position
from tools.pages import wait_ready


@pytest.fixture(scope="module")
def rules_page(open_page):
    """rules_page(game): the module's rules page of `game`, opened the first time, brought to the
    front every time (a page of the context behind the one opened after it gets about one
    animation frame a second, so a click waits seconds for its element to be stable)."""
    pages = {}

    def _page(game: str):
        if game not in pages:
            pages[game] = open_page(f"rules/{game}.html")
        pages[game].bring_to_front()
        return pages[game]

    return _page


@pytest.fixture
def race_page(rules_page):
    return rules_page("race")


@pytest.fixture
def go_page(rules_page):
    return rules_page("go")


@pytest.mark.parametrize("game", ["race", "go"])
def test_every_diagram_is_shown_with_its_board(rules_page, game):
    page = rules_page(game)
    wanted = [d["id"] for d in diagrams(game)]
    shown = page.eval_on_selector_all("figure[data-diagram]", "els => els.map(e => e.id)")
    assert shown == wanted
    for fid in wanted:
        assert page.is_visible(f"#{fid} [data-board] svg"), fid
    scripts = page.eval_on_selector_all('script[type="mpy"], script[type="py"]', "e => e.length")
    assert scripts == 1
    # (its workers are started from code when a board asks: no worker script, whenever asked)
    assert page.eval_on_selector_all("script[worker], py-script, mpy-script", "e => e.length") == 0


def test_a_race_puzzle_refuses_a_wrong_move_and_accepts_its_answer(race_page):
    page = race_page
    puzzle = next(d for d in diagrams("race") if d["mode"] == "puzzle")
    game = puzzle_position(puzzle)
    wrong = next(m for m in sorted(game.legal_moves()) if m not in puzzle["answer"])
    fid = puzzle["id"]
    click_race_move(page, fid, wrong)
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    assert page.get_attribute(f"#{fid}", "data-solved") == "0"
    click_race_move(page, fid, puzzle["answer"][0])
    assert page.get_attribute(f"#{fid}", "data-solved") == "1"
    assert page.inner_text(f"#{fid} [data-status]").startswith("Right!")


def test_a_go_puzzle_refuses_a_wrong_point_and_accepts_its_answer(go_page):
    page = go_page
    puzzle = next(d for d in diagrams("go") if d["mode"] == "puzzle" and d["answer"] != ["pass"])
    game = puzzle_position(puzzle)
    wrong = next(m for m in game.legal_moves() if m not in puzzle["answer"] and m != "pass")
    fid = puzzle["id"]
    page.click(f'#{fid} [data-point="{wrong}"]')
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    assert page.query_selector(f'#{fid} [data-point="{wrong}"] [data-colour]') is None
    page.click(f'#{fid} [data-point="{puzzle["answer"][0]}"]')
    assert page.get_attribute(f"#{fid}", "data-solved") == "1"


def test_a_wrong_answer_says_why_and_show_solution_plays_the_answer(go_page):
    page = go_page
    puzzle = next(d for d in diagrams("go") if d["id"] == "puzzle-safe-capture")
    fid = puzzle["id"]
    page.click(f'#{fid} [data-point="57"]')  # the other capture: suicidal (G7)
    status = page.inner_text(f"#{fid} [data-status]")
    assert status.startswith("Not 57: the group there is left without a liberty, so it turns white")
    assert status.endswith("Which capture is safe? Try again.")
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    page.click(f'#{fid} [data-action="solution"]')
    page.wait_for_selector(f'#{fid}[data-feedback="solution"]')
    assert page.inner_text(f"#{fid} [data-status]") == "Solution: 7. " + puzzle["explain"]
    assert page.get_attribute(f'#{fid} [data-point="7"] [data-colour]', "data-colour") == "b"
    assert page.is_disabled(f'#{fid} [data-action="solution"]')
    page.locator(f"#{fid}").scroll_into_view_if_needed()
    page.click(f'#{fid} [data-action="reset"]')
    page.wait_for_selector(f'#{fid}[data-feedback=""]')
    assert page.is_enabled(f'#{fid} [data-action="solution"]')


def test_headings_are_plain_words_with_small_rule_references(race_page):
    page = race_page
    section = "#moving-a-stone-goes-as-far-as-its-stack-is-high"
    heading = page.inner_text(f"{section} h2")
    assert heading.startswith("Moving: a stone goes as far as its stack is high")
    assert page.inner_text(f"{section} h2 .rule-ref") == "R4"
    sizes = page.eval_on_selector(
        f"{section} h2",
        """h => [parseFloat(getComputedStyle(h).fontSize),
                 parseFloat(getComputedStyle(h.querySelector('.rule-ref')).fontSize)]""",
    )
    assert sizes[1] < sizes[0] * 0.8  # a small reference, not part of the heading's words


def test_a_step_sequence_moves_the_stones(race_page):
    page = race_page
    step = next(d for d in diagrams("race") if d["mode"] == "step" and d["moves"])
    fid = step["id"]
    before = page.inner_html(f"#{fid} [data-board]")
    page.click(f'#{fid} [data-action="next"]')
    assert page.get_attribute(f"#{fid}", "data-step") == "1"
    assert page.inner_html(f"#{fid} [data-board]") != before
    assert page.inner_text(f"#{fid} [data-caption]") == step["captions"][1]
    page.click(f'#{fid} [data-action="prev"]')
    assert page.inner_html(f"#{fid} [data-board]") == before


def test_the_play_board_gets_the_computers_reply(race_page):
    page = race_page
    play = next(d for d in diagrams("race") if d["mode"] == "play")
    assert play.get("opponent", "human") != "human"
    fid = play["id"]
    game = puzzle_position(play)
    reader = game.to_move
    move = sorted(game.legal_moves())[0]
    await_reply(page, fid, reader, lambda: click_race_move(page, fid, move))
    page.wait_for_selector('body[data-computer-ready="1"]', state="attached")
    page.click(f'#{fid} [data-action="undo"]')  # takes back the reply and the reader's move
    assert page.get_attribute(f"#{fid}", "data-step") == str(len(play["moves"]))
    assert page.is_disabled(f'#{fid} [data-action="undo"]')


def test_the_rules_pages_are_linked_from_the_app(open_page):
    page = open_page("index.html?game=go")
    page.click("header .rules-link:visible")
    wait_ready(page)
    assert page.url.endswith("rules/go.html")
    page.close()
