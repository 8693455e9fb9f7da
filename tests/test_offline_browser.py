"""The Play and Try pages' first load, in bytes over the wire, and their working offline after it: the test
root ``test-play`` served on loopback by a server that gzips every response (as a static host compresses
what it sends) and counts the bytes it sends, opened in Debian's headless Chromium with the browser's cache
off. A first load within ``BUDGET``; then, once the page's service worker has kept what it loaded, the
server stops (its port refuses), and the page reloads, starts its engine and plays.

Every wait is for an event on the page, with a cap only against a hang.
"""
from __future__ import annotations

import functools
import gzip
import threading
from collections import Counter
from typing import Any

import pytest

from .test_browser import js
from .test_play_browser import _driver, _Quiet, page_state, serving, site, wait_for  # noqa: F401  (fixtures)

pytestmark = pytest.mark.slow

BUDGET = 8_000_000  # bytes, gzipped, of a page's first load (issue 38)


class _Gzipping(_Quiet):
    """Every file gzipped (level 6) where the browser accepts it, and the bytes sent counted, by path."""

    sent: Counter[str]
    lock = threading.Lock()

    def do_GET(self) -> None:
        path = self.translate_path(self.path)
        try:
            with open(path, "rb") as file:
                body = file.read()
        except OSError:
            return super().do_GET()
        zipped = "gzip" in self.headers.get("Accept-Encoding", "")
        if zipped:
            body = gzip.compress(body, compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Cache-Control", "no-cache")
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        with self.lock:
            self.sent[self.path.split("?")[0]] += len(body)


def _server(site_dir: Any) -> tuple[Any, Counter[str]]:
    sent: Counter[str] = Counter()
    handler = type("Counting", (_Gzipping,), {"sent": sent})
    return functools.partial(handler, directory=str(site_dir)), sent


@pytest.mark.parametrize("page, state, ready", [
    ("play.html", "return document.getElementById('costly-play')?.dataset.state", "ready"),
    ("try.html", "return document.getElementById('costly-try')?.dataset.state", "ready")])
def test_the_first_load_is_within_budget_and_the_page_works_offline_after_it(site, tmp_path, page, state, ready):  # noqa: F811
    handler, sent = _server(site)
    driver = _driver(tmp_path)
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        with serving(handler) as url:
            driver.get(url + page)
            wait_for(driver, lambda d: js(d, state) in (ready, "failed"), "the engine to start")
            assert js(driver, state) == ready
            loaded = sum(sent.values())
            print(f"\n{page}: first load {loaded:,} bytes gzipped over the wire:",
                  ", ".join(f"{p.rsplit('/', 1)[-1]} {n:,}" for p, n in sent.most_common(8)))
            assert loaded <= BUDGET, sent.most_common(10)
            assert any(p.endswith("pyodide.asm.wasm") for p in sent)  # the whole load was counted
            wait_for(driver, lambda d: js(d, "return window.costlyOfflineKept"), "the offline copy")
            kept = js(driver, "return window.costlyOfflineKept")
            assert kept["kept"] == kept["asked"], kept
        # The server is gone: its port refuses. The page reloads from what the service worker kept.
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        driver.get("about:blank")
        driver.get(url + page)
        wait_for(driver, lambda d: js(d, state) in (ready, "failed"), "the engine to start offline")
        assert js(driver, state) == ready, js(driver, "return document.body.innerText")[:500]
        if page == "play.html":
            driver.find_element("css selector", ".costly-play-deal").click()
            wait_for(driver, lambda d: page_state(d) in ("waiting", "over"), "a deal, offline")
        else:
            js(driver, "document.getElementById('costly-try-games').value = '200'")
            driver.find_element("css selector", ".costly-try-go").click()
            wait_for(driver, lambda d: js(d, state) in ("done", "error"), "a comparison, offline")
            assert js(driver, state) == "done"
            assert js(driver, "return JSON.parse(window.costlyTry.report.json).settings.games_played") == 200
    finally:
        driver.quit()
