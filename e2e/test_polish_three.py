"""Issue 50, "Everywhere": iOS polish, round three, each checked at all ten sizes, with screenshots
`artifacts/polish3-<screen>-<viewport>.png` and axe at the three sizes a walk spot-checks
(`helpers.SPOT_CHECKED`).

1. Controls are 44 points to a finger: the home screen's language picker, its Apply button (no
   script) and Devices; MyHabits' Activity circles. Their look stays (a 32-point pill, a 40-point
   ring): a clear border takes the taps.
2. Alerts, action sheets and menus are frosted: `backdrop-filter` over a translucent fill, and a
   solid fill where a browser has no backdrop-filter (`@supports`).
4. The round Layouts button fits its longest label ("Вперёд") with room to spare.
5. The thread-safe array's "Run the Demo" shows its result on screen, focused with a script (no
   reload), landed on by its fragment without one.
(3, American spelling and title case, is the catalogues' text: every test reads it from them.)
"""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import ALL_VIEWPORTS, apply_viewport
from helpers import (SPOT_CHECKED, assert_no_horizontal_overflow, check_screen, navigates, path_of, shot, text, visit,
                     wait, wait_settled)
from layout_metrics import choose_language
from test_habits import add_habit, circle, open_habits
from test_polish import add_two

LANGUAGES = ["en", "ru", "pl"]


def use_language(driver, lang: str) -> None:
    visit(driver, "/")
    if driver.find_element(By.CSS_SELECTOR, "form.language-switcher select#language").get_attribute("value") != lang:
        choose_language(driver, lang)


def each_size(driver, path: str | None = None):
    """Yields (name, full) at every size: the page (re)loaded when `path` is given; `full` says
    whether a screenshot and axe belong to this size."""
    for name, viewport in ALL_VIEWPORTS.items():
        apply_viewport(driver, viewport)
        wait(driver).until(lambda d: d.execute_script("return innerWidth") == viewport.width)
        if path:
            visit(driver, path)
        wait_settled(driver)
        yield name, name in SPOT_CHECKED


# --------------------------------------------------------------------------- 1. 44-point targets

TARGET = """
const e = typeof arguments[0] === 'string' ? document.querySelector(arguments[0]) : arguments[0];
e.scrollIntoView({block: 'center'});
const r = e.getBoundingClientRect(), s = getComputedStyle(e);
const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
// A tap 1 px inside each edge's middle reaches the control (rounded corners included).
const reaches = [[cx, r.top + 1], [cx, r.bottom - 1], [r.left + 1, cy], [r.right - 1, cy]].map(([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === e || e.contains(hit));
});
return {width: r.width, height: r.height, reaches, border: parseFloat(s.borderTopWidth),
        borderColor: s.borderTopColor, clip: s.backgroundClip, shadow: s.boxShadow, background: s.backgroundColor};
"""


def target(driver, element_or_css):
    return driver.execute_script(TARGET, element_or_css)


def assert_tap_target(box: dict, what: str) -> None:
    assert box["width"] >= 44 and box["height"] >= 44, f"{what} is {box['width']}x{box['height']}, under 44x44"
    assert all(box["reaches"]), f"{what}: a tap at an edge misses it ({box['reaches']})"


def assert_pill_look(box: dict, what: str) -> None:
    """The 32-point white pill of before, inside a clear border that takes taps."""
    assert box["clip"] == "padding-box" and box["borderColor"] == "rgba(0, 0, 0, 0)", f"{what}: {box}"
    assert box["height"] - 2 * box["border"] == 32, f"{what} looks {box['height'] - 2 * box['border']} px high, not 32"


def test_home_dock_controls_are_44_points_and_keep_their_look(walker):
    driver = walker.driver
    for lang in ["en", "ru"]:
        use_language(driver, lang)
        for size, full in each_size(driver, "/"):
            where = f"{lang} at {size}"
            for css in ("select#language", "a.home__settings"):
                box = target(driver, css)
                assert_tap_target(box, f"{css} {where}")
                assert_pill_look(box, f"{css} {where}")
            assert driver.find_element(By.CSS_SELECTOR, "a.home__settings").text == text(lang, "devices.settings")
            check_screen(driver, f"polish3-home-{lang}", full=full)
    # Without a script the language is applied with a button: 44 points too.
    use_language(driver, "ru")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for size, full in each_size(driver, "/"):
            apply = driver.find_element(By.CSS_SELECTOR, "button.language-switcher__apply")
            assert apply.text == text("ru", "shell.language.apply")
            box = target(driver, apply)
            assert_tap_target(box, f"Apply without a script at {size}")
            assert_pill_look(box, f"Apply without a script at {size}")
            if full:  # axe cannot run while scripts are off: it ran on this screen above
                shot(driver, "polish3-home-noscript")
            assert_no_horizontal_overflow(driver, f"home without a script at {size}")
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    use_language(driver, "en")


