"""The Try page in a real browser (Debian's headless Chromium, the test root ``test-play`` served on loopback,
as ``test_play_browser``): a house profile pasted, checked by the project's own validator in Pyodide with
``costly validate``'s located messages, its hostile title shown as text; the comparison's document equal to
``costly compare``'s for the same profiles, games and seed; Stop keeping the games played ("N of M games")
with the figures of exactly those games; and links that hold a ruleset, good, damaged and hostile.

Every wait is for an event on the page (``#costly-try[data-state]``), with a cap only against a hang.
"""
from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Iterator

import pytest

from .test_browser import js
from .test_play_browser import _driver, costly, served, site, wait_for  # noqa: F401  (fixtures)
from .test_try_page import BAD, HOSTILE_TITLE, HOUSE

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory, served: str) -> Iterator[Any]:  # noqa: F811
    made = _driver(tmp_path_factory.mktemp("try-downloads"))
    try:
        yield made
    finally:
        made.quit()


def try_state(driver: Any) -> str:
    return js(driver, "return document.getElementById('costly-try')?.dataset.state || ''")


def open_try(driver: Any, url: str) -> None:
    driver.get("about:blank")  # a fragment alone does not reload a page already open
    driver.get(url)
    wait_for(driver, lambda d: try_state(d) in ("ready", "failed"), "the comparison's engine to start")
    assert try_state(driver) == "ready", js(driver, "return document.getElementById('costly-try').innerText")


def paste(driver: Any, text: str) -> dict[str, Any]:
    js(driver, "document.querySelector('.costly-try-house').open = true;"
               "document.getElementById('costly-try-text').value = arguments[0]", text)
    before = js(driver, "return document.querySelector('.costly-try-checked').innerText")
    driver.find_element("css selector", ".costly-try-check").click()
    wait_for(driver, lambda d: js(d, "return document.querySelector('.costly-try-checked').innerText") not in ("", before),
             "the profile's check")
    return {"text": js(driver, "return document.querySelector('.costly-try-checked').innerText"),
            "problems": js(driver, "return [...document.querySelectorAll('.costly-try-problems li')].map(li => li.textContent)")}


def helpers_ready(driver: Any) -> int:
    """Wait for the page's helper workers to start (or fail); how many started."""
    wait_for(driver, lambda d: js(d, "return window.costlyTry.helpers.every((h) => h.ready || h.broken)"),
             "the helper workers")
    return js(driver, "return window.costlyTry.helpers.filter((h) => h.ready && !h.broken).length")


def compare(driver: Any, *, stop_after: int | None = None) -> dict[str, Any]:
    driver.find_element("css selector", ".costly-try-go").click()
    if stop_after is not None:
        wait_for(driver, lambda d: (js(d, "return window.costlyTry.progress && window.costlyTry.progress.done") or 0)
                 >= stop_after, "some games played")
        driver.find_element("css selector", ".costly-try-stop").click()
    wait_for(driver, lambda d: try_state(d) in ("done", "error"), "the comparison")
    assert try_state(driver) == "done", js(driver, "return document.querySelector('.costly-try-message').textContent")
    return json.loads(js(driver, "return window.costlyTry.report.json"))


def test_a_pasted_house_profile_is_checked_as_costly_validate_checks_it_and_shown_as_text(driver, served, tmp_path):  # noqa: F811
    open_try(driver, served + "try.html")
    bad = paste(driver, BAD)
    (tmp_path / "pasted.yaml").write_text(BAD, encoding="utf-8")
    checked = costly("validate", str(tmp_path / "pasted.yaml"))
    assert checked.returncode != 0
    expected = [line.replace(str(tmp_path / "pasted.yaml"), "pasted.yaml") for line in checked.stdout.splitlines()]
    assert bad["problems"] == expected and len(expected) == 2, (bad, checked.stdout)
    assert bad["problems"][0].startswith("pasted.yaml:6:13: $.rules.game.target: ")
    good = paste(driver, HOUSE)
    assert HOSTILE_TITLE in good["text"]  # as text
    assert js(driver, "return document.querySelectorAll('#costly-try img').length") == 0
    assert js(driver, "return window.hacked") is None
    assert js(driver, "return document.getElementById('costly-try-b').value") == "my-house"
    assert js(driver, "return document.getElementById('costly-try-a').value") == "cotton-1674"


