from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
costly_generate_pages = False
costly_extra_variants = ["variants"]
