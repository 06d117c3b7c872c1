"""Two AppDeck servers on one PostgreSQL database behind nginx (issue 26), in real Chromium: a
device made through one server is the same device on the other (its cookie, its CSRF token, its
language), and what a person does through one (a car, a tracked habit, a photo, a GitHub sign-in,
a drawing colour) is there through the other. The browser then uses nginx's address, which
round-robins over both servers, and both answer it.

Needs the test run's PostgreSQL (`APPDECK_TEST_DATABASE_URL`, set by `scripts/test.sh`) and nginx
(which `scripts/test.sh` installs); each run makes a database of its own there and drops it.
"""

from __future__ import annotations

import html
import http.client
import os
import re
import shutil
import sys
import subprocess
import tempfile
import threading
import urllib.parse
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))

import github_api as stand_in  # noqa: E402
import local_nginx  # noqa: E402
from local_nginx import free_port  # noqa: E402
from local_postgres import scratch_database, server_url  # noqa: E402
import test_github as github
import test_habits as habits
import test_photos as photos
import test_stories as stories
from conftest import APPDECK_BIN, VIEWPORTS, BrowserFactory, running_appdeck
from helpers import add_car, cars_on_screen, html_lang, navigates, path_of, text, visit, wait



@dataclass(frozen=True)
class Cluster:
    proxy: str
    servers: tuple[str, str]
    logs: tuple[Path, Path]
    # nginx again, the same site, in front of one server each: a client of one of these goes
    # through nginx and is known to reach that server.
    pinned: tuple[str, str]


