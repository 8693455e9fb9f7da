"""Exact analysis, checked against counting every deal one by one."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from costly_variants import profiles
from costly_variants.count.analysis import TOTAL_DEALS, analyse_hands, iter_classes
from costly_variants.cards import FULL_DECK, Card, Rank, Suit
from costly_variants.count.hand import score_hand

BUNDLED = ["cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_every_deal_is_counted_once(profile_id):
    result = analyse_hands(profiles.load(profile_id).rules)
    assert result.deals == TOTAL_DEALS == 1_082_900
    assert sum(result.distribution.values()) == TOTAL_DEALS
    assert result.maximum == max(result.distribution)
    assert all(t not in result.distribution for t in result.impossible)
    assert 0 < result.zero_share < 1


@pytest.mark.parametrize("profile_id", ["cotton-1674", "parlett-121"])
@pytest.mark.parametrize("deck_rank", [Rank.ACE, Rank.TWO, Rank.JACK])
def test_classes_agree_with_scoring_every_hand(profile_id, deck_rank):
    rules = profiles.load(profile_id).rules
    deck = Card(deck_rank, Suit.HEARTS)
    rest = [c for c in FULL_DECK if c != deck]
    brute = Counter(score_hand(rules, hand, deck).total for hand in itertools.combinations(rest, 3))
    fast: Counter[int] = Counter()
    for cls in iter_classes(rules):
        if cls.deck == deck:
            fast[cls.total] += cls.count // 4
            assert score_hand(rules, cls.hand, cls.deck).total == cls.total
    assert fast == brute


def test_profiles_differ_in_their_distributions():
    cotton = analyse_hands(profiles.load("cotton-1674").rules)
    parlett = analyse_hands(profiles.load("parlett-121").rules)
    assert cotton.mean < parlett.mean
    assert cotton.category_deals["thirty-one"] < parlett.category_deals["thirty-one"]
    # Cotton's flat 4 for a whole hand of 31 is rarer than Parlett's 31 of any cards.
    assert cotton.maximum == parlett.maximum == 34


def test_analyse_cli_json(cli):
    import json

    code, out, _ = cli("analyse", "hands", "--variant", "parlett-121", "--json")
    data = json.loads(out)
    assert code == 0
    assert sum(data["distribution"].values()) == 1_082_900
    assert {"mean", "maximum", "impossible_totals", "cocks_nest_share", "category_deals"} <= set(data)


def test_the_hands_thirty_one_is_headed_by_the_limit_a_house_profile_sets(cli, tmp_path):
    house = tmp_path / "house-41.yaml"
    house.write_text("id: house-41\ntitle: Parlett, play to 41\nyear: 2026\nextends: parlett-121\nrules:\n  play:\n"
                     "    limit: {value: 41, status: editorial, cite: [parlett-web#hand-scores], note: a house limit}\n",
                     encoding="utf-8")
    code, out, err = cli("analyse", "hands", "--variant", str(house))
    assert code == 0, err
    assert "  thirty-one (41) " in out
    code, out, _ = cli("analyse", "hands", "--variant", "parlett-121")
    assert "  thirty-one " in out and "thirty-one (" not in out
