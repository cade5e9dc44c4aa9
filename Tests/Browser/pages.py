"""Every page of Grubmap in the state a person sees it in: the list the accessibility checks (test_accessibility.py)
and the screenshots (screenshots.py) go through.

To add a page (a menu board, a map, a console page), add one `Page` to PAGES: a name, its address, the `Person`
whose browser opens it, and, when the page needs a step after loading (switching to the map on a phone, sending a
form with a mistake), a `ready` function of (driver, server, width). Pages with the same person are best kept
together: the person's state is set up once for them.
"""

import atexit
import base64
import functools
import hashlib
import hmac
import itertools
import os
import struct
import subprocess
import tempfile
import time
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Callable, Optional
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import BINARY, settled, wait_for
from test_offline import offline, ready

SAN_JOSE = "san-jose-convention-center"


@dataclass(frozen=True)
class Person:
    """What a person did before opening a page, set up through the pages as they would."""

    style: str = "basic"  # the welcome tour's style setting
    area: str = SAN_JOSE  # the default area setting ("auto": none chosen)
    seen: bool = True  # whether they went through the tour
    check_in: Optional[str] = None  # a place they are checked in at (with a profile made first)
    operator: Optional[str] = None  # an operator's address: signed in to the console (after the steps above)


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    person: Person = Person()
    ready: Optional[Callable] = None


def open_a_meal(driver):
    """Opens the board's first meal with dishes unless the board opened one for the hour (it opens none outside meal
    hours, as on the machine's clock in Busan's evening)."""
    if driver.find_elements(By.CSS_SELECTOR, "#board details[open] .dish-link"):
        return
    meal = next(details for details in driver.find_elements(By.CSS_SELECTOR, "#board details")
                if details.find_elements(By.CSS_SELECTOR, ".dish-link"))
    driver.execute_script("arguments[0].open = true", meal)


def open_a_dish(driver, server, width):
    """The dish page of the board's first meal, reached by its name's link as a person follows it."""
    open_a_meal(driver)
    link = driver.find_element(By.CSS_SELECTOR, "#board details[open] .dish-link")
    driver.get(link.get_attribute("href"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".dish-page"))


def follow_a_dish(driver, server, width):
    """The board after pressing the bell of its first open meal: the strip of followed dishes served today on top
    (as it is already once a dish is followed)."""
    if not driver.find_elements(By.CSS_SELECTOR, ".follow-strip"):
        open_a_meal(driver)
        press(driver, "#board details[open] .follow-bell[aria-pressed=false]")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".follow-strip"))


def follow_a_dish_and_open_the_calendar(driver, server, width):
    """The page of followed dishes with one followed and the calendar address made."""
    follow_a_dish(driver, server, width)
    driver.get(server.url("/settings/dishes"))
    if not driver.find_elements(By.ID, "calendar-url"):
        press(driver, ".calendar-form button[type=submit]")
        wait_for(driver, lambda d: d.find_elements(By.ID, "calendar-url"))


def open_a_rating(driver, server, width):
    """The rating page of the first meal Geumjeong Hall served on the newest of the three days that can be rated,
    reached by its "Rate" link as a person follows it."""
    today = datetime.now(ZoneInfo("Asia/Seoul")).date()
    for back in range(3):
        driver.get(server.url(f"/places/{GEUMJEONG}?date={today - timedelta(days=back)}"))
        links = driver.find_elements(By.CSS_SELECTOR, ".rate-link")
        if links:
            break
    assert links, "Geumjeong Hall serves on one of three days in a row"
    driver.get(links[0].get_attribute("href"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".rating-page"))


def send_a_rating_without_stars(driver, server, width):
    """The rating form sent with a comment and no stars: the page again with the problem beside the stars."""
    open_a_rating(driver, server, width)
    for choice in driver.find_elements(By.CSS_SELECTOR, "input[name=stars]:checked"):
        driver.execute_script("arguments[0].checked = false", choice)
    field = driver.find_element(By.ID, "comment")
    field.clear()
    field.send_keys("Crisp, and the sauce on the side")
    press(driver, ".rating-form button[type=submit]")
    wait_for(driver, lambda d: d.find_elements(By.ID, "stars-problem"))


