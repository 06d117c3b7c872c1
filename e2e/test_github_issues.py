"""The GitHub viewer's issues, pull requests, search and stars (issue 49) against `github_api.py`:
from a repository to its issues (pull requests left out), open and closed on the segmented
control, an issue with labels in their colours (text that keeps AA contrast) and its body and
comments made safe, at 320x568 and on an iPad in en/ru/pl with axe clean; the pull requests; a
search from the list's field with GitHub's qualifiers passed through; star and unstar, and the
token that cannot."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import check_screen, content, html_lang, navigates, path_of, text, wait, walk_sizes
from layout_metrics import choose_language
from test_github import nav_title, open_repository, sign_in, visit

REPOSITORY = "/github/repos/octo-appdeck/hello-appdeck"
ISSUES = f"{REPOSITORY}/issues"
LANGUAGES = ("en", "ru", "pl")


def numbers(driver) -> list[str]:
    return [content(e) for e in driver.find_elements(By.CSS_SELECTOR, "ul.issue-list .issue-row__number")]


def labels(driver, scope: str) -> list[dict]:
    """Each label chip under `scope`: its name, colours and WCAG contrast as drawn."""
    return driver.execute_script(
        """
        const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
        const luminance = rgb => { const [r, g, b] = rgb.match(/\\d+/g).map(Number);
                                   return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); };
        return [...document.querySelectorAll(arguments[0] + ' .issue-label')].map(chip => {
          const style = getComputedStyle(chip);
          const [a, b] = [luminance(style.backgroundColor), luminance(style.color)];
          return {name: chip.textContent, background: style.backgroundColor, color: style.color,
                  contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
        });
        """, scope)


def test_issues_list_leaves_pull_requests_out(driver, github_api):
    """From the repository's screen to its open issues (the pull request the issues endpoint lists
    is left out), to the closed ones by the segmented control's link, and to the pull requests."""
    sign_in(driver)
    open_repository(driver, "hello-appdeck")
    cell = driver.find_element(By.CSS_SELECTOR, "a.repo-issues-link")
    assert content(cell) == text("en", "github.issues.issues.title")
    navigates(driver, cell.click)
    assert path_of(driver) == ISSUES
    assert nav_title(driver) == text("en", "github.issues.issues.title")
    assert numbers(driver) == ["#7", "#6"]
    assert any(p.startswith("/repos/octo-appdeck/hello-appdeck/issues?state=open") for p in github_api.paths())
    title = driver.find_element(By.CSS_SELECTOR, ".issue-row__title")
    assert content(title) == "Crash on <launch> when the greeting is long"
    check_screen(driver, "github-issues-open")

    closed = next(a for a in driver.find_elements(By.CSS_SELECTOR, ".segmented__item") if content(a) == text("en", "github.issues.state.closed"))
    navigates(driver, closed.click)
    assert path_of(driver) == f"{ISSUES}?state=closed"
    assert numbers(driver) == ["#5"]
    check_screen(driver, "github-issues-closed")

    visit(driver, f"{REPOSITORY}/pulls")
    assert numbers(driver) == ["#8"]
    assert any(p.startswith("/repos/octo-appdeck/hello-appdeck/pulls?state=open") for p in github_api.paths())
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.issue-row__link").click)
    assert path_of(driver) == f"{REPOSITORY}/pulls/8"
    assert nav_title(driver) == text("en", "github.issue.title.pulls", number="8")
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar a.nav-bar__back").get_attribute("href").endswith(f"{REPOSITORY}/pulls")
    check_screen(driver, "github-pull")


