"""The Play page in a real browser: the test root ``test-play`` (the Play page and the pages its scores
link to) built with Pyodide copied in, served over HTTP on loopback, opened in Debian's headless Chromium
with every other host unreachable. At a laptop's size (1366x900) and a phone's (390x844): nothing wider
than the screen, the longest title chosen; a whole deal played by clicking (its first move by key), each
click made as soon as the page says it waits for one, and taken; the console clean (no error, no missing
favicon); the page's scores checked against ``costly replay`` of the log it offers, a rule changed to a recorded reading, the house profile downloaded and validated; the
search bot playing the board from the shipped win tables, two-hand and four-hand, its log replayed by
``costly replay`` (which checks each bot move against the seed) and equal to ``costly play``'s; and without WebAssembly the page says so and points to
``costly play``.

Every wait is for an event on the page (``#costly-play[data-state]``), with a cap only against a hang.
Screenshots go to ``test-artifacts/`` as in ``test_browser.py``.
"""
from __future__ import annotations

import contextlib
import functools
import json
import shutil
import subprocess
import sys
import threading
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

from .test_browser import ARTIFACTS, CHROMEDRIVER, CHROMIUM, LAPTOP, PHONE, _need_browser, js, scroll_to

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent / "roots" / "test-play"
HANG = 300  # seconds: a cap against a hang, never a timing (Pyodide starts in seconds)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test root built (warnings are errors)."""
    _need_browser()
    from sphinx.cmd.build import build_main

    base = tmp_path_factory.mktemp("play-site")
    src, out, warnings = base / "src", base / "html", base / "warnings.txt"
    shutil.copytree(ROOT, src)
    code = build_main(["-W", "--keep-going", "-q", "-b", "html", "-w", str(warnings), str(src), str(out)])
    assert code == 0, warnings.read_text(encoding="utf-8")
    return out


@contextlib.contextmanager
def serving(handler: Any) -> Iterator[str]:
    """``handler`` on 127.0.0.1 on a free port, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built test root served from 127.0.0.1 on a free port."""
    with serving(functools.partial(_Quiet, directory=str(site))) as url:
        yield url


def _driver(downloads: Path, *extra: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    def no_downloads(*args: object, **kwargs: object) -> None:
        raise AssertionError("Selenium Manager was asked for a browser: the test must not download one")

    SeleniumManager.binary_paths = no_downloads  # type: ignore[method-assign]
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                "--window-size=1366,900", "--disable-background-networking", "--no-first-run",
                "--disable-component-update", "--disable-sync", "--disable-default-apps",
                # every host but loopback is unreachable: nothing may come from a CDN
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", *extra):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for errors
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads),
                                                          "eventsEnabled": True})
    return driver


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, served: str) -> Iterator[tuple[Any, Path]]:
    downloads = tmp_path_factory.mktemp("downloads")
    driver = _driver(downloads)
    try:
        yield driver, downloads
    finally:
        driver.quit()


def wait_for(driver: Any, condition: Any, what: str) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, HANG, poll_frequency=0.05).until(condition, message=what)


def page_state(driver: Any) -> str:
    return js(driver, "return document.getElementById('costly-play')?.dataset.state || ''")


def downloaded(downloads: Path, name: str, driver: Any) -> Path:
    path = downloads / name
    wait_for(driver, lambda d: path.is_file() and path.stat().st_size > 0, f"the download {name}")
    return path


def click(driver: Any, element: Any) -> None:
    """Scrolled to the middle of the window first: at a phone's size furo's header covers the top."""
    scroll_to(driver, element)
    element.click()


