"""Reading the race board through the page contract, and playing moves on it by clicks."""

from e2e.clicks import tap
from lotus.engine import race

READ_STATE = """() => {
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
  return {
    fields, goal, start,
    toMove: document.body.getAttribute('data-to-move'),
    over: document.body.getAttribute('data-over'),
    winner: document.body.getAttribute('data-winner'),
    moves: Array.from(document.querySelectorAll('[data-movelist] [data-move]'))
      .map(e => e.getAttribute('data-move')),
    status: document.querySelector('[data-status]').textContent,
  };
}"""


def page_state(page) -> dict:
    """The race position as the page shows it (through the page contract's hooks)."""
    state = page.evaluate(READ_STATE)
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


def click_move(page, move: str) -> None:
    """Play a move the way a person does: origin then destination (or the pass button)."""
    if move == "pass":
        page.click('[data-action="pass"]')
        return
    origin, path = race.parse_move(move)
    if origin.startswith("S"):
        tap(page, f'[data-start="{origin[1:]}"]')
    else:
        tap(page, f'[data-field="{origin}"]')
    tap(page, f'[data-field="{path[-1]}"]')
