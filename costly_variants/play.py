"""Scores made by one card in the play to 31: points, the hitter, pairs, sequences, Jacks and Deuces.

The go and the latter depend on whether anyone can play on, so the game engine scores those.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card, Rank
from .rules import Rules
from .scoring import GROUP_NAMES, POINT_NAMES, jack_deuce_value


@dataclass(frozen=True)
class PlayItem:
    name: str
    points: int
    cards: tuple[Card, ...]
    rule: str


def card_value(rules: Rules, card: Card, ace_value: int | None = None) -> int:
    if card.rank == Rank.ACE:
        return ace_value if ace_value is not None else rules.ace_values[0]
    return rules.court_value if card.rank.is_court else int(card.rank)


def score_play(rules: Rules, series: Sequence[Card], count: int, deck_card: Card) -> list[PlayItem]:
    """What the last card of ``series`` scores, the running count being ``count`` after it."""
    items: list[PlayItem] = []
    last = series[-1]
    table = tuple(series)
    if count in rules.play_point_totals:
        name = "thirty-one (the hitter)" if count == 31 else POINT_NAMES.get(count, str(count))
        items.append(PlayItem(name, len(table), table, "play.point_totals"))
    if rules.play_pairs:
        run = 1
        while run < len(table) and table[-run - 1].rank == last.rank:
            run += 1
        if run >= 2:
            points = {2: rules.pair_points, 3: rules.prial_points, 4: rules.double_prial_points}[run]
            items.append(PlayItem(GROUP_NAMES[run], points, table[-run:], "play.pairs"))
    if rules.play_sequences:
        for length in range(len(table), rules.sequence_min - 1, -1):
            ranks = sorted(int(c.rank) for c in table[-length:])
            if all(b - a == 1 for a, b in zip(ranks, ranks[1:])):
                items.append(PlayItem("sequence", length, table[-length:], "play.sequences"))
                break
    if rules.play_jacks_deuces:
        value = jack_deuce_value(rules, last, deck_card)
        if value is not None:
            points, name, _ = value
            items.append(PlayItem(f"{name} in play", points, (last,), "play.jacks_deuces"))
    return items
