"""The Play page as a player walked it (issue 39, points 1, 2, 4, 6 and 8), in Debian's headless Chromium on
the test root ``test-play`` served over loopback (``test_play_browser.py``'s fixtures): a new game gets a new
random seed unless one is typed, and N in the middle of a game asks first; after a deal the game is on a
phone's screen with the rules panel open, the theme's "Back to top" button gone and the hand on one line; a
seed that is not one is refused with a message, and a huge one stays whole; rules changed mid-game are said
to play from the next deal; a choice's key pressed while a hint is worked out is taken; the feed and the
rule editor name rules by title, never by key, and cite a page once; the page links how a deal goes.

Every wait is for an event on the page, with a cap only against a hang."""
from __future__ import annotations

import re
from typing import Any

import pytest

from .test_browser import LAPTOP, PHONE, js
from .test_play_browser import browser, click, page_state, served, site, wait_for  # noqa: F401  (fixtures)
from .test_site_walk import RULE_KEY

pytestmark = pytest.mark.slow


def opened(driver: Any, served: str, metrics: dict) -> None:  # noqa: F811
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.get(served + "play.html")
    wait_for(driver, lambda d: page_state(d) in ("ready", "failed"), "the engine to start")
    assert page_state(driver) == "ready", js(driver, "return document.getElementById('costly-play').innerText")


def dealt(driver: Any) -> None:
    click(driver, driver.find_element("css selector", ".costly-play-deal"))
    wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the deal")


def press(driver: Any, key: str) -> None:
    """A key as the player presses it, on the page (not in a field)."""
    js(driver, "document.activeElement && document.activeElement.blur()")
    driver.find_element("tag name", "body").send_keys(key)


def asking(driver: Any) -> bool:
    return js(driver, "const a = document.querySelector('.costly-play-ask'); return !!a && !a.hidden")


def test_a_new_game_has_a_new_seed_unless_one_is_typed_and_n_mid_game_asks_first(browser, served):  # noqa: F811
    driver, _ = browser
    opened(driver, served, LAPTOP)
    seed_box = driver.find_element("id", "costly-play-seed")
    dealt(driver)
    first = js(driver, "return window.costlyPlay.seedText")
    assert seed_box.get_attribute("value") == "" and re.fullmatch(r"\d+", first)
    # N in the middle of a game asks; Esc plays on, the same game
    deals = js(driver, "return window.costlyPlay.deals")
    press(driver, "n")
    assert asking(driver) and js(driver, "return window.costlyPlay.deals") == deals
    press(driver, "\ue00c")  # Escape
    assert not asking(driver) and js(driver, "return window.costlyPlay.seedText") == first
    # N then Y: a new game, with a new random seed (the box still empty)
    press(driver, "n")
    press(driver, "y")
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.deals") == deals + 1
             and page_state(d) in ("waiting", "over"), "the new deal")
    second = js(driver, "return window.costlyPlay.seedText")
    assert second != first and seed_box.get_attribute("value") == ""
    # the Deal button deals yet another game; a typed seed deals its own game, again and again
    dealt(driver)
    assert js(driver, "return window.costlyPlay.seedText") not in (first, second)
    seed_box.send_keys("12")
    dealt(driver)
    hand = js(driver, "return window.costlyPlay.view.hand")
    dealt(driver)
    assert js(driver, "return window.costlyPlay.seedText") == "12" and js(driver, "return window.costlyPlay.view.hand") == hand


def test_after_a_deal_the_game_is_on_a_phone_s_screen_even_with_the_rules_open(browser, served):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    driver, _ = browser
    opened(driver, served, PHONE)
    driver.find_element("css selector", ".costly-play-rules > summary").send_keys(Keys.ENTER)
    assert js(driver, "return document.querySelector('.costly-play-rules').open")
    # seed 59: you deal ("Your hand (you deal)") and hold two Tens, the widest hand beside the longest words
    driver.find_element("id", "costly-play-seed").send_keys("59")
    dealt(driver)
    assert js(driver, "return window.costlyPlay.view.hand") == ["9S", "10C", "10S"]
    box = js(driver, """const r = document.querySelector('.costly-play-choice').getBoundingClientRect();
        const header = document.querySelector('.mobile-header');
        return {top: r.top, bottom: r.bottom, height: innerHeight,
                covered: header ? header.getBoundingClientRect().bottom : 0};""")
    assert box["covered"] <= box["top"] and box["bottom"] <= box["height"], box
    assert js(driver, "return document.activeElement.classList.contains('costly-play-choice')")
    # the score bars are not under the theme's floating button, and the hand stays on one line
    assert js(driver, "const b = document.querySelector('.back-to-top'); return !b || getComputedStyle(b).display === 'none'")
    tops = js(driver, "return [...document.querySelectorAll('.costly-play-you .costly-card')].map(c => Math.round(c.getBoundingClientRect().top))")
    assert len(tops) == 3 and len(set(tops)) == 1, tops


@pytest.mark.parametrize("typed", ["-5", "3.5", "1e5"])
def test_the_seed_box_refuses_what_is_not_a_seed_with_a_message(browser, served, typed):  # noqa: F811
    driver, _ = browser
    opened(driver, served, LAPTOP)
    seed_box = driver.find_element("id", "costly-play-seed")
    seed_box.send_keys(typed)
    click(driver, driver.find_element("css selector", ".costly-play-deal"))
    problem = driver.find_element("css selector", ".costly-play-seed-problem").text
    assert f'"{typed}" is not a seed' in problem and "whole number" in problem, problem
    assert seed_box.get_attribute("value") == typed and page_state(driver) == "ready"
    assert js(driver, "return window.costlyPlay.deals") == 0


