"""The axe-core audit (WCAG 2 A/AA and best practice) of the app page: no serious or critical
violation on either game, on a phone (360 px) and a laptop (1280 px), with the New game dialog
closed and open, in the light and the dark theme. axe-core is a pinned devDependency, injected
from node_modules: no request leaves the origin."""

import json
import os

import pytest

from e2e.conftest import READY_TIMEOUT, clear_storage
from tools.browser import ROOT

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
RUN = """async () => {
  const result = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'best-practice']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5)
                  .map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""


@pytest.fixture(scope="module")
def audit(module_context, guard, site):
    def _audit(game: str, width: int, theme: str = "light", dialog: bool = False) -> list:
        clear_storage(module_context, site)  # a new visitor, but for the chosen theme
        page = module_context.new_page()
        page.set_viewport_size({"width": width, "height": 800})
        guard.attach(page)
        page.add_init_script(f"localStorage.setItem('lotus.theme', '{theme}')")
        page.goto(f"{site}/index.html?game={game}")
        page.wait_for_selector('body[data-ready="1"]', timeout=READY_TIMEOUT)
        if dialog:
            page.click('.actions [data-action="new-dialog"]')
            page.wait_for_selector("dialog[data-newgame][open]")
        page.add_script_tag(path=AXE)
        found = page.evaluate(RUN)
        page.close()
        return found

    return _audit


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("game", ["race", "go"])
def test_no_serious_or_critical_violation(audit, game, width):
    found = audit(game, width)
    assert found == [], json.dumps(found, indent=1)


@pytest.mark.parametrize("game", ["race", "go"])
def test_no_serious_or_critical_violation_in_the_dark_with_the_dialog_open(audit, game):
    found = audit(game, 360, theme="dark", dialog=True)
    assert found == [], json.dumps(found, indent=1)
