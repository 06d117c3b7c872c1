"""Fixtures of the AppDeck browser suite.

- `jsonplaceholder` (session): a loopback stand-in for jsonplaceholder (`jsonplaceholder.py`).
- `github_api` (session): a loopback stand-in for GitHub's REST API (`github_api.py`).
- `server` (session): the built `appdeck` binary (`APPDECK_BIN`, default `.build/debug/appdeck`)
  on a free port with a fresh data directory; stopped with SIGTERM at the end, which must exit 0.
- `viewport`: each browser test runs at a phone (375x812) and an iPad (820x1180) viewport.
- `driver`: a fresh device at that viewport: a browser context of its own (no cookie, storage,
  cache or service worker of another test) in the worker's one headless Chromium
  (`SharedChromium`), or a Chromium of its own for a test marked `fresh_browser`.
- `browser`: a factory for more browsers in one test (a second profile, or reusing a profile
  directory for a later visit).
- `walker` (module): one browser for a whole module that walks all ten viewports.

Every browser runs finite CSS animations, transitions and view transitions `ANIMATION_RATE` times
faster than real time (issue 35): the screens still go through them and end where they would, and
the suite stops spending most of a walk waiting for slides and fades. A test or module that looks
at an animation itself (its timing, a frame in the middle, a tap while it runs) is marked
`real_time_animations` and gets real time.

Every Chromium renders with the suite's own fonts (`fonts.conf`, issue 33) and keeps a performance
log from which `html_check` keeps every HTML answer; the W3C Nu HTML Checker runs once over all of
them after the last test (issue 39, `pytest_runtestloop` below).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

import html_check
from helpers import ARTIFACTS, E2E_DIR, REPO, WAIT, env_path
from github_api import GitHubStandIn
from jsonplaceholder import JSONPlaceholder

APPDECK_BIN = env_path("APPDECK_BIN", REPO / ".build" / "debug" / "appdeck")
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")
#: The fontconfig file every Chromium of the suite renders with (issue 33): fonts-dejavu-core's six
#: fonts and nothing of the machine's, so measurements do not depend on what fonts it has.
#: `APPDECK_E2E_FONTCONFIG` names another one (an absolute path), e.g. `/etc/fonts/fonts.conf` to
#: see a screen with the machine's own fonts.
FONTCONFIG_FILE = str(env_path("APPDECK_E2E_FONTCONFIG", E2E_DIR / "fonts.conf").resolve())


@dataclass(frozen=True)
class Viewport:
    name: str
    width: int
    height: int
    scale: int
    mobile: bool


VIEWPORTS = {
    "phone": Viewport("phone", 375, 812, 3, True),
    "ipad": Viewport("ipad", 820, 1180, 2, False),
}

#: Every size a screen must work at: 4-inch, 4.7-inch, 5.8-inch and 6.7-inch phones, each turned,
#: and an iPad both ways. Suites that measure layout walk these with `apply_viewport` in one browser.
ALL_VIEWPORTS = {
    "se": Viewport("se", 320, 568, 2, True),
    "se-landscape": Viewport("se-landscape", 568, 320, 2, True),
    "phone8": Viewport("phone8", 375, 667, 2, True),
    "phone8-landscape": Viewport("phone8-landscape", 667, 375, 2, True),
    "phone": Viewport("phone", 375, 812, 3, True),
    "phone-landscape": Viewport("phone-landscape", 812, 375, 3, True),
    "max": Viewport("max", 428, 926, 3, True),
    "max-landscape": Viewport("max-landscape", 926, 428, 3, True),
    "ipad": Viewport("ipad", 820, 1180, 2, False),
    "ipad-landscape": Viewport("ipad-landscape", 1180, 820, 2, False),
}


#: How many times faster than real time a browser of the suite plays finite animations (CDP
#: `Animation.setPlaybackRate`, kept by the tab across navigations): a push's 0.3 s view transition
#: takes 30 ms, a title's 0.15 s fade 15 ms. Measured on the polish walk's first 80 loads, one
#: browser, quiet machine: 47.7 s at real time, 21.9 s at 10x (waits for animations were 60%).
ANIMATION_RATE = 10


def play_animations_at(driver: webdriver.Chrome, rate: float) -> None:
    """Sets how fast the tab plays finite animations: 1 is real time."""
    driver.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": rate})


def animation_rate(request) -> float:
    """Real time for a test (or module) marked `real_time_animations`, else `ANIMATION_RATE`."""
    return 1 if request.node.get_closest_marker("real_time_animations") else ANIMATION_RATE


def apply_viewport(driver: webdriver.Chrome, viewport: Viewport) -> None:
    """Gives the page the device's size (whatever the window decorations take) and touch when
    it is a phone; screenshots and overflow checks then carry the viewport's name."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": viewport.width, "height": viewport.height,
        "deviceScaleFactor": viewport.scale, "mobile": viewport.mobile,
    })
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                           {"enabled": viewport.mobile, "maxTouchPoints": 5 if viewport.mobile else 1})
    driver.appdeck_viewport = viewport.name
    driver.appdeck_viewport_width = viewport.width


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    data_dir: Path
    log: Path