def test_a_huge_seed_is_dealt_and_shown_whole(browser, served):  # noqa: F811
    driver, _ = browser
    opened(driver, served, LAPTOP)
    huge = "100000000000000000000000"
    driver.find_element("id", "costly-play-seed").send_keys(huge)
    dealt(driver)
    assert f"seed {huge}" in driver.find_element("css selector", ".costly-play-facts").text
    assert driver.find_element("css selector", ".costly-play-seed-shown code").text.endswith(f"--seed {huge}")
    assert js(driver, "return window.costlyPlay.view.seed") == 1e23  # Python dealt the integer itself


def test_rules_changed_mid_game_are_said_to_play_from_the_next_deal(browser, served):  # noqa: F811
    from selenium.webdriver.support.ui import Select

    driver, _ = browser
    opened(driver, served, LAPTOP)
    dealt(driver)
    Select(driver.find_element("id", "costly-play-profile")).select_by_value("parlett-121")
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules.base") == "parlett-121", "the rules")
    notice = driver.find_element("css selector", ".costly-play-notice").text
    assert "keeps the rules it was dealt with" in notice, notice
    assert js(driver, "return window.costlyPlay.view.profile") == "cotton-1674"
    click(driver, driver.find_element("css selector", ".costly-play-notice .costly-play-redeal"))
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.view.profile") == "parlett-121"
             and page_state(d) in ("waiting", "over"), "the deal under the new rules")
    assert driver.find_element("css selector", ".costly-play-notice").text == ""
    link = driver.find_element("css selector", ".costly-play-howto a").get_attribute("href")
    assert link.endswith("profile/parlett-121.html#profile-parlett-121-prose"), link


def test_a_choice_s_key_pressed_while_the_hint_is_worked_out_is_taken(browser, served):  # noqa: F811
    driver, _ = browser
    opened(driver, served, LAPTOP)
    dealt(driver)
    wait_for(driver, lambda d: page_state(d) == "waiting", "the player's turn")
    taken = js(driver, "return window.costlyPlay.taken")
    # H, then 1 at once: the 1 comes while the hint is being worked out (the worker cannot answer between)
    js(driver, """document.activeElement && document.activeElement.blur();
        for (const key of ['h', '1']) document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));""")
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.taken") == taken + 1 or (
        "The search bot would choose" in d.find_element("css selector", ".costly-play-hint").text
        and page_state(d) == "waiting"), "the hint, and the choice")
    assert js(driver, "return window.costlyPlay.taken") == taken + 1


def test_the_feed_and_rule_editor_say_rules_by_title_and_each_citation_once(browser, served):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    driver, _ = browser
    opened(driver, served, LAPTOP)
    driver.find_element("id", "costly-play-seed").send_keys("4")
    dealt(driver)
    while True:
        wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "the player's turn")
        view = js(driver, "return window.costlyPlay.view")
        if view["finished"] or view["deal"] > 1:
            break
        click(driver, driver.find_elements("css selector", ".costly-play-choice")[0])
    feed = driver.find_element("css selector", ".costly-play-feed").text
    assert "Who deals first" in feed and RULE_KEY.findall(feed) == [], feed
    assert "-- Deal" not in feed
    cited = js(driver, """return [...document.querySelectorAll('.costly-play-scored')].map(li =>
        [...li.querySelectorAll('.costly-play-cite')].map(a => a.textContent).filter(t => !/^\\d+$/.test(t)));""")
    assert cited and all(len(set(c)) == len(c) for c in cited), cited
    driver.find_element("css selector", ".costly-play-rules > summary").send_keys(Keys.ENTER)
    editor = driver.find_element("css selector", ".costly-play-rules-list")
    # what the page says of each rule (a profile's own notes are its data, shown as they are)
    said = js(driver, "return [...document.querySelectorAll('.costly-play-rule-title, .costly-play-rule-value, "
                      ".costly-play-rule-from, .costly-play-rule option')].map(e => e.textContent).join(' | ')")
    assert RULE_KEY.findall(said) == [] and not editor.find_elements("css selector", "code"), said
    assert "cut-lowest" not in said and "the lowest cut deals" in said, said  # coded values in words
    base = js(driver, "return document.querySelector('select[data-rule=\"game.target\"] option').textContent")
    assert base == "61 points, as in Cotton 1674" or base.endswith(", as in Cotton 1674"), base


def test_the_home_page_s_first_links_to_play_and_choosing_are_on_a_phone_s_first_screen(real_site, tmp_path):
    from .test_play_browser import _driver

    driver = _driver(tmp_path)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        driver.get((real_site / "index.html").as_uri())
        tops = js(driver, """const first = {};
            for (const a of document.querySelectorAll('article a[href]')) {
              const page = (a.getAttribute('href').match(/^(play|choosing)\\.html$/) || [])[1];
              if (page && !(page in first)) first[page] = a.getBoundingClientRect().top;
            }
            return [first, innerHeight];""")
        first, height = tops
        assert set(first) == {"play", "choosing"} and max(first.values()) < height, tops
    finally:
        driver.quit()
