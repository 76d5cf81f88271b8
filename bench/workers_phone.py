"""The computer's workers on a phone: when each is up after a cold visit, and what each fetched.

Usage: .venv/bin/python bench/workers_phone.py [--runs 5] [--variant NAME ...]
       [--site NAME=DIR ...] [--link URL] [--sw]

A first visit (a fresh browser profile: empty HTTP cache) to a game with a computer seat, in
Debian's Chromium driven over the DevTools protocol, with the phone profile of issue 51: the CPU
four times slower (`Emulation.setCPUThrottlingRate` on the page AND on each of its workers, which
are attached as they start with `Target.setAutoAttach`, flat sessions, paused until throttled),
150 ms round trip, 204,800 bytes/s down, 96,000 up (`Network.emulateNetworkConditions`, on the
page and its workers), a 390x844 touch screen. The site is a build of `tools/dist.py` served by a
local host that compresses as GitHub Pages does (gzip for text and wasm, `Cache-Control:
max-age=600`), over HTTP/1.1 (six connections to the host, shared by the page and its workers).
The service worker is blocked unless `--sw` (its precache is another part's work and is not
throttled by the page's profile: it would only blur these figures). Limits: Chromium throttles
each target on its own, so the page and each worker get 204,800 bytes/s each (optimistic while
they download at once); and the throttling is the browser's, past the socket, so the host may
write more of a download the browser drops midway than reached it ("host sent" against
"browser received").

Prints, per variant, medians over the runs (ms from navigation start): the page's `data-ready`,
the quick worker up (`data-computer-ready`) and the full search up (`data-worker-ready`), the
bytes the host sent and those the browser received; then, for the last run, the requests of
the workers and of the page after it is ready: file, asked and done (ms), bytes on the wire,
from the HTTP cache ("disk") or dropped midway.

Variants (each a copy of the build, changed as said; the default runs "shipped"):
  shipped     the build as it is
  nosnapshot  worker.toml starts the plain pyodide.mjs: no snapshot.bin
"""

import argparse
import base64
import gzip
import http.server
import json
import os
import queue
import shutil
import socket
import socketserver
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tools import dist  # noqa: E402
from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.pages import TIMES_WATCH  # noqa: E402

LINK = "index.html?game=race&players=2&seats=medium,human"
RTT_MS = 150
DOWN = 204800  # bytes/s
UP = 96000
CPU = 4
# GitHub Pages compresses text and wasm, not zips nor unknown binaries: those are sent as they are.
GZIP_TYPES = (
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".toml",
    ".txt",
    ".py",
    ".svg",
    ".wasm",
    ".webmanifest",
)

WATCH = TIMES_WATCH.replace("MOVES_BEFORE", "0")


# -- a host that compresses like GitHub Pages, and logs what it sent ----------------------------
class Host(http.server.SimpleHTTPRequestHandler):
    log = None  # list of (seconds, path, bytes sent)
    cache = {}  # path -> gzip bytes
    refused = ()  # paths answered 404

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:
        path = self.translate_path(self.path)
        name = self.path.split("?")[0]
        gz = "gzip" in self.headers.get("Accept-Encoding", "")
        if name in self.refused:
            return self.send_error(404)
        if not (gz and os.path.isfile(path) and name.endswith(GZIP_TYPES)):
            size = os.path.getsize(path) if os.path.isfile(path) else 0
            self.log.append((time.monotonic(), name, size))
            return super().do_GET()
        body = self.cache.get(path)
        if body is None:
            with open(path, "rb") as f:
                body = self.cache[path] = gzip.compress(f.read(), 6)
        self.log.append((time.monotonic(), name, len(body)))
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        pass


def serve(directory: str):
    handler = type("H", (Host,), {"log": [], "cache": {}})

    def make(*args, **kwargs):
        return handler(*args, directory=directory, **kwargs)

    server = Server(("127.0.0.1", 0), make)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler, f"http://127.0.0.1:{server.server_address[1]}"


