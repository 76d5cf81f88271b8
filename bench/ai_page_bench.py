"""Time the computer's moves in the page (search on Pyodide in the worker), per game and level.

Usage: .venv/bin/python bench/ai_page_bench.py [--moves 400] [--game go] [--level hard]
       [--players 4]

For each game and level, the page is opened in watch mode (every seat that level, fastest speed;
`--players` 3 or 4: a race for that many)
and the time of every computer move is read from the page's own measurements
(`window.lotus.timings()`: from asking the worker to having its answer, in the page). Prints the
median and range per level over the moves of one whole game (or the first --moves of it).
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch, serve  # noqa: E402

LEVELS = ("easy", "medium", "hard", "expert")


def collect(
    page, base: str, game: str, level: str, moves: int, limit_s: float, players: int = 2
) -> list:
    """Watch level-vs-level until `moves` computer moves (or the game's end); their times in ms."""
    seats = ",".join([level] * players)
    extra = f"&players={players}" if players != 2 else ""
    page.goto(f"{base}/index.html?game={game}{extra}&seats={seats}")
    page.wait_for_selector('body[data-worker-ready="1"]', timeout=120_000)
    page.select_option("[data-speed]", "fast")
    started = time.time()
    timings = []
    while time.time() - started < limit_s:
        timings = json.loads(page.evaluate("window.lotus.timings()"))
        over = page.get_attribute("body", "data-phase") not in ("play", None)
        if len(timings) >= moves or over:
            break
        page.wait_for_timeout(250)
    return [t["ms"] for t in timings if t["level"] == level]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400, help="at most this many moves")
    parser.add_argument("--limit", type=float, default=600, help="seconds per game and level")
    parser.add_argument("--game", choices=("race", "go"), action="append", help="default: both")
    parser.add_argument("--level", choices=LEVELS, action="append", help="default: all")
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help="race: players (default 2)"
    )
    args = parser.parse_args()
    if args.players != 2 and args.game != ["race"]:
        parser.error("--players is for the race: give --game race")
    server, base = serve()
    rows = []
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        for game in args.game or ("race", "go"):
            for level in args.level or LEVELS:
                times = collect(page, base, game, level, args.moves, args.limit, args.players)
                if times:
                    rows.append((game, level, len(times), statistics.median(times), max(times)))
        browser.close()
    server.shutdown()
    players = f", {args.players} players" if args.players != 2 else ""
    print(f"Computer move time in the page (Pyodide worker, Debian Chromium{players}), per level:")
    print("| game | level | moves | median | max |")
    print("|---|---|---|---|---|")
    for game, level, n, med, worst in rows:
        print(f"| {game} | {level} | {n} | {med / 1000:.2f} s | {worst / 1000:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
