"""Computer players. Each sees only what its seat may see: its hand, the deck card, the cards played.

- ``random``: any legal action.
- ``greedy``: the action worth most points at once.
- ``expert``: mogs the card that maximises the expected count over the unseen cards, and plays with a
  one-ply lookahead (its points now, less the opponent's best immediate reply on average over the
  cards the opponent may hold).
Every bot takes a seeded ``random.Random``; the same seed gives the same game.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from .actions import Action, Kind
from ..cards import Card, Rank
from .state import State
from .play import card_value, score_play

# Enum members read at every action, as module globals: in Python 3.11 ``Phase.PLAY`` goes through
# EnumType's __getattr__ hook (some 70 ns, where a global takes 10).
_PLAY, _GIVE, _DISCARD, _ASK, _STOCK = Kind.PLAY, Kind.GIVE, Kind.DISCARD, Kind.ASK, Kind.STOCK


class Bot(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Action: ...


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions())


def _play_points(state: State, action: Action) -> int:
    """Points the action scores at once in the play (the go and latter aside)."""
    if action.kind is not _PLAY or action.card is None or state.deck_card is None:
        return 0
    return state.preview_points([action])[0]


def _hand_value(state: State, hand: list[Card]) -> int:
    assert state.deck_card is not None
    return state.game.counter.total(hand, state.deck_card)


def _first_best(options: list[Action], worth: Callable[[Action], Any]) -> Action:
    """The first of the options worth most: ``max`` with ties going to the earliest, without the
    ``-options.index(a)`` tie-break comparing actions field by field."""
    best = options[0]
    if len(options) == 1:
        return best
    best_worth = worth(best)
    for option in options[1:]:
        option_worth = worth(option)
        if option_worth > best_worth:
            best, best_worth = option, option_worth
    return best


class GreedyBot:
    """Best immediate points; in the mog, keeps the cards that count most now."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        kind = legal[0].kind
        if kind is _PLAY:
            return self._best_play(state, legal)
        if kind is _GIVE or kind is _DISCARD:
            return self._best_kept(state, player, legal)
        if kind in (_ASK, _STOCK):
            return legal[0]  # never pay for a refusal
        return _first_best(legal, lambda a: _play_points(state, a))

    @staticmethod
    def _best_play(state: State, legal: list[Action]) -> Action:
        """The first card worth most at once: ``_first_best`` over ``_play_points``, written out because
        it is weighed at every card of every game."""
        if len(legal) == 1:
            return legal[0]
        best, best_points = legal[0], -1
        for action, points in zip(legal, state.preview_points(legal)):  # all plays: a go is offered only alone
            if points > best_points:
                best, best_points = action, points
        return best

    @staticmethod
    def _best_kept(state: State, player: int, legal: list[Action]) -> Action:
        """The first give or discard that keeps the hand counting most now; of a Jack or Deuce given
        either way, pegging it first (``_first_best`` over (kept count, peg), written out)."""
        deck = state.deck_card
        assert deck is not None
        total, hand = state.game.counter.total, state.hands[player]
        best, best_worth = legal[0], (-1, False)
        for action in legal:
            worth = (total([c for c in hand if c is not action.card], deck), action.peg)
            if worth > best_worth:
                best, best_worth = action, worth
        return best


class ExpertBot:
    """Expected-count mogging and one-ply lookahead in the play."""

    name = "expert"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def _expected_after_exchange(self, state: State, player: int, give: Card) -> float:
        kept = [c for c in state.hands[player] if c is not give]
        unseen = [c for c in state.unseen_by(player) if c is not give]
        return sum(_hand_value(state, kept + [c]) for c in unseen) / len(unseen)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        kind = legal[0].kind
        if kind is _GIVE:
            def worth(a: Action) -> tuple[float, int]:
                assert a.card is not None
                return self._expected_after_exchange(state, player, a.card) + (0.5 if a.peg else 0), -legal.index(a)

            return max(legal, key=worth)
        if kind is _DISCARD:
            return max(legal, key=lambda a: (_hand_value(state, [c for c in state.hands[player] if c is not a.card]),
                                             -legal.index(a)))
        if kind in (_ASK, _STOCK):
            if kind is _STOCK or not state.hands[player]:
                return legal[0]
            now = _hand_value(state, state.hands[player])
            best = max(self._expected_after_exchange(state, player, c) for c in state.hands[player])
            penalty = state.rules.mog_refusal_points
            # Mog when the exchange is worth more than it costs to be the one who refuses.
            return legal[0] if best + penalty >= now else legal[1]
        return max(legal, key=lambda a: (self._lookahead(state, player, a), -legal.index(a)))

    def _lookahead(self, state: State, player: int, action: Action) -> float:
        if action.kind is not _PLAY or action.card is None or state.deck_card is None:
            return 0.0
        mine = _play_points(state, action)
        value = action.value if action.value is not None else card_value(state.rules, action.card)
        count = state.count + value
        if count == state.rules.play_limit:
            return mine
        series = [c for _, c in state.series] + [action.card]
        unseen = [c for c in state.unseen_by(player) if c is not action.card]
        replies = []
        for card in unseen:
            values = state.rules.ace_values if card.rank == Rank.ACE else (card_value(state.rules, card),)
            best = 0
            for v in values:
                if count + v <= state.rules.play_limit:
                    items = score_play(state.rules, series + [card], count + v, state.deck_card)
                    best = max(best, sum(i.points for i in items))
            replies.append(best)
        return mine - (sum(replies) / len(replies) if replies else 0.0)


BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}


def make_bot(name: str, rng: random.Random) -> Bot:
    try:
        return BOTS[name](rng)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}") from None
