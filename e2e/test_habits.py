"""MyHabits on the web (HB-1..10): the whole flow of the course's document, in Russian, plus
persistence across a restart, device isolation, the device's time zone and every viewport."""

from __future__ import annotations

import datetime
import re
import signal
import subprocess
import tempfile
import urllib.request
import shutil
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import ALL_VIEWPORTS, APPDECK_BIN, BrowserFactory, _read_url, apply_viewport
from helpers import ARTIFACTS, check_screen, navigates, path_of, plural, text, texts, visit, wait, wait_ready, wait_settled

RUSSIAN_DELETE_TITLE = "Удалить привычку"
RUSSIAN_DELETE_ACTIONS = ["Отмена", "Удалить"]


def russian_delete_message(name: str) -> str:
    return f"Вы хотите удалить привычку \"{name}\"?"


# --------------------------------------------------------------------------- steps

def open_habits(driver, path: str = "/habits") -> None:
    """Visits a MyHabits page drawn in the browser's time zone. A first visit sends the zone; a
    page showing days is then drawn again in it, an empty list is not (issue 47), so the page is
    visited again until the server has the zone."""
    visit(driver, path)
    zone = driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")

    def drawn_in_zone(d) -> bool:
        if d.execute_script("return document.documentElement.dataset.timeZone === arguments[0]", zone):
            return True
        if d.execute_script("return !('showsTimes' in document.documentElement.dataset)"):
            visit(d, path)
        return False

    wait(driver).until(drawn_in_zone)
    wait_ready(driver)


def choose_language(driver, language: str) -> None:
    visit(driver, "/")
    select = driver.find_element(By.CSS_SELECTOR, "form.language-switcher select#language")
    navigates(driver, lambda: Select(select).select_by_value(language))


def fill_habit(driver, name: str | None = None, color: str | None = None, time: str | None = None) -> None:
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
    if name is not None:
        field = sheet.find_element(By.ID, "field-name")
        field.clear()
        field.send_keys(name)
    # Colour and time pickers are native widgets; set them as a pick would, with their events.
    for field_id, value in (("field-color", color), ("field-time", time)):
        if value is not None:
            driver.execute_script(
                "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}));",
                field_id, value)


def submit_habit(driver) -> None:
    button = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet .sheet__bar button[type=submit]")
    navigates(driver, button.click)


def add_habit(driver, name: str, color: str = "#ff2d55", time: str = "07:30") -> None:
    plus = driver.find_element(By.CSS_SELECTOR, "header.nav-bar a[href='/habits/new']")
    navigates(driver, plus.click)
    fill_habit(driver, name, color, time)
    submit_habit(driver)
    assert path_of(driver) == "/habits"


def cards(driver) -> list[dict]:
    return driver.execute_script(
        """
        return [...document.querySelectorAll('.habit-card')].map(c => ({
          id: c.dataset.habit,
          name: c.querySelector('.habit-card__name').textContent.trim(),
          schedule: c.querySelector('.habit-card__schedule').textContent.trim(),
          counter: c.querySelector('[data-counter]').textContent.trim(),
          tracked: c.querySelector('.habit-track__circle').getAttribute('aria-pressed') === 'true',
          nameColor: getComputedStyle(c.querySelector('.habit-card__name')).color,
          circleBorder: getComputedStyle(c.querySelector('.habit-track__circle')).borderTopColor,
          circleFill: getComputedStyle(c.querySelector('.habit-track__circle')).backgroundColor,
          checkOpacity: getComputedStyle(c.querySelector('.habit-track__check')).opacity,
        }));
        """)


def progress(driver) -> tuple[str, int]:
    return (driver.find_element(By.CSS_SELECTOR, "[data-progress-text]").text.strip(),
            int(driver.find_element(By.CSS_SELECTOR, "[data-progress-bar]").get_attribute("value")))


def alert_texts(driver) -> tuple[str, str, list[str]]:
    dialog = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog#alert[open]")))
    wait_settled(driver)
    return (dialog.find_element(By.ID, "alert-title").text, dialog.find_element(By.ID, "alert-message").text,
            [b.text for b in dialog.find_elements(By.CSS_SELECTOR, ".alert__button")])


