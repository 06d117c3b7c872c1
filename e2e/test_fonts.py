"""The suite measures with its own fonts (issue 33): the Chromium it starts sees fonts-dejavu-core's
six fonts through `e2e/fonts.conf`, whatever else the machine has (fonts-noto-core made
`sans-serif` Noto Sans on one machine, and the reading screen had too little text to scroll)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import ALL_VIEWPORTS, FONTCONFIG_FILE
from helpers import E2E_DIR

SUITE_FONTS = {
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
    "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
}


def fontconfig(*arguments: str) -> str:
    """A fontconfig tool's output under the suite's file, as Chromium's environment has it."""
    return subprocess.run(list(arguments), env={**os.environ, "FONTCONFIG_FILE": FONTCONFIG_FILE},
                          capture_output=True, text=True, check=True, timeout=30).stdout


def test_fontconfig_file_gives_exactly_fonts_dejavu_core():
    """The file the suite uses sees the six files of Debian's fonts-dejavu-core and no other, and
    each generic family is one of them (scripts/test.sh installs the package when missing)."""
    assert FONTCONFIG_FILE == str((E2E_DIR / "fonts.conf").resolve()), (
        f"APPDECK_E2E_FONTCONFIG={FONTCONFIG_FILE}: the suite measures with other fonts than its own")
    files = {Path(line).name for line in fontconfig("fc-list", "--format", "%{file}\n").split()}
    assert files == SUITE_FONTS, f"fonts seen through {FONTCONFIG_FILE}: {sorted(files)}"
    # (fc-match reads "a-b" as family a at size b: the hyphen is escaped.)
    for family, expected in (("sans-serif", "DejaVu Sans"), (r"system\-ui", "DejaVu Sans"),
                             ("serif", "DejaVu Serif"), ("monospace", "DejaVu Sans Mono"),
                             ("Noto Sans", "DejaVu Sans"), ("Arial", "DejaVu Sans"), ("Roboto", "DejaVu Sans")):
        assert fontconfig("fc-match", "--format", "%{family[0]}", family) == expected, family


def rendered_fonts(driver, css: str) -> dict[str, int]:
    """The fonts Chromium drew an element's text with (CDP `CSS.getPlatformFontsForNode`), with the
    number of characters drawn in each."""
    driver.execute_cdp_cmd("DOM.enable", {})
    driver.execute_cdp_cmd("CSS.enable", {})
    root = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": css})["nodeId"]
    assert node, f"no element matches {css!r}"
    fonts = driver.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {font["familyName"]: font["glyphCount"] for font in fonts}


def test_chromium_draws_with_the_suite_fonts(walker):
    """What Chromium really draws with: the system font stack (`-apple-system … system-ui … Arial,
    sans-serif`) ends on DejaVu Sans, the serif label on DejaVu Serif and the token field's
    monospace stack on DejaVu Sans Mono, in Latin and Cyrillic alike."""
    driver = walker.at(ALL_VIEWPORTS["ipad"], "/layouts/text")
    assert set(rendered_fonts(driver, "#reading-title")) == {"DejaVu Sans"}
    assert set(rendered_fonts(driver, "#reading-text p")) == {"DejaVu Sans"}
    driver = walker.at(ALL_VIEWPORTS["ipad"], "/layouts")
    assert set(rendered_fonts(driver, "#label-1")) == {"DejaVu Sans"}
    assert set(rendered_fonts(driver, "#label-2")) == {"DejaVu Serif"}
    driver = walker.at(ALL_VIEWPORTS["ipad"], "/github")
    field = driver.find_element(By.CSS_SELECTOR, "input.github-token__input")
    driver.execute_script("arguments[0].value = 'ghp_0123456789'", field)
    assert set(rendered_fonts(driver, "input.github-token__input")) == {"DejaVu Sans Mono"}
    # Cyrillic too: the Russian heading of the reading screen.
    from layout_metrics import choose_language
    try:
        choose_language(driver, "ru")
        driver = walker.at(ALL_VIEWPORTS["ipad"], "/layouts/text")
        assert set(rendered_fonts(driver, "#reading-title")) == {"DejaVu Sans"}
    finally:
        choose_language(walker.driver, "auto")
