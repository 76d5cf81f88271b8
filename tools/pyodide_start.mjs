// The Pyodide worker's interpreter module (worker.toml's `interpreter`): Pyodide started from a
// memory snapshot of its own start-up, which skips most of the work of starting Python (about
// half of the worker's start on a desktop: docs/performance.md, 2026-12-02, third session), when
// the snapshot comes quickly enough to pay.
//
// tools/vendor.py copies this file beside the vendored Pyodide as start.mjs, and has
// tools/pyodide_snapshot.mjs write snapshot.bin there: the heap of a Pyodide that has just
// started, gzip-compressed (6 MB). PyScript imports this module as it would pyodide.mjs and calls
// loadPyodide(options); the snapshot is added to the options. On a slow network those 6 MB cost
// far more time than they save (on a phone's 1.6 Mbit/s, 30 s of download against about 10 s of
// CPU: docs/performance.md, "the workers"): the download's pace is read for PACE_MS, and
// when the whole would take longer than BUDGET_MS it is dropped and Pyodide starts in full. A
// snapshot that cannot be fetched or restored costs nothing but time: Pyodide then starts in full,
// as without it.
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;

const SNAPSHOT = new URL("./snapshot.bin", import.meta.url).href;
const PACE_MS = 500; // how long the download's pace is read before deciding
const BUDGET_MS = 3000; // the longest a snapshot may take to arrive and still pay

class TooSlow extends Error {}

async function download() {
  const started = performance.now();
  const abort = new AbortController();
  let late = false;
  const pace = new Promise((resolve) =>
    setTimeout(() => {
      late = true;
      resolve(null);
    }, PACE_MS),
  );
  const response = await Promise.race([fetch(SNAPSHOT, { signal: abort.signal }), pace]);
  if (!response) {
    abort.abort();
    throw new TooSlow(`no answer in ${PACE_MS} ms`);
  }
  if (!response.ok) throw new Error(`snapshot.bin: HTTP ${response.status}`);
  // Its size as sent (a host that compresses it again may not say: then taken as 8 MB).
  const size = Number(response.headers.get("Content-Length")) || 8e6;
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  let decided = false;
  let pending = null;
  for (;;) {
    if (late && !decided) {
      // PACE_MS since the request: the whole must be expected within the budget, at this pace.
      const elapsed = performance.now() - started;
      if (received < size && (!received || (elapsed * size) / received > BUDGET_MS)) {
        abort.abort();
        if (pending) pending.catch(() => {});
        throw new TooSlow(`${Math.round(received / elapsed)} kB/s`);
      }
      decided = true;
    }
    pending = pending || reader.read();
    const got = decided ? await pending : await Promise.race([pending, pace]);
    if (got === null) continue; // the pace is read above; the read goes on
    pending = null;
    if (got.done) break;
    chunks.push(got.value);
    received += got.value.length;
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host that unzipped it already
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  let bytes;
  try {
    bytes = await download();
  } catch (error) {
    if (error instanceof TooSlow) {
      console.info(`lotus: Pyodide's snapshot is slow to come (${error.message}); starting in full`);
    } else {
      console.warn(`lotus: Pyodide's snapshot did not load (${error}); starting Pyodide in full`);
    }
    return pyodide.loadPyodide(options);
  }
  try {
    return await pyodide.loadPyodide({ ...options, _loadSnapshot: bytes });
  } catch (error) {
    console.warn(`lotus: Pyodide's snapshot did not load (${error}); starting Pyodide in full`);
    return pyodide.loadPyodide(options);
  }
}
