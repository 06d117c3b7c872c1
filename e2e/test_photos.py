"""Photos (PH-1..16): the whole flow with and without JavaScript, thumbnails (the drawn placeholder
of a dead image host included), the grid measured at every size, the Polish empty text, the offline
alert (a server whose photo service is gone), the connectivity popup, the start screen."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import ALL_VIEWPORTS, BrowserFactory, running_appdeck
from helpers import (ARTIFACTS, check_screen, html_lang, http_get, is_gone, navigates, path_of, plural, shot, text,
                     visit, wait, wait_loaded, wait_ready, wait_settled)
from jsonplaceholder import JSONPlaceholder
from layout_metrics import boxes, choose_language

ADD = "footer.photos__toolbar form.photos__add button[type=submit]"
CLEAR = "footer.photos__toolbar form.photos__clear button[type=submit]"


# --------------------------------------------------------------------------- steps

def screen_state(driver) -> dict:
    """What the Photos screen shows: count, empty text, elements, buttons."""
    return driver.execute_script(
        """
        const q = s => document.querySelector(s);
        // What a person sees, not what an attribute says: a `hidden` the stylesheet overrides still shows.
        const seen = e => !!e && e.checkVisibility({visibilityProperty: true}) && e.getBoundingClientRect().height > 0;
        const empty = q('.photos__empty'), grid = q('ol.photo-grid');
        return {
          count: q('.photos__count').textContent.trim(),
          empty: seen(empty) ? empty.textContent.trim() : null,
          gridShown: seen(grid),
          ids: [...document.querySelectorAll('ol.photo-grid > li.photo-item')].map(li => Number(li.dataset.photoId)),
          titles: [...document.querySelectorAll('ol.photo-grid > li.photo-item figcaption.photo-cell__title')].map(e => e.textContent.trim()),
          addDisabled: q(arguments[0]).disabled,
          clearDisabled: q(arguments[1]).disabled,
          add: q(arguments[0]).textContent.trim(),
          clear: q(arguments[1]).textContent.trim(),
        };
        """, ADD, CLEAR)


def open_from_home(driver) -> None:
    """The Photos tile of the home screen, as a person opens it."""
    visit(driver, "/")
    tile = driver.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=photos] a")
    navigates(driver, tile.click)
    assert path_of(driver) == "/photos"


def mark_page(driver) -> None:
    """Leaves a marker on `window`: it survives only if nothing loads a new page."""
    driver.execute_script("window.__photosMarker = 'still here'")


def page_was_kept(driver) -> bool:
    return driver.execute_script("return window.__photosMarker === 'still here'")


def add_in_place(driver) -> None:
    """"Add element" with the script: waits until the element is appended and the button is free,
    then until the page has scrolled to it, and checks it is in sight, between the bars."""
    before = len(screen_state(driver)["ids"])
    wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ADD))).click()
    wait(driver).until(lambda d: len(screen_state(d)["ids"]) == before + 1
                       and not d.execute_script("return document.querySelector('.photos__add').classList.contains('is-busy')"))
    wait_scrolled(driver)
    sight = driver.execute_script(
        """
        const added = [...document.querySelectorAll('li.photo-item')].pop().getBoundingClientRect();
        const nav = document.querySelector('header.nav-bar').getBoundingClientRect();
        const bar = document.querySelector('footer.photos__toolbar').getBoundingClientRect();
        return {top: added.top, bottom: added.bottom, navBottom: nav.bottom, barTop: bar.top};
        """)
    assert sight["top"] >= sight["navBottom"] - 0.5 and sight["bottom"] <= sight["barTop"] + 0.5, \
        f"the added element is hidden behind a bar: {sight}"


def wait_scrolled(driver) -> None:
    """Waits until a (smooth) scroll has come to rest: the same position over 150 ms."""
    def resting(d) -> bool:
        return d.execute_async_script(
            "const done = arguments[0], y = scrollY; setTimeout(() => done(scrollY === y), 150)")
    wait(driver).until(resting)


def add_by_post(driver) -> None:
    """"Add element" without a script: the form's post, then the list it redirects to."""
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ADD).click)


def clear_list(driver) -> None:
    """"Clear list", then the action sheet's red button (issue 37: it asks first)."""
    navigates(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, CLEAR))).click)
    assert path_of(driver) == "/photos?confirm=clear"
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".action-sheet .action-sheet__button--destructive").click)
    assert path_of(driver) == "/photos"


