"""The Try page: "what does my house rule do?", answered in the browser by ``costly compare``'s own code.

``.. costly-try::`` puts the page's frame in a document (``try.js`` draws its controls); the build writes,
beside the Play page's files (which it reuses: the engine, the profiles, the win tables, what checking a
house profile needs: ``site.house_files``), into ``_static/try/``:

- ``decisive.json``: each bundled profile's figures of how decisive its game is, under the comparison's
  default bots, as ``costly compare`` gives them (they come from the win table, which needs numpy);
- ``try-worker.js``: the worker that runs ``cli.try_page`` in Pyodide, its games played by the WebAssembly
  kernel (``site.wasm_kernel``, ``game.kernel_js``).

Add ``costly_variants.site.try_page`` to ``extensions`` (it sets up the Play page's and the WebAssembly
kernel's extensions too).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from .. import profiles
from .._version import __version__
from . import house_files, play, pyodide, wasm_kernel

STATIC = Path(__file__).with_name("play_static")
TARGET = "_static/try"
METADATA = "costly-try"
DECISIVE = "decisive.json"
FRAME = """<div id="costly-try" class="costly-play costly-try" data-pyodide="{pyodide}" data-play="{play}" data-try="{try_}" data-kernel="{kernel}" data-version="{version}">
<div class="costly-play-loading" role="status" aria-live="polite">
<p class="costly-play-status">Loading the game engine&hellip;</p>
<progress class="costly-play-progress" max="100" value="0"></progress>
</div>
<noscript><p class="costly-play-problem">The Try page needs JavaScript and WebAssembly. Without them, compare
rules in a terminal: <code>pip install costly-variants</code>, then <code>costly compare cotton-1674 parlett-121</code>.</p></noscript>
</div>"""


class TryDirective(SphinxDirective):
    """The frame of the Try page; ``try.js`` fills it once Pyodide has started."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.metadata[self.env.docname][METADATA] = True
        root = "../" * self.env.docname.count("/")
        html = FRAME.format(pyodide=f"{root}{pyodide.TARGET}/", play=f"{root}{play.TARGET}/", try_=f"{root}{TARGET}/",
                            kernel=f"{root}{wasm_kernel.TARGET}/", version=__version__)
        return [nodes.raw("", html, format="html")]


def profile_fragment(text: str) -> str:
    """A house profile's text as a link's fragment, as ``links.js`` writes and reads it: ``#profile=`` and
    the text deflated (raw deflate, no header) in base64url without padding."""
    import base64
    import zlib

    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(text.encode("utf-8")) + deflate.flush()
    return "#profile=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def open_links(docname: str, text: str) -> nodes.paragraph:
    """"Play it" and "Try it": the Play and Try pages opened on the house profile ``text``, in their address."""
    root = "../" * docname.count("/")
    fragment = profile_fragment(text)
    para = nodes.paragraph("", "", classes=["costly-open-links"])
    para += nodes.reference("", "Play it", refuri=f"{root}play.html{fragment}", classes=["costly-open-play"])
    para += nodes.Text(" against the computer here in your browser, or ")
    para += nodes.reference("", "Try it", refuri=f"{root}try.html{fragment}", classes=["costly-open-try"])
    para += nodes.Text(": what it changes, played out against the ruleset it comes from.")
    return para


def decisive_document() -> dict[str, Any]:
    """Each bundled profile's figures of how decisive its game is, under the default bots, by
    ``decisive_report.given_key``: what ``costly compare`` reports (from the same cache, or worked out)."""
    from ..api import running
    from ..questions import decisive_report

    bots = running.DEFAULT_BOTS
    pair = (bots[0], bots[1 % len(bots)])
    out = {}
    for profile in profiles.load_all():
        figures = decisive_report.of([profile], bots)[profile.id]
        if figures:
            out[decisive_report.given_key(profile.rules, pair)] = figures
    return out


def _page_files(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.env.metadata.get(pagename, {}).get(METADATA):
        app.add_js_file("play/dom.js", defer="defer")
        app.add_js_file("play/links.js", defer="defer")
        app.add_js_file("try/try.js", defer="defer")
        app.add_css_file("play/play.css")
        app.add_css_file("try/try.css")


def _write(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / TARGET
    target.mkdir(parents=True, exist_ok=True)
    for name in ("try.js", "try.css"):
        (target / name).write_bytes((STATIC / name).read_bytes())
    # in the order the figures come in (not sorted): the page prints them as the command does
    (target / DECISIVE).write_text(json.dumps(decisive_document()), encoding="utf-8")
    text = (STATIC / "try-worker.js").read_text(encoding="utf-8")
    assert text.count(play.WORKER_BUILD) == 1, "try-worker.js has lost its BUILD line"
    build: dict[str, Any] = {"kernel": [wasm_kernel.LOADER, wasm_kernel.MODULE], "engine": play.ENGINE,
             "extractDir": play.EXTRACT_DIR,
             "libraryDir": house_files.LIBRARY_DIR, "files": house_files.FILES, "decisive": DECISIVE,
             "tables": play.TABLES, "pyodide": pyodide.VERSION}
    lock = Path(app.outdir) / pyodide.TARGET / "pyodide-lock.json"
    if lock.is_file():
        build["lock"] = pyodide.lock_info(lock.parent)
    (target / "try-worker.js").write_text(text.replace(play.WORKER_BUILD, f"const BUILD = {json.dumps(build, sort_keys=True)};"),
                                          encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("costly_variants.site.play")
    app.setup_extension("costly_variants.site.wasm_kernel")
    app.add_directive("costly-try", TryDirective)
    app.connect("html-page-context", _page_files)
    app.connect("build-finished", _write, priority=900)  # after the Play page's files, which it reads
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
