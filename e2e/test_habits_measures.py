"""MyHabits' measurable habits (issue 48): a habit made as a number with a unit and a target, a day's
value typed with the language's decimal separator on the day's sheet, shown on the card as "3,5 / 5 km"
and in Activity; a refused number keeps what was typed. Each screen at the ten sizes in en/ru/pl, axe
clean and screenshots at three."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from helpers import navigates, path_of, text, visit, wait, walk_sizes
from test_habits import cards, choose_language, fill_habit, open_habits, submit_habit
from test_habits_history import LANGUAGES, press

#: What a person types on each page, with its language's separator, and what the card then says.
VALUES = {"en": ("3.5", "3.5 / 5 km"), "ru": ("3,5", "3,5 / 5 km"), "pl": ("3,5", "3,5 / 5 km")}
MET = {"en": ("6.25", "6.25 / 5 km"), "ru": ("6,25", "6,25 / 5 km"), "pl": ("6,25", "6,25 / 5 km")}


def new_number_habit(driver, lang: str, name: str) -> None:
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a[href='/habits/new']").click)
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
    unit = sheet.find_element(By.ID, "field-unit")
    assert not unit.is_displayed(), "a yes/no habit asks for no unit"
    press(driver, sheet.find_element(By.XPATH, ".//input[@name='kind'][@value='number']/ancestor::label"))
    assert unit.is_displayed()
    walk_sizes(driver, f"habits-measure-{lang}-new")
    fill_habit(driver, name, "#34c759", "07:00")
    unit.send_keys("km")
    target = sheet.find_element(By.ID, "field-target")
    assert target.get_attribute("inputmode") == "decimal"
    target.send_keys("0")
    submit_habit(driver)
    # "At least 0" is met by doing nothing: refused, what was typed kept.
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
    assert sheet.find_element(By.ID, "error-target").text == text(lang, "habits.error.target", example="2.5" if lang == "en" else "2,5")
    assert sheet.find_element(By.ID, "field-name").get_attribute("value") == name
    assert sheet.find_element(By.ID, "field-unit").get_attribute("value") == "km"
    target = sheet.find_element(By.ID, "field-target")
    target.clear()
    target.send_keys("5")
    submit_habit(driver)
    assert path_of(driver) == "/habits"


def card_of(driver, name: str) -> dict:
    return next(card for card in cards(driver) if card["name"] == name)


def enter_value(driver, typed: str) -> None:
    sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-day-sheet")
    field = sheet.find_element(By.ID, "field-value")
    assert field.get_attribute("inputmode") == "decimal"
    field.clear()
    field.send_keys(typed)
    navigates(driver, lambda: press(driver, sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]")))


def test_a_measurable_habit_in_three_languages(walker):
    driver = walker.driver
    for lang in LANGUAGES:
        choose_language(driver, lang)
        open_habits(driver)
        name = f"Run {lang}"
        new_number_habit(driver, lang, name)
        card = card_of(driver, name)
        assert card["counter"] == "0 / 5 km"
        walk_sizes(driver, f"habits-measure-{lang}-list")

        # The card's circle opens today's sheet for the number (no tick: a number is typed).
        value_link = driver.find_element(By.CSS_SELECTOR, f".habit-card[data-habit='{card['id']}'] a.habit-track__circle--value")
        assert value_link.get_attribute("aria-label") == text(lang, "habits.track.enterValue", name=name)
        navigates(driver, lambda: press(driver, value_link))
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-day-sheet")
        assert sheet.find_element(By.CSS_SELECTOR, "label[for=field-value]").text == text(lang, "habits.daySheet.valueIn", unit="km")
        walk_sizes(driver, f"habits-measure-{lang}-day-sheet")

        # A number that is not one: refused on the sheet, as typed, with the page's message.
        enter_value(driver, "3..5")
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-day-sheet")
        assert sheet.find_element(By.ID, "field-value").get_attribute("value") == "3..5"
        assert sheet.find_element(By.ID, "error-value").text.startswith(text(lang, "habits.error.value", example="X").split("X")[0])
        enter_value(driver, VALUES[lang][0])

        visit(driver, "/habits")
        card = card_of(driver, name)
        assert card["counter"] == VALUES[lang][1]
        assert not driver.find_elements(By.CSS_SELECTOR, f".habit-card[data-habit='{card['id']}'] a[data-done]"), "3.5 of 5: not met"
        navigates(driver, lambda: press(driver, driver.find_element(
            By.CSS_SELECTOR, f".habit-card[data-habit='{card['id']}'] a.habit-track__circle--value")))
        assert driver.find_element(By.ID, "field-value").get_attribute("value") == VALUES[lang][0], "the stored value, as the language writes it"
        enter_value(driver, MET[lang][0])
        visit(driver, "/habits")
        assert card_of(driver, name)["counter"] == MET[lang][1]
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, f".habit-card[data-habit='{card['id']}'] a[data-done]"))

        # The details: the target in words, the day's number in Activity, today done.
        visit(driver, f"/habits/{card['id']}")
        assert driver.find_element(By.CSS_SELECTOR, ".habit-details__target").text.replace("\u00a0", " ").startswith(
            text(lang, "habits.targetKind.atLeast"))
        today = driver.find_elements(By.CSS_SELECTOR, ".habit-days .habit-day")[0]
        assert today.find_element(By.CSS_SELECTOR, ".habit-day__value").text == MET[lang][0] + " km"
        assert not today.find_elements(By.CSS_SELECTOR, "button"), "a number's day has no tick"
        assert today.find_elements(By.CSS_SELECTOR, ".habit-day__check"), "6.25 meets 5: done"
        walk_sizes(driver, f"habits-measure-{lang}-details")

        # The edit sheet keeps the kind (no yes/no choice) and reads a target in the page's language.
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__action").click)
        sheet = driver.find_element(By.CSS_SELECTOR, "div.habit-sheet")
        assert not sheet.find_elements(By.CSS_SELECTOR, "input[type=radio][name=kind]")
        target = sheet.find_element(By.ID, "field-target")
        assert target.get_attribute("value") == "5"
        walk_sizes(driver, f"habits-measure-{lang}-edit")
        target.clear()
        target.send_keys("6.5" if lang == "en" else "6,5")
        submit_habit(driver)
        assert driver.find_element(By.CSS_SELECTOR, ".habit-details__target").text.replace("\u00a0", " ").startswith(
            text(lang, "habits.targetKind.atLeast") + " " + ("6.5" if lang == "en" else "6,5"))
        today = driver.find_elements(By.CSS_SELECTOR, ".habit-days .habit-day")[0]
        assert not today.find_elements(By.CSS_SELECTOR, ".habit-day__check"), "6.25 no longer meets 6.5"