def rate_a_meal(driver, server, width):
    """Four stars and a comment saved: the page thanks the person, and the place page shows the meal's stars."""
    open_a_rating(driver, server, width)
    driver.find_element(By.CSS_SELECTOR, "label:has(#stars-4)").click()
    press(driver, ".rating-form button[type=submit]")
    wait_for(driver, lambda d: "saved=1" in d.current_url)


def flag_a_comment(driver, server, width):
    """A meal rated with a comment, then the comment reported from its dish page: the page thanks the person."""
    open_a_rating(driver, server, width)
    driver.find_element(By.CSS_SELECTOR, "label:has(#stars-2)").click()
    field = driver.find_element(By.ID, "comment")
    field.clear()
    field.send_keys("Cold again, and the rice was hard")
    press(driver, ".rating-form button[type=submit]")
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    driver.get(driver.find_element(By.CSS_SELECTOR, ".rating-links a[href*='#comments']").get_attribute("href"))
    press(driver, ".comment-flag button")
    wait_for(driver, lambda d: "flagged=1" in d.current_url)


def flag_a_comment_then_moderate(driver, server, width):
    """A comment reported, then the area's moderation page where it waits for an operator."""
    flag_a_comment(driver, server, width)
    driver.get(server.url("/admin/areas/pnu-busan/moderation"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".flagged-comment"))


@functools.cache
def photo_file():
    """A 640×480 PNG of warm gradients, written with the standard library once a run (and removed after it): what a
    person picks to upload."""
    rows = b"".join(
        b"\0" + bytes(channel for x in range(640) for channel in (200 + x // 16, 120 + y // 8, 40 + (x + y) // 20))
        for y in range(480))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 640, 480, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    file = tempfile.NamedTemporaryFile(prefix="grubmap-meal-", suffix=".png", delete=False)
    file.write(png)
    file.close()
    atexit.register(os.remove, file.name)
    return file.name


def add_a_photo(driver, server, width):
    """A meal rated, then a photo of it added with the rating page's form: the page says so and shows it."""
    rate_a_meal(driver, server, width)
    driver.find_element(By.ID, "photo-file").send_keys(photo_file())
    press(driver, ".photo-form button[type=submit]")
    wait_for(driver, lambda d: "photo=added" in d.current_url)


def add_a_photo_then_open_the_board(driver, server, width):
    """A photo added, then the board of its day, where its thumbnail shows under the meal."""
    add_a_photo(driver, server, width)
    day = driver.current_url.split("date=")[1].split("&")[0]
    driver.get(server.url(f"/areas/pnu-busan/menus?date={day}"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".meal .meal-photo"))


def report_a_photo(driver, server, width):
    """A photo added, then reported from its dish page: the page thanks the person under the photos."""
    add_a_photo(driver, server, width)
    driver.get(driver.find_element(By.CSS_SELECTOR, ".rating-links a[href*='#comments']").get_attribute("href"))
    press(driver, ".dish-photos .photo-flag button")
    wait_for(driver, lambda d: "photoFlagged=1" in d.current_url)


def report_a_photo_then_moderate(driver, server, width):
    """A photo reported, then the area's moderation page where its thumbnail waits for an operator."""
    report_a_photo(driver, server, width)
    driver.get(server.url("/admin/areas/pnu-busan/moderation"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".flagged-comment .meal-photo"))


def suggest_a_dish_name(driver, server, width, name=None):
    """A dish opened from the board and a name suggested in the reader's language: the page again with the thanks,
    or with the problem beside the field. `name` is the dish's own (its heading) when not given."""
    open_a_dish(driver, server, width)
    language = driver.find_element(By.TAG_NAME, "html").get_attribute("lang")
    field = driver.find_element(By.CSS_SELECTOR, f"#suggest-{language}")
    field.clear()
    field.send_keys(name or driver.find_element(By.TAG_NAME, "h1").text)
    press(driver, f"#suggest form:has(#suggest-{language}) button[type=submit]")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#suggest .notice, #suggest .problem"))


def suggest_a_new_dish_name(driver, server, width):
    suggest_a_dish_name(driver, server, width, name="Suggested name 제안")


def suggest_a_name_then_open_the_queue(driver, server, width):
    """A name suggested on a dish's page, then the area's queue of suggestions in the console, with it waiting."""
    driver.get(server.url("/areas/pnu-busan/menus"))
    suggest_a_new_dish_name(driver, server, width)
    driver.get(server.url("/admin/areas/pnu-busan/name-suggestions"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".suggestion-row"))


def show_map_on_phones(driver, server, width):
    """On a phone the area page shows the list; the person switches to the map."""
    if width < 760:
        # An area with menus switches by its tabs; one without by the map-or-list switch.
        tabs = driver.find_elements(By.CSS_SELECTOR, ".area-tabs a[data-tab=map]")
        (tabs[0] if tabs else driver.find_element(By.CSS_SELECTOR, "label[for=view-map]")).click()
        # Shown, the map is drawn again at the screen's shape.
        wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, "svg.map").is_displayed()
                                 and d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]")))


