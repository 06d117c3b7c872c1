// AppDeck's service worker (scope "/"): installed apps open and work offline (issue 24).
// The server prepends VERSION (the asset catalogue's digest), PRECACHE (every asset URL, each
// named by its digest) and APPS (each app's start path) to this file; there is no build step.
//
// - Assets: precached at install, then cache first. A new server version is a new worker with
//   new caches; it takes over at the next navigation and deletes the old caches, pages included,
//   so a saved page never meets assets of another version.
// - Pages: network first with navigation preload. Only a failed connection means offline: then
//   the copy of that page this browser last received, marked with the time it was saved (the
//   page's script shows the offline bar), or, for a page never saved, the app's offline screen,
//   precached per app at install in the device's language. A slow answer is not an outage
//   (issue 33: a GitHub answering in a few seconds looked offline): after PAGE_TIMEOUT_MS the
//   saved copy stands in, marked slow, and the worker keeps waiting; when the answer arrives it
//   tells the page, which opens it (served once from memory, so it is not asked for again). A
//   page never saved waits for the network as long as the browser does.
// - Other same-origin GETs (thumbnails, per-device stylesheets): network first, cached copy after.
// - Posts are not the worker's: they go from the page to the network as they would without it
//   (so the page's own network conditions apply). Before a language change or a GitHub sign-out
//   the page asks the worker to drop the saved pages that change makes stale.
// - A browser removed from its owner's devices (issue 36) gets `X-AppDeck-Browser: removed` on its
//   next page: the worker drops every saved page before keeping that one.
// - MyHabits' outbox is replayed on "sync".
// - MyHabits' reminders (issue 38) arrive as push messages: each shows a notification with the
//   habit's name; "Mark as done" ticks the habit for the reminder's day through the outbox (so it
//   is sent once, also when the phone is offline), a tap opens the habit.
import { enqueue, replayOutbox } from "./outbox-path-placeholder";

// Three seconds: a page of ours answers in milliseconds when the server is up, a restarting
// server refuses at once (no wait at all), and a phone on a weak signal or a slow upstream gets
// three seconds before the saved copy stands in, marked slow, until the answer arrives.
const PAGE_TIMEOUT_MS = 3000;
const ASSETS = `assets-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const RUNTIME = `runtime-${VERSION}`;
const SAVED_AT = "x-appdeck-saved-at";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const assets = await caches.open(ASSETS);
    await assets.addAll(PRECACHE);
    const pages = await caches.open(PAGES);
    await Promise.all(APPS.map((path) => saveOfflineScreen(pages, path)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set([ASSETS, PAGES, RUNTIME]);
    for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET" || url.pathname === "/sw.js" || url.pathname === "/healthz") return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate") event.respondWith(page(event));
  else event.respondWith(networkFirst(request));
});

self.addEventListener("sync", (event) => {
  if (event.tag === "habits-outbox") event.waitUntil(replayOutbox(fetch.bind(self)));
});

/// `{ forgetPages: null }` drops every saved page (a language change), `{ forgetPages: "/github" }`
/// those under a path (a sign-out).
/// `{ savePages: [paths], imageWidth, follow }` saves those pages, the pages they link to whose
/// path contains `follow` (a gallery's image viewers), and the images they show, at the smallest
/// width of each srcset that covers `imageWidth` device pixels (Stories' Items: every story and
/// gallery works offline once the list was opened).
self.addEventListener("message", (event) => {
  if (event.data && "forgetPages" in event.data) event.waitUntil(forgetPages(event.data.forgetPages));
  const { savePages: paths, imageWidth = 0, follow = null } = event.data ?? {};
  if (Array.isArray(paths)) event.waitUntil(savePages(paths, imageWidth, follow));
});

async function savePages(paths, imageWidth, follow) {
  const pages = await caches.open(PAGES);
  for (const path of paths) {
    const address = new URL(path, self.location.origin).href;
    if (await pages.match(pageKey(address))) continue;
    try {
      const response = await fetch(address, { credentials: "same-origin" });
      if (!response.ok || !isHTML(response)) continue;
      const html = await response.clone().text();
      await savePage(address, response);
      await Promise.all(imagesShown(html, imageWidth).map((image) => cacheFirst(new Request(image)).catch(() => null)));
      if (follow) {
        const linked = [...html.matchAll(/href="(\/[^"]+)"/g)].map(([, href]) => href).filter((href) => href.includes(follow));
        await savePages([...new Set(linked)], imageWidth, null);
      }
    } catch {
      return;  // the server went away: the rest waits for the next visit
    }
  }
}

/// The same-origin image URLs a page shows: each `src`, or from a `srcset` the candidate a
/// browser would take at `width` device pixels.
function imagesShown(html, width) {
  const chosen = new Set();
  for (const [, srcset] of html.matchAll(/srcset="([^"]+)"/g)) {
    const candidates = srcset.split(",").map((part) => part.trim().split(/\s+/))
      .map(([url, size]) => ({ url, width: parseInt(size, 10) || 0 })).sort((a, b) => a.width - b.width);
    const pick = candidates.find((candidate) => candidate.width >= width) ?? candidates[candidates.length - 1];
    if (pick) chosen.add(pick.url);
  }
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="(\/assets\/[^"]+)"/g)) {
    if (!html.includes(`srcset="${src}`)) chosen.add(src);
  }
  return [...chosen].filter((url) => url.startsWith("/assets/"));
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(RUNTIME)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(RUNTIME)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

/// Answers that arrived after their page's saved copy stood in, by page key: the page reloads to
/// show them, and its next navigation takes them from here, once.
const arrived = new Map();

