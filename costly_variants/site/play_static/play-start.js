/* Inlined in the Play page right after its frame (site/play.py): starts the engine's worker as soon as
   the frame is parsed, while the rest of the page loads; play.js (deferred) takes the worker over with
   the messages it sent meanwhile. Where the page cannot run, play.js says why. */
(function () {
  "use strict";
  const root = document.getElementById("costly-play");
  if (!root || typeof WebAssembly !== "object" || typeof Worker !== "function" || location.protocol === "file:") return;
  const absolute = (path) => new URL(path, document.baseURI).href;
  const early = { at: performance.now(), messages: [] }; // at: ms from the request for the page
  early.worker = new Worker(absolute(root.dataset.play + "play-worker.js"));
  early.worker.onmessage = (event) => early.messages.push(event.data);
  early.worker.onerror = (event) => early.messages.push({ kind: "failed", error: event.message || "an error in its worker" });
  early.worker.postMessage({ kind: "start", pyodide: absolute(root.dataset.pyodide), play: absolute(root.dataset.play),
                             kernel: absolute(root.dataset.kernel), version: root.dataset.version });
  window.costlyPlayStart = early;
})();
