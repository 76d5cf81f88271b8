"""Boot times in Debian's Chromium: our page against bare PyScript pages on the same local runtimes.

Usage: .venv/bin/python bench/boot.py [--runs 5] [--site DIR]

One browser, one run. For each round, every variant is opened cold (a fresh context: empty HTTP
cache, no service worker), then reloaded warm, then opened warm in a new tab (the old one closed:
how a visitor usually comes back, the files then come from the HTTP cache or the service worker's,
not from the memory cache of the tab's renderer, which a same-tab reload reuses); the variants
take turns so that a busy machine slows them alike. Times are ms from navigation start, measured
in the page by an init script:

- first contentful paint (the Paint Timing API), when `#board svg` first exists, and the board's
  first paint (the first frame once it exists, never before the first contentful paint);
- `body[data-ready]` (the page's MicroPython is ready) and `body[data-worker-ready]` (the Pyodide
  worker answered its first call).

Variants: our index.html with a computer seat (a race, the person to move: the Pyodide worker
starts after ready, as in any game against the computer; warm = served by its service worker, as
a returning visitor gets it: with the worker stopped, as browsers stop an idle worker after about
30 s and our static routes never start it for a page load; the reload once more with the worker
started, as within seconds of its install), our page with service workers blocked (warm = the
HTTP cache only, like the bare pages), the bare MicroPython page (bench/bare/mpy.html: only sets
data-ready), the same with our inlined stylesheets and pre-drawn boards (bench/bare/board.html,
written from board.template.html at the start of each run: what the instant first paint costs on
its own), the same with our code and no markup (bench/bare/files.html and files.toml, written
from files.template.html and page.toml: the page's [files] and code bundle with its preloads,
importing what our page imports before it is ready: what running our Python costs on its own),
the two bare MicroPython pages once more with a service worker (bare-mpy-sw, bare-files-sw:
bench/bare/sw.js, written before each run from our worker's code, tools/sw.template.js, listing
exactly their files;
the bench registers it after the cold load: what answering those files from the cache costs any
page, whatever it does) and the bare worker page (bench/bare/worker.html: a named Pyodide worker
awaited by a MicroPython script, like ours).
Both languages: ours-de and ours-de-no-sw are the same visits to the German page
(index.de.html), and ours-de-browser a German browser (locale de-DE) opening index.html, whose
language chooser (static/js/language.js) loads index.de.html in its place: its times run from the
first navigation's start, so they include that redirect.
Targets: board painted <= 250 ms cold; our ready <= 1.0 x bare MicroPython's cold and
<= 1.25 x warm; a reload with our service worker <= 1.05 x one without; our worker <= 1.10 x the
bare worker's. The last row divides the service worker's cost to our page (ready with it / without
it) by its cost to the bare MicroPython page (bare-mpy-sw / bare-mpy): a reload served from Cache
Storage costs even the bare page 1.2 times (docs/performance.md), so the row is what our worker
adds to that. `--only ours,ours-no-sw,bare-mpy` runs some variants only. Prints markdown tables;
numbers go in docs/performance.md.
"""

import argparse
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from playwright.sync_api import sync_playwright  # noqa: E402

from tools import build_sw, predraw  # noqa: E402
from tools.browser import SW_ACTIVE, launch, serve  # noqa: E402

BOARD_PAGE = "bench/bare/board.html"  # written from board.template.html before each run
FILES_CONFIG = "bench/bare/files.toml"  # written from page.toml before each run
FILES_PAGE = "bench/bare/files.html"  # written from files.template.html before each run
BARE = "bench/bare"
BARE_SW = "bench/bare/sw.js"  # written from tools/sw.template.js before each run
BARE_SW_PAGES = ("bench/bare/mpy.html", FILES_PAGE)
REGISTER = "() => navigator.serviceWorker.register('sw.js')"

