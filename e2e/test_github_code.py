"""The GitHub viewer's code and history (issue 49) against `github_api.py`: browse from a
repository to a file and back through the navigation bar's back items (breadcrumbs), a folder's
README under its entries, a file at every size in en/ru/pl (long lines scroll inside the code
and never the page, `#L42` scrolls to its line and marks it), Markdown with its Preview / Code
toggle, binary and large files named without being fetched, another branch from the picker, a
commit's diff coloured, and a file seen before opened with the server process stopped."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

import github_api as stand_in
from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import check_screen, content, html_lang, navigates, path_of, shot, text, wait, walk_sizes
from layout_metrics import choose_language
from test_github import nav_title, open_repository, sign_in, visit
from test_offline import all_saved, appdeck, controlled, load, offline_bar, offline_setup  # noqa: F401 (a fixture)

REPOSITORY = "/github/repos/octo-appdeck/hello-appdeck"
MAIN_SWIFT = f"{REPOSITORY}/blob?path=Sources/App/main.swift"
LANGUAGES = ("en", "ru", "pl")


# --------------------------------------------------------------------------- steps

def back_item(driver) -> dict:
    """The navigation bar's back item: where it leads and the previous screen's title it carries."""
    return driver.execute_script(
        """
        const back = document.querySelector('header.nav-bar a.nav-bar__back');
        return back && {href: back.getAttribute('href'), label: back.querySelector('.nav-bar__back-label').textContent.trim(),
                        name: back.getAttribute('aria-label')};
        """)


def go_back(driver) -> None:
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "header.nav-bar a.nav-bar__back").click)


def entries(driver) -> list[dict]:
    """The folder's rows: name, kind and size as shown."""
    return driver.execute_script(
        """
        return [...document.querySelectorAll('ul.code-entries li.code-entry')].map(li => ({
          name: li.querySelector('.code-entry__name').textContent, kind: li.dataset.kind,
          size: li.querySelector('.code-entry__size')?.textContent ?? null}));
        """)


def open_entry(driver, name: str) -> None:
    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, "ul.code-entries a.code-entry__link")
                if content(a.find_element(By.CSS_SELECTOR, ".code-entry__name")) == name)
    navigates(driver, link.click)


def code_layout(driver) -> dict:
    """The code block against the page: its widths, whether it scrolls sideways by itself, and
    the page's own width and sideways scroll after the block was scrolled."""
    return driver.execute_script(
        """
        const view = document.querySelector('.code-view');
        const before = view.scrollLeft;
        view.scrollLeft = 400;
        const scrolled = view.scrollLeft;
        view.scrollLeft = before;
        const page = document.scrollingElement;
        return {viewScrollWidth: view.scrollWidth, viewClientWidth: view.clientWidth, scrolled,
                pageScrollWidth: page.scrollWidth, innerWidth, pageScrollX: scrollX,
                viewRight: view.getBoundingClientRect().right};
        """)


def line_text(driver, number: int) -> str:
    """Line `number`'s code, without its number."""
    return driver.find_element(By.CSS_SELECTOR, f"#L{number} .code-line__text").get_attribute("textContent")


def targeted_line(driver) -> dict | None:
    """The line `:target` marks: its id, whether it is in sight below the navigation bar, its colour."""
    return driver.execute_script(
        """
        const line = document.querySelector('.code-line:target');
        if (!line) return null;
        const box = line.getBoundingClientRect();
        const bar = document.querySelector('header.nav-bar').getBoundingClientRect();
        return {id: line.id, inSight: box.top >= bar.bottom - 1 && box.bottom <= innerHeight,
                background: getComputedStyle(line).backgroundColor, number: line.querySelector('a').textContent};
        """)


def assert_scrolls_inside(driver, where: str) -> None:
    measured = code_layout(driver)
    assert measured["viewScrollWidth"] > measured["viewClientWidth"], f"{where}: the long line does not overflow its block: {measured}"
    assert measured["scrolled"] > 0, f"{where}: the code block does not scroll sideways: {measured}"
    assert measured["pageScrollWidth"] <= measured["innerWidth"], f"{where}: the page scrolls sideways: {measured}"
    assert measured["pageScrollX"] == 0 and measured["viewRight"] <= measured["innerWidth"] + 0.5, f"{where}: {measured}"


