// Which way a screen change moves (app.css animates it as a cross-document view transition). The
// leaving page decides in `pageswap`, from the link tapped or the history step, and hands the kind
// to the arriving page, which puts it on its transition in `pagereveal` as a view transition type.
// Loaded render-blocking, so the listener is in place before the new page's first frame.

const HANDOFF = "appdeck.transition";
let tapped = null;

function kindOfLink(link) {
  if (link.matches(".nav-bar__back")) return "pop";
  if (link.matches("[data-sheet-cancel], .sheet-backdrop")) return "sheet";
  if (link.matches(".tab-bar__item, .segmented__item, .home__link")) return "fade";
  return "push";
}

addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  tapped = link ? { url: link.href, kind: kindOfLink(link) } : null;
}, { capture: true });

function kindOfSwap(activation) {
  if (document.querySelector(".sheet")) return "sheet";
  if (activation.navigationType === "traverse") {
    return activation.entry.index < activation.from.index ? "pop" : "push";
  }
  if (tapped && tapped.url === activation.entry.url) return tapped.kind;
  return "fade";
}

addEventListener("pageswap", (event) => {
  sessionStorage.removeItem(HANDOFF);
  if (!event.viewTransition || !event.activation) return;
  const kind = kindOfSwap(event.activation);
  event.viewTransition.types.add(kind);
  sessionStorage.setItem(HANDOFF, JSON.stringify({ kind, url: event.activation.entry.url }));
});

function handedOver() {
  try {
    const handoff = JSON.parse(sessionStorage.getItem(HANDOFF) ?? "null");
    sessionStorage.removeItem(HANDOFF);
    return handoff && handoff.url === location.href ? handoff.kind : null;
  } catch {
    return null;
  }
}

// The transition playing now, if any.
let playing = null;

addEventListener("pagereveal", (event) => {
  const kind = handedOver();
  if (!event.viewTransition) return;
  const arriving = document.querySelector(".sheet") ? "sheet" : (kind ?? "fade");
  event.viewTransition.types.add(arriving);
  document.documentElement.dataset.viewTransition = arriving;
  playing = event.viewTransition;
  playing.finished.finally(() => { playing = null; });
});

// While a transition plays, the browser sends every tap to <html> (its pictures take none, and the
// page under them is not hit). So a touch ends the animation at once, and the tap's click, which
// then lands on <html>, goes to what is under the finger.
let tapEndedTransition = false;
addEventListener("pointerdown", () => {
  if (!playing) return;
  playing.skipTransition();
  tapEndedTransition = true;
}, { capture: true });
addEventListener("click", (event) => {
  if (!tapEndedTransition) return;
  tapEndedTransition = false;
  if (event.target !== document.documentElement) return;
  const target = document.elementFromPoint(event.clientX, event.clientY);
  if (target && target !== document.documentElement) {
    event.stopPropagation();
    target.click();
  }
}, { capture: true });
