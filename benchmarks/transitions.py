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
playing the transition costs. The same run also taps between two static 1 KB pages whose only rule
is `@view-transition { navigation: auto }` (no script, no named element, served by a thread of this
script): what any cross-document view transition costs in this browser, the floor no page can go
under. Each AppDeck kind is printed with its excess over that floor. Paints land on 60 Hz frames, so medians move in steps of about 17 ms;
the difference of the means is printed too. On a machine other jobs share, `chrt -r 5` in front of
the command keeps their load out of the figures (the server and the browser inherit it).

    swift build -c release --product appdeck
    python3 benchmarks/transitions.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
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

#: Two pages that differ only in their text and link: the browser's own cost of a view transition.
FLOOR_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>{name}</title>
<style>@view-transition {{ navigation: auto; }}
@media (prefers-reduced-motion: reduce) {{ @view-transition {{ navigation: none; }} }}
body {{ margin: 0; font: 17px system-ui; }}</style></head>
<body><h1>Page {name}</h1><p><a id="other" href="{other}.html">To {other}</a></p></body></html>
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


@contextmanager
def floor_pages():
    """Serves the two floor pages on a free loopback port and yields the first one's address."""
    site = Path(tempfile.mkdtemp(prefix="appdeck-bench-floor-"))
    for name, other in (("a", "b"), ("b", "a")):
        (site / f"{name}.html").write_text(FLOOR_PAGE.format(name=name, other=other), encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/a.html"
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)


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


def tap(driver, selector: str, lands: str | None) -> dict:
    """Taps `selector` on a settled screen and returns the arriving page's first paint and transition."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    WebDriverWait(driver, 20, poll_frequency=0.05).until(lambda _: is_gone(old))
    arrival = driver.execute_async_script(ARRIVAL)
    path = driver.execute_script("return location.pathname")
    if lands and path != lands:
        raise SystemExit(f"tapping {selector} landed on {path}, not {lands}")
    time.sleep(0.15)  # the arriving page's own start-up, so the next tap is made on a quiet screen
    return arrival


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=Path(".build/release/appdeck"))
    parser.add_argument("--loads", type=int, default=30)
    options = parser.parse_args()
    profile = Path(tempfile.mkdtemp(prefix="appdeck-bench-transitions-"))
    names = [*SCENES, "floor"]
    results: dict[tuple[str, bool], list[dict]] = {(name, on): [] for name in names for on in (True, False)}
    with serving(options.bin) as server, floor_pages() as floor:
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
                    driver.get(floor)
                    for _ in range(2):  # a → b → a, each a transition of the root alone
                        arrival = tap(driver, "#other", None)
                        expected = {"transition": transitions, "types": [] if transitions else None}
                        if {key: arrival.get(key) for key in expected} != expected:
                            raise SystemExit(f"floor: expected {expected}, the arriving page had {arrival}")
                        if load:
                            results[("floor", transitions)].append(arrival)
        finally:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
    print(f"first paint of the arriving screen, ms from the tap's navigation start; {options.loads} loads each")
    floor = diff(results, "floor")
    print(f"{'':14} {'with the transition':>22} {'without':>20} {'ratio':>6} {'mean diff':>10} {'over floor':>10}"
          "  new screen on the first frame")
    for name in names:
        on = [run["fcp"] for run in results[(name, True)]]
        off = [run["fcp"] for run in results[(name, False)]]
        hidden = sum(1 for run in results[(name, True)] if not run.get("visible"))
        print(f"{name:14} {statistics.median(on):8.1f} (p90 {quantile(on, 0.9):6.1f}) "
              f"{statistics.median(off):8.1f} (p90 {quantile(off, 0.9):6.1f}) "
              f"{statistics.median(on) / statistics.median(off):5.2f}x "
              f"{diff(results, name):+8.1f} ms "
              + (f"{diff(results, name) - floor:+7.1f} ms  " if name != "floor" else f"{'':12}")
              + ("(the browser's own cross-fade)" if name == "floor" else "yes" if not hidden
                 else f"no in {hidden} of {len(on)} (seen one frame later)"))


def diff(results: dict[tuple[str, bool], list[dict]], name: str) -> float:
    """Mean first paint with the transition minus without it."""
    return (statistics.mean(run["fcp"] for run in results[(name, True)])
            - statistics.mean(run["fcp"] for run in results[(name, False)]))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


if __name__ == "__main__":
    main()
