"""The operator console as organisers use it, in a real browser: a set-up link, a password and signing in; a
place made with its id from its name and its position picked on the area's map (drawn at its true shape with the
area's places, nothing prefilled); a week of menus entered on one page, rows added and a day copied, saved once and
shown on the board; the warnings for a closed day; dates in one format per language; a place archived; a profile
hidden; an editor of one area who cannot see another's; and the clear messages for a wrong password, an expired
link and a used one. Time moves with the server's test clock, never by waiting."""
import datetime
import json
import math
import re
import subprocess
import urllib.request
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import BINARY, GrubmapServer, browsers_checked, make_browser, settled, wait_for
from pages import make_profile

PASSWORD = "a long lunch at saetbeol hall"


@pytest.fixture
def clocked(tmp_path):
    clock = tmp_path / "clock"
    clock.write_text("0")
    instance = GrubmapServer(tmp_path, ["--test-clock-file", str(clock), "--feed-interval", "0"]).start()
    instance.clock = clock
    yield instance
    instance.stop()


@pytest.fixture
def browsers():
    """Fresh browsers; no page may log an error other than the 4xx of a refused form or a missing page."""
    yield from browsers_checked(allow_4xx=True)


def add_operator(server, email, areas, role="editor"):
    output = subprocess.run(
        [str(BINARY), "operator", "add", "--email", email, "--area", areas, "--role", role,
         "--database", str(server.database), "--base-url", server.base],
        check=True, capture_output=True, text=True).stdout
    return output.strip().splitlines()[-1]


def set_up(driver, link, password=PASSWORD, saved=True):
    """Sets the password through the set-up link; with `saved`, waits until it is stored, since hashing it takes a
    moment and a sign-in sent before would find no password."""
    driver.get(link)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.ID, "repeat").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]").click()
    if saved:
        wait_for(driver, lambda d: "done=setup" in d.current_url)


def sign_in(driver, server, email, password=PASSWORD):
    driver.get(server.url("/admin/sign-in"))
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.card button[type=submit]").click()


def fill(driver, field, text):
    element = driver.find_element(By.ID, field)
    element.clear()
    element.send_keys(text)


def test_set_up_sign_in_and_the_clear_messages(clocked, browsers):
    driver = browsers()
    link = add_operator(clocked, "kim@example.org", "pnu-busan")
    set_up(driver, link, "password1234", saved=False)
    # The refusal comes once the password is checked: waited for, as the problem is not on the form sent.
    assert "too common" in wait_for(driver, settled(lambda d: d.find_element(By.ID, "password-problem"))).text
    set_up(driver, link)
    assert "Your password is saved" in driver.find_element(By.CSS_SELECTOR, ".notice.success").text

    driver.get(link)
    assert "was used already" in driver.find_element(By.ID, "message").text

    sign_in(driver, clocked, "kim@example.org", "not my password at all")
    assert "do not match" in wait_for(driver, settled(lambda d: d.find_element(By.ID, "sign-in-problem"))).text
    sign_in(driver, clocked, "kim@example.org")
    wait_for(driver, lambda d: d.current_url.endswith("/admin"))
    assert "Pusan National University" in driver.find_element(By.TAG_NAME, "main").text

    late = add_operator(clocked, "lee@example.org", "pnu-busan")
    clocked.clock.write_text(str(25 * 3600))
    driver.get(late)
    assert "has expired" in driver.find_element(By.ID, "message").text


