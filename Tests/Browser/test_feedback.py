"""What a change says, in a real browser at 390x844 (and 1280x800, where the toast sits on a wider page), in English
and Korean: a bookmark, a saved profile and saved settings confirm on screen and to screen readers (the polite live
region #announcer), with the page script and without it (after the form's redirect); and a change tried without a
network (a star, a check-in, a profile, settings) says so where it was tried, the page staying as it was: offline as
DevTools' "Offline" makes it (the script stops the form), and with the server stopped while the browser thinks it is
online (the service worker answers the form for it)."""

import pytest
from selenium.webdriver.common.by import By

from conftest import settled, stream_reconnecting, wait_for
from test_bookmarks import press, skip_onboarding
from test_offline import offline, ready

PLACE = "pnu-busan-geumjeong-hall"

TEXT = {
    "en": {
        "added": "Geumjeong Hall is bookmarked.",
        "removed": "Geumjeong Hall is no longer bookmarked.",
        "profile": "Your profile is saved.",
        "profile_then_check_in": "Your profile is saved. You can check in now.",
        "settings": "Your settings are saved.",
        "offline_bookmark": "You're offline, so the bookmark wasn't saved. Try again when you're back online.",
        "offline_check_in": "You're offline, so your check-in didn't change. Try again when you're back online.",
        "offline_change": "You're offline, so nothing was saved. Try again when you're back online.",
    },
    "ko": {
        "added": "금정회관을 즐겨찾기에 추가했어요.",
        "removed": "금정회관을 즐겨찾기에서 뺐어요.",
        "profile": "프로필을 저장했어요.",
        "profile_then_check_in": "프로필을 저장했어요. 이제 체크인할 수 있어요.",
        "settings": "설정을 저장했어요.",
        "offline_bookmark": "오프라인이라 즐겨찾기를 저장하지 못했어요. 다시 연결되면 해 주세요.",
        "offline_check_in": "오프라인이라 체크인을 바꾸지 못했어요. 다시 연결되면 해 주세요.",
        "offline_change": "오프라인이라 저장하지 못했어요. 다시 연결되면 해 주세요.",
    },
}


def announced(driver):
    return driver.find_element(By.ID, "announcer").get_attribute("textContent")


def on_screen(driver, element):
    """Whether `element` is shown and wholly inside the viewport."""
    return element.is_displayed() and driver.execute_script("""
        const box = arguments[0].getBoundingClientRect();
        return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth && box.height > 0;
    """, element)


def toast(driver):
    return driver.find_element(By.ID, "toast")


def fill_profile(driver, first, last):
    driver.find_element(By.ID, "firstName").clear()
    driver.find_element(By.ID, "firstName").send_keys(first)
    driver.find_element(By.ID, "lastName").clear()
    driver.find_element(By.ID, "lastName").send_keys(last)


def submit(driver, selector):
    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def choose(driver, id):
    """Picks a choice of a group as a person does: by its label."""
    label = driver.find_element(By.ID, id).find_element(By.XPATH, "./ancestor::label")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
    label.click()


def refused_under(driver, form_selector):
    """The line under a form that says its change was not made, once it is there."""
    return wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, f"{form_selector} > .change-refused")))


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_bookmark_confirms_on_screen_and_to_screen_readers(server, browser, language, size):
    text = TEXT[language]
    driver = browser(language=language, width=size[0], height=size[1])
    skip_onboarding(driver, server)
    driver.get(server.url("/areas/pnu-busan"))
    press(driver, PLACE)
    wait_for(driver, lambda d: announced(d) == text["added"])
    assert on_screen(driver, toast(driver)) and toast(driver).text == text["added"]
    # The toast is for eyes: screen readers hear the live region, once.
    assert toast(driver).get_attribute("aria-hidden") == "true"
    assert driver.current_url.endswith("/areas/pnu-busan")
    press(driver, PLACE)
    wait_for(driver, lambda d: announced(d) == text["removed"])
    assert on_screen(driver, toast(driver)) and toast(driver).text == text["removed"]

    # Without the script the star's post comes back to the same list, which says what it did.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.url("/areas/pnu-busan/menus"))
    press(driver, PLACE)
    flash = wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, ".toast[data-flash]")))
    assert flash.text == text["added"] and flash.get_attribute("role") == "status" and on_screen(driver, flash)
    assert driver.current_url.endswith(f"/areas/pnu-busan/menus?bookmarked={PLACE}")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_saved_profile_and_settings_confirm_with_and_without_the_script(server, browser, language):
    text = TEXT[language]
    driver = browser(language=language)
    skip_onboarding(driver, server)
    # Checking in without a profile leads to making one, and back at the place the page says it is saved, where
    # the focus lands (a screen reader reads it), next to the button that checks in.
    driver.get(server.url(f"/places/{PLACE}"))
    submit(driver, ".check-in-actions a.button")
    fill_profile(driver, "Ada", "Lovelace")
    submit(driver, ".profile-form button[type=submit]")
    wait_for(driver, lambda d: "checked=profile" in d.current_url)
    status = driver.find_element(By.ID, "check-in-status")
    assert status.text == text["profile_then_check_in"] and on_screen(driver, status)
    wait_for(driver, lambda d: d.execute_script("return document.activeElement.id") == "check-in-status")

    driver.get(server.url("/profile"))
    fill_profile(driver, "Ada", "King")
    submit(driver, ".profile-form button[type=submit]")
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    notice = driver.find_element(By.CSS_SELECTOR, "[data-flash]")
    assert notice.text == text["profile"] and on_screen(driver, notice)
    wait_for(driver, lambda d: announced(d) == text["profile"])

    driver.get(server.url("/settings"))
    choose(driver, "units-mi")
    submit(driver, "#settings-form button[type=submit]")
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    notice = driver.find_element(By.CSS_SELECTOR, "[data-flash]")
    assert notice.text == text["settings"] and on_screen(driver, notice)
    wait_for(driver, lambda d: announced(d) == text["settings"])

    # Without the script: the same notices, on the page the redirect opens.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.url("/settings"))
    submit(driver, "#settings-form button[type=submit]")
    wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, "[data-flash]").text == text["settings"]))
    driver.get(server.url("/profile"))
    submit(driver, ".profile-form button[type=submit]")
    wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, "[data-flash]").text == text["profile"]))