def alert_choose(driver, value: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"dialog#alert[open] button[value='{value}']").click()


def circle(driver, index: int = 0):
    return driver.find_elements(By.CSS_SELECTOR, ".habit-card .habit-track__circle")[index]


def rgb(hex_color: str) -> str:
    value = hex_color.lstrip("#")
    return f"rgb({int(value[0:2], 16)}, {int(value[2:4], 16)}, {int(value[4:6], 16)})"


def mark_page(driver) -> None:
    """Leaves a marker on the page: it survives only if nothing reloads."""
    driver.execute_script("window.__noReload = 'still here'")


def page_was_kept(driver) -> bool:
    return driver.execute_script("return window.__noReload === 'still here'")


# --------------------------------------------------------------------------- the document's flow

def test_the_whole_flow_in_russian(driver):
    choose_language(driver, "ru")
    open_habits(driver)
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == "Сегодня"
    assert texts(driver, "nav.tab-bar .tab-bar__label") == ["Привычки", "Информация"]
    assert progress(driver) == ("0%", 0)
    check_screen(driver, "habits-empty")

    # HB-3/HB-4: "+" opens the habit sheet; Create stores the habit and closes the sheet.
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a[href='/habits/new']").click)
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
    assert sheet.find_element(By.CSS_SELECTOR, ".sheet__title").text == "Новая привычка"  # issue 48: not "Создать" thrice
    assert sheet.find_element(By.CSS_SELECTOR, "[data-sheet-cancel]").text == "Отменить"
    assert sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]").text == "Создать"
    assert sheet.find_elements(By.CSS_SELECTOR, ".habit-delete") == [], "no delete while creating"
    colour = sheet.find_element(By.ID, "field-color")
    assert colour.get_attribute("type") == "color"
    radius = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height, getComputedStyle(arguments[0]).borderTopLeftRadius]", colour)
    assert radius[0] == radius[1] and radius[2] == "50%", f"the colour control is a circle: {radius}"
    assert sheet.find_element(By.ID, "field-time").get_attribute("type") == "time"
    check_screen(driver, "habits-sheet-new")

    fill_habit(driver, "Выпить стакан воды перед завтраком", "#ff2d55", "07:30")
    # The circle shows the pick at once.
    assert driver.execute_script("return document.getElementById('field-color').value") == "#ff2d55"
    submit_habit(driver)
    add_habit(driver, "Читать 10 страниц", "#34c759", "21:05")
    listed = cards(driver)
    assert [c["name"] for c in listed] == ["Выпить стакан воды перед завтраком", "Читать 10 страниц"]
    assert [c["schedule"] for c in listed] == ["Каждый день в 07:30", "Каждый день в 21:05"]
    assert [c["counter"] for c in listed] == [plural("ru", "habits.counter", 0), plural("ru", "habits.counter", 0)]
    assert listed[0]["circleBorder"] == rgb("#ff2d55"), "the circle is drawn in the habit's colour"
    assert listed[1]["circleBorder"] == rgb("#34c759")
    assert listed[0]["nameColor"] == "rgb(0, 0, 0)", "the name is in the label colour, the circle in the habit's"
    assert not any(c["tracked"] for c in listed)

    # HB-5: a tap tracks today in place: circle filled with a check, counter and progress updated.
    mark_page(driver)
    circle(driver, 0).click()
    wait(driver).until(lambda d: cards(d)[0]["tracked"])
    wait(driver).until(lambda d: progress(d) == ("50%", 50))
    wait(driver).until(lambda d: cards(d)[0]["circleFill"] == rgb("#ff2d55"))  # after the fill's transition
    first = cards(driver)[0]
    assert first["counter"] == plural("ru", "habits.counter", 1)
    assert first["checkOpacity"] == "1"
    assert page_was_kept(driver), "tracking reloaded the page"
    circle(driver, 1).click()
    wait(driver).until(lambda d: progress(d) == ("100%", 100))
    assert page_was_kept(driver)
    check_screen(driver, "habits-list-tracked")

    # A second tap asks whether to undo today's track; "keep" changes nothing.
    circle(driver, 0).click()
    title, message, actions = alert_texts(driver)
    assert title == text("ru", "habits.untrack.title")
    assert message == text("ru", "habits.untrack.message", name="Выпить стакан воды перед завтраком")
    assert actions == [text("ru", "habits.untrack.cancel"), text("ru", "habits.untrack.confirm")]
    alert_choose(driver, "cancel")
    assert cards(driver)[0]["counter"] == plural("ru", "habits.counter", 1) and cards(driver)[0]["tracked"]
    # …and undo takes today's track back, still without a reload.
    circle(driver, 0).click()
    alert_texts(driver)
    alert_choose(driver, "confirm")
    wait(driver).until(lambda d: not cards(d)[0]["tracked"])
    assert cards(driver)[0]["counter"] == plural("ru", "habits.counter", 0)
    assert progress(driver) == ("50%", 50)
    assert page_was_kept(driver)
    circle(driver, 0).click()
    wait(driver).until(lambda d: cards(d)[0]["tracked"])

    # The plain-form path agrees after a reload: one track today, never two.
    open_habits(driver)
    assert [c["counter"] for c in cards(driver)] == [plural("ru", "habits.counter", 1), plural("ru", "habits.counter", 1)]

    # HB-6: details: the name as title, Изменить (iOS Russian, issue 48), streaks, the heatmap, every day since first use.
    link = driver.find_element(By.CSS_SELECTOR, ".habit-card .habit-card__link")
    navigates(driver, link.click)
    habit_path = path_of(driver)
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == "Выпить стакан воды перед завтраком"
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__action").text == "Изменить"
    days = driver.find_elements(By.CSS_SELECTOR, ".habit-days .habit-day")
    # Any day of the last year can be recorded (issue 48): a page of 60 days, each a button.
    assert [d.find_element(By.CSS_SELECTOR, ".habit-day__label").text for d in days[:3]] == ["Сегодня", "Вчера", "Позавчера"]
    assert len(days) == 60 and all(d.find_elements(By.CSS_SELECTOR, "button.habit-day__circle") for d in days)
    # Each changeable day is a pressed or unpressed button (issue 38).
    assert days[0].find_elements(By.CSS_SELECTOR, "button.habit-day__circle[aria-pressed=true]"), "today is checked"
    assert driver.find_elements(By.CSS_SELECTOR, ".heatmap__cell--tracked").__len__() == 1
    stats = texts(driver, ".habit-stats .cell__value")
    assert stats[:2] == [plural("ru", "habits.details.streakDays", 1)] * 2
    assert stats[2:] == ["100%", "5%"], "done since the first recorded day; Loop's strength after one day"
    chart = driver.find_element(By.CSS_SELECTOR, ".strength-chart svg[role=img]")
    assert chart.get_attribute("aria-labelledby") == "strength-summary" and chart.size["height"] > 60
    check_screen(driver, "habits-details")

    # HB-7: Изменить opens the sheet filled in; Отменить keeps nothing typed.
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__action").click)
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
    assert sheet.find_element(By.CSS_SELECTOR, ".sheet__title").text == "Изменить"
    assert sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]").text == "Сохранить"
    assert sheet.find_element(By.ID, "field-name").get_attribute("value") == "Выпить стакан воды перед завтраком"
    assert sheet.find_element(By.ID, "field-color").get_attribute("value") == "#ff2d55"
    assert sheet.find_element(By.ID, "field-time").get_attribute("value") == "07:30"
    delete = sheet.find_element(By.CSS_SELECTOR, ".habit-delete__button")
    assert delete.text == "Удалить привычку"
    check_screen(driver, "habits-sheet-edit")
    fill_habit(driver, "Не сохранять это", "#000000", "10:00")
    navigates(driver, sheet.find_element(By.CSS_SELECTOR, "[data-sheet-cancel]").click)
    assert path_of(driver) == habit_path
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == "Выпить стакан воды перед завтраком"

    # Сохранить updates that habit; no new one appears.
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__action").click)
    fill_habit(driver, "Два стакана воды", "#007aff", "08:15")
    submit_habit(driver)
    assert path_of(driver) == habit_path
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == "Два стакана воды"
    open_habits(driver)
    listed = cards(driver)
    assert [c["name"] for c in listed] == ["Два стакана воды", "Читать 10 страниц"]
    assert listed[0]["schedule"] == "Каждый день в 08:15"
    assert listed[0]["circleBorder"] == rgb("#007aff")
    assert listed[0]["counter"] == plural("ru", "habits.counter", 1), "editing keeps the tracks"

    # HB-8: Удалить привычку asks with exactly the document's texts; Удалить closes everything.
    visit(driver, habit_path + "/edit")
    driver.find_element(By.CSS_SELECTOR, ".habit-delete__button").click()
    title, message, actions = alert_texts(driver)
    assert (title, message, actions) == (RUSSIAN_DELETE_TITLE, russian_delete_message("Два стакана воды"), RUSSIAN_DELETE_ACTIONS)
    check_screen(driver, "habits-delete-alert")
    alert_choose(driver, "cancel")
    assert path_of(driver) == habit_path + "/edit", "Отмена only closes the alert"
    driver.find_element(By.CSS_SELECTOR, ".habit-delete__button").click()
    alert_texts(driver)
    navigates(driver, lambda: alert_choose(driver, "confirm"))
    assert path_of(driver) == "/habits"
    assert [c["name"] for c in cards(driver)] == ["Читать 10 страниц"]
    assert progress(driver) == ("100%", 100)

    # HB-2: Info scrolls and has its own tab.
    navigates(driver, driver.find_elements(By.CSS_SELECTOR, "nav.tab-bar a.tab-bar__item")[1].click)
    assert path_of(driver) == "/habits/info"
    assert driver.find_element(By.CSS_SELECTOR, ".habits-info__heading").text == text("ru", "habits.info.heading")
    check_screen(driver, "habits-info")