def test_the_comparison_is_costly_compares_for_the_same_seed(driver, served, tmp_path):  # noqa: F811
    open_try(driver, served + "try.html?games=60&seed=3&helpers=2")
    # It opens on costly compare's own pairing, and no stray word ("undefined") in it.
    assert js(driver, "return [document.getElementById('costly-try-a').value, document.getElementById('costly-try-b').value]") \
        == ["cotton-1674", "parlett-121"]
    assert "undefined" not in js(driver, "return document.getElementById('costly-try').innerText")
    paste(driver, HOUSE)
    assert helpers_ready(driver) == 2
    data = compare(driver)
    # The chunks were shared out: the helpers, told of the house profile, played some of them.
    assert js(driver, "return window.costlyTry.played.helpers") > 0
    (tmp_path / "pasted.yaml").write_text(HOUSE, encoding="utf-8")
    done = costly("compare", "cotton-1674", str(tmp_path / "pasted.yaml"), "--games", "60", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    # Under house rules the page works the search's win table out in its WebAssembly kernel, the terminal's
    # table: the search bot's games are the command's. Only the section on how decisive the game is (the
    # table's error bars, numpy's) is left out, and the page says so.
    assert data["decisive"] == {} and expected["decisive"] and data["settings"]["skill_seeds_played"]["search-greedy"]
    assert {k: v for k, v in data.items() if k != "decisive"} == {k: v for k, v in expected.items() if k != "decisive"}
    assert js(driver, "return window.costlyTry.command") == "costly compare cotton-1674 pasted.yaml --games 60 --seed 3 --json"
    assert "worked out here" in js(driver, "return document.querySelector('.costly-try-command').textContent")
    shown = js(driver, "return document.querySelector('.costly-try-figures tr[data-figure=\"deals_per_game\"]').innerText")
    assert "clear *" in shown and data["figures"][0]["differences"]  # starred in the document too
    assert next(f for f in data["figures"] if f["key"] == "deals_per_game")["differences"]["my-house"]["starred"]
    # Only a starred difference is called clear: an interval clear of zero alone, before Holm's adjustment, is not.
    for f in data["figures"]:
        d = f["differences"].get("my-house")
        row = js(driver, "const r = document.querySelector(`.costly-try-figures tr[data-figure='${arguments[0]}']`);"
                         "return r ? r.innerText : null", f["key"])
        if d is not None and row is not None:
            assert ("clear *" in row) == bool(d.get("starred")), (f["key"], row)
    total = js(driver, "return window.costlyTry.progress.total")
    assert js(driver, "return document.querySelector('.costly-try-count').textContent") == f"{total:,} of {total:,} games in all"


def test_a_bundled_pair_is_costly_compare_byte_for_byte_its_games_in_the_webassembly_kernel(driver, served):  # noqa: F811
    """Every part of the command's run, the search bot's games from the shipped win tables and the section on
    how decisive the game is from the figures the build shipped, the same document, byte for byte."""
    open_try(driver, served + "try.html?games=400&seed=5&helpers=1#rules=parlett-121")
    assert js(driver, "return window.costlyTry.kernel") is True  # the games are the WebAssembly kernel's
    assert helpers_ready(driver) == 1
    assert js(driver, "return window.costlyTry.helpers[0].kernel") is True
    compare(driver)
    played = js(driver, "return window.costlyTry.played")
    assert played["lead"] > 0 and played["helpers"] > 0  # both workers played, and their sums merged exactly
    done = costly("compare", "cotton-1674", "parlett-121", "--games", "400", "--seed", "5", "--json")
    assert done.returncode == 0, done.stderr
    assert js(driver, "return window.costlyTry.report.json") + "\n" == done.stdout
    data = json.loads(done.stdout)
    assert data["decisive"]["parlett-121"] and data["settings"]["skill_seeds_played"]["search-greedy"] > 0


def test_stop_keeps_the_games_played_and_their_figures(driver, served, tmp_path):  # noqa: F811
    open_try(driver, served + "try.html?games=5000&seed=4")
    paste(driver, HOUSE)
    data = compare(driver, stop_after=1)
    played = data["settings"]["games_played"]
    assert not data["settings"]["complete"] and 0 < played < 5000
    count = js(driver, "return document.querySelector('.costly-try-count').textContent")
    assert count.endswith(f" of {js(driver, 'return window.costlyTry.progress.total'):,} games in all") and not count.startswith("0 ")
    # The games played are the run's first seeds: the figures of the games are those of a run of that many.
    (tmp_path / "pasted.yaml").write_text(HOUSE, encoding="utf-8")
    done = costly("compare", "cotton-1674", str(tmp_path / "pasted.yaml"), "--games", str(played), "--seed", "4",
                  "--skill-games", "0", "--json")
    expected = json.loads(done.stdout)
    # Holm's adjustment is over every difference a report tests: the stopped page tested the skill
    # figures too, the command without skill games did not, so each difference is compared without it.
    def unadjusted(figures):
        return [{**f, "differences": {k: {x: y for x, y in d.items() if x not in ("p_adjusted", "starred")}
                                      for k, d in f["differences"].items()}} for f in figures]

    assert unadjusted([f for f in data["figures"] if f["section"] != "skill"]) == unadjusted(expected["figures"])


def _link(text: str) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflate.compress(text.encode("utf-8")) + deflate.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def test_a_link_opens_the_page_with_its_ruleset_and_a_bad_one_says_why(driver, served):  # noqa: F811
    open_try(driver, served + "try.html#rules=parlett-121")
    assert js(driver, "return document.getElementById('costly-try-b').value") == "parlett-121"
    open_try(driver, served + "try.html#profile=" + _link(HOUSE))
    assert js(driver, "return document.getElementById('costly-try-b').value") == "my-house"
    assert js(driver, "return document.querySelectorAll('#costly-try img').length") == 0
    assert js(driver, "return window.hacked") is None
    for fragment, words in [("profile=%%%", "not base64url"), ("profile=" + "A" * 40, "damaged"),
                            ("rules=<script>", "not a profile id"), ("rules=nobody", "not a ruleset here"),
                            ("profile=" + _link("x" * 300_000), "longer than"),
                            ("profile=" + _link(BAD), "does not validate")]:
        open_try(driver, served + "try.html#" + fragment)
        message = js(driver, "return document.querySelector('.costly-try-message').textContent")
        assert words in message, (fragment, message)
        # the page still works: a bundled pair can be chosen and compared
        assert js(driver, "return window.costlyTry.ready") is True


def play_state(driver: Any) -> str:
    return js(driver, "return document.getElementById('costly-play')?.dataset.state || ''")


def open_play(driver: Any, url: str) -> None:
    driver.get("about:blank")
    driver.get(url)
    wait_for(driver, lambda d: play_state(d) in ("ready", "failed"), "the game engine to start")
    assert play_state(driver) == "ready", js(driver, "return document.getElementById('costly-play').innerText")


def test_the_play_page_opens_a_house_profile_from_a_link_a_file_or_a_paste(driver, served, tmp_path):  # noqa: F811
    # A link holding the whole profile: its rules in force, its title as text, dealt under its file's name.
    open_play(driver, served + "play.html#profile=" + _link(HOUSE))
    assert js(driver, "return window.costlyPlay.rules.base") == "my-house"
    assert HOSTILE_TITLE in js(driver, "return document.querySelector('.costly-play-load-result').textContent")
    assert js(driver, "return document.querySelectorAll('#costly-play img').length") == 0
    assert js(driver, "return window.hacked") is None
    driver.find_element("css selector", ".costly-play-deal").click()
    wait_for(driver, lambda d: play_state(d) in ("waiting", "over"), "the deal")
    assert js(driver, "return window.costlyPlay.view.target") == 91
    assert js(driver, "return window.costlyPlay.view.command").startswith("costly play --variant link.yaml ")
    # "Link to these rules": the page's own link opens it again with the same rules.
    js(driver, "document.querySelector('.costly-play-load').open = true")
    driver.find_element("css selector", ".costly-play-share").click()
    wait_for(driver, lambda d: js(d, "return document.querySelector('.costly-play-share-link').value"), "the link")
    shared = js(driver, "return document.querySelector('.costly-play-share-link').value")
    open_play(driver, shared)
    assert js(driver, "return window.costlyPlay.rules.base") == "my-house"
    # A file: chosen as a person chooses one; a bad one gives costly validate's located messages.
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD, encoding="utf-8")
    open_play(driver, served + "play.html#rules=parlett-121")
    assert js(driver, "return window.costlyPlay.rules.base") == "parlett-121"
    js(driver, "document.querySelector('.costly-play-load').open = true")
    driver.find_element("css selector", ".costly-play-load-file").send_keys(str(bad))
    wait_for(driver, lambda d: js(d, "return document.querySelectorAll('.costly-play-load-problems li').length") > 0,
             "the file's check")
    problems = js(driver, "return [...document.querySelectorAll('.costly-play-load-problems li')].map(li => li.textContent)")
    assert problems[0].startswith("bad.yaml:6:13: $.rules.game.target: ")
    assert js(driver, "return window.costlyPlay.rules.base") == "parlett-121"  # the page as it was
    # Pasted text.
    js(driver, "document.querySelector('.costly-play-load-text').value = arguments[0]", HOUSE)
    driver.find_element("css selector", ".costly-play-load-button").click()
    wait_for(driver, lambda d: js(d, "return window.costlyPlay.rules.base") == "my-house", "the pasted profile")
    # A damaged or hostile link: a message, and the page works.
    for fragment, words in [("profile=AAAA", "damaged"), ("rules=<img>", "not a profile id")]:
        open_play(driver, served + "play.html#" + fragment)
        assert words in js(driver, "return document.querySelector('.costly-play-link-problem').textContent")
        assert js(driver, "return window.costlyPlay.rules.base") == "cotton-1674"