def add_many_by_fetch(driver, count: int) -> None:
    """`count` elements at once, through the same post the form makes (set-up, not the flow)."""
    shown = driver.execute_async_script(
        """
        const [count, done] = arguments;
        const form = document.querySelector('.photos__add');
        (async () => {
          let reply;
          for (let i = 0; i < count; i++) {
            const response = await fetch(form.action, {method: 'POST', headers: {Accept: 'application/json'},
                                                        body: new URLSearchParams(new FormData(form))});
            reply = await response.json();
          }
          done(reply.shown);
        })().catch(e => done(String(e)));
        """, count)
    assert isinstance(shown, int), shown


def wait_thumbnails(driver) -> list[dict]:
    """Waits until every thumbnail has loaded; returns each one's id, natural size and src."""
    wait(driver).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('img.photo-cell__image')].every(i => i.complete)"))
    return driver.execute_script(
        """
        return [...document.querySelectorAll('ol.photo-grid img.photo-cell__image')].map(i => ({
          id: Number(i.closest('li').dataset.photoId), width: i.naturalWidth, height: i.naturalHeight,
          src: i.getAttribute('src'), loading: i.closest('.photo-cell').classList.contains('is-loading'),
        }));
        """)


def thumbnail_type(driver, photo_id: int) -> str:
    return driver.execute_async_script(
        "fetch('/photos/thumbnails/' + arguments[0]).then(r => arguments[1](r.status + ' ' + r.headers.get('content-type')))",
        photo_id)