def test_undo_without_javascript_asks_in_an_alert(driver):
    open_habits(driver)
    add_habit(driver, "Walk the dog", "#34c759", "08:00")
    circle(driver, 0).click()
    wait(driver).until(lambda d: cards(d)[0]["tracked"])

    def post_circle_as_without_scripts():
        # What a browser without JavaScript does with the circle: post the page's track form to
        # the circle's formaction, without the script's handler.
        driver.execute_script(
            "const circle = document.querySelector('.habit-track__circle'); const form = circle.form;"
            "form.action = circle.formAction; HTMLFormElement.prototype.submit.call(form)")

    navigates(driver, post_circle_as_without_scripts)
    alert = driver.find_element(By.CSS_SELECTOR, ".alert--static")
    assert alert.find_element(By.CSS_SELECTOR, ".alert__title").text == text("en", "habits.untrack.title")
    assert alert.find_element(By.CSS_SELECTOR, ".alert__message").text == text("en", "habits.untrack.message", name="Walk the dog")
    assert [b.text for b in alert.find_elements(By.CSS_SELECTOR, ".alert__button")] == [
        text("en", "habits.untrack.cancel"), text("en", "habits.untrack.confirm")]
    covered = driver.execute_script(
        "const r = document.querySelector('.habit-track__circle').getBoundingClientRect();"
        "return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).className")
    assert covered == "alert-backdrop", "what the alert covers cannot be tapped"
    check_screen(driver, "habits-undo-alert")

    # Keep: back to the list, still tracked.
    navigates(driver, alert.find_element(By.CSS_SELECTOR, "a.alert__button").click)
    assert path_of(driver) == "/habits" and cards(driver)[0]["tracked"]
    # Undo: the track is taken back.
    navigates(driver, post_circle_as_without_scripts)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".alert--static button[type=submit]").click)
    assert path_of(driver) == "/habits"
    assert not cards(driver)[0]["tracked"]
    assert cards(driver)[0]["counter"] == plural("en", "habits.counter", 0)


