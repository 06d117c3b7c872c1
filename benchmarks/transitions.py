"""Screen transitions (issue 25) must not delay the first paint of the arriving screen. One server,
one headless Chromium, the four kinds the shell plays, each from the screen the e2e suite uses:

    push    Stories → a gallery (a row)              pop     the gallery's back item → Stories
    fade    Stories → its Settings tab               sheet   Cars → "+" (the sheet rises)
    sheet-cancel  the sheet's Cancel (it falls)

each `--loads` times with view transitions on and with them off (reduced motion emulated through
CDP, which the stylesheet turns into an instant swap), alternating, every tap made on a settled
screen (the previous transition finished).

What is timed is the arriving page's first contentful paint as Chromium reports it: the
presentation time of its first frame, from the tap's navigation start. In a view transition that
frame is the transition's first frame, so the measure neither leaves out the leaving page's capture
(it happens before the arriving page commits) nor counts the animation's length. A first frame can
still show nothing of the new screen (a slide that starts fully off screen, a fade that starts at
opacity 0), so each transition's own first frame is also read (the new screen's offset and opacity
on it) and the runs where the new screen was not on screen in that frame are counted: for those a
person sees the new screen one frame later than the figure.

Both sides load the same page and scripts (transitions.js included), so the difference is what
playing the transition costs. Paints land on 60 Hz frames, so medians move in steps of about 17 ms;
the difference of the means is printed too. On a machine other jobs share, `chrt -r 5` in front of
the command keeps their load out of the figures (the server and the browser inherit it).

    swift build -c release --product appdeck
    python3 benchmarks/transitions.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
from appdeck_server import serving  # noqa: E402
from browser import chromium  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
STORIES = json.loads((REPO / "Sources" / "Stories" / "Content" / "content.json").read_text(encoding="utf-8"))["items"]
GALLERY = next(item["id"] for item in STORIES if item["kind"] == "gallery")

#: name: (where the tap is made, what is tapped, where it lands, the transition it plays)
SCENES = {
    "push": ("/stories", f".story-cell__link[href='/stories/items/{GALLERY}']", f"/stories/items/{GALLERY}", "push"),
    "pop": (None, ".nav-bar__back", "/stories", "pop"),
    "fade": ("/stories", "a.tab-bar__item[href='/stories/settings']", "/stories/settings", "fade"),
    "sheet": ("/cars", ".nav-bar__action", "/cars/new", "sheet"),
    "sheet-cancel": (None, "[data-sheet-cancel]", "/cars", "sheet"),
}

#: Put in every page before its own scripts: what the arriving page's transition was, and where the
#: new screen was on its first frame (`ready` resolves once the pseudo-elements exist, before that
#: frame is painted; their animations are then at their start).
RECORD = """
addEventListener('pagereveal', (event) => {
  const transition = event.viewTransition;
  window.__arrival = {transition: !!transition};
  if (!transition) return;
  transition.ready.then(() => {
    const onScreen = [];
    for (const animation of document.getAnimations()) {
      const pseudo = animation.effect && animation.effect.pseudoElement;
      if (!pseudo || !pseudo.startsWith('::view-transition-new')) continue;
      const style = getComputedStyle(document.documentElement, pseudo);
      const group = getComputedStyle(document.documentElement, pseudo.replace('-new', '-group'));
      const matrix = new DOMMatrix(style.transform === 'none' ? undefined : style.transform);
      const width = parseFloat(group.width), height = parseFloat(group.height);
      const visible = parseFloat(style.opacity) > 0.02 &&
        Math.abs(matrix.m41) < width - 1 && Math.abs(matrix.m42) < height - 1;
      onScreen.push(visible);
    }
    window.__arrival.types = [...transition.types];
    window.__arrival.visible = onScreen.some(Boolean);
  }, () => {});
  transition.finished.finally(() => { window.__arrival.finished = true; });
});
"""

ARRIVAL = """
const done = arguments[0];
const read = () => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const arrival = window.__arrival;
  if (paint && arrival && (!arrival.transition || arrival.finished)) done({fcp: paint.startTime, ...arrival});
  else setTimeout(read, 10);
};
read();
"""


def is_gone(element) -> bool:
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise


def tap(driver, selector: str, lands: str) -> dict:
    """Taps `selector` on a settled screen and returns the arriving page's first paint and transition."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    WebDriverWait(driver, 20, poll_frequency=0.05).until(lambda _: is_gone(old))
    arrival = driver.execute_async_script(ARRIVAL)
    path = driver.execute_script("return location.pathname")
    if path != lands:
        raise SystemExit(f"tapping {selector} landed on {path}, not {lands}")
    time.sleep(0.15)  # the arriving page's own start-up, so the next tap is made on a quiet screen
    return arrival


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=Path(".build/release/appdeck"))
    parser.add_argument("--loads", type=int, default=30)
    options = parser.parse_args()
    profile = Path(tempfile.mkdtemp(prefix="appdeck-bench-transitions-"))
    results: dict[tuple[str, bool], list[dict]] = {(name, on): [] for name in SCENES for on in (True, False)}
    with serving(options.bin) as server:
        driver = chromium(profile)
        driver.set_script_timeout(20)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
        try:
            for load in range(options.loads + 1):  # the first round warms the caches and is not counted
                for transitions in ((True, False) if load % 2 else (False, True)):
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                        {"name": "prefers-reduced-motion", "value": "no-preference" if transitions else "reduce"}]})
                    for name, (start, selector, lands, kind) in SCENES.items():
                        if start:
                            driver.get(server.base + start)
                        arrival = tap(driver, selector, lands)
                        expected = {"transition": True, "types": [kind]} if transitions else {"transition": False}
                        got = {key: arrival.get(key) for key in expected}
                        if got != expected:
                            raise SystemExit(f"{name}: expected {expected}, the arriving page had {arrival}")
                        if load:
                            results[(name, transitions)].append(arrival)
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    print(f"first paint of the arriving screen, ms from the tap's navigation start; {options.loads} loads each")
    print(f"{'':14} {'with the transition':>22} {'without':>20} {'ratio':>6} {'mean diff':>10}  new screen on the first frame")
    for name in SCENES:
        on = [run["fcp"] for run in results[(name, True)]]
        off = [run["fcp"] for run in results[(name, False)]]
        hidden = sum(1 for run in results[(name, True)] if not run.get("visible"))
        print(f"{name:14} {statistics.median(on):8.1f} (p90 {quantile(on, 0.9):6.1f}) "
              f"{statistics.median(off):8.1f} (p90 {quantile(off, 0.9):6.1f}) "
              f"{statistics.median(on) / statistics.median(off):5.2f}x "
              f"{statistics.mean(on) - statistics.mean(off):+8.1f} ms  "
              + ("yes" if not hidden else f"no in {hidden} of {len(on)} (seen one frame later)"))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


if __name__ == "__main__":
    main()