WATCH = """(() => {
  const t = (window.__boot = {});
  // A page that loads another in its place (the language chooser): times from the first one's
  // start (bootOrigin, cleared by the bench after each visit).
  const first = Number(sessionStorage.getItem('bootOrigin')) || performance.timeOrigin;
  sessionStorage.setItem('bootOrigin', String(first));
  t.shift = performance.timeOrigin - first;
  const look = () => {
    if (t.board === undefined && document.querySelector('#board svg')) {
      t.board = performance.now();
      requestAnimationFrame((frame) => { t.boardFrame = frame; });
    }
    const body = document.body;
    if (body) {
      if (t.ready === undefined && body.dataset.ready === '1') t.ready = performance.now();
      if (t.worker === undefined && body.dataset.workerReady === '1') t.worker = performance.now();
    }
  };
  new MutationObserver(look).observe(document, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ['data-ready', 'data-worker-ready'],
  });
  look();
})();"""

RESULT = """() => {
  const t = Object.assign({}, window.__boot);
  const fcp = performance.getEntriesByType('paint')
    .find(e => e.name === 'first-contentful-paint');
  t.fcp = fcp ? fcp.startTime : undefined;
  if (t.boardFrame !== undefined && t.fcp !== undefined)
    t.boardPaint = Math.max(t.boardFrame, t.fcp);
  for (const key of ['board', 'boardFrame', 'boardPaint', 'fcp', 'ready', 'worker']) {
    if (t[key] !== undefined) t[key] += t.shift;
  }
  sessionStorage.removeItem('bootOrigin');
  return t;
}"""

# name, path, waits for the worker, service workers allowed
VARIANTS = (
    ("ours", "index.html?game=race&seats=human,easy", True, True),
    ("ours-no-sw", "index.html?game=race&seats=human,easy", True, False),
    ("ours-de", "index.de.html?game=race&seats=human,easy", True, True),
    ("ours-de-no-sw", "index.de.html?game=race&seats=human,easy", True, False),
    ("ours-de-browser", "index.html?game=race&seats=human,easy", True, False),
    ("bare-mpy", "bench/bare/mpy.html", False, False),
    ("bare-mpy-sw", "bench/bare/mpy.html", False, True),
    ("bare-board", BOARD_PAGE, False, False),
    ("bare-files", FILES_PAGE, False, False),
    ("bare-files-sw", FILES_PAGE, False, True),
    ("bare-worker", "bench/bare/worker.html", True, False),
)
NAMES = [name for name, *_ in VARIANTS]
LOCALES = {"ours-de-browser": "de-DE"}  # the browser's language, where not Playwright's en-US
MEASURES = (
    ("boardPaint", "board painted"),
    ("fcp", "first contentful paint"),
    ("board", "`#board svg` exists"),
    ("ready", "`data-ready`"),
    ("worker", "`data-worker-ready`"),
)


def wait_done(page, worker: bool) -> dict:
    done = "t.ready !== undefined" + (" && t.worker !== undefined" if worker else "")
    page.wait_for_function(
        f"() => {{ const t = window.__boot || {{}}; return {done}; }}", timeout=120_000
    )
    page.wait_for_timeout(50)  # let the board's first frame and the paint entries land
    return page.evaluate(RESULT)


def one_round(browser, base: str, path: str, worker: bool, sw: bool, locale=None) -> tuple:
    """(cold, warm, warm with the service worker running, new tab) timings for one variant, in a
    fresh context (with the browser language `locale`, if given); the third is None without a
    service worker."""
    context = browser.new_context(
        viewport={"width": 1200, "height": 900},
        service_workers="allow" if sw else "block",
        **({"locale": locale} if locale else {}),
    )
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{base}/{path}", wait_until="commit")
    cold = wait_done(page, worker)
    running = None
    page_path = path.split("?")[0]
    folder = os.path.dirname(page_path)
    scope = f"{base}/{folder}/" if folder else f"{base}/"  # its service worker's scope
    if sw and page_path in BARE_SW_PAGES:  # the bare pages register none: the bench's (BARE_SW)
        page.evaluate(REGISTER)
    if sw:  # the visitor's second visit: everything from the service worker's cache
        assert page.evaluate(SW_ACTIVE), "the service worker did not take control"
        workers = ServiceWorkers(context, page)
        workers.set_running(False)  # as a returning visitor finds it (see the docstring)
    page.reload(wait_until="commit")
    warm = wait_done(page, worker)
    if sw:  # the same with the worker running, as within seconds of its install
        workers.set_running(True, scope)  # the worker of the page's folder
        page.reload(wait_until="commit")
        running = wait_done(page, worker)
        workers.set_running(False)
    # The returning visitor's usual way in: the link opened in a new tab, the old one closed, so
    # that the files come from the HTTP cache (or the service worker's), not from the memory of
    # the tab's renderer, which a same-tab reload reuses.
    page.close()
    page = context.new_page()
    page.goto(f"{base}/{path}", wait_until="commit")
    new_tab = wait_done(page, worker)
    context.close()
    return cold, warm, running, new_tab