def test_hiding_a_profile_and_areas_kept_apart(clocked, browsers):
    visitor = browsers()
    make_profile(visitor, clocked)
    visitor.get(clocked.url("/places/original-joes"))
    visitor.find_element(By.CSS_SELECTOR, "form[action='/places/original-joes/checkin'] button").click()
    wait_for(visitor, lambda d: d.find_elements(By.CSS_SELECTOR, "form[action='/checkout']"))

    organiser = browsers()
    set_up(organiser, add_operator(clocked, "sam@example.org", "san-jose-convention-center"))
    sign_in(organiser, clocked, "sam@example.org")
    wait_for(organiser, lambda d: d.current_url.endswith("/admin"))
    organiser.get(clocked.url("/admin/areas/san-jose-convention-center/moderation"))
    assert "Grace Hopper" in organiser.find_element(By.TAG_NAME, "main").text
    # The reason of Grace's own form (the forms that end many check-ins at once come first).
    organiser.find_element(By.CSS_SELECTOR, ".console-person .moderation-form input[name=reason]").send_keys(
        "Not a bio for a keynote.")
    organiser.find_element(By.CSS_SELECTOR, ".moderation-form button[value=hide]").click()
    wait_for(organiser, lambda d: "done=" in d.current_url)

    visitor.get(clocked.url("/profile"))
    assert "Not a bio for a keynote." in visitor.find_element(By.ID, "profile-hidden").text
    stranger = browsers()
    stranger.get(clocked.url("/places/original-joes"))
    main = stranger.find_element(By.TAG_NAME, "main").text
    assert "Grace Hopper" in main and "nanosecond" not in main

    # Sam edits San José only: Busan's pages are not there for him.
    for path in ("/admin/areas/pnu-busan/places", "/admin/places/pnu-busan-geumjeong-hall",
                 "/admin/areas/pnu-busan/moderation", "/admin/areas/pnu-busan/audit"):
        organiser.get(clocked.url(path))
        assert "Geumjeong" not in organiser.page_source, path
        assert "nothing of yours" in organiser.find_element(By.TAG_NAME, "main").text.lower() or \
            "There is" in organiser.find_element(By.TAG_NAME, "main").text, path


def test_a_closed_day_added_in_the_console_shows_on_the_public_place_page(clocked, browsers):
    driver = browsers(width=390, height=844)
    set_up(driver, add_operator(clocked, "kim@example.org", "pnu-busan"))
    sign_in(driver, clocked, "kim@example.org")
    wait_for(driver, lambda d: d.current_url.endswith("/admin"))
    place = "pnu-busan-geumjeong-hall"
    today = datetime.datetime.now(ZoneInfo("Asia/Seoul")).date()
    driver.get(clocked.url(f"/admin/places/{place}"))
    for day in ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"):
        fill(driver, f"hours{day}", "00:00-24:00")
    driver.find_element(By.CSS_SELECTOR, ".console-form button[type=submit]").click()
    wait_for(driver, lambda d: "done=saved" in d.current_url)
    driver.get(clocked.url(f"/places/{place}"))
    assert "Open now" in driver.find_element(By.ID, "hours").find_element(By.XPATH, "..").text

    driver.get(clocked.url(f"/admin/places/{place}"))
    # Typed as the console shows dates.
    fill(driver, "exceptionDate", shown_date(today, "en"))
    driver.find_element(By.CSS_SELECTOR, "#exceptions input[name=closed][value='1']").click()
    fill(driver, "exceptionNote", "Founders' day")
    driver.find_element(By.CSS_SELECTOR, "#exceptions form.console-form button[type=submit]").click()
    wait_for(driver, lambda d: "done=exception-added" in d.current_url)
    assert "Founders' day" in driver.find_element(By.ID, "exceptions").text

    driver.get(clocked.url(f"/places/{place}"))
    hours = driver.find_element(By.ID, "hours").find_element(By.XPATH, "..").text
    assert "Closed now" in hours
    assert f"Closed on {today.strftime('%A, %B')} {today.day}: Founders' day" in hours

    driver.get(clocked.url(f"/admin/places/{place}"))
    driver.find_element(By.CSS_SELECTOR, "#exceptions form[action$='/exceptions/remove'] button").click()
    wait_for(driver, lambda d: "done=exception-removed" in d.current_url)
    driver.get(clocked.url(f"/places/{place}"))
    assert "Open now" in driver.find_element(By.ID, "hours").find_element(By.XPATH, "..").text


SIZES = [(390, 844), (1280, 800)]
ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
ENGLISH_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
KOREAN_DAYS = ["월", "화", "수", "목", "금", "토", "일"]