def disable_javascript(driver) -> None:
    """The browser of a person who turned scripts off (kept for every later page of this tab)."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})


def check_screen_without_javascript(driver, name: str) -> None:
    """`check_screen` for a page loaded with scripts off: axe needs them for its own run, so they
    are allowed for the audit only (the page's own scripts were skipped when it loaded)."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    try:
        assert "js" not in (driver.find_element(By.TAG_NAME, "html").get_attribute("class") or "").split()
        check_screen(driver, name)
    finally:
        disable_javascript(driver)


def button_names(driver) -> list[tuple[str, str]]:
    """Every button's role and accessible name, as Chromium's accessibility tree computes them."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return [(node.get("role", {}).get("value"), (node.get("name") or {}).get("value", ""))
            for node in tree if not node.get("ignored") and node.get("role", {}).get("value") == "button"]


def label_lines(driver, css: str) -> int:
    """How many lines the text of the element at `css` takes (distinct line boxes of its text)."""
    return driver.execute_script(
        """
        const range = document.createRange(), tops = new Set();
        for (const node of document.querySelector(arguments[0]).childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return tops.size;
        """, css)


def network(driver, offline: bool, latency: int = 0) -> None:
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1})


def arrive_from_home(driver) -> None:
    """Clicks the home screen's tile and waits for the new document only (not for its animations)."""
    visit(driver, "/")
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=photos] a").click()
    wait(driver).until(lambda _: is_gone(old))
    wait_loaded(driver)


# --------------------------------------------------------------------------- the whole flow

def test_the_whole_flow(driver, jsonplaceholder):
    """PH-1, 3..7, 9, 12, 13: empty, add in place, thumbnails (photo 7's drawn), separators, reload, clear."""
    photos = jsonplaceholder.photos
    open_from_home(driver)
    state = screen_state(driver)
    assert state["empty"] == text("en", "photos.empty")
    assert state["count"] == plural("en", "photos.count", 0)
    assert state["ids"] == [] and not state["gridShown"]
    assert state["clearDisabled"], "Clear is disabled until an element is shown (PH-13)"
    assert not state["addDisabled"]
    assert (state["add"], state["clear"]) == (text("en", "photos.action.add"), text("en", "photos.action.clear"))
    toolbar = driver.find_element(By.CSS_SELECTOR, "footer.photos__toolbar").rect
    assert abs(toolbar["y"] + toolbar["height"] - driver.execute_script("return innerHeight")) <= 1, "the buttons are at the bottom"
    check_screen(driver, "photos-empty")

    # PH-3: the first photo, appended in place: no page load, the count and Clear follow.
    mark_page(driver)
    add_in_place(driver)
    state = screen_state(driver)
    assert page_was_kept(driver) and path_of(driver) == "/photos", "Add element loaded a page"
    assert state["ids"] == [1] and state["titles"] == [photos[0]["title"]]
    assert state["count"] == plural("en", "photos.count", 1)
    assert state["empty"] is None and state["gridShown"]
    assert not state["clearDisabled"], "Clear is enabled once an element is shown"

    for _ in range(7):
        add_in_place(driver)
    state = screen_state(driver)
    assert page_was_kept(driver)
    assert state["ids"] == list(range(1, 9))
    assert state["titles"] == [p["title"] for p in photos[:8]]
    assert state["count"] == plural("en", "photos.count", 8)

    # PH-4: every thumbnail loads from our own origin; photo 7's host is dead, so it is drawn here.
    thumbnails = wait_thumbnails(driver)
    assert [t["id"] for t in thumbnails] == list(range(1, 9))
    for thumbnail in thumbnails:
        assert thumbnail["src"] == f"/photos/thumbnails/{thumbnail['id']}"
        assert thumbnail["width"] > 0 and thumbnail["height"] > 0, f"photo {thumbnail['id']}'s thumbnail is broken"
        assert not thumbnail["loading"], f"photo {thumbnail['id']} still shows its activity indicator"
    assert thumbnail_type(driver, 1) == "200 image/png"
    assert re.fullmatch(r"200 image/svg\+xml(;.*)?", thumbnail_type(driver, 7)), "photo 7 is the drawn placeholder"
    hosts = driver.execute_script(
        "return [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))]")
    assert hosts == [driver.appdeck_base], f"a page asked another host: {hosts}"

    # PH-5: each separator is a decoration element of its own, in the gap under its cell; none
    # under the last row.
    separators = driver.execute_script(
        """
        return [...document.querySelectorAll('li.photo-item')].map(li => {
          const hr = li.querySelector(':scope > hr.photo-separator');
          const shown = !!hr && getComputedStyle(hr).display !== 'none';
          const cell = li.querySelector('figure.photo-cell').getBoundingClientRect();
          return {own: !!hr && hr.parentElement === li && !li.querySelector('figure').contains(hr),
                  hidden: hr && hr.getAttribute('aria-hidden'), shown,
                  top: shown ? hr.getBoundingClientRect().top : null, cellBottom: cell.bottom,
                  left: li.getBoundingClientRect().left};
        });
        """)
    assert all(s["own"] and s["hidden"] == "true" for s in separators), separators
    columns = len({round(s["left"]) for s in separators})
    rows = (len(separators) + columns - 1) // columns
    shown = [s["shown"] for s in separators]
    assert shown == [i < (rows - 1) * columns for i in range(len(separators))], f"separators shown: {shown}"
    for s in separators:
        if s["shown"]:
            assert 0 <= s["top"] - s["cellBottom"] <= 12.5, f"a separator is not in the gap under its cell: {s}"
    check_screen(driver, "photos-list")

    # PH-9: a reload shows the same elements.
    driver.refresh()
    wait_ready(driver)
    again = screen_state(driver)
    assert (again["ids"], again["titles"], again["count"]) == (state["ids"], state["titles"], state["count"])
    assert all(t["width"] > 0 for t in wait_thumbnails(driver))

    # PH-7: Clear empties the list, and the next Add starts again from photo 1.
    clear_list(driver)
    state = screen_state(driver)
    assert state["ids"] == [] and state["empty"] == text("en", "photos.empty")
    assert state["count"] == plural("en", "photos.count", 0) and state["clearDisabled"]
    add_in_place(driver)
    assert screen_state(driver)["ids"] == [1]


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_without_javascript_add_and_clear_post_redirect_get(driver, jsonplaceholder):
    """Without scripts, Add and Clear are posts answered with a redirect to the list."""
    disable_javascript(driver)
    visit(driver, "/photos")
    assert "js" not in (driver.find_element(By.TAG_NAME, "html").get_attribute("class") or "").split(), "scripts still run"
    add_by_post(driver)
    assert path_of(driver) == "/photos"
    add_by_post(driver)
    state = screen_state(driver)
    assert state["ids"] == [1, 2] and state["titles"] == [p["title"] for p in jsonplaceholder.photos[:2]]
    assert state["count"] == plural("en", "photos.count", 2) and not state["clearDisabled"]
    assert not driver.find_elements(By.CSS_SELECTOR, ".photos-splash"), "the start screen plays only on arrival"
    assert all(t["width"] > 0 for t in wait_thumbnails(driver))
    check_screen_without_javascript(driver, "photos-nojs")

    clear_list(driver)
    state = screen_state(driver)
    assert state["ids"] == [] and state["empty"] == text("en", "photos.empty") and state["clearDisabled"]
    add_by_post(driver)
    assert screen_state(driver)["ids"] == [1]


# --------------------------------------------------------------------------- layout at every size

def test_grid_at_every_size(walker):
    """PH-11: 2 columns in portrait, 4 in landscape, one gap between columns, between rows and at
    the sides; nothing sideways; the bottom bar never covers the last element."""
    driver = walker.at(ALL_VIEWPORTS["phone"], "/photos")
    add_many_by_fetch(driver, 9)
    for name, viewport in ALL_VIEWPORTS.items():
        driver = walker.at(viewport, "/photos")
        where = f"at {name}"
        assert len(screen_state(driver)["ids"]) == 9, where
        assert all(t["width"] > 0 for t in wait_thumbnails(driver)), where
        width = driver.execute_script("return document.documentElement.clientWidth")
        items = boxes(driver, "ol.photo-grid > li.photo-item")
        lefts = sorted({round(b["left"], 1) for b in items})
        landscape = viewport.width > viewport.height
        assert len(lefts) == (4 if landscape else 2), f"{len(lefts)} columns {where}: {lefts}"
        columns = len(lefts)
        rows = [items[i:i + columns] for i in range(0, len(items), columns)]
        across = [b["left"] - a["right"] for row in rows for a, b in zip(row, row[1:])]
        down = [below[0]["top"] - max(b["bottom"] for b in above) for above, below in zip(rows, rows[1:])]
        sides = [items[0]["left"], width - rows[0][-1]["right"]]
        gaps = across + down + sides
        assert max(gaps) - min(gaps) <= 1, f"unequal gaps {where}: across {across}, down {down}, sides {sides}"
        assert min(gaps) > 0, where
        widths = {round(b["width"], 1) for b in items}
        assert max(widths) - min(widths) <= 1, f"columns of different widths {where}: {widths}"
        frames = boxes(driver, ".photo-cell__frame")
        assert all(abs(f["width"] - f["height"]) <= 0.5 for f in frames), f"thumbnails are not square {where}"
        assert label_lines(driver, ADD) == 1 and label_lines(driver, CLEAR) == 1, f"a button label wraps {where}"
        check_screen(driver, "photos-grid")

        # Scrolled to the end: the bar is at the bottom, on top, and clear of the last element.
        driver.execute_script("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        wait(driver).until(lambda d: d.execute_script(
            "return Math.abs(scrollY + innerHeight - document.scrollingElement.scrollHeight) < 1"))
        bar = driver.execute_script(
            """
            const bar = document.querySelector('footer.photos__toolbar').getBoundingClientRect();
            const last = [...document.querySelectorAll('li.photo-item')].pop();
            const lastBox = last.getBoundingClientRect();
            const buttons = [...document.querySelectorAll('footer.photos__toolbar button')].map(b => {
              const r = b.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, onTop: b.contains(hit)};
            });
            return {top: bar.top, bottom: bar.bottom, height: innerHeight, lastBottom: lastBox.bottom, buttons};
            """)
        assert abs(bar["bottom"] - bar["height"]) <= 1, f"the bar is not at the bottom {where}: {bar}"
        assert bar["lastBottom"] <= bar["top"] + 0.5, f"the bar covers the last element {where}: {bar}"
        for button in bar["buttons"]:
            assert button["onTop"], f"a button of the bar is covered {where}"
            assert button["top"] >= bar["top"] and button["bottom"] <= bar["bottom"] and button["left"] >= 0 \
                and button["right"] <= width, f"a button sticks out of the bar {where}: {button}"
        shot(driver, "photos-grid-end")


