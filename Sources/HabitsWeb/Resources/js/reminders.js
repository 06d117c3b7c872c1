// MyHabits' reminders (issue 38). The details page's form turns a habit's reminder on or off and
// works without this file. With it, turning a reminder on first asks for notification permission
// (never on load: only after the person asked for a reminder), subscribes this browser to push
// and tells the server, then turns the section in place. Each browser keeps its own subscription.
const section = document.querySelector(".habit-reminder");

function message(name) {
  const template = document.getElementById("reminder-messages");
  return template?.content.querySelector(`[data-message="${name}"]`)?.textContent ?? "";
}

function say(name) {
  const note = section.querySelector(".habit-reminder__note");
  if (note) note.textContent = name ? message(name) : "";
}

function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/// The applicationServerKey: base64url of the VAPID public key, as bytes.
function serverKey() {
  const text = section.dataset.vapidKey.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function post(url, fields, token) {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token },
    body: new URLSearchParams(fields),
  });
}

/// This browser's subscription, made when it has none, kept by the server for this session.
async function subscribe(token) {
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription())
    ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey() }));
  const response = await post(section.dataset.subscribe, { subscription: JSON.stringify(subscription.toJSON()) }, token);
  if (!response.ok) throw new Error(`subscribe: ${response.status}`);
}

function show(on) {
  const form = section.querySelector("form");
  section.dataset.reminderOn = on ? "yes" : "no";
  form.querySelector('input[name="on"]').value = on ? "no" : "yes";
  section.querySelector(".habit-reminder__status").textContent = on ? section.dataset.textOn : section.dataset.textOff;
  form.querySelector("button").textContent = on ? section.dataset.labelOn : section.dataset.labelOff;
}

if (section) {
  const form = section.querySelector("form");
  const token = form.querySelector('input[name="_csrf"]').value;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const turningOn = form.querySelector('input[name="on"]').value === "yes";
    // Asked at once, inside the person's tap: browsers refuse a request made later.
    const permission = turningOn && pushSupported() ? Notification.requestPermission() : null;
    const response = await post(form.action, { on: turningOn ? "yes" : "no" }, token).catch(() => null);
    if (!response || !response.ok) {
      form.submit();  // offline or refused: the plain form says what happened
      return;
    }
    show(turningOn);
    if (!turningOn) return say(null);
    if (!permission) return say("unsupported");
    if ((await permission) !== "granted") return say("blocked");
    try {
      await subscribe(token);
      say("subscribed");
    } catch {
      say("unsupported");
    }
  });
  // A reminder already on in a browser that allowed notifications: keep its subscription known
  // (a browser may renew it). Nothing is asked here.
  if (section.dataset.reminderOn === "yes" && pushSupported() && Notification.permission === "granted") {
    subscribe(token).catch(() => {});
  } else if (section.dataset.reminderOn === "yes") {
    showNotHere(token);
  }
}

/// Issue 48: the reminder is on (turned on here or in another browser, or restored), but this
/// browser may not notify: say so, and what to do. Where it may still ask, offer the switch that
/// asks; where notifications are blocked or there is no push, say where to change that.
function showNotHere(token) {
  section.querySelector(".habit-reminder__status").textContent = section.dataset.textNotHere;
  if (!pushSupported()) return say("unsupported");
  if (Notification.permission === "denied") return say("blocked");
  const cell = document.createElement("li");
  cell.className = "cell cell--button habit-reminder__here";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cell__button";
  button.textContent = section.dataset.labelHere;
  cell.append(button);
  section.querySelector(".habit-reminder__status").closest("li").after(cell);
  button.addEventListener("click", async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return say(permission === "denied" ? "blocked" : null);
    cell.remove();
    show(true);
    say(null);
    subscribe(token).then(() => say("subscribed"), () => say("unsupported"));
  });
}
