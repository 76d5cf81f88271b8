"""The rules pages in the browser, in English and German: every diagram shown, puzzles judged,
sequences stepped, the play board answered by the computer (its worker started from rules/), one
runtime per page, each page linked to its other language."""

import os

import pytest

from e2e.rules import await_reply, click_race_move, diagrams, puzzle_position
from tools import build_rules, rules_source
from tools.pages import wait_ready

LANGUAGES = ("en", "de")


def headings(game: str, lang: str) -> list:
    path = os.path.join(build_rules.ROOT, build_rules.source_of(game, lang))
    return [b[2] for b in rules_source.load(path, game) if b[0] == "heading" and b[1] == 2]


@pytest.fixture(scope="module")
def rules_page(open_page):
    """rules_page(game, lang): the module's rules page of `game` in `lang`, opened the first time,
    brought to the front every time (a page of the context behind the one opened after it gets
    about one animation frame a second, so a click waits seconds for its element to be stable)."""
    pages = {}

    def _page(game: str, lang: str = "en"):
        if (game, lang) not in pages:
            pages[game, lang] = open_page("rules/" + build_rules.page_name(game, lang))
        pages[game, lang].bring_to_front()
        return pages[game, lang]

    return _page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["race", "go"])
def test_every_diagram_is_shown_with_its_board(rules_page, game, lang):
    page = rules_page(game, lang)
    assert page.get_attribute("html", "lang") == lang
    wanted = diagrams(game, lang)
    shown = page.eval_on_selector_all("figure[data-diagram]", "els => els.map(e => e.id)")
    assert shown == [d["id"] for d in wanted] == [d["id"] for d in diagrams(game)]
    for d in wanted:
        fid = d["id"]
        assert page.is_visible(f"#{fid} [data-board] svg"), fid
        assert page.inner_text(f"#{fid} [data-caption]") == d["captions"][0]
    scripts = page.eval_on_selector_all('script[type="mpy"], script[type="py"]', "e => e.length")
    assert scripts == 1
    # (its workers are started from code when a board asks: no worker script, whenever asked)
    assert page.eval_on_selector_all("script[worker], py-script, mpy-script", "e => e.length") == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_race_puzzle_refuses_a_wrong_move_and_accepts_its_answer(rules_page, lang):
    page = rules_page("race", lang)
    puzzle = next(d for d in diagrams("race", lang) if d["mode"] == "puzzle")
    game = puzzle_position(puzzle)
    wrong = next(m for m in sorted(game.legal_moves()) if m not in puzzle["answer"])
    fid = puzzle["id"]
    click_race_move(page, fid, wrong)
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    assert page.get_attribute(f"#{fid}", "data-solved") == "0"
    click_race_move(page, fid, puzzle["answer"][0])
    assert page.get_attribute(f"#{fid}", "data-solved") == "1"
    status = page.inner_text(f"#{fid} [data-status]")
    assert status.endswith(puzzle["explain"])  # the page's own explanation, in its language
    assert status.startswith({"en": "Right!", "de": "Richtig!"}[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_go_puzzle_refuses_a_wrong_point_and_accepts_its_answer(rules_page, lang):
    page = rules_page("go", lang)
    puzzle = next(
        d for d in diagrams("go", lang) if d["mode"] == "puzzle" and d["answer"] != ["pass"]
    )
    game = puzzle_position(puzzle)
    wrong = next(m for m in game.legal_moves() if m not in puzzle["answer"] and m != "pass")
    fid = puzzle["id"]
    page.click(f'#{fid} [data-point="{wrong}"]')
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    assert page.query_selector(f'#{fid} [data-point="{wrong}"] [data-colour]') is None
    page.click(f'#{fid} [data-point="{puzzle["answer"][0]}"]')
    assert page.get_attribute(f"#{fid}", "data-solved") == "1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_answer_says_why_and_show_solution_plays_the_answer(rules_page, lang):
    page = rules_page("go", lang)
    puzzle = next(d for d in diagrams("go", lang) if d["id"] == "puzzle-safe-capture")
    fid = puzzle["id"]
    question = puzzle["caption"].rsplit(". ", 1)[-1]  # 'Which capture is safe?'
    page.click(f'#{fid} [data-point="57"]')  # the other capture: suicidal (G7)
    status = page.inner_text(f"#{fid} [data-status]")
    assert "57" in status and question in status  # the puzzle's question, in the page's language
    if lang == "en":
        assert status.startswith(
            "Not “57”: the group there is left without a liberty, so it turns White"
        )
        assert status.endswith("Which capture is safe? Try again.")
    else:
        assert status.startswith("Nicht „57“: ") and status.endswith(" Versuch es noch einmal.")
    assert page.get_attribute(f"#{fid}", "data-feedback") == "wrong"
    page.click(f'#{fid} [data-action="solution"]')
    page.wait_for_selector(f'#{fid}[data-feedback="solution"]')
    status = page.inner_text(f"#{fid} [data-status]")
    assert "7" in status and status.endswith(puzzle["explain"])
    assert status == {"en": "Solution: “7”. ", "de": "Lösung: „7“. "}[lang] + puzzle["explain"]
    assert page.get_attribute(f'#{fid} [data-point="7"] [data-colour]', "data-colour") == "b"
    assert page.is_disabled(f'#{fid} [data-action="solution"]')
    page.locator(f"#{fid}").scroll_into_view_if_needed()
    page.click(f'#{fid} [data-action="reset"]')
    page.wait_for_selector(f'#{fid}[data-feedback=""]')
    assert page.is_enabled(f'#{fid} [data-action="solution"]')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_headings_are_plain_words_with_small_rule_references(rules_page, lang):
    page = rules_page("race", lang)
    heading = next(h for h in headings("race", lang) if h.endswith("(R4)"))
    words = build_rules.split_refs(heading)[0]
    section = "#" + build_rules.anchor(heading)
    assert page.inner_text(f"{section} h2").startswith(words)
    if lang == "en":
        assert words == "Moving: a stone goes as far as its stack is high"
    assert page.inner_text(f"{section} h2 .rule-ref") == "R4"
    sizes = page.eval_on_selector(
        f"{section} h2",
        """h => [parseFloat(getComputedStyle(h).fontSize),
                 parseFloat(getComputedStyle(h.querySelector('.rule-ref')).fontSize)]""",
    )
    assert sizes[1] < sizes[0] * 0.8  # a small reference, not part of the heading's words
    page.click(f'.toc a[href="{section}"]')  # the contents lead to the section
    page.wait_for_function(f"location.hash === '{section}'")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_sequence_moves_the_stones(rules_page, lang):
    page = rules_page("race", lang)
    step = next(d for d in diagrams("race", lang) if d["mode"] == "step" and d["moves"])
    fid = step["id"]
    before = page.inner_html(f"#{fid} [data-board]")
    page.click(f'#{fid} [data-action="next"]')
    assert page.get_attribute(f"#{fid}", "data-step") == "1"
    assert page.inner_html(f"#{fid} [data-board]") != before
    assert page.inner_text(f"#{fid} [data-caption]") == step["captions"][1]
    page.click(f'#{fid} [data-action="prev"]')
    assert page.inner_html(f"#{fid} [data-board]") == before
    assert page.inner_text(f"#{fid} [data-caption]") == step["captions"][0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_play_board_gets_the_computers_reply(rules_page, lang):
    page = rules_page("race", lang)
    play = next(d for d in diagrams("race", lang) if d["mode"] == "play")
    assert play.get("opponent", "human") != "human"
    fid = play["id"]
    game = puzzle_position(play)
    move = sorted(game.legal_moves())[0]
    reader = {"en": {"w": "White", "b": "Black"}, "de": {"w": "Weiß", "b": "Schwarz"}}[lang]
    said = {"en": "{} to move.", "de": "{} ist am Zug."}[lang].format(reader[game.to_move])
    assert page.inner_text(f"#{fid} [data-status]") == said
    await_reply(page, fid, lambda: click_race_move(page, fid, move))
    page.wait_for_selector('body[data-computer-ready="1"]', state="attached")
    page.click(f'#{fid} [data-action="undo"]')  # takes back the reply and the reader's move
    assert page.get_attribute(f"#{fid}", "data-step") == str(len(play["moves"]))
    assert page.is_disabled(f'#{fid} [data-action="undo"]')


def test_each_language_links_to_the_other_and_to_the_app_in_its_language(rules_page):
    page = rules_page("race", "en")
    link = page.locator('header a[hreflang="de"]')
    assert link.inner_text() == "Deutsch" and link.get_attribute("lang") == "de"
    link.click()
    wait_ready(page)
    assert page.url.endswith("rules/race.de.html")
    assert page.get_attribute("html", "lang") == "de"
    assert page.title() == "Lotus (1998): So spielst du das Stapel-Wettrennen"
    assert page.inner_text("header a.primary") == "Lotus (1998) spielen"
    # The German app (index.de.html) once the site has it; until then the English one.
    app = build_rules.app_page("de")
    assert page.get_attribute("header a.primary", "href") == f"../{app}?game=race"
    assert page.get_attribute('header a[href="go.de.html"]', "hreflang") is None
    back = page.locator('header a[hreflang="en"]')
    assert back.inner_text() == "English"
    back.click()
    wait_ready(page)
    assert page.url.endswith("rules/race.html") and page.get_attribute("html", "lang") == "en"


def test_the_rules_pages_are_linked_from_the_app(open_page):
    page = open_page("index.html?game=go")
    page.click("header .rules-link:visible")
    wait_ready(page)
    assert page.url.endswith("rules/go.html")
    page.close()
