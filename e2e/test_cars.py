"""Cars on the web (CARS-1..5): list, add sheet, validation, filter, the edit sheet and delete (issue 50).

The list is one inset grouped section of subtitle cells (issue 50): "Toyota Camry" over "Sedan · 2015 ·
A123BC" and a chevron; a cell opens the car's edit sheet, which saves it or deletes it."""

from __future__ import annotations

import datetime

from conftest import ALL_VIEWPORTS, apply_viewport

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from helpers import (add_car, car_cell, car_sections, cars_on_screen, check_screen,
                     fill_sheet, html_lang, navigates, open_add_sheet, path_of, plural, submit_sheet, text, texts,
                     visit, wait, walk_sizes)
from layout_metrics import choose_language

LANGUAGES = ["en", "ru", "pl"]
#: Screenshots and axe at these three; overflow checked at all ten.


def open_car(driver, title: str) -> None:
    """Taps the cell titled `title`: its edit sheet opens over the list."""
    cell = next(c for c in car_sections(driver) if c.find_element(By.CSS_SELECTOR, ".car__title").text == title)
    link = cell.find_element(By.CSS_SELECTOR, "a.car__link")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    navigates(driver, link.click)
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "div.sheet")))


def sheet_delete(driver):
    return driver.find_element(By.CSS_SELECTOR, "div.sheet form.car-delete button.car-delete__button")


def _segments(driver) -> list[tuple[str, bool]]:
    return [(a.text.strip(), "is-selected" in a.get_attribute("class").split())
            for a in driver.find_elements(By.CSS_SELECTOR, "nav.segmented a.segmented__item")]


def test_empty_list_invites_to_add(driver):
    visit(driver, "/cars")
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == text("en", "cars.title")
    assert car_sections(driver) == []
    assert driver.find_elements(By.CSS_SELECTOR, "nav.segmented") == [], "a filter with nothing to filter"
    empty = driver.find_element(By.CSS_SELECTOR, "main .empty-state")
    assert text("en", "cars.empty.title") in empty.text
    assert text("en", "cars.empty.message") in empty.text
    plus = driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__trailing a[href='/cars/new']")
    assert plus.get_attribute("aria-label") == text("en", "cars.action.add")
    check_screen(driver, "cars-empty")


def test_add_cars_through_the_sheet(driver):
    visit(driver, "/cars")
    open_add_sheet(driver)
    sheet = driver.find_element(By.CSS_SELECTOR, "div.sheet")
    assert sheet.find_element(By.CSS_SELECTOR, ".sheet__title").text == text("en", "cars.sheet.title")
    labels = texts(driver, "div.sheet label.form-cell__label")
    assert labels == [text("en", f"cars.field.{f}") for f in
                      ("manufacturer", "model", "body", "yearOfIssue", "carNumber")]
    # The first field has the focus, ready to type.
    assert driver.switch_to.active_element.get_attribute("id") == "field-manufacturer"
    check_screen(driver, "cars-sheet")

    fill_sheet(driver, "Toyota", "Camry", "sedan", 2015, "A123BC")
    submit_sheet(driver)
    assert path_of(driver) == "/cars"
    assert cars_on_screen(driver) == [car_cell("en", "Toyota", "Camry", "sedan", 2015, "A123BC")]
    assert cars_on_screen(driver)[0] == ("Toyota Camry", "Sedan · 2015 · A123BC")

    # Another body, no year, no number: the year as "-", and no number at all.
    add_car(driver, "Lada", "Niva", "suv")
    cars = cars_on_screen(driver)
    assert cars == [car_cell("en", "Toyota", "Camry", "sedan", 2015, "A123BC"), car_cell("en", "Lada", "Niva", "suv")]
    assert cars[1] == ("Lada Niva", "SUV · -")
    # Each cell is one link, named by what it shows, with a chevron drawn after it.
    link = car_sections(driver)[1].find_element(By.CSS_SELECTOR, "a.car__link")
    assert link.accessible_name == "Lada Niva SUV · -"
    assert driver.execute_script("return getComputedStyle(arguments[0], '::after').transform", link) != "none"
    check_screen(driver, "cars-list")


