"""Actions in the game, chance outcomes included, as small values that print and parse."""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import FULL_DECK, Card
from ..errors import IllegalActionError


class Kind(enum.Enum):
    # chance
    CUT = "cut"              # a card cut for first deal
    DEAL = "deal"            # the next card dealt
    TURN = "turn"            # the deck card turned up
    STOCK_CARD = "stock-card"  # the card under the deck card, taken by a dealer who mogs the stock
    # choices
    ASK = "ask"              # ask to mog / agree to mog
    DECLINE = "decline"      # not ask / refuse to mog
    GIVE = "give"            # pass a card in the mog (peg=True: peg the Jack or Deuce given first)
    STOCK = "stock"          # the four-hand dealer mogs the stock
    NO_STOCK = "no-stock"
    DISCARD = "discard"      # the card a dealer who mogged the stock puts in its place
    PLAY = "play"
    GO = "go"


CHANCE_KINDS = frozenset({Kind.CUT, Kind.DEAL, Kind.TURN, Kind.STOCK_CARD})


@dataclass(frozen=True)
class Action:
    """``str(action)`` is its log form (``play:AH=11``, ``give:JH+peg``); ``Action.from_str`` parses it."""

    kind: Kind
    card: Card | None = None
    value: int | None = None  # an Ace's declared value in play
    peg: bool = False         # pegging a Jack or Deuce given away in the mog

    @property
    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS

    def __str__(self) -> str:
        text = self.kind.value
        if self.card is not None:
            text += f":{self.card}"
        if self.value is not None:
            text += f"={self.value}"
        if self.peg:
            text += "+peg"
        return text

    def __repr__(self) -> str:
        return f"Action.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> "Action":
        raw = text.strip()
        peg = raw.endswith("+peg")
        raw = raw.removesuffix("+peg")
        head, _, rest = raw.partition(":")
        try:
            kind = Kind(head)
        except ValueError:
            raise IllegalActionError(f"unknown action {text!r}") from None
        card = value = None
        if rest:
            card_text, _, value_text = rest.partition("=")
            card = Card.from_str(card_text)
            if value_text:
                # ASCII digits only: "¹".isdigit() and "١١".isdigit() are true, and int("١١") is 11.
                if not (value_text.isascii() and value_text.isdigit()) or len(value_text) > 2:
                    raise IllegalActionError(f"bad Ace value in action {text!r}")
                value = int(value_text)
        return cls(kind, card, value, peg)


# The engine's own actions, made once: legal_actions() and chance hand out these objects rather than
# new ones (building a frozen dataclass costs more than a move). Tables of cards are indexed by
# ``card.index``.
def _by_card(kind: Kind, *, peg: bool = False) -> tuple[Action, ...]:
    return tuple(Action(kind, card, None, peg) for card in FULL_DECK)


CHANCE_ACTIONS = {kind: _by_card(kind) for kind in (Kind.CUT, Kind.DEAL, Kind.TURN, Kind.STOCK_CARD)}
GIVE_ACTIONS = _by_card(Kind.GIVE)
GIVE_PEG_ACTIONS = _by_card(Kind.GIVE, peg=True)
DISCARD_ACTIONS = _by_card(Kind.DISCARD)
ASK = Action(Kind.ASK)
DECLINE = Action(Kind.DECLINE)
STOCK = Action(Kind.STOCK)
NO_STOCK = Action(Kind.NO_STOCK)
GO = Action(Kind.GO)
