"""Installed apps offline (issue 24): a real server process, stopped and started again, and a real
Chromium profile kept across the restart.

- The service worker takes over, keeps the pages this device saw, and serves them with the offline
  bar once the server process is stopped; a screen never opened offline is the app's offline screen.
- MyHabits: ticks and an untrack made with the server stopped show at once, survive closing the
  browser, and reach the server exactly once when it runs again on the same port and data directory.
- A plain form (a new car) offline says it needs a connection and keeps what was typed.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException

from axe import audit
from conftest import APPDECK_BIN, ALL_VIEWPORTS, BrowserFactory, VIEWPORTS, _read_url, apply_viewport
from github_api import TOKEN as GITHUB_TOKEN, GitHubStandIn
from helpers import ARTIFACTS, assert_no_horizontal_overflow, navigates, path_of, shot, text, visit, wait, wait_loaded, wait_ready


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def appdeck(port: int, data_dir: Path, photos_api_url: str, name: str, github_api_url: str = "http://127.0.0.1:9",
            binary: Path = APPDECK_BIN):
    """`appdeck` on a fixed port and data directory, so a restart is the same origin and device."""
    log = ARTIFACTS / f"{name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    with open(log, "ab") as stderr:
        process = subprocess.Popen(
            [str(binary), "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
             "--photos-api-url", photos_api_url, "--github-api-url", github_api_url],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr)
    try:
        url, seen = _read_url(process, timeout=60)
        assert url, f"appdeck did not start: {seen}; see {log}"
        yield url.rstrip("/")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def load(driver, path: str) -> None:
    """Opens `path` and waits for the document only (a story's drawings animate for a while)."""
    driver.get(driver.appdeck_base + path)
    wait_loaded(driver)


def all_saved(driver, paths: list[str]) -> bool:
    """Whether the service worker keeps a copy of every one of `paths`."""
    return driver.execute_async_script(
        """
        const [paths, done] = arguments;
        Promise.all(paths.map(p => caches.match(new URL(p, location.href).href))).then(found => done(found.every(Boolean)));
        """, paths)


def viewers_saved(driver) -> int:
    """How many gallery image viewers the worker keeps, once that number has stopped growing."""
    return driver.execute_async_script(
        """
        const done = arguments[0];
        const count = async () => {
          let n = 0;
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) if (/[/]stories[/]items[/][^/]+[/]images[/]/.test(request.url)) n++;
          }
          return n;
        };
        count().then(first => setTimeout(() => count().then(second => done(first === second ? second : 0)), 1000));
        """)


def controlled(driver) -> None:
    """Waits until the service worker is active and this page is under its control."""
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[arguments.length - 1](true))")
    if not driver.execute_script("return !!navigator.serviceWorker.controller"):
        driver.refresh()
        wait_ready(driver)
    wait(driver).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))


def offline_bar(driver) -> str | None:
    return driver.execute_script(
        "const bar = document.querySelector('.offline-bar'); return bar && !bar.hidden ? bar.textContent : null")


def post_form(driver, path: str, fields: dict) -> int:
    """A same-origin form post from the page, as a browser would send it (the page's token, or the
    home page's when this page has no form)."""
    return driver.execute_async_script(
        """
        const [path, fields, done] = arguments;
        const home = () => fetch('/').then(r => r.text()).then(t => /name="_csrf" value="([0-9a-f]+)"/.exec(t)[1]);
        const token = document.querySelector('input[name="_csrf"]')?.value;
        (token ? Promise.resolve(token) : home()).then(token => fetch(path, {
          method: 'POST', body: new URLSearchParams({ _csrf: token, ...fields }), redirect: 'manual' }))
          .then(r => done(r.status || 303), () => done(0));
        """, path, fields)


def habit_cards(driver) -> dict[str, dict]:
    return driver.execute_script(
        """
        return Object.fromEntries([...document.querySelectorAll('.habit-card')].map(card => [
          card.querySelector('.habit-card__name').textContent,
          { id: card.dataset.habit, pressed: card.querySelector('.habit-track__circle').getAttribute('aria-pressed'),
            counter: card.querySelector('[data-counter]').textContent }]));
        """)


