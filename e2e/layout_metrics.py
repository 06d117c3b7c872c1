"""Measurements for the layout suites (Layouts, Split view): element boxes, computed styles, line
counts, one browser walking every viewport, and the page budget (bytes, hosts, first paint)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import urlparse

from conftest import ANIMATION_RATE, ALL_VIEWPORTS, Viewport, _start_browser, apply_viewport, quit_in_background
from helpers import visit, wait

#: Regular width starts here (SPLIT-1): a large phone in landscape and every iPad orientation.
REGULAR_WIDTH = 736


class Walker:
    """One headless Chromium for a whole module, switched between viewports with `apply_viewport`."""

    def __init__(self, base_url: str, animation_rate: float = ANIMATION_RATE):
        self.profile = Path(tempfile.mkdtemp(prefix="appdeck-e2e-walker-"))
        self.driver = _start_browser(ALL_VIEWPORTS["phone"], base_url, self.profile, animation_rate)

    def at(self, viewport: Viewport, path: str):
        """The driver at `viewport`, showing `path` freshly loaded."""
        apply_viewport(self.driver, viewport)
        visit(self.driver, path)
        wait(self.driver).until(lambda d: d.execute_script(
            "return window.innerWidth === arguments[0] && window.innerHeight === arguments[1]",
            viewport.width, viewport.height))
        return self.driver

    def close(self) -> None:
        import html_check
        html_check.capture(self.driver)
        quit_in_background([self.driver], [self.profile])


def choose_language(driver, language: str) -> None:
    """Picks a language with the home screen's switcher (remembered for this browser's device)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from helpers import navigates

    visit(driver, "/")
    select = driver.find_element(By.CSS_SELECTOR, "form.language-switcher select#language")
    navigates(driver, lambda: Select(select).select_by_value(language))


def box(driver, css: str) -> dict[str, float]:
    """The border box of the first element matching `css`, in viewport coordinates."""
    rect = driver.execute_script(
        """
        const e = document.querySelector(arguments[0]);
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
        """, css)
    assert rect is not None, f"no element matches {css!r}"
    return rect


def boxes(driver, css: str, root=None) -> list[dict[str, float]]:
    return driver.execute_script(
        """
        const scope = arguments[1] || document;
        return [...scope.querySelectorAll(arguments[0])].map(e => {
          const r = e.getBoundingClientRect();
          return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
        });
        """, css, root)


def style(driver, css: str, *properties: str) -> list[str]:
    return driver.execute_script(
        """
        const e = document.querySelector(arguments[0]);
        const s = getComputedStyle(e);
        return arguments[1].map(p => s.getPropertyValue(p));
        """, css, list(properties))


def px(value: str) -> float:
    assert value.endswith("px"), f"{value!r} is not in px"
    return float(value[:-2])


def lines_of(driver, element) -> float:
    """How many lines an element's text takes: its content height over its line height."""
    return driver.execute_script(
        """
        const e = arguments[0], s = getComputedStyle(e);
        const content = e.getBoundingClientRect().height - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom)
          - parseFloat(s.borderTopWidth) - parseFloat(s.borderBottomWidth);
        return content / parseFloat(s.lineHeight);
        """, element)


def natural_lines_of(driver, element) -> float:
    """Lines the element's text would take without any line clamp, at the same width."""
    return driver.execute_script(
        """
        const e = arguments[0];
        const clone = e.cloneNode(true);
        clone.removeAttribute('id');
        clone.style.webkitLineClamp = 'none';
        clone.style.display = 'block';
        clone.style.width = e.getBoundingClientRect().width + 'px';
        clone.style.position = 'absolute';
        clone.style.visibility = 'hidden';
        e.parentNode.appendChild(clone);
        const lines = clone.getBoundingClientRect().height / parseFloat(getComputedStyle(clone).lineHeight);
        clone.remove();
        return lines;
        """, element)


