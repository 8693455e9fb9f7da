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
from .hand import rank_part, suit_part, suit_role

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


def _summary(items) -> Summary:
    return tuple(sorted((cat.value, _label(cat, name), pts) for cat, name, _, pts, _ in items))


# One shape: (kind, multiplicity, same rank as the deck card) for each distinct rank in the hand.
Shape = tuple[tuple[int, int, bool], ...]
SuitClasses = tuple[tuple[Summary, int, tuple[tuple[Suit, ...], ...]], ...]


class _Tables:
    """What one analysis counts, each worked out once: the rank part by the four ranks, the suit part by
    the suit roles of the hand (a multiset: a summary does not depend on the order of the cards)."""

    def __init__(self, counting: CountRules) -> None:
        self.counting = counting
        self._rank: dict[tuple[int, ...], Summary] = {}
        self._rank_points: dict[tuple[int, ...], dict[str, int]] = {}
        self._classes: dict[tuple[int, Shape], SuitClasses] = {}
        self._by_roles: dict[tuple[int, ...], Summary] = {}

    def rank_summary(self, four: tuple[int, ...]) -> Summary:
        summary = self._rank.get(four)
        if summary is None:
            summary = self._rank[four] = _summary(rank_part(self.counting, four)[0])
        return summary

    def rank_points(self, four: tuple[int, ...]) -> dict[str, int]:
        """The rank part's points by category (shared: callers must not change it)."""
        points = self._rank_points.get(four)
        if points is None:
            points = self._rank_points[four] = _points_by_category(self.rank_summary(four))
        return points

    def suit_classes(self, deck_kind: int, shape: Shape) -> SuitClasses:
        """For a shape: each suit summary, how many suit assignments give it, and one such assignment."""
        classes = self._classes.get((deck_kind, shape))
        if classes is None:
            classes = self._classes[deck_kind, shape] = self._suit_classes(deck_kind, shape)
        return classes

    def _suit_classes(self, deck_kind: int, shape: Shape) -> SuitClasses:
        deck = card_of(deck_kind or 5, DECK_SUIT)
        suits = list(Suit)
        options = []  # for each distinct rank, the sets of suits (by place in Suit) its cards may have
        for _, count, same_as_deck in shape:
            allowed = [i for i, s in enumerate(suits) if not (same_as_deck and s == DECK_SUIT)]
            options.append(list(itertools.combinations(allowed, count)))
        found: dict[Summary, list] = {}
        # A card stands for its rank's kind (a Jack, a Deuce, or a Five for any other rank) in each suit.
        stand_in = [[card_of(kind or 5, suit) for suit in suits] for kind, _, _ in shape]
        deck_role = suit_role(deck)
        for assignment in itertools.product(*options):
            cards = [cards_of[i] for cards_of, places in zip(stand_in, assignment) for i in places]
            roles = (deck_role, *sorted([suit_role(c) for c in cards]))
            summary = self._by_roles.get(roles)
            if summary is None:
                summary = self._by_roles[roles] = _summary(suit_part(self.counting, (*cards, deck)))
            entry = found.setdefault(summary, [0, assignment])
            entry[0] += 1
        return tuple((summary, n, tuple(tuple(suits[i] for i in places) for places in rep))
                     for summary, (n, rep) in found.items())


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


@lru_cache(maxsize=1)
def _rank_deals() -> tuple[tuple[int, tuple[tuple[int, int], ...], Shape, tuple[int, ...]], ...]:
    """Every deal of ranks, whatever the rules: (deck rank, distinct hand ranks with multiplicities, shape,
    the four ranks sorted). Worked out once for every profile."""
    hands = []  # each multiset of three ranks: its distinct ranks, how often each comes, its shape apart
    for ranks in itertools.combinations_with_replacement(range(1, 14), 3):
        distinct = tuple(sorted(Counter(ranks).items()))
        kinds = [(_kind(r), k, r) for r, k in distinct]
        hands.append((ranks, distinct, kinds, tuple((kind, k, False) for kind, k, _ in kinds)))
    out = []
    for deck_rank in range(1, 14):
        for (a, b, c), distinct, kinds, apart in hands:
            shape = tuple([(kind, k, r == deck_rank) for kind, k, r in kinds]) if deck_rank in (a, b, c) else apart
            # the four ranks sorted: the deck card's put in its place among the hand's (already sorted)
            four = ((deck_rank, a, b, c) if deck_rank <= a else (a, deck_rank, b, c) if deck_rank <= b
                    else (a, b, deck_rank, c) if deck_rank <= c else (a, b, c, deck_rank))
            out.append((deck_rank, distinct, shape, four))
    return tuple(out)


