"""MyHabits' past days, archive and order (issue 38): a past day ticked from the heatmap's day sheet and
unticked from the Activity list (after the question), archive and restore, reorder as plain forms
with scripts off; each new screen at the ten sizes in en/ru/pl, axe clean at three."""

from __future__ import annotations

import datetime
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from helpers import html_lang, navigates, path_of, text, visit, wait, walk_sizes
from test_backup import confirm, import_file
from test_habits import choose_language

LANGUAGES = ["en", "ru", "pl"]
#: Screenshots and axe at these three; overflow checked at all ten.


def device_day(driver, offset: int) -> str:
    """The browser's calendar day `offset` days from today, YYYY-MM-DD (the device's zone)."""
    return driver.execute_script(
        "const d = new Date(); d.setDate(d.getDate() + arguments[0]);"
        "const two = n => String(n).padStart(2, '0');"
        "return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;", offset)


def import_history(driver, folder: Path, lang: str) -> None:
    """Two habits done on days before today, imported (their history starts then)."""
    rows = [f"Read {lang},,,{device_day(driver, -5)},1,", f"Read {lang},,,{device_day(driver, -3)},1,",
            f"Walk {lang},,,{device_day(driver, -2)},1,"]
    path = folder / f"history-{lang}.csv"
    path.write_text("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n" + "\n".join(rows) + "\n", encoding="utf-8")
    import_file(driver, path)
    confirm(driver)




def day_button(driver, where: str, day: str):
    return driver.find_element(By.CSS_SELECTOR, f"{where} button[form=habit-day][value='{day}']")


def heatmap_cell(driver, day: str):
    """The heatmap's cell of `day`: a link to the day's sheet (issue 48)."""
    return driver.find_element(By.CSS_SELECTOR, f".heatmap a.heatmap__cell[data-day='{day}']")