async function page(event) {
  const request = event.request;
  const key = pageKey(request.url);
  const waiting = arrived.get(key);
  if (waiting) {
    arrived.delete(key);
    return waiting;
  }
  const network = fromNetwork(event).then(async (response) => {
    // A browser removed from its owner's devices (issue 36) is a new, empty device now: the pages
    // it saved showed the owner's data, and go before this one is kept.
    if (response.headers.get("x-appdeck-browser") === "removed") await forgetPages(null);
    if (response.ok && isHTML(response)) await savePage(request.url, response.clone());
    return response;
  });
  try {
    return await withTimeout(network, PAGE_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof SlowAnswer)) return offline(request);
  }
  const copy = await savedPage(request.url, "slow");
  if (!copy) {
    try {
      return await network;
    } catch {
      return offline(request);
    }
  }
  event.waitUntil(network.then(
    (response) => {
      arrived.set(key, response);
      setTimeout(() => arrived.delete(key), 60_000);  // a page that left before it arrived
      return tell(event.resultingClientId, { pageArrived: key });
    },
    () => tell(event.resultingClientId, { pageFailed: key }),
  ));
  return copy;
}

async function offline(request) {
  return (await savedPage(request.url, "offline")) ?? (await offlineScreen(new URL(request.url).pathname)) ?? Response.error();
}

async function tell(clientId, message) {
  const client = clientId ? await self.clients.get(clientId) : null;
  client?.postMessage(message);
}

async function fromNetwork(event) {
  const preloaded = await event.preloadResponse;
  return preloaded ?? fetch(event.request);
}

class SlowAnswer extends Error {}

function withTimeout(promise, milliseconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new SlowAnswer("no answer yet")), milliseconds);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

function isHTML(response) {
  return (response.headers.get("content-type") ?? "").startsWith("text/html");
}

/// Keeps the page with the moment it was received.
async function savePage(address, response) {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, String(Date.now()));
  const body = await response.blob();
  await (await caches.open(PAGES)).put(pageKey(address), new Response(body, { status: 200, headers }));
}

/// The saved copy, with a <meta> naming when it was saved and why it stands in ("offline" or
/// "slow"): the page's script shows the bar from it (a script cannot read the headers of its own
/// document).
async function savedPage(address, reason) {
  const saved = await (await caches.open(PAGES)).match(pageKey(address));
  if (!saved) return null;
  const html = await saved.text();
  const at = Number(saved.headers.get(SAVED_AT)) || 0;
  const marked = html.replace("<head>", `<head><meta name="appdeck-saved-at" content="${at}" data-reason="${reason}">`);
  return new Response(marked, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
}

/// The offline screen of the app whose start path is the longest prefix of `pathname`.
async function offlineScreen(pathname) {
  const app = APPS.filter((path) => pathname === path || pathname.startsWith(path === "/" ? "/" : `${path}/`))
    .sort((a, b) => b.length - a.length)[0] ?? "/";
  return (await caches.open(PAGES)).match(offlineKey(app));
}

async function saveOfflineScreen(pages, path) {
  const response = await fetch(offlineKey(path), { credentials: "same-origin" });
  if (response.ok) await pages.put(offlineKey(path), response);
}

function offlineKey(path) {
  return `/offline?app=${encodeURIComponent(path)}`;
}

/// Pages are kept by path and query: the fragment never reaches a server.
function pageKey(address) {
  const url = new URL(address);
  url.hash = "";
  return url.href;
}

async function forgetPages(prefix) {
  const pages = await caches.open(PAGES);
  for (const request of await pages.keys()) {
    const path = new URL(request.url).pathname;
    if (prefix === null || path === prefix || path.startsWith(`${prefix}/`)) await pages.delete(request);
  }
  if (prefix === null) await Promise.all(APPS.map((path) => saveOfflineScreen(pages, path)));
  const runtime = await caches.open(RUNTIME);
  for (const request of await runtime.keys()) {
    const path = new URL(request.url).pathname;
    if (prefix !== null && (path === prefix || path.startsWith(`${prefix}/`))) await runtime.delete(request);
  }
}

self.addEventListener("push", (event) => {
  let reminder = null;
  try {
    reminder = event.data ? event.data.json() : null;
  } catch {
    reminder = null;
  }
  if (!reminder || typeof reminder.title !== "string") return;
  event.waitUntil(self.registration.showNotification(reminder.title, {
    body: reminder.body,
    tag: reminder.tag,
    data: { url: reminder.url, track: reminder.track, day: reminder.day },
    actions: typeof reminder.done === "string" ? [{ action: "done", title: reminder.done }] : [],
  }).then(refreshBadge));
});

/// The installed app's badge (issue 48): how many habits are still due today, asked of the
/// server after a reminder or a tick from one; offline it stays as the last page set it.
async function refreshBadge() {
  if (!("setAppBadge" in self.navigator)) return;
  try {
    const response = await fetch("/habits/due.json", { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return;
    const { due } = await response.json();
    await (due > 0 ? self.navigator.setAppBadge(due) : self.navigator.clearAppBadge());
  } catch {
    // No answer: the next page or reminder sets it.
  }
}

self.addEventListener("notificationclick", (event) => {
  const { url, track, day } = event.notification.data ?? {};
  event.notification.close();
  if (event.action === "done") {
    // No page token here: the outbox fetches a fresh one when the empty one is refused.
    if (typeof track === "string" && track.startsWith("/habits/")) {
      event.waitUntil(enqueue({ url: track, fields: { day }, token: "" }).then(() => replayOutbox(fetch.bind(self))).then(refreshBadge));
    }
    return;
  }
  if (typeof url === "string" && url.startsWith("/habits/")) event.waitUntil(openHabit(url));
});

async function openHabit(url) {
  for (const client of await self.clients.matchAll({ type: "window" })) {
    if (new URL(client.url).pathname === url && "focus" in client) return client.focus();
  }
  return self.clients.openWindow(url);
}
