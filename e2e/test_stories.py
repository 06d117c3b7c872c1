"""Stories & Gallery (SG-1..10) in the browser.

- `test_every_screen_at_every_size[<viewport>]`: one browser walks the ten sizes of `ALL_VIEWPORTS`;
  at each: the items grid (2 columns, covers keeping their files' aspect ratio, titles and types,
  the tab bar clear of the content), a story (cover, the drawings' order and timing read from
  computed styles, the default colour), a gallery (cover and images keeping their ratio), the
  viewer (full screen, image centred, zoomed to 2 and still centred after turning the device both
  ways) and Settings; `check_screen` on all five.
- `test_viewer_zoom_and_close_button`: single click hides/shows Close, double click toggles 1 <-> 2,
  wheel / keys / pinch clamp to [1, 3], the drawn size follows `data-scale`, Escape and Close go back.
- `test_drawings_restart_on_every_appearance`: back and forward (a bfcache restore or a fresh load,
  whichever Chromium does), the `pageshow` handler itself, and a tab coming back into view.
- `test_settings_without_javascript_*` / `test_settings_with_javascript_*`: the switch and the
  colour as form posts and in place, applied to the next story; per device; reduced motion.
- `test_texts_in_russian`, `test_unknown_items_and_images_are_404`.

Texts come from the catalogues (`text(lang, key)`) and the content file the server ships
(`Sources/Stories/Content/content.json`), never from this file.
"""

from __future__ import annotations

import json
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import REPO, check_screen, html_lang, http_get, is_gone, navigates, path_of, shot, text, visit, wait, wait_loaded
from layout_metrics import choose_language

# The drawings are looked at as they play: each path's start, length and restart (SG-3).
pytestmark = pytest.mark.real_time_animations

CONTENT = json.loads((REPO / "Sources" / "Stories" / "Content" / "content.json").read_text(encoding="utf-8"))["items"]
STORIES = [item for item in CONTENT if item["kind"] == "story"]
GALLERIES = [item for item in CONTENT if item["kind"] == "gallery"]

#: SG-6's palette in the contract's order: (id, colour).
PALETTE = [("red", "#be2813"), ("ultramarine", "#3802da"), ("green", "#467c24"), ("grey", "#808080"),
           ("violet", "#8e5af7"), ("coral", "#f07f5a"), ("amber", "#f3af22"), ("sky", "#3dacf7"),
           ("pink", "#e87aa4"), ("navy", "#0f2e3f"), ("forest", "#213711"), ("maroon", "#511307"),
           ("burgundy", "#92003b")]
COLORS = dict(PALETTE)
DEFAULT_COLOR = "amber"

#: SG-3: each path is stroked over 3 s, one after another.
DRAW_SECONDS = 3.0

#: A drawing moved on by `FAST_FORWARD_MS` counts as started again once every path's animation is
#: back under `RESTARTED_MS` (room for a slow page load on a busy machine).
FAST_FORWARD_MS = 9000
RESTARTED_MS = 4000

#: How far a drawn image's ratio may stray from its file's (layout rounds boxes to device pixels).
RATIO_TOLERANCE = 0.02


def rgb(hex_color: str) -> str:
    value = hex_color.lstrip("#")
    return f"rgb({int(value[0:2], 16)}, {int(value[2:4], 16)}, {int(value[4:6], 16)})"


def item_paths(item: dict) -> list[str]:
    return [path for drawing in item["drawings"] for path in drawing["paths"]]


def paragraphs(item: dict, lang: str) -> list[str]:
    return [" ".join(part.split()) for part in item["text"][lang].split("\n\n") if part.strip()]


def seconds(value: str) -> float:
    """A computed time (`3s`, `1500ms`) in seconds."""
    value = value.strip()
    if value.endswith("ms"):
        return float(value[:-2]) / 1000
    assert value.endswith("s"), f"{value!r} is not a time"
    return float(value[:-1])


def number(value) -> float:
    """A computed length or number (`1px`, `0`, `1`) as a float."""
    value = str(value).strip()
    return float(value[:-2]) if value.endswith("px") else float(value)


def rotated(name: str) -> str:
    """The same device turned: `phone` <-> `phone-landscape`."""
    return name[:-len("-landscape")] if name.endswith("-landscape") else name + "-landscape"


# --------------------------------------------------------------------------- measuring in the page

#: `shown(img)`: where an image's picture is drawn, in viewport px. For `object-fit: contain` (and
#: `scale-down`) that is the letterboxed rectangle inside the element's content box; for every other
#: fit, the content box itself (so a cropping `cover` shows up as a wrong ratio). Uniform transforms
#: (the viewer's zoom) are in the bounding box already.
SHOWN_JS = """
const shown = img => {
  const r = img.getBoundingClientRect(), s = getComputedStyle(img);
  const k = img.offsetWidth ? r.width / img.offsetWidth : 1;
  const f = p => parseFloat(s[p]) || 0;
  let left = r.left + (f('paddingLeft') + f('borderLeftWidth')) * k;
  let top = r.top + (f('paddingTop') + f('borderTopWidth')) * k;
  let width = r.width - (f('paddingLeft') + f('paddingRight') + f('borderLeftWidth') + f('borderRightWidth')) * k;
  let height = r.height - (f('paddingTop') + f('paddingBottom') + f('borderTopWidth') + f('borderBottomWidth')) * k;
  const nw = img.naturalWidth, nh = img.naturalHeight;
  if ((s.objectFit === 'contain' || s.objectFit === 'scale-down') && nw && nh) {
    let scale = Math.min(width / nw, height / nh);
    if (s.objectFit === 'scale-down') scale = Math.min(scale, k);
    const w = nw * scale, h = nh * scale;
    left += (width - w) / 2; top += (height - h) / 2; width = w; height = h;
  }
  return {left, top, width, height, right: left + width, bottom: top + height,
          cx: left + width / 2, cy: top + height / 2, ratio: height ? width / height : null,
          natural: nh ? nw / nh : null, naturalWidth: nw, naturalHeight: nh,
          fit: s.objectFit, position: s.objectPosition, box: {width: r.width, height: r.height},
          attrWidth: Number(img.getAttribute('width')), attrHeight: Number(img.getAttribute('height')),
          src: img.currentSrc};
};
const rect = e => { if (!e) return null; const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
const hittable = e => { if (!e) return false; const r = e.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (e === hit || e.contains(hit)); };
"""


