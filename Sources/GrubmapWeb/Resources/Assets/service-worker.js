// Grubmap's service worker (served as /service-worker.js, so its scope is the whole site). It keeps the app's
// assets and the pages a person viewed, and the pages they will want without a network: their default area's menu
// board for each day of this week, and their bookmarked places. Offline, a kept page opens with its "saved at
// HH:MM, offline" line shown; a page never kept opens /offline. Changes (bookmarks, check-ins, forms) are never
// queued: offline they are refused at once with a page or a JSON error that says nothing was saved.
//
// The server writes VERSION (a fingerprint of the assets) and ASSETS (their versioned addresses) into this file, so
// every deploy that changes an asset is a new worker, whose caches replace the old ones on activation.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const SHELL = `grubmap-shell-${VERSION}`;
const PAGES = `grubmap-pages-${VERSION}`;
const OFFLINE_PAGE = "/offline";
const MANIFEST = "/manifest.webmanifest";
// Pages kept at most, oldest dropped first: a week of menus, bookmarks and what was viewed fits.
const MAXIMUM_PAGES = 80;
// How often the kept menus and bookmarks are fetched again while pages are being opened (sooner when the default
// area or the bookmarks changed).
const REFRESH_MILLISECONDS = 30 * 60 * 1000;
let lastRefresh = 0;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll([...ASSETS, OFFLINE_PAGE, MANIFEST])).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("grubmap-") && name !== SHELL && name !== PAGES).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "refresh-saved") event.waitUntil(refreshSaved(event.source));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The operator console is never kept: its pages are for a signed-in operator, and a shared phone must not
  // show them to the next person.
  if (url.pathname === "/admin" || url.pathname.startsWith("/admin/")) return;
  if (request.method !== "GET") {
    event.respondWith(fetch(request).catch(() => refuseOffline(request)));
  } else if (url.pathname.startsWith("/assets/") || url.pathname === MANIFEST) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(navigate(request));
  }
});

// Pages: the network first, a copy kept; without a network, the copy marked with when it was saved.
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get("Content-Type")?.startsWith("text/html")) {
      await keep(request.url, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.open(PAGES).then((cache) => cache.match(request.url, { ignoreVary: true }));
    if (kept) return markSaved(kept);
    return (await caches.open(SHELL).then((cache) => cache.match(OFFLINE_PAGE))) || Response.error();
  }
}

// Keeps a page with the time it was saved, dropping the oldest beyond MAXIMUM_PAGES.
async function keep(url, response) {
  const headers = new Headers(response.headers);
  headers.set("Grubmap-Saved-At", new Date().toISOString());
  headers.delete("Set-Cookie");
  // The body kept is the decoded one: a gzip or length header would describe the bytes on the wire instead.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const body = await response.arrayBuffer();
  const cache = await caches.open(PAGES);
  await cache.delete(url);
  await cache.put(url, new Response(body, { status: response.status, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAXIMUM_PAGES))) await cache.delete(old);
}

// The kept page with its saved time written into the banner's data-saved-at, which the page's script shows.
async function markSaved(kept) {
  const savedAt = kept.headers.get("Grubmap-Saved-At") || "";
  const html = (await kept.text()).replace('data-saved-at=""', `data-saved-at="${savedAt.replace(/[^0-9TZ:.-]/g, "")}"`);
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A change without a network: refused, never queued. Forms get the offline page saying nothing was saved;
// scripts get the API's error shape, and fall back to the form, which gets the page.
async function refuseOffline(request) {
  if (request.mode === "navigate") {
    const page = await caches.open(SHELL).then((cache) => cache.match(OFFLINE_PAGE));
    if (page) {
      const html = (await page.text()).replace('data-refused=""', 'data-refused="1"');
      return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
  }
  const body = { error: { code: "offline", message: "You are offline: nothing was saved. Try again when you are back online." } };
  return new Response(JSON.stringify(body), { status: 503, headers: { "Content-Type": "application/json" } });
}

// Fetches and keeps the default area's board for each day of its week and each bookmarked place: when either
// changed, or REFRESH_MILLISECONDS after the last time. Tells the page when done (the browser tests wait for it).
let lastSignature = "";
async function refreshSaved(client) {
  let kept = 0;
  try {
    const preferences = await fetchJSON("/api/v1/me/preferences");
    const area = preferences.defaultArea || (await fetchJSON("/api/v1/areas")).areas[0]?.id;
    const signature = JSON.stringify([area, preferences.bookmarks]);
    if (signature !== lastSignature || Date.now() - lastRefresh >= REFRESH_MILLISECONDS) {
      const pages = [];
      if (area) {
        const board = await fetchJSON(`/api/v1/areas/${encodeURIComponent(area)}/menus`);
        pages.push(`/areas/${encodeURIComponent(area)}/menus`);
        for (const day of board.days) pages.push(`/areas/${encodeURIComponent(area)}/menus?date=${day.date}`);
      }
      for (const place of preferences.bookmarks) pages.push(`/places/${encodeURIComponent(place)}`);
      for (const page of pages) {
        const response = await fetch(page, { credentials: "same-origin", headers: { Accept: "text/html" } });
        if (response.ok) await keep(new URL(page, self.location.origin).href, response);
      }
      lastSignature = signature;
      lastRefresh = Date.now();
    }
    kept = (await (await caches.open(PAGES)).keys()).length;
  } catch (error) {
    // Offline, or the server said no: kept pages stay as they are, and the next page tries again.
  }
  client?.postMessage({ saved: true, kept });
}

async function fetchJSON(path) {
  const response = await fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}