def test_invalid_input_keeps_what_was_typed(driver):
    open_habits(driver)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a[href='/habits/new']").click)
    fill_habit(driver, "   ", "#5856d6", "06:45")
    submit_habit(driver)
    error = driver.find_element(By.ID, "error-name")
    assert error.text == text("en", "habits.error.required")
    name = driver.find_element(By.ID, "field-name")
    assert name.get_attribute("aria-invalid") == "true"
    assert driver.find_element(By.ID, "field-color").get_attribute("value") == "#5856d6"
    assert driver.find_element(By.ID, "field-time").get_attribute("value") == "06:45"
    assert driver.switch_to.active_element.get_attribute("id") == "field-name", "the bad field has the focus"
    check_screen(driver, "habits-sheet-error", allow_status=(422,))

    too_long = "й" * 101
    fill_habit(driver, too_long)
    submit_habit(driver)
    assert driver.find_element(By.ID, "error-name").text == plural("en", "habits.error.tooLong", 100)
    assert driver.find_element(By.ID, "field-name").get_attribute("value") == too_long
    fill_habit(driver, too_long[:100])
    submit_habit(driver)
    assert [c["name"] for c in cards(driver)] == [too_long[:100]]


def test_two_profiles_never_see_each_others_habits(browser):
    first = browser()
    open_habits(first)
    add_habit(first, "Only mine")
    habit_id = cards(first)[0]["id"]

    second = browser()
    open_habits(second)
    assert cards(second) == []
    for path in (f"/habits/{habit_id}", f"/habits/{habit_id}/edit"):
        visit(second, path)
        assert second.find_element(By.CSS_SELECTOR, ".error-state__title").text == text("en", "shell.error.404.title"), path
    second.get_log("browser")  # the two 404s above are expected
    open_habits(first)
    assert [c["name"] for c in cards(first)] == ["Only mine"]


