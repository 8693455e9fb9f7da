from costly_variants.resources import data_dir

extensions = ["sphinxcontrib.bibtex", "costly_variants.site"]
bibtex_bibfiles = [str(data_dir("sources") / "bibliography.bib")]
# Transcriptions are verbatim: straight quotes and apostrophes must not be "smartened".
smartquotes = False
