"""Benchmark for issue 38 item 5: the Play page working out a house ruleset's win table, in headless Chromium.

Run:  python benchmarks/bench_play_table.py [--site DIR] [--variants ID ...] [--target N]

Serves a built site (``--site``, else the test root ``tests/roots/test-play`` is built first) from 127.0.0.1,
opens ``play.html`` in Debian's headless Chromium (``bench_play_page.py``'s), and for each of ``--variants``
(bundled profiles) changes the target to ``--target`` (else to the first other offered) in the rules panel
(house rules: no table shipped), picks the search and deals. The page then works the table out in its WebAssembly kernel (``chances.board``: 8,000
deals sampled by the expert bots, the dynamic programme) before its first move. It reports, for each:

- the deal: the time Python took for the deal's request, as the page measures it (the table worked out,
  then the game set up), and for a second deal of the same rules (the table already there): their
  difference is the table's time. Target 3 s.
- the CPU time of Chromium's whole process tree over the first deal, which stays meaningful on a busy
  machine (the wall times do not): say the load (printed) with any figure.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_play_page import STATE, choose_rules, load, opened_page, tree_cpu, wait  # noqa: E402

TARGET_MS = 3000.0


def house_target(browser: Any, target: str | None) -> str:
    """The target changed to ``target`` (else to the first other target offered) as a reader changes it (the
    rule's select); the target in force."""
    found = browser.execute_script("""for (const rule of window.costlyPlay.rules.rules)
          if (rule.key === 'game.target') for (const o of rule.options)
            if (arguments[0] === null ? o.value !== rule.value : o.value === arguments[0]) return [o.index, o.value];
        return null;""", target)
    if found is None:
        sys.exit(f"--target: no target of {target} offered")
    browser.execute_script("const s = document.querySelector(\"select[data-rule='game.target']\");"
                           "s.value = arguments[0]; s.dispatchEvent(new Event('change'))", str(found[0]))
    wait(browser, "return window.costlyPlay.rules.house && !window.costlyPlay.busy")
    return str(found[1])


def deal_ms(browser: Any, seed: int) -> float:
    """The Python time of one deal's request, the search dealt with ``seed``."""
    browser.execute_script("window.costlyPlay.timings = []; window.costlyPlay.working = [];"
                           "document.getElementById('costly-play-bot').value = 'search';"
                           "document.getElementById('costly-play-seed').value = arguments[0];"
                           "document.querySelector('.costly-play-deal').click()", str(seed))
    wait(browser, f"const s = {STATE[7:]}; return (s === 'waiting' || s === 'over') && !window.costlyPlay.busy")
    view = browser.execute_script("return window.costlyPlay.view")
    if view["played"] != "search":
        sys.exit(f"the page's search plays as {view['played']}: {view['opponent']}")
    return next(t["ms"] for t in browser.execute_script("return window.costlyPlay.timings") if t["op"] == "deal")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, help="a built site (default: build tests/roots/test-play)")
    parser.add_argument("--variants", nargs="+", default=["cotton-1674", "eddowes-burne-1874", "parlett-121"],
                        help="the bundled profiles whose target is changed")
    parser.add_argument("--target", help="the house target (one the rules panel offers; default: the first other)")
    args = parser.parse_args()
    with opened_page(args.site) as (browser, url):
        load(browser, url)
        for variant in args.variants:
            choose_rules(browser, variant)
            target = house_target(browser, args.target)
            pid = browser.service.process.pid
            before = tree_cpu(pid)
            first = deal_ms(browser, 1)
            cpu = tree_cpu(pid) - before
            again = deal_ms(browser, 2)
            table = first - again
            verdict = "ok" if table <= TARGET_MS else "OVER"
            print(f"{variant}, game to {target}: first deal {first:.0f} ms, next {again:.0f} ms: the table "
                  f"{table:.0f} ms (target {TARGET_MS:.0f}) {verdict}; browser CPU {cpu:.2f} s over the first deal; "
                  f"load {os.getloadavg()[0]:.2f}")



if __name__ == "__main__":
    main()