def assert_keeps_ratio(image: dict, what: str) -> None:
    """The picture is drawn at its file's aspect ratio (and the file's ratio is the one declared
    in the element's width/height attributes)."""
    assert image["naturalWidth"] and image["naturalHeight"], f"{what}: the image did not load ({image['src']})"
    natural, drawn = image["natural"], image["ratio"]
    assert abs(drawn / natural - 1) <= RATIO_TOLERANCE, (
        f"{what}: drawn at ratio {drawn:.4f} ({image['width']:.1f}x{image['height']:.1f}, object-fit {image['fit']}) "
        f"but the file {image['src']} is {image['naturalWidth']}x{image['naturalHeight']} = {natural:.4f}")
    declared = image["attrWidth"] / image["attrHeight"] if image["attrHeight"] else None
    assert declared and abs(declared / natural - 1) <= RATIO_TOLERANCE, (
        f"{what}: width/height attributes {image['attrWidth']}x{image['attrHeight']} do not match the file "
        f"{image['naturalWidth']}x{image['naturalHeight']}")


def load_images(driver, css: str) -> None:
    """Scrolls each image matching `css` into view (lazy ones start loading then) and waits until
    every one has loaded; back at the top afterwards."""
    count = len(driver.find_elements(By.CSS_SELECTOR, css))
    assert count, f"no image matches {css!r}"
    for index in range(count):
        driver.execute_script(
            "document.querySelectorAll(arguments[0])[arguments[1]].scrollIntoView({block: 'center', behavior: 'instant'})",
            css, index)
        wait(driver).until(lambda d: d.execute_script(
            "const i = document.querySelectorAll(arguments[0])[arguments[1]]; return i.complete && i.naturalWidth > 0",
            css, index), f"{css} #{index + 1} did not load")
    driver.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")


def scroll_to_end(driver) -> None:
    driver.execute_script("window.scrollTo({top: document.scrollingElement.scrollHeight, behavior: 'instant'})")
    wait(driver).until(lambda d: d.execute_script(
        "return Math.abs(scrollY + innerHeight - document.scrollingElement.scrollHeight) < 1"))


def assert_bars_clear_of(driver, css: str, where: str) -> None:
    """With the page scrolled to its end, nothing matching `css` is under the tab bar (when the
    screen has one), and the tab bar sits at the bottom of the viewport."""
    scroll_to_end(driver)
    state = driver.execute_script(SHOWN_JS + """
        const bar = document.querySelector('nav.tab-bar');
        const bottoms = [...document.querySelectorAll(arguments[0])].map(e => e.getBoundingClientRect().bottom);
        return {bar: rect(bar), height: innerHeight, last: Math.max(...bottoms)};
        """, css)
    if state["bar"]:
        assert abs(state["bar"]["bottom"] - state["height"]) <= 1, f"{where}: the tab bar is not at the bottom: {state}"
        assert state["last"] <= state["bar"]["top"] + 0.5, f"{where}: the tab bar covers the end of the content: {state}"
    driver.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")


# --------------------------------------------------------------------------- pages with drawings

def open_page(driver, path: str) -> None:
    """Loads a page without waiting for its animations to end (a story draws for 3 s per path)."""
    driver.get(driver.appdeck_base + path)
    wait_loaded(driver)


def follow(driver, element) -> None:
    """Clicks a link and waits for the next document and the end of the view transition into it
    (while one plays, nothing on the page is hit-testable), not for its drawings."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()
    wait(driver).until(lambda _: is_gone(old))
    wait_loaded(driver)
    wait(driver).until(lambda d: d.execute_script("return !document.activeViewTransition"))


def drawings(driver) -> dict | None:
    """The story's drawings as the browser has them: figures, and per path its computed animation,
    stroke and dash, and its running animation's current time (ms)."""
    return driver.execute_script(
        """
        const section = document.querySelector('main.story-detail section.story-drawings');
        if (!section) return null;
        return {
          drawing: section.dataset.drawing, label: section.getAttribute('aria-label'),
          figures: [...section.querySelectorAll(':scope figure.drawing')].map(f => {
            const svg = f.querySelector('svg.drawing__svg');
            return {label: svg && svg.getAttribute('aria-label'), role: svg && svg.getAttribute('role'),
                    stroke: svg && svg.getAttribute('stroke'), viewBox: svg && svg.getAttribute('viewBox'),
                    paths: f.querySelectorAll('svg.drawing__svg path.drawing__path').length};
          }),
          paths: [...section.querySelectorAll('path.drawing__path')].map(p => {
            const s = getComputedStyle(p), a = p.getAnimations();
            const frames = a[0] && a[0].effect ? a[0].effect.getKeyframes() : [];
            return {name: s.animationName, delay: s.animationDelay, duration: s.animationDuration,
                    stroke: s.stroke, dasharray: s.strokeDasharray, dashoffset: s.strokeDashoffset,
                    pathLength: p.getAttribute('pathLength'), animations: a.length,
                    playState: a[0] ? a[0].playState : null, currentTime: a[0] ? a[0].currentTime : null,
                    frames: frames.map(k => [k.offset, k.strokeDashoffset === undefined ? null : String(k.strokeDashoffset)])};
          }),
        };
        """)


def assert_drawn_in_order(state: dict, item: dict, color: str, where: str) -> None:
    """SG-3: path k (across the drawings, from 0) is stroked from 3k s for 3 s, 1 -> 0 dash offset."""
    assert state["drawing"] == "on", f"{where}: data-drawing={state['drawing']!r}"
    assert len(state["paths"]) == len(item_paths(item)), f"{where}: {len(state['paths'])} paths, content has {len(item_paths(item))}"
    for k, path in enumerate(state["paths"]):
        at = f"{where}: path {k}"
        assert path["name"] == "stories-draw", f"{at}: animation-name {path['name']!r}"
        assert seconds(path["duration"]) == pytest.approx(DRAW_SECONDS), f"{at}: animation-duration {path['duration']}"
        assert seconds(path["delay"]) == pytest.approx(DRAW_SECONDS * k), \
            f"{at}: animation-delay {path['delay']}, wanted {DRAW_SECONDS * k:g}s (one after another)"
        assert path["stroke"] == rgb(color), f"{at}: stroke {path['stroke']}, wanted {rgb(color)}"
        assert path["pathLength"] == "1" and number(path["dasharray"].split(",")[0].split()[0]) == 1, \
            f"{at}: pathLength {path['pathLength']!r}, stroke-dasharray {path['dasharray']!r}"
        assert path["animations"] >= 1, f"{at}: no running animation"
        frames = [(offset, number(value)) for offset, value in path["frames"] if value is not None]
        assert frames and frames[0] == (0, 1) and frames[-1] == (1, 0), \
            f"{at}: keyframes {path['frames']}, wanted stroke-dashoffset 1 -> 0"


def assert_drawn_at_once(state: dict, item: dict, color: str, where: str, animation_off: bool = True) -> None:
    """Drawing off (or reduced motion): every path is whole at once."""
    assert len(state["paths"]) == len(item_paths(item)), where
    for k, path in enumerate(state["paths"]):
        at = f"{where}: path {k}"
        if animation_off:
            assert path["name"] == "none", f"{at}: animation-name {path['name']!r}, wanted none"
        assert number(path["dashoffset"]) == 0, f"{at}: stroke-dashoffset {path['dashoffset']!r}, wanted 0 (drawn at once)"
        assert path["playState"] in (None, "finished"), f"{at}: an animation is {path['playState']}"
        assert path["stroke"] == rgb(color), f"{at}: stroke {path['stroke']}, wanted {rgb(color)}"


