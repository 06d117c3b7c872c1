"""GitHub repositories (GH-1..8) against `github_api.py`, the session's stand-in for GitHub's API:
sign-in with show/hide and refused tokens, the ten most recently updated repositories, a
repository's numbers, licence, web link and README (hostile Markdown made harmless), the failure,
retry and empty states, sign-in kept across a server restart per device, the split at all ten
sizes, accessible names and Russian texts."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

import github_api as stand_in
from conftest import ALL_VIEWPORTS, running_appdeck
from helpers import check_screen, content, html_lang, navigates, path_of, plural, shot, text, wait, wait_ready
from helpers import visit as load_page
from layout_metrics import Walker

TOKEN_FIELD = "input#github-token"
TOGGLE = "form[data-github-sign-in] button.github-token__toggle"
SIGN_IN_BUTTON = "form[data-github-sign-in] button.github-sign-in__button"
SIGN_IN_ERROR = "#github-token-error"
SIGN_OUT_BUTTON = ".github-sign-out a.cell__button"
#: The red button of the sign-out question (issue 37).
CONFIRM_SIGN_OUT = ".action-sheet form[action='/github/sign-out'] button.action-sheet__button--destructive"
ROWS = ".github-split__list li.repo-row"
FAILURE = "section.github-failure"
README = ".repo-readme .markdown-body"

#: A token of the right shape that the stand-in does not know: GitHub answers 401.
UNKNOWN_TOKEN = "ghp_" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ"


# --------------------------------------------------------------------------- the stand-in's data

def visit(driver, path: str) -> None:
    """`helpers.visit`, then, since every GitHub screen shows times, until the page is drawn in
    the device's time zone: on a fresh profile the shell's script reports the zone and reloads the
    page once (app.js), and an element found before that reload goes stale (seen under load)."""
    load_page(driver, path)
    wait(driver).until(lambda d: d.execute_script(
        "const root = document.documentElement; return !('showsTimes' in root.dataset) || !!root.dataset.timeZone"))
    wait_ready(driver)


def expected_repositories(github_api) -> list[dict]:
    """GH-2: the account's first ten repositories by last update, as GitHub's Repositories tab lists them."""
    mine = github_api.repositories[stand_in.TOKEN]
    return sorted(mine, key=lambda r: r["updated_at"], reverse=True)[:10]


def repository(github_api, name: str) -> dict:
    return next(r for r in github_api.repositories[stand_in.TOKEN] if r["name"] == name)


def count_label(lang: str, kind: str, count: int, number: str) -> str:
    """"1,234 stars": the catalogue's plural of `github.count.<kind>` with the grouped number."""
    return plural(lang, f"github.count.{kind}", count).replace("{number}", number)


# --------------------------------------------------------------------------- steps

def nav_title(driver) -> str:
    return content(driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title"))


def response_status(driver) -> int:
    """The HTTP status of the page on screen (the navigation's, as the browser received it)."""
    return driver.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus")


def mark_page(driver) -> None:
    """Leaves a marker on `window`: it survives only if nothing loads a new page."""
    driver.execute_script("window.__githubMarker = 'still here'")


def page_was_kept(driver) -> bool:
    return driver.execute_script("return window.__githubMarker === 'still here'")


def type_token(driver, token: str) -> None:
    field = driver.find_element(By.CSS_SELECTOR, TOKEN_FIELD)
    field.clear()
    field.send_keys(token)


def sign_in(driver, token: str = stand_in.TOKEN) -> None:
    """Signs in from wherever the browser is, the way a person does: `/github` sends a device
    without a token to sign-in; type the token, press Sign In, land on the list."""
    visit(driver, "/github")
    assert path_of(driver) == "/github/sign-in", f"a new device is not sent to sign-in: {path_of(driver)}"
    type_token(driver, token)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).click)
    assert path_of(driver) == "/github", f"sign-in did not lead to the list: {path_of(driver)}"


def refused_sign_in(driver, token: str) -> dict:
    """Types `token` and presses Sign In, expecting a refusal shown in place by the script;
    returns what the form shows then."""
    type_token(driver, token)
    mark_page(driver)
    driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, SIGN_IN_ERROR).is_displayed()
                       and d.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).is_enabled())
    return sign_in_form(driver)


def sign_in_form(driver) -> dict:
    return driver.execute_script(
        """
        const q = s => document.querySelector(s);
        const field = q('#github-token'), error = q('#github-token-error');
        return {
          value: field.value, type: field.type, invalid: field.getAttribute('aria-invalid'),
          focused: document.activeElement === field,
          errorShown: !error.hidden,
          title: error.querySelector('.github-sign-in__error-title').textContent.trim(),
          message: error.querySelector('.github-sign-in__error-message').textContent.trim(),
        };
        """)


def toggle_state(driver) -> tuple[str, str, str]:
    """(the field's type, the button's aria-pressed, the button's label)."""
    return tuple(driver.execute_script(
        "const f = document.querySelector(arguments[0]), b = document.querySelector(arguments[1]);"
        "return [f.type, b.getAttribute('aria-pressed'), b.textContent.trim()]", TOKEN_FIELD, TOGGLE))


