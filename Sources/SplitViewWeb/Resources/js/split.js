// Split view: at a regular width, choosing a row swaps the detail in place and puts the row's URL
// in the history, so back/forward and reload keep the selection. Without this file (or at a
// compact width) the rows are plain links to /split/<row>.
const split = document.querySelector("[data-split]");
const regular = window.matchMedia("(min-width: 736px)");

// Takes the detail, the selection and the compact arrangement from the page at `href`.
async function show(href, push) {
  let response;
  try {
    response = await fetch(href, { headers: { accept: "text/html" }, credentials: "same-origin" });
  } catch {
    window.location.assign(href);
    return;
  }
  if (!response.ok) {
    window.location.assign(href);
    return;
  }
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const freshSplit = page.querySelector("[data-split]");
  const freshDetail = page.getElementById("split-detail");
  if (!freshSplit || !freshDetail) {
    window.location.assign(href);
    return;
  }
  document.getElementById("split-detail").replaceWith(document.adoptNode(freshDetail));
  split.className = freshSplit.className;
  const selected = freshDetail.dataset.row;
  for (const row of split.querySelectorAll(".split-row")) {
    const isSelected = row.dataset.row === selected;
    row.classList.toggle("is-selected", isSelected);
    const link = row.querySelector("a");
    if (isSelected) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  document.title = page.title;
  if (push) history.pushState({ split: href }, "", href);
}

if (split) {
  history.replaceState({ split: window.location.href }, "");
  split.addEventListener("click", (event) => {
    const link = event.target.closest("a.split-row__link");
    if (!link || !regular.matches) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.href !== window.location.href) show(link.href, true);
  });
  window.addEventListener("popstate", (event) => {
    if (event.state && event.state.split) show(window.location.href, false);
  });
}