def test_the_device_time_zone_decides_today(browser):
    driver = browser()
    zone = "Pacific/Kiritimati"
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
    open_habits(driver)
    assert driver.find_element(By.CSS_SELECTOR, "html").get_attribute("data-time-zone") == zone
    add_habit(driver, "Sunrise walk")
    circle(driver).click()
    wait(driver).until(lambda d: cards(d)[0]["tracked"])
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".habit-card__link").click)
    today_there = datetime.datetime.now(ZoneInfo(zone)).date().isoformat()
    first_day = driver.find_element(By.CSS_SELECTOR, ".habit-days .habit-day")
    # Near midnight the day can turn between the two reads; accept both sides of it.
    tomorrow = (datetime.datetime.now(ZoneInfo(zone)) - datetime.timedelta(minutes=1)).date().isoformat()
    assert first_day.get_attribute("data-day") in {today_there, tomorrow}
    assert first_day.find_elements(By.CSS_SELECTOR, "button.habit-day__circle[aria-pressed=true]")


def test_csv_export(driver):
    open_habits(driver)
    add_habit(driver, 'Say "hi", then smile', "#af52de", "09:00")
    circle(driver).click()
    wait(driver).until(lambda d: cards(d)[0]["tracked"])
    response = driver.execute_async_script(
        "const done = arguments[0]; fetch('/habits/export.csv').then(async r => done([r.status, r.headers.get('content-type'), await r.text()]));")
    status, content_type, body = response
    assert status == 200 and content_type.startswith("text/csv")
    lines = body.split("\r\n")
    assert lines[0] == "habit_id,name,time,color,created_at,day,state,value,unit,note"
    assert lines[1].startswith(f'{cards(driver)[0]["id"]},"Say ""hi"", then smile",09:00,#af52deff,')
    zone = ZoneInfo(driver.find_element(By.CSS_SELECTOR, "html").get_attribute("data-time-zone"))
    assert lines[1].rsplit(",", 5)[1:] == [datetime.datetime.now(zone).date().isoformat(), "done", "", "", ""], \
        "the tracked day, in the device's zone; a yes/no habit has no value"
    assert lines[2:] == [""], "one record per tracked day, each ended by CRLF"


