"""iOS feel on every screen (issue 25), in one browser walking all ten viewports in en, ru and pl:

- the navigation bar's back item is one of UIKit's three forms (the previous title, "Back", the
  chevron alone) and never cut, its accessible name holds the previous title; the title is centred
  on the bar within 1 px while it is whole, and cut only once the back item is the chevron; the
  trailing action keeps its full label;
- no word is split across lines without a hyphen (a script walks each visible text node's line
  boxes word by word); person-typed text (`PERSON_TYPED`) and code may still break anywhere;
- the home screen's names take one line, ending with "…" when too long;
- a push and a pop each run a cross-document view transition of the right kind, none under
  reduced motion, and a tap during one reaches the new screen.

Screenshots of every screen at 320x568 in Russian and Polish: `e2e/artifacts/feel-<lang>-<screen>-se.png`.
"""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

import github_api as stand_in
from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import REPO, add_car, is_gone, navigates, path_of, shot, url, visit, wait, wait_loaded
from layout_metrics import choose_language

# The transitions are looked at themselves: their kinds, first frames and a tap while one runs.
pytestmark = pytest.mark.real_time_animations

LANGUAGES = ["en", "ru", "pl"]
STORIES = json.loads((REPO / "Sources" / "Stories" / "Content" / "content.json").read_text(encoding="utf-8"))["items"]
GALLERY = next(item["id"] for item in STORIES if item["kind"] == "gallery")
HABIT = {"en": "Drink a glass of water before breakfast", "ru": "Выпить стакан воды перед завтраком",
         "pl": "Wypić szklankę wody przed śniadaniem"}

#: Every screen, by a short name for its screenshot. Habits' details and GitHub's list come later,
#: once the device has a habit and a token.
SCREENS = {
    "home": "/",
    "cars": "/cars",
    "cars-add": "/cars/new",
    "thread-safe-array": "/thread-safe-array",
    "layouts": "/layouts",
    "layouts-text": "/layouts/text",
    "layouts-login": "/layouts/login",
    "split": "/split",
    "split-detail": "/split/pass",
    **{f"stories-{item['id']}": f"/stories/items/{item['id']}" for item in STORIES},
    "stories": "/stories",
    "stories-viewer": f"/stories/items/{GALLERY}/images/1",
    "stories-settings": "/stories/settings",
    "photos": "/photos",
    "github-sign-in": "/github/sign-in",
    "habits": "/habits",
    "habits-add": "/habits/new",
    "habits-info": "/habits/info",
    "not-found": "/no-such-page",
}

#: Each shown navigation bar: its back item's form and text, its title, its trailing action.
NAV_BARS = """
  const bars = [];
  for (const bar of document.querySelectorAll('.nav-bar')) {
    if (!bar.getClientRects().length) continue;
    const box = bar.getBoundingClientRect();
    const title = bar.querySelector('.nav-bar__title');
    const titleBox = title.getBoundingClientRect();
    const titleText = document.createRange();
    titleText.selectNodeContents(title);
    const shown = e => e && e.getClientRects().length > 0;
    const back = bar.querySelector('.nav-bar__back');
    const action = bar.querySelector('.nav-bar__action');
    bars.push({
      form: bar.dataset.backForm || 'title',
      barCentre: (box.left + box.right) / 2, barLeft: box.left, barRight: box.right,
      title: title.textContent, titleCut: titleText.getBoundingClientRect().width > titleBox.width,
      titleCentre: (titleBox.left + titleBox.right) / 2, titleLeft: titleBox.left, titleRight: titleBox.right,
      back: shown(back) ? {
        text: back.innerText.trim(), cut: back.scrollWidth > back.clientWidth,
        name: back.getAttribute('aria-label'),
        previous: back.querySelector('.nav-bar__back-label').textContent,
        generic: back.querySelector('.nav-bar__back-generic').textContent,
        left: back.getBoundingClientRect().left, right: back.getBoundingClientRect().right,
      } : null,
      action: shown(action) ? {
        text: action.innerText.trim(), cut: action.scrollWidth > action.clientWidth, name: action.getAttribute('aria-label'),
        // An icon item (+, or a list's "…", issue 48) is named by its aria-label alone.
        plus: !!action.querySelector('.icon-plus, .icon-more'),
        left: action.getBoundingClientRect().left, right: action.getBoundingClientRect().right,
      } : null,
    });
  }
  return bars;
"""

