"""The cut for first deal and the deal itself: the ``deal`` section (``first_dealer``, ``cards_each``,
``in_ones``)."""
from __future__ import annotations

from ..cards import FULL_DECK
from ..profiles.rules import FirstDealer
from .base import Phase, StateCore


class DealPhase(StateCore):
    def _settle_cut(self) -> None:
        ranks = {p: int(c.rank) for p, c in self.cuts.items()}
        pick = min if self.rules.first_dealer is FirstDealer.CUT_LOWEST else max
        best = pick(ranks.values())
        if list(ranks.values()).count(best) > 1:  # a tie: cut again
            self.stock.extend(self.cuts.values())
            self.cuts = {}
            return
        self.dealer = next(p for p, r in ranks.items() if r == best)
        self._start_deal()

    def _start_deal(self) -> None:
        self.deal_number += 1
        self.stock = list(FULL_DECK)
        self._new_deal_state()
        self.phase = Phase.DEAL

    def _next_receiver(self) -> int:
        dealt = sum(map(len, self.hands))
        if self.rules.deal_in_ones:
            return (self.eldest + dealt) % self.n
        return (self.eldest + dealt // self.rules.cards_each) % self.n

