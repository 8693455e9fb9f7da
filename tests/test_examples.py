"""The sources' worked examples, pinned with their discrepancies."""
from __future__ import annotations

import json

import pytest

from costly_variants import profiles
from costly_variants.cards import Card
from costly_variants.worked_examples.replay import ReplayError, load_examples, play_points, replay, replay_all
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
    "parlett-play-prial": (14, 14),
    "parlett-sequence-a23": (3, 3),
    "parlett-sequence-qka": (0, 0),
    "wikipedia-seven-five-three": (3, 3),
    "wikipedia-sequence-a3524": (10, 10),
    "wikipedia-go-at-23": (1, 1),
    "wikipedia-two-jacks": (6, 6),
    "wikipedia-two-jacks-one-right": (8, 8),
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
    assert scored[5][2] == ["for the latter 1"]


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


def test_plays_are_replayed_through_the_engine_itself():
    """The engine decides the go: a record in which a player says go while he could play is refused."""
    example = EXAMPLES["wikipedia-go-at-23"]
    rules = profiles.load("eddowes-burne-1874").rules
    scored = play_points(rules, example.plays, example.deck, example.hands)
    assert [n for _, _, n in scored][2] == ["for the go 1"]
    playable = tuple((name, tuple(c for c in cards if str(c) != "QD") + (Card.from_str("7D"),))
                     if name == "dealer" else (name, cards) for name, cards in example.hands)
    with pytest.raises(ReplayError, match="dealer could still play at 23"):
        play_points(rules, example.plays, example.deck, playable)


def test_the_go_or_the_latter_pays_the_elder_one_point_at_23():
    """Jackson's go and Parlett's latter: one point to the same player, with different cards."""
    example = EXAMPLES["wikipedia-go-at-23"]
    for profile_id, where in (("eddowes-burne-1874", 2), ("parlett-121", 3)):
        scored = play_points(profiles.load(profile_id).rules, example.plays, example.deck, example.hands)
        assert [p for _, p, _ in scored] == [1 if i == where else 0 for i in range(4)], profile_id


def test_q_k_a_scores_under_a_house_rule_that_lets_the_ace_be_high(house):
    path = house("parlett-121", {"cards.ace_in_sequence": "high-or-low"})
    outcome = replay(EXAMPLES["parlett-sequence-qka"], profiles.load(str(path)))
    assert outcome.engine == 3 and "AH by Annie: 0 in the source, 3 here (sequence 3)" in outcome.reason


def test_a_two_hand_play_is_not_played_with_four():
    outcome = replay(EXAMPLES["parlett-play"], profiles.load("eddowes-burne-1874-partners"))
    assert outcome.engine is None and "two-hand play" in outcome.reason
