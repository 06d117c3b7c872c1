// Form posts made offline, kept in IndexedDB (they outlive the tab and the browser) and replayed
// in order once the server answers: from the page (load, "online") and from the service worker
// (Background Sync). A Web Lock makes replays one at a time, so none is sent twice at once and
// none overtakes another. The server makes each entry safe to repeat (a track for a stated day
// counts once), so an entry sent whose answer was lost is simply sent again.
const DATABASE = "appdeck-outbox";
const STORE = "posts";

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transaction(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result.result ?? result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/// Queues a post: `url`, its form `fields` (strings) and the CSRF `token` of the page it was made on.
export function enqueue(entry) {
  return transaction("readwrite", (store) => store.add({ ...entry, queuedAt: Date.now() }));
}

/// Every queued post, oldest first.
export function pending() {
  return transaction("readonly", (store) => store.getAll());
}

function remove(id) {
  return transaction("readwrite", (store) => store.delete(id));
}

/// The device's CSRF token from a fresh page, for a queued post whose token was refused (and for
/// a page without a form of its own that has something to report).
export async function freshToken(fetchFn = fetch) {
  const page = await fetchFn("/", { credentials: "same-origin" });
  const match = /name="_csrf" value="([0-9a-f]+)"/.exec(await page.text());
  return match ? match[1] : null;
}

/// Sends the queued posts in order. A 2xx or a refusal (4xx: the habit is gone, the day too old)
/// removes an entry; a network failure, a server error or 429 (too many writes at once: the
/// server's write rate, issue 34) stops the replay until the next try, the entry kept.
/// Resolves to how many were sent and which were refused.
export async function replayOutbox(fetchFn = fetch) {
  const run = async () => {
    const result = { sent: 0, refused: [] };
    let token = null;
    for (const entry of await pending()) {
      let response;
      try {
        response = await post(fetchFn, entry, token ?? entry.token);
        if (response.status === 403) {
          token = await freshToken(fetchFn);
          if (token) response = await post(fetchFn, entry, token);
        }
      } catch {
        return result;
      }
      if (response.status >= 500 || response.status === 429) return result;
      await remove(entry.id);
      if (response.ok) result.sent += 1;
      else result.refused.push(entry);
    }
    return result;
  };
  return navigator.locks ? navigator.locks.request("appdeck-outbox", run) : run();
}

function post(fetchFn, entry, token) {
  return fetchFn(entry.url, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token },
    body: new URLSearchParams(entry.fields),
  });
}