@pytest.fixture(scope="module")
def cluster(jsonplaceholder, github_api):
    if not server_url():
        pytest.fail("APPDECK_TEST_DATABASE_URL is not set: run the suite through scripts/test.sh, which starts PostgreSQL")
    assert shutil.which("nginx"), "nginx is missing: scripts/test.sh installs it"
    work = Path(tempfile.mkdtemp(prefix="appdeck-e2e-cluster-"))
    work.chmod(0o755)
    try:
        subprocess.run([str(APPDECK_BIN), "keys", "init", "--key-dir", str(work / "keys")], check=True, capture_output=True)
        with ExitStack() as stack:
            # Entered first, so the database is dropped after the servers have stopped.
            database = stack.enter_context(scratch_database("e2e_cluster"))
            servers = [stack.enter_context(running_appdeck(
                jsonplaceholder.url, f"cluster-{index}", github_api_url=github_api.url,
                extra_args=["--key-dir", str(work / "keys"), "--trusted-proxies", "127.0.0.1",
                            "--github-client-id", stand_in.CLIENT_ID, "--upstream", f"github-web-url={github_api.url}"],
                env={"APPDECK_DATABASE_URL": database})) for index in (1, 2)]
            addresses = [urllib.parse.urlsplit(s.url).netloc for s in servers]
            fronts = [(work / "nginx", addresses), (work / "nginx-1", addresses[:1]), (work / "nginx-2", addresses[1:])]
            ports = [free_port() for _ in fronts]
            try:
                for (folder, upstreams), port in zip(fronts, ports):
                    local_nginx.start(folder, port, upstreams)
                yield Cluster(proxy=f"http://127.0.0.1:{ports[0]}", servers=(servers[0].url, servers[1].url),
                              logs=(servers[0].log, servers[1].log),
                              pinned=(f"http://127.0.0.1:{ports[1]}", f"http://127.0.0.1:{ports[2]}"))
            finally:
                for folder, _ in fronts:
                    local_nginx.stop(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def on(driver, base: str, path: str) -> None:
    """Visits `path` on the server (or proxy) at `base`: every server of the cluster is
    127.0.0.1, so the browser sends each the same device cookie."""
    driver.appdeck_base = base
    visit(driver, path)


def device_cookie(driver) -> str:
    return next(c["value"] for c in driver.get_cookies() if c["name"] == "appdeck_device")


def test_one_device_and_its_data_on_both_servers(cluster):
    factory = BrowserFactory(VIEWPORTS["phone"], cluster.servers[0])
    try:
        driver = factory()
        first, second = cluster.servers

        # The device: made by the first server; the second knows it (no new cookie) and its language.
        on(driver, first, "/")
        cookie = device_cookie(driver)
        habits.choose_language(driver, "pl")
        on(driver, second, "/")
        assert html_lang(driver) == "pl", "a language chosen through one server is not the device's on the other"
        assert device_cookie(driver) == cookie, "the second server made a new device"

        # A car added through the second server (its CSRF token) is listed by the first.
        on(driver, second, "/cars")
        add_car(driver, "Łada", "Niva «4x4»", "suv", 1977, "А 123 ВС")
        on(driver, first, "/cars")
        assert any("Niva «4x4»" in " ".join(lines) for lines in cars_on_screen(driver)), cars_on_screen(driver)

        # A habit added and tracked through the first is tracked on the second.
        driver.appdeck_base = first
        habits.open_habits(driver)
        habits.add_habit(driver, "Woda", "#34c759", "07:30")
        habits.circle(driver).click()
        wait(driver).until(lambda d: habits.cards(d)[0]["tracked"])
        driver.appdeck_base = second
        habits.open_habits(driver)
        assert habits.cards(driver)[0]["tracked"], "today's track did not reach the other server"

        # A photo added through the second is in the first's list.
        on(driver, second, "/photos")
        photos.add_in_place(driver)
        added = photos.screen_state(driver)["ids"]
        assert len(added) == 1
        on(driver, first, "/photos")
        assert photos.screen_state(driver)["ids"] == added

        # Signed in to GitHub through the first; the second shows the list, not the sign-in.
        driver.appdeck_base = first
        github.sign_in(driver, stand_in.TOKEN)
        on(driver, second, "/github")
        assert path_of(driver) == "/github"
        assert driver.find_elements(By.CSS_SELECTOR, github.ROWS), "the second server has no GitHub token for the device"

        # A drawing colour chosen through the second is the first's.
        on(driver, second, "/stories/settings")
        stories.click_color(driver, "navy")  # stored in place by the script
        wait(driver).until(lambda d: [c["value"] for c in stories.settings_state(d)["colors"] if c["pressed"] == "true"] == ["navy"])
        on(driver, first, "/stories/settings")
        pressed = [c["value"] for c in stories.settings_state(driver)["colors"] if c["pressed"] == "true"]
        assert pressed == ["navy"]

        # Through nginx: round-robin over both, the same device and data whichever answers.
        for _ in range(4):
            on(driver, cluster.proxy, "/cars")
            assert html_lang(driver) == "pl"
            assert any("Niva «4x4»" in " ".join(lines) for lines in cars_on_screen(driver))
        for log in cluster.logs:
            assert "forwarded_for=" in log.read_text(errors="replace"), f"{log.name}: nginx sent this server nothing"
    finally:
        factory.close_all()


def test_github_device_flow_through_nginx_stays_on_one_server(cluster, github_api):
    """A pending device-flow sign-in lives in the memory of the server that started it (issue 49):
    nginx sends the flow's pages of one browser to one server (by its device cookie), so "Check
    Now" through the round-robin proxy never meets the other server's "Sign-In Not Found", and the
    sign-in ends at the list."""
    import test_github_device_flow as device

    factory = BrowserFactory(VIEWPORTS["phone"], cluster.proxy)
    try:
        driver = factory()
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        on(driver, cluster.proxy, "/github/sign-in")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, device.DEVICE_BUTTON).click)
        assert path_of(driver) == "/github/sign-in/device", path_of(driver)
        code = driver.find_element(By.CSS_SELECTOR, device.CODE).text
        for _ in range(4):  # round-robin would send every other one to the other server
            navigates(driver, driver.find_element(By.CSS_SELECTOR, device.CHECK_NOW).click)
            assert not driver.find_elements(By.CSS_SELECTOR, device.ENDED), driver.find_element(By.TAG_NAME, "main").text
        github_api.authorize(code)
        for _ in range(60):
            navigates(driver, driver.find_element(By.CSS_SELECTOR, device.CHECK_NOW).click)
            if path_of(driver) == "/github":
                break
        assert path_of(driver) == "/github", path_of(driver)
        assert driver.find_elements(By.CSS_SELECTOR, github.ROWS)
        served = [log.read_text(errors="replace").count("/github/sign-in/device") for log in cluster.logs]
        assert sorted(served)[0] == 0 and sorted(served)[1] >= 6, f"the flow's requests per server: {served}"
    finally:
        factory.close_all()


