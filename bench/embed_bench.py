"""Ten embedded boards on one host page (another origin), in Debian's Chromium: time and memory.

Usage: .venv/bin/python bench/embed_bench.py [--runs 3] [--count 10]

Each run opens, in a fresh browser context (cold: empty HTTP cache, no service worker), a host
page served from a second port holding `--count` snippets made by `lotus.page.embed.snippet` (both
games, every mode but play, small boards in a grid so that all are in view and none waits for
`loading="lazy"`). Reported, median over the runs:

- ready: ms from the host page's navigation start until the last embed is ready (its MicroPython
  drew the board and handles clicks; it then posts its first height message, which the host page
  times); target: <= 3000 ms cold;
- memory: the proportional set size (PSS, from /proc) of all of Chromium's processes with the
  page open, minus that with a blank page, i.e. what the embeds cost; and the same for one embed.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from lotus.page import embed  # noqa: E402
from tools.browser import launch, serve  # noqa: E402

FRAGMENTS = (
    "game=race",
    "game=go&numbers=1",
    "game=race&mode=step&moves=Sw4-A4,Sb4-A4,Sw3-B3&captions=Start|One|Two|Three",
    "game=go&mode=puzzle&answer=1&captions=Find%20it",
    "game=race&players=4",
    "game=go&moves=1,2,3,4&mode=step",
    "game=race&mode=puzzle&answer=Sw4-A4",
    "game=go&theme=dark",
    "game=race&players=3&theme=dark",
    "game=go&moves=1,2,5,9,pass",
)


def host_page(site: str, count: int) -> str:
    boards = []
    for i in range(count):
        fragment = FRAGMENTS[i % len(FRAGMENTS)] + f"&id=b{i}"
        game = "go" if "game=go" in fragment else "race"
        boards.append(embed.snippet(site + "/embed.html", fragment, game, 220).split("\n")[0])
    return (
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<style>body{display:flex;flex-wrap:wrap;gap:4px;margin:0}</style>"
        "<script>window.__ready={};addEventListener('message',function(e){"
        "if(e.data&&e.data.type==='" + embed.MESSAGE_TYPE + "'&&!(e.data.id in window.__ready))"
        "window.__ready[e.data.id]=performance.now()})</script></head><body>"
        + "\n".join(boards)
        + "\n"
        + embed.RESIZE_SCRIPT
        + "</body></html>"
    )


def chromium_pss_kb() -> int:
    """Sum of the proportional set size of every Chromium process (kB)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
            if b"chrom" not in cmd.split(b"\0")[0]:
                continue
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total


def run_once(browser, host: str, count: int) -> tuple:
    """(ms until every embed is ready, kB of memory they take) for a cold page of `count`."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers="block")
    page = context.new_page()
    page.goto("about:blank")
    time.sleep(1.0)
    blank = chromium_pss_kb()
    page.goto(f"{host}/host{count}.html")
    # Each embed posts its height as soon as it is ready: the host page notes when (host time).
    page.wait_for_function(f"Object.keys(window.__ready).length === {count}", timeout=60_000)
    ready_ms = page.evaluate("Math.max(...Object.values(window.__ready))")
    time.sleep(1.0)
    used = chromium_pss_kb() - blank
    context.close()
    return ready_ms, used


def page_ready(browser, url: str) -> float:
    """ms from navigation start to body[data-ready] for a page opened cold."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    ms = page.evaluate("performance.now()")
    context.close()
    return ms


PAGES = ("rules/race.html", "rules/go.html", "embed.html#game=go", "bench/bare/mpy.html")
"""Single pages timed cold for comparison: the rules pages, one embed, bare MicroPython."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=10)
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="lotus-embeds-")
    server, site = serve(ROOT)
    host_server, host = serve(folder)
    for n in (1, args.count):
        with open(os.path.join(folder, f"host{n}.html"), "w", encoding="utf-8") as f:
            f.write(host_page(site, n))
    results = {}
    with sync_playwright() as p:
        browser = launch(p)
        singles = {}
        for _ in range(args.runs):
            for n in (args.count, 1):
                results.setdefault(n, []).append(run_once(browser, host, n))
            for path in PAGES:
                singles.setdefault(path, []).append(page_ready(browser, f"{site}/{path}"))
        browser.close()
    server.shutdown()
    host_server.shutdown()
    print("| embeds on the page | ready, cold (median ms) | memory (median MB, PSS) | runs |")
    print("|---:|---:|---:|---:|")
    for n in sorted(results, reverse=True):
        times = [r[0] for r in results[n]]
        mems = [r[1] / 1024 for r in results[n]]
        print(
            f"| {n} | {statistics.median(times):.0f} | {statistics.median(mems):.0f} | "
            f"{len(times)} |"
        )
    print()
    print("| page | ready, cold (median ms) |")
    print("|---|---:|")
    for path, times in singles.items():
        print(f"| {path} | {statistics.median(times):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
