// Grubmap's service worker (served as /service-worker.js, so its scope is the whole site). It keeps the app's
// assets, and offline copies of the pages a person will want without a network: the menu boards, area pages and
// place pages they open, their default area's board for each day of this week, and their bookmarked places.
// Offline, a kept page opens marked as an offline copy with the time it was saved; a page never kept opens
// /offline. Changes (bookmarks, check-ins, forms) are never queued: offline they are refused at once, and the page
// that sent them stays and says so.
//
// Nothing personal is kept. A copy is not the page the person saw but the one the server renders for the header
// Grubmap-Offline-Copy: the page as anyone sees it in this device's language and display choices, without the
// person's profile, check-in, bookmarks, position or CSRF token, and with who's here as a count (OfflineCopies.swift).
// /profile, /settings and every other page are never kept. The copies are kept under the device's offline key
// (the grubmap_offline_key cookie, which the server changes with the device cookie and the session; OfflineKey.swift):
// before answering, the worker reads the key (from the cookie where the browser gives workers `cookieStore`, else
// from the header of the last page answered) and deletes every copy kept under another key, so cleared cookies or
// an ended session leave nothing of the last person, offline too.
//
// The server writes VERSION (a fingerprint of the assets) and ASSETS (their versioned addresses) into this file, so
// every deploy that changes an asset is a new worker, whose caches replace the old ones on activation.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const SHELL = `grubmap-shell-${VERSION}`;
// The copies' cache is this followed by the offline key: one person's copies at a time.
const PAGES = `grubmap-pages-${VERSION}-`;
const OFFLINE_PAGE = "/offline";
const MANIFEST = "/manifest.webmanifest";
const KEY_COOKIE = "grubmap_offline_key";
const KEY_HEADER = "Grubmap-Offline-Key";
// Pages kept at most, oldest dropped first: a week of menus, bookmarks and what was viewed fits.
const MAXIMUM_PAGES = 80;
// How often the kept menus and bookmarks are fetched again while pages are being opened (sooner when the key, the
// default area or the bookmarks changed), and how old a viewed page's copy may get before it is fetched again.
const REFRESH_MILLISECONDS = 30 * 60 * 1000;
const COPY_MILLISECONDS = 10 * 60 * 1000;
// The pages kept (the board, an area's map and list, a place) and the parts of their addresses a copy keeps: the
// day and the view. A position (near), a form's outcome or a notice never belongs to a copy.
const KEPT_PAGES = [/^\/areas\/[^/]+$/, /^\/areas\/[^/]+\/menus$/, /^\/places\/[^/]+$/];
const KEPT_QUERY = ["date", "view", "sort"];
let lastRefresh = 0;
let lastSignature = "";
// The key of the last page answered, for browsers without `cookieStore` in workers.
let headerKey = null;
// The copies of opened pages being fetched, which refreshSaved waits for before it reports.
const pendingCopies = new Set();

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(SHELL).then((cache) => cache.addAll([...ASSETS, OFFLINE_PAGE, MANIFEST])).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("grubmap-") && name !== SHELL && !name.startsWith(PAGES)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "refresh-saved") event.waitUntil(refreshSaved(event.source));
  // A page whose key cookie is not the one its copy was kept under (a browser without `cookieStore` here).
  if (event.data?.forget !== undefined) {
    headerKey = String(event.data.forget);
    event.waitUntil(pagesFor(headerKey).then(() => event.source?.postMessage({ forgotten: true })));
  }
});

// A push message (PushSender.swift): one notification a day for the dishes a person follows, replacing the day's
// earlier one (its tag); tapping it opens the area's menu board of that day.
self.addEventListener("push", (event) => {
  const message = event.data?.json() ?? {};
  event.waitUntil(
    self.registration.showNotification(message.title ?? "Grubmap", {
      body: message.body,
      tag: message.tag,
      icon: ASSETS.find((address) => address.includes("icon-192")),
      data: { url: message.url ?? "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(new URL(event.notification.data?.url ?? "/", self.location.origin).href));
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
    event.respondWith(navigate(event));
  }
});

// The device's offline key now: the cookie, else the last page's header, else the key the copies were kept under
// (a worker started again offline, in a browser without `cookieStore`). Empty when there is none: nothing is kept.
async function currentKey() {
  if (self.cookieStore) return (await self.cookieStore.get(KEY_COOKIE))?.value || "";
  if (headerKey !== null) return headerKey;
  const kept = (await caches.keys()).find((name) => name.startsWith(PAGES));
  return kept ? kept.slice(PAGES.length) : "";
}

// The cache of the copies kept under `key`, after deleting every copy kept under another (or `null` without a key).
async function pagesFor(key) {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith("grubmap-pages-") && name !== PAGES + key).map((name) => caches.delete(name)));
  return key ? caches.open(PAGES + key) : null;
}

// The address a page's copy is kept under (`null` for a page never kept): its path and the kept query fields.
function copyAddress(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || !KEPT_PAGES.some((pattern) => pattern.test(url.pathname))) return null;
  const query = new URLSearchParams();
  for (const name of KEPT_QUERY) if (url.searchParams.has(name)) query.set(name, url.searchParams.get(name));
  const search = query.toString();
  return url.origin + url.pathname + (search ? `?${search}` : "");
}

