"""Deals to JSON lines for ``costly score --batch``: tables of templates built from ``rank_part`` and
``suit_part``, and one ``%`` a line (or its equal in C).

A deal comes as its code (``batch_text``): eight bytes, a rank letter then a suit letter per card. Three
views of a block's codes, made in C, pick everything a line needs: the four rank letters, read as one
32-bit number, pick the *rank entry* (points, thirty-one, pairs, sequences and the Aces' values, for the
ranks in the order given); the codes with every rank but Jack and Deuce blotted out, read as one 64-bit
number, pick the *suit entry* (Jacks, Deuces, colours); each card's two bytes, read as a 16-bit number,
pick its quoted name. A line is then

    b"".join(rank parts and suit parts, alternately) % {line number, total, the cards' names}

The parts alternate because a profile declares its categories in an order that can alternate rank and
suit runs. Each entry keeps a variant for each way the other can be empty where it matters (which item
is the first, whose ``", "`` goes; whether the suits score nothing, for a cock's nest), chosen by a
number the other entry carries.

Filling. Python does it with that join and ``%`` (``BatchScorer.fill_in_python``). Where the package
was installed with a C compiler at hand, ``_fill.c`` does the same for a whole block at once: it copies
the parts and fills the same slots, reading the same entries, so that every byte is the same (tested on
every bundled profile and on random count rules and declaration orders) at half the cost of a line.
Only the filling is in C: what a hand scores, and every word of the output, is made here, from the
count's own ``rank_part`` and ``suit_part``.

Speed. A line costs the join and the ``%``; what decides their speed is whether the parts are in the
cache. So the rank parts are kept per *sorted* ranks (1,820 of them, the cards named in sorted order:
``w x y z``), not per ranks in the order given (28,561), and the rank entry holds the getter that
sorts a line's names; suit entries are shared by every suit role that scores alike.
"""
from __future__ import annotations

import itertools
import json
import os
import sys
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Iterable, Sequence

from ..cards import FULL_DECK, Suit
from ..profiles.rules import Category, Rules
from .batch_text import RANK_CODES, SUIT_CODES
from .hand import ROLE_BESIDE, rank_part, suit_part

_RANK = tuple(int(card.rank) for card in FULL_DECK)
_SUIT = tuple(list(Suit).index(card.suit) for card in FULL_DECK)
# A card's code (two bytes) by its index in FULL_DECK, and its quoted name by its code read as a number.
CODE = tuple(bytes((RANK_CODES[_RANK[i] - 1], SUIT_CODES[_SUIT[i]])) for i in range(52))
_NAME = {memoryview(CODE[i]).cast("H")[0]: f'"{card}"'.encode() for i, card in enumerate(FULL_DECK)}
_INDEX_OF_CODE = {code: i for i, code in enumerate(CODE)}
_RANK_CATEGORIES = frozenset({Category.POINTS, Category.THIRTY_ONE, Category.PAIRS, Category.SEQUENCES})
# Every rank letter but J and 2 becomes "x": what is left of a code is what the suit part sees.
_SUIT_VIEW = bytes.maketrans(bytes(c for c in RANK_CODES if c not in b"J2"), b"x" * 11)


_ROLE = ROLE_BESIDE  # [deck suit][card index] -> suit role, 0..11

_SLOT = "\x00%d\x00"   # where the card at a position (or sorted position) goes, until the key is known
_KEYS = "abcd"         # the four cards as given, as keys of the mapping a line is filled from
_SORTED_KEYS = "wxyz"  # the four cards sorted by rank (as the rank part has them), likewise


def _escaped(text: str, times: int) -> str:
    """``text`` to come out as it is after ``times`` ``%`` operations."""
    return text.replace("%", "%" * (1 << times))


def _item_texts(rules: Rules, items: Iterable[tuple], memo: dict[tuple, tuple[str, str]]) -> dict[Category, str]:
    """Per category: its items' JSON, each preceded by ", ", with ``_SLOT`` where each card goes.
    ``memo`` keeps each item's JSON around its cards, for the next entry that has the same item."""
    out: dict[Category, str] = {}
    for category, name, positions, points, rule in items:
        around = memo.get((category, name, points, rule))
        if around is None:
            text = json.dumps({"category": category.value, "name": name, "cards": "\x00", "points": points,
                               "rule": rule, "cite": list(rules.cite(rule))}, ensure_ascii=False)
            # split at the cards' value: a name's own "\u0000" (a control character, escaped) comes
            # before it, and cannot hold '"cards": ' unescaped
            before, _, after = text.partition('"cards": "\\u0000"')
            before += '"cards": '
            around = memo[(category, name, points, rule)] = (", " + before + "[", "]" + after)
        out[category] = out.get(category, "") + around[0] + ", ".join(_SLOT % p for p in positions) + around[1]
    return out


