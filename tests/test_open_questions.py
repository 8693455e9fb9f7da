"""The open questions of the sources: every passage and source they name exists, and every text this
project has not read has a question."""
from __future__ import annotations

import pytest

from costly_variants.errors import ProfileError
from costly_variants.profiles import open_questions
from costly_variants.profiles.sources import library
from costly_variants.resources import data_dir

BUNDLED = (data_dir("sources") / "questions" / "open.yaml").read_text(encoding="utf-8")


def test_every_text_not_read_has_an_open_question():
    questions = open_questions.load()
    ids = {q.id for q in questions}
    assert {"holme-text", "full-digest", "booklet-1805", "toldervy-page", "edition-18c", "webb-pages",
            "bracketed-year", "mog-fragment"} <= ids
    unread = {s.id for s in library().sources.values() if not s.available}
    named = {w.source for q in questions for w in q.where} | {r.partition("#")[0] for q in questions for r in q.cite}
    assert unread and unread <= named
    assert all(q.where and q.settle and q.known for q in questions)


def _load(tmp_path, text):
    path = tmp_path / "open.yaml"
    path.write_text(text, encoding="utf-8")
    return open_questions.load(path)


@pytest.mark.parametrize(("change", "message"), [
    (("cite: [burne-1883#intro]", "cite: [burne-1883#nowhere]"), "'burne-1883#nowhere' is not a passage in sources/"),
    (("source: toldervy-1756}", "source: toldervy-1757}"), "'toldervy-1757' is not a source in sources/"),
    (("  settle: The opening of the digest in the book itself.\n", ""), "settle is required"),
])
def test_a_bad_question_is_refused_at_its_line(tmp_path, change, message):
    assert change[0] in BUNDLED
    with pytest.raises(ProfileError) as err:
        _load(tmp_path, BUNDLED.replace(*change, 1))
    first = str(err.value).splitlines()[0]
    assert first.startswith(str(tmp_path / "open.yaml") + ":") and message in first, first


def test_a_source_not_read_without_a_question_is_refused(tmp_path):
    text = BUNDLED[:BUNDLED.index("- id: booklet-1805")] + BUNDLED[BUNDLED.index("- id: toldervy-page"):]
    with pytest.raises(ProfileError, match="eddowes-1805 is not available, and no question asks for it"):
        _load(tmp_path, text)