def console_errors(driver: Any) -> list[str]:
    """What the page's console has shown as errors since last asked (a resource's 404 is one)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def overflowing(driver: Any) -> list[str]:
    """The Play page's elements that reach past the window's right edge (furo's containers clip what would
    scroll the document sideways, so the document's width alone does not show them)."""
    return js(driver, """const out = [];
        for (const e of document.querySelectorAll('#costly-play *')) {
          const box = e.getBoundingClientRect();
          if (box.width > 1 && box.height > 1 && box.right > innerWidth + 1)
            out.push(`${e.tagName}.${e.className}: ${Math.round(box.left)}-${Math.round(box.right)}`);
        }
        if (document.documentElement.scrollWidth > innerWidth) out.push('the document scrolls sideways');
        return out;""")


def take(driver: Any, press: Any) -> None:
    """A choice made (``press()``: a click or a key) as soon as the page says it waits for one: taken at
    once, with no other sign of readiness asked for."""
    wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the player's turn")
    taken = js(driver, "return window.costlyPlay.taken")
    press()
    assert js(driver, "return window.costlyPlay.taken") == taken + 1, "the page said waiting but ignored the choice"


def costly(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], input=stdin, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("size, variant", [("laptop", "cotton-1674"), ("phone", "eddowes-burne-1874-partners")])
def test_a_whole_deal_played_by_clicking_scores_as_costly_replay_does(browser, served, size, variant):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    driver, downloads = browser
    metrics = {"laptop": LAPTOP, "phone": PHONE}[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.get(served + "play.html")
    # Progress while Pyodide loads (unless it is already there), then the controls.
    assert js(driver, "return !!document.querySelector('.costly-play-progress')") or page_state(driver) == "ready"
    wait_for(driver, lambda d: page_state(d) in ("ready", "failed"), "the engine to start")
    assert page_state(driver) == "ready", js(driver, "return document.getElementById('costly-play').innerText")
    # The worker fetched Pyodide's core, the engine, the win tables and the WebAssembly kernel (a house ruleset's
    # table is worked out in it), each once, from this server: no lock file, no package, nor what reading a
    # house profile needs (fetched only once one is loaded).
    fetched = js(driver, "return window.costlyPlay.workerFetched")
    assert all(url.startswith(served) for url in fetched), fetched
    assert sorted(url.rsplit("/", 1)[1] for url in fetched) == sorted(
        ["pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "costly_variants.json", "profiles.json",
         "wintables.json", "costly_kernel.mjs", "costly_kernel.wasm"])

    # The longest title chosen: the Rules select stays on the screen, and nothing else goes past it.
    profile_select = Select(driver.find_element("id", "costly-play-profile"))
    longest = max(profile_select.options, key=lambda option: len(option.text)).get_attribute("value")
    profile_select.select_by_value(longest)
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules && window.costlyPlay.rules.base") == longest,
             "the profile's rules")
    assert overflowing(driver) == []
    profile_select.select_by_value(variant)
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules && window.costlyPlay.rules.base") == variant,
             "the profile's rules")

    # A rule changed to a reading its profile records; the house profile downloaded and validated.
    # The rules open by keyboard (a tap on a summary is not a click in Chromium's phone emulation).
    rules_summary = driver.find_element("css selector", ".costly-play-rules > summary")
    rules_summary.send_keys(Keys.ENTER)
    assert js(driver, "return document.querySelector('.costly-play-rules').open")
    index, key = js(driver, """
        for (const rule of window.costlyPlay.rules.rules)
          for (const o of rule.options) if (o.kind === 'alternative') return [o.index, rule.key];
        return [null, null];""")
    assert key is not None, "no recorded reading offered"
    choice = Select(driver.find_element("css selector", f"select[data-rule='{key}']"))
    choice.select_by_value(str(index))
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules.house"), "the house rule")
    changed = driver.find_element("css selector", f".costly-play-rule[data-rule='{key}']")
    assert "costly-play-rule-changed" in changed.get_attribute("class")
    assert changed.find_elements("css selector", ".costly-play-rule-from")  # where the value comes from, in words
    click(driver, driver.find_element("css selector", ".costly-play-house"))
    house = downloaded(downloads, f"{variant}-house.yaml", driver)
    checked = costly("validate", str(house))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rules_summary.send_keys(Keys.ENTER)

    # A set seed, the expert, and a deal: its first move by key, the rest by clicking.
    seed = {"laptop": 17, "phone": 5}[size]
    seed_input = driver.find_element("id", "costly-play-seed")
    seed_input.clear()
    seed_input.send_keys(str(seed))
    click(driver, driver.find_element("css selector", ".costly-play-deal"))
    wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the deal")
    # The whole command that deals this game in costly play: the house profile's file, the bot, the seed.
    assert driver.find_element("css selector", ".costly-play-seed-shown code").text == \
        f"costly play --variant {variant}-house.yaml --bot expert --seed {seed}"
    # Each word of it whole on one line, however narrow the window ("--bot" not broken at its hyphen).
    words = js(driver, "return [...document.querySelectorAll('.costly-play-seed-shown code span')]"
                       ".map(s => [s.textContent, s.getClientRects().length])")
    assert [w for w, _ in words] == f"costly play --variant {variant}-house.yaml --bot expert --seed {seed}".split()
    assert all(lines == 1 for _, lines in words), words
    # The hint (H): the search bot's choice and the worth of each, as costly play's hint; the page is busy
    # while it is worked out, and says it waits again once it is given.
    driver.find_element("tag name", "body").send_keys("h")
    wait_for(driver, lambda d: "The search bot would choose" in d.find_element("css selector", ".costly-play-hint").text
             and page_state(d) == "waiting", "the hint")
    take(driver, lambda: driver.find_element("tag name", "body").send_keys("1"))
    moves = 1
    while True:
        # No pause after the computer's last move: when the page says it waits, a click is taken.
        wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the computer's moves")
        view = js(driver, "return window.costlyPlay.view")
        if view["finished"] or view["deal"] > 1:
            break
        buttons = driver.find_elements("css selector", ".costly-play-choice")
        cards = [b for b in buttons if b.get_attribute("data-card")]
        take(driver, lambda: click(driver, cards[-1] if cards else buttons[0]))
        moves += 1
    assert moves > 2
    if size == "laptop":
        js(driver, "window.scrollTo(0, 0)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"play-{size}.png"))

    # The page's scores, shown and itemised, are the ones costly replay finds in the log it offers.
    click(driver, driver.find_element("css selector", ".costly-play-log"))
    log_path = downloaded(downloads, f"costly-game-{variant}-house-seed-{seed}.json", driver)
    log = json.loads(log_path.read_text(encoding="utf-8"))
    replayed = costly("replay", str(log_path))
    assert replayed.returncode == 0 and "reproduced" in replayed.stdout, replayed.stdout + replayed.stderr
    shown = js(driver, "return [...document.querySelectorAll('.costly-play-score-value')].map(e => e.textContent)")
    assert shown == [f"{s} / {view['target']}" for s in log["scores"]]
    itemised = js(driver, """const sums = [0, 0];
        for (const li of document.querySelectorAll('.costly-play-scored')) sums[+li.dataset.team] += +li.dataset.points;
        return sums;""")
    assert itemised == log["scores"] and sum(itemised) > 0
    rules = js(driver, "return [...document.querySelectorAll('.costly-play-scored')].map(li => li.dataset.rule)")
    assert rules == [e["rule"] for e in log["events"]]
    assert js(driver, "return document.querySelectorAll('.costly-play-count-hand').length") >= (2 if "partners" not in variant else 4)

    # Each score's passage is a link to its words on this site.
    links = js(driver, "return [...document.querySelectorAll('.costly-play-scored a.costly-play-cite')].map(a => a.href)")
    assert links
    for link in sorted(set(links))[:6]:
        page, _, anchor = link.partition("#")
        assert page.startswith(served)
        with urllib.request.urlopen(page) as response:
            assert f'id="{anchor}"' in response.read().decode("utf-8")

    # Nothing came from anywhere but this server; nothing sticks out of a phone's screen.
    sources = js(driver, "return performance.getEntriesByType('resource').map(e => e.name)")
    assert all(s.startswith((served, "blob:", "data:")) for s in sources), sources
    assert not any(s.endswith("profiles.json") for s in sources)  # the worker fetched it for the page
    assert overflowing(driver) == []
    # The console is clean: no error, the favicon's 404 among them.
    assert console_errors(driver) == []
    body = driver.find_element("tag name", "body")
    body.send_keys(Keys.ESCAPE)


def deal_against_search(driver: Any, seed: int) -> dict[str, Any]:
    """Deal with ``seed`` against the board-playing search, under the rules in force; the page's view, in
    which the search plays the board."""
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "costly-play-bot")).select_by_value("search")
    seed_input = driver.find_element("id", "costly-play-seed")
    seed_input.clear()
    seed_input.send_keys(str(seed))
    click(driver, driver.find_element("css selector", ".costly-play-deal"))
    wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the deal")
    view = js(driver, "return window.costlyPlay.view")
    assert view["played"] == "search" and view["board"], view
    return view