def list_rows(driver) -> list[dict]:
    """Each row of the list as it is shown: name, badge, description, language, stars (text and
    spoken), link."""
    return driver.execute_script(
        """
        return [...document.querySelectorAll(arguments[0])].map(li => {
          const t = s => li.querySelector(s)?.textContent.trim() ?? null;
          return {name: t('.repo-row__name'), badge: t('.repo-badge'), description: t('.repo-row__description'),
                  language: t('.repo-language'), stars: t('.repo-stars'),
                  starsLabel: li.querySelector('.repo-stars')?.getAttribute('aria-label') ?? null,
                  updated: t('.repo-row__updated'), href: li.querySelector('a.repo-row__link').getAttribute('href')};
        });
        """, ROWS)


def open_repository(driver, name: str) -> None:
    """A tap on the repository's row of the list."""
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, f"{ROWS} a.repo-row__link")
                if content(a.find_element(By.CSS_SELECTOR, ".repo-row__name")) == name)
    navigates(driver, link.click)


def detail_facts(driver) -> dict:
    """Forks, stars, watchers (label, value, spoken), the licence and the web link of the detail."""
    return driver.execute_script(
        """
        const article = document.querySelector('.github-split__detail article.repo-detail');
        const stats = {};
        for (const li of article.querySelectorAll('li.repo-stat'))
          stats[li.dataset.stat] = {label: li.querySelector('.repo-stat__label').textContent.trim(),
                                    value: li.querySelector('.repo-stat__value').textContent.trim(),
                                    spoken: li.getAttribute('aria-label')};
        const license = article.querySelector('li.repo-license');
        const link = article.querySelector('a.repo-web-link');
        return {
          name: article.querySelector('.repo-detail__name').textContent.trim(),
          stats, statOrder: [...article.querySelectorAll('li.repo-stat')].map(li => li.dataset.stat),
          licenseLabel: license.querySelector('.repo-stat__label').textContent.trim(),
          license: license.querySelector('.repo-stat__value').textContent.trim(),
          hasLicense: license.dataset.hasLicense,
          link: {href: link.getAttribute('href'), target: link.getAttribute('target'),
                 rel: (link.getAttribute('rel') || '').split(/\\s+/), text: link.textContent.trim()},
        };
        """)


def readme_state(driver) -> dict:
    """What the README section holds: tags that matter, links, images, the visible text."""
    return driver.execute_script(
        """
        const body = document.querySelector(arguments[0]);
        if (!body) return null;
        return {
          tables: body.querySelectorAll('table').length,
          headers: [...body.querySelectorAll('th')].map(e => e.textContent.trim()),
          code: [...body.querySelectorAll('pre > code')].map(e => e.textContent),
          ordered: [...body.querySelectorAll('ol > li')].length,
          unordered: [...body.querySelectorAll('ul > li')].map(e => e.textContent.trim()),
          links: [...body.querySelectorAll('a')].map(a => ({text: a.textContent.trim(), href: a.getAttribute('href'),
                                                             protocol: a.protocol})),
          images: [...body.querySelectorAll('img, picture, source, image')].map(e => e.outerHTML),
          placeholders: [...body.querySelectorAll('.readme-image-placeholder')].map(e => ({
            label: e.getAttribute('aria-label'), role: e.getAttribute('role'), text: e.textContent.trim()})),
          text: body.innerText,
        };
        """, README)


def loaded_images(driver) -> list[dict]:
    """The README's images once each has finished loading (an empty list while any still loads),
    and whether it loaded (`naturalWidth > 0`)."""
    return driver.execute_script(
        """
        const images = [...document.querySelector(arguments[0]).querySelectorAll('img')];
        if (images.some(i => !i.complete)) return [];
        return images.map(i => ({alt: i.getAttribute('alt'), src: i.getAttribute('src'), loaded: i.naturalWidth > 0,
                                 width: i.naturalWidth}));
        """, README)


def hosts_asked(driver) -> list[str]:
    """Every origin the page loaded something from (itself, its styles, scripts, images)."""
    return driver.execute_script(
        "return [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))]")


