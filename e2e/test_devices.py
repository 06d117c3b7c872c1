"""Linked browsers (issue 36) in real Chromium, each browser its own profile (so its own cookie):
a second browser linked by typing the code, a third by opening the link, a tick in MyHabits in one
showing in the others, Remove making one an empty device; every new screen at the ten sizes and in
English, Russian and Polish, axe clean."""

from __future__ import annotations

import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ALL_VIEWPORTS, BrowserFactory, apply_viewport
from helpers import SPOT_CHECKED, check_screen, navigates, path_of, plural, shot, text, visit, wait
from test_habits import add_habit, cards, circle, open_habits
from test_polish_three import assert_pill_look, assert_tap_target, target

CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


def make_link(driver) -> tuple[str, str]:
    """On the Devices screen, "Link another browser": the code shown and the link's address."""
    visit(driver, "/devices")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/devices/link'] button[type=submit]").click)
    code = driver.find_element(By.CSS_SELECTOR, "output[name='link-code']").text.strip()
    assert CODE.match(code), code
    link = driver.find_element(By.CSS_SELECTOR, "a[rel='link-device']").get_attribute("href")
    assert re.search(r"/link/[0-9a-f]{32}$", link), link
    return code, link


def confirm_link(driver) -> None:
    """The question before linking, answered yes: home, showing the other browser's data, with a
    word of it that names that browser (issue 50)."""
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "button[data-confirm-link]").click)
    assert re.fullmatch(r"/\?linked=[0-9a-f]{32}", path_of(driver)), path_of(driver)
    language = driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang")
    banner = driver.find_element(By.CSS_SELECTOR, ".link-banner[role=status]")
    assert banner.text == text(language, "link.done.banner", name=text(language, "devices.browserOn", browser="Chrome", system="Linux"))


def type_code(driver, code: str) -> None:
    visit(driver, "/link")
    field = driver.find_element(By.CSS_SELECTOR, "input[name='code']")
    field.send_keys(code.lower().replace("-", " "))  # as a person might: lower case, a space
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/link'] button[type=submit]").click)


def other_browsers(driver) -> list[str]:
    visit(driver, "/devices")
    return [cell.get_attribute("data-session")
            for cell in driver.find_elements(By.CSS_SELECTOR, "[data-devices='others'] [data-session]")]