// Pages: the network first, and a copy kept in the background; without a network, the copy, marked.
async function navigate(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (!self.cookieStore && response.headers.has(KEY_HEADER)) headerKey = response.headers.get(KEY_HEADER);
    const key = await currentKey();
    const cache = await pagesFor(key);
    const address = copyAddress(request.url);
    if (cache && address && response.ok) {
      const copying = keepCopy(cache, key, address, COPY_MILLISECONDS).catch(() => {});
      pendingCopies.add(copying);
      copying.finally(() => pendingCopies.delete(copying));
      event.waitUntil(copying);
    }
    return response;
  } catch (error) {
    const key = await currentKey();
    const cache = await pagesFor(key);
    const url = new URL(request.url);
    // The installed app opens at /, the person's default area: its board, when it was kept.
    const address = url.pathname === "/" ? `${url.origin}/` : copyAddress(request.url);
    const kept = cache && address && (await cache.match(address, { ignoreVary: true }));
    if (kept) return markSaved(kept, key);
    return (await caches.open(SHELL).then((shell) => shell.match(OFFLINE_PAGE))) || Response.error();
  }
}

// Fetches the offline copy of `address` and keeps it (also under `alias`), unless one younger than `freshFor`
// milliseconds is kept; never into a cache whose key is no longer the device's.
async function keepCopy(cache, key, address, freshFor, alias = null) {
  const kept = await cache.match(address, { ignoreVary: true });
  const savedAt = Date.parse(kept?.headers.get("Grubmap-Saved-At") || "");
  if (kept && Date.now() - savedAt < freshFor) return;
  const response = await fetch(address, {
    credentials: "same-origin",
    headers: { Accept: "text/html", "Grubmap-Offline-Copy": "1" },
  });
  if (!response.ok || !response.headers.get("Content-Type")?.startsWith("text/html")) return;
  const headers = new Headers(response.headers);
  headers.set("Grubmap-Saved-At", new Date().toISOString());
  headers.delete("Set-Cookie");
  // The body kept is the decoded one: a gzip or length header would describe the bytes on the wire instead.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const body = await response.arrayBuffer();
  if ((await currentKey()) !== key) return;
  for (const where of alias ? [address, alias] : [address]) {
    await cache.delete(where);
    await cache.put(where, new Response(body, { status: 200, headers }));
  }
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAXIMUM_PAGES))) await cache.delete(old);
}

// The copy with its saved time written into the banner's data-saved-at, which the page's script shows, and the
// document marked as an offline copy (the style sheet hides what needs a network; the script checks the key).
async function markSaved(kept, key) {
  const savedAt = (kept.headers.get("Grubmap-Saved-At") || "").replace(/[^0-9TZ:.-]/g, "");
  const html = (await kept.text())
    .replace('data-saved-at=""', `data-saved-at="${savedAt}"`)
    .replace("<html ", `<html data-offline-copy="${key.replace(/[^A-Za-z0-9_-]/g, "")}" `);
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A change without a network: refused, never queued. A form's post is answered 204 No Content, so the browser
// stays on the page, and the page is told to say so where the form is; scripts get the API's error shape.
async function refuseOffline(request) {
  if (request.mode === "navigate") {
    const windows = await self.clients.matchAll({ type: "window" });
    const focused = windows.filter((client) => client.focused);
    for (const client of focused.length ? focused : windows) client.postMessage({ refused: request.url });
    return new Response(null, { status: 204 });
  }
  const body = { error: { code: "offline", message: "You are offline: nothing was saved. Try again when you are back online." } };
  return new Response(JSON.stringify(body), { status: 503, headers: { "Content-Type": "application/json" } });
}

// Keeps the default area's board for each day of its week (today's also as /, where the installed app opens) and
// each bookmarked place: when the key or a preference changed, or REFRESH_MILLISECONDS after the last time. Tells
// the page when done, once the copies of opened pages being fetched are kept too (the browser tests wait for it).
async function refreshSaved(client) {
  let kept = 0;
  try {
    const key = await currentKey();
    const cache = await pagesFor(key);
    if (cache) {
      const preferences = await fetchJSON("/api/v1/me/preferences");
      const area = preferences.defaultArea || (await fetchJSON("/api/v1/areas")).areas[0]?.id;
      // Any choice that changes how pages read (language, units, price, diet) or what is kept (area, bookmarks).
      const signature = JSON.stringify([key, area, preferences]);
      if (signature !== lastSignature || Date.now() - lastRefresh >= REFRESH_MILLISECONDS) {
        const origin = self.location.origin;
        if (area) {
          const board = `${origin}/areas/${encodeURIComponent(area)}/menus`;
          const week = await fetchJSON(`/api/v1/areas/${encodeURIComponent(area)}/menus`);
          await keepCopy(cache, key, board, 0, `${origin}/`);
          for (const day of week.days) await keepCopy(cache, key, `${board}?date=${day.date}`, 0);
        }
        for (const place of preferences.bookmarks) await keepCopy(cache, key, `${origin}/places/${encodeURIComponent(place)}`, 0);
        lastSignature = signature;
        lastRefresh = Date.now();
      }
      await Promise.all([...pendingCopies]);
      kept = (await cache.keys()).length;
    }
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
