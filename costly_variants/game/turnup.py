"""The turn-up of the deck card and the dealer's heels: the ``turnup`` section.

Heels pegged before the play (``heels_before_play``) are scored here; otherwise the count scores them
with the dealer's hand (``CountPhase._heels``).
"""
from __future__ import annotations

from ..cards import Card
from .base import Phase
from .mog import MogPhase

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
_OVER, _MOG = Phase.OVER, Phase.MOG


class TurnupPhase(MogPhase):
    def _turn_up(self, card: Card) -> None:
        self.deck_card = card
        self.phase = _MOG
        if self.rules.heels_before_play:
            self._heels()
            if self.phase is _OVER:
                return
        self.pending = self._mog_opening()
        if not self.pending:
            self._start_play()
