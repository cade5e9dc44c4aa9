"""After onboarding the page asks for the position; each answer gets its own outcome."""

from selenium.webdriver.common.by import By

from conftest import wait_for

CONVENTION_CENTER = {"latitude": 37.331516, "longitude": -121.891054, "accuracy": 20}


def finish_onboarding(driver, server):
    driver.get(server.url("/settings"))
    driver.find_element(By.CSS_SELECTOR, "select[name=defaultArea] option[value=san-jose-convention-center]").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()


def grant(driver, server, position):
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", position)


def test_granted_position_shows_distances_nearest_first(server, browser):
    driver = browser()
    grant(driver, server, CONVENTION_CENTER)
    finish_onboarding(driver, server)
    wait_for(driver, lambda d: "/areas/san-jose-convention-center" in d.current_url
             and "locate" not in d.current_url and d.find_elements(By.CSS_SELECTOR, ".distance"))
    distances = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".distance")]
    assert len(distances) == 14 and all(d.endswith(" away") for d in distances)
    assert driver.find_element(By.CSS_SELECTOR, ".segmented a[aria-current=true]").text == "By distance"
    # The position stays for later pages.
    driver.get(server.url("/areas/san-jose-convention-center"))
    assert driver.find_elements(By.CSS_SELECTOR, ".distance")


def test_denied_position_explains_what_to_do_and_the_app_keeps_working(server, browser):
    driver = browser()
    driver.execute_cdp_cmd("Browser.setPermission", {"origin": server.base, "permission": {"name": "geolocation"},
                                                     "setting": "denied"})
    finish_onboarding(driver, server)
    message = wait_for(driver, lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, "[data-location-problem]")
                                                if e.is_displayed()), None))
    assert message.get_attribute("data-location-problem") == "denied"
    assert "allow location" in message.text
    assert not driver.find_elements(By.CSS_SELECTOR, ".distance")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".places li")) == 14
    # The button is there to try again.
    assert driver.find_element(By.CSS_SELECTOR, "[data-action=locate]").is_displayed()


def test_unavailable_position_has_its_own_message(server, browser):
    driver = browser()
    grant(driver, server, {})  # an override without coordinates: position unavailable
    finish_onboarding(driver, server)
    message = wait_for(driver, lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, "[data-location-problem]")
                                                if e.is_displayed()), None))
    assert message.get_attribute("data-location-problem") == "unavailable"