def accessible_names(driver) -> list[tuple[str, str]]:
    """Every button and link of the page with its accessible name, as Chromium computes them."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return [(node["role"]["value"], (node.get("name") or {}).get("value", ""))
            for node in tree
            if not node.get("ignored") and node.get("role", {}).get("value") in ("button", "link")]


# --------------------------------------------------------------------------- the whole flow

def test_the_whole_flow(driver, github_api):
    """GH-1, GH-2, GH-3, GH-9: sign-in (masked field, show/hide, a malformed token kept in the
    field), the ten rows, a repository's numbers, licence, link and README, Back, sign out."""
    visit(driver, "/github")
    assert path_of(driver) == "/github/sign-in"
    assert nav_title(driver) == text("en", "github.signIn.title")
    assert driver.title == f'{text("en", "github.signIn.title")} – {text("en", "github.title")}'
    assert content(driver.find_element(By.CSS_SELECTOR, "label[for=github-token]")) == text("en", "github.signIn.field")
    assert driver.find_element(By.CSS_SELECTOR, TOKEN_FIELD).get_attribute("placeholder") == text("en", "github.signIn.placeholder")
    assert not driver.find_element(By.CSS_SELECTOR, SIGN_IN_ERROR).is_displayed()
    check_screen(driver, "github-flow-sign-in")

    # The field is masked; Show and Hide swap its type, the button's pressed state and label.
    show, hide = text("en", "github.signIn.show"), text("en", "github.signIn.hide")
    assert driver.find_element(By.CSS_SELECTOR, TOGGLE).is_displayed()
    assert toggle_state(driver) == ("password", "false", show)
    driver.find_element(By.CSS_SELECTOR, TOGGLE).click()
    assert toggle_state(driver) == ("text", "true", hide)
    driver.find_element(By.CSS_SELECTOR, TOGGLE).click()
    assert toggle_state(driver) == ("password", "false", show)

    # A malformed token: the reason in place, no page load, no request to GitHub, the text kept.
    asked = len(github_api.paths())
    form = refused_sign_in(driver, "ghp_bad")
    assert (form["title"], form["message"]) == (
        text("en", "github.signIn.failedTitle"), text("en", "github.failure.malformedToken.unrecognised"))
    assert form["value"] == "ghp_bad", "the typed token left the field"
    assert form["invalid"] == "true" and form["focused"] and form["type"] == "password", form
    assert page_was_kept(driver) and path_of(driver) == "/github/sign-in", "the refusal came with a page load"
    assert len(github_api.paths()) == asked, "a malformed token was sent to GitHub"
    check_screen(driver, "github-flow-sign-in-error", allow_status=(422,))

    # A good token: the list of the ten most recently updated repositories.
    type_token(driver, stand_in.TOKEN)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).click)
    assert path_of(driver) == "/github"
    assert nav_title(driver) == text("en", "github.list.title")
    assert content(driver.find_element(By.CSS_SELECTOR, ".github-split__list .list-section__header")) == \
        plural("en", "github.list.caption", 10)
    rows = list_rows(driver)
    expected = expected_repositories(github_api)
    assert len(github_api.repositories[stand_in.TOKEN]) == 12 and len(rows) == 10, f"{len(rows)} rows"
    assert [r["name"] for r in rows] == [r["name"] for r in expected], "not the ten most recently updated, in order"
    assert [r["language"] for r in rows] == [r["language"] for r in expected]
    assert [r["stars"] for r in rows] == [f'{r["stargazers_count"]:,}' for r in expected]
    assert [r["starsLabel"] for r in rows] == [
        count_label("en", "stars", r["stargazers_count"], f'{r["stargazers_count"]:,}') for r in expected]
    assert [r["description"] for r in rows] == [r["description"] for r in expected]
    assert [r["href"] for r in rows] == [f'/github/repositories/{r["id"]}' for r in expected]
    assert all(r["updated"] for r in rows), "a row without its update time"
    assert {r["name"]: r["badge"] for r in rows if r["badge"]} == {"notes": text("en", "github.list.private")}
    check_screen(driver, "github-flow-list")

    # GH-3: the detail of hello-appdeck, opened from its row.
    hello = repository(github_api, "hello-appdeck")
    open_repository(driver, "hello-appdeck")
    assert path_of(driver) == f'/github/repositories/{hello["id"]}'
    assert nav_title(driver) == "hello-appdeck"
    facts = detail_facts(driver)
    assert facts["name"] == "octo-appdeck/hello-appdeck"
    assert facts["statOrder"] == ["forks", "stars", "watchers"]
    for kind, count in (("forks", hello["forks_count"]), ("stars", hello["stargazers_count"]),
                        ("watchers", hello["subscribers_count"])):
        assert facts["stats"][kind] == {
            "label": text("en", f"github.detail.stats.{kind}"), "value": f"{count:,}",
            "spoken": count_label("en", kind, count, f"{count:,}")}, kind
    assert (facts["stats"]["forks"]["value"], facts["stats"]["stars"]["value"], facts["stats"]["watchers"]["value"]) == \
        ("56", "1,234", "78")
    assert (facts["licenseLabel"], facts["license"], facts["hasLicense"]) == (
        text("en", "github.detail.license.label"), "MIT License", "true")
    assert facts["link"]["href"] == "https://github.com/octo-appdeck/hello-appdeck"
    assert facts["link"]["target"] == "_blank" and "noopener" in facts["link"]["rel"], facts["link"]
    assert facts["link"]["text"] == text("en", "github.detail.openOnGitHub")

    readme = readme_state(driver)
    assert readme is not None, "no README on the page"
    assert content(driver.find_element(By.ID, "repo-readme-title")) == text("en", "github.detail.readme.title")
    assert readme["tables"] == 1 and readme["headers"] == ["Command", "What it does"], readme
    assert readme["code"] == ['print("Hello")\n'], readme["code"]
    assert readme["ordered"] == 2 and readme["unordered"] == ["with swift build"], readme
    docs = next(link for link in readme["links"] if link["text"] == "the docs")
    assert docs["href"] == "https://github.com/octo-appdeck/hello-appdeck/blob/trunk/docs/guide.md"
    # A folder the branch's git tree names opens GitHub's folder page (issue 22).
    sources = next(link for link in readme["links"] if link["text"] == "the sources")
    assert sources["href"] == "https://github.com/octo-appdeck/hello-appdeck/tree/trunk/Sources/App"
    # The relative image resolves against the README's raw folder and comes through our proxy (issue 22).
    logo = wait(driver).until(lambda d: loaded_images(d) or None)
    assert [(image["alt"], image["loaded"]) for image in logo] == [("Logo", True)], logo
    assert logo[0]["src"].startswith("/github/readme-images/"), logo
    assert readme["placeholders"] == [], readme["placeholders"]
    assert hosts_asked(driver) == [driver.appdeck_base], f"the page asked another host: {hosts_asked(driver)}"
    assert not driver.find_element(By.CSS_SELECTOR, ".github-loading").is_displayed(), "the loading overlay stayed"
    check_screen(driver, "github-flow-detail")

    # Back: the list again, without its loading overlay.
    driver.back()
    wait_ready(driver)
    wait(driver).until(lambda d: path_of(d) == "/github")
    assert [r["name"] for r in list_rows(driver)] == [r["name"] for r in expected]
    assert not driver.find_element(By.CSS_SELECTOR, ".github-loading").is_displayed(), \
        "the loading overlay still covers the list after Back"

    # GH-1: sign out (asked first, issue 37) leads to sign-in, and the list is no longer reachable.
    sign_out = driver.find_element(By.CSS_SELECTOR, SIGN_OUT_BUTTON)
    assert content(sign_out) == text("en", "github.action.signOut")
    navigates(driver, sign_out.click)
    assert path_of(driver) == "/github/sign-out"
    navigates(driver, driver.find_element(By.CSS_SELECTOR, CONFIRM_SIGN_OUT).click)
    assert path_of(driver) == "/github/sign-in"
    assert nav_title(driver) == text("en", "github.signIn.title")
    assert driver.find_element(By.CSS_SELECTOR, TOKEN_FIELD).get_attribute("value") == ""
    visit(driver, "/github")
    assert path_of(driver) == "/github/sign-in"
    visit(driver, f'/github/repositories/{hello["id"]}')
    assert path_of(driver) == "/github/sign-in"


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_refused_token_without_a_script_is_never_written_back(driver):
    """GH-1: without the script, a refused token comes back as the form with the reason, and
    the token is not in the page (the field is empty)."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    load_page(driver, "/github/sign-in")  # no script, so no time-zone report and no reload
    type_token(driver, UNKNOWN_TOKEN)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).click)
    assert path_of(driver) == "/github/sign-in"
    assert response_status(driver) == 401
    error = driver.find_element(By.CSS_SELECTOR, SIGN_IN_ERROR)
    assert error.is_displayed()
    assert content(error) == f'{text("en", "github.signIn.failedTitle")} {text("en", "github.failure.badCredentials")}'
    assert driver.find_element(By.CSS_SELECTOR, TOKEN_FIELD).get_attribute("value") == ""
    assert UNKNOWN_TOKEN not in driver.page_source, "the refused token was written into the page"


# --------------------------------------------------------------------------- README made safe

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_hostile_readme_is_harmless(driver, github_api):
    """GH-3: a README with a script, event handlers, `javascript:` links (plain and encoded) and
    an iframe shows its text and runs none of it."""
    sign_in(driver)
    open_repository(driver, "hostile-readme")
    assert nav_title(driver) == "hostile-readme"
    readme = readme_state(driver)
    assert readme is not None, "no README on the page"
    assert "Plain text survives." in readme["text"]
    assert "Hostile README" in readme["text"]

    dangers = driver.execute_script(
        """
        const body = document.querySelector(arguments[0]);
        const all = [...body.querySelectorAll('*')];
        const urls = [];
        for (const e of all) for (const a of ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data'])
          if (e.hasAttribute(a)) urls.push(e.getAttribute(a));
        return {
          scripts: body.querySelectorAll('script').length,
          handlers: all.flatMap(e => [...e.attributes].filter(a => a.name.toLowerCase().startsWith('on'))
                                                       .map(a => `${e.tagName}[${a.name}]`)),
          javascriptUrls: urls.filter(u => /^\\s*javascript:/i.test(u.replace(/[\\u0000-\\u001f]/g, ''))),
          javascriptLinks: [...body.querySelectorAll('a[href]')].filter(a => a.protocol === 'javascript:').length,
          frames: document.querySelectorAll('iframe, frame, object, embed').length,
          styles: body.querySelectorAll('style, link').length,
        };
        """, README)
    assert dangers == {"scripts": 0, "handlers": [], "javascriptUrls": [], "javascriptLinks": 0, "frames": 0,
                       "styles": 0}, dangers
    assert driver.execute_script("return typeof window.__pwned") == "undefined", "the README ran a script"

    # What a person does with it: a click on each element, the former onclick one included.
    for element in driver.find_elements(By.CSS_SELECTOR, f"{README} *"):
        if element.is_displayed():
            driver.execute_script("arguments[0].click()", element)
    assert path_of(driver) == f'/github/repositories/{repository(github_api, "hostile-readme")["id"]}'
    assert driver.execute_script("return typeof window.__pwned") == "undefined", "a click on the README ran a script"
    assert hosts_asked(driver) == [driver.appdeck_base], f"the page asked another host: {hosts_asked(driver)}"
    # `<img src="x">` goes to the proxy, which finds no image there (502): a placeholder.
    check_screen(driver, "github-hostile-readme", allow_status=(502,))


def test_readme_images_through_the_signed_proxy(driver, github_api):
    """Issue 22 (GH-3): a PNG badge, an SVG badge and a relative screenshot load through our signed
    proxy; a broken image and one that redirects to another loopback port show the drawn
    placeholder with their description, and that port is never asked. Phone and iPad."""
    sign_in(driver)
    open_repository(driver, "game-of-life")
    image = text("en", "github.detail.readme.image")

    def settled(d):
        state = d.execute_script(
            """
            const body = document.querySelector(arguments[0]);
            const images = [...body.querySelectorAll('img')];
            return {
              images: images.map(i => ({alt: i.getAttribute('alt'), src: i.getAttribute('src'), complete: i.complete,
                                        width: i.naturalWidth})),
              placeholders: [...body.querySelectorAll('.readme-image-placeholder')].map(e => ({
                label: e.getAttribute('aria-label'), role: e.getAttribute('role'), text: e.textContent.trim()})),
            };
            """, README)
        done = len(state["placeholders"]) == 2 and all(i["complete"] and i["width"] > 0 for i in state["images"])
        return state if done else None

    state = wait(driver).until(settled)
    assert [i["alt"] for i in state["images"]] == ["Build", "Licence", "Screenshot"], state
    assert all(i["src"].startswith("/github/readme-images/") for i in state["images"]), state
    assert [i["width"] for i in state["images"]] == [90, 84, 320], state
    assert state["placeholders"] == [
        {"label": f"{image}: Broken diagram", "role": "img", "text": f"{image} Broken diagram"},
        {"label": f"{image}: Internal secret", "role": "img", "text": f"{image} Internal secret"},
    ], state["placeholders"]
    assert github_api.internal_requests == [], f"the proxy followed a redirect to loopback: {github_api.internal_requests}"
    assert hosts_asked(driver) == [driver.appdeck_base], f"the page asked another host: {hosts_asked(driver)}"

    # The SVG answers with a sandbox policy; a signature changed by one digit is refused.
    svg = next(i["src"] for i in state["images"] if i["alt"] == "Licence")
    with urllib.request.urlopen(driver.appdeck_base + svg) as response:
        assert response.headers["Content-Type"] == "image/svg+xml"
        assert "sandbox" in response.headers["Content-Security-Policy"]
    signature = svg.split("/")[3].split("?")[0]
    forged = svg.replace(signature, ("0" if signature[0] != "0" else "1") + signature[1:])
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(driver.appdeck_base + forged)
    assert refused.value.code == 403
    check_screen(driver, "github-readme-images", allow_status=(403, 502))
    # The end of the README too, where the placeholders are (below the fold on a phone).
    last = driver.find_elements(By.CSS_SELECTOR, f"{README} .readme-image-placeholder")[-1]
    driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", last)
    shot(driver, "github-readme-images-end")


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_broken_readme_image_is_drawn_without_a_script(driver, github_api):
    """Issue 22 (GH-3): with JavaScript off, an image the proxy cannot serve (broken, or a
    redirect to loopback) still shows the drawn placeholder (the proxy answers with it), keeps its
    description as `alt`, and the images that work load."""
    sign_in(driver)
    open_repository(driver, "game-of-life")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.refresh()

    def settled(d):
        images = d.execute_script(
            """
            return [...document.querySelectorAll(arguments[0] + ' img')].map(i => ({
              alt: i.getAttribute('alt'), complete: i.complete, width: i.naturalWidth, height: i.naturalHeight}));
            """, README)
        return images if len(images) == 5 and all(i["complete"] for i in images) else None

    images = wait(driver).until(settled)
    assert driver.execute_script("return document.querySelectorAll('.readme-image-placeholder').length") == 0
    by_alt = {i["alt"]: (i["width"], i["height"]) for i in images}
    assert by_alt["Broken diagram"] == (96, 72), images
    assert by_alt["Internal secret"] == (96, 72), images
    assert [by_alt[alt][0] for alt in ("Build", "Licence", "Screenshot")] == [90, 84, 320], images
    assert github_api.internal_requests == [], github_api.internal_requests
    broken = driver.find_elements(By.CSS_SELECTOR, f"{README} img[alt='Broken diagram']")[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", broken)
    shot(driver, "github-readme-images-no-script")


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_missing_readme_and_licence(driver, github_api):
    """GH-3: a repository without a README says so; one without a licence says "No license"."""
    sign_in(driver)
    no_readme = repository(github_api, "no-readme")
    assert no_readme["license"] is None
    open_repository(driver, "no-readme")
    assert readme_state(driver) is None
    none = driver.find_element(By.CSS_SELECTOR, ".repo-readme .repo-readme__none")
    assert content(none) == text("en", "github.detail.readme.none")
    facts = detail_facts(driver)
    assert (facts["license"], facts["hasLicense"]) == (text("en", "github.detail.license.none"), "false")
    check_screen(driver, "github-no-readme")

    # index 7 ("website"): no licence, but a README.
    website = repository(github_api, "website")
    assert website["license"] is None
    visit(driver, f'/github/repositories/{website["id"]}')
    facts = detail_facts(driver)
    assert (facts["license"], facts["hasLicense"]) == (text("en", "github.detail.license.none"), "false")
    assert "Just a README." in readme_state(driver)["text"]
    assert not driver.find_elements(By.CSS_SELECTOR, ".repo-readme__none")


# --------------------------------------------------------------------------- failures (GH-4)

def failure_shown(driver, pane: str = "list") -> dict:
    """The failure in place of the list (`pane="list"`) or of the repository (`"detail"`)."""
    section = driver.find_element(By.CSS_SELECTOR, f".github-split__{pane} {FAILURE}")
    action = section.find_element(By.CSS_SELECTOR, ".error-state__actions a")
    return {"title": content(section.find_element(By.CSS_SELECTOR, ".error-state__title")),
            "message": content(section.find_element(By.CSS_SELECTOR, ".error-state__message")),
            "action": content(action), "href": action.get_attribute("href"), "role": section.get_attribute("role")}


def retry(driver, pane: str = "list") -> None:
    """"Try Again" of the failure in place of the list or of the repository."""
    navigates(driver, driver.find_element(By.CSS_SELECTOR, f".github-split__{pane} {FAILURE} .error-state__actions a").click)


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_failures_show_a_reason_and_a_retry(driver, github_api):
    """GH-4: a rate limit (with the time it ends) and a server error on the list and on a
    repository, each with "Try Again" that works once GitHub is back."""
    sign_in(driver)
    hello = repository(github_api, "hello-appdeck")
    retry_title = text("en", "github.action.retry")

    before, after = text("en", "github.failure.rateLimited.until").split("{time}")
    github_api.rate_limited = True
    try:
        visit(driver, "/github")
        assert response_status(driver) == 429
        shown = failure_shown(driver)
        assert shown["title"] == text("en", "github.list.failedTitle")
        assert shown["message"].startswith(before) and shown["message"].endswith(after), shown["message"]
        assert len(shown["message"]) > len(before) + len(after), "the time the limit ends is missing"
        assert (shown["action"], shown["href"], shown["role"]) == (retry_title, driver.appdeck_base + "/github", "alert")
        assert not driver.find_elements(By.CSS_SELECTOR, ROWS)
        check_screen(driver, "github-rate-limited", allow_status=(429,))
    finally:
        github_api.rate_limited = False
    retry(driver)
    assert path_of(driver) == "/github" and len(list_rows(driver)) == 10, "Try Again did not bring the list back"

    github_api.fail_with = 500
    try:
        visit(driver, "/github")
        assert response_status(driver) == 502
        shown = failure_shown(driver)
        assert (shown["title"], shown["message"], shown["action"]) == (
            text("en", "github.list.failedTitle"), text("en", "github.failure.server", status=500), retry_title)
        check_screen(driver, "github-server-error", allow_status=(502,))

        visit(driver, f'/github/repositories/{hello["id"]}')
        shown = failure_shown(driver, "detail")
        assert (shown["title"], shown["message"], shown["action"]) == (
            text("en", "github.detail.failedTitle"), text("en", "github.failure.server", status=500), retry_title)
        assert shown["href"] == driver.appdeck_base + f'/github/repositories/{hello["id"]}'
    finally:
        github_api.fail_with = None
    retry(driver, "detail")
    assert detail_facts(driver)["name"] == "octo-appdeck/hello-appdeck", "Try Again did not bring the repository back"


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_revoked_token_leads_back_to_sign_in(driver, github_api):
    """GH-1, GH-4: a token GitHub stops accepting sends the list to sign-in with the reason."""
    sign_in(driver)
    user = github_api.users.pop(stand_in.TOKEN)
    try:
        visit(driver, "/github")
        assert path_of(driver) == "/github/sign-in?reason=badCredentials"
        form = sign_in_form(driver)
        assert form["errorShown"] and (form["title"], form["message"]) == (
            text("en", "github.signIn.failedTitle"), text("en", "github.failure.badCredentials"))
    finally:
        github_api.users[stand_in.TOKEN] = user
    visit(driver, "/github")
    assert path_of(driver) == "/github/sign-in", "a refused token was kept"


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_empty_account_and_refused_token(driver):
    """GH-1, GH-4: an unknown token is refused in place (text kept); an account without
    repositories shows the empty state."""
    visit(driver, "/github/sign-in")
    form = refused_sign_in(driver, UNKNOWN_TOKEN)
    assert (form["title"], form["message"]) == (
        text("en", "github.signIn.failedTitle"), text("en", "github.failure.badCredentials"))
    assert form["value"] == UNKNOWN_TOKEN and page_was_kept(driver)
    check_screen(driver, "github-bad-credentials", allow_status=(401,))

    sign_in(driver, stand_in.EMPTY_TOKEN)
    empty = driver.find_element(By.CSS_SELECTOR, ".github-split__list .empty-state")
    assert content(empty.find_element(By.CSS_SELECTOR, ".empty-state__title")) == text("en", "github.list.emptyTitle")
    assert content(empty.find_element(By.CSS_SELECTOR, ".empty-state__message")) == text("en", "github.list.empty")
    assert not driver.find_elements(By.CSS_SELECTOR, ROWS)
    assert driver.find_element(By.CSS_SELECTOR, SIGN_OUT_BUTTON).is_displayed(), "no way out of an empty account"
    check_screen(driver, "github-empty")


# --------------------------------------------------------------------------- GH-6: kept per device

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_sign_in_survives_a_restart(browser, jsonplaceholder, github_api, tmp_path):
    """GH-6: the token is kept for the device (encrypted on disk), so the same browser profile
    sees the list after the server restarts on the same data; another profile is signed out."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    profile = browser.new_profile_dir()
    with running_appdeck(jsonplaceholder.url, "server-github-restart", github_api_url=github_api.url,
                         data_dir=data_dir) as first:
        driver = browser(profile)
        driver.appdeck_base = first.url
        sign_in(driver)
        before = list_rows(driver)
        assert len(before) == 10
        browser.quit(driver)  # the cookie goes to the profile on disk

    stored = [path for path in data_dir.rglob("*") if path.is_file()]
    assert stored, "nothing was written to the data directory"
    for path in stored:
        assert stand_in.TOKEN.encode() not in path.read_bytes(), f"the token is stored in clear in {path}"
    assert stand_in.TOKEN.encode() not in first.log.read_bytes(), f"the token is in the server's log {first.log}"

    with running_appdeck(jsonplaceholder.url, "server-github-restart-2", github_api_url=github_api.url,
                         data_dir=data_dir) as second:
        driver = browser(profile)
        driver.appdeck_base = second.url  # a new port: cookies are per host, so the device is the same
        visit(driver, "/github")
        assert path_of(driver) == "/github", "the sign-in did not survive the restart"
        assert list_rows(driver) == before

        other = browser()
        other.appdeck_base = second.url
        visit(other, "/github")
        assert path_of(other) == "/github/sign-in", "another device is signed in with this one's token"
    assert stand_in.TOKEN.encode() not in second.log.read_bytes(), f"the token is in the server's log {second.log}"


# --------------------------------------------------------------------------- accessibility and language

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_every_button_and_link_has_a_name(driver, github_api):
    """GH-7: every button and link of sign-in, the list and a repository has an accessible name."""
    visit(driver, "/github/sign-in")
    driver.find_element(By.CSS_SELECTOR, TOGGLE).click()  # its name after a change, too
    screens = {"sign-in": accessible_names(driver)}
    sign_in(driver)
    screens["list"] = accessible_names(driver)
    open_repository(driver, "hello-appdeck")
    screens["detail"] = accessible_names(driver)
    for screen, names in screens.items():
        assert names, f"no buttons or links on {screen}?"
        assert all(name.strip() for _, name in names), f"unnamed on {screen}: {names}"
    assert ("button", text("en", "github.signIn.hide")) in screens["sign-in"]
    assert ("button", text("en", "github.signIn.button")) in screens["sign-in"]
    # Sign Out leads to its question first (issue 37): a link; the question's red button posts.
    assert ("link", text("en", "github.action.signOut")) in screens["list"]
    assert ("link", text("en", "github.detail.openOnGitHub")) in screens["detail"]


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_russian_browser(driver):
    """GH-7: a browser asking for Russian gets the sign-in screen and the list in Russian."""
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "ru-RU,ru"})
    visit(driver, "/github")
    assert driver.execute_script("return navigator.language") == "ru-RU"
    assert path_of(driver) == "/github/sign-in" and html_lang(driver) == "ru"
    assert nav_title(driver) == text("ru", "github.signIn.title")
    assert content(driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON)) == text("ru", "github.signIn.button")
    check_screen(driver, "github-ru-sign-in")

    type_token(driver, stand_in.TOKEN)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, SIGN_IN_BUTTON).click)
    assert path_of(driver) == "/github" and html_lang(driver) == "ru"
    assert nav_title(driver) == text("ru", "github.list.title")
    assert driver.title == f'{text("ru", "github.list.title")} – {text("ru", "github.title")}'
    assert content(driver.find_element(By.CSS_SELECTOR, ".github-split__list .list-section__header")) == \
        plural("ru", "github.list.caption", 10)
    assert content(driver.find_element(By.CSS_SELECTOR, SIGN_OUT_BUTTON)) == text("ru", "github.action.signOut")
    check_screen(driver, "github-ru-list")


