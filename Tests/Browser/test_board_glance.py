"""The board at a glance and the day rule, as a phone (390x844) and a desktop (1280x800) show them, in English and
Korean: each serving cafeteria's meal now with its price within the first screen and a half, places the vegetarian
filter empties at the end saying so, the week strip in sight while scrolling, a closed day closed on the board and
the place page though its menu is stored, and the venue's sample hours (Open now) with no price-role chooser.

The servers' clocks are set through --test-clock-file: Tuesday 17 November 2026 at 12:30 in Busan for the campus,
and the same Tuesday at 12:30 in San José for the venue."""

import json
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import BINARY, BUSAN_LUNCH, clocked_server, settled, wait_for

# Tuesday 17 November 2026, 20:30 UTC = 12:30 in San José (BUSAN_LUNCH: the same day's lunch in Busan).
SAN_JOSE_LUNCH = 1_794_947_400
BOARD = "/areas/pnu-busan/menus"
VENUE = "san-jose-convention-center"
SERVING = ["pnu-busan-geumjeong-hall", "pnu-busan-munchang-hall", "pnu-busan-student-union", "pnu-busan-woongbi-hall"]
GEUMJEONG = SERVING[0]


@pytest.fixture
def campus(tmp_path):
    with clocked_server(tmp_path, BUSAN_LUNCH) as instance:
        yield instance


@pytest.fixture
def venue(tmp_path):
    with clocked_server(tmp_path, SAN_JOSE_LUNCH) as instance:
        yield instance


def glance(driver):
    """The glance's lines as the page lays them out: place, when, dish, price and the bottom of the line (px from the
    top of the page)."""
    return driver.execute_script(
        """return [...document.querySelectorAll('#board .glance-line')].map(line => ({
             place: line.dataset.place, timing: line.dataset.timing,
             when: line.querySelector('.glance-when')?.innerText ?? '',
             dish: line.querySelector('.glance-dish')?.innerText ?? '',
             price: line.querySelector('.glance-price')?.innerText ?? '',
             bottom: line.getBoundingClientRect().bottom + window.scrollY}))""")


@pytest.mark.parametrize("language, now, currency", [("en", "Lunch now", "₩"), ("ko", "지금 중식", "₩")])
def test_each_cafeterias_lunch_and_price_is_on_the_first_screen_and_a_half(campus, browser, language, now, currency):
    driver = browser(language=language)
    driver.get(campus.url(BOARD))
    lines = glance(driver)
    assert {line["place"] for line in lines[:4]} == set(SERVING)  # by name in the reader's language
    for line in lines[:4]:
        assert line["when"] == now
        assert line["dish"] and line["price"].startswith(currency)
        assert line["bottom"] <= 844 * 1.5, line
    print(f"\n{language}: the fourth place's lunch ends {lines[3]['bottom']:.0f} px down")
    # Each line leads to its card, on the same board: nothing fetched again, nothing redrawn.
    driver.execute_script("window.boardShown = document.getElementById('board')")
    driver.find_element(By.CSS_SELECTOR, f'.glance-line[data-place="{SERVING[3]}"] a').click()
    wait_for(driver, lambda d: d.current_url.endswith(f"#card-{SERVING[3]}"))
    assert driver.execute_script(
        "const board = document.getElementById('board'); return board === window.boardShown && !board.ariaBusy")
    heading = driver.find_element(By.ID, f"card-{SERVING[3]}")
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", heading)
    strip = driver.execute_script("return document.querySelector('.board-week').getBoundingClientRect().bottom")
    assert strip <= top < 844  # under the sticky week strip, not behind it


def test_the_glance_fits_a_desktop_in_two_columns(campus, browser):
    driver = browser(width=1280, height=800)
    driver.get(campus.url(BOARD))
    lines = glance(driver)
    assert all(line["bottom"] <= 800 for line in lines[:4])
    lefts = driver.execute_script(
        "return [...document.querySelectorAll('#board .glance-line')].map(l => l.getBoundingClientRect().left)")
    assert len(set(lefts)) == 2


