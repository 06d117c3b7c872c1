"""Shared helpers of the AppDeck browser suite: paths, string catalogues, waits, screenshots.

Texts are never guessed: `catalogue(lang)` reads the same JSON files the server renders
(`Sources/<Target>/Catalogues/<lang>/<namespace>.json`: the shell's in Localization, each app's in
its own target; flattened to dotted keys such as
`cars.field.manufacturer`), and `text()` fills `{placeholders}` the way `Catalogue.text` does.
"""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

E2E_DIR = Path(__file__).resolve().parent
REPO = E2E_DIR.parent
ARTIFACTS = E2E_DIR / "artifacts"
SOURCES = REPO / "Sources"

#: Seconds any single wait may take before the test fails. Generous for 2 busy cores; a passing
#: run never waits this long because every wait polls for a condition.
WAIT = 15


# --------------------------------------------------------------------------- catalogues

def _flatten(value, prefix: str, into: dict[str, str]) -> None:
    if isinstance(value, str):
        into[prefix] = value
    elif isinstance(value, dict):
        for key, child in value.items():
            _flatten(child, f"{prefix}.{key}", into)
    else:
        raise ValueError(f"{prefix} is neither a string nor an object")


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """Every string of one language, keyed like the server's `Catalogue`."""
    strings: dict[str, str] = {}
    for file in sorted(SOURCES.glob(f"*/Catalogues/{lang}/*.json")):
        _flatten(json.loads(file.read_text(encoding="utf-8")), file.stem, strings)
    return strings


def text(lang: str, key: str, **arguments) -> str:
    """The catalogue entry `key` with `{name}` placeholders filled; fails loudly if missing."""
    strings = catalogue(lang)
    assert key in strings, f"catalogue {lang} has no key {key!r} (is the string still landing?)"
    result = strings[key]
    for name, value in arguments.items():
        result = result.replace("{" + name + "}", str(value))
    return result


def plural(lang: str, key: str, count: int) -> str:
    """`key.one|few|many|other` by the language's plural rules (the subset AppDeck uses)."""
    n = abs(count)
    if lang == "en":
        category = "one" if n == 1 else "other"
    elif lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            category = "one"
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            category = "few"
        else:
            category = "many"
    elif lang == "pl":
        if n == 1:
            category = "one"
        elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            category = "few"
        else:
            category = "many"
    else:
        category = "other"
    chosen = f"{key}.{category}" if f"{key}.{category}" in catalogue(lang) else f"{key}.other"
    return text(lang, chosen, count=count)


def car_lines(lang: str, manufacturer: str, model: str, body: str,
              year: int | str | None = None, number: str | None = None) -> list[str]:
    """The exact CARS-3/4 lines of one car as the console lists it: a missing year shows `-`, a
    missing number no line. The web list's cell is `car_cell`."""
    def line(field: str, value) -> str:
        return f"{text(lang, f'cars.field.{field}')}: {value}"

    lines = [
        line("manufacturer", manufacturer),
        line("model", model),
        line("body", text(lang, f"cars.body.{body}")),
        line("yearOfIssue", "-" if year in (None, "") else year),
    ]
    if number:
        lines.append(line("carNumber", number))
    return lines


# --------------------------------------------------------------------------- HTTP without a browser

