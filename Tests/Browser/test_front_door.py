"""The first screen, units and links out, as a San José attendee and a PNU student meet them: `/` opens the area the
operator set, else the one last opened, else the one nearest the person, else offers the areas (never the first by
id); distances in the reader's region's unit; places open in the map apps people use."""

import re
from urllib.parse import unquote

import pytest
from selenium.webdriver.common.by import By

from conftest import GrubmapServer, wait_for

SAN_JOSE = "/areas/san-jose-convention-center"
BUSAN_BOARD = "/areas/pnu-busan/menus"
CONVENTION_CENTER = {"latitude": 37.331516, "longitude": -121.891054, "accuracy": 20}
SAETBEOL_HALL = {"latitude": 35.234154, "longitude": 129.079683, "accuracy": 20}


def path(driver):
    return re.sub(r"^https?://[^/]+", "", driver.current_url)


def finish_the_tour(driver, server):
    driver.get(server.url("/"))
    driver.find_element(By.CSS_SELECTOR, "button[value=started]").click()


def cards(driver):
    return [(card.get_attribute("data-area"), card.find_element(By.CSS_SELECTOR, ".place-name").text,
             card.find_element(By.CSS_SELECTOR, ".kind").text) for card in
            driver.find_elements(By.CSS_SELECTOR, ".area-choice")]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_an_english_attendee_chooses_the_venue_and_comes_back_to_it(server, browser, width, height):
    driver = browser(language="en-US", width=width, height=height)
    finish_the_tour(driver, server)
    wait_for(driver, lambda d: path(d) == "/areas?locate=1")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Where are you eating?"
    # The venue first for an English reader, then the campuses; each named in English, with its kind and size.
    assert cards(driver) == [
        ("san-jose-convention-center", "San José McEnery Convention Center", "Venue"),
        ("pnu-busan", "Pusan National University, Busan Campus", "Campus"),
        ("pnu-miryang", "Pusan National University, Miryang Campus", "Campus"),
        ("pnu-yangsan", "Pusan National University, Yangsan Campus", "Campus"),
    ]
    venue = driver.find_element(By.CSS_SELECTOR, ".area-choice[data-area=san-jose-convention-center]")
    assert "14 places" in venue.text and "Map and list first" in venue.text
    assert venue.rect["y"] + venue.rect["height"] <= height, "the venue's card is on the first screen"
    first, second = driver.find_elements(By.CSS_SELECTOR, ".area-choice")[:2]
    if width >= 720:
        assert first.rect["y"] == second.rect["y"], "two cards a row on a wide screen"
    else:
        assert second.rect["y"] > first.rect["y"], "one card a row on a phone"
    venue.click()
    wait_for(driver, lambda d: path(d).startswith(SAN_JOSE))
    # The next visit to / opens the venue, without a stored session or a setting.
    driver.get(server.url("/"))
    wait_for(driver, lambda d: path(d) == SAN_JOSE)
    assert driver.find_element(By.TAG_NAME, "h1").text == "San José McEnery Convention Center"
    assert "grubmap_session" not in [cookie["name"] for cookie in driver.get_cookies()]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_korean_student_chooses_busan_in_korean_and_comes_back_to_its_board(server, browser, width, height):
    driver = browser(language="ko-KR", width=width, height=height)
    finish_the_tour(driver, server)
    wait_for(driver, lambda d: path(d) == "/areas?locate=1")
    assert driver.find_element(By.TAG_NAME, "h1").text == "어디에서 식사하시나요?"
    assert cards(driver)[0] == ("pnu-busan", "부산대학교 부산캠퍼스", "캠퍼스")
    assert cards(driver)[-1] == ("san-jose-convention-center", "산호세 매케너리 컨벤션 센터", "행사장")
    busan = driver.find_element(By.CSS_SELECTOR, ".area-choice[data-area=pnu-busan]")
    assert "7곳" in busan.text and "오늘의 식단부터 보여요" in busan.text
    assert busan.rect["y"] + busan.rect["height"] <= height, "the campus's card is on the first screen"
    busan.click()
    wait_for(driver, lambda d: path(d).startswith(BUSAN_BOARD))
    driver.get(server.url("/"))
    wait_for(driver, lambda d: path(d) == BUSAN_BOARD)


@pytest.mark.parametrize("language,tab", [("en-US", "Menus"), ("ko-KR", "식단")])
def test_a_campus_deployment_opens_on_its_board(tmp_path, browser, language, tab):
    campus = GrubmapServer(tmp_path, ["--default-area", "pnu-busan"]).start()
    try:
        driver = browser(language=language)
        finish_the_tour(driver, campus)
        wait_for(driver, lambda d: path(d) == BUSAN_BOARD + "?locate=1")
        driver.get(campus.url(SAN_JOSE))  # the operator's area comes before the one last opened
        driver.get(campus.url("/"))
        wait_for(driver, lambda d: path(d) == BUSAN_BOARD)
        assert driver.find_element(By.CSS_SELECTOR, ".area-tabs a[aria-current=page]").text == tab
    finally:
        campus.stop()


def test_a_position_shared_near_san_jose_opens_the_venue(server, browser):
    driver = browser(language="en-US")
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", CONVENTION_CENTER)
    finish_the_tour(driver, server)
    # The chooser asks for the position after the tour; found, / opens the nearest area, listed nearest first.
    wait_for(driver, lambda d: path(d) == SAN_JOSE and d.find_elements(By.CSS_SELECTOR, ".distance"))
    assert driver.find_element(By.CSS_SELECTOR, ".segmented a[aria-current=true]").text == "By distance"