def test_after_lunch_the_glance_says_whats_next_and_lunch_is_folded(tmp_path, browser):
    with clocked_server(tmp_path, BUSAN_LUNCH + 2 * 3600) as server:  # 14:30 in Busan
        driver = browser(language="ko")
        driver.get(server.url(BOARD))
        lines = {line["place"]: line for line in glance(driver)}
        assert lines[GEUMJEONG]["when"] == "석식 17:00부터"
        first = driver.find_element(By.CSS_SELECTOR, f'#board .board-card[data-place="{GEUMJEONG}"] details')
        assert first.get_attribute("data-period") == "dinner" and first.get_attribute("open") is not None
        lunch = driver.find_element(
            By.CSS_SELECTOR, f'#board .board-card[data-place="{GEUMJEONG}"] details[data-period=lunch]')
        assert lunch.get_attribute("open") is None


def test_after_the_days_last_meal_the_glance_says_tomorrows_first(tmp_path, browser):
    with clocked_server(tmp_path, BUSAN_LUNCH + 8 * 3600) as server:  # 20:30 in Busan
        driver = browser()
        driver.get(server.url(BOARD))
        lines = {line["place"]: line for line in glance(driver)}
        assert lines[GEUMJEONG]["when"] == "Tomorrow: Breakfast"
        assert lines[GEUMJEONG]["timing"] == "next-day"
        link = driver.find_element(By.CSS_SELECTOR, f'.glance-line[data-place="{GEUMJEONG}"] a')
        assert link.get_attribute("href").endswith(f"{BOARD}?date=2026-11-18#card-{GEUMJEONG}")


@pytest.mark.parametrize("language, nothing", [("en", "Nothing vegetarian here today"),
                                               ("ko", "오늘은 채식 메뉴가 없어요")])
def test_with_the_vegetarian_filter_places_with_nothing_drop_to_the_end(campus, browser, language, nothing):
    driver = browser(language=language)
    driver.get(campus.url(BOARD + "?filter=open"))
    vegetarian = driver.find_element(By.CSS_SELECTOR, ".diet-filter input[name=diet][value=vegetarian]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", vegetarian)
    vegetarian.click()
    driver.find_element(By.CSS_SELECTOR, ".diet-filter button[type=submit]").click()
    wait_for(driver, settled(lambda d: d.find_elements(By.CSS_SELECTOR, ".board-filtered")))
    cards = driver.execute_script(
        "return [...document.querySelectorAll('#board .board-card')].map(c => c.dataset.place)")
    filtered = driver.execute_script(
        "return [...document.querySelectorAll('#board .board-filtered .rest-row')].map(r => r.dataset.place)")
    # Tuesday: Geumjeong's bibimbap (vegetarian on request) and the Student Union's tofu bowl are vegetarian.
    assert set(cards) == {GEUMJEONG, "pnu-busan-student-union"}
    assert set(filtered) == {"pnu-busan-munchang-hall", "pnu-busan-woongbi-hall"}
    reasons = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".board-filtered .rest-reason")]
    assert reasons == [nothing, nothing]
    # Every card left has something to show open; categories the filter empties are folded.
    assert all(driver.find_elements(By.CSS_SELECTOR, f'#board .board-card[data-place="{c}"] details[open]')
               for c in cards)
    assert "0가지" not in driver.find_element(By.CSS_SELECTOR, ".glance").text
    # The cards come before the places with nothing, and those before the places not serving.
    order = driver.execute_script(
        "return [...document.querySelectorAll('#board [data-place]:is(.board-card, .rest-row)')].map(e => e.dataset.place)")
    assert order.index(filtered[0]) > max(order.index(c) for c in cards)
    assert [line["place"] for line in glance(driver)] == cards


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_the_week_strip_stays_in_sight_while_scrolling(campus, browser, width, height):
    driver = browser(width=width, height=height)
    driver.get(campus.url(BOARD))
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    strip = driver.execute_script(
        """const strip = document.querySelector('.board-week').getBoundingClientRect();
           const header = document.querySelector('.top').getBoundingClientRect();
           const day = document.querySelector('.board-week [aria-current=page]').getBoundingClientRect();
           const under = document.elementFromPoint(day.left + day.width / 2, day.top + day.height / 2);
           return {top: strip.top, header: header.bottom, dayTop: day.top,
                   current: under.closest('a')?.getAttribute('aria-current'), scrolled: window.scrollY}""")
    assert strip["scrolled"] > 600
    assert abs(strip["top"] - strip["header"]) <= 1
    assert strip["current"] == "page"  # the chosen day is on top, visible
    assert driver.find_element(By.CSS_SELECTOR, ".board-week [aria-current=page] .day-number").text == "17"


