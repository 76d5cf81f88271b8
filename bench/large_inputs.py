"""Large inputs in the page, in Debian's Chromium: long records, a long saved game, moves on it.

Usage: .venv/bin/python bench/large_inputs.py [--runs 3] [--moves 5] [--only PART ...] [--json]

Every time is main-thread time measured in the page (MicroPython, index.html), not Playwright's
wall clock:

- import: a record put into `[data-record-text]`, then a click on Import. "handled" is
  performance.now() around the click's dispatch (the Python handler runs synchronously: reading,
  replaying, saving, redrawing); "painted" runs on to the next frame (layout of the move list
  included). Each record gets a fresh browser context; the median of `--runs` imports.
  - race 98k, one line: `[Game "race"]` and 14,000 moves on one line (98,013 characters; refused:
    more than 2,000 moves)
  - race 7,000, wrapped: 7,000 moves wrapped at 78 columns (refused the same way)
  - go 2,000 passes, one line / wrapped: a legal Go record of 2,000 passes, its moves on one line
    without numbers, or as `records.write` writes it (numbered, wrapped)
- reload: a saved Go game of 1,998 moves (40 placements, then pass, pass, resume, over and
  over: Kensington Go never empties a point, so a long game is mostly passes) on screen, and the
  page reloaded. Measured with the Long Tasks API (an init script observes from the start): the
  longest task until `data-ready`, beside the same reload with an empty saved game; and
  `data-ready` (ms from navigation start). The median of `--runs` reloads.
- move / undo: on that game, a click on an empty point and then Undo, `--moves` times each;
  "handled" and "painted" as for an import. Median and range. The same on a game of 40 moves
  (the placements alone) shows what a move costs in any game.

Prints a markdown table.
"""

import argparse
import json
import os
import random
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus.game import records  # noqa: E402
from lotus.page import controller  # noqa: E402
from tools.browser import launch, serve  # noqa: E402

LONG_TASKS = """(() => {
  window.__long = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) { window.__long = null; }
  const look = () => {
    if (document.body && document.body.dataset.ready === '1') {
      window.__ready = performance.now(); return;
    }
    setTimeout(look, 5);
  };
  look();
})();"""

CLICK = """async ([selector, count]) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  await frame();
  const rows = () => document.querySelectorAll('[data-movelist] [data-move]').length;
  const before = rows();
  const t0 = performance.now();
  document.querySelector(selector).dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  await frame();
  const t2 = performance.now();
  if (count !== null && rows() !== before + count)
    throw new Error(selector + ': the move list has ' + rows() + ' moves, not ' + (before + count));
  return {handled: t1 - t0, painted: t2 - t0};
}"""

IMPORT = """async (text) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  document.querySelector('[data-record-text]').value = text;
  await frame();
  const t0 = performance.now();
  document.querySelector('[data-action="import"]').dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  await frame();
  const t2 = performance.now();
  const box = document.querySelector('[data-record-error]');
  const said = box.hidden ? document.querySelector('[data-status]')
    : box.querySelector('[data-record-error-text]');
  return {handled: t1 - t0, painted: t2 - t0, said: said.textContent.trim()};
}"""


def wrap(tokens: list, width: int = 78) -> str:
    """Tokens joined by spaces into lines shorter than `width`."""
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = ""
        line = line + " " + token if line else token
    return "\n".join(lines + [line] if line else lines)


def record_texts() -> list:
    """(name, text, moves the page must show after the import or None for a refusal)."""
    passes = records.read('[Game "go"]\n' + " ".join(["pass"] * 2000))
    return [
        ("race 98k, one line", '[Game "race"] ' + " ".join(["Sw4-A4"] * 14000), None),
        ("race 7,000, wrapped", '[Game "race"]\n' + wrap(["Sw4-A4"] * 7000), None),
        ("go 2,000 passes, one line", '[Game "go"]\n' + " ".join(["pass"] * 2000), 2000),
        ("go 2,000 passes, wrapped", records.write(passes), 2000),
    ]


def long_game_storage(moves: int = 1998, seed: int = 2026) -> tuple:
    """(localStorage items holding a saved Go game of `moves` moves, an empty point on it)."""
    rng = random.Random(seed)
    c = controller.PageController()
    c.start("?game=go", "")
    session = c.app.session
    for _ in range(40):
        session.act(rng.choice([m for m in session.game.legal_moves() if m != "pass"]))
    while len(session.game.moves) < moves:  # 40 and the passes: an even count
        for action in ("pass", "pass", "#resume"):
            session.act(action)
    c.save()
    board = session.game.board()
    return dict(c.storage.items), str(board.index(".") + 1)


