// Layouts, screen 3 (LAY-3): Enter rises above an on-screen keyboard and comes back when a tap on
// empty space hides it. The viewport meta asks browsers to resize the page for the keyboard
// (`interactive-widget=resizes-content`); where the keyboard overlays the page instead (iOS Safari,
// the VirtualKeyboard API), its height goes into --keyboard-overlay. Either way Enter moves, and
// this module animates the move (FLIP) so it slides rather than jumps.
const area = document.getElementById("login-area");
const enter = document.getElementById("login-enter");

if (area && enter) {
  const root = document.documentElement;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  // The page's height without a keyboard, per width (turning the phone starts over).
  let baseline = { width: window.innerWidth, height: window.innerHeight };
  let lastTop = null;
  let scheduled = false;

  const fieldFocused = () => {
    const active = document.activeElement;
    return active instanceof HTMLInputElement && area.contains(active);
  };

  const overlayHeight = () => {
    let overlay = 0;
    if ("virtualKeyboard" in navigator) overlay = navigator.virtualKeyboard.boundingRect.height;
    const viewport = window.visualViewport;
    if (viewport) overlay = Math.max(overlay, window.innerHeight - viewport.height - viewport.offsetTop);
    return Math.max(0, Math.round(overlay));
  };

  // Where Enter's layout puts it on screen, leaving out any slide in progress (offsetTop ignores
  // transforms; Enter has no positioned ancestor, so it counts from the top of the page).
  const onScreenTop = () => enter.offsetTop - window.scrollY;

  const update = () => {
    scheduled = false;
    const focused = fieldFocused();
    if (window.innerWidth !== baseline.width || !focused || window.innerHeight > baseline.height) {
      baseline = { width: window.innerWidth, height: window.innerHeight };
    }
    const resized = baseline.height - window.innerHeight;
    const overlay = overlayHeight();
    const open = focused && (resized > 80 || overlay > 80);
    root.classList.toggle("keyboard-open", open);
    root.style.setProperty("--keyboard-overlay", `${open ? overlay : 0}px`);

    const top = onScreenTop();
    if (lastTop !== null && Math.abs(lastTop - top) > 1) {
      enter.animate(
        [{ transform: `translateY(${lastTop - top}px)` }, { transform: "translateY(0)" }],
        { duration: reducedMotion.matches ? 120 : 300, easing: "cubic-bezier(0.2, 0.9, 0.3, 1)" });
    }
    lastTop = top;
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(update);
  };

  // Size changes arrive before the next frame is drawn: handle them at once, so Enter never shows
  // a frame at its new place before sliding there. Focus changes come in pairs (out, in): coalesce.
  window.addEventListener("resize", update);
  window.visualViewport?.addEventListener("resize", update);
  if ("virtualKeyboard" in navigator) navigator.virtualKeyboard.addEventListener("geometrychange", update);
  // Scrolling moves Enter on screen without a keyboard change: remember where it is.
  window.addEventListener("scroll", () => { lastTop = onScreenTop(); }, { passive: true });
  area.addEventListener("focusin", schedule);
  area.addEventListener("focusout", schedule);

  // A tap on empty space hides the keyboard, as on iOS.
  area.addEventListener("click", (event) => {
    if (event.target.closest("input, button, a, label, select, textarea")) return;
    if (fieldFocused()) document.activeElement.blur();
  });

  update();
}
