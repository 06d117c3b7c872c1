#!/usr/bin/env python3
"""First contentful paint of the three first screens on a throttled 3G phone (issue 47).

Each of `/`, `/cars` and `/habits` is opened `--runs` times, each time in a new headless Chromium
profile (a cold cache, no cookie: a first visit), at 390x844 in Russian, with DevTools' network
conditions of a slow 3G phone: 400 kbit/s each way and 400 ms added to every request
(`Network.emulateNetworkConditions`), the cache disabled. Prints, per page, the median and the
spread of `first-contentful-paint` and the bytes transferred before it (the document and every
resource whose response ended by then), and which resources the paint waited for (requested before
it, `renderBlockingStatus: blocking`).

Goal: 1.3 s or less on each (today 1.85-2.1 s). The floor is the document's own round trips (400 ms
each as throttled: the request, then its bytes at 50 KB/s) plus whatever the paint waits for.

Usage: python3 benchmarks/first_paint.py --bin .build/release/appdeck [--runs 5]
Not a test: figures go in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "reliability"))
from harness import Server  # noqa: E402

PAGES = ["/", "/cars", "/habits"]
KBIT = 1000 / 8  # bytes per second in one kbit/s

MEASURE = """
const paint = performance.getEntriesByName('first-contentful-paint')[0];
if (!paint) return null;
const at = paint.startTime;
const navigation = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource');
const before = resources.filter(r => r.responseEnd <= at);
return {
  fcp: at,
  bytes: navigation.transferSize + before.reduce((sum, r) => sum + r.transferSize, 0),
  blocking: resources.filter(r => r.renderBlockingStatus === 'blocking').map(r => r.name.replace(location.origin, '')),
};
"""


def browser(profile: Path) -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=ru",
                     f"--user-data-dir={profile}", "--window-size=390,844"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ru,ru-RU"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 400, "downloadThroughput": 400 * KBIT, "uploadThroughput": 400 * KBIT})
    return driver


def first_paint(url: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="fcp-") as profile:
        driver = browser(Path(profile))
        try:
            driver.get(url)
            for _ in range(100):
                measured = driver.execute_script(MEASURE)
                if measured:
                    return measured
                driver.implicitly_wait(0.1)
            raise SystemExit(f"no first-contentful-paint on {url}")
        finally:
            driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    server = Server(options.bin).start()
    try:
        for page in PAGES:
            runs = [first_paint(server.url + page) for _ in range(options.runs)]
            paints = sorted(run["fcp"] / 1000 for run in runs)
            print(f"{page}: FCP median {statistics.median(paints):.2f} s ({paints[0]:.2f}-{paints[-1]:.2f}), "
                  f"{statistics.median(run['bytes'] for run in runs) / 1000:.1f} KB by then; "
                  f"render-blocking: {', '.join(runs[0]['blocking']) or 'nothing'}")
    finally:
        server.stop()
        server.cleanup()


if __name__ == "__main__":
    main()
