"""The count: the ``count`` section's rules applied to each hand in turn (the scoring itself is in
``costly_variants.count``), late claims from the mog, and the end of the game at the target."""
from __future__ import annotations

from ..count.hand import score_hand
from .base import Phase
from .deal import DealPhase


class CountPhase(DealPhase):
    def _count_hands(self) -> None:
        assert self.deck_card is not None
        self.phase = Phase.COUNT
        self.shown_hands = (tuple(self.count_hands), self.deck_card)
        for claim in self.claims:
            self._score(claim.receiver, claim.points, f"{claim.name} given in the mog, claimed", claim.rule,
                        (claim.card,))
        for player in self._seat_order(self.eldest):
            if self.phase is Phase.OVER:
                return
            score = score_hand(self.rules, self.count_hands[player], self.deck_card)
            for item in score.items:
                self._score(player, item.points, item.name, item.rule, item.cards)
            if score.cocks_nest:
                self._score(player, 0, "a cock's nest", "count.cocks_nest")
        if self.phase is Phase.OVER:
            return
        reached = [t for t, s in enumerate(self.scores) if s >= self.rules.target]
        if reached:
            best = max(self.scores[t] for t in reached)
            leaders = [t for t in reached if self.scores[t] == best]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.phase = Phase.OVER
                return
        self.dealer = (self.dealer + 1) % self.n
        self._start_deal()