#: Text people typed (a habit's name, a car's cell: its name over its body, year and number, a
#: repository's name and description, a README, jsonplaceholder's photo titles): one word may be
#: wider than the screen, so it may break anywhere.
PERSON_TYPED = ".habit-card__name, .car__title, .car__subtitle, .photo-cell__title, .repo-row__name, .repo-row__description, .repo-detail__name, .markdown-body"

#: Words split across lines without a hyphen: for every visible text node outside person-typed
#: text and code, each word's character boxes; a word whose boxes sit on two lines must break
#: right after a hyphen (a soft hyphen shows as one).
SPLIT_WORDS = r"""
const skip = arguments[0] + ', pre, code, .code, textarea, select, option, script, style, .visually-hidden';
const hyphens = '-\u00ad\u2010\u2011\u2013\u2014/';
const range = document.createRange();
const rectsOf = (node, start, end) => {
  range.setStart(node, start); range.setEnd(node, end);
  return [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
  acceptNode: node => {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !node.data.trim()) return NodeFilter.FILTER_REJECT;
    return parent.getClientRects().length ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
  },
});
const splits = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (const match of node.data.matchAll(/\S+/g)) {
    const rects = rectsOf(node, match.index, match.index + match[0].length);
    if (rects.length < 2 || rects.every(r => Math.abs(r.top - rects[0].top) < r.height / 2)) continue;
    let previous = null;
    for (let i = 0; i < match[0].length; i++) {
      // A character's last box: after a soft hyphen Chromium also gives the next character the
      // hyphen's box on the line before.
      const box = rectsOf(node, match.index + i, match.index + i + 1).at(-1);
      if (!box) continue;
      if (previous && box.top > previous.box.top + previous.box.height / 2 && !hyphens.includes(previous.char)) {
        splits.push(`"${match[0].replace(/\u00ad/g, '')}" split before "${match[0].slice(i)}" in <${node.parentElement.tagName.toLowerCase()} class="${node.parentElement.className}">`);
      }
      previous = {box, char: match[0][i]};
    }
  }
}
return splits;
"""

#: Buttons, tabs and segments whose label sticks out of their box (and is clipped or overlaps).
CUT_LABELS = """
const range = document.createRange();
return [...document.querySelectorAll('button, .button, .nav-bar__action, .tab-bar__item, .segmented__item, .sheet__bar > .nav-bar__action')]
  .filter(e => e.getClientRects().length && e.textContent.trim())
  .filter(e => {
    range.selectNodeContents(e);
    const text = range.getBoundingClientRect(), box = e.getBoundingClientRect();
    return text.left < box.left - 0.5 || text.right > box.right + 0.5;
  })
  .map(e => e.textContent.trim());
"""

HOME_NAMES = """
return [...document.querySelectorAll('.home__name')].map(e => {
  const s = getComputedStyle(e);
  return {text: e.textContent, lines: e.getBoundingClientRect().height / parseFloat(s.lineHeight),
          cut: e.scrollWidth > e.clientWidth, overflow: s.textOverflow, name: e.closest('a').getAttribute('aria-label')};
});
"""


def open_screen(driver, path: str) -> None:
    """Loads `path` and finishes its finite animations (a story draws itself for 3 s a path)."""
    driver.get(url(driver, path))
    wait_loaded(driver)
    driver.execute_script("""
        for (const animation of document.getAnimations()) {
          if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
        }""")


def prepare_device(driver) -> dict[str, str]:
    """A car, a habit and a GitHub token for this browser's device; returns the screens they add."""
    visit(driver, "/cars")
    add_car(driver, "Mercedes-Benz", "Geländewagen", "suv", 1979, "A 123 BC")
    visit(driver, "/habits/new")
    driver.find_element(By.CSS_SELECTOR, "input[name=name]").send_keys(HABIT["ru"])
    navigates(driver, driver.find_element(By.CSS_SELECTOR, ".sheet button[type=submit]").click)
    habit = driver.find_element(By.CSS_SELECTOR, "a.habit-card__link").get_attribute("href")
    visit(driver, "/github/sign-in")
    driver.find_element(By.CSS_SELECTOR, "input#github-token").send_keys(stand_in.TOKEN)
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "form[data-github-sign-in] button.github-sign-in__button").click)
    repository = driver.find_element(By.CSS_SELECTOR, ".repo-row__link").get_attribute("href")
    strip = lambda href: "/" + href.split("/", 3)[3]
    return {"habits-details": strip(habit), "github": "/github", "github-repository": strip(repository)}


