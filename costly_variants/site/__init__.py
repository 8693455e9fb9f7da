"""A Sphinx extension that builds the reference site from the profiles and sources.

Profile and source text is data: every directive builds docutils nodes, with the text as Text nodes,
and never parses a profile's words as reStructuredText or writes them out as HTML. Citations are
``std`` label references built in code, so a missing passage is a located Sphinx warning.

Directives:

- ``.. costly-rule-table::``: the profiles side by side, grouped by section (``:profiles:``, ``:changed:``,
  ``:no-anchors:``); each cell a value, a status badge, readable citations, and the passage words, note
  and alternatives in a disclosure.
- ``.. costly-legend::``: the six status words. ``.. costly-glance::``: the profiles in brief.
- ``.. costly-profile-index::``, ``.. costly-source-index::``: the generated pages, listed.
- ``.. costly-profile-page:: ID``, ``.. costly-source-page:: ID``: the generated pages' bodies
  (written as stubs under ``profile/`` and ``source/`` at the start of each build).
- ``.. costly-prose:: ID``: a profile's rules as prose, each sentence cited.
- ``.. costly-examples::``: the worked examples, item by item.
- ``.. costly-hand-figures:: [ID]``: the hand-score distribution as an SVG with its data.
- ``.. costly-comparison-figures::``: the main report of every profile's games, each figure with its intervals,
  its paired differences and its table; ``.. costly-by-rule:: A B``: the effect of each rule from A to B;
  ``.. costly-comparison-headline:: A B ...``: the front page's sentences on what B's rules do to A's game.
- ``.. costly-history::``: the sources in the order of their own dates.
- ``.. costly-through-time::``, ``.. costly-concordance::``, ``.. costly-apparatus::``: the pages for
  historians (the rules through time, the 1874 reports side by side, the variants of Cotton's chapter); ``.. costly-open-questions::``.
- ``.. costly-analysis::``, ``.. costly-glossary::``, ``.. costly-schema::``.

The bibliography style ``costly`` gives author-year labels. Config: ``costly_extra_variants`` (folders,
relative to conf.py, of more profiles to show); ``costly_generate_pages`` (default true). It gives the site
its icon (``html_favicon``) where ``conf.py`` gives none.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from .._version import __version__
from . import citing, glossary, nodes as site_nodes, period_words
from .bibstyle import link_transcriptions, register_styles
from .choosing import DESIGN_GAMES, ChoosingDirective
from .examples import ExamplesDirective
from .pages import HistoryDirective, ProfileIndexDirective, ProfilePageDirective, SourceIndexDirective, generate_pages
from .source_pages import SourcePageDirective
from .apparatus import ApparatusDirective
from .concordance import ConcordanceDirective
from .open_questions import OpenQuestionsDirective
from .through_time import ThroughTimeDirective, cite_role
from .plots import HandFiguresDirective
from .prose import ProseDirective
from .strategy import StrategyDirective
from .comparison import (BUILD_GAMES, ByRuleDirective, ComparisonFiguresDirective, ComparisonHeadlineDirective,
                         ThresholdsDirective)
from .tables import (AnalysisDirective, GlanceDirective, GlossaryDirective, LegendDirective, RuleTableDirective,
                     SchemaDirective, status_role)

STATIC = Path(__file__).parent / "static"
# The site's icon (a card with a heart, drawn for the site): without one a browser asks every page's
# server for /favicon.ico, and where there is none its console shows the 404 as an error.
FAVICON = Path(__file__).with_name("favicon.svg")


def _static_path(app: Sphinx, config: Config) -> None:
    config.html_static_path.append(str(STATIC))
    if not config.html_favicon:  # a site's own conf.py may give its own
        config.html_favicon = str(FAVICON)


def setup(app: Sphinx) -> dict[str, Any]:
    register_styles()
    site_nodes.add_nodes(app)
    app.add_config_value("costly_extra_variants", [], "env", [list])
    app.add_config_value("costly_generate_pages", True, "env", [bool])
    app.add_config_value("costly_compare_games", BUILD_GAMES, "env", [int])
    app.add_config_value("costly_choosing_games", DESIGN_GAMES, "env", [int])
    directives = {
        "costly-rule-table": RuleTableDirective, "costly-legend": LegendDirective, "costly-glance": GlanceDirective,
        "costly-profile-index": ProfileIndexDirective, "costly-source-index": SourceIndexDirective,
        "costly-profile-page": ProfilePageDirective, "costly-profile": ProfilePageDirective,
        "costly-source-page": SourcePageDirective,
        "costly-prose": ProseDirective, "costly-strategy": StrategyDirective, "costly-examples": ExamplesDirective,
        "costly-hand-figures": HandFiguresDirective, "costly-comparison-figures": ComparisonFiguresDirective,
        "costly-by-rule": ByRuleDirective, "costly-comparison-headline": ComparisonHeadlineDirective,
        "costly-thresholds": ThresholdsDirective, "costly-choosing": ChoosingDirective,
        "costly-analysis": AnalysisDirective,
        "costly-glossary": GlossaryDirective, "costly-history": HistoryDirective, "costly-schema": SchemaDirective,
        "costly-through-time": ThroughTimeDirective, "costly-concordance": ConcordanceDirective,
        "costly-apparatus": ApparatusDirective, "costly-open-questions": OpenQuestionsDirective,
    }
    for name, directive in directives.items():
        app.add_directive(name, directive)
    app.setup_extension("costly_variants.site.questions")  # costly-readings, costly-design-run
    glossary.setup(app)  # each glossary term's first use on a page, linked
    citing.setup(app)  # the version and the date of the data on every page
    period_words.setup(app)  # Cotton's pages in Cotton's words
    app.add_role("costly-status", status_role)
    app.add_role("costly-cite", cite_role)
    app.connect("config-inited", _static_path)
    app.connect("builder-inited", generate_pages)
    app.connect("doctree-resolved", link_transcriptions)
    app.add_css_file("costly.css")
    app.add_css_file("costly-texts.css")
    app.add_js_file("costly.js")
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
