"""Grubmap by keyboard alone, as a person who does not use a mouse: the main flow from the first visit to the
settings, with the focus checked at every step (where it is, that it can be seen, that it never gets stuck), and
the controls that take arrow keys: the tour's slides and the menu's days. What screen readers are told along the
way (live regions, names) is checked where it happens."""


import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import clocked_server, wait_for
from pages import make_profile, prepare, Person

# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan, as in test_menus.py.
NOW = 1_794_886_200


def press(driver, *keys):
    ActionChains(driver).send_keys(*keys).perform()


def focused(driver):
    """The focused element, described: its tag, id, accessible text and whether its focus can be seen."""
    return driver.execute_script("""
        const e = document.activeElement;
        const style = getComputedStyle(e);
        return {tag: e.tagName.toLowerCase(), id: e.id, href: e.getAttribute('href') || '',
                name: (e.getAttribute('aria-label') || (e.labels && e.labels[0] ? e.labels[0].innerText : '')
                       || e.innerText || e.value || '').trim(),
                value: e.getAttribute('value') || '', visibleFocus: style.outlineStyle !== 'none'
                  && parseFloat(style.outlineWidth) >= 2, inView: (() => { const r = e.getBoundingClientRect();
                  return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; })()};""")


def tab_to(driver, wanted, limit=80, backwards=False):
    """Presses Tab (or Shift+Tab) until `wanted(focused element)` holds, checking on the way that every stop shows
    its focus and is on the screen; returns the stops passed."""
    stops = []
    for _ in range(limit):
        if backwards:
            press(driver, Keys.SHIFT, Keys.TAB, Keys.SHIFT)
        else:
            press(driver, Keys.TAB)
        here = focused(driver)
        if here["tag"] == "body":
            stops.append(here)
            continue
        assert here["visibleFocus"], f"no visible focus on {here}"
        assert here["inView"], f"focused but off screen: {here}"
        stops.append(here)
        if wanted(here):
            return stops
    raise AssertionError(f"never reached the element; passed {[s['name'] or s['id'] for s in stops]}")


def announced(driver):
    return driver.find_element(By.ID, "announcer").get_attribute("textContent")


@pytest.fixture
def lunchtime_server(tmp_path):
    # A campus deployment: `/` opens PNU Busan's board.
    with clocked_server(tmp_path, NOW, ["--onboarding-interval-ms", "500", "--default-area", "pnu-busan"]) as instance:
        yield instance


