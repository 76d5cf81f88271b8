"""The rules pages' diagrams as their sources describe them, in each language, and moves played on
a diagram's board (e2e/test_rules_pages.py; e2e/test_offline.py plays on them offline)."""

import os

from lotus.engine import race
from lotus.game import positions
from tools import build_rules, rules_source
from tools.pages import WORKER_TIMEOUT


def diagrams(game: str, lang: str = "en") -> list:
    path = os.path.join(build_rules.ROOT, build_rules.source_of(game, lang))
    return rules_source.diagrams(rules_source.load(path, game))


def puzzle_position(diagram: dict):
    settings = build_rules.settings_of(diagram)
    game = positions.from_position(settings["position"])
    for move in settings["moves"][: settings["at"]]:
        game.play(move)
    return game


def click_race_move(page, figure: str, move: str) -> None:
    origin, path = race.parse_move(move)
    if origin.startswith("S"):
        page.click(f'#{figure} [data-start="{origin[1:]}"]')
    else:
        page.click(f'#{figure} [data-field="{origin}"]')
    page.click(f'#{figure} [data-field="{path[-1]}"]')


def await_reply(page, figure: str, click) -> None:
    """`click()` a move on a figure, then wait until the computer's reply has been played: the
    figure's data-thinking, watched from before the click (the quick worker may answer within
    it), was set and removed, and the status line is back to what it said before the click (the
    reader to move, in the page's language)."""
    page.evaluate(
        f"""() => {{ const f = document.getElementById('{figure}'); window.__thinking = [];
        new MutationObserver(() => window.__thinking.push(f.getAttribute('data-thinking')))
          .observe(f, {{attributes: true, attributeFilter: ['data-thinking']}}); }}"""
    )
    before = page.inner_html(f"#{figure} [data-board]")
    status = page.inner_text(f"#{figure} [data-status]")
    click()
    page.wait_for_function(
        f"""status => document.querySelector('#{figure} [data-status]').textContent === status
        && window.__thinking.includes('1') && window.__thinking.at(-1) === null""",
        arg=status,
        timeout=WORKER_TIMEOUT,
    )
    assert page.inner_html(f"#{figure} [data-board]") != before  # the stones moved
