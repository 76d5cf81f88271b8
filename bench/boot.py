"""Boot times in Debian's Chromium: our page against bare PyScript pages on the same local runtimes.

Usage: .venv/bin/python bench/boot.py [--runs 5] [--site DIR]

One browser, one run. For each round, every variant is opened cold (a fresh context: empty HTTP
cache, no service worker) and then reloaded warm; the variants take turns so that a busy machine
slows them alike. Times are ms from navigation start, measured in the page by an init script:

- first contentful paint (the Paint Timing API), when `#board svg` first exists, and the board's
  first paint (the first frame once it exists, never before the first contentful paint);
- `body[data-ready]` (the page's MicroPython is ready) and `body[data-worker-ready]` (the Pyodide
  worker answered its first call).

Variants: our index.html (warm = a reload served by its service worker, as visitors get it), our
page with service workers blocked (warm = the HTTP cache only, like the bare pages), the bare
MicroPython page (bench/bare/mpy.html: only sets data-ready), the same with our inlined
stylesheets and pre-drawn boards (bench/bare/board.html, written from board.template.html at the
start of each run: what the instant first paint costs on its own) and the bare worker page
(bench/bare/worker.html: a named Pyodide worker awaited by a MicroPython script, like ours).
Targets (issue 5): board painted <= 300 ms cold; our ready <= 1.10 x bare MicroPython's; our
worker <= 1.10 x the bare worker's. Prints markdown tables; numbers go in docs/performance.md.
"""

import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from tools import predraw  # noqa: E402
from tools.browser import launch, serve  # noqa: E402

BOARD_PAGE = "bench/bare/board.html"  # written from board.template.html before each run

WATCH = """(() => {
  const t = (window.__boot = {});
  const look = () => {
    if (t.board === undefined && document.querySelector('#board svg')) {
      t.board = performance.now();
      requestAnimationFrame((frame) => { t.boardFrame = frame; });
    }
    const body = document.body;
    if (body) {
      if (t.ready === undefined && body.dataset.ready === '1') t.ready = performance.now();
      if (t.worker === undefined && body.dataset.workerReady === '1') t.worker = performance.now();
    }
  };
  new MutationObserver(look).observe(document, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ['data-ready', 'data-worker-ready'],
  });
  look();
})();"""

RESULT = """() => {
  const t = Object.assign({}, window.__boot);
  const fcp = performance.getEntriesByType('paint')
    .find(e => e.name === 'first-contentful-paint');
  t.fcp = fcp ? fcp.startTime : undefined;
  if (t.boardFrame !== undefined && t.fcp !== undefined)
    t.boardPaint = Math.max(t.boardFrame, t.fcp);
  return t;
}"""

SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const active = registration.active;
  if (active.state !== 'activated') await new Promise(resolve =>
    active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
  return navigator.serviceWorker.controller !== null;
}"""

# name, path, waits for the worker, service workers allowed
VARIANTS = (
    ("ours", "index.html?game=race", True, True),
    ("ours-no-sw", "index.html?game=race", True, False),
    ("bare-mpy", "bench/bare/mpy.html", False, False),
    ("bare-board", BOARD_PAGE, False, False),
    ("bare-worker", "bench/bare/worker.html", True, False),
)
MEASURES = (
    ("boardPaint", "board painted"),
    ("fcp", "first contentful paint"),
    ("board", "`#board svg` exists"),
    ("ready", "`data-ready`"),
    ("worker", "`data-worker-ready`"),
)


def wait_done(page, worker: bool) -> dict:
    done = "t.ready !== undefined" + (" && t.worker !== undefined" if worker else "")
    page.wait_for_function(
        f"() => {{ const t = window.__boot || {{}}; return {done}; }}", timeout=120_000
    )
    page.wait_for_timeout(50)  # let the board's first frame and the paint entries land
    return page.evaluate(RESULT)


def one_round(browser, base: str, name: str, path: str, worker: bool, sw: bool) -> tuple:
    """(cold, warm) timings for one variant, in a fresh context."""
    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, service_workers="allow" if sw else "block"
    )
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{base}/{path}", wait_until="commit")
    cold = wait_done(page, worker)
    if sw:  # the visitor's second visit: everything from the service worker's cache
        assert page.evaluate(SW_ACTIVE), "the service worker did not take control"
    page.reload(wait_until="commit")
    warm = wait_done(page, worker)
    context.close()
    return cold, warm


def median(runs: list, key: str):
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def spread(runs: list, key: str) -> str:
    """The median with the range: "1015 ms (812–1300)"."""
    values = [r[key] for r in runs if r.get(key) is not None]
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"


def fmt(value) -> str:
    return "–" if value is None else f"{value:.0f} ms"


def ratio(a, b) -> str:
    return "–" if a is None or not b else f"{a / b:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", default=ROOT, help="folder to serve (default: the repository)")
    args = parser.parse_args()
    write_board_page(args.site)
    server, base = serve(args.site)
    results = {name: {"cold": [], "warm": []} for name, *_ in VARIANTS}
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            for name, path, worker, sw in VARIANTS:
                cold, warm = one_round(browser, base, name, path, worker, sw)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
        browser.close()
    server.shutdown()

    m = {
        (name, mode, key): median(results[name][mode], key)
        for name in results
        for mode in ("cold", "warm")
        for key, _ in MEASURES
    }
    print(
        f"Boot in Debian Chromium ({browser_version()}), median of {args.runs}, ms since "
        "navigation start:\n"
    )
    print("| page | measure | cold (range) | warm (range) |")
    print("|---|---|---|---|")
    labels = {
        "ours": "ours (warm: service worker)",
        "ours-no-sw": "ours, no service worker",
        "bare-mpy": "bare MicroPython",
        "bare-board": "bare MicroPython + pre-drawn board",
        "bare-worker": "bare Pyodide worker",
    }
    for name, *_ in VARIANTS:
        for key, label in MEASURES:
            cold, warm = m[(name, "cold", key)], m[(name, "warm", key)]
            if cold is None and warm is None:
                continue
            runs = results[name]
            print(
                f"| {labels[name]} | {label} | {spread(runs['cold'], key)} | "
                f"{spread(runs['warm'], key)} |"
            )
    print("\n| ratio (target) | cold | warm |")
    print("|---|---|---|")
    print(
        f"| board painted, ours (≤ 300 ms cold) | {fmt(m[('ours', 'cold', 'boardPaint')])} | "
        f"{fmt(m[('ours', 'warm', 'boardPaint')])} |"
    )
    for ours in ("ours", "ours-no-sw"):
        for key, bare, label in (
            ("ready", "bare-mpy", "ready: {} / bare MicroPython (≤ 1.10)"),
            ("worker", "bare-worker", "worker: {} / bare worker (≤ 1.10)"),
        ):
            row = label.format("ours" if ours == "ours" else "ours without service worker")
            print(
                f"| {row} | {ratio(m[(ours, 'cold', key)], m[(bare, 'cold', key)])} | "
                f"{ratio(m[(ours, 'warm', key)], m[(bare, 'warm', key)])} |"
            )
    print(
        "| ready: bare + pre-drawn board / bare MicroPython (the first paint alone) | "
        f"{ratio(m[('bare-board', 'cold', 'ready')], m[('bare-mpy', 'cold', 'ready')])} | "
        f"{ratio(m[('bare-board', 'warm', 'ready')], m[('bare-mpy', 'warm', 'ready')])} |"
    )
    return 0


def write_board_page(site: str) -> None:
    """The bare page with our first paint: its template with today's styles and boards."""
    with open(os.path.join(site, "bench/bare/board.template.html"), encoding="utf-8") as f:
        html = predraw.predrawn(f.read(), BOARD_PAGE)
    with open(os.path.join(site, BOARD_PAGE), "w", encoding="utf-8") as f:
        f.write(html)


def browser_version() -> str:
    try:
        import subprocess

        from tools.browser import CHROMIUM

        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=10)
        return out.stdout.split()[1]
    except Exception:  # the version is decoration
        return "unknown version"


if __name__ == "__main__":
    sys.exit(main())