def test_link_two_browsers_tick_in_one_remove_one(browser):
    first = browser()
    open_habits(first)
    add_habit(first, "Read")

    code, _ = make_link(first)
    second = browser()
    type_code(second, code)
    # The second keeps nothing of its own: the question says what linking does, and nothing of
    # data it does not have (issue 50).
    question = second.find_element(By.CSS_SELECTOR, "main").text
    assert text("en", "link.confirm.message") in question
    assert text("en", "link.confirm.notMerged") not in question and text("en", "link.confirm.ownData") not in question
    confirm_link(second)
    assert second.find_element(By.CSS_SELECTOR, ".link-banner").text == "This browser now shows the same data as Chrome on Linux."
    check_screen(second, "devices-linked-home")
    visit(second, "/")
    assert not second.find_elements(By.CSS_SELECTOR, ".link-banner"), "the word after a link shows once"
    open_habits(second)
    assert [c["name"] for c in cards(second)] == ["Read"]

    _, link = make_link(first)
    third = browser()
    open_habits(third)
    add_habit(third, "Walk")
    third.get(link)
    # The third keeps a habit of its own: the question says it is not merged, and how to keep it.
    question = third.find_element(By.CSS_SELECTOR, "main").text
    assert text("en", "link.confirm.ownData") in question and text("en", "link.confirm.notMerged") in question
    confirm_link(third)
    open_habits(third)
    assert [c["name"] for c in cards(third)] == ["Read"]
    # The link was good once: a fourth browser opening it is told so, and stays empty.
    fourth = browser()
    fourth.get(link)
    assert fourth.find_element(By.CSS_SELECTOR, "[role=alert]").text == text("en", "link.error.expired")
    fourth.get_log("browser")  # the 404 above is expected

    # A tick in the second shows in the first and the third.
    circle(second, 0).click()
    wait(second).until(lambda d: cards(d)[0]["tracked"])
    for other in (first, third):
        open_habits(other)
        assert cards(other)[0]["tracked"]

    # Without a script there is no Copy (it could not copy): the code is one selectable text.
    first.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        make_link(first)
        assert not first.find_element(By.CSS_SELECTOR, "button[data-copy-code]").is_displayed()
        assert first.find_element(By.CSS_SELECTOR, "output[name='link-code']").value_of_css_property("user-select") == "all"
        assert first.find_element(By.CSS_SELECTOR, ".link-code__expires").text == "Expires in 10 minutes"
        shot(first, "devices-code-noscript")
    finally:
        first.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})

    # The first names the second (issue 50): a name too long is refused with what was typed kept.
    second_id = other_browsers(first)[0]
    navigates(first, first.find_element(By.CSS_SELECTOR, f"a[data-rename='{second_id}']").click)
    field = first.find_element(By.CSS_SELECTOR, "input#devices-rename-field")
    field.send_keys("x" * 41)
    navigates(first, first.find_element(By.CSS_SELECTOR, "form.devices__rename-form button[type=submit]").click)
    assert first.find_element(By.CSS_SELECTOR, "#devices-rename-error").text == text("en", "devices.rename.error.tooLong")
    assert first.find_element(By.CSS_SELECTOR, "input#devices-rename-field").get_attribute("value") == "x" * 41
    first.get_log("browser")  # the 422 above is expected
    field = first.find_element(By.CSS_SELECTOR, "input#devices-rename-field")
    field.clear()
    field.send_keys("Kitchen tablet")
    navigates(first, first.find_element(By.CSS_SELECTOR, "form.devices__rename-form button[type=submit]").click)
    assert path_of(first) == "/devices"
    cell = first.find_element(By.CSS_SELECTOR, f"[data-session='{second_id}']")
    assert cell.find_element(By.CSS_SELECTOR, ".devices__name").text == "Kitchen tablet"
    assert cell.find_element(By.CSS_SELECTOR, ".devices__linked").text.startswith("Linked ")

    # The first lists both others; it removes the third (the newer), asked first.
    listed = other_browsers(first)
    assert len(listed) == 2
    removed = listed[-1]
    navigates(first, first.find_element(By.CSS_SELECTOR, f"a[data-remove='{removed}']").click)
    sheet = first.find_element(By.CSS_SELECTOR, ".action-sheet")
    navigates(first, sheet.find_element(By.CSS_SELECTOR, "button[type=submit]").click)
    assert other_browsers(first) == [listed[0]]

    # The removed browser is told on its next page (issue 46, item 8), then starts fresh.
    visit(third, "/habits")
    assert path_of(third).startswith("/devices/removed?on=")
    notice = third.find_element(By.CSS_SELECTOR, ".alert--static")
    assert text("en", "devices.removed.title") in notice.text
    check_screen(third, "devices-removed-notice")
    navigates(third, notice.find_element(By.CSS_SELECTOR, "a.alert__button").click)
    assert path_of(third) == "/"
    open_habits(third)
    assert cards(third) == [], "the removed browser is a new, empty device"
    # Every browser of the data lists the removal, with who removed it.
    visit(first, "/devices")
    assert len(first.find_elements(By.CSS_SELECTOR, "[data-devices='removals'] [data-removed]")) == 1
    open_habits(second)
    assert [c["name"] for c in cards(second)] == ["Read"]

    # Forget this browser, from the second itself.
    visit(second, "/devices")
    navigates(second, second.find_element(By.CSS_SELECTOR, "a[data-remove='this']").click)
    navigates(second, second.find_element(By.CSS_SELECTOR, ".action-sheet button[type=submit]").click)
    open_habits(second)
    assert path_of(second) == "/habits", "a browser that forgot itself is not told it was removed"
    assert cards(second) == []
    assert other_browsers(first) == []


CONTROLS = """
return [...document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select, .nav-bar a, .nav-bar button')]
  .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
"""


def assert_devices_controls_are_44_points(driver, name: str) -> None:
    """Issue 50: every control on Devices takes 44x44 points of a finger; Remove keeps its 32-point pill."""
    for control in driver.execute_script(CONTROLS):
        what = f"{control.tag_name}.{control.get_attribute('class')} ({control.text or control.get_attribute('aria-label')}) at {name}"
        assert_tap_target(target(driver, control), what)
    for remove in driver.find_elements(By.CSS_SELECTOR, "a.devices__remove"):
        assert_pill_look(target(driver, remove), f"Remove at {name}")