def test_linked_browsers_across_servers(cluster):
    """Issue 36 over two servers: a code made through one is redeemed through the other, and a
    browser removed through one is a new, empty device on the other within a second."""
    import time

    import test_devices as devices

    factory = BrowserFactory(VIEWPORTS["phone"], cluster.servers[0])
    try:
        first, second = cluster.servers
        owner = factory()
        owner.appdeck_base = first
        habits.open_habits(owner)
        habits.add_habit(owner, "Both servers")
        code, _ = devices.make_link(owner)

        partner = factory()
        partner.appdeck_base = second
        devices.type_code(partner, code)
        devices.confirm_link(partner)
        habits.open_habits(partner)
        assert [c["name"] for c in habits.cards(partner)] == ["Both servers"]

        listed = devices.other_browsers(owner)
        assert len(listed) == 1
        # `navigates` waits for the sheet to finish sliding up: a click mid-slide lands on Cancel.
        navigates(owner, owner.find_element(By.CSS_SELECTOR, f"a[data-remove='{listed[0]}']").click)
        navigates(owner, owner.find_element(By.CSS_SELECTOR, ".action-sheet button[type=submit]").click)
        assert path_of(owner) == "/devices" and not owner.find_elements(By.CSS_SELECTOR, ".action-sheet")
        time.sleep(1.0)  # the session cache's window (`DevicePreferencesCache.defaultMaximumAge`)
        visit(partner, "/habits")
        assert path_of(partner).startswith("/devices/removed?on="), "the removed browser is told, on the other server too"
        habits.open_habits(partner)
        assert habits.cards(partner) == [], "the removed browser still sees the data on the other server"
        owner.appdeck_base = second
        habits.open_habits(owner)
        assert [c["name"] for c in habits.cards(owner)] == ["Both servers"]
    finally:
        factory.close_all()


class PlainBrowser:
    """A browser without a window: its own cookie and the CSRF token of the last form it read,
    over plain HTTP to one base address (for requests that must leave at the same moment, which a
    real browser's clicks cannot promise)."""

    def __init__(self, base: str, language: str = "en"):
        self.base = base
        self.language = language
        self.cookie = ""
        self.token = ""

    def connect(self) -> http.client.HTTPConnection:
        parts = urllib.parse.urlsplit(self.base)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.connect()
        return connection

    def request(self, method: str, path: str, fields: list[tuple[str, str]] | None = None,
                connection: http.client.HTTPConnection | None = None) -> tuple[int, dict[str, str], str]:
        connection = connection or self.connect()
        headers = {"Accept-Language": self.language}
        if self.cookie:
            headers["Cookie"] = f"appdeck_device={self.cookie}"
        body = None
        if fields is not None:
            body = urllib.parse.urlencode([("_csrf", self.token), *fields])
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.base}
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            page = response.read().decode()
            answer = {name.lower(): value for name, value in response.getheaders() if name.lower() != "set-cookie"}
            for value in response.headers.get_all("Set-Cookie") or []:
                if value.startswith("appdeck_device="):
                    self.cookie = value.split(";", 1)[0].split("=", 1)[1]
            token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page)
            if token:
                self.token = token.group(1)
            return response.status, answer, html.unescape(page)
        finally:
            connection.close()


def test_redemption_race_across_servers(cluster):
    """Issue 36: two browsers, each through nginx to a different server, confirm one code at the
    same moment: exactly one becomes a session of the code's owner, the other is told, in its
    language, that the code does not work."""
    owner = PlainBrowser(cluster.proxy)
    status, _, page = owner.request("GET", "/devices")
    assert status == 200 and owner.cookie and owner.token
    status, _, _ = owner.request("POST", "/habits", [("name", "Race"), ("color", "#34c759"), ("time", "07:30")])
    assert status == 303, status
    owner.request("GET", "/devices")
    status, _, page = owner.request("POST", "/devices/link", [])
    assert status == 200, status
    code = re.search(r'<output[^>]*name="link-code"[^>]*>([0-9A-Z-]{14})</output>', page).group(1)

    racers = [PlainBrowser(base, language="pl") for base in cluster.pinned]
    for racer in racers:
        assert racer.request("GET", "/link")[0] == 200
        status, _, page = racer.request("POST", "/link", [("code", code)])
        assert status == 200 and "data-confirm-link" in page, "asking about the code takes nothing"

    barrier = threading.Barrier(len(racers))
    answers: list = [None] * len(racers)

    def redeem(index: int) -> None:
        connection = racers[index].connect()  # connected before the barrier: only the request is left
        barrier.wait(timeout=30)
        answers[index] = racers[index].request("POST", "/link", [("code", code), ("confirm", "1")], connection=connection)

    threads = [threading.Thread(target=redeem, args=(index,)) for index in range(len(racers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    statuses = sorted(answer[0] for answer in answers)
    assert statuses == [303, 422], statuses
    winner = racers[[answer[0] for answer in answers].index(303)]
    _, _, refused = answers[[answer[0] for answer in answers].index(422)]
    assert text("pl", "link.error.unknown") in refused, "the other is told in its language that the code does not work"

    # The winner shows the owner's data through either server; the owner lists one other browser.
    for base in cluster.pinned:
        winner.base = base
        status, _, page = winner.request("GET", "/habits")
        assert status == 200 and "Race" in page, f"the linked browser does not see the owner's habit through {base}"
    _, _, devices = owner.request("GET", "/devices")
    assert len(set(re.findall(r'data-session="([0-9a-f]{32})"', devices))) == 1, "one code made one session"
