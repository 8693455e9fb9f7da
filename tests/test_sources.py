"""The transcribed sources: passages, bibliography, and the rules of use."""
from __future__ import annotations

import re
from pathlib import Path

from costly_variants.resources import data_dir
from costly_variants.profiles.sources import library

BIB = (data_dir("sources") / "bibliography.bib").read_text(encoding="utf-8")
BIB_KEYS = re.findall(r"^@\w+\{([^,]+),", BIB, flags=re.M)


def test_every_source_has_a_bibliography_entry():
    lib = library()
    assert {s.bibkey for s in lib.sources.values()} <= set(BIB_KEYS)
    for key in ("cotton1674", "cotton1687", "holme1688", "holme1905", "eddowes1805", "burne1883", "webb1924",
                "toldervy1756", "parlett2008", "parlettweb", "wikipediaen"):
        assert key in BIB_KEYS


def test_bibliography_entries_are_balanced_bibtex():
    for entry in re.split(r"\n(?=@)", BIB.strip()):
        assert entry.count("{") == entry.count("}"), entry[:40]
        assert re.match(r"@\w+\{[a-z0-9]+,", entry)


def test_public_domain_texts_are_verbatim_and_modern_ones_summarised():
    lib = library()
    for source in lib.sources.values():
        for passage in source.passages.values():
            if source.kind == "modern":
                assert passage.text is None and passage.summary, passage.ref
            else:
                assert (passage.text or passage.summary), passage.ref
    cotton = lib.sources["cotton-1674"]
    assert "whosoever refuseth is to give the other one chalk or hole" in cotton.passages["p125-mogg"].text
    assert "[gap: illegible" in cotton.passages["p127-example-play"].text
    assert "cannot come in" in cotton.passages["p127-example-play"].note  # the 1687 reading of the gaps
    assert "Coſtly" in lib.sources["cotton-1687"].passages["p88-chapter"].text  # spelling kept


def test_passage_ids_are_stable_and_well_formed():
    lib = library()
    refs = lib.all_refs()
    assert len(refs) == len(set(refs))
    assert all(re.fullmatch(r"[a-z0-9-]+#[a-z0-9]+(-[a-z0-9]+)*", r) for r in refs)
    assert "cotton-1674#p126-show-knaves" in refs


def test_holme_is_marked_unavailable():
    holme = library().sources["holme-1688"]
    assert not holme.available and "NOT available" in holme.transcription
    assert all(p.text is None for p in holme.passages.values())


def test_worked_examples_ship_with_the_sources():
    assert sorted(p.name for p in (data_dir("sources") / "worked-examples").glob("*.yaml"))
    assert isinstance(data_dir("sources"), Path)


# Citation chains ----------------------------------------------------------------------------------------

def test_a_passage_read_in_another_work_is_cited_with_its_channel():
    lib = library()
    assert lib.citation("webb-1924#hard-game") == "Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020"
    assert lib.citation("wh-1877#skill") == "W.H. 1877, p. 133, quoted in Wikipedia 2020 (read through English mirrors)"
    assert lib.citation("wh-1877#skill", full=True) == ("W.H. 1877, p. 133, quoted in Wikipedia 2020 (read through English "
                                                           "mirrors), lead, footnote 3")
    assert lib.citation("toldervy-1756#duroy-heartley") == ("Toldervy 1756, page not given, quoted in Parlett 2020 "
                                                           "(from the OED)")
    assert lib.citation("burne-1883#intro") == "Burne 1886, the opening of the digest, quoted in Parlett 2020"
    assert lib.citation("burne-1883#mogging").endswith("quoted in Wiktionary n.d. (read through a mirror)")
    # a text read in translation says so wherever it is cited
    assert lib.citation("wikipedia-en#four-hand") == "Wikipedia 2020 (read in Japanese translation), Rules - four-hand variation"
    # a summary of what a modern work reports another says is "as reported in" it
    assert lib.citation("parlett-2008#publication") == ("Parlett 2008, pp. 403-432, as reported in Wikipedia 2020 (read "
                                                         "through English mirrors)")
    # a passage read in its own work has no channel
    assert lib.citation("cotton-1674#p125-game") == "Cotton 1674, p. 125" and not lib.channels("cotton-1674#p125-game")


