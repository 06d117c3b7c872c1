"""MyHabits' reminders at the habit's time (issue 38), in one browser for the module.

A habit's reminder is turned on from its details page; the page asks for notification permission
only then (never on load: `Notification.requestPermission` is counted from before the page's own
scripts run). The worker's push handler is driven with DevTools' `ServiceWorker.deliverPushMessage`
(the push service itself is the Swift suite's loopback stand-in), the notification it shows is read
back with `registration.getNotifications()`, and its "Mark as done" is dispatched inside the worker
(a `notificationclick` with that action, through a CDP session on the worker's target): it ticks the
habit once, through the outbox, even when dispatched twice. The section at the ten sizes in en/ru/pl
with the plain form, axe at three of them (`artifacts/reminders-<lang>-<viewport>.png`).
"""
from __future__ import annotations

import json

import axe
from selenium.webdriver.common.by import By

from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import assert_no_horizontal_overflow, http_get, navigates, shot, text, visit, wait, wait_settled
from layout_metrics import choose_language
from test_habits import add_habit

COUNT_PERMISSION_REQUESTS = """
window.__permissionRequests = 0;
if (window.Notification) {
  const original = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => { window.__permissionRequests += 1; return original(...args); };
}
"""

NOTIFICATIONS = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => done(list.map((n) => ({
  title: n.title, body: n.body, tag: n.tag, data: n.data, actions: n.actions.map((a) => [a.action, a.title]),
})))).catch((e) => done(String(e)));
"""


def habit_id(driver, name: str) -> str:
    return driver.execute_script(
        "return [...document.querySelectorAll('.habit-card')].find(c => c.querySelector('.habit-card__name').textContent.trim() === arguments[0]).dataset.habit",
        name)


def deliver_push(driver, origin: str, payload: dict) -> None:
    """Chromium numbers a profile's worker registrations from 0; this profile has the one worker."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    errors = []
    for registration in range(4):
        try:
            driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                                   {"origin": origin, "registrationId": str(registration), "data": json.dumps(payload)})
            return
        except Exception as error:  # noqa: BLE001 - the next id
            errors.append(str(error))
    raise AssertionError(f"no worker registration took the push message: {errors}")


def click_in_worker(driver, action: str) -> None:
    """A `notificationclick` with `action` on the shown notification, dispatched in the worker."""
    workers = [t for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"] if t["type"] == "service_worker"]
    assert workers, "the page's service worker runs"
    session = driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": workers[0]["targetId"], "flatten": False})["sessionId"]
    expression = ("self.registration.getNotifications().then((list) => self.dispatchEvent("
                  f"new NotificationEvent('notificationclick', {{notification: list[0], action: {json.dumps(action)}}})))")
    message = {"id": 1, "method": "Runtime.evaluate", "params": {"expression": expression, "awaitPromise": True}}
    driver.execute_cdp_cmd("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})


def test_a_reminder_turned_on_shows_the_notification_and_marks_the_habit_done_once(walker, server):
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    visit(driver, "/habits")
    add_habit(driver, "Stretch", time="07:30")
    habit = habit_id(driver, "Stretch")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_PERMISSION_REQUESTS})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.url, "permissions": ["notifications"]})
    visit(driver, f"/habits/{habit}")
    wait_settled(driver)
    section = driver.find_element(By.CSS_SELECTOR, "section.habit-reminder")
    assert section.get_attribute("data-reminder-on") == "no"
    assert driver.execute_script("return window.__permissionRequests") == 0, "nothing is asked on load"
    button = section.find_element(By.CSS_SELECTOR, "form button[type=submit]")
    assert button.text == text("en", "habits.reminder.turnOn")
    button.click()
    wait(driver).until(lambda d: section.get_attribute("data-reminder-on") == "yes")
    assert driver.execute_script("return window.__permissionRequests") == 1
    assert section.find_element(By.CSS_SELECTOR, ".habit-reminder__status").text == text(
        "en", "habits.reminder.on", time="7:30 AM")
    # Headless Chromium has no push service to subscribe to (its subscribe() never settles here); the
    # reminder is on all the same.
    visit(driver, f"/habits/{habit}")
    assert driver.find_element(By.CSS_SELECTOR, "section.habit-reminder").get_attribute("data-reminder-on") == "yes"

    payload = {"title": "Stretch", "body": text("en", "habits.reminder.body"), "tag": f"habit-{habit}",
               "url": f"/habits/{habit}", "track": f"/habits/{habit}/track",
               "day": driver.execute_script("const d = new Date(); return d.toLocaleDateString('sv');"),
               "done": text("en", "habits.reminder.markDone")}
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")

    def notified(d):
        # A message that reached a worker still starting is dropped; the notification's tag makes a
        # second delivery replace the first, never add to it.
        shown = d.execute_async_script(NOTIFICATIONS)
        if shown:
            return shown
        deliver_push(d, server.url, payload)
        return False
    shown = wait(driver).until(notified)
    assert len(shown) == 1
    assert shown[0]["title"] == "Stretch"
    assert shown[0]["body"] == text("en", "habits.reminder.body")
    assert shown[0]["actions"] == [["done", text("en", "habits.reminder.markDone")]]
    assert shown[0]["data"]["url"] == f"/habits/{habit}"

    click_in_worker(driver, "done")
    click_in_worker(driver, "done")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())

    def counted(d) -> bool:
        visit(d, "/habits")
        card = d.execute_script(
            "return [...document.querySelectorAll('.habit-card')].find(c => c.dataset.habit === arguments[0])"
            ".querySelector('.habit-track__circle').getAttribute('aria-pressed')", habit)
        return card == "true"
    wait(driver).until(counted)
    status, _, body = http_get(f"{server.url}/habits/export.csv", {"Cookie": cookie})
    assert status == 200
    # One row per habit and day (habit_id,name,time,color,created_at,day,state,value,unit,note): counted once.
    rows = [line.split(",") for line in body.splitlines()[1:] if line.split(",")[0] == habit]
    assert [(row[5], row[6]) for row in rows] == [(payload["day"], "done")], rows


