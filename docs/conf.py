"""Sphinx configuration for the costly-variants reference site."""
from __future__ import annotations

from costly_variants import __version__
from costly_variants.api import running

project = "costly-variants"
release = version = __version__
author = "costly-variants maintainers"
copyright = "2026, the costly-variants maintainers; primary texts public domain"

extensions = ["sphinx.ext.autodoc", "sphinxcontrib.bibtex", "costly_variants.site"]
extensions.append("costly_variants.site.play")  # the Play page, with Pyodide copied into the site
# The game kernel compiled to WebAssembly (ziglang, a docs extra), with its loader, in _static/kernel/
extensions.append("costly_variants.site.wasm_kernel")
# The API page (api.rst): signatures as written, members in the order of the source.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
bibtex_bibfiles = ["../sources/bibliography.bib"]
# author-year labels ("Cotton 1674"), page ranges for books, URLs and access dates for web pages
bibtex_default_style = "costly"
bibtex_reference_style = "author_year"
# profile/ and source/ hold the pages generated from the data at each build; _figures/ their plots
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "Costly Colours: the rule variants, cited"
# Transcriptions are verbatim: straight quotes and apostrophes must not be "smartened".
smartquotes = False
# The command line's and the API's defaults, read from the code, so that no page states a stale one.
rst_prolog = f"""
.. |default_games| replace:: {running.DEFAULT_GAMES:,}
.. |default_skill_games| replace:: {running.DEFAULT_SKILL_GAMES:,}
.. |default_by_rule_games| replace:: {running.DEFAULT_BY_RULE_GAMES:,}
.. |default_seed| replace:: {running.DEFAULT_SEED}
"""
