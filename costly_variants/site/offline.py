"""The Play and Try pages, offline after one visit: the site's service worker.

The build writes ``costly-offline.js`` at the root of the built site (a service worker's reach is the folder
it is served from and below: every page) and ``_static/offline/offline.js`` on the pages that run Python
(``play.METADATA``, ``try_page.METADATA`` in their metadata), which registers it and, once the page is
ready, tells it what the page and its worker loaded, to keep. Requests go to the network first, the kept
copy only when that fails: a new build is seen at once. ``tests/test_offline_browser.py`` loads the pages,
then has the server refuse, reloads them and plays. Set up by ``costly_variants.site.play``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .._version import __version__

STATIC = Path(__file__).with_name("offline_static")
WORKER = "costly-offline.js"
TARGET = "_static/offline"
PAGES = ("costly-play", "costly-try")  # the metadata the Play and Try directives set on their page


def _page_files(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if any(app.env.metadata.get(pagename, {}).get(flag) for flag in PAGES):
        worker = context["pathto"](WORKER, 1) + f"?v={__version__}"
        app.add_js_file("offline/offline.js", defer="defer", **{"data-worker": worker})


def _write(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    (out / TARGET).mkdir(parents=True, exist_ok=True)
    (out / TARGET / "offline.js").write_bytes((STATIC / "offline.js").read_bytes())
    (out / WORKER).write_bytes((STATIC / WORKER).read_bytes())


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _page_files)
    app.connect("build-finished", _write)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
