/* The Play page's worker: Pyodide (from the site's own _static/pyodide/) and costly_variants' engine,
   off the page's thread, so that the page stays responsive while the search bot thinks. Each request is
   JSON for costly_variants.cli.browser.dispatch; each reply says how long Python took. */
"use strict";

// Filled in by the docs build (site/play.py): the engine's files and where they go, the lock file's info
// (Pyodide is given a lock file with no packages, so it fetches none and loads none), the memory snapshot.
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

async function snapshotBytes(url) {
  // Gzipped by the build; a host that sends it with Content-Encoding: gzip has already undone that.
  let bytes = new Uint8Array(await fetched(url, "arrayBuffer"));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(unzipped).arrayBuffer());
  }
  // Pyodide 0.29 does not fail on a snapshot whose memory is too small, it hangs (its instantiateWasm
  // only warns): so the header is checked here. Pyodide's snapshot.ts: the magic "\0snp", the offset
  // of the memory, then whole 64 KiB pages of it.
  const header = new DataView(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  const offset = bytes.length >= 8 ? header.getUint32(4, true) : 0;
  if (bytes.length < 8 || header.getUint32(0, true) !== 0x706e7300 || offset >= bytes.length ||
      (bytes.length - offset) % 65536 !== 0) {
    throw new Error("not a Pyodide snapshot (" + bytes.length + " bytes)");
  }
  return bytes;
}

async function startPython(urls, snapshot) {
  // Pyodide's memory as the build left it, the engine imported: no Python start-up, no imports. Where
  // the snapshot is missing or will not load, Python starts afresh (seconds slower, same engine).
  const options = { indexURL: urls.pyodide };
  if (BUILD.lock) options.lockFileContents = { info: BUILD.lock, packages: {} };
  if (snapshot) {
    try {
      return [await loadPyodide(Object.assign({ _loadSnapshot: snapshot }, options)), true];
    } catch (error) {
      console.warn("costly: Pyodide's snapshot did not load, so Python starts afresh:", error);
    }
  }
  return [await loadPyodide(options), false];
}

async function start(urls) {
  const started = performance.now();
  const phases = {};
  let last = started;
  const mark = (name) => { const now = performance.now(); phases[name] = now - last; last = now; };
  progress(5, "Loading Python (Pyodide " + BUILD.pyodide + ")…");
  // Everything the site's own files give is asked for at once, before Pyodide's loader is read.
  const snapshot = BUILD.snapshot && typeof DecompressionStream === "function" ? snapshotBytes(urls.play + BUILD.snapshot) : null;
  if (snapshot) snapshot.catch(() => {}); // a failure is met in startPython, not reported as unhandled
  const engine = fetched(urls.play + BUILD.engine, "json");
  const profiles = fetched(urls.play + "profiles.json", "text");
  importScripts(urls.pyodide + "pyodide.js");
  mark("script");
  const [py, restored] = await startPython(urls, snapshot);
  mark("pyodide");
  progress(60, "Unpacking the engine and the rules…");
  // Its files, by path, written as they are (site/play.py's package_files; as the snapshot was made).
  for (const [name, text] of Object.entries(await engine)) {
    const at = BUILD.extractDir + "/" + name;
    py.FS.mkdirTree(at.slice(0, at.lastIndexOf("/")));
    py.FS.writeFile(at, text);
  }
  mark("unpack");
  progress(75, "Starting the engine…");
  // A restored snapshot holds the random generator as the build left it: seeded afresh here (the games
  // themselves are dealt from their own seeds).
  py.runPython(`import random, sys\nif ${JSON.stringify(BUILD.extractDir)} not in sys.path: sys.path.insert(0, ${JSON.stringify(BUILD.extractDir)})\nrandom.seed()`);
  const browser = py.pyimport("costly_variants.cli.browser");
  mark("import");
  progress(90, "Reading the profiles…");
  const text = await profiles;
  // The snapshot holds the page's Python side made from this same profiles.json and the win tables
  // (site/play.py); without it, the tables are fetched here, only now.
  const page = restored ? py.globals.get("costly_page")
    : browser.PlayPage(text, BUILD.tables ? await fetched(urls.play + BUILD.tables, "text") : null);
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
  self.postMessage({ kind: "ready", ms: performance.now() - started, started, phases, restored, profiles: text, fetched: fetchedUrls });
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