def habit_with_today_done(driver, name: str) -> str:
    """A new habit, today ticked from the list; its id."""
    open_habits(driver)
    add_habit(driver, name)
    card = next(c for c in driver.find_elements(By.CSS_SELECTOR, ".habit-card")
                if c.find_element(By.CSS_SELECTOR, ".habit-card__name").text == name)
    habit = card.get_attribute("data-habit")
    index = driver.find_elements(By.CSS_SELECTOR, ".habit-card").index(card)
    circle(driver, index).click()
    wait(driver).until(lambda d: circle(d, index).get_attribute("aria-pressed") == "true")
    return habit


def test_activity_circles_are_44_points_with_a_40_point_ring(walker):
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    use_language(driver, "en")
    habit = habit_with_today_done(driver, "Stretch")
    path = f"/habits/{habit}"
    for size, full in each_size(driver, path):
        circles = driver.find_elements(By.CSS_SELECTOR, ".habit-days button.habit-day__circle")
        assert len(circles) >= 2, f"the Activity list has days at {size}"
        for pressed in ("true", "false"):
            element = next(c for c in circles if c.get_attribute("aria-pressed") == pressed)
            box = target(driver, element)
            assert_tap_target(box, f"an Activity circle (pressed {pressed}) at {size}")
            # The look: a 2-point ring of the habit's colour, 40 points across, inside a clear border.
            assert box["border"] == 2 and box["borderColor"] == "rgba(0, 0, 0, 0)" and box["clip"] == "padding-box", box
            assert re.search(r"inset 0px 0px 0px 2px", box["shadow"]) or box["shadow"].endswith("0px 0px 0px 2px inset"), box
            if pressed == "true":
                assert box["background"] != "rgba(0, 0, 0, 0)", "a done day is filled"
        check_screen(driver, "polish3-activity", full=full)


# --------------------------------------------------------------------------- 2. frosted material

MATERIAL = """
const e = typeof arguments[0] === 'string' ? document.querySelector(arguments[0]) : arguments[0];
const s = getComputedStyle(e);
return {filter: s.backdropFilter || s.webkitBackdropFilter || 'none', background: s.backgroundColor};
"""


def alpha(color: str) -> float:
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", color)
    assert match, color
    return float(match.group(4) or 1)


def assert_frosted(driver, element_or_css, what: str) -> None:
    material = driver.execute_script(MATERIAL, element_or_css)
    assert "blur(" in material["filter"], f"{what} has no blur: {material}"
    assert alpha(material["background"]) < 1, f"{what} is opaque, so the blur cannot show: {material}"


FALLBACK = """
const found = {plain: {}, supported: {}};
const classes = arguments[0];
for (const sheet of document.styleSheets) {
  let rules; try { rules = sheet.cssRules; } catch { continue; }
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule && rule.style.backgroundColor) {
      for (const c of classes) if (rule.selectorText.split(',').some(s => s.trim() === c)) found.plain[c] = {
        background: rule.style.backgroundColor, filter: rule.style.backdropFilter || ''};
    }
    if (rule instanceof CSSSupportsRule && /backdrop-filter/.test(rule.conditionText) && !/^not/.test(rule.conditionText.trim())) {
      for (const inner of rule.cssRules) for (const c of classes)
        if (inner.selectorText && inner.selectorText.split(',').some(s => s.trim() === c)) found.supported[c] = {
          background: inner.style.backgroundColor, filter: inner.style.backdropFilter || ''};
    }
  }
}
return found;
"""

MATERIALS = [".alert", ".action-sheet__group", ".pull-down__menu"]


