"""Every page (pages.PAGES) checked by axe-core for WCAG 2.0, 2.1 and 2.2 A and AA and axe's best practices, in
English and Korean, light and dark, on a phone (390x844) and a desktop (1280x800), every pair of those met in some
variant; and laid out without sideways scrolling at 320 px wide and at 200% zoom. One server and one browser serve the whole matrix: each variant is the
same browser with another language, colour scheme and viewport emulated.

A violation fails its page's test, naming the variant, the rule, its impact, and the elements with axe's summary.
"""

import json
import tempfile
from pathlib import Path

import pytest
from axe_selenium_python import Axe

from conftest import GrubmapServer, make_browser, wait_for
from pages import PAGES, emulate, prepare

# Every rule of these tags runs; nothing is switched off.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
AXE_OPTIONS = json.dumps({"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"]})

# Four variants where every language meets every scheme and every size, and every scheme every size (a pairwise
# covering array): what goes wrong in Korean dark or dark on a desktop is seen, at half the time of all eight.
PHONE, DESKTOP = (390, 844), (1280, 800)
VARIANTS = [("en", False, PHONE), ("ko", True, PHONE), ("en", True, DESKTOP), ("ko", False, DESKTOP)]


class PageRunner:
    """One browser going through pages as their people, setting each person up once."""

    def __init__(self, server, driver):
        self.server = server
        self.driver = driver
        self.person = None
        self.user_agent = driver.execute_script("return navigator.userAgent")

    def open(self, page, language="en", dark=False, width=390, height=844, scale=1):
        if page.person != self.person:
            emulate(self.driver, user_agent=self.user_agent)
            prepare(self.driver, self.server, page.person)
            self.person = page.person
        emulate(self.driver, language, dark, width, height, scale, user_agent=self.user_agent)
        self.driver.get(self.server.url(page.path))
        if page.ready:
            page.ready(self.driver, self.server, width)
        # Colours ease from the last page's scheme to this one's: axe would read them half-way.
        wait_for(self.driver, lambda d: d.execute_script(
            "return document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')"))
        # axe reads the whole document wherever it is scrolled, but takes what the sticky header covers at that
        # moment for an obscured target: a page opened at an anchor (a dish's page after a suggestion) put a link
        # under the header, or not, by how long the day's list of servings above it was. Read at the top, the
        # header covers nothing.
        self.driver.execute_script("window.scrollTo(0, 0)")


@pytest.fixture(scope="module")
def runner():
    with tempfile.TemporaryDirectory() as folder:
        # One browser sends every form of the matrix, a few hundred a run: more than a person's writes a minute.
        server = GrubmapServer(folder, ["--onboarding-interval-ms", "3000", "--writes-per-minute", "100000"]).start()
        driver = make_browser()
        # The console's week of menus, every day's rows on one page, takes axe a while on a busy machine.
        driver.set_script_timeout(120)
        try:
            yield PageRunner(server, driver)
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                      and "status of 4" not in entry["message"]]  # the error pages' own 404 and 400
            assert errors == [], f"console errors: {errors}"
        finally:
            driver.quit()
            server.stop()


def describe(violation):
    nodes = "".join(f"\n      {' '.join(node['target'])}: {node['failureSummary'].splitlines()[-1].strip()}"
                    for node in violation["nodes"][:5])
    more = f"\n      … and {len(violation['nodes']) - 5} more" if len(violation["nodes"]) > 5 else ""
    return f"{violation['id']} ({violation['impact']}): {violation['help']}{nodes}{more}"


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_axe_finds_nothing(runner, page):
    axe = Axe(runner.driver)
    script = Path(axe.script_url).read_text(encoding="utf8")
    failures = []
    for language, dark, (width, height) in VARIANTS:
        runner.open(page, language, dark, width, height)
        runner.driver.execute_script(script)
        results = runner.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"axe.run(document, {AXE_OPTIONS}).then(done, (error) => done({{error: String(error)}}))")
        assert "error" not in results, results
        variant = f"{page.name} {language} {'dark' if dark else 'light'} {width}x{height}"
        failures += [f"{variant}: {describe(violation)}" for violation in results["violations"]]
    assert not failures, "\n".join(failures)


# 320 CSS pixels is WCAG 1.4.10's narrow width; 640x400 at twice the pixel density is a 1280x800 window at 200%.
REFLOW_SIZES = [(320, 568, 1), (640, 400, 2)]


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_nothing_scrolls_sideways_when_narrow_or_zoomed(runner, page):
    failures = []
    for language in ("en", "ko"):
        for width, height, scale in REFLOW_SIZES:
            runner.open(page, language, False, width, height, scale)
            overflow = runner.driver.execute_script("""
                const width = document.documentElement.clientWidth;
                const wide = [...document.querySelectorAll('body *')].filter((e) => {
                  const box = e.getBoundingClientRect();
                  return box.width > 0 && box.right > width + 1 && getComputedStyle(e).position !== 'fixed'
                    && !e.closest('.visually-hidden, .view-choice, .ride-options, .areas');
                });
                return {scroll: document.documentElement.scrollWidth - width,
                        elements: wide.slice(0, 3).map((e) => e.tagName.toLowerCase() + '.' + e.className)};""")
            if overflow["scroll"] > 0 or overflow["elements"]:
                failures.append(f"{page.name} {language} {width}x{height}@{scale}x: {overflow}")
    assert not failures, "\n".join(failures)