def test_first_visit_to_settings_by_keyboard_alone(lunchtime_server, browser):
    server = lunchtime_server
    driver = browser()
    driver.get(server.url("/"))

    # The first Tab shows the skip link; it takes the focus to the content, past the header.
    press(driver, Keys.TAB)
    skip = focused(driver)
    assert skip["name"] == "Skip to content" and skip["inView"] and skip["visibleFocus"]
    press(driver, Keys.ENTER)
    assert focused(driver)["id"] == "content"
    # The tour: its close button, then Start.
    assert tab_to(driver, lambda e: e["tag"] == "button")[-1]["name"] == "Close"
    assert tab_to(driver, lambda e: e["tag"] == "button")[-1]["name"] == "Start"
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: "/areas/" in d.current_url)

    # The campus opens on its menu board: the tabs, the location button, the days, the price chooser, the filter,
    # then the cards, in reading order.
    press(driver, Keys.TAB)
    press(driver, Keys.ENTER)
    assert focused(driver)["id"] == "content"
    stops = tab_to(driver, lambda e: e["href"] == "/places/pnu-busan-geumjeong-hall")
    names = [stop["name"] for stop in stops]
    assert names.index("List") < names.index("Use my location") < names.index("Next day") < names.index("Student")
    assert names.index("Student") < next(i for i, name in enumerate(names) if name.startswith("Filter dishes"))
    assert stops[-1]["name"].startswith("Geumjeong Hall")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: d.current_url.endswith("/places/pnu-busan-geumjeong-hall"))

    # The place: to check in, a profile first; the form sends the person back here.
    assert tab_to(driver, lambda e: e["name"] == "Make your profile")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: "/profile" in d.current_url)
    tab_to(driver, lambda e: e["id"] == "firstName")
    press(driver, "Grace", Keys.TAB, "Hopper")
    assert focused(driver)["id"] == "lastName"
    tab_to(driver, lambda e: e["tag"] == "button" and e["name"] == "Save profile")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: d.current_url.endswith("/places/pnu-busan-geumjeong-hall?checked=profile"))
    # Back at the place the focus is on the line that says the profile is saved, just before the button.
    wait_for(driver, lambda d: focused(d)["id"] == "check-in-status")
    tab_to(driver, lambda e: e["name"] == "Check in here")
    press(driver, Keys.ENTER)
    # Checked in: the focus is on the line that says so, and the next stop is the way out.
    wait_for(driver, lambda d: "checked=in" in d.current_url)
    wait_for(driver, lambda d: focused(d)["id"] == "check-in-status")
    assert focused(driver)["name"].startswith("You're checked in here until")
    assert tab_to(driver, lambda e: e["tag"] == "button")[-1]["name"] == "Check out"

    # The profile: a mistake is summarised at the top with a link to the field, and what was typed stays.
    driver.get(server.url("/profile"))
    tab_to(driver, lambda e: e["id"] == "firstName")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    press(driver, Keys.DELETE, Keys.TAB, Keys.TAB, "Ada", Keys.ENTER)
    wait_for(driver, lambda d: focused(d)["name"].startswith("Some fields need a look"))
    assert driver.find_element(By.ID, "company").get_attribute("value") == "Ada"
    # The refused form is answered 422, which Chromium logs as an error: that one is expected (reading clears it).
    assert all("status of 422" in entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE")
    first = driver.find_element(By.ID, "firstName")
    assert first.get_attribute("aria-invalid") == "true"
    assert first.get_attribute("aria-describedby") == "firstName-problem"
    assert tab_to(driver, lambda e: e["tag"] == "a")[-1]["name"].startswith("First name is required")
    press(driver, Keys.ENTER)
    assert focused(driver)["id"] == "firstName"
    press(driver, "Grace", Keys.ENTER)
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    tab_to(driver, lambda e: e["name"] == "Check out")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: focused(d)["id"] == "check-in-status")
    assert focused(driver)["name"].startswith("You've checked out.")

    # The settings, from the header's gear: a choice by arrow keys, saved with Enter.
    tab_to(driver, lambda e: e["name"] == "Settings", backwards=True)
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: d.current_url.endswith("/settings"))
    tab_to(driver, lambda e: e["value"] == "basic")
    press(driver, Keys.ARROW_RIGHT)
    assert focused(driver)["value"] == "slides"
    tab_to(driver, lambda e: e["name"] == "Save")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    assert driver.find_element(By.CSS_SELECTOR, "input[value=slides]").is_selected()


def test_no_keyboard_trap_on_any_main_page(lunchtime_server, browser):
    """Tab goes through every page and out of it (back to the browser's own stops) without getting stuck."""
    driver = browser()
    prepare(driver, lunchtime_server, Person(check_in="pnu-busan-geumjeong-hall"))
    for path in ["/areas/pnu-busan", "/places/pnu-busan-geumjeong-hall", "/profile", "/settings", "/onboarding"]:
        driver.get(lunchtime_server.url(path))
        count = len(driver.find_elements(By.CSS_SELECTOR, "a[href], button, input, select, textarea, summary"))
        seen = set()
        for _ in range(count + 10):
            press(driver, Keys.TAB)
            here = focused(driver)
            if here["tag"] == "body" and seen:
                break
            seen.add((here["tag"], here["id"], here["href"], here["name"]))
        else:
            raise AssertionError(f"{path}: Tab never left the page after {len(seen)} stops")