def shown_date(date, language, this_year=None):
    """A date as the console shows it: `Fri 4 Dec 2026`, or `12월 4일 (금)` (the year before it when not this year)."""
    if language == "ko":
        year = "" if date.year == (this_year or busan_today().year) else f"{date.year}년 "
        return f"{year}{date.month}월 {date.day}일 ({KOREAN_DAYS[date.weekday()]})"
    return f"{ENGLISH_DAYS[date.weekday()]} {date.day} {ENGLISH_MONTHS[date.month - 1]} {date.year}"


def busan_today():
    return datetime.datetime.now(ZoneInfo("Asia/Seoul")).date()


def signed_in(server, browsers, language="en", width=390, height=844, email="kim@example.org"):
    driver = browsers(language=language, width=width, height=height)
    set_up(driver, add_operator(server, email, "pnu-busan"))
    sign_in(driver, server, email)
    wait_for(driver, lambda d: d.current_url.endswith("/admin"))
    return driver


def visible_picker(driver):
    """The drawing and image button of the map shown at this size (the other size's is not displayed)."""
    frames = [frame for frame in driver.find_elements(By.CSS_SELECTOR, ".picker-frame") if frame.is_displayed()]
    assert len(frames) == 1
    return frames[0], frames[0].find_element(By.CSS_SELECTOR, "svg"), frames[0].find_element(By.CSS_SELECTOR,
                                                                                            "input[type=image]")


def area_places(server, area="pnu-busan", language="en"):
    request = urllib.request.Request(server.url(f"/api/v1/areas/{area}/places"), headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["places"]


def to_coordinate(svg, x_fraction, y_fraction):
    """The coordinate under a point of the drawing, from the projection it carries (Web Mercator at its zoom)."""
    zoom, origin_x, origin_y, width, height = (float(svg.get_attribute(f"data-{key}"))
                                               for key in ("zoom", "origin-x", "origin-y", "width", "height"))
    size = 256 * 2 ** zoom
    x, y = origin_x + x_fraction * width, origin_y + y_fraction * height
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / size)))), x / size * 360 - 180


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("width, height", SIZES)
def test_the_position_picker_at_the_areas_shape_with_its_places(clocked, browsers, width, height, language):
    driver = signed_in(clocked, browsers, language, width, height)
    driver.get(clocked.url("/admin/areas/pnu-busan/places/new"))
    frame, svg, target = visible_picker(driver)
    # The map keeps the area's shape: shown as tall as its drawing is for its width, nothing squeezed or boxed.
    shown = target.rect
    drawing = float(svg.get_attribute("data-height")) / float(svg.get_attribute("data-width"))
    assert abs(shown["height"] / shown["width"] / drawing - 1) < 0.02
    assert abs(svg.rect["height"] / svg.rect["width"] / drawing - 1) < 0.02
    assert shown["width"] <= width - 32 and shown["height"] >= 200
    # Every place of the area is drawn, inside the map, clearly: a full-strength pin, most with their names.
    places = area_places(clocked, language=language)
    pins = frame.find_elements(By.CSS_SELECTOR, "circle.picker-pin")
    assert len(pins) == len(places) >= 5
    for pin in pins:
        assert driver.execute_script("return getComputedStyle(arguments[0]).opacity", pin) == "1"
        assert pin.rect["width"] >= 9
        assert shown["x"] <= pin.rect["x"] and pin.rect["x"] + pin.rect["width"] <= shown["x"] + shown["width"]
    names = {place["name"] for place in places}
    labels = [label.text for label in frame.find_elements(By.CSS_SELECTOR, "text.picker-name")]
    assert set(labels) <= names and len(labels) >= len(places) - 1
    # Nothing is prefilled and nothing marked.
    assert driver.find_element(By.ID, "latitude").get_attribute("value") == ""
    assert driver.find_element(By.ID, "longitude").get_attribute("value") == ""
    assert not frame.find_element(By.CSS_SELECTOR, ".map-picked").is_displayed()

    # Saving without a position: a clear problem on the field, nothing saved.
    fill(driver, "nameEn", "Picked Place")
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    problem = wait_for(driver, settled(lambda d: d.find_element(By.ID, "latitude-problem")))
    assert ("Set the position" if language == "en" else "위치를 정해 주세요") in problem.text
    assert driver.find_element(By.ID, "latitude").get_attribute("aria-invalid") == "true"
    assert "href=\"#latitude\"" in driver.find_element(By.CSS_SELECTOR, ".error-summary").get_attribute("innerHTML")

    # A click sets the fields and the marker where it was, and says so.
    frame, svg, target = visible_picker(driver)
    offset = (round(target.rect["width"] * 0.3), round(target.rect["height"] * 0.6))
    ActionChains(driver).move_to_element_with_offset(
        target, offset[0] - target.rect["width"] / 2, offset[1] - target.rect["height"] / 2).click().perform()
    latitude = float(driver.find_element(By.ID, "latitude").get_attribute("value"))
    longitude = float(driver.find_element(By.ID, "longitude").get_attribute("value"))
    # Where the click was, to a pixel and a half (the pointer lands on whole pixels).
    low = to_coordinate(svg, (offset[0] - 1.5) / target.rect["width"], (offset[1] + 1.5) / target.rect["height"])
    high = to_coordinate(svg, (offset[0] + 1.5) / target.rect["width"], (offset[1] - 1.5) / target.rect["height"])
    assert low[0] <= latitude <= high[0] and low[1] <= longitude <= high[1]
    marker = frame.find_element(By.CSS_SELECTOR, ".map-picked")
    assert marker.is_displayed()
    tip = (marker.rect["x"] + marker.rect["width"] / 2, marker.rect["y"] + marker.rect["height"])
    assert abs(tip[0] - (target.rect["x"] + offset[0])) < 3 and abs(tip[1] - (target.rect["y"] + offset[1])) < 3
    wait_for(driver, lambda d: f"{latitude:.6f}, {longitude:.6f}" in d.find_element(By.ID, "announcer").text)
    assert not driver.find_element(By.ID, "latitude-problem").is_displayed()
    # Typed coordinates move the marker (further north is higher up).
    clicked_at = marker.rect["y"]
    fill(driver, "latitude", f"{latitude + 0.001:.6f}")
    assert marker.rect["y"] < clicked_at - 5
    fill(driver, "latitude", f"{latitude:.6f}")
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    wait_for(driver, lambda d: "done=saved" in d.current_url)
    assert "/admin/places/picked-place?" in driver.current_url
    assert abs(float(driver.find_element(By.ID, "latitude").get_attribute("value")) - latitude) < 1e-9
    assert visible_picker(driver)[0].find_element(By.CSS_SELECTOR, ".map-picked").is_displayed()


