"""Counting a hand: the three cards held plus the deck card, itemised, each item citing its rule.

The count splits into a part that depends only on the four ranks (points, thirty-one, pairs, and the
Aces' values) and a part that depends on suits relative to the deck card (Jacks, Deuces, colours).
The rank part is cached by the sorted ranks, which is what makes exact analysis and batch scoring fast.
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Collection, Iterable, NamedTuple, Sequence

from ..cards import FULL_DECK, Card, CardGroups, Rank, Suit, parse_cards
from ..errors import CardError
from ..profiles.rules import AceInSequence, Category, CountRules, Match, PairMatch, PerRules, Rules, ThirtyOne

if TYPE_CHECKING:
    from ..profiles.loader import Profile

POINT_NAMES = {15: "fifteen", 25: "twenty-five", 30: "thirty", 31: "thirty-one"}


def hand_total_label(limit: int) -> str:
    """The category of cards that add up to the play's limit, as a person reads it: "thirty-one", or where
    a house profile moves the limit, the total and what it is ("41 (the hitter's total)"), never
    "thirty-one" for a count that is not 31."""
    return "thirty-one" if limit == 31 else f"{limit} (the hitter's total)"
GROUP_NAMES = {2: "pair", 3: "prial", 4: "double prial"}


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: what it is, the cards in it, its points, and the rule behind it."""

    category: Category
    name: str
    cards: tuple[Card, ...]
    points: int
    rule: str
    cite: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"category": self.category.value, "name": self.name, "cards": [str(c) for c in self.cards],
                "points": self.points, "rule": self.rule, "cite": list(self.cite)}


@dataclass(frozen=True)
class HandScore:
    items: tuple[ScoreItem, ...]
    total: int
    ace_values: tuple[tuple[Card, int], ...]
    cocks_nest: bool

    def as_dict(self) -> dict[str, object]:
        return {"total": self.total, "items": [i.as_dict() for i in self.items],
                "ace_values": {str(c): v for c, v in self.ace_values}, "cocks_nest": self.cocks_nest}


# A rank-part item: category, name, positions (into the four cards sorted by rank), points, rule key.
RankItem = tuple[Category, str, tuple[int, ...], int, str]
# A suit-part item: the same, with positions into the four cards as given (hand..., deck).
SuitItem = RankItem

_SUBSETS = {n: [s for k in range(1, n + 1) for s in itertools.combinations(range(n), k)] for n in range(1, 6)}
# The subsets of two or more cards with their bit masks (bit i: card i), in the order of _SUBSETS.
_SEVERAL = {n: [(s, sum(1 << i for i in s)) for s in subsets if len(s) > 1] for n, subsets in _SUBSETS.items()}


def is_sequence(ace_rule: AceInSequence, ranks: Sequence[int]) -> bool:
    """Whether ``ranks`` are all different and consecutive, the Ace low (or high, where the rule lets it)."""
    n = len(ranks)
    if len(set(ranks)) != n:
        return False
    span = len(ranks) - 1
    if max(ranks) - min(ranks) == span:
        return True
    if ace_rule is AceInSequence.HIGH_OR_LOW and 1 in ranks:
        high = [14 if r == 1 else r for r in ranks]
        return max(high) - min(high) == span
    return False


def alike(pair_match: PairMatch, rank: int) -> int:
    """What a rank is for pairs: itself, or one kind for every court where courts are alike."""
    if pair_match is PairMatch.COURTS_ALIKE and rank > 10:
        return 100  # every court card is "of a sort"
    return rank


def _sequences(rules: CountRules, ranks: tuple[int, ...]) -> list[RankItem]:
    found = [s for s in _SUBSETS[len(ranks)]
             if len(s) >= rules.sequence_min and is_sequence(rules.ace_in_sequence, [ranks[i] for i in s])]
    if rules.contained_not_counted:
        found = [s for s in found if not any(set(s) < set(t) for t in found)]
    return [(Category.SEQUENCES, "sequence", s, len(s), "count.sequences") for s in found]


