"""Every page of Grubmap in the state a person sees it in: the list the accessibility checks (test_accessibility.py)
and the screenshots (screenshots.py) go through.

To add a page (a menu board, a map, a console page), add one `Page` to PAGES: a name, its address, the `Person`
whose browser opens it, and, when the page needs a step after loading (switching to the map on a phone, sending a
form with a mistake), a `ready` function of (driver, server, width). Pages with the same person are best kept
together: the person's state is set up once for them.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable, Optional
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By

from conftest import wait_for

SAN_JOSE = "san-jose-convention-center"


@dataclass(frozen=True)
class Person:
    """What a person did before opening a page, set up through the pages as they would."""

    style: str = "basic"  # the welcome tour's style setting
    area: str = SAN_JOSE  # the default area setting
    seen: bool = True  # whether they went through the tour
    check_in: Optional[str] = None  # a place they are checked in at (with a profile made first)


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    person: Person = Person()
    ready: Optional[Callable] = None


def show_map_on_phones(driver, server, width):
    """On a phone the area page shows the list; the person switches to the map."""
    if width < 760:
        # An area with menus switches by its tabs; one without by the map-or-list switch.
        tabs = driver.find_elements(By.CSS_SELECTOR, ".area-tabs a[data-tab=map]")
        (tabs[0] if tabs else driver.find_element(By.CSS_SELECTOR, "label[for=view-map]")).click()
        wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "svg.map").is_displayed())


def send_profile_with_mistakes(driver, server, width):
    """A profile without a first name and with a picture that is not one: saved as nothing, shown with problems."""
    driver.find_element(By.ID, "firstName").clear()
    driver.find_element(By.CSS_SELECTOR, ".profile-form button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))


def send_settings_with_a_refused_area(driver, server, width):
    """Settings naming an area that does not exist (as a stale form would): refused, shown with the problem."""
    driver.execute_script("document.querySelector('#default-area option:checked').value = 'atlantis'")
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))


def busan_sunday():
    """The Sunday that starts this week in Busan: on the demo's Sundays the campus cafeterias are closed."""
    today = datetime.now(ZoneInfo("Asia/Seoul")).date()
    return today - timedelta(days=(today.weekday() + 1) % 7)


CHECKED_IN = Person(check_in="original-joes")

PAGES = [
    Page("onboarding-basic", "/onboarding", Person(style="basic", seen=False)),
    Page("onboarding-slides", "/onboarding?page=1", Person(style="slides", seen=False)),
    # A manual clock holds the stories still: the checks read one page, not one turning under them.
    Page("onboarding-progress", "/onboarding?clock=manual", Person(style="progress", seen=False)),
    Page("area-list", f"/areas/{SAN_JOSE}", CHECKED_IN),
    Page("area-map", "/areas/pnu-busan?near=35.2335,129.0800", CHECKED_IN, show_map_on_phones),
    Page("place-menu", "/places/pnu-busan-geumjeong-hall", CHECKED_IN),
    Page("board", "/areas/pnu-busan/menus", CHECKED_IN),
    Page("board-closed-day", f"/areas/pnu-busan/menus?date={busan_sunday()}#rest-heading", CHECKED_IN),
    Page("board-filter", "/areas/pnu-busan/menus?filter=open#filter", CHECKED_IN),
    Page("place-checked-in", "/places/original-joes?near=37.3318,-121.8863&checked=in", CHECKED_IN),
    Page("profile", "/profile", CHECKED_IN),
    Page("profile-problems", "/profile", CHECKED_IN, send_profile_with_mistakes),
    Page("settings", "/settings", CHECKED_IN),
    Page("settings-problem", "/settings", CHECKED_IN, send_settings_with_a_refused_area),
    Page("error-not-found", "/places/atlantis", CHECKED_IN),
    Page("error-bad-request", "/places/original-joes?date=someday", CHECKED_IN),
    Page("offline", "/offline", CHECKED_IN),
]


def prepare(driver, server, person):
    """Brings the browser's person to `person`: settings through the settings form, the tour ended, a profile made
    and a check-in made by their buttons. Later steps keep what earlier ones made."""
    driver.get(server.url("/settings"))
    driver.find_element(By.CSS_SELECTOR, f'input[name=onboardingStyle][value="{person.style}"]').click()
    driver.find_element(By.CSS_SELECTOR, f"select[name=defaultArea] option[value={person.area}]").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    if person.seen:
        driver.get(server.url("/onboarding"))
        driver.find_element(By.CSS_SELECTOR, "button[value=skipped], button[value=started]").click()
        wait_for(driver, lambda d: "/areas/" in d.current_url)
    if person.check_in:
        make_profile(driver, server)
        driver.get(server.url(f"/places/{person.check_in}"))
        if not driver.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"):
            driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{person.check_in}/checkin'] button").click()
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))


def make_profile(driver, server, first="Grace", last="Hopper"):
    """Makes the person's profile through the profile form, unless they have one."""
    driver.get(server.url("/profile"))
    if driver.find_element(By.ID, "firstName").get_attribute("value"):
        return
    driver.find_element(By.ID, "firstName").send_keys(first)
    driver.find_element(By.ID, "lastName").send_keys(last)
    driver.find_element(By.ID, "company").send_keys("Navy")
    driver.find_element(By.ID, "bio").send_keys("Compilers, COBOL, and a nanosecond of wire.")
    driver.find_element(By.CSS_SELECTOR, ".profile-form button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)


def emulate(driver, language="en", dark=False, width=390, height=844, scale=1, forced_colors=False, user_agent=None):
    """Sets one browser up as another person's: language (Accept-Language and navigator.language), colour scheme,
    forced colours, and viewport. `scale` 2 with half a window's size is that window at 200% zoom."""
    agent = user_agent or driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})
    features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"},
                {"name": "forced-colors", "value": "active" if forced_colors else "none"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 600})
