"""The place page's ride cards in a real browser: sharing the position, choosing a ride, and the errors."""

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By

from conftest import wait_for

PLACE = "/places/old-spaghetti-factory-san-jose"
CONVENTION_CENTER = {"latitude": 37.3318, "longitude": -121.8863, "accuracy": 20}


def prices(driver):
    return [e.text.replace("\n", "") for e in driver.find_elements(By.CSS_SELECTOR, ".ride-price")]


def test_sharing_the_position_prices_every_ride(server, browser):
    driver = browser()
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", CONVENTION_CENTER)
    driver.get(server.url(PLACE))
    assert prices(driver) == ["from $13.00", "from $18.00", "from $24.00"]
    button = driver.find_element(By.CSS_SELECTOR, ".share-location")
    assert button.is_displayed() and button.text == "Share my location"
    # Without a position, the script hides the no-JavaScript submit button and shows the share button.
    assert not driver.find_element(By.CSS_SELECTOR, ".ride-choose").is_displayed()
    button.click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".ride-summary"))
    assert prices(driver) == ["$14.13–$14.56", "$19.62–$20.26", "$25.50–$26.28"]
    assert "1.1 km by road" in driver.find_element(By.CSS_SELECTOR, ".rides-head .meta").text
    cookie = driver.get_cookie("grubmap_position")
    assert cookie and cookie["value"] == "37.331800%2C-121.886300"


def test_a_denied_position_says_what_to_do(server, browser):
    driver = browser(language="ko")  # location is denied unless granted
    driver.get(server.url(PLACE))
    driver.find_element(By.CSS_SELECTOR, ".share-location").click()
    status = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".ride-locate-status").text or None)
    assert status.startswith("위치 권한이 거부되었어요.")
    assert driver.find_element(By.CSS_SELECTOR, ".share-location").is_enabled()
    assert not driver.find_elements(By.CSS_SELECTOR, ".ride-summary")


def test_choosing_a_card_highlights_and_summarises_it_at_once(server, browser):
    driver = browser(width=390, height=844, dark=True)
    driver.get(server.url(PLACE + "?near=37.3318,-121.8863"))
    summary = driver.find_element(By.CSS_SELECTOR, ".ride-summary")
    assert summary.text == "Grubmap Go for up to 4: $14.13–$14.56"
    cards = driver.find_elements(By.CSS_SELECTOR, ".ride")
    assert len(cards) == 3
    # Side by side on a phone: one row, each card fully on screen.
    assert len({card.rect["y"] for card in cards}) == 1
    assert all(card.rect["x"] >= 0 and card.rect["x"] + card.rect["width"] <= 390 for card in cards)
    cards[1].click()
    wait_for(driver, lambda d: "Grubmap XL" in d.find_element(By.CSS_SELECTOR, ".ride-summary").text)
    assert summary.text == "Grubmap XL for up to 6: $19.62–$20.26"
    assert driver.find_element(By.CSS_SELECTOR, "#ride-xl").is_selected()
    assert "selected" in cards[1].get_attribute("class") and "selected" not in cards[0].get_attribute("class")
    assert parse_qs(urlparse(driver.current_url).query)["ride"] == ["xl"]
    # The address keeps the choice: a reload shows the same ride.
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "#ride-xl").is_selected()
