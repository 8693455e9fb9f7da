// Python under Pyodide playing through the WebAssembly kernel, for tests/test_wasm_kernel.py:
//   node pyodide_kernel_check.mjs PYODIDE_DIR ENGINE_JSON LOADER MODULE CODE_FILE
// Pyodide is started from the folder the site ships, the engine's files written as the Play page's worker
// writes them, globalThis.costlyKernel set to the loaded kernel (costly_kernel.mjs's KERNEL_GLOBAL), then
// the Python in CODE_FILE runs; what it returns (a string) is printed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, engine, loader, module, codeFile] = process.argv.slice(2);
const code = readFileSync(codeFile, "utf8");
const { loadPyodide } = createRequire(import.meta.url)(path.resolve(dir, "pyodide.js"));
const lock = JSON.parse(readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({ indexURL: path.resolve(dir) + path.sep, lockFileContents: { info: lock.info, packages: {} } });
for (const [name, text] of Object.entries(JSON.parse(readFileSync(engine, "utf8")))) {
  py.FS.mkdirTree(path.posix.dirname(`/home/pyodide/costly/${name}`));
  py.FS.writeFile(`/home/pyodide/costly/${name}`, text);
}
py.runPython("import sys; sys.path.insert(0, '/home/pyodide/costly')");
// Imported before the kernel is loaded, as a memory snapshot of the Play page has it: it must find it later.
py.runPython("from costly_variants.game import kernel; assert not kernel.available()");
const { loadKernel, KERNEL_GLOBAL } = await import(pathToFileURL(loader).href);
globalThis[KERNEL_GLOBAL] = await loadKernel(module);
process.stdout.write(String(py.runPython(code)) + "\n");
