"""Takes screenshots of Grubmap's pages at phone and desktop sizes, light and dark, English and Korean.

Usage: .venv/bin/python Tests/Browser/screenshots.py OUTPUT_FOLDER [NAME_FILTER] [--zoom] [--forced-colors]
       [--at=EPOCH_SECONDS]
Each shot is OUTPUT_FOLDER/<page>-<language>-<scheme>-<width>.png; the installed app, as its standalone window
shows it and offline, is installed-app-<language>-<scheme>-390.png and offline-<language>-<scheme>-390.png. `--zoom` shows each size at 200% (half the CSS
pixels, twice the density: what a person who zooms in sees), `--forced-colors` as Windows' high-contrast themes
force it (named ...-zoom.png, ...-forced.png). Nothing here is a test: it is for people to look at the pages (and
for the images in docs/). `--at` sets the server's clock (`--test-clock-file`), so the boards show a chosen moment:
docs/menu-board.png is `board-ko-light-390.png` at `--at=1794886200` (Tuesday 17 November 2026, 12:30 in Busan).
"""

import sys
import tempfile
import time
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import GrubmapServer, make_browser, settled, wait_for
from pages import (CONSOLE, ON_BUSAN_CAMPUS, PAGES, Person, add_a_photo, add_a_photo_then_open_the_board, bookmark_a_place, emulate,
                   flag_a_comment, follow_a_dish,
                   follow_a_dish_and_open_the_calendar, open_a_dish, open_a_rating,
                   open_the_offline_copy, prepare, press_a_star_offline, rate_a_meal, save_the_profile_offline,
                   send_a_rating_without_stars, suggest_a_dish_name, suggest_a_new_dish_name, walk_there)
from test_offline import offline, ready

CONSOLE_PREFERENCES = {"check_in": CONSOLE.check_in, "operator": CONSOLE.operator}

SIZES = [(390, 844), (1280, 800)]
POSITION = {"latitude": 37.3318, "longitude": -121.8863, "accuracy": 20}


def session_with(driver, server, style="basic", seen=True, area="san-jose-convention-center", check_in=None,
                 operator=None):
    """Sets the person's preferences and check-in through the pages, as a person would, and signs an operator in."""
    prepare(driver, server, Person(style=style, area=area, seen=seen, check_in=check_in, operator=operator))


