// The navigation bar's back item, in UIKit's order: the previous screen's title, else "Back", else
// the chevron alone; the first form that leaves the title whole and centred wins. The server sends
// "Back" (the form without this script). Loaded render-blocking and re-run by a ResizeObserver,
// whose callbacks come between layout and paint, so neither the first frame nor a rotation shows
// a cut form.

const FORMS = ["title", "generic", "chevron"];

// The width each side of the title needs: the wider of the back item and the trailing action,
// both at their natural width (neither ever shrinks).
function sideWidth(bar) {
  const items = bar.querySelectorAll(".nav-bar__back, .nav-bar__action");
  return Math.ceil(Math.max(0, ...[...items].map((item) => item.getBoundingClientRect().width)));
}

// Whether the title's text is no wider than its box. Measured in fractions of a pixel: scrollWidth
// rounds, and a title 0.2px too wide already ends with "…".
function titleFits(title) {
  const text = document.createRange();
  text.selectNodeContents(title);
  return text.getBoundingClientRect().width <= title.getBoundingClientRect().width;
}

function fit(bar) {
  const title = bar.querySelector(".nav-bar__title");
  if (!title) return;
  const forms = bar.querySelector(".nav-bar__back") ? FORMS : [null];
  for (const form of forms) {
    if (form) bar.dataset.backForm = form;
    bar.style.setProperty("--nav-side", `${sideWidth(bar)}px`);
    if (titleFits(title)) return;
  }
}

const bars = document.querySelectorAll(".nav-bar");
const observer = new ResizeObserver((entries) => {
  for (const entry of entries) fit(entry.target);
});
for (const bar of bars) {
  fit(bar);
  observer.observe(bar);
}