def finish_animations(driver) -> None:
    """Jumps every animation of the page to its end (the whole drawing, as after 3 s per path), so
    the screenshot shows the finished drawing and `check_screen` has nothing to wait for."""
    driver.execute_script("document.getAnimations().forEach(a => { try { a.finish(); } catch (e) {} })")


def fast_forward(driver, ms: float) -> None:
    """Moves every path's drawing `ms` further, as if that long had passed on the screen."""
    times = driver.execute_script(
        """
        return [...document.querySelectorAll('path.drawing__path')].map(p => {
          const a = p.getAnimations()[0];
          if (!a) return null;
          a.currentTime = arguments[0];
          return a.currentTime;
        });
        """, ms)
    assert times and all(t is not None and t >= ms - 1 for t in times), f"could not move the drawing on: {times}"


def wait_restarted(driver, where: str) -> list[float]:
    """Waits until every path's animation is back near its start (restarted, not carried on)."""
    last: dict = {}

    def restarted(d) -> bool:
        times = d.execute_script(
            """
            const paths = [...document.querySelectorAll('path.drawing__path')];
            return paths.length ? paths.map(p => { const a = p.getAnimations()[0]; return a ? a.currentTime : null; }) : null;
            """)
        last["times"] = times
        return bool(times) and all(t is not None and 0 <= t < RESTARTED_MS for t in times)

    try:
        wait(driver, 8).until(restarted)
    except Exception as error:
        raise AssertionError(f"{where}: the drawing did not start again; animations' currentTime (ms): {last.get('times')}") from error
    return last["times"]


# --------------------------------------------------------------------------- the screens

def nav_bar(driver) -> dict:
    return driver.execute_script(
        """
        const bar = document.querySelector('.nav-bar');
        const back = bar && bar.querySelector('a.nav-bar__back');
        const title = bar && bar.querySelector('.nav-bar__title');
        // A title with a short form holds both (issue 37): the whole one is the title.
        return {title: title && (title.querySelector('.title-form--long') || title).textContent.trim(), backHref: back && back.getAttribute('href'),
                backLabel: back && (back.querySelector('.nav-bar__back-label') || back).textContent.trim()};
        """)


def tab_bar(driver) -> dict:
    return driver.execute_script(
        """
        const bar = document.querySelector('nav.tab-bar');
        if (!bar) return null;
        return {label: bar.getAttribute('aria-label'),
                items: [...bar.querySelectorAll('a.tab-bar__item')].map(a => [a.getAttribute('href'), a.textContent.trim(), a.getAttribute('aria-current')])};
        """)


def assert_tab_bar(driver, current: str, lang: str = "en") -> None:
    expected = [["/stories", text(lang, "stories.tabs.items"), "page" if current == "items" else None],
                ["/stories/settings", text(lang, "stories.tabs.settings"), "page" if current == "settings" else None]]
    assert tab_bar(driver) == {"label": text(lang, "stories.tabs.label"), "items": expected}


def items_state(driver) -> dict:
    return driver.execute_script(SHOWN_JS + """
        const grid = document.querySelector('main.stories-items ul.story-grid');
        return {
          label: grid && grid.getAttribute('aria-label'), width: document.documentElement.clientWidth,
          nav: rect(document.querySelector('.nav-bar')),
          cells: [...document.querySelectorAll('ul.story-grid > li.story-cell')].map(li => {
            const link = li.querySelector('a.story-cell__link'), img = li.querySelector('img.story-cell__cover');
            return {id: li.dataset.itemId, kind: li.dataset.kind, href: link && link.getAttribute('href'),
                    title: (li.querySelector('.story-cell__title') || {}).textContent?.trim(),
                    type: (li.querySelector('.story-cell__type') || {}).textContent?.trim(),
                    titleShown: !!li.querySelector('.story-cell__title')?.checkVisibility({opacityProperty: true, visibilityProperty: true}),
                    typeShown: !!li.querySelector('.story-cell__type')?.checkVisibility({opacityProperty: true, visibilityProperty: true}),
                    srcset: img && img.getAttribute('srcset'), sizes: img && img.getAttribute('sizes'),
                    rect: rect(li), cover: img && shown(img)};
          }),
        };
        """)


def assert_items(driver, where: str, lang: str = "en") -> None:
    """SG-2: every item in content order, each with title and type; two columns; covers at their ratio."""
    load_images(driver, "img.story-cell__cover")
    state = items_state(driver)
    assert state["label"] == text(lang, "stories.items.label"), where
    cells = state["cells"]
    assert [(c["id"], c["kind"]) for c in cells] == [(i["id"], i["kind"]) for i in CONTENT], f"{where}: items out of order"
    for cell, item in zip(cells, CONTENT):
        at = f"{where}: item {item['id']}"
        assert cell["href"] == f"/stories/items/{item['id']}", at
        assert (cell["title"], cell["type"]) == (item["title"][lang], item["type"][lang]), at
        assert cell["titleShown"] and cell["typeShown"], f"{at}: the title or the type is not shown"
        assert cell["cover"], f"{at}: no cover"
        assert (cell["cover"]["attrWidth"], cell["cover"]["attrHeight"]) == (item["cover"]["width"], item["cover"]["height"]), at
        for width in item["cover"]["widths"]:
            assert f" {width}w" in f" {cell['srcset']}", f"{at}: srcset {cell['srcset']!r} lacks the {width} px file"
        assert cell["sizes"], f"{at}: no sizes"
        assert_keeps_ratio(cell["cover"], f"{at} cover")
    # Two columns, each inside the screen, of one width; no cell over another.
    lefts = sorted({round(c["rect"]["left"]) for c in cells})
    assert len(lefts) == 2, f"{where}: {len(lefts)} columns (cell lefts {lefts})"
    widths = [c["rect"]["width"] for c in cells]
    assert max(widths) - min(widths) <= 1, f"{where}: columns of different widths {widths}"
    for cell in cells:
        box = cell["rect"]
        assert box["left"] >= -0.5 and box["right"] <= state["width"] + 0.5, f"{where}: {cell['id']} sticks out: {box}"
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            ra, rb = a["rect"], b["rect"]
            overlap_x = min(ra["right"], rb["right"]) - max(ra["left"], rb["left"])
            overlap_y = min(ra["bottom"], rb["bottom"]) - max(ra["top"], rb["top"])
            assert overlap_x <= 0.5 or overlap_y <= 0.5, f"{where}: {a['id']} and {b['id']} overlap: {ra} {rb}"
    if state["nav"]:
        top = min(c["rect"]["top"] for c in cells)
        assert top >= state["nav"]["bottom"] - 0.5, f"{where}: the navigation bar covers the first row: {state['nav']}, top {top}"
    assert_bars_clear_of(driver, "li.story-cell", where)