def radius_px(driver, element) -> float:
    """The element's top-left border radius in px (a percentage is taken of its width)."""
    value, width = driver.execute_script(
        "return [getComputedStyle(arguments[0]).borderTopLeftRadius, arguments[0].getBoundingClientRect().width]",
        element)
    first = value.split()[0]
    if first.endswith("%"):
        return float(first[:-1]) * width / 100
    return px(first)


def centre(rect: dict[str, float]) -> tuple[float, float]:
    return ((rect["left"] + rect["right"]) / 2, (rect["top"] + rect["bottom"]) / 2)


def is_image(entry: dict) -> bool:
    path = urlparse(entry["name"]).path
    return entry.get("initiatorType") == "img" or path.endswith((".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif", ".gif"))


def page_budget_median(driver, path: str, loads: int = 5) -> dict:
    """`page_budget` over several loads: `loads` cold ones (HTTP cache off: the bytes, hosts and
    the cold first paints) and as many warm ones (the versioned assets cached, as a returning
    visitor has them). First paints are reported in full; `fcp_cold_best_ms` and
    `fcp_warm_median_ms` summarise them."""
    cold = [page_budget(driver, path) for _ in range(loads)]
    warm = [page_budget(driver, path, cache=True) for _ in range(loads)]
    chosen = dict(cold[-1])
    chosen["bytes"] = max(r["bytes"] for r in cold)
    chosen["fcp_cold_ms"] = [round(r["fcp_ms"]) for r in cold]
    chosen["fcp_warm_ms"] = [round(r["fcp_ms"]) for r in warm]
    chosen["fcp_cold_best_ms"] = min(chosen["fcp_cold_ms"])
    chosen["fcp_cold_median_ms"] = sorted(chosen["fcp_cold_ms"])[loads // 2]
    chosen["fcp_warm_median_ms"] = sorted(chosen["fcp_warm_ms"])[loads // 2]
    chosen["hosts"] = sorted({host for r in cold + warm for host in r["hosts"]})
    return chosen


def assert_within_budget(driver, path: str) -> dict:
    """The issue's budget for `path`: under 60 KB on the wire without images and nothing from another
    host. First paint is printed with the other figures but not asserted: timing belongs in
    benchmarks/, and on a machine shared with builds it says more about the machine than the page."""
    result = page_budget_median(driver, path)
    print(f"budget {path}: {result['bytes']} B non-image on the wire ({result['body_bytes']} B bodies), "
          f"{result['image_bytes']} B images, {result['requests']} requests, "
          f"FCP cold {result['fcp_cold_ms']} ms (median {result['fcp_cold_median_ms']}), "
          f"warm {result['fcp_warm_ms']} ms (median {result['fcp_warm_median_ms']})")
    host = driver.appdeck_base.split("//", 1)[1]
    assert result["hosts"] == [host], result["hosts"]
    assert 0 < result["bytes"] < 60 * 1024, result
    return result


def page_budget(driver, path: str, cache: bool = False) -> dict:
    """Loads `path` with the HTTP cache off and returns what went over the wire: bytes of every
    non-image response (headers included, `transferSize`), the hosts asked, and the first
    contentful paint in ms after navigation start."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": not cache})
    try:
        visit(driver, path)
        wait(driver).until(lambda d: d.execute_script(
            "return performance.getEntriesByName('first-contentful-paint').length > 0"))
        entries = driver.execute_script(
            """
            const pick = e => ({name: e.name, initiatorType: e.initiatorType || 'navigation',
                                transferSize: e.transferSize, encodedBodySize: e.encodedBodySize});
            return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(pick);
            """)
        fcp = driver.execute_script(
            "return performance.getEntriesByName('first-contentful-paint')[0].startTime")
    finally:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    non_images = [e for e in entries if not is_image(e)]
    return {
        "path": path,
        "bytes": sum(e["transferSize"] for e in non_images),
        "body_bytes": sum(e["encodedBodySize"] for e in non_images),
        "image_bytes": sum(e["transferSize"] for e in entries if is_image(e)),
        "requests": len(entries),
        "hosts": sorted({urlparse(e["name"]).netloc for e in entries}),
        "fcp_ms": fcp,
        "entries": entries,
    }