def check_nav_bars(bars: list[dict], where: str) -> None:
    for bar in bars:
        back, action = bar["back"], bar["action"]
        if back:
            forms = {"title": back["previous"], "generic": back["generic"], "chevron": ""}
            assert back["text"] == forms[bar["form"]], f"back item shows {back['text']!r} as {bar['form']} {where}"
            assert not back["cut"], f"back item {back['text']!r} is cut {where}"
            assert back["previous"] in (back["name"] or ""), f"back item's name {back['name']!r} lacks {back['previous']!r} {where}"
            assert back["right"] <= bar["titleLeft"] + 0.5, f"back item {back['text']!r} runs under the title {where}"
        if action:
            assert not action["cut"], f"action {action['text']!r} is cut {where}"
            assert action["plus"] or action["text"] == action["name"], f"action shows {action['text']!r}, not {action['name']!r} {where}"
            assert action["left"] >= bar["titleRight"] - 0.5 and action["right"] <= bar["barRight"] + 0.5, f"action overlaps {where}"
        if bar["titleCut"]:
            assert back is None or bar["form"] == "chevron", \
                f"title {bar['title']!r} is cut while the back item shows {bar['form']} {where}"
        else:
            assert abs(bar["titleCentre"] - bar["barCentre"]) <= 1, \
                f"title {bar['title']!r} centred at {bar['titleCentre']:.1f}, bar at {bar['barCentre']:.1f} {where}"


#: Everything one size is checked for, read in one script (issue 35: four round trips a size were
#: a third of this walk): it waits until the viewport has the size's width, then two frames (the
#: bar's script fits the back item on resize), then reads the bars, split words, cut labels and,
#: when asked, the home screen's names.
READINGS = f"""
const [width, personTyped, home] = arguments;
const done = arguments[arguments.length - 1];
function navBars() {{ {NAV_BARS} }}
function splitWords() {{ {SPLIT_WORDS} }}
function cutLabels() {{ {CUT_LABELS} }}
function homeNames() {{ {HOME_NAMES} }}
const read = () => done({{bars: navBars(), splits: splitWords(personTyped), cut: cutLabels(),
                          home: home ? homeNames() : null}});
const settle = () => innerWidth === width
  ? requestAnimationFrame(() => requestAnimationFrame(read))
  : requestAnimationFrame(settle);
settle();
"""


def check_home_names(names: list[dict], where: str) -> None:
    for name in names:
        assert abs(name["lines"] - 1) < 0.05, f"home name {name['text']!r} takes {name['lines']:.2f} lines {where}"
        if name["cut"]:
            assert name["overflow"] == "ellipsis", f"home name {name['text']!r} is cut without … {where}"


def test_every_screen_at_every_size_in_every_language(walker):
    driver = walker.driver
    failures: list[str] = []
    screens = dict(SCREENS)
    screens.update(prepare_device(driver))
    for lang in LANGUAGES:
        choose_language(driver, lang)
        for name, path in screens.items():
            apply_viewport(driver, ALL_VIEWPORTS["se"])
            open_screen(driver, path)
            for viewport in ALL_VIEWPORTS.values():
                apply_viewport(driver, viewport)
                where = f"on {name} ({path}) at {viewport.name} in {lang}"
                try:
                    readings = driver.execute_async_script(READINGS, viewport.width, PERSON_TYPED, name == "home")
                    check_nav_bars(readings["bars"], where)
                    assert not readings["splits"], f"words split without a hyphen {where}: {readings['splits']}"
                    assert not readings["cut"], f"labels stick out of their controls {where}: {readings['cut']}"
                    if name == "home":
                        check_home_names(readings["home"], where)
                except AssertionError as error:
                    failures.append(str(error).split("\n")[0])
                if viewport.name == "se" and lang != "en":
                    shot(driver, f"feel-{lang}-{name}")
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:60])


# --------------------------------------------------------------------------- transitions

