"""A first visit and a reload on a phone over mobile data: ours against the bare MicroPython page.

Usage: .venv/bin/python bench/phone.py [--runs 5] [--only ours,bare] [--desktop] [--http1]
       [--dist DIR] [--log FILE] [--shared-link]

The site as published: `make dist`'s folder (tools/dist.py; built afresh into a temporary folder
unless --dist names one) served by bench/host.py, which compresses, caches and speaks HTTP/2 as
GitHub Pages does and logs every response (path, status, bytes sent). The bare MicroPython page
(bench/bare/mpy.html, which only sets data-ready) is served by the same host from bench/bare/,
its runtime files from the same dist/.

The phone: Chromium (tools/browser.py's flags) with Lighthouse's mobile profile through the
DevTools protocol: `Network.emulateNetworkConditions` with 150 ms latency per request, 1638.4
kbit/s down and 750 kbit/s up (Lighthouse's "slow 4G" figures; its "devtools" throttling method
would add 3.75 times the latency per request to stand for the connection's set-up, which one
HTTP/2 connection pays once), `Emulation.setCPUThrottlingRate` 4, and a 390x844 touch viewport at
device scale factor 3 (a current phone held upright; Lighthouse's emulated Moto G Power is
412x823 at 1.75). The page's workers and its service worker are throttled alike: the page's
DevTools session auto-attaches to them (`Target.setAutoAttach`, each held at its start until it
is throttled) and sends them the same two commands; the bench prints how many targets accepted
each, so a Chromium that refuses one shows. Chromium throttles each target on its own (the page,
each worker and the service worker each get the whole 1.6 Mbit/s), past the socket: the host
writes a whole response at once, so a download the browser drops midway (the Pyodide worker drops
a snapshot that comes too slowly) counts whole in the host's bytes. `--shared-link`: the host
paces one link of that throughput shared by all the visit's downloads (bench/host.py's `rate`)
and stops sending what the browser drops, the browser adding the latency only: its bytes are
what a phone downloads. `--desktop`: no throttling and a 1200x900 window, the same host and
figures.

Visits, the variants taking turns in each run so that a busy machine slows them alike:
- ours: `index.html?game=race&players=2&seats=medium,human` (the computer moves first, from its
  opening book) in a fresh context (empty HTTP cache, service workers allowed), cold; then the
  same link reloaded in that tab once the first visit is over (the full search up, the service
  worker installed, what it fetches after that sent): a reload with the service worker running;
- bare: bench/bare/mpy.html, cold in a fresh context, then reloaded.

Figures per visit (medians of --runs, with their range): times in seconds from navigation start,
measured in the page by an init script: first contentful paint, ready (`body[data-ready]`), the
computer's first move (the move list's first move appears), quick worker up
(`body[data-computer-ready]`), full search up (`body[data-worker-ready]`, waited for up to
FULL_SEARCH_WAIT seconds); and from the host's log: the bytes the host sent for the visit, those
sent for requests that arrived before the computer's first move, and the files sent more than once
in the visit. Then the bytes per file of ours' cold visit (top 15, medians) and the ratios ours /
bare of ready, cold and reload. Prints markdown; numbers go in docs/performance.md. `--log FILE`
writes the host's log of every visit as tab-separated lines: run, variant, visit, the request's
arrival in seconds from the visit's start, path, status, bytes sent.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from bench.host import Host, by_file  # noqa: E402
from tools import dist  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.pages import TIMES_WATCH  # noqa: E402

OURS = "index.html?game=race&players=2&seats=medium,human"
BARE = "bench/bare/mpy.html"
VARIANTS = (("ours", OURS), ("bare", BARE))
FULL_SEARCH_WAIT = 90  # s from navigation start
SETTLE_WAIT = 180  # s at most for what the visit still fetches once the full search is up

# Lighthouse's mobile profile (its "slow 4G" and 4x CPU), in the units the protocol takes.
KBIT = 1024 / 8  # bytes per second in a kbit/s
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1638.4 * KBIT,
    "uploadThroughput": 750 * KBIT,
}
CPU_RATE = 4
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1200, "height": 900}}

WATCH = TIMES_WATCH.replace("MOVES_BEFORE", "0")  # times in window.__first

RESULT = """() => {
  const t = Object.assign({}, window.__first);
  const fcp = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
  t.fcp = fcp ? fcp.startTime : undefined;
  return t;
}"""

MEASURES = (
    ("fcp", "first contentful paint"),
    ("ready", "ready (`data-ready`)"),
    ("move", "the computer's first move"),
    ("computer", "quick worker up (`data-computer-ready`)"),
    ("worker", "full search up (`data-worker-ready`)"),
)


def network(shared_link: bool) -> dict:
    """The protocol's network conditions: with a shared link, the latency only (0 = no limit)."""
    if not shared_link:
        return NETWORK
    return dict(NETWORK, downloadThroughput=0, uploadThroughput=0)