# --------------------------------------------------------------------------- GH-5: every size

def layout(driver) -> dict:
    """Overflow, tap targets under 44 px, the navigation title, and where list and detail are."""
    return driver.execute_script(
        """
        const seen = e => !!e && e.checkVisibility({visibilityProperty: true}) && e.getBoundingClientRect().height > 0;
        const rect = e => { const r = e.getBoundingClientRect();
                            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
        const targets = 'button, a.button, .cell__button, .repo-row__link, .repo-facts > li, .nav-bar__back';
        const small = [...document.querySelectorAll(targets)].filter(seen)
          .filter(e => e.getBoundingClientRect().height < 44 - 0.01)
          .map(e => e.outerHTML.slice(0, 100) + ' height=' + e.getBoundingClientRect().height);
        const title = document.querySelector('header.nav-bar .nav-bar__title');
        const list = document.querySelector('.github-split__list'), detail = document.querySelector('.github-split__detail');
        return {
          scrollWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth, small,
          title: {seen: seen(title), box: rect(title), cut: title.scrollWidth > title.clientWidth + 0.5},
          list: list && seen(list) ? rect(list) : null, detail: detail && seen(detail) ? rect(detail) : null,
        };
        """)


def layout_problems(driver, name: str, screen: str, title: str, fixed_title: bool) -> list[str]:
    """What is wrong with the screen at this size (an empty list when nothing): `check_screen`'s
    findings, sideways overflow, tap targets under 44 px, a navigation title out of sight, or cut
    when it is one of the app's own (`fixed_title`; a repository's name may be cut, by design)."""
    where = f"{screen} at {name}"
    problems = []
    try:
        check_screen(driver, screen)  # the screenshot first, whatever else fails
    except AssertionError as error:
        problems.append(str(error))
    measured = layout(driver)
    if measured["scrollWidth"] > measured["innerWidth"]:
        problems.append(f"horizontal overflow {where}: scrollWidth {measured['scrollWidth']} > {measured['innerWidth']}")
    if measured["small"]:
        problems.append(f"tap targets under 44 px {where}: {measured['small']}")
    if nav_title(driver) != title:
        problems.append(f"the navigation title is {nav_title(driver)!r}, not {title!r}, {where}")
    box = measured["title"]["box"]
    if not (measured["title"]["seen"] and box["width"] > 0 and box["left"] >= 0
            and box["right"] <= measured["innerWidth"] and box["top"] >= 0):
        problems.append(f"the navigation title is not in sight {where}: {measured['title']}")
    if fixed_title and measured["title"]["cut"]:
        problems.append(f"the navigation title {title!r} is cut (ellipsis) {where}")
    return problems


