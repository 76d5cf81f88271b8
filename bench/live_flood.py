"""What a peer's messages cost the receiving page of a live game, in Debian's Chromium over
loopback WebRTC: two browser contexts (two devices) connect a Go game, then the guest's page sends
messages straight down the data channel (as a hostile friend could from the console).

- refusal: the main-thread time of the host page's transport handler (`window.lotusLive.handler`,
  timed in the page around each call) for messages it refuses: out-of-step moves, sent in batches
  small enough to stay under the rate limit;
- flood: 10,000 messages sent at once; the longest main-thread task on the host page while they
  arrive (the Long Tasks API: every task over 50 ms), the handler's total time, whether the link
  was closed and the game kept.

    .venv/bin/python bench/live_flood.py --runs 3
"""

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch, serve  # noqa: E402
from tools.pages import connect, invite, join, moves, wait_moves, wait_ready  # noqa: E402

TIME_HANDLER = """() => {
  window.__calls = [];
  const handler = window.lotusLive.handler;
  window.lotusLive.handler = (kind, id, data) => {
    const start = performance.now();
    try { handler(kind, id, data); } finally {
      if (kind === "message") window.__calls.push(performance.now() - start);
    }
  };
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__long.push(entry.duration);
  }).observe({type: "longtask", buffered: false});
}"""

SEND = """([count, text]) => {
  for (let i = 0; i < count; i++) window.lotusLive.send("host", text);
}"""


def pair(browser, base):
    contexts = [browser.new_context(service_workers="block") for _ in range(2)]
    host, guest = (c.new_page() for c in contexts)
    host.goto(f"{base}/index.html?game=go&seats=human,human")
    wait_ready(host)
    connect(host, guest, join(guest, invite(host)))
    host.click('[data-point="10"]')
    wait_moves(guest, 1)
    guest.click('[data-point="20"]')
    wait_moves(host, 2)
    host.evaluate(TIME_HANDLER)
    return contexts, host, guest


def refusals(host, guest, batches: int = 5, size: int = 40) -> list:
    """Handler times (ms) of `batches` x `size` refused messages, each batch under the limit."""
    times = []
    text = json.dumps({"v": 1, "t": "act", "n": 99, "a": "1"})
    for _ in range(batches):
        host.evaluate("() => { window.__calls = []; }")
        guest.evaluate(SEND, [size, text])
        host.wait_for_function(f"() => window.__calls.length >= {size}")
        times += host.evaluate("() => window.__calls")
        host.wait_for_timeout(2100)  # a new window of the rate limit
    return times


def flood(host, guest, count: int = 10_000) -> dict:
    host.evaluate("() => { window.__calls = []; window.__long = []; }")
    text = json.dumps({"v": 1, "t": "act", "n": 99, "a": "1"})
    guest.evaluate(SEND, [count, text])
    host.wait_for_selector('body[data-live="disconnected"]', timeout=60_000)
    host.wait_for_timeout(1500)  # what was still queued arrives (or not)
    calls = host.evaluate("() => window.__calls")
    long = host.evaluate("() => window.__long")
    return {
        "handled": len(calls),
        "handler_total": sum(calls),
        "longest_task": max(long) if long else 0.0,
        "kept": moves(host) == ["10", "20"],
        "said": host.inner_text("[data-live-status]"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server, base = serve()
    times, floods = [], []
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            contexts, host, guest = pair(browser, base)
            times += refusals(host, guest)
            floods.append(flood(host, guest))
            for context in contexts:
                context.close()
        browser.close()
    server.shutdown()
    times.sort()
    print(
        f"a refused message, the host page's handler (ms, {len(times)} messages): median "
        f"{statistics.median(times):.2f}, 90th percentile {times[int(0.9 * (len(times) - 1))]:.2f},"
        f" max {times[-1]:.2f}"
    )
    for run, result in enumerate(floods):
        print(
            f"flood of 10,000 messages, run {run + 1}: {result['handled']} reached the handler "
            f"({result['handler_total']:.0f} ms in all), longest main-thread task "
            f"{result['longest_task']:.0f} ms (0: none over 50 ms), game kept: {result['kept']};"
            f" the page says: {result['said']!r}"
        )


if __name__ == "__main__":
    main()