def play_search(driver: Any, downloads: Path, variant: str, seed: int) -> tuple[Path, int]:
    """The strongest bot dealt under ``variant`` with ``seed``; its hint; the first deal played by clicking
    the first choice; the log downloaded, and the number of choices the person made."""
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "costly-play-profile")).select_by_value(variant)
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules && window.costlyPlay.rules.base") == variant,
             "the profile's rules")
    view = deal_against_search(driver, seed)
    assert "opponent search" in driver.find_element("css selector", ".costly-play-facts").text
    # The hint, as costly play's: each choice's chance of winning, from the shipped table.
    driver.find_element("tag name", "body").send_keys("h")
    wait_for(driver, lambda d: "The search bot would choose" in d.find_element("css selector", ".costly-play-hint").text
             and page_state(d) == "waiting", "the hint")
    hint = driver.find_element("css selector", ".costly-play-hint").text
    assert "chance of winning" in hint and "%" in hint, hint
    assert driver.find_element("css selector", ".costly-play-seed-shown code").text == \
        f"costly play --variant {variant} --bot search --seed {seed}"
    moves = first_deal_first_choices(driver)
    click(driver, driver.find_element("css selector", ".costly-play-log"))
    return downloaded(downloads, f"costly-game-{variant}-seed-{seed}.json", driver), moves


