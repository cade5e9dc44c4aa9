"""The menu board on a phone (390x844): today's menus of the PNU Busan campus, days by tap, swipe and arrow key,
a star that brings its card to the top on the next view, the price shown large, the dietary filter, and the same
without JavaScript by links and forms; in English and Korean.

The server's clock is set through --test-clock-file to Tuesday 17 November 2026, 12:30 in Busan (03:30 UTC); the
demo's sample menus are written for that week and the next. On Sundays the campus cafeterias are closed and the
dormitory serves."""


import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import clocked_server, settled, wait_for

# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan.
NOW = 1_794_886_200
BOARD = "/areas/pnu-busan/menus"
SERVING = ["pnu-busan-geumjeong-hall", "pnu-busan-munchang-hall", "pnu-busan-student-union", "pnu-busan-woongbi-hall"]


@pytest.fixture
def campus(tmp_path):
    with clocked_server(tmp_path, NOW) as instance:
        yield instance



def board_date(driver):
    return driver.execute_script("return document.getElementById('board')?.dataset.date || ''")


def cards(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#board .board-card')].map(card => card.dataset.place)")


def rows(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#board .rest-row')].map(row => row.dataset.place)")


def card(driver, place):
    return driver.find_element(By.CSS_SELECTOR, f'#board .board-card[data-place="{place}"]')


def big_price(driver, place, meal_index=0):
    """The large price of a card's first open category's meal, as "role amount"."""
    return driver.execute_script(
        """const meal = document.querySelectorAll(`#board .board-card[data-place="${arguments[0]}"]
                                                  details[open] .meal`)[arguments[1]];
           const mine = meal?.querySelector('.my-price');
           return mine ? mine.innerText.replace(/\\s+/g, ' ') : '';""", place, meal_index)


def swipe(driver, dx):
    """A one-finger horizontal drag across the board's first meal, as a touch screen sends it."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    box = driver.execute_script(
        "const meal = document.querySelector('#board details[open] .meal-name');"
        "meal.scrollIntoView({block: 'center'});"
        "const r = meal.getBoundingClientRect();"
        "return {x: r.left + r.width / 2, y: r.top + r.height / 2};")
    x, y = box["x"] - dx / 2, box["y"]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": "touchMove", "touchPoints": [{"x": x + dx * step / 5, "y": y + step}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_todays_board_lists_every_cafeteria_with_lunch_first(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    assert board_date(driver) == "2026-11-17"
    today = driver.find_element(By.CSS_SELECTOR, "#board .days a[aria-current=page]")
    assert today.get_attribute("data-today") == "true"
    assert [e.text.split("\n")[0] for e in driver.find_elements(By.CSS_SELECTOR, "#board .days a")] == [
        "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    assert cards(driver) == SERVING
    assert rows(driver) == ["pnu-busan-jayu-hall", "pnu-busan-jinri-hall", "pnu-busan-saetbeol-hall"]
    assert all(e.text == "No menu yet" for e in driver.find_elements(By.CSS_SELECTOR, ".rest-reason"))
    first = card(driver, SERVING[0]).find_elements(By.CSS_SELECTOR, "details.menu-category")[0]
    assert first.find_element(By.CSS_SELECTOR, ".category-name").text == "중식"
    assert first.find_element(By.CSS_SELECTOR, ".now-badge").text == "Now"
    assert first.get_attribute("open") is not None
    assert card(driver, SERVING[0]).find_element(By.CSS_SELECTOR, ".card-state").text == "Lunch now"
    # The other meal periods are folded, one tap away.
    folded = card(driver, SERVING[0]).find_elements(By.CSS_SELECTOR, "details.menu-category:not([open])")
    assert folded
    folded[0].find_element(By.TAG_NAME, "summary").click()
    assert folded[0].get_attribute("open") is not None
    assert big_price(driver, SERVING[0]) == "Students ₩5,000"
    assert "SAMPLE" not in driver.page_source and "Sample menu for the demo" in driver.page_source
    # The campus's tabs, with Menus current.
    tabs = driver.find_elements(By.CSS_SELECTOR, ".area-tabs a")
    assert [t.text for t in tabs] == ["Menus", "Map", "List"]
    assert tabs[0].get_attribute("aria-current") == "page"


def test_a_swipe_turns_the_day_and_crosses_into_the_next_week(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    swipe(driver, -200)  # finger moves left: the next day
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-18"))
    assert "date=2026-11-18" in driver.current_url
    assert "Wednesday, November 18" in driver.find_element(By.ID, "board-date").text
    swipe(driver, 200)  # and back
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-17"))
    # A mostly vertical drag is scrolling, not a swipe.
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 200, "y": 700}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": 130, "y": 400}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # Saturday to Sunday: the week selector moves on to the next week.
    driver.get(campus.url(BOARD + "?date=2026-11-21"))
    swipe(driver, -200)
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-22"))
    days = driver.execute_script(
        "return [...document.querySelectorAll('#board .days a')].map(a => a.querySelector('.day-number').textContent)")
    assert days == ["22", "23", "24", "25", "26", "27", "28"]
    assert board_date(driver) == "2026-11-22"


def test_arrow_keys_and_links_turn_the_day(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-18"))
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-17"))
    # Sunday: the cafeterias are closed, the dormitory serves.
    driver.find_element(By.CSS_SELECTOR, '#board .days a[href*="date=2026-11-15"]').click()
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-15"))
    assert cards(driver) == ["pnu-busan-woongbi-hall"]
    reasons = {row: driver.find_element(By.CSS_SELECTOR, f'.rest-row[data-place="{row}"] .rest-reason').text
               for row in rows(driver)}
    assert reasons["pnu-busan-geumjeong-hall"] == "Closed"
    assert reasons["pnu-busan-jinri-hall"] == "No menu yet"
    assert driver.find_element(By.CSS_SELECTOR, ".board-rest h3").text == "Not serving this day"
    driver.back()
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-17"))


def test_a_star_keeps_the_card_in_place_and_brings_it_to_the_top_next_time(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    last = SERVING[-1]
    star = card(driver, last).find_element(By.CSS_SELECTOR, ".bookmark-button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", star)
    star.click()
    wait_for(driver, lambda d: card(d, last).find_element(By.CSS_SELECTOR, ".bookmark-button")
             .get_attribute("aria-pressed") == "true")
    assert cards(driver) == SERVING  # no jump under the finger
    assert driver.current_url.endswith(BOARD)
    driver.refresh()
    assert cards(driver) == [last] + SERVING[:-1]
    api = driver.execute_script(
        "return fetch('/api/v1/areas/pnu-busan/menus').then(r => r.json()).then(b => b.menus.map(m => m.placeId))")
    assert api[:4] == cards(driver)


def test_the_price_role_changes_the_big_price_and_stays(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    assert big_price(driver, SERVING[0]) == "Students ₩5,000"
    driver.find_element(By.CSS_SELECTOR, ".roles button[value=employee]").click()
    wait_for(driver, settled(lambda d: big_price(d, SERVING[0]) == "Staff ₩6,000"))
    pressed = driver.find_element(By.CSS_SELECTOR, ".roles button[aria-pressed=true]")
    assert pressed.get_attribute("value") == "employee"
    assert driver.switch_to.active_element == pressed  # the focus stays on the chooser
    # The other prices stay available.
    others = card(driver, SERVING[0]).find_element(By.CSS_SELECTOR, "details[open] .other-prices").text
    assert "Students" in others and "₩5,000" in others
    driver.refresh()
    assert big_price(driver, SERVING[0]) == "Staff ₩6,000"


def test_the_filter_hides_meals_with_an_avoided_allergen(campus, browser):
    driver = browser()
    driver.get(campus.url(BOARD))
    lunch = card(driver, SERVING[0]).find_element(By.CSS_SELECTOR, "details[open]")
    assert "닭갈비" in lunch.text  # Tuesday's chicken galbi, with eggs (난류)
    driver.find_element(By.CSS_SELECTOR, ".filter-toggle").click()
    eggs = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".diet-filter input[value=eggs]"))[0]
    assert BOARD + "?filter=open" in driver.current_url
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", eggs)
    eggs.click()
    driver.find_element(By.CSS_SELECTOR, ".diet-filter button[type=submit]").click()
    wait_for(driver, settled(lambda d: "without eggs" in d.find_element(By.CSS_SELECTOR, ".filter-state").text))
    assert not driver.find_elements(By.CSS_SELECTOR, ".diet-filter form")  # closed again
    assert driver.current_url.endswith(BOARD)
    # Lunch has nothing left: folded, saying so; its text is there once unfolded.
    lunch = card(driver, SERVING[0]).find_element(By.CSS_SELECTOR, "details[data-period=lunch]")
    assert lunch.get_attribute("open") is None
    assert "Lunch · 0 dishes" in lunch.text
    hidden = lunch.get_attribute("textContent")
    assert "닭갈비" not in hidden
    assert "비빔밥" not in hidden  # the bibimbap comes with a fried egg (난류) too
    assert "2 dishes hidden by your filter" in hidden
    # Remembered: on the next visit, and in the settings.
    driver.get(campus.url("/settings"))
    assert driver.find_element(By.CSS_SELECTOR, "input[name=avoidAllergens][value=eggs]").is_selected()


def test_the_whole_board_works_without_javascript(campus, browser):
    driver = browser()
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(campus.url(BOARD))
    driver.find_element(By.CSS_SELECTOR, '#board .days a[href*="date=2026-11-19"]').click()
    wait_for(driver, settled(lambda d: "date=2026-11-19" in d.current_url and board_date(d) == "2026-11-19"))
    driver.find_element(By.CSS_SELECTOR, "#board a.day-step[rel=next]").click()
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-20"))
    driver.find_element(By.CSS_SELECTOR, ".roles button[value=other]").click()
    wait_for(driver, settled(lambda d: big_price(d, SERVING[0]).startswith("Guests")))
    assert board_date(driver) == "2026-11-20"  # the form came back to the same day
    driver.find_element(By.CSS_SELECTOR, ".filter-toggle").click()
    wait_for(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, ".diet-filter input[name=diet][value=vegetarian]")))
    driver.find_element(By.CSS_SELECTOR, ".diet-filter input[name=diet][value=vegetarian]").click()
    driver.find_element(By.CSS_SELECTOR, ".diet-filter button[type=submit]").click()
    wait_for(driver, settled(lambda d: "Vegetarian" in d.find_element(By.CSS_SELECTOR, ".filter-state").text))
    assert "hidden by your filter" in driver.find_element(By.ID, "board").text
    last = cards(driver)[-1]
    star = card(driver, last).find_element(By.CSS_SELECTOR, ".bookmark-button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", star)
    star.click()
    wait_for(driver, settled(lambda d: cards(d)[0] == last))
    assert board_date(driver) == "2026-11-20"


def test_korean_board(campus, browser):
    driver = browser(language="ko")
    driver.get(campus.url(BOARD + "?date=2026-11-15"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "부산캠퍼스"
    assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#board .day-name")] == [
        "일", "월", "화", "수", "목", "금", "토"]
    assert driver.find_element(By.ID, "board-date").text == "11월 15일 일요일"
    assert [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".area-tabs a")] == ["식단", "지도", "목록"]
    woongbi = card(driver, "pnu-busan-woongbi-hall")
    assert woongbi.find_element(By.CSS_SELECTOR, ".card-title").text == "웅비관"
    assert woongbi.find_element(By.CSS_SELECTOR, ".card-alt").text == "Woongbi Hall"
    reasons = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".rest-reason")]
    assert "휴무" in reasons and "식단 미등록" in reasons
    driver.find_element(By.CSS_SELECTOR, "#board .menu-back").click()
    wait_for(driver, settled(lambda d: board_date(d) == "2026-11-17"))
    assert big_price(driver, SERVING[0]) == "학생 ₩5,000"


@pytest.fixture
def campus_deployment(tmp_path):
    """The demo as a campus runs it: `grubmap serve --default-area pnu-busan`, as 뿌대식 opens on 부산."""
    with clocked_server(tmp_path, NOW, ["--default-area", "pnu-busan"]) as instance:
        yield instance


def test_the_campus_opens_on_its_board(campus_deployment, browser):
    campus = campus_deployment
    driver = browser()
    driver.get(campus.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()
    wait_for(driver, lambda d: BOARD + "?locate=1" in d.current_url)  # then it asks for the position
    driver.get(campus.url("/"))
    wait_for(driver, lambda d: d.current_url.endswith(BOARD))
    driver.find_element(By.CSS_SELECTOR, ".area-tabs a[data-tab=map]").click()
    assert driver.find_element(By.ID, "view-map").is_selected()
    assert driver.find_element(By.CSS_SELECTOR, ".map-pane").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, ".area-tabs a[aria-current=page]").text == "Map"
    driver.find_element(By.CSS_SELECTOR, ".area-tabs a[data-tab=list]").click()
    assert driver.find_element(By.CSS_SELECTOR, ".list-pane").is_displayed()
    assert driver.current_url.endswith("/areas/pnu-busan")
