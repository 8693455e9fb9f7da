/* The Play and Try pages, offline after one visit: the site's service worker (costly-offline.js, at the
   site's root) registered, and told what the page loaded once it is ready (window.costlyOffline, called by
   play-house.js and try.js with their worker's list). window.costlyOfflineKept says how much it has kept. */
"use strict";

(function () {
  const script = document.currentScript;
  const worker = script && script.dataset.worker; // the service worker's address, from the site's root
  const registered = "serviceWorker" in navigator && worker && location.protocol !== "file:"
    ? navigator.serviceWorker.register(new URL(worker, document.baseURI).href).catch((error) => {
      console.warn("costly: no offline copy (the service worker was refused):", error);
      return null;
    })
    : Promise.resolve(null);

  window.costlyOffline = async function (fetchedByWorker) {
    if (!(await registered)) return;
    const ready = await navigator.serviceWorker.ready;
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.kind === "kept") window.costlyOfflineKept = event.data;
    });
    const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name), ...(fetchedByWorker || [])];
    ready.active.postMessage({ kind: "keep", urls });
  };
})();
