"""Time the computer's analysis of a whole game in the page (search on Pyodide in the worker).

Usage: .venv/bin/python bench/analysis_bench.py [--game race] [--plies 150] [--runs 3]

A seeded game of `--plies` moves (random legal moves: a two-player race of random moves lasts
about 150-160 plies) is opened from its share link; once the page is ready, Analyse is pressed
and the page's own clock measures the time until the analysis is done (`body[data-analysis]`
turns "done"), for every position of the game, the start included, at the analysis's level
(`lotus.page.analysis.LEVEL`). A game between people does not start the Pyodide worker until a
question needs it (docs/page-contract.md), so the time includes that start, as a player who
opens such a game and presses Analyse waits for it. The same analysis is timed in this process
(CPython) before the page runs, so that the ratio of the two, which a loaded machine changes less
than either, is printed too.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus import worker_api  # noqa: E402
from lotus.engine import go, race  # noqa: E402
from lotus.game import records
from lotus.page import analysis
from tools.browser import launch, serve  # noqa: E402

# Analyse, then resolve with the page's time from the click to `data-analysis="done"`.
TIMED_ANALYSIS = """() => new Promise(resolve => {
  const body = document.body;
  const t0 = performance.now();
  const seen = new MutationObserver(() => {
    if (body.getAttribute('data-analysis') === 'done') {
      seen.disconnect();
      resolve(performance.now() - t0);
    }
  });
  seen.observe(body, {attributes: true, attributeFilter: ['data-analysis']});
  document.querySelector('[data-action="analyse"]').click();
})"""


def seeded_game(kind: str, plies: int, seed: int):
    """A game of `plies` random legal moves (fewer if it ends first; Go never resigns)."""
    rng = random.Random(seed)
    game = race.Game() if kind == "race" else go.Game()
    while len(game.moves) < plies and not game.is_over:
        game.play(rng.choice([m for m in game.legal_moves() if m != "resign"]))
    return game


def cpython_seconds(kind: str, game) -> float:
    """The same analysis in this process: every position, one worker call each."""
    moves = list(game.moves)
    options = {"players": 2, "pro": False, "first": "w"} if kind == "race" else {}
    started = time.perf_counter()
    for ply in range(len(moves) + 1):
        request = {"game": kind, "options": options, "moves": moves, "plies": [ply]}
        request.update(level=analysis.LEVEL, ownership=analysis.OWNERSHIP_PLAYOUTS)
        worker_api.analyse(json.dumps(request))
    return time.perf_counter() - started


def page_seconds(browser, base: str, kind: str, game) -> float:
    """The page's time to analyse `game`, from the click on Analyse in a ready page (a fresh page
    each run; the Pyodide worker's start included)."""
    page = browser.new_page()
    fragment = "#" + records.to_link_fragment(records.record_of(game))
    page.goto(f"{base}/index.html?game={kind}{fragment}")
    page.wait_for_selector('body[data-ready="1"]', timeout=120_000)
    page.click("[data-analysis-panel] summary")
    page.wait_for_selector('[data-action="analyse"]:not([disabled])')
    ms = page.evaluate(TIMED_ANALYSIS)
    points = page.locator("[data-eval-graph] [data-eval-ply]").count()
    page.close()
    if points != len(game.moves) + 1:
        raise SystemExit(f"the graph has {points} points for {len(game.moves) + 1} positions")
    return ms / 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("race", "go"), default="race")
    parser.add_argument("--plies", type=int, default=150)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = seeded_game(args.game, args.plies, args.seed)
    print(f"{args.game}: {len(game.moves)} plies, level {analysis.LEVEL}", flush=True)
    cpython = cpython_seconds(args.game, game)
    print(f"CPython, in this process: {cpython:.1f} s", flush=True)
    server, base = serve()
    times = []
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            times.append(page_seconds(browser, base, args.game, game))
            print(f"page run: {times[-1]:.1f} s", flush=True)
        browser.close()
    server.shutdown()
    median = statistics.median(times)
    print("| game | plies | positions | page median | page range | CPython | page / CPython |")
    print("|---|---|---|---|---|---|---|")
    print(
        f"| {args.game} | {len(game.moves)} | {len(game.moves) + 1} | {median:.1f} s | "
        f"{min(times):.1f}–{max(times):.1f} s | {cpython:.1f} s | {median / cpython:.1f} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
