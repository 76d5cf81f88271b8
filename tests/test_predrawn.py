"""The boards pre-drawn into the HTML (first paint without Python) match today's renderers."""

import os

from tools import predraw


def test_every_page_ships_the_boards_the_renderers_draw_today():
    for name in predraw.PAGES:
        with open(os.path.join(predraw.ROOT, name), encoding="utf-8") as f:
            html = f.read()
        assert predraw.predrawn(html, name) == html, f"{name} is out of date: run tools/predraw.py"


def test_the_predrawn_boards_carry_the_page_contract_hooks():
    html = predraw.boards()
    assert html.count('data-field="') == 19
    assert html.count('data-point="') == 72
    assert "data-marker" in html
