// Stories & Gallery: what CSS and forms cannot do alone. Without this file drawings still draw
// on every load, settings still change by form post, and the viewer still shows and closes.

import { queuePost } from "./app.js";

// Offline (issue 24): once Items is open, every story and gallery, with the images this screen
// size uses, is kept by the service worker, as the iOS app ships its content.
const items = [...document.querySelectorAll("a.story-cell__link")].map((a) => a.getAttribute("href"));
if (items.length > 0) {
  navigator.serviceWorker?.ready.then((registration) => {
    registration.active?.postMessage({
      savePages: [...new Set(items)], follow: "/images/", imageWidth: Math.ceil(window.innerWidth * window.devicePixelRatio),
    });
  }).catch(() => {});
}

// SG-3, SG-10: drawings play again every time the story appears, also when the browser brings
// the page back from its back-forward cache or the person returns to it.
function restartDrawings() {
  for (const row of document.querySelectorAll(".story-drawings[data-drawing=on]")) {
    row.classList.add("is-restarting");
    void row.offsetWidth; // one style pass without the animation, so adding it back starts it anew
    row.classList.remove("is-restarting");
  }
}
addEventListener("pageshow", (event) => { if (event.persisted) restartDrawings(); });
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") restartDrawings(); });

// SG-6: a switch or a colour applies at once, in place; a failed request falls back to the form.
function showSettings(state) {
  const toggle = settingsForm.querySelector(".settings-switch");
  toggle.setAttribute("aria-pressed", String(state.draw));
  toggle.value = state.draw ? "0" : "1";
  for (const option of settingsForm.querySelectorAll(".color-option")) {
    option.setAttribute("aria-pressed", String(option.value === state.color));
  }
}

const settingsForm = document.querySelector("form.stories-settings");
if (settingsForm) {
  let bypass = false;
  settingsForm.addEventListener("submit", async (event) => {
    const button = event.submitter;
    if (bypass || !button?.name) return;
    event.preventDefault();
    const body = new URLSearchParams(new FormData(settingsForm));
    body.set(button.name, button.value);
    settingsForm.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(settingsForm.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      showSettings(await response.json());
    } catch (error) {
      if (error instanceof TypeError) {
        // Offline: the change shows now and reaches the server once it answers (issue 24).
        await queuePost(settingsForm.action, { [button.name]: button.value });
        const toggle = settingsForm.querySelector(".settings-switch");
        const pressed = settingsForm.querySelector(".color-option[aria-pressed=true]");
        showSettings({
          draw: button.name === "draw" ? button.value === "1" : toggle.getAttribute("aria-pressed") === "true",
          color: button.name === "color" ? button.value : pressed?.value,
        });
      } else {
        bypass = true;
        settingsForm.requestSubmit(button);
      }
    } finally {
      settingsForm.removeAttribute("aria-busy");
    }
  });
}

// SG-5: the viewer. A single tap hides or shows the bar with Done; pinch, double tap, the wheel and + / - / 0
// zoom between the page's limits (1x and 3x); a turn of the screen re-centres the image.
const viewer = document.querySelector(".viewer");
if (viewer) {
  const stage = viewer.querySelector(".viewer__stage");
  const image = viewer.querySelector(".viewer__image");
  const close = viewer.querySelector(".viewer__close");
  const minScale = Number(viewer.dataset.minScale) || 1;
  const maxScale = Number(viewer.dataset.maxScale) || 3;
  const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
  let scale = 1;
  let x = 0;
  let y = 0;

  // Issue 37: the hint shows on the first picture this device opens (then fades, by CSS); after
  // that, never again.
  const hintKey = "stories.viewerHintSeen";
  try {
    if (localStorage.getItem(hintKey)) viewer.classList.add("is-hint-seen");
    else localStorage.setItem(hintKey, "1");
  } catch { /* storage refused: the hint shows and fades each time */ }

  // Once zoomed, the slot is the zoomed width, so the browser fetches the wider rendition the
  // screen's pixels need (the one it shows stays until that has loaded).
  let widened = false;
  const widen = () => {
    if (widened || !image.srcset) return;
    widened = true;
    image.sizes = `${Math.ceil(image.offsetWidth * maxScale)}px`;
  };

  // Panning stops where an edge of the zoomed image would leave the screen's middle uncovered.
  const render = () => {
    const slackX = Math.max(0, (image.offsetWidth * scale - innerWidth) / 2);
    const slackY = Math.max(0, (image.offsetHeight * scale - innerHeight) / 2);
    x = clamp(x, -slackX, slackX);
    y = clamp(y, -slackY, slackY);
    image.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
    image.dataset.scale = String(Math.round(scale * 100) / 100);
    viewer.classList.toggle("is-zoomed", scale > 1);
    if (scale > 1) widen();
  };

  // Zooms to `next` keeping the point under (cx, cy) where it is.
  const zoomTo = (next, cx = innerWidth / 2, cy = innerHeight / 2) => {
    next = clamp(next, minScale, maxScale);
    const factor = next / scale;
    x += (cx - innerWidth / 2 - x) * (1 - factor);
    y += (cy - innerHeight / 2 - y) * (1 - factor);
    scale = next;
    if (scale === minScale) { x = 0; y = 0; }
    render();
  };

  const toggleChrome = () => {
    const hidden = viewer.classList.toggle("is-chrome-hidden");
    close.setAttribute("aria-hidden", String(hidden));
    close.tabIndex = hidden ? -1 : 0;
  };

  // One tap waits briefly for a second: two make a double tap, which zooms instead.
  let pendingTap = null;
  let moved = false;
  stage.addEventListener("click", (event) => {
    if (moved) return;
    if (pendingTap) {
      clearTimeout(pendingTap);
      pendingTap = null;
      zoomTo(scale > minScale ? minScale : 2, event.clientX, event.clientY);
    } else {
      pendingTap = setTimeout(() => { pendingTap = null; toggleChrome(); }, 250);
    }
  });

  viewer.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomTo(scale * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
  }, { passive: false });

  // Two pointers pinch; one pointer pans a zoomed image.
  const pointers = new Map();
  let pinch = null;
  const distance = () => {
    const [a, b] = [...pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  stage.addEventListener("pointerdown", (event) => {
    if (pointers.size === 0) moved = false;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
    stage.setPointerCapture?.(event.pointerId);
    if (pointers.size === 2) pinch = { distance: distance(), scale };
  });
  stage.addEventListener("pointermove", (event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (Math.hypot(pointer.x - pointer.startX, pointer.y - pointer.startY) > 6) moved = true;
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      zoomTo(pinch.scale * (distance() / pinch.distance), (a.x + b.x) / 2, (a.y + b.y) / 2);
    } else if (pointers.size === 1 && scale > minScale) {
      x += dx;
      y += dy;
      render();
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);
  // Safari's own page zoom would fight the pinch.
  for (const type of ["gesturestart", "gesturechange"]) viewer.addEventListener(type, (event) => event.preventDefault());

  addEventListener("keydown", (event) => {
    if (event.key === "Escape") location.assign(close.href);
    else if (event.key === "+" || event.key === "=") zoomTo(scale * 1.25);
    else if (event.key === "-") zoomTo(scale / 1.25);
    else if (event.key === "0") zoomTo(minScale);
  });

  // SG-5, SG-10: after a turn the image is centred again, at the scale it had.
  addEventListener("resize", () => { x = 0; y = 0; render(); });
  render();
}