# --------------------------------------------------------------------------- Polish

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_empty_list_in_polish(driver, server):
    """PH-6 and PH-1 in the original's language, chosen on the home screen and by Accept-Language."""
    choose_language(driver, "pl")
    visit(driver, "/photos")
    assert html_lang(driver) == "pl"
    state = screen_state(driver)
    assert state["empty"] == "Brak miniaturek do wyświetlenia"
    assert (state["add"], state["clear"]) == ("Dodaj element", "Wyczyść listę")
    assert state["count"] == plural("pl", "photos.count", 0)
    assert label_lines(driver, ADD) == 1 and label_lines(driver, CLEAR) == 1, "a Polish button label wraps"
    check_screen(driver, "photos-pl")

    status, _, page = http_get(server.url + "/photos", {"Accept-Language": "pl-PL,pl;q=0.9"})
    assert status == 200
    for phrase in ("Brak miniaturek do wyświetlenia", "Dodaj element", "Wyczyść listę"):
        assert phrase in page, f"{phrase!r} missing from the page served for Accept-Language: pl"


# --------------------------------------------------------------------------- offline (PH-15)

@pytest.fixture(scope="module")
def offline_server():
    """An appdeck whose photo service is gone: a stand-in stopped before the server starts, so
    its port refuses every connection."""
    stand_in = JSONPlaceholder()
    stand_in.stop()
    with running_appdeck(stand_in.url, "server-photos-offline") as running:
        yield running


