"""Time the page in Debian's Chromium: readiness (cold and warm), the worker, and a click's move.

Usage: .venv/bin/python bench/page_bench.py [--runs 5]

Cold = a fresh browser context (empty HTTP cache); warm = a reload in the same context.
Readiness is measured in the page (performance.now() when body[data-ready="1"] appears, i.e. from
navigation start). A click's time is from dispatching the click on a field to the board, status
and move list being updated (the handler runs synchronously), and to the next painted frame.
"""

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch, serve  # noqa: E402

WATCH_READY = """() => new Promise(resolve => {
  const done = {};
  const look = () => {
    const b = document.body;
    if (b && b.dataset.ready === '1' && !done.ready) done.ready = performance.now();
    if (b && b.dataset.workerReady === '1' && !done.worker) done.worker = performance.now();
    if (done.ready && done.worker) resolve(done); else setTimeout(look, 5);
  };
  look();
})"""

CLICK = """async ([origin, dest]) => {
  const click = (sel) => document.querySelector(sel).dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const before = document.querySelectorAll('[data-movelist] [data-move]').length;
  const t0 = performance.now();
  click(origin);
  const t1 = performance.now();
  await frame();
  const t2 = performance.now();
  click(dest);
  const t3 = performance.now();
  await frame();
  const t4 = performance.now();
  const after = document.querySelectorAll('[data-movelist] [data-move]').length;
  if (after !== before + 1) throw new Error('the move was not played');
  return {select: t1 - t0, selectPainted: t2 - t0, move: t3 - t2, movePainted: t4 - t2};
}"""


GO_CLICK = """async (sel) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  await frame();
  const before = document.querySelectorAll('[data-movelist] [data-move]').length;
  const t0 = performance.now();
  document.querySelector(sel).dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  await frame();
  const t2 = performance.now();
  const after = document.querySelectorAll('[data-movelist] [data-move]').length;
  if (after !== before + 1) throw new Error('the stone was not placed');
  return {move: t1 - t0, movePainted: t2 - t0};
}"""


def ready_times(page, url: str, reload: bool = False) -> dict:
    """Navigate (or reload) and return page/worker readiness in ms since navigation start."""
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    return page.evaluate(WATCH_READY)


def median(values) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server, base = serve()
    url = f"{base}/index.html?game=race"
    cold, warm = [], []
    clicks = []
    go_clicks = []
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            cold.append(ready_times(page, url))
            warm.append(ready_times(page, url, reload=True))
            page.wait_for_selector('body[data-ready="1"]')
            page.goto(f"{base}/index.html?game=go")
            page.wait_for_selector('body[data-ready="1"]')
            for point in ("37", "12", "5", "60"):
                go_clicks.append(page.evaluate(GO_CLICK, f'[data-point="{point}"]'))
            page.goto(url)
            page.wait_for_selector('body[data-ready="1"]')
            for origin, dest in (
                ('[data-start="w4"]', '[data-field="A4"]'),
                ('[data-start="b4"]', '[data-field="B4"]'),
                ('[data-field="A4"]', '[data-field="5"]'),
                ('[data-start="b3"]', '[data-field="A3"]'),
            ):
                clicks.append(page.evaluate(CLICK, [origin, dest]))
            context.close()
        browser.close()
    server.shutdown()

    def row(name, values):
        return f"| {name} | {median(values):.0f} ms | {min(values):.0f}–{max(values):.0f} ms |"

    print(f"Page timings in Debian Chromium, median of {args.runs} (range):")
    print("| measure | median | range |")
    print("|---|---|---|")
    print(row("page ready (data-ready), cold", [r["ready"] for r in cold]))
    print(row("page ready (data-ready), warm", [r["ready"] for r in warm]))
    print(row("worker ready (data-worker-ready), cold", [r["worker"] for r in cold]))
    print(row("worker ready (data-worker-ready), warm", [r["worker"] for r in warm]))
    print(row("click: select a stone (handled)", [c["select"] for c in clicks]))
    print(row("click: play the move (handled)", [c["move"] for c in clicks]))
    print(row("click: play the move (painted)", [c["movePainted"] for c in clicks]))
    print(row("Go click: place a stone (handled)", [c["move"] for c in go_clicks]))
    print(row("Go click: place a stone (painted)", [c["movePainted"] for c in go_clicks]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
