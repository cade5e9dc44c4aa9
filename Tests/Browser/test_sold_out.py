"""Sold-out meals in a real browser: three people tap "Sold out?" on today's place page, and the meal is struck with
the time and listed last in its category, on the place page and on the board, for everyone.

The server's clock is set through --test-clock-file to Tuesday 17 November 2026, 12:30 in Busan (03:30 UTC); the
demo's sample menus are written for that week."""

import pytest
from selenium.webdriver.common.by import By

from conftest import browsers_checked, clocked_server, wait_for
from pages import sign_in_operator

# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan.
NOW = 1_794_886_200
PLACE = "/places/pnu-busan-geumjeong-hall"


@pytest.fixture
def browsers():
    """Makes fresh browser profiles (each a person of its own, by its device cookie)."""
    yield from browsers_checked()


def lunch_meals(driver):
    """The ids of the meals of the category named 중식 on the page, in the order shown."""
    return driver.execute_script(
        "const category = [...document.querySelectorAll('#menu details')]"
        ".find((d) => d.querySelector('.category-name')?.textContent === '중식');"
        "return [...category.querySelectorAll('.meal')].map((m) => m.dataset.meal)")


def test_three_peoples_taps_strike_the_meal_on_the_place_page_and_the_board(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        people = [browsers() for _ in range(3)]
        first = None
        for index, driver in enumerate(people):
            driver.get(server.url(PLACE))
            meals = lunch_meals(driver)
            first = first or meals[0]
            button = driver.find_element(By.CSS_SELECTOR, f'.meal[data-meal="{first}"] .sold-out-report')
            assert button.text == "Sold out?"
            button.click()
            if index < 2:
                wait_for(driver, lambda d: d.find_elements(
                    By.CSS_SELECTOR, f'.meal[data-meal="{first}"] .sold-out-thanks'))
                assert "Thanks!" in driver.find_element(By.CSS_SELECTOR, ".sold-out-thanks").text
        # The third tap marks it: struck, with the time, and last in its category.
        last = people[2]
        wait_for(last, lambda d: d.find_elements(By.CSS_SELECTOR, f'.meal.sold-out[data-meal="{first}"]'))
        meal = last.find_element(By.CSS_SELECTOR, f'.meal[data-meal="{first}"]')
        assert meal.find_element(By.CSS_SELECTOR, ".sold-out-note").text == "Reported sold out 12:30"
        assert meal.find_elements(By.CSS_SELECTOR, ".meal-name s")
        assert not meal.find_elements(By.CSS_SELECTOR, ".sold-out-report")
        assert lunch_meals(last)[-1] == first
        # Another person's board shows the same.
        board = people[0]
        board.get(server.url("/areas/pnu-busan/menus"))
        struck = board.find_element(By.CSS_SELECTOR, f'.board-card .meal[data-meal="{first}"]')
        assert "sold-out" in struck.get_attribute("class")
        assert struck.find_element(By.CSS_SELECTOR, ".sold-out-note").text == "Reported sold out 12:30"


def test_meals_of_periods_already_over_offer_no_sold_out_question(tmp_path, browsers):
    # 15:00 in Busan: breakfast and lunch are over at Geumjeong Hall, dinner is still to come.
    afternoon = NOW + 150 * 60
    with clocked_server(tmp_path, afternoon) as server:
        person, operator = browsers(), browsers()
        person.get(server.url(PLACE))
        questions = person.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#menu details[data-period]')].map((d) =>"
            " [d.dataset.period, [d.querySelectorAll('.meal').length,"
            "  d.querySelectorAll('.sold-out-report').length]]))")
        assert set(questions) >= {"breakfast", "lunch", "dinner"}, questions
        for period in ("breakfast", "lunch"):
            meals, buttons = questions[period]
            assert meals > 0 and buttons == 0, (period, questions)
        meals, buttons = questions["dinner"]
        assert meals > 0 and buttons == meals, questions
        # The operator still marks any of today's meals in the console, breakfast's too.
        sign_in_operator(operator, server, "organiser@example.org")
        operator.get(server.url("/admin/places/pnu-busan-geumjeong-hall/menus"))
        breakfast = person.find_element(By.CSS_SELECTOR, "#menu details[data-period=breakfast] .meal")
        meal = breakfast.get_attribute("data-meal")
        assert operator.find_elements(
            By.CSS_SELECTOR, f'form:has([name=mealId][value="{meal}"]) .sold-out-toggle[aria-pressed=false]')
