"""The turn-up of the deck card and the dealer's heels: the ``turnup`` section."""
from __future__ import annotations

from ..cards import Card, Rank
from .base import Phase
from .mog import MogPhase


class TurnupPhase(MogPhase):
    def _turn_up(self, card: Card) -> None:
        self.deck_card = card
        self.phase = Phase.MOG
        if card.rank in self.rules.heels_ranks and self.rules.heels_points:
            name = "for his heels" if card.rank == Rank.JACK else "for the deuce turned"
            self._score(self.dealer, self.rules.heels_points, name, "turnup.heels_points", (card,))
            if self.phase is Phase.OVER:
                return
        self.pending = self._mog_opening()
        if not self.pending:
            self._start_play()
