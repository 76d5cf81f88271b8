// The service worker: keeps every file the site loads in a cache, and serves them from it
// (cache-first), so the site works offline after a first visit. tools/build_sw.py fills in
// VERSION (a content hash of all the files below and of this code), FILES (paths relative to this
// file, which sits at the site root so that its scope is the whole site, whatever sub-path that
// is), INTEGRITY (each file's SHA-256, as subresource integrity) and ALIASES. Where the browser
// has static routes, it serves the cache without running this code at all, so a returning
// visitor never waits for the worker to start.
//
// No file is downloaded twice. On a first visit static/js/sw-register.js registers this worker
// at once (a worker controls only the workers created after it took control); it takes control
// of the page at once (clients.claim) and stores each listed file the page and its workers fetch
// as it passes. Once the page is idle it asks for the rest ("store"): what the
// browser's HTTP cache holds (what the page loaded before the worker took control) is copied
// without a request ("only-if-cached"), and what it lacks is fetched, unless the visitor saves
// data: then only what was used is kept, and offline the computer plays with the quick worker
// if Pyodide was never loaded. An OPTIONAL file is never fetched for the cache: only kept if used. Every stored copy is checked against its hash (INTEGRITY), so that
// an older build's copy in the HTTP cache can never be stored under this version's name.
//
// A new version (a new sw.js) installs beside the old one, fetching what the HTTP cache does not
// hold, and waits; the page shows "Update available — reload" (static/js/sw-register.js) and,
// when clicked, posts "skip-waiting": the new worker activates, deletes the old caches and takes
// over, and the page reloads.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
// Each file's "sha256-…" (as in a script's integrity attribute); a file without one is stored
// unchecked (the bench's bare pages: bench/boot.py).
const INTEGRITY = __INTEGRITY__;
// The files the site works without (Pyodide's start snapshot): stored once used whole
// (`relayed`), but never fetched for the cache, nor counted as missing.
const OPTIONAL = new Set(__OPTIONAL__);

