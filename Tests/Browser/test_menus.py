"""The place page's menu in a real browser: today in the area's time zone, the category being served now first,
and picking another day (instantly with JavaScript, by plain links without it).

The server's clock is set through --test-clock-file to Tuesday 17 November 2026, 12:30 in Busan (03:30 UTC),
whatever the machine's own clock and time zone say; the demo's sample menus are written for that week."""


import pytest
from selenium.webdriver.common.by import By

from conftest import clocked_server, settled, wait_for

# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan.
NOW = 1_794_886_200
PLACE = "/places/pnu-busan-geumjeong-hall"


@pytest.fixture
def lunchtime_server(tmp_path):
    with clocked_server(tmp_path, NOW) as instance:
        yield instance


def selected_day(driver):
    return driver.find_element(By.CSS_SELECTOR, "#menu .days a[aria-current=page]")


def selected_href(driver):
    """The selected day's link, read in one step so a section being swapped can never be half-read."""
    return driver.execute_script(
        "return document.querySelector('#menu .days a[aria-current=page]')?.getAttribute('href') || ''")


def is_today_selected(driver):
    return driver.execute_script(
        "return document.querySelector('#menu .days a[aria-current=page]')?.dataset.today === 'true'")


def day_link(driver, date):
    return driver.find_element(By.CSS_SELECTOR, f'#menu .days a[href*="date={date}"]')



def menu_text(driver):
    return driver.find_element(By.ID, "menu").text


def test_today_is_busans_tuesday_and_lunch_comes_first(lunchtime_server, browser):
    driver = browser()
    driver.get(lunchtime_server.url(PLACE))
    today = selected_day(driver)
    assert "date=2026-11-17" in today.get_attribute("href")
    assert today.get_attribute("data-today") == "true"
    assert [e.text.split("\n")[0] for e in driver.find_elements(By.CSS_SELECTOR, "#menu .days a")] == [
        "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    first = driver.find_elements(By.CSS_SELECTOR, "#menu details.menu-category")[0]
    assert first.find_element(By.CSS_SELECTOR, ".category-name").text == "중식"
    assert first.find_element(By.CSS_SELECTOR, ".now-badge").text == "Now"
    assert first.get_attribute("open") is not None
    # On a phone the other categories stay folded; their meals are one tap away.
    folded = [d for d in driver.find_elements(By.CSS_SELECTOR, "#menu details.menu-category") if d.get_attribute("open") is None]
    assert folded
    folded[0].find_element(By.TAG_NAME, "summary").click()
    assert folded[0].get_attribute("open") is not None
    assert "Students ₩5,000" in menu_text(driver).replace("\n", " ")


def test_picking_another_day_shows_its_menu_and_the_address_follows(lunchtime_server, browser):
    driver = browser()
    driver.get(lunchtime_server.url(PLACE))
    tuesday = menu_text(driver)
    day_link(driver, "2026-11-18").click()
    wait_for(driver, lambda d: "date=2026-11-18" in selected_href(d))
    assert "date=2026-11-18" in driver.current_url
    wednesday = menu_text(driver)
    assert "Wednesday, November 18" in wednesday
    assert "소고기국밥" in wednesday and wednesday != tuesday
    assert "Now" not in driver.find_element(By.CSS_SELECTOR, "#menu .menu-categories").text
    assert driver.find_element(By.CSS_SELECTOR, "#menu .menu-back").is_displayed()
    # Sunday is closed, which is not the same as no menu.
    day_link(driver, "2026-11-15").click()
    wait_for(driver, lambda d: "date=2026-11-15" in selected_href(d))
    assert "Closed this day." in menu_text(driver)
    # The address is real: a reload shows the same day, and Back returns to the one before.
    driver.refresh()
    assert "date=2026-11-15" in selected_day(driver).get_attribute("href")
    driver.back()
    wait_for(driver, lambda d: "date=2026-11-18" in selected_href(d))
    driver.find_element(By.CSS_SELECTOR, "#menu .menu-back").click()
    wait_for(driver, is_today_selected)


def test_days_are_plain_links_without_javascript(lunchtime_server, browser):
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(lunchtime_server.url(PLACE))
    day_link(driver, "2026-11-19").click()
    wait_for(driver, settled(lambda d: "date=2026-11-19" in selected_day(d).get_attribute("href")))
    assert "date=2026-11-19" in driver.current_url
    assert "Thursday, November 19" in menu_text(driver)


def test_korean_week_runs_sunday_to_saturday(lunchtime_server, browser):
    driver = browser(language="ko")
    driver.get(lunchtime_server.url(PLACE))
    assert driver.find_element(By.ID, "menu-heading").text == "식단"
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#menu .day-name")] == [
        "일", "월", "화", "수", "목", "금", "토"]
    assert "11월 17일 화요일" in menu_text(driver)
    assert "학생 ₩5,000" in menu_text(driver).replace("\n", " ")


def test_a_wide_screen_unfolds_every_category(lunchtime_server, browser):
    driver = browser(width=1280, height=800)
    driver.get(lunchtime_server.url(PLACE))
    categories = driver.find_elements(By.CSS_SELECTOR, "#menu details.menu-category")
    assert len(categories) == 4
    wait_for(driver, lambda d: all(c.get_attribute("open") is not None for c in categories))
    assert categories[0].find_element(By.CSS_SELECTOR, ".now-badge").is_displayed()