def tap(driver, name: str) -> None:
    cards = habit_cards(driver)
    driver.find_element(By.CSS_SELECTOR, f".habit-card[data-habit='{cards[name]['id']}'] .habit-track__circle").click()


def tracked_today(driver) -> dict[str, int]:
    """How many times each habit is tracked on the device's today, from the server's CSV export."""
    try:
        body = driver.execute_async_script(
            "fetch('/habits/export.csv').then(r => r.text()).then(arguments[0], () => arguments[0](''))")
    except TimeoutException:
        # A server just started (or a worker still replaying the outbox) on a loaded machine can
        # answer after the script timeout: nothing counted yet, and a wait asks again.
        return {}
    today = driver.execute_script(
        "const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth()+1).padStart(2,'0')}-${String(d.getDate()).padStart(2,'0')}`")
    counts: dict[str, int] = {}
    for row in csv.DictReader(io.StringIO(body)):
        counts.setdefault(row["name"], 0)
        if row["day"] == today and row["state"] == "done":
            counts[row["name"]] += 1
    return counts


@pytest.fixture
def offline_setup(jsonplaceholder, github_api):
    port = free_port()
    data_dir = Path(tempfile.mkdtemp(prefix="appdeck-e2e-offline-"))
    factory = BrowserFactory(VIEWPORTS["phone"], f"http://127.0.0.1:{port}")
    profile = factory.new_profile_dir()
    factory.github_url = github_api.url
    yield port, data_dir, profile, factory, jsonplaceholder.url
    factory.close_all()
    shutil.rmtree(data_dir, ignore_errors=True)


def test_saved_pages_offline_screens_and_the_habits_outbox(offline_setup):
    port, data_dir, profile, factory, photos = offline_setup
    pages = ["/", "/cars", "/stories", "/split", "/layouts", "/thread-safe-array", "/photos"]
    with appdeck(port, data_dir, photos, "offline") as base:
        driver = factory(profile)
        visit(driver, "/habits")
        controlled(driver)
        for name in ["Water", "Read", "Walk"]:
            assert post_form(driver, "/habits", {"name": name, "color": "#34c759", "time": "08:00"}) in (0, 303)
        visit(driver, "/habits")
        tap(driver, "Walk")  # online: Walk is tracked today before the server stops
        wait(driver).until(lambda d: habit_cards(d)["Walk"]["pressed"] == "true")
        visit(driver, "/habits")
        for page in pages:
            load(driver, page)
        load(driver, "/stories")
        items = driver.execute_script(
            "return [...document.querySelectorAll('a[href^=\"/stories/items/\"]')].map(a => a.getAttribute('href'))")
        story = items[0]
        load(driver, story)
        gallery_image = None
        for item in items:
            load(driver, item)
            link = driver.execute_script("return document.querySelector('a[href*=\"/images/\"]')?.getAttribute('href')")
            if link:
                gallery_image = link
                load(driver, link)
                break
        assert gallery_image, "a gallery with images"
        load(driver, "/stories")
        wait(driver, 30).until(lambda d: all_saved(d, items))
        wait(driver, 30).until(lambda d: viewers_saved(d) >= 2)
        assert tracked_today(driver) == {"Water": 0, "Read": 0, "Walk": 1}

    # The server process is stopped: every saved page opens with the offline bar.
    for page in pages + [story, gallery_image]:
        load(driver, page)
        bar = offline_bar(driver)
        assert bar and bar.startswith("Offline: showing what you saw at"), f"{page}: {bar!r}"
        assert_no_horizontal_overflow(driver, f"offline {page}")
    shot(driver, "offline-saved-cars")
    visit(driver, "/split/4")  # never opened
    assert driver.find_element(By.CSS_SELECTOR, ".nav-bar__title").text == "Split View"
    assert "You're Offline" in driver.find_element(By.CSS_SELECTOR, ".error-state__title").text
    assert driver.find_element(By.CSS_SELECTOR, ".error-state a[href='/']")
    shot(driver, "offline-never-seen")

    # Every story and gallery (and each gallery image's viewer) was kept once Items had been open.
    for item in items:
        load(driver, item)
        assert offline_bar(driver), f"{item} was not kept when Items was opened"
        viewer = driver.execute_script("return document.querySelector('a[href*=\"/images/\"]')?.getAttribute('href')")
        if viewer:
            load(driver, viewer)
            assert offline_bar(driver), f"{viewer} was not kept"
            assert driver.execute_script(
                "const i = document.querySelector('main img'); return !!i && i.complete && i.naturalWidth > 0"), f"{viewer}: image"

    # The bar and the offline screen at every size: no overflow, nothing for axe to find.
    for viewport in ALL_VIEWPORTS.values():
        apply_viewport(driver, viewport)
        for page in ["/split/4", "/cars"]:
            load(driver, page)
            assert_no_horizontal_overflow(driver, f"offline {page}")
            assert audit(driver) == [], f"{page} at {viewport.name}"
        shot(driver, f"offline-cars-{viewport.name}")
    apply_viewport(driver, VIEWPORTS["phone"])

    # MyHabits: tick Water and Read, untrack Walk, all with the server stopped.
    visit(driver, "/habits")
    assert offline_bar(driver)
    tap(driver, "Water")
    wait(driver).until(lambda d: habit_cards(d)["Water"]["pressed"] == "true")
    tap(driver, "Read")
    wait(driver).until(lambda d: habit_cards(d)["Read"]["pressed"] == "true")
    tap(driver, "Walk")
    driver.find_element(By.CSS_SELECTOR, "#alert-confirm").click()
    wait(driver).until(lambda d: habit_cards(d)["Walk"]["pressed"] == "false")
    cards = habit_cards(driver)
    assert cards["Water"]["counter"].startswith("1 ") and cards["Walk"]["counter"].startswith("0 "), cards
    assert driver.find_element(By.CSS_SELECTOR, "[data-progress-text]").text == "66%"
    shot(driver, "offline-habits-ticked")
    factory.quit(driver)  # the outbox must outlive the browser

    with appdeck(port, data_dir, photos, "offline") as base:
        driver = factory(profile)
        visit(driver, "/habits")
        wait(driver, 20).until(lambda d: tracked_today(d) == {"Water": 1, "Read": 1, "Walk": 0})
        visit(driver, "/habits")
        assert tracked_today(driver) == {"Water": 1, "Read": 1, "Walk": 0}, "each queued change once"
        assert offline_bar(driver) is None


