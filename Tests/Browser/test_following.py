"""Following a dish in a real browser: the bell beside a meal, the board's strip, the page of followed dishes, and
the calendar feed, which a calendar library reads event by event and a browser downloads."""

import json
import urllib.request
from datetime import datetime, timedelta

import icalendar
import pytest
from selenium.webdriver.common.by import By

from conftest import BUSAN_LUNCH, clocked_server, wait_for

BOARD = "/areas/pnu-busan/menus"


@pytest.fixture
def server(tmp_path):
    with clocked_server(tmp_path, BUSAN_LUNCH, ["--onboarding-interval-ms", "500"]) as instance:
        yield instance


def press(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def follow_the_first_meal(driver, server):
    """Presses the bell of the board's first open meal; the name it follows."""
    driver.get(server.url(BOARD))
    bell = driver.find_element(By.CSS_SELECTOR, "#board details[open] .follow-bell[aria-pressed=false]")
    label = bell.get_attribute("aria-label")
    press(driver, bell)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".follow-strip"))
    return label.removeprefix("Follow ")


def test_the_bell_follows_a_dish_and_the_board_says_where_it_is_served(server, browser):
    driver = browser()
    name = follow_the_first_meal(driver, server)
    strip = driver.find_element(By.CSS_SELECTOR, ".follow-strip").text
    assert "Your dishes today" in strip
    assert name in strip
    assert driver.find_element(By.CSS_SELECTOR, ".toast").text.startswith(f"You follow {name}.")
    pressed = driver.find_elements(By.CSS_SELECTOR, "#board .follow-bell[aria-pressed=true]")
    assert pressed and pressed[0].get_attribute("aria-label") == f"Follow {name}"

    # The strip's link to the followed dishes, and the bell there to stop.
    press(driver, driver.find_element(By.CSS_SELECTOR, ".follow-manage"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".followed-dish"))
    assert name in driver.find_element(By.CSS_SELECTOR, ".followed-dish").text
    press(driver, driver.find_element(By.CSS_SELECTOR, ".follow-stop"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".follow-none"))
    driver.get(server.url(BOARD))
    assert not driver.find_elements(By.CSS_SELECTOR, ".follow-strip")


def test_the_calendar_feed_holds_the_followed_dishes_servings_and_downloads(server, browser, tmp_path):
    driver = browser()
    name = follow_the_first_meal(driver, server)
    driver.get(server.url("/settings/dishes"))
    press(driver, driver.find_element(By.CSS_SELECTOR, ".calendar-form button[type=submit]"))
    wait_for(driver, lambda d: d.find_elements(By.ID, "calendar-url"))
    url = driver.find_element(By.ID, "calendar-url").get_attribute("value")
    assert driver.find_element(By.CSS_SELECTOR, ".calendar-feed a.button").get_attribute("href").startswith("webcal://")

    # A calendar app reads it without the browser's cookies.
    with urllib.request.urlopen(url) as response:
        assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
        calendar = icalendar.Calendar.from_ical(response.read())
    events = [component for component in calendar.walk("VEVENT")]
    assert events, "the dish is served today at least"
    assert all(str(event["SUMMARY"]).startswith(f"{name} at ") for event in events)

    # Each event is a serving on the published menus: that day's board has the dish at the event's place.
    dish_id = int(str(events[0]["URL"]).rsplit("/", 1)[1])
    for event in events:
        start = event.decoded("DTSTART")
        assert event.decoded("DTEND") > start
        # A serving with hours is a time in UTC (Seoul is UTC+9 all year); one without is the whole day.
        day = ((start + timedelta(hours=9)).date() if isinstance(start, datetime) else start).isoformat()
        with urllib.request.urlopen(server.url(f"/api/v1/areas/pnu-busan/menus?date={day}")) as response:
            board = json.load(response)
        serving = [menu["name"] for menu in board["menus"]
                   if any(meal.get("dishId") == dish_id
                          for category in menu.get("categories", []) for meal in category["meals"])]
        assert any(str(event["LOCATION"]).startswith(place) for place in serving), (day, serving)
    assert len({str(event["UID"]) for event in events}) == len(events)

    # The browser downloads it as a file (a calendar is not a page).
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    driver.get(url)
    # Chromium reserves the file's name with an empty file and writes to a .crdownload beside it until it is done.
    wait_for(driver, lambda d: (tmp_path / "grubmap.ics").exists() and (tmp_path / "grubmap.ics").stat().st_size > 0
             and not any(tmp_path.glob("*.crdownload")))
    downloaded = icalendar.Calendar.from_ical((tmp_path / "grubmap.ics").read_bytes())
    assert [str(event["UID"]) for event in downloaded.walk("VEVENT")] == [str(event["UID"]) for event in events]

    # Revoked: the address is gone.
    driver.get(server.url("/settings/dishes"))
    press(driver, driver.find_element(By.CSS_SELECTOR, ".calendar-form input[value=revoke] ~ button"))
    wait_for(driver, lambda d: not d.find_elements(By.ID, "calendar-url"))
    try:
        urllib.request.urlopen(url)
        raise AssertionError("a revoked feed still answers")
    except urllib.error.HTTPError as error:
        assert error.code == 404
