"""The axe-core audit (WCAG 2 A/AA and best practice) of the app page: no serious or critical
violation on either game, on a phone (360 px) and a laptop (1280 px), with the New game dialog
closed and open, in the light and the dark theme. axe-core is a pinned devDependency, injected
from node_modules: no request leaves the origin.

The audits share one page, opened as by a new visitor in the light theme and brought to each
state as a person does: the window resized, the game picked, the theme toggled, the dialog opened
and closed with its buttons (the layout is CSS alone: a window resized is laid out as one opened
at that size)."""

import json
import os

import pytest

from tools.browser import ROOT
from tools.pages import clear_storage, wait_ready

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
RUN = """async () => {
  const result = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'best-practice']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5)
                  .map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""
DIALOG = "dialog[data-newgame]"
BOARD = {"race": "#board [data-field]", "go": "#board [data-point]"}


@pytest.fixture(scope="module")
def audit(module_context, guard, site):
    """audit(game, width, theme, dialog) -> the serious and critical violations of the module's
    page in that state (the page opened at the first call's game and width)."""
    pages = []

    def _audit(game: str, width: int, theme: str = "light", dialog: bool = False) -> list:
        if not pages:
            clear_storage(module_context, site)  # a new visitor, but in the light theme
            page = module_context.new_page()
            page.set_viewport_size({"width": width, "height": 800})
            guard.attach(page)
            page.add_init_script("localStorage.setItem('lotus.theme', 'light')")
            page.goto(f"{site}/index.html?game={game}")
            wait_ready(page)
            page.add_script_tag(path=AXE)
            pages.append(page)
        page = pages[0]
        if page.is_visible(DIALOG):
            page.click(f'{DIALOG} form:visible [data-action="close-dialog"]')
            page.wait_for_selector(f"{DIALOG}:not([open])", state="attached")
        if page.get_attribute("body", "data-game") != game:
            page.click(f'[data-pick="{game}"]')
            page.wait_for_selector(BOARD[game], state="attached")
        if page.viewport_size["width"] != width:
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_function(f"innerWidth === {width}")
        if page.get_attribute("html", "data-theme") != theme:
            page.click('[data-action="theme"]')
            page.wait_for_selector(f'html[data-theme="{theme}"]', state="attached")
        if dialog:
            page.click('.actions [data-action="new-dialog"]')
            page.wait_for_selector(f"{DIALOG}[open]")
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        return page.evaluate(RUN)

    yield _audit
    for page in pages:
        page.close()


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("game", ["race", "go"])
def test_no_serious_or_critical_violation(audit, game, width):
    found = audit(game, width)
    assert found == [], json.dumps(found, indent=1)


@pytest.mark.parametrize("game", ["race", "go"])
def test_no_serious_or_critical_violation_in_the_dark_with_the_dialog_open(audit, game):
    found = audit(game, 360, theme="dark", dialog=True)
    assert found == [], json.dumps(found, indent=1)
