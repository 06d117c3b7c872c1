"""The web shell: home screen, 404 page, language switcher."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import (add_car, car_cell, cars_on_screen, check_screen, html_lang, http_get, navigates,
                     path_of, text, texts, visit, wait)

#: The home screen's apps, in order, and where each tile leads.
APPS = ["cars", "threadSafeArray", "layouts", "split", "stories", "photos", "github", "habits"]
AVAILABLE = {"cars": "/cars", "threadSafeArray": "/thread-safe-array", "layouts": "/layouts", "split": "/split",
             "stories": "/stories", "photos": "/photos", "github": "/github", "habits": "/habits"}
#: Each tile's name, in its app's own strings.
NAME = {app: f"{ {'threadSafeArray': 'tsa'}.get(app, app) }.tileName" for app in APPS}


def test_home_screen_shows_the_apps_in_order(driver):
    visit(driver, "/")
    tiles = driver.find_elements(By.CSS_SELECTOR, "li.home__tile")
    assert [t.get_attribute("data-app") for t in tiles] == APPS
    assert [t.find_element(By.CSS_SELECTOR, ".home__name").text for t in tiles] == \
        [text("en", NAME[app]) for app in APPS]
    assert [t.find_element(By.CSS_SELECTOR, ".home__name").text for t in tiles][:8] == [
        "Cars", "Array", "Layouts", "Split View", "Stories", "Photos", "GitHub", "MyHabits"]

    for tile in tiles:
        app = tile.get_attribute("data-app")
        links = tile.find_elements(By.CSS_SELECTOR, "a")
        assert len(links) == 1 and links[0].get_attribute("href").endswith(AVAILABLE[app]), app
    check_screen(driver, "home")

    # The Cars tile opens the Cars app, whose back button returns home.
    cars = driver.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=cars] a")
    navigates(driver, cars.click)
    assert path_of(driver) == "/cars"
    back = driver.find_element(By.CSS_SELECTOR, "header.nav-bar a.nav-bar__back")
    navigates(driver, back.click)
    assert path_of(driver) == "/"


def test_not_found_page_is_inside_the_shell(driver, server):
    status, headers, body = http_get(server.url + "/no-such-page")
    assert status == 404
    assert headers.get_content_type() == "text/html"
    assert 'class="nav-bar"' in body

    visit(driver, "/no-such-page")
    nav = driver.find_elements(By.CSS_SELECTOR, "header.nav-bar")
    assert nav and nav[0].is_displayed(), "the 404 page has no navigation bar"
    page = driver.find_element(By.TAG_NAME, "main").text
    assert text("en", "shell.error.404.title") in page
    assert text("en", "shell.error.404.message") in page
    check_screen(driver, "not-found", allow_status=(404,))

    # A way back home from the error page.
    home = driver.find_elements(By.CSS_SELECTOR, "a[href='/']")
    assert home, "the 404 page offers no link home"
    navigates(driver, home[0].click)
    assert path_of(driver) == "/"


def _choose_language(driver, language: str) -> None:
    select = driver.find_element(By.CSS_SELECTOR, "form.language-switcher select#language")
    # The script submits the form as soon as a language is picked: no Apply click needed.
    navigates(driver, lambda: Select(select).select_by_value(language))


def test_language_switch_to_russian_is_remembered_per_device(browser):
    profile = browser.new_profile_dir()
    first = browser(profile)
    visit(first, "/")
    assert html_lang(first) == "en"
    options = [o.get_attribute("value") for o in
               first.find_elements(By.CSS_SELECTOR, "select#language option")]
    assert options == ["auto", "en", "ru", "pl"]
    add_car(first, "Лада", "Нива", "suv", 1977, "А123ВС")

    visit(first, "/")
    _choose_language(first, "ru")
    assert path_of(first) == "/"
    assert html_lang(first) == "ru"
    assert Select(first.find_element(By.ID, "language")).first_selected_option.get_attribute("value") == "ru"
    names = texts(first, "li.home__tile .home__name")
    assert names == [text("ru", NAME[app]) for app in APPS]
    check_screen(first, "home-ru")

    visit(first, "/cars")
    assert html_lang(first) == "ru"
    assert cars_on_screen(first) == [car_cell("ru", "Лада", "Нива", "suv", 1977, "А123ВС")]
    # The cell's subtitle is in Russian: the body's name, then the year and the number.
    assert cars_on_screen(first)[0] == ("Лада Нива", "Внедорожник · 1977 · А123ВС")
    check_screen(first, "cars-ru")

    # A later visit from the same profile (the browser closed and opened again) stays Russian.
    browser.quit(first)
    again = browser(profile)
    visit(again, "/cars")
    assert html_lang(again) == "ru"
    assert cars_on_screen(again)[0][1].startswith("Внедорожник · ")
    visit(again, "/")
    assert Select(again.find_element(By.ID, "language")).first_selected_option.get_attribute("value") == "ru"

    # Another profile is another device: English from Accept-Language, and none of the cars.
    other = browser()
    visit(other, "/")
    assert html_lang(other) == "en"
    assert Select(other.find_element(By.ID, "language")).first_selected_option.get_attribute("value") == "auto"
    visit(other, "/cars")
    assert html_lang(other) == "en"
    assert cars_on_screen(other) == []

    # Back to automatic in the first profile: English again.
    visit(again, "/")
    _choose_language(again, "auto")
    assert html_lang(again) == "en"
    wait(again).until(lambda d: d.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=cars] .home__name").text
                      == text("en", NAME["cars"]))


def test_a_first_screen_fetches_its_scripts_after_its_stylesheet(driver):
    """A typed address is a first screen (issue 47): beside its stylesheet it fetches the shell's
    script only, which imports the others once the stylesheet is in; they still run (the back item
    measured by navigation-bar.js)."""
    visit(driver, "/cars")
    wait(driver).until(lambda d: d.execute_script("return document.querySelector('header.nav-bar').dataset.backForm"))
    # Cars has its own stylesheet (issue 50), linked as one file with the shell's: `app+cars.css`.
    timing = driver.execute_script("""
        const entries = performance.getEntriesByType('resource');
        const links = [...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.href);
        const stylesheet = entries.find((entry) => entry.name === links[0]);
        const later = entries.filter((entry) => /\\/js\\/(navigation-bar|transitions)\\.js$/.test(entry.name));
        return {links, stylesheetEnd: stylesheet.responseEnd, laterStarts: later.map((entry) => entry.startTime)};
    """)
    assert len(timing["links"]) == 1 and timing["links"][0].endswith("/css/app+cars.css"), timing["links"]
    assert len(timing["laterStarts"]) == 2
    assert min(timing["laterStarts"]) >= timing["stylesheetEnd"]