def press(driver, element) -> None:
    """Clicks `element` scrolled to the middle, clear of the tab bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def habit_id(driver, name: str) -> str:
    visit(driver, "/habits")
    for card in driver.find_elements(By.CSS_SELECTOR, ".habit-card"):
        if card.find_element(By.CSS_SELECTOR, ".habit-card__name").text == name:
            return card.get_attribute("data-habit")
    raise AssertionError(f"no habit {name}")


def names(driver) -> list[str]:
    visit(driver, "/habits")
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".habit-card__name")]


def test_past_days_archive_and_order_in_three_languages(walker, tmp_path):
    driver = walker.driver
    for lang in LANGUAGES:
        choose_language(driver, lang)
        import_history(driver, tmp_path, lang)
        read = habit_id(driver, f"Read {lang}")
        visit(driver, f"/habits/{read}")
        four_ago = device_day(driver, -4)

        # The heatmap's cell for a missed day opens its sheet (issue 48: 44-point controls, not an
        # 8-point toggle); Done there ticks it; the streak and the cell follow.
        cell = heatmap_cell(driver, four_ago)
        assert cell.get_attribute("aria-label").endswith(": " + text(lang, "habits.daySheet.none"))
        navigates(driver, lambda: press(driver, cell))
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-day-sheet")
        press(driver, sheet.find_element(By.XPATH, ".//input[@value='done']/ancestor::label"))
        navigates(driver, lambda: press(driver, sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]")))
        assert "heatmap__cell--tracked" in heatmap_cell(driver, four_ago).get_attribute("class")
        assert heatmap_cell(driver, four_ago).get_attribute("aria-label").endswith(": " + text(lang, "habits.daySheet.done"))
        assert day_button(driver, ".habit-days", four_ago).get_attribute("aria-pressed") == "true"
        best = driver.find_elements(By.CSS_SELECTOR, ".habit-stats .cell__value")[1].text
        assert best.startswith("3"), best
        assert not driver.find_elements(By.CSS_SELECTOR, f".heatmap a[data-day='{device_day(driver, 1)}']"), "no future day"
        assert driver.find_elements(By.CSS_SELECTOR, f".heatmap a[data-day='{device_day(driver, -6)}']"), "a day before the first import (issue 48)"
        walk_sizes(driver, f"habits-history-{lang}-details")

        # The Activity list's row: unticking asks first; Keep changes nothing, Undo unticks.
        press(driver, day_button(driver, ".habit-days", four_ago))
        dialog = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog[open]"))
        assert text(lang, "habits.day.undoTitle") in dialog.text
        if lang == "en":  # the shared alert, with this screen's words: one language is enough
            walk_sizes(driver, f"habits-history-{lang}-undo")
        navigates(driver, dialog.find_element(By.CSS_SELECTOR, "#alert-confirm").click)
        assert day_button(driver, ".habit-days", four_ago).get_attribute("aria-pressed") == "false"

        # Issue 48: the day's row opens its sheet (done, skipped, not done, a note) at every size;
        # skipped with a note, the row and the heatmap say so.
        navigates(driver, lambda: press(driver, driver.find_element(By.CSS_SELECTOR, f".habit-days a.habit-day__open[href$='on={four_ago}']")))
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-day-sheet")
        assert sheet.find_element(By.CSS_SELECTOR, "input[value=none]").is_selected()
        walk_sizes(driver, f"habits-history-{lang}-day-sheet")
        press(driver, sheet.find_element(By.XPATH, ".//input[@value='skipped']/ancestor::label"))
        sheet.find_element(By.ID, "field-note").send_keys("Rain, then sun")
        navigates(driver, lambda: press(driver, sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]")))
        row = driver.find_element(By.CSS_SELECTOR, f".habit-days .habit-day[data-day='{four_ago}']")
        assert row.find_element(By.CSS_SELECTOR, ".habit-day__skipped").text == text(lang, "habits.daySheet.skipped")
        assert row.find_element(By.CSS_SELECTOR, ".habit-day__note").text == "Rain, then sun"
        assert "heatmap__cell--skipped" in heatmap_cell(driver, four_ago).get_attribute("class")

        # Issue 48: Order, Archived, Import and Export are in the list's "…" menu, an action sheet.
        visit(driver, "/habits")
        navigates(driver, lambda: press(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a.nav-bar__action--more")))
        menu = driver.find_element(By.CSS_SELECTOR, ".action-menu[role=dialog]")
        assert [a.text for a in menu.find_elements(By.CSS_SELECTOR, "nav a")] == [
            text(lang, "habits.order.link"), text(lang, "habits.archive.link"), text(lang, "habits.import.action"), text(lang, "habits.action.export")]
        walk_sizes(driver, f"habits-history-{lang}-menu")
        navigates(driver, lambda: press(driver, menu.find_element(By.CSS_SELECTOR, "a[href='/habits/order']")))

        # Order and archive: the screens at every size, then archive and restore.
        walk_sizes(driver, f"habits-history-{lang}-order")
        archive = driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{read}'] .habits-arrange__text-button")
        navigates(driver, lambda: press(driver, archive))
        # Issue 48: a short word with Undo, at every size; Undo puts it back.
        banner = driver.find_element(By.CSS_SELECTOR, ".habits-banner[role=status]")
        assert banner.find_element(By.CSS_SELECTOR, ".habits-banner__text").text == text(lang, "habits.archive.banner", name=f"Read {lang}")
        walk_sizes(driver, f"habits-history-{lang}-archived-banner")
        navigates(driver, lambda: press(driver, banner.find_element(By.CSS_SELECTOR, ".habits-banner__undo")))
        assert path_of(driver) == "/habits/order" and not driver.find_elements(By.CSS_SELECTOR, ".habits-banner")
        assert f"Read {lang}" in names(driver)
        visit(driver, "/habits/order")
        navigates(driver, lambda: press(driver, driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{read}'] .habits-arrange__text-button")))
        assert f"Read {lang}" not in names(driver)
        visit(driver, "/habits/archived")
        walk_sizes(driver, f"habits-history-{lang}-archived")
        restore = driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{read}'] .habits-arrange__text-button")
        navigates(driver, lambda: press(driver, restore))
        assert path_of(driver) == f"/habits/archived?restored={read}"
        assert driver.find_element(By.CSS_SELECTOR, ".habits-banner__text").text == text(lang, "habits.archive.restoredBanner", name=f"Read {lang}")
        assert f"Read {lang}" in names(driver)


def in_english(driver) -> None:
    visit(driver, "/")
    if html_lang(driver) != "en":
        choose_language(driver, "en")


def outbox(driver) -> list[dict]:
    """The fields of every post queued offline (`js/outbox.js`'s IndexedDB store)."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const open = indexedDB.open('appdeck-outbox', 1);
        open.onsuccess = () => {
          const read = open.result.transaction('posts').objectStore('posts').getAll();
          read.onsuccess = () => done(read.result.map(entry => ({url: entry.url, ...entry.fields})));
        };
        open.onerror = () => done(null);
        """)


def test_a_past_day_changed_offline_replays_once(walker, tmp_path):
    """The server unreachable (the page's posts fail as a dropped connection does): a tap on
    yesterday's cell is queued with its day, drawn at once, and replayed once."""
    driver = walker.driver
    in_english(driver)
    import_history(driver, tmp_path, "outbox")
    read = habit_id(driver, "Read outbox")
    visit(driver, f"/habits/{read}")
    yesterday = device_day(driver, -1)
    driver.execute_script(
        "const real = window.fetch;"
        "window.fetch = (url, init) => init?.method === 'POST' ? Promise.reject(new TypeError('offline')) : real(url, init);"
        "window.offlineProbe = true;")
    press(driver, day_button(driver, ".habit-days", yesterday))
    wait(driver).until(lambda d: day_button(d, ".habit-days", yesterday).get_attribute("aria-pressed") == "true")
    assert "heatmap__cell--tracked" in heatmap_cell(driver, yesterday).get_attribute("class"), "the heatmap's cell follows"
    assert driver.execute_script("return window.offlineProbe === true"), "drawn in place: no plain post went out"
    # The post the page could not send reaches the server only through the outbox: the worker's
    # sync (the browser itself is online) or the next page load replays it, then forgets it.
    wait(driver).until(lambda d: outbox(d) == [])
    visit(driver, f"/habits/{read}")
    assert day_button(driver, ".habit-days", yesterday).get_attribute("aria-pressed") == "true"
    assert outbox(driver) == [], "sent once, not again"
    assert len(driver.find_elements(By.CSS_SELECTOR, ".habit-days button[aria-pressed=true]")) == 3


def test_reorder_by_drag_and_with_scripts_off(walker, tmp_path):
    """Drag on touch moves a habit; with scripts off Move up does, and an untick asks in the
    server's alert."""
    driver = walker.driver
    in_english(driver)
    import_history(driver, tmp_path, "off")
    before = names(driver)
    walk_id = habit_id(driver, "Walk off")

    # Drag by the handle (pointer events, as a finger's): Walk off up one place, and back down.
    visit(driver, "/habits/order")
    handle = driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{walk_id}'] .habits-arrange__handle")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", handle)
    height = handle.find_element(By.XPATH, "..").size["height"]
    navigates(driver, lambda: ActionChains(driver).click_and_hold(handle).move_by_offset(0, -height // 2)
              .move_by_offset(0, -height // 2).release().perform())
    dragged = names(driver)
    index = before.index("Walk off")
    assert dragged[index - 1] == "Walk off" and dragged[index] == before[index - 1], dragged
    visit(driver, "/habits/order")
    navigates(driver, lambda: press(driver, driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{walk_id}'] button[value=down]")))
    assert names(driver) == before

    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        visit(driver, "/habits/order")
        up = driver.find_element(By.CSS_SELECTOR, f"li[data-habit='{walk_id}'] button[value=up]")
        assert up.get_attribute("aria-label") == "Move “Walk off” up"
        navigates(driver, lambda: press(driver, up))
        assert path_of(driver).startswith("/habits/order")
        after = names(driver)
        index = before.index("Walk off")
        assert after[index - 1] == "Walk off" and after[index] == before[index - 1], after

        # A done past day unticked as a plain form: the server asks in its own alert.
        read = habit_id(driver, "Read off")
        visit(driver, f"/habits/{read}")
        three_ago = (datetime.date.fromisoformat(device_day(driver, 0)) - datetime.timedelta(days=3)).isoformat()
        row = day_button(driver, ".habit-days", three_ago)
        navigates(driver, lambda: press(driver, row))
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".alert__box button[type=submit]").click)
        assert day_button(driver, ".habit-days", three_ago).get_attribute("aria-pressed") == "false"
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