def test_filter_by_body_with_the_segmented_control(driver):
    visit(driver, "/cars")
    add_car(driver, "Toyota", "Camry", "sedan", 2015)
    add_car(driver, "Volkswagen", "Golf", "hatchback", 2019, "B 456-CD")
    add_car(driver, "BMW", "M3", "sedan")
    assert len(car_sections(driver)) == 3

    all_label = text("en", "cars.filter.all")
    sedan, hatchback = text("en", "cars.body.sedan"), text("en", "cars.body.hatchback")
    segments = _segments(driver)
    assert segments[0] == (all_label, True)
    assert sorted(label for label, _ in segments[1:]) == sorted([sedan, hatchback]), \
        "the filter offers All plus each body type present"

    def choose(label: str) -> None:
        link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "nav.segmented a.segmented__item")
                    if a.text.strip() == label)
        navigates(driver, link.click)
        assert [l for l, selected in _segments(driver) if selected] == [label]
        selected = driver.find_element(By.CSS_SELECTOR, "nav.segmented a.segmented__item.is-selected")
        assert selected.get_attribute("aria-current") in ("true", "page")

    choose(hatchback)
    assert path_of(driver) == "/cars?body=hatchback"
    assert cars_on_screen(driver) == [car_cell("en", "Volkswagen", "Golf", "hatchback", 2019, "B 456-CD")]
    check_screen(driver, "cars-filtered")

    choose(sedan)
    assert path_of(driver) == "/cars?body=sedan"
    shown = cars_on_screen(driver)
    assert len(shown) == 2
    assert all(subtitle.startswith(sedan + " · ") for _, subtitle in shown)
    assert sorted(title for title, _ in shown) == ["BMW M3", "Toyota Camry"]

    choose(all_label)
    assert path_of(driver) == "/cars"
    assert len(cars_on_screen(driver)) == 3


def test_invalid_year_shows_its_error_and_keeps_what_was_typed(driver):
    visit(driver, "/cars")
    open_add_sheet(driver)
    typed = {"manufacturer": "Škoda", "model": "Octavia «RS»", "body": "wagon", "year": "1700", "number": "X 77-AB"}
    fill_sheet(driver, typed["manufacturer"], typed["model"], typed["body"], typed["year"], typed["number"])
    submit_sheet(driver)

    # Still on the sheet, nothing added.
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "div.sheet")))
    year_error = driver.find_element(By.CSS_SELECTOR, "p.form-cell__error#error-yearOfIssue")
    assert year_error.is_displayed()
    now = datetime.date.today().year
    assert year_error.text in {text("en", "cars.error.yearRange", min=1886, max=year + 1) for year in (now - 1, now)}
    assert [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "p.form-cell__error")] == \
        ["error-yearOfIssue"], "only the year is wrong"
    assert texts(driver, "div.sheet .form-summary") == [plural("en", "cars.sheet.errorSummary", 1)]

    # The error sits at its field: right under the year cell, linked for screen readers.
    year = driver.find_element(By.ID, "field-yearOfIssue")
    assert year.get_attribute("aria-invalid") == "true"
    assert "error-yearOfIssue" in (year.get_attribute("aria-describedby") or "").split()
    cell_bottom, error_top, number_top = driver.execute_script(
        """
        const [year, error] = arguments;
        return [year.closest('.form-cell').getBoundingClientRect().bottom, error.getBoundingClientRect().top,
                document.getElementById('field-carNumber').closest('.form-cell').getBoundingClientRect().top];
        """, year, year_error)
    assert cell_bottom - 1 <= error_top < number_top, \
        f"the year's error is not between the year cell and the next one: {(cell_bottom, error_top, number_top)}"

    # Every field keeps what was typed.
    assert driver.find_element(By.ID, "field-manufacturer").get_attribute("value") == typed["manufacturer"]
    assert driver.find_element(By.ID, "field-model").get_attribute("value") == typed["model"]
    assert Select(driver.find_element(By.ID, "field-body")).first_selected_option.get_attribute("value") == typed["body"]
    assert year.get_attribute("value") == typed["year"]
    assert driver.find_element(By.ID, "field-carNumber").get_attribute("value") == typed["number"]
    check_screen(driver, "cars-sheet-error", allow_status=(422,))

    # Correcting the year saves the car with everything else as typed.
    year.clear()
    year.send_keys("2017")
    submit_sheet(driver)
    assert path_of(driver) == "/cars"
    assert cars_on_screen(driver) == [car_cell("en", "Škoda", "Octavia «RS»", "wagon", 2017, "X 77-AB")]


