// AppDeck progressive enhancement. Every action also works without this file.
document.documentElement.classList.add("js");

// The language switcher applies as soon as a language is picked.
for (const select of document.querySelectorAll(".language-switcher__select")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}

// The shared <dialog> alert as a question: resolves true when its action is chosen.
const alert = document.getElementById("alert");
export function confirmInAlert({ title, message = "", action, cancel }) {
  if (!alert || typeof alert.showModal !== "function") return Promise.resolve(window.confirm(`${title}\n${message}`));
  const cancelButton = alert.querySelector("#alert-cancel");
  cancelButton.dataset.defaultLabel ??= cancelButton.textContent;
  alert.querySelector("#alert-title").textContent = title;
  alert.querySelector("#alert-message").textContent = message;
  alert.querySelector("#alert-confirm").textContent = action;
  cancelButton.textContent = cancel || cancelButton.dataset.defaultLabel;
  alert.returnValue = "";
  return new Promise((resolve) => {
    alert.addEventListener("close", () => resolve(alert.returnValue === "confirm"), { once: true });
    alert.showModal();
  });
}

// The shared <dialog> alert as a message with one button: resolves when it is dismissed.
export function showAlert({ title, message = "", action }) {
  if (!alert || typeof alert.showModal !== "function") {
    window.alert(`${title}\n${message}`);
    return Promise.resolve();
  }
  const cancelButton = alert.querySelector("#alert-cancel");
  const button = alert.querySelector("#alert-confirm");
  alert.querySelector("#alert-title").textContent = title;
  alert.querySelector("#alert-message").textContent = message;
  button.textContent = action;
  button.classList.remove("alert__button--destructive");
  cancelButton.hidden = true;
  return new Promise((resolve) => {
    alert.addEventListener("close", () => {
      cancelButton.hidden = false;
      button.classList.add("alert__button--destructive");
      resolve();
    }, { once: true });
    alert.showModal();
  });
}

// Forms marked data-confirm ask first (title, message, action and optionally cancel label).
for (const form of document.querySelectorAll("form[data-confirm-title]")) {
  form.addEventListener("submit", async (event) => {
    if (form.dataset.confirmed === "yes") return;
    event.preventDefault();
    const confirmed = await confirmInAlert({
      title: form.dataset.confirmTitle, message: form.dataset.confirmMessage,
      action: form.dataset.confirmAction, cancel: form.dataset.confirmCancel,
    });
    if (confirmed) {
      form.dataset.confirmed = "yes";
      form.requestSubmit();
    }
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