@dataclass(frozen=True)
class _Layout:
    """Where each category's items go: the declaration order as alternating rank and suit runs.

    A line's items are ``r0 + s0 + r1 + s1 + r2 + s2 + r3``; a run a profile does not have is empty. Four
    rank categories and three suit categories alternate at most that often (r s r s r s r, or the same
    after an empty r0)."""

    rank_runs: tuple[tuple[Category, ...], ...]
    suit_runs: tuple[tuple[Category, ...], ...]

    @classmethod
    def of(cls, order: Sequence[Category]) -> "_Layout":
        rank_runs: list[list[Category]] = [[]]
        suit_runs: list[list[Category]] = [[]]
        for category in order:
            if category in _RANK_CATEGORIES:
                if suit_runs[-1]:
                    rank_runs.append([])
                    suit_runs.append([])
                rank_runs[-1].append(category)
            else:
                suit_runs[-1].append(category)
        rank_runs += [[]] * (RANK_RUNS - len(rank_runs))
        suit_runs += [[]] * (RANK_RUNS - len(suit_runs))
        assert len(rank_runs) == RANK_RUNS and not suit_runs[-1], order
        return cls(tuple(map(tuple, rank_runs)), tuple(map(tuple, suit_runs[:-1])))


RANK_RUNS = 4   # and three suit runs


def _leading_empty(runs: Sequence[str | bytes]) -> int:
    return next((i for i, run in enumerate(runs) if run), len(runs))


# (its leading empty runs, total, a getter of the cards in sorted order, eight variants by the suit entry's
# number, the positions in sorted order): the C filler reads these positions, Python the getter.
RankEntry = tuple
# (its leading empty runs, 0 to 3, + 4 if it scores nothing, total, five variants by the rank entry's leading
# empty runs)
SuitEntry = tuple


