"""embed.html in the browser: its modes, bad settings, a host page on another origin (port) that
sizes the iframe from the board's message, and the Pyodide worker started only on demand."""

import os
import tempfile

import pytest

from e2e.boards import click_move
from e2e.support import Guard
from lotus.page import embed
from tools.browser import serve
from tools.pages import READY, TIMEOUT, WORKER_TIMEOUT, wait_ready

PAGE = "embed.html#game=race"

# The board drawn from `fragment` (its figure's data-diagram), or the settings refused.
DRAWN = """f => document.body.dataset.invalid === '1' ||
  document.querySelector('figure[data-diagram]')?.getAttribute('data-diagram') === f"""


def show(page, fragment: str):
    """Give the module's embed.html a new fragment, as an edited link or the app's preview does:
    the page draws the board afresh from it (no page load)."""
    page.goto(page.url.split("#")[0] + "#" + fragment)
    page.wait_for_function(DRAWN, arg=fragment)


def point(page, number: int):
    """The colour of the stone on a Go point, or None."""
    stone = page.query_selector(f'[data-point="{number}"] [data-colour]')
    return None if stone is None else stone.get_attribute("data-colour")


def stones(page, field: str) -> list:
    return page.eval_on_selector_all(
        f'[data-field="{field}"] [data-colour]', "els => els.map(e => e.dataset.colour)"
    )


def test_view_shows_the_position_of_the_fragment(page):
    show(page, "game=race&moves=Sw4-A4,Sb4-A4&captions=Black%20covers%20White")
    assert stones(page, "A4") == ["w", "b"]
    assert page.inner_text("[data-caption]") == "Black covers White"
    assert page.inner_text("[data-status]") == "White to move."
    page.click('[data-start="w3"]')  # a view ignores clicks
    assert stones(page, "A4") == ["w", "b"] and not page.query_selector(".selected")


def test_step_mode_goes_forward_and_back_with_buttons_and_keys(page):
    show(page, "game=race&mode=step&moves=Sw4-A4,Sb4-A4&captions=Start|White%20enters|Black")
    figure = "figure[data-diagram]"
    assert page.get_attribute(figure, "data-step") == "0" and stones(page, "A4") == []
    assert page.is_disabled('[data-action="prev"]')
    page.click('[data-action="next"]')
    assert stones(page, "A4") == ["w"]
    assert page.inner_text("[data-caption]") == "White enters"
    page.focus(figure)
    page.keyboard.press("ArrowRight")
    assert stones(page, "A4") == ["w", "b"] and page.is_disabled('[data-action="next"]')
    page.keyboard.press("Home")
    assert page.get_attribute(figure, "data-step") == "0"


def test_a_puzzle_refuses_a_wrong_try_and_accepts_the_answer(page):
    show(page, "game=go&mode=puzzle&answer=2&captions=Find%20the%20point&explain=Well%20done.")
    figure = "figure[data-diagram]"
    page.click('[data-point="5"]')
    assert page.get_attribute(figure, "data-feedback") == "wrong"
    assert (
        page.inner_text("[data-status]")
        == "Not “5”: it captures nothing. Find the point. Try again."
    )
    assert point(page, 5) is None  # taken back
    page.click('[data-point="2"]')
    assert page.get_attribute(figure, "data-solved") == "1"
    assert page.inner_text("[data-status]") == "Right! Well done."
    page.click('[data-action="reset"]')
    assert page.get_attribute(figure, "data-solved") == "0"
    assert point(page, 2) is None


def test_bad_settings_are_explained_inside_the_frame(page):
    show(page, "game=race&moves=Sw4-A4,A4-A9")
    error = page.inner_text("[data-error]")
    assert "cannot be shown" in error and "move 2" in error and "A4-A9" in error
    assert page.get_attribute("body", "data-invalid") == "1"


def test_an_embed_made_in_german_speaks_german_and_one_without_lang_the_pages_language(page):
    show(page, "game=race&mode=step&moves=Sw4-A4&lang=de")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("[data-status]") == "Anfang: Weiß ist am Zug."
    assert page.inner_text('[data-action="first"]') == "Anfang"
    assert page.text_content('[data-field="G"] text.label') == "ZIEL"
    assert page.get_attribute('[data-field="A4"]', "aria-label") == "Feld A4: leer"
    page.click('[data-action="next"]')
    assert page.inner_text("[data-status]") == "Zug 1 von 1: Sw4-A4"
    label = page.get_attribute('[data-field="A4"]', "aria-label")
    assert label == "Feld A4: ein Stein, Weiß (Teil des letzten Zugs)"
    show(page, "game=race&moves=Sw4-A4,A4-A9&lang=de")  # what is wrong, said in German too
    error = page.inner_text("[data-error]")
    assert error.startswith("Dieses Lotus-Brett kann nicht angezeigt werden.") and "Zug 2" in error
    show(page, "game=race")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("[data-status]") == "White to move."
    assert page.text_content('[data-field="G"] text.label') == "GOAL"


def test_play_against_a_person_never_loads_the_worker(open_page, guard):
    requests = []
    page = open_page("embed.html#game=go&mode=play", ready=False)
    page.on("request", lambda r: requests.append(r.url))
    wait_ready(page)
    page.click('[data-point="1"]')
    page.click('[data-point="2"]')
    assert point(page, 2) == "b"
    page.wait_for_timeout(500)
    assert not [u for u in requests if "pyodide" in u or "worker" in u]
    page.close()


@pytest.fixture(scope="module")
def against_computer(open_page):
    """An embed playing against the computer, which the tests below share with its worker."""
    return open_page("embed.html#game=go&mode=play&opponent=easy")