def admin_key(server, area):
    """A write key for `area`, made as an organiser scripts it (`grubmap api-key add`)."""
    output = subprocess.run(
        [str(BINARY), "api-key", "add", "--area", area, "--scope", "write", "--label", "browser test",
         "--database", str(server.database)], check=True, capture_output=True, text=True).stdout
    return output.strip().splitlines()[-1]


def admin(server, key, method, path, body=None):
    request = urllib.request.Request(
        server.url(path), method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.mark.parametrize("language, closed", [("en", "Closed: Founders' day"), ("ko", "휴무: Founders' day")])
def test_a_closed_day_is_closed_on_the_board_and_the_place_page(campus, browser, language, closed):
    key = admin_key(campus, "pnu-busan")
    place = admin(campus, key, "GET", f"/api/v1/admin/places/{GEUMJEONG}")
    place.pop("archived")
    place["openingHours"] = {"weekly": [{"days": "Mo-Sa", "opens": "08:00", "closes": "19:00"}],
                             "exceptions": [{"date": "2026-11-17", "hours": [], "note": "Founders' day"}]}
    admin(campus, key, "PUT", f"/api/v1/admin/places/{GEUMJEONG}", place)
    # The sample lunch is still stored for the day.
    stored = admin(campus, key, "GET", f"/api/v1/admin/places/{GEUMJEONG}/menu?date=2026-11-17")
    assert stored["status"] == "serving" and stored["closedBy"] == "exception"
    driver = browser(language=language)
    driver.get(campus.url(BOARD))
    assert not driver.find_elements(By.CSS_SELECTOR, f'#board .board-card[data-place="{GEUMJEONG}"]')
    assert GEUMJEONG not in [line["place"] for line in glance(driver)]
    row = driver.find_element(By.CSS_SELECTOR, f'#board .rest-row[data-place="{GEUMJEONG}"]')
    assert row.get_attribute("data-state") == "closed"
    assert row.find_element(By.CSS_SELECTOR, ".rest-reason").text == closed
    driver.get(campus.url(f"/places/{GEUMJEONG}"))
    message = driver.find_element(By.CSS_SELECTOR, "#menu .menu-closed")
    assert message.get_attribute("data-closed-by") == "exception"
    assert "Founders' day" in message.text
    assert "닭갈비" not in driver.find_element(By.ID, "menu").text
    today = driver.find_element(By.CSS_SELECTOR, "#menu .days a[aria-current=page]")
    assert today.get_attribute("data-kind") == "closed"
    # Sunday is closed by the weekly hours now: closed, not "no menu yet".
    driver.get(campus.url(BOARD + "?date=2026-11-22"))
    row = driver.find_element(By.CSS_SELECTOR, f'#board .rest-row[data-place="{GEUMJEONG}"]')
    assert row.get_attribute("data-state") == "closed"


@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_venue_is_open_by_its_sample_hours_and_has_no_role_chooser(venue, browser, language):
    driver = browser(language=language)
    driver.get(venue.url(f"/areas/{VENUE}?open=now"))
    listed = driver.execute_script(
        "return [...document.querySelectorAll('ul.places > li[data-place]')].map(row => row.dataset.place)")
    # Tuesday 12:30: Original Joe's and the market are open; Café Stritch opens Wednesday to Sunday at 16:00 and AC
    # Kitchen serves breakfast and dinner only.
    assert "original-joes" in listed and "san-pedro-square-market" in listed
    assert "cafe-stritch" not in listed and "ac-kitchen-san-jose" not in listed
    assert len(listed) >= 10
    driver.get(venue.url(f"/areas/{VENUE}/menus"))
    assert not driver.find_elements(By.CSS_SELECTOR, ".role-chooser")
    lines = {line["place"]: line for line in glance(driver)}
    assert lines["san-pedro-square-market"]["when"] == ("Lunch now" if language == "en" else "지금 중식")
    assert lines["san-pedro-square-market"]["price"].startswith("$")
    assert lines["ac-kitchen-san-jose"]["timing"] == "later"
    market = driver.find_element(By.CSS_SELECTOR, '#board .board-card[data-place="san-pedro-square-market"]')
    assert market.find_element(By.CSS_SELECTOR, ".card-state").get_attribute("data-open") == "true"
    assert not market.find_elements(By.CSS_SELECTOR, ".price-role")
    # The hours say they are a sample.
    driver.get(venue.url("/places/original-joes"))
    assert "Sample hours" in driver.find_element(By.CSS_SELECTOR, ".hours-note").text
