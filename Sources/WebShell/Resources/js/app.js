// AppDeck progressive enhancement. Every action also works without this file.
document.documentElement.classList.add("js");

// A first screen loads this script only and names the rest here: a module runs once the page's
// stylesheets are in, so they are fetched after it, not beside it on a slow network (issue 47).
const afterPaint = document.querySelector("script[data-after-paint]")?.dataset.afterPaint;
for (const script of afterPaint ? afterPaint.split(" ") : []) import(script).catch(() => {});

// The language switcher applies as soon as a language is picked.
for (const select of document.querySelectorAll(".language-switcher__select")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}

// The shared <dialog> alert as a question: resolves true when its action is chosen.
const alert = document.getElementById("alert");
export function confirmInAlert({ title, message = "", action, cancel }) {
  if (!alert || typeof alert.showModal !== "function") return Promise.resolve(window.confirm(`${title}\n${message}`));
  const cancelButton = alert.querySelector("#alert-cancel");
  cancelButton.dataset.defaultLabel ??= cancelButton.textContent;
  alert.querySelector("#alert-title").textContent = title;
  alert.querySelector("#alert-message").textContent = message;
  alert.querySelector("#alert-confirm").textContent = action;
  cancelButton.textContent = cancel || cancelButton.dataset.defaultLabel;
  alert.returnValue = "";
  return new Promise((resolve) => {
    alert.addEventListener("close", () => resolve(alert.returnValue === "confirm"), { once: true });
    alert.showModal();
  });
}

// The shared <dialog> alert as a message with one button: resolves when it is dismissed.
export function showAlert({ title, message = "", action }) {
  if (!alert || typeof alert.showModal !== "function") {
    window.alert(`${title}\n${message}`);
    return Promise.resolve();
  }
  const cancelButton = alert.querySelector("#alert-cancel");
  const button = alert.querySelector("#alert-confirm");
  alert.querySelector("#alert-title").textContent = title;
  alert.querySelector("#alert-message").textContent = message;
  button.textContent = action;
  button.classList.remove("alert__button--destructive");
  cancelButton.hidden = true;
  return new Promise((resolve) => {
    alert.addEventListener("close", () => {
      cancelButton.hidden = false;
      button.classList.add("alert__button--destructive");
      resolve();
    }, { once: true });
    alert.showModal();
  });
}

// Forms marked data-confirm ask first (title, message, action and optionally cancel label). A form
// several buttons share (one a row, each naming its row in `formaction`) takes the message from the
// button that submits it, and is submitted again by that button, so it posts where that one says.
for (const form of document.querySelectorAll("form[data-confirm-title]")) {
  let confirmed = null;  // the button (or the form) whose question was answered yes
  form.addEventListener("submit", async (event) => {
    const submitter = event.submitter ?? null;
    if (confirmed !== null && confirmed === (submitter ?? form)) return;
    event.preventDefault();
    confirmed = null;  // another button of a shared form asks about its own row
    const answer = await confirmInAlert({
      title: form.dataset.confirmTitle, message: submitter?.dataset.confirmMessage ?? form.dataset.confirmMessage,
      action: form.dataset.confirmAction, cancel: form.dataset.confirmCancel,
    });
    if (answer) {
      confirmed = submitter ?? form;
      form.requestSubmit(submitter);
    }
  });
}

// Escape closes an open sheet the way its Cancel link would.
const sheetCancel = document.querySelector("[data-sheet-cancel]");
if (sheetCancel) {
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") window.location.assign(sheetCancel.href);
  });
  const firstField = document.querySelector(".sheet [aria-invalid='true']") ?? document.querySelector(".sheet .form-cell__input");
  if (firstField) firstField.focus();
}

// An open pull-down menu closes on a tap outside it or on Escape, as iOS menus do.
const pullDowns = document.querySelectorAll("details.pull-down");
if (pullDowns.length > 0) {
  document.addEventListener("click", (event) => {
    for (const menu of pullDowns) if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of pullDowns) if (menu.open) menu.open = false;
  });
}

// Long-running GET forms show their activity indicator while the next page loads.
for (const form of document.querySelectorAll(".run-demo")) {
  form.addEventListener("submit", () => {
    const activity = form.querySelector(".run-demo__activity");
    if (activity) activity.hidden = false;
  });
}

// The one-time code (issue 50): Copy puts it on the clipboard and says so; the minutes left count
// down from the phrases the page carries, one for each plural form of its language.
for (const button of document.querySelectorAll("[data-copy-code]")) {
  const status = document.querySelector("[data-copy-status]");
  const label = button.textContent;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copyCode);
    } catch {
      // No clipboard here (an address that is not a secure context): the code is selected instead.
      const code = document.querySelector(".link-code");
      if (code) window.getSelection()?.selectAllChildren(code);
      return;
    }
    button.textContent = button.dataset.copied;
    if (status) status.textContent = button.dataset.copied;
    setTimeout(() => { button.textContent = label; }, 2000);
  });
}
for (const expiry of document.querySelectorAll("[data-expires-in]")) {
  const endsAt = performance.now() + Number(expiry.dataset.expiresIn) * 1000;
  const rules = new Intl.PluralRules(document.documentElement.lang || "en");
  const show = () => {
    const minutes = Math.ceil((endsAt - performance.now()) / 60000);
    if (minutes <= 0) {
      expiry.textContent = expiry.dataset.expired;
      return;
    }
    const form = expiry.dataset[rules.select(minutes)] ?? expiry.dataset.other;
    expiry.textContent = form.replace("{count}", String(minutes));
    setTimeout(show, 5000);
  };
  show();
}