def http_get(url: str, headers: dict[str, str] | None = None):
    """(status, headers, body text) of a GET, 4xx/5xx included."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, response.headers, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8")


# --------------------------------------------------------------------------- browser helpers

def url(driver: WebDriver, path: str) -> str:
    return driver.appdeck_base.rstrip("/") + path


def visit(driver: WebDriver, path: str) -> None:
    """Loads `path` of the server under test and waits for the document to be complete."""
    driver.get(url(driver, path))
    wait_ready(driver)


POLL = 0.05
"""Seconds between two checks of a wait's condition. Selenium's default, half a second, is what
most waits cost when the condition is not already true (a sheet sliding up, a page loading): with
thousands of waits in the suite it was most of its time."""


def wait(driver: WebDriver, timeout: float = WAIT) -> WebDriverWait:
    return WebDriverWait(driver, timeout, poll_frequency=POLL)


def wait_loaded(driver: WebDriver) -> None:
    """Waits for the document to load, and keeps the page the server sent for the HTML checker
    (`html_check.capture`)."""
    import html_check  # local import: helpers stays importable on its own

    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    html_check.capture(driver)


def wait_ready(driver: WebDriver) -> None:
    """Waits for the document to load and for finite CSS animations (the sheet sliding up, the
    alert fading in) to finish, so positions and screenshots show the settled screen."""
    wait_loaded(driver)
    wait_settled(driver)


def wait_settled(driver: WebDriver) -> None:
    """No finite animation running, nor a view transition between two screens."""
    wait(driver).until(lambda d: d.execute_script(
        """
        return !document.activeViewTransition && document.getAnimations().every(a =>
          a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
        """))


def navigates(driver: WebDriver, action) -> None:
    """Runs `action` (a click, a form submission…) and waits until the next page has loaded."""
    old = driver.find_element(By.TAG_NAME, "html")
    action()
    wait(driver).until(lambda _: is_gone(old))
    wait_ready(driver)


def is_gone(element) -> bool:
    """Whether `element`'s document has been replaced. Asked mid-navigation, chromedriver can
    answer "Node with given id does not belong to the document" instead of a stale reference
    (the CI flake of test_cars); both mean the old page is gone."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise


def path_of(driver: WebDriver) -> str:
    """The current URL without scheme and host, e.g. `/cars?body=suv`."""
    return re.sub(r"^https?://[^/]+", "", driver.current_url)


def shot(driver: WebDriver, name: str) -> Path:
    """Saves a PNG of the viewport to `e2e/artifacts/<name>-<viewport>.png`. Taken with CDP
    `Page.captureScreenshot` and `optimizeForSpeed` (issue 35): the same pixels as WebDriver's
    screenshot, in about half the time (a file about twice as big); a suite takes over a thousand."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}-{driver.appdeck_viewport}.png"
    picture = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    path.write_bytes(base64.b64decode(picture["data"]))
    return path


def viewport_size(driver: WebDriver) -> tuple[int, int]:
    return tuple(driver.execute_script("return [window.innerWidth, window.innerHeight]"))


def assert_no_horizontal_overflow(driver: WebDriver, page: str) -> None:
    """Nothing sticks out sideways: the document is no wider than the viewport."""
    scroll_width, inner_width, client_width = driver.execute_script(
        "const e = document.documentElement; return [e.scrollWidth, window.innerWidth, e.clientWidth];")
    expected = driver.appdeck_viewport_width
    assert inner_width == expected, f"{page}: viewport is {inner_width}px wide, expected {expected}px"
    if scroll_width > inner_width or scroll_width > client_width:
        culprits = driver.execute_script(
            """
            const limit = document.documentElement.clientWidth;
            return [...document.querySelectorAll('body *')]
              .filter(e => e.getBoundingClientRect().right > limit + 0.5)
              .slice(0, 8)
              .map(e => e.outerHTML.slice(0, 160) + ' right=' + e.getBoundingClientRect().right);
            """)
        raise AssertionError(
            f"{page}: horizontal overflow at {driver.appdeck_viewport}: scrollWidth={scroll_width} > "
            f"innerWidth={inner_width} / clientWidth={client_width}; elements past the edge:\n  "
            + "\n  ".join(culprits))


def html_lang(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def texts(driver: WebDriver, css: str, root=None) -> list[str]:
    """Rendered texts (Selenium's `.text`: visible text, line breaks where the layout puts them)."""
    return [e.text.strip() for e in (root or driver).find_elements(By.CSS_SELECTOR, css)]


def content(element) -> str:
    """An element's text content with runs of white space collapsed to one space. A cell laid out
    as label above value still reads "Label: Value", the way a screen reader announces it."""
    return " ".join((element.get_attribute("textContent") or "").split())


# --------------------------------------------------------------------------- cars

def car_sections(driver: WebDriver):
    """The list's cells, one a car (issue 50: `li.cell.car` in one inset grouped section)."""
    return driver.find_elements(By.CSS_SELECTOR, "main ul.car-list li.cell.car")


def cars_on_screen(driver: WebDriver) -> list[tuple[str, str]]:
    """Each cell's title and subtitle ("Toyota Camry", "Sedan · 2015 · A123BC"), in page order,
    white space collapsed. Read in one script: asked cell by cell, a page of 200 cars was hundreds
    of round trips to the browser."""
    return [tuple(row) for row in driver.execute_script("""
        const content = e => (e?.textContent || '').split(/\\s+/).filter(Boolean).join(' ');
        return [...document.querySelectorAll('main ul.car-list li.cell.car')]
          .map(cell => [content(cell.querySelector('.car__title')), content(cell.querySelector('.car__subtitle'))]);""")]


def car_cell(lang: str, manufacturer: str, model: str, body: str,
             year: int | str | None = None, number: str | None = None) -> tuple[str, str]:
    """One car's cell on the web list (issue 50): "Make Model", then body · year (`-` when
    unknown, CARS-4) · number (left out when none). The console lists `car_lines`."""
    subtitle = [text(lang, f"cars.body.{body}"), "-" if year in (None, "") else str(year)] + ([number] if number else [])
    return (f"{manufacturer} {model}", " · ".join(subtitle))


def open_add_sheet(driver: WebDriver) -> None:
    """Opens the add sheet through the "+" link of the navigation bar."""
    plus = driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__trailing a[href^='/cars/new']")
    navigates(driver, plus.click)
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "div.sheet")))
    assert path_of(driver).startswith("/cars/new")