def choose_vegetarian(driver, server, width):
    """The board's dietary filter set to vegetarian, as a person does it on the board."""
    driver.get(driver.current_url.split("?")[0] + "?filter=open#filter")
    choice = driver.find_element(By.CSS_SELECTOR, ".diet-filter input[name=diet][value=vegetarian]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
    choice.click()
    driver.find_element(By.CSS_SELECTOR, ".diet-filter button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".filter-state.is-active")
             and not d.find_elements(By.CSS_SELECTOR, ".diet-filter form"))
    driver.execute_script("window.scrollTo(0, 0)")


def shots(server, output, name_filter, zoom=False, forced=False):
    pages = [
        ("board", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", None),
        ("board-vegetarian", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", choose_vegetarian),
        ("board-venue", {}, "/areas/san-jose-convention-center/menus", None),
        ("onboarding-basic", {"style": "basic", "seen": False}, "/onboarding", None),
        ("onboarding-slides", {"style": "slides", "seen": False}, "/onboarding?page=1", None),
        ("onboarding-progress", {"style": "progress", "seen": False}, "/onboarding?page=1&clock=manual", None),
        ("area", {}, "/areas/san-jose-convention-center", None),
        ("area-located", {}, "/areas/san-jose-convention-center", POSITION),
        ("area-pnu", {}, "/areas/pnu-busan", None),
        ("area-denied", {}, "/areas/san-jose-convention-center?locate=1", None),
        ("area-checked-in", {"check_in": "original-joes"}, "/areas/san-jose-convention-center", None),
        ("area-map", {"check_in": "original-joes"}, "/areas/san-jose-convention-center?view=map#map", POSITION),
        ("map-close", {}, "/areas/san-jose-convention-center?view=map&zoom=17&center=37.3318,-121.8890#map", None),
        ("map-pnu", {}, "/areas/pnu-busan?view=map#map", None),
        ("map-pnu-card", {}, "/areas/pnu-busan?view=map&zoom=17&place=pnu-busan-geumjeong-hall#map", None),
        ("map-miryang", {}, "/areas/pnu-miryang?view=map#map", None),
        ("map-yangsan", {}, "/areas/pnu-yangsan?view=map#map", None),
        ("place", {}, "/places/original-joes", None),
        ("place-checked-in", {"check_in": "original-joes"}, "/places/original-joes", None),
        ("profile", {"check_in": "mezcal-restaurant"}, "/profile", None),
        ("place-located", {}, "/places/original-joes", POSITION),
        ("place-pnu", {}, "/places/pnu-busan-geumjeong-hall", None),
        ("place-walk", {}, f"/places/pnu-busan-geumjeong-hall?near={ON_BUSAN_CAMPUS}", None),
        ("walk-route", {}, f"/places/pnu-busan-geumjeong-hall?near={ON_BUSAN_CAMPUS}", walk_there),
        ("area-by-walking", {}, f"/areas/pnu-busan?near={ON_BUSAN_CAMPUS}&sort=walking", None),
        ("dish", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", open_a_dish),
        ("rating", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall", open_a_rating),
        ("rating-problem", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall",
         send_a_rating_without_stars),
        ("rating-saved", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall", rate_a_meal),
        ("rating-dish-comments", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall",
         flag_a_comment),
        ("rating-photo", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall", add_a_photo),
        ("rating-board-photo", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall",
         add_a_photo_then_open_the_board),
        ("rating-place", {"check_in": "mezcal-restaurant"}, "/places/pnu-busan-geumjeong-hall#menu", None),
        ("rating-board", {"check_in": "mezcal-restaurant", "area": "pnu-busan"}, "/areas/pnu-busan/menus", None),
        ("board-following", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", follow_a_dish),
        ("followed-dishes", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", follow_a_dish_and_open_the_calendar),
        ("dish-suggest-thanks", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", suggest_a_new_dish_name),
        ("dish-suggest-problem", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", suggest_a_dish_name),
        ("place-popular-times", {}, "/places/pnu-busan-geumjeong-hall#popular-times", None),
        ("place-popular-times-venue", {}, "/places/original-joes?day=5#popular-times", None),
        ("settings", {}, "/settings", None),
        ("settings-saved", {}, "/settings?saved=1", None),
        ("profile-saved", {"check_in": "mezcal-restaurant"}, "/profile?saved=1", None),
        ("place-profile-saved", {"check_in": "mezcal-restaurant"}, "/places/original-joes?checked=profile", None),
        ("profile-refused-offline", {"check_in": "mezcal-restaurant"}, "/profile", save_the_profile_offline),
        ("board-bookmarked", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", bookmark_a_place),
        ("board-refused-offline", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", press_a_star_offline),
        ("board-offline-copy", {"area": "pnu-busan"}, "/areas/pnu-busan/menus", open_the_offline_copy),
        ("area-offline-copy", {"check_in": "original-joes"}, "/areas/san-jose-convention-center",
         open_the_offline_copy),
        ("place-offline-copy", {"check_in": "original-joes"}, "/places/original-joes", open_the_offline_copy),
        ("not-found", {}, "/places/atlantis", None),
        ("bad-parameter", {}, "/areas/san-jose-convention-center?near=91,0", None),
    ] + [(page.name, CONSOLE_PREFERENCES, page.path, page.ready)
         for page in PAGES if page.person.operator]  # the console's pages, and public ones after a console step
    for name, preferences, path, step in pages:
        if name_filter and name_filter not in name:
            continue
        # The fourth item is a position to share, or a step after loading (a console form sent with mistakes).
        ready = step if callable(step) else None
        position = None if ready else step
        for language in ("en", "ko"):
            for dark in (False, True):
                # At 200%, the desktop window: a zoomed phone would be narrower than the 320 px WCAG asks for.
                for width, height in SIZES[1:] if zoom else SIZES:
                    driver = make_browser(language=language, width=width, height=height, dark=dark)
                    try:
                        if zoom or forced:
                            emulate(driver, language, dark, width // 2 if zoom else width,
                                    height // 2 if zoom else height, 2 if zoom else 1, forced_colors=forced)
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
                        if ready:
                            ready(driver, server, width)
                        if "view=map" in path and width < 760:
                            # A phone's Map tab draws the map again at the screen's shape.
                            wait_for(driver, settled(lambda d: d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]")))
                        if "locate=1" in path:
                            wait_for(driver, lambda d: any(e.is_displayed() for e in
                                                           d.find_elements(By.CSS_SELECTOR, "[data-location-problem]")))
                        scheme = "dark" if dark else "light"
                        mode = "-zoom" if zoom else "-forced" if forced else ""
                        driver.save_screenshot(str(output / f"{name}-{language}-{scheme}-{width}{mode}.png"))
                    finally:
                        driver.quit()


def app_shots(server, output, name_filter):
    """The installed app on a phone: its standalone window on the default area's menu board, and a day of that
    board opened with no network from what the service worker kept."""
    for language in ("en", "ko"):
        for dark in (False, True):
            scheme = "dark" if dark else "light"
            driver = make_browser(language=language, width=390, height=844, dark=dark)
            try:
                # An app launched from the home screen matches `display-mode: standalone`; no browser bar is drawn.
                features = [{"name": "display-mode", "value": "standalone"}]
                if dark:
                    features.append({"name": "prefers-color-scheme", "value": "dark"})
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
                session_with(driver, server, area="pnu-busan")
                ready(driver)
                board = server.url("/areas/pnu-busan/menus")
                if not name_filter or name_filter in "installed-app":
                    driver.get(board)
                    driver.save_screenshot(str(output / f"installed-app-{language}-{scheme}-390.png"))
                if not name_filter or name_filter in "offline":
                    offline(driver)
                    driver.get(board)
                    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
                    driver.save_screenshot(str(output / f"offline-{language}-{scheme}-390.png"))
            finally:
                driver.quit()


def main():
    output = Path(sys.argv[1])
    output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        clock = [argument.split("=", 1)[1] for argument in sys.argv[2:] if argument.startswith("--at=")]
        extra = []
        if clock:
            (Path(folder) / "clock").write_text(str(int(clock[0]) - time.time()))
            extra = ["--test-clock-file", str(Path(folder) / "clock")]
        server = GrubmapServer(folder, ["--onboarding-interval-ms", "3000", *extra]).start()
        try:
            arguments = [argument for argument in sys.argv[2:] if not argument.startswith("--")]
            name_filter = arguments[0] if arguments else None
            shots(server, output, name_filter, zoom="--zoom" in sys.argv, forced="--forced-colors" in sys.argv)
            if not ("--zoom" in sys.argv or "--forced-colors" in sys.argv):
                app_shots(server, output, name_filter)
        finally:
            server.stop()
    print(f"screenshots in {output}")


if __name__ == "__main__":
    main()
