"""The game screen fits every window: at each size, for both games, the whole board (the race's
fields, start stacks and goal; Go's 72 points and its pass track), the status line and the
primary actions are inside the window and not clipped by the panel, on load, after moves clicked
and after a long game opened; the page itself never scrolls. Also the New game dialog, its seats
and its refusal of a bad marker, the theme and mute toggles (remembered over a reload), and the
web app manifest."""

import pytest

from e2e.boards import click_move
from lotus.engine import go
from tests.support.games import random_go, random_race
from tools.pages import TIMEOUT, clear_storage, paste_link, reload, wait_moves, wait_ready

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (390, 844), (360, 780), (844, 390)]
PRIMARY = {
    "race": ("undo", "pass", "hint", "new-dialog"),
    "go": ("undo", "pass", "resign", "hint", "new-dialog"),
}

# Every box of the selectors, checked against the window and against each scrolling ancestor's
# visible box (an element scrolled out of the panel is not in view even if it is in the window).
OUT_OF_VIEW = """(selectors) => {
  const out = [];
  const vw = innerWidth, vh = innerHeight;
  const clips = e => { const boxes = []; for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX) && a !== document.body
          && a !== document.documentElement) boxes.push(a.getBoundingClientRect()); }
    return boxes; };
  for (const wanted of selectors) {
    const sel = wanted.replace(/^[?]/, '');  // '?…': may be absent (emptied start stacks)
    const found = document.querySelectorAll(sel);
    if (!found.length && sel === wanted) out.push(sel + ': none');
    for (const e of found) {
      const r = e.getBoundingClientRect();
      const name = sel + ' ' + (e.getAttribute('data-field') || e.getAttribute('data-start')
        || e.getAttribute('data-point') || '');
      if (!r.width || !r.height) { out.push(name + ': not shown'); continue; }
      const boxes = [{left: 0, top: 0, right: vw, bottom: vh}].concat(clips(e));
      for (const b of boxes)
        if (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1
            || r.bottom > b.bottom + 1) { out.push(name + ' at ' + [r.left, r.top, r.right,
              r.bottom].map(Math.round) + ' outside ' + [b.left, b.top, b.right, b.bottom]
              .map(Math.round)); break; }
    }
  }
  return out;
}"""
PAGE_SCROLL = """() => [document.scrollingElement.scrollTop,
  document.scrollingElement.scrollHeight - innerHeight]"""
# Script, in place of "IN_VIEW" in a function's body: inView(el), the part of an element's box in
# view, [top, bottom]: inside the window and each scrolling ancestor's visible box (a phone's panel
# scrolls as well as its move list).
IN_VIEW = """const inView = el => { const r = el.getBoundingClientRect();
  let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
    if (/(auto|scroll|hidden)/.test(getComputedStyle(a).overflowY)) {
      const b = a.getBoundingClientRect(); top = Math.max(top, b.top);
      bottom = Math.min(bottom, b.bottom); }
  return [top, bottom]; };
"""
# How many lines of the move list are wholly in view: the distinct lines its moves' cells sit on
# (two moves may share a line, or each have one: phones), each cell showing its move in words (or,
# chosen in the View menu, in notation), whole or at least its first 4 em (8 characters or so)
# before a "…".
ROWS_SHOWN = """() => { IN_VIEW const list = document.querySelector('[data-movelist]');
  if (!list.querySelector('.mv')) return null;
  const [top, bottom] = inView(list);
  const lines = new Set(), unread = [];
  const notation = document.documentElement.dataset.notation === '1';
  for (const cell of list.querySelectorAll('li:not(.variation) .mv')) {
    const b = cell.getBoundingClientRect();
    if (b.top < top - 1 || b.bottom > bottom + 1) continue;
    lines.add(Math.round(b.top));
    const shown = cell.querySelector(notation ? '.notation' : '.words');
    const text = shown.getBoundingClientRect(), em = parseFloat(getComputedStyle(shown).fontSize);
    const room = b.right - text.left - 2;  // the part of the text the cell does not cut
    if (!shown.textContent || text.width === 0 || room < Math.min(text.width, 4 * em))
      unread.push(cell.getAttribute('data-move'));
  }
  return {lines: lines.size, unread: unread}; }""".replace("IN_VIEW", IN_VIEW)
