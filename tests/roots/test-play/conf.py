# The Play page alone, with the source pages its scores link to: what the browser test serves.
from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site", "costly_variants.site.play", "costly_variants.site.try_page",
              "costly_variants.site.wasm_kernel"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
bibtex_default_style = "costly"
smartquotes = False
costly_compare_games = 30
# the site's own theme: its phone layout (and viewport) is what a reader gets
html_theme = "furo"
