"""What the test suite's CPU goes to: a pytest plugin that puts each pytest process (each xdist
worker, and the Chromium it launches) in a cgroup of its own and records the CPU time each test
used, browser included.

Usage (as root, on a machine with cgroup v1's cpuacct at /sys/fs/cgroup/cpuacct):
    PYTHONPATH=bench .venv/bin/python -m pytest -p suite_cpu -n 2 --dist loadfile \
        --no-loadscope-reorder e2e tests
    .venv/bin/python bench/suite_cpu.py            # the report: by module, then the costliest tests

Each process writes /tmp/suite_cpu_<worker>.json ({"total": s, "tests": {nodeid: [cpu s, wall
s]}}); a module's first test carries its fixtures' set-up (its page's boot). CPU time is what a
2-core machine divides by two for the wall time when the suite keeps both cores busy, and is far
less disturbed than the wall clock by other work on the machine.
"""

import glob
import json
import os
import sys
import time

CGROUPS = "/sys/fs/cgroup/cpuacct"
OUT = "/tmp/suite_cpu_{}.json"
_state = {}


def _usage() -> float:
    with open(os.path.join(_state["dir"], "cpuacct.usage")) as f:
        return int(f.read()) / 1e9


def pytest_configure(config):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder = os.path.join(CGROUPS, f"lotus_{worker}_{os.getpid()}")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))  # children (the browser) start in it too
    _state.update(dir=folder, worker=worker, tests={})


def pytest_runtest_logstart(nodeid, location):
    _state["start"] = (_usage(), time.perf_counter())


def pytest_runtest_logfinish(nodeid, location):
    cpu, wall = _state["start"]
    _state["tests"][nodeid] = (_usage() - cpu, time.perf_counter() - wall)


def pytest_unconfigure(config):
    with open(OUT.format(_state["worker"]), "w") as f:
        json.dump({"total": _usage(), "tests": _state["tests"]}, f)


def report(top: int = 40) -> None:
    tests, total = {}, 0.0
    for name in glob.glob(OUT.format("gw*")) or glob.glob(OUT.format("*")):
        with open(name) as f:
            data = json.load(f)
        total += data["total"]
        tests.update(data["tests"])
    modules = {}
    for nodeid, (cpu, _wall) in tests.items():
        module = nodeid.split("::")[0]
        modules[module] = modules.get(module, 0.0) + cpu
    browser = sum(v for k, v in modules.items() if k.startswith("e2e/"))
    print(f"CPU: {total:.0f} s in all, {browser:.0f} s in e2e/, {total - browser:.0f} s elsewhere")
    for module, cpu in sorted(modules.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{cpu:7.1f}  {module}")
    print()
    for nodeid, (cpu, wall) in sorted(tests.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:6.1f} s CPU {wall:6.1f} s wall  {nodeid}")


if __name__ == "__main__":
    report(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
