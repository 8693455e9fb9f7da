"""The real site in a real browser: Debian's headless Chromium and chromium-driver, driven by Selenium.

The site is built once into a temporary folder and opened from disk. Nothing is downloaded: the driver
is named explicitly, and Selenium Manager (which would fetch a browser) is made to fail if called.
Where no browser is installed the tests skip with a message, except in CI (``CI`` set), where a
missing browser is a failure: ``.ci/run`` installs it.

``COSTLY_CHROMIUM`` and ``COSTLY_CHROMEDRIVER`` point at another browser and driver. Screenshots of the
rule table (desktop and phone), a comparison page and a profile page go to ``test-artifacts/`` (or
``$COSTLY_ARTIFACTS``). ``COSTLY_BUILT_SITE`` names a site already built, to run the checks on it (an
older build, say) instead of building this one.

What a reader must get, at a phone's width (390 px) and a laptop's (1366 px): no table cell's text cut
off, the rule table scrolling with the page with at least seven rules on the screen it starts on (values in words, small print at 13 px), a
followed link's target below anything that sticks to the top of the window, and figure text of at least
11 px.
"""
from __future__ import annotations

import os
import re
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
LAPTOP = {"width": 1366, "height": 900, "deviceScaleFactor": 1, "mobile": False}
WIDTHS = {"phone": PHONE, "laptop": LAPTOP}


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
def need_browser() -> None:
    _need_browser()


@pytest.fixture(scope="session")
def built_site(need_browser: None, real_site: Path) -> Path:
    """The real site (conftest.py), built only where there is a browser to open it."""
    return real_site


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
return {id: t.id, tag: t.tagName, top: r.top, bottom: r.bottom, height: innerHeight, covered: coveredTop(t),
        visible: r.bottom > coveredTop(t) + 4 && r.top < innerHeight - 4,
        background: style.backgroundColor, outline: style.outlineStyle};
