// MyHabits enhancements: tracking in place (HB-5), the undo question, and the heatmap opening
// on the current week. Every action also works without this file. The device's time zone, which
// decides what "today" is, is the shell's (js/app.js reports it from every app's pages).
import { confirmInAlert, queuePost } from "./app.js";

function applyState(form, state) {
  // What the row shows now is what the next tap, if it is queued offline, goes back to.
  form.dataset.toggledCounter = form.closest(".habit-card").querySelector("[data-counter]").textContent;
  form.dataset.toggledLabel = form.querySelector(".habit-track__circle").getAttribute("aria-label");
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

/// The device's calendar day, YYYY-MM-DD, in its own time zone.
function localDay(date = new Date()) {
  const two = (number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/// What the server would answer for a tap it has not seen yet, from the texts the page carries
/// for the other state (the form swaps them, so a second tap swaps back).
function offlineState(form, tracked) {
  const counter = form.dataset.toggledCounter;
  const label = form.dataset.toggledLabel;
  const circles = [...document.querySelectorAll(".habit-track__circle")];
  const done = circles.filter((circle) => circle === form.querySelector(".habit-track__circle")
    ? tracked : circle.getAttribute("aria-pressed") === "true").length;
  const percent = circles.length === 0 ? 0 : Math.floor((done * 100) / circles.length);
  const cell = document.querySelector(".habits-progress");
  return {
    tracked, counter, label,
    action: form.action.replace(/\/(un)?track$/, tracked ? "/untrack" : "/track"),
    progress: percent,
    progressText: (cell?.dataset.percentTemplate ?? "{percent}%").replace("{percent}", String(percent)),
    motivation: percent >= 100 ? cell?.dataset.motivationDone : cell?.dataset.motivationOther,
  };
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
    } catch (error) {
      if (error instanceof TypeError) {
        // No answer at all: the tap counts on this device now and for the server once it answers,
        // for the calendar day it was made on (issue 24).
        await queuePost(form.action, tracked ? { confirm: "yes", day: localDay() } : { day: localDay() });
        applyState(form, offlineState(form, !tracked));
      } else {
        // Fall back to the plain form post, which shows the server's answer.
        form.submit();
      }
    } finally {
      form.classList.remove("is-busy");
    }
  });
}

// The heatmap scrolls sideways on narrow screens; start at today, on the right.
const heatmap = document.querySelector("[data-heatmap]");
if (heatmap) heatmap.scrollLeft = heatmap.scrollWidth;
