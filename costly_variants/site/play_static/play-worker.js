/* The Play page's worker: Pyodide (from the site's own _static/pyodide/) and costly_variants' engine,
   off the page's thread, so that the page stays responsive while the search bot thinks. Each request is
   JSON for costly_variants.cli.browser.dispatch; each reply says how long Python took. */
"use strict";

// Filled in by the docs build (site/play.py): the engine's files and where they go, the lock file's info
// (Pyodide is given a lock file with no packages, so it fetches none and loads none), the win tables, the
// WebAssembly kernel's loader and module.
const BUILD = {};
let dispatch = null;
let loadHouse = null; // what reading a house profile needs, fetched and unpacked the first time one is loaded

function progress(value, text) {
  self.postMessage({ kind: "progress", value, text });
}

function fetched(url, as) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(url.split("/").pop() + ": " + r.status);
    return r[as]();
  });
}

async function start(urls) {
  const started = performance.now();
  const phases = {};
  let last = started;
  const mark = (name) => { const now = performance.now(); phases[name] = now - last; last = now; };
  progress(5, "Loading Python (Pyodide " + BUILD.pyodide + ")…");
  // Everything the site's own files give is asked for at once, before Pyodide's loader is read.
  const engine = fetched(urls.play + BUILD.engine, "json");
  const profiles = fetched(urls.play + "profiles.json", "text");
  const tables = BUILD.tables ? fetched(urls.play + BUILD.tables, "text") : null;
  if (tables) tables.catch(() => {}); // a failure is met where the tables are read, not reported as unhandled
  // The game kernel in WebAssembly (site/wasm_kernel.py): under house rules the search's win table is worked
  // out in it (chances.board through game/kernel_js.py). Where it will not load, the search plays for points
  // under rules the page was shipped no table for, and says why.
  const kernel = BUILD.kernel && urls.kernel
    ? import(urls.kernel + BUILD.kernel[0]).then((m) => m.loadKernel(new URL(urls.kernel + BUILD.kernel[1])))
      .then((loaded) => { globalThis.costlyKernel = loaded; return true; },
            (error) => { console.warn("costly: the WebAssembly kernel did not load:", error); return false; })
    : Promise.resolve(false);
  importScripts(urls.pyodide + "pyodide.js");
  mark("script");
  const options = { indexURL: urls.pyodide };
  if (BUILD.lock) options.lockFileContents = { info: BUILD.lock, packages: {} };
  const py = await loadPyodide(options);
  mark("pyodide");
  progress(60, "Unpacking the engine and the rules…");
  // Its files, by path, written as they are (site/play.py's package_files).
  for (const [name, text] of Object.entries(await engine)) {
    const at = BUILD.extractDir + "/" + name;
    py.FS.mkdirTree(at.slice(0, at.lastIndexOf("/")));
    py.FS.writeFile(at, text);
  }
  mark("unpack");
  progress(75, "Starting the engine…");
  py.runPython(`import sys\nif ${JSON.stringify(BUILD.extractDir)} not in sys.path: sys.path.insert(0, ${JSON.stringify(BUILD.extractDir)})`);
  const kernelLoaded = await kernel; // set before the engine is imported, which asks whether it is there
  mark("kernel");
  const browser = py.pyimport("costly_variants.cli.browser");
  mark("import");
  progress(90, "Reading the profiles…");
  const text = await profiles;
  // How far the page has got working out a win table (a house ruleset's, in the kernel), shown as it goes.
  const working = (value, what) => self.postMessage({ kind: "working", value, text: what });
  const page = browser.PlayPage(text, tables ? await tables : null, working);
  mark("profiles");
  dispatch = (request) => browser.dispatch(page, request);
  loadHouse = async () => {
    // PyYAML, jsonschema and the bundled profiles and sources (site/house_files.py): only now, once.
    for (const [name, text] of Object.entries(await fetched(urls.play + BUILD.houseFiles, "json"))) {
      const at = name.startsWith("/") ? name : BUILD.extractDir + "/" + name;
      py.FS.mkdirTree(at.slice(0, at.lastIndexOf("/")));
      py.FS.writeFile(at, text);
    }
    py.runPython(`import sys\nif ${JSON.stringify(BUILD.libraryDir)} not in sys.path: sys.path.insert(0, ${JSON.stringify(BUILD.libraryDir)})`);
    loadHouse = null;
  };
  // The page draws from the same document: it is fetched once, here.
  const fetchedUrls = performance.getEntriesByType("resource").map((entry) => entry.name); // read by the browser test
  self.postMessage({ kind: "ready", ms: performance.now() - started, started, phases, profiles: text, fetched: fetchedUrls,
                     kernel: kernelLoaded });
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.kind === "start") {
    try {
      await start(message);
    } catch (error) {
      self.postMessage({ kind: "failed", error: String(error && error.message ? error.message : error) });
    }
    return;
  }
  const started = performance.now();
  let reply;
  try {
    if (message.request.op === "load" && loadHouse) await loadHouse();
    reply = dispatch(JSON.stringify(message.request));
  } catch (error) {
    reply = JSON.stringify({ error: String(error && error.message ? error.message : error) });
  }
  self.postMessage({ kind: "reply", id: message.id, reply, ms: performance.now() - started });
};
