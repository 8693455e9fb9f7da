"""Benchmark for issue 38 item 3: the Try page's default comparison in headless Chromium, beside the command.

Run:  python benchmarks/bench_try_page.py [--site DIR] [--games N] [--seed S] [--runs N] [--helpers N ...] A B

Serves a built site (``--site``, else the test root ``tests/roots/test-play`` is built first) from 127.0.0.1,
opens ``try.html`` in Debian's headless Chromium, and runs the comparison of ``A`` and ``B`` (bundled ids;
``cotton-1674 parlett-121`` unless told) with ``--games`` a ruleset (the command's default, 20,000, the
greedy pair) and ``--seed``: the wall time from the click to the figures drawn, as the page measures it,
and the CPU seconds of Chromium's whole process tree meanwhile. Then ``costly compare A B --games N --seed
S --json`` in a cold process: its wall time and the CPU of its process tree, and whether the two documents
are the same, byte for byte. Target: 10 s wall in the browser. Say the machine's load (printed) with any
figure: on a busy machine the wall times say little, the CPU seconds more.
"""
from __future__ import annotations

import argparse
import functools
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_play_page import _Quiet, build_site, driver, tree_cpu, wait  # noqa: E402

TARGET_S = 10.0
STATE = "return document.getElementById('costly-try').dataset.state"


def in_browser(site: Path, a: str, b: str, games: int, seed: int, helpers: int | None = None,
               wait_helpers: bool = True) -> tuple[float, float, str]:
    from http.server import ThreadingHTTPServer
    import threading

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = driver()
    try:
        chosen = "" if helpers is None else f"&helpers={helpers}"
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/try.html?games={games}&seed={seed}{chosen}")
        if wait(browser, f"const s = {STATE[7:]}; return (s === 'ready' || s === 'failed') && s") != "ready":
            sys.exit("the page did not start")
        # The helper workers start once the page is ready (a reader takes some seconds to choose the rules):
        # the run is timed from the click with them ready, as a reader's would be.
        if wait_helpers:
            wait(browser, "return window.costlyTry.helpers.every((h) => h.ready || h.broken)")
        if not browser.execute_script("return window.costlyTry.kernel"):
            print("  (the WebAssembly kernel did not load: the Python engine plays)")
        browser.execute_script("document.getElementById('costly-try-a').value = arguments[0];"
                               "document.getElementById('costly-try-b').value = arguments[1]", a, b)
        pid = browser.service.process.pid
        before = tree_cpu(pid)
        browser.find_element("css selector", ".costly-try-go").click()
        wait(browser, f"const s = {STATE[7:]}; return (s === 'done' || s === 'error') && s", cap=3600)
        cpu = tree_cpu(pid) - before
        played = browser.execute_script("return window.costlyTry.played")
        print(f"  chunks played by the lead worker: {played['lead']}, by its helpers: {played['helpers']}")
        return browser.execute_script("return window.costlyTry.ms") / 1000, cpu, \
            browser.execute_script("return window.costlyTry.report.json")
    finally:
        browser.quit()
        server.shutdown()


def in_terminal(a: str, b: str, games: int, seed: int) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "costly_variants", "compare", a, b, "--games", str(games), "--seed",
                           str(seed), "--json"], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profiles", nargs="*", default=["cotton-1674", "parlett-121"])
    parser.add_argument("--site", type=Path)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--at-once", action="store_true",
                        help="click as soon as the page is ready, not once its helper workers have started")
    parser.add_argument("--helpers", type=int, nargs="*", default=[None],
                        help="helper workers (0 to 3), each in turn; the page's own choice unless told")
    args = parser.parse_args()
    a, b = args.profiles
    site = args.site or build_site(Path(tempfile.mkdtemp(prefix="bench-try-")) / "html")
    for run in range(args.runs):
        print(f"run {run + 1}: load average {os.getloadavg()[0]:.1f}")
        for helpers in args.helpers:
            wall, cpu, page = in_browser(site, a, b, args.games, args.seed, helpers, not args.at_once)
            told = "" if helpers is None else f", {helpers} helper workers"
            print(f"  Try page{told}: {wall:.1f} s wall, {cpu:.1f} CPU-s of the browser (target {TARGET_S:.0f} s wall)")
        wall, cpu, command = in_terminal(a, b, args.games, args.seed)
        print(f"  costly compare {a} {b} --games {args.games} --seed {args.seed}: {wall:.1f} s wall, {cpu:.1f} CPU-s")
        print("  the same document" if page + "\n" == command else "  THE DOCUMENTS DIFFER")


if __name__ == "__main__":
    main()
