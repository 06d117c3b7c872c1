// Photos (PH-3, PH-7, PH-14, PH-15): "Add element" appends in place, thumbnails show an activity
// indicator until they load, and connectivity changes are announced. Without this file every
// action is a plain form post.
import { showAlert } from "./app.js";

const root = document.querySelector("[data-photos]");
if (root) {
  const grid = root.querySelector(".photo-grid");
  const count = root.querySelector(".photos__count");
  const empty = root.querySelector(".photos__empty");
  const addForm = document.querySelector(".photos__add");
  const clearButton = document.querySelector(".photos__clear button");
  const addButton = addForm?.querySelector("button");

  const watchThumbnail = (image) => {
    const cell = image.closest(".photo-cell");
    const done = () => cell?.classList.remove("is-loading");
    if (image.complete) done();
    else {
      image.addEventListener("load", done, { once: true });
      image.addEventListener("error", done, { once: true });
    }
  };
  root.querySelectorAll(".photo-cell__image").forEach(watchThumbnail);

  // One message at a time: the alert of a failed add says what the list's error state said.
  const hideErrorState = () => {
    const state = root.querySelector(".error-state");
    if (state) state.hidden = true;
  };

  // PH-14: the button's activity indicator while the request runs.
  const setBusy = (busy) => {
    addForm.classList.toggle("is-busy", busy);
    if (busy) addButton.setAttribute("aria-busy", "true");
    else addButton.removeAttribute("aria-busy");
  };

  addForm?.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (addForm.classList.contains("is-busy")) return;
    setBusy(true);
    try {
      const response = await fetch(addForm.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(addForm)),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const reply = await response.json();
      if (reply.item) {
        // The page's <template> is the server's own markup of an element.
        const added = document.getElementById("photo-item-template").content.firstElementChild.cloneNode(true);
        added.dataset.photoId = reply.item.id;
        added.querySelector(".photo-cell__title").textContent = reply.item.title;
        const image = added.querySelector(".photo-cell__image");
        image.src = reply.item.thumbnail;
        grid.append(added);
        watchThumbnail(image);
        added.scrollIntoView({ block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      }
      count.textContent = reply.count;
      empty.hidden = !reply.showsEmptyText;
      grid.hidden = reply.shown === 0;
      addButton.disabled = !reply.canAdd;
      clearButton.disabled = !reply.canClear;
      if (reply.alert) {
        setBusy(false);
        hideErrorState();
        await showAlert(reply.alert);
      }
    } catch (error) {
      setBusy(false);
      if (error instanceof TypeError) {
        // fetch rejects with a TypeError when the network is gone.
        hideErrorState();
        await showAlert({ title: root.dataset.offlineTitle, message: root.dataset.offlineMessage, action: root.dataset.ok });
      } else {
        addForm.submit();
      }
    } finally {
      setBusy(false);
    }
  });

  // PH-15: a popup when the connection goes or comes back, naming its type where the browser says.
  const toast = document.querySelector(".photos-toast");
  let hideToast;
  const announce = (text) => {
    if (!toast) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(hideToast);
    hideToast = setTimeout(() => { toast.hidden = true; }, 4000);
  };
  const connectionName = () => {
    const connection = navigator.connection;
    const kind = connection?.type && connection.type !== "unknown" ? connection.type : connection?.effectiveType;
    return kind ? ` (${kind})` : "";
  };
  window.addEventListener("offline", () => announce(root.dataset.wentOffline));
  window.addEventListener("online", () => announce(root.dataset.backOnline + connectionName()));
  // The server itself gone or back (the page was served from its saved copy), as app.js finds it.
  window.addEventListener("appdeck:connection", (event) => {
    announce(event.detail.online ? root.dataset.backOnline + connectionName() : root.dataset.wentOffline);
  });
}
