"""The play to 31: the ``play`` section (and ``cards.ace_values`` for an Ace played).

``score_play`` scores one card: points, the hitter, pairs, sequences, Jacks and Deuces. The go and the
latter depend on whether anyone can play on, so ``PlayPhase`` scores those as the series ends. The engine
looks those scores up in a ``PlayScores`` table filled from ``score_play``.
"""
from __future__ import annotations

from functools import cache
from operator import attrgetter
from typing import NamedTuple, Sequence

from ..cards import FULL_DECK, Card, CardGroups, Rank
from ..count.hand import GROUP_NAMES, POINT_NAMES, alike, is_sequence, jack_deuce_value
from ..profiles.rules import LatterWhen, PerRules, Rules
from .actions import GO, Action, Kind
from .base import Phase, remove_card
from .count import CountPhase

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
_OVER, _GO, _EACH_SERIES, _PLAY = Phase.OVER, Kind.GO, LatterWhen.EACH_SERIES, Phase.PLAY


SORT_KEY = attrgetter("sort_key")  # sorts cards as Card.__lt__ does, without a Python call per comparison


class PlayItem(NamedTuple):
    """What one card scores in the play (a named tuple: cheap to make, as the bots weigh every card)."""

    name: str
    points: int
    cards: tuple[Card, ...]
    rule: str


def card_value(rules: Rules, card: Card, ace_value: int | None = None) -> int:
    if card.rank == Rank.ACE:
        return ace_value if ace_value is not None else rules.ace_values[0]
    return rules.court_value if card.rank.is_court else int(card.rank)


def play_options(rules: Rules) -> tuple[tuple[tuple[int, Action], ...], ...]:
    """For each card (by index), the values it may be played at and the action that plays it at each:
    an Ace at each of its values (named in the action), any other card at its one value."""
    return tuple(tuple((value, Action(Kind.PLAY, card, value)) for value in rules.ace_values)
                 if card.rank == Rank.ACE else ((card_value(rules, card), Action(Kind.PLAY, card)),)
                 for card in FULL_DECK)


def score_play(rules: Rules, series: Sequence[Card], count: int, deck_card: Card) -> list[PlayItem]:
    """What the last card of ``series`` scores, the running count being ``count`` after it."""
    items: list[PlayItem] = []
    last = series[-1]
    table = tuple(series)
    if count in rules.play_point_totals:
        name = POINT_NAMES.get(count, str(count))
        if count == rules.play_limit:
            name += " (the hitter)"
        items.append(PlayItem(name, len(table), table, "play.point_totals"))
    if rules.play_pairs and len(table) > 1:
        match = rules.pair_match
        kind = alike(match, last.rank)
        run = 1
        while run < len(table) and (table[-run - 1].rank == last.rank or alike(match, table[-run - 1].rank) == kind):
            run += 1
        if run >= 2:
            points = {2: rules.pair_points, 3: rules.prial_points, 4: rules.double_prial_points}[run]
            items.append(PlayItem(GROUP_NAMES[run], points, table[-run:], "play.pairs"))
    if rules.play_sequences and len(table) >= rules.sequence_min:
        ranks = [c.rank for c in table]  # IntEnums: int() of each would only cost
        # No run longer than the last cards of different ranks can be a sequence: start from there.
        different: set[int] = set()
        for rank in reversed(ranks):
            if rank in different:
                break
            different.add(rank)
        for length in range(len(different), rules.sequence_min - 1, -1):
            if is_sequence(rules.ace_in_sequence, ranks[-length:]):
                items.append(PlayItem("sequence", length, table[-length:], "play.sequences"))
                break
    if rules.play_jacks_deuces:
        value = jack_deuce_value(rules, last, deck_card)
        if value is not None:
            points, name, _ = value
            items.append(PlayItem(f"{name} in play", points, (last,), "play.jacks_deuces"))
    return items


# -- the table of play scores -------------------------------------------------------------------------
#
# The greedy bot weighs every card it may play, so what a card scores is looked up rather than worked out.
# ``score_play`` sees of a series only its ranks, the count, and, for a last card that is a Jack or a Deuce,
# how its suit stands to the deck card's; and every item it gives holds the last cards of the series.
# So a table keyed by those (one int) holds each item as (name, points, how many of the last cards, rule).

_RANK = [int(c.rank) for c in FULL_DECK]


def _suit_relation(card: Card, deck_card: Card) -> int:
    """All that ``jack_deuce_value`` sees of a card beside the deck card: 0 for a card that is neither a
    Jack nor a Deuce, else 1 for the deck card's suit, 2 for its colour, 3 for the other colour."""
    if card.rank != Rank.JACK and card.rank != Rank.TWO:
        return 0
    if card.suit is deck_card.suit:
        return 1
    return 2 if card.colour is deck_card.colour else 3


