/* The site's service worker (site/offline.py writes it at the site's root, so that its scope is every page):
   the Play and Try pages keep working offline after one visit. Each of them, once it is ready, sends what it
   loaded (the page, its scripts and styles, Pyodide, the engine, the kernel: the page's own list and its
   worker's), and that is kept in a cache named for the site's version. Every request goes to the network
   first, so that a new build is seen as soon as there is one, and what comes back is kept; only when the
   network fails is the kept copy given. */
"use strict";

const CACHE = "costly-variants-" + new URL(self.location.href).searchParams.get("v");

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  // Caches of other versions go; this worker takes the open pages over at once.
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("costly-variants-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.kind !== "keep" || !Array.isArray(message.urls)) return;
  const urls = [...new Set(message.urls.filter((u) => typeof u === "string" && new URL(u).origin === self.location.origin)
    .map((u) => u.split("#")[0]))];
  event.waitUntil(caches.open(CACHE).then(async (cache) => {
    let kept = 0;
    for (const url of urls) {
      // what is already kept (the network-first fetches below keep what they fetch) is not fetched again
      if (await cache.match(url)) { kept += 1; continue; }
      try {
        const response = await fetch(url, { cache: "force-cache" });
        if (response.ok) { await cache.put(url, response); kept += 1; }
      } catch (error) { /* offline already: kept on the next visit */ }
    }
    if (event.source) event.source.postMessage({ kind: "kept", kept, asked: urls.length });
  }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }, async (error) => {
    const kept = await caches.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }));
});