def test_a_new_car_offline_says_it_needs_a_connection_and_keeps_the_form(offline_setup):
    port, data_dir, profile, factory, photos = offline_setup
    with appdeck(port, data_dir, photos, "offline-form"):
        driver = factory(profile)
        visit(driver, "/cars")
        controlled(driver)
        visit(driver, "/cars/new")
    driver.find_element(By.CSS_SELECTOR, "input[name='manufacturer']").send_keys("Lada")
    driver.find_element(By.CSS_SELECTOR, "input[name='model']").send_keys("Niva")
    driver.find_element(By.CSS_SELECTOR, "div.sheet .sheet__bar button[type=submit]").click()
    wait(driver).until(lambda d: d.execute_script("return document.getElementById('alert').open"))
    assert driver.find_element(By.CSS_SELECTOR, "#alert-title").text == "No Connection"
    assert path_of(driver) == "/cars/new"
    driver.find_element(By.CSS_SELECTOR, "#alert-confirm").click()
    assert driver.find_element(By.CSS_SELECTOR, "input[name='model']").get_attribute("value") == "Niva"
    shot(driver, "offline-needs-connection")


def test_signing_out_of_github_leaves_no_github_page_of_the_device_offline(offline_setup):
    port, data_dir, profile, factory, photos = offline_setup
    with appdeck(port, data_dir, photos, "offline-github", github_api_url=factory.github_url):
        driver = factory(profile)
        visit(driver, "/")
        controlled(driver)
        visit(driver, "/github")
        driver.find_element(By.CSS_SELECTOR, "input[name='token']").send_keys(GITHUB_TOKEN)
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "form[data-github-sign-in] button.github-sign-in__button").click)
        assert path_of(driver) == "/github"
        names = driver.execute_script("return [...document.querySelectorAll('.repo-row__name')].map(e => e.textContent)")
        assert names, "the list shows repositories"
        visit(driver, "/github")
        assert all_saved(driver, ["/github"])
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".github-sign-out a.cell__button").click)
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".action-sheet button.action-sheet__button--destructive").click)
        wait(driver).until(lambda d: not d.execute_async_script(
            "caches.match(new URL('/github', location.href).href).then(found => arguments[0](!!found))"))
    load(driver, "/github")
    page = driver.find_element(By.TAG_NAME, "body").text
    assert not any(name in page for name in names), "a signed-out device's GitHub list was served offline"
    assert "You're Offline" in page