def requested_contents(github_api, path: str) -> list[str]:
    """The API requests the server made for the contents of `path` of hello-appdeck."""
    return [p for p in github_api.paths() if p.split("?")[0] == f"/repos/octo-appdeck/hello-appdeck/contents/{path}"]


def assert_folder_readme(driver) -> None:
    """`Sources/README.md` under the folder's entries, as GitHub shows it: its name over it, its
    Markdown rendered by the README pipeline (no script ran, its relative link to GitHub at the
    branch, its picture through the image proxy)."""
    readme = driver.find_element(By.CSS_SELECTOR, "section.code-readme")
    assert content(readme.find_element(By.CSS_SELECTOR, "h2")) == "README.md"
    assert content(readme.find_element(By.CSS_SELECTOR, ".markdown-body h1")) == "Sources"
    assert driver.execute_script(
        "return document.querySelector('ul.code-entries').compareDocumentPosition(arguments[0]) & Node.DOCUMENT_POSITION_FOLLOWING",
        readme), "the README is not under the entries"
    assert readme.find_element(By.CSS_SELECTOR, ".markdown-body a").get_attribute("href") == \
        "https://github.com/octo-appdeck/hello-appdeck/blob/trunk/Sources/App/main.swift"
    wait(driver).until(lambda d: d.execute_script(
        "const i = document.querySelector('.code-readme img'); return !!i && i.complete && i.naturalWidth === 320"))
    assert readme.find_element(By.CSS_SELECTOR, "img").get_attribute("src").startswith(driver.appdeck_base + "/github/readme-images/")
    assert driver.execute_script("return window.__pwned") is None


# --------------------------------------------------------------------------- browse

def test_browse_to_a_file_and_back(driver, github_api):
    """From a repository to its code, down to a file and back up again by the back items, each
    the previous level's title; folders first, then files."""
    sign_in(driver)
    open_repository(driver, "hello-appdeck")
    code = driver.find_element(By.CSS_SELECTOR, "a.repo-code-link")
    assert content(code) == text("en", "github.code.title")
    navigates(driver, code.click)
    assert path_of(driver) == f"{REPOSITORY}/tree"
    assert nav_title(driver) == text("en", "github.code.title")
    assert back_item(driver)["label"] == "hello-appdeck"
    shown = entries(driver)
    assert [e["name"] for e in shown] == ["data", "docs", "images", "Sources", "tools", "Package.swift", "README.md"], shown
    assert [e["kind"] for e in shown[:5]] == ["folder"] * 5 and all(e["size"] is None for e in shown[:5])
    assert shown[-1]["size"] == f"{len(stand_in.README.encode())} B", shown[-1]
    assert content(driver.find_element(By.CSS_SELECTOR, ".code-reference__name")) == "trunk"
    check_screen(driver, "github-code-root")

    open_entry(driver, "Sources")
    assert nav_title(driver) == "Sources" and back_item(driver)["label"] == text("en", "github.code.title")
    assert_folder_readme(driver)
    check_screen(driver, "github-code-folder-readme")
    open_entry(driver, "App")
    assert nav_title(driver) == "App" and back_item(driver)["label"] == "Sources"
    open_entry(driver, "main.swift")
    assert path_of(driver) == MAIN_SWIFT
    assert nav_title(driver) == "main.swift" and back_item(driver)["label"] == "App"
    lines = driver.find_elements(By.CSS_SELECTOR, ".code-view .code-line")
    assert len(lines) == 60
    assert line_text(driver, 4) == 'let greeting = "<b>Hello</b>, AppDeck & friends"'
    assert not driver.find_elements(By.CSS_SELECTOR, ".code-view b"), "markup in the code became elements"
    assert content(driver.find_element(By.CSS_SELECTOR, ".code-file__facts")).startswith("60 lines · ")
    check_screen(driver, "github-code-file")

    go_back(driver)
    assert nav_title(driver) == "App"
    go_back(driver)
    assert nav_title(driver) == "Sources"
    go_back(driver)
    assert nav_title(driver) == text("en", "github.code.title")
    go_back(driver)
    assert path_of(driver).startswith("/github/repositories/")
    assert content(driver.find_element(By.CSS_SELECTOR, ".repo-detail__name")) == "octo-appdeck/hello-appdeck"


