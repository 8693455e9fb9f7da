/* The Try page's worker: Pyodide (the site's own _static/pyodide/) and costly_variants' comparison, off the
   page's thread. Each request is JSON for costly_variants.cli.try_page.dispatch; the page hands out the games
   a chunk at a time ("play" here, or "sums" in a helper worker, whose sums the lead worker is sent to "merge"),
   so that its Stop button is read between two chunks. The lead and its helpers run this same script. */
"use strict";

// Filled in by the docs build (site/try_page.py): the engine's files (the Play page's), the files a profile's
// check needs, the win tables and the decisive figures the page is given, the lock file's info.
const BUILD = {};
let dispatch = null;

function progress(value, text) {
  self.postMessage({ kind: "progress", value, text });
}

function fetched(url, as) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(url.split("/").pop() + ": " + r.status);
    return r[as]();
  });
}

function writeFiles(py, files, folder) {
  for (const [name, text] of Object.entries(files)) {
    const at = name.startsWith("/") ? name : folder + "/" + name;
    py.FS.mkdirTree(at.slice(0, at.lastIndexOf("/")));
    py.FS.writeFile(at, text);
  }
}

async function start(urls) {
  const started = performance.now();
  progress(5, "Loading Python (Pyodide " + BUILD.pyodide + ")…");
  const engine = fetched(urls.play + BUILD.engine, "json");
  const files = fetched(urls.play + BUILD.files, "json");
  const tables = fetched(urls.play + BUILD.tables, "text");
  const decisive = fetched(urls.try + BUILD.decisive, "text");
  const profiles = fetched(urls.play + "profiles.json", "text"); // for the rule editor
  // The game kernel in WebAssembly (site/wasm_kernel.py): Python's game.kernel plays through it
  // (game/kernel_js.py), as the native kernel in a terminal. Where it will not load, the Python engine plays.
  const kernel = import(urls.kernel + BUILD.kernel[0]).then((m) => m.loadKernel(new URL(urls.kernel + BUILD.kernel[1])))
    .then((loaded) => { globalThis.costlyKernel = loaded; return true; },
          (error) => { console.warn("costly: the WebAssembly kernel did not load; the Python engine plays:", error); return false; });
  importScripts(urls.pyodide + "pyodide.js");
  const options = { indexURL: urls.pyodide };
  if (BUILD.lock) options.lockFileContents = { info: BUILD.lock, packages: {} };
  const py = await loadPyodide(options);
  progress(60, "Unpacking the engine and the rules…");
  writeFiles(py, await engine, BUILD.extractDir);
  writeFiles(py, await files, BUILD.extractDir);
  progress(75, "Starting the comparison…");
  py.runPython(`import sys\nfor _p in (${JSON.stringify(BUILD.extractDir)}, ${JSON.stringify(BUILD.libraryDir)}):\n    sys.path.insert(0, _p)`);
  const kernelLoaded = await kernel; // set before the engine is imported, which asks whether it is there
  const module = py.pyimport("costly_variants.cli.try_page");
  const page = module.TryPage(await tables, await decisive, await profiles);
  dispatch = (request) => module.dispatch(page, request);
  const fetchedUrls = performance.getEntriesByType("resource").map((entry) => entry.name); // read by the browser test
  self.postMessage({ kind: "ready", ms: performance.now() - started, fetched: fetchedUrls, kernel: kernelLoaded });
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
  const began = performance.now();
  let reply;
  try {
    reply = dispatch(JSON.stringify(message.request));
  } catch (error) {
    reply = JSON.stringify({ error: String(error && error.message ? error.message : error) });
  }
  self.postMessage({ kind: "reply", id: message.id, reply, ms: performance.now() - began });
};
