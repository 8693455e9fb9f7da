"""The Play page: any ruleset played in the browser on the project's own engine, run by Pyodide.

``.. costly-play::`` puts the page's frame in a document (its controls are drawn by ``play.js``); the
build then writes, beside the site's static files (``_static/play/``):

- ``profiles.json``: every bundled profile resolved, with its alternatives and citations
  (``costly show --json``'s form), each passage's readable citation and the page its words are on;
- ``costly_variants.json``: the package's pure-Python files and the schemas they read, by path, which the
  worker writes into Pyodide's file system for it to import (the engine, the bots, the count, ``costly
  play``'s terminal: ``cli/browser.py``): a few JavaScript calls, where unpacking a zip in Python took
  a quarter of a second;
- ``house_files.json``: what reading and checking a house profile needs (``site.house_files``), fetched
  by the worker only once a profile is loaded (a file, a paste, a link);
- ``wintables.json``: the win table the board-playing search reads in ``costly play`` for each bundled
  profile (``wintable.board_of``: from the same cache, or worked out as the terminal would),
  exactly, as ``game.page_tables`` writes it, so that the page's ``search`` plays the board as the
  terminal's does at once; under other rules (house rules) the page works the table out itself, in the
  game kernel compiled to WebAssembly (``site.wasm_kernel``, ``_static/kernel/``, which the worker loads
  as it starts: ``chances.board``), a second or two;

and ``costly_variants.site.pyodide`` copies Pyodide itself to ``_static/pyodide/``. The build fills in the
worker's ``BUILD`` (where the engine goes, the lock file). The page loads everything from the site:
nothing from a CDN. (It once restored a Pyodide memory snapshot with the engine imported, to start a few
seconds sooner; an empty Pyodide's memory alone is 5.2 MB gzipped, which with Pyodide's WebAssembly put
the first load past its budget of 8 MB: ``tests/test_offline_browser.py``.) Add
``costly_variants.site.play`` to ``extensions``.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .. import profiles
from .._version import __version__
from ..profiles import Profile
from ..questions.design import moves_for
from ..profiles.display import profile_json
from ..profiles.sources import library
from . import house_files, pyodide, wasm_kernel
from .citations import citation_text, passage_label, passage_words, profile_label
from .data import site_data
from .words import VALUE_WORDS

logger = logging.getLogger(__name__)

PACKAGE = Path(__file__).resolve().parents[1]
STATIC = Path(__file__).with_name("play_static")
TARGET = "_static/play"
# Folders of the package the page has no use for: the site (Sphinx) and the optional integrations.
LEFT_OUT = ("site", "openspiel", "data")
METADATA = "costly-play"
# Where the worker writes the engine's files in Pyodide's file system.
EXTRACT_DIR = "/home/pyodide/costly"
ENGINE = "costly_variants.json"
TABLES = "wintables.json"
WORKER_BUILD = "const BUILD = {};"

FRAME = """<div id="costly-play" class="costly-play" data-pyodide="{pyodide}" data-play="{play}" data-kernel="{kernel}" data-version="{version}">
<div class="costly-play-loading" role="status" aria-live="polite">
<p class="costly-play-status">Loading the game engine&hellip;</p>
<progress class="costly-play-progress" max="100" value="0"></progress>
</div>
<noscript><p class="costly-play-problem">The Play page needs JavaScript and WebAssembly. Without them, play in a
terminal: <code>pip install costly-variants</code>, then <code>costly play --variant cotton-1674</code>.</p></noscript>
</div>"""


class PlayDirective(SphinxDirective):
    """The frame of the Play page; ``play.js`` fills it once Pyodide has started."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.metadata[self.env.docname][METADATA] = True
        root = "../" * self.env.docname.count("/")
        html = FRAME.format(pyodide=f"{root}{pyodide.TARGET}/", play=f"{root}{TARGET}/",
                            kernel=f"{root}{wasm_kernel.TARGET}/", version=__version__)
        # Inline, so that the worker starts as soon as the frame is parsed, before play.js (deferred) runs.
        self.env.note_dependency(str(STATIC / "play-start.js"))
        start = (STATIC / "play-start.js").read_text(encoding="utf-8")
        return [nodes.raw("", f"{html}\n<script>\n{start}</script>", format="html")]


def package_files() -> dict[str, str]:
    """The package's pure-Python files and the JSON schemas they read, by their path from the folder the
    worker puts them in (``costly_variants/...``)."""
    files = {}
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(PACKAGE)
        if (not path.is_file() or relative.parts[0] in LEFT_OUT or "__pycache__" in relative.parts
                or path.suffix not in (".py", ".json")):
            continue
        files[f"costly_variants/{relative.as_posix()}"] = path.read_text(encoding="utf-8")
    return files


