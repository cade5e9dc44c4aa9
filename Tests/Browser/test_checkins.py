"""Profiles and check-ins in a real browser: make a profile, check in, be seen by others, move, check out,
and expire (by moving the server's test clock, never by waiting)."""

import json
import re

from selenium.webdriver.common.by import By

from conftest import ROOT, GrubmapServer, wait_for

import pytest


@pytest.fixture
def clocked_server(tmp_path):
    clock = tmp_path / "clock"
    clock.write_text("0")
    instance = GrubmapServer(tmp_path, ["--test-clock-file", str(clock)]).start()
    instance.clock = clock
    yield instance
    instance.stop()


def skip_onboarding(driver, server):
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)


def make_profile(driver, server, first, last):
    driver.get(server.url("/profile"))
    driver.find_element(By.ID, "firstName").send_keys(first)
    driver.find_element(By.ID, "lastName").send_keys(last)
    bio = driver.find_element(By.ID, "bio")
    bio.send_keys("Here for the tacos.")
    assert driver.find_element(By.ID, "bio-left").text == "81 characters left"
    driver.find_element(By.CSS_SELECTOR, ".profile-form button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)


def pin_label(driver, server, place_name):
    # Close in on the place: at the whole area's zoom its pin may share a cluster with its neighbours.
    places = json.loads((ROOT / "Sources/GrubmapImport/Resources/Demo/san-jose-convention-center.json").read_text())
    place = next(p for p in places["places"] if p["name"]["en"] == place_name)
    center = f'{place["coordinate"]["latitude"]},{place["coordinate"]["longitude"]}'
    driver.get(server.url(f"/areas/san-jose-convention-center?view=map&zoom=19&center={center}"))
    # On a phone the script redraws the map at the screen's shape: read the pins once it has.
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]"))
    labels = driver.execute_script("return [...document.querySelectorAll('a.pin')].map((pin) => pin.ariaLabel)")
    for label in labels:
        if label.startswith(place_name + ","):
            return label
    raise AssertionError(f"no pin for {place_name}")


def check_in(driver, server, place_id):
    driver.get(server.url(f"/places/{place_id}"))
    driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{place_id}/checkin'] button").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))


def test_profile_check_in_seen_by_another_browser_moved_and_ended(clocked_server, browser):
    server = clocked_server
    ada = browser()
    skip_onboarding(ada, server)
    make_profile(ada, server, "Ada", "Lovelace")
    check_in(ada, server, "original-joes")
    assert "Ada Lovelace" in ada.find_element(By.CSS_SELECTOR, ".whos-here").text
    # The pin says who is there, then (from the venue's sample hours) whether it is open.
    assert pin_label(ada, server, "Original Joe's").startswith("Original Joe's, 1 person checked in")

    bob = browser()
    skip_onboarding(bob, server)
    bob.get(server.url("/places/original-joes"))
    assert "Ada Lovelace" in bob.find_element(By.CSS_SELECTOR, ".whos-here").text
    # The profile card opens on tap.
    bob.find_element(By.CSS_SELECTOR, ".person summary").click()
    assert "Here for the tacos." in bob.find_element(By.CSS_SELECTOR, ".person-card").text

    check_in(ada, server, "mezcal-restaurant")
    assert pin_label(bob, server, "Original Joe's").startswith("Original Joe's, nobody checked in")
    assert pin_label(bob, server, "Mezcal Restaurant").startswith("Mezcal Restaurant, 1 person checked in")

    ada.get(server.url("/profile"))
    ada.find_element(By.CSS_SELECTOR, "form[action='/checkout'] button").click()
    wait_for(ada, lambda d: not d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))
    assert pin_label(bob, server, "Mezcal Restaurant").startswith("Mezcal Restaurant, nobody checked in")


def test_an_expired_check_in_disappears(clocked_server, browser):
    server = clocked_server
    ada = browser()
    skip_onboarding(ada, server)
    make_profile(ada, server, "Ada", "Lovelace")
    check_in(ada, server, "philz-coffee-paseo")
    assert pin_label(ada, server, "Philz Coffee").startswith("Philz Coffee, 1 person checked in")
    server.clock.write_text(str(3 * 3600 + 1))
    assert pin_label(ada, server, "Philz Coffee").startswith("Philz Coffee, nobody checked in")
    ada.get(server.url("/places/philz-coffee-paseo"))
    assert "Ada Lovelace" not in ada.find_element(By.CSS_SELECTOR, ".whos-here").text


def test_map_and_list_switch_on_a_phone(server, browser):
    driver = browser(width=390, height=844)
    skip_onboarding(driver, server)
    driver.get(server.url("/areas/san-jose-convention-center"))
    assert driver.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, ".map-pane").is_displayed()
    # The area has menus, so its tabs switch between map and list (in place, with the script).
    driver.find_element(By.CSS_SELECTOR, ".area-tabs a[data-tab=map]").click()
    assert driver.find_element(By.CSS_SELECTOR, ".map-pane").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
    wide = browser(width=1280, height=800)
    skip_onboarding(wide, server)
    wide.get(server.url("/areas/san-jose-convention-center"))
    assert wide.find_element(By.CSS_SELECTOR, ".map-pane").is_displayed()
    assert wide.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