@pytest.fixture
def offline_driver(offline_server, viewport):
    factory = BrowserFactory(viewport, offline_server.url)
    yield factory()
    factory.close_all()


def test_offline_alert(offline_driver):
    """PH-15: Add element without a photo service shows the offline alert, in place with the
    script and as a static notice without it."""
    driver = offline_driver
    visit(driver, "/photos")
    mark_page(driver)
    driver.find_element(By.CSS_SELECTOR, ADD).click()
    dialog = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog#alert[open]")))
    wait_settled(driver)
    assert dialog.find_element(By.ID, "alert-title").text == text("en", "photos.alert.offline")
    assert dialog.find_element(By.ID, "alert-message").text == text("en", "photos.failure.offline")
    buttons = [b for b in dialog.find_elements(By.CSS_SELECTOR, "button") if b.is_displayed()]
    assert [b.text for b in buttons] == [text("en", "photos.action.ok")]
    assert page_was_kept(driver), "the alert came with a page load"
    check_screen(driver, "photos-offline-alert")
    buttons[0].click()
    wait(driver).until(lambda d: not d.execute_script("return document.getElementById('alert').open"))
    state = screen_state(driver)
    assert state["ids"] == [] and state["count"] == plural("en", "photos.count", 0) and state["clearDisabled"]

    # Without scripts: the post redirects to the list with a static notice, OK dismisses it.
    disable_javascript(driver)
    visit(driver, "/photos")
    add_by_post(driver)
    assert path_of(driver) == "/photos?alert=offline"
    notice = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[role=alertdialog]")))
    assert notice.find_element(By.CSS_SELECTOR, ".alert__title").text == text("en", "photos.alert.offline")
    assert notice.find_element(By.CSS_SELECTOR, ".alert__message").text == text("en", "photos.failure.offline")
    ok = notice.find_element(By.CSS_SELECTOR, "a.alert__button")
    assert ok.text == text("en", "photos.action.ok")
    check_screen_without_javascript(driver, "photos-offline-notice")
    navigates(driver, ok.click)
    assert path_of(driver) == "/photos" and not driver.find_elements(By.CSS_SELECTOR, "[role=alertdialog]")


# --------------------------------------------------------------------------- connectivity popup

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_connectivity_popup(driver):
    """PH-15: a popup just above the bar when the browser loses and regains its connection, over
    a list longer than the screen."""
    visit(driver, "/photos")
    add_many_by_fetch(driver, 6)
    visit(driver, "/photos")
    assert len(screen_state(driver)["ids"]) == 6
    driver.execute_cdp_cmd("Network.enable", {})
    toast = driver.find_element(By.CSS_SELECTOR, ".photos-toast")
    assert not toast.is_displayed()

    network(driver, offline=True)
    wait(driver).until(lambda d: toast.is_displayed() and toast.text == text("en", "photos.connection.lost"))
    wait_settled(driver)
    shot(driver, "photos-toast-offline")
    position = driver.execute_script(
        "const t = arguments[0].getBoundingClientRect(), b = document.querySelector('footer.photos__toolbar').getBoundingClientRect();"
        "return [t.left, t.right, t.bottom, b.top, innerWidth]", toast)
    assert position[0] >= 0 and position[1] <= position[4], f"the popup sticks out sideways: {position}"
    assert 0 <= position[3] - position[2] <= 24, \
        f"the popup does not sit just above the bar (its bottom at {position[2]}, the bar's top at {position[3]})"

    network(driver, offline=False)
    back = text("en", "photos.connection.back")
    wait(driver).until(lambda d: toast.is_displayed() and toast.text.startswith(back))
    assert re.fullmatch(re.escape(back) + r"( \([\w-]+\))?", toast.text), toast.text
    wait_settled(driver)
    shot(driver, "photos-toast-online")
    wait(driver).until(lambda d: not toast.is_displayed())  # it goes by itself


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_activity_indicator_while_adding(driver):
    """PH-14: on a slow network the Add button shows its indicator (label still on one line)
    while the request is out, and not after."""
    visit(driver, "/photos")
    driver.execute_cdp_cmd("Network.enable", {})
    network(driver, offline=False, latency=1500)
    driver.find_element(By.CSS_SELECTOR, ADD).click()
    wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".photos__add .activity-indicator").is_displayed())
    assert driver.find_element(By.CSS_SELECTOR, ADD).get_attribute("aria-busy") == "true"
    shot(driver, "photos-adding")
    assert label_lines(driver, ADD) == 1, "the busy button's label wraps beside its indicator"
    wait(driver).until(lambda d: screen_state(d)["ids"] == [1])
    wait(driver).until(lambda d: not d.find_element(By.CSS_SELECTOR, ".photos__add .activity-indicator").is_displayed())
    assert driver.find_element(By.CSS_SELECTOR, ADD).get_attribute("aria-busy") is None


