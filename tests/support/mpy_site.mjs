// Runs a Python script under the npm MicroPython with exactly the files a PyScript config ships.
// Usage: node tests/support/mpy_site.mjs <site-root> <script.py> [config.toml]
// (MicroPython itself is this repository's npm one.)
// Each [files] entry of the config (pyscript.toml by default) is copied to its target under /lib
// (on MicroPython's sys.path), as PyScript writes it for the page: .py, .mpy and data files
// alike, and nothing else. stdout is the script's.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [root, script, config = "pyscript.toml"] = process.argv.slice(2);
const here = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const mod = pathToFileURL(join(here, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
const { loadMicroPython } = await import(mod.href);
let out = "";
const mp = await loadMicroPython({ stdout: (s) => { out += s + "\n"; }, stderr: (s) => { process.stderr.write(s + "\n"); } });

let inFiles = false;
for (const line of readFileSync(join(root, config), "utf8").split("\n")) {
  const text = line.trim();
  if (text.startsWith("[")) { inFiles = text === "[files]"; continue; }
  const m = inFiles && text.match(/^"([^"]+)"\s*=\s*"([^"]+)"/);
  if (!m) continue;
  const target = "/lib/" + m[2].replace(/^\.\//, "");
  mp.FS.mkdirTree(dirname(target));
  mp.FS.writeFile(target, readFileSync(join(root, m[1])));
}
try {
  mp.runPython(readFileSync(script, "utf8"));
} catch (err) {
  process.stdout.write(out);
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
process.stdout.write(out);
