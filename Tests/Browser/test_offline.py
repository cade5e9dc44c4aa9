"""The installable, offline app in a real browser (headless Chromium at 390x844): the manifest and icons, the service
worker keeping offline copies of the default area's menus for the week, the bookmarked places and the pages opened,
those opening with no network (DevTools' Network.emulateNetworkConditions) marked as offline copies, a page never
kept showing the offline page, a change refused where it was tried and nothing queued, nothing of one person kept
for the next on the same browser, and old caches removed."""

import json
import re
import urllib.request

import websocket

from selenium.webdriver.common.by import By

from conftest import settled, wait_for
from test_bookmarks import press, skip_onboarding
from test_checkins import make_profile

BOARD = "/areas/pnu-busan/menus"
PLACE = "pnu-busan-geumjeong-hall"


def offline(driver, on=True):
    """Cuts the page and its service worker off the network, as DevTools' "Offline" does: the page through
    chromedriver, the worker (a target of its own, which the page's emulation does not reach) through the browser's
    DevTools connection, attached to the worker's target."""
    conditions = {"offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    devtools = getattr(driver, "grubmap_devtools", None)
    if devtools is None:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version") as response:
            endpoint = json.load(response)["webSocketDebuggerUrl"]
        devtools = driver.grubmap_devtools = DevTools(endpoint)
    workers = [target for target in devtools.call("Target.getTargets")["targetInfos"]
               if target["type"] == "service_worker"]
    assert workers, "no service worker is running"
    for worker in workers:
        session = devtools.attach(worker["targetId"])
        devtools.call("Network.enable", session=session)
        devtools.call("Network.emulateNetworkConditions", conditions, session=session)


class DevTools:
    """A connection to the browser's DevTools endpoint; kept open, since emulation lasts while a session is attached."""

    def __init__(self, endpoint):
        self.socket = websocket.create_connection(endpoint, timeout=10, suppress_origin=True)
        self.next_id = 0
        self.sessions = {}

    def attach(self, target):
        """The session attached to `target`, made on first use."""
        if target not in self.sessions:
            self.sessions[target] = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return self.sessions[target]

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:  # events arrive between the answers; only the answer to this call is read
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                assert "error" not in answer, answer
                return answer["result"]


def cached_urls(driver):
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(name + " " + request.url);
          }
          return urls;
        })().then(done, (error) => done(["error " + error]));
    """)


def ready(driver):
    """Waits for the worker to control the page and to have kept the menus, the bookmarks and the page's copy."""
    # The worker keeps the shell before it takes control, and then some ten offline copies: on a machine busy with
    # other tests that can take a while.
    wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=60)
    driver.refresh()  # a page under the worker's control asks it to keep the menus and bookmarks
    wait_for(driver, lambda d: d.execute_script("return !!document.documentElement.dataset.offlineSaved"),
             timeout=60)


def test_the_manifest_makes_an_installable_app(server):
    manifest = json.load(urllib.request.urlopen(server.url("/manifest.webmanifest")))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert {"any", "192x192", "512x512"} <= set(sizes)
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        with urllib.request.urlopen(server.url(icon["src"])) as response:
            assert response.headers["Content-Type"] == icon["type"]
            body = response.read()
            if icon["type"] == "image/png":
                assert body[:8] == b"\x89PNG\r\n\x1a\n"
                width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
                assert f"{width}x{height}" == icon["sizes"]
    with urllib.request.urlopen(server.url("/service-worker.js")) as response:
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert response.headers["Cache-Control"] == "no-cache"
        assert "__VERSION__" not in response.read().decode()


def cached_bodies(driver):
    """Every kept response's body, by cache and address: what the next person on this browser could be shown."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const bodies = {};
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              bodies[name + " " + request.url] = await (await cache.match(request)).text();
            }
          }
          return bodies;
        })().then(done, (error) => done({error: String(error)}));
    """)


def page_caches(driver):
    return [name for name in cache_names(driver) if name.startswith("grubmap-pages-")]


