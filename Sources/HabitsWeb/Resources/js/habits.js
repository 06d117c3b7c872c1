// MyHabits enhancements: tracking in place (HB-5), the undo question, the device's time zone,
// and the heatmap opening on the current week. Every action also works without this file.
import { confirmInAlert } from "./app.js";

const root = document.querySelector("[data-tz-url]");

// The device's time zone decides what "today" is; the server remembers it once sent.
if (root) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && root.dataset.timeZone !== zone) {
    fetch(root.dataset.tzUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": root.dataset.csrf },
      body: new URLSearchParams({ timeZone: zone }),
    }).then((response) => {
      // The first visit was drawn in the server's zone; draw it again in the device's.
      if (response.ok && !root.dataset.timeZone) window.location.reload();
    }).catch(() => {});
  }
}

function applyState(form, state) {
  const card = form.closest(".habit-card");
  const button = form.querySelector(".habit-track__circle");
  form.action = state.action;
  button.setAttribute("aria-pressed", String(state.tracked));
  button.setAttribute("aria-label", state.label);
  card.querySelector("[data-counter]").textContent = state.counter;
  const bar = document.querySelector("[data-progress-bar]");
  if (bar) {
    bar.value = state.progress;
    bar.textContent = state.progressText;
  }
  const text = document.querySelector("[data-progress-text]");
  if (text) text.textContent = state.progressText;
  const motivation = document.querySelector("[data-progress-motivation]");
  if (motivation) motivation.textContent = state.motivation;
}

for (const form of document.querySelectorAll("form.habit-track")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (form.classList.contains("is-busy")) return;
    const tracked = form.querySelector(".habit-track__circle").getAttribute("aria-pressed") === "true";
    if (tracked) {
      const confirmed = await confirmInAlert({
        title: form.dataset.undoTitle, message: form.dataset.undoMessage,
        action: form.dataset.undoConfirm, cancel: form.dataset.undoCancel,
      });
      if (!confirmed) return;
    }
    form.classList.add("is-busy");
    const body = new URLSearchParams(new FormData(form));
    // The question was asked here; without this script the server asks it in its own alert.
    if (tracked) body.set("confirm", "yes");
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      applyState(form, await response.json());
    } catch {
      // Fall back to the plain form post, which shows the server's answer.
      form.submit();
    } finally {
      form.classList.remove("is-busy");
    }
  });
}

// The heatmap scrolls sideways on narrow screens; start at today, on the right.
const heatmap = document.querySelector("[data-heatmap]");
if (heatmap) heatmap.scrollLeft = heatmap.scrollWidth;