def test_a_file_at_every_size_in_three_languages(walker):
    """A file at 320x568 and on an iPad, in English, Russian and Polish: the long line scrolls
    inside the code, never the page; `#L42` opens at line 42, marked; at all ten sizes nothing
    sticks out sideways, axe finds nothing serious, screenshots of each."""
    driver = walker.driver
    sign_in(driver)
    for lang in LANGUAGES:
        choose_language(driver, lang)
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        visit(driver, MAIN_SWIFT)
        assert html_lang(driver) == lang
        assert back_item(driver)["label"] == "App"
        assert driver.find_element(By.CSS_SELECTOR, ".code-view").get_attribute("aria-label") == \
            text(lang, "github.file.codeLabel", name="main.swift")
        for size in ("se", "ipad"):
            apply_viewport(driver, ALL_VIEWPORTS[size])
            wait(driver).until(lambda d: d.execute_script("return innerWidth") == ALL_VIEWPORTS[size].width)
            assert_scrolls_inside(driver, f"{lang} at {size}")
            visit(driver, MAIN_SWIFT + "#L42")
            wait(driver).until(lambda d: (targeted_line(d) or {}).get("inSight"))
            line = targeted_line(driver)
            assert line["id"] == "L42" and line["number"] == "42", line
            assert line["background"] == "rgb(255, 248, 197)", line
            shot(driver, f"github-code-line42-{lang}")
        walk_sizes(driver, f"github-code-file-{lang}")


def test_a_swift_file_is_highlighted(driver, github_api):
    """The Swift file's keywords in their class and colour, served from highlight.css, the text
    itself unchanged: a keyword's colour is not the plain code's."""
    sign_in(driver)
    visit(driver, MAIN_SWIFT)
    keywords = driver.find_elements(By.CSS_SELECTOR, ".code-view .code-line__text .hl-k")
    assert keywords, "no keyword highlighted"
    assert {content(k) for k in keywords} >= {"let"}, [content(k) for k in keywords][:10]
    colours = driver.execute_script(
        """
        const keyword = document.querySelector('.code-view .hl-k');
        const line = keyword.closest('.code-line__text');
        return {keyword: getComputedStyle(keyword).color, plain: getComputedStyle(line).color};
        """)
    assert colours["keyword"] != colours["plain"], colours
    assert colours["keyword"] == "rgb(207, 34, 46)", colours  # HighlightStylesheet's light keyword colour
    assert line_text(driver, 4) == 'let greeting = "<b>Hello</b>, AppDeck & friends"'
    assert len(driver.find_elements(By.CSS_SELECTOR, ".code-view .code-line")) == 60
    assert not driver.find_elements(By.CSS_SELECTOR, ".code-file__note"), "a small file was cut"
    shot(driver, "github-code-highlighted")


