"""Onboarding: shown first, once, in three styles; ended by Start, Skip or X; shown again for a new version."""

import json
import shutil
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from conftest import ROOT, GrubmapServer, wait_for

CONTENT = ROOT / "Sources" / "GrubmapWeb" / "Resources" / "Onboarding"


def onboarding(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "[data-onboarding]")
    return found[0] if found else None


def set_style(driver, server, style):
    """Picks an onboarding style on the settings page, as a person would."""
    driver.get(server.url("/settings"))
    driver.find_element(By.CSS_SELECTOR, f'input[name=onboardingStyle][value="{style}"]').click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)


def visible_slide(driver):
    slides = driver.find_elements(By.CSS_SELECTOR, "[data-slide]")
    shown = [int(s.get_attribute("data-slide")) for s in slides if s.is_displayed()]
    assert len(shown) == 1, shown
    return shown[0]


def test_first_visit_shows_onboarding_and_start_ends_it_for_good(server, browser):
    driver = browser()
    driver.get(server.url("/"))
    assert onboarding(driver) is not None
    assert driver.title.startswith("Welcome to Grubmap")
    assert driver.find_element(By.CSS_SELECTOR, "[data-style]").get_attribute("data-style") == "basic"
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)
    driver.get(server.url("/"))
    assert "/areas" in driver.current_url and onboarding(driver) is None
    # Still ended after the server restarts.
    server.stop()
    server.start()
    driver.get(server.url("/"))
    assert "/areas" in driver.current_url and onboarding(driver) is None


def test_close_button_ends_the_basic_sheet(server, browser):
    driver = browser()
    driver.get(server.url("/"))
    close = driver.find_element(By.CSS_SELECTOR, "button[value=closed]")
    assert close.get_attribute("aria-label") == "Close"
    close.click()
    wait_for(driver, lambda d: "/areas" in d.current_url)
    driver.refresh()
    driver.get(server.url("/"))
    assert onboarding(driver) is None


def test_a_fresh_browser_profile_sees_onboarding(server, browser):
    first = browser()
    first.get(server.url("/"))
    first.find_element(By.CSS_SELECTOR, "button[value=skipped], button[value=started]").click()
    wait_for(first, lambda d: "/areas" in d.current_url)
    second = browser()
    second.get(server.url("/"))
    assert onboarding(second) is not None


def test_slides_step_swipe_and_skip(server, browser):
    driver = browser()
    driver.get(server.url("/settings"))
    set_style(driver, server, "slides")
    driver.get(server.url("/onboarding"))
    assert visible_slide(driver) == 0
    dots = driver.find_elements(By.CSS_SELECTOR, "[data-go]")
    assert len(dots) == 3 and dots[0].get_attribute("aria-current") == "step"
    assert not driver.find_element(By.CSS_SELECTOR, "[data-action=back]").is_displayed()
    driver.find_element(By.CSS_SELECTOR, "[data-action=next]").click()
    assert visible_slide(driver) == 1
    assert dots[1].get_attribute("aria-current") == "step"
    driver.find_element(By.CSS_SELECTOR, "[data-action=back]").click()
    assert visible_slide(driver) == 0
    # A swipe to the left turns the page.
    sheet = driver.find_element(By.CSS_SELECTOR, ".sheet")
    ActionChains(driver).move_to_element(sheet).click_and_hold().move_by_offset(-120, 0).release().perform()
    assert visible_slide(driver) == 1
    dots[2].click()
    assert visible_slide(driver) == 2
    assert driver.find_element(By.CSS_SELECTOR, "[data-action=start]").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-action=next]").is_displayed()
    # Skip is on every page.
    skip = driver.find_element(By.CSS_SELECTOR, "button[value=skipped]")
    assert skip.is_displayed()
    skip.click()
    wait_for(driver, lambda d: "/areas" in d.current_url)
    driver.get(server.url("/"))
    assert onboarding(driver) is None


def test_progress_advances_by_itself_and_finishes_after_the_last_page(server, browser):
    driver = browser()
    set_style(driver, server, "progress")
    driver.get(server.url("/settings"))
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings/onboarding'] button").click()
    wait_for(driver, lambda d: onboarding(d) is not None)
    # The server was started with a 500 ms interval: the pages move on and the tour ends by itself. (What each bar
    # shows on the way is checked on a manual clock below: a busy machine may pass a page between two looks.)
    wait_for(driver, lambda d: d.execute_script(
        "const tour = document.querySelector('[data-onboarding]'); return !tour || tour.dataset.page !== '0'"))
    wait_for(driver, lambda d: "/areas" in d.current_url)
    driver.get(server.url("/"))
    assert onboarding(driver) is None


