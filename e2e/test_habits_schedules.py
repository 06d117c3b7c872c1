"""MyHabits' schedules (issue 38): a Loop export's "3 times in 7 days" habit, done Monday,
Wednesday and Friday of the last two weeks, keeps its streak; the sheet's schedule controls, chosen
and refused with what was typed kept; each screen at the ten sizes in en/ru/pl, axe clean at three."""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import navigates, plural, text, visit, wait, walk_sizes
from test_backup import confirm, import_file
from test_habits import choose_language
from test_habits_history import LANGUAGES, device_day, habit_id, press

LOOP_HEADER = ("Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
               "Target Type,Target Value,Archived?\r\n")


def done_days(driver) -> list[str]:
    """Monday, Wednesday and Friday of each of the two weeks before this one (the device's days)."""
    today = datetime.date.fromisoformat(device_day(driver, 0))
    monday = today - datetime.timedelta(days=today.isoweekday() - 1 + 14)
    return [(monday + datetime.timedelta(days=7 * week + offset)).isoformat() for week in (0, 1) for offset in (0, 2, 4)]


def loop_export(folder: Path, name: str, days: list[str]) -> Path:
    path = folder / f"loop-{name.replace(' ', '-')}.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("Habits.csv", LOOP_HEADER + f"001,{name},YES_NO,,,3,7,#1976D2,,AT_LEAST,0,false\r\n")
        archive.writestr(f"001 {name}/Checkmarks.csv", "".join(f"{day},YES_MANUAL,\r\n" for day in days))
    return path


def three_a_week(lang: str) -> str:
    return text(lang, "habits.schedule.timesAt", times=plural(lang, "habits.schedule.count", 3),
                period=text(lang, "habits.schedule.week"), time="8:00 AM" if lang == "en" else "08:00")


def stat(driver, index: int) -> str:
    return driver.find_elements(By.CSS_SELECTOR, ".habit-stats .cell__value")[index].text


def save(driver) -> None:
    form = driver.find_element(By.ID, "habit-form")
    navigates(driver, lambda: press(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]")))


def test_a_three_a_week_habit_keeps_its_streak_in_three_languages(walker, tmp_path):
    driver = walker.driver
    for lang in LANGUAGES:
        choose_language(driver, lang)
        name = f"Swim {lang}"
        days = done_days(driver)
        import_file(driver, loop_export(tmp_path, name, days))
        confirm(driver)
        habit = habit_id(driver, name)
        card = driver.find_element(By.CSS_SELECTOR, f".habit-card[data-habit='{habit}']")
        assert card.find_element(By.CSS_SELECTOR, ".habit-card__schedule").text == three_a_week(lang)

        # Six days done in two weeks, counted by Loop's rule (issue 48): each run of three in seven
        # days counts seven days, slid back to close gaps, so the Saturday before the first Monday
        # through last Sunday is one run of 16 days. It goes on today only if yesterday was in it.
        visit(driver, f"/habits/{habit}")
        assert driver.find_element(By.CSS_SELECTOR, ".habit-details__schedule").text == three_a_week(lang)
        monday = datetime.date.fromisoformat(device_day(driver, 0)).isoweekday() == 1
        assert stat(driver, 0).startswith("16" if monday else "0 "), stat(driver, 0)
        assert stat(driver, 1).startswith("16"), stat(driver, 1)
        walk_sizes(driver, f"habits-schedule-{lang}-details")

        # The sheet shows the schedule; switching to chosen weekdays shows their buttons.
        visit(driver, f"/habits/{habit}/edit")
        assert driver.find_element(By.CSS_SELECTOR, "input[name=frequency][value=times]").is_selected()
        assert driver.find_element(By.CSS_SELECTOR, "input[name=times]").get_attribute("value") == "3"
        assert driver.find_element(By.CSS_SELECTOR, "input[name=days]").get_attribute("value") == "7"
        assert not driver.find_element(By.CSS_SELECTOR, ".habit-schedule__weekdays").is_displayed()
        walk_sizes(driver, f"habits-schedule-{lang}-sheet")
        # Chosen from the keyboard (a space on the focused control), as VoiceOver's double tap does.
        driver.find_element(By.CSS_SELECTOR, "input[name=frequency][value=weekdays]").send_keys(Keys.SPACE)
        assert driver.find_element(By.CSS_SELECTOR, ".habit-schedule__weekdays").is_displayed()
        assert not driver.find_element(By.CSS_SELECTOR, ".habit-schedule__times").is_displayed()
        save(driver)
        refused = driver.find_element(By.ID, "error-schedule")
        assert refused.text == text(lang, "habits.error.weekdays")
        walk_sizes(driver, f"habits-schedule-{lang}-refused")
        for weekday in (1, 5):
            box = driver.find_element(By.CSS_SELECTOR, f"input[name=weekday{weekday}]")
            box.send_keys(Keys.SPACE)
            assert box.is_selected()
        save(driver)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".habit-details__schedule"))
        first, last = (text(lang, f"habits.weekday.short.{n}") for n in (1, 5))
        assert driver.find_element(By.CSS_SELECTOR, ".habit-details__schedule").text.startswith(
            f"{first}{text(lang, 'habits.weekday.separator')}{last}")
