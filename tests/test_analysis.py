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
    assert "  41 (the hitter's total) " in out and "thirty-one" not in out
    code, out, _ = cli("analyse", "hands", "--variant", "parlett-121")
    assert "  thirty-one " in out and "thirty-one (" not in out


# -- every hand size the schema allows ---------------------------------------------------------------------

def _dealing(profile_id: str, cards: int):
    """A bundled profile's rules, dealing ``cards`` cards each (as a house profile may: deal.cards_each)."""
    import dataclasses

    return dataclasses.replace(profiles.load(profile_id).rules, cards_each=cards)


@pytest.mark.parametrize("cards", [1, 2])
@pytest.mark.parametrize("profile_id", ["cotton-1674", "parlett-121"])
def test_small_hands_are_analysed_exactly_as_counting_every_deal_does(profile_id, cards):
    from costly_variants.count.analysis import total_deals
    from costly_variants.count.hand import count_total

    rules = _dealing(profile_id, cards)
    brute: Counter[int] = Counter()
    for deck in FULL_DECK:
        rest = [c for c in FULL_DECK if c != deck]
        brute.update(count_total(rules, hand, deck) for hand in itertools.combinations(rest, cards))
    result = analyse_hands(rules)
    assert result.deals == total_deals(cards) == sum(brute.values()) == {1: 2652, 2: 66_300}[cards]
    assert dict(result.distribution) == dict(brute)


@pytest.mark.parametrize("profile_id", ["cotton-1674", "parlett-121"])
def test_four_card_hands_are_analysed_exactly(profile_id):
    """All 12,994,800 deals of four cards and a deck card, each class checked against counting its own
    cards, and one deck card's 249,900 hands counted one by one. (All 52 deck cards, counted one by one,
    give the same distribution: 40 s, checked when the analysis was extended to four cards.)"""
    from costly_variants.count.analysis import total_deals
    from costly_variants.count.hand import count_total

    rules = _dealing(profile_id, 4)
    result = analyse_hands(rules)
    assert result.deals == total_deals(4) == 12_994_800 == sum(result.distribution.values())
    deck = Card(Rank.JACK, Suit.HEARTS)
    rest = [c for c in FULL_DECK if c != deck]
    brute = Counter(count_total(rules, hand, deck) for hand in itertools.combinations(rest, 4))
    fast: Counter[int] = Counter()
    classes = 0
    for cls in iter_classes(rules, 4):
        classes += cls.count
        if cls.deck == deck:
            fast[cls.total] += cls.count // 4
        if cls.count % 997 == 0 or cls.total == result.maximum:  # a spread of them itemised in full
            assert score_hand(rules, cls.hand, cls.deck).total == cls.total
    assert classes == 12_994_800 and fast == brute
    assert result.mean > analyse_hands(profiles.load(profile_id).rules).mean  # five cards count more than four


def test_analyse_hands_and_score_take_a_four_card_house_profile(cli, tmp_path):
    """A house profile that deals four cards plays and compares: it is counted and analysed too."""
    house = tmp_path / "four.yaml"
    house.write_text("id: four-card-house\ntitle: Parlett with four cards each\nextends: parlett-121\nrules:\n"
                     "  deal:\n    cards_each: {value: 4, status: editorial, cite: [], note: four cards each}\n",
                     encoding="utf-8")
    code, out, err = cli("analyse", "hands", "--variant", str(house))
    assert code == 0, err
    assert out.startswith("four-card-house: all 12,994,800 deals of four cards and a deck card\n")
    code, out, _ = cli("analyse", "hands", "--variant", str(house), "--json")
    assert json_of(out)["deals"] == 12_994_800
    code, out, err = cli("score", "5H", "5D", "10H", "4C", "--deck", "KH", "--variant", str(house), "--json")
    assert code == 0, err
    expected = score_hand(profiles.load(str(house)).rules, ["5H", "5D", "10H", "4C"], "KH")
    assert json_of(out)["total"] == expected.total and len(json_of(out)["items"]) == len(expected.items)
    code, out, err = cli("score", "5H", "5D", "10H", "--deck", "KH", "--variant", str(house))
    assert code == 2 and "four-card-house deals four cards; give 4" in err and len(err.splitlines()) == 1
    code, _, err = cli("score", "5H", "5D", "10H", "4C", "--deck", "KH")
    assert code == 2 and "the bundled profiles deal three cards" in err and "--variant" in err


def json_of(text: str):  # type: ignore[no-untyped-def]
    import json

    return json.loads(text)


def test_a_moved_limit_names_the_hands_total_by_its_number(cli, tmp_path):
    """Limit 41: the count of cards adding up to it is "41 (the hitter's total)", never "thirty-one"."""
    from costly_variants.cli.games import say

    house = tmp_path / "house-41.yaml"
    house.write_text("id: house-41\ntitle: Parlett, play to 41\nextends: parlett-121\nrules:\n  play:\n"
                     "    limit: {value: 41, status: editorial, cite: [], note: a house limit}\n", encoding="utf-8")
    code, out, err = cli("score", "AH", "KH", "QH", "--deck", "JH", "--variant", str(house))
    assert code == 0, err
    assert "41 (the hitter's" in out and "thirty-one" not in out
    assert say(4, "41") == "forty-one four" and say(4, "thirty-one") == "thirty-one four"