// ---- Offline (issue 24) -------------------------------------------------------------------
// One service worker for the origin keeps the assets and the pages this device saw; a page it
// served from its saved copy carries <meta name="appdeck-saved-at">, and says so in the bar.
import { enqueue, freshToken, pending, replayOutbox } from "./outbox.js";

const offlineBar = document.querySelector(".offline-bar");
const savedAt = document.querySelector('meta[name="appdeck-saved-at"]');
/// Tells the page's scripts (Photos' connection popup) that the server went away or came back:
/// the same signal the service worker's fallback gives, not the browser's idea of the network.
export function announceConnection(online) {
  window.dispatchEvent(new CustomEvent("appdeck:connection", { detail: { online } }));
}

/// A saved copy stands in because the server did not answer in time ("slow": it is still being
/// asked, and the page is opened when it answers) or because it cannot be reached ("offline").
const slow = savedAt?.dataset.reason === "slow";

function showSavedCopyBar(template) {
  const time = new Date(Number(savedAt.content)).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
  offlineBar.textContent = template.replace("{time}", time);
  offlineBar.hidden = false;
}

function goOffline() {
  if (offlineBar) showSavedCopyBar(offlineBar.dataset.savedTemplate);
  document.documentElement.classList.add("is-offline");
  announceConnection(false);
  const poll = setInterval(async () => {
    if (!(await isServerReachable())) return;
    clearInterval(poll);
    announceConnection(true);
    await replayOutbox().catch(() => {});
    setTimeout(() => window.location.reload(), 1500);
  }, 5000);
}

if (offlineBar && savedAt && slow) {
  showSavedCopyBar(offlineBar.dataset.slowTemplate);
  document.documentElement.classList.add("is-waiting");
}
navigator.serviceWorker?.addEventListener("message", (event) => {
  if (!slow || !event.data) return;
  const here = window.location.href.split("#")[0];
  if (event.data.pageArrived === here) window.location.replace(window.location.href);
  else if (event.data.pageFailed === here) goOffline();
});
navigator.serviceWorker?.startMessages();

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" }).catch(() => {});
}

/// Whether the server answers now: asked directly (the worker leaves /healthz to the network).
export async function isServerReachable(timeout = 2000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    return (await fetch("/healthz", { cache: "no-store", signal: controller.signal })).ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/// Says that an action needs a connection; the form and what was typed stay as they are.
export function sayNeedsConnection() {
  return showAlert({
    title: offlineBar?.dataset.needsConnectionTitle ?? "Offline",
    message: offlineBar?.dataset.needsConnection ?? "",
    action: offlineBar?.dataset.ok ?? "OK",
  });
}

/// Queues a post for when the server answers again, and asks for Background Sync where there is one.
export async function queuePost(url, fields) {
  const token = document.querySelector('input[name="_csrf"]')?.value ?? "";
  await enqueue({ url, fields, token });
  const registration = await navigator.serviceWorker?.ready.catch(() => null);
  await registration?.sync?.register("habits-outbox").catch(() => {});
}

// A plain form post (add a car, create a habit, sign in…) checks first that the server answers:
// offline, it says so and keeps the form, instead of leaving for the browser's error page. Runs
// after the forms' own handlers (it listens on the document), so forms a script handles are left alone.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.method !== "post") return;
  if (form.dataset.reachable === "yes") {
    delete form.dataset.reachable;
    return;
  }
  event.preventDefault();
  if (await isServerReachable()) {
    forgetStalePages(new URL(form.action).pathname);
    form.dataset.reachable = "yes";
    form.requestSubmit(event.submitter);
  } else {
    sayNeedsConnection();
  }
});

/// A language change makes every saved page stale, a GitHub sign-out the GitHub ones, and linking
/// this browser to another's data (issue 36, `/link`) every one: the worker drops them before the
/// post goes out.
function forgetStalePages(path) {
  const prefix = path === "/settings/language" || path === "/link" ? null : path === "/github/sign-out" ? "/github" : undefined;
  if (prefix !== undefined) navigator.serviceWorker?.controller?.postMessage({ forgetPages: prefix });
}

// Replays what was queued offline, then shows the server's state.
async function replay() {
  if ((await pending().catch(() => [])).length === 0) return;
  const { sent, refused } = await replayOutbox();
  if (refused.length > 0) await showAlert({ title: offlineBar?.dataset.droppedTitle ?? "", message: offlineBar?.dataset.dropped ?? "", action: offlineBar?.dataset.ok ?? "OK" });
  if (sent > 0 || refused.length > 0) window.location.reload();
}

// The device's time zone is the shell's: whichever app is opened first reports it (and again when
// the device has moved), so every app shows times in it. A page drawn before the server knew the
// zone, and showing times, is drawn again in it.
async function reportTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const root = document.documentElement;
  if (!zone || root.dataset.timeZone === zone) return;
  const token = document.querySelector('input[name="_csrf"]')?.value || await freshToken();
  if (!token) return;
  const response = await fetch("/device/time-zone", {  // ShellRoutes.timeZonePath
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token },
    body: new URLSearchParams({ timeZone: zone }),
  });
  if (response.ok && !root.dataset.timeZone && "showsTimes" in root.dataset) window.location.reload();
}
// The zone first: a tick queued offline counts for a day the server checks in the device's zone.
if (!savedAt) reportTimeZone().catch(() => {}).finally(() => replay().catch(() => {}));
window.addEventListener("online", () => replay().catch(() => {}));

// A saved copy shown offline asks every few seconds whether the server is back; then says so,
// sends what was queued and shows the live page.
if (savedAt && !slow) queueMicrotask(goOffline);
