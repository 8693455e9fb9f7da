/* The Play page's worker: Pyodide (from the site's own _static/pyodide/) and costly_variants' engine,
   off the page's thread, so that the page stays responsive while the search bot thinks. Each request is
   JSON for costly_variants.cli.browser.dispatch; each reply says how long Python took. */
"use strict";

let dispatch = null;

function progress(value, text) {
  self.postMessage({ kind: "progress", value, text });
}

async function start(urls) {
  const started = performance.now();
  const phases = {};
  let last = started;
  const mark = (name) => { const now = performance.now(); phases[name] = now - last; last = now; };
  progress(5, "Loading Python (Pyodide " + urls.version + ")…");
  importScripts(urls.pyodide + "pyodide.js");
  const fetched = Promise.all([
    fetch(urls.play + "costly_variants.zip").then((r) => { if (!r.ok) throw new Error("costly_variants.zip: " + r.status); return r.arrayBuffer(); }),
    fetch(urls.play + "profiles.json").then((r) => { if (!r.ok) throw new Error("profiles.json: " + r.status); return r.text(); }),
  ]);
  mark("script");
  const py = await loadPyodide({ indexURL: urls.pyodide });
  mark("pyodide");
  progress(60, "Unpacking the engine and the rules…");
  const [zip, profiles] = await fetched;
  mark("fetch");
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/costly" });
  mark("unpack");
  progress(75, "Starting the engine…");
  py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/costly')");
  const browser = py.pyimport("costly_variants.cli.browser");
  mark("import");
  progress(90, "Reading the profiles…");
  const page = browser.PlayPage(profiles);
  mark("profiles");
  dispatch = (request) => browser.dispatch(page, request);
  self.postMessage({ kind: "ready", ms: performance.now() - started, started, phases });
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
    reply = dispatch(JSON.stringify(message.request));
  } catch (error) {
    reply = JSON.stringify({ error: String(error && error.message ? error.message : error) });
  }
  self.postMessage({ kind: "reply", id: message.id, reply, ms: performance.now() - started });
};
