"""Mogging, the exchange of a card before the play: the ``mog`` section (``procedure``,
``refusal_points``, ``not_asking_pays``, ``given_away_scores``, ``late_claim``, ``partners_exchange``,
``partners_challenger``, ``dealer_mogs_stock``, ``stock_when``; ``late_claim_when`` is the count's)."""
from __future__ import annotations

from ..cards import FULL_DECK, Rank
from ..count.hand import jack_deuce_value
from ..profiles.rules import MogProcedure, PartnersChallenger, Rules, StockWhen
from .actions import (ASK, DECLINE, DISCARD_ACTIONS, GIVE_ACTIONS, GIVE_PEG_ACTIONS, NO_STOCK, STOCK, Action,
                      Kind)
from .base import Phase, _Claim, remove_card
from .play import SORT_KEY, PlayPhase

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
_OVER, _ASK, _STOCK = Phase.OVER, Kind.ASK, Kind.STOCK
_ELDER_ASKS_DEALER, _DEALER_REFUSED = MogProcedure.ELDER_ASKS_DEALER, StockWhen.DEALER_REFUSED


def give_options(rules: Rules) -> tuple[tuple[Action, ...], ...]:
    """For each card (by index), the ways to give it in the mog: a Jack or a Deuce may also be pegged as it
    is given where given-away cards score."""
    return tuple((GIVE_ACTIONS[card.index], GIVE_PEG_ACTIONS[card.index])
                 if rules.mog_given_away_scores and card.rank in (Rank.JACK, Rank.TWO) else (GIVE_ACTIONS[card.index],)
                 for card in FULL_DECK)


class MogPhase(PlayPhase):
    def _mog_opening(self) -> list[tuple[int, str]]:
        rules = self.rules
        if self.n == 4:  # the loader admits four players only as partners who mog with each other
            # One player of each partnership asks his partner; then the dealer may mog the stock.
            if rules.mog_partners_challenger is PartnersChallenger.ELDER_HAND:
                challengers = [self.eldest, self._partner(self.dealer)]
            else:
                challengers = [self.eldest, self.dealer]
            return [(p, "ask-partner") for p in challengers] + (
                [(self.dealer, "stock")] if rules.mog_dealer_stock else [])
        return [(self.eldest, "ask" if rules.mog_procedure is not MogProcedure.BOTH_PASS else "offer")]

    def _partner(self, player: int) -> int:
        return (player + 2) % self.n

    def _mog_actions(self, player: int) -> list[Action]:
        step = self.pending[0][1]
        if step == "give":
            return self._give_actions(player)
        if step == "discard":
            return [DISCARD_ACTIONS[c.index] for c in sorted(self.hands[player], key=SORT_KEY)]
        if step == "stock":
            return [STOCK, NO_STOCK]
        return [ASK, DECLINE]

    def _give_actions(self, player: int) -> list[Action]:
        options = self.game.give_options
        return [action for card in sorted(self.hands[player], key=SORT_KEY) for action in options[card.index]]

    def _refusal(self, refuser: int) -> None:
        """The other side scores for a refusal to mog."""
        points = self.rules.mog_refusal_points
        if points:
            other = next(p for p in self._seat_order(refuser) if self.team_of(p) != self.team_of(refuser))
            self._score(other, points, "for a refusal to mog", "mog.refusal_points")

    def _apply_mog(self, player: int, action: Action) -> None:
        _, step = self.pending.pop(0)
        other = self.dealer if player == self.eldest else self.eldest
        agree = action.kind is _ASK
        procedure = self.rules.mog_procedure
        if step == "ask":  # the eldest chooses whether to ask the dealer
            if agree:
                self.pending.insert(0, (other, "answer"))
            elif self.rules.mog_not_asking_pays:
                self._refusal(player)
        elif step == "answer":  # the dealer agrees or refuses
            if not agree:
                self._refusal(player)
            elif procedure is _ELDER_ASKS_DEALER:
                self.pending.insert(0, (other, "confirm"))
            else:
                self._queue_exchange(other, player)
        elif step == "confirm":  # the elder, having asked, holds to it or withdraws
            if agree:
                self._queue_exchange(player, other)
            else:
                self._refusal(player)
        elif step == "offer":  # both pass: each says whether he mogs; either refusing pays the other
            self.offers[player] = agree
            if not agree and self.rules.mog_not_asking_pays:
                self._refusal(player)
            if player == self.eldest:
                self.pending.insert(0, (other, "offer"))
            elif all(self.offers.values()):
                self._queue_exchange(self.eldest, self.dealer)
        elif step == "ask-partner":
            if agree:
                self.pending.insert(0, (self._partner(player), "answer-partner"))
            elif self.rules.mog_not_asking_pays:
                self._refusal(player)
        elif step == "answer-partner":
            asker = self._partner(player)
            if agree:
                self._queue_exchange(asker, player)
            else:
                self.refused_askers.add(asker)
                self._refusal(player)
        elif step == "give":
            assert action.card is not None
            self.gives[player] = action
            if "give" not in [s for _, s in self.pending]:
                self._exchange()
        elif step == "stock" and action.kind is _STOCK:
            self.pending.insert(0, (self.dealer, "stock-card"))
        elif step == "discard":
            assert action.card is not None
            remove_card(self.hands[player], action.card)
        if self.phase is _OVER:
            return
        self._drop_needless_stock_step()
        if not self.pending:
            self._start_play()

    def _drop_needless_stock_step(self) -> None:
        """The dealer is offered the stock only as ``mog.stock_when`` says."""
        if not self.pending or self.pending[0][1] != "stock":
            return
        if self.rules.mog_stock_when is _DEALER_REFUSED:
            allowed = self.dealer in self.refused_askers
        else:
            allowed = self.dealer not in self.exchanged
        if not allowed:
            self.pending.pop(0)

    def _queue_exchange(self, first: int, second: int) -> None:
        self.pending[0:0] = [(first, "give"), (second, "give")]

    def _exchange(self) -> None:
        (a, give_a), (b, give_b) = self.gives.items()
        for giver, give, receiver in ((a, give_a, b), (b, give_b, a)):
            card = give.card
            assert card is not None and self.deck_card is not None
            remove_card(self.hands[giver], card)
            self.hands[receiver].append(card)
            value = jack_deuce_value(self.rules, card, self.deck_card)
            if value is not None and self.rules.mog_given_away_scores:
                points, name, _ = value
                if give.peg:
                    self._score(giver, points, f"{name} given in the mog", "mog.given_away_scores", (card,))
                elif self.rules.mog_late_claim:
                    self.claims.append(_Claim(receiver, giver, card, points, "mog.late_claim", name))
        self.exchanged.update((a, b))
        self.gives = {}