def detail_state(driver) -> dict:
    return driver.execute_script(SHOWN_JS + """
        const main = document.querySelector('main.story-detail');
        if (!main) return null;
        const q = s => main.querySelector(s);
        const grid = q('ul.gallery-grid');
        return {
          kind: main.dataset.kind, id: main.dataset.itemId,
          title: q('h2.story-detail__title')?.textContent.trim(), type: q('p.story-detail__type')?.textContent.trim(),
          cover: q('img.story-detail__cover') && shown(q('img.story-detail__cover')),
          text: [...main.querySelectorAll('div.story-detail__text p')].map(p => p.textContent.split(/\\s+/).filter(Boolean).join(' ')),
          hasDrawings: !!q('section.story-drawings'),
          gallery: grid && {label: grid.getAttribute('aria-label'), width: document.documentElement.clientWidth,
            cells: [...grid.querySelectorAll(':scope > li.gallery-cell')].map(li => {
              const a = li.querySelector('a.gallery-cell__link'), img = li.querySelector('img.gallery-cell__image');
              return {href: a && a.getAttribute('href'), label: a && a.getAttribute('aria-label'),
                      image: img && shown(img), rect: rect(li)};
            })},
        };
        """)


def assert_detail_header(driver, state: dict, item: dict, where: str, lang: str = "en") -> None:
    assert state, f"{where}: no main.story-detail"
    assert (state["kind"], state["id"]) == (item["kind"], item["id"]), where
    assert nav_bar(driver) == {"title": item["title"][lang], "backHref": "/stories",
                               "backLabel": text(lang, "stories.items.title")}, where
    assert (state["title"], state["type"]) == (item["title"][lang], item["type"][lang]), where
    assert (state["cover"]["attrWidth"], state["cover"]["attrHeight"]) == (item["cover"]["width"], item["cover"]["height"]), where
    assert_keeps_ratio(state["cover"], f"{where}: cover")


def assert_story(driver, item: dict, where: str, color: str, lang: str = "en") -> None:
    """SG-3: cover, title, type, the drawings (order, timing, colour), the text."""
    state = drawings(driver)
    assert state, f"{where}: no section.story-drawings"
    assert state["label"] == text(lang, "stories.detail.drawings"), where
    count = len(item["drawings"])
    assert [f["paths"] for f in state["figures"]] == [len(d["paths"]) for d in item["drawings"]], f"{where}: {state['figures']}"
    for n, figure in enumerate(state["figures"], start=1):
        assert figure["role"] == "img" and figure["label"] == text(lang, "stories.detail.drawing", number=n, count=count), where
        assert figure["viewBox"], f"{where}: drawing {n} has no viewBox"
        assert figure["stroke"] and figure["stroke"].lower() == color, f"{where}: drawing {n} stroke={figure['stroke']!r}"
    assert_drawn_in_order(state, item, color, where)
    load_images(driver, "img.story-detail__cover")
    detail = detail_state(driver)
    assert_detail_header(driver, detail, item, where, lang)
    assert detail["gallery"] is None, f"{where}: a story shows a gallery grid"
    assert detail["text"] == paragraphs(item, lang), f"{where}: the story's text"


def assert_gallery(driver, item: dict, where: str, lang: str = "en") -> None:
    """SG-4: cover, title, images at their ratio, each a link to the viewer."""
    load_images(driver, "img.story-detail__cover, img.gallery-cell__image")
    state = detail_state(driver)
    assert_detail_header(driver, state, item, where, lang)
    assert not state["hasDrawings"], f"{where}: a gallery shows drawings"
    gallery = state["gallery"]
    assert gallery and gallery["label"] == text(lang, "stories.detail.images"), where
    count = len(item["images"])
    assert len(gallery["cells"]) == count, where
    for n, (cell, image) in enumerate(zip(gallery["cells"], item["images"]), start=1):
        at = f"{where}: image {n}"
        assert cell["href"] == f"/stories/items/{item['id']}/images/{n}", at
        assert cell["label"] == text(lang, "stories.detail.openImage", number=n, count=count), at
        assert (cell["image"]["attrWidth"], cell["image"]["attrHeight"]) == (image["width"], image["height"]), at
        assert_keeps_ratio(cell["image"], at)
        box = cell["rect"]
        assert box["left"] >= -0.5 and box["right"] <= gallery["width"] + 0.5, f"{at} sticks out: {box}"
    assert_bars_clear_of(driver, "li.gallery-cell", where)


def viewer_state(driver) -> dict:
    return driver.execute_script(SHOWN_JS + """
        const viewer = document.querySelector('.viewer'), close = document.querySelector('a.viewer__close');
        const img = document.querySelector('.viewer__stage img.viewer__image');
        const cs = close && getComputedStyle(close);
        return {
          page: document.body.classList.contains('stories-viewer-page'),
          viewer: rect(viewer), background: viewer && getComputedStyle(viewer).backgroundColor,
          hidden: !!viewer && viewer.classList.contains('is-chrome-hidden'),
          close: close && {href: close.getAttribute('href'), text: close.textContent.trim(), visibility: cs.visibility,
                           opacity: Number(cs.opacity), pointerEvents: cs.pointerEvents, hittable: hittable(close),
                           rect: rect(close)},
          scale: img && img.dataset.scale, transform: img && img.style.transform,
          image: img && shown(img), width: innerWidth, height: innerHeight,
        };
        """)


def assert_centred(driver, where: str) -> dict:
    """The viewer's picture has its centre at the viewport's (within 2 px), polled while a pan or
    a resize settles."""
    last: dict = {}

    def centred(d) -> bool:
        state = viewer_state(d)
        last.update(state)
        image = state["image"]
        return image is not None and abs(image["cx"] - state["width"] / 2) <= 2 and abs(image["cy"] - state["height"] / 2) <= 2

    try:
        wait(driver, 5).until(centred)
    except Exception as error:
        image = last.get("image") or {}
        raise AssertionError(
            f"{where}: the image is not centred: its centre is ({image.get('cx')}, {image.get('cy')}), the viewport's "
            f"({last.get('width', 0) / 2}, {last.get('height', 0) / 2}); scale {last.get('scale')}, "
            f"transform {last.get('transform')!r}") from error
    return last