def package_document(target: Path) -> Path:
    """``package_files()`` as one JSON document for the page (a static host compresses JSON in transit)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(package_files(), ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return target


def profiles_document(app: Sphinx) -> dict[str, Any]:
    """The bundled profiles resolved, and each passage they cite: its readable citation, its words, and
    the page and anchor of the site where they are (none where the site has no page for it)."""
    bundled = profiles.load_all()
    lib = library()
    bibfile = site_data(app.srcdir).bibfile
    std = app.env.domaindata.get("std", {})
    # a passage that is a section has a label; one that is a span of a running text (Cotton's) an anonymous one
    labels = {**std.get("anonlabels", {}), **std.get("labels", {})}
    cited = sorted({ref for p in bundled for prov in p.provenance.values()
                    for ref in (*prov.cite, *(r for a in prov.alternatives for r in a.cite))})
    passages = {}
    for ref in cited:
        found = labels.get(passage_label(ref))
        url = f"{app.builder.get_target_uri(found[0])}#{found[1]}" if found else None
        passages[ref] = {"citation": citation_text(ref, lib, bibfile), "words": passage_words(ref, lib), "url": url}
    return {"version": __version__, "pyodide": pyodide.VERSION,
            "profiles": [{**profile_json(p), "moves": [m.as_json() for m in moves_for(p, bundled)]} for p in bundled],
            "passages": passages, "how_to_play": how_to_play(app, bundled, labels),
            "value_words": VALUE_WORDS}  # each coded value in words, as the site's tables say it


def how_to_play(app: Sphinx, bundled: Sequence[Profile], labels: Mapping[str, Any]) -> dict[str, str]:
    """Each profile's "How to play" on its page (a profile that plays as another: its page, which says
    so), by id: the Play page links the chosen one, for how a deal goes."""
    out = {}
    for profile in bundled:
        found = labels.get(f"{profile_label(profile.id)}--prose") or labels.get(profile_label(profile.id))
        if found:
            out[profile.id] = f"{app.builder.get_target_uri(found[0])}#{found[1]}"
    return out


def tables_document() -> dict[str, Any]:
    """``wintables.json``: each bundled profile's board table, as ``costly play``'s search reads it
    (none where no table can be sampled under its rules: the page's search then plays for points)."""
    from ..chances import store as _chances_store  # noqa: F401  (it says where board_of finds the tables: the cache, else worked out)
    from ..game.page_tables import document
    from ..game.wintable import board_of

    boards = [(p.id, p.rules, board_of(p.rules)) for p in profiles.load_all()]
    return document((profile_id, rules, board) for profile_id, rules, board in boards if board is not None)


def _page_files(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.env.metadata.get(pagename, {}).get(METADATA):
        app.add_js_file("play/dom.js", defer="defer")
        app.add_js_file("play/links.js", defer="defer")
        app.add_js_file("play/play-house.js", defer="defer")
        app.add_js_file("play/play.js", defer="defer")
        app.add_css_file("play/play.css")
        app.add_css_file("play/play-house.css")


def worker_script(build: dict[str, Any]) -> str:
    """``play-worker.js`` with the build's facts in place of its empty ``BUILD``."""
    text = (STATIC / "play-worker.js").read_text(encoding="utf-8")
    assert text.count(WORKER_BUILD) == 1, "play-worker.js has lost its BUILD line"
    return text.replace(WORKER_BUILD, f"const BUILD = {json.dumps(build, sort_keys=True)};")


def _write(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    target = out / TARGET
    target.mkdir(parents=True, exist_ok=True)
    for name in ("play.js", "play.css", "play-house.js", "play-house.css", "links.js", "dom.js"):
        (target / name).write_bytes((STATIC / name).read_bytes())
    package_document(target / ENGINE)
    document = target / "profiles.json"
    document.write_text(json.dumps(profiles_document(app), ensure_ascii=False), encoding="utf-8")
    tables = target / TABLES
    tables.write_text(json.dumps(tables_document(), separators=(",", ":")), encoding="utf-8")
    house_files.document(target / house_files.FILES)  # fetched only once a house profile is loaded
    build: dict[str, Any] = {"engine": ENGINE, "extractDir": EXTRACT_DIR, "pyodide": pyodide.VERSION,
                             "tables": TABLES, "houseFiles": house_files.FILES, "libraryDir": house_files.LIBRARY_DIR,
                             "kernel": [wasm_kernel.LOADER, wasm_kernel.MODULE]}
    try:
        pyodide.ship(out)
    except pyodide.PyodideError as exc:
        logger.warning("costly: the Play page has no Pyodide: %s", exc)
    else:
        build["lock"] = pyodide.lock_info(out / pyodide.TARGET)
    (target / "play-worker.js").write_text(worker_script(build), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("costly_variants.site.offline")  # the Play page keeps working offline
    app.setup_extension("costly_variants.site.wasm_kernel")  # its search's tables under house rules are worked out in it
    app.add_directive("costly-play", PlayDirective)
    app.connect("html-page-context", _page_files)
    app.connect("build-finished", _write)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
