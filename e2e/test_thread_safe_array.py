"""The ThreadSafeArray page (TSA-1..6): explains the type and runs the TSA-5 demo on the server."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from helpers import check_screen, is_gone, navigates, path_of, text, visit, wait


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
    # Issue 50: with its script the result comes in place (no page load) and takes focus.
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.run-demo[data-in-place]"))
    run.click()
    count = wait(driver).until(EC.visibility_of_element_located((By.ID, "tsa-count")))
    wait(driver).until(lambda d: d.execute_script("return document.activeElement.id") == "tsa-result")
    assert count.text == text("en", "tsa.result.count", count=2002) == "Count: 2002"
    elapsed = driver.find_element(By.ID, "tsa-elapsed").text
    number = r"[0-9]+(?:[.,][0-9]+)?"
    pattern = number.join(re.escape(part) for part in text("en", "tsa.result.elapsed").split("{ms}"))
    assert re.fullmatch(pattern, elapsed), f"{elapsed!r} does not match {pattern!r}"
    assert "run=" in path_of(driver)
    check_screen(driver, "tsa-result")

    # Running it again gives the same count, in a new result section.
    old = driver.find_element(By.ID, "tsa-result")
    driver.find_element(By.CSS_SELECTOR, "button[name=run]").click()
    wait(driver).until(lambda _: is_gone(old))
    assert driver.find_element(By.ID, "tsa-count").text == "Count: 2002"