def test_markdown_with_its_code_toggle(driver, github_api):
    """A Markdown file is rendered by the README pipeline (the same sanitizer: no script runs;
    the same image proxy); "Code" shows its source as lines, and "Preview" comes back: plain
    links, as without a script."""
    sign_in(driver)
    visit(driver, f"{REPOSITORY}/blob?path=docs/guide.md")
    body = driver.find_element(By.CSS_SELECTOR, ".github-code--file .markdown-body")
    assert content(body.find_element(By.TAG_NAME, "h1")) == "Guide"
    assert driver.execute_script("return window.__pwned") is None
    wait(driver).until(lambda d: d.execute_script(
        "const i = document.querySelector('.markdown-body img'); return !!i && i.complete && i.naturalWidth > 0"))
    assert driver.find_element(By.CSS_SELECTOR, ".markdown-body img").get_attribute("src").startswith(
        driver.appdeck_base + "/github/readme-images/")
    segments = driver.find_elements(By.CSS_SELECTOR, "nav.segmented a.segmented__item")
    assert [content(s) for s in segments] == [text("en", "github.file.view.preview"), text("en", "github.file.view.code")]
    assert segments[0].get_attribute("aria-current") == "true"
    check_screen(driver, "github-code-markdown")

    navigates(driver, segments[1].click)
    assert path_of(driver).endswith("&view=code")
    assert line_text(driver, 1) == "# Guide"
    assert "<script>" in content(driver.find_element(By.CSS_SELECTOR, ".code-view"))
    assert driver.execute_script("return window.__pwned") is None
    check_screen(driver, "github-code-markdown-source")
    navigates(driver, driver.find_elements(By.CSS_SELECTOR, "nav.segmented a.segmented__item")[0].click)
    assert driver.find_elements(By.CSS_SELECTOR, ".markdown-body h1")


def test_pictures_binary_and_large_files(driver, github_api):
    """A picture through the image proxy; a binary file and one over 1 MB named, with the link
    to GitHub, their bytes never asked of the API."""
    sign_in(driver)
    visit(driver, f"{REPOSITORY}/blob?path=images/logo.png")
    wait(driver).until(lambda d: d.execute_script(
        "const i = document.querySelector('.code-image img'); return !!i && i.complete && i.naturalWidth === 320"))
    assert driver.find_element(By.CSS_SELECTOR, ".code-image img").get_attribute("alt") == "logo.png"
    check_screen(driver, "github-code-image")
    for path, reason in (("tools/archive.zip", "binary"), ("data/huge.log", "tooLarge")):
        visit(driver, f"{REPOSITORY}/blob?path={path}")
        assert content(driver.find_element(By.CSS_SELECTOR, ".code-not-shown .empty-state__title")) == \
            text("en", f"github.file.{reason}.title")
        link = driver.find_element(By.CSS_SELECTOR, ".code-not-shown a.button")
        assert link.get_attribute("href") == f"https://github.com/octo-appdeck/hello-appdeck/blob/trunk/{path}"
        check_screen(driver, f"github-code-{reason}")
    assert requested_contents(github_api, "images/logo.png") == []
    assert requested_contents(github_api, "tools/archive.zip") == []
    assert requested_contents(github_api, "data/huge.log") == []


def test_another_branch_from_the_picker(driver, github_api):
    """The branch cell opens the picker (default branch first and marked, the tag below); a
    branch opens its code at the root."""
    sign_in(driver)
    visit(driver, f"{REPOSITORY}/tree")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.code-reference").click)
    assert nav_title(driver) == text("en", "github.references.title")
    names = [content(e) for e in driver.find_elements(By.CSS_SELECTOR, ".code-reference-row__name")]
    assert names == ["trunk", "dev", "v1.0"]
    current = driver.find_element(By.CSS_SELECTOR, ".code-reference-row__link[aria-current='true']")
    assert content(current.find_element(By.CSS_SELECTOR, ".code-reference-row__name")) == "trunk"
    check_screen(driver, "github-code-references")
    dev = next(a for a in driver.find_elements(By.CSS_SELECTOR, ".code-reference-row__link")
               if content(a.find_element(By.CSS_SELECTOR, ".code-reference-row__name")) == "dev")
    navigates(driver, dev.click)
    assert path_of(driver) == f"{REPOSITORY}/tree?ref=dev"
    assert [e["name"] for e in entries(driver)] == ["notes.txt", "README.md"]
    assert content(driver.find_element(By.CSS_SELECTOR, ".code-reference__name")) == "dev"


def test_a_missing_file_explains_itself(driver, github_api):
    sign_in(driver)
    visit(driver, f"{REPOSITORY}/blob?path=nothing/here.txt")
    assert content(driver.find_element(By.CSS_SELECTOR, ".github-failure .error-state__message")) == \
        text("en", "github.failure.notFoundPath")
    check_screen(driver, "github-code-missing", allow_status=(404,))


# --------------------------------------------------------------------------- history

