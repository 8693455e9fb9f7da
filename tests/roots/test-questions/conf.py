from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
bibtex_default_style = "costly"
# the hostile house profile of test-site: its reading must show as the characters it is
costly_extra_variants = ["variants"]
exclude_patterns = ["variants"]
smartquotes = False
# few games: what is tested is that the readings and the design are played and shown, not the numbers
costly_readings_games = 20
costly_compare_games = 10
costly_choosing_games = 60