_RELATION = [[_suit_relation(card, deck) for card in FULL_DECK] for deck in FULL_DECK]  # [deck][card]


@cache
def _reply_groups(deck: Card) -> CardGroups:
    """The cards beside ``deck``, grouped by what the table sees of a card played (``reply_groups``); made
    on first use, as only the expert bot asks."""
    relation = _RELATION[deck.index]
    return CardGroups(lambda card: _RANK[card.index] << 2 | relation[card.index], deck)


# An item as the table holds it: name, points, how many of the series' last cards it holds, rule key.
PlayPattern = tuple[str, int, int, str]
# The points of a card played, and its items.
PlayEntry = tuple[int, tuple[PlayPattern, ...]]


def series_code(ranks: Sequence[int]) -> int:
    """A series' ranks as one int, four bits a card (every rank is at least 1, so no two series share
    a code). ``PlayPhase`` keeps its series' code as cards are played: ``code << 4 | rank``."""
    code = 0
    for rank in ranks:
        code = code << 4 | rank
    return code


class PlayScores:
    """What a card scores in the play under one rule set, from a table filled by ``score_play`` on first
    use. Bounded: when it holds ``MAX_ENTRIES`` series it starts afresh (a long simulation meets ever
    rarer series; the common ones come back at once)."""

    MAX_ENTRIES = 1 << 16

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        # The count is the key's last bits: it never passes the limit.
        self._count_bits = rules.play_limit.bit_length()
        self._entries: dict[int, PlayEntry] = {}
        # Each different entry made once and shared by every key it answers: a few hundred of them, where
        # the keys run to tens of thousands.
        self._shared: dict[PlayEntry, PlayEntry] = {}

    def lookup(self, code: int, series: Sequence[tuple[int, Card]], card: Card, count: int,
               deck_card: Card) -> PlayEntry:
        """What ``card`` scores played on ``series`` (of code ``code``), the count being ``count`` after it."""
        key = (((code << 4 | _RANK[card.index]) << 2 | _RELATION[deck_card.index][card.index])
               << self._count_bits | count)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._fill(key, [c for _, c in series] + [card], count, deck_card)
        return entry

    def replies_summed(self, code: int, series: Sequence[tuple[int, Card]], count: int, deck_card: Card,
                       groups: Sequence[tuple[Card, int]],
                       options: Sequence[Sequence[tuple[int, Action]]]) -> int:
        """For each (card, n) of ``groups``, the most that card scores played on ``series`` (of code
        ``code``) at any of its values in ``options`` (``play_options``) that keeps the count, ``count``
        before it, within the limit (0 if none does), times n; summed. ``lookup`` written out, as this
        weighs a score for every card a bot has not seen, for every card it may play."""
        entries, bits = self._entries, self._count_bits
        relation = _RELATION[deck_card.index]
        room = self.rules.play_limit - count
        summed = 0
        for card, n in groups:
            index = card.index
            prefix = ((code << 4 | _RANK[index]) << 2 | relation[index]) << bits
            best = 0
            for value, _ in options[index]:
                if value <= room:
                    entry = entries.get(prefix | (count + value))
                    if entry is None:
                        entry = self._fill(prefix | (count + value), [c for _, c in series] + [card],
                                           count + value, deck_card)
                    if entry[0] > best:
                        best = entry[0]
            summed += n * best
        return summed

    def _fill(self, key: int, cards: list[Card], count: int, deck_card: Card) -> PlayEntry:
        if count >> self._count_bits:
            raise ValueError(f"the count {count} is past the limit {self.rules.play_limit}")
        entries = self._entries
        if len(entries) >= self.MAX_ENTRIES:
            entries.clear()
            self._shared.clear()
        items = score_play(self.rules, cards, count, deck_card)
        for item in items:  # what the table relies on, checked as each entry is made
            if item.cards != tuple(cards[len(cards) - len(item.cards):]):
                raise AssertionError(f"{item.name} does not hold the last cards of the series {cards}")
        made = (sum([item.points for item in items]),
                tuple([(item.name, item.points, len(item.cards), item.rule) for item in items]))
        entry = entries[key] = self._shared.setdefault(made, made)
        return entry


# The one PlayScores for a Rules object.
play_scores: PerRules[PlayScores] = PerRules(PlayScores)


