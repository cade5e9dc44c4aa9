"""The area map in Chromium: drag, pinch, wheel, buttons and keys move the server-drawn view; a cluster zooms in; a
pin opens its card over the map; a position is set by a tap; without JavaScript the controls are links that move
the view. The `browser` fixture fails a test on any console error."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import clocked_server, settled, wait_for
from test_console import add_operator, fill, set_up, sign_in

SAN_JOSE = "/areas/san-jose-convention-center?view=map"
SIZES = [(390, 844), (1280, 800)]


def view(driver):
    """The view the map shows now: zoom and origin, as the server drew it."""
    root = driver.find_element(By.ID, "map-view")
    return (int(root.get_attribute("data-zoom")), int(root.get_attribute("data-origin-x")),
            int(root.get_attribute("data-origin-y")))


def open_map(browser, server, width=390, height=844, path=SAN_JOSE, **kwargs):
    """The page at `path`, once its map is live, and on a phone's Map tab drawn at the screen's shape."""
    driver = browser(width=width, height=height, **kwargs)
    driver.get(server.url(path))
    wait_for(driver, settled(lambda d: "live" in d.find_element(By.ID, "map-view").get_attribute("class") and (
        d.find_elements(By.CSS_SELECTOR, "#map[data-fitted]")
        or not d.find_element(By.CSS_SELECTOR, "svg.map").is_displayed())))
    return driver


def changed(driver, before):
    return settled(lambda d: view(d) != before and "live" in d.find_element(By.ID, "map-view").get_attribute("class"))


def svg_center(driver):
    box = driver.execute_script(
        "const r = document.querySelector('svg.map').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2, r.width / 400];")
    return box


@pytest.mark.parametrize("width,height", SIZES)
def test_buttons_and_keys_move_and_zoom_the_view_in_place(server, browser, width, height):
    driver = open_map(browser, server, width, height)
    zoom, x, y = view(driver)
    driver.find_element(By.CSS_SELECTOR, "a.map-zoom-in").click()
    wait_for(driver, changed(driver, (zoom, x, y)))
    assert view(driver)[0] == zoom + 1
    assert f"zoom={zoom + 1}" in driver.current_url, "the address follows the view"
    # The zoom-in control kept the focus: the keyboard carries on from it.
    assert driver.switch_to.active_element.get_attribute("data-action") == "zoom-in"
    before = view(driver)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, changed(driver, before))
    assert view(driver)[1] > before[1] and view(driver)[0] == before[0]
    before = view(driver)
    driver.switch_to.active_element.send_keys("-")
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == zoom
    before = view(driver)
    driver.find_element(By.CSS_SELECTOR, "a.map-south").click()
    wait_for(driver, changed(driver, before))
    assert view(driver)[2] > before[2]


def test_dragging_pans_the_map(server, browser):
    driver = open_map(browser, server)
    before = view(driver)
    svg = driver.find_element(By.CSS_SELECTOR, "svg.map")
    ActionChains(driver).move_to_element(svg).click_and_hold().move_by_offset(-40, 0).move_by_offset(-60, -30) \
        .release().perform()
    wait_for(driver, changed(driver, before))
    zoom, x, y = view(driver)
    assert zoom == before[0]
    assert x > before[1] and y > before[2], "dragging left and up shows what lies east and south"


def test_the_wheel_zooms_about_the_pointer(server, browser):
    driver = open_map(browser, server, 1280, 800)
    before = view(driver)
    cx, cy, _ = svg_center(driver)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                           {"type": "mouseWheel", "x": cx, "y": cy, "deltaX": 0, "deltaY": -120})
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == before[0] + 1
    before = view(driver)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                           {"type": "mouseWheel", "x": cx, "y": cy, "deltaX": 0, "deltaY": 120})
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == before[0] - 1


def world_point_under(driver, x, y):
    """The world pixel (at the view's zoom) the map shows at the page's point (x, y), in CSS pixels."""
    zoom, origin_x, origin_y = view(driver)
    point = driver.execute_script(
        "const svg = document.querySelector('svg.map');"
        "const p = new DOMPoint(arguments[0], arguments[1]).matrixTransform(svg.getScreenCTM().inverse());"
        "return [p.x, p.y];", x, y)
    return zoom, origin_x + point[0], origin_y + point[1]


def assert_kept_under(before, after, tolerance=2):
    """`after` is the world point of `before` one zoom level on: the same place of the Earth."""
    zoom, x, y = before
    factor = 2 ** (after[0] - zoom)
    assert abs(after[1] - x * factor) <= tolerance and abs(after[2] - y * factor) <= tolerance, (before, after)


@pytest.mark.parametrize("width,height", SIZES)
def test_the_wheel_zooms_one_level_about_the_pointer(server, browser, width, height):
    driver = open_map(browser, server, width, height)
    box = driver.execute_script("const r = document.querySelector('svg.map').getBoundingClientRect();"
                                "return [r.left, r.top, r.width, r.height];")
    # Off the middle, over a quarter of the map: that point stays under the pointer.
    x, y = box[0] + box[2] * 0.3, box[1] + box[3] * 0.65
    before = view(driver)
    under = world_point_under(driver, x, y)
    # A fast spin of three notches (30 ms apart, as a wheel gives them) is one level, not three.
    driver.execute_script(
        "const svg = document.querySelector('svg.map');"
        "for (const delay of [0, 30, 60]) setTimeout(() => svg.dispatchEvent(new WheelEvent('wheel', "
        "{clientX: arguments[0], clientY: arguments[1], deltaY: -120, bubbles: true, cancelable: true})), delay);",
        x, y)
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == before[0] + 1
    assert_kept_under(under, world_point_under(driver, x, y))


def test_pinching_zooms_one_level_about_the_fingers(server, browser):
    driver = open_map(browser, server)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    before = view(driver)
    box = driver.execute_script("const r = document.querySelector('svg.map').getBoundingClientRect();"
                                "return [r.left, r.top, r.width, r.height];")
    # Between two fingers off the map's middle.
    cx, cy = box[0] + box[2] * 0.4, box[1] + box[3] * 0.6
    under = world_point_under(driver, cx, cy)

    def touch(kind, spread):
        points = [] if kind == "touchEnd" else [
            {"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 30)
    for spread in (45, 60, 80, 100, 120):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == before[0] + 1, "fingers four times as far apart: one level closer, not two"
    assert_kept_under(under, world_point_under(driver, cx, cy))
    # Pinched in a little, the map zooms out a level about the fingers.
    before = view(driver)
    under = world_point_under(driver, cx, cy)
    touch("touchStart", 100)
    for spread in (90, 75, 60, 50):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] == before[0] - 1
    assert_kept_under(under, world_point_under(driver, cx, cy))


def markers_of(driver, fragment):
    """Each marker of the map fragment at `fragment`: the ids of its places (one for a pin)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then(r => r.text()).then(html => {"
        "  const doc = new DOMParser().parseFromString(html, 'text/html');"
        "  done([...doc.querySelectorAll('a.pin, a.cluster')].map(a => a.classList.contains('pin')"
        "    ? [a.dataset.place] : a.dataset.places.split(' ')));"
        "});", fragment)


def fragment_at(driver, zoom):
    """The address of the map fragment of the view shown now, at `zoom` about the same middle."""
    return driver.execute_script(
        "const u = new URL(document.getElementById('map-view').dataset.fragment, location.href);"
        "u.searchParams.set('zoom', arguments[0]); return u.pathname + u.search;", str(zoom))


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("width,height", SIZES)
def test_a_cluster_opens_the_smallest_zoom_that_parts_it(server, browser, width, height, language):
    driver = open_map(browser, server, width, height, language=language)
    before = view(driver)
    clusters = driver.find_elements(By.CSS_SELECTOR, "a.cluster")
    assert clusters, "the places around the convention center overlap at the whole area's zoom"
    for index in range(len(clusters)):
        cluster = driver.find_elements(By.CSS_SELECTOR, "a.cluster")[index]
        members = set(cluster.get_attribute("data-places").split())
        assert len(members) == int(cluster.find_element(By.CSS_SELECTOR, ".cluster-count").text)
        cluster.click()
        wait_for(driver, changed(driver, before))
        zoom = view(driver)[0]
        assert zoom > before[0]
        # Parted: its places are in more than one pin or cluster, every one of them drawn.
        shown = [set(marker) & members for marker in markers_of(driver, fragment_at(driver, zoom))]
        holding = [marker for marker in shown if marker]
        assert set().union(*holding) == members
        assert len(holding) > 1, f"zoom {zoom} still shows {members} as one cluster"
        # One level less would have kept them together (or is where they were).
        if zoom - 1 > before[0]:
            fewer = [set(marker) & members for marker in markers_of(driver, fragment_at(driver, zoom - 1))]
            assert len([marker for marker in fewer if marker]) == 1, f"zoom {zoom - 1} already parts {members}"
        driver.get(server.url(SAN_JOSE))
        wait_for(driver, settled(lambda d: view(d) == before and "live" in d.find_element(By.ID, "map-view")
                                 .get_attribute("class")))


@pytest.mark.parametrize("width,height", SIZES)
def test_a_cluster_zooms_in_and_a_pin_opens_its_card(server, browser, width, height):
    driver = open_map(browser, server, width, height)
    before = view(driver)
    clusters = driver.find_elements(By.CSS_SELECTOR, "a.cluster")
    assert clusters, "the places around the convention center overlap at the whole area's zoom"
    clusters[0].click()
    wait_for(driver, changed(driver, before))
    assert view(driver)[0] > before[0]
    pin = driver.find_element(By.CSS_SELECTOR, "a.pin")
    name = pin.get_attribute("data-name")
    place = pin.get_attribute("data-place")
    pin.click()
    card = driver.find_element(By.ID, "map-card")
    wait_for(driver, lambda d: card.is_displayed())
    assert driver.find_element(By.ID, "map-card-name").text == name
    assert driver.switch_to.active_element.get_attribute("id") == "map-card-name"
    assert f"place={place}" in driver.current_url
    assert driver.find_element(By.CSS_SELECTOR, "#map-card [data-card=link]").get_attribute("href") \
        .endswith(f"/places/{place}")
    assert "/areas/" in driver.current_url, "the map stays"
    driver.find_element(By.CSS_SELECTOR, "#map-card [data-action=close-card]").click()
    wait_for(driver, lambda d: not card.is_displayed())
    assert "place=" not in driver.current_url


@pytest.mark.parametrize("language,words", [
    ("en", ("Your position is set by you", "Distances from the position you set", " away")),
    ("ko", ("직접 정한 위치", "직접 정한 위치에서 잰 거리", " 거리")),
])
@pytest.mark.parametrize("width,height", SIZES)
def test_a_position_set_by_tapping_the_map_updates_in_place(server, browser, width, height, language, words):
    driver = open_map(browser, server, width, height, language=language)
    driver.find_element(By.CSS_SELECTOR, ".set-position > summary").click()
    driver.find_element(By.CSS_SELECTOR, "[data-action=pick-on-map]").click()
    banner = driver.find_element(By.CSS_SELECTOR, "[data-pick-banner]")
    wait_for(driver, lambda d: banner.is_displayed())
    before = view(driver)
    driver.execute_script("window.samePage = true")
    map_top = "return document.querySelector('svg.map').getBoundingClientRect().top"
    top = driver.execute_script(map_top)
    ActionChains(driver).move_to_element_with_offset(driver.find_element(By.CSS_SELECTOR, "svg.map"), -30, 40) \
        .click().perform()
    wait_for(driver, settled(lambda d: d.find_elements(By.CSS_SELECTOR, ".map-me.set")))
    cookie = driver.get_cookie("grubmap_position")
    assert cookie and cookie["value"].endswith("%2Cset")
    body = driver.find_element(By.TAG_NAME, "main").text
    set_by_you, measured, away = words
    assert set_by_you in body and measured in body
    # In place: the same page, the map where it was on the screen at the view it showed, the list nearest first.
    assert driver.execute_script("return window.samePage") is True
    assert abs(driver.execute_script(map_top) - top) <= 1
    assert view(driver) == before
    assert away in driver.find_element(By.CSS_SELECTOR, ".list-pane .distance").get_attribute("textContent")
    assert not driver.find_element(By.CSS_SELECTOR, ".set-position").get_attribute("open")


@pytest.mark.parametrize("language,middle,near", [
    ("en", "San José McEnery Convention Center (the middle)", "Your position is set by you, near"),
    ("ko", "산호세 매케너리 컨벤션 센터 (가운데)", "직접 정한 위치:"),
])
def test_im_at_starts_at_the_areas_landmark(server, browser, language, middle, near):
    driver = open_map(browser, server, path="/areas/san-jose-convention-center", language=language)
    driver.find_element(By.CSS_SELECTOR, ".set-position > summary").click()
    chosen = Select(driver.find_element(By.ID, "position-at")).first_selected_option
    assert chosen.text == middle, "the venue, not the first place by name"
    driver.find_element(By.CSS_SELECTOR, ".position-form button[type=submit]").click()
    wait_for(driver, settled(lambda d: "positioned=set" in d.current_url))
    assert near in driver.find_element(By.TAG_NAME, "main").text


def test_im_at_sets_the_position_from_a_list(server, browser):
    driver = open_map(browser, server, path="/areas/san-jose-convention-center")
    driver.find_element(By.CSS_SELECTOR, ".set-position > summary").click()
    option = driver.find_element(By.CSS_SELECTOR, "#position-at optgroup:last-child option")
    name = option.text
    option.click()
    driver.find_element(By.CSS_SELECTOR, ".position-form button[type=submit]").click()
    wait_for(driver, settled(lambda d: "positioned=set" in d.current_url))
    assert f"near {name}" in driver.find_element(By.TAG_NAME, "main").text
    driver.find_element(By.CSS_SELECTOR, ".position-current button[type=submit]").click()
    wait_for(driver, settled(lambda d: "positioned=cleared" in d.current_url))
    assert driver.get_cookie("grubmap_position") is None


@pytest.mark.parametrize("width,height", SIZES)
def test_without_javascript_the_controls_are_links_that_move_the_view(server, browser, width, height):
    driver = browser(width=width, height=height)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.url(SAN_JOSE))
    zoom, x, y = view(driver)
    driver.find_element(By.CSS_SELECTOR, "a.map-zoom-in").click()
    wait_for(driver, settled(lambda d: view(d)[0] == zoom + 1))
    assert driver.find_element(By.CSS_SELECTOR, "svg.map").is_displayed(), "the map stays in front on a phone"
    before = view(driver)
    driver.find_element(By.CSS_SELECTOR, "a.map-east").click()
    wait_for(driver, settled(lambda d: view(d)[1] > before[1]))
    driver.find_element(By.CSS_SELECTOR, "a.pin").click()
    wait_for(driver, settled(lambda d: d.find_element(By.ID, "map-card").is_displayed()))


PNU_MAP = "/areas/pnu-busan?view=map"
# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan: the campus cafeterias serve lunch.
LUNCHTIME = 1_794_886_200


def rects(driver, selector):
    """The boxes of what `selector` finds, on the screen: [left, top, right, bottom]."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; });", selector)


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("language,venue", [
    ("en", ("Pusan National University, Busan Campus", "PNU Busan")), ("ko", ("부산대학교 부산캠퍼스", "부산캠퍼스")),
])
@pytest.mark.parametrize("width,height", SIZES)
def test_pins_and_the_venue_carry_their_names_where_they_fit(server, browser, width, height, language, venue):
    driver = open_map(browser, server, width, height, path=PNU_MAP, language=language)
    pins = driver.find_elements(By.CSS_SELECTOR, "a.pin")
    named = {pin.get_attribute("data-name"): pin.find_element(By.CSS_SELECTOR, ".pin-label").text
             for pin in pins if pin.find_elements(By.CSS_SELECTOR, ".pin-label")}
    assert len(named) >= len(pins) - 1 >= 5, f"most of the {len(pins)} pins are named: {named}"
    assert all(name == label for name, label in named.items())
    # The venue's full name where it fits, else its short one.
    assert driver.find_element(By.CSS_SELECTOR, ".map-center .map-center-label").text in venue
    # Placed as street names are: no name over another, over a pin, a cluster or a control, or off the map.
    names = rects(driver, ".pin-label, .map-center-label")
    marks = rects(driver, "a.pin path, .cluster-bubble, .map-center rect, .map-control")
    svg = rects(driver, "svg.map")[0]
    for index, name in enumerate(names):
        assert svg[0] <= name[0] and name[2] <= svg[2] and svg[1] <= name[1] and name[3] <= svg[3]
        assert not any(overlap(name, other) for other in names[index + 1:]), name
        assert not any(overlap(name, mark) for mark in marks), name


CARD_WORDS = {
    "en": {"link": "Details", "open": "Open now · until 14:00", "here": "Nobody checked in", "distance": " away"},
    "ko": {"link": "자세히", "open": "영업 중 · 14:00까지", "here": "체크인한 사람 없음", "distance": " 거리"},
}


def test_the_card_says_how_far_whether_open_and_whos_here(tmp_path, browser):
    with clocked_server(tmp_path, LUNCHTIME) as server:
        # Geumjeong Hall gets its lunch hours in the console, as its organiser would give them.
        driver = browser(width=1280, height=800)
        set_up(driver, add_operator(server, "kim@example.org", "pnu-busan"))
        sign_in(driver, server, "kim@example.org")
        wait_for(driver, lambda d: d.current_url.endswith("/admin"))
        driver.get(server.url("/admin/places/pnu-busan-geumjeong-hall"))
        for day in ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"):
            fill(driver, f"hours{day}", "11:00-14:00")
        driver.find_element(By.CSS_SELECTOR, ".console-form button[type=submit]").click()
        wait_for(driver, lambda d: "done=saved" in d.current_url)
        for language, words in CARD_WORDS.items():
            for width, height in SIZES:
                # Measured from the main gate: distances show on the pins and the card.
                driver = open_map(browser, server, width, height, language=language,
                                  path="/areas/pnu-busan?view=map&zoom=17&near=35.2312,129.0843")
                pin = driver.find_element(By.CSS_SELECTOR, "a.pin[data-place=pnu-busan-geumjeong-hall]")
                pin.click()
                card = driver.find_element(By.ID, "map-card")
                wait_for(driver, lambda d: card.is_displayed())
                field = lambda name: card.find_element(By.CSS_SELECTOR, f"[data-card={name}]").text
                assert field("name") == pin.get_attribute("data-name")
                assert field("link") == words["link"], "not \"Open\", which reads as open now"
                assert field("open") == words["open"]
                assert field("here") == words["here"]
                # "590 m away · 9 min walk": the distance, then the minutes over the campus's streets.
                distance, walk = field("distance").split(" · ")
                assert distance.endswith(words["distance"]) and any(c.isdigit() for c in distance)
                assert any(c.isdigit() for c in walk) and walk != distance
                # The whole card is on the screen.
                top, bottom = driver.execute_script(
                    "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom];", card)
                assert 0 <= top and bottom <= height


def box(driver, selector):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};", selector)


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("path", [SAN_JOSE, PNU_MAP])
def test_on_a_phone_the_map_tab_fills_the_first_screen_under_one_row_of_controls(server, browser, language, path):
    driver = open_map(browser, server, 390, 844, path=path, language=language)
    # The drawing is asked for again at the screen's shape: taller than the usual 400 x 460.
    wait_for(driver, settled(lambda d: int(d.find_element(By.ID, "map-view").get_attribute("data-height")) > 600))
    svg = box(driver, "svg.map")
    header = box(driver, "header.top")
    assert svg["top"] < header["bottom"] + 80, "one row of controls between the header and the map, not six"
    assert 844 - 30 <= svg["bottom"] <= 844, "the map reaches the bottom of the first screen"
    # The tabs, "locate" and "Open now" in that one row.
    row = [box(driver, selector) for selector in (".area-tabs", "[data-action=locate]", ".filter-chip")]
    assert all(abs(item["top"] - row[0]["top"]) <= 4 for item in row), row
    assert all(item["bottom"] <= svg["top"] for item in row)
    assert all(row[index]["right"] <= row[index + 1]["left"] for index in range(2)), "side by side"
    # The name is still the page's heading for screen readers; the sort and "Set my position" wait under the map.
    assert driver.find_element(By.TAG_NAME, "h1").get_attribute("textContent")
    assert box(driver, ".set-position")["top"] >= svg["bottom"]
    # Moving keeps the shape.
    before = view(driver)
    driver.find_element(By.CSS_SELECTOR, "a.map-zoom-in").click()
    wait_for(driver, changed(driver, before))
    assert abs(box(driver, "svg.map")["bottom"] - svg["bottom"]) <= 1


@pytest.mark.parametrize("language", ["en", "ko"])
def test_on_a_desktop_the_map_keeps_its_shape_beside_the_list(server, browser, language):
    driver = open_map(browser, server, 1280, 800, path=PNU_MAP, language=language)
    assert driver.find_element(By.ID, "map-view").get_attribute("data-height") == "460"
    assert driver.find_element(By.TAG_NAME, "h1").is_displayed()
    svg, places = box(driver, "svg.map"), box(driver, ".list-pane")
    assert svg["right"] <= places["left"] and abs(svg["top"] - places["top"]) <= 2
