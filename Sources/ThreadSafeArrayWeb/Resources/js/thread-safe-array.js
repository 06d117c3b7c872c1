// Thread-safe array (issue 50): "Run the Demo" asks the server for the page with the demo run and
// puts its result section in place of the old one (or after the demo), then moves focus there, so
// the result is on screen and a screen reader reads it. Without this file the form's GET answer
// opens at the result's fragment. Any failure falls back to that plain navigation.
const form = document.querySelector("form.run-demo");

async function run(event) {
  event.preventDefault();
  const button = form.querySelector("button[name=run]");
  const activity = form.querySelector(".run-demo__activity");
  const url = new URL(form.action);
  url.search = new URLSearchParams(new FormData(form, event.submitter)).toString();
  button.disabled = true;
  if (activity) activity.hidden = false;
  try {
    const response = await fetch(url, { headers: { accept: "text/html" }, credentials: "same-origin" });
    const fresh = response.ok
      ? new DOMParser().parseFromString(await response.text(), "text/html").getElementById("tsa-result")
      : null;
    if (!fresh) throw new Error("no result");
    const old = document.getElementById("tsa-result");
    const result = document.adoptNode(fresh);
    if (old) old.replaceWith(result);
    else form.closest("section").after(result);
    history.replaceState(history.state, "", url);
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    result.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
    result.focus({ preventScroll: true });
  } catch {
    window.location.assign(url);
  } finally {
    button.disabled = false;
    if (activity) activity.hidden = true;
  }
}

if (form) {
  form.addEventListener("submit", run);
  form.dataset.inPlace = "";  // tells tests (and styles) the result now comes in place
}
