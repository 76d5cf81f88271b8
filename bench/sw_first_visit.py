"""What a first visit downloads, counted at the host: requests, bodies and bytes per file.

A fresh `make dist` build (or --site, a build folder) is served with a request log
(tools/browser.py's `serve`); Chromium, in a new context (an empty HTTP cache, no service
worker), opens a page and stays until the service worker holds every listed file (or --timeout
seconds). Prints the requests before `data-ready` and in all, the bodies sent (200) and the
revalidations (304, no body), the bytes, and every file whose body was sent more than once.

Usage: python bench/sw_first_visit.py [--site DIR] [--query "game=race&seats=human,easy"]
"""

import argparse
import collections
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from tools import browser, build_sw, dist  # noqa: E402

CACHED = """async () => {
  const names = await caches.keys();
  if (!names.length) return 0;
  return (await (await caches.open(names[0])).keys()).length;
}"""


def visit(site: str, query: str, timeout: float) -> dict:
    listed = build_sw.site_files(site)
    want = len(listed) + len(build_sw.aliases(site))
    log = []
    server, url = browser.serve(site, log=log)
    try:
        with sync_playwright() as p:
            chromium = browser.launch(p)
            page = chromium.new_context().new_page()
            start = time.time()
            page.goto(f"{url}/index.html?{query}")
            page.wait_for_selector('body[data-ready="1"]', timeout=60_000)
            at_ready = list(log)
            while page.evaluate(CACHED) < want and time.time() < start + timeout:
                page.wait_for_timeout(250)
            stored = time.time() - start
            quiet = len(log)
            page.wait_for_timeout(1500)  # nothing more arrives once the cache is complete
            settled = len(log) == quiet
            chromium.close()
    finally:
        server.shutdown()
        server.server_close()
    bodies = collections.Counter(path for path, status, _ in log if status == 200)
    return {
        "requests before data-ready": len(at_ready),
        "bytes before data-ready": sum(size for *_, size in at_ready),
        "requests": len(log),
        "bodies (200)": sum(bodies.values()),
        "revalidations (304)": sum(1 for _, status, _ in log if status == 304),
        "bytes": sum(size for *_, size in log),
        "site bytes (each file once)": sum(os.path.getsize(os.path.join(site, f)) for f in listed),
        "seconds until every file was stored": round(stored, 1),
        "no request after that": settled,
        "sent twice": sorted(path for path, n in bodies.items() if n > 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a build folder (default: a fresh `make dist` build)")
    parser.add_argument("--query", default="game=race&seats=human,easy")
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    site = args.site
    if site is None:
        site = os.path.join(tempfile.mkdtemp(), "dist")
        dist.build(site)
    for name, value in visit(site, args.query, args.timeout).items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