@pytest.mark.parametrize("language", ["en", "ko"])
def test_changes_tried_offline_say_so_where_they_were_tried(server, browser, language):
    text = TEXT[language]
    driver = browser(language=language)
    skip_onboarding(driver, server)
    driver.get(server.url("/profile"))
    fill_profile(driver, "Ada", "Lovelace")
    submit(driver, ".profile-form button[type=submit]")
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    board = server.url("/areas/pnu-busan/menus")
    driver.get(board)
    ready(driver)

    # A star on the board, offline: the board stays (it used to leave for a dead end), the star as it was.
    offline(driver)
    star = driver.find_element(By.CSS_SELECTOR, f'.bookmark-button[data-place="{PLACE}"]')
    press(driver, PLACE)
    wait_for(driver, lambda d: announced(d) == text["offline_bookmark"])
    assert on_screen(driver, toast(driver)) and toast(driver).text == text["offline_bookmark"]
    assert driver.current_url == board and star.get_attribute("aria-pressed") == "false"

    # A check-in, offline: said under its button.
    offline(driver, on=False)
    place = server.url(f"/places/{PLACE}")
    driver.get(place)
    offline(driver)
    submit(driver, f"form[action='/places/{PLACE}/checkin'] button")
    line = refused_under(driver, f"form[action='/places/{PLACE}/checkin']")
    assert line.text == text["offline_check_in"] and line.is_displayed()
    wait_for(driver, lambda d: announced(d) == text["offline_check_in"])
    assert driver.current_url == place

    # The profile, offline: what was typed stays, with the line under the form.
    offline(driver, on=False)
    driver.get(server.url("/profile"))
    offline(driver)
    fill_profile(driver, "Grace", "Hopper")
    submit(driver, ".profile-form button[type=submit]")
    line = refused_under(driver, ".profile-form")
    assert line.text == text["offline_change"]
    assert driver.find_element(By.ID, "firstName").get_attribute("value") == "Grace"
    assert driver.current_url == server.url("/profile")

    # Settings, offline.
    offline(driver, on=False)
    driver.get(server.url("/settings"))
    offline(driver)
    choose(driver, "units-mi")
    submit(driver, "#settings-form button[type=submit]")
    assert refused_under(driver, "#settings-form").text == text["offline_change"]
    assert driver.find_element(By.ID, "units-mi").is_selected()

    # Back online nothing happened: no check-in, the profile and units as they were.
    offline(driver, on=False)
    me = driver.execute_script("return fetch('/api/v1/me/profile').then((r) => r.json())")
    assert (me["firstName"], me["lastName"]) == ("Ada", "Lovelace")
    preferences = driver.execute_script("return fetch('/api/v1/me/preferences').then((r) => r.json())")
    assert preferences["units"] == "km" and preferences["bookmarks"] == []

    # The server gone while the browser thinks it is online: the form's post fails on the way, and the service
    # worker answers it so that the page stays and says so; a star's fetch fails the same way.
    driver.get(place)
    server.stop()
    submit(driver, f"form[action='/places/{PLACE}/checkin'] button")
    line = refused_under(driver, f"form[action='/places/{PLACE}/checkin']")
    assert line.text == text["offline_check_in"] and driver.current_url == place
    press(driver, PLACE)
    wait_for(driver, lambda d: toast(d).text == text["offline_bookmark"])
    # Chromium logs the star's refused fetch (a 503 from the worker) and the live stream's tries to reconnect to the
    # stopped server; nothing else went wrong.
    logged = [entry for entry in driver.get_log("browser") if not stream_reconnecting(entry)]
    assert all("/bookmark" in entry["message"] and " 503 " in entry["message"] for entry in logged), logged
