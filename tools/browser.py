"""Shared by e2e tests and benchmarks: a static file server and Debian Chromium's launch flags."""

import functools
import http.server
import os
import socketserver
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("LOTUS_CHROMIUM", "/usr/bin/chromium")
# Chromium's own pages that a headless browser still renders: each new browser context starts
# the address bar's suggestion popups as WebUI pages in two renderer processes of their own, about
# as much CPU as opening our page (docs/performance.md). Nothing a page or a test sees.
UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


def _playwright_disabled_features() -> list:
    """The features Playwright's own switches disable (its driver's chromiumSwitches.js): Chromium
    keeps only the last --disable-features, so ours must repeat them."""
    import re

    try:
        import playwright

        path = os.path.join(
            os.path.dirname(playwright.__file__),
            "driver/package/lib/server/chromium/chromiumSwitches.js",
        )
        with open(path) as f:
            text = f.read()
    except (ImportError, OSError):
        return []
    listed = re.search(r"disabledFeatures = [^\[]*\[(.*?)\]", text, re.S)
    return re.findall(r'^\s*"(\w+)"', listed.group(1), re.M) if listed else []


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-features=" + ",".join(_playwright_disabled_features() + UNUSED_FEATURES),
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    delays = {}  # file name -> seconds, or an Event, to wait for before answering (for tests)
    log = None  # a list to append (path, status, body bytes) to for each GET answered, or None

    def log_message(self, *args) -> None:  # keep test and bench output readable
        pass

    def log_request(self, code="-", size="-") -> None:
        if self.log is not None and self.command == "GET":
            status = int(getattr(code, "value", code))
            path = self.path.split("?")[0]
            body = 0
            if status == 200:
                try:
                    body = os.path.getsize(self.translate_path(self.path))
                except OSError:
                    pass
            self.log.append((path, status, body))

    def do_GET(self) -> None:
        name = self.path.split("?")[0].rsplit("/", 1)[-1]
        delay = self.delays.get(name)
        if isinstance(delay, threading.Event):
            delay.wait()
        elif delay:
            time.sleep(delay)
        super().do_GET()


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        """A browser that drops a connection (page closed mid-download) is not an error."""
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


SW_ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const active = registration.active;
  if (active.state !== 'activated') await new Promise(resolve =>
    active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
  return navigator.serviceWorker.controller !== null;
}"""
"""Page script: wait until the page's service worker is active; True when it controls the page."""


def serve(directory: str = ROOT, port: int = 0, delays=None, log=None) -> tuple:
    """Serve `directory` on a loopback port (0 = any free one); returns (server, base_url).

    `delays` maps file names to seconds the server waits before sending them, e.g.
    {"micropython.wasm": 3} to make the page's boot slow, or to a threading.Event the server waits
    for: the file is held back until the caller sets the event, however slow the machine is.
    `log`: a list the server appends (path, status, bytes of the body sent) to for each GET, so
    that a test or bench can count what a visit downloaded (a 304 sends no body: 0 bytes).
    """
    attributes = {"delays": dict(delays or {}), "log": log}
    handler_class = type("Handler", (_QuietHandler,), attributes)
    handler = functools.partial(handler_class, directory=directory)
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def launch(playwright):
    """Launch Debian's Chromium headless with the flags this closed network needs."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
