from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
bibtex_default_style = "costly"
# a profile added here gets its page and its column with no .rst written for it
costly_extra_variants = ["variants"]
exclude_patterns = ["variants"]
# Transcriptions are verbatim: straight quotes and apostrophes must not be "smartened".
smartquotes = False
# few games: the figures and their tables are what is tested, not the numbers
costly_compare_games = 30
# the glossary is on the index page here: terms on the other pages link to it
costly_glossary_doc = "index"