MIN_ROWS = 8  # the game's story: at least this many rows of the move list in view
# The smallest side of Go's points' boxes (their hit areas), in CSS pixels.
SMALLEST_POINT = """() => Math.min(...[...document.querySelectorAll('[data-board] [data-point]')]
  .map(e => { const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); }))"""
TOUCH = 36  # px: the least a finger hits well (at 844x390, a phone on its side)
LAST_MOVE_SHOWN = """() => { IN_VIEW const list = document.querySelector('[data-movelist]');
  const last = list.lastElementChild; if (!last) return null;
  const [top, bottom] = inView(list);
  const b = last.getBoundingClientRect();
  return b.top >= top - 1 && b.bottom <= bottom + 1; }""".replace("IN_VIEW", IN_VIEW)


def assert_rows(page, when: str) -> None:
    """The move list shows at least MIN_ROWS rows, whatever else the panel shows."""
    shown = page.evaluate(ROWS_SHOWN)
    assert shown is not None, f"{when}: the move list is empty"
    assert shown["lines"] >= MIN_ROWS, f"{when}: the move list shows {shown['lines']} lines"
    assert not shown["unread"], f"{when}: moves shown without their words: {shown['unread']}"


def board_selectors(game: str, start: str = "") -> list:
    """The board's elements; `start` '?' when the race's start stacks may all be empty."""
    if game == "race":
        return ["[data-field]", start + "[data-start]", '[data-field="G"]']
    return ["[data-point] .hit", "[data-track] svg"]


def random_game(game: str, plies: int, seed: int):
    """A seeded random game of `game` of `plies` moves (a Go board holds 72 stones: a longer Go
    game passes, half the time it may)."""
    if game == "race":
        return random_race(seed, plies)
    return random_go(seed, plies, pass_rate=0.5 if plies > 72 else 0.0)


@pytest.fixture(scope="module")
def sized(module_context, guard, site):
    """A new page of the module's context at a window size, as for a new visitor: the pages
    opened before are closed (none may write its game back) and the site's storage emptied."""

    def _open(width: int, height: int, path: str):
        for page in module_context.pages:
            page.close()
        clear_storage(module_context, site)
        page = module_context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        guard.attach(page)
        page.goto(f"{site}/{path}")
        wait_ready(page)
        return page

    return _open


def assert_fits(page, game: str, when: str, start: str = "") -> None:
    actions = [f'.actions [data-action="{a}"]' for a in PRIMARY[game]]
    selectors = board_selectors(game, start) + ["[data-status]"] + actions
    outside = page.evaluate(OUT_OF_VIEW, selectors)
    assert not outside, f"{when}: " + "; ".join(outside[:8])
    top, overflow = page.evaluate(PAGE_SCROLL)
    assert top == 0 and overflow <= 0, f"{when}: the page scrolls ({top}, {overflow}px more)"


def resize(page, size: tuple) -> str:
    """Set the window to `size` and wait for the page to lay itself out again; returns its
    name. (The layout is CSS alone: a window resized to a size is laid out as one opened at it.)"""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(f"innerWidth === {size[0]} && innerHeight === {size[1]}")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return f"{size[0]}x{size[1]}"


