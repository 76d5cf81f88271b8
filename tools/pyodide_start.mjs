// The Pyodide worker's interpreter module (worker.toml's `interpreter`): Pyodide started from a
// memory snapshot of its own start-up, which skips most of the work of starting Python (about
// half of the worker's start here: docs/performance.md, 2026-12-02, third session).
//
// tools/vendor.py copies this file beside the vendored Pyodide as start.mjs, and has
// tools/pyodide_snapshot.mjs write snapshot.bin there: the heap of a Pyodide that has just
// started, gzip-compressed. PyScript imports this module as it would pyodide.mjs and calls
// loadPyodide(options); the snapshot is added to the options. A snapshot that cannot be fetched
// or restored costs nothing but time: Pyodide then starts in full, as without it.
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;

const SNAPSHOT = new URL("./snapshot.bin", import.meta.url).href;

async function snapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot.bin: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host that unzipped it already
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  const bytes = snapshot();
  bytes.catch(() => {}); // a failed fetch is handled below, not an uncaught rejection
  try {
    return await pyodide.loadPyodide({ ...options, _loadSnapshot: bytes });
  } catch (error) {
    console.warn(`lotus: Pyodide's snapshot did not load (${error}); starting Pyodide in full`);
    return pyodide.loadPyodide(options);
  }
}
