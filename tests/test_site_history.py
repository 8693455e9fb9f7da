"""The real site's pages for historians, built from docs/ (slow: the real_site fixture): the history's
claims each on a cited passage, and no English quotation of a text read only in translation on any page."""
from __future__ import annotations

import re

from .test_site import element_with_id
from .test_site_scholarship import _letters, english_read, quotations, seen


def test_the_historys_claims_each_rest_on_a_cited_passage(real_site):
    markup = (real_site / "history.html").read_text(encoding="utf-8")
    text = seen(markup)
    for claim in ("Shrewsbury correspondent", "printed and sold by", "Charles Cotton describes", "plays as Cotton",
                  "William Toldervy", "one fragment of its own words"):
        assert claim not in text, claim
    assert '"Printed for and sold by J. and W. Eddowes in the Market Place, Shrewsbury, 1805"' in text
    assert "attributed to Charles Cotton" in text and "presumed fragment" in text
    entries = re.findall(r"<dd>(.*?)</dd>", markup, flags=re.S)
    assert len(entries) >= 7
    for entry in entries:  # every paragraph of the history cites the passages it rests on
        for para in re.findall(r"<p>(.*?)</p>", entry, flags=re.S):
            assert "costly-cite" in para, seen(para)[:120]


def test_no_page_of_the_site_quotes_in_english_a_text_read_only_in_translation(real_site):
    corpus = english_read()
    checked = 0
    # the pages that speak of the sources (the others quote only the site's own labels and code)
    pages = [real_site / f"{name}.html" for name in ("index", "history", "concordance-1874", "through-time", "glossary",
                                                      "bibliography", "sources", "open-questions", "apparatus",
                                                      "rules", "differences", "examples", "new-text")]
    pages += sorted((real_site / "profile").glob("*.html")) + sorted((real_site / "source").glob("*.html"))
    for path in pages:
        for piece in quotations(path.read_text(encoding="utf-8")):
            checked += 1
            assert _letters(piece) in corpus, (str(path.relative_to(real_site)), piece)
    assert checked > 100


def test_holme_has_no_column_of_values_on_the_home_page(real_site):
    index = (real_site / "index.html").read_text(encoding="utf-8")
    box = index[index.index('class="costly-fit costly-stack costly-glance'):]
    box = box[:box.index("</table>")]
    assert "holme-1688" not in box and "0 of 60" not in seen(box)
    assert "the text has not been read" in seen(element_with_id(index, "what-differs-at-a-glance"))