def test_the_tours_slides_turn_with_arrow_keys_and_are_announced(lunchtime_server, browser):
    driver = browser()
    prepare(driver, lunchtime_server, Person(style="slides", seen=False))
    driver.get(lunchtime_server.url("/onboarding"))
    tab_to(driver, lambda e: e["name"] == "Page 1 of 3")
    press(driver, Keys.ARROW_RIGHT)
    assert focused(driver)["name"] == "Page 2 of 3"
    wait_for(driver, lambda d: announced(d).startswith("Page 2 of 3: "))
    press(driver, Keys.ARROW_RIGHT)
    assert driver.find_element(By.CSS_SELECTOR, "[data-slide='2']").is_displayed()
    press(driver, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert focused(driver)["name"] == "Page 1 of 3"
    # Next is pressed until it goes away on the last page: the focus moves on to Start, not to nowhere.
    tab_to(driver, lambda e: e["name"] == "Next")
    press(driver, Keys.ENTER, Keys.ENTER)
    assert focused(driver)["name"] == "Start"


def test_the_stories_pause_for_the_keyboard_and_by_their_button(server, browser):
    driver = browser()
    prepare(driver, server, Person(style="progress", seen=False))
    driver.get(server.url("/onboarding?clock=manual"))
    tick = lambda ms: driver.execute_script(f"window.grubmapOnboarding.tick({ms})")
    page = lambda: driver.execute_script("return window.grubmapOnboarding.page")
    pause = driver.find_element(By.CSS_SELECTOR, "[data-action=pause]")
    assert pause.get_attribute("aria-label") == "Pause the tour"
    # While the keyboard is in the tour, it holds still; the button says it would play.
    tab_to(driver, lambda e: e["tag"] == "button" and "tour" in e["name"])
    assert pause.get_attribute("aria-label") == "Play the tour"
    tick(10_000)
    assert page() == 0
    press(driver, Keys.ENTER)  # play, even with the focus here
    assert pause.get_attribute("aria-label") == "Pause the tour"
    tick(500)
    assert page() == 1
    assert announced(driver) == ""  # pages the timer turns are not read out
    press(driver, Keys.ENTER)  # pause again
    tick(10_000)
    assert page() == 1


def test_the_menus_days_are_one_tab_stop_with_arrow_keys(lunchtime_server, browser):
    driver = browser()
    driver.get(lunchtime_server.url("/places/pnu-busan-geumjeong-hall"))
    days = driver.find_elements(By.CSS_SELECTOR, "#menu .days a")
    assert [d.get_attribute("tabindex") for d in days].count("0") == 1
    tab_to(driver, lambda e: "Today" in e["name"])
    assert focused(driver)["name"] == "Tuesday, November 17, Today"
    press(driver, Keys.ARROW_RIGHT)
    assert focused(driver)["name"] == "Wednesday, November 18"
    press(driver, Keys.END)
    assert focused(driver)["name"] == "Saturday, November 21"
    press(driver, Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: "date=2026-11-18" in d.current_url)
    # The chosen day keeps the focus after the menu is swapped, and Tab leaves the days in one step.
    wait_for(driver, lambda d: focused(d)["name"] == "Wednesday, November 18")
    press(driver, Keys.TAB)
    assert "day" not in driver.execute_script("return document.activeElement.className")


def test_bookmarks_and_positions_are_announced(server, browser):
    driver = browser()
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride",
                           {"latitude": 35.2335, "longitude": 129.0800, "accuracy": 20})
    prepare(driver, server, Person(area="pnu-busan", seen=False))
    driver.get(server.url("/areas/pnu-busan"))
    tab_to(driver, lambda e: e["name"] == "Use my location")
    press(driver, Keys.ENTER)
    # The page reloads in distance order; the focus is back on the button and the new order is said.
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".distance"))
    wait_for(driver, lambda d: focused(d)["name"] == "Update my location")
    wait_for(driver, lambda d: announced(d) == "Found your position: places are listed nearest first.")
    pin = driver.find_elements(By.CSS_SELECTOR, "a.pin")[0].get_attribute("aria-label")
    # "Jinri Hall, nobody checked in, 580 m, 9 min walk": the distance, then the minutes over the campus's streets.
    assert re.search(r", \d+ m, \d+ min walk$", pin) and "checked in" in pin
    tab_to(driver, lambda e: e["name"] == "Bookmark Geumjeong Hall")
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: announced(d) == "Geumjeong Hall is bookmarked.")
    assert focused(driver)["name"] == "Bookmark Geumjeong Hall"
    press(driver, Keys.ENTER)
    wait_for(driver, lambda d: announced(d) == "Geumjeong Hall is no longer bookmarked.")


def test_korean_names_are_marked_in_english_pages_and_english_ones_in_korean(server, browser):
    english = browser()
    prepare(english, server, Person(area="pnu-busan"))
    english.get(server.url("/areas/pnu-busan"))
    for element in english.find_elements(By.CSS_SELECTOR, ".place-alt, .subtitle"):
        assert element.get_attribute("lang") == "ko", element.text
    english.get(server.url("/places/pnu-busan-geumjeong-hall"))
    address = english.find_element(By.XPATH, "//dt[.='Address']/following-sibling::dd[1]")
    assert address.get_attribute("lang") == "ko"
    english.get(server.url("/settings"))
    assert english.find_element(By.XPATH, "//span[.='한국어']").get_attribute("lang") == "ko"

    korean = browser(language="ko")
    korean.get(server.url("/places/original-joes"))
    assert korean.find_element(By.TAG_NAME, "h1").get_attribute("lang") == "en"
    assert korean.find_element(By.CSS_SELECTOR, ".description").get_attribute("lang") == "en"
