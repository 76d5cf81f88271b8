"""How soon the computer plays its first move when it starts the game, in Debian's Chromium.

Usage: .venv/bin/python bench/first_move.py [--runs 4] [--site DIR]

Opens the links where a computer seat moves first (race and Go, easy and medium; the page plays
that move from its opening book, lotus.game.openings), and share links where the computer is to move
after the person's first move (a position the book does not hold: a worker searches), on a first
visit (a fresh context: empty HTTP cache, no service worker) and on a reload (once the first visit
has finished loading the Pyodide worker too, so the reload is what a returning visitor gets, from
the service worker), beside the bare MicroPython page (bench/bare/mpy.html: only sets data-ready)
in the same run; the variants take turns so that a busy machine slows them alike. Times are ms
from navigation start, measured in the page by an init script: `body[data-ready]`,
`body[data-computer-ready]` (a worker can be asked for a move), the first move the computer plays,
and `body[data-worker-ready]` (the Pyodide worker is up). "Who played it": the opening book (no
worker), the quick MicroPython worker or Pyodide. Targets: the computer's first move
<= 1.5 s on a first visit and <= 0.8 s on a reload (medians).
Prints a markdown table.
"""

import argparse
import json
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus.engine import go, race  # noqa: E402
from lotus.game import records  # noqa: E402
from tools.browser import SW_ACTIVE, launch, serve  # noqa: E402
from tools.pages import TIMES_WATCH  # noqa: E402

START_LINKS = (
    ("race easy", "index.html?game=race&players=2&seats=easy,human"),
    ("race medium", "index.html?game=race&players=2&seats=medium,human"),
    ("go easy", "index.html?game=go&seats=easy,human"),
    ("go medium", "index.html?game=go&seats=medium,human"),
)


def after_a_move(game, move: str, level: str) -> str:
    """A share link to `game` after the person's `move`, the computer (at `level`) to move."""
    game.play(move)
    record = records.record_of(game, seats={"w": "human", "b": level})
    return "index.html#" + records.to_link_fragment(record)


LATER_LINKS = tuple(
    (f"{name} {level}, after a move", after_a_move(engine.Game(), move, level))
    for name, engine, move in (("race", race, "Sw4-A4"), ("go", go, "26"))
    for level in ("easy", "medium")
)
LINKS = START_LINKS + LATER_LINKS
BARE = ("bare MicroPython", "bench/bare/mpy.html")


WHO = {"book": "the opening book", "micropython": "the quick worker", "cpython": "Pyodide"}

MEASURES = (
    ("ready", "page ready"),
    ("computer", "computer ready"),
    ("move", "first computer move"),
    ("search", "its search (in the worker)"),
    ("worker", "Pyodide ready"),
)


def wait_for(page, keys: tuple) -> dict:
    done = " && ".join(f"t.{k} !== undefined" for k in keys)
    page.wait_for_function(
        f"() => {{ const t = window.__first || {{}}; return {done}; }}", timeout=120_000
    )
    result = page.evaluate("() => Object.assign({}, window.__first)")
    if "move" in keys:
        timings = json.loads(page.evaluate("window.lotus.timings()"))
        result["by"] = timings[0].get("by", "?") if timings else "?"
        result["search"] = timings[0].get("search_ms") if timings else None
    return result


def one_round(browser, base: str, path: str, bare: bool) -> tuple:
    """(first visit, reload) timings for one link, in a fresh context."""
    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, service_workers="block" if bare else "allow"
    )
    context.add_init_script(TIMES_WATCH.replace("MOVES_BEFORE", "1" if "#" in path else "0"))
    page = context.new_page()
    keys = ("ready",) if bare else ("ready", "computer", "move")
    page.goto(f"{base}/{path}", wait_until="commit")
    first = wait_for(page, keys)
    if not bare:
        first.update(wait_for(page, keys + ("worker",)))  # the whole site loaded once
        assert page.evaluate(SW_ACTIVE), "the service worker did not take control"
        page.evaluate("localStorage.clear()")  # the link opens its new game again
    # The page drops the new-game options from its address once the game is saved: reload by
    # opening the same link again (same tab, warm caches).
    page.goto(f"{base}/{path}", wait_until="commit")
    again = wait_for(page, keys)
    if not bare:
        again.update(wait_for(page, keys + ("worker",)))
    context.close()
    return first, again


def spread(values: list) -> str:
    """The median with the range: "1015 ms (812–1300)"."""
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--site", default=ROOT)
    args = parser.parse_args()
    server, base = serve(args.site)
    results = {name: ([], []) for name, _ in LINKS + (BARE,)}
    with sync_playwright() as p:
        browser = launch(p)
        for run in range(args.runs):
            for name, path in (BARE,) + LINKS:
                first, again = one_round(browser, base, path, bare=(name, path) == BARE)
                results[name][0].append(first)
                results[name][1].append(again)
                print(f"run {run + 1} {name}: first {first} reload {again}", file=sys.stderr)
        browser.close()
    server.shutdown()
    print(f"Median of {args.runs} (range), ms after navigation start.\n")
    print("| page | measure | first visit | reload |")
    print("|---|---|---|---|")
    for name, _ in (BARE,) + LINKS:
        cold, warm = results[name]
        for key, label in MEASURES:
            if name == BARE[0] and key != "ready":
                continue
            row = [spread([r.get(key) for r in cold]), spread([r.get(key) for r in warm])]
            print(f"| {name} | {label} | {row[0]} | {row[1]} |")
        if name != BARE[0]:
            by = [r.get("by") for r in cold + warm]
            kinds = ", ".join(f"{WHO.get(b, b)} {by.count(b)}" for b in sorted(set(by)))
            print(f"| {name} | who played it (of {len(by)}) | {kinds} | |")


if __name__ == "__main__":
    main()