def test_the_position_picked_without_a_script(clocked):
    """A browser without JavaScript: the click sends the form, which comes back with the position and the marker."""
    for width, height in SIZES:
        driver = make_browser(width=width, height=height)
        try:
            driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            if width >= 600:
                # The window is this size already; DevTools' desktop metrics override, on a scrolled page, shifts
                # the click an image button sends by part of the scroll; with the window's own metrics it lands right.
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            set_up(driver, add_operator(clocked, f"nojs{width}@example.org", "pnu-busan"))
            sign_in(driver, clocked, f"nojs{width}@example.org")
            wait_for(driver, lambda d: d.current_url.endswith("/admin"))
            driver.get(clocked.url("/admin/areas/pnu-busan/places/new"))
            fill(driver, "nameEn", "No Script Kitchen")
            frame, svg, target = visible_picker(driver)
            ActionChains(driver).move_to_element_with_offset(target, 0, 0).click().perform()
            wait_for(driver, lambda d: d.find_element(By.ID, "latitude").get_attribute("value"))
            assert "Position set from the map" in driver.find_element(By.CSS_SELECTOR, ".notice").text
            assert driver.find_element(By.ID, "nameEn").get_attribute("value") == "No Script Kitchen"
            latitude = float(driver.find_element(By.ID, "latitude").get_attribute("value"))
            longitude = float(driver.find_element(By.ID, "longitude").get_attribute("value"))
            frame, svg, target = visible_picker(driver)
            box = target.rect
            low = to_coordinate(svg, 0.5 - 1.5 / box["width"], 0.5 + 1.5 / box["height"])
            high = to_coordinate(svg, 0.5 + 1.5 / box["width"], 0.5 - 1.5 / box["height"])
            assert low[0] <= latitude <= high[0] and low[1] <= longitude <= high[1]
            assert frame.find_element(By.CSS_SELECTOR, ".map-picked").is_displayed()
            # Enter in a field saves (the map is the form's first submit button, sent at 0,0).
            driver.find_element(By.ID, "nameEn").send_keys("\n")
            wait_for(driver, lambda d: "done=saved" in d.current_url)
            assert "/admin/places/no-script-kitchen" in driver.current_url
        finally:
            driver.quit()


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_id_is_made_from_the_name(clocked, browsers, language):
    driver = signed_in(clocked, browsers, language)
    driver.get(clocked.url("/admin/areas/pnu-busan/places/new"))
    identifier = driver.find_element(By.ID, "id")
    fill(driver, "nameKo", "시험 식당")
    wait_for(driver, lambda d: identifier.get_attribute("value") == "siheom-sigdang")
    # The English name comes first; a taken id gets a number.
    fill(driver, "nameEn", "Geumjeong Hall")
    wait_for(driver, lambda d: identifier.get_attribute("value") == "geumjeong-hall")
    fill(driver, "nameEn", "Test Kitchen")
    wait_for(driver, lambda d: identifier.get_attribute("value") == "test-kitchen")
    # Typed by hand, the id stays as typed.
    fill(driver, "id", "pnu-busan-test-kitchen")
    fill(driver, "nameEn", "Test Kitchen Two")
    fill(driver, "latitude", "35.2331")
    fill(driver, "longitude", "129.0795")
    assert identifier.get_attribute("value") == "pnu-busan-test-kitchen"
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    wait_for(driver, lambda d: "done=saved" in d.current_url)
    assert "/admin/places/pnu-busan-test-kitchen?" in driver.current_url