def test_a_position_shared_on_the_busan_campus_opens_its_board(server, browser):
    driver = browser(language="ko-KR")
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", SAETBEOL_HALL)
    finish_the_tour(driver, server)
    # Found from the chooser, the position opens the campus nearest it, on its board, nearest place first.
    wait_for(driver, lambda d: path(d) == BUSAN_BOARD and d.find_elements(By.CSS_SELECTOR, ".distance"))
    assert driver.find_element(By.CSS_SELECTOR, ".area-tabs a[aria-current=page]").text == "식단"


@pytest.mark.parametrize("language,title", [("en", "Where are you eating?"), ("ko", "어디에서 식사하시나요?")])
def test_a_denied_position_leaves_the_choice(server, browser, language, title):
    driver = browser(language=language)
    finish_the_tour(driver, server)
    message = wait_for(driver, lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, "[data-location-problem]")
                                                if e.is_displayed()), None))
    assert message.get_attribute("data-location-problem") == "denied"
    assert path(driver) == "/areas?locate=1" and len(cards(driver)) == 4
    assert driver.find_element(By.TAG_NAME, "h1").text == title


def distances(driver):
    return [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".places .distance")]


@pytest.mark.parametrize("language,units", [("en-US", ("ft", "mi")), ("ko-KR", ("m", "km")), ("en-GB", ("m", "km"))])
def test_distances_are_in_the_readers_region_unit(server, browser, language, units):
    driver = browser(language=language)
    driver.get(server.url(f"{SAN_JOSE}?near=37.3318,-121.8863"))
    shown = distances(driver)
    assert len(shown) == 14
    assert all(re.search(rf"\d (?:{units[0]}|{units[1]}) ", text + " ") for text in shown), shown


def test_a_unit_setting_overrides_the_region(server, browser):
    driver = browser(language="en-US")
    driver.get(server.url("/settings"))
    automatic = driver.find_element(By.ID, "units-auto")
    assert automatic.is_selected()
    assert automatic.find_element(By.XPATH, "..").text == "Same as my region (miles)"
    driver.find_element(By.ID, "units-km").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(driver, lambda d: "saved=1" in d.current_url)
    driver.get(server.url(f"{SAN_JOSE}?near=37.3318,-121.8863"))
    assert all(re.search(r"\d k?m away", text) for text in distances(driver)), distances(driver)
    # Korean, set to miles.
    korean = browser(language="ko-KR")
    korean.get(server.url("/settings"))
    assert "내 지역 기준 (킬로미터)" in korean.page_source
    korean.find_element(By.ID, "units-mi").click()
    korean.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait_for(korean, lambda d: "saved=1" in d.current_url)
    korean.get(server.url(f"{SAN_JOSE}?near=37.3318,-121.8863"))
    assert all(re.search(r"\d (?:ft|mi) 거리", text) for text in distances(korean)), distances(korean)


def map_links(driver):
    return {link.get_attribute("data-app"): (link.text, link.get_attribute("href"))
            for link in driver.find_elements(By.CSS_SELECTOR, ".map-apps a")}


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_campus_place_opens_in_naver_kakao_apple_and_google(server, browser, width, height):
    for language, names in (("en", ["Naver Map", "Kakao Map", "Apple Maps", "Google Maps"]),
                            ("ko", ["네이버 지도", "카카오맵", "Apple 지도", "Google 지도"])):
        driver = browser(language=language, width=width, height=height)
        driver.get(server.url("/places/pnu-busan-geumjeong-hall"))
        links = map_links(driver)
        assert list(links) == ["naver", "kakao", "apple", "google"]
        assert [text for text, _ in links.values()] == names
        naver, kakao, apple, google = (href for _, href in links.values())
        assert unquote(naver).startswith("https://map.naver.com/p/search/금정회관?c=129.080238,35.235401,17")
        assert unquote(kakao) == "https://map.kakao.com/link/map/금정회관,35.235401,129.080238"
        assert unquote(apple) == "https://maps.apple.com/?ll=35.235401,129.080238&q=금정회관"
        assert google == "https://www.google.com/maps/search/?api=1&query=35.235401,129.080238"
        assert not driver.find_elements(By.CSS_SELECTOR, "a[href^='geo:']")
        # The website as its host name, on one line.
        website = driver.find_element(By.CSS_SELECTOR, ".facts a[href^='https://www.pusan.ac.kr']")
        assert website.text == "pusan.ac.kr"
        assert website.size["height"] < 30
        # The links are buttons a thumb can hit, each on the screen's width.
        for link in driver.find_elements(By.CSS_SELECTOR, ".map-apps a"):
            assert link.size["height"] >= 40 and link.rect["x"] + link.size["width"] <= width


@pytest.mark.parametrize("language,names", [("en-US", ["Apple Maps", "Google Maps"]),
                                            ("ko-KR", ["Apple 지도", "Google 지도"])])
def test_a_venue_place_opens_in_apple_and_google(server, browser, language, names):
    driver = browser(language=language)
    driver.get(server.url("/places/original-joes"))
    links = map_links(driver)
    assert list(links) == ["apple", "google"]
    assert [text for text, _ in links.values()] == names
    assert links["apple"][1] == "https://maps.apple.com/?ll=37.331219,-121.887122&q=Original%20Joe%27s"
    assert links["google"][1] == "https://www.google.com/maps/search/?api=1&query=37.331219,-121.887122"
