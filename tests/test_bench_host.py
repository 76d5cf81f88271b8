"""bench/host.py, the phone bench's static host: it must send what GitHub Pages would send (gzip
for text and wasm only, 304 to a revalidation), count what it sent, and share a throttled link
between the responses it sends at once."""

import asyncio
import email.utils
import gzip
import os
import threading
import time

from tests.support.files import bench

host = bench("host")


def test_text_and_wasm_are_compressed_binary_and_archives_are_not():
    for path in ("/index.html", "/a/b.js", "/x.mjs", "/s.css", "/pyscript.toml", "/p.py",
                 "/m.webmanifest", "/i.svg", "/l.json", "/static/vendor/m.wasm"):  # fmt: skip
        assert host.compresses(path), path
    for path in ("/build/mpy/lotus/x.mpy", "/snapshot.bin", "/python_stdlib.zip", "/icon.png"):
        assert not host.compresses(path), path


def test_a_revalidation_is_not_modified_only_for_the_same_file():
    etag, mtime = '"1a-2b"', 1_700_000_000.5
    assert host.not_modified({"if-none-match": '"1a-2b"'}, etag, mtime)
    assert host.not_modified({"if-none-match": '"x", "1a-2b"'}, etag, mtime)
    assert not host.not_modified({"if-none-match": '"1a-2c"'}, etag, mtime)
    same = email.utils.formatdate(int(mtime), usegmt=True)
    older = email.utils.formatdate(mtime - 10, usegmt=True)
    assert host.not_modified({"if-modified-since": same}, etag, mtime)
    assert not host.not_modified({"if-modified-since": older}, etag, mtime)
    # An ETag that does not match wins over a date that would.
    assert not host.not_modified({"if-none-match": '"old"', "if-modified-since": same}, etag, mtime)
    assert not host.not_modified({}, etag, mtime)


def site(tmp_path):
    (tmp_path / "dist" / "sub").mkdir(parents=True)
    (tmp_path / "bare").mkdir()
    (tmp_path / "dist" / "index.html").write_text("<p>" + "hello " * 200 + "</p>")
    (tmp_path / "dist" / "sub" / "index.html").write_text("sub")
    (tmp_path / "dist" / "x.mpy").write_bytes(b"M" * 300)
    (tmp_path / "dist" / "secret").write_text("no")
    (tmp_path / "bare" / "mpy.html").write_text("bare")
    return [("/bench/bare/", str(tmp_path / "bare")), ("/", str(tmp_path / "dist"))]


def test_paths_resolve_in_the_first_root_that_holds_them_and_never_climb_out(tmp_path):
    roots = site(tmp_path)
    assert host.resolve(roots, "/bench/bare/mpy.html") == str(tmp_path / "bare" / "mpy.html")
    assert host.resolve(roots, "/sub/") == str(tmp_path / "dist" / "sub" / "index.html")
    assert host.resolve(roots, "/index.html?game=race") == str(tmp_path / "dist" / "index.html")
    assert host.resolve(roots, "/bench/bare/../../dist/secret") is None
    assert host.resolve(roots, "/%2e%2e/bare/mpy.html") is None
    assert host.resolve(roots, "/missing.js") is None


def test_answers_are_compressed_cached_and_revalidated(tmp_path):
    served = host.Host(site(tmp_path), http2=False)
    status, headers, body = served.answer("GET", "/index.html", {"accept-encoding": "gzip, br"})
    headers = dict(headers)
    assert status == 200 and headers[b"content-encoding"] == b"gzip"
    assert gzip.decompress(body) == (tmp_path / "dist" / "index.html").read_bytes()
    assert int(headers[b"content-length"]) == len(body) < 200
    assert headers[b"cache-control"] == b"max-age=600"
    again = {"if-none-match": headers[b"etag"].decode(), "accept-encoding": "gzip"}
    assert served.answer("GET", "/index.html", again)[0::2] == (304, b"")
    status, headers, body = served.answer("GET", "/index.html", {})  # no gzip asked for
    assert status == 200 and b"content-encoding" not in dict(headers) and b"hello" in body
    status, headers, body = served.answer("GET", "/x.mpy", {"accept-encoding": "gzip"})
    assert status == 200 and b"content-encoding" not in dict(headers) and body == b"M" * 300
    assert served.answer("GET", "/missing", {})[0] == 404
    assert served.answer("HEAD", "/x.mpy", {})[0::2] == (200, b"")
    os.utime(tmp_path / "dist" / "index.html", (time.time() + 5, time.time() + 5))
    assert served.answer("GET", "/index.html", again)[0] == 200  # changed since: sent again


def test_the_log_counts_each_file_sent_and_its_bytes():
    log = [(0.1, "/a.js", 200, 100), (0.2, "/a.js", 200, 100), (0.3, "/b.wasm", 200, 5),
           (0.4, "/b.wasm", 304, 0), (0.5, "/missing", 404, 9)]  # fmt: skip
    assert host.by_file(log) == {"/a.js": (2, 200), "/b.wasm": (1, 5), "/missing": (0, 9)}


def test_responses_sent_at_once_share_the_throttled_link():
    """Two 64 KiB bodies at 1 MB/s share the link: their chunks alternate, and the two take at
    least the whole link's time (0.13 s)."""
    served = host.Host([], rate=1_000_000)
    sent = []

    def sender(name):
        async def send(message):
            sent.append((name, len(message["body"])))

        return send

    async def both():
        body = b"x" * (4 * host.CHUNK)
        start = asyncio.get_running_loop().time()
        a = served._paced(sender("a"), _stays, body)
        b = served._paced(sender("b"), _stays, body)
        counts = await asyncio.gather(a, b)
        return asyncio.get_running_loop().time() - start, counts

    elapsed, counts = _in_a_thread(both)
    assert elapsed >= 8 * host.CHUNK / 1_000_000  # paced: never faster than the link
    assert [name for name, _ in sent] == ["a", "b"] * 4
    assert sum(size for _, size in sent) == 8 * host.CHUNK
    assert counts == [4 * host.CHUNK] * 2  # each logs what it sent


def test_a_download_the_browser_drops_stops_and_logs_what_was_sent():
    """A browser that resets the stream after the first chunk gets no more of it, and the log
    counts one chunk, not the whole body."""
    served = host.Host([], rate=1_000_000)
    sent = []

    async def send(message):
        sent.append(len(message["body"]))

    async def receive():  # the client leaves once the first chunk has arrived
        while not sent:
            await asyncio.sleep(0.001)
        return {"type": "http.disconnect"}

    async def one():
        return await served._paced(send, receive, b"x" * (8 * host.CHUNK))

    count = _in_a_thread(one)
    assert sum(sent) == count and count < 8 * host.CHUNK
    assert count <= 2 * host.CHUNK  # stopped at once, not at the end


async def _stays():
    """An ASGI receive whose client never leaves."""
    await asyncio.sleep(3600)


def _in_a_thread(make):
    """What `make()` returns, run in a loop of its own in a thread of its own: a browser test run
    earlier in this process may have left Playwright's loop running in this thread."""
    result = []
    runner = threading.Thread(target=lambda: result.append(asyncio.run(make())))
    runner.start()
    runner.join()
    return result[0]