# Bounded: a long run of many house rule sets (the fuzzer, a study) would otherwise keep them all.
@lru_cache(maxsize=1 << 16)
def rank_part(rules: CountRules, ranks: tuple[int, ...]) -> tuple[tuple[RankItem, ...], tuple[int, ...]]:
    """Points, thirty-one and pairs for sorted ``ranks``; returns the items and each card's Ace value."""
    court = rules.court_value
    plain = tuple([(court if r > 10 else r,) for r in ranks])  # each card's value, an Ace's still open
    best: tuple[int, tuple[RankItem, ...], tuple[int, ...]] | None = None
    if 1 not in ranks:
        point_items, total = _point_items(rules, plain)
        best = (total, point_items, tuple([value for value, in plain]))
    elif rules.one_value_per_ace:
        aces = [i for i, r in enumerate(ranks) if r == 1]
        for choice in itertools.product(rules.ace_values, repeat=len(aces)):
            ace_of = dict(zip(aces, choice))
            values = tuple([ace_of[i] if r == 1 else plain[i][0] for i, r in enumerate(ranks)])
            point_items, total = _point_items(rules, tuple([(v,) for v in values]))
            if best is None or total > best[0]:
                best = (total, point_items, values)
    else:
        # Each combination may take each Ace at whichever value suits it.
        options = tuple([rules.ace_values if r == 1 else plain[i] for i, r in enumerate(ranks)])
        point_items, total = _point_items(rules, options)
        best = (total, point_items, tuple(0 for _ in ranks))
    assert best is not None
    _, point_items, values = best
    items = list(point_items)
    items.extend(_groups(rules, ranks))
    if rules.count_sequences:
        items.extend(_sequences(rules, ranks))
    ace_values = tuple([values[i] if r == 1 else 0 for i, r in enumerate(ranks)])
    return tuple(items), ace_values


@lru_cache(maxsize=1 << 14)
def _point_items(rules: CountRules, options: tuple[tuple[int, ...], ...]) -> tuple[tuple[RankItem, ...], int]:
    """The points and thirty-one items of cards whose values may be ``options`` (a value or several per
    card; positions into the cards sorted by rank), and their points. Many ranks share a value (the
    courts), so this is worked out for fewer keys than ``rank_part``."""
    n = len(options)
    # The hand's "thirty-one" is the play's limit, whatever a house profile makes it.
    limit = rules.play_limit
    limit_name = POINT_NAMES.get(limit) or str(limit)
    several = _SEVERAL[n]  # (subset, its bit mask) for every subset of two or more cards, in order
    # sums[mask]: the totals the cards in ``mask`` can make (bit i of a mask is card i)
    sums: list[Collection[int]]
    if all(len(values_of_card) == 1 for values_of_card in options):
        single = [0]
        for (value,) in options:
            single += [x + value for x in single]
        sums = [(x,) for x in single]
    else:
        sums = [{0}]
        for values_of_card in options:
            sums += [{x + v for x in made for v in values_of_card} for made in sums]
    items: list[RankItem] = []
    for target in rules.count_point_totals:
        name = POINT_NAMES.get(target) or str(target)
        items += [(Category.POINTS, name, subset, len(subset), "count.point_totals")
                  for subset, mask in several if target in sums[mask]]
    if rules.thirty_one is ThirtyOne.PER_CARD:
        items += [(Category.THIRTY_ONE, limit_name, subset, len(subset), "count.thirty_one")
                  for subset, mask in several if limit in sums[mask]]
    elif rules.thirty_one is ThirtyOne.FLAT_WHOLE_HAND and limit in sums[(1 << n) - 1]:
        items.append((Category.THIRTY_ONE, limit_name, tuple(range(n)), rules.thirty_one_flat_points,
                      "count.thirty_one_flat_points"))
    return tuple(items), sum(item[3] for item in items)


_GROUP_RULES = {2: "count.pair_points", 3: "count.prial_points", 4: "count.double_prial_points"}


def _groups(rules: CountRules, ranks: Sequence[int]) -> list[RankItem]:
    by_kind: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        by_kind.setdefault(alike(rules.pair_match, r), []).append(i)
    items: list[RankItem] = []
    for positions in by_kind.values():
        size = len(positions)
        if size < 2:
            continue
        points = {2: rules.pair_points, 3: rules.prial_points, 4: rules.double_prial_points}
        sizes = [size] if rules.contained_not_counted else range(size, 1, -1)
        for k in sizes:
            if points[k]:
                items += [(Category.PAIRS, GROUP_NAMES[k], combo, points[k], _GROUP_RULES[k])
                          for combo in itertools.combinations(positions, k)]
    return items


