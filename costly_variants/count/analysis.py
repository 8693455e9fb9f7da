"""Exact analysis of every deal of three cards and a deck card (52 x C(51,3) / ... = 1,082,900 deals).

A count depends only on the four ranks and on the suits relative to the deck card. So the deck card is
fixed to Hearts (the other three suits are its images under colour-preserving renamings, which multiply
every count by 4), the rank part is counted once per multiset of ranks, and the suit part once per
"shape" (which ranks are Jacks, Deuces or the deck card's rank, and how often each occurs).
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterator, Mapping

from ..cards import Card, Rank, Suit, card_of
from ..errors import CostlyError
from ..profiles.rules import Category, CountRules, Rules
from .hand import rank_part, suit_part

DECK_SUIT = Suit.HEARTS
HAND_SIZE = 3  # the deals this module enumerates: three cards held and a deck card


class HandSizeError(CostlyError):
    """A profile whose hands are not the size that exact analysis and batch scoring count."""


def require_hand_size(rules: Rules, profile_id: str) -> None:
    """Refuse a profile whose ``deal.cards_each`` is not the three cards counted here."""
    if rules.cards_each != HAND_SIZE:
        raise HandSizeError(f"{profile_id}: deal.cards_each is {rules.cards_each}, but exact analysis and "
                            f"batch scoring count hands of {HAND_SIZE} cards and a deck card only")
SUIT_SYMMETRY = 4  # the deck card's suit can be any of four
TOTAL_DEALS = 52 * comb(51, 3)  # 1,082,900

# A summary of one side of a count: (category, label, points) per item, sorted.
Summary = tuple[tuple[str, str, int], ...]


def _kind(rank: int) -> int:
    """What the suit part can see of a rank: Jack, Deuce, or neither."""
    return rank if rank in (Rank.JACK, Rank.TWO) else 0


def _label(category: Category, name: str) -> str:
    return name if category in (Category.POINTS, Category.THIRTY_ONE) else category.value


@lru_cache(maxsize=None)
def _rank_summary(rules: CountRules, ranks: tuple[int, ...]) -> Summary:
    items, _ = rank_part(rules, ranks)
    return _summary(items)


def _summary(items) -> Summary:
    return tuple(sorted((cat.value, _label(cat, name), pts) for cat, name, _, pts, _ in items))


@lru_cache(maxsize=None)
def _suit_classes(rules: CountRules, deck_kind: int, shape: tuple[tuple[int, int, bool], ...]
                  ) -> tuple[tuple[Summary, int, tuple[tuple[Suit, ...], ...]], ...]:
    """For a shape (kind, multiplicity, same rank as deck) per distinct hand rank: each suit summary,
    how many suit assignments give it, and one such assignment."""
    deck = Card(Rank(deck_kind or 5), DECK_SUIT)
    options = []
    for _, count, same_as_deck in shape:
        suits = [s for s in Suit if not (same_as_deck and s == DECK_SUIT)]
        options.append(list(itertools.combinations(suits, count)))
    found: dict[Summary, list] = {}
    for assignment in itertools.product(*options):
        cards = [Card(Rank(kind or 5), suit) for (kind, _, _), suits in zip(shape, assignment) for suit in suits]
        items = suit_part(rules, (*cards, deck))
        summary = _summary(items)
        entry = found.setdefault(summary, [0, assignment])
        entry[0] += 1
    return tuple((summary, n, rep) for summary, (n, rep) in found.items())


@dataclass(frozen=True)
class DealClass:
    """Deals alike for counting: ``count`` deals of which ``hand``/``deck`` is one."""

    hand: tuple[Card, ...]
    deck: Card
    count: int
    rank_summary: Summary
    suit_summary: Summary
    ranks: tuple[int, ...]  # all four, sorted

    @property
    def total(self) -> int:
        return sum(p for *_, p in self.rank_summary) + sum(p for *_, p in self.suit_summary)


def _iter_groups(rules: CountRules) -> Iterator[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], Summary, tuple]]:
    """(deck rank, distinct hand ranks with multiplicities, the four ranks sorted, rank summary, suit
    classes) for every deal of ranks."""
    for deck_rank in range(1, 14):
        for ranks in itertools.combinations_with_replacement(range(1, 14), 3):
            distinct = tuple(sorted(Counter(ranks).items()))
            if any(r == deck_rank and k == 4 for r, k in distinct):
                continue
            shape = tuple((_kind(r), k, r == deck_rank) for r, k in distinct)
            four = tuple(sorted((*ranks, deck_rank)))
            yield deck_rank, distinct, four, _rank_summary(rules, four), _suit_classes(rules, _kind(deck_rank), shape)


def _counting(rules: Rules | CountRules) -> CountRules:
    return rules.counting if isinstance(rules, Rules) else rules


def iter_classes(rules: Rules | CountRules) -> Iterator[DealClass]:
    """Every deal, grouped into classes that count alike; the counts sum to 1,082,900."""
    for deck_rank, distinct, four, rank_summary, suit_classes in _iter_groups(_counting(rules)):
        deck = card_of(deck_rank, DECK_SUIT)
        for suit_summary, n, rep in suit_classes:
            hand = tuple(card_of(r, s) for (r, _), suits in zip(distinct, rep) for s in suits)
            yield DealClass(hand, deck, n * SUIT_SYMMETRY, rank_summary, suit_summary, four)


@dataclass(frozen=True)
class HandAnalysis:
    deals: int
    distribution: Mapping[int, int]
    mean: float
    maximum: int
    impossible: tuple[int, ...]
    zero_share: float
    category_deals: Mapping[str, int]
    category_points: Mapping[str, int]

    def as_dict(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "mean": round(self.mean, 6), "maximum": self.maximum, "impossible_totals": list(self.impossible),
            "cocks_nest_share": round(self.zero_share, 6),
            "category_deals": dict(self.category_deals), "category_points": dict(self.category_points),
        }


def analyse_hands(rules: Rules) -> HandAnalysis:
    distribution: Counter[int] = Counter()
    category_deals: Counter[str] = Counter()
    category_points: Counter[str] = Counter()
    # Deals are first tallied by (rank summary, suit summary): far fewer pairs than deal classes.
    tally: Counter[tuple[Summary, Summary]] = Counter()
    for _, _, _, rank_summary, suit_classes in _iter_groups(_counting(rules)):
        for suit_summary, n, _ in suit_classes:
            tally[rank_summary, suit_summary] += n * SUIT_SYMMETRY
    for (rank_summary, suit_summary), count in tally.items():
        items = rank_summary + suit_summary
        distribution[sum(p for *_, p in items)] += count
        seen: dict[str, int] = {}
        for cat, _, pts in items:
            seen[cat] = seen.get(cat, 0) + pts
        for cat, pts in seen.items():
            category_deals[cat] += count
            category_points[cat] += pts * count
    deals = sum(distribution.values())
    maximum = max(distribution)
    order = [c.value for c in rules.declaration_order]
    return HandAnalysis(
        deals=deals, distribution=dict(sorted(distribution.items())),
        mean=sum(t * n for t, n in distribution.items()) / deals, maximum=maximum,
        impossible=tuple(t for t in range(maximum + 1) if t not in distribution),
        zero_share=distribution.get(0, 0) / deals,
        category_deals={c: category_deals.get(c, 0) for c in order},
        category_points={c: category_points.get(c, 0) for c in order})
