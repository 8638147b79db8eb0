// Runs a Python file in the npm Pyodide core under node, with some wheels unpacked first.
// usage: node pyodide_run.mjs PYODIDE_DIR SCRIPT.py WHEEL...
// Nothing is fetched: the wheels are read from disk, no package of Pyodide's is loaded.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel",
                        { extractDir: sitePackages });
}
const ready = performance.now();
try {
  await pyodide.runPythonAsync(await readFile(script, "utf8"));
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
console.log(`pyodide-timing: start ${((ready - started) / 1000).toFixed(2)} s, ` +
            `script ${((performance.now() - ready) / 1000).toFixed(2)} s`);
