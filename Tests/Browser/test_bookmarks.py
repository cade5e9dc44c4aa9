"""Bookmarks and the default area in a real browser: a starred place moves to the top at once and stays there
after a reload; un-starring puts it back; without JavaScript the same forms work by reloading; the area page's
button changes where / opens."""

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from conftest import wait_for

AREA = "/areas/pnu-busan"


def skip_onboarding(driver, server):
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)


def rows(driver):
    """The places of the list in order; empty while a reload replaces the page."""
    try:
        return [row.get_attribute("data-place") for row in driver.find_elements(By.CSS_SELECTOR, "ul.places > li[data-place]")]
    except WebDriverException:  # the page went away between finding a row and reading it
        return []


def star(driver, place):
    return driver.find_element(By.CSS_SELECTOR, f'.bookmark-button[data-place="{place}"]')


def press(driver, place):
    """Clicks a place's star as a person would, after scrolling it clear of the sticky header."""
    button = star(driver, place)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_a_bookmark_moves_to_the_top_at_once_and_stays_after_a_reload(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    driver.get(server.url(AREA))
    by_name = rows(driver)
    assert len(by_name) == 7
    last, second_last = by_name[-1], by_name[-2]
    press(driver, last)
    wait_for(driver, lambda d: rows(d)[0] == last)
    assert star(driver, last).get_attribute("aria-pressed") == "true"
    assert AREA in driver.current_url  # no navigation: the script moved the row
    press(driver, second_last)
    wait_for(driver, lambda d: rows(d)[:2] == [last, second_last])
    driver.refresh()
    assert rows(driver)[:2] == [last, second_last]
    assert star(driver, second_last).get_attribute("aria-pressed") == "true"
    # Un-bookmarking puts the place back where the list would have it.
    press(driver, last)
    wait_for(driver, lambda d: rows(d)[0] == second_last and rows(d)[-1] == last)
    assert star(driver, last).get_attribute("aria-pressed") == "false"
    driver.refresh()
    assert rows(driver) == [second_last] + [p for p in by_name if p != second_last]
    # The API lists the same order for the same person (the page's cookie goes along).
    listed = driver.execute_script(
        "return fetch('/api/v1/areas/pnu-busan/places').then(r => r.json()).then(b => b.places.map(p => p.id))")
    assert listed == rows(driver)


def test_the_place_pages_star_and_the_list_agree(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    driver.get(server.url("/places/pnu-busan-woongbi-hall"))
    assert star(driver, "pnu-busan-woongbi-hall").text == "Bookmark"
    press(driver, "pnu-busan-woongbi-hall")
    wait_for(driver, lambda d: star(d, "pnu-busan-woongbi-hall").get_attribute("aria-pressed") == "true")
    driver.get(server.url(AREA))
    assert rows(driver)[0] == "pnu-busan-woongbi-hall"


def test_stars_work_without_javascript(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.url(AREA + "?sort=name"))
    last = rows(driver)[-1]
    press(driver, last)
    wait_for(driver, lambda d: rows(d) and rows(d)[0] == last)
    # Back where the star was, saying what it did (test_feedback.py has the rest).
    assert driver.current_url.endswith(AREA + f"?sort=name&bookmarked={last}")
    press(driver, last)
    wait_for(driver, lambda d: rows(d) and rows(d)[-1] == last)


def test_the_default_area_button_changes_where_slash_opens(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    driver.get(server.url("/"))
    wait_for(driver, lambda d: d.current_url.endswith("/areas"))  # nothing chosen, nothing opened: the chooser
    driver.get(server.url(AREA))
    assert driver.find_element(By.CSS_SELECTOR, "form.default-area button").text == "Open Grubmap here"
    driver.get(server.url("/areas/san-jose-convention-center"))
    driver.find_element(By.CSS_SELECTOR, "form.default-area button").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".default-area.is-default"))
    driver.get(server.url("/"))
    wait_for(driver, lambda d: d.current_url.endswith("/areas/san-jose-convention-center"))
    driver.get(server.url("/settings"))
    selected = driver.find_element(By.CSS_SELECTOR, "select[name=defaultArea] option:checked")
    assert selected.get_attribute("value") == "san-jose-convention-center"
    driver.get(server.url(AREA))
    assert driver.find_element(By.CSS_SELECTOR, "form.default-area button").text == "Open Grubmap here"
