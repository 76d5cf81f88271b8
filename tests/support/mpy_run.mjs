// Runs a Python script under the npm MicroPython (the same build PyScript uses in the page).
// Usage: node tests/support/mpy_run.mjs <root> <script.py> [config.toml]
// Without a config, the repository's lotus/ package (its .py files) is copied under /lib, on
// MicroPython's sys.path. With a PyScript config (in the site <root>), each entry of its [files]
// is copied to its target under /lib, as PyScript writes it for the page: .py, .mpy and data
// files alike, and nothing else. MicroPython itself is always this repository's npm one.
// stdout is the script's.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [root, script, config] = process.argv.slice(2);
const here = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const mod = pathToFileURL(join(here, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
const { loadMicroPython } = await import(mod.href);
let out = "";
const mp = await loadMicroPython({ stdout: (s) => { out += s + "\n"; }, stderr: (s) => { process.stderr.write(s + "\n"); } });

function copyTree(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const target = "/lib/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      mp.FS.mkdirTree(target);
      copyTree(path);
    } else if (name.endsWith(".py")) {
      mp.FS.writeFile(target, readFileSync(path));
    }
  }
}

function copyFiles(configPath) {
  let inFiles = false;
  for (const line of readFileSync(configPath, "utf8").split("\n")) {
    const text = line.trim();
    if (text.startsWith("[")) { inFiles = text === "[files]"; continue; }
    const m = inFiles && text.match(/^"([^"]+)"\s*=\s*"([^"]+)"/);
    if (!m) continue;
    const target = "/lib/" + m[2].replace(/^\.\//, "");
    mp.FS.mkdirTree(dirname(target));
    mp.FS.writeFile(target, readFileSync(join(root, m[1])));
  }
}

if (config) {
  copyFiles(join(root, config));
} else {
  mp.FS.mkdirTree("/lib/lotus");
  copyTree(join(root, "lotus"));
}
try {
  mp.runPython(readFileSync(script, "utf8"));
} catch (err) {
  process.stdout.write(out);
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
process.stdout.write(out);