def test_an_issue_with_labels_in_three_languages(walker, github_api):
    """An issue at 320x568 and on an iPad in English, Russian and Polish: labels in their colours
    with text at 4.5:1 or more, a colour that is not one drawn grey, its body and comments made
    safe (no script runs), its picture through the proxy; axe clean at every spot-checked size."""
    driver = walker.driver
    sign_in(driver)
    for lang in LANGUAGES:
        choose_language(driver, lang)
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        visit(driver, f"{ISSUES}/7")
        assert html_lang(driver) == lang
        assert nav_title(driver) == text(lang, "github.issue.title.issues", number="7")
        chips = labels(driver, ".issue-header")
        assert [c["name"] for c in chips] == ["bug", "good first issue", "needs triage", "hostile"], chips
        assert all(c["contrast"] >= 4.5 for c in chips), chips
        assert chips[0]["background"] == "rgb(215, 58, 74)", chips
        assert chips[1]["color"] == "rgb(255, 255, 255)", chips  # 7057ff: white reads better
        assert chips[3]["background"] == "rgb(237, 237, 237)", chips  # not a colour: grey
        assert driver.execute_script("return window.__pwned === undefined"), "a script in the issue ran"
        picture = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#issue-body img"))
        assert picture.get_attribute("src").split("/github/")[1].startswith("readme-images/"), picture.get_attribute("src")
        bylines = [content(e) for e in driver.find_elements(By.CSS_SELECTOR, ".issue-comment__byline")]
        assert len(bylines) == 2 and bylines[0].startswith("octo-appdeck") and bylines[1].startswith(text(lang, "github.issues.unknownAuthor"))
        assert content(driver.find_element(By.CSS_SELECTOR, "#comment-7000-body strong")) == "Confirmed"
        walk_sizes(driver, f"github-issue-{lang}")  # screenshots at 320x568 and the iPad, axe at each
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        visit(driver, ISSUES)
        rows = labels(driver, "ul.issue-list")
        assert rows and all(c["contrast"] >= 4.5 for c in rows), rows
        walk_sizes(driver, f"github-issues-{lang}")


def test_search_from_the_list(driver, github_api):
    """The list's search field is a real form: Enter opens the results with the query kept, the
    qualifiers reach GitHub as typed, a result opens in the same viewer; a qualifier GitHub does
    not know is explained; no match is said."""
    sign_in(driver)
    field = driver.find_element(By.CSS_SELECTOR, "form[role=search] input[name=q]")
    assert content(driver.find_element(By.CSS_SELECTOR, "label[for=github-search-query]")) == text("en", "github.search.field")
    field.send_keys("hello language:swift")
    navigates(driver, lambda: field.send_keys(Keys.ENTER))
    assert path_of(driver).startswith("/github/search?q=hello")
    asked = [p for p in github_api.paths() if p.startswith("/search/repositories")]
    assert asked and parse_qs(urlsplit(asked[-1]).query)["q"] == ["hello language:swift"], asked
    assert driver.find_element(By.CSS_SELECTOR, "form[role=search] input[name=q]").get_attribute("value") == "hello language:swift"
    names = [content(e) for e in driver.find_elements(By.CSS_SELECTOR, ".repo-row__name")]
    assert names == ["hello-appdeck"], names
    check_screen(driver, "github-search-results")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.repo-row__link").click)
    assert content(driver.find_element(By.CSS_SELECTOR, ".repo-detail__name")) == "octo-appdeck/hello-appdeck"

    visit(driver, "/github/search?q=hello+nonsense%3Ax")
    assert content(driver.find_element(By.CSS_SELECTOR, ".empty-state__title")) == text("en", "github.search.invalidTitle")
    check_screen(driver, "github-search-invalid", allow_status=(422,))
    visit(driver, "/github/search?q=nothing-matches-this")
    assert content(driver.find_element(By.CSS_SELECTOR, ".empty-state__title")) == text("en", "github.search.emptyTitle")
    check_screen(driver, "github-search-empty")


def test_star_and_unstar(driver, github_api):
    """Star posts a form and comes back to the repository, now offering Unstar; Unstar undoes it;
    a token GitHub does not let star is told so plainly."""
    github_api.starred.discard("octo-appdeck/hello-appdeck")
    github_api.star_refused = False
    sign_in(driver)
    open_repository(driver, "hello-appdeck")
    detail = path_of(driver)
    button = driver.find_element(By.CSS_SELECTOR, ".repo-star__button")
    assert content(button) == text("en", "github.star.star")
    navigates(driver, button.click)
    assert path_of(driver) == detail
    assert "octo-appdeck/hello-appdeck" in github_api.starred
    assert content(driver.find_element(By.CSS_SELECTOR, ".repo-star__button")) == text("en", "github.star.unstar")
    check_screen(driver, "github-starred")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".repo-star__button").click)
    assert "octo-appdeck/hello-appdeck" not in github_api.starred
    assert content(driver.find_element(By.CSS_SELECTOR, ".repo-star__button")) == text("en", "github.star.star")

    github_api.star_refused = True
    try:
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".repo-star__button").click)
        assert path_of(driver) == f"{detail}?star=refused"
        assert content(driver.find_element(By.CSS_SELECTOR, ".repo-star__message")) == text("en", "github.star.cannot")
        check_screen(driver, "github-star-refused")
    finally:
        github_api.star_refused = False
