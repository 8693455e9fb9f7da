"""The count: the ``count`` section's rules applied to each hand in turn (the scoring itself is in
``costly_variants.count``), late claims from the mog (``mog.late_claim_when``), heels not pegged at the
turn-up (``turnup.heels_before_play``), and the end of the game at the target."""
from __future__ import annotations

from ..cards import Rank
from ..profiles.rules import LateClaimWhen
from .base import Phase, _Claim
from .deal import DealPhase
from .tangent import Tangent
from .wintable import Board

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
_OVER, _COUNT, _CLAIMANT_COUNT = Phase.OVER, Phase.COUNT, LateClaimWhen.CLAIMANT_COUNT


class CountPhase(DealPhase):
    # In a search's world, each hand's count worked out once (``search``): the count then scores each
    # hand's total in one step, and the deal ends there (a search looks no further).
    counted: tuple[int, ...] | None = None
    # In a search's world, the win table the end of the deal is valued by (``search``; in the four-hand
    # game its tangent at the scores of the decision; None: by points).
    board: Board | Tangent | None = None

    def _heels(self) -> None:
        """The dealer's points for a turned Jack or Deuce."""
        card = self.deck_card
        assert card is not None
        if card.rank in self.rules.heels_ranks and self.rules.heels_points:
            name = "for his heels" if card.rank == Rank.JACK else "for the deuce turned"
            self._score(self.dealer, self.rules.heels_points, name, "turnup.heels_points", (card,))

    def _peg_claims(self, claims: list[_Claim]) -> None:
        for claim in claims:
            self._score(claim.receiver, claim.points, f"{claim.name} given in the mog, claimed", claim.rule,
                        (claim.card,))

    def _count_hands(self) -> None:
        assert self.deck_card is not None
        self.phase = _COUNT
        if self.counted is not None:
            self._count_counted(self.counted)
            return
        self.shown_hands = (tuple(self.count_hands), self.deck_card)
        with_own_count = self.rules.mog_late_claim_when is _CLAIMANT_COUNT
        if not with_own_count:
            self._peg_claims(self.claims)
        for player in self._seat_order(self.eldest):
            if self.phase is _OVER:
                return
            if with_own_count:
                self._peg_claims([c for c in self.claims if c.receiver == player])
            if player == self.dealer and not self.rules.heels_before_play:
                self._heels()
            if self.phase is _OVER:
                return
            # What score_hand itemises, from the game's counting tables (the hands are the engine's own).
            total = 0
            for _, name, cards, points, rule in self.game.counter.items(self.count_hands[player], self.deck_card):
                self._score(player, points, name, rule, cards)
                total += points
            if self.rules.cocks_nest and not total:
                self._score(player, 0, "a cock's nest", "count.cocks_nest")
        if self.phase is _OVER or self._count_won():
            return
        self._set_dealer((self.dealer + 1) % self.n)
        self._start_deal()

    def _count_won(self) -> bool:
        """After the count: whether one side is past the target, and so has won."""
        reached = [t for t, s in enumerate(self.scores) if s >= self.rules.target]
        if reached:
            best = max(self.scores[t] for t in reached)
            leaders = [t for t in reached if self.scores[t] == best]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.phase = _OVER
                return True
        return False

    def _count_counted(self, counted: tuple[int, ...]) -> None:
        """The count as ``_count_hands`` scores it, each hand's items in one score of their total (none
        scores less than nothing: ``search`` sets ``counted`` only then), for a search's world; the deal
        then ends without the next being dealt."""
        with_own_count = self.rules.mog_late_claim_when is _CLAIMANT_COUNT
        if not with_own_count:
            self._peg_claims(self.claims)
        for player in self._seat_order(self.eldest):
            if self.phase is _OVER:
                return
            if with_own_count:
                self._peg_claims([c for c in self.claims if c.receiver == player])
            if player == self.dealer and not self.rules.heels_before_play:
                self._heels()
            if self.phase is not _OVER and counted[player]:
                self._score(player, counted[player], "the count", "count")
        if self.phase is not _OVER and not self._count_won():
            self.deal_number += 1