def stylesheet_version(driver) -> str:
    """The asset version in `/cars`' stylesheet's address: the shell's `app.css` and Cars' own
    `cars.css` as one file, `css/app+cars.css` (issue 50), made from the version's files."""
    return driver.execute_script(
        "return document.querySelector('link[rel=stylesheet][href$=\"/css/app+cars.css\"]').getAttribute('href').split('/')[2]")


def cache_names(driver) -> list[str]:
    return driver.execute_async_script("caches.keys().then(arguments[0])")


def test_a_new_server_version_takes_over_without_a_stale_mix(offline_setup, tmp_path):
    """The same binary with one stylesheet changed is a new version: a new worker takes over, the
    old caches go, and the saved page offline has the new version's stylesheet, applied."""
    port, data_dir, profile, factory, photos = offline_setup
    second = tmp_path / "v2"
    second.mkdir()
    shutil.copy2(APPDECK_BIN, second / "appdeck")
    for bundle in APPDECK_BIN.parent.glob("*.resources"):
        shutil.copytree(bundle, second / bundle.name)
    with open(second / "AppDeck_WebShell.resources" / "Resources" / "css" / "app.css", "a") as css:
        css.write("\n/* a new version */\n")

    with appdeck(port, data_dir, photos, "offline-versions"):
        driver = factory(profile)
        visit(driver, "/cars")
        controlled(driver)
        visit(driver, "/cars")
        first = stylesheet_version(driver)
        assert f"assets-{first}" in cache_names(driver)
    with appdeck(port, data_dir, photos, "offline-versions", binary=second / "appdeck"):
        visit(driver, "/cars")
        new = stylesheet_version(driver)
        assert new != first, "the changed stylesheet makes a new version"
        # The new worker deletes the old version's caches one by one (assets, then pages): wait
        # for all of them, not the first.
        wait(driver, 30).until(lambda d: f"assets-{new}" in (names := cache_names(d))
                               and not any(first in name for name in names))
        visit(driver, "/cars")
    load(driver, "/cars")
    assert offline_bar(driver)
    assert stylesheet_version(driver) == new
    background = driver.execute_script("return getComputedStyle(document.querySelector('.offline-bar')).backgroundColor")
    assert background == "rgb(58, 58, 60)", f"the saved page's stylesheet did not apply offline: {background}"


def zones_a_day_apart() -> tuple[str, str]:
    """Two fixed-offset zones (tz database `Etc/GMT±N`, whose sign is inverted) whose calendar
    dates differ by exactly one day right now: the earlier one is 'just before midnight' as seen
    from the later one."""
    import datetime as dt
    now = dt.datetime.now(dt.timezone.utc)
    for west in range(-11, 0):
        for east in range(14, 0, -1):
            west_day = (now + dt.timedelta(hours=west)).date()
            east_day = (now + dt.timedelta(hours=east)).date()
            if (east_day - west_day).days == 1:
                return f"Etc/GMT+{-west}", f"Etc/GMT-{east}"
    raise AssertionError("no pair of zones a day apart")