class Throttle:
    """Lighthouse's mobile profile on a page and on every worker it starts (see the docstring).
    `accepted` counts, by target type and command, the targets that accepted or refused it."""

    def __init__(self, context, page, conditions: dict) -> None:
        self.conditions = conditions
        self.cdp = context.new_cdp_session(page)
        self.accepted = {}  # (target type, method) -> [accepted, refused]
        self.refusals = {}  # (target type, method) -> the first refusal's message
        self.pending = {}  # message id -> (target type, method)
        self.next_id = 0
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", conditions)
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
        self.count("page", "Network.emulateNetworkConditions", True)
        self.count("page", "Emulation.setCPUThrottlingRate", True)
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.receivedMessageFromTarget", self._answered)
        # The workers (dedicated and service) are held at their start until throttled.
        self.cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
        )

    def count(self, kind: str, method: str, ok: bool) -> None:
        self.accepted.setdefault((kind, method), [0, 0])[0 if ok else 1] += 1

    def _send(self, session: str, kind: str, method: str, params=None) -> None:
        self.next_id += 1
        self.pending[self.next_id] = (kind, method)
        message = json.dumps({"id": self.next_id, "method": method, "params": params or {}})
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})

    def _attached(self, event) -> None:
        session, kind = event["sessionId"], event["targetInfo"]["type"]
        self._send(session, kind, "Network.enable")
        self._send(session, kind, "Network.emulateNetworkConditions", self.conditions)
        self._send(session, kind, "Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
        self._send(session, kind, "Runtime.runIfWaitingForDebugger")

    def _answered(self, event) -> None:
        message = json.loads(event["message"])
        if "id" in message and message["id"] in self.pending:
            kind, method = self.pending.pop(message["id"])
            if method.startswith(("Network.emulate", "Emulation.")):
                self.count(kind, method, "error" not in message)
                if "error" in message:
                    self.refusals.setdefault((kind, method), message["error"].get("message"))


def wait_for(page, keys: tuple, timeout: float) -> bool:
    """Wait until the page has recorded all of `keys`; False if not within `timeout` seconds
    of now."""
    done = " && ".join(f"t.{k} !== undefined" for k in keys)
    try:
        page.wait_for_function(
            f"() => {{ const t = window.__first || {{}}; return {done}; }}",
            timeout=max(timeout, 1) * 1000,
        )
        return True
    except Exception as error:  # Playwright's TimeoutError
        if "Timeout" not in type(error).__name__:
            raise
        return False


def settle(page, host, mark: int, rate) -> None:
    """Wait until the visit has fetched all it fetches by itself: the service worker installed
    (if the page registers one) and the host quiet for 3 s after the throttled link would have
    delivered all it sent since `mark` (`rate`: bytes/s, None for no throttling); at most
    SETTLE_WAIT s in all."""
    end = time.monotonic() + SETTLE_WAIT
    page.evaluate(
        """wait => Promise.race([
          navigator.serviceWorker.getRegistration().then(r => r && navigator.serviceWorker.ready),
          new Promise(resolve => setTimeout(resolve, wait)),
        ])""",
        SETTLE_WAIT * 1000,
    )
    while time.monotonic() < end:
        busy_until = 0.0  # when the link would be done delivering the visit's responses
        for arrived, _, _, size in host.since(mark):
            busy_until = max(busy_until, arrived) + (size / rate if rate else 0)
        if host.now() > busy_until + 3:
            return
        time.sleep(0.5)


def visit(page, host, url: str, ours: bool, rate, reload: bool = False) -> dict:
    """One visit (a navigation to `url`, or a reload of it) and its figures: the page's times in
    seconds and the host's log of it."""
    mark, start = host.mark(), host.now()
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    result = {}
    if ours:
        wait_for(page, ("ready", "move", "computer"), 60)
        wait_for(page, ("worker",), FULL_SEARCH_WAIT - (host.now() - start))
    else:
        wait_for(page, ("ready",), 60)
    result.update(
        {k: v / 1000 for k, v in page.evaluate(RESULT).items() if isinstance(v, (int, float))}
    )
    settle(page, host, mark, rate)
    log = host.since(mark)
    result["log"] = [(t - start, path, status, size) for t, path, status, size in log]
    files = by_file(log)
    result["bytes"] = sum(size for _, size in files.values())
    if "move" in result:
        before = start + result["move"]
        result["before_move"] = sum(size for t, _, _, size in log if t <= before)
    result["twice"] = sorted(path for path, (count, _) in files.items() if count > 1)
    result["files"] = {path: size for path, (_, size) in files.items()}
    return result


def one_round(browser, host, base: str, name: str, path: str, desktop: bool, shared: bool) -> tuple:
    """(cold, reload, its Throttle or None) of one variant in a fresh context."""
    context = browser.new_context(**(DESKTOP if desktop else PHONE), service_workers="allow")
    context.add_init_script(WATCH)
    page = context.new_page()
    throttle = None if desktop else Throttle(context, page, network(shared))
    rate = None if desktop else NETWORK["downloadThroughput"]
    ours = name == "ours"
    cold = visit(page, host, f"{base}/{path}", ours, rate)
    if ours:  # the link opens its new game again on the reload
        page.evaluate("localStorage.clear()")
        page.evaluate(f"history.replaceState(null, '', {json.dumps(base + '/' + path)})")
    again = visit(page, host, f"{base}/{path}", ours, rate, reload=True)
    context.close()
    return cold, again, throttle


def spread(values: list, unit: str = "s") -> str:
    """The median with the range: "4.55 s (4.40–4.87)"; sizes in MB."""
    values = [v for v in values if v is not None]
    if not values:
        return "–"
    if unit == "MB":
        values = [v / 1e6 for v in values]
        return f"{statistics.median(values):.2f} MB ({min(values):.2f}–{max(values):.2f})"
    if unit == "":
        return f"{statistics.median(values):g} ({min(values):g}–{max(values):g})"
    return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})"