def split_problems(driver, name: str, viewport, repository_id: int) -> list[str]:
    """GH-5 on a repository: list and detail side by side on an iPad in landscape; on a phone the
    detail alone."""
    measured = layout(driver)
    list_box, detail_box = measured["list"], measured["detail"]
    if detail_box is None:
        return [f"the detail is not shown at {name}"]
    if name == "ipad-landscape":
        if list_box is None:
            return ["no list beside the detail on an iPad in landscape"]
        problems = []
        if list_box["right"] > detail_box["left"]:
            problems.append(f"the list is not left of the detail: {list_box} {detail_box}")
        if abs(list_box["top"] - detail_box["top"]) > 1:
            problems.append(f"list and detail are not side by side: {list_box} {detail_box}")
        selected = driver.find_elements(By.CSS_SELECTOR, ".github-split__list a[aria-current=page]")
        if len(selected) != 1 or not selected[0].is_displayed() or \
                not selected[0].get_attribute("href").endswith(f"/{repository_id}"):
            problems.append("the open repository is not marked in the list beside it")
        return problems
    if viewport.mobile and list_box is not None:
        return [f"the list shows beside the detail on a phone ({name})"]
    return []


def test_every_screen_at_every_size(server, github_api):
    """GH-5: sign-in, list and repository at all ten sizes: nothing sideways, tap targets of
    44 px, the title in sight; list and detail side by side on an iPad in landscape, the detail
    alone on a phone. Every size is walked before failing, so every screenshot is saved:
    e2e/artifacts/github-{sign-in,list,detail}-<size>.png."""
    walker = Walker(server.url)
    problems: list[str] = []
    try:
        for name, viewport in ALL_VIEWPORTS.items():
            driver = walker.at(viewport, "/github")
            assert path_of(driver) == "/github/sign-in"
            problems += layout_problems(driver, name, "github-sign-in", text("en", "github.signIn.title"), True)

        sign_in(walker.driver)
        hello = repository(github_api, "hello-appdeck")
        for name, viewport in ALL_VIEWPORTS.items():
            driver = walker.at(viewport, "/github")
            assert len(list_rows(driver)) == 10, name
            problems += layout_problems(driver, name, "github-list", text("en", "github.list.title"), True)
            if layout(driver)["list"] is None:
                problems.append(f"the list is not shown at {name}")

            driver = walker.at(viewport, f'/github/repositories/{hello["id"]}')
            problems += layout_problems(driver, name, "github-detail", "hello-appdeck", False)
            problems += split_problems(driver, name, viewport, hello["id"])
    finally:
        walker.close()
    assert not problems, f"{len(problems)} layout problems:\n  " + "\n  ".join(problems)