class PlayPhase(CountPhase):
    def _start_play(self) -> None:
        self.phase = _PLAY
        self.count_hands = [tuple(h) for h in self.hands]
        self.to_play = self.eldest

    def _play_actions(self, player: int) -> list[Action]:
        room = self.rules.play_limit - self.count
        options = self.game.play_options
        out = [action for card in sorted(self.hands[player], key=SORT_KEY)
               for value, action in options[card.index] if value <= room]
        return out or [GO]

    def preview_points(self, actions: Sequence[Action]) -> list[int]:
        """What playing each of ``actions`` (cards, from ``legal_actions()``) would score at once, the go and
        the latter aside: the points of ``preview_play``, looked up, for a bot weighing them all."""
        lookup, values = self.game.play_scores.lookup, self.game.card_values
        code, series, count, deck_card = self.series_code, self.series, self.count, self.deck_card
        assert deck_card is not None
        points = []
        for action in actions:
            card = action.card
            assert card is not None
            value = action.value if action.value is not None else values[card.index]
            points.append(lookup(code, series, card, count + value, deck_card)[0])
        return points

    def reply_groups(self, player: int) -> tuple[tuple[Card, int], ...]:
        """The cards ``player`` has not seen (``unseen_by``), in groups that the play table cannot tell
        apart (the same rank, the same suit relation to the deck card): the first card of each group and
        how many the group holds. For ``replies_summed``, which then weighs each group once."""
        assert self.deck_card is not None
        return _reply_groups(self.deck_card).unseen([*self.hands[player], *self.played])

    def replies_summed(self, card: Card, count: int, groups: Sequence[tuple[Card, int]]) -> int:
        """After ``card`` played, the count being ``count`` after it: the points of the best reply each
        group's card could make at once (none if it cannot be played: 0), times the cards in the group,
        summed (``groups`` from ``reply_groups``). An exact int, whatever order the groups come in."""
        assert self.deck_card is not None
        return self.game.play_scores.replies_summed(self.series_code << 4 | _RANK[card.index],
                                                    [*self.series, (self.to_play, card)], count, self.deck_card,
                                                    groups, self.game.play_options)

    def preview_play(self, action: Action) -> list[PlayItem]:
        """What playing ``action`` (a card, one of ``legal_actions()``) would score at once, the go and the
        latter aside."""
        card = action.card
        assert card is not None and self.deck_card is not None
        value = action.value if action.value is not None else self.game.card_values[card.index]
        _, patterns = self.game.play_scores.lookup(self.series_code, self.series, card, self.count + value,
                                                   self.deck_card)
        table = tuple([c for _, c in self.series] + [card])
        return [PlayItem(name, points, table[len(table) - n:], rule) for name, points, n, rule in patterns]

    def _apply_play(self, player: int, action: Action) -> None:
        if action.kind is _GO:
            self.said_go.add(player)
            # The first go of a series pays the player who played last in it, if an opponent.
            if self.rules.go_points and not self.go_awarded and self.series:
                self.go_awarded = True
                last = self.series[-1][0]
                if self.team_of(last) != self.team_of(player):
                    self.go_paid = True
                    self._score(last, self.rules.go_points, "for the go", "play.go_points")
            if self.phase is not _OVER:
                self._advance(player)
            return
        card = action.card
        assert card is not None and self.deck_card is not None
        remove_card(self.hands[player], card)
        self.played.append(card)
        self.count += action.value if action.value is not None else self.game.card_values[card.index]
        series = self.series
        _, patterns = self.game.play_scores.lookup(self.series_code, series, card, self.count, self.deck_card)
        series.append((player, card))
        self.series_code = self.series_code << 4 | _RANK[card.index]
        self.last_player = player
        if patterns:
            table = tuple([c for _, c in series])
            for name, points, n, rule in patterns:
                self._score(player, points, name, rule, table[len(table) - n:])
        if self.phase is _OVER:
            return
        if self.count == self.rules.play_limit:
            self._end_series(hit=True)
        else:
            self._advance(player)

    def _advance(self, player: int) -> None:
        hands, said_go = self.hands, self.said_go
        for candidate in self.seat_orders[(player + 1) % self.n]:
            if hands[candidate] and candidate not in said_go:  # a player who can go on: asked at every card
                self.to_play = candidate
                return
        self._end_series(hit=False)

    def _end_series(self, *, hit: bool) -> None:
        rules = self.rules
        last_of_play = not any(self.hands) or not rules.new_series
        each_series = rules.latter_when is _EACH_SERIES
        # The latter is for a card played short of the limit: never for an empty series, and not on top
        # of a go paid for the same series unless the profile says both are paid.
        pays_latter = (not hit and rules.latter_points and self.series and (each_series or last_of_play)
                       and (rules.go_and_latter or not self.go_paid))
        if pays_latter:
            self._score(self.series[-1][0], rules.latter_points, "for the latter", "play.latter_points")
            if self.phase is _OVER:
                return
        last = self.last_player
        self.count, self.series, self.said_go, self.go_awarded, self.go_paid = 0, [], set(), False, False
        self.series_code = 0
        left = [p for p in self._seat_order(last + 1) if self.hands[p]]
        if left and self.rules.new_series:
            self.to_play = left[0]
            return
        self._count_hands()
