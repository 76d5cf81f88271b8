// The service worker: precaches every file the site loads on the first visit, then serves them
// from the cache (cache-first), so the site works offline. tools/build_sw.py fills in VERSION (a
// content hash of all the files below and of this code), FILES (paths relative to this file,
// which sits at the site root so that its scope is the whole site, whatever sub-path that is)
// and ALIASES. Where the browser has static routes, it serves the cache without running this
// code at all, so a returning visitor never waits for the worker to start.
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

// Other URLs of the pages, each with its page: the site's folder ("./", its index.html) and the
// links with a query the pages carry ("index.html?game=go"). Each page is stored under them too,
// so that a page load finds its answer in the cache by its exact URL, as static routes need.
const ALIASES = __ALIASES__;

// Where the browser supports static routes (Chromium), the browser answers straight from this
// version's cache, without starting this worker: every request but a page load, and the page
// loads whose URL is a key of the cache (each page, and the ALIASES). What no route takes (a
// page load with another query: index.html?game=race&seats=human,easy) goes to the fetch handler
// below. A route's miss goes to the network, as the handler's does. Each call is separate, so
// that a browser refusing one form of condition still takes the other.
function addRoutes(event) {
  const literal = (text) => text.replace(/[\\:*?()+{}]/g, "\\$&");
  const exact = (key) => {
    const url = new URL(key, self.registration.scope);
    const pattern = { pathname: literal(url.pathname), search: literal(url.search.slice(1)) };
    return { urlPattern: pattern };
  };
  const pages = [...FILES.filter((path) => path.endsWith(".html")), ...Object.keys(ALIASES)];
  // (every request a route below sees is a page load: the first takes all others)
  const routes = [
    { condition: { not: { requestMode: "navigate" } }, source: { cacheName: CACHE } },
    { condition: { or: pages.map(exact) }, source: { cacheName: CACHE } },
  ];
  for (const route of routes) {
    try {
      event.addRoutes?.(route)?.catch(() => {});
    } catch {
      // an older form of the API: the fetch handler serves what this route would have
    }
  }
}

self.addEventListener("install", (event) => {
  addRoutes(event);
  // "no-cache": revalidate with the server (a cheap 304 for what the page just loaded) so that
  // a stale HTTP-cache entry can never be stored under the new version's name.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((path) => new Request(path, { cache: "no-cache" })));
      for (const [alias, page] of Object.entries(ALIASES)) {
        await cache.put(new URL(alias, self.registration.scope), await cache.match(page));
      }
    })(),
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