def test_empty_sheet_shows_required_errors(driver):
    visit(driver, "/cars")
    open_add_sheet(driver)
    submit_sheet(driver)
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "div.sheet")))
    errors = {e.get_attribute("id"): e.text for e in driver.find_elements(By.CSS_SELECTOR, "p.form-cell__error")}
    required = text("en", "cars.error.required")
    assert errors == {"error-manufacturer": required, "error-model": required, "error-body": required}
    assert texts(driver, "div.sheet .form-summary") == [plural("en", "cars.sheet.errorSummary", 3)]
    for field in ("manufacturer", "model", "body"):
        assert driver.find_element(By.ID, f"field-{field}").get_attribute("aria-invalid") == "true", field
    assert driver.switch_to.active_element.get_attribute("id") == "field-manufacturer", \
        "the first invalid field gets the focus"
    check_screen(driver, "cars-sheet-required", allow_status=(422,))


def test_delete_a_car_from_its_sheet_through_the_alert(driver):
    visit(driver, "/cars")
    add_car(driver, "Toyota", "Camry", "sedan", 2015, "A123BC")
    add_car(driver, "Lada", "Niva", "suv")
    assert len(car_sections(driver)) == 2

    open_car(driver, "Lada Niva")
    alert = driver.find_element(By.ID, "alert")
    delete = sheet_delete(driver)
    assert delete.text == text("en", "cars.action.deleteInSheet")

    # Cancel keeps the car, and the sheet.
    delete.click()
    wait(driver).until(lambda d: alert.get_attribute("open") is not None)
    assert driver.find_element(By.ID, "alert-title").text == text("en", "cars.delete.title")
    assert "Lada Niva" in driver.find_element(By.ID, "alert-message").text
    confirm = driver.find_element(By.ID, "alert-confirm")
    assert confirm.is_displayed() and confirm.text == text("en", "shell.action.delete")
    check_screen(driver, "cars-delete-alert")
    driver.find_element(By.ID, "alert-cancel").click()
    wait(driver).until(lambda d: alert.get_attribute("open") is None)
    assert driver.find_elements(By.CSS_SELECTOR, "div.sheet")
    assert len(car_sections(driver)) == 2

    # Confirm deletes exactly that car and goes back to the list.
    sheet_delete(driver).click()
    wait(driver).until(lambda d: alert.get_attribute("open") is not None)
    navigates(driver, driver.find_element(By.ID, "alert-confirm").click)
    assert path_of(driver) == "/cars"
    assert cars_on_screen(driver) == [car_cell("en", "Toyota", "Camry", "sedan", 2015, "A123BC")]

    # And the last one: the empty state comes back.
    open_car(driver, "Toyota Camry")
    sheet_delete(driver).click()
    wait(driver).until(lambda d: d.find_element(By.ID, "alert").get_attribute("open") is not None)
    navigates(driver, driver.find_element(By.ID, "alert-confirm").click)
    assert car_sections(driver) == []
    assert driver.find_elements(By.CSS_SELECTOR, "main .empty-state")


def swipe_left(driver, element, distance: int) -> None:
    """A finger on `element`'s middle, moved `distance` px to the left and lifted, as touch input
    (DevTools' Input.dispatchTouchEvent), so the page sees pointer events of type touch."""
    box = driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center'}); const r = arguments[0].getBoundingClientRect();"
        "return [r.left + r.width * 0.75, r.top + r.height / 2];", element)
    x, y = box
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - distance * step / 10, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_swipe_left_on_touch_reveals_delete_which_deletes_in_place(driver):
    """Issue 50's extra: a car's cell swiped left shows Delete; a short swipe springs back; a tap
    on Delete removes the car without leaving the list."""
    visit(driver, "/cars")
    add_car(driver, "Toyota", "Camry", "sedan", 2015, "A123BC")
    add_car(driver, "Lada", "Niva", "suv")
    lada = next(c for c in car_sections(driver) if c.find_element(By.CSS_SELECTOR, ".car__title").text == "Lada Niva")

    swipe_left(driver, lada, 20)
    wait(driver).until(lambda d: not lada.find_elements(By.CSS_SELECTOR, ".car__swipe-delete"))
    assert path_of(driver) == "/cars", "a short swipe is no tap"

    swipe_left(driver, lada, 120)
    delete = wait(driver).until(lambda d: lada.find_element(By.CSS_SELECTOR, ".car__swipe-delete"))
    wait(driver).until(lambda d: delete.get_attribute("offsetWidth") and int(delete.get_attribute("offsetWidth")) == 88)
    assert delete.text == text("en", "shell.action.delete")
    # The cell has moved off the button: Delete is what a finger there reaches.
    reached = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)"
        " === arguments[0];", delete)
    assert reached, "Delete is covered by the cell"
    check_screen(driver, f"cars-swipe-delete-{driver.appdeck_viewport}" if hasattr(driver, "appdeck_viewport") else "cars-swipe-delete")
    delete.click()
    wait(driver).until(lambda d: len(car_sections(d)) == 1)
    assert path_of(driver) == "/cars", "deleted in place"
    visit(driver, "/cars")
    assert cars_on_screen(driver) == [car_cell("en", "Toyota", "Camry", "sedan", 2015, "A123BC")]


