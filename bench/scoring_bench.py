"""How soon a Go game between people, once both have passed, shows the search's dead groups.

Usage: .venv/bin/python bench/scoring_bench.py [--runs 5] [--site DIR]

Each run opens a fresh browser context (a first visit, service workers blocked) on a seeded Go
game between people, 14 empty points before its end, from its share link; once it is ready, it
clicks pass twice and times, in the page, the second pass's click to
`body[data-dead-source="search"]` (the search's estimate replacing the engine's quick guess). A
game between people starts no worker before its first question, so the time includes the quick
MicroPython worker's start, as the players wait for it. It also says whether the page asked for
Pyodide (a game between people should not load it: the quick worker answers). Prints each run
and the median, in ms.
"""

import argparse
import os
import random
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus.engine import go  # noqa: E402
from lotus.game import records  # noqa: E402
from tools.browser import launch, serve  # noqa: E402

WAIT = 90_000


def position() -> str:
    """The share-link fragment of a seeded random game, 14 empty points before its end."""
    rng = random.Random(2024)
    game = go.Game()
    while True:
        empties = [m for m in game.legal_moves() if m != "pass"]
        if len(empties) <= 14:
            return records.to_link_fragment(records.record_of(game))
        game.play(rng.choice(empties))


def one_run(browser, url: str, fragment: str) -> tuple:
    """(ms from the second pass to the search's marks, True when Pyodide was requested)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        loaded = []
        page.on("request", lambda request: loaded.append(request.url))
        page.goto(f"{url}/index.html?game=go#{fragment}")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=WAIT)
        page.click('[data-action="pass"]')
        page.click('[data-action="pass"]')
        started = page.evaluate("performance.now()")
        page.wait_for_selector('body[data-dead-source="search"]', state="attached", timeout=WAIT)
        ms = page.evaluate("performance.now()") - started
        return ms, any("/pyodide/" in u for u in loaded)
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", default=ROOT, help="the site's folder (default: this repo)")
    args = parser.parse_args()
    server, url = serve(args.site)
    fragment = position()
    times = []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for run in range(args.runs):
                ms, pyodide = one_run(browser, url, fragment)
                times.append(ms)
                print(f"run {run}: {ms:.0f} ms, Pyodide requested: {'yes' if pyodide else 'no'}")
            browser.close()
    finally:
        server.shutdown()
    print(f"median of {len(times)}: {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
