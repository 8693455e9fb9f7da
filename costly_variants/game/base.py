"""What every phase of the game shares: the seats, the scores, the events and the state of one deal.

The phases are classes in modules named after the profile section whose rules they honour (``deal``,
``turnup``, ``mog``, ``play``, ``count``). Each extends the phase that comes after it in a deal, so that
it can hand the deal on; ``State`` (in ``state``) extends the first and adds the public interface.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import FULL_DECK, Card
from .actions import Action

if TYPE_CHECKING:
    from .state import Game

CHANCE = -1
TERMINAL = -4


class Phase(enum.Enum):
    CUT = "cut"
    DEAL = "deal"
    TURN = "turn"
    MOG = "mog"
    PLAY = "play"
    COUNT = "count"  # passes without a decision: the hands are counted in turn
    OVER = "over"


class Event(NamedTuple):
    """A score (or a named happening worth 0, such as a cock's nest).

    A named tuple rather than a frozen dataclass: as immutable, and five times cheaper to make, which
    counts at some ninety scores a game."""

    deal: int
    phase: str
    player: int
    team: int
    points: int
    name: str
    rule: str
    cite: tuple[str, ...]
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "phase": self.phase, "player": self.player, "team": self.team,
                "points": self.points, "name": self.name, "rule": self.rule, "cite": list(self.cite),
                "cards": list(self.cards)}


_new_tuple = tuple.__new__


@dataclass
class _Claim:
    receiver: int
    giver: int
    card: Card
    points: int
    rule: str
    name: str


def remove_card(cards: list[Card], card: Card) -> None:
    """``cards.remove(card)`` by identity. Cards are interned, and list.remove would call the Python-level
    ``__eq__`` that Card's ``__lt__`` brings with it on every card it passes (ten times slower)."""
    for i, held in enumerate(cards):
        if held is card:
            del cards[i]
            return
    raise ValueError(f"{card} is not among {[str(c) for c in cards]}")


class StateCore:
    """The bookkeeping every phase reads and writes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.citations = game.citations
        self.n = game.num_players
        self.teams = [game.team_of(p) for p in range(self.n)]  # each seat's side, read once
        # The seats in turn from each seat, made once: the play asks at every card.
        self.seat_orders = [tuple((start + i) % self.n for i in range(self.n)) for start in range(self.n)]
        self.scores = [0] * game.num_teams
        # The hands and deck card of the last deal counted, for showing after the deal has passed.
        self.shown_hands: tuple[tuple[tuple[Card, ...], ...], Card] | None = None
        self.events: list[Event] = []
        self.history: list[Action] = []
        self.deal_number = 0
        self.dealer = -1
        self.eldest = 0  # the seat after the dealer's, kept with it by _set_dealer: asked at every card dealt
        self.winner: int | None = None
        self.cuts: dict[int, Card] = {}
        self.phase = Phase.CUT
        self.stock: list[Card] = list(FULL_DECK)
        self.drawn_at = 0  # where in the stock sample_chance found its card, to take it out without a search
        self._new_deal_state()

    # -- bookkeeping ---------------------------------------------------------------------------------

    def _new_deal_state(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.dealt = 0  # cards dealt so far
        self.deck_card: Card | None = None
        self.pending: list[tuple[int, str]] = []
        self.gives: dict[int, Action] = {}  # each giver's give action: the card given, and whether pegged
        self.offers: dict[int, bool] = {}
        self.exchanged: set[int] = set()
        self.refused_askers: set[int] = set()
        self.claims: list[_Claim] = []
        self.count = 0
        self.series: list[tuple[int, Card]] = []
        self.series_code = 0  # the series' ranks as one int (play.series_code), the key of its play scores
        self.said_go: set[int] = set()
        self.go_awarded = False
        self.go_paid = False
        self.to_play = -1
        self.last_player = -1
        self.played: list[Card] = []
        self.count_hands: list[tuple[Card, ...]] = []

    def team_of(self, player: int) -> int:
        return self.teams[player]

    def _set_dealer(self, dealer: int) -> None:
        self.dealer = dealer
        self.eldest = (dealer + 1) % self.n

    def _seat_order(self, start: int) -> tuple[int, ...]:
        return self.seat_orders[start % self.n]

    def _score(self, player: int, points: int, name: str, rule: str, cards: tuple[Card, ...] = ()) -> None:
        if self.winner is not None:
            return
        team = self.teams[player]
        self.scores[team] += points
        # phase._value_ is phase.value without the Enum property's Python call; the Event made as the
        # tuple it is, without the Python-level __new__ a named tuple adds (some ninety a game)
        self.events.append(_new_tuple(Event, (self.deal_number, self.phase._value_, player, team, points, name,
                                              rule, self.citations.get(rule, ()), tuple([c.text for c in cards]))))
        if points and self.rules.peg_out_ends_game and self.scores[team] >= self.rules.target:
            self.winner = team
            self.phase = Phase.OVER

    # -- views ---------------------------------------------------------------------------------------------

    def team_score(self, player: int) -> int:
        return self.scores[self.team_of(player)]

    def unseen_by(self, player: int) -> list[Card]:
        """Cards this player has not seen: not in his hand, not the deck card, not played this deal."""
        seen = set(self.hands[player]) | set(self.played)
        if self.deck_card is not None:
            seen.add(self.deck_card)
        return [c for c in FULL_DECK if c not in seen]