def walk_there(driver, server, width):
    """The place page's "Walk there": the area's map with the walk from the person's position drawn on it."""
    driver.find_element(By.CSS_SELECTOR, ".walk-there a").click()
    wait_for(driver, settled(lambda d: d.find_elements(By.CSS_SELECTOR, ".map-route .line")
                             and d.find_element(By.CSS_SELECTOR, "svg.map").is_displayed()
                             and d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]")))


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


def send_sign_in_with_a_wrong_password(driver, server, width):
    """A sign-in with a password that is not the operator's: refused with one message at the top."""
    driver.find_element(By.ID, "email").send_keys(OPERATOR)
    driver.find_element(By.ID, "password").send_keys("not the password at all")
    driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.ID, "sign-in-problem"))


def send_place_with_mistakes(driver, server, width):
    """A place without names, with a website that is not a web address and an hour that is no time."""
    for field in ("nameEn", "nameKo"):
        driver.find_element(By.ID, field).clear()
    driver.find_element(By.ID, "website").clear()
    driver.find_element(By.ID, "website").send_keys("javascript:alert(1)")
    driver.find_element(By.ID, "seats").clear()
    driver.find_element(By.ID, "seats").send_keys("0")
    driver.find_element(By.ID, "hoursMo").clear()
    driver.find_element(By.ID, "hoursMo").send_keys("25:00-26:00")
    driver.find_element(By.CSS_SELECTOR, ".console-form button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))


def send_new_place_without_position(driver, server, width):
    """A new place with a name but no position: refused, the position field says what to do."""
    driver.find_element(By.ID, "nameEn").send_keys("Somewhere")
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))


def send_week_with_a_bad_price(driver, server, width):
    """A week without menus yet given a lunch on Monday whose price is not one: nothing saved, the field and the day
    named."""
    for field, text in (("d1-c0-name", "중식"), ("d1-c0-m0-name", "비빔밥"), ("d1-c0-m0-student", "4,500")):
        driver.find_element(By.ID, field).send_keys(text)
    press(driver, ".week-save button[type=submit]")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".error-summary"))


def page_offline(driver, on=True):
    """Cuts the page alone off the network (navigator.onLine turns false; the service worker is left as it is)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def bookmark_a_place(driver, server, width):
    """A star pressed on the board: the toast that confirms it (or its removal, every other variant)."""
    press(driver, f'.bookmark-button[data-place="{GEUMJEONG}"]')
    wait_for(driver, lambda d: d.find_elements(By.ID, "toast") and d.find_element(By.ID, "toast").is_displayed())


def save_the_profile_offline(driver, server, width):
    """The profile sent with no network: refused, said under the form."""
    page_offline(driver)
    press(driver, ".profile-form button[type=submit]")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-form > .change-refused"))
    page_offline(driver, on=False)


def press_a_star_offline(driver, server, width):
    """A star pressed on the board with no network: refused, said in the toast."""
    page_offline(driver)
    bookmark_a_place(driver, server, width)
    page_offline(driver, on=False)


def open_the_offline_copy(driver, server, width):
    """The page as the service worker keeps it and opens it with no network: kept afresh in this variant's
    language, then opened offline (and the network back, the page staying as it opened)."""
    ready(driver)
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith("grubmap-pages-"))
            .map((name) => caches.delete(name)))).then(() => done());
    """)
    ready(driver)
    offline(driver)
    driver.refresh()
    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
    driver.execute_script("scrollTo(0, 0)")  # the reload kept the scroll of the steps before
    offline(driver, on=False)