def _matches(match: Match, card: Card, deck_card: Card) -> bool:
    """Whether ``card`` is "right": of the deck card's suit, or of its colour, as the profile says."""
    return card.suit == deck_card.suit if match is Match.SUIT else card.colour == deck_card.colour


def jack_deuce_value(rules: Rules | CountRules, card: Card, deck_card: Card) -> tuple[int, str, str] | None:
    """What a Jack or Deuce is worth beside ``deck_card``: points, name ("right jack", "deuce", ...) and
    rule key; None for any other card or one worth nothing. Used in hand, in play and in the mog."""
    if card.rank == Rank.JACK:
        right = _matches(rules.right_jack_match, card, deck_card)
        points = rules.right_jack_points if right else rules.jack_points
        name, rule = ("right jack", "count.right_jack_points") if right else ("jack", "count.jack_points")
    elif card.rank == Rank.TWO:
        right = _matches(rules.right_deuce_match, card, deck_card)
        points = rules.right_deuce_points if right else rules.deuce_points
        name, rule = ("right deuce", "count.right_deuce_points") if right else ("deuce", "count.deuce_points")
    else:
        return None
    return (points, name, rule) if points else None


def suit_part(rules: CountRules, cards: Sequence[Card]) -> list[SuitItem]:
    """Jacks, Deuces and colours for ``cards`` (the hand, then the deck card last)."""
    deck = cards[-1]
    items: list[SuitItem] = []
    holders = range(len(cards)) if rules.deck_card_scores_as_jack_deuce else range(len(cards) - 1)
    for i in holders:
        value = jack_deuce_value(rules, cards[i], deck)
        if value is not None:
            points, name, rule = value
            category = Category.JACKS if cards[i].rank == Rank.JACK else Category.DEUCES
            items.append((category, name, (i,), points, rule))
    items.extend(_colours(rules, cards))
    return items


def _colours(rules: CountRules, cards: Sequence[Card]) -> list[SuitItem]:
    suit_members: dict[Suit, list[int]] = {}
    colour_members: dict[object, list[int]] = {}
    for i, card in enumerate(cards):
        suit_members.setdefault(card.suit, []).append(i)
        colour_members.setdefault(card.colour, []).append(i)
    top_suit = max(suit_members.values(), key=len)
    top_colour = max(colour_members.values(), key=len)
    met = [e for e in rules.colours if len(top_colour) >= e.in_colour and len(top_suit) >= e.in_suit]
    if not met:
        return []
    if rules.contained_not_counted:
        met = [max(met, key=lambda e: e.points)]
    items: list[SuitItem] = []
    for entry in met:
        members = top_suit if entry.in_suit >= entry.in_colour else top_colour
        if entry.points:
            items.append((Category.COLOURS, entry.name, tuple(members), entry.points, "count.colours"))
    return items


def check_deal(hand: Sequence[Card], deck_card: Card) -> None:
    seen: set[Card] = set()
    for card in (*hand, deck_card):
        if card in seen:
            raise CardError(f"card {card} appears twice in one deal")
        seen.add(card)


def score_hand(rules: Rules | Profile | str | os.PathLike[str], hand: Iterable[Card | str],
               deck_card: Card | str) -> HandScore:
    """Count ``hand`` with ``deck_card`` under ``rules`` (a profile's ``Rules``, the ``Profile``, a bundled
    id or a path to a profile): every combination, in declaration order.

    >>> score_hand("parlett-121", ["5H", "5D", "10H"], "KH").total
    21
    """
    if not isinstance(rules, Rules):
        from ..profiles.loader import rules_of  # a profile to load: the loader only then

        rules = rules_of(rules)
    held = tuple(c if isinstance(c, Card) else Card.from_str(c) for c in hand)
    deck = deck_card if isinstance(deck_card, Card) else Card.from_str(deck_card)
    check_deal(held, deck)
    counter = hand_counter(rules)
    items = tuple(ScoreItem(cat, name, cs, pts, rule, rules.cite(rule))
                  for cat, name, cs, pts, rule in counter.items(held, deck))
    total = sum(i.points for i in items)
    return HandScore(items, total, counter.ace_values(held, deck), rules.cocks_nest and total == 0)


