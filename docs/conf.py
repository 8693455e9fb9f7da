"""Sphinx configuration for the costly-variants reference site."""
from __future__ import annotations

project = "costly-variants"
author = "costly-variants maintainers"
copyright = "2026, the costly-variants maintainers; primary texts public domain"

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = ["../sources/bibliography.bib"]
bibtex_default_style = "plain"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"page_width": "1300px", "body_max_width": "none"}
html_title = "Costly Colours: the rule variants, cited"
# Transcriptions are verbatim: straight quotes and apostrophes must not be "smartened".
smartquotes = False
