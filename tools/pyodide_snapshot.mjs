// Write the memory snapshot that tools/pyodide_start.mjs starts Pyodide from (run by
// tools/vendor.py under Node): a Pyodide started with no options beyond its folder, its heap
// taken before anything else runs, gzip-compressed.
//
// Usage: node tools/pyodide_snapshot.mjs PYODIDE_DIR OUTPUT
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const [folder, output] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(folder, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(folder), _makeSnapshot: true });
const heap = py.makeMemorySnapshot();
fs.writeFileSync(output, zlib.gzipSync(heap, { level: 9 }));
console.log(`vendor: Pyodide's snapshot written (${heap.length} bytes, gzip-compressed)`);
