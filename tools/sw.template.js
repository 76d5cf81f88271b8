// The service worker: precaches every file the site loads on the first visit, then serves them
// from the cache (cache-first), so the site works offline. tools/build_sw.py fills in VERSION (a
// content hash of all the files below and of this code) and FILES (paths relative to this file,
// which sits at the site root so that its scope is the whole site, whatever sub-path that is).
//
// A new version (a new sw.js) installs beside the old one and waits; the page shows
// "Update available — reload" (static/js/sw-register.js) and, when clicked, posts "skip-waiting":
// the new worker activates, deletes the old caches and takes over, and the page reloads.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;

// Several sites may share an origin (user.github.io/a/, user.github.io/b/): cache names carry
// the scope, and only this scope's old caches are ever deleted.
const PREFIX = `lotus ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  // Where the browser supports static routes (Chromium), everything but page loads is served
  // straight from this version's cache, without starting this worker for each request: the
  // same answers as the fetch handler below (a miss goes to the network), only sooner. Page
  // loads still go through the handler (index.html?game=go is index.html).
  try {
    event
      .addRoutes?.({ condition: { not: { requestMode: "navigate" } }, source: { cacheName: CACHE } })
      ?.catch(() => {});
  } catch {
    // an older form of the API: the fetch handler serves everything
  }
  // "no-cache": revalidate with the server (a cheap 304 for what the page just loaded) so that
  // a stale HTTP-cache entry can never be stored under the new version's name.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((path) => new Request(path, { cache: "no-cache" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(cached(request, url));
});

async function cached(request, url) {
  const cache = await caches.open(CACHE);
  let hit;
  if (request.mode === "navigate") {
    // index.html?game=go is index.html; the folder itself (/lotus/) is its index.html. The key
    // is built without the query rather than matched with ignoreSearch, which makes the cache
    // compare the page with every entry.
    const page = new URL(url.pathname.endsWith("/") ? "index.html" : url.pathname, url);
    hit = await cache.match(page.href);
  } else {
    hit = await cache.match(request);
  }
  return hit || fetch(request);
}
