"""Time the page's Python work under Node's MicroPython (the same build as the page).

Usage: .venv/bin/python bench/mpy_profile.py [--runs 5] [--config pyscript.toml]

Each run is a fresh interpreter holding exactly the files the page's PyScript config ships (its
[files], as PyScript writes them), and follows what the page does at start and on clicks, without
the DOM: import the app, make the first race session (which imports the race engine and
renderer), draw the first board, then the click pairs of bench/page_bench.py; then the same for
Go. Times are from `time.ticks_us()` inside MicroPython; the table shows the median and the
range of the runs (on a busy machine the minimum is the steadier figure).
"""

import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.support import mpy_site  # noqa: E402

SCRIPT = r"""
import time
T = []
def mark(name, t0):
    T.append((name, time.ticks_diff(time.ticks_us(), t0) / 1000))

def page_render(session):
    # what ui_bindings.Page.render asks the session for
    session.svg()
    session.track_svg()
    session.status()
    session.phase()
    session.move_rows()
    session.can_pass()

t = time.ticks_us()
from lotus import app as app_module
mark("import lotus.app", t)
t = time.ticks_us()
import lotus.engine.race
mark("import lotus.engine.race", t)
t = time.ticks_us()
import lotus.render.race
mark("import lotus.render.race", t)
t = time.ticks_us()
a = app_module.App()
s = a.session
mark("first race session (rest)", t)
t = time.ticks_us()
s.svg()
mark("first race svg", t)
t = time.ticks_us()
page_render(s)
mark("race page render (2nd)", t)
clicks = (("Sw4", "A4"), ("Sb4", "B4"), ("A4", "5"), ("Sb3", "A3"))
t = time.ticks_us()
for origin, dest in clicks:
    s.click(origin)
    page_render(s)
    s.click(dest)
    page_render(s)
mark("race click (mean of 8)", t)
T[-1] = (T[-1][0], T[-1][1] / 8)
t = time.ticks_us()
for i in range(10):
    s.svg()
mark("race svg (mean of 10)", t)
T[-1] = (T[-1][0], T[-1][1] / 10)

t = time.ticks_us()
import lotus.engine.go
mark("import lotus.engine.go", t)
t = time.ticks_us()
import lotus.render.go
mark("import lotus.render.go", t)
a.current = "go"
t = time.ticks_us()
g = a.session
mark("first go session (rest)", t)
t = time.ticks_us()
page_render(g)
mark("first go render", t)
t = time.ticks_us()
for p in ("1", "2", "9", "10", "3", "4", "30", "25"):
    g.click(p)
    page_render(g)
mark("go click (mean of 8)", t)
T[-1] = (T[-1][0], T[-1][1] / 8)
for name, ms in T:
    print(name + "\t" + str(ms))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--config", default="pyscript.toml", help="the PyScript config to ship")
    args = parser.parse_args()
    if not mpy_site.available():
        print("Node and the npm MicroPython are needed (make setup)")
        return 1
    rows = {}
    order = []
    for _ in range(args.runs):
        for line in mpy_site.run(SCRIPT, args.config).splitlines():
            name, ms = line.split("\t")
            if name not in rows:
                rows[name] = []
                order.append(name)
            rows[name].append(float(ms))
    print(f"The page's Python under Node's MicroPython ({args.config}), {args.runs} runs:")
    print("| step | median | range |")
    print("|---|---|---|")
    for name in order:
        v = rows[name]
        print(f"| {name} | {statistics.median(v):.1f} ms | {min(v):.1f}–{max(v):.1f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
