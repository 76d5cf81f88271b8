"""A local static host for the benchmarks that serves files as GitHub Pages does, and logs them.

bench/phone.py serves `make dist`'s output (tools/dist.py) with it, so that what a visit costs is
what a visitor of the published site downloads:

- gzip for text and wasm, decided by the file's type as GitHub Pages decides it by MIME type:
  pages, scripts, styles, configs, JSON, Python sources, SVG, the web manifest and WebAssembly are
  sent compressed to a browser that accepts gzip; the files whose type is binary or already
  compressed (MicroPython bytecode `.mpy` and Pyodide's `snapshot.bin`, both served as
  application/octet-stream, `python_stdlib.zip`, the PNG icons) are sent as they are (`COMPRESSED`
  lists the extensions; the assumption is GitHub Pages' set of compressed MIME types, which is
  text/*, JavaScript, JSON, XML/SVG, the manifest and application/wasm);
- `Cache-Control: max-age=600` (GitHub Pages' ten minutes), an `ETag` and a `Last-Modified` on
  every file, and `304 Not Modified` to a request that revalidates with either;
- HTTP/2 over TLS (a self-signed certificate made with `openssl` at start, which the browser
  is told to trust: `spki`), as GitHub Pages and most static hosts speak, through
  hypercorn (pinned in requirements-dev.txt); `http2=False` serves plain HTTP/1.1 instead.

`rate` (bytes/s), if given, makes the host a link of that throughput shared by all it sends: each
response's body goes out in chunks of CHUNK bytes, each waiting its turn on the link, so that
responses sent at the same time share it (as the page, its workers and its service worker share a
phone's radio; Chromium's own throttling is a link per target).

Every response goes into `Host.log` as (seconds since the host started when the request arrived,
path, status, bytes of body sent): the body as sent, compressed where it was; headers not counted.
`mark()` and `since(mark)` cut the log into visits.
"""

import asyncio
import base64
import email.utils
import gzip
import hashlib
import mimetypes
import os
import socket
import subprocess
import tempfile
import threading
import time
from urllib.parse import unquote

# The extensions sent gzip-compressed (see the docstring).
COMPRESSED = frozenset(
    "html htm js mjs css toml json py svg webmanifest txt md xml wasm map".split()
)
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".mpy": "application/octet-stream",
    ".bin": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
MAX_AGE = 600  # GitHub Pages' Cache-Control: max-age
CHUNK = 16 * 1024  # bytes a response sends at a time on a throttled link


def compresses(path: str) -> bool:
    """True when the host sends `path` gzip-compressed to a browser that accepts it."""
    return path.rsplit("/", 1)[-1].rpartition(".")[2].lower() in COMPRESSED


def content_type(path: str) -> str:
    ext = os.path.splitext(path)[1].lower()
    found = TYPES.get(ext) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    if found.startswith("text/") or found in ("application/toml", "application/json"):
        found += "; charset=utf-8"
    return found


def not_modified(headers: dict, etag: str, mtime: float) -> bool:
    """True when a request with these (lower-cased) headers may be answered 304: its
    If-None-Match names the file's ETag, or (without If-None-Match) its If-Modified-Since is not
    older than the file's whole-second modification time."""
    match = headers.get("if-none-match")
    if match is not None:
        return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
    since = headers.get("if-modified-since")
    if since:
        try:
            when = email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
        return int(mtime) <= when
    return False


def resolve(roots: list, path: str):
    """The file serving URL path `path` from `roots`, a list of (URL prefix, folder) tried in
    order, or None; a folder serves its index.html. Paths that climb out of a folder are refused."""
    path = unquote(path.split("?")[0])
    for prefix, folder in roots:
        if not path.startswith(prefix):
            continue
        rel = path[len(prefix) :].lstrip("/")
        full = os.path.normpath(os.path.join(folder, rel))
        if os.path.commonpath([full, os.path.abspath(folder)]) != os.path.abspath(folder):
            return None
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        if os.path.isfile(full):
            return full
    return None


def by_file(entries: list) -> dict:
    """{path: (times sent with a body, bytes sent)} of log entries; a 304 counts as no sending."""
    files = {}
    for _, path, status, size in entries:
        count, total = files.get(path, (0, 0))
        if status == 200:
            count += 1
        files[path] = (count, total + size)
    return files


