"""Live updates in real Chromium: two people have the board open; one checks in at Geumjeong Hall and reports a long
line, and the other's board shows both within 2 s without navigating, nothing on it moving and the focus staying
where it was; an operator marks a meal sold out in the console and both boards strike it. Only a bookmarked place's
change is said through the polite announcer.

The server's clock is set through --test-clock-file to Tuesday 17 November 2026, 12:30 in Busan (03:30 UTC); the
demo's sample menus are written for that week."""

import json
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import BINARY, browsers_checked, clocked_server, wait_for
from pages import make_profile, press, sign_in_operator

# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan.
NOW = 1_794_886_200
BOARD = "/areas/pnu-busan/menus"
PLACE = "pnu-busan-geumjeong-hall"
OTHER = "pnu-busan-munchang-hall"
CARD = f'.board-card[data-place="{PLACE}"]'


@pytest.fixture
def browsers():
    """Makes fresh browser profiles (each a person of its own, by its device cookie)."""
    yield from browsers_checked()


def open_board(driver, server):
    """The board, with its event stream open and its first reload applied."""
    driver.get(server.url(BOARD))
    wait_for(driver, lambda d: d.execute_script("return document.querySelector('main').dataset.liveReady"))


def badge(driver, place=PLACE):
    return driver.execute_script(
        "const b = document.querySelector(`.board-card [data-live=busy][data-place='${arguments[0]}']`);"
        "return {level: b.dataset.level, words: b.querySelector('.busy-level').textContent,"
        " here: b.querySelector('.busy-here').textContent, hidden: getComputedStyle(b).visibility === 'hidden'}",
        place)


def card_top(driver):
    return driver.execute_script(f"return document.querySelector('{CARD}').getBoundingClientRect().top")


def active(driver):
    return driver.execute_script("return document.activeElement")