class BatchScorer:
    """Scores deals under one rule set, from codes to JSON lines (UTF-8 bytes)."""

    HEAD = b'{"line": %(n)d, "hand": [%(a)s, %(b)s, %(c)s], "deck": %(d)s, "total": %(t)d, "items": ['
    MID = b'], "ace_values": {'
    TAIL = b'}, "cocks_nest": false}\n'
    NEST_TAIL = b'}, "cocks_nest": true}\n'

    def __init__(self, rules: Rules, *, fill: Filler | None = None) -> None:
        self.rules = rules
        self.fill: Filler = fill or FILL
        self.counting = rules.counting
        self.nest = rules.cocks_nest
        self.layout = _Layout.of(rules.declaration_order)
        self._items: dict[tuple, tuple[str, str]] = {}
        self._sorted: dict[tuple[int, ...], tuple[int, int, tuple[tuple[bytes, ...], ...]]] = {}
        self._roles: dict[int, SuitEntry] = {}
        self._by_items: dict[tuple, SuitEntry] = {}
        scorer = self

        class Ranks(dict):  # type: ignore[type-arg]
            def __missing__(self, key: int) -> RankEntry:
                entry = self[key] = scorer._rank_entry(key.to_bytes(4, sys.byteorder))
                return entry

        class Suits(dict):  # type: ignore[type-arg]
            def __missing__(self, key: int) -> SuitEntry:
                entry = self[key] = scorer._suit_entry(key.to_bytes(8, sys.byteorder))
                return entry

        # By the four rank letters as a 32-bit number, and by the suit view as a 64-bit number.
        self.ranks: dict[int, RankEntry] = Ranks()
        self.suits: dict[int, SuitEntry] = Suits()

    # -- rank entries ---------------------------------------------------------------------------------------

    def _sorted_entry(self, ranks: tuple[int, ...]) -> tuple[int, int, tuple[tuple[bytes, ...], ...]]:
        """For sorted ``ranks``: the number of leading empty rank runs, the total, and the eight variants,
        each (the head and first run, the second run, the third, the fourth and the end), with the card
        at each sorted position named by its key in ``_SORTED_KEYS``."""
        items, ace_values = rank_part(self.counting, ranks)
        texts = _item_texts(self.rules, items, self._items)
        runs = ["".join(texts.get(c, "") for c in run) for run in self.layout.rank_runs]
        aces = ", ".join(f"{_SLOT % p}: {v}" for p, v in enumerate(ace_values) if v)
        text = _escaped("\x00".join([*runs, aces]), 1)
        for p in range(4):
            text = text.replace(_SLOT % p, "%%(%s)s" % _SORTED_KEYS[p])
        *runs_text, aces_text = text.encode("utf-8").split(b"\x00")
        leading, total = _leading_empty(runs), sum(item[3] for item in items)
        head = self.HEAD + runs_text[0][2:]
        ends = (self.MID + aces_text + self.TAIL,
                self.MID + aces_text + (self.NEST_TAIL if self.nest and total == 0 else self.TAIL))
        variants = []
        for number in range(8):
            suits_leading = number & 3
            # The first item loses its ", ": here r1, r2 or r3 if every run before it is empty.
            r = [run[2:] if k == leading and suits_leading >= k else run for k, run in enumerate(runs_text)]
            variants.append((head, r[1], r[2], r[3] + ends[number >= 4]))
        entry = self._sorted[ranks] = (leading, total, tuple(_shared(variants)))
        return entry

    def _rank_entry(self, letters: bytes) -> RankEntry:
        ranks = letters.translate(_RANK_OF_LETTER)
        # Sorted like score_hand (by rank, ties by position): the getter gives the cards in that order.
        order = tuple(sorted(range(4), key=ranks.__getitem__))
        in_order = tuple(ranks[p] for p in order)
        leading, total, variants = self._sorted.get(in_order) or self._sorted_entry(in_order)
        return (leading, total, _IN_ORDER[order], variants, order)

    # -- suit entries ---------------------------------------------------------------------------------------

    def _suit_entry(self, view: bytes) -> SuitEntry:
        """The suit entry for a suit view: cards standing for those of the deal, with the same suit roles."""
        cards = [_STAND_IN[view[2 * p], view[2 * p + 1], p] for p in range(4)]
        deck_roles = _ROLE[_SUIT[cards[3]]]
        role_key = deck_roles[cards[0]] + 12 * deck_roles[cards[1]] + 144 * deck_roles[cards[2]] + 1728 * deck_roles[cards[3]]
        entry = self._roles.get(role_key)
        if entry is None:
            entry = self._roles[role_key] = self._role_entry(cards)
        return entry

    def _role_entry(self, cards: list[int]) -> SuitEntry:
        items = tuple(suit_part(self.counting, tuple(FULL_DECK[i] for i in cards)))
        entry = self._by_items.get(items)  # many suit roles score alike (nothing, most often)
        if entry is None:
            texts = _item_texts(self.rules, items, self._items)
            text = _escaped("\x00".join("".join(texts.get(c, "") for c in run) for run in self.layout.suit_runs), 1)
            for p in range(4):
                text = text.replace(_SLOT % p, "%%(%s)s" % _KEYS[p])
            runs = text.encode("utf-8").split(b"\x00")
            total = sum(item[3] for item in items)
            leading = _leading_empty(runs)
            # The first item loses its ", ": the first non-empty suit run, if the rank runs before it are empty.
            variants = [tuple(run[2:] if k == leading and ranks_leading > k else run for k, run in enumerate(runs))
                        for ranks_leading in range(RANK_RUNS + 1)]
            entry = self._by_items[items] = (min(leading, 3) + (4 if total == 0 else 0), total, tuple(_shared(variants)))
        return entry

    def warm(self) -> None:
        """Build every entry: before forking, so that workers share them instead of each building them."""
        ranks, suits, order = self.ranks, self.suits, sys.byteorder
        for letters in itertools.product(RANK_CODES, repeat=4):
            code = bytes(letters)
            ranks[int.from_bytes(code, order)] = self._rank_entry(code)
        for cards in itertools.product(_SUIT_VIEW_CARDS, repeat=4):
            if len(set(cards)) == 4 or _x_only_repeats(cards):  # else the same Jack or Deuce twice: no deal has it
                view = b"".join(cards)
                suits[int.from_bytes(view, order)] = self._suit_entry(view)

    # -- scoring --------------------------------------------------------------------------------------------

    def score_codes(self, codes: bytes, numbers: Iterable[int]) -> bytes:
        """The JSON lines, each ending in a line break, of the deals in ``codes`` (eight bytes each), on
        input lines ``numbers``."""
        names = list(map(_NAME.__getitem__, memoryview(codes).cast("H").tolist()))
        ranks = list(map(self.ranks.__getitem__, memoryview(codes.translate(None, SUIT_CODES)).cast("I").tolist()))
        suits = list(map(self.suits.__getitem__, memoryview(codes.translate(_SUIT_VIEW)).cast("Q").tolist()))
        return self.fill(ranks, suits, names, numbers)

    @staticmethod
    def fill_in_python(ranks: list[RankEntry], suits: list[SuitEntry], names: list[bytes],
                       numbers: Iterable[int]) -> bytes:
        """The lines of deals given by their entries and their cards' names (four a deal): each the
        entries' parts joined, then filled by one ``%``. ``_fill.c`` does the same in C."""
        out: list[bytes] = []
        append = out.append
        join = b"".join
        each = iter(names)
        for n, r, s, cards in zip(numbers, ranks, suits, zip(each, each, each, each)):
            rank = r[3][s[0]]
            suit = s[2][r[0]]
            a, b, c, d = cards
            w, x, y, z = r[2](cards)
            append(join((rank[0], suit[0], rank[1], suit[1], rank[2], suit[2], rank[3]))
                   % {b"n": n, b"a": a, b"b": b, b"c": c, b"d": d, b"t": r[1] + s[1], b"w": w, b"x": x, b"y": y, b"z": z})
        return join(out)

    def score_deals(self, deals: Sequence[tuple[int, int, int, int]], numbers: Iterable[int]) -> bytes:
        """The same for deals as card indices into FULL_DECK."""
        return self.score_codes(b"".join(CODE[i] for deal in deals for i in deal), numbers)

    def score_line(self, cards: tuple[int, ...], line: int = 0) -> str:
        """The JSON line for four card indices (three held, then the deck card)."""
        a, b, c, d = cards
        return self.score_deals([(a, b, c, d)], [line]).decode("utf-8").rstrip("\n")


