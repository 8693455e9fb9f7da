"""The count: the ``count`` section's rules applied to each hand in turn (the scoring itself is in
``costly_variants.count``), late claims from the mog, and the end of the game at the target."""
from __future__ import annotations

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
            # What score_hand itemises, from the game's counting tables (the hands are the engine's own).
            items = self.game.counter.items(self.count_hands[player], self.deck_card)
            for _, name, cards, points, rule in items:
                self._score(player, points, name, rule, cards)
            if self.rules.cocks_nest and not sum(item[3] for item in items):
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
