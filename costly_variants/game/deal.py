"""The cut for first deal and the deal itself: the ``deal`` section (``first_dealer``, ``cut_ace``,
``cards_each``, ``in_ones``)."""
from __future__ import annotations

from ..cards import FULL_DECK, Card, Rank
from ..profiles.rules import CutAce, FirstDealer, Rules
from .base import Phase, StateCore


def deal_order(rules: Rules, eldest: int) -> tuple[int, ...]:
    """The seat each card of a deal goes to in turn, from the eldest: one at a time round the table, or
    each hand's cards together (``deal.in_ones``)."""
    n, each = rules.players, rules.cards_each
    if rules.deal_in_ones:
        return tuple((eldest + dealt) % n for dealt in range(n * each))
    return tuple((eldest + dealt // each) % n for dealt in range(n * each))


class DealPhase(StateCore):
    def _settle_cut(self) -> None:
        ranks = {p: self._cut_rank(c) for p, c in self.cuts.items()}
        pick = min if self.rules.first_dealer is FirstDealer.CUT_LOWEST else max
        best = pick(ranks.values())
        if list(ranks.values()).count(best) > 1:  # a tie: cut again
            self.stock.extend(self.cuts.values())
            self.cuts = {}
            return
        self._set_dealer(next(p for p, r in ranks.items() if r == best))
        self._start_deal()

    def _cut_rank(self, card: Card) -> int:
        if card.rank == Rank.ACE and self.rules.cut_ace is CutAce.HIGH:
            return int(Rank.KING) + 1
        return int(card.rank)

    def _start_deal(self) -> None:
        self.deal_number += 1
        self.stock = list(FULL_DECK)
        self._new_deal_state()
        self.phase = Phase.DEAL

    def next_receiver(self) -> int:
        """The seat the next card dealt goes to (for setting up a recorded deal)."""
        return self.game.deal_orders[self.eldest][self.dealt]