"""

# The bottom of whatever sticks (or is fixed) over the element's first line: furo's header on a phone, a
# table's header stuck to the window or to the top of the box the table scrolls in. Its own ancestors,
# and anything narrow (a button), do not count.
COVERED_TOP = """
function coveredTop(target) {
  const t = target.getBoundingClientRect();
  let bottom = 0;
  for (const e of document.querySelectorAll('body *')) {
    const s = getComputedStyle(e);
    if (s.position !== 'sticky' && s.position !== 'fixed') continue;
    if (e.contains(target) || s.display === 'none' || s.visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    if (r.width < innerWidth / 3 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) continue;
    if (r.right <= Math.max(0, t.left) || r.left >= Math.min(innerWidth, t.right)) continue;  // off screen, or beside it
    if (r.top <= Math.max(t.top, 0) + 1 && r.bottom > t.top - 1) bottom = Math.max(bottom, r.bottom);
  }
  return bottom;
}
"""
TARGET_STATE = COVERED_TOP + TARGET_STATE


def assert_target(driver: Any, ident: str, *, highlighted: bool = True) -> dict[str, Any]:
    """The element the URL's fragment names is on screen (once the page has scrolled to it), starts below
    anything stuck to the top of the window, and is highlighted."""
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
    # its first line too: the target starts below anything stuck to the top of the window
    assert state["top"] >= state["covered"] - 1, f"{ident} lands under a sticky header: {state}"
    if highlighted:
        assert state["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), f"{ident} is not highlighted: {state}"
    return state


def test_rule_table_shows_every_profile(desktop, built_site):
    open_page(desktop, built_site, "rules.html")
    heads = js(desktop, "return [...document.querySelectorAll('.costly-rule-table thead th')].map(th => th.innerText)")
    assert heads[0].strip() == "rule"
    from costly_variants.site.words import short_title

    bundled = [short_title(p) for p in profiles.load_all()]
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
    # one citation from each of three columns and from the count section (a value of the profile's own: an
    # inherited one links to the record of the profile it comes from)
    for key, column in (("game.target", 1), ("mog.procedure", 3), ("count.colours", 3), ("players.count", 4)):
        row_id = "rule-" + key.replace(".", "-").replace("_", "-")
        open_page(desktop, built_site, "rules.html")
        link = desktop.find_element("css selector", f"tr#{row_id} > td:nth-child({column + 1})"
                                                    ":not(.costly-inherited) p.costly-cites a")
        passage_id = link.get_attribute("href").rsplit("#", 1)[1]
        scroll_to(desktop, link)
        link.click()
        assert desktop.current_url.endswith("#" + passage_id)
        state = assert_target(desktop, passage_id)
        assert state["outline"] == "solid"
        # the passage lists what cites it (a text's passage in its note, under the text), and one click
        # returns to the rule's row in the table
        back = desktop.find_element("css selector", f"#{passage_id} .costly-back a[href$='#{row_id}'], "
                                                    f"#{passage_id}-note .costly-back a[href$='#{row_id}']")
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


PAGES = ("index.html", "rules.html", "differences.html", "profiles.html", "profile/cotton-1674.html",
         "profile/eddowes-burne-1874.html", "profile/eddowes-burne-1874-partners.html", "history.html",
         "source/cotton-1674.html", "source/wikipedia-en.html", "sources.html", "examples.html", "analysis.html",
         "comparing.html", "comparing/results.html", "comparing/cotton-to-parlett.html", "glossary.html",
         "bibliography.html", "house-rules.html", "architecture.html", "choosing.html", "designing.html",
         "openspiel.html", "readings.html", "python.html")


def test_phone_has_no_sideways_page_scroll_and_the_table_stacks(browser, built_site):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name in PAGES:
            open_page(browser, built_site, name)
            assert js(browser, "return innerWidth") == PHONE["width"]
            assert _page_overflow(browser) <= 0, f"{name} scrolls sideways on a phone"
        open_page(browser, built_site, "rules.html")
        box = browser.find_element("css selector", ".costly-rule-table-box")
        assert not js(browser, "return arguments[0].scrollWidth > arguments[0].clientWidth", box)
        # each value is named by its profile, since a stacked table has no header to look up to
        cell = browser.find_element("css selector", "tr#rule-game-target > td.costly-cell")
        name = cell.find_element("css selector", ".costly-in-column")
        assert name.is_displayed() and name.text == "Cotton 1674"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        show_box(browser, box)
        browser.save_screenshot(str(ARTIFACTS / "rule-table-phone.png"))
        open_page(browser, built_site, "comparing/results.html")
        browser.save_screenshot(str(ARTIFACTS / "comparison-phone.png"))
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
    open_page(desktop, built_site, "profile/cotton-1674.html")
    desktop.save_screenshot(str(ARTIFACTS / "profile-desktop.png"))


@pytest.fixture(params=sorted(WIDTHS))
def at_width(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """The browser at a phone's width and at a laptop's, one after the other."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", WIDTHS[request.param])
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


CLIPPED = """
// every table cell shown whose text is cut: its content wider than the cell, or the cell reaching past
// the window's sides or past the edge of a box that clips or scrolls it
const out = [];
const width = document.documentElement.clientWidth;
for (const cell of document.querySelectorAll('article td, article th')) {
  if (cell.offsetParent === null || !cell.innerText.trim()) continue;
  const r = cell.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  const what = `${cell.innerText.trim().slice(0, 40)}`;
  if (cell.scrollWidth > cell.clientWidth + 1) { out.push(`${what}: wider than its cell`); continue; }
  if (r.left < -1 || r.right > width + 1) { out.push(`${what}: past the window's side`); continue; }
  for (let e = cell.parentElement; e && e !== document.body; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const b = e.getBoundingClientRect();
    const left = b.left + e.clientLeft, top = b.top + e.clientTop;
    const cutX = r.left < left - 1 || r.right > left + e.clientWidth + 1;
    const cutY = s.overflowY !== 'visible' && (r.top < top - 1 || r.bottom > top + e.clientHeight + 1);
    if (cutX || cutY) { out.push(`${what}: cut by the edge of a ${e.tagName.toLowerCase()}.${e.className}`); break; }
  }
}
return out;
"""


def _cut_on_pages(driver: Any, site: Path, script: str) -> dict[str, list[str]]:
    """What ``script`` finds cut off on each page, a few items a page."""
    cut = {}
    for name in PAGES:
        open_page(driver, site, name)
        found = js(driver, script)
        if found:
            cut[name] = found[:3] + ([f"... {len(found)} in all"] if len(found) > 3 else [])
    return cut