def empty_storage() -> dict:
    """localStorage items holding a new Go game (nothing played) on screen."""
    c = controller.PageController()
    c.start("?game=go", "")
    c.save()
    return dict(c.storage.items)


def fill_storage(page, items: dict) -> None:
    page.evaluate(
        "(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
        " localStorage.setItem(k, v); }",
        items,
    )


def reload_times(page, items: dict) -> dict:
    """Fill storage, reload, and read the longest task before data-ready and data-ready."""
    fill_storage(page, items)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
    page.wait_for_timeout(300)  # the long task's entry is delivered after the task
    ready = page.evaluate("window.__ready")
    tasks = page.evaluate("window.__long") or []
    before = [d for start, d in tasks if start <= ready]
    return {"ready": ready, "longest": max(before) if before else 0.0}


def median(values) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="imports and reloads, each")
    parser.add_argument("--moves", type=int, default=5, help="moves and undos on the long game")
    parser.add_argument("--only", nargs="*", default=None, help="parts: import, reload, move")
    parser.add_argument("--json", action="store_true", help="also every run's times, as JSON")
    args = parser.parse_args()
    parts = set(args.only or ("import", "reload", "move"))
    server, base = serve()
    rows = []
    with sync_playwright() as p:
        browser = launch(p)
        if "import" in parts:
            for name, text, moves in record_texts():
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}/index.html?game=race")
                page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
                runs = [page.evaluate(IMPORT, text) for _ in range(args.runs)]
                shown = page.evaluate(
                    "document.querySelectorAll('[data-movelist] [data-move]').length"
                )
                if moves is not None and shown != moves:
                    raise SystemExit(f"{name}: the page shows {shown} moves, not {moves}")
                said = runs[-1]["said"]
                rows.append((f"import: {name} ({len(text):,} chars)", runs, said[:90]))
                context.close()
        if parts & {"reload", "move"}:
            items, point = long_game_storage()
            context = browser.new_context()
            context.add_init_script(LONG_TASKS)
            page = context.new_page()
            page.goto(f"{base}/index.html?game=go")
            page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
            if "reload" in parts:
                empty = empty_storage()
                full, bare = [], []
                for _ in range(args.runs):  # taking turns: a busy machine slows both alike
                    bare.append(reload_times(page, empty))
                    full.append(reload_times(page, items))
                for label, runs in (("1,998-move game", full), ("empty game", bare)):
                    longest = [r["longest"] for r in runs]
                    ready = [r["ready"] for r in runs]
                    rows.append((f"reload, {label}: longest task", longest, ""))
                    rows.append((f"reload, {label}: data-ready", ready, ""))
            if "move" in parts:
                for moves in (1998, 40):  # the long game, and a short one beside it
                    stored, empty_point = (items, point) if moves == 1998 else long_game_storage(40)
                    fill_storage(page, stored)
                    page.reload()
                    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
                    shown = page.evaluate(
                        "document.querySelectorAll('[data-movelist] [data-move]').length"
                    )
                    if shown != moves:
                        raise SystemExit(f"the saved game shows {shown} moves, not {moves}")
                    page.wait_for_timeout(500)  # a game between people starts no worker
                    played, undone = [], []
                    target = f'#board [data-point="{empty_point}"]'
                    for _ in range(args.moves):
                        played.append(page.evaluate(CLICK, [target, 1]))
                        undone.append(page.evaluate(CLICK, ['[data-action="undo"]', -1]))
                    rows.append((f"move on a {moves:,}-move game", played, ""))
                    rows.append((f"undo on a {moves:,}-move game", undone, ""))
            context.close()
        browser.close()
    server.shutdown()

    def cell(values) -> str:
        return f"{median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"

    print(
        f"Large inputs in the page (MicroPython main thread, Debian Chromium), median (range) of "
        f"{args.runs} imports and reloads, {args.moves} moves and undos:"
    )
    print("| measure | handled | painted | what the page said |")
    print("|---|---|---|---|")
    for name, runs, said in rows:
        if runs and isinstance(runs[0], dict):
            handled = cell([r["handled"] for r in runs])
            painted = cell([r["painted"] for r in runs])
        else:
            handled, painted = cell(runs), ""
        print(f"| {name} | {handled} | {painted} | {said} |")
    if args.json:
        print(json.dumps({name: runs for name, runs, _ in rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