# --------------------------------------------------------------------------- start screen (PH-16)

def test_start_screen_on_arrival(driver):
    """The start screen covers the list on arrival from home, then fades within 2 s into the list;
    it is skipped for reduced motion."""
    # Slowed down (the document timeline at a fifth of its speed) so a busy machine still sees it.
    driver.execute_cdp_cmd("Animation.enable", {})
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.2})
    arrive_from_home(driver)
    splash = driver.execute_script(
        """
        const s = document.querySelector('.photos-splash');
        if (!s) return null;
        const r = s.getBoundingClientRect(), style = getComputedStyle(s);
        const out = s.getAnimations().find(a => a.animationName === 'splash-out');
        return {visibility: style.visibility, opacity: Number(style.opacity), display: style.display,
                covers: r.left <= 0 && r.top <= 0 && r.right >= innerWidth && r.bottom >= innerHeight,
                end: out ? out.effect.getComputedTiming().endTime : null,
                name: s.querySelector('.photos-splash__name').textContent.trim()};
        """)
    assert splash is not None, "no start screen on arrival from the home screen"
    assert splash["display"] != "none" and splash["visibility"] == "visible" and splash["opacity"] > 0.5, splash
    assert splash["covers"] and splash["name"] == text("en", "photos.title"), splash
    assert splash["end"] is not None and splash["end"] <= 2000, f"the start screen lasts {splash['end']} ms"
    shot(driver, "photos-splash")
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
    wait(driver, 5).until(lambda d: d.execute_script(
        "return getComputedStyle(document.querySelector('.photos-splash')).visibility === 'hidden'"))
    wait_settled(driver)
    assert driver.find_element(By.CSS_SELECTOR, ADD).is_displayed()
    assert driver.execute_script("return Number(getComputedStyle(document.querySelector('main.photos')).opacity)") == 1

    # Reduced motion: no start screen at all, no list animation.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    arrive_from_home(driver)
    assert driver.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert not driver.find_element(By.CSS_SELECTOR, ".photos-splash").is_displayed()
    assert driver.execute_script("return document.querySelector('main.photos').getAnimations().length") == 0
    assert driver.find_element(By.CSS_SELECTOR, ".photos__empty").is_displayed()


# --------------------------------------------------------------------------- accessibility

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_buttons_have_accessible_names(driver):
    """Every button of the screen, empty and with elements, has a name; the Add button's name is
    its label alone (the indicator inside is hidden from assistive technology)."""
    visit(driver, "/photos")
    names = button_names(driver)
    assert names and all(name for _, name in names), names
    assert [n for _, n in names if n in (text("en", "photos.action.add"), text("en", "photos.action.clear"))] == [
        text("en", "photos.action.add"), text("en", "photos.action.clear")], names
    add_in_place(driver)
    add_in_place(driver)
    names = button_names(driver)
    assert names and all(name for _, name in names), names
    grid = driver.find_element(By.CSS_SELECTOR, "ol.photo-grid")
    assert grid.get_attribute("aria-label") == text("en", "photos.title")
    check_screen(driver, "photos-a11y")
