"""The CPU of a page load: the browser's CPU time (all its processes) while one tab loads a page
four times, counted from a cgroup of its own, against the bare MicroPython page in the same run.

Usage (as root, on a machine with cgroup v1's cpuacct at /sys/fs/cgroup/cpuacct):
    .venv/bin/python bench/page_cpu.py [--runs 5] [--loads 4] [--site DIR]
        [--only ours,ours-de,bare-mpy,bare-files] [--other DIR ...]

Each round opens each variant in a fresh context (no service worker), loads it `--loads` times
in one tab, each time until body[data-ready], and reads the cgroup's CPU before and after: CPU
seconds per load. The variants take turns, so a busy machine slows them alike; the CPU time is
far less disturbed by other work than the wall clock. `ours` is a game between people (no
worker starts); bare-files is bench/bare/files.html (the page's [files] and the imports of its
start, written by bench/boot.py). `--other DIR` adds our page from another copy of the site
(say, a worktree of an earlier commit) as `ours@DIR`, in the same turns. Prints a markdown
table: medians and ranges.
"""

import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from bench import boot  # noqa: E402
from tools.browser import launch, serve  # noqa: E402

CGROUPS = "/sys/fs/cgroup/cpuacct"
VARIANTS = {
    "ours": "index.html?game=race&players=2&seats=human,human",
    "ours-de": "index.de.html?game=race&players=2&seats=human,human",
    "bare-mpy": "bench/bare/mpy.html",
    "bare-files": boot.FILES_PAGE,
}


def usage(folder: str) -> float:
    with open(os.path.join(folder, "cpuacct.usage")) as f:
        return int(f.read()) / 1e9


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--loads", type=int, default=4)
    parser.add_argument("--site", default=ROOT)
    parser.add_argument("--only", default="ours,bare-mpy,bare-files")
    parser.add_argument("--other", action="append", default=[], help="another site's page")
    args = parser.parse_args()
    names = args.only.split(",")
    folder = os.path.join(CGROUPS, f"lotus_page_cpu_{os.getpid()}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))  # the browser starts in it too
    boot.write_files_page(args.site)
    server, base = serve(args.site)
    bases = {name: base for name in names}
    servers = [server]
    for other in args.other:
        name = "ours@" + other
        server, bases[name] = serve(other)
        servers.append(server)
        names.append(name)
    cpu = {name: [] for name in names}
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            for name in names:
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                address = f"{bases[name]}/{VARIANTS[name.split('@')[0]]}"
                page.goto(address)  # a first load: the HTTP cache filled
                page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
                before = usage(folder)
                for _ in range(args.loads):
                    page.goto(address)
                    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
                cpu[name].append((usage(folder) - before) / args.loads)
                context.close()
        browser.close()
    for server in servers:
        server.shutdown()
    print(f"CPU seconds per page load (median of {args.runs}, range), {args.loads} loads a tab:\n")
    print("| page | CPU s per load | ÷ bare MicroPython |")
    print("|---|---:|---:|")
    bare = statistics.median(cpu["bare-mpy"]) if "bare-mpy" in cpu else None
    for name in names:
        m = statistics.median(cpu[name])
        ratio = f"{m / bare:.2f}" if bare else "–"
        print(f"| {name} | {m:.3f} ({min(cpu[name]):.3f}–{max(cpu[name]):.3f}) | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
