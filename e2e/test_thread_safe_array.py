"""The ThreadSafeArray page (TSA-1..6): explains the type and runs the TSA-5 demo on the server."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import check_screen, navigates, path_of, text, visit, wait


def test_demo_runs_on_the_server_and_counts_2002(driver):
    visit(driver, "/")
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "li.home__tile[data-app=threadSafeArray] a").click)
    assert path_of(driver) == "/thread-safe-array"
    assert driver.find_element(By.CSS_SELECTOR, "header.nav-bar .nav-bar__title").text == text("en", "tsa.title")
    assert driver.find_elements(By.ID, "tsa-count") == [], "a result before the demo ran"
    main = driver.find_element(By.TAG_NAME, "main").text
    assert text("en", "tsa.about.p1") in main
    check_screen(driver, "tsa")

    run = driver.find_element(By.CSS_SELECTOR, "button[name=run]")
    assert run.text == text("en", "tsa.demo.run")
    navigates(driver, run.click)
    count = wait(driver).until(EC.visibility_of_element_located((By.ID, "tsa-count")))
    assert count.text == text("en", "tsa.result.count", count=2002) == "Count: 2002"
    elapsed = driver.find_element(By.ID, "tsa-elapsed").text
    number = r"[0-9]+(?:[.,][0-9]+)?"
    pattern = number.join(re.escape(part) for part in text("en", "tsa.result.elapsed").split("{ms}"))
    assert re.fullmatch(pattern, elapsed), f"{elapsed!r} does not match {pattern!r}"
    assert "run=" in path_of(driver)
    check_screen(driver, "tsa-result")

    # Running it again gives the same count.
    navigates(driver, driver.find_element(By.CSS_SELECTOR, "button[name=run]").click)
    assert driver.find_element(By.ID, "tsa-count").text == "Count: 2002"
