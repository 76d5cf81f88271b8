"""Reading both boards through the page contract's hooks, and playing moves on them by clicks
as a person does."""

from lotus.engine import go, race

CENTRE = """sel => {
  const el = document.querySelector(sel);
  if (!el) return {problem: `nothing matches ${sel}`};
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(el === hit || el.contains(hit)))
    return {problem: 'covered'};
  return {x, y};
}"""


def tap(page, selector: str) -> None:
    """A real (trusted) mouse click at the centre of the first element `selector` matches, where
    that centre shows the element itself (or one of its parts), as a person clicks it.

    Cheaper than `page.click`, whose checks (visible, stable over two frames, enabled, not
    covered) cost the test about as much again as the page's own work on a move
    (docs/performance.md): a board's fields and points stay where they are once drawn. When the
    element is not there yet, or something covers its centre, this is `page.click`, with its
    waits and its messages."""
    where = page.evaluate(CENTRE, selector)
    if "problem" in where:
        page.click(selector)
    else:
        page.mouse.click(where["x"], where["y"])


def click_move(page, move: str) -> None:
    """Play a move of either game the way a person does: a Go point; a race move's origin then
    its destination; or the pass (resign) button."""
    if move in ("pass", "resign"):
        page.click(f'[data-action="{move}"]')
    elif move.isdigit():
        tap(page, f'[data-point="{move}"]')
    else:
        origin, path = race.parse_move(move)
        if origin.startswith("S"):
            tap(page, f'[data-start="{origin[1:]}"]')
        else:
            tap(page, f'[data-field="{origin}"]')
        tap(page, f'[data-field="{path[-1]}"]')


def click_moves(page, moves, game=None):
    """Play `moves` in turn by clicks, and in the engine's `game` when one is given (to compare
    the page with); returns `game`."""
    for move in moves:
        click_move(page, move)
        if game is not None:
            game.play(move)
    return game


# What both boards' readers take from the page besides the board: the turn, the result, the move
# list and the status line (a JavaScript expression).
BODY = """{
    toMove: document.body.getAttribute('data-to-move'),
    over: document.body.getAttribute('data-over'),
    winner: document.body.getAttribute('data-winner'),
    moves: Array.from(document.querySelectorAll('[data-movelist] [data-move]'))
      .map(e => e.getAttribute('data-move')),
    status: document.querySelector('[data-status]').textContent,
  }"""


# -- the race ------------------------------------------------------------------------------------

READ_RACE = """() => {
  const fields = {};
  for (const f of document.querySelectorAll('[data-field]')) {
    const name = f.getAttribute('data-field');
    if (name === 'G') continue;
    const stones = Array.from(f.querySelectorAll('[data-colour]'))
      .map(s => s.getAttribute('data-colour')).join('');
    if (stones) fields[name] = stones;
  }
  const goal = {};
  for (const s of document.querySelectorAll('[data-field="G"] [data-colour]')) {
    const c = s.getAttribute('data-colour');
    goal[c] = (goal[c] || 0) + 1;
  }
  const start = {};
  for (const s of document.querySelectorAll('[data-start]')) {
    const c = s.getAttribute('data-start')[0];
    const n = s.querySelectorAll('[data-colour]').length;
    if (n !== Number(s.getAttribute('data-start').slice(1))) return {bad: s.outerHTML};
    for (const stone of s.querySelectorAll('[data-colour]'))
      if (stone.getAttribute('data-colour') !== c) return {bad: s.outerHTML};
    (start[c] = start[c] || []).push(n);
  }
  return {fields, goal, start, ...(BODY)};
}""".replace("BODY", BODY)


def page_state(page) -> dict:
    """The race position as the page shows it (through the page contract's hooks)."""
    state = page.evaluate(READ_RACE)
    assert "bad" not in state, f"a start stack's stones disagree with its label: {state}"
    return state


def engine_view(game: race.Game) -> dict:
    """The same view of a CPython engine game."""
    start = {}
    for colour, heights in game.start().items():
        nonzero = sorted((h for h in heights if h), reverse=True)
        if nonzero:
            start[colour] = nonzero
    return {
        "fields": dict(game.board()),
        "goal": {c: n for c, n in game.goal().items() if n},
        "start": start,
        "toMove": None if game.is_over else game.to_move,
        "moves": list(game.moves),
    }


def assert_page_shows(page, game: race.Game) -> dict:
    """The page's stacks, start, goal, turn and move list equal the engine's."""
    state = page_state(page)
    shown = {
        "fields": state["fields"],
        "goal": state["goal"],
        "start": {c: sorted(h, reverse=True) for c, h in state["start"].items()},
        "toMove": state["toMove"],
        "moves": state["moves"],
    }
    assert shown == engine_view(game)
    return state


# -- Go ------------------------------------------------------------------------------------------

READ_GO = """() => {
  const cells = [];
  for (let p = 1; p <= 72; p++) {
    const el = document.querySelector(`[data-point="${p}"]`);
    const stone = el && el.querySelector('[data-colour]');
    cells.push(el ? (stone ? stone.getAttribute('data-colour') : '.') : '?');
  }
  const marker = document.querySelector('[data-marker]');
  return {
    board: cells.join(''),
    marker: marker ? Number(marker.getAttribute('data-value')) : null,
    phase: document.body.getAttribute('data-phase'),
    ...(BODY),
  };
}""".replace("BODY", BODY)


def go_state(page) -> dict:
    """The Go position as the page shows it: the 72 points as a board string, the marker, the
    turn, the phase, the result and the move list."""
    return page.evaluate(READ_GO)


def assert_go_shows(page, game: go.Game) -> dict:
    """The page's stones, marker, move list (and in play, the turn) equal the engine's."""
    shown = go_state(page)
    assert shown["board"] == game.board()
    assert shown["marker"] == game.marker
    assert shown["moves"] == game.moves
    if game.phase == go.PLAY:
        assert shown["toMove"] == game.to_move
    return shown
