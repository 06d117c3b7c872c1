"""“Sign in with GitHub” (issue 49): GitHub's device flow run by the server against
`github_api.py`, which plays github.com too. A server of this module's own is started with
`--github-client-id` and `--upstream github-web-url=<the stand-in>`. The sign-in screen offers the
button above the token field; the code's page shows the code and GitHub's link; the stand-in is
told the code is authorized (as the person would at github.com/login/device) and the page ends
signed in, at the list, by its script or, without one, by "Check Now". Denied and expired codes
end clearly. The screens at 320x568 and on an iPad in en/ru/pl, axe clean; the server never
polls GitHub faster than the interval."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

import github_api as stand_in
from conftest import ALL_VIEWPORTS, BrowserFactory, apply_viewport, running_appdeck
from helpers import check_screen, content, html_lang, navigates, path_of, text, wait, walk_sizes
from helpers import visit as load_page
from layout_metrics import choose_language
from test_github import ROWS, visit

pytestmark = pytest.mark.xdist_group("github-device-flow")

DEVICE_BUTTON = "form[action='/github/sign-in/device'] button.github-sign-in__device-button"
CODE = "#github-device-code"
OPEN_LINK = "a.github-device__open"
CHECK_NOW = "form.github-device__check button[type=submit]"
ENDED = "section.github-device__ended"
LANGUAGES = ("en", "ru", "pl")


@pytest.fixture(scope="module")
def device_server(jsonplaceholder, github_api):
    """A server that offers “Sign in with GitHub”, asking the stand-in as github.com."""
    with running_appdeck(jsonplaceholder.url, "device-flow", github_api_url=github_api.url,
                         extra_args=["--github-client-id", stand_in.CLIENT_ID,
                                     "--upstream", f"github-web-url={github_api.url}"]) as running:
        yield running


@pytest.fixture
def device_driver(request, device_server, viewport):
    """A new Chromium at `viewport` whose pages come from `device_server`."""
    factory = BrowserFactory(viewport, device_server.url)
    yield factory()
    factory.close_all()


def start(driver, scripted: bool = True) -> str:
    """From /github (sent to sign-in) through “Sign in with GitHub” to the code's page; the code."""
    (visit if scripted else load_page)(driver, "/github")
    assert path_of(driver) == "/github/sign-in", path_of(driver)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, DEVICE_BUTTON).click)
    assert path_of(driver) == "/github/sign-in/device", path_of(driver)
    return content(driver.find_element(By.CSS_SELECTOR, CODE))


def assert_polled_no_faster_than(github_api, code: str, interval: float) -> None:
    times = github_api.device_poll_times(code)
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(gap >= interval - 0.05 for gap in gaps), f"polled faster than every {interval} s: {gaps}"