def _shared(variants: Sequence[tuple[bytes, ...]]) -> list[tuple[bytes, ...]]:
    """The variants, equal ones as one object."""
    seen: dict[tuple[bytes, ...], tuple[bytes, ...]] = {}
    return [seen.setdefault(v, v) for v in variants]


Filler = Callable[[list[RankEntry], list[SuitEntry], list[bytes], Iterable[int]], bytes]
# The C filler (``_fill.c``) where it was built, and speaks this format of entries and parts; else Python.
# COSTLY_PURE_PYTHON=1 chooses Python, to compare the two or to rule the C out.
FILL_FORMAT = 2
FILL: Filler = BatchScorer.fill_in_python
if os.environ.get("COSTLY_PURE_PYTHON", "") in ("", "0"):
    try:
        from . import _fill
    except ImportError:
        pass
    else:
        if getattr(_fill, "FORMAT", None) == FILL_FORMAT:
            FILL = _fill.fill


_RANK_OF_LETTER = bytes.maketrans(RANK_CODES, bytes(range(1, 14)))  # letter -> rank, as a byte
# The four cards sorted by rank, from the four as given, for each order of the positions.
_IN_ORDER = {order: itemgetter(*order) for order in itertools.permutations(range(4))}
# A card in a suit view (a rank letter J, 2 or x, and a suit letter) at a position -> a card standing
# for it: the Jack, the Deuce, or a card of neither rank, a different one at each position.
_STAND_IN = {(letter, suit_letter, p): next(i for i in range(52) if _SUIT[i] == SUIT_CODES.index(suit_letter)
                                             and _RANK[i] == {ord("J"): 11, ord("2"): 2}.get(letter, 5 + p))
             for letter in b"J2x" for suit_letter in SUIT_CODES for p in range(4)}
_SUIT_VIEW_CARDS = [bytes((letter, suit_letter)) for letter in b"J2x" for suit_letter in SUIT_CODES]


def _x_only_repeats(cards: tuple[bytes, ...]) -> bool:
    held = [c for c in cards if c[0] != ord("x")]
    return len(set(held)) == len(held)


def card_index(code: bytes) -> int:
    """A card's index in FULL_DECK from its code."""
    return _INDEX_OF_CODE[code]
