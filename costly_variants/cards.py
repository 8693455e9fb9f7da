"""Cards: ranks, suits and the parser for the spellings people write (``10H``, ``TH``, ``qd``, ``A♠``)."""
from __future__ import annotations

import enum
from dataclasses import FrozenInstanceError
from typing import Callable, Iterable

from .errors import CardError


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """The four suits, in the order used for a canonical sort."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(enum.IntEnum):
    """Ranks in sequence order, Ace low (1) to King (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_court(self) -> bool:
        return self >= Rank.JACK

    @classmethod
    def from_str(cls, text: str) -> "Rank":
        try:
            return _RANK_PARSE[text.strip().upper()]
        except KeyError:
            raise CardError(f"unknown rank {text!r}: expected {RANK_SPELLINGS}") from None


_RANK_SYMBOLS = {r: s for r, s in zip(Rank, ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])}
_RANK_PARSE = {s: r for r, s in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
RANK_SPELLINGS = "A, 2-10 (or T), J, Q or K"  # what _RANK_PARSE takes, for error messages


def _rank_hint(rank_text: str, suit_text: str) -> str:
    """What a rank the parser does not take was likely meant to be: ``1`` is a ten missing its nought or
    an Ace written as a number, which the spellings leave out so that a typo is not read as an Ace."""
    if rank_text == "1":
        return f": did you mean 10{suit_text} or A{suit_text}?"
    return f" (expected {RANK_SPELLINGS})"
_SUIT_PARSE = {s.value: s for s in Suit} | {v: k for k, v in _SUIT_SYMBOLS.items()} | {
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}


class Card:
    """A playing card. ``str(card)`` is the canonical form (``10H``); ``repr`` round-trips.

    There is exactly one object per card: ``Card(rank, suit)`` returns it rather than a new one, and
    copying or unpickling gives it back. So equality is identity and the hash is the card's index,
    both as cheap as Python allows; the game engine compares and looks up cards millions of times.
    Cards are immutable.
    """

    __slots__ = ("rank", "suit", "index", "colour", "sort_key", "text")
    rank: Rank
    suit: Suit
    index: int     # 0..51, suit-major; a compact key for tables
    colour: Colour
    sort_key: int  # rank, then suit (clubs, diamonds, hearts, spades): the order cards sort in
    text: str      # the canonical form, as str() gives it

    def __new__(cls, rank: Rank | int, suit: Suit) -> "Card":
        try:
            return _BY_RANK_SUIT[int(rank), suit]
        except (KeyError, TypeError, ValueError):
            raise CardError(f"no card of rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> "Card":
        card = object.__new__(cls)
        for name, value in (("rank", rank), ("suit", suit), ("index", _SUIT_ORDER[suit] * 13 + int(rank) - 1),
                            ("colour", suit.colour), ("sort_key", int(rank) * 4 + _SUIT_ORDER[suit]),
                            ("text", rank.symbol + suit.value)):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: cards are immutable")

    def __hash__(self) -> int:
        return self.index  # the same in every process, unlike the default

    def __reduce__(self) -> tuple[object, tuple[Rank, Suit]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    @classmethod
    def from_str(cls, text: str) -> "Card":
        """Parse ``10H``, ``TH``, ``th``, ``10♥``, ``A♠``, ``qd``; raise CardError naming the bad card."""
        card = _PARSE_CACHE.get(text)
        if card is not None:
            return card
        cleaned = text.strip()
        if len(cleaned) < 2:
            raise CardError(f"bad card {text!r}: expected a rank and a suit, e.g. 10H, QD, A♠")
        rank_text, suit_text = cleaned[:-1], cleaned[-1].upper()
        suit = _SUIT_PARSE.get(suit_text)
        if suit is None:
            raise CardError(f"bad card {text!r}: unknown suit {cleaned[-1]!r} (expected C, D, H, S or ♣♦♥♠)")
        rank = _RANK_PARSE.get(rank_text.upper())
        if rank is None:
            raise CardError(f"bad card {text!r}: unknown rank {rank_text!r}{_rank_hint(rank_text, suit.value)}")
        return cls(rank, suit)

    def __lt__(self, other: "Card") -> bool:
        """Cards sort by rank, then suit (clubs, diamonds, hearts, spades)."""
        return self.sort_key < other.sort_key

    def pips(self, *, court_value: int = 10, ace_value: int = 1) -> int:
        if self.rank == Rank.ACE:
            return ace_value
        return court_value if self.rank.is_court else int(self.rank)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_str({self.text!r})"

    def pretty(self) -> str:
        return self.rank.symbol + self.suit.symbol


_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}

FULL_DECK: tuple[Card, ...] = tuple(Card._make(r, s) for s in Suit for r in Rank)
_BY_RANK_SUIT = {(int(card.rank), card.suit): card for card in FULL_DECK}

# Every accepted spelling of every card, so that bulk parsing is one dictionary look-up.
_PARSE_CACHE: dict[str, Card] = {}
for _card in FULL_DECK:
    _rank_spellings = {_card.rank.symbol} | ({"T"} if _card.rank == Rank.TEN else set())
    _suit_spellings = {_card.suit.value, _card.suit.symbol}
    for _r in _rank_spellings:
        for _s in _suit_spellings:
            for _form in {_r + _s, (_r + _s).lower(), _r.lower() + _s, _r + _s.lower()}:
                _PARSE_CACHE[_form] = _card



def card_of(rank: Rank | int, suit: Suit) -> Card:
    """The one Card object for ``rank`` and ``suit`` (cheaper than building a new one)."""
    return _BY_RANK_SUIT[int(rank), suit]


def parse_cards(texts: Iterable[str], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse several cards; with ``distinct`` a card given twice is an error naming it."""
    cards = tuple(Card.from_str(t) for t in texts)
    if distinct:
        seen: set[Card] = set()
        for text, card in zip(texts if isinstance(texts, (list, tuple)) else [str(c) for c in cards], cards):
            if card in seen:
                raise CardError(f"card {card} appears twice in one deal" if text == str(card) else
                                f"card {text!r} ({card}) appears twice in one deal")
            seen.add(card)
    return cards


class CardGroups:
    """The cards other than one set apart (a deck card), in groups by a key: what a table of the engine
    sees of a card beside that one, so that a bot weighing every card it has not seen weighs a group
    at once. Made once per key and card set apart; ``unseen`` then counts what is left of each group."""

    __slots__ = ("members", "group_of")

    def __init__(self, key: Callable[[Card], int], apart: Card) -> None:
        groups: dict[int, list[Card]] = {}
        for card in FULL_DECK:
            if card is not apart:
                groups.setdefault(key(card), []).append(card)
        self.members: tuple[tuple[Card, ...], ...] = tuple(tuple(members) for members in groups.values())
        group_of = [-1] * len(FULL_DECK)
        for number, members in enumerate(self.members):
            for card in members:
                group_of[card.index] = number
        self.group_of: tuple[int, ...] = tuple(group_of)

    def unseen(self, seen: Iterable[Card]) -> tuple[tuple[Card, int], ...]:
        """The groups less the ``seen`` cards (distinct; the card set apart among them or not): for each
        group with a card left, the first card left and how many are left."""
        left = [len(members) for members in self.members]
        group_of = self.group_of
        seen_at = set()  # the cards' indexes: a card's own hash is a Python call
        for card in seen:
            index = card.index
            seen_at.add(index)
            number = group_of[index]
            if number >= 0:
                left[number] -= 1
        out = []
        for members, n in zip(self.members, left):
            if n:
                first = members[0]
                if first.index in seen_at:
                    first = next(card for card in members if card.index not in seen_at)
                out.append((first, n))
        return tuple(out)