def test_sign_in_with_github_ends_at_the_list(device_driver, github_api):
    """The button, the code and GitHub's link; the code authorized at the stand-in; the page's
    script brings the person to their repositories."""
    driver = device_driver
    visit(driver, "/github/sign-in")
    button = driver.find_element(By.CSS_SELECTOR, DEVICE_BUTTON)
    assert content(button) == text("en", "github.signIn.device.button")
    assert driver.find_element(By.CSS_SELECTOR, "input#github-token").is_displayed(), "the token field stays"
    check_screen(driver, "github-device-sign-in")

    code = start(driver)
    assert code.startswith("WDJB-"), code
    link = driver.find_element(By.CSS_SELECTOR, OPEN_LINK)
    assert link.get_attribute("href") == f"{github_api.url}/login/device"
    assert content(link) == text("en", "github.device.open", address=f"{github_api.url.split('//')[1]}/login/device")
    copy = driver.find_element(By.CSS_SELECTOR, "button.github-device__copy")
    assert copy.is_displayed() and content(copy) == text("en", "github.device.copy")
    assert "device_code" not in driver.page_source
    assert not any(device in driver.page_source for device in github_api.device_codes), "the device code reached the page"
    check_screen(driver, "github-device-code")

    github_api.authorize(code)
    wait(driver).until(lambda d: path_of(d) == "/github")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ROWS))
    assert len(driver.find_elements(By.CSS_SELECTOR, ROWS)) == 10
    assert any(h.get("authorization") == f"Bearer {stand_in.OAUTH_TOKEN}" for p, h in github_api.requests if p == "/user")
    assert_polled_no_faster_than(github_api, code, github_api.device_interval)
    check_screen(driver, "github-device-signed-in")


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_without_script_check_now_signs_in(device_driver, github_api):
    """Without JavaScript the code is selectable text and “Check Now” a form post; the server
    asks GitHub only once the interval has passed, however often it is pressed."""
    driver = device_driver
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    code = start(driver, scripted=False)
    assert not driver.find_element(By.CSS_SELECTOR, "button.github-device__copy").is_displayed()
    github_api.authorize(code)
    for _ in range(60):
        navigates(driver, driver.find_element(By.CSS_SELECTOR, CHECK_NOW).click)
        if path_of(driver) == "/github":
            break
    assert path_of(driver) == "/github", path_of(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ROWS)
    assert_polled_no_faster_than(github_api, code, github_api.device_interval)


def test_denied_and_expired_end_clearly(device_driver, github_api):
    """access_denied and expired_token each end the page with their own words and a way to start
    again or to use a token instead."""
    driver = device_driver
    code = start(driver)
    github_api.deny(code)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ENDED))
    assert content(driver.find_element(By.CSS_SELECTOR, f"{ENDED} .error-state__title")) == text("en", "github.device.ended.denied.title")
    assert content(driver.find_element(By.CSS_SELECTOR, f"{ENDED} .error-state__message")) == text("en", "github.device.ended.denied.message")
    assert driver.find_element(By.CSS_SELECTOR, "a.github-device__use-token").get_attribute("href").endswith("/github/sign-in")
    check_screen(driver, "github-device-denied")

    navigates(driver, driver.find_element(By.CSS_SELECTOR, "button.github-device__start-again").click)
    second = content(driver.find_element(By.CSS_SELECTOR, CODE))
    assert second != code
    github_api.expire(second)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ENDED))
    assert content(driver.find_element(By.CSS_SELECTOR, f"{ENDED} .error-state__title")) == text("en", "github.device.ended.expired.title")
    check_screen(driver, "github-device-expired")
    visit(driver, "/github")
    assert path_of(driver) == "/github/sign-in", "an ended flow signs nobody in"


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_device_screens_in_three_languages(device_driver, github_api):
    """The sign-in screen, the code's page and an ended one at 320x568 and on an iPad (and every
    size between) in English, Russian and Polish: every control named in the page's language."""
    driver = device_driver
    # The code's page stays still while it is looked at: its script reloads it only on an ending.
    for lang in LANGUAGES:
        choose_language(driver, lang)
        visit(driver, "/github/sign-in")
        assert html_lang(driver) == lang
        assert content(driver.find_element(By.CSS_SELECTOR, DEVICE_BUTTON)) == text(lang, "github.signIn.device.button")
        walk_sizes(driver, f"github-device-sign-in-{lang}")
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        navigates(driver, driver.find_element(By.CSS_SELECTOR, DEVICE_BUTTON).click)
        code = content(driver.find_element(By.CSS_SELECTOR, CODE))
        assert content(driver.find_element(By.CSS_SELECTOR, CHECK_NOW)) == text(lang, "github.device.check")
        assert content(driver.find_element(By.CSS_SELECTOR, "button.github-device__copy")) == text(lang, "github.device.copy")
        walk_sizes(driver, f"github-device-code-{lang}")
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        github_api.deny(code)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ENDED))
        assert content(driver.find_element(By.CSS_SELECTOR, f"{ENDED} .error-state__title")) == text(lang, "github.device.ended.denied.title")
        walk_sizes(driver, f"github-device-denied-{lang}")