def count_total(rules: Rules, hand: Sequence[Card], deck_card: Card) -> int:
    """The total of ``score_hand`` without itemising it (for bots weighing many hands)."""
    return hand_counter(rules).total(hand, deck_card)


# -- counting tables --------------------------------------------------------------------------------------
#
# The engine counts a few hands per deal and its bots weigh many more, so the count is looked up rather
# than worked out: the rank part by the ranks, the suit part by each card's suit role, each filled on
# first use from ``rank_part`` and ``suit_part`` (which stay the one statement of the rules).

def suit_role(card: Card) -> int:
    """All that ``suit_part`` can see of a card: Jack, Deuce or neither, and which suit (0..11)."""
    return _SUIT_ROLE[card.index]


_KIND = [1 if c.rank == Rank.JACK else 2 if c.rank == Rank.TWO else 0 for c in FULL_DECK]
_SUIT_ROLE = [_KIND[c.index] * 4 + c.index // 13 for c in FULL_DECK]  # index // 13: the suit's place
_RANK_NUMBER = [int(c.rank) for c in FULL_DECK]
# A multiset of ranks as one int: four bits per rank hold how many cards have it.
_RANK_BIT = [1 << (4 * int(c.rank)) for c in FULL_DECK]


def _relation(suit: Suit, deck_suit: Suit) -> int:
    """A suit as the suit part sees it beside the deck card's: the same, its mate, or one of the other two."""
    if suit is deck_suit:
        return 0
    if suit.colour is deck_suit.colour:
        return 1
    return 2 + [s for s in Suit if s.colour is not deck_suit.colour].index(suit)


# For totals, a hand's suit roles relative to the deck card's suit, as a multiset in one int (four bits
# per role): a renaming of suits that keeps the deck card's suit and red and black changes no total
# (tests/test_scoring.py checks it), so this needs a quarter of the keys of the suits themselves.
_RELATION = {(suit, deck_suit): _relation(suit, deck_suit) for suit in Suit for deck_suit in Suit}
# Each card's suit role beside a deck card of each suit (by the suit's place in Suit), 0..11: Jack, Deuce
# or neither, times the same suit, its mate, or one of the other two. Batch scoring keys on it too.
ROLE_BESIDE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_KIND[c.index] * 4 + _RELATION[c.suit, deck_suit] for c in FULL_DECK) for deck_suit in Suit)
_ROLE_BIT_BESIDE = [[1 << (4 * role) for role in ROLE_BESIDE[deck.index // 13]] for deck in FULL_DECK]
_DECK_ROLE_SHIFT = 4 * 12


def _total_keys(hand: Sequence[Card], deck: Card) -> tuple[int, int]:
    """The keys of the totals tables for ``hand`` with ``deck``: the rank multiset, and the suit roles
    beside the deck card with the deck card's kind."""
    rank_key = _RANK_BIT[deck.index]
    role_key = _KIND[deck.index] << _DECK_ROLE_SHIFT
    beside = _ROLE_BIT_BESIDE[deck.index]
    for card in hand:
        rank_key += _RANK_BIT[card.index]
        role_key += beside[card.index]
    return rank_key, role_key


@cache
def _groups_beside(deck: Card) -> tuple[CardGroups, CardGroups]:
    """The cards beside ``deck`` grouped by rank and by suit role beside it (for ``unseen_groups``); made
    on first use, as only the expert bot asks, and not by every command that imports this module."""
    roles = ROLE_BESIDE[deck.index // 13]
    return (CardGroups(lambda card: _RANK_NUMBER[card.index], deck),
            CardGroups(lambda card: roles[card.index], deck))


class ExtraGroups(NamedTuple):
    """Cards grouped by what each part of a total sees of them (``HandCounter.unseen_groups``): the
    first card of each group, and how many the group holds."""

    by_rank: tuple[tuple[Card, int], ...]
    by_role: tuple[tuple[Card, int], ...]

# An item as the tables hold it: the place of its category in the declaration order (which names the
# category), its name, its positions into the cards, points, rule key.
_Plain = tuple[int, str, tuple[int, ...], int, str]


class HandCounter:
    """The count under one rule set, from tables filled on first use and then only looked up.

    ``items`` gives what ``score_hand`` itemises, as plain tuples in declaration order; ``total`` the
    total alone. Both give exactly what ``rank_part`` and ``suit_part`` give for the same cards. The
    tables are keyed so that they fill fast: the rank part by the sorted ranks (at most 1,820 keys), the
    suit part by the cards' suit roles in order (a few hundred keys in practice).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.counting = rules.counting
        self._place = {category: i for i, category in enumerate(rules.declaration_order)}
        # Every table's items name their category by its place in the declaration order (``_Plain``):
        # tuples of ints and strings only, which the garbage collector stops visiting, where it would go
        # on visiting every tuple that held an Enum member, in every collection, for as long as the
        # tables live.
        self._categories = rules.declaration_order
        # sorted ranks -> items (positions into the cards sorted by rank), and each one's Ace value
        self._rank_items: dict[tuple[int, ...], tuple[tuple[_Plain, ...], tuple[int, ...]]] = {}
        self._suit_items: dict[tuple[int, ...], tuple[_Plain, ...]] = {}  # suit roles in hand order -> items
        # ranks in hand order (one int, four bits a card) -> the rank part, its positions into the cards in
        # hand order: the sort by rank done once for each order of ranks, not for every hand counted
        self._rank_items_in_order: dict[int, tuple[_Plain, ...]] = {}
        self._rank_totals: dict[int, int] = {}  # rank multiset -> points
        self._suit_totals: dict[int, int] = {}  # roles beside the deck card, and its kind -> points

    def total(self, hand: Sequence[Card], deck: Card) -> int:
        """The count of ``hand`` with ``deck`` (distinct cards; not checked)."""
        rank_key, role_key = _total_keys(hand, deck)
        rank_total = self._rank_totals.get(rank_key)
        if rank_total is None:
            rank_total = self._fill_rank_total(rank_key, (*hand, deck))
        suit_total = self._suit_totals.get(role_key)
        if suit_total is None:
            suit_total = self._fill_suit_total(role_key, (*hand, deck))
        return rank_total + suit_total

    def _fill_rank_total(self, rank_key: int, cards: tuple[Card, ...]) -> int:
        ranks = tuple(sorted(int(c.rank) for c in cards))
        rank_total = self._rank_totals[rank_key] = sum(i[3] for i in self._rank_part(ranks)[0])
        return rank_total

    def _fill_suit_total(self, role_key: int, cards: tuple[Card, ...]) -> int:
        suit_total = self._suit_totals[role_key] = sum(i[3] for i in self._suit_part(cards))
        return suit_total

    @staticmethod
    def unseen_groups(seen: Sequence[Card], deck: Card) -> ExtraGroups:
        """The cards neither in ``seen`` (distinct cards) nor ``deck``, grouped for ``summed_totals``: by
        rank, and by suit role beside ``deck``, all that the rank part and the suit part of a total see of
        a card (the first card of each group, and how many the group holds). A dozen groups of each,
        where the cards run to forty or more."""
        by_rank, by_role = _groups_beside(deck)
        return ExtraGroups(by_rank.unseen(seen), by_role.unseen(seen))

    def summed_totals(self, hand: Sequence[Card], deck: Card, extras: ExtraGroups) -> int:
        """``sum(total([*hand, card], deck) for card in cards)``, ``extras`` being those cards grouped by
        ``unseen_groups`` (cards of neither ``hand`` nor ``deck``): the count of ``hand`` with each of them
        added to it, summed. A total is its rank part plus its suit part, so the sum is the rank parts'
        sum, a term a rank, plus the suit parts', a term a suit role; the keys of ``hand`` and ``deck``
        made once. An exact int, so the same whatever the order of its terms."""
        rank_key, role_key = _total_keys(hand, deck)
        beside = _ROLE_BIT_BESIDE[deck.index]
        rank_totals, suit_totals = self._rank_totals, self._suit_totals
        summed = 0
        for card, n in extras.by_rank:
            rank_total = rank_totals.get(rank_key + _RANK_BIT[card.index])
            if rank_total is None:
                rank_total = self._fill_rank_total(rank_key + _RANK_BIT[card.index], (*hand, card, deck))
            summed += n * rank_total
        for card, n in extras.by_role:
            suit_total = suit_totals.get(role_key + beside[card.index])
            if suit_total is None:
                suit_total = self._fill_suit_total(role_key + beside[card.index], (*hand, card, deck))
            summed += n * suit_total
        return summed

    def items(self, hand: Sequence[Card], deck: Card) -> list[tuple[Category, str, tuple[Card, ...], int, str]]:
        """What ``hand`` with ``deck`` scores, item by item in declaration order: (category, name, cards,
        points, rule key). The cards are not checked for repeats."""
        cards = (*hand, deck)
        code = 0
        for card in cards:
            code = code << 4 | _RANK_NUMBER[card.index]
        rank_items = self._rank_items_in_order.get(code)
        if rank_items is None:
            rank_items = self._rank_part_in_order(code, cards)
        suit_items = self._suit_part(cards)
        # Each part is kept in declaration order already; only when both score must they be interleaved
        # (stably: within a category, the rank part first, as score_hand always had it).
        placed: Sequence[_Plain] = rank_items
        if suit_items:
            placed = sorted(rank_items + suit_items, key=_first) if rank_items else suit_items
        categories = self._categories
        return [(categories[place], name, tuple([cards[p] for p in pos]), pts, rule)
                for place, name, pos, pts, rule in placed]

    MAX_ORDERS = 1 << 15  # orders of ranks kept (13**4 for three cards and the deck card): then afresh

    def _rank_part_in_order(self, code: int, cards: tuple[Card, ...]) -> tuple[_Plain, ...]:
        """The rank part of ``cards``, its positions turned from the cards sorted by rank (stably, as
        score_hand always sorted them) to the cards in hand order."""
        order = sorted(range(len(cards)), key=lambda i: _RANK_NUMBER[cards[i].index])
        rank_items, _ = self._rank_part(tuple([_RANK_NUMBER[cards[i].index] for i in order]))
        items = tuple([(place, name, tuple([order[p] for p in pos]), pts, rule)
                       for place, name, pos, pts, rule in rank_items])
        if len(self._rank_items_in_order) >= self.MAX_ORDERS:
            self._rank_items_in_order.clear()
        self._rank_items_in_order[code] = items
        return items

    def ace_values(self, hand: Sequence[Card], deck: Card) -> tuple[tuple[Card, int], ...]:
        """Each Ace's chosen value, where the rules let an Ace count as more than one."""
        by_rank = sorted((*hand, deck), key=_RANK_OF)
        _, values = self._rank_part(tuple([int(c.rank) for c in by_rank]))
        return tuple((card, v) for card, v in zip(by_rank, values) if v)

    def _rank_part(self, ranks: tuple[int, ...]) -> tuple[tuple[_Plain, ...], tuple[int, ...]]:
        entry = self._rank_items.get(ranks)
        if entry is None:
            items, ace_values = rank_part(self.counting, ranks)
            entry = self._rank_items[ranks] = (self._in_declaration_order(items), ace_values)
        return entry

    def _suit_part(self, cards: tuple[Card, ...]) -> tuple[_Plain, ...]:
        roles = tuple([_SUIT_ROLE[c.index] for c in cards])
        items = self._suit_items.get(roles)
        if items is None:
            items = self._suit_items[roles] = self._in_declaration_order(suit_part(self.counting, cards))
        return items

    def _in_declaration_order(self, items: Iterable[RankItem]) -> tuple[_Plain, ...]:
        """Items with their place in the declaration order for their category, sorted by it (stably)."""
        return tuple(sorted([(self._place[cat], name, pos, pts, rule) for cat, name, pos, pts, rule in items],
                            key=_first))


_RANK_OF = attrgetter("rank")


def _first(item: tuple[Any, ...]) -> int:
    return item[0]  # type: ignore[no-any-return]


# The one HandCounter for a Rules object.
hand_counter: PerRules[HandCounter] = PerRules(HandCounter)


def parse_deal(texts: Sequence[str], deck_text: str) -> tuple[tuple[Card, ...], Card]:
    cards = parse_cards([*texts, deck_text])
    return cards[:-1], cards[-1]