def fill_sheet(driver: WebDriver, manufacturer: str = "", model: str = "", body: str = "",
               year: str | int = "", number: str = "") -> None:
    for field, value in (("manufacturer", manufacturer), ("model", model),
                         ("yearOfIssue", str(year)), ("carNumber", number)):
        element = driver.find_element(By.ID, f"field-{field}")
        element.clear()
        if value:
            element.send_keys(value)
    Select(driver.find_element(By.ID, "field-body")).select_by_value(body)


def submit_sheet(driver: WebDriver) -> None:
    def click() -> None:
        wait(driver).until(EC.element_to_be_clickable(
            (By.CSS_SELECTOR, "div.sheet .sheet__bar button[type=submit]"))).click()
    navigates(driver, click)


def add_car(driver: WebDriver, manufacturer: str, model: str, body: str,
            year: str | int = "", number: str = "") -> None:
    """Adds a car the way a person does: "+" in the navigation bar, fill the sheet, save."""
    if not path_of(driver).startswith("/cars"):
        visit(driver, "/cars")
    open_add_sheet(driver)
    fill_sheet(driver, manufacturer, model, body, year, number)
    submit_sheet(driver)
    errors = texts(driver, "p.form-cell__error")
    assert not driver.find_elements(By.CSS_SELECTOR, "div.sheet"), f"the sheet refused the car: {errors}"
    assert re.fullmatch(r"/cars(\?body=\w+)?", path_of(driver)), path_of(driver)


def env_path(name: str, default: Path) -> Path:
    return Path(os.environ.get(name) or default)


# --------------------------------------------------------------------------- one call per screen

def console_errors(driver: WebDriver, allow_status: tuple[int, ...] = ()) -> list[str]:
    """SEVERE browser console entries since the last call (CSP refusals, script errors, failed
    loads), except `Failed to load resource … status of N` for the statuses in `allow_status`."""
    errors = []
    for entry in driver.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        message = entry.get("message", "")
        if any(f"status of {status}" in message for status in allow_status):
            continue
        errors.append(message)
    return errors


def untranslated_keys(driver: WebDriver) -> list[str]:
    """Catalogue keys shown instead of text (`Catalogue.text` shows a missing key as itself):
    in the visible text, the title, option labels and accessible names/hints."""
    namespaces = sorted({file.stem for file in SOURCES.glob("*/Catalogues/*/*.json")})
    shown = driver.execute_script(
        """
        const parts = [document.title, document.body.innerText];
        for (const e of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
          for (const a of ['aria-label', 'placeholder', 'title', 'alt']) if (e.hasAttribute(a)) parts.push(e.getAttribute(a));
        for (const o of document.querySelectorAll('option')) parts.push(o.textContent);
        return parts.join('\\n');
        """)
    pattern = r"\b(?:" + "|".join(map(re.escape, namespaces)) + r")(?:\.[A-Za-z0-9_]+)+\b"
    return sorted(set(re.findall(pattern, shown)))


#: The sizes a walk over all ten takes screenshots and runs axe at (issue 35): the smallest phone,
#: a phone turned and an iPad. Layout (sideways overflow), strings and the console are checked at
#: all ten; what axe finds does not change with the width between these, and a screenshot of each
#: of the ten is more than anyone looks at.
SPOT_CHECKED = {"se", "phone-landscape", "ipad"}


def walk_sizes(driver: WebDriver, name: str) -> None:
    """The screen on show at all ten sizes, without reloading: no sideways overflow at any, a
    screenshot and axe at `SPOT_CHECKED`; back at the phone's size after."""
    import axe  # local imports: helpers stays importable without the axe cache
    from conftest import ALL_VIEWPORTS, apply_viewport

    for key, viewport in ALL_VIEWPORTS.items():
        apply_viewport(driver, viewport)
        wait(driver).until(lambda d: d.execute_script("return innerWidth") == viewport.width)
        assert_no_horizontal_overflow(driver, f"{name} at {key}")
        if key in SPOT_CHECKED:
            wait_settled(driver)
            shot(driver, name)
            axe.assert_accessible(driver, name)
    apply_viewport(driver, ALL_VIEWPORTS["phone"])


def check_screen(driver: WebDriver, name: str, allow_status: tuple[int, ...] = (), full: bool = True) -> None:
    """What every screen must satisfy: screenshot saved, no sideways overflow, no untranslated
    catalogue key, no serious or critical axe violation, nothing in the console. `full=False`
    (a walk's size outside `SPOT_CHECKED`) skips the screenshot and axe."""
    import axe  # local import: helpers stays importable without the axe cache

    wait_settled(driver)
    if full:
        shot(driver, name)
    assert_no_horizontal_overflow(driver, name)
    keys = untranslated_keys(driver)
    assert not keys, f"{name}: catalogue keys shown instead of text (missing strings): {keys}"
    if full:
        axe.assert_accessible(driver, name)
    errors = console_errors(driver, allow_status)
    assert not errors, f"{name}: browser console errors at {driver.appdeck_viewport}:\n  " + "\n  ".join(errors)
