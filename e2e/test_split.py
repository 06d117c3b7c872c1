"""Split view (SPLIT-1..4), measured at every viewport in one browser: the five rows' line counts
and alignment, compact versus regular arrangement, selection through clicks, the URL and the
history, the detail's title, images and scrolling, and the page budget."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from conftest import ALL_VIEWPORTS
from helpers import check_screen, content, http_get, navigates, path_of, text, wait, wait_ready
from layout_metrics import REGULAR_WIDTH, assert_within_budget, box, choose_language, lines_of, radius_px

ROWS = ["harbour", "pass", "forest", "dunes", "city"]
#: SPLIT-3: (title lines, text lines or None, has a time)
SHAPES = {
    "harbour": (1, 1, True),
    "pass": (2, 1, True),
    "forest": (1, None, False),  # text up to two lines, running to the right edge
    "dunes": (1, 2, True),
    "city": (1, None, False),
}
COMPACT = [name for name, v in ALL_VIEWPORTS.items() if v.width < REGULAR_WIDTH]
REGULAR = [name for name, v in ALL_VIEWPORTS.items() if v.width >= REGULAR_WIDTH]


def _visible(driver, css: str) -> bool:
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return !!e && e.getClientRects().length > 0", css)


def _selected(driver) -> list[str]:
    return [li.get_attribute("data-row") for li in driver.find_elements(By.CSS_SELECTOR, "li.split-row.is-selected")]


def _detail_title(driver) -> str:
    return content(driver.find_element(By.CSS_SELECTOR, "#split-detail .nav-bar__title"))


def _check_rows(driver, where: str, language: str = "en") -> None:
    items = driver.find_elements(By.CSS_SELECTOR, "li.split-row")
    assert [li.get_attribute("data-row") for li in items] == ROWS, where
    for row, item in zip(ROWS, items):
        title_lines, text_lines, has_time = SHAPES[row]
        link = item.find_element(By.CSS_SELECTOR, "a.split-row__link")
        title = item.find_element(By.CSS_SELECTOR, ".split-row__title")
        texts = item.find_elements(By.CSS_SELECTOR, ".split-row__text")
        times = item.find_elements(By.CSS_SELECTOR, ".split-row__time")
        assert content(title) == text(language, f"split.rows.{row}.title")
        assert abs(lines_of(driver, title) - title_lines) < 0.05, f"{row} title: {lines_of(driver, title)} lines {where}"
        weight, size = driver.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.fontWeight, parseFloat(s.fontSize)]", title)
        assert int(weight) >= 700 and size >= 20, f"{row} title is not bold and large {where}"
        assert len(times) == (1 if has_time else 0), where
        if row == "city":
            assert texts == [], f"row 5 shows only its title {where}"
            continue
        assert len(texts) == 1, where
        body = texts[0]
        lines = lines_of(driver, body)
        if text_lines is None:
            assert 0.95 < lines < 2.05, f"{row} text: {lines} lines {where}"
        else:
            assert abs(lines - text_lines) < 0.05, f"{row} text: {lines} lines {where}"
        body_box, title_box = body.rect, title.rect
        if has_time:
            time = times[0]
            assert abs(lines_of(driver, time) - 1) < 0.05, f"{row} time wraps {where}"
            time_box = time.rect
            assert time_box["x"] >= body_box["x"] + body_box["width"], f"{row} time is not right of the text {where}"
            bottom = lambda r: r["y"] + r["height"]
            assert abs(bottom(time_box) - bottom(body_box)) <= 1, f"{row}: time bottom {bottom(time_box)} vs text {bottom(body_box)} {where}"
            assert abs(time_box["x"] + time_box["width"] - (title_box["x"] + title_box["width"])) <= 1, where
        else:
            # No time: the text runs to the right edge, as far as the title does.
            right = body_box["x"] + body_box["width"]
            assert abs(right - (title_box["x"] + title_box["width"])) <= 0.5, f"{row} text stops short {where}"
            padding = driver.execute_script("return parseFloat(getComputedStyle(arguments[0]).paddingRight)", link)
            assert abs(link.rect["x"] + link.rect["width"] - padding - right) <= 0.5, where


def _check_detail(driver, row: str, where: str, scroller: str) -> bool:
    """Checks the detail of `row`; True when it did not fit and scrolled."""
    assert driver.find_element(By.ID, "split-detail").get_attribute("data-row") == row
    assert _detail_title(driver) == text("en", f"split.rows.{row}.title"), where
    paragraphs = driver.find_elements(By.CSS_SELECTOR, "#split-detail .split-detail__text p")
    assert [content(p) for p in paragraphs] == [text("en", f"split.rows.{row}.detail.p{n}") for n in (1, 2)]
    # The text runs to the right edge of the detail (its padding).
    detail = driver.find_element(By.CSS_SELECTOR, "#split-detail .split-detail")
    padding = driver.execute_script("return parseFloat(getComputedStyle(arguments[0]).paddingRight)", detail)
    text_box = driver.find_element(By.CSS_SELECTOR, "#split-detail .split-detail__text").rect
    assert abs(detail.rect["x"] + detail.rect["width"] - padding - (text_box["x"] + text_box["width"])) <= 0.5, where
    assert lines_of(driver, paragraphs[0]) > 1.5, where
    images = driver.find_elements(By.CSS_SELECTOR, "#split-detail img.split-detail__image")
    assert len(images) == 2, where
    sources = [i.get_attribute("src") for i in images]
    assert sources[0] != sources[1] and all(f"/images/split-{row}-" in s for s in sources), sources
    for image in images:
        assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image), where
        assert radius_px(driver, image) > 0, where
        shadow = driver.execute_script("return getComputedStyle(arguments[0]).boxShadow", image)
        assert shadow != "none" and "rgba(0, 0, 0" in shadow, f"no visible shadow: {shadow}"
        assert driver.execute_script("return getComputedStyle(arguments[0]).overflow", image) in ("clip", "hidden", "visible")
    # The detail scrolls when it does not fit (the window on a compact width, its pane on a regular one).
    scrolls = driver.execute_script(
        """
        const e = arguments[0] === 'window' ? document.scrollingElement : document.querySelector(arguments[0]);
        const fits = e.scrollHeight <= e.clientHeight;
        const room = e.scrollHeight - e.clientHeight;
        e.scrollTop = 120;
        const moved = e.scrollTop;
        e.scrollTop = 0;
        return [fits, moved, Math.min(120, room)];
        """, scroller)
    if scrolls[0]:
        # It fits: then all of it is on screen, the last picture included.
        bottom = driver.execute_script(
            "return document.querySelector('#split-detail img.split-detail__image:last-of-type').getBoundingClientRect().bottom")
        assert bottom <= driver.execute_script("return window.innerHeight"), f"cut off without scrolling {where}"
        return False
    assert scrolls[1] > 0 and abs(scrolls[1] - scrolls[2]) <= 1, f"the detail does not scroll {where}: {scrolls}"
    return True


def test_rows_and_arrangement_at_every_size(walker):
    """SPLIT-1..3: five rows with the right line counts at every size; the list alone on a compact
    width, list and detail side by side on a regular one with the first row selected."""
    scrolled = []
    for name, viewport in ALL_VIEWPORTS.items():
        driver = walker.at(viewport, "/split")
        where = f"at {name}"
        _check_rows(driver, where)
        master_title = content(driver.find_element(By.CSS_SELECTOR, "#split-master .nav-bar__title"))
        assert master_title == text("en", "split.title")
        if viewport.width < REGULAR_WIDTH:
            assert _visible(driver, "#split-master") and not _visible(driver, "#split-detail"), where
            master = box(driver, "#split-master")
            assert master["left"] == 0 and abs(master["width"] - viewport.width) < 0.5, where
        else:
            assert _visible(driver, "#split-master") and _visible(driver, "#split-detail"), where
            master, detail = box(driver, "#split-master"), box(driver, "#split-detail")
            assert master["left"] == 0 and abs(master["right"] - detail["left"]) < 0.5, where
            assert abs(detail["right"] - viewport.width) < 0.5 and master["top"] == detail["top"] == 0, where
            assert _selected(driver) == ["harbour"], where
            selected = driver.find_element(By.CSS_SELECTOR, "li.split-row.is-selected")
            assert driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", selected) != "rgba(0, 0, 0, 0)"
            assert selected.find_element(By.TAG_NAME, "a").get_attribute("aria-current") == "true"
            assert not _visible(driver, "#split-detail .nav-bar__back"), f"a way back beside the list {where}"
            if _check_detail(driver, "harbour", where, "#split-detail"):
                scrolled.append(name)
        check_screen(driver, "split")
    assert len(scrolled) >= 3, f"the regular detail pane scrolled only at {scrolled}"


def test_compact_tap_opens_the_detail_with_a_way_back(walker):
    """SPLIT-1/4 on phones: a tap on a row opens its detail alone, titled like the row, with a back button."""
    scrolled = []
    for index, name in enumerate(COMPACT):
        viewport = ALL_VIEWPORTS[name]
        row = ROWS[index % len(ROWS)]
        driver = walker.at(viewport, "/split")
        where = f"at {name}"
        link = driver.find_element(By.CSS_SELECTOR, f"li.split-row[data-row={row}] a")
        navigates(driver, link.click)
        assert path_of(driver) == f"/split/{row}", where
        assert _visible(driver, "#split-detail") and not _visible(driver, "#split-master"), where
        back = driver.find_element(By.CSS_SELECTOR, "#split-detail .nav-bar__back")
        assert back.is_displayed() and back.get_attribute("href").endswith("/split")
        assert content(back.find_element(By.CSS_SELECTOR, ".nav-bar__back-label")) == text("en", "split.title")
        assert back.get_attribute("aria-label") == text("en", "shell.navigation.backTo").replace("{title}", text("en", "split.title"))
        if _check_detail(driver, row, where, "window"):
            scrolled.append(name)
        check_screen(driver, f"split-detail-{row}")
        navigates(driver, back.click)
        assert path_of(driver) == "/split" and _visible(driver, "#split-master") and not _visible(driver, "#split-detail")
    assert len(scrolled) >= 3, f"the compact detail scrolled only at {scrolled}"


def test_regular_selection_follows_the_url_and_history(walker):
    """SPLIT-1 on a large phone in landscape and the iPad: choosing a row updates the detail and the
    URL in place; back, forward and reload keep the selection."""
    for name in REGULAR:
        viewport = ALL_VIEWPORTS[name]
        driver = walker.at(viewport, "/split")
        where = f"at {name}"
        driver.execute_script("window.__samePage = true")

        def choose(row: str) -> None:
            driver.find_element(By.CSS_SELECTOR, f"li.split-row[data-row={row}] a").click()
            wait(driver).until(lambda d: d.execute_script("return document.getElementById('split-detail').dataset.row") == row)
            wait_ready(driver)

        def shows(row: str) -> None:
            wait(driver).until(lambda d: d.execute_script("return document.getElementById('split-detail').dataset.row") == row)
            assert path_of(driver) == f"/split/{row}" if row != "harbour" or path_of(driver) != "/split" else True
            assert _selected(driver) == [row], where
            assert _detail_title(driver) == text("en", f"split.rows.{row}.title"), where
            assert _visible(driver, "#split-master") and _visible(driver, "#split-detail"), where

        choose("dunes")
        assert path_of(driver) == "/split/dunes"
        shows("dunes")
        assert driver.execute_script("return window.__samePage === true"), "the page was reloaded, not updated"
        assert driver.title.startswith(text("en", "split.rows.dunes.title"))
        _check_detail(driver, "dunes", where, "#split-detail")
        check_screen(driver, "split-selected")

        choose("pass")
        assert path_of(driver) == "/split/pass"
        shows("pass")
        driver.back()
        wait(driver).until(lambda d: path_of(d) == "/split/dunes")
        shows("dunes")
        driver.back()
        wait(driver).until(lambda d: path_of(d) == "/split")
        wait(driver).until(lambda d: d.execute_script("return document.getElementById('split-detail').dataset.row") == "harbour")
        assert _selected(driver) == ["harbour"]
        driver.forward()
        wait(driver).until(lambda d: path_of(d) == "/split/dunes")
        shows("dunes")
        driver.refresh()
        wait_ready(driver)
        assert path_of(driver) == "/split/dunes"
        shows("dunes")
        assert not driver.execute_script("return window.__samePage === true")


def test_unknown_row_is_not_found(server):
    status, _, body = http_get(server.url + "/split/nowhere")
    assert status == 404 and "error-state" in body


def test_home_links_to_split(walker):
    driver = walker.at(ALL_VIEWPORTS["phone"], "/")
    tile = driver.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=split]")
    navigates(driver, tile.find_element(By.CSS_SELECTOR, "a").click)
    assert path_of(driver) == "/split"


@pytest.mark.parametrize("path", ["/split", "/split/pass"])
def test_budget(walker, path):
    """The page's budget: bytes, hosts and first paint (see `assert_within_budget`)."""
    assert_within_budget(walker.at(ALL_VIEWPORTS["ipad"], "/"), path)


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_rows_keep_their_shape_in_every_language(walker, language):
    """SPLIT-3 in Russian and Polish: the same line counts and alignments with longer words."""
    try:
        choose_language(walker.driver, language)
        for name in ("se", "phone8-landscape", "phone-landscape", "ipad"):
            driver = walker.at(ALL_VIEWPORTS[name], "/split")
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
            _check_rows(driver, f"{language} at {name}", language)
            check_screen(driver, f"split-{language}")
    finally:
        choose_language(walker.driver, "auto")
