"""Screen transitions (issue 25) must not delay the new page's first paint. One server, one
headless Chromium: a push (a home-screen tile to its app) and a pop (the app's back item to the
home screen), each `--loads` times with view transitions on and with them off (reduced motion
emulated through CDP, which the stylesheet turns into an instant swap), alternating; Chromium's own
first-contentful-paint of the arriving page, median and worst, and the ratio of the medians.

    swift build -c release --product appdeck
    python3 benchmarks/transitions.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import shutil
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appdeck_server import serving  # noqa: E402
from browser import chromium  # noqa: E402


def arrive(driver, click_selector: str) -> float:
    """Clicks a link and returns the arriving page's first contentful paint (ms from its start)."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, click_selector).click()
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.TAG_NAME, "html") != old)
    driver.set_script_timeout(20)
    return driver.execute_async_script(
        """
        const done = arguments[0];
        const read = () => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          if (paint) done(paint.startTime); else setTimeout(read, 20);
        };
        read();
        """)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=Path(".build/release/appdeck"))
    parser.add_argument("--loads", type=int, default=20)
    options = parser.parse_args()
    profile = Path(tempfile.mkdtemp(prefix="appdeck-bench-transitions-"))
    with serving(options.bin) as server:
        driver = chromium(profile)
        try:
            driver.get(server.base + "/")
            results = {("push", True): [], ("push", False): [], ("pop", True): [], ("pop", False): []}
            for _ in range(options.loads):
                for transitions in (True, False):
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                        {"name": "prefers-reduced-motion", "value": "no-preference" if transitions else "reduce"}]})
                    results[("push", transitions)].append(arrive(driver, "li.home__tile[data-app=cars] a"))
                    results[("pop", transitions)].append(arrive(driver, "a.nav-bar__back"))
            for kind in ("push", "pop"):
                on, off = results[(kind, True)], results[(kind, False)]
                print(f"{kind}: FCP median {statistics.median(on):.1f} ms with the transition, "
                      f"{statistics.median(off):.1f} ms without ({statistics.median(on) / statistics.median(off):.2f}x); "
                      f"worst {max(on):.1f} / {max(off):.1f} ms")
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
