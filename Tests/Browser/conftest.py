"""Fixtures for Grubmap's browser tests: a real grubmap server on 127.0.0.1 and headless Chromium."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests"))
import grubmap_ready  # noqa: E402  (Tests/grubmap_ready.py, shared with the ecosystem tests)

BINARY = Path(os.environ.get("GRUBMAP_BINARY", ROOT / ".build" / "debug" / "grubmap"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class GrubmapServer:
    """A `grubmap serve` process on a free port; stop and start again keep the same database."""

    def __init__(self, folder, extra_args=()):
        self.folder = Path(folder)
        self.database = self.folder / "grubmap.sqlite"
        self.extra_args = list(extra_args)
        self.process = None
        self.base = None
        self.log = self.folder / "server.log"

    def start(self, extra_args=None):
        if extra_args is not None:
            self.extra_args = list(extra_args)
        command = [str(BINARY), "serve", "--demo", "--port", "0", "--database", str(self.database)]
        with open(self.log, "w") as log:
            try:
                self.process, self.base = grubmap_ready.start(
                    command + self.extra_args, stdout=log, stderr=subprocess.STDOUT)
            except RuntimeError as error:
                raise RuntimeError(f"{error}: {self.log.read_text()}") from None
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def url(self, path):
        return self.base + path


@pytest.fixture
def server(tmp_path):
    instance = GrubmapServer(tmp_path, ["--onboarding-interval-ms", "500"]).start()
    yield instance
    instance.stop()


def make_browser(language="en", width=390, height=844, dark=False):
    options = Options()
    options.binary_location = CHROMIUM
    # Tests talk to 127.0.0.1 only: no background services, no network location provider.
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", f"--lang={language}", "--hide-scrollbars",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-default-apps", "--no-first-run", "--disable-domain-reliability",
                     "--disable-features=OptimizationHints,MediaRouter,Translate"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except WebDriverException:
        # chromedriver can lose the race for the free port it was given to another process starting at the same
        # moment; a second start takes another port.
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    # The viewport itself is width x height, as on a phone or a desktop window's content area.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    # Location is denied unless a test grants it with a position of its own, so Chromium never asks a network
    # location provider.
    driver.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "denied"})
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver


def stream_reconnecting(entry):
    """A page's live update stream failing to reach a server a test stopped: the browser logs each attempt of its
    EventSource to reconnect, which is the stream doing its job, not an error of the page."""
    return re.search(r"/areas/[^/ ]+/events - Failed to load resource: net::ERR_", entry["message"]) is not None


def browsers_checked(allow_4xx=False):
    """Makes fresh browser profiles; on the way out checks that no page logged a console error (with `allow_4xx`,
    but for the 4xx of a refused form or a page that is not there, which browsers log too)."""
    drivers = []

    def factory(**kwargs):
        driver = make_browser(**kwargs)
        drivers.append(driver)
        return driver

    yield factory
    errors = []
    for driver in drivers:
        errors += [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                   and not (allow_4xx and "status of 4" in entry["message"]) and not stream_reconnecting(entry)]
        driver.quit()
    assert errors == [], f"console errors: {errors}"


@pytest.fixture
def browser():
    """A fresh browser profile; checks on the way out that no page logged a console error."""
    yield from browsers_checked()


def wait_for(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))


def settled(condition):
    """The condition, read as false while a page load or a swap replaces the elements it looks at."""
    def check(driver):
        try:
            return condition(driver)
        except WebDriverException:
            return False
    return check


# Tuesday 17 November 2026, 03:30 UTC = 12:30 in Busan: a weekday's lunch, whose meals the menu board opens. On
# the machine's own clock the board may have none open (an evening in Busan), and no meal to press or follow.
BUSAN_LUNCH = 1_794_886_200


@contextmanager
def clocked_server(folder, now, extra_args=()):
    """A server whose clock reads `now` (seconds since 1970) when it starts, whatever the machine's clock says."""
    clock = Path(folder) / "clock"
    clock.write_text(str(now - time.time()))
    instance = GrubmapServer(folder, ["--test-clock-file", str(clock), *extra_args]).start()
    try:
        yield instance
    finally:
        instance.stop()


@pytest.fixture(scope="session")
def screenshot_folder():
    folder = os.environ.get("GRUBMAP_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
    return folder