RECORD_TRANSITIONS = """
addEventListener('pagereveal', event => { window.__revealed = {transition: event.viewTransition}; });
addEventListener('pageswap', event => { sessionStorage.setItem('__swapped', event.viewTransition ? 'transition' : 'swap'); });
"""

REVEALED = """
const done = arguments[arguments.length - 1];
const revealed = window.__revealed;
if (!revealed) return done(null);
const transition = revealed.transition;
if (!transition) return done({transition: false, swapped: sessionStorage.getItem('__swapped')});
const types = [...transition.types];
transition.finished.then(() => done({transition: true, types, swapped: sessionStorage.getItem('__swapped')}));
"""


#: A gallery: a story would draw itself for longer than `navigates` waits for animations to end.
GALLERY_LINK = f".story-cell__link[href='/stories/items/{GALLERY}']"


def revealed(driver) -> dict:
    result = driver.execute_async_script(REVEALED)
    assert result is not None, f"no pagereveal on {path_of(driver)}"
    return result


def test_push_and_pop_run_view_transitions_but_not_under_reduced_motion(walker):
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    choose_language(driver, "en")
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_TRANSITIONS})
    try:
        visit(driver, "/stories")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, GALLERY_LINK).click)
        push = revealed(driver)
        assert push == {"transition": True, "types": ["push"], "swapped": "transition"}, push

        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar__back").click)
        pop = revealed(driver)
        assert pop == {"transition": True, "types": ["pop"], "swapped": "transition"}, pop
        assert path_of(driver) == "/stories"

        navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.tab-bar__item[href='/stories/settings']").click)
        assert revealed(driver)["types"] == ["fade"]

        visit(driver, "/cars")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar__action").click)
        assert revealed(driver)["types"] == ["sheet"]
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "[data-sheet-cancel]").click)
        assert revealed(driver)["types"] == ["sheet"]

        # A tap while the push is still moving reaches the new screen: its back item goes back.
        visit(driver, "/split")
        driver.find_element(By.CSS_SELECTOR, "li.split-row[data-row=pass] a").click()
        wait(driver).until(lambda d: d.execute_script(
            "return location.pathname === '/split/pass' && !!document.querySelector('#split-detail .nav-bar__back')"))
        x, y, moving = driver.execute_script(
            """const r = document.querySelector('#split-detail .nav-bar__back').getBoundingClientRect();
               return [r.left + r.width / 2, r.top + r.height / 2, !!document.activeViewTransition];""")
        old = driver.find_element(By.TAG_NAME, "html")
        for kind in ("mousePressed", "mouseReleased"):
            driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
        wait(driver).until(lambda _: is_gone(old))
        wait(driver).until(lambda d: path_of(d) == "/split")
        print(f"tapped the back item {'during' if moving else 'after'} the push")

        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        visit(driver, "/stories")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, GALLERY_LINK).click)
        assert revealed(driver) == {"transition": False, "swapped": "swap"}
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar__back").click)
        assert revealed(driver) == {"transition": False, "swapped": "swap"}
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


#: Where the transition's pictures are on its first frame: `ready` resolves once the pseudo-elements
#: exist and their animations have started, before that frame is painted.
RECORD_FIRST_FRAME = """
addEventListener('pagereveal', (event) => {
  const transition = event.viewTransition;
  window.__firstFrame = null;
  if (!transition) return;
  transition.ready.then(() => {
    const root = document.documentElement;
    // Only pictures that exist are read (Chromium's tab crashes on the style of one that does not):
    // the screen's on both sides, a sheet's where an animation moves it.
    const animated = new Set(document.getAnimations().map((a) => a.effect && a.effect.pseudoElement).filter(Boolean));
    const read = (pseudo) => {
      if (!pseudo.endsWith('(root)') && !animated.has(pseudo)) return null;
      const style = getComputedStyle(root, pseudo);
      const matrix = new DOMMatrix(style.transform === 'none' ? undefined : style.transform);
      return {x: matrix.m41, y: matrix.m42, opacity: parseFloat(style.opacity),
              height: parseFloat(getComputedStyle(root, pseudo.replace(/-(old|new)\\(/, '-group(')).height)};
    };
    window.__firstFrame = {types: [...transition.types], width: innerWidth,
      oldRoot: read('::view-transition-old(root)'), newRoot: read('::view-transition-new(root)'),
      oldSheet: read('::view-transition-old(sheet)'), newSheet: read('::view-transition-new(sheet)')};
  }, () => {});
});
"""