def test_a_summary_of_a_modern_text_is_filed_under_that_text():
    lib = library()
    for source in lib.sources.values():
        if source.kind != "primary":
            continue
        for passage in source.passages.values():
            words = passage.summary or ""
            assert "Wikipedia" not in words and "Parlett" not in words, passage.ref
    assert "jenkin" not in lib.sources["wh-1877"].passages  # W.H.'s Jenkin is Wikipedia's report
    assert "W.H." in (lib.passage("wikipedia-en#jenkin").summary or "")
    assert set(lib.sources["holme-1688"].passages) == {"location"}  # Parlett's word on Holme is Parlett's


def _write_source(folder: Path, name: str, body: str) -> None:
    (folder / f"{name}.yaml").write_text(body, encoding="utf-8")


BASE = """id: {id}
label: {label}
bibkey: {key}
kind: primary
title: A test source
passages:
- id: one
  pages: '1'
  text: words
"""


def test_the_loader_checks_a_channel_like_any_citation(tmp_path):
    from costly_variants.errors import CostlyError
    import pytest

    _write_source(tmp_path, "aa-1900", BASE.format(id="aa-1900", label="Aa 1900", key="aa1900")
                  + "  via: {cite: bb-1901#missing}\n")
    _write_source(tmp_path, "bb-1901", BASE.format(id="bb-1901", label="Bb 1901", key="bb1901"))
    with pytest.raises(CostlyError) as found:
        library(tmp_path)
    assert "aa-1900.yaml:10:" in str(found.value) and "$.passages[0].via.cite" in str(found.value)
    assert "via 'bb-1901#missing', which is not a passage in sources/" in str(found.value)


def test_the_schema_checks_a_source_file(tmp_path):
    from costly_variants.errors import CostlyError
    import pytest

    _write_source(tmp_path, "aa-1900", BASE.format(id="aa-1900", label="Aa", key="aa1900")
                  + "  via: {cite: not a ref}\n")
    with pytest.raises(CostlyError) as found:
        library(tmp_path)
    message = str(found.value)
    assert "aa-1900.yaml:2:" in message and "$.label" in message  # a label needs its one date
    assert "$.passages[0].via.cite" in message  # every error collected, each located


def test_a_channel_loop_is_refused(tmp_path):
    from costly_variants.errors import CostlyError
    import pytest

    _write_source(tmp_path, "aa-1900", BASE.format(id="aa-1900", label="Aa 1900", key="aa1900")
                  + "  via: {cite: bb-1901#one}\n")
    _write_source(tmp_path, "bb-1901", BASE.format(id="bb-1901", label="Bb 1901", key="bb1901")
                  + "  via: {cite: aa-1900#one}\n")
    with pytest.raises(CostlyError, match="leads back to"):
        library(tmp_path)


# One date and one label per source ------------------------------------------------------------------------

def test_one_label_and_one_date_per_source():
    lib = library()
    labels = [s.label for s in lib.sources.values()]
    assert len(labels) == len(set(labels))
    burne = lib.sources["burne-1883"]
    assert burne.label == "Burne 1886" and "Part III" in burne.title and "1886" in (burne.dating or "")
    entry = BIB[BIB.index("@book{burne1883"):]
    entry = entry[:entry.index("\n}\n")]
    assert "year      = {1886}" in entry  # the bibliography dates it as its label does
    for source in lib.sources.values():
        year = source.label.rpartition(" ")[2]
        entry = BIB[BIB.index("{" + source.bibkey + ","):]
        entry = entry[:entry.index("\n}\n")]
        if year == "n.d.":
            assert "year" not in entry, source.id
        else:
            assert re.search(r"year\s*=\s*\{" + re.escape(year).replace("\\-\\-", r"\{-\}\{-\}") + r"\}", entry), source.id
    assert "Japanese translation" in lib.sources["wikipedia-en"].transcription
    wikipedia = BIB[BIB.index("{wikipediaen,"):]
    assert "Japanese translation" in wikipedia[:wikipedia.index("\n}\n")] and "urldate" not in wikipedia[:600]


def test_wikipedias_footnotes_nine_and_ten_are_located():
    lib = library()
    assert lib.citation("burne-1883#p527-speciality", full=True) == ("Burne 1886, p. 527, quoted in Wikipedia 2020 (read through English mirrors), "
                                                                    "History, footnote 9")
    assert lib.citation("gsc-1894#with-zest", full=True).endswith("quoted in Wikipedia 2020 (read through English mirrors), History, footnote 10")
    references = lib.passage("wikipedia-en#references").summary or ""
    assert "9 Jackson, Shropshire Folk-Lore (1883), p. 527" in references and "10 G.S.C. (1894)" in references
    assert "{gsc1894," in BIB and "footnotes 3, 9 and 10" in BIB