def test_the_reminder_section_at_every_size_in_three_languages(walker):
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    visit(driver, "/habits")
    add_habit(driver, "Read", time="21:15")
    habit = habit_id(driver, "Read")
    for lang in ("en", "ru", "pl"):
        choose_language(driver, lang)
        visit(driver, f"/habits/{habit}")
        section = driver.find_element(By.CSS_SELECTOR, "section.habit-reminder")
        assert section.find_element(By.CSS_SELECTOR, "h2").get_attribute("textContent") == text(lang, "habits.reminder.title")
        for name, viewport in ALL_VIEWPORTS.items():
            apply_viewport(driver, viewport)
            wait(driver).until(lambda d: d.execute_script("return innerWidth") == viewport.width)
            wait_settled(driver)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", section)
            assert_no_horizontal_overflow(driver, f"reminders-{lang}-{name}")
            if name in ("se", "phone-landscape", "ipad"):
                shot(driver, f"reminders-{lang}-{name}")
                axe.assert_accessible(driver, f"reminders-{lang}-{name}")
    # The plain form, without the script: post-redirect-get back to the details, the reminder on.
    choose_language(driver, "en")
    visit(driver, f"/habits/{habit}")
    form = driver.find_element(By.CSS_SELECTOR, "section.habit-reminder form")
    navigates(driver, lambda: driver.execute_script("arguments[0].submit()", form))
    assert driver.find_element(By.CSS_SELECTOR, "section.habit-reminder").get_attribute("data-reminder-on") == "yes"


def test_a_reminder_on_says_what_this_browser_does(walker, server):
    """Issue 48: a reminder on for the habit (here, in another browser, or restored) does not say
    "Notification at 07:30" in a browser that may not notify: blocked, it says so and where to allow
    it; not yet asked, it offers "Notify in This Browser", which asks, and then says it is on."""
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    visit(driver, "/habits")
    add_habit(driver, "Yoga", time="07:30")
    habit = habit_id(driver, "Yoga")
    visit(driver, f"/habits/{habit}")
    form = driver.find_element(By.CSS_SELECTOR, "section.habit-reminder form")
    navigates(driver, lambda: driver.execute_script("arguments[0].submit()", form))  # as another browser would
    on_text = text("en", "habits.reminder.on", time="7:30 AM")

    def permission(setting: str) -> None:
        # An earlier test of this browser granted notifications to every origin's context.
        driver.execute_cdp_cmd("Browser.resetPermissions", {})
        driver.execute_cdp_cmd("Browser.setPermission", {
            "origin": server.url, "permission": {"name": "notifications"}, "setting": setting})

    def status() -> str:
        return driver.find_element(By.CSS_SELECTOR, ".habit-reminder__status").text

    permission("denied")
    visit(driver, f"/habits/{habit}")
    wait(driver).until(lambda d: status() == text("en", "habits.reminder.notHere"))
    assert driver.find_element(By.CSS_SELECTOR, ".habit-reminder__note").text == text("en", "habits.reminder.blocked")
    assert not driver.find_elements(By.CSS_SELECTOR, ".habit-reminder__here")

    permission("prompt")
    visit(driver, f"/habits/{habit}")
    here = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".habit-reminder__here button"))
    assert here.text == text("en", "habits.reminder.notifyHere") and status() == text("en", "habits.reminder.notHere")
    axe.assert_accessible(driver, "reminders-not-here")
    permission("granted")  # what the person answers to the browser's question
    here.click()
    wait(driver).until(lambda d: status() == on_text)
    assert not driver.find_elements(By.CSS_SELECTOR, ".habit-reminder__here")

    visit(driver, f"/habits/{habit}")
    assert status() == on_text, "a browser that may notify says when"
