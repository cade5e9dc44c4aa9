"""The installable, offline app in a real browser (headless Chromium at 390x844): the manifest and icons, the service
worker keeping the default area's menus for the week and the bookmarked places, those pages opening with no network
(DevTools' Network.emulateNetworkConditions) marked "saved at HH:MM, offline", a page never kept showing the
offline page, a bookmark or check-in refused with a clear message and nothing queued, and old caches removed."""

import json
import re
import urllib.request

import websocket

from selenium.webdriver.common.by import By

from conftest import wait_for
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
    """Waits for the worker to control the page and to have kept the menus and bookmarks."""
    # The worker keeps the shell before it takes control: on a machine busy with other tests that can take a while.
    wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=60)
    driver.refresh()  # a page under the worker's control asks it to keep the menus and bookmarks
    wait_for(driver, lambda d: d.execute_script("return !!document.documentElement.dataset.offlineSaved"),
             timeout=30)


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


def test_saved_pages_open_offline_and_changes_are_refused(server, browser):
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

    offline(driver)
    assert driver.execute_script("return navigator.onLine") is False
    # The board of a day of this week, never opened in this browser, opens from what the worker kept.
    day = days[3].split(" ", 1)[1]
    driver.get(day)
    banner = driver.find_element(By.ID, "offline-banner")
    wait_for(driver, lambda d: banner.is_displayed())
    assert re.fullmatch(r"Saved at \d{2}:\d{2}, offline", banner.text), banner.text
    assert driver.find_elements(By.CSS_SELECTOR, ".board, .card")
    # Styles still apply: the saved page's style sheet came from the worker's cache.
    assert driver.execute_script("return getComputedStyle(document.body).margin") == "0px"

    driver.get(server.url(f"/places/{PLACE}"))
    wait_for(driver, lambda d: d.find_element(By.ID, "offline-banner").is_displayed())
    # A bookmark while offline: the script's fetch fails, the form falls back to a plain post, and the worker
    # answers that nothing was saved.
    press(driver, PLACE)
    wait_for(driver, lambda d: d.find_elements(By.ID, "offline-refused")
             and d.find_element(By.ID, "offline-refused").is_displayed())
    assert "Nothing was changed" in driver.find_element(By.ID, "offline-refused").text
    assert not driver.find_element(By.ID, "offline-not-saved").is_displayed()
    # A check-in too: the saved page's form is refused the same way.
    driver.get(server.url(f"/places/{PLACE}"))
    checkin = driver.find_element(By.CSS_SELECTOR, f"form[action='/places/{PLACE}/checkin'] button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", checkin)
    checkin.click()
    wait_for(driver, lambda d: d.find_elements(By.ID, "offline-refused")
             and d.find_element(By.ID, "offline-refused").is_displayed())
    # Chromium logs each refusal (a 503 from the worker) as a failed load; nothing else went wrong.
    refusals = driver.get_log("browser")
    assert refusals and all(" 503 " in entry["message"] and re.search(r"/(bookmark|checkin) ", entry["message"])
                            for entry in refusals), refusals
    # A page never kept: the offline page.
    driver.get(server.url("/areas/san-jose-convention-center"))
    wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "You are offline")
    assert not driver.find_element(By.ID, "offline-refused").is_displayed()

    offline(driver, on=False)
    # Back online nothing was queued: the place is still bookmarked (the refused removal never happened) and
    # nobody checked in.
    driver.get(server.url(f"/places/{PLACE}"))
    assert not driver.find_element(By.ID, "offline-banner").is_displayed()
    star = driver.find_element(By.CSS_SELECTOR, f'.bookmark-button[data-place="{PLACE}"]')
    assert star.get_attribute("aria-pressed") == "true"
    place = json.load(urllib.request.urlopen(server.url(f"/api/v1/places/{PLACE}")))
    assert place["checkedIn"] == []


def test_an_update_removes_the_old_caches(server, browser):
    driver = browser()
    skip_onboarding(driver, server)
    ready(driver)
    current = set(cache_names(driver))
    assert len(current) == 2 and all(re.fullmatch(r"grubmap-(shell|pages)-[0-9a-f]{16}", name) for name in current)
    # Caches that an earlier version of the worker left, and one that is not Grubmap's.
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(["grubmap-shell-0123456789abcdef", "grubmap-pages-0123456789abcdef", "another-app"]
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