def test_offline_copies_open_offline_and_changes_are_refused_in_place(server, browser):
    driver = browser(width=390, height=844)
    skip_onboarding(driver, server)
    make_profile(driver, server, "Ada", "Lovelace")
    driver.get(server.url("/areas/pnu-busan"))
    press(driver, PLACE)
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, f'.bookmark-button[data-place="{PLACE}"]')
             .get_attribute("aria-pressed") == "true")
    ready(driver)
    kept = cached_urls(driver)
    assert any(url.endswith(f"/places/{PLACE}") for url in kept), kept
    days = [url for url in kept if re.search(r"/areas/pnu-busan/menus\?date=\d{4}-\d{2}-\d{2}$", url)]
    assert len(days) == 7, kept
    assert any(url.endswith("/offline") for url in kept)
    assert any("/assets/app.css?v=" in url for url in kept)
    # The area page just opened was kept too, as its offline copy.
    assert any(url.endswith("/areas/pnu-busan") for url in kept), kept

    offline(driver)
    assert driver.execute_script("return navigator.onLine") is False
    # The board of a day of this week, never opened in this browser, opens from what the worker kept.
    day = days[3].split(" ", 1)[1]
    driver.get(day)
    banner = driver.find_element(By.ID, "offline-banner")
    wait_for(driver, lambda d: banner.is_displayed())
    assert re.fullmatch(r"Offline copy saved at \d{2}:\d{2}\. Bookmarks, check-ins and who's here come back when "
                        r"you're online\.", banner.text), banner.text
    assert driver.find_elements(By.CSS_SELECTOR, ".board, .card")
    # Styles still apply: the saved page's style sheet came from the worker's cache.
    assert driver.execute_script("return getComputedStyle(document.body).margin") == "0px"
    # An offline copy shows no stars: whose bookmarks they are is not known offline.
    assert not any(star.is_displayed() for star in driver.find_elements(By.CSS_SELECTOR, ".bookmark-button"))

    # A choice on the board is refused where it is: the page stays, and says so at the foot of the screen.
    staff = driver.find_element(By.CSS_SELECTOR, ".role-chooser button[value=employee]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", staff)
    staff.click()
    toast = wait_for(driver, lambda d: d.find_elements(By.ID, "toast") and d.find_element(By.ID, "toast"))
    assert toast.is_displayed() and toast.text == "You're offline, so nothing was saved. Try again when you're back online."
    wait_for(driver, lambda d: d.find_element(By.ID, "announcer").get_attribute("textContent") == toast.text)
    assert driver.current_url == day and driver.find_element(By.ID, "offline-banner").is_displayed()

    driver.get(server.url(f"/places/{PLACE}"))
    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
    assert driver.find_element(By.ID, "menu").is_displayed()
    assert "can check in" in driver.find_element(By.CSS_SELECTOR, ".whos-here").text
    # The area's list opens too.
    driver.get(server.url("/areas/pnu-busan"))
    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
    assert len(driver.find_elements(By.CSS_SELECTOR, "ul.places > li[data-place]")) == 7
    # A page never kept: the offline page.
    driver.get(server.url("/areas/san-jose-convention-center"))
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "You are offline")
    assert not driver.find_element(By.ID, "offline-refused").is_displayed()

    offline(driver, on=False)
    # Back online nothing was queued: the place is still bookmarked and the price role is the student's.
    driver.get(server.url(f"/places/{PLACE}"))
    assert not driver.find_element(By.ID, "offline-banner").is_displayed()
    star = driver.find_element(By.CSS_SELECTOR, f'.bookmark-button[data-place="{PLACE}"]')
    assert star.get_attribute("aria-pressed") == "true"
    preferences = driver.execute_script("return fetch('/api/v1/me/preferences').then((r) => r.json())")
    assert preferences["priceRole"] == "student"