# -- the DevTools protocol over a WebSocket (the standard library only) -------------------------
class CDP:
    def __init__(self, url: str) -> None:
        host, _, rest = url[len("ws://") :].partition("/")
        h, _, p = host.partition(":")
        self.sock = socket.create_connection((h, int(p)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        self.next_id = 0
        self.pending = {}
        self.events = queue.Queue()
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _recv(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                b0, b1 = self._recv(2)
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack(">H", self._recv(2))[0]
                elif n == 127:
                    n = struct.unpack(">Q", self._recv(8))[0]
                buffer += self._recv(n)
                if not b0 & 0x80:
                    continue
                message, buffer = json.loads(buffer), b""
                if "id" in message:
                    self.pending.pop(message["id"]).put(message)
                else:
                    self.events.put(message)
        except (EOFError, OSError):
            pass

    def send(self, method: str, params=None, session=None, wait=True):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            box = self.pending[ident] = queue.Queue()
            message = {"id": ident, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            data = json.dumps(message).encode()
            mask = os.urandom(4)
            n = len(data)
            head = bytes([0x81])
            if n < 126:
                head += bytes([0x80 | n])
            elif n < 65536:
                head += bytes([0x80 | 126]) + struct.pack(">H", n)
            else:
                head += bytes([0x80 | 127]) + struct.pack(">Q", n)
            masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            self.sock.sendall(head + mask + masked)
        if not wait:
            return None
        reply = box.get(timeout=60)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})


def start_browser(profile: str):
    args = [
        CHROMIUM,
        "--headless",
        "--remote-debugging-port=0",
        f"--user-data-dir={profile}",
        *CHROMIUM_ARGS,
        "about:blank",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(300):
        if os.path.exists(port_file):
            lines = open(port_file).read().split("\n")
            if len(lines) >= 2 and lines[1]:
                return proc, f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("Chromium did not start")


# -- one visit ----------------------------------------------------------------------------------
def visit(cdp: CDP, url: str, timeout: float = 180.0) -> dict:
    context = cdp.send("Target.createBrowserContext", {"disposeOnDetach": True})["browserContextId"]
    target = cdp.send("Target.createTarget", {"url": "about:blank", "browserContextId": context})[
        "targetId"
    ]
    page = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    names = {page: "page"}
    requests = {}  # (session, requestId) -> dict

    def profile(session: str, is_page: bool) -> None:
        # A paused worker answers once it runs: its commands are sent without waiting, in order.
        wait = is_page
        cdp.send("Network.enable", {}, session, wait)
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": RTT_MS,
                "downloadThroughput": DOWN,
                "uploadThroughput": UP,
            },
            session,
            wait,
        )
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU}, session, wait)
        if is_page:
            cdp.send(
                "Emulation.setDeviceMetricsOverride",
                {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
                session,
            )
            cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True}, session)
            cdp.send("Page.enable", {}, session)
            cdp.send("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH}, session)
        cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True},
            session,
            wait,
        )

    profile(page, True)
    cdp.send("Page.navigate", {"url": url}, page)
    start = time.monotonic()
    first = {}
    while time.monotonic() - start < timeout:
        try:
            event = cdp.events.get(timeout=0.25)
        except queue.Empty:
            event = None
        if event:
            method, params, session = (
                event["method"],
                event.get("params", {}),
                event.get("sessionId"),
            )
            if method == "Target.attachedToTarget":
                child, info = params["sessionId"], params["targetInfo"]
                if session is None:  # the page itself, attached above
                    continue
                names[child] = info["type"] + " " + info.get("url", "")[-40:]
                if info["type"] == "worker":
                    profile(child, False)
                cdp.send("Runtime.runIfWaitingForDebugger", {}, child, wait=False)
            elif method == "Network.requestWillBeSent":
                requests[(session, params["requestId"])] = {
                    "url": params["request"]["url"],
                    "who": session,
                    "bytes": 0,
                    "cache": "",
                    "t": params["timestamp"],
                }
            elif method == "Network.responseReceived":
                r = requests.get((session, params["requestId"]))
                if r is not None:
                    resp = params["response"]
                    r["cache"] = ("disk" if resp.get("fromDiskCache") else "") + (
                        "sw" if resp.get("fromServiceWorker") else ""
                    )
                    r["status"] = resp.get("status")
            elif method == "Network.dataReceived":
                r = requests.get((session, params["requestId"]))
                if r is not None:  # what reached the page, a download dropped midway included
                    r["seen"] = r.get("seen", 0) + params.get("encodedDataLength", 0)
            elif method == "Network.loadingFailed":
                r = requests.get((session, params["requestId"]))
                if r is not None:
                    r["cache"] = "dropped"
                    r["end"] = params["timestamp"]
            elif method == "Network.loadingFinished":
                r = requests.get((session, params["requestId"]))
                if r is not None:
                    r["bytes"] = params.get("encodedDataLength", 0)
                    r["end"] = params["timestamp"]
        else:
            first = cdp.send(
                "Runtime.evaluate",
                {"expression": "JSON.stringify(window.__first)", "returnByValue": True},
                page,
            )
            first = json.loads(first["result"].get("value") or "{}")
            if "worker" in first:
                break
    cdp.send("Target.closeTarget", {"targetId": target})
    cdp.send("Target.disposeBrowserContext", {"browserContextId": context})
    origin = min((r["t"] for r in requests.values()), default=0)  # the page's own request
    for r in requests.values():
        r["who"] = names.get(r["who"], r["who"])
        r["t"] = (r["t"] - origin) * 1000
        r["end"] = (r.get("end", origin) - origin) * 1000
    return {"first": first, "requests": list(requests.values())}


