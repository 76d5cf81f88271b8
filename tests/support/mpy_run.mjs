// Runs a Python script under the npm MicroPython (the same build PyScript uses in the page).
// Usage: node tests/support/mpy_run.mjs <repo-root> <script.py>
// The repo's lotus/ package is copied under /lib (on MicroPython's sys.path); stdout is the script's.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const [root, script] = process.argv.slice(2);
const mod = pathToFileURL(join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
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
mp.FS.mkdirTree("/lib/lotus");
copyTree(join(root, "lotus"));
try {
  mp.runPython(readFileSync(script, "utf8"));
} catch (err) {
  process.stdout.write(out);
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
process.stdout.write(out);