def assert_viewer(driver, item: dict, n: int, where: str, lang: str = "en") -> None:
    """SG-5: full screen on black, Close back to the gallery, the picture whole, centred, at its ratio."""
    wait(driver).until(lambda d: d.execute_script(
        "const i = document.querySelector('img.viewer__image'); return !!i && i.complete && i.naturalWidth > 0"))
    state = viewer_state(driver)
    assert state["page"], f"{where}: body lacks stories-viewer-page"
    box = state["viewer"]
    assert box and box["left"] <= 0.5 and box["top"] <= 0.5 and box["right"] >= state["width"] - 0.5 \
        and box["bottom"] >= state["height"] - 0.5, f"{where}: the viewer does not fill the viewport: {box}"
    assert state["background"] == "rgb(0, 0, 0)", f"{where}: viewer background {state['background']}"
    close = state["close"]
    assert close and close["href"] == f"/stories/items/{item['id']}" and close["text"] == text(lang, "stories.viewer.done"), where
    assert close["hittable"] and close["visibility"] == "visible" and close["opacity"] > 0.5, f"{where}: Close is not shown: {close}"
    assert not state["hidden"], where
    assert state["scale"] == "1", f"{where}: data-scale {state['scale']!r} on arrival"
    image = state["image"]
    file = item["images"][n - 1]
    assert (image["attrWidth"], image["attrHeight"]) == (file["width"], file["height"]), where
    assert_keeps_ratio(image, f"{where}: viewer image")
    assert image["left"] >= -1 and image["top"] >= -1 and image["right"] <= state["width"] + 1 \
        and image["bottom"] <= state["height"] + 1, f"{where}: at 1x the image is not whole on screen: {image}"
    fits = min(abs(image["width"] - state["width"]), abs(image["height"] - state["height"]))
    assert fits <= 1 or (image["width"] <= image["naturalWidth"] + 1), \
        f"{where}: at 1x the image neither fills a side nor shows at its own size: {image}"
    assert_centred(driver, where)


def channels(css_rgb: str) -> tuple[int, int, int]:
    inside = css_rgb[css_rgb.index("(") + 1:css_rgb.index(")")]
    return tuple(int(float(part)) for part in inside.split(",")[:3])


def contrast_on_white(red: int, green: int, blue: int) -> float:
    def linear(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    return 1.05 / (0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue) + 0.05)


def assert_shown_in(option: dict, hex_color: str, where: str) -> None:
    """A colour option shows its colour: exactly on its swatch, and its name in that colour, or,
    where that colour is too light to read on white (amber, sky, grey...), in a darker shade of it
    (every channel scaled by one factor) that reads at WCAG AA (4.5:1)."""
    exact = channels(rgb(hex_color))
    if option.get("swatch") is not None:
        assert option["swatch"] == rgb(hex_color), f"{where}: swatch {option['swatch']}, wanted {rgb(hex_color)}"
    name = channels(option["color"])
    if name == exact:
        return
    assert option.get("swatch") == rgb(hex_color), \
        f"{where}: its name is shown in {option['color']}, not {rgb(hex_color)}, and no swatch shows the exact colour"
    assert contrast_on_white(*name) >= 4.5, f"{where}: the name's colour {option['color']} is hard to read on white"
    assert contrast_on_white(*exact) < 4.5, f"{where}: {rgb(hex_color)} reads on white, yet the name is in {option['color']}"
    factors = [n / e for n, e in zip(name, exact) if e >= 40]
    assert factors and max(factors) - min(factors) <= 0.03 and max(factors) < 1 and all(
        n <= e for n, e in zip(name, exact)), f"{where}: the name's {option['color']} is not a darker shade of {rgb(hex_color)}"


def settings_state(driver) -> dict:
    return driver.execute_script(
        """
        const form = document.querySelector('form.stories-settings');
        const seen = e => !!e && e.checkVisibility({opacityProperty: true, visibilityProperty: true})
                        && e.getBoundingClientRect().width > 0;
        const sw = form && form.querySelector('button.settings-switch');
        const list = form && form.querySelector('ul.color-list');
        return {
          method: form && form.getAttribute('method'), action: form && form.getAttribute('action'),
          csrf: form && (form.querySelector('input[type=hidden][name=_csrf]') || {}).value,
          switch: sw && {type: sw.getAttribute('type'), name: sw.name, value: sw.value, role: sw.getAttribute('role'),
                         checked: sw.getAttribute('aria-pressed'), text: sw.textContent.split(/\\s+/).filter(Boolean).join(' ')},
          listLabel: list && list.getAttribute('aria-label'),
          colors: list ? [...list.querySelectorAll(':scope > li button.color-option')].map(b => ({
            type: b.getAttribute('type'), name: b.name, value: b.value, pressed: b.getAttribute('aria-pressed'),
            label: b.querySelector('.color-option__name')?.textContent.trim(),
            color: b.querySelector('.color-option__name') && getComputedStyle(b.querySelector('.color-option__name')).color,
            swatch: b.querySelector('.color-option__swatch') && getComputedStyle(b.querySelector('.color-option__swatch')).backgroundColor,
            check: seen(b.querySelector('.color-option__check')),
          })) : [],
          items: list ? list.querySelectorAll(':scope > li').length : 0,
        };
        """)


def assert_settings(driver, draw: bool, color: str, where: str, lang: str = "en") -> None:
    """SG-6: the switch and the 13 colours, each named and shown in its colour, the current one marked."""
    state = settings_state(driver)
    assert (state["method"] or "").lower() == "post" and state["action"] == "/stories/settings", f"{where}: {state}"
    assert state["csrf"], f"{where}: no CSRF token in the form"
    switch = state["switch"]
    assert switch, f"{where}: no settings switch"
    # A toggle button that submits (role="switch" is for type="button" controls: issue 39).
    assert (switch["type"], switch["name"], switch["role"]) == ("submit", "draw", None), f"{where}: {switch}"
    assert text(lang, "stories.settings.draw") in switch["text"], f"{where}: switch label {switch['text']!r}"
    assert (switch["checked"], switch["value"]) == (("true", "0") if draw else ("false", "1")), \
        f"{where}: switch aria-pressed={switch['checked']} value={switch['value']}, wanted drawing {'on' if draw else 'off'}"
    assert state["listLabel"] == text(lang, "stories.settings.color"), where
    assert state["items"] == len(PALETTE), where
    colors = state["colors"]
    assert [c["value"] for c in colors] == [p for p, _ in PALETTE], f"{where}: palette order"
    for option, (palette_id, hex_color) in zip(colors, PALETTE):
        at = f"{where}: colour {palette_id}"
        assert (option["type"], option["name"]) == ("submit", "color"), at
        assert option["label"] == text(lang, f"stories.color.{palette_id}"), at
        assert_shown_in(option, hex_color, at)
        current = palette_id == color
        assert option["pressed"] == ("true" if current else "false"), f"{at}: aria-pressed={option['pressed']}"
        assert option["check"] == current, f"{at}: check mark {'missing' if current else 'shown'}"


def settings_button(driver, css: str):
    element = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    return element


def click_switch(driver) -> None:
    settings_button(driver, "form.stories-settings button.settings-switch").click()


def click_color(driver, color_id: str) -> None:
    settings_button(driver, f"form.stories-settings button.color-option[value='{color_id}']").click()


# --------------------------------------------------------------------------- every size

