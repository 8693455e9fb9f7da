/* The Play page's memory snapshot, made by the docs build under Node (site/pyodide.py's snapshot()).

   Pyodide started with the engine's modules imported, its memory written to a file: the page's worker
   restores it (loadPyodide's _loadSnapshot, experimental in Pyodide 0.29) instead of starting Python and
   importing the engine again, which costs seconds of CPU in a browser. A snapshot is good only for the
   pyodide.asm.wasm it was made with, so it is made from the Pyodide folder the site ships, with the
   same lock file as the page (no packages) and the engine unpacked where the page unpacks it.

   Usage: node pyodide_snapshot.mjs PYODIDE_DIR ENGINE_JSON EXTRACT_DIR OUT SETUP [FS_PATH=FILE...]
   The files are copied into Pyodide's file system (which the snapshot does not keep) before the Python
   code SETUP runs; what SETUP leaves in __main__ is in the snapshot. */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [dir, engine, extractDir, out, setup, ...inputs] = process.argv.slice(2);
const { loadPyodide } = createRequire(import.meta.url)(path.resolve(dir, "pyodide.js"));
const lock = JSON.parse(readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({
  indexURL: path.resolve(dir) + path.sep,
  lockFileContents: { info: lock.info, packages: {} },
  _makeSnapshot: true,
});
// The engine's files as the page's worker writes them (play-worker.js), then the inputs.
for (const [name, text] of Object.entries(JSON.parse(readFileSync(engine, "utf8")))) {
  py.FS.mkdirTree(path.posix.dirname(`${extractDir}/${name}`));
  py.FS.writeFile(`${extractDir}/${name}`, text);
}
for (const input of inputs) {
  const at = input.indexOf("=");
  py.FS.mkdirTree(path.posix.dirname(input.slice(0, at)));
  py.FS.writeFile(input.slice(0, at), new Uint8Array(readFileSync(input.slice(at + 1))));
}
py.runPython(setup);
writeFileSync(out, py.makeMemorySnapshot());