def test_the_material_falls_back_to_a_solid_fill_without_backdrop_filter(walker):
    """The last plain rule for each material is opaque with no filter (what a browser without
    backdrop-filter draws); the translucent, blurred fill sits in `@supports (backdrop-filter…)`."""
    driver = walker.driver
    visit(driver, "/")
    found = driver.execute_script(FALLBACK, MATERIALS)
    for css in MATERIALS:
        plain, supported = found["plain"].get(css), found["supported"].get(css)
        assert plain and alpha(plain["background"]) == 1 and not plain["filter"], f"{css}: no solid fallback: {found}"
        assert supported and "blur(" in supported["filter"] and alpha(supported["background"]) < 1, f"{css}: {found}"


def test_action_sheets_menus_and_alerts_are_frosted_at_every_size(walker):
    driver = walker.driver
    apply_viewport(driver, ALL_VIEWPORTS["phone"])
    use_language(driver, "en")
    habit = habit_with_today_done(driver, "Frost")

    # Photos' "Clear List" question, an action sheet the server draws (over two photos).
    visit(driver, "/photos")
    add_two(driver)
    for size, full in each_size(driver, "/photos?confirm=clear"):
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".action-sheet[role=alertdialog]")))
        assert_frosted(driver, ".action-sheet .action-sheet__group", f"the action sheet at {size}")
        check_screen(driver, "polish3-photos-clear", full=full)

    # MyHabits' "…" menu, an action sheet of links.
    for size, full in each_size(driver, "/habits/menu"):
        assert_frosted(driver, ".action-menu .action-sheet__group", f"the menu at {size}")
        check_screen(driver, "polish3-habits-menu", full=full)

    # The shared alert (a <dialog>), asked before a done day is unticked.
    open_habits(driver, f"/habits/{habit}")
    today = driver.find_element(By.CSS_SELECTOR, ".habit-days button.habit-day__circle[aria-pressed=true]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", today)
    today.click()
    dialog = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog#alert[open]")))
    assert dialog.find_element(By.ID, "alert-title").text == text("en", "habits.day.undoTitle") == "Undo This Mark?"
    for size, full in each_size(driver):
        assert_frosted(driver, "dialog#alert", f"the alert at {size}")
        check_screen(driver, "polish3-alert", full=full)
    dialog.find_element(By.CSS_SELECTOR, "#alert-cancel").click()


# --------------------------------------------------------------------------- 4. the round button

CIRCLE_TEXT = """
const b = document.getElementById('button-circle');
const range = document.createRange(); range.selectNodeContents(b);
const t = range.getBoundingClientRect(), r = b.getBoundingClientRect();
return {text: t.width, textHeight: t.height, lines: range.getClientRects().length, width: r.width, height: r.height,
        offset: (t.left + t.width / 2) - (r.left + r.width / 2), label: b.textContent.trim()};
"""


def test_the_round_button_fits_the_longest_label_with_room(walker):
    driver = walker.driver
    widest = 0.0
    for lang in LANGUAGES:
        use_language(driver, lang)
        for size, full in each_size(driver, "/layouts"):
            box = driver.execute_script(CIRCLE_TEXT)
            where = f"{lang} at {size}: {box}"
            assert box["label"] == text(lang, "layouts.elements.circle"), where
            assert box["lines"] == 1, f"the label wraps: {where}"
            assert box["text"] <= 0.85 * box["width"], f"the label fills more than 85% of the circle: {where}"
            assert abs(box["offset"]) < 1 and abs(box["width"] - box["height"]) < 0.5, where
            widest = max(widest, box["text"] / box["width"])
            check_screen(driver, f"polish3-layouts-{lang}", full=full)
    print(f"the longest label fills {widest:.0%} of the round button")
    use_language(driver, "en")


# --------------------------------------------------------------------------- 5. the demo's result

RESULT_ON_SCREEN = """
const result = document.getElementById('tsa-result');
if (!result) return null;
const r = result.getBoundingClientRect();
const bar = document.querySelector('header.nav-bar').getBoundingClientRect();
return {top: r.top, bottom: r.bottom, barBottom: bar.bottom, innerHeight,
        focused: document.activeElement === result, url: location.pathname + location.search + location.hash,
        onScreen: r.top >= bar.bottom - 1 && r.top < innerHeight - 40};
"""


