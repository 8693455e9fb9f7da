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
