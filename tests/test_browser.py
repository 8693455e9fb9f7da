"""The real site in a real browser: Debian's headless Chromium and chromium-driver, driven by Selenium.

The site is built once into a temporary folder and opened from disk. Nothing is downloaded: the driver
is named explicitly, and Selenium Manager (which would fetch a browser) is made to fail if called.
Where no browser is installed the tests skip with a message, except in CI (``CI`` set), where a
missing browser is a failure: ``.ci/run`` installs it.

``COSTLY_CHROMIUM`` and ``COSTLY_CHROMEDRIVER`` point at another browser and driver. Screenshots of the
rule table (desktop and phone) go to ``test-artifacts/`` (or ``$COSTLY_ARTIFACTS``).
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from costly_variants import profiles

ROOT = Path(__file__).resolve().parents[1]
# Debian's packages by default; COSTLY_CHROMIUM / COSTLY_CHROMEDRIVER name others
CHROMIUM = Path(os.environ.get("COSTLY_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium")
CHROMEDRIVER = Path(os.environ.get("COSTLY_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver")
ARTIFACTS = Path(os.environ.get("COSTLY_ARTIFACTS", ROOT / "test-artifacts"))
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


def _need_browser() -> None:
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.is_file()]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if not missing:
        return
    message = (f"no browser for the browser test: {', '.join(missing)} not found "
               "(apt-get install chromium chromium-driver; pip install selenium)")
    if os.environ.get("CI"):
        pytest.fail(f"CI: {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _need_browser()
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("browser-site") / "html"
    warnings = out.parent / "warnings.txt"
    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(ROOT / "docs"), str(out)])
    assert code == 0, warnings.read_text(encoding="utf-8")
    return out


@pytest.fixture(scope="session")
def browser(built_site: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    def no_downloads(*args: object, **kwargs: object) -> None:
        raise AssertionError("Selenium Manager was asked for a browser: the test must not download one")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SeleniumManager, "binary_paths", no_downloads)
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    "--window-size=1400,1000", "--hide-scrollbars"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        driver.set_page_load_timeout(30)
        try:
            yield driver
        finally:
            driver.quit()


@pytest.fixture()
def desktop(browser: Any) -> Any:
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.set_window_size(1400, 1000)
    return browser


def open_page(driver: Any, site: Path, name: str) -> None:
    driver.get((site / name).as_uri())


def js(driver: Any, script: str, *args: Any) -> Any:
    return driver.execute_script(script, *args)


def scroll_to(driver: Any, element: Any) -> None:
    """Bring an element to the middle of its boxes at once (furo scrolls smoothly, so a click could land
    while the page is still moving)."""
    js(driver, "arguments[0].scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'})", element)


def show_box(driver: Any, box: Any) -> None:
    """Scroll to just above the box at once (furo scrolls smoothly), its floating "back to top" button out
    of the way, so that a screenshot shows the table."""
    js(driver, "window.scrollTo({top: arguments[0].getBoundingClientRect().top + scrollY - 60, behavior: 'instant'});"
               "document.querySelector('.back-to-top')?.style.setProperty('display', 'none')", box)


TARGET_STATE = """
const t = document.querySelector(':target');
if (!t) return null;
const r = t.getBoundingClientRect();
const style = getComputedStyle(t.tagName === 'TR' ? t.firstElementChild : t);
// visible: some of it on screen, and not all of it under a sticky header of its scroll box
const box = t.closest('.costly-scroll');
const head = box ? box.querySelector('thead') : null;
const top = head ? head.getBoundingClientRect().bottom : 0;
return {id: t.id, tag: t.tagName, top: r.top, bottom: r.bottom, height: innerHeight,
        visible: r.bottom > Math.max(top, 0) + 4 && r.top < innerHeight - 4,
        background: style.backgroundColor, outline: style.outlineStyle};