@lru_cache(maxsize=1)
def _by_shape() -> tuple[tuple[int, Shape, tuple[tuple[int, ...], ...]], ...]:
    """The deals of ranks grouped by what the suit part sees of them: (deck card's kind, shape, the four
    ranks of each deal of ranks with that shape)."""
    groups: dict[tuple[int, Shape], list[tuple[int, ...]]] = {}
    for deck_rank, _, shape, four in _rank_deals():
        groups.setdefault((_kind(deck_rank), shape), []).append(four)
    return tuple((deck_kind, shape, tuple(fours)) for (deck_kind, shape), fours in groups.items())


def _iter_groups(tables: _Tables) -> Iterator[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], Summary,
                                                   SuitClasses]]:
    """(deck rank, distinct hand ranks with multiplicities, the four ranks sorted, rank summary, suit
    classes) for every deal of ranks."""
    for deck_rank, distinct, shape, four in _rank_deals():
        yield deck_rank, distinct, four, tables.rank_summary(four), tables.suit_classes(_kind(deck_rank), shape)


def _counting(rules: Rules | CountRules) -> CountRules:
    return rules.counting if isinstance(rules, Rules) else rules


def iter_classes(rules: Rules | CountRules) -> Iterator[DealClass]:
    """Every deal, grouped into classes that count alike; the counts sum to 1,082,900."""
    for deck_rank, distinct, four, rank_summary, suit_classes in _iter_groups(_Tables(_counting(rules))):
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


def _points_by_category(summary: Summary) -> dict[str, int]:
    """Each category in a summary and its points (a category may score 0 and still be there)."""
    seen: dict[str, int] = {}
    for cat, _, pts in summary:
        seen[cat] = seen.get(cat, 0) + pts
    return seen


def analyse_hands(rules: Rules) -> HandAnalysis:
    """The exact distribution of the count over every deal, and each category's share of it.

    Deals are taken a shape at a time: within a shape every deal of ranks meets the same suit classes,
    so the rank part and the suit part are tallied apart and combined per shape, not per deal.
    """
    tables = _Tables(_counting(rules))
    distribution: Counter[int] = Counter()
    category_deals: Counter[str] = Counter()
    category_points: Counter[str] = Counter()
    for deck_kind, shape, fours in _by_shape():
        classes = [(_points_by_category(summary), n) for summary, n, _ in tables.suit_classes(deck_kind, shape)]
        assignments = sum(n for _, n in classes) * SUIT_SYMMETRY  # deals of suits for each deal of ranks
        ranks_by_total: Counter[int] = Counter()
        rank_sides = [tables.rank_points(four) for four in fours]
        suit_categories = {cat for seen, _ in classes for cat in seen}
        if any(cat in suit_categories for seen in rank_sides for cat in seen):
            _tally_pairs(rank_sides, classes, distribution, category_deals, category_points)
            continue
        # The two parts score different categories: each part's categories count once per deal of the other.
        for seen in rank_sides:
            ranks_by_total[sum(seen.values())] += 1
            for cat, pts in seen.items():
                category_deals[cat] += assignments
                category_points[cat] += pts * assignments
        for seen, n in classes:
            deals = n * SUIT_SYMMETRY * len(fours)
            suit_total = sum(seen.values())
            for rank_total, how_many in ranks_by_total.items():
                distribution[rank_total + suit_total] += how_many * n * SUIT_SYMMETRY
            for cat, pts in seen.items():
                category_deals[cat] += deals
                category_points[cat] += pts * deals
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


def _tally_pairs(rank_sides: list[dict[str, int]], classes: list[tuple[dict[str, int], int]],
                 distribution: Counter[int], category_deals: Counter[str], category_points: Counter[str]) -> None:
    """Every (deal of ranks, suit class) pair of a shape, for rules under which a category can score in
    both parts of one count (and so must be counted once per deal, not once per part)."""
    for rank_seen in rank_sides:
        for suit_seen, n in classes:
            count = n * SUIT_SYMMETRY
            seen = dict(rank_seen)
            for cat, pts in suit_seen.items():
                seen[cat] = seen.get(cat, 0) + pts
            distribution[sum(seen.values())] += count
            for cat, pts in seen.items():
                category_deals[cat] += count
                category_points[cat] += pts * count
