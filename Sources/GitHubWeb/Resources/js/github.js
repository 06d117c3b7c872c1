// GitHub (GH-1, GH-4): the token's show/hide button, sign-in without a reload (so a refused
// token stays in the field to be corrected), and an activity indicator while the next screen
// loads. Without this file everything works as plain links and form posts.

const form = document.querySelector("[data-github-sign-in]");
if (form) {
  const field = form.querySelector(".github-token__input");
  const toggle = form.querySelector(".github-token__toggle");
  const error = form.querySelector(".github-sign-in__error");
  const button = form.querySelector(".github-sign-in__button");
  const busy = form.querySelector(".github-sign-in__busy");

  toggle.hidden = false;
  toggle.addEventListener("click", () => {
    const showing = field.type === "text";
    field.type = showing ? "password" : "text";
    toggle.setAttribute("aria-pressed", String(!showing));
    toggle.textContent = showing ? toggle.dataset.show : toggle.dataset.hide;
    field.focus();
  });

  const setBusy = (isBusy) => {
    busy.hidden = !isBusy;
    button.disabled = isBusy;
    if (isBusy) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  };

  const showError = (failure) => {
    error.querySelector(".github-sign-in__error-title").textContent = failure.title;
    error.querySelector(".github-sign-in__error-message").textContent = failure.message;
    error.hidden = false;
    field.setAttribute("aria-invalid", "true");
    field.closest(".form-cells")?.classList.add("has-error");
    field.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    setBusy(true);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(form)),
        credentials: "same-origin",
      });
      const reply = await response.json();
      if (reply.location) {
        window.location.assign(reply.location);
        return;
      }
      showError(reply.failure);
    } catch {
      form.submit();  // the server draws the answer itself
      return;
    }
    setBusy(false);
  });
}

// The screen's activity indicator while the next one loads; hidden again when the page comes
// back from the back-forward cache.
const overlay = document.querySelector("[data-github-overlay]");
if (overlay) {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-github-loading]");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    overlay.hidden = false;
  });
  window.addEventListener("pageshow", () => { overlay.hidden = true; });
}

// README images come through our signed proxy (GH-3). One the proxy cannot serve (refused,
// broken, not an image) answers with an error status and a small drawn SVG, which is what a
// browser without this file shows (issue 22). Here such an image, or one that does not load at
// all, becomes the placeholder the server writes for an image it cannot proxy, with the image's
// description as text.
const readme = document.querySelector(".markdown-body[data-image-label]");
if (readme) {
  const label = readme.dataset.imageLabel;
  const replace = (image) => {
    const description = (image.getAttribute("alt") || "").trim();
    const placeholder = document.createElement("span");
    placeholder.className = "readme-image-placeholder";
    placeholder.setAttribute("role", "img");
    placeholder.setAttribute("aria-label", description ? `${label}: ${description}` : label);
    const name = document.createElement("span");
    name.className = "readme-image-placeholder-label";
    name.textContent = label;
    placeholder.append(name);
    if (description) placeholder.append(` ${description}`);
    image.replaceWith(placeholder);
  };
  // The proxy's drawing for a failure arrives with a 4xx or 5xx status (same origin: visible).
  const failed = (image) => {
    const entry = performance.getEntriesByName(image.currentSrc || image.src).at(-1);
    return image.naturalWidth === 0 || (entry?.responseStatus ?? 200) >= 400;
  };
  for (const image of readme.querySelectorAll("img")) {
    if (image.complete) {
      if (failed(image)) replace(image);  // settled before this ran
      continue;
    }
    image.addEventListener("error", () => replace(image), { once: true });
    image.addEventListener("load", () => { if (failed(image)) replace(image); }, { once: true });
  }
}

// "Sign in with GitHub" (issue 49): the code's Copy button, and "Check Now" pressed by itself.
// The page asks our server, never GitHub; the server polls GitHub no sooner than its interval
// however often it is asked, and answers when to ask again. Without this file the code is
// selectable text and "Check Now" a plain form post.
const copy = document.querySelector("[data-github-copy]");
if (copy && navigator.clipboard) {
  copy.hidden = false;
  const title = copy.textContent;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(copy.dataset.githubCopy);
      copy.textContent = copy.dataset.copied;
      setTimeout(() => { copy.textContent = title; }, 2000);
    } catch {
      window.getSelection()?.selectAllChildren(document.getElementById("github-device-code"));
    }
  });
}

const poll = document.querySelector("[data-github-device-poll]");
if (poll) {
  const ask = async () => {
    try {
      const response = await fetch(poll.action, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(new FormData(poll)),
        credentials: "same-origin",
      });
      const reply = await response.json();
      if (reply.state === "waiting") {
        setTimeout(ask, Math.max(Number(reply.retryAfter) || 5, 1) * 1000);
      } else {
        window.location.assign(reply.location);
      }
    } catch {
      setTimeout(ask, 5000);  // the server is out of reach for now: ask again later
    }
  };
  setTimeout(ask, Math.max(Number(poll.dataset.githubDevicePoll) || 5, 1) * 1000);
}