def _read_url(process: subprocess.Popen, timeout: float) -> tuple[str | None, list[str]]:
    """Reads stdout until the `AppDeck is serving URL` line; keeps draining stdout afterwards."""
    found: dict[str, str] = {}
    seen: list[str] = []
    ready = threading.Event()

    def pump() -> None:
        for raw in process.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if not ready.is_set():
                seen.append(line)
                match = re.search(r"AppDeck is serving (http://\S+)", line)
                if match:
                    found["url"] = match.group(1)
                    ready.set()
        ready.set()  # stdout closed: the process ended

    threading.Thread(target=pump, name="appdeck-stdout", daemon=True).start()
    ready.wait(timeout)
    return found.get("url"), seen


@pytest.fixture(scope="session")
def jsonplaceholder():
    """The loopback stand-in for jsonplaceholder the session's server gets its photos from."""
    stand_in = JSONPlaceholder()
    yield stand_in
    stand_in.stop()


@pytest.fixture(scope="session")
def github_api():
    """The loopback stand-in for GitHub's REST API the session's server asks."""
    stand_in = GitHubStandIn()
    yield stand_in
    stand_in.stop()


@contextmanager
def running_appdeck(photos_api_url: str, name: str, github_api_url: str = "http://127.0.0.1:9", data_dir: Path | None = None,
                    extra_args: list[str] = (), env: dict[str, str] | None = None):
    """`appdeck` on a free port with a fresh data directory (or `data_dir`, kept) and its photos
    from `photos_api_url`, GitHub at `github_api_url` (a closed port unless given), with
    `extra_args` and `env` added; its log is `e2e/artifacts/<name>.log`. Stopped with SIGTERM at
    the end, which must exit 0 within 10 s."""
    assert APPDECK_BIN.is_file(), f"{APPDECK_BIN} is missing: run `swift build` first (or set APPDECK_BIN)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    keep_data = data_dir is not None
    data_dir = data_dir or Path(tempfile.mkdtemp(prefix=f"appdeck-e2e-{name}-"))
    # Under pytest-xdist each worker runs its own session server: one log each.
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    log = ARTIFACTS / (f"{name}-{worker}.log" if worker else f"{name}.log")
    with open(log, "wb") as stderr:
        process = subprocess.Popen(
            [str(APPDECK_BIN), "--host", "127.0.0.1", "--port", "0", "--data-dir", str(data_dir),
             "--log-level", "info", "--photos-api-url", photos_api_url, "--github-api-url", github_api_url,
             # The GitHub stand-in also plays the README image hosts (issue 22): its port only.
             "--readme-image-private-hosts", urlsplit(github_api_url).netloc, *extra_args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr, env={**os.environ, **(env or {})})
    try:
        url, seen = _read_url(process, timeout=60)
        assert url, (f"appdeck did not print 'AppDeck is serving URL' (exit code {process.poll()}); "
                     f"stdout: {seen}; see {log}")
        yield Server(url=url.rstrip("/"), process=process, data_dir=data_dir, log=log)
        assert process.poll() is None, f"appdeck died during the run (exit {process.returncode}); see {log}"
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            pytest.fail("appdeck did not stop within 10 s of SIGTERM")
        assert code == 0, f"appdeck exited {code} after SIGTERM; see {log}"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if not keep_data:
            shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def server(jsonplaceholder, github_api):
    with running_appdeck(jsonplaceholder.url, "server", github_api_url=github_api.url) as running:
        yield running


@pytest.fixture(scope="module")
def walker(request, server):
    """One browser for a whole module, walking every viewport (`layout_metrics.Walker`)."""
    from layout_metrics import Walker  # layout_metrics imports this file
    walker = Walker(server.url, animation_rate=animation_rate(request))
    yield walker
    walker.close()


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def viewport(request) -> Viewport:
    return VIEWPORTS[request.param]


def _start_browser(viewport: Viewport, base_url: str, profile_dir: Path,
                   animation_rate: float = ANIMATION_RATE) -> webdriver.Chrome:
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        "--lang=en-US", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        "--disable-background-networking", "--disable-sync", "--hide-scrollbars",
        f"--user-data-dir={profile_dir}",
        f"--window-size={viewport.width},{viewport.height}",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    # The performance log carries the network events `html_check.capture` reads pages from.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **html_check.LOGGING_PREFS})
    options.add_experimental_option("perfLoggingPrefs", html_check.PERF_LOGGING_PREFS)
    # chromedriver hands its environment to Chromium: fontconfig reads the suite's file only.
    service = Service(CHROMEDRIVER, env={**os.environ, "FONTCONFIG_FILE": FONTCONFIG_FILE})
    driver = webdriver.Chrome(options=options, service=service)
    try:
        apply_viewport(driver, viewport)
        driver.implicitly_wait(0)
        driver.set_page_load_timeout(WAIT * 2)
        driver.appdeck_base = base_url
        # A page with the same viewport meta as AppDeck's, without touching the server.
        driver.get('data:text/html,<meta name="viewport" content="width=device-width, initial-scale=1">')
        size = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert size == [viewport.width, viewport.height], f"viewport is {size}, wanted {viewport}"
        play_animations_at(driver, animation_rate)
    except BaseException:
        driver.quit()
        raise
    return driver


class BrowserFactory:
    """Starts browsers for one test and quits them all at its end."""

    def __init__(self, viewport: Viewport, base_url: str, animation_rate: float = ANIMATION_RATE):
        self.viewport = viewport
        self.base_url = base_url
        self.animation_rate = animation_rate
        self._drivers: list[webdriver.Chrome] = []
        self._dirs: list[Path] = []

    def new_profile_dir(self) -> Path:
        path = Path(tempfile.mkdtemp(prefix="appdeck-e2e-profile-"))
        self._dirs.append(path)
        return path

    def __call__(self, profile_dir: Path | None = None) -> webdriver.Chrome:
        """A browser on `profile_dir` (a new, empty profile when None)."""
        driver = _start_browser(self.viewport, self.base_url, profile_dir or self.new_profile_dir(), self.animation_rate)
        self._drivers.append(driver)
        return driver

    def quit(self, driver: webdriver.Chrome) -> None:
        """Closes a browser so its profile can be opened again (cookies flushed to disk)."""
        self._drivers.remove(driver)
        html_check.capture(driver)
        driver.quit()

    def close_all(self) -> None:
        drivers, self._drivers = self._drivers, []
        for driver in drivers:
            html_check.capture(driver)
        # Nothing opens these profiles again: the next test need not wait for them to close.
        quit_in_background(drivers, self._dirs)
        self._dirs = []


_quitting: list[threading.Thread] = []


def quit_in_background(drivers: list[webdriver.Chrome], dirs: list[Path] = ()) -> None:
    """Quits `drivers` and then removes `dirs` on a thread of their own: a browser takes one to
    two seconds to close, time the next test need not wait for. Every page they received must
    have been captured already (`html_check.capture`). `pytest_sessionfinish` waits for them."""
    dirs = list(dirs)

    def close() -> None:
        for driver in drivers:
            try:
                driver.quit()
            except Exception:  # already gone: nothing left to close
                pass
        for path in dirs:
            shutil.rmtree(path, ignore_errors=True)

    thread = threading.Thread(target=close, name="appdeck-quit", daemon=True)
    thread.start()
    _quitting[:] = [t for t in _quitting if t.is_alive()] + [thread]


@pytest.fixture
def browser(request, server, viewport):
    factory = BrowserFactory(viewport, server.url, animation_rate(request))
    yield factory
    factory.close_all()


class SharedChromium:
    """The one Chromium of a worker behind `driver` (issue 35: starting and closing a browser
    per test took 5 s of each). Each test gets a browser context of its own, made through the
    browser's DevTools endpoint (CDP `Target.createBrowserContext`, which a page's session may not
    call): an incognito-like profile with no cookie (so a new device), no storage, no HTTP cache, no
    service worker, and a new tab in it, so no emulation, script switch or network condition of an
    earlier test's tab. At the test's end its pages are captured for the HTML checker and the
    context is thrown away with all its tabs. Tests that need a profile on disk, several browsers at
    once, or a tab of their own through WebDriver's new window (which Chromium opens in the default
    context, not beside the test's tab) use `browser` or the `fresh_browser` mark."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self._driver: webdriver.Chrome | None = None
        self._socket = None
        self._calls = 0
        self._profile: Path | None = None
        self._context: str | None = None

    def _start(self) -> None:
        import json
        import urllib.request
        import websocket  # selenium's own dependency (websocket-client)

        self._profile = Path(tempfile.mkdtemp(prefix="appdeck-e2e-shared-"))
        self._driver = _start_browser(VIEWPORTS["phone"], self.base_url, self._profile)
        self._home = self._driver.current_window_handle
        address = self._driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=WAIT) as answer:
            endpoint = json.load(answer)["webSocketDebuggerUrl"]
        self._socket = websocket.create_connection(endpoint, timeout=WAIT, suppress_origin=True)

    def _browser_command(self, method: str, params: dict) -> dict:
        """A CDP command to the browser itself (not a tab), over its DevTools WebSocket."""
        import json

        self._calls += 1
        self._socket.send(json.dumps({"id": self._calls, "method": method, "params": params}))
        while True:  # no events are subscribed to, but skip any that come
            message = json.loads(self._socket.recv())
            if message.get("id") == self._calls:
                assert "error" not in message, f"{method}: {message['error']}"
                return message["result"]

    def open(self, viewport: Viewport, animation_rate: float) -> webdriver.Chrome:
        """A new browser context with one tab at `viewport` playing animations at `animation_rate`,
        the driver switched to it."""
        if self._driver is None:
            self._start()
        driver = self._driver
        self._context = self._browser_command("Target.createBrowserContext", {})["browserContextId"]
        tab = self._browser_command("Target.createTarget", {
            "url": "about:blank", "browserContextId": self._context,
            "width": viewport.width, "height": viewport.height, "newWindow": True})["targetId"]
        driver.switch_to.window(tab)
        driver.implicitly_wait(0)
        driver.set_page_load_timeout(WAIT * 2)
        driver.set_script_timeout(30)  # chromedriver's default; axe and some tests change it
        apply_viewport(driver, viewport)
        driver.get('data:text/html,<meta name="viewport" content="width=device-width, initial-scale=1">')
        size = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert size == [viewport.width, viewport.height], f"viewport is {size}, wanted {viewport}"
        play_animations_at(driver, animation_rate)
        # Nothing an earlier test left in the logs: its pages were captured before it closed.
        driver.get_log("browser")
        driver.get_log("performance")
        driver.__dict__.pop("appdeck_request_methods", None)
        return driver

    def close(self) -> None:
        """Captures the test's pages and throws its context away; a browser that fails at that is
        quit, and the next test starts another."""
        driver, context, self._context = self._driver, self._context, None
        if driver is None:
            return
        try:
            handles = driver.window_handles
            if driver.current_window_handle not in handles:  # the test closed its tab
                raise RuntimeError("the test's tab is gone")
            html_check.capture(driver)
            driver.switch_to.window(self._home)
            if context is not None:
                self._browser_command("Target.disposeBrowserContext", {"browserContextId": context})
            assert driver.window_handles == [self._home], f"tabs left: {driver.window_handles}"
        except Exception:
            self.stop()

    def stop(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._driver is not None:
            html_check.capture(self._driver)
            quit_in_background([self._driver], [self._profile])
            self._driver = None


@pytest.fixture(scope="session")
def shared_chromium(server):
    chromium = SharedChromium(server.url)
    yield chromium
    chromium.stop()


@pytest.fixture
def driver(request, server, viewport, shared_chromium):
    """A fresh device at `viewport`: a browser context of its own in the worker's one Chromium
    (`SharedChromium`), or a whole new Chromium for a test marked `fresh_browser`."""
    if request.node.get_closest_marker("fresh_browser"):
        factory = BrowserFactory(viewport, server.url, animation_rate(request))
        yield factory()
        factory.close_all()
        return
    try:
        yield shared_chromium.open(viewport, animation_rate(request))
    finally:
        shared_chromium.close()


def pytest_configure(config):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    config.addinivalue_line(
        "markers", "fresh_browser: `driver` is a Chromium of the test's own, not a context of the shared one")
    config.addinivalue_line(
        "markers", "real_time_animations: the test's browsers play animations at real time, not `ANIMATION_RATE`")
    if not hasattr(config, "workerinput"):  # the reporting process: before any worker starts
        html_check.reset()


def pytest_sessionfinish(session):
    for thread in _quitting:  # browsers closing in the background (`quit_in_background`)
        thread.join(timeout=30)


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session):
    """After the last test of the run (of every worker, under xdist), in the reporting process: the
    W3C Nu HTML Checker over every page kept (`html_check`); an error fails the run as the test
    `e2e/html_check.py::nu_html_checker`."""
    finished = yield
    if hasattr(session.config, "workerinput"):
        return finished
    result = html_check.check()
    if result is None:
        return finished
    session.config.appdeck_html_check = result
    failure = html_check.report(result)
    if failure:
        from _pytest.reports import TestReport
        report = TestReport(
            nodeid=html_check.NODE_ID, location=("e2e/html_check.py", 0, "nu_html_checker"), keywords={},
            outcome="failed", longrepr=failure, when="call", sections=[], duration=result.seconds)
        session.config.hook.pytest_runtest_logreport(report=report)  # counted: pytest exits 1
    return finished


def pytest_terminal_summary(terminalreporter, config):
    result = getattr(config, "appdeck_html_check", None)
    if result is not None:
        terminalreporter.write_line(html_check.summary_line(result))