@pytest.mark.parametrize("name", list(ALL_VIEWPORTS))
def test_every_screen_at_every_size(walker, name):
    """SG-1..6, SG-10 at one size: list -> story -> list -> gallery -> viewer (turned both ways) ->
    settings, measured and checked (`check_screen`) on each screen. Each size gets other items."""
    index = list(ALL_VIEWPORTS).index(name)
    viewport = ALL_VIEWPORTS[name]
    story = STORIES[index % len(STORIES)]
    gallery = GALLERIES[index % len(GALLERIES)]
    n = 1 + index % len(gallery["images"])
    where = f"at {name}"

    # Items: two columns, covers at their ratio, titles and types, the tab bar clear of the cells.
    driver = walker.at(viewport, "/stories")
    assert nav_bar(driver) == {"title": text("en", "stories.title"), "backHref": "/", "backLabel": text("en", "shell.app.shortName")}
    assert_tab_bar(driver, "items")
    assert_items(driver, f"items {where}")
    check_screen(driver, "stories-items")

    # A story, opened from its cell: drawings in order, 3 s each, in the default colour.
    follow(driver, driver.find_element(By.CSS_SELECTOR, f"li.story-cell[data-item-id='{story['id']}'] a.story-cell__link"))
    assert path_of(driver) == f"/stories/items/{story['id']}"
    assert_story(driver, story, f"story {story['id']} {where}", color=COLORS[DEFAULT_COLOR])
    finish_animations(driver)
    assert_bars_clear_of(driver, "div.story-detail__text p", f"story {where}")
    check_screen(driver, "stories-story")

    # Back to the list, then a gallery.
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar a.nav-bar__back").click)
    assert path_of(driver) == "/stories"
    follow(driver, driver.find_element(By.CSS_SELECTOR, f"li.story-cell[data-item-id='{gallery['id']}'] a.story-cell__link"))
    assert path_of(driver) == f"/stories/items/{gallery['id']}"
    assert_gallery(driver, gallery, f"gallery {gallery['id']} {where}")
    check_screen(driver, "stories-gallery")

    # The viewer, from a tap on image n.
    follow(driver, driver.find_elements(By.CSS_SELECTOR, "a.gallery-cell__link")[n - 1])
    assert path_of(driver) == f"/stories/items/{gallery['id']}/images/{n}"
    assert_viewer(driver, gallery, n, f"viewer {gallery['id']}/{n} {where}")
    check_screen(driver, "stories-viewer")

    # Zoomed in at a point off the centre, then the device turned and turned back: the picture's
    # centre is the viewport's each time (SG-5).
    image = viewer_state(driver)["image"]
    target = driver.find_element(By.CSS_SELECTOR, "img.viewer__image")
    box = target.rect
    ActionChains(driver).move_to_element_with_offset(
        target, int(image["cx"] - box["x"] - box["width"] / 2 - image["width"] / 5),
        int(image["cy"] - box["y"] - box["height"] / 2 - image["height"] / 5)).double_click().perform()
    wait(driver).until(lambda d: viewer_state(d)["scale"] == "2", f"{where}: a double click did not zoom to 2")
    zoomed = viewer_state(driver)
    if abs(zoomed["image"]["cx"] - zoomed["width"] / 2) + abs(zoomed["image"]["cy"] - zoomed["height"] / 2) < 5:
        # Zoomed about the centre: drag it aside, so that the turn has something to put right.
        ActionChains(driver).drag_and_drop_by_offset(target, 40, 30).perform()
    for turn in (ALL_VIEWPORTS[rotated(name)], viewport):
        apply_viewport(driver, turn)
        wait(driver).until(lambda d: d.execute_script("return [innerWidth, innerHeight]") == [turn.width, turn.height])
        assert_centred(driver, f"viewer zoomed at {name}, turned to {turn.name}")

    # Settings: the defaults of a new device.
    visit(driver, "/stories/settings")
    assert_tab_bar(driver, "settings")
    assert_settings(driver, draw=True, color=DEFAULT_COLOR, where=f"settings {where}")
    assert_bars_clear_of(driver, "ul.color-list > li", f"settings {where}")
    check_screen(driver, "stories-settings")


# --------------------------------------------------------------------------- the viewer

def wheel(driver, x: float, y: float, delta_y: float, times: int) -> None:
    for _ in range(times):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta_y})


def press(driver, *keys: str) -> None:
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def scale_of(driver) -> float:
    return float(viewer_state(driver)["scale"])


def wait_scale(driver, value: float, how: str) -> dict:
    last: dict = {}

    def reached(d) -> bool:
        last.update(viewer_state(d))
        return last["scale"] is not None and abs(float(last["scale"]) - value) < 0.01

    try:
        wait(driver, 5).until(reached)
    except Exception as error:
        raise AssertionError(f"{how}: data-scale {last.get('scale')!r}, wanted {value:g}") from error
    return last


def assert_drawn_at_scale(driver, base_width: float, how: str) -> None:
    """The picture's drawn width follows `data-scale` (the transform is applied, not just the attribute)."""
    def follows(d) -> bool:
        state = viewer_state(d)
        return abs(state["image"]["width"] / base_width - float(state["scale"])) <= 0.02 * float(state["scale"])
    try:
        wait(driver, 5).until(follows)
    except Exception as error:
        state = viewer_state(driver)
        raise AssertionError(f"{how}: drawn {state['image']['width']:.1f}px wide at data-scale {state['scale']}, "
                             f"{base_width:.1f}px at 1 (transform {state['transform']!r})") from error


def close_shown(driver) -> bool:
    state = viewer_state(driver)
    close = state["close"]
    return not state["hidden"] and close["hittable"] and close["visibility"] == "visible" and close["opacity"] > 0.5


def close_hidden(driver) -> bool:
    state = viewer_state(driver)
    close = state["close"]
    return state["hidden"] and not close["hittable"] and (close["visibility"] == "hidden" or close["opacity"] == 0)


