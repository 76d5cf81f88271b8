"""How soon a move made on one page of a live game appears on the other, over loopback
WebRTC in Debian's Chromium: two browser contexts (two devices), a Go game, moves made in turn on
both sides. Times are in the pages, on one clock (performance.timeOrigin + now()): from the click's
pointerdown on the mover's page to the move list growing on the other page.

    .venv/bin/python bench/live_latency.py --moves 30
"""

import argparse
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus.engine import go  # noqa: E402
from tools.browser import launch, serve  # noqa: E402
from tools.pages import connect, invite, join, wait_moves, wait_ready  # noqa: E402

STAMP_CLICKS = """() => { window.__sent = [];
  document.addEventListener('pointerdown',
    () => window.__sent.push(performance.timeOrigin + performance.now()), true); }"""
STAMP_ARRIVALS = """() => { window.__got = [];
  const list = document.querySelector('[data-movelist]');
  let count = list.querySelectorAll('[data-move]').length;
  new MutationObserver(() => {
    const now = list.querySelectorAll('[data-move]').length;
    if (now > count) { count = now; window.__got.push(performance.timeOrigin + performance.now()); }
  }).observe(list, {childList: true, subtree: true}); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    server, base = serve()
    delays = []
    with sync_playwright() as p:
        browser = launch(p)
        contexts = [browser.new_context(service_workers="block") for _ in range(2)]
        host, guest = (c.new_page() for c in contexts)
        host.goto(f"{base}/index.html?game=go&seats=human,human")
        wait_ready(host)
        connect(host, guest, join(guest, invite(host)))
        for page in (host, guest):
            page.evaluate(STAMP_CLICKS)
            page.evaluate(STAMP_ARRIVALS)
        game, rng = go.Game(), random.Random(1)
        pages = {"w": (host, guest), "b": (guest, host)}
        for n in range(args.moves):
            mover, other = pages[game.to_move]
            point = rng.choice([m for m in game.legal_moves() if m != "pass"])
            mover.click(f'[data-point="{point}"]')
            game.play(point)
            wait_moves(other, n + 1)
            other.wait_for_function("() => window.__got.length > 0")
            sent = mover.evaluate("() => window.__sent.pop()")
            got = other.evaluate("() => window.__got.pop()")
            other.evaluate("() => { window.__got = []; }")
            delays.append(got - sent)
        browser.close()
    server.shutdown()
    delays.sort()
    print(
        f"live move delay over {len(delays)} moves (ms): median {statistics.median(delays):.0f},"
        f" range {delays[0]:.0f}-{delays[-1]:.0f}, 90th percentile"
        f" {delays[int(0.9 * (len(delays) - 1))]:.0f}"
    )


if __name__ == "__main__":
    main()
