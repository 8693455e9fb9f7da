"""Exact analysis of every deal of a hand and a deck card: for three cards, 52 x C(51,3) = 1,082,900 deals;
for any size the schema allows (one to four cards: 2,652 to 12,994,800 deals).

A count depends only on the ranks and on the suits relative to the deck card. So the deck card is
fixed to Hearts (the other three suits are its images under colour-preserving renamings, which multiply
every count by 4), the rank part is counted once per multiset of ranks, and the suit part once per
"shape" (which ranks are Jacks, Deuces or the deck card's rank, and how often each occurs).
"""
from __future__ import annotations

import gc
import itertools
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterable, Iterator, Mapping

from ..cards import Card, Rank, Suit, card_of
from ..profiles.rules import Category, CountRules, Rules
from .hand import rank_part, suit_part, suit_role

DECK_SUIT = Suit.HEARTS
HAND_SIZE = 3  # the hands of every bundled profile: three cards held and a deck card
HAND_SIZES = (1, 2, 3, 4)  # every size the schema allows (deal.cards_each), each analysed exactly
SUIT_SYMMETRY = 4  # the deck card's suit can be any of four


def total_deals(cards: int = HAND_SIZE) -> int:
    """Deals of ``cards`` cards held and a deck card: 1,082,900 for three, 12,994,800 for four."""
    return 52 * comb(51, cards)


TOTAL_DEALS = total_deals()  # 1,082,900

_SIZE_WORDS = {1: "one card", 2: "two cards", 3: "three cards", 4: "four cards"}


def deals_described(cards: int = HAND_SIZE) -> str:
    """``all 1,082,900 deals of three cards and a deck card``."""
    return f"all {total_deals(cards):,} deals of {_SIZE_WORDS.get(cards, f'{cards} cards')} and a deck card"


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


# What the suit part sees of one deal of suits: the deck card's role, then the hand's roles sorted.
Roles = tuple[int, ...]
# The deals of suits of one shape that look alike to the suit part: their roles, how many of them there
# are, one of them (for each distinct rank, its cards' suits by place in Suit) and its cards (hand, deck).
RoleClasses = tuple[tuple[Roles, int, tuple[tuple[int, ...], ...], tuple[Card, ...]], ...]
# Points by category (a category may be there with 0 points), and their sum.
Points = tuple[tuple[str, int], ...]


class _Tables:
    """What one analysis counts, each worked out once: the rank part by the four ranks, the suit part by
    the suit roles of the hand (a multiset: a count does not depend on the order of the cards)."""

    def __init__(self, counting: CountRules) -> None:
        self.counting = counting
        self._rank: dict[tuple[int, ...], Summary] = {}
        self._rank_points: dict[tuple[int, ...], tuple[int, Points]] = {}
        self._suit: dict[Roles, Summary] = {}
        self._suit_points: dict[Roles, tuple[int, Points]] = {}

    def rank_summary(self, four: tuple[int, ...]) -> Summary:
        summary = self._rank.get(four)
        if summary is None:
            summary = self._rank[four] = _summary(rank_part(self.counting, four)[0])
        return summary

    def rank_points(self, four: tuple[int, ...]) -> tuple[int, Points]:
        """The rank part's total and its points by category."""
        entry = self._rank_points.get(four)
        if entry is None:
            entry = self._rank_points[four] = _points(rank_part(self.counting, four)[0])
        return entry

    def suit_classes(self, deck_kind: int, shape: Shape) -> SuitClasses:
        """For a shape: each suit summary, how many suit assignments give it, and one such assignment."""
        suits = list(Suit)
        found: dict[Summary, list] = {}
        for roles, n, rep, cards in _role_classes(deck_kind, shape):
            summary = self._suit.get(roles)
            if summary is None:
                summary = self._suit[roles] = _summary(suit_part(self.counting, cards))
            entry = found.setdefault(summary, [0, rep])
            entry[0] += n
        return tuple((summary, n, tuple(tuple(suits[i] for i in places) for places in rep))
                     for summary, (n, rep) in found.items())

    def suit_points(self, deck_kind: int, shape: Shape) -> list[tuple[int, Points, int]]:
        """For a shape: (total, points by category, how many suit assignments) per look-alike class."""
        out = []
        for roles, n, _, cards in _role_classes(deck_kind, shape):
            entry = self._suit_points.get(roles)
            if entry is None:
                entry = self._suit_points[roles] = _points(suit_part(self.counting, cards))
            out.append((*entry, n))
        return out