def test_viewer_zoom_and_close_button(driver, viewport):
    """SG-5: a single click hides Close (not clickable), another shows it; double click 1 <-> 2 without
    touching Close; wheel, keys and (on the phone) a two-finger pinch stay within [1, 3]; Escape and
    Close both go back to the gallery."""
    gallery = GALLERIES[0]
    n = len(gallery["images"])
    visit(driver, f"/stories/items/{gallery['id']}")
    follow(driver, driver.find_elements(By.CSS_SELECTOR, "a.gallery-cell__link")[n - 1])
    assert_viewer(driver, gallery, n, "viewer")
    base = viewer_state(driver)["image"]
    cx, cy = base["cx"], base["cy"]
    stage = driver.find_element(By.CSS_SELECTOR, ".viewer__stage")
    image = driver.find_element(By.CSS_SELECTOR, "img.viewer__image")

    # A single click on the stage hides Close, which can then not be clicked; another shows it.
    ActionChains(driver).move_to_element(image).click().perform()
    wait(driver).until(close_hidden, "a single click did not hide Close")
    assert scale_of(driver) == 1, "a single click zoomed"
    shot(driver, "stories-viewer-chrome-hidden")
    ActionChains(driver).move_to_element(stage).click().perform()
    wait(driver).until(close_shown, "a second single click did not show Close again")

    # Double click: 1 -> 2 -> 1, and Close stays as it was (no single-click toggle on the way).
    ActionChains(driver).move_to_element(image).double_click().perform()
    wait_scale(driver, 2, "double click")
    assert_drawn_at_scale(driver, base["width"], "double click")
    time.sleep(0.45)  # past the single-tap window (~300 ms): a stray single tap would have hidden Close by now
    assert close_shown(driver), "a double click also toggled Close"
    ActionChains(driver).move_to_element(image).double_click().perform()
    wait_scale(driver, 1, "second double click")

    # Wheel: many steps in stop at 3, many out at 1 (a notch of 120 is well over x1.1 either way).
    wheel(driver, cx, cy, -120, 12)
    wait_scale(driver, 3, "12 wheel steps in")
    assert_drawn_at_scale(driver, base["width"], "wheel in")
    wheel(driver, cx, cy, -120, 4)
    assert scale_of(driver) == 3, "zoomed past 3"
    wheel(driver, cx, cy, 120, 16)
    wait_scale(driver, 1, "16 wheel steps out")
    assert_centred(driver, "zoomed out with the wheel")

    # Keys: + and = zoom in by 1.25, - out, 0 resets; clamped too.
    press(driver, "+")
    wait_scale(driver, 1.25, "+")
    press(driver, "=")
    wait_scale(driver, 1.5625, "+ then =")
    press(driver, "-")
    wait_scale(driver, 1.25, "+ = -")
    press(driver, "0")
    wait_scale(driver, 1, "0")
    press(driver, *["+"] * 8)
    wait_scale(driver, 3, "eight +")
    assert_drawn_at_scale(driver, base["width"], "keys")
    press(driver, *["-"] * 8)
    wait_scale(driver, 1, "eight -")
    press(driver, "-")
    assert scale_of(driver) == 1, "zoomed out below 1"

    if viewport.mobile:
        # Two fingers spread from 40 px apart to the screen's width (x7 or more): at most 3; pinched
        # back together: 1.
        wide = viewer_state(driver)["width"] / 2 - 8
        pinch(driver, cx, cy, 20, wide)
        wait_scale(driver, 3, "a wide pinch out")
        pinch(driver, cx, cy, wide, 10)
        wait_scale(driver, 1, "a pinch in")

    # Escape goes back to the gallery; so does Close.
    navigates(driver, lambda: press(driver, Keys.ESCAPE))
    assert path_of(driver) == f"/stories/items/{gallery['id']}"
    follow(driver, driver.find_elements(By.CSS_SELECTOR, "a.gallery-cell__link")[0])
    assert path_of(driver) == f"/stories/items/{gallery['id']}/images/1"
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.viewer__close").click)
    assert path_of(driver) == f"/stories/items/{gallery['id']}"


def pinch(driver, cx: float, cy: float, start: float, end: float, steps: int = 8) -> None:
    """Two touch points `start` px either side of (cx, cy) moved to `end` px either side."""
    def points(half: float) -> list[dict]:
        return [{"x": cx - half, "y": cy, "id": 0}, {"x": cx + half, "y": cy, "id": 1}]

    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for step in range(1, steps + 1):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": "touchMove", "touchPoints": points(start + (end - start) * step / steps)})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# --------------------------------------------------------------------------- redraw (SG-3, SG-10)

# A Chromium of its own: the tab this test puts in front must share the story's window, and
# WebDriver's new window opens in the default context, beside no tab of a shared browser's context.
@pytest.mark.fresh_browser
@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_drawings_restart_on_every_appearance(driver):
    """The drawing starts again whenever the story appears: back to it, forward to it (restored from
    the back/forward cache or loaded afresh), on `pageshow` with `persisted`, and when its tab is
    shown again."""
    story = STORIES[0]
    path = f"/stories/items/{story['id']}"
    visit(driver, "/stories")
    follow(driver, driver.find_element(By.CSS_SELECTOR, f"li.story-cell[data-item-id='{story['id']}'] a.story-cell__link"))
    assert_drawn_in_order(drawings(driver), story, COLORS[DEFAULT_COLOR], "first visit")
    wait_restarted(driver, "first visit")
    how = []

    def leave_and_return(go_away, come_back, where: str, evict: bool = False) -> None:
        fast_forward(driver, FAST_FORWARD_MS)  # three paths drawn, the rest to come
        driver.execute_script("window.__storiesVisit = 'kept'")
        if evict:  # an unload listener keeps Chromium from caching the page: it loads afresh
            driver.execute_script("addEventListener('unload', () => {})")
        go_away()
        come_back()
        wait(driver).until(lambda d: path_of(d) == path and d.execute_script("return document.readyState") == "complete")
        kept = driver.execute_script("return window.__storiesVisit === 'kept'")
        how.append(f"{where}: {'bfcache' if kept else 'fresh load'}")
        wait_restarted(driver, f"{where} ({'restored from the bfcache' if kept else 'loaded afresh'})")
        assert_drawn_in_order(drawings(driver), story, COLORS[DEFAULT_COLOR], where)

    def to_items() -> None:
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar a.nav-bar__back").click)
        assert path_of(driver) == "/stories"

    def back_to_items() -> None:
        driver.back()
        wait(driver).until(lambda d: path_of(d) == "/stories")

    # story -> (back link) items -> browser back -> story
    leave_and_return(to_items, driver.back, "browser back")
    # story -> browser back -> items -> browser forward -> story
    leave_and_return(back_to_items, driver.forward, "browser forward")
    # The same two, with the page kept out of the back/forward cache.
    leave_and_return(to_items, driver.back, "browser back, not cached", evict=True)
    leave_and_return(back_to_items, driver.forward, "browser forward, not cached", evict=True)
    print("redraw:", "; ".join(how))

    # The restore handler itself, whatever this Chromium did above.
    fast_forward(driver, FAST_FORWARD_MS)
    driver.execute_script("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    wait_restarted(driver, "pageshow with persisted")

    # Another tab in front, then this one again: visibilitychange back to visible.
    fast_forward(driver, FAST_FORWARD_MS)
    driver.execute_script(
        "window.__storiesSeen = []; document.addEventListener('visibilitychange', () => __storiesSeen.push(document.visibilityState))")
    story_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get("about:blank")
    driver.close()
    driver.switch_to.window(story_tab)
    wait(driver).until(lambda d: d.execute_script("return document.visibilityState") == "visible")
    seen = driver.execute_script("return window.__storiesSeen")
    assert "hidden" in seen, f"the story's tab was never hidden behind the other one: {seen}"
    wait_restarted(driver, "tab shown again")


# --------------------------------------------------------------------------- settings (SG-6)

def disable_javascript(driver) -> None:
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})