def median(values: list):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ratio(a, b) -> str:
    return "–" if a is None or not b else f"{a / b:.2f}"


def report(results: dict, runs: int, desktop: bool, http: str, accepted: dict, refusals) -> None:
    profile = (
        "desktop (no throttling, 1200x900)"
        if desktop
        else "phone (150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x; 390x844 at 3x, touch)"
    )
    print(f"{profile}, `make dist` over {http} with gzip; median of {runs} (range).\n")
    names = [n for n, _ in VARIANTS if n in results]
    head = " | ".join(f"{n} {mode}" for n in names for mode in ("cold", "reload"))
    print(f"| | {head} |")
    print("|---|" + "---|" * (2 * len(names)))
    for key, label in MEASURES:
        cells = []
        for n in names:
            for mode in ("cold", "reload"):
                runs_ = results[n][mode]
                if key == "worker" and n == "ours":
                    missing = sum(1 for r in runs_ if r.get(key) is None)
                    cell = spread([r.get(key) for r in runs_])
                    if missing:
                        cell += f", {missing} not within {FULL_SEARCH_WAIT} s"
                    cells.append(cell)
                else:
                    cells.append(spread([r.get(key) for r in runs_]))
        if any(c != "–" for c in cells):
            print(f"| {label} | " + " | ".join(cells) + " |")
    for key, label, unit in (
        ("bytes", "bytes the host sent for the visit", "MB"),
        ("before_move", "bytes sent before the computer's first move", "MB"),
    ):
        cells = [spread([r.get(key) for r in results[n][m]], unit) for n in names for m in
                 ("cold", "reload")]  # fmt: skip
        print(f"| {label} | " + " | ".join(cells) + " |")
    cells = [spread([len(r["twice"]) for r in results[n][m]], "") for n in names for m in
             ("cold", "reload")]  # fmt: skip
    print("| files sent more than once | " + " | ".join(cells) + " |")

    if "ours" in results and "bare" in results:
        print("\n| ready: ours / bare | cold | reload |")
        print("|---|---|---|")
        cells = [
            ratio(
                median([r.get("ready") for r in results["ours"][m]]),
                median([r.get("ready") for r in results["bare"][m]]),
            )
            for m in ("cold", "reload")
        ]
        print("| medians | " + " | ".join(cells) + " |")
    if "ours" in results:
        cold = results["ours"]["cold"]
        twice = sorted({path for r in cold for path in r["twice"]})
        print(f"\nFiles sent more than once in ours' cold visits ({len(twice)}):", ", ".join(twice))
        paths = {path for r in cold for path in r["files"]}
        sizes = {path: median([r["files"].get(path, 0) for r in cold]) for path in paths}
        top = sorted(sizes.items(), key=lambda kv: -kv[1])[:15]
        print("\n| ours, cold: file (top 15) | bytes sent (median) |")
        print("|---|---:|")
        for path, size in top:
            print(f"| {path} | {size:,.0f} |")
    if accepted:
        print("\nThrottled targets (accepted / refused), over all visits:")
        for (kind, method), (ok, refused) in sorted(accepted.items()):
            why = refusals.get((kind, method))
            print(f"- {kind} {method}: {ok} / {refused}" + (f" ({why})" if why else ""))