# --------------------------------------------------------------------------- restart and viewports

def _start(data_dir: Path, log: Path) -> tuple[subprocess.Popen, str]:
    with open(log, "ab") as stderr:
        process = subprocess.Popen(
            [str(APPDECK_BIN), "--host", "127.0.0.1", "--port", "0", "--data-dir", str(data_dir)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr)
    url, seen = _read_url(process, timeout=60)
    assert url, f"appdeck did not start: {seen}"
    return process, url.rstrip("/")


def _stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=10) == 0


def test_habits_and_tracks_survive_a_restart(browser):
    data_dir = Path(tempfile.mkdtemp(prefix="appdeck-e2e-restart-"))
    log = ARTIFACTS / "server-restart.log"
    driver = browser()
    try:
        process, base = _start(data_dir, log)
        driver.appdeck_base = base
        open_habits(driver)
        add_habit(driver, "Survives restarts", "#ff9500", "06:00")
        circle(driver).click()
        wait(driver).until(lambda d: cards(d)[0]["circleFill"] == rgb("#ff9500"))
        before = cards(driver)
        assert before[0]["counter"] == plural("en", "habits.counter", 1)
        _stop(process)

        process, base = _start(data_dir, log)  # a new port; the cookie is per host, so the device is the same
        driver.appdeck_base = base
        open_habits(driver)
        assert cards(driver) == before
        _stop(process)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def test_every_screen_at_every_size(server):
    """One browser walks all ten sizes (phones both ways, iPad both ways) through every screen."""
    factory = BrowserFactory(ALL_VIEWPORTS["phone"], server.url)
    try:
        _walk_every_size(factory())
    finally:
        factory.close_all()


def _walk_every_size(driver) -> None:
    open_habits(driver)
    add_habit(driver, "Morning run along the river, then stretch for ten minutes", "#ffcc00", "06:30")
    add_habit(driver, "Read", "#5856d6", "22:00")
    circle(driver, 1).click()
    wait(driver).until(lambda d: cards(d)[1]["tracked"])
    habit_id = cards(driver)[0]["id"]
    screens = [("habits-list", "/habits"), ("habits-new", "/habits/new"), ("habits-detail", f"/habits/{habit_id}"),
               ("habits-edit", f"/habits/{habit_id}/edit"), ("habits-info-page", "/habits/info")]
    for viewport in ALL_VIEWPORTS.values():
        apply_viewport(driver, viewport)
        for name, path in screens:
            visit(driver, path)
            tab_bar = driver.find_element(By.CSS_SELECTOR, "nav.tab-bar").rect
            assert abs(tab_bar["y"] + tab_bar["height"] - viewport.height) <= 1, f"{name}: the tab bar sits at the bottom"
            if name == "habits-list":
                for card in driver.find_elements(By.CSS_SELECTOR, ".habit-card"):
                    box = card.rect
                    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport.width, f"{name}: a card is cut off"
                    button = card.find_element(By.CSS_SELECTOR, ".habit-track__circle").rect
                    assert button["width"] >= 44 and button["height"] >= 44, "the circle is a comfortable tap target"
            check_screen(driver, name)