def first_frame(driver) -> dict:
    wait(driver).until(lambda d: d.execute_script("return window.__firstFrame !== undefined && window.__firstFrame !== null"))
    return driver.execute_script("return window.__firstFrame")


def test_every_transition_shows_the_new_screen_on_its_first_frame(walker):
    """A transition must not hold back the new screen: on the first frame it already moves (a
    push's new screen has come in from the trailing edge, the old one has started to dim; a pop
    the reverse; a tab's new screen and a sheet have started to show), as UIKit's first frame after
    a tap is already one frame into the animation."""
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FIRST_FRAME})
    try:
        visit(driver, "/stories")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, GALLERY_LINK).click)
        push = first_frame(driver)
        assert push["types"] == ["push"], push
        assert 0 < push["newRoot"]["x"] < push["width"] - 1, f"the pushed screen is not on screen on the first frame: {push}"
        assert push["oldRoot"]["x"] < 0 and push["oldRoot"]["opacity"] < 1, f"the old screen does not move and dim: {push}"

        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar__back").click)
        pop = first_frame(driver)
        assert pop["types"] == ["pop"], pop
        assert -pop["width"] / 3 - 1 < pop["newRoot"]["x"] < 0 and pop["newRoot"]["opacity"] < 1, pop
        assert 0 < pop["oldRoot"]["x"] < pop["width"], f"the popped screen does not leave to the trailing edge: {pop}"

        navigates(driver, driver.find_element(By.CSS_SELECTOR, "a.tab-bar__item[href='/stories/settings']").click)
        fade = first_frame(driver)
        assert fade["types"] == ["fade"], fade
        assert 0 < fade["newRoot"]["opacity"] < 1, f"the new tab is not showing on the first frame: {fade}"

        visit(driver, "/cars")
        navigates(driver, driver.find_element(By.CSS_SELECTOR, ".nav-bar__action").click)
        rises = first_frame(driver)
        assert rises["types"] == ["sheet"], rises
        assert 0 < rises["newSheet"]["y"] < rises["newSheet"]["height"] - 1, f"the sheet is not rising on the first frame: {rises}"
        navigates(driver, driver.find_element(By.CSS_SELECTOR, "[data-sheet-cancel]").click)
        falls = first_frame(driver)
        assert falls["types"] == ["sheet"], falls
        assert falls["newRoot"]["opacity"] > 0, f"the screen under the sheet is not showing on the first frame: {falls}"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


# --------------------------------------------------------------------------- touch

def styles_while(driver, css: str, pseudo: str, prop: str) -> tuple[str, str]:
    """`prop` of the first `css` element as it is, and while `:active`/`:hover` is forced (CDP)."""
    read = "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]"
    before = driver.execute_script(read, css, prop)
    root = driver.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": css})["nodeId"]
    driver.execute_cdp_cmd("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": [pseudo]})
    try:
        return before, driver.execute_script(read, css, prop)
    finally:
        driver.execute_cdp_cmd("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})


def test_rows_highlight_and_buttons_dim_while_pressed_and_touch_never_hovers(walker):
    driver = walker.driver
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    try:
        for viewport in ("phone", "ipad"):
            apply_viewport(driver, ALL_VIEWPORTS[viewport])
            visit(driver, "/stories/settings")
            row = styles_while(driver, ".color-option", "active", "backgroundColor")
            assert row[0] != row[1], f"a row does not highlight while pressed on {viewport}: {row}"
            for control in (".nav-bar__back", "a.tab-bar__item"):
                dimmed = styles_while(driver, control, "active", "opacity")
                assert float(dimmed[1]) < float(dimmed[0]), f"{control} does not dim while pressed on {viewport}"
            if viewport == "phone":
                # A touch screen has no hover (headless Chromium reports none anywhere, so a mouse's
                # hover effect cannot be shown here): forcing :hover changes nothing.
                assert not driver.execute_script("return matchMedia('(hover: hover)').matches")
                hovered = styles_while(driver, ".nav-bar__back", "hover", "opacity")
                assert hovered[0] == hovered[1], f"the back item changes on hover alone on a phone: {hovered}"
    finally:
        driver.execute_cdp_cmd("CSS.disable", {})