"""


def assert_target(driver: Any, ident: str) -> dict[str, Any]:
    """The element the URL's fragment names is on screen (once the page has scrolled to it) and highlighted."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, 5, poll_frequency=0.1).until(
            lambda d: (js(d, TARGET_STATE) or {}).get("visible"))
    except TimeoutException:
        pass  # the assertions below say what is wrong
    state = js(driver, TARGET_STATE)
    assert state is not None, f"nothing is the :target at {driver.current_url}"
    assert state["id"] == ident
    assert state["visible"], state
    assert state["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), f"{ident} is not highlighted: {state}"
    return state


def test_rule_table_shows_every_profile(desktop, built_site):
    open_page(desktop, built_site, "rules.html")
    heads = js(desktop, "return [...document.querySelectorAll('.costly-rule-table thead th')].map(th => th.innerText)")
    assert heads[0].strip() == "rule"
    bundled = [p.id for p in profiles.load_all()]
    assert [h.split("\n")[0].strip() for h in heads[1:]] == bundled
    rows = js(desktop, "return document.querySelectorAll('.costly-rule-table tr.costly-rule-row').length")
    assert rows == len(profiles.rule_titles())
    # the differences-only switch hides the rules every profile shares
    js(desktop, "document.querySelector('input.costly-differences-only').click()")
    shown = js(desktop, """return [...document.querySelectorAll('.costly-rule-table tr.costly-rule-row')]
                           .filter(r => r.offsetParent !== null)
                           .map(r => r.classList.contains('costly-row-differs'))""")
    assert 0 < len(shown) < rows and all(shown)


def test_citation_links_land_on_the_highlighted_passage_and_come_back(desktop, built_site):
    # one citation from each of three columns and from the count section
    for key, column in (("game.target", 1), ("mog.procedure", 3), ("count.colours", 5), ("players.count", 2)):
        row_id = "rule-" + key.replace(".", "-").replace("_", "-")
        open_page(desktop, built_site, "rules.html")
        link = desktop.find_element("css selector", f"tr#{row_id} > td:nth-child({column + 1}) p.costly-cites a")
        passage_id = link.get_attribute("href").rsplit("#", 1)[1]
        scroll_to(desktop, link)
        link.click()
        assert desktop.current_url.endswith("#" + passage_id)
        state = assert_target(desktop, passage_id)
        assert state["outline"] == "solid"
        # the passage lists what cites it, and one click returns to the rule's row in the table
        back = desktop.find_element("css selector", f"#{passage_id} a.costly-back[href$='#{row_id}'] , "
                                                    f"#{passage_id} a[href$='#{row_id}']")
        scroll_to(desktop, back)
        back.click()
        assert desktop.current_url.endswith("rules.html#" + row_id)
        assert_target(desktop, row_id)


def test_a_disputed_cell_explains_itself_in_place(desktop, built_site):
    open_page(desktop, built_site, "rules.html")
    cell = desktop.find_element("css selector", "tr#rule-game-target td.costly-status-disputed")
    details = cell.find_element("css selector", "details")
    assert details.get_attribute("open") is None
    summary = details.find_element("css selector", "summary")
    scroll_to(desktop, summary)
    summary.click()
    assert details.get_attribute("open") is not None
    alternative = details.find_element("css selector", "p.costly-alternative")
    assert alternative.is_displayed() and "Cribbage board" in alternative.text


SIDEWAYS = """
// how far the page can be scrolled sideways: the document itself, or any scrolling box that holds the
// whole article (furo lets its .content scroll sideways on a phone)
const boxes = [document.documentElement, document.body];
for (let e = document.querySelector('article'); e; e = e.parentElement) {
  if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) boxes.push(e);
}
return Math.max(...boxes.map(b => b.scrollWidth - b.clientWidth));
"""


def _page_overflow(driver: Any) -> int:
    return js(driver, SIDEWAYS)


def test_phone_has_no_sideways_page_scroll_and_the_table_scrolls_in_its_box(browser, built_site):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name in ("index.html", "rules.html", "differences.html", "profile/eddowes-burne-1874.html",
                     "source/cotton-1674.html", "examples.html", "analysis.html", "glossary.html",
                     "bibliography.html", "house-rules.html"):
            open_page(browser, built_site, name)
            assert js(browser, "return innerWidth") == PHONE["width"]
            assert _page_overflow(browser) <= 0, f"{name} scrolls sideways on a phone"
        open_page(browser, built_site, "rules.html")
        box = browser.find_element("css selector", ".costly-rule-table-box")
        assert js(browser, "return arguments[0].scrollWidth > arguments[0].clientWidth", box)
        # scrolled sideways inside its box, the rule column stays in view
        js(browser, "arguments[0].scrollIntoView({behavior: 'instant'}); arguments[0].scrollLeft = 400", box)
        first = browser.find_element("css selector", "tr#rule-game-target > td:first-child")
        left = js(browser, "return arguments[0].getBoundingClientRect().left"
                           " - arguments[1].getBoundingClientRect().left", first, box)
        assert abs(left) < 2
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        js(browser, "arguments[0].scrollLeft = 0", box)
        open_page(browser, built_site, "rules.html")
        box = browser.find_element("css selector", ".costly-rule-table-box")
        show_box(browser, box)
        browser.save_screenshot(str(ARTIFACTS / "rule-table-phone.png"))
        box.screenshot(str(ARTIFACTS / "rule-table-phone-box.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_screenshot_of_the_table_on_a_desktop(desktop, built_site):
    open_page(desktop, built_site, "rules.html")
    box = desktop.find_element("css selector", ".costly-rule-table-box")
    show_box(desktop, box)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "rule-table-desktop.png"
    desktop.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    # sticky header: scrolled down inside the box, the profile names stay at its top
    js(desktop, "arguments[0].scrollTop = 2000", box)
    head_top = js(desktop, "return document.querySelector('.costly-rule-table thead th').getBoundingClientRect().top"
                           " - arguments[0].getBoundingClientRect().top", box)
    assert abs(head_top) < 3
