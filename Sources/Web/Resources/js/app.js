// AppDeck progressive enhancement. Every action also works without this file.
document.documentElement.classList.add("js");

// The language switcher applies as soon as a language is picked.
for (const select of document.querySelectorAll(".language-switcher__select")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}

// Forms marked data-confirm ask first, in the shared <dialog> alert.
const alert = document.getElementById("alert");
for (const form of document.querySelectorAll("form[data-confirm-title]")) {
  form.addEventListener("submit", (event) => {
    if (form.dataset.confirmed === "yes" || !alert || typeof alert.showModal !== "function") return;
    event.preventDefault();
    alert.querySelector("#alert-title").textContent = form.dataset.confirmTitle;
    alert.querySelector("#alert-message").textContent = form.dataset.confirmMessage || "";
    alert.querySelector("#alert-confirm").textContent = form.dataset.confirmAction;
    alert.returnValue = "";
    alert.addEventListener("close", () => {
      if (alert.returnValue === "confirm") {
        form.dataset.confirmed = "yes";
        form.requestSubmit();
      }
    }, { once: true });
    alert.showModal();
  });
}

// Escape closes an open sheet the way its Cancel link would.
const sheetCancel = document.querySelector("[data-sheet-cancel]");
if (sheetCancel) {
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") window.location.assign(sheetCancel.href);
  });
  const firstField = document.querySelector(".sheet [aria-invalid='true']") ?? document.querySelector(".sheet .form-cell__input");
  if (firstField) firstField.focus();
}

// Long-running GET forms show their activity indicator while the next page loads.
for (const form of document.querySelectorAll(".run-demo")) {
  form.addEventListener("submit", () => {
    const activity = form.querySelector(".run-demo__activity");
    if (activity) activity.hidden = false;
  });
}