def press(driver, selector):
    """Presses a button scrolled to the middle first, so the sticky header is never over it (a small window, a big
    zoom)."""
    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def archive_and_restore_a_place(driver, server, width):
    """Jinri Hall archived and restored, so the audit log has entries to show (before → after)."""
    driver.get(server.url(f"/admin/places/{JINRI}"))
    press(driver, f"form[action='/admin/places/{JINRI}/archive'] button")
    wait_for(driver, lambda d: "done=archived" in d.current_url)
    press(driver, f"form[action='/admin/places/{JINRI}/restore'] button")
    wait_for(driver, lambda d: "done=restored" in d.current_url)
    driver.get(server.url("/admin/areas/pnu-busan/audit"))


def send_a_dish_name_too_long(driver, server, width):
    """The first dish's English name typed too long (251 characters): the page again with that dish's forms open and
    the problem beside the field."""
    press(driver, ".dish-row summary")
    field = driver.find_element(By.CSS_SELECTOR, ".dish-row input[name=en]")
    field.clear()
    field.send_keys("x" * 251)
    press(driver, ".dish-row form.console-form button[type=submit]")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".dish-row .problem"))


def fetch_a_feed_that_fails(driver, server, width):
    """The place's menu feed set to an address the server does not fetch from (loopback), and fetched now: queued,
    and on a later visit the failure in words."""
    url = driver.find_element(By.ID, "url")
    url.clear()
    url.send_keys("http://127.0.0.1:9/feed.xml")
    # Each step waits for the address the answer redirects to: the page before may show a feed already.
    press(driver, "#feed form.console-form button[type=submit]")
    wait_for(driver, lambda d: "done=feed-saved" in d.current_url)
    press(driver, f"form[action='/admin/places/{GEUMJEONG}/feed/fetch'] button")
    wait_for(driver, lambda d: "done=feed-queued" in d.current_url or "done=feed-busy" in d.current_url)

    def fetched(d):
        # The server's fetchers work on threads of their own; the result shows on a later visit.
        d.get(server.url(f"/admin/places/{GEUMJEONG}"))
        return d.find_elements(By.ID, "feed-message")

    wait_for(driver, fetched)
    driver.execute_script("document.getElementById('feed').scrollIntoView()")


def add_closed_days(driver, server, width):
    """Geumjeong Hall closed today in Busan (a sample note) and open other hours tomorrow, added in the console."""
    # Today as the server sees it when the form goes: a run crossing Busan's midnight must not send yesterday.
    today = datetime.now(ZoneInfo("Asia/Seoul")).date()
    tomorrow = (today + timedelta(days=1)).isoformat()
    for date, closed, hours, note in ((today.isoformat(), "1", "", "Founders' day"), (tomorrow, "0", "11:00-13:30", "")):
        driver.get(server.url(f"/admin/places/{GEUMJEONG}"))
        # A date field types in the browser's locale; its value is always YYYY-MM-DD.
        driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.ID, "exceptionDate"), date)
        press(driver, f"#exceptions input[name=closed][value='{closed}']")
        for field, text in (("exceptionHours", hours), ("exceptionNote", note)):
            driver.find_element(By.ID, field).clear()
            driver.find_element(By.ID, field).send_keys(text)
        press(driver, "#exceptions form.console-form button[type=submit]")
        wait_for(driver, lambda d: "done=exception-added" in d.current_url)
    driver.execute_script("document.getElementById('exceptions').scrollIntoView()")