_NAME = {category: category.value for category in Category}  # an Enum's .value is a slow look-up


def _points(items: Iterable[tuple]) -> tuple[int, Points]:
    seen: dict[str, int] = {}
    for category, _, _, pts, _ in items:
        name = _NAME[category]
        seen[name] = seen.get(name, 0) + pts
    return sum(seen.values()), tuple(seen.items())


@lru_cache(maxsize=None)
def _role_classes(deck_kind: int, shape: Shape) -> RoleClasses:
    """The deals of suits of a shape grouped by what the suit part sees of them; the same for every rule
    set, so worked out once a process."""
    deck = card_of(deck_kind or 5, DECK_SUIT)
    suits = list(Suit)
    options = []  # for each distinct rank, the sets of suits (by place in Suit) its cards may have
    for _, count, same_as_deck in shape:
        allowed = [i for i, s in enumerate(suits) if not (same_as_deck and s == DECK_SUIT)]
        options.append(list(itertools.combinations(allowed, count)))
    # A card stands for its rank's kind (a Jack, a Deuce, or a Five for any other rank) in each suit.
    stand_in = [[card_of(kind or 5, suit) for suit in suits] for kind, _, _ in shape]
    role_of = [[suit_role(card) for card in cards] for cards in stand_in]
    deck_role = suit_role(deck)
    found: dict[Roles, list] = {}
    for assignment in itertools.product(*options):
        roles = (deck_role, *sorted([of[i] for of, places in zip(role_of, assignment) for i in places]))
        entry = found.get(roles)
        if entry is None:
            cards = [of[i] for of, places in zip(stand_in, assignment) for i in places]
            found[roles] = [1, assignment, (*cards, deck)]
        else:
            entry[0] += 1
    return tuple((roles, n, rep, cards) for roles, (n, rep, cards) in found.items())


@dataclass(frozen=True)
class DealClass:
    """Deals alike for counting: ``count`` deals of which ``hand``/``deck`` is one."""

    hand: tuple[Card, ...]
    deck: Card
    count: int
    rank_summary: Summary
    suit_summary: Summary
    ranks: tuple[int, ...]  # all of them (the hand's and the deck card's), sorted

    @property
    def total(self) -> int:
        return sum(p for *_, p in self.rank_summary) + sum(p for *_, p in self.suit_summary)


@lru_cache(maxsize=len(HAND_SIZES))
def _rank_deals(cards: int = HAND_SIZE) -> tuple[tuple[int, tuple[tuple[int, int], ...], Shape, tuple[int, ...]], ...]:
    """Every deal of ranks of ``cards`` cards held, whatever the rules: (deck rank, distinct hand ranks
    with multiplicities, shape, all the ranks sorted). Worked out once for every profile."""
    hands = []  # each multiset of ranks held: its distinct ranks, how often each comes, its shape apart
    for ranks in itertools.combinations_with_replacement(range(1, 14), cards):
        distinct = tuple(sorted(Counter(ranks).items()))
        kinds = [(_kind(r), k, r) for r, k in distinct]
        hands.append((ranks, distinct, kinds, tuple((kind, k, False) for kind, k, _ in kinds)))
    out = []
    for deck_rank in range(1, 14):
        for ranks, distinct, kinds, apart in hands:
            if ranks.count(deck_rank) == 4:  # five of a rank: no deck holds them
                continue
            shape = tuple([(kind, k, r == deck_rank) for kind, k, r in kinds]) if deck_rank in ranks else apart
            out.append((deck_rank, distinct, shape, tuple(sorted((*ranks, deck_rank)))))
    return tuple(out)


@lru_cache(maxsize=len(HAND_SIZES))
def _by_shape(cards: int = HAND_SIZE) -> tuple[tuple[int, Shape, tuple[tuple[int, ...], ...]], ...]:
    """The deals of ranks grouped by what the suit part sees of them: (deck card's kind, shape, the ranks
    of each deal of ranks with that shape)."""
    groups: dict[tuple[int, Shape], list[tuple[int, ...]]] = {}
    for deck_rank, _, shape, four in _rank_deals(cards):
        groups.setdefault((_kind(deck_rank), shape), []).append(four)
    return tuple((deck_kind, shape, tuple(fours)) for (deck_kind, shape), fours in groups.items())