def test_run_the_demo_shows_its_result_in_place_with_a_script(walker):
    driver = walker.driver
    use_language(driver, "en")
    for size, full in each_size(driver, "/thread-safe-array"):
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.run-demo[data-in-place]"))
        run = driver.find_element(By.CSS_SELECTOR, "button[name=run]")
        assert run.text == text("en", "tsa.demo.run") == "Run the Demo"
        driver.execute_script("window.__kept = true; arguments[0].scrollIntoView({block: 'center'})", run)
        run.click()
        count = wait(driver).until(EC.visibility_of_element_located((By.ID, "tsa-count")))
        assert count.text == text("en", "tsa.result.count", count=2002)
        state = wait(driver).until(lambda d: (s := d.execute_script(RESULT_ON_SCREEN)) and s["onScreen"] and s)
        assert state["focused"], f"focus stays on the button at {size}: {state}"
        assert driver.execute_script("return window.__kept === true"), f"the page reloaded at {size}"
        assert state["url"] == "/thread-safe-array?run=1#tsa-result", state
        check_screen(driver, "polish3-tsa-script", full=full)


def test_run_the_demo_lands_on_its_result_without_a_script(walker):
    driver = walker.driver
    use_language(driver, "en")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        for size, full in each_size(driver, "/thread-safe-array"):
            run = driver.find_element(By.CSS_SELECTOR, "button[name=run]")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", run)
            navigates(driver, run.click)
            assert path_of(driver) == "/thread-safe-array?run=1#tsa-result"
            assert driver.find_element(By.ID, "tsa-count").text == text("en", "tsa.result.count", count=2002)
            state = driver.execute_script(RESULT_ON_SCREEN)
            assert state["onScreen"], f"the result is off-screen at {size}: {state}"
            assert driver.find_element(By.ID, "tsa-result").get_attribute("tabindex") == "-1"
            if full:  # axe cannot run while scripts are off: it ran on the result with them
                shot(driver, "polish3-tsa-noscript")
            assert_no_horizontal_overflow(driver, f"the result without a script at {size}")
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


# --------------------------------------------------------------------------- 6. one back rule

#: The bar's back item against UIKit's rule: for each form before the one shown (the previous
#: screen's title, then "Back"), whether the title would still be whole with it. One rule means
#: every earlier form cuts the title, and every form's accessible name is the previous title.
BACK_RULE = """
const bar = document.querySelector('header.nav-bar');
const back = bar.querySelector('.nav-bar__back');
const title = bar.querySelector('.nav-bar__title');
const shown = bar.dataset.backForm || 'title';
const forms = ['title', 'generic', 'chevron'];
const whole = () => {
  const items = [...bar.querySelectorAll('.nav-bar__back, .nav-bar__action')].filter(e => e.getClientRects().length);
  bar.style.setProperty('--nav-side', Math.ceil(Math.max(0, ...items.map(e => e.getBoundingClientRect().width))) + 'px');
  const text = document.createRange();
  text.selectNodeContents(title);
  return text.getBoundingClientRect().width <= title.getBoundingClientRect().width;
};
const earlier = {};
for (const form of forms.slice(0, forms.indexOf(shown))) {
  bar.dataset.backForm = form;
  earlier[form] = whole();
}
bar.dataset.backForm = shown;
whole();
return {shown, earlier, name: back.getAttribute('aria-label'), previous: back.querySelector('.nav-bar__back-label').textContent,
        titleWhole: whole()};
"""

#: Sibling screens the review saw with three different back items (issue 50), and one level down.
BACK_SCREENS = ["/habits/info", "/habits/order", "/habits/archived", "/devices", "/backup/settings"]


def test_every_back_item_follows_one_rule_at_every_size(walker):
    """Issue 50: the back item is the previous screen's title, "Back"/"Назад"/"Wstecz" only where
    the title does not fit with it, the chevron alone only where neither fits; its accessible name
    always says the previous screen."""
    driver = walker.driver
    for lang in LANGUAGES:
        use_language(driver, lang)
        for path in BACK_SCREENS:
            for name, full in each_size(driver, path):
                rule = driver.execute_script(BACK_RULE)
                where = f"{lang} {path} at {name}"
                assert rule["titleWhole"], f"{where}: the title is cut with the {rule['shown']} form"
                assert not any(rule["earlier"].values()), f"{where}: shows {rule['shown']}, but {rule['earlier']} would fit"
                assert rule["previous"] and rule["previous"] in rule["name"], f"{where}: named {rule['name']!r}"
                if full:
                    check_screen(driver, f"polish3-back-{lang}-{path.strip('/').replace('/', '-')}-{name}")