def test_no_table_cell_text_is_clipped(at_width, built_site):
    cut = _cut_on_pages(at_width, built_site, CLIPPED)
    assert not cut, cut


FIRST_SCREEN = """
// the window scrolled to the rule table's top: the rules wholly in view below its header
const table = document.querySelector('table.costly-rule-table');
window.scrollTo({top: table.getBoundingClientRect().top + scrollY, behavior: 'instant'});
const head = table.querySelector('thead').getBoundingClientRect();
return [...table.querySelectorAll('tr.costly-rule-row')].filter(r => {
  const b = r.getBoundingClientRect();
  return b.top >= head.bottom - 1 && b.bottom <= innerHeight + 1;
}).length;
"""


# Rules wholly in view on the table's first laptop screen. It was ten when values were codes and the small
# print 9 to 11 px; with every value in words and badges and citations at 13 px (issue 28), seven.
RULES_A_SCREEN = 7


def test_the_rule_table_scrolls_with_the_page_ten_rules_a_screen(browser, built_site):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", LAPTOP)
    try:
        open_page(browser, built_site, "rules.html")
        assert js(browser, FIRST_SCREEN) >= RULES_A_SCREEN
        box = browser.find_element("css selector", ".costly-rule-table-box")
        # the table is not a box of its own: the page scrolls it, and its header sticks to the window
        assert js(browser, "return arguments[0].scrollHeight <= arguments[0].clientHeight + 1", box)
        js(browser, "window.scrollBy({top: 3000, behavior: 'instant'})")
        head = js(browser, "return document.querySelector('.costly-rule-table thead th').getBoundingClientRect().top")
        assert abs(head) < 2
        # every column whole: the table no wider than its box, the last column inside the window
        right = js(browser, "return [...document.querySelectorAll('.costly-rule-table thead th')].pop()"
                            ".getBoundingClientRect().right")
        assert right <= js(browser, "return document.documentElement.clientWidth")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(ARTIFACTS / "rule-table-scrolled-1366.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_followed_link_lands_below_any_sticky_header(at_width, built_site):
    # from a passage back to its rule's row, from a cell to its passage, from the front page to a section
    for page, selector in (("source/cotton-1674.html", "#src-cotton-1674-p125-game-note .costly-back a"),
                           ("source/cotton-1674.html", "#src-cotton-1674-p127-colours-note .costly-back a"),
                           ("rules.html", "tr#rule-count-colours p.costly-cites a"),
                           ("profile/cotton-1674.html", ".costly-scoring a[href$='#profile-cotton-1674-count-colours']"),
                           ("index.html", "a[href$='#by-rule-cotton-1674-parlett-121']")):
        open_page(at_width, built_site, page)
        link = at_width.find_element("css selector", selector)
        ident = link.get_attribute("href").rsplit("#", 1)[1]
        scroll_to(at_width, link)
        link.click()
        state = assert_target(at_width, ident, highlighted=False)
        assert state["top"] >= state["covered"] - 1


SVG_TEXT = re.compile(r"font-size:\s*([\d.]+)px|font:\s*(?:[a-z]+\s+)*([\d.]+)px")


def _smallest_text(svg: Path) -> tuple[float, float]:
    """The smallest text in an SVG figure, in its own units, and the width of its view box."""
    text = svg.read_text(encoding="utf-8")
    box = re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"', text)
    sizes = [float(a or b) for a, b in SVG_TEXT.findall(text)]
    assert box and sizes, f"{svg.name}: no view box or no text"
    return min(sizes), float(box.group(1))


FIGURES = """
return [...document.querySelectorAll('article img')].filter(i => i.src.endsWith('.svg') && i.offsetParent)
  .map(i => [decodeURIComponent(new URL(i.src).pathname), i.getBoundingClientRect().width]);
"""


def test_figure_text_is_legible_and_follows_the_theme(at_width, built_site):
    seen = 0
    for name in ("analysis.html", "comparing/results.html", "comparing/cotton-to-parlett.html",
                 "profile/parlett-121.html"):
        for scheme in ("light", "dark"):
            at_width.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-color-scheme", "value": scheme}]})
            open_page(at_width, built_site, name)
            shown = js(at_width, FIGURES)
            assert shown, f"{name}: no figure shown"
            for path, width in shown:
                assert path.endswith("-dark.svg") == (scheme == "dark"), f"{name}: {path} in the {scheme} theme"
                smallest, box = _smallest_text(Path(path))
                px = smallest * width / box
                assert px >= 11, f"{name}: text of {px:.1f} px in {Path(path).name} at {width:.0f} px wide"
                seen += 1
    at_width.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert seen > 20


# Pages one can finish: the longest a page may be, in CSS pixels, at each width (a profile page: eight
# laptop screens; a by-rule page: 20,000 px).
SCREEN = LAPTOP["height"]
BUDGETS = {"profile/": 8 * SCREEN, "comparing/cotton-to-": 20_000}


def _budget(name: str, width: str) -> int | None:
    for prefix, budget in BUDGETS.items():
        if name.startswith(prefix):
            return budget if width == "laptop" or prefix != "profile/" else budget * 2
    return None


def test_no_page_is_over_its_length_budget(at_width, built_site):
    width = "phone" if js(at_width, "return innerWidth") < 800 else "laptop"
    names = [f"profile/{p}.html" for p in profiles.bundled_ids()] + ["comparing/cotton-to-parlett.html",
                                                                      "comparing/cotton-to-1874.html"]
    over = {}
    for name in names:
        open_page(at_width, built_site, name)
        height = js(at_width, "return document.documentElement.scrollHeight")
        budget = _budget(name, width)
        assert budget is not None
        if height > budget:
            over[name] = f"{height} px, over {budget}"
    assert not over, over


CLIPPED_CODE = """
// every block of code or output whose text runs past its box (cut off, or hidden behind a sideways scroll)
return [...document.querySelectorAll('article pre')].filter(p => p.offsetParent !== null
  && p.scrollWidth > p.clientWidth + 1).map(p => p.innerText.trim().slice(0, 50));
"""


def test_no_code_output_is_clipped(at_width, built_site):
    cut = _cut_on_pages(at_width, built_site, CLIPPED_CODE)
    assert not cut, cut


def test_no_rule_value_is_shown_as_a_code_on_the_rules_page(desktop, built_site):
    from costly_variants.site.words import VALUE_WORDS

    open_page(desktop, built_site, "rules.html")
    values = js(desktop, "return [...document.querySelectorAll('td.costly-cell .costly-value')].map(v => v.innerText)")
    assert len(values) > 100
    codes = {code for words in VALUE_WORDS.values() for code in words if "-" in code or code.isalpha() and len(code) > 2}
    shown = [v for v in values if v.strip() in codes or re.fullmatch(r"[a-z]+(-[a-z]+)+", v.strip())]
    assert not shown, shown[:5]
    heads = js(desktop, "return [...document.querySelectorAll('.costly-profile-name')].map(v => v.innerText)")
    assert "Cotton 1674" in heads and not any(re.fullmatch(r"[a-z0-9-]+", h) for h in heads)


SMALL_PRINT = """
return [...document.querySelectorAll('.costly-badge, .costly-cites a, .costly-sentence-cites a')]
  .filter(e => e.offsetParent !== null).map(e => parseFloat(getComputedStyle(e).fontSize));
"""


def test_badges_and_citations_are_at_least_13_px(desktop, built_site):
    for name in ("rules.html", "index.html", "profile/cotton-1674.html"):
        open_page(desktop, built_site, name)
        sizes = js(desktop, SMALL_PRINT)
        assert sizes and min(sizes) >= 13, (name, min(sizes or [0]))


def test_screenshots_for_a_reader(at_width, built_site):
    """The pages a reader lands on, as a reader sees them (test-artifacts/)."""
    width = "phone" if js(at_width, "return innerWidth") < 800 else "laptop"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name in ("index.html", "choosing.html", "comparing/results.html", "comparing/cotton-to-parlett.html",
                 "profile/cotton-1674.html"):
        open_page(at_width, built_site, name)
        at_width.save_screenshot(str(ARTIFACTS / f"{name.replace('/', '-')}-{width}.png"))