def _post_cars(driver, count: int, body: str = "coupe") -> None:
    """Adds `count` cars through the same form post the sheet makes, from the page (fast): past the
    device's write burst (200) the server answers 429 with Retry-After, and the script waits that long."""
    previous = driver.timeouts.script
    driver.set_script_timeout(180)  # cars past the burst come one a second
    try:
        status = driver.execute_async_script(
        """
        const [count, body, done] = arguments;
        const token = document.querySelector('input[name="_csrf"]')?.value
          ?? fetch('/').then(r => r.text()).then(t => /name="_csrf" value="([0-9a-f]+)"/.exec(t)[1]);
        (async () => {
          const csrf = await token;
          for (let n = 1; n <= count; n++) {
            const r = await fetch('/cars', { method: 'POST', redirect: 'manual', body: new URLSearchParams(
              { _csrf: csrf, manufacturer: `Maker${n}`, model: 'M', body, yearOfIssue: '', carNumber: '' }) });
            if (r.status === 429) {  // past the device's write burst: wait as told, then the same car again
              await new Promise(resolve => setTimeout(resolve, 1000 * Number(r.headers.get('Retry-After') || 1)));
              n--;
              continue;
            }
            if (r.type !== 'opaqueredirect' && !r.ok) return done(r.status);
          }
          done(303);
        })();
        """, count, body)
    finally:
        driver.set_script_timeout(previous)
    assert status == 303


def test_show_more_reaches_every_car_and_delete_asks_on_a_later_page(driver):
    """Issue 34: a request shows at most 200 cars; "Show More" goes on after the last one shown,
    without a script too, and a car deleted from its sheet on a later page is asked about and the
    page stays (issue 50)."""
    visit(driver, "/cars")
    _post_cars(driver, 205)  # past the write burst of 200, by as few as a later page needs
    # Seeding past the write burst may be answered 429 (and waited out); such lines in the
    # browser's console belong to the seeding, not to any screen the test then checks.
    driver.get_log("browser")
    visit(driver, "/cars")
    seen: list[str] = []
    pages = 0
    while True:
        shown = [title for title, _ in cars_on_screen(driver)]
        assert len(shown) <= 200
        seen += [maker for maker in shown if maker not in seen]
        pages += 1
        more = driver.find_elements(By.CSS_SELECTOR, ".cars__more-action a.button[href*='limit='], .cars__more-action a.button[href*='after=']")
        if not more:
            break
        navigates(driver, more[-1].click)
    assert seen == [f"Maker{n} M" for n in range(1, 206)]
    assert pages == 5, "50, 100, 150, 200 rows, then the 5 after the 200th car"
    assert "after=" in path_of(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".cars__start a.button").text == text("en", "cars.list.fromStart")
    check_screen(driver, "cars-after-cursor")

    # Delete the second car of this page from its sheet: the question names it, and the page stays.
    page = path_of(driver)
    assert cars_on_screen(driver)[0][0] == "Maker201 M"
    open_car(driver, "Maker202 M")
    assert path_of(driver).split("?")[1] == page.split("?")[1], "the sheet opens over the same page"
    alert = driver.find_element(By.ID, "alert")
    sheet_delete(driver).click()
    wait(driver).until(lambda d: alert.get_attribute("open") is not None)
    assert "Maker202 M" in driver.find_element(By.ID, "alert-message").text
    navigates(driver, driver.find_element(By.ID, "alert-confirm").click)
    assert path_of(driver) == page
    makers = [title for title, _ in cars_on_screen(driver)]
    assert "Maker202 M" not in makers and makers[0] == "Maker201 M" and len(makers) == 4
    assert driver.find_elements(By.CSS_SELECTOR, 'input[name="_csrf"]') == [], "a list has no form"