def variant_site(build: str, variant: str, where: str) -> str:
    site = os.path.join(where, variant)
    shutil.copytree(build, site)
    if variant == "nosnapshot":
        path = os.path.join(site, "worker.toml")
        text = open(path).read().replace("pyodide/start.mjs", "pyodide/pyodide.mjs")
        open(path, "w").write(text)
    elif variant != "shipped":
        raise SystemExit(f"unknown variant {variant}")
    return site


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        help="NAME=DIR: a build of tools/dist.py measured as variant NAME, "
        "beside the others (repeatable; e.g. a build of an older commit)",
    )
    parser.add_argument("--variant", action="append")
    parser.add_argument("--link", default=LINK)
    parser.add_argument("--sw", action="store_true", help="let the service worker register")
    args = parser.parse_args()
    others = dict(s.split("=", 1) for s in args.site)
    variants = (args.variant or ([] if others else ["shipped"])) + list(others)
    where = tempfile.mkdtemp(prefix="workers-phone-")
    try:
        build = os.path.join(where, "build")
        if args.variant or not others:
            dist.build(build)
        sites = {v: others.get(v) or variant_site(build, v, where) for v in variants}
        hosts = {v: serve(site) for v, site in sites.items()}
        proc, ws = start_browser(os.path.join(where, "profile"))
        try:
            cdp = CDP(ws)
            results = {v: [] for v in variants}
            for run in range(args.runs):
                for v in variants:  # the variants take turns: a busy machine slows them alike
                    server, handler, base = hosts[v]
                    del handler.log[:]
                    handler.refused = () if args.sw else ("/sw.js",)
                    got = visit(cdp, f"{base}/{args.link}")
                    got["sent"] = sum(b for _, _, b in handler.log)
                    # What reached the browser: the host may have written more of a download the
                    # browser dropped midway (the throttling is the browser's, past the socket).
                    got["received"] = sum(r["bytes"] or r.get("seen", 0) for r in got["requests"])
                    got["log"] = list(handler.log)
                    results[v].append(got)
                    f = got["first"]
                    print(
                        f"run {run + 1} {v}: ready {f.get('ready', 0):.0f}, quick worker "
                        f"{f.get('computer', 0):.0f}, full search {f.get('worker', 0):.0f} ms; "
                        f"host sent {got['sent'] / 1e6:.2f} MB",
                        flush=True,
                    )
        finally:
            proc.terminate()
            proc.wait()
        print()
        print(
            f"| variant (medians of {args.runs}, ms) | ready | quick worker up | "
            "quick - ready | full search up | host sent, MB | browser received, MB |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for v in variants:
            rs = [r["first"] for r in results[v]]

            def med(key, rs=rs):
                vals = [r[key] for r in rs if key in r]
                return statistics.median(vals) if vals else float("nan")

            gaps = [r["computer"] - r["ready"] for r in rs if "computer" in r and "ready" in r]
            sent = statistics.median(r["sent"] for r in results[v])
            received = statistics.median(r["received"] for r in results[v])
            print(
                f"| {v} | {med('ready'):,.0f} | {med('computer'):,.0f} | "
                f"{statistics.median(gaps) if gaps else float('nan'):,.0f} | "
                f"{med('worker'):,.0f} | {sent / 1e6:.2f} | {received / 1e6:.2f} |"
            )
        for v in variants:
            last = results[v][-1]
            print(
                f"\n{v}, last run: the workers' requests (asked and done, ms after the page's "
                f"request; bytes on the wire; disk = HTTP cache); ready at "
                f"{last['first'].get('ready', 0):.0f}, quick worker up at "
                f"{last['first'].get('computer', 0):.0f}"
            )
            for r in sorted(last["requests"], key=lambda r: r["t"]):
                if r["who"] == "page" and r["t"] < last["first"].get("ready", 0):
                    continue  # the page's own boot
                got = r["bytes"] or r.get("seen", 0)
                print(
                    f"  {r['who'][-14:]:>14} {r['url'].split('/', 3)[-1][:48]:48} "
                    f"{r['t']:>7,.0f} {r['end']:>7,.0f} {got:>9,} {r['cache']}"
                )
            page_bytes = sum(r["bytes"] for r in last["requests"] if r["who"] == "page")
            print(f"  the page's own requests: {page_bytes:,} bytes")
    finally:
        shutil.rmtree(where, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