def set_weekly_hours(driver, server, place, weekdays="11:00-14:00, 17:00-19:30"):
    driver.get(server.url(f"/admin/places/{place}"))
    for day in ("Mo", "Tu", "We", "Th", "Fr"):
        fill(driver, f"hours{day}", weekdays)
    for day in ("Sa", "Su"):
        driver.find_element(By.ID, f"hours{day}").clear()
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    wait_for(driver, lambda d: "done=saved" in d.current_url)


def day_section(driver, date):
    return driver.find_element(By.ID, f"day-{date}")


def press(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


@pytest.mark.parametrize("width, height, language", [(390, 844, "en"), (1280, 800, "ko")])
def test_a_week_entered_on_one_page_saved_once_and_shown_on_the_board(clocked, browsers, width, height, language):
    driver = signed_in(clocked, browsers, language, width, height)
    place = "pnu-busan-test-kitchen"
    driver.get(clocked.url("/admin/areas/pnu-busan/places/new"))
    # The id first: typed by hand, the name no longer makes it.
    fill(driver, "id", place)
    fill(driver, "nameEn", "Test Kitchen")
    Select(driver.find_element(By.ID, "kind")).select_by_value("cafeteria")
    fill(driver, "latitude", "35.2331")
    fill(driver, "longitude", "129.0795")
    driver.find_element(By.CSS_SELECTOR, ".console-form .sheet-foot button[type=submit]").click()
    wait_for(driver, lambda d: "done=saved" in d.current_url)
    assert f"/admin/places/{place}?" in driver.current_url
    set_weekly_hours(driver, clocked, place)

    # Next week, so no day of it has passed.
    today = busan_today()
    sunday = today - datetime.timedelta(days=(today.weekday() + 1) % 7) + datetime.timedelta(days=7)
    days = [sunday + datetime.timedelta(days=offset) for offset in range(7)]
    driver.get(clocked.url(f"/admin/places/{place}/menus?week={days[3]}"))
    # Every day of the week is on the page, in the console's date format; the weekend is marked closed.
    for date in days:
        assert shown_date(date, language) == day_section(driver, date).find_element(By.TAG_NAME, "h2").text
    closed = "Closed (opening hours)" if language == "en" else "휴무(영업시간)"
    assert closed in day_section(driver, days[0]).text and closed in day_section(driver, days[6]).text
    assert closed not in day_section(driver, days[1]).text
    strip = driver.find_elements(By.CSS_SELECTOR, ".week-strip li")
    assert [item.get_attribute("class") for item in strip] == ["closed", "", "", "", "", "", "closed"]

    # Monday: two meals in the blank rows, a third added, and a second category added; no page load between.
    monday = day_section(driver, days[1])
    fill(driver, "d1-c0-name", "중식")
    fill(driver, "d1-c0-m0-name", "비빔밥")
    fill(driver, "d1-c0-m0-student", "4500")
    fill(driver, "d1-c0-m1-name", "김밥")
    press(driver, monday.find_element(By.CSS_SELECTOR, "[data-category] [data-add-meal]"))
    wait_for(driver, lambda d: d.find_elements(By.ID, "d1-c0-m2-name"))
    assert driver.switch_to.active_element.get_attribute("id") == "d1-c0-m2-name"
    fill(driver, "d1-c0-m2-name", "떡볶이")
    fill(driver, "d1-c0-m2-student", "3000")
    press(driver, monday.find_element(By.CSS_SELECTOR, "[data-add-category]"))
    wait_for(driver, lambda d: d.find_elements(By.ID, "d1-c1-name"))
    fill(driver, "d1-c1-name", "석식")
    fill(driver, "d1-c1-m0-name", "국수")
    page = driver.current_url

    # Copied to Tuesday to Friday, in the page: not saved yet.
    press(driver, monday.find_element(By.CSS_SELECTOR, ".copy-day summary"))
    for target in (2, 3, 4, 5):
        press(driver, monday.find_element(By.CSS_SELECTOR, f"input[name=copy-to-1][value='{target}']"))
    press(driver, monday.find_element(By.CSS_SELECTOR, "button[name=copy]"))
    status = monday.find_element(By.CSS_SELECTOR, "[data-copy-status]")
    wait_for(driver, lambda d: status.is_displayed())
    assert ("Not saved yet" if language == "en" else "아직 저장하지 않았어요") in status.text
    assert driver.current_url == page
    for day in (2, 3, 4, 5):
        assert driver.find_element(By.ID, f"d{day}-c0-m2-name").get_attribute("value") == "떡볶이"
        assert driver.find_element(By.ID, f"d{day}-c1-m0-name").get_attribute("value") == "국수"
    fill(driver, "d5-c0-m0-name", "금요 비빔밥")

    # A meal typed for Saturday, when the place is closed: a warning, and the menu is still kept.
    saturday = day_section(driver, days[6])
    warning = saturday.find_element(By.CSS_SELECTOR, "[data-closed-warning]")
    assert not warning.is_displayed()
    fill(driver, "d6-c0-name", "중식")
    fill(driver, "d6-c0-m0-name", "토요 특식")
    assert warning.is_displayed()

    press(driver, driver.find_element(By.CSS_SELECTOR, ".week-save button[type=submit]"))
    wait_for(driver, lambda d: "done=saved" in d.current_url)
    notice = driver.find_element(By.CSS_SELECTOR, ".notice.warning[role=status]").text
    assert notice == ("Saved. 1 day with a menu is closed: see below." if language == "en"
                      else "저장했어요. 메뉴가 있는데 휴무인 날이 1개 있어요. 아래를 보세요.")
    assert day_section(driver, days[6]).find_element(By.CSS_SELECTOR, "[data-closed-warning]").is_displayed()
    assert driver.find_element(By.ID, "d4-c0-m2-name").get_attribute("value") == "떡볶이"

    # Saved once: one audit entry for the week.
    driver.get(clocked.url("/admin/areas/pnu-busan/audit?action=menu.week"))
    assert len(driver.find_elements(By.CSS_SELECTOR, ".audit-entry")) == 1

    # The board shows the week's days.
    for day, meal in ((1, "비빔밥"), (4, "떡볶이"), (5, "금요 비빔밥")):
        driver.get(clocked.url(f"/areas/pnu-busan/menus?date={days[day]}"))
        card = driver.find_element(By.CSS_SELECTOR, f".board-card[data-place='{place}']")
        assert meal in card.get_attribute("textContent"), (day, meal)

    # Closing Wednesday, which has a menu, on the hours form: saved, the menu kept, and a warning.
    driver.get(clocked.url(f"/admin/places/{place}"))
    fill(driver, "exceptionDate", shown_date(days[3], language))
    press(driver, driver.find_element(By.CSS_SELECTOR, "#exceptions input[name=closed][value='1']"))
    press(driver, driver.find_element(By.CSS_SELECTOR, "#exceptions form.console-form button[type=submit]"))
    wait_for(driver, lambda d: "done=exception-added" in d.current_url)
    warned = driver.find_element(By.CSS_SELECTOR, ".notice.warning").text
    assert shown_date(days[3], language) in warned
    assert ("it is kept, but the public pages show the day as closed" if language == "en"
            else "메뉴는 남지만 공개 페이지에는 휴무로 나와요") in warned
    assert shown_date(days[3], language) in driver.find_element(By.ID, "exceptions").text
    driver.get(clocked.url(f"/admin/places/{place}/menus?week={days[0]}"))
    assert driver.find_element(By.ID, "d3-c0-m0-name").get_attribute("value") == "비빔밥"
    assert day_section(driver, days[3]).find_element(By.CSS_SELECTOR, "[data-closed-warning]").is_displayed()


ISO_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")
US_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b")


@pytest.mark.parametrize("language", ["en", "ko"])
def test_dates_shown_and_typed_in_one_format(clocked, browsers, language):
    driver = signed_in(clocked, browsers, language, 1280, 800)
    place = "pnu-busan-geumjeong-hall"
    today = busan_today()
    later = today + datetime.timedelta(days=10)
    driver.get(clocked.url(f"/admin/places/{place}"))
    # The date field has the console's format as its example, and takes a date typed that way.
    assert driver.find_elements(By.CSS_SELECTOR, "input[type=date]") == []
    example = driver.find_element(By.ID, "exceptionDate").get_attribute("placeholder")
    assert example == shown_date(today + datetime.timedelta(days=3), language)
    fill(driver, "exceptionDate", shown_date(later, language))
    press(driver, driver.find_element(By.CSS_SELECTOR, "#exceptions input[name=closed][value='1']"))
    press(driver, driver.find_element(By.CSS_SELECTOR, "#exceptions form.console-form button[type=submit]"))
    wait_for(driver, lambda d: "done=exception-added" in d.current_url)
    assert shown_date(later, language) in driver.find_element(By.ID, "exceptions").text
    # A date that is not one says what to type, in the same format.
    fill(driver, "exceptionDate", "31/31")
    press(driver, driver.find_element(By.CSS_SELECTOR, "#exceptions form.console-form button[type=submit]"))
    problem = wait_for(driver, settled(lambda d: d.find_element(By.ID, "exceptionDate-problem"))).text
    assert shown_date(today + datetime.timedelta(days=3), language) in problem

    # No console page shows a date as ISO or in US order, or picks one with the browser's own date field.
    for path in (f"/admin/places/{place}", f"/admin/places/{place}/menus", "/admin/areas/pnu-busan/audit",
                 "/admin/areas/pnu-busan/places"):
        driver.get(clocked.url(path))
        text = driver.find_element(By.TAG_NAME, "main").text
        assert not ISO_DATE.search(text) and not US_DATE.search(text), (path, ISO_DATE.search(text))
        assert driver.find_elements(By.CSS_SELECTOR, "input[type=date]") == [], path
    driver.get(clocked.url(f"/admin/places/{place}/menus"))
    sunday = today - datetime.timedelta(days=(today.weekday() + 1) % 7)
    assert day_section(driver, sunday).find_element(By.TAG_NAME, "h2").text == shown_date(sunday, language)
