"""The apparatus of Cotton's chapter: variant readings computed from the transcriptions."""
from __future__ import annotations

from costly_variants.profiles import apparatus as app
from costly_variants.profiles.sources import Passage, Source


def _witness(source_id: str, *texts: str) -> list[app.Token]:
    passages = {f"p{i}": Passage(source_id, f"p{i}", None, t, None, None, None) for i, t in enumerate(texts)}
    return app.tokens(Source(source_id, source_id, source_id, "primary", "", "", "", True, passages))


def test_the_aligner_tells_spelling_from_substance():
    one = _witness("a", "[p. 1] THis Game is play'd by two persons, for which she shall set up five; and so")
    two = _witness("b", "THis Game is played by two Perſons for which he shall set up 5, and so [gap: illegible, 1 span]")
    found = {(v.kind, v.lemma, v.reading) for v in app.collate(one, two)}
    assert (app.Kind.SUBSTANTIVE, "she", "he") in found
    assert (app.Kind.SPELLING, "play'd", "played") in found and (app.Kind.SPELLING, "persons", "Perſons") in found
    assert (app.Kind.SPELLING, "five", "5") in found  # a number in words or figures
    assert (app.Kind.PUNCTUATION, ",", "") in found and (app.Kind.PUNCTUATION, ";", ",") in found
    assert (app.Kind.GAP, "", "[gap: illegible, 1 span]") in found
    assert all(v.at.startswith("a#") and v.other_at.startswith("b#") for v in app.collate(one, two))
    assert app.collate(one, one) == []


def test_cottons_chapter_1674_against_1687():
    c1687, c18 = app.cotton_apparatus()
    assert (c1687.first, c1687.second, c1687.partial) == ("cotton-1674", "cotton-1687", False)
    substantive = {(v.lemma, v.reading, v.at) for v in c1687.variants if v.kind is app.Kind.SUBSTANTIVE}
    # the only substantive variants: the chapter's number, and who sets up the score for fifteen
    assert substantive == {("she", "he", "cotton-1674#p125-play-fifteen"), ("XIV", "XIII", "cotton-1674#p125-chapter")}
    spelling = {(v.lemma, v.reading) for v in c1687.variants if v.kind is app.Kind.SPELLING}
    assert ("apiece", "a piece") in spelling and ("Costly", "Coſtly") in spelling and ("six", "ſix") in spelling
    gaps = [v for v in c1687.variants if v.kind is app.Kind.GAP]
    assert [v.reading for v in gaps] == [";", "Hearts , which", "he"]  # the three gaps, as 1687 fills them
    assert all(v.at == "cotton-1674#p127-example-play" for v in gaps)


def test_cottons_chapter_1674_against_the_eighteenth_century_close():
    _, c18 = app.cotton_apparatus()
    assert c18.partial and c18.second == "compleat-gamester-18c"
    kinds = {(v.kind, v.lemma, v.reading) for v in c18.variants}
    assert (app.Kind.SPELLING, "twenty", "20") in kinds  # "just 20": the same total
    assert (app.Kind.SPELLING, "these", "thefe") in kinds  # the OCR's f for a long s
    assert (app.Kind.SUBSTANTIVE, "give you", "be given") in kinds
    assert all(v.at in ("cotton-1674#p128-example-count", "cotton-1674#p128-close") for v in c18.variants)