def test_edit_a_car_at_every_size_in_three_languages(walker):
    """Issue 50: the list's cells fit four cars on a 320x568 screen; a cell opens the car's sheet,
    filled; a refused edit keeps what was typed with the add sheet's messages; saving changes the
    car in place; Delete in the sheet asks first. At the ten sizes in en/ru/pl, axe clean at three."""
    driver = walker.driver
    next_year = datetime.date.today().year + 1
    for lang in LANGUAGES:
        choose_language(driver, lang)
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        visit(driver, "/cars")
        assert html_lang(driver) == lang
        for _ in car_sections(driver):  # the previous language's cars
            open_car(driver, car_sections(driver)[0].find_element(By.CSS_SELECTOR, ".car__title").text)
            sheet_delete(driver).click()
            wait(driver).until(lambda d: d.find_element(By.ID, "alert").get_attribute("open") is not None)
            navigates(driver, driver.find_element(By.ID, "alert-confirm").click)
        add_car(driver, "Toyota", "Camry", "sedan", 2015, "A123BC")
        add_car(driver, "Lada", "Niva", "suv")
        add_car(driver, "Volkswagen", "Golf", "sedan", 2019, "B 456-CD")
        add_car(driver, "Škoda", "Octavia", "suv", 2021)
        assert cars_on_screen(driver)[0] == car_cell(lang, "Toyota", "Camry", "sedan", 2015, "A123BC")

        # About four cars a screen at 320x568, under the large title and the filter.
        apply_viewport(driver, ALL_VIEWPORTS["se"])
        wait(driver).until(lambda d: d.execute_script("return innerWidth") == 320)
        driver.execute_script("scrollTo(0, 0)")
        bottom, height = driver.execute_script(
            "const cells = document.querySelectorAll('main li.car');"
            "return [cells[3].getBoundingClientRect().bottom, innerHeight];")
        assert bottom <= height, f"the fourth car ends at {bottom} on a {height}-point screen ({lang})"
        walk_sizes(driver, f"cars-cells-{lang}")

        # A cell opens the car's sheet, filled, with its fields named.
        open_car(driver, "Toyota Camry")
        assert path_of(driver).startswith("/cars/") and "/edit" in path_of(driver)
        sheet = driver.find_element(By.CSS_SELECTOR, "div.sheet")
        assert texts(driver, "div.sheet label.form-cell__label") == [
            text(lang, f"cars.field.{f}") for f in ("manufacturer", "model", "body", "yearOfIssue", "carNumber")]
        if lang == "ru":
            assert "Госномер" in texts(driver, "div.sheet label.form-cell__label")
        assert driver.find_element(By.ID, "field-model").get_attribute("value") == "Camry"
        assert Select(driver.find_element(By.ID, "field-body")).first_selected_option.get_attribute("value") == "sedan"
        assert sheet.find_element(By.CSS_SELECTOR, ".sheet__bar button[type=submit]").text == text(lang, "cars.action.saveChanges")
        assert sheet_delete(driver).text == text(lang, "cars.action.deleteInSheet")
        walk_sizes(driver, f"cars-edit-{lang}")

        # A refused edit: the add sheet's message at the year, everything typed kept.
        fill_sheet(driver, "Toyota", "Camry Hybrid", "wagon", "1700", "A123BC")
        submit_sheet(driver)
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "div.sheet")))
        assert texts(driver, "p.form-cell__error") == [text(lang, "cars.error.yearRange", min=1886, max=next_year)]
        assert driver.find_element(By.ID, "field-model").get_attribute("value") == "Camry Hybrid"
        assert driver.find_element(By.ID, "field-yearOfIssue").get_attribute("value") == "1700"
        assert Select(driver.find_element(By.ID, "field-body")).first_selected_option.get_attribute("value") == "wagon"
        walk_sizes(driver, f"cars-edit-error-{lang}")

        # Corrected, it is saved in place: same row, new values.
        year = driver.find_element(By.ID, "field-yearOfIssue")
        year.clear()
        submit_sheet(driver)
        assert path_of(driver) == "/cars"
        assert cars_on_screen(driver)[0] == car_cell(lang, "Toyota", "Camry Hybrid", "wagon", None, "A123BC")
        assert len(cars_on_screen(driver)) == 4

        # Delete in the sheet asks first, in the page's language.
        open_car(driver, "Toyota Camry Hybrid")
        sheet_delete(driver).click()
        wait(driver).until(lambda d: d.find_element(By.ID, "alert").get_attribute("open") is not None)
        assert driver.find_element(By.ID, "alert-title").text == text(lang, "cars.delete.title")
        assert "Toyota Camry Hybrid" in driver.find_element(By.ID, "alert-message").text
        walk_sizes(driver, f"cars-edit-delete-{lang}")
        navigates(driver, driver.find_element(By.ID, "alert-confirm").click)
        assert [title for title, _ in cars_on_screen(driver)] == ["Lada Niva", "Volkswagen Golf", "Škoda Octavia"]
