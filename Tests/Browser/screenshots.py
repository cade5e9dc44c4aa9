"""Takes screenshots of Grubmap's pages at phone and desktop sizes, light and dark, English and Korean.

Usage: .venv/bin/python Tests/Browser/screenshots.py OUTPUT_FOLDER [NAME_FILTER]
Each shot is OUTPUT_FOLDER/<page>-<language>-<scheme>-<width>.png. Nothing here is a test: it is for people
to look at the pages (and for the images in docs/).
"""

import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import GrubmapServer, make_browser, wait_for

SIZES = [(390, 844), (1280, 800)]
POSITION = {"latitude": 37.3318, "longitude": -121.8863, "accuracy": 20}


def session_with(driver, server, style=None, seen=True, area="san-jose-convention-center", check_in=None):
    """Sets the person's preferences through the settings page, as a person would."""
    driver.get(server.url("/settings"))
    if style:
        driver.find_element(By.CSS_SELECTOR, f'input[name=onboardingStyle][value="{style}"]').click()
    driver.find_element(By.CSS_SELECTOR, f"select[name=defaultArea] option[value={area}]").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    if seen:
        driver.get(server.url("/onboarding"))
        driver.find_element(By.CSS_SELECTOR, "button[value=skipped], button[value=started]").click()
        wait_for(driver, lambda d: "/areas/" in d.current_url)
    if check_in:
        driver.get(server.url("/profile"))
        driver.find_element(By.ID, "firstName").send_keys("Grace")
        driver.find_element(By.ID, "lastName").send_keys("Hopper")
        driver.find_element(By.ID, "company").send_keys("Navy")
        driver.find_element(By.ID, "bio").send_keys("Compilers, COBOL, and a nanosecond of wire.")
        driver.find_element(By.CSS_SELECTOR, ".profile-form button[type=submit]").click()
        wait_for(driver, lambda d: "saved=1" in d.current_url)
        driver.get(server.url(f"/places/{check_in}"))
        driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{check_in}/checkin'] button").click()
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))


def shots(server, output, name_filter):
    pages = [
        ("onboarding-basic", {"style": "basic", "seen": False}, "/onboarding", None),
        ("onboarding-slides", {"style": "slides", "seen": False}, "/onboarding?page=1", None),
        ("onboarding-progress", {"style": "progress", "seen": False}, "/onboarding?page=1&clock=manual", None),
        ("area", {}, "/areas/san-jose-convention-center", None),
        ("area-located", {}, "/areas/san-jose-convention-center", POSITION),
        ("area-pnu", {}, "/areas/pnu-busan", None),
        ("area-denied", {}, "/areas/san-jose-convention-center?locate=1", None),
        ("area-checked-in", {"check_in": "original-joes"}, "/areas/san-jose-convention-center", None),
        ("area-map", {"check_in": "original-joes"}, "/areas/san-jose-convention-center#map", POSITION),
        ("place", {}, "/places/original-joes", None),
        ("place-checked-in", {"check_in": "original-joes"}, "/places/original-joes", None),
        ("profile", {"check_in": "mezcal-restaurant"}, "/profile", None),
        ("place-located", {}, "/places/original-joes", POSITION),
        ("place-pnu", {}, "/places/pnu-busan-geumjeong-hall", None),
        ("settings", {}, "/settings", None),
        ("not-found", {}, "/places/atlantis", None),
    ]
    for name, preferences, path, position in pages:
        if name_filter and name_filter not in name:
            continue
        for language in ("en", "ko"):
            for dark in (False, True):
                for width, height in SIZES:
                    driver = make_browser(language=language, width=width, height=height, dark=dark)
                    try:
                        if position:
                            driver.execute_cdp_cmd("Browser.grantPermissions",
                                                   {"origin": server.base, "permissions": ["geolocation"]})
                            driver.execute_cdp_cmd("Emulation.setGeolocationOverride", position)
                        session_with(driver, server, **preferences)
                        if position:
                            driver.get(server.url("/areas/san-jose-convention-center"))
                            driver.find_element(By.CSS_SELECTOR, "[data-action=locate]").click()
                            wait_for(driver, lambda d: d.get_cookie("grubmap_position") is not None)
                        driver.get(server.url(path))
                        if path.endswith("#map") and width < 600:
                            driver.find_element(By.CSS_SELECTOR, "label[for=view-map]").click()
                        if "locate=1" in path:
                            wait_for(driver, lambda d: any(e.is_displayed() for e in
                                                           d.find_elements(By.CSS_SELECTOR, "[data-location-problem]")))
                        scheme = "dark" if dark else "light"
                        driver.save_screenshot(str(output / f"{name}-{language}-{scheme}-{width}.png"))
                    finally:
                        driver.quit()


def main():
    output = Path(sys.argv[1])
    output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = GrubmapServer(folder, ["--onboarding-interval-ms", "3000"]).start()
        try:
            shots(server, output, sys.argv[2] if len(sys.argv) > 2 else None)
        finally:
            server.stop()
    print(f"screenshots in {output}")


if __name__ == "__main__":
    main()