class ServiceWorkers:
    """Stops or starts a context's service workers through the DevTools protocol."""

    def __init__(self, context, page) -> None:
        self.status = {}  # version id -> running status
        self.cdp = context.new_cdp_session(page)
        self.cdp.on("ServiceWorker.workerVersionUpdated", self._updated)
        self.cdp.send("ServiceWorker.enable")
        self.page = page

    def _updated(self, event) -> None:
        for version in event["versions"]:
            self.status[version["versionId"]] = version["runningStatus"]

    def set_running(self, running: bool, scope: str = "") -> None:
        if running:
            self.cdp.send("ServiceWorker.startWorker", {"scopeURL": scope})
        else:
            self.cdp.send("ServiceWorker.stopAllWorkers")
        want = "running" if running else "stopped"
        for _ in range(200):
            if self.status and want in self.status.values():
                if running or all(s == "stopped" for s in self.status.values()):
                    return
            self.page.wait_for_timeout(50)
        raise RuntimeError(f"the service worker is not {want}: {self.status}")


def median(runs: list, key: str):
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def spread(runs: list, key: str) -> str:
    """The median with the range: "1015 ms (812–1300)"."""
    values = [r[key] for r in runs if r.get(key) is not None]
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} ms ({min(values):.0f}–{max(values):.0f})"


def fmt(value) -> str:
    return "–" if value is None else f"{value:.0f} ms"