def after_layout(page) -> None:
    """Wait until the page has laid itself out after a change and its observers have run (the
    move list's ResizeObserver runs after the frame's layout)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")


# The size at which each game's long game is also loaded anew (a phone held upright, and turned):
# the layout is CSS alone, so a load at a size is laid out as the resize to it; the load's own
# work (the move list scrolled to the latest move) is checked where the list is shortest.
RELOADED = {"race": (390, 844), "go": (844, 390)}


# A Go game of 40 moves brought to scoring by two passes (between people: nothing is searched):
# more moves than the move list has lines for at any size.
SCORING = go.Game.from_moves(random_go(4, 40, pass_rate=0.0).moves + ["pass", "pass"])

PAGES = {"en": "index.html", "de": "index.de.html"}  # German words are longer: both must fit


@pytest.mark.parametrize("lang", sorted(PAGES))
@pytest.mark.parametrize("game", ["race", "go"])
def test_the_board_status_and_actions_fit_and_the_page_never_scrolls(sized, game, lang):
    """One page per game and language goes through every size: a new game; moves clicked at each
    size (8 at the first, 2 more at each next one, so at least 8 in the list at every size); a
    long game opened from a link pasted into the address bar at the first size (the latest move
    stays in view when a panel section opens), then resized to each next size (it stays in view,
    as a phone turned expects), and loaded anew at a phone's size. At every size the move list
    shows at least 8 rows: in play, at the game's end (the race's result, Go's scoring), in
    review and with the analysis open; and at 844x390 Go's points are at least 36 px."""
    page = sized(*SIZES[0], f"{PAGES[lang]}?game={game}")
    assert page.get_attribute("html", "lang") == lang
    for size in SIZES:
        assert_fits(page, game, f"{resize(page, size)}, a new game")
        if game == "go" and size == (844, 390):  # a phone on its side: the board the height
            smallest = page.evaluate(SMALLEST_POINT)
            assert smallest >= TOUCH, f"844x390: a point is {smallest:.1f} px, not {TOUCH}"
    per_size = [8] + [2] * (len(SIZES) - 1)
    moves = random_game(game, sum(per_size), seed=5).moves
    assert len(moves) == sum(per_size) and "pass" not in moves
    played = 0
    for size, count in zip(SIZES, per_size):
        name = resize(page, size)
        for move in moves[played : played + count]:
            click_move(page, move)
            top, _ = page.evaluate(PAGE_SCROLL)
            assert top == 0, f"{name}: the page scrolled by itself after {move}"
        played += count
        assert page.locator("[data-movelist] [data-move]").count() == played
        assert_fits(page, game, f"{name}, after {played} moves")
    long_game = random_game(game, 120, seed=2)
    assert len(long_game.moves) >= 100
    for i, size in enumerate(SIZES):
        name = resize(page, size)
        if i == 0:  # the link; then the same game, the page's saved one, at each size
            paste_link(page, long_game)
            wait_moves(page, len(long_game.moves), exactly=True)
            # A panel section opened shortens the move list: the latest move stays in view.
            page.click("[data-analysis-panel] > summary")
            after_layout(page)
            assert page.evaluate(LAST_MOVE_SHOWN), f"{name}: a section opened hid the latest move"
            page.click("[data-analysis-panel] > summary")
        else:
            # A window resized (a phone turned) keeps the latest move in view, as a load does.
            assert page.evaluate(LAST_MOVE_SHOWN), f"{name}: resized, the latest move is hidden"
        if size == RELOADED[game]:
            reload(page)
            wait_moves(page, len(long_game.moves), exactly=True)
        after_layout(page)
        assert_fits(page, game, f"{name}, a game of {len(long_game.moves)} moves", start="?")
        assert page.evaluate(LAST_MOVE_SHOWN), f"{name}: the latest move is out of the move list"
        assert_rows(page, f"{name}, in play")
    # The panel at its fullest: the game's end (the race's result; Go's scoring, its message and
    # buttons), reviewed, the analysis open. The move list keeps its rows at every size.
    ended, phase = (random_race(3), "over") if game == "race" else (SCORING, "scoring")
    paste_link(page, ended)
    page.wait_for_selector(f'body[data-phase="{phase}"]')
    page.click('[data-action="prev"]')
    page.click("[data-analysis-panel] > summary")
    page.wait_for_selector("body[data-review]")
    for size in SIZES:
        name = resize(page, size)
        assert page.is_visible("[data-banner]") == (phase == "over"), f"{name}: the result box"
        after_layout(page)
        assert_rows(page, f"{name}, {phase}, reviewed, the analysis open")


def test_new_game_is_a_dialog_that_shows_only_the_seats_of_the_players_chosen(sized):
    page = sized(1280, 800, "index.html?game=race")
    dialog = page.locator("dialog[data-newgame]")
    assert not dialog.is_visible()
    page.click('.actions [data-action="new-dialog"]')
    assert dialog.is_visible()
    form = 'form[data-form="race"]'
    seats = {c: page.locator(f'{form} [data-seat="{c}"]') for c in "wbry"}
    shown = {
        n: (
            page.check(f'{form} input[name="players"][value="{n}"]'),
            [c for c in "wbry" if seats[c].is_visible()],
        )[1]
        for n in ("3", "2", "4")
    }
    assert shown == {"2": ["w", "b"], "3": ["w", "b", "r"], "4": ["w", "b", "r", "y"]}
    page.check(f'{form} input[name="players"][value="3"]')
    page.select_option(f'{form} select[name="seat-r"]', "easy")
    page.click(f'{form} [data-action="new"]')
    assert not dialog.is_visible()
    assert page.locator('[data-start^="r"]').count() > 0  # a three-player board
    page.click('.actions [data-action="new-dialog"]')
    page.click(f'{form} [data-action="close-dialog"]')
    assert not dialog.is_visible()


