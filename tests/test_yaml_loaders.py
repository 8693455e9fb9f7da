"""libyaml's parser where there is one, and the pure parser where not: the same documents, positions and
errors either way (libyaml only reads faster)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from costly_variants.errors import ProfileError
from costly_variants.profiles import yamldoc

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("variants/*.yaml"), *ROOT.glob("sources/**/*.yaml"),
                *ROOT.glob("tests/profile_examples/**/*.yaml")])

needs_libyaml = pytest.mark.skipif(not yamldoc.HAVE_LIBYAML, reason="PyYAML built without libyaml")


def outcome(load, text):
    try:
        doc = load(text, "f.yaml")
    except ProfileError as exc:
        return "refused", [str(p) for p in exc.problems]
    return "read", doc.data, doc.positions, doc.key_positions


def pure(text, file):
    return yamldoc._load_with(yamldoc._CoreLoader, text, file)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
@needs_libyaml
def test_every_bundled_and_example_file_reads_the_same(path):
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8 (an example of a refused file)")
    assert outcome(yamldoc.load_text, text) == outcome(pure, text)


@needs_libyaml
@pytest.mark.parametrize("text", [
    "a: [1, 2\n", "a:\n\tb: 1\n", "a: 1\na: 2\n", "a: !!python/object {}\n", "- &x [*x]\n", "a: 'x\n",
    "a: {b: 1, b: 2}\n", "key: \"\\ud800\"\n", "a: 1\n  b: 2\n", "<<: 5\n", "a: [\n" * 200,
])
def test_broken_documents_are_refused_with_the_pure_parsers_words_and_positions(text):
    assert outcome(yamldoc.load_text, text) == outcome(pure, text)


@needs_libyaml
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab1 :-[]{},'\"&*!#|>?%@`\n\t♥") + ["  ", "- ", ": ", "\n  "]),
                max_size=40).map("".join))
def test_any_text_the_pure_parser_reads_reads_alike_and_every_refusal_is_the_pure_parsers(text):
    fast, slow = outcome(yamldoc.load_text, text), outcome(pure, text)
    # libyaml reads a few texts the stricter pure parser refuses (a comment straight after a block
    # scalar's "|", say); everything else must come out the same, data, positions and errors alike.
    assert fast == slow or (fast[0] == "read" and slow[0] == "refused")


@pytest.mark.parametrize("text", ["id: x\nrules: {count: {a: 1}\n", "id: x\nrules: {count: {a: 1}",
                                  "id: x\nrules: {count: {a: 1}\n\n  \n", "id: x\nrules: {count: {a: 1}  \n"])
def test_a_file_that_stops_short_is_refused_at_the_end_of_its_last_line(text):
    """Not at a line after the last, which no editor shows."""
    with pytest.raises(ProfileError) as caught:
        yamldoc.load_text(text, "f.yaml")
    assert str(caught.value.problems[0]).startswith("f.yaml:2:22: ")