def ratio(a, b) -> str:
    return "–" if a is None or not b else f"{a / b:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", default=ROOT, help="folder to serve (default: the repository)")
    parser.add_argument(
        "--only", help="comma-separated variants to run (default: all): " + ", ".join(NAMES)
    )
    args = parser.parse_args()
    variants = [v for v in VARIANTS if not args.only or v[0] in args.only.split(",")]
    write_board_page(args.site)
    write_files_page(args.site)
    server, base = serve(args.site)
    results = {name: {"cold": [], "warm": [], "tab": []} for name, *_ in variants}
    if any(sw for *_, sw in variants):
        write_bare_sw(args.site)
        for name, *_, sw in variants:
            if sw:
                results[name + "-running"] = {"cold": [], "warm": [], "tab": []}
    with sync_playwright() as p:
        browser = launch(p)
        for _ in range(args.runs):
            for name, path, worker, sw in variants:
                locale = LOCALES.get(name)
                cold, warm, running, tab = one_round(browser, base, path, worker, sw, locale)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                results[name]["tab"].append(tab)
                if running is not None:
                    results[name + "-running"]["warm"].append(running)
        browser.close()
    server.shutdown()

    m = {
        (name, mode, key): median(results[name][mode], key)
        for name in results
        for mode in ("cold", "warm", "tab")
        for key, _ in MEASURES
    }
    print(
        f"Boot in Debian Chromium ({browser_version()}), median of {args.runs}, ms since "
        "navigation start:\n"
    )
    print("| page | measure | cold (range) | warm: reload (range) | warm: new tab (range) |")
    print("|---|---|---|---|---|")
    labels = {
        "ours": "ours (warm: service worker)",
        "ours-running": "ours (warm: service worker running)",
        "ours-no-sw": "ours, no service worker",
        "ours-de": "ours in German (warm: service worker)",
        "ours-de-running": "ours in German (warm: service worker running)",
        "ours-de-no-sw": "ours in German, no service worker",
        "ours-de-browser": "ours, German browser at index.html, no service worker",
        "bare-mpy": "bare MicroPython",
        "bare-mpy-sw": "bare MicroPython (warm: service worker)",
        "bare-mpy-sw-running": "bare MicroPython (warm: service worker running)",
        "bare-board": "bare MicroPython + pre-drawn board",
        "bare-files": "bare MicroPython + our files and imports",
        "bare-files-sw": "bare + our files and imports (warm: service worker)",
        "bare-files-sw-running": "bare + our files and imports (warm: service worker running)",
        "bare-worker": "bare Pyodide worker",
    }
    for name in results:
        for key, label in MEASURES:
            if all(m[(name, mode, key)] is None for mode in ("cold", "warm", "tab")):
                continue
            runs = results[name]
            print(
                f"| {labels[name]} | {label} | {spread(runs['cold'], key)} | "
                f"{spread(runs['warm'], key)} | {spread(runs['tab'], key)} |"
            )

    def get(name, mode, key):
        return m.get((name, mode, key))

    print("\n| ratio (target) | cold | warm: reload | warm: new tab |")
    print("|---|---|---|---|")
    for name, label in (("ours", "ours"), ("ours-de", "ours in German")):
        print(
            f"| board painted, {label} (≤ 250 ms cold) | {fmt(get(name, 'cold', 'boardPaint'))} | "
            f"{fmt(get(name, 'warm', 'boardPaint'))} | {fmt(get(name, 'tab', 'boardPaint'))} |"
        )
    rows = (
        ("ours", "ready", "bare-mpy", "ready: ours / bare MicroPython (≤ 1.0 cold, ≤ 1.25 warm)"),
        ("ours", "worker", "bare-worker", "worker: ours / bare worker (≤ 1.10)"),
        ("ours-no-sw", "ready", "bare-mpy", "ready: ours, no service worker / bare MicroPython"),
        ("ours-no-sw", "worker", "bare-worker", "worker: ours, no service worker / bare worker"),
        ("ours", "ready", "ours-no-sw", "ready: ours / ours without service worker (≤ 1.05 warm)"),
        ("ours-running", "ready", "ours-no-sw", "ready: the same, service worker running"),
        ("ours", "boardPaint", "ours-no-sw", "board painted: ours / ours without service worker"),
        ("bare-mpy-sw", "ready", "bare-mpy", "ready: bare MicroPython, service worker / without"),
        ("bare-mpy-sw-running", "ready", "bare-mpy", "ready: the same, service worker running"),
        ("bare-files-sw", "ready", "bare-files", "ready: bare + our files, service worker / not"),
        ("bare-files-sw-running", "ready", "bare-files", "ready: the same, service worker running"),
        ("bare-board", "ready", "bare-mpy", "ready: bare + pre-drawn board / bare MicroPython"),
        ("bare-files", "ready", "bare-mpy", "ready: bare + our files / bare MicroPython"),
        ("ours", "ready", "bare-files", "ready: ours / bare + our files and imports"),
        ("ours-de", "ready", "bare-mpy", "ready: ours in German / bare MicroPython"),
        (
            "ours-de-no-sw",
            "ready",
            "bare-mpy",
            "ready: German, no service worker / bare MicroPython",
        ),
        ("ours-de", "ready", "ours", "ready: ours in German / in English"),
        ("ours-de", "boardPaint", "ours", "board painted: ours in German / in English"),
        ("ours-de-no-sw", "ready", "ours-no-sw", "ready: German / English, no service worker"),
        (
            "ours-de-browser",
            "boardPaint",
            "ours-no-sw",
            "board painted: German browser at index.html / English",
        ),
        ("ours-de-browser", "ready", "ours-no-sw", "ready: German browser at index.html / English"),
    )
    for ours, key, other, label in rows:
        print(
            f"| {label} | "
            + " | ".join(
                ratio(get(ours, mode, key), get(other, mode, key))
                for mode in ("cold", "warm", "tab")
            )
            + " |"
        )

    def sw_cost(with_sw, without, mode):  # ready with the service worker / without it
        a, b = get(with_sw, mode, "ready"), get(without, mode, "ready")
        return a / b if a is not None and b else None

    if all(name in results for name in ("ours", "ours-no-sw", "bare-mpy", "bare-mpy-sw")):
        # What our worker costs our page, over what a worker serving the cache costs a bare page.
        cells = []
        for mode in ("cold", "warm", "tab"):
            ours = sw_cost("ours", "ours-no-sw", mode)
            bare = sw_cost("bare-mpy-sw", "bare-mpy", mode)
            cells.append("–" if ours is None or bare is None else f"{ours / bare:.2f}")
        label = "service worker's cost (ready with / without): ours / bare MicroPython's"
        print(f"| {label} | " + " | ".join(cells) + " |")
    return 0