def test_progress_pauses_while_hovered_with_a_manual_clock(server, browser):
    driver = browser()
    set_style(driver, server, "progress")
    driver.get(server.url("/onboarding?clock=manual"))
    tick = lambda ms: driver.execute_script(f"window.grubmapOnboarding.tick({ms})")
    page = lambda: driver.execute_script("return window.grubmapOnboarding.page")
    bars = lambda: [b.get_attribute("data-state") for b in driver.find_elements(By.CSS_SELECTOR, "[data-bar]")]
    assert bars() == ["filling", "waiting", "waiting"]
    tick(499)
    assert page() == 0
    tick(1)
    assert page() == 1
    assert bars() == ["done", "filling", "waiting"]
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".sheet")).perform()
    wait_for(driver, lambda d: d.execute_script("return window.grubmapOnboarding.paused"))
    tick(10_000)
    assert page() == 1
    ActionChains(driver).move_by_offset(0, 0).move_to_element_with_offset(
        driver.find_element(By.TAG_NAME, "body"), 1, 1).perform()
    driver.execute_script("document.querySelector('.sheet').dispatchEvent(new MouseEvent('mouseleave'))")
    assert not driver.execute_script("return window.grubmapOnboarding.paused")
    tick(500)
    assert page() == 2
    # Skip is always there in the progress style.
    assert driver.find_element(By.CSS_SELECTOR, "button[value=skipped]").is_displayed()


def test_progress_holds_still_under_reduced_motion(server, browser):
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    set_style(driver, server, "progress")
    driver.get(server.url("/onboarding?clock=manual"))
    assert driver.execute_script("return window.grubmapOnboarding.paused")
    driver.execute_script("window.grubmapOnboarding.tick(60000)")
    assert driver.execute_script("return window.grubmapOnboarding.page") == 0
    driver.find_element(By.CSS_SELECTOR, "[data-action=next]").click()
    assert visible_slide(driver) == 1


def test_without_javascript_slides_fall_back_to_pages_with_links(server, browser):
    driver = browser()
    set_style(driver, server, "slides")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.url("/onboarding"))
    assert visible_slide(driver) == 0
    driver.find_element(By.CSS_SELECTOR, "[data-action=next]").click()
    wait_for(driver, lambda d: "page=1" in d.current_url)
    assert visible_slide(driver) == 1
    driver.find_element(By.CSS_SELECTOR, "[data-action=next]").click()
    wait_for(driver, lambda d: "page=2" in d.current_url)
    driver.find_element(By.CSS_SELECTOR, "[data-action=start]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)


def test_a_new_content_version_is_shown_again_as_whats_new(server, browser, tmp_path):
    driver = browser()
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)

    bumped = tmp_path / "onboarding"
    shutil.copytree(CONTENT, bumped)
    for name in ("en.json", "ko.json"):
        content = json.loads((bumped / name).read_text())
        content["version"] = 2
        (bumped / name).write_text(json.dumps(content, ensure_ascii=False))
    server.stop()
    server.start(server.extra_args + ["--onboarding", str(bumped)])
    driver.get(server.url("/"))
    assert onboarding(driver) is not None
    assert driver.find_element(By.TAG_NAME, "h1").text == "What's new in Grubmap"
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas" in d.current_url)
    driver.get(server.url("/"))
    assert onboarding(driver) is None
    # Someone new still gets the plain welcome.
    newcomer = browser()
    newcomer.get(server.url("/"))
    assert newcomer.find_element(By.TAG_NAME, "h1").text == "Welcome to Grubmap"


def test_korean_interface(server, browser):
    driver = browser(language="ko")
    driver.get(server.url("/"))
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert driver.find_element(By.TAG_NAME, "h1").text == "Grubmap에 오신 걸 환영해요"
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: "/areas?locate=1" in d.current_url)
    # Nothing says which area: the chooser, in Korean, and the campus's card opens its board.
    assert driver.find_element(By.TAG_NAME, "h1").text == "어디에서 식사하시나요?"
    driver.find_element(By.CSS_SELECTOR, ".area-choice[data-area=pnu-busan]").click()
    wait_for(driver, lambda d: "/areas/pnu-busan/menus" in d.current_url)
    assert driver.find_element(By.CSS_SELECTOR, ".area-tabs a[aria-current=page]").text == "식단"
    driver.get(server.url("/areas/pnu-busan"))
    assert "이름순" in driver.page_source
    driver.get(server.url("/settings"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "설정"


def test_language_setting_overrides_the_browser(server, browser):
    driver = browser(language="en")
    driver.get(server.url("/settings"))
    driver.find_element(By.CSS_SELECTOR, "input[name=language][value=ko]").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == "설정"
    assert "설정을 저장했어요." in driver.page_source