def add_closed_days_then_open_the_place(driver, server, width):
    """The closed day and the other hours above, on the public place page by its hours."""
    add_closed_days(driver, server, width)
    driver.get(server.url(f"/places/{GEUMJEONG}"))
    driver.execute_script("document.getElementById('hours').scrollIntoView()")


def totp(secret, at=None):
    """The six-digit code of a Base32 TOTP secret now (RFC 6238: HMAC-SHA-1, 30-second steps)."""
    step = int((time.time() if at is None else at) // 30)
    mac = hmac.new(base64.b32decode(secret), struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


NEW_OPERATORS = itertools.count()


def turn_on_the_second_factor(driver, server, width):
    """A new operator (one per shot, so no sign-in ever needs their code) turns TOTP on: the page then offers to turn it
    off or move it to a new app, each with the password and a current code."""
    driver.delete_cookie("grubmap_operator")
    sign_in_operator(driver, server, f"totp{next(NEW_OPERATORS)}@example.org")
    driver.get(server.url("/admin/account"))
    secret = driver.find_element(By.CSS_SELECTOR, "#second-factor-on input[name=secret]").get_attribute("value")
    driver.find_element(By.ID, "code").send_keys(totp(secret) + "\n")  # Enter sends the form
    wait_for(driver, lambda d: "done=on" in d.current_url)


def send_a_place_with_a_taken_id(driver, server, width):
    """A new place, with a position, whose id Geumjeong Hall has: 409, the form again with the error on the id."""
    driver.find_element(By.ID, "nameEn").send_keys("Another Geumjeong")
    # Typed over the id the page made from the name, as a person selects it and types another.
    typed_id = driver.find_element(By.ID, "id")
    typed_id.send_keys(Keys.CONTROL, "a")
    typed_id.send_keys(GEUMJEONG)
    driver.find_element(By.ID, "latitude").send_keys("35.2334")
    driver.find_element(By.ID, "longitude").send_keys("129.0793")
    # Sent with the form's own Save button (a click could land on the map picker in a narrow or zoomed window).
    save = driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]")
    driver.execute_script("arguments[0].form.requestSubmit(arguments[0])", save)
    wait_for(driver, lambda d: d.find_elements(By.ID, "id-problem"))


def open_a_set_up_link(driver, server, width):
    """A new operator's set-up link, opened before it is used."""
    driver.get(set_up_link(server, "new.organiser@example.org"))


def open_a_used_set_up_link(driver, server, width):
    """The first operator's set-up link again, after it was used: a page that says so."""
    driver.get(server.operator_links[OPERATOR])


CHECKED_IN = Person(check_in="original-joes")
OPERATOR = "organiser@example.org"
# Checked in (so moderation has someone to show) and signed in to the console as an admin of both demo campuses.
CONSOLE = Person(check_in="original-joes", operator=OPERATOR)
GEUMJEONG = "pnu-busan-geumjeong-hall"
JINRI = "pnu-busan-jinri-hall"

# PNU Busan's main gate, some 50 m from the campus's streets (walks start within 300 m of one).
ON_BUSAN_CAMPUS = "35.2312,129.0843"

PAGES = [
    Page("onboarding-basic", "/onboarding", Person(style="basic", seen=False)),
    Page("onboarding-slides", "/onboarding?page=1", Person(style="slides", seen=False)),
    # A manual clock holds the stories still: the checks read one page, not one turning under them.
    Page("onboarding-progress", "/onboarding?clock=manual", Person(style="progress", seen=False)),
    Page("areas-chooser", "/areas", Person(area="auto")),
    Page("area-list", f"/areas/{SAN_JOSE}", CHECKED_IN),
    Page("area-map", "/areas/pnu-busan?near=35.2335,129.0800", CHECKED_IN, show_map_on_phones),
    Page("area-by-walking", f"/areas/pnu-busan?near={ON_BUSAN_CAMPUS}&sort=walking", CHECKED_IN),
    Page("place-menu", "/places/pnu-busan-geumjeong-hall", CHECKED_IN),
    Page("place-walk", f"/places/pnu-busan-geumjeong-hall?near={ON_BUSAN_CAMPUS}", CHECKED_IN),
    Page("walk-route", f"/places/pnu-busan-geumjeong-hall?near={ON_BUSAN_CAMPUS}", CHECKED_IN, walk_there),
    # The place's facts: its website by host name and the map apps (Naver and Kakao first in a Korean area).
    Page("place-links", "/places/pnu-busan-geumjeong-hall#facts", CHECKED_IN),
    Page("place-links-venue", "/places/original-joes#facts", CHECKED_IN),
    Page("board", "/areas/pnu-busan/menus", CHECKED_IN),
    Page("board-closed-day", f"/areas/pnu-busan/menus?date={busan_sunday()}#rest-heading", CHECKED_IN),
    Page("board-filter", "/areas/pnu-busan/menus?filter=open#filter", CHECKED_IN),
    Page("board-venue", f"/areas/{SAN_JOSE}/menus", CHECKED_IN),
    Page("dish", "/areas/pnu-busan/menus", CHECKED_IN, open_a_dish),
    Page("rating", f"/places/{GEUMJEONG}", CHECKED_IN, open_a_rating),
    Page("rating-problem", f"/places/{GEUMJEONG}", CHECKED_IN, send_a_rating_without_stars),
    Page("rating-saved", f"/places/{GEUMJEONG}", CHECKED_IN, rate_a_meal),
    Page("dish-comments", f"/places/{GEUMJEONG}", CHECKED_IN, flag_a_comment),
    Page("rating-photo", f"/places/{GEUMJEONG}", CHECKED_IN, add_a_photo),
    Page("dish-photos", f"/places/{GEUMJEONG}", CHECKED_IN, report_a_photo),
    Page("board-photo", f"/places/{GEUMJEONG}", CHECKED_IN, add_a_photo_then_open_the_board),
    Page("board-following", "/areas/pnu-busan/menus", CHECKED_IN, follow_a_dish),
    Page("followed-dishes", "/areas/pnu-busan/menus", CHECKED_IN, follow_a_dish_and_open_the_calendar),
    Page("dish-suggest-thanks", "/areas/pnu-busan/menus", CHECKED_IN, suggest_a_new_dish_name),
    Page("dish-suggest-problem", "/areas/pnu-busan/menus", CHECKED_IN, suggest_a_dish_name),
    Page("place-checked-in", "/places/original-joes?near=37.3318,-121.8863&checked=in", CHECKED_IN),
    Page("profile", "/profile", CHECKED_IN),
    Page("profile-problems", "/profile", CHECKED_IN, send_profile_with_mistakes),
    Page("profile-saved", "/profile?saved=1", CHECKED_IN),
    Page("profile-refused-offline", "/profile", CHECKED_IN, save_the_profile_offline),
    Page("board-bookmarked", "/areas/pnu-busan/menus", CHECKED_IN, bookmark_a_place),
    Page("board-refused-offline", "/areas/pnu-busan/menus", CHECKED_IN, press_a_star_offline),
    Page("place-offline-copy", "/places/original-joes", CHECKED_IN, open_the_offline_copy),
    Page("settings", "/settings", CHECKED_IN),
    Page("settings-problem", "/settings", CHECKED_IN, send_settings_with_a_refused_area),
    Page("settings-saved", "/settings?saved=1", CHECKED_IN),
    Page("error-not-found", "/places/atlantis", CHECKED_IN),
    Page("error-bad-request", "/places/original-joes?date=someday", CHECKED_IN),
    Page("offline", "/offline", CHECKED_IN),
    Page("console-sign-in", "/admin/sign-in", CONSOLE),
    Page("console-sign-in-problem", "/admin/sign-in", CONSOLE, send_sign_in_with_a_wrong_password),
    Page("console-set-up", "/admin/sign-in", CONSOLE, open_a_set_up_link),
    Page("console-set-up-used", "/admin/sign-in", CONSOLE, open_a_used_set_up_link),
    Page("console-home", "/admin", CONSOLE),
    Page("console-places", "/admin/areas/pnu-busan/places", CONSOLE),
    Page("console-place", f"/admin/places/{GEUMJEONG}", CONSOLE),
    Page("console-place-problems", f"/admin/places/{GEUMJEONG}", CONSOLE, send_place_with_mistakes),
    Page("console-place-feed", f"/admin/places/{GEUMJEONG}", CONSOLE, fetch_a_feed_that_fails),
    Page("console-place-exceptions", f"/admin/places/{GEUMJEONG}", CONSOLE, add_closed_days),
    Page("place-closed-day", f"/places/{GEUMJEONG}", CONSOLE, add_closed_days_then_open_the_place),
    Page("console-new-place", "/admin/areas/pnu-busan/places/new", CONSOLE),
    Page("console-new-place-taken", "/admin/areas/pnu-busan/places/new", CONSOLE, send_a_place_with_a_taken_id),
    Page("console-new-place-no-position", "/admin/areas/pnu-busan/places/new", CONSOLE, send_new_place_without_position),
    Page("console-menus", f"/admin/places/{GEUMJEONG}/menus", CONSOLE),
    Page("console-menus-problems", f"/admin/places/{GEUMJEONG}/menus?week={busan_sunday() + timedelta(days=21)}",
         CONSOLE, send_week_with_a_bad_price),
    Page("console-moderation", f"/admin/areas/{SAN_JOSE}/moderation", CONSOLE),
    Page("console-moderation-comments", "/admin/areas/pnu-busan/moderation", CONSOLE, flag_a_comment_then_moderate),
    Page("console-moderation-photos", "/admin/areas/pnu-busan/moderation", CONSOLE, report_a_photo_then_moderate),
    Page("console-dishes", "/admin/areas/pnu-busan/dishes", CONSOLE),
    Page("console-dishes-problem", "/admin/areas/pnu-busan/dishes", CONSOLE, send_a_dish_name_too_long),
    Page("console-name-suggestions", "/admin/areas/pnu-busan/name-suggestions", CONSOLE,
         suggest_a_name_then_open_the_queue),
    Page("console-audit", "/admin/areas/pnu-busan/audit", CONSOLE, archive_and_restore_a_place),
    Page("console-account", "/admin/account", CONSOLE),
    Page("console-operators", "/admin/operators", CONSOLE),
    Page("console-api-keys", "/admin/areas/pnu-busan/api-keys", CONSOLE),
    # Last: its step leaves the browser signed in as another operator.
    Page("console-account-second-factor", "/admin/account", CONSOLE, turn_on_the_second_factor),
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
        wait_for(driver, lambda d: "/areas" in d.current_url)
    if person.check_in:
        make_profile(driver, server)
        driver.get(server.url(f"/places/{person.check_in}"))
        if not driver.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"):
            driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{person.check_in}/checkin'] button").click()
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))
    if person.operator:
        sign_in_operator(driver, server, person.operator)


def set_up_link(server, email, areas=f"{SAN_JOSE},pnu-busan", role="admin"):
    """A one-time set-up link for a new operator, made as an organiser does, with `grubmap operator add`; each
    address's first link is kept on the server object."""
    links = server.__dict__.setdefault("operator_links", {})
    if email not in links:
        output = subprocess.run(
            [str(BINARY), "operator", "add", "--email", email, "--area", areas, "--role", role,
             "--database", str(server.database), "--base-url", server.base],
            check=True, capture_output=True, text=True).stdout
        links[email] = output.strip().splitlines()[-1]
    return links[email]


PASSWORD = "lunch at geumjeong hall, 12:30"


def sign_in_operator(driver, server, email):
    """Signs the browser in to the console as `email`, setting the operator up from their link the first time."""
    first_time = email not in server.__dict__.get("operator_links", {})
    link = set_up_link(server, email)
    if first_time:
        driver.get(link)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.ID, "repeat").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]").click()
        wait_for(driver, lambda d: "done=setup" in d.current_url)
    driver.get(server.url("/admin/sign-in"))
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]").click()
    wait_for(driver, lambda d: d.current_url.endswith("/admin"))


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