def test_a_check_in_a_line_report_and_a_sold_out_mark_reach_another_board_in_place(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        watcher, actor, operator = browsers(), browsers(), browsers()
        open_board(watcher, server)
        # The watcher stars Geumjeong Hall (the script saves it in place: the star keeps the focus), and reads its
        # card where it is.
        star = watcher.find_element(By.CSS_SELECTOR, f'{CARD} .bookmark-button')
        watcher.execute_script("arguments[0].scrollIntoView({block: 'center'})", star)
        star.click()
        wait_for(watcher, lambda d: star.get_attribute("aria-pressed") == "true")
        before = badge(watcher)
        assert before["hidden"] and before["level"] == "" and before["here"] == ""
        top, focused = card_top(watcher), active(watcher)
        assert focused == star

        # The other person checks in there and says the line is long.
        make_profile(actor, server, "Ada", "Lovelace")
        actor.get(server.url(f"/places/{PLACE}"))
        press(actor, f"form[action='/places/{PLACE}/checkin'] button")
        wait_for(actor, lambda d: "checked=" in d.current_url)
        wait_for(watcher, lambda d: badge(d)["here"] == "1 checked in", timeout=2)
        press(actor, ".line-answers button[value=long]")
        wait_for(actor, lambda d: "lineReport=thanks" in d.current_url)
        assert "Thanks! Your report counts for 20 minutes." in actor.find_element(By.CSS_SELECTOR, "#line").text
        wait_for(watcher, lambda d: badge(d)["level"] == "long", timeout=2)
        after = badge(watcher)
        assert after == {"level": "long", "words": "Long line", "here": "1 checked in",
                         "hidden": False}
        assert "updated just now" in watcher.find_element(By.CSS_SELECTOR, f"{CARD} .busy-updated").text
        # Nothing moved and the focus stayed; the page was never left.
        assert card_top(watcher) == top
        assert active(watcher) == focused
        assert watcher.current_url.endswith(BOARD)
        # The starred place's change was said, politely (its check-in made no level: the demo gives it no seats).
        said = lambda d: d.find_element(By.ID, "announcer").get_attribute("textContent")
        wait_for(watcher, lambda d: said(d) == "Geumjeong Hall: Long line", timeout=2)

        # A place not starred changes: its badge follows, and nothing is said of it.
        actor.get(server.url(f"/places/{OTHER}"))
        press(actor, ".line-answers button[value=very_long]")
        wait_for(actor, lambda d: "lineReport=thanks" in d.current_url)
        wait_for(watcher, lambda d: badge(d, OTHER)["level"] == "very_long", timeout=2)
        assert said(watcher) == "Geumjeong Hall: Long line"

        # An operator marks today's first meal at Geumjeong Hall sold out in the console: both boards strike it.
        open_board(actor, server)
        sign_in_operator(operator, server, "organiser@example.org")
        operator.get(server.url(f"/admin/places/{PLACE}/menus"))
        toggle = operator.find_element(By.CSS_SELECTOR, ".sold-out-toggle[aria-pressed=false]")
        meal = toggle.find_element(By.XPATH, "./..").find_element(By.NAME, "mealId").get_attribute("value")
        press(operator, ".sold-out-toggle[aria-pressed=false]")
        wait_for(operator, lambda d: "done=sold-out" in d.current_url)
        for board in (watcher, actor):
            struck = f'{CARD} .meal.sold-out[data-meal="{meal}"]'
            wait_for(board, lambda d: d.find_elements(By.CSS_SELECTOR, struck), timeout=2)
            assert board.find_elements(By.CSS_SELECTOR, f"{struck} .meal-name s")
            note = board.find_element(By.CSS_SELECTOR, f"{struck} .sold-out-note").get_attribute("textContent")
            assert note.startswith("Sold out 12:3"), note
        assert card_top(watcher) == top
        assert active(watcher) == focused


def test_the_place_page_and_the_list_follow_a_report_in_place(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        place, listing, actor = browsers(), browsers(language="ko"), browsers()
        for driver, path in ((place, f"/places/{PLACE}"), (listing, "/areas/pnu-busan?view=list")):
            driver.get(server.url(path))
            wait_for(driver, lambda d: d.execute_script("return document.querySelector('main').dataset.liveReady"))
        section_top = place.execute_script("return document.getElementById('line').getBoundingClientRect().top")
        actor.get(server.url(f"/places/{PLACE}"))
        press(actor, ".line-answers button[value=very_long]")
        wait_for(actor, lambda d: "lineReport=thanks" in d.current_url)
        line = f'[data-live=busy][data-place="{PLACE}"]'
        wait_for(place, lambda d: d.find_element(By.CSS_SELECTOR, f"#line {line}").get_attribute("data-level")
                 == "very_long", timeout=2)
        assert place.find_element(By.CSS_SELECTOR, f"#line {line} .busy-level").text == "Very long line"
        assert place.execute_script(
            "return document.getElementById('line').getBoundingClientRect().top") == section_top
        # The list, in Korean, in the words of its own language.
        wait_for(listing, lambda d: d.find_element(By.CSS_SELECTOR, f".place {line} .busy-level").text
                 == "줄이 아주 길어요", timeout=2)
        assert listing.find_element(By.CSS_SELECTOR, f".place {line} .busy-updated").text == "방금 업데이트"


def test_a_changed_place_is_offered_not_swapped_in(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        listing, operator = browsers(), browsers()
        listing.get(server.url("/areas/pnu-busan?view=list"))
        wait_for(listing, lambda d: d.execute_script("return document.querySelector('main').dataset.liveReady"))
        rows = listing.execute_script("return document.querySelectorAll('.places > li').length")
        sign_in_operator(operator, server, "organiser@example.org")
        operator.get(server.url("/admin/places/pnu-busan-jinri-hall"))
        press(operator, "form[action='/admin/places/pnu-busan-jinri-hall/archive'] button")
        wait_for(operator, lambda d: "done=archived" in d.current_url)
        # The list keeps its rows and offers the new one quietly.
        link = wait_for(listing, lambda d: d.find_elements(By.CSS_SELECTOR, "#live-updated a"), timeout=2)[0]
        assert link.text == "Updated · Show"
        assert listing.execute_script("return document.querySelectorAll('.places > li').length") == rows
        link.click()
        wait_for(listing, lambda d: not d.find_elements(By.CSS_SELECTOR, '.places [data-place="pnu-busan-jinri-hall"]'))


def report(actor, server, place, level):
    """The actor says how long the line at `place` is, on its place page."""
    actor.get(server.url(f"/places/{place}"))
    press(actor, f".line-answers button[value={level}]")
    wait_for(actor, lambda d: "lineReport=thanks" in d.current_url)


def test_a_check_in_reaches_the_pin_the_list_row_and_who_is_here_in_place(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        explore, place, actor = browsers(width=1280, height=800), browsers(), browsers()
        # The list and the map side by side (a desktop), and the place page; each stays where it was.
        for driver, path in ((explore, "/areas/pnu-busan?view=map"), (place, f"/places/{PLACE}")):
            driver.get(server.url(path))
            wait_for(driver, lambda d: d.execute_script("return document.querySelector('main').dataset.liveReady"))
            driver.execute_script("window.notReloaded = true")
        pin = f'.pin[data-place="{PLACE}"]'
        row = f'.place [data-live=here][data-place="{PLACE}"]'
        assert explore.find_element(By.CSS_SELECTOR, pin).get_attribute("aria-label").startswith(
            "Geumjeong Hall, nobody checked in")
        assert explore.find_elements(By.CSS_SELECTOR, f"{pin} > circle.pin-dot")
        rows_below = "return [...document.querySelectorAll('.places > li')].map((li) => li.getBoundingClientRect().top)"
        tops = explore.execute_script(rows_below)
        place.find_element(By.CSS_SELECTOR, ".line-answers button[value=short]").send_keys("")  # focus in the form
        focused = active(place)
        panel_top = place.execute_script("return document.querySelector('.whos-here').getBoundingClientRect().top")

        make_profile(actor, server, "Ada", "Lovelace")
        actor.get(server.url(f"/places/{PLACE}"))
        press(actor, f"form[action='/places/{PLACE}/checkin'] button")
        wait_for(actor, lambda d: "checked=" in d.current_url)

        # The pin: its count drawn where the dot was, and its label says it.
        wait_for(explore, lambda d: d.find_elements(By.CSS_SELECTOR, f"{pin} > text.pin-count"), timeout=2)
        shown = explore.find_element(By.CSS_SELECTOR, pin)
        assert shown.find_element(By.CSS_SELECTOR, "text.pin-count").get_attribute("textContent") == "1"
        assert not shown.find_elements(By.CSS_SELECTOR, ":scope > circle.pin-dot")
        assert "busy" in shown.get_attribute("class").split()
        label = shown.get_attribute("aria-label")
        assert label.startswith("Geumjeong Hall, 1 person checked in"), label
        assert shown.find_element(By.TAG_NAME, "title").get_attribute("textContent") == label
        # The list row says how many, on the line it had: no row moved.
        wait_for(explore, lambda d: d.find_element(By.CSS_SELECTOR, row).text == "1 person checked in", timeout=2)
        assert explore.execute_script(rows_below) == tops
        # Who's here on the place page: the count at once, then the name, the focus staying in the form.
        wait_for(place, lambda d: d.find_element(By.CSS_SELECTOR, ".whos-here .count-badge").text == "1", timeout=2)
        wait_for(place, lambda d: "Ada Lovelace" in d.find_element(By.CSS_SELECTOR, ".whos-here .people").text,
                 timeout=3)
        assert active(place) == focused
        assert place.execute_script("return document.querySelector('.whos-here').getBoundingClientRect().top") \
            == panel_top

        # A long line: the pin's label ends with it; the pin's mark shows it.
        report(actor, server, PLACE, "long")
        wait_for(explore, lambda d: d.find_element(By.CSS_SELECTOR, pin).get_attribute("aria-label")
                 .endswith(", Long line"), timeout=2)
        assert explore.find_element(By.CSS_SELECTOR, f'{pin} .pin-busy').get_attribute("data-level") == "long"

        # Opened again, the list shows the person's face; when they check out, the face gives way to "nobody" on a
        # line as tall as the face was, and the pin gets its dot back.
        explore.get(server.url("/areas/pnu-busan?view=map"))
        wait_for(explore, lambda d: d.execute_script("return document.querySelector('main').dataset.liveReady"))
        explore.execute_script("window.notReloaded = true")
        assert explore.find_elements(By.CSS_SELECTOR, f"{row} .faces .avatar")
        tops = explore.execute_script(rows_below)
        actor.get(server.url(f"/places/{PLACE}"))
        press(actor, "form[action='/checkout'] button")
        wait_for(explore, lambda d: d.find_elements(By.CSS_SELECTOR, f"{pin} > circle.pin-dot"), timeout=2)
        wait_for(explore, lambda d: d.find_element(By.CSS_SELECTOR, row).text == "Nobody's checked in", timeout=2)
        assert explore.execute_script(rows_below) == tops
        assert explore.find_element(By.CSS_SELECTOR, pin).get_attribute("aria-label").startswith(
            "Geumjeong Hall, nobody checked in")
        wait_for(place, lambda d: d.find_element(By.CSS_SELECTOR, ".whos-here .count-badge").text == "0", timeout=2)
        wait_for(place, lambda d: "Nobody's checked in" in d.find_element(By.CSS_SELECTOR, ".whos-here").text,
                 timeout=3)
        for driver in (explore, place):
            assert driver.execute_script("return window.notReloaded") is True


def test_a_reported_line_leaves_the_board_when_its_20_minutes_are_over(tmp_path, browsers):
    with clocked_server(tmp_path, NOW) as server:
        watcher, actor = browsers(), browsers()
        open_board(watcher, server)
        top = card_top(watcher)
        report(actor, server, PLACE, "long")
        wait_for(watcher, lambda d: badge(d)["level"] == "long", timeout=2)
        # Twenty minutes later on the server's clock, the next resync (every 30 s of it, read each second) finds
        # the report gone: the badge empties, keeping its line.
        clock = tmp_path / "clock"
        clock.write_text(str(float(clock.read_text()) + 20 * 60))
        wait_for(watcher, lambda d: badge(d)["level"] == "", timeout=3)
        assert badge(watcher) == {"level": "", "words": "", "here": "", "hidden": True}
        assert card_top(watcher) == top
        assert watcher.current_url.endswith(BOARD)


def bulk_places(count):
    """A GeoJSON FeatureCollection of `count` cafés on PNU Busan's campus (a grid around its middle)."""
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": f"bulk-{index:04}",
         "geometry": {"type": "Point", "coordinates": [129.0808 + (index % 30) * 0.00013,
                                                       35.2316 + (index // 30) * 0.00013]},
         "properties": {"name": f"Bulk café {index}", "kind": "cafe"}}
        for index in range(count)]}


def api(server, method, path, token=None, body=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server.url(path), method=method, headers=headers,
                                     data=json.dumps(body).encode() if body is not None else None)
    with urllib.request.urlopen(request) as response:
        return response.status, json.load(response)


def test_a_reload_too_large_to_send_offers_updated_show_and_changes_nothing_else(tmp_path, browsers):
    with clocked_server(tmp_path, NOW, ["--writes-per-minute", "1000"]) as server:
        # 450 more places, each with a line reported: their states make a reload past the hub's 64 KiB.
        server.stop()
        geojson = tmp_path / "bulk.geojson"
        geojson.write_text(json.dumps(bulk_places(450)))
        subprocess.run([str(BINARY), "import", "places", str(geojson), "--area", "pnu-busan",
                        "--database", str(server.database)], check=True, capture_output=True)
        server.start()
        _, session = api(server, "POST", "/api/v1/sessions")
        token = session["token"]
        for index in range(450):
            status, _ = api(server, "POST", f"/api/v1/places/bulk-{index:04}/line-reports", token, {"level": "short"})
            assert status == 201
        api(server, "POST", f"/api/v1/places/{PLACE}/line-reports", token, {"level": "long"})

        watcher = browsers()
        open_board(watcher, server)
        # The stream's first reload left its places out: the page offers to show what is new, quietly...
        link = wait_for(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, "#live-updated a"), timeout=2)[0]
        assert link.text == "Updated · Show"
        assert watcher.find_element(By.ID, "live-updated").get_attribute("role") == "status"
        # ...and keeps every badge as the server drew it (none reset to quiet), nothing said.
        shown = "return [...document.querySelectorAll('main [data-live=busy]')].map((b) => b.outerHTML)"
        drawn = watcher.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(location.href).then((r) => r.text()).then((html) => {"
            " const page = new DOMParser().parseFromString(html, 'text/html');"
            " done([...page.querySelectorAll('main [data-live=busy]')].map((b) => b.outerHTML)); })")
        assert watcher.execute_script(shown) == drawn
        assert badge(watcher)["level"] == "long"
        assert watcher.find_element(By.ID, "announcer").get_attribute("textContent") == ""
        assert watcher.current_url.endswith(BOARD)