def _iter_groups(tables: _Tables, cards: int) -> Iterator[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...],
                                                                Summary, SuitClasses]]:
    """(deck rank, distinct hand ranks with multiplicities, all the ranks sorted, rank summary, suit
    classes) for every deal of ranks."""
    for deck_rank, distinct, shape, four in _rank_deals(cards):
        yield deck_rank, distinct, four, tables.rank_summary(four), tables.suit_classes(_kind(deck_rank), shape)


def _counting(rules: Rules | CountRules) -> CountRules:
    return rules.counting if isinstance(rules, Rules) else rules


def iter_classes(rules: Rules | CountRules, cards: int = HAND_SIZE) -> Iterator[DealClass]:
    """Every deal of ``cards`` cards and a deck card, grouped into classes that count alike; the counts
    sum to ``total_deals(cards)`` (1,082,900 for three)."""
    for deck_rank, distinct, four, rank_summary, suit_classes in _iter_groups(_Tables(_counting(rules)), cards):
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


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for a while. The analysis makes tens of thousands of tuples and
    no cycles, and in a fresh process each collection walks every object the imports made: a fifth of
    the analysis's time went on collections that could free nothing."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def analyse_hands(rules: Rules) -> HandAnalysis:
    """The exact distribution of the count over every deal of the profile's hand size (``deal.cards_each``)
    and a deck card, and each category's share of it.

    Deals are taken a shape at a time: within a shape every deal of ranks meets the same suit classes,
    so the rank part and the suit part are tallied apart and combined per shape, not per deal.
    """
    with _collector_paused():
        return _analyse_hands(rules)


def _analyse_hands(rules: Rules) -> HandAnalysis:
    tables = _Tables(_counting(rules))
    distribution: Counter[int] = Counter()
    category_deals: Counter[str] = Counter()
    category_points: Counter[str] = Counter()
    for deck_kind, shape, fours in _by_shape(rules.cards_each):
        suit_sides = tables.suit_points(deck_kind, shape)
        # Many deals of ranks of a shape count alike: each rank side once, with how many deals have it.
        rank_sides = Counter(map(tables.rank_points, fours))
        # The two parts score different categories (``rank_part``: points, thirty-one, pairs, sequences;
        # ``suit_part``: Jacks, Deuces, colours), so each part's categories count once per deal of the other.
        assignments = sum(n for *_, n in suit_sides) * SUIT_SYMMETRY  # deals of suits per deal of ranks
        ranks_by_total: Counter[int] = Counter()
        for (total, seen), how_many in rank_sides.items():
            ranks_by_total[total] += how_many
            for cat, pts in seen:
                category_deals[cat] += how_many * assignments
                category_points[cat] += pts * how_many * assignments
        for suit_total, seen, n in suit_sides:
            deals = n * SUIT_SYMMETRY * len(fours)
            for rank_total, how_many in ranks_by_total.items():
                distribution[rank_total + suit_total] += how_many * n * SUIT_SYMMETRY
            for cat, pts in seen:
                category_deals[cat] += deals
                category_points[cat] += pts * deals
    return from_tallies(distribution, {c.value: category_deals.get(c.value, 0) for c in rules.declaration_order},
                        {c.value: category_points.get(c.value, 0) for c in rules.declaration_order})


def from_tallies(distribution: Mapping[int, int], category_deals: Mapping[str, int],
                 category_points: Mapping[str, int]) -> HandAnalysis:
    """The analysis whose counts these are: how many deals count each total, and for each category (in
    the profile's declaration order) how many deals score it and its points over all deals."""
    deals = sum(distribution.values())
    maximum = max(distribution)
    return HandAnalysis(
        deals=deals, distribution=dict(sorted(distribution.items())),
        mean=sum(t * n for t, n in distribution.items()) / deals, maximum=maximum,
        impossible=tuple(t for t in range(maximum + 1) if t not in distribution),
        zero_share=distribution.get(0, 0) / deals,
        category_deals=dict(category_deals), category_points=dict(category_points))