def first_deal_first_choices(driver: Any) -> int:
    """The rest of the first deal played by clicking the first choice each time; the choices made."""
    moves = 0
    while True:
        view = js(driver, "return window.costlyPlay.view")
        if view["finished"] or view["deal"] > 1:
            return moves
        take(driver, lambda: click(driver, driver.find_elements("css selector", ".costly-play-choice")[0]))
        moves += 1
        wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the computer's moves")


@pytest.mark.parametrize("variant, seed", [("parlett-121", 8), ("eddowes-burne-1874-partners", 4)])
def test_the_search_plays_the_board_in_the_browser_as_costly_play_does(browser, served, tmp_path, variant, seed):
    """Pyodide's search reads the shipped win table (two hands: at the deal's end; four: to first order)
    and makes the choices costly play --bot search makes: costly replay checks every bot move of the page's
    log against the seed, and costly play, given the person's same choices, writes the same log."""
    driver, downloads = browser
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", LAPTOP)
    driver.get(served + "play.html")
    wait_for(driver, lambda d: page_state(d) in ("ready", "failed"), "the engine to start")
    assert page_state(driver) == "ready", js(driver, "return document.getElementById('costly-play').innerText")
    log_path, moves = play_search(driver, downloads, variant, seed)
    log = json.loads(log_path.read_text(encoding="utf-8"))
    assert log["bots"][1:] == ["search"] * (log["players"] - 1) and log["seed"] == seed
    replayed = costly("replay", str(log_path))
    assert replayed.returncode == 0 and f"every chance action and bot move matches seed {seed}" in replayed.stdout, \
        replayed.stdout + replayed.stderr
    # The terminal's game, the person taking the first choice as often, then quitting at the same turn.
    cli = tmp_path / "cli.json"
    done = costly("play", "--variant", variant, "--bot", "search", "--seed", str(seed), "--log", str(cli),
                  stdin="1\n" * moves + "quit\n")
    assert done.returncode == 0, done.stderr
    assert log == json.loads(cli.read_text(encoding="utf-8"))


def test_without_webassembly_the_page_points_to_costly_play(served, tmp_path):
    driver = _driver(tmp_path)
    try:
        # A browser without WebAssembly, as the page sees one: the global gone before any script of the page.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete globalThis.WebAssembly;"})
        driver.get(served + "play.html")
        wait_for(driver, lambda d: page_state(d) == "failed", "the page's message")
        text = driver.find_element("id", "costly-play").text
        assert "WebAssembly" in text and "costly play" in text
    finally:
        driver.quit()