def enable_javascript(driver) -> None:
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def has_js_class(driver) -> bool:
    return "js" in (driver.find_element(By.TAG_NAME, "html").get_attribute("class") or "").split()


def story_state(driver, item: dict) -> dict:
    open_page(driver, f"/stories/items/{item['id']}")
    state = drawings(driver)
    assert state, f"/stories/items/{item['id']}: no drawings"
    return state


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_settings_without_javascript_are_posts_and_per_device(browser):
    """Without scripts the switch and the colours are form posts (redirected back to Settings) and
    the next story follows them: drawn at once when off, in Navy; another device keeps the defaults."""
    driver = browser()
    story = STORIES[1]
    disable_javascript(driver)
    visit(driver, "/stories/settings")
    assert not has_js_class(driver), "scripts still run"
    assert_settings(driver, draw=True, color=DEFAULT_COLOR, where="no js, new device")

    navigates(driver, lambda: click_switch(driver))
    assert path_of(driver) == "/stories/settings"
    assert_settings(driver, draw=False, color=DEFAULT_COLOR, where="no js, drawing switched off")
    navigates(driver, lambda: click_color(driver, "navy"))
    assert path_of(driver) == "/stories/settings"
    assert_settings(driver, draw=False, color="navy", where="no js, navy chosen")
    enable_javascript(driver)
    try:
        check_screen(driver, "stories-settings-nojs")
    finally:
        disable_javascript(driver)

    # The next story: drawn at once, in navy (CSS alone, no script).
    state = story_state(driver, story)
    assert state["drawing"] == "off"
    assert_drawn_at_once(state, story, COLORS["navy"], "no js, drawing off")

    # Drawing on again: the story animates without any script, in navy.
    visit(driver, "/stories/settings")
    navigates(driver, lambda: click_switch(driver))
    assert_settings(driver, draw=True, color="navy", where="no js, drawing on again")
    assert_drawn_in_order(story_state(driver, story), story, COLORS["navy"], "no js, drawing on, navy")

    # Another device sees the defaults, and this one keeps its own.
    other = browser()
    visit(other, "/stories/settings")
    assert_settings(other, draw=True, color=DEFAULT_COLOR, where="a second device")
    assert_drawn_in_order(story_state(other, story), story, COLORS[DEFAULT_COLOR], "a second device's story")
    visit(driver, "/stories/settings")
    assert_settings(driver, draw=True, color="navy", where="the first device after the second")


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_settings_with_javascript_change_in_place_and_the_next_story(driver):
    """With scripts the switch and the colours change in place (no page load) and are kept; the next
    story is drawn at once when off and in the chosen colour; reduced motion draws at once too."""
    story = STORIES[2]
    visit(driver, "/stories/settings")
    assert has_js_class(driver), "the page's script did not run"
    driver.execute_script("window.__storiesSettings = 'kept'")

    click_switch(driver)
    wait(driver).until(lambda d: settings_state(d)["switch"]["checked"] == "false", "the switch did not turn off in place")
    click_color(driver, "navy")
    wait(driver).until(lambda d: [c["value"] for c in settings_state(d)["colors"] if c["pressed"] == "true"] == ["navy"],
                       "Navy was not marked in place")
    assert driver.execute_script("return window.__storiesSettings") == "kept", "changing a setting loaded a page"
    assert path_of(driver) == "/stories/settings"
    assert_settings(driver, draw=False, color="navy", where="js, in place")
    check_screen(driver, "stories-settings-changed")

    driver.refresh()
    wait_loaded(driver)
    assert_settings(driver, draw=False, color="navy", where="js, after a reload")

    state = story_state(driver, story)
    assert state["drawing"] == "off"
    assert_drawn_at_once(state, story, COLORS["navy"], "js, drawing off")

    visit(driver, "/stories/settings")
    click_switch(driver)
    wait(driver).until(lambda d: settings_state(d)["switch"]["checked"] == "true", "the switch did not turn on in place")
    assert_drawn_in_order(story_state(driver, story), story, COLORS["navy"], "js, drawing on, navy")

    # Another colour applies to the next drawing too.
    visit(driver, "/stories/settings")
    click_color(driver, "red")
    wait(driver).until(lambda d: [c["value"] for c in settings_state(d)["colors"] if c["pressed"] == "true"] == ["red"])
    assert_drawn_in_order(story_state(driver, story), story, COLORS["red"], "js, drawing on, red")

    # Reduced motion: whole at once, whatever the switch says.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    state = story_state(driver, story)
    assert_drawn_at_once(state, story, COLORS["red"], "reduced motion", animation_off=False)


# --------------------------------------------------------------------------- language and errors

@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_texts_in_russian(driver):
    """Every screen's texts in the device's language: the catalogue's strings and the content's own."""
    lang = "ru"
    choose_language(driver, lang)
    visit(driver, "/stories")
    assert html_lang(driver) == lang
    assert nav_bar(driver)["title"] == text(lang, "stories.title")
    assert_tab_bar(driver, "items", lang)
    assert_items(driver, "items in Russian", lang)
    check_screen(driver, "stories-items-ru")

    story = STORIES[0]
    open_page(driver, f"/stories/items/{story['id']}")
    assert_story(driver, story, "story in Russian", color=COLORS[DEFAULT_COLOR], lang=lang)

    gallery = GALLERIES[1]
    visit(driver, f"/stories/items/{gallery['id']}")
    assert_gallery(driver, gallery, "gallery in Russian", lang)
    visit(driver, f"/stories/items/{gallery['id']}/images/2")
    assert_viewer(driver, gallery, 2, "viewer in Russian", lang)

    visit(driver, "/stories/settings")
    assert_tab_bar(driver, "settings", lang)
    assert_settings(driver, draw=True, color=DEFAULT_COLOR, where="settings in Russian", lang=lang)
    check_screen(driver, "stories-settings-ru")


def test_unknown_items_and_images_are_404(server):
    gallery = GALLERIES[0]
    count = len(gallery["images"])
    assert http_get(server.url + "/stories")[0] == 200
    assert http_get(server.url + f"/stories/items/{gallery['id']}/images/{count}")[0] == 200
    for path in ("/stories/items/no-such-item", "/stories/items/no-such-item/images/1",
                 f"/stories/items/{gallery['id']}/images/0", f"/stories/items/{gallery['id']}/images/{count + 1}",
                 f"/stories/items/{gallery['id']}/images/x", f"/stories/items/{STORIES[0]['id']}/images/1"):
        status, headers, body = http_get(server.url + path)
        assert status == 404, f"{path}: {status}"
        assert headers.get_content_type() == "text/html" and 'class="nav-bar"' in body, f"{path}: not the shell's 404 page"