def write_log(name: str, results: dict) -> None:
    """The host's log of every visit, a line a response (see the docstring)."""
    with open(name, "w", encoding="utf-8") as f:
        f.write("run\tvariant\tvisit\tseconds\tpath\tstatus\tbytes\n")
        for variant, modes in results.items():
            for mode, visits in modes.items():
                for run, result in enumerate(visits, 1):
                    for t, path, status, size in result["log"]:
                        f.write(f"{run}\t{variant}\t{mode}\t{t:.3f}\t{path}\t{status}\t{size}\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", help="comma-separated variants (default: ours,bare)")
    parser.add_argument("--desktop", action="store_true", help="no throttling, a desktop window")
    parser.add_argument("--http1", action="store_true", help="plain HTTP/1.1 instead of HTTP/2")
    parser.add_argument("--dist", help="a built site to serve (default: tools/dist.py's, anew)")
    parser.add_argument("--log", help="write the host's log of every visit to this file")
    parser.add_argument(
        "--shared-link", action="store_true", help="the throughput from the host, one shared link"
    )
    args = parser.parse_args()
    variants = [v for v in VARIANTS if not args.only or v[0] in args.only.split(",")]
    temporary = None
    site = args.dist
    if not site:
        temporary = tempfile.TemporaryDirectory()
        site = os.path.join(temporary.name, "dist")
        dist.build(site)
    shared = args.shared_link and not args.desktop
    rate = NETWORK["downloadThroughput"] if shared else None
    host = Host(
        [("/bench/bare/", os.path.join(ROOT, "bench/bare")), ("/", site)], not args.http1, rate
    )
    base = host.start()
    results = {name: {"cold": [], "reload": []} for name, _ in variants}
    accepted, refusals = {}, {}  # over all visits: see Throttle
    # The host's own certificate, trusted (see bench/host.py's spki_hash).
    extra = [] if args.http1 else [f"--ignore-certificate-errors-spki-list={host.spki}"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + extra)
        for run in range(args.runs):
            for name, path in variants:
                cold, again, throttle = one_round(
                    browser, host, base, name, path, args.desktop, args.shared_link
                )
                results[name]["cold"].append(cold)
                results[name]["reload"].append(again)
                if throttle:
                    for key, (ok, refused) in throttle.accepted.items():
                        total = accepted.setdefault(key, [0, 0])
                        total[0] += ok
                        total[1] += refused
                    for key, why in throttle.refusals.items():
                        refusals.setdefault(key, why)
                brief = {k: round(v, 2) for k, v in cold.items() if isinstance(v, float)}
                print(
                    f"run {run + 1} {name}: cold {brief} {cold['bytes'] / 1e6:.2f} MB, "
                    f"reload ready {again.get('ready')}",
                    file=sys.stderr,
                )
        browser.close()
    host.stop()
    if args.log:
        write_log(args.log, results)
    http = ("HTTP/1.1" if args.http1 else "HTTP/2") + (", one shared link" if shared else "")
    report(results, args.runs, args.desktop, http, accepted, refusals)
    if temporary:
        temporary.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