def test_an_out_of_range_marker_is_refused_in_the_dialog_and_the_game_kept(sized):
    page = sized(390, 844, "index.html?game=go")
    page.click('[data-point="10"]')
    page.click('.actions [data-action="new-dialog"]')
    form = 'form[data-form="go"]'
    page.fill(f'{form} input[name="marker"]', "12")
    page.click(f'{form} [data-action="new"]')
    message = page.locator(f"{form} [data-form-error]")
    assert message.is_visible() and "Marker must be from -7 to 7, not 12" in message.inner_text()
    assert page.locator("dialog[data-newgame]").is_visible()
    assert page.locator("[data-movelist] [data-move]").count() == 1  # the game is kept
    page.fill(f'{form} input[name="marker"]', "-3")
    page.once("dialog", lambda dialog: dialog.accept())  # leave the game in progress (it is kept)
    page.click(f'{form} [data-action="new"]')
    assert not page.locator("dialog[data-newgame]").is_visible()
    assert page.locator("[data-movelist] [data-move]").count() == 0
    assert "\u22123" in page.inner_text("[data-track]")  # the track writes a minus sign
    page.click('.actions [data-action="new-dialog"]')
    assert not message.is_visible()  # an old refusal does not outlive its attempt


def test_the_theme_and_mute_toggles_are_remembered_over_a_reload(sized):
    """The theme toggle darkens the page; moves ask for their sound, which mute silences; both
    choices are kept over a reload."""
    page = sized(1280, 800, "index.html?game=go")
    background = "getComputedStyle(document.documentElement).backgroundColor"
    light = page.evaluate(background)
    page.click('[data-action="theme"]')
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute('[data-action="theme"]', "aria-pressed") == "true"
    dark = page.evaluate(background)
    assert dark != light
    # Black's chip in the players' box keeps a light ring on the dark panel.
    ring = page.evaluate(
        "getComputedStyle(document.querySelector('[data-players] .chip.b')).boxShadow"
    )
    assert ring.startswith("rgb(") and "0px 0px 0px" in ring, ring
    page.click('[data-point="1"]')
    assert page.evaluate("lotusSound.log.map(e => e.kind)") == ["move"]
    page.click('[data-action="mute"]')
    assert page.get_attribute('[data-action="mute"]', "aria-pressed") == "true"
    reload(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.evaluate(background) == dark
    assert page.get_attribute('[data-action="mute"]', "aria-pressed") == "true"
    page.click('[data-point="2"]')
    assert page.evaluate("lotusSound.log") == [{"kind": "move", "played": False}]
    page.click('[data-action="theme"]')
    assert page.evaluate(background) == light
    assert page.evaluate("localStorage.getItem('lotus.theme')") == "light"


def test_the_manifest_is_read_without_errors_and_chromium_would_install_the_app(
    browser, guard, site
):
    context = browser.new_context()  # with its service worker, as a visitor has it
    page = context.new_page()
    guard.attach(page)
    page.goto(f"{site}/index.html")
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    cdp = context.new_cdp_session(page)
    answer = cdp.send("Page.getAppManifest")
    assert answer["errors"] == [], answer["errors"]
    assert answer["url"] == f"{site}/static/manifest.webmanifest"
    manifest = answer["manifest"]
    assert manifest["startUrl"] == f"{site}/index.html" and manifest["scope"] == f"{site}/"
    assert manifest["display"] == "kStandalone" and manifest["name"].startswith("Lotus")
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        response = page.request.get(icon["url"])
        assert response.ok, icon["url"]
    # A test browser's context is private ("in-incognito"); nothing else may stand in the way.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    context.close()