def write_board_page(site: str) -> None:
    """The bare page with our first paint: its template with today's styles and boards."""
    with open(os.path.join(site, "bench/bare/board.template.html"), encoding="utf-8") as f:
        html = predraw.predrawn(f.read(), BOARD_PAGE)
    with open(os.path.join(site, BOARD_PAGE), "w", encoding="utf-8") as f:
        f.write(html)


def files_page(config: str, template: str) -> tuple:
    """(files.toml, files.html) of the bare page with our files, from page.toml's text and
    the page's template: the same runtime and [files], their sources led from bench/bare/, and
    the preloads index.html has for them."""
    out = ["# Written by bench/boot.py from page.toml: its runtime and [files]."]
    for line in config.splitlines():
        if line.startswith("#"):
            continue
        if line.startswith('interpreter = "./') or line.startswith('"./'):
            line = line.replace('"./', '"../../', 1)  # a source: from this config's folder
        out.append(line)
    toml = "\n".join(out) + "\n"
    return toml, predraw.with_preloads(template, toml, base="../../")


def write_files_page(site: str) -> None:
    """Write bench/bare/files.toml and files.html into `site` (see files_page)."""
    with open(os.path.join(site, "page.toml"), encoding="utf-8") as f:
        config = f.read()
    with open(os.path.join(site, "bench/bare/files.template.html"), encoding="utf-8") as f:
        template = f.read()
    toml, html = files_page(config, template)
    for name, text in ((FILES_CONFIG, toml), (FILES_PAGE, html)):
        with open(os.path.join(site, name), "w", encoding="utf-8") as f:
            f.write(text)


def bare_sw(site: str) -> str:
    """The text of BARE_SW: our service worker's code (tools/sw.template.js, as tools/build_sw.py
    fills it in) listing exactly the files of the bare pages BARE_SW_PAGES (paths from
    bench/bare/), so that a bare page served by it shows what any service worker that answers from
    the cache costs those files, whatever the page does."""
    linked = set().union(*(build_sw.page_references(site, page) for page in BARE_SW_PAGES))
    configs = [ref for ref in linked if ref.endswith(".toml")]
    files = build_sw.page_files(site, BARE_SW_PAGES, configs)
    listing = sorted(os.path.relpath(f, BARE).replace(os.sep, "/") for f in files)
    with open(build_sw.TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    version = build_sw.cache_version(site, sorted(files), template)
    return build_sw.fill(template, version, listing, {})


def write_bare_sw(site: str) -> None:
    with open(os.path.join(site, BARE_SW), "w", encoding="utf-8") as f:
        f.write(bare_sw(site))


def browser_version() -> str:
    try:
        import subprocess

        from tools.browser import CHROMIUM

        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=10)
        return out.stdout.split()[1]
    except Exception:  # the version is decoration
        return "unknown version"


if __name__ == "__main__":
    sys.exit(main())
