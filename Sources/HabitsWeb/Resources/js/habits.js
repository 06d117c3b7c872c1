// MyHabits enhancements: tracking in place (HB-5) and the undo question. Every action also works
// without this file. The device's time zone, which decides what "today" is, is the shell's
// (js/app.js reports it from every app's pages).
import { confirmInAlert, queuePost } from "./app.js";

// Every circle is a button of the page's one track form (one CSRF token a page), naming its habit
// in `formaction`; what it shows and what the next tap shows sit on the button itself.
const trackForm = document.getElementById("habit-track");
const progressCell = document.querySelector(".habits-progress");

function applyState(button, state) {
  // What the row shows now is what the next tap, if it is queued offline, goes back to.
  const card = button.closest(".habit-card");
  button.dataset.toggledCounter = card.querySelector("[data-counter]").textContent;
  button.dataset.toggledLabel = button.getAttribute("aria-label");
  // The progress counts every due habit of the device, those on other pages of the list too; a
  // habit its schedule does not ask for today is outside it (issue 38).
  const was = button.getAttribute("aria-pressed") === "true";
  if (progressCell && was !== state.tracked && button.dataset.notDue === undefined) {
    progressCell.dataset.done = String(Number(progressCell.dataset.done) + (state.tracked ? 1 : -1));
  }
  button.formAction = state.action;
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
  updateBadge();
}

/// The installed app's icon shows how many habits are still due today, cleared at zero (issue 48,
/// the Badging API; a browser without it shows nothing).
function updateBadge() {
  if (!progressCell || !("setAppBadge" in navigator)) return;
  const left = Math.max(0, Number(progressCell.dataset.total) - Number(progressCell.dataset.done));
  (left > 0 ? navigator.setAppBadge(left) : navigator.clearAppBadge()).catch(() => {});
}
updateBadge();

