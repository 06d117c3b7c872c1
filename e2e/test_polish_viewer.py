"""Issue 37, item 4: the Stories & Gallery image viewer, at all ten sizes in en/ru/pl, axe clean,
screenshots `artifacts/polish-<lang>-viewer-<viewport>.png`.

- Sharp pictures: the viewer's `srcset` lists every width the art pipeline made (the abstract
  gallery up to 3x its 1280 px base) and `sizes` names the picture's real slot, so the browser
  picks a file with at least the screen's pixels; zoomed, the slot widens and the browser fetches
  the rendition the zoom needs, while the picture's box stays where it was.
- iOS's "Done" in a bar at the top, from the catalogue, leads back to the gallery; no text pill.
- The hint shows on the first picture a device opens, fades, and is not shown again; it is never
  over a zoomed picture.
"""

from __future__ import annotations

import json

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import ALL_VIEWPORTS, BrowserFactory, apply_viewport
from helpers import SOURCES, navigates, path_of, text, visit, wait
from test_polish import LANGUAGES, audited, each_size, use_language, visible_box

CONTENT = json.loads((SOURCES / "Stories" / "Content" / "content.json").read_text())
GALLERY = next(item for item in CONTENT["items"] if item["id"] == "shapes-and-colours")
VIEWER = f"/stories/items/{GALLERY['id']}/images/1"  # art-circles: 320 to 3840 px

VIEWER_STATE = """
const image = document.querySelector('img.viewer__image');
const bar = document.querySelector('.viewer__bar'), done = document.querySelector('a.viewer__done');
const hint = document.querySelector('.viewer__hint');
const hs = getComputedStyle(hint);
const chosen = (image.currentSrc.match(/-(\\d+)\\.\\w+$/) || [])[1];
const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
return {srcset: image.getAttribute('srcset'), sizes: image.sizes, chosen: chosen ? Number(chosen) : null,
        complete: image.complete && image.naturalWidth > 0, width: image.offsetWidth, height: image.offsetHeight,
        dpr: devicePixelRatio, innerWidth, innerHeight, scale: Number(image.dataset.scale || 1),
        bar: bar && box(bar), done: done && {text: done.textContent.trim(), href: done.getAttribute('href'), box: box(done),
                                              inBar: !!done.closest('.viewer__bar')},
        hint: {shown: hint.checkVisibility({opacityProperty: true, visibilityProperty: true}) && Number(hs.opacity) > 0,
               fades: hint.getAnimations().some(a => a.animationName === 'viewer-hint-out')}};
"""


def state(driver) -> dict:
    return driver.execute_script(VIEWER_STATE)


def widths_of(srcset: str) -> list[int]:
    return [int(part.strip().split()[-1][:-1]) for part in srcset.split(",")]


def decoded(driver) -> None:
    """Waits until the picture is decoded (a large rendition the browser had kept from a zoom
    can take a moment), so the screenshot shows it."""
    driver.execute_async_script(
        "const done = arguments[0]; document.querySelector('img.viewer__image').decode().then(() => done(), () => done())")


def finish_hint(driver) -> None:
    """Plays the hint's fade to its end (its 4 s wait included) instead of waiting for it."""
    driver.execute_script("document.querySelector('.viewer__hint').getAnimations().forEach(a => a.finish())")


def test_the_viewer_is_sharp_says_done_and_shows_its_hint_once(server):
    # Real time: the hint's fade is looked at while it plays.
    factory = BrowserFactory(ALL_VIEWPORTS["phone"], server.url, animation_rate=1)
    try:
        driver = factory()
        image = GALLERY["images"][0]
        for lang in LANGUAGES:
            use_language(driver, lang)
            for viewport in each_size(driver, VIEWER):
                where = f"at {viewport.name} in {lang}"
                wait(driver).until(lambda d: state(d)["complete"])
                now = state(driver)
                assert widths_of(now["srcset"]) == image["widths"], f"srcset {now['srcset']!r} {where}"
                assert max(image["widths"]) > 1280, "the gallery's art stops at 1280 px"
                # The file chosen has the screen's pixels for the picture's box (or is the largest).
                needed = min(now["width"] * now["dpr"], max(image["widths"]))
                assert now["chosen"] >= needed - 1, f"a {now['chosen']} px file for {now['width']} CSS px at {now['dpr']}x {where}"
                # Done: in a bar at the top, whole, from the catalogue, back to the gallery.
                done = now["done"]
                assert done and done["inBar"] and done["text"] == text(lang, "stories.viewer.done"), f"{done} {where}"
                assert done["href"] == f"/stories/items/{GALLERY['id']}"
                assert now["bar"]["top"] == 0 and now["bar"]["left"] == 0 and now["bar"]["right"] == now["innerWidth"], where
                assert 0 <= done["box"]["left"] and done["box"]["right"] <= now["innerWidth"], where
                assert visible_box(driver, "a.viewer__done"), f"Done is not shown {where}"
                finish_hint(driver)
                decoded(driver)
                audited(driver, f"polish-{lang}-viewer")

                if viewport.name in ("se", "phone", "ipad-landscape"):
                    # Zoomed to 3x: the rendition the zoom needs, in the same box; no hint over it.
                    before = state(driver)
                    driver.find_element(By.TAG_NAME, "body").send_keys(*["+"] * 8)
                    wait(driver).until(lambda d: state(d)["scale"] == 3)
                    zoomed_need = min(before["width"] * 3 * before["dpr"], max(image["widths"]))
                    wait(driver, 20).until(lambda d: (state(d)["chosen"] or 0) >= zoomed_need - 1 and state(d)["complete"])
                    after = state(driver)
                    assert (after["width"], after["height"]) == (before["width"], before["height"]), \
                        f"the picture's box moved when the wider file came {where}: {before} -> {after}"
                    assert not after["hint"]["shown"], f"the hint is over the zoomed picture {where}"
                    decoded(driver)
                    audited(driver, f"polish-{lang}-viewer-zoomed", full=True)

        # Done leads back to the gallery.
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.viewer__done").click)
        assert path_of(driver) == f"/stories/items/{GALLERY['id']}"

        # A new device: the hint shows on its first picture and fades; the next picture has none.
        driver = factory()
        apply_viewport(driver, ALL_VIEWPORTS["phone"])
        visit(driver, VIEWER)
        first = state(driver)
        assert first["hint"]["fades"], f"the hint does not show, then fade: {first['hint']}"
        finish_hint(driver)
        assert not state(driver)["hint"]["shown"], "the hint stays after its fade"
        visit(driver, f"/stories/items/{GALLERY['id']}/images/2")
        again = state(driver)["hint"]
        assert not again["shown"] and not again["fades"], f"the hint shows again on the next picture: {again}"

        # Another new device zooms at once: the hint goes with the first zoom step.
        driver = factory()
        apply_viewport(driver, ALL_VIEWPORTS["se"])
        visit(driver, VIEWER)
        assert state(driver)["hint"]["fades"]
        driver.find_element(By.TAG_NAME, "body").send_keys("+")
        wait(driver).until(lambda d: state(d)["scale"] > 1)
        assert not state(driver)["hint"]["shown"], "the hint is over the zoomed picture"
        driver.find_element(By.TAG_NAME, "body").send_keys("0")
        wait(driver).until(lambda d: state(d)["scale"] == 1)
        # Escape still leaves.
        navigates(driver, lambda: driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE))
        assert path_of(driver) == f"/stories/items/{GALLERY['id']}"
    finally:
        factory.close_all()
