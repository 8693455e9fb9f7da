"""Computer players. Each sees only what its seat may see: its hand, the deck card, the cards played.

- ``random``: any legal action.
- ``greedy``: the action worth most points at once.
- ``expert``: mogs the card that maximises the expected count over the unseen cards, and plays with a
  one-ply lookahead (its points now, less the opponent's best immediate reply on average over the
  cards the opponent may hold).
- ``search``: every choice searched through the rest of the deal over the hands the others may hold,
  each end of a deal valued by the chance of winning the game from there (the rules' win table; in the
  four-hand game, the table read to first order at the scores now), so that it plays the board
  (``search``).
- ``search-points``: the same search, each end of a deal valued by the points between the sides (and a
  game won or lost above any points): the search bot before it played the board.
Every bot takes a seeded ``random.Random``; the same seed gives the same game.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from .actions import Action, Kind
from ..cards import Card
from ..count.hand import ExtraGroups
from .state import State

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
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
        return self.choose_for(state, player)

    @classmethod
    def choose_for(cls, state: State, player: int) -> Action:
        """The greedy choice (it draws nothing from a generator: the search bot models others by it)."""
        legal = state.legal_actions()
        kind = legal[0].kind
        if kind is _PLAY:
            return cls._best_play(state, legal)
        if kind is _GIVE or kind is _DISCARD:
            return cls._best_kept(state, player, legal)
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
    """Expected-count mogging and one-ply lookahead in the play.

    What it weighs is worked out with the engine's tables: the count of a hand with each unseen card by
    ``HandCounter.summed_totals``, an opponent's best reply by ``State.replies_summed``, the unseen cards
    grouped once a decision into the cards the tables cannot tell apart. The sums are of ints, so they
    are exactly those of the card-by-card ``score_play`` and ``total`` they stand for, and each division
    and comparison is the one those would make: the same choices (``tests/test_fast_paths.py`` plays the
    straightforward bot beside this one).
    """

    name = "expert"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # The expected counts after an exchange, by the card given, for the last hand weighed (the
        # counting rules, the deck card, the hand and the cards played: all they depend on). A player
        # weighs the same hand to ask or answer, and again to give.
        self._exchange_key: tuple[Any, ...] = ()
        self._exchange_values: dict[Card, float] = {}
        self._exchange_unseen: ExtraGroups | None = None

    @staticmethod
    def _expected_after_exchange(state: State, player: int, give: Card, unseen: ExtraGroups | None = None) -> float:
        """The count to be expected from the hand after giving ``give`` (one of the hand) and taking one of
        the cards unseen by ``player``, all alike likely; ``unseen`` the groups of those cards, if made."""
        deck = state.deck_card
        assert deck is not None
        counter = state.game.counter
        if unseen is None:
            unseen = counter.unseen_groups([*state.hands[player], *state.played], deck)
        kept = [c for c in state.hands[player] if c is not give]
        return counter.summed_totals(kept, deck, unseen) / sum([n for _, n in unseen.by_rank])

    def _expected_for(self, state: State, player: int) -> Callable[[Card], float]:
        """``_expected_after_exchange`` for this player's hand as it stands, each card's worked out once."""
        hand, deck = state.hands[player], state.deck_card
        assert deck is not None
        key = (state.game.counter, deck.index, tuple([c.index for c in hand]), tuple([c.index for c in state.played]))
        if key != self._exchange_key:
            self._exchange_key, self._exchange_values = key, {}
            self._exchange_unseen = state.game.counter.unseen_groups([*hand, *state.played], deck)
        values, unseen = self._exchange_values, self._exchange_unseen

        def expected(give: Card) -> float:
            value = values.get(give)
            if value is None:
                value = values[give] = self._expected_after_exchange(state, player, give, unseen)
            return value

        return expected

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        kind = legal[0].kind
        if kind is _GIVE:
            expected = self._expected_for(state, player)

            def worth(a: Action) -> float:
                assert a.card is not None
                return expected(a.card) + (0.5 if a.peg else 0)

            return _first_best(legal, worth)
        if kind is _DISCARD:
            hand = state.hands[player]
            return _first_best(legal, lambda a: _hand_value(state, [c for c in hand if c is not a.card]))
        if kind in (_ASK, _STOCK):
            if kind is _STOCK or not state.hands[player]:
                return legal[0]
            now = _hand_value(state, state.hands[player])
            expected = self._expected_for(state, player)
            best_after = max(expected(c) for c in state.hands[player])
            penalty = state.rules.mog_refusal_points
            # Mog when the exchange is worth more than it costs to be the one who refuses.
            return legal[0] if best_after + penalty >= now else legal[1]
        return self._best_play(state, player, legal)

    @staticmethod
    def _best_play(state: State, player: int, legal: list[Action]) -> Action:
        """The first play worth most by the lookahead (a go is offered only alone)."""
        if len(legal) == 1:
            return legal[0]
        groups = state.reply_groups(player)
        best, best_worth = legal[0], None
        for action, mine in zip(legal, state.preview_points(legal)):
            worth = ExpertBot._lookahead(state, action, mine, groups)
            if best_worth is None or worth > best_worth:  # the first of the best
                best, best_worth = action, worth
        return best

    @staticmethod
    def _lookahead(state: State, action: Action, mine: int, groups: Sequence[tuple[Card, int]]) -> float:
        """The points ``action`` (a card played) scores at once, ``mine``, less the opponent's best reply on
        average over the unseen cards, in ``groups`` (``State.reply_groups``)."""
        card = action.card
        assert card is not None
        count = state.count + (action.value if action.value is not None else state.game.card_values[card.index])
        if count == state.rules.play_limit:
            return mine
        unseen = sum([n for _, n in groups])
        return mine - (state.replies_summed(card, count, groups) / unseen if unseen else 0.0)


def _search_bot(rng: random.Random) -> Bot:
    from .search import SearchBot

    return SearchBot(rng)


def _point_search_bot(rng: random.Random) -> Bot:
    from .search import PointSearchBot

    return PointSearchBot(rng)


BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot,
                                                    "search": _search_bot, "search-points": _point_search_bot}


def make_bot(name: str, rng: random.Random) -> Bot:
    try:
        return BOTS[name](rng)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOTS)}") from None