/// The device's calendar day, YYYY-MM-DD, in its own time zone.
function localDay(date = new Date()) {
  const two = (number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/// What the server would answer for a tap it has not seen yet, from the texts the button carries
/// for the other state (they swap, so a second tap swaps back) and the progress cell's counts.
function offlineState(button, tracked) {
  const total = Number(progressCell?.dataset.total ?? 0);
  const counted = button.dataset.notDue === undefined;
  const done = Number(progressCell?.dataset.done ?? 0) + (counted ? (tracked ? 1 : -1) : 0);
  // Nothing due today: the cell stays as the server drew it.
  const percent = total === 0
    ? Number(document.querySelector("[data-progress-bar]")?.value ?? 0)
    : Math.floor((Math.max(0, Math.min(done, total)) * 100) / total);
  return {
    tracked, counter: button.dataset.toggledCounter, label: button.dataset.toggledLabel,
    action: button.formAction.replace(/\/(un)?track$/, tracked ? "/untrack" : "/track"),
    progress: percent,
    progressText: (progressCell?.dataset.percentTemplate ?? "{percent}%").replace("{percent}", String(percent)),
    motivation: percent >= 100 ? progressCell?.dataset.motivationDone : progressCell?.dataset.motivationOther,
  };
}

/// Whether `button` of `form` may post: a tracked day asks first, in the form's undo question.
/// (Without this script the server asks it in its own alert.)
async function mayPost(form, button, tracked) {
  return !tracked || confirmInAlert({
    title: form.dataset.undoTitle, message: button.dataset.undoMessage,
    action: form.dataset.undoConfirm, cancel: form.dataset.undoCancel,
  });
}

/// Posts `body` to the button's action asking for JSON; throws on anything but a 2xx answer
/// (a TypeError when there was no answer at all).
async function postForJSON(button, body) {
  const response = await fetch(button.formAction, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}

trackForm?.addEventListener("submit", async (event) => {
  const button = event.submitter;
  event.preventDefault();
  if (!button?.classList.contains("habit-track__circle") || button.classList.contains("is-busy")) return;
  const tracked = button.getAttribute("aria-pressed") === "true";
  if (!(await mayPost(trackForm, button, tracked))) return;
  button.classList.add("is-busy");
  const body = new URLSearchParams(new FormData(trackForm));
  if (tracked) body.set("confirm", "yes");
  try {
    const response = await postForJSON(button, body);
    applyState(button, await response.json());
  } catch (error) {
    if (error instanceof TypeError) {
      // No answer at all: the tap counts on this device now and for the server once it answers,
      // for the calendar day it was made on (issue 24).
      await queuePost(button.formAction, tracked ? { confirm: "yes", day: localDay() } : { day: localDay() });
      applyState(button, offlineState(button, !tracked));
    } else {
      // Fall back to the plain form post of this circle, which shows the server's answer.
      trackForm.action = button.formAction;
      trackForm.submit();
    }
  } finally {
    button.classList.remove("is-busy");
  }
});

// A habit's details (issue 38): each day of the history is a button of the page's day form.
// Unticking asks first; the change goes to the server and the page redraws with the streaks,
// percentages and heatmap that follow from it. Offline, the change is queued with its day, like
// a tick, and replayed once.
const dayForm = document.getElementById("habit-day");

dayForm?.addEventListener("submit", async (event) => {
  const button = event.submitter;
  if (!button?.name || button.name !== "day") return;
  event.preventDefault();
  if (button.classList.contains("is-busy")) return;
  const tracked = button.getAttribute("aria-pressed") === "true";
  if (!(await mayPost(dayForm, button, tracked))) return;
  button.classList.add("is-busy");
  const body = new URLSearchParams(new FormData(dayForm));
  body.set("day", button.value);
  if (tracked) body.set("confirm", "yes");
  try {
    await postForJSON(button, body);
    location.reload();
  } catch (error) {
    if (error instanceof TypeError) {
      await queuePost(button.formAction, tracked ? { confirm: "yes", day: button.value } : { day: button.value });
      for (const twin of dayForm.ownerDocument.querySelectorAll(`button[form="habit-day"][value="${button.value}"]`)) {
        twin.setAttribute("aria-pressed", String(!tracked));
        twin.formAction = twin.formAction.replace(/\/(un)?track$/, tracked ? "/track" : "/untrack");
      }
      // The heatmap's cell of that day (a link to its sheet, issue 48) shows the change too.
      const cell = dayForm.ownerDocument.querySelector(`a.heatmap__cell[data-day="${button.value}"]`);
      cell?.classList.remove("heatmap__cell--tracked", "heatmap__cell--untracked", "heatmap__cell--skipped");
      cell?.classList.add(tracked ? "heatmap__cell--untracked" : "heatmap__cell--tracked");
    } else {
      // The plain post of this day, which shows the server's answer (why a day was refused).
      for (const [name, value] of [["day", button.value], ["confirm", tracked ? "yes" : ""]]) {
        const field = document.createElement("input");
        Object.assign(field, { type: "hidden", name, value });
        dayForm.append(field);
      }
      dayForm.action = button.formAction;
      dayForm.submit();
    }
  } finally {
    button.classList.remove("is-busy");
  }
});

// The Order screen (issue 38): drag a row by its handle (touch, pen or mouse) to a new place; the
// move goes to the server as the Move up / Move down posts it stands for, one place at a time,
// then the page shows the server's order. Without this script the handles stay hidden.
const arrangeList = document.querySelector(".habits-arrange__list[data-draggable]");
arrangeList?.classList.add("is-draggable");

arrangeList?.addEventListener("pointerdown", (event) => {
  const handle = event.target.closest(".habits-arrange__handle");
  if (!handle || arrangeList.classList.contains("is-busy")) return;
  event.preventDefault();
  const row = handle.closest(".habits-arrange__row");
  const rows = [...arrangeList.querySelectorAll(".habits-arrange__row")];
  const from = rows.indexOf(row);
  const startY = event.clientY;
  const height = row.getBoundingClientRect().height;
  handle.setPointerCapture(event.pointerId);
  row.classList.add("is-dragging");
  const follow = (moved) => { row.style.transform = `translateY(${moved.clientY - startY}px)`; };
  const drop = async (ended) => {
    handle.removeEventListener("pointermove", follow);
    handle.removeEventListener("pointerup", drop);
    handle.removeEventListener("pointercancel", drop);
    row.style.transform = "";
    row.classList.remove("is-dragging");
    const to = Math.max(0, Math.min(rows.length - 1, from + Math.round((ended.clientY - startY) / height)));
    if (ended.type === "pointercancel" || to === from) return;
    arrangeList.classList.add("is-busy");
    const form = document.getElementById("habit-arrange");
    try {
      for (let step = 0; step < Math.abs(to - from); step += 1) {
        const body = new URLSearchParams(new FormData(form));
        body.set("direction", to < from ? "up" : "down");
        await fetch(`/habits/${row.dataset.habit}/move`, {
          method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body,
        });
      }
    } finally {
      location.reload();
    }
  };
  handle.addEventListener("pointermove", follow);
  handle.addEventListener("pointerup", drop);
  handle.addEventListener("pointercancel", drop);
});
