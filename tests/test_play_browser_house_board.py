"""Under house rules the Play page's search plays the board as ``costly play`` does (issue 38, point 5), in
Debian's headless Chromium on the test root ``test-play`` served over loopback (``test_play_browser.py``'s
fixtures): no table is shipped for the house rules, so the page works it out in its WebAssembly kernel,
showing how far it has got, and its game is the terminal's: the log the page offers equals the one
``costly play --bot search`` writes for the downloaded house profile, the same seed and the same choices,
and ``costly replay`` finds every bot move the seed's. Where the kernel does not load, the search plays for
points and the page says why.

Every wait is for an event on the page, with a cap only against a hang."""
from __future__ import annotations

import functools
import json
import subprocess
import sys
from typing import Any

import pytest

from .test_browser import LAPTOP, js
from .test_play_browser import (_driver, _Quiet, browser, click, costly, deal_against_search,  # noqa: F401
                                downloaded, first_deal_first_choices, page_state, served, serving, site, take, wait_for)

pytestmark = pytest.mark.slow


def house_target(driver: Any, variant: str, target: str) -> Any:
    """``variant`` chosen, its target changed to ``target`` in the rules panel (left open: its summary)."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", "costly-play-profile")).select_by_value(variant)
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules && window.costlyPlay.rules.base") == variant,
             "the profile's rules")
    summary = driver.find_element("css selector", ".costly-play-rules > summary")
    summary.send_keys(Keys.ENTER)
    index = js(driver, """for (const rule of window.costlyPlay.rules.rules)
          if (rule.key === 'game.target') for (const o of rule.options) if (o.value === arguments[0]) return o.index;
        return null;""", target)
    assert index is not None, f"no target of {target} offered"
    Select(driver.find_element("css selector", "select[data-rule='game.target']")).select_by_value(str(index))
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules.house"), "the house rule")
    return summary


def test_under_house_rules_the_page_works_the_table_out_and_plays_costly_plays_game(browser, served, tmp_path):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    driver, downloads = browser
    variant, seed = "cotton-1674", 8
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", LAPTOP)
    driver.get(served + "play.html")
    wait_for(driver, lambda d: page_state(d) in ("ready", "failed"), "the engine to start")
    assert page_state(driver) == "ready", js(driver, "return document.getElementById('costly-play').innerText")
    fetched = js(driver, "return window.costlyPlay.workerFetched")
    assert {"costly_kernel.mjs", "costly_kernel.wasm"} <= {url.rsplit("/", 1)[1] for url in fetched}
    summary = house_target(driver, variant, "121")
    click(driver, driver.find_element("css selector", ".costly-play-house"))
    house = downloaded(downloads, f"{variant}-house.yaml", driver)
    summary.send_keys(Keys.ENTER)

    deal_against_search(driver, seed)
    working = js(driver, "return window.costlyPlay.working")
    # Progress shown as it went: the deals sampled up to 90, then the chances solved, the bar full.
    assert working and working[-2] == 90 and working[-1] == 100 and working == sorted(working), working
    assert "opponent search ·" in driver.find_element("css selector", ".costly-play-facts").text + " ·"
    assert driver.find_element("css selector", ".costly-play-seed-shown code").text == \
        f"costly play --variant {variant}-house.yaml --bot search --seed {seed}"
    # The hint is the board search's, each choice's chance of winning, from the table worked out.
    driver.find_element("tag name", "body").send_keys("h")
    wait_for(driver, lambda d: "The search bot would choose" in d.find_element("css selector", ".costly-play-hint").text
             and page_state(d) == "waiting", "the hint")
    assert "chance of winning" in driver.find_element("css selector", ".costly-play-hint").text
    moves = first_deal_first_choices(driver)
    assert moves > 2
    click(driver, driver.find_element("css selector", ".costly-play-log"))
    log_path = downloaded(downloads, f"costly-game-{variant}-house-seed-{seed}.json", driver)
    log = json.loads(log_path.read_text(encoding="utf-8"))
    assert log["bots"][1:] == ["search"] and log["seed"] == seed
    # The terminal's game under the downloaded house profile: the same seed, the same choices, the same log.
    (tmp_path / house.name).write_bytes(house.read_bytes())
    done = subprocess.run([sys.executable, "-m", "costly_variants", "play", "--variant", house.name, "--bot", "search",
                           "--seed", str(seed), "--log", "cli.json"], cwd=tmp_path, input="1\n" * moves + "quit\n",
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert log == json.loads((tmp_path / "cli.json").read_text(encoding="utf-8"))
    replayed = costly("replay", str(log_path))
    assert replayed.returncode == 0 and f"every chance action and bot move matches seed {seed}" in replayed.stdout, \
        replayed.stdout + replayed.stderr


class _NoKernel(_Quiet):
    """The site, but its WebAssembly kernel missing (a failed download)."""

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("costly_kernel.wasm"):
            self.send_error(404)
            return
        super().do_GET()


def test_without_its_kernel_the_page_plays_for_points_under_house_rules_and_says_why(site, tmp_path):  # noqa: F811
    with serving(functools.partial(_NoKernel, directory=str(site))) as url:
        driver = _driver(tmp_path)
        try:
            driver.get(url + "play.html")
            wait_for(driver, lambda d: page_state(d) in ("ready", "failed"), "the engine to start")
            assert page_state(driver) == "ready"
            summary = house_target(driver, "cotton-1674", "121")
            summary.send_keys("\n")
            from selenium.webdriver.support.ui import Select

            Select(driver.find_element("id", "costly-play-bot")).select_by_value("search")
            click(driver, driver.find_element("css selector", ".costly-play-deal"))
            wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the deal")
            view = js(driver, "return window.costlyPlay.view")
            assert view["played"] == "search-points" and not view["board"]
            facts = driver.find_element("css selector", ".costly-play-facts").text
            assert "plays for points in each deal" in facts and "did not load in this browser" in facts
        finally:
            driver.quit()