def test_a_tick_made_before_midnight_counts_for_that_day_when_replayed_after_it(offline_setup):
    """The device ticks offline on its day D (its zone set through Chromium's time-zone emulation),
    then its zone's date moves on to D+1 before the server sees the tick: the replay states D, the
    server (now in the new zone, where D is yesterday) counts it for D."""
    port, data_dir, profile, factory, photos = offline_setup
    before, after = zones_a_day_apart()
    with appdeck(port, data_dir, photos, "offline-midnight"):
        driver = factory(profile)
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": before})
        visit(driver, "/habits")
        controlled(driver)
        assert post_form(driver, "/habits", {"name": "Late", "color": "#34c759", "time": "23:00"}) in (0, 303)
        visit(driver, "/habits")  # the page posts the device's zone, then draws in it
        wait(driver).until(lambda d: d.execute_script("return document.documentElement.dataset.timeZone") == before)
        visit(driver, "/habits")
        day_made = driver.execute_script(
            "const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth()+1).padStart(2,'0')}-${String(d.getDate()).padStart(2,'0')}`")
    load(driver, "/habits")
    tap(driver, "Late")
    wait(driver).until(lambda d: habit_cards(d)["Late"]["pressed"] == "true")
    factory.quit(driver)

    with appdeck(port, data_dir, photos, "offline-midnight"):
        driver = factory(profile)
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": after})
        # The server learns the new zone before the outbox is replayed (any AppDeck page replays
        # it on load; /healthz is no such page): D is then yesterday on the server.
        driver.get(driver.appdeck_base + "/healthz")
        status = driver.execute_async_script(
            """
            const [zone, done] = arguments;
            const open = indexedDB.open('appdeck-outbox', 1);
            open.onsuccess = () => {
              const read = open.result.transaction('posts').objectStore('posts').getAll();
              read.onsuccess = () => fetch('/device/time-zone', {
                method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': read.result[0].token },
                body: new URLSearchParams({ timeZone: zone }) }).then(r => done(r.status), () => done(0));
            };
            open.onerror = () => done(-1);
            """, after)
        assert status == 204, status
        visit(driver, "/habits")
        wait(driver, 20).until(lambda d: any(
            row["name"] == "Late" and row["state"] == "done" for row in csv.DictReader(io.StringIO(
                d.execute_async_script("fetch('/habits/export.csv').then(r => r.text()).then(arguments[0])")))))
        body = driver.execute_async_script("fetch('/habits/export.csv').then(r => r.text()).then(arguments[0])")
        days = [row["day"] for row in csv.DictReader(io.StringIO(body)) if row["name"] == "Late" and row["state"] == "done"]
        assert days == [day_made], f"the tick made on {day_made} counted for {days}"


def test_a_slow_upstream_is_not_offline(offline_setup):
    """Issue 33, found 7: with the server up and GitHub answering in a few seconds (under the
    server's 15 s deadline), a saved page says the connection is slow, not offline, and turns into
    the fresh page when it arrives; a page never opened waits for its answer instead of showing
    the offline screen."""
    port, data_dir, profile, factory, photos = offline_setup
    slow_github = GitHubStandIn()
    try:
        with appdeck(port, data_dir, photos, "offline-slow", github_api_url=slow_github.url):
            driver = factory(profile)
            visit(driver, "/")
            controlled(driver)
            assert post_form(driver, "/github/sign-in", {"token": GITHUB_TOKEN}) in (0, 303)
            visit(driver, "/github")
            assert path_of(driver) == "/github"
            wait(driver).until(lambda d: all_saved(d, ["/github"]))
            names = driver.execute_script(
                "return [...document.querySelectorAll('a[href^=\"/github/repositories/\"]')].map(a => a.getAttribute('href'))")
            assert len(names) >= 2, names

            slow_github.delay = 5.0
            load(driver, "/github")
            bar = offline_bar(driver)
            assert bar and bar.startswith("Slow connection: showing what you saw at"), f"/github while GitHub is slow: {bar!r}"
            assert not driver.execute_script("return document.documentElement.classList.contains('is-offline')")
            shot(driver, "offline-slow-saved-copy")
            # The answer arrives and replaces the saved copy, without a tap.
            wait(driver, 30).until(lambda d: d.execute_script(
                "return document.readyState === 'complete' && !document.querySelector('meta[name=appdeck-saved-at]')"))
            assert offline_bar(driver) is None
            assert driver.execute_script("return document.querySelectorAll('a[href^=\"/github/repositories/\"]').length") >= 2

            # A repository never opened on this device: its answer, however slow, not the offline screen.
            slow_github.delay = 2.0
            load(driver, names[1])
            assert path_of(driver) == names[1]
            page_text = driver.find_element(By.TAG_NAME, "body").text
            assert "You're Offline" not in page_text, page_text[:300]
            assert driver.execute_script("return !!document.querySelector('.repo-detail__name')"), page_text[:300]
    finally:
        slow_github.stop()