class Host:
    """Serves `roots` ([(URL prefix, folder)], the first match wins) on a loopback port."""

    def __init__(self, roots: list, http2: bool = True, rate: float = None) -> None:
        self.roots = [(prefix, os.path.abspath(folder)) for prefix, folder in roots]
        self.http2 = http2
        self.rate = rate  # bytes/s of the shared link, None for none
        self._link_free = 0.0  # the event loop's time when the link is free again
        self.log = []  # (request's arrival in seconds since start, path, status, body bytes sent)
        self.started = time.monotonic()
        self._gzipped = {}  # (file, mtime) -> compressed bytes
        self._lock = threading.Lock()

    # -- the log --

    def mark(self) -> int:
        """A point in the log: `since(mark)` is what was sent after it."""
        with self._lock:
            return len(self.log)

    def since(self, mark: int) -> list:
        with self._lock:
            return list(self.log[mark:])

    def now(self) -> float:
        """Seconds since the host started, as the log counts them."""
        return time.monotonic() - self.started

    # -- the ASGI application --

    async def app(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        arrived = time.monotonic() - self.started
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        status, out, body = self.answer(scope["method"], scope["path"], headers)
        await send({"type": "http.response.start", "status": status, "headers": out})
        if self.rate:
            sent = await self._paced(send, receive, body)
        else:
            await send({"type": "http.response.body", "body": body})
            sent = len(body)
        with self._lock:
            self.log.append((arrived, scope["path"], status, sent))

    async def _paced(self, send, receive, body: bytes) -> int:
        """Send `body` a chunk at a time, each when the shared link has carried it: a chunk books
        the link after whatever was booked before it, so concurrent responses interleave. A
        browser that drops the download midway (its stream reset) gets no more of it: returns
        the bytes sent."""
        loop = asyncio.get_running_loop()
        gone = asyncio.ensure_future(_disconnected(receive))
        sent = 0
        try:
            for start in range(0, max(len(body), 1), CHUNK):
                if gone.done():
                    break
                chunk = body[start : start + CHUNK]
                now = loop.time()
                self._link_free = max(self._link_free, now) + len(chunk) / self.rate
                await asyncio.sleep(self._link_free - now)
                more = start + CHUNK < len(body)
                await send({"type": "http.response.body", "body": chunk, "more_body": more})
                sent += len(chunk)
        finally:
            gone.cancel()
        return sent

    def answer(self, method: str, path: str, headers: dict) -> tuple:
        """(status, headers as byte pairs, body) for a request."""
        file = resolve(self.roots, path) if method in ("GET", "HEAD") else None
        if file is None:
            return 404, [(b"content-type", b"text/plain")], b"not found"
        stat = os.stat(file)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        out = [
            (b"cache-control", f"max-age={MAX_AGE}".encode()),
            (b"etag", etag.encode()),
            (b"last-modified", email.utils.formatdate(stat.st_mtime, usegmt=True).encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        if not_modified(headers, etag, stat.st_mtime):
            return 304, out, b""
        out.append((b"content-type", content_type(file).encode()))
        body = self._body(file, stat.st_mtime_ns)
        if compresses(file) and "gzip" in headers.get("accept-encoding", ""):
            body = self._gzip(file, stat.st_mtime_ns, body)
            out.append((b"content-encoding", b"gzip"))
        out.append((b"content-length", str(len(body)).encode()))
        return 200, out, b"" if method == "HEAD" else body

    def _body(self, file: str, mtime: int) -> bytes:
        with open(file, "rb") as f:
            return f.read()

    def _gzip(self, file: str, mtime: int, body: bytes) -> bytes:
        """The file compressed (level 6, as common hosts use), kept while it is unchanged."""
        key = (file, mtime)
        if key not in self._gzipped:
            self._gzipped[key] = gzip.compress(body, compresslevel=6, mtime=0)
        return self._gzipped[key]

    # -- running it --

    def start(self) -> str:
        """Serve in a thread of its own; returns the base URL (https:// for HTTP/2)."""
        from hypercorn.asyncio import serve
        from hypercorn.config import Config

        with socket.socket() as s:  # a free port
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        config = Config()
        config.bind = [f"127.0.0.1:{port}"]
        config.accesslog = None
        config.errorlog = None
        config.keep_alive_timeout = 60
        scheme = "http"
        if self.http2:
            self._certs = tempfile.TemporaryDirectory()
            config.certfile, config.keyfile = self_signed(self._certs.name)
            self.spki = spki_hash(config.certfile)
            config.alpn_protocols = ["h2", "http/1.1"]
            scheme = "https"
        ready = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            self._stop = asyncio.Event()
            loop.call_soon(ready.set)
            loop.run_until_complete(serve(self.app, config, shutdown_trigger=self._stop.wait))
            loop.close()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait()
        for _ in range(100):  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        return f"{scheme}://127.0.0.1:{port}"

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=10)


async def _disconnected(receive) -> None:
    """Returns once the client has gone (ASGI's http.disconnect: a reset stream, a closed
    connection)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def spki_hash(cert: str) -> str:
    """The base64 SHA-256 of the certificate's public key, as Chromium's
    --ignore-certificate-errors-spki-list takes it: a browser given it trusts this certificate as
    if a root had signed it, so it keeps the host's files in its HTTP cache (it keeps none from a
    host whose certificate it merely ignores)."""
    key = subprocess.run(
        ["openssl", "x509", "-in", cert, "-pubkey", "-noout"], check=True, capture_output=True
    ).stdout
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=key, check=True, capture_output=True
    ).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def self_signed(folder: str) -> tuple:
    """(certificate, key) files of a self-signed certificate for 127.0.0.1, made with openssl."""
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
         "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key