// Several sites may share an origin (user.github.io/a/, user.github.io/b/): cache names carry
// the scope, and only this scope's old caches are ever deleted.
const PREFIX = `lotus ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;

// Other URLs of the pages, each with its page: the site's folder ("./", its index.html) and the
// links with a query the pages carry ("index.html?game=go"). Each page is stored under them too,
// so that a page load finds its answer in the cache by its exact URL, as static routes need.
const ALIASES = __ALIASES__;

// Where the browser supports static routes (Chromium), the browser answers straight from this
// version's cache while the worker is not running, without waiting for it to start: every
// request but a page load, and the page loads whose URL is a key of the cache (each page, and
// the ALIASES). While it runs (a first visit, from its install on; and Chromium starts it during
// a returning visitor's page load too) the fetch handler below answers every request but those
// page loads, so that it stores what passes: a route's miss would go to the network without it. What no route takes
// (a page load with another query: index.html?game=race&seats=human,easy) goes to the fetch
// handler too. Each call is separate, so that a browser refusing one form of condition still
// takes the others.
function addRoutes(event) {
  const literal = (text) => text.replace(/[\\:*?()+{}]/g, "\\$&");
  const exact = (key) => {
    const url = new URL(key, self.registration.scope);
    const pattern = { pathname: literal(url.pathname), search: literal(url.search.slice(1)) };
    return { urlPattern: pattern };
  };
  const pages = [...FILES.filter((path) => path.endsWith(".html")), ...Object.keys(ALIASES)];
  // (the first route that matches a request takes it: the third sees only page loads)
  const running = ["cors", "no-cors", "same-origin"].map((requestMode) => ({
    runningStatus: "running",
    requestMode,
  }));
  const routes = [
    { condition: { or: running }, source: "fetch-event" },
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
  // A first install has nothing to replace: it takes over at once (and, once active, the page
  // that registered it: clients.claim), and stores what passes, the files of the workers the
  // page starts among them. An update must hold every file before it is offered.
  if (self.registration.active) event.waitUntil(fill(!savingData()));
  else event.waitUntil(self.skipWaiting());
});

// The visitor asked the browser to save data, or the connection is 2G: only what was used is
// kept (the page decides the same for a first visit: static/js/sw-register.js).
function savingData() {
  const connection = self.navigator.connection;
  return Boolean(
    connection && (connection.saveData || ["2g", "slow-2g"].includes(connection.effectiveType)),
  );
}

// The fills run one after another (two tabs asking at once fetch each file once).
let filling = Promise.resolve(false);

function fill(network) {
  filling = filling.catch(() => false).then(() => store(network));
  return filling;
}

// Store every listed file the cache lacks, a few at a time: once any download of it by the page
// has passed; else from the HTTP cache if it holds this build's bytes (what this visit loaded,
// without a request); else, if `network` and the file is not OPTIONAL, from the network
// ("no-cache": a stale HTTP-cache entry is revalidated, not reused). Then the page aliases. Returns true when every file is stored. A
// downloaded file whose bytes do not match its hash (the host changed build meanwhile) fails the
// fill: a later one tries again.
async function store(network) {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const scope = self.registration.scope;
  const queue = FILES.filter((path) => !held.has(new URL(path, scope).href));
  // A page's HTTP-cache entry is its URL as loaded, with its query (index.html?game=go).
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const loaded = windows.map((client) => new URL(client.url));
  let complete = true;
  const storeSome = async () => {
    while (queue.length) {
      const path = queue.shift();
      const url = new URL(path, scope);
      await loading.get(url.href); // the page is fetching it: stored as it passes
      if (await cache.match(url)) continue;
      const copy = await fromHttpCache(path, loaded);
      if (copy) {
        await cache.put(url, copy);
      } else if (network && !OPTIONAL.has(path)) {
        const request = new Request(path, { cache: "no-cache", integrity: INTEGRITY[path] || "" });
        const task = (async () => {
          const response = await fetch(request);
          if (!response.ok) throw new Error(`${path}: ${response.status}`);
          await cache.put(url, response);
        })();
        await track(url.href, task);
      } else if (!OPTIONAL.has(path)) {
        complete = false;
      }
    }
  };
  await Promise.all([storeSome(), storeSome(), storeSome(), storeSome()]);
  for (const [alias, page] of Object.entries(ALIASES)) {
    const url = new URL(alias, scope);
    if (!held.has(url.href)) {
      const response = await cache.match(new URL(page, scope));
      if (response) await cache.put(url, response);
    }
  }
  return complete;
}

// The file from the HTTP cache only (no request leaves the browser), if its bytes are this
// build's; else null. A page is also looked for under the URLs it is open at.
async function fromHttpCache(path, loaded) {
  const url = new URL(path, self.registration.scope);
  const urls = [url, ...loaded.filter((page) => page.pathname === url.pathname && page.search)];
  for (const candidate of urls) {
    const request = new Request(candidate, {
      cache: "only-if-cached",
      mode: "same-origin",
      integrity: INTEGRITY[path] || "",
    });
    try {
      const response = await fetch(request);
      if (response.ok) return response;
    } catch {
      // not in the HTTP cache, or not these bytes
    }
  }
  return null;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
  // And what the page loaded before this worker took control (a first visit's page, PyScript,
  // MicroPython), from the HTTP cache without a request, so that a reload finds it here. Not
  // awaited: fetch events wait until the worker is activated.
  fill(false).catch(() => {});
});

// "store": the page is ready and idle (static/js/sw-register.js); `all`: fetch what the cache
// still lacks from the network too, else keep only what the HTTP cache holds. The reply says
// whether every file is stored.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "store") {
    const reply = (complete) => event.ports[0]?.postMessage({ type: "stored", complete });
    event.waitUntil(fill(Boolean(data.all)).then(reply, () => reply(false)));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(cached(event, request, url));
});

// The listed files by URL (without query), each with its path.
const LISTED = new Map(FILES.map((path) => [new URL(path, self.registration.scope).href, path]));

async function cached(event, request, url) {
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
  if (hit) return hit;
  const path = request.mode === "navigate" ? null : LISTED.get(url.href);
  if (!path) return fetch(request);
  if (OPTIONAL.has(path)) return relayed(event, cache, path, request);
  if (loading.has(url.href)) {
    // the fill is fetching it: its copy, once stored
    await loading.get(url.href);
    hit = await cache.match(url);
    if (hit) return hit;
  }
  const response = fetch(request);
  const stored = track(url.href, response.then((answer) => keep(cache, path, answer.clone())));
  event.waitUntil(stored.catch(() => {}));
  return response;
}

// Listed files on their way into the cache (passing, or fetched by a fill), by URL: each with a
// promise that settles once it is stored (or not), so that none is fetched twice at once.
const loading = new Map();

function track(href, task) {
  const done = task.catch(() => {});
  loading.set(href, done);
  done.then(() => loading.delete(href));
  return task;
}

// An OPTIONAL file, relayed to its reader as it arrives and stored once whole: if the reader
// drops it (Pyodide's worker drops a snapshot that comes too slowly), the download stops with it
// and nothing is stored, where a copy read beside it (`keep`) would go on downloading it.
async function relayed(event, cache, path, request) {
  const answer = await fetch(request);
  if (answer.status !== 200 || answer.type !== "basic" || !answer.body) return answer;
  const chunks = [];
  const { readable, writable } = new TransformStream({
    transform(chunk, controller) {
      chunks.push(chunk);
      controller.enqueue(chunk);
    },
  });
  // The pipe ends when the file is whole, or fails when the reader drops it (and then cancels
  // the download). A fill waits for the copy only once the file is whole: one that waited for a
  // download in progress would wait as long as the reader reads.
  const done = answer.body.pipeTo(writable).then(
    () => track(request.url, storeWhole(cache, path, answer, chunks)),
    () => (chunks.length = 0),
  );
  event.waitUntil(done.catch(() => {}));
  const { status, statusText, headers } = answer;
  return new Response(readable, { status, statusText, headers });
}

// Store a relayed file's `chunks`, if they are this build's bytes.
async function storeWhole(cache, path, answer, chunks) {
  const whole = await new Blob(chunks).arrayBuffer();
  if (INTEGRITY[path] && (await integrityOf(whole)) !== INTEGRITY[path]) return;
  const { status, statusText, headers } = answer;
  const copy = new Response(whole, { status, statusText, headers });
  await cache.put(new URL(path, self.registration.scope), copy);
}

// Store a listed file the page fetched, if its bytes are this build's (a stale copy from the
// HTTP cache is not stored: the fill fetches it).
async function keep(cache, path, response) {
  if (response.status !== 200 || response.type !== "basic") return;
  const body = await response.arrayBuffer();
  if (INTEGRITY[path] && (await integrityOf(body)) !== INTEGRITY[path]) return;
  const { status, statusText, headers } = response;
  const copy = new Response(body, { status, statusText, headers });
  await cache.put(new URL(path, self.registration.scope), copy);
}

async function integrityOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}