def test_person_a_never_appears_offline_to_person_b_on_the_same_browser(server, browser):
    """Issue 28's finding: A opens their profile, a place where they are checked in and the settings; cookies are
    cleared; B, on the same browser, offline, must see none of A's names, bio, check-in or CSRF token."""
    driver = browser(width=390, height=844)
    skip_onboarding(driver, server)
    make_profile(driver, server, "Ada", "Lovelace")  # bio: "Here for the tacos."
    driver.get(server.url(f"/places/{PLACE}"))
    driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{PLACE}/checkin'] button").click()
    wait_for(driver, settled(lambda d: "checked in here" in d.find_element(By.CSS_SELECTOR, ".whos-here").text))
    token = driver.find_element(By.CSS_SELECTOR, "input[name=csrf]").get_attribute("value")
    assert len(token) > 20
    visited = ["/profile", f"/places/{PLACE}", "/settings", BOARD, "/areas/pnu-busan", "/"]
    for path in visited:
        driver.get(server.url(path))
    ready(driver)
    for path in visited:  # every page opened again under the worker, which keeps what it keeps in the background
        driver.get(server.url(path))
    ready(driver)
    a_key = driver.get_cookie("grubmap_offline_key")["value"]
    personal = ["Ada", "Lovelace", "tacos", "checked in here", token]
    kept = cached_bodies(driver)
    assert "error" not in kept and any(f"/places/{PLACE}" in address for address in kept), kept.keys()
    for address, body in kept.items():
        assert not any(part in body for part in personal), f"{address} keeps {[p for p in personal if p in body]}"
    assert not any(address.endswith(("/profile", "/settings")) for address in kept), kept.keys()
    assert page_caches(driver) == [next(name for name in cache_names(driver) if name.endswith("-" + a_key))]

    # Cookies cleared (as a shared phone's next person, or A leaving): B, offline at once, sees nothing of A.
    driver.delete_all_cookies()
    offline(driver)
    for path in visited:
        driver.get(server.url(path))
        text = driver.page_source
        assert not any(part in text for part in personal), f"{path} shows {[p for p in personal if p in text]}"
        assert driver.find_element(By.TAG_NAME, "h1").text == "You are offline", path
    # What A's device kept is gone: the worker found no key of A's.
    assert page_caches(driver) == []

    # B comes online on the same browser (a device and a key of their own), opens the board and the place where A
    # is still checked in, then goes offline: the place's copy counts one person and names no one.
    offline(driver, on=False)
    driver.get(server.url(BOARD))
    driver.get(server.url(f"/places/{PLACE}"))
    assert "Ada Lovelace" in driver.find_element(By.CSS_SELECTOR, ".whos-here").text  # online, B sees who is here
    ready(driver)
    driver.get(server.url(f"/places/{PLACE}"))
    ready(driver)
    b_key = driver.get_cookie("grubmap_offline_key")["value"]
    assert b_key != a_key and page_caches(driver) == [f"{page_caches(driver)[0][:-16]}{b_key}"]
    offline(driver)
    driver.get(server.url(f"/places/{PLACE}"))
    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
    assert "1 person checked in" in driver.find_element(By.CSS_SELECTOR, ".whos-here").text
    text = driver.page_source
    assert not any(part in text for part in personal), [p for p in personal if p in text]
    assert all(field.get_attribute("value") == "" for field in driver.find_elements(By.CSS_SELECTOR, "input[name=csrf]"))


def test_an_update_removes_the_old_caches(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    ready(driver)
    current = set(cache_names(driver))
    assert len(current) == 2 and all(re.fullmatch(r"grubmap-(shell-[0-9a-f]{16}|pages-[0-9a-f]{16}-[\w-]{16})", name)
                                     for name in current), current
    # Caches that an earlier version of the worker left, and one that is not Grubmap's.
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(["grubmap-shell-0123456789abcdef", "grubmap-pages-0123456789abcdef-AAAAAAAAAAAAAAAA", "another-app"]
            .map((name) => caches.open(name))).then(() => done());
    """)
    # A new worker installs and activates as after a deploy (the assets are the same here, so the same worker is
    # registered under another address, which the browser takes for a new script): every Grubmap cache but its
    # own goes.
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.register("/service-worker.js?deploy=2").then((registration) => {
          const worker = registration.installing || registration.waiting || registration.active;
          if (worker.state === "activated") return done();
          worker.addEventListener("statechange", () => worker.state === "activated" && done());
        });
    """)
    wait_for(driver, lambda d: set(cache_names(d)) == current | {"another-app"}, timeout=20)


def cache_names(driver):
    return driver.execute_async_script("caches.keys().then(arguments[arguments.length - 1])")