def test_a_commits_diff(driver, github_api):
    """The repository's commits (first line, author, relative date), one commit's files with
    their status and counts, its diff coloured by line, markup shown as text, the long line
    scrolling inside the diff."""
    sign_in(driver)
    open_repository(driver, "hello-appdeck")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".repo-detail a.code-commits-link").click)
    assert nav_title(driver) == text("en", "github.commits.title")
    headlines = [content(e) for e in driver.find_elements(By.CSS_SELECTOR, ".commit-row__headline")]
    assert headlines == ["Greet with <b>markup</b>", "Add the guide", "Initial commit"]
    authors = [content(e) for e in driver.find_elements(By.CSS_SELECTOR, ".commit-row__author")]
    assert authors == ["octo-appdeck", "Someone Else", "octo-appdeck"]
    check_screen(driver, "github-commits")

    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".commit-row__link").click)
    assert nav_title(driver) == text("en", "github.commit.title", sha=stand_in.COMMITS[0]["sha"][:7])
    assert back_item(driver)["label"] == text("en", "github.commits.title")
    assert content(driver.find_element(By.CSS_SELECTOR, ".commit-header__headline")) == "Greet with <b>markup</b>"
    kinds = driver.execute_script(
        "return [...document.querySelectorAll('.commit-file')].map(f => [f.dataset.status,"
        " [...f.querySelectorAll('.diff-line')].map(l => l.className.replace('diff-line diff-line--', ''))])")
    assert kinds == [["modified", ["hunk", "context", "context", "removed", "added", "context", "added"]],
                     ["renamed", ["hunk", "added"]], ["added", []]], kinds
    colours = driver.execute_script(
        "return ['added', 'removed', 'hunk'].map(k => getComputedStyle(document.querySelector('.diff-line--' + k)).backgroundColor)")
    assert colours == ["rgb(230, 255, 236)", "rgb(255, 235, 233)", "rgb(221, 244, 255)"], colours
    assert driver.execute_script("return window.__pwned") is None
    assert not driver.find_elements(By.CSS_SELECTOR, ".diff-view b")
    assert content(driver.find_element(By.CSS_SELECTOR, ".commit-file[data-status='added'] .commit-file__no-diff")) == \
        text("en", "github.commit.noDiff")
    assert_scrolls_inside(driver, "the commit's diff")
    check_screen(driver, "github-commit")
    apply_viewport(driver, ALL_VIEWPORTS["se"])
    wait(driver).until(lambda d: d.execute_script("return innerWidth") == 320)
    assert_scrolls_inside(driver, "the commit's diff at 320 px")
    check_screen(driver, "github-commit")
    go_back(driver)
    assert nav_title(driver) == text("en", "github.commits.title")


# --------------------------------------------------------------------------- offline

def test_a_file_seen_before_opens_offline(offline_setup, github_api):  # noqa: F811 (the fixture)
    """A file seen once opens with the server process stopped: the copy the service worker kept,
    with the offline bar, its lines and anchors whole."""
    port, data_dir, profile, factory, photos = offline_setup
    with appdeck(port, data_dir, photos, "offline-github-code", github_api_url=github_api.url):
        driver = factory(profile)
        load(driver, "/")
        controlled(driver)
        sign_in(driver)
        visit(driver, MAIN_SWIFT)
        assert len(driver.find_elements(By.CSS_SELECTOR, ".code-line")) == 60
        visit(driver, f"{REPOSITORY}/tree?path=Sources/App")  # elsewhere: the file's address with a fragment then loads anew
        wait(driver).until(lambda d: all_saved(d, [MAIN_SWIFT, f"{REPOSITORY}/tree?path=Sources/App"]))
    load(driver, MAIN_SWIFT + "#L42")
    bar = offline_bar(driver)
    assert bar and bar.startswith("Offline: showing what you saw at"), bar
    assert len(driver.find_elements(By.CSS_SELECTOR, ".code-line")) == 60
    wait(driver).until(lambda d: (targeted_line(d) or {}).get("id") == "L42")
    assert_scrolls_inside(driver, "offline")
    shot(driver, "github-code-offline")
