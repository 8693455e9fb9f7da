"""The play to 31: the ``play`` section (and ``cards.ace_values`` for an Ace played).

``score_play`` scores one card: points, the hitter, pairs, sequences, Jacks and Deuces. The go and the
latter depend on whether anyone can play on, so ``PlayPhase`` scores those as the series ends.
"""
from __future__ import annotations

from operator import attrgetter
from typing import NamedTuple, Sequence

from ..cards import FULL_DECK, Card, Rank
from ..count.hand import GROUP_NAMES, POINT_NAMES, alike, is_sequence, jack_deuce_value
from ..profiles.rules import LatterWhen, Rules
from .actions import GO, Action, Kind
from .base import Phase, remove_card
from .count import CountPhase


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


class PlayPhase(CountPhase):
    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.count_hands = [tuple(h) for h in self.hands]
        self.to_play = self.eldest

    def _play_actions(self, player: int) -> list[Action]:
        room = self.rules.play_limit - self.count
        options = self.game.play_options
        out = [action for card in sorted(self.hands[player], key=SORT_KEY)
               for value, action in options[card.index] if value <= room]
        return out or [GO]

    def preview_play(self, action: Action) -> list[PlayItem]:
        """What playing ``action`` (one of ``legal_actions()``, a card) would score at once, the go and the
        latter aside. Remembered until the next action, which it spares working out again if it is this."""
        card = action.card
        assert card is not None and self.deck_card is not None
        if self.previews_at != len(self.history):
            self.previews, self.previews_at = {}, len(self.history)
        key = (card.index, action.value)
        items = self.previews.get(key)
        if items is None:
            value = action.value if action.value is not None else self.game.card_values[card.index]
            items = self.previews[key] = score_play(
                self.rules, [c for _, c in self.series] + [card], self.count + value, self.deck_card)
        return items

    def _apply_play(self, player: int, action: Action) -> None:
        if action.kind is Kind.GO:
            self.said_go.add(player)
            # The first go of a series pays the player who played last in it, if an opponent.
            if self.rules.go_points and not self.go_awarded and self.series:
                self.go_awarded = True
                last = self.series[-1][0]
                if self.team_of(last) != self.team_of(player):
                    self.go_paid = True
                    self._score(last, self.rules.go_points, "for the go", "play.go_points")
            if self.phase is not Phase.OVER:
                self._advance(player)
            return
        card = action.card
        assert card is not None and self.deck_card is not None
        remove_card(self.hands[player], card)
        self.played.append(card)
        self.count += action.value if action.value is not None else self.game.card_values[card.index]
        self.series.append((player, card))
        self.last_player = player
        # A bot weighing its plays has usually worked this out already (see preview_play).
        previewed = self.previews.get((card.index, action.value)) if self.previews_at == len(self.history) - 1 else None
        items = previewed if previewed is not None else score_play(
            self.rules, [c for _, c in self.series], self.count, self.deck_card)
        for item in items:
            self._score(player, item.points, item.name, item.rule, item.cards)
        if self.phase is Phase.OVER:
            return
        if self.count == self.rules.play_limit:
            self._end_series(hit=True)
        else:
            self._advance(player)

    def _can_go_on(self, player: int) -> bool:
        return bool(self.hands[player]) and player not in self.said_go

    def _advance(self, player: int) -> None:
        for candidate in self._seat_order(player + 1):
            if self._can_go_on(candidate):
                self.to_play = candidate
                return
        self._end_series(hit=False)

    def _end_series(self, *, hit: bool) -> None:
        rules = self.rules
        last_of_play = not any(self.hands) or not rules.new_series
        each_series = rules.latter_when is LatterWhen.EACH_SERIES
        # The latter is for a card played short of the limit: never for an empty series, and not on top
        # of a go paid for the same series unless the profile says both are paid.
        pays_latter = (not hit and rules.latter_points and self.series and (each_series or last_of_play)
                       and (rules.go_and_latter or not self.go_paid))
        if pays_latter:
            self._score(self.series[-1][0], rules.latter_points, "for the latter", "play.latter_points")
            if self.phase is Phase.OVER:
                return
        last = self.last_player
        self.count, self.series, self.said_go, self.go_awarded, self.go_paid = 0, [], set(), False, False
        left = [p for p in self._seat_order(last + 1) if self.hands[p]]
        if left and self.rules.new_series:
            self.to_play = left[0]
            return
        self._count_hands()