def check_code_screen(driver, code: str) -> None:
    """Issue 50: the minutes left, a Copy button that copies (with a script), a code that is one
    selectable text without one."""
    language = driver.find_element(By.CSS_SELECTOR, "html").get_attribute("lang")
    expires = driver.find_element(By.CSS_SELECTOR, ".link-code__expires").text
    assert expires in (plural(language, "link.code.expires", 10), plural(language, "link.code.expires", 9)), expires
    output = driver.find_element(By.CSS_SELECTOR, "output[name='link-code']")
    assert output.value_of_css_property("user-select") == "all"
    copy = driver.find_element(By.CSS_SELECTOR, "button[data-copy-code]")
    assert copy.is_displayed() and copy.text == text(language, "link.code.copy")
    assert copy.get_attribute("data-copy-code") == code
    assert_tap_target(target(driver, copy), f"Copy in {language}")
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": re.match(r"^https?://[^/]+", driver.current_url).group(0),
        "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    copy.click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-copy-status]").get_attribute("textContent")
                       == text(language, "link.code.copied"))
    copied = driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null));")
    assert copied == code


def _screens(driver, partner, name: str, full: bool = True) -> None:
    """Every new screen, checked under `name`: Devices (with another browser), Remove's and Forget's
    questions, the code, the form, its error, and the question before linking. `full=False`: no
    screenshot or axe (`check_screen`)."""
    visit(driver, "/devices")
    check_screen(driver, f"{name}-list", full=full)
    assert_devices_controls_are_44_points(driver, name)
    other = other_browsers(driver)[0]
    visit(driver, f"/devices?remove={other}")
    check_screen(driver, f"{name}-remove", full=full)
    visit(driver, "/devices?remove=this")
    check_screen(driver, f"{name}-forget", full=full)
    visit(driver, f"/devices?rename={other}")
    check_screen(driver, f"{name}-rename", full=full)
    assert_devices_controls_are_44_points(driver, f"{name} renaming")
    visit(partner, "/devices/removed?on=2026-11-30")
    check_screen(partner, f"{name}-removed", full=full)
    code, _ = make_link(driver)
    check_screen(driver, f"{name}-code", full=full)
    check_code_screen(driver, code)
    visit(partner, "/link")
    check_screen(partner, f"{name}-form", full=full)
    type_code(partner, "ZZZZ-ZZZ")
    check_screen(partner, f"{name}-form-error", allow_status=(422,), full=full)
    type_code(partner, code)
    language = partner.find_element(By.CSS_SELECTOR, "html").get_attribute("lang")
    assert partner.find_element(By.CSS_SELECTOR, "main p").text == text(language, "link.confirm.already"), "the partner shows this data already"
    check_screen(partner, f"{name}-confirm", full=full)


def test_every_screen_at_every_size_and_language(server):
    factory = BrowserFactory(ALL_VIEWPORTS["phone"], server.url)
    try:
        owner, partner, gone = factory(), factory(), factory()
        code, _ = make_link(owner)
        type_code(partner, code)
        confirm_link(partner)
        # A third browser that forgot itself: the Devices list shows the removal at every size.
        code, _ = make_link(owner)
        type_code(gone, code)
        confirm_link(gone)
        visit(gone, "/devices?remove=this")
        navigates(gone, gone.find_element(By.CSS_SELECTOR, ".action-sheet button[type=submit]").click)
        for viewport in ALL_VIEWPORTS.values():
            for driver in (owner, partner):
                apply_viewport(driver, viewport)
            _screens(owner, partner, f"devices-{viewport.name}", full=viewport.name in SPOT_CHECKED)
        apply_viewport(owner, ALL_VIEWPORTS["se"])
        apply_viewport(partner, ALL_VIEWPORTS["se"])
        for language in ("ru", "pl"):
            # The language is the data's: chosen in one browser, it is the other's within the
            # preferences cache's second.
            visit(owner, "/")
            select = owner.find_element(By.CSS_SELECTOR, "form.language-switcher select#language")
            navigates(owner, lambda: Select(select).select_by_value(language))
            time.sleep(1.1)
            visit(partner, "/")
            assert partner.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language
            _screens(owner, partner, f"devices-{language}-se")
            assert owner.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == language
    finally:
        factory.close_all()