def test_play_against_the_computer_starts_the_worker_and_it_replies(against_computer):
    page = against_computer
    page.click('[data-point="1"]')
    page.wait_for_selector('body[data-worker-ready="1"]', state="attached", timeout=WORKER_TIMEOUT)
    page.wait_for_function(
        "document.querySelectorAll('[data-point] [data-colour=\"b\"]').length === 1",
        timeout=WORKER_TIMEOUT,
    )
    page.click('[data-action="undo"]')  # the reader's move and the computer's reply
    assert page.eval_on_selector_all("[data-point] [data-colour]", "els => els.length") == 0


def test_the_status_line_shows_the_computer_thinking_and_experts_ring(against_computer):
    page = against_computer
    show(page, "game=go&mode=play&opponent=expert")
    page.click('[data-point="1"]')
    figure = 'figure[data-thinking="1"][data-thinking-level="expert"]'
    page.wait_for_selector(figure, timeout=WORKER_TIMEOUT)
    ring = page.evaluate(
        "getComputedStyle(document.querySelector('figure [data-status]'), '::after').animationName"
    )
    assert ring == "lotus-think"  # seconds of search: a ring filling over its cap
    page.wait_for_function(  # the reply came: no spinner, no ring
        "document.querySelectorAll('[data-point] [data-colour=\"b\"]').length === 1"
        " && !document.querySelector('figure[data-thinking], figure[data-thinking-level]')",
        timeout=WORKER_TIMEOUT,
    )


# -- a host page on another origin --------------------------------------------------------------

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>A teacher's page</title></head>
<body><h1 id="host">How to play Lotus</h1>
{good}
<p id="after">Text after the board.</p>
{bad}
</body></html>"""


@pytest.fixture(scope="module")
def host(site):
    """A host page, served from another port, with two pasted snippets (one broken)."""
    folder = tempfile.mkdtemp(prefix="lotus-host-")
    url = site + "/embed.html"
    good = embed.snippet(url, "game=race&moves=Sw4-A4,Sb4-A4&mode=step&id=lesson-1", "race", 300)
    bad = embed.snippet(url, "game=race&moves=nonsense", "race", 300).split("\n")[0]
    with open(os.path.join(folder, "host.html"), "w", encoding="utf-8") as f:
        f.write(HOST.format(good=good, bad=bad))
    server, base = serve(folder)
    yield base
    server.shutdown()


def test_an_embed_on_another_origin_shows_its_board_and_sizes_its_iframe(
    module_context, site, host
):
    assert site.split(":")[-1] != host.split(":")[-1]
    page = module_context.new_page()
    host_guard = Guard(host)
    host_guard.attach(page)
    page.goto(host + "/host.html")
    frames = page.frame_locator("iframe[data-lotus-embed] >> nth=0")
    frames.locator(READY).wait_for(state="attached", timeout=TIMEOUT)
    assert frames.locator('[data-field="A4"] [data-colour]').count() == 0  # step 0: the start
    frames.locator('[data-action="last"]').click()
    assert frames.locator('[data-field="A4"] [data-colour]').count() == 2
    iframe = page.locator("iframe[data-lotus-embed]").first
    page.wait_for_function(
        "document.querySelector('iframe[data-lotus-embed]').style.height !== ''",
        timeout=TIMEOUT,
    )
    content = frames.locator("[data-embed-root]").evaluate(
        "el => el.getBoundingClientRect().bottom"
    )
    height = iframe.evaluate("el => el.getBoundingClientRect().height")
    assert abs(height - content) < 20, (height, content)
    assert height != 300 * 1.16 + 110  # changed from the snippet's first guess
    # The broken snippet explains itself inside its frame; the host page is untouched.
    broken = page.frame_locator("iframe[data-lotus-embed] >> nth=1")
    broken.locator(READY).wait_for(state="attached", timeout=TIMEOUT)
    assert "cannot be shown" in broken.locator("[data-error]").inner_text()
    assert page.inner_text("#host") == "How to play Lotus"
    assert page.is_visible("#after")
    problems = [p for p in host_guard.problems if site not in p]  # the frames load from `site`
    assert not problems, problems
    page.close()


def test_the_apps_embed_dialog_gives_a_snippet_and_a_live_preview(open_page):
    page = open_page("index.html?game=race")
    page.evaluate("localStorage.clear()")
    click_move(page, "Sw4-A4")
    click_move(page, "Sb3-B3")
    if not page.is_visible('[data-action="embed"]'):
        page.click("details.records summary")
    page.click('[data-action="embed"]')
    snippet = page.input_value("[data-embed-snippet]")
    assert snippet.startswith('<iframe src="http') and 'loading="lazy"' in snippet
    assert "embed.html#game=race&amp;position=r2s_w_A4w.B3b_" in snippet
    preview = page.frame_locator("[data-embed-preview]")
    preview.locator(READY).wait_for(state="attached", timeout=TIMEOUT)
    assert preview.locator('[data-field="A4"] [data-colour]').count() == 1
    # The whole game, step by step, in the dark theme: the preview follows the choices.
    page.check('input[name="what"][value="game"]')
    page.select_option('select[name="theme"]', "dark")
    snippet = page.input_value("[data-embed-snippet]")
    assert "moves=Sw4-A4,Sb3-B3" in snippet and "mode=step" in snippet and "theme=dark" in snippet
    preview.locator('body[data-theme="dark"]').wait_for(state="attached", timeout=TIMEOUT)
    preview.locator('[data-action="first"]').click()
    assert preview.locator('[data-field="A4"] [data-colour]').count() == 0
    page.click("[data-embed-dialog] button[value='close']")
    assert not page.is_visible("[data-embed-dialog]")
    page.close()
