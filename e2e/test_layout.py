"""Both boards on a 360-px-wide phone: nothing overflows, targets are big enough for a finger."""

import pytest

from tools.pages import wait_ready

PHONE = {"width": 360, "height": 740}
MIN_TARGET = 34  # CSS px; a finger needs about 9 mm (WCAG's minimum target is 24 px)


@pytest.fixture(scope="module")
def phone(browser, guard, site):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    guard.attach(page)
    yield page, site
    context.close()


def open_game(page, site, query):
    page.goto(f"{site}/index.html?{query}")
    wait_ready(page)


def boxes(page, selector):
    """[hook value, width, height] of each element matching `selector`, found and measured in one
    step: `eval_on_selector_all` finds them in one call and measures in a second, so a redraw in
    between (a worker coming up redraws the page) measured elements already taken out (0 px)."""
    return page.evaluate(
        "sel => Array.from(document.querySelectorAll(sel), e => {"
        " const r = e.getBoundingClientRect(); return [e.getAttribute('data-field')"
        " || e.getAttribute('data-start') || e.getAttribute('data-point'), r.width, r.height]; })",
        selector,
    )


def no_horizontal_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a 360px screen"


def test_race_board_fits_a_phone_and_fields_are_finger_sized(phone):
    page, site = phone
    open_game(page, site, "game=race&players=4")
    no_horizontal_scroll(page)
    fields = [b for b in boxes(page, "[data-field]") if b[0] != "G"]
    assert len(fields) == 18
    small = [b for b in fields if min(b[1], b[2]) < MIN_TARGET]
    assert not small, f"fields too small to tap: {small}"
    page.tap('[data-start="w3"]')
    page.tap('[data-field="A3"]')
    assert page.locator("[data-movelist] [data-move]").count() == 1


def test_go_board_fits_a_phone_and_points_are_finger_sized(phone):
    page, site = phone
    open_game(page, site, "game=go")
    no_horizontal_scroll(page)
    hits = [min(width, height) for _, width, height in boxes(page, "[data-point] .hit")]
    assert len(hits) == 72
    assert min(hits) >= 30, f"smallest point target {min(hits):.0f}px"
    page.tap('[data-point="37"]')
    assert page.locator('[data-point="37"] [data-colour="w"]').count() == 1