def test_installs_as_its_own_app(server):
    """HB-1: its own manifest, icon and splash screen, all served."""
    import json
    from helpers import http_get

    status, _, page = http_get(server.url + "/habits")
    assert status == 200
    links = dict(re.findall(r'<link rel="(manifest|apple-touch-icon|apple-touch-startup-image)" href="([^"]+)"', page))
    assert links["manifest"] == "/habits/manifest.webmanifest"
    assert "habits-192" in links["apple-touch-icon"]
    assert 'content="MyHabits"' in page, "the home-screen title"
    status, headers, body = http_get(server.url + links["manifest"])
    manifest = json.loads(body)
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/habits", "/habits", "standalone")
    assert manifest["background_color"] and manifest["name"] == "MyHabits"
    for url in [icon["src"] for icon in manifest["icons"]] + [links["apple-touch-icon"], links["apple-touch-startup-image"]]:
        with urllib.request.urlopen(server.url + url) as response:  # images: bytes, not text
            assert response.status == 200 and response.headers["Content-Type"].startswith("image/"), url
            assert len(response.read()) > 200, url


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)  # then 320x568, in place
def test_the_habit_sheet_scrolls_its_own_content_on_a_small_phone(driver):
    """Issue 48: at 320x568 in Russian and Polish the edit sheet was as tall as the screen with its
    overflow hidden, Delete below the screen. The sheet scrolls its own content (its bar stays), to
    Delete, and the page it covers does not scroll."""
    apply_viewport(driver, ALL_VIEWPORTS["se"])
    for language, name in (("ru", "Читать художественную литературу"), ("pl", "Czytać literaturę piękną")):
        choose_language(driver, language)
        open_habits(driver)
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a[href='/habits/new']").click)
        title = driver.find_element(By.CSS_SELECTOR, ".sheet__title")
        assert title.text == {"ru": "Новая привычка", "pl": "Nowy nawyk"}[language]
        assert driver.execute_script("const t = arguments[0]; return t.scrollHeight <= t.clientHeight + 1", title), "the whole title shows"
        check_screen(driver, f"habits-sheet-new-{language}")
        fill_habit(driver, name, "#ff2d55", "07:30")
        submit_habit(driver)
        navigates(driver, driver.find_elements(By.CSS_SELECTOR, ".habit-card .habit-card__link")[-1].click)
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__action").click)
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
        title = sheet.find_element(By.CSS_SELECTOR, ".sheet__title")
        assert driver.execute_script("const t = arguments[0]; return t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight + 1", title), \
            "the edit sheet's whole title shows"
        assert driver.execute_script("return getComputedStyle(arguments[0]).overflowY", sheet) in ("auto", "scroll"), language
        assert driver.execute_script("return getComputedStyle(document.documentElement).overflowY") == "hidden", language
        driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", sheet)
        delete = sheet.find_element(By.CSS_SELECTOR, ".habit-delete")
        top, bottom = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom]", delete)
        assert 0 <= top and bottom <= 568 + 1, (language, top, bottom)  # a fraction of a pixel past is the sheet's own rounding
        bar_top = driver.execute_script("return arguments[0].querySelector('.sheet__bar').getBoundingClientRect().top", sheet)
        sheet_top = driver.execute_script("return arguments[0].getBoundingClientRect().top", sheet)
        assert abs(bar_top - sheet_top) < 1, "the bar stays at the top of the sheet"
        check_screen(driver, f"habits-sheet-scrolled-{language}")


def test_the_app_badge_counts_the_habits_still_due_today(driver):
    """Issue 48: the installed app's icon shows how many habits are still due today (the Badging
    API), cleared at zero, set by the page at load and on every tick. The browser's own badge is
    recorded in place of the icon, which a headless browser does not have."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.badges = [];
        navigator.setAppBadge = (count) => { window.badges.push(count); return Promise.resolve(); };
        navigator.clearAppBadge = () => { window.badges.push(0); return Promise.resolve(); };
    """})
    open_habits(driver)
    assert driver.execute_script("return window.badges") == [0], "nothing due: cleared"
    add_habit(driver, "Water", "#34c759", "08:00")
    add_habit(driver, "Walk", "#5856d6", "09:00")
    assert driver.execute_script("return window.badges.at(-1)") == 2
    circle(driver, 0).click()
    wait(driver).until(lambda d: d.execute_script("return window.badges.at(-1)") == 1)
    circle(driver, 1).click()
    wait(driver).until(lambda d: d.execute_script("return window.badges.at(-1)") == 0)
    status = driver.execute_async_script(
        "fetch('/habits/due.json').then(r => r.json()).then(j => arguments[0](j.due))")
    assert status == 0, "the worker's count agrees"
