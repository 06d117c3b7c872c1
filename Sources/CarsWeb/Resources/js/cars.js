// Swipe to delete (issue 50, the "extra"): on touch, a car's cell slides left to show Delete, as a
// table view's trailing swipe action does, and a tap on Delete deletes the car in place. The list
// carries no form and no token, so Delete posts the car's own delete form, read from its edit
// sheet. Without this script, or with a mouse, the edit sheet's Delete does it.

const list = document.querySelector(".car-list[data-swipe-delete]");
const WIDTH = 88;
let swipe = null;
let opened = null;
let swallowClick = false;

const offset = (cell) => parseFloat(cell.style.getPropertyValue("--swipe")) || 0;

function button(cell) {
  let item = cell.querySelector(".car__swipe-delete");
  if (!item) {
    item = document.createElement("button");
    item.type = "button";
    item.className = "car__swipe-delete";
    item.textContent = list.dataset.swipeDelete;
    item.addEventListener("click", () => remove(cell));
    cell.append(item);
  }
  return item;
}

function open(cell) {
  cell.style.setProperty("--swipe", `${-WIDTH}px`);
  opened = cell;
  button(cell).focus({ preventScroll: true });
}

function close(cell) {
  cell.style.setProperty("--swipe", "0px");
  if (opened === cell) opened = null;
  cell.querySelector(".car__swipe-delete")?.remove();
}

async function remove(cell) {
  const link = cell.querySelector(".car__link");
  try {
    const sheet = await fetch(link.href, { credentials: "same-origin" });
    const form = new DOMParser().parseFromString(await sheet.text(), "text/html").querySelector("form.car-delete");
    if (!sheet.ok || !form) throw new Error("no delete form");
    const done = await fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin", redirect: "manual", body: new URLSearchParams(new FormData(form)),
    });
    if (!done.ok && done.type !== "opaqueredirect") throw new Error(`delete answered ${done.status}`);
  } catch {
    // The sheet says what went wrong (offline, already deleted) and keeps its own Delete.
    location.assign(link.href);
    return;
  }
  opened = null;
  cell.classList.add("is-deleted");
  cell.addEventListener("transitionend", () => {
    cell.remove();
    if (!list.querySelector(".car")) location.reload();  // the empty state is the server's
  }, { once: true });
}

if (list) {
  list.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    const cell = event.target.closest(".car");
    if (!cell || event.target.closest(".car__swipe-delete")) return;
    if (opened && opened !== cell) close(opened);
    swipe = { cell, id: event.pointerId, x: event.clientX, y: event.clientY, base: offset(cell), moving: false };
  });
  list.addEventListener("pointermove", (event) => {
    if (!swipe || event.pointerId !== swipe.id) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    if (!swipe.moving) {
      if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { swipe = null; return; }
      if (Math.abs(dx) < 10) return;
      swipe.moving = true;
      swipe.cell.classList.add("is-swiping");
      button(swipe.cell);
    }
    swipe.cell.style.setProperty("--swipe", `${Math.min(0, Math.max(-1.5 * WIDTH, swipe.base + dx))}px`);
  });
  const end = () => {
    if (!swipe) return;
    const { cell, moving } = swipe;
    swipe = null;
    if (!moving) return;
    cell.classList.remove("is-swiping");
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 400);
    if (offset(cell) < -WIDTH / 2) open(cell);
    else close(cell);
  };
  list.addEventListener("pointerup", end);
  list.addEventListener("pointercancel", end);
  // A swipe is no tap; a tap while a cell is open closes it, as a table view does.
  list.addEventListener("click", (event) => {
    if (event.target.closest(".car__swipe-delete")) return;
    if (swallowClick || opened) {
      event.preventDefault();
      event.stopPropagation();
      swallowClick = false;
      if (opened) close(opened);
    }
  }, true);
}
