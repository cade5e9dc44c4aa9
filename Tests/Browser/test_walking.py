"""Walks over PNU Busan's streets in Chromium: the place page's minutes on foot and "Walk there", which draws the
route on the area's map at phone and desktop sizes and keeps it while the map moves; minutes on foot on the list,
the list by walking time, and the board. The `browser` fixture fails a test on any console error."""

import re

import pytest
from selenium.webdriver.common.by import By

from conftest import settled, wait_for
from pages import ON_BUSAN_CAMPUS

SIZES = [(390, 844), (1280, 800)]
GEUMJEONG = "pnu-busan-geumjeong-hall"


def box(driver, selector):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};",
        selector)


def route_drawn(driver):
    lines = driver.find_elements(By.CSS_SELECTOR, "#map-view .map-route .line")
    return bool(lines) and lines[0].is_displayed() and "live" in driver.find_element(
        By.ID, "map-view").get_attribute("class")


@pytest.mark.parametrize("width,height", SIZES)
def test_walk_there_draws_the_route_on_the_map(server, browser, width, height):
    driver = browser(width=width, height=height)
    driver.get(server.url(f"/places/{GEUMJEONG}?near={ON_BUSAN_CAMPUS}"))
    summary = driver.find_element(By.CSS_SELECTOR, ".meta.walk").text
    minutes, meters = re.search(r"(\d+) min walk · (\d+) m on foot from your position", summary).groups()
    assert int(minutes) >= 1 and int(meters) > 0

    driver.find_element(By.CSS_SELECTOR, ".walk-there a").click()
    wait_for(driver, settled(lambda d: route_drawn(d) and d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]")))
    # The map is in front on a phone too, and the whole route is in the view, the person's dot at its start.
    line = box(driver, "#map-view .map-route .line")
    drawing = box(driver, "#map-view svg.map")
    assert line["width"] > 20 or line["height"] > 20
    assert drawing["left"] <= line["left"] and line["right"] <= drawing["right"]
    assert drawing["top"] <= line["top"] and line["bottom"] <= drawing["bottom"]
    assert driver.find_element(By.CSS_SELECTOR, "#map-view .map-me").is_displayed()
    note = driver.find_element(By.CSS_SELECTOR, ".map-route-note").text
    assert f"Walking route to Geumjeong Hall: {minutes} min · {meters} m" in note
    assert driver.find_element(By.CSS_SELECTOR, ".map-route").get_attribute("aria-label") == (
        "Walking route to Geumjeong Hall")

    # Zooming in draws the next view with the route still on it.
    zoom = int(driver.find_element(By.ID, "map-view").get_attribute("data-zoom"))
    driver.find_element(By.CSS_SELECTOR, "a.map-zoom-in").click()
    wait_for(driver, settled(lambda d: int(d.find_element(By.ID, "map-view").get_attribute("data-zoom")) == zoom + 1
                             and route_drawn(d)))
    assert "walk=" + GEUMJEONG in driver.current_url

    # "Hide the route" takes it off and keeps the view.
    driver.find_element(By.CSS_SELECTOR, ".map-route-note a").click()
    wait_for(driver, settled(lambda d: "walk=" not in d.current_url and d.find_elements(By.ID, "map-view")))
    assert not driver.find_elements(By.CSS_SELECTOR, ".map-route")
    assert not driver.find_elements(By.CSS_SELECTOR, ".map-route-note")
    assert int(driver.find_element(By.ID, "map-view").get_attribute("data-zoom")) == zoom + 1


def test_walk_without_a_position_says_how_to_get_one(server, browser):
    driver = browser()
    driver.get(server.url(f"/areas/pnu-busan?view=map&walk={GEUMJEONG}"))
    assert not driver.find_elements(By.CSS_SELECTOR, ".map-route")
    assert "Share your location or set your position to see the walk to Geumjeong Hall." in driver.find_element(
        By.CSS_SELECTOR, ".map-route-note").text


def walking_minutes(driver, selector):
    rows = driver.find_elements(By.CSS_SELECTOR, selector)
    return [(row.find_element(By.CSS_SELECTOR, ".place-name").text,
             int(re.search(r"(\d+) min walk", row.text).group(1))) for row in rows]


def test_minutes_on_foot_on_the_list_in_walking_order_and_on_the_board(server, browser):
    driver = browser(width=1280, height=800)
    driver.get(server.url(f"/areas/pnu-busan?near={ON_BUSAN_CAMPUS}"))
    by_distance = walking_minutes(driver, "ul.places > li")
    assert len(by_distance) == 7, "every campus place is reached on foot"

    driver.find_element(By.LINK_TEXT, "By walking time").click()
    wait_for(driver, lambda d: "sort=walking" in d.current_url)
    assert "Nearest on foot from your position" in driver.find_element(By.CSS_SELECTOR, "main .meta").text
    assert driver.find_element(By.LINK_TEXT, "By walking time").get_attribute("aria-current") == "true"
    by_walking = walking_minutes(driver, "ul.places > li")
    assert sorted(by_walking) == sorted(by_distance)
    assert [minutes for _, minutes in by_walking] == sorted(minutes for _, minutes in by_distance)

    driver.get(server.url(f"/areas/pnu-busan/menus?near={ON_BUSAN_CAMPUS}"))
    cards = driver.find_elements(By.CSS_SELECTOR, "#board .board-card")
    assert cards and all(re.search(r"\d+ min walk", card.find_element(By.CSS_SELECTOR, ".walk").text)
                         for card in cards)
