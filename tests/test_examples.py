"""The sources' worked examples, pinned with their discrepancies."""
from __future__ import annotations

import json

import pytest

from costly_variants import profiles
from costly_variants.worked_examples.replay import load_examples, play_points, replay, replay_all
from costly_variants.profiles.sources import library

# example id -> (the source's total, the engine's under the example's own profile)
PINNED = {
    "cotton-1674-play": (5, 5),
    "cotton-1674-eldest-count": (6, 8),
    "cotton-1674-dealer-count": (12, 6),
    "cotton-1674-dealer-deal": (20, 15),
    "parlett-play": (16, 16),
    "parlett-play-hitter": (21, 21),
    "parlett-hand-1": (21, 21),
    "parlett-hand-2": (34, 34),
    "parlett-hand-3": (16, 19),
    "jackson-three-jacks": (31, 34),
}

EXAMPLES = {e.id: e for e in load_examples()}


def test_every_example_is_pinned_and_cites_real_passages():
    assert set(EXAMPLES) == set(PINNED)
    lib = library()
    for example in EXAMPLES.values():
        assert example.cite and all(ref in lib for ref in example.cite), example.id


@pytest.mark.parametrize("example_id", sorted(PINNED))
def test_example_under_its_own_profile(example_id):
    example = EXAMPLES[example_id]
    outcome = replay(example, profiles.load(example.profile))
    assert (outcome.stated, outcome.engine) == PINNED[example_id]
    if outcome.agrees:
        assert outcome.reason is None
    else:
        assert outcome.reason and outcome.reason == example.discrepancy


def test_every_disagreement_under_any_profile_has_a_one_line_reason():
    for outcome in replay_all(profiles.load_all()):
        if outcome.agrees:
            assert outcome.reason is None
        else:
            assert outcome.reason and "\n" not in outcome.reason, (outcome.example.id, outcome.profile_id)


def test_parlett_play_event_by_event():
    example = EXAMPLES["parlett-play"]
    rules = profiles.load("parlett-121").rules
    scored = play_points(rules, example.plays, example.deck)
    assert [(who, points) for who, points, _ in scored] == [
        ("Annie", 0), ("Benny", 0), ("Annie", 5), ("Benny", 8), ("Annie", 2), ("Benny", 1)]
    assert scored[2][2] == ["fifteen 3", "pair 2"]
    assert scored[3][2] == ["twenty-five 4", "right jack in play 4"]
    assert scored[5][2] == ["latter 1"]


def test_parlett_hand_reconstructions_find_hands():
    outcome = replay(EXAMPLES["parlett-hand-1"], profiles.load("parlett-121"))
    assert "48 of 1082900 deals" in outcome.details[0]
    three = replay(EXAMPLES["parlett-hand-3"], profiles.load("parlett-121"))
    assert "no deal counts exactly so" in replay(EXAMPLES["parlett-hand-3"], profiles.load("cotton-1674")).reason
    assert three.engine == 19 and "A" in three.details[0]


def test_cotton_deal_discrepancies_are_the_sources_slips():
    outcome = replay(EXAMPLES["cotton-1674-dealer-count"], profiles.load("cotton-1674"))
    assert "seven" in outcome.reason and "three of a colour" in outcome.reason
    shown = replay(EXAMPLES["cotton-1674-dealer-count"], profiles.load("holme-1688"))
    assert "fifteen 2 in the source, 0 here" in shown.reason


def test_examples_cli(cli):
    code, out, _ = cli("examples", "--json")
    rows = json.loads(out)
    assert code == 0
    homes = {r["example"]: r for r in rows if r["home"]}
    assert {k: (v["source_total"], v["engine_total"]) for k, v in homes.items()} == PINNED
    assert len(rows) == len(PINNED) * 5
    code, text, _ = cli("examples", "--variant", "cotton-1674")
    assert code == 0 and "cotton-1674-eldest-count" in text and "overlooks" in text


@pytest.mark.parametrize("example_id, words", [
    ("parlett-hand-1", "48 of 1082900 deals count exactly so"),
    ("parlett-hand-2", "32 of 1082900 deals count exactly so"),
    ("parlett-hand-3", "2D 2H 10D with deck card AH"),
    ("jackson-three-jacks", "60 deals fit; totals: 34 (32 deals), 32 (28 deals)"),
])
def test_recorded_reconstructions_are_what_the_search_finds(example_id, words):
    example = EXAMPLES[example_id]
    outcome = replay(example, profiles.load(example.profile))
    assert words in outcome.details[0]
    recorded = example.found
    for number in ("48", "32", "60", "19"):
        if number in words or (number == "19" and example_id == "parlett-hand-3"):
            assert number in recorded


def test_a_broken_worked_examples_file_is_a_clear_error(tmp_path):
    from costly_variants.errors import CostlyError

    (tmp_path / "bad.yaml").write_text("examples:\n- id: x\n  title: t\n  kind: count\n  profile: cotton-1674\n",
                                      encoding="utf-8")
    with pytest.raises(CostlyError, match=r"bad.yaml: example 'x' lacks 'cite'"):
        load_examples(tmp_path)
    (tmp_path / "bad.yaml").write_text("examples:\n- {id: y, title: t, kind: guess, profile: p, cite: []}\n",
                                      encoding="utf-8")
    with pytest.raises(CostlyError, match="kind 'guess' is not one of"):
        load_examples(tmp_path)
