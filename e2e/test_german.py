"""A German speaker's games: the race and the Go game played on the German page through a game's
end, the New game dialog, Your games, the records, the Live dialog, the analysis and Go's
scoring, with no English message on screen at any step.

English on screen is judged by the catalog itself: each English message whose German differs is
cut at its placeholders and markup into phrases, and none of those phrases (a phrase of the
German catalog excepted, such as a name) may stand in the page's text, its title or the names
and hints people read (aria-label, title, placeholder)."""

import html
import re

import pytest
from babel.messages.pofile import read_po

from e2e.boards import click_move
from lotus.engine import go
from tests.support.games import before_end, random_race
from tools import words as build
from tools.pages import WORKER_TIMEOUT, invite, open_records, paste_link, wait_moves

PAGE = "index.de.html"
PIECE = re.compile(r"\{\w+\}|<[^>]*>|[()\[\]:;·—–\n]|\s[-–]\s")
# The text people read on screen: the page's text, its title, and the names and hints of what
# is shown.
SCREEN = """() => {
  const shown = e => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
  const out = [document.title, document.body.innerText];
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
    if (shown(e)) for (const a of ['aria-label', 'title', 'placeholder'])
      if (e.hasAttribute(a)) out.push(e.getAttribute(a));
  for (const e of document.querySelectorAll('svg [aria-label], svg title'))
    out.push(e.getAttribute('aria-label') || e.textContent);
  return out.join('\\n');
}"""


def english_phrases() -> list:
    """Patterns of the English phrases a German screen must not show."""
    with open(build.po_path("de"), "rb") as f:
        catalog = read_po(f, locale="de")
    german, english = [], set()
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        german += [html.unescape(s) for s in strings]
        for text in ids:
            if text not in strings:
                english.update(html.unescape(p).strip(" ,.!?…") for p in PIECE.split(text))
    german_text = "\n".join(german)
    kept = []
    for phrase in sorted(english):
        words = re.findall(r"[A-Za-z']+", phrase)
        if not words or (len(words) == 1 and len(words[0]) < 5):
            continue  # too short to be English rather than a name or notation
        pattern = re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])")
        if not pattern.search(german_text):
            kept.append(pattern)
    return kept


ENGLISH = english_phrases()
NAMES = ("New Rules for Classic Games",)  # a book's title, cited as it is in every language


def english_on_screen(page) -> list:
    text = page.evaluate(SCREEN)
    for name in NAMES:
        text = text.replace(name, "")
    return sorted({p.pattern for p in ENGLISH if p.search(text)})


def assert_german(page, where: str) -> None:
    found = english_on_screen(page)
    assert not found, f"{where}: English on screen: {found[:10]}"


def test_the_finder_knows_english_when_it_sees_it():
    english = "\n".join(["Your games", "White to move.", "Undo"])
    assert [p for p in ENGLISH if p.search(english)]
    german = "\n".join(["Deine Partien", "Weiß ist am Zug.", "Rückgängig", "Lotus (1998)"])
    assert [p.pattern for p in ENGLISH if p.search(german)] == []


def test_a_race_in_german_to_its_end_with_the_dialogs_and_records(page):
    assert page.get_attribute("html", "lang") == "de"
    assert_german(page, "a new race")
    full = random_race(190)
    game = before_end(full, 6)
    paste_link(page, game)
    wait_moves(page, len(game.moves), exactly=True)
    assert_german(page, "a race opened from a link")
    for move in full.moves[-6:]:
        click_move(page, move)
    page.wait_for_selector("[data-banner]:visible")
    assert_german(page, "the race's end")

    page.click('[data-action="new-dialog"]')
    page.wait_for_selector("dialog[data-newgame][open]")
    assert_german(page, "the New game dialog")
    page.click('dialog[data-newgame] [data-action="close-dialog"]')

    page.click("[data-library] > summary")
    assert_german(page, "Your games")
    open_records(page)
    assert_german(page, "the records")

    invite(page)
    assert_german(page, "the Live dialog with an invitation")
    page.click('dialog[data-live-dialog] button[value="close"]')


def test_a_go_game_in_german_analysed_then_through_scoring_to_its_result(page):
    game = go.Game()
    for move in "35 18 4 22 31 64 46 45 28 6 15 72 70 47".split():
        game.play(move)
    paste_link(page, game)
    wait_moves(page, len(game.moves), exactly=True)
    assert_german(page, "a Go game")
    if page.get_attribute("[data-analysis-panel]", "open") is None:
        page.click("[data-analysis-panel] > summary")
    page.click('[data-action="analyse"]')
    page.wait_for_selector('body[data-analysis="done"]', timeout=WORKER_TIMEOUT)
    page.click("[data-eval-graph] [data-eval-ply] >> nth=3")
    assert_german(page, "the analysis")
    page.click('[data-action="last"]')
    click_move(page, "pass")
    click_move(page, "pass")
    page.wait_for_selector('body[data-phase="scoring"]')
    page.wait_for_selector('body[data-dead-source="search"]', timeout=WORKER_TIMEOUT)
    assert_german(page, "Go's scoring")
    page.click('[data-action="confirm"]')
    page.wait_for_selector("[data-banner]:visible")
    assert_german(page, "Go's result")


@pytest.mark.parametrize("name", ["race", "go"])
def test_the_rules_pages_in_german(open_page, name):
    page = open_page(f"rules/{name}.de.html")
    assert page.get_attribute("html", "lang") == "de"
    assert_german(page, f"rules/{name}.de.html")


def test_an_embed_in_german(open_page):
    page = open_page("embed.html#game=race&mode=puzzle&answer=Sw4-A4&lang=de")
    assert_german(page, "an embedded puzzle")
    page.locator('[data-start="b4"]').click()
    page.click('[data-field="B4"]')
    assert_german(page, "a wrong answer in an embedded puzzle")


def test_the_english_page_is_seen_as_english(open_page):
    """The finder sees the screen: the English page (this browser's language is English, and no
    choice was kept) shows English."""
    page = open_page("index.html")
    assert page.get_attribute("html", "lang") == "en"
    assert len(english_on_screen(page)) > 20
