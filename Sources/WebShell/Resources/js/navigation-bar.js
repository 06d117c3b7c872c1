// The navigation bar's back item, in UIKit's order: the previous screen's title, else "Back", else
// the chevron alone; the first form that leaves the title whole and centred wins. A title with a
// short form (Russian at 320 px) keeps its long form while any back form lets it fit whole. The
// server sends "Back" (the form without this script). Loaded render-blocking and re-run by a
// ResizeObserver, whose callbacks come between layout and paint, so neither the first frame nor a
// rotation shows a cut form.

const FORMS = ["title", "generic", "chevron"];

// An app installed to the Home Screen on its own (its manifest, display-mode standalone) has no
// AppDeck behind it: its first screen shows no back item. The window's first page says which app
// was launched; AppDeck installed as a whole starts at "/" and keeps every back item.
const root = document.documentElement;
if (matchMedia("(display-mode: standalone)").matches) {
  let launched = sessionStorage.getItem("appdeck.launched");
  if (launched === null) {
    launched = location.pathname;
    sessionStorage.setItem("appdeck.launched", launched);
  }
  const scope = root.dataset.installsAs;
  if (scope && (launched === scope || launched.startsWith(`${scope}/`))) root.dataset.installedApp = scope;
}

// The width each side of the title needs: the wider of the back item and the trailing action,
// both at their natural width (neither ever shrinks).
function sideWidth(bar) {
  const items = [...bar.querySelectorAll(".nav-bar__back, .nav-bar__action")].filter((item) => item.getClientRects().length);
  return Math.ceil(Math.max(0, ...items.map((item) => item.getBoundingClientRect().width)));
}

// Whether the title's text is no wider than its box. Measured in fractions of a pixel: scrollWidth
// rounds, and a title 0.2px too wide already ends with "…".
function titleFits(title) {
  const text = document.createRange();
  text.selectNodeContents(title);
  return text.getBoundingClientRect().width <= title.getBoundingClientRect().width;
}

// The title forms to try: the long one first, then the short one when there is one.
const titleForms = (title) => (title.classList.contains("has-short-title") ? ["long", "short"] : [null]);

function fit(bar) {
  const title = bar.querySelector(".nav-bar__title");
  if (!title) return;
  const forms = bar.querySelector(".nav-bar__back") ? FORMS : [null];
  for (const titleForm of titleForms(title)) {
    if (titleForm) title.dataset.titleForm = titleForm;
    for (const form of forms) {
      if (form) bar.dataset.backForm = form;
      bar.style.setProperty("--nav-side", `${sideWidth(bar)}px`);
      if (titleFits(title)) return;
    }
  }
}

// A large title or a sheet's title: the long form while it fits whole.
function fitTitle(title) {
  for (const titleForm of titleForms(title)) {
    title.dataset.titleForm = titleForm;
    if (titleFits(title)) return;
  }
}

const observer = new ResizeObserver((entries) => {
  for (const entry of entries) {
    if (entry.target.classList.contains("nav-bar")) fit(entry.target);
    else fitTitle(entry.target);
  }
});
for (const bar of document.querySelectorAll(".nav-bar")) {
  fit(bar);
  observer.observe(bar);
}
for (const title of document.querySelectorAll(":is(.large-title, .sheet__title).has-short-title")) {
  fitTitle(title);
  observer.observe(title);
}

// The large title of an app's first screen collapses into the bar: the bar shows its own title
// (and its hairline) once the large one has scrolled under it.
const largeTitle = document.querySelector(".large-title");
const largeTitleBar = largeTitle && document.querySelector(".nav-bar--large-title");
if (largeTitleBar) {
  const barTitle = largeTitleBar.querySelector(".nav-bar__title");
  const update = () => {
    const collapsed = largeTitle.getBoundingClientRect().bottom <= largeTitleBar.getBoundingClientRect().bottom + 4;
    largeTitleBar.dataset.largeTitle = collapsed ? "collapsed" : "expanded";
    // A screen may drop its large title where the height is compact (Layouts, as UIKit does on a
    // landscape phone): the bar's title is then the screen's heading.
    const gone = largeTitle.getClientRects().length === 0;
    barTitle.setAttribute("aria-hidden", String(!gone));
    if (gone) { barTitle.setAttribute("role", "heading"); barTitle.setAttribute("aria-level", "1"); }
    else { barTitle.removeAttribute("role"); barTitle.removeAttribute("aria-level"); }
  };
  update();
  // The page scrolls, or a column of its own (Split view's list beside its detail): scroll
  // events do not bubble, so they are caught on their way down.
  document.addEventListener("scroll", update, { passive: true, capture: true });
  addEventListener("resize", update);
}