def test_rules_changed_from_menus_are_compared_as_costly_compare_compares_their_house_profile(driver, served, tmp_path):  # noqa: F811
    from selenium.webdriver.support.ui import Select

    open_try(driver, served + "try.html?games=60&seed=2")
    js(driver, "document.querySelector('.costly-try-edit').open = true")
    wait_for(driver, lambda d: js(d, "return document.querySelectorAll('.costly-try-edit-rules select').length") > 0,
             "the rules' menus")
    # The menus in a player's words, as the Play page's: no coded value ("cut-lowest") where the site has words.
    coded = js(driver, """
        const words = window.costlyTry.valueWords, out = [];
        for (const select of document.querySelectorAll('.costly-try-edit-rules select')) {
          const table = words[select.dataset.rule] || {};
          for (const option of select.options)
            for (const code of Object.keys(table))
              if (table[code] !== code && option.textContent.startsWith(code + ",")) out.push(option.textContent);
        }
        return out;""")
    assert coded == [] and js(driver, "return Object.keys(window.costlyTry.valueWords).length") > 5
    target = driver.find_element("css selector", ".costly-try-edit-rules select[data-rule='game.target']")
    Select(target).select_by_index(1)
    wait_for(driver, lambda d: "1 rule changed" in js(d, "return document.querySelector('.costly-try-edit-note').textContent"),
             "the rule changed")
    # "Compare these rules" compares them, at once, as its words say.
    driver.find_element("css selector", ".costly-try-edit-use").click()
    wait_for(driver, lambda d: js(d, "return window.costlyTry.houses.length") == 1, "the house profile")
    house = js(driver, "return window.costlyTry.houses[0]")
    wait_for(driver, lambda d: try_state(d) in ("done", "error"), "the comparison")
    assert try_state(driver) == "done"
    assert "Compared below" in js(driver, "return document.querySelector('.costly-try-edit-note').textContent")
    data = json.loads(js(driver, "return window.costlyTry.report.json"))
    path = tmp_path / house["file"]
    path.write_text(js(driver, "return document.getElementById('costly-try-text').value"), encoding="utf-8")
    done = costly("compare", house["extends"], str(path), "--games", "60", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    assert {k: v for k, v in data.items() if k != "decisive"} == {k: v for k, v in expected.items() if k != "decisive"}
    assert [r["rule"] for r in data["rules_differing"]] == ["game.target"]
