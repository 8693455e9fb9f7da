from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
bibtex_default_style = "costly"
bibtex_reference_style = "author_year"  # as the real site: a "Cite as" must still read as the label
# Transcriptions are verbatim: straight quotes and apostrophes must not be "smartened".
smartquotes = False
# the fewest games: the scholarship pages are what is tested, not the numbers
costly_compare_games = 4
