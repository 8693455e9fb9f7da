"""Batch input read a block at a time in C: a block of lines checked by regular expressions and turned
into *codes*, eight bytes a deal, with no Python step per line.

A block's text is first *normalised*: suit symbols become letters, everything is upper case, ``10``
becomes ``T`` (a ``1`` left over is no rank: ``1H`` is refused), and ``#`` comments are cut off, so that every card is two
bytes, a rank (``A23456789TJQK``) then a suit (``CDHS``). If every normalised line is then blank or four
cards parted by blanks or commas (``_SPACED``, ``_LINES``) and no deal has a card twice
(``_all_different``), the block is *plain*: deleting the blanks and commas leaves the codes, which
``batch_scorer`` reads as numbers (``memoryview.cast``). A block that is not plain, for any reason at all
(a bad line, an overlong one, a spelling such as ``5ſ`` that the parser also takes), is read line by
line by ``batch.parse_line`` instead, which gives the same deals, or the exact error.

Normalising changes no answer: the parser takes ranks and suits in either case, ``10`` and ``T`` alike,
``1`` for ``A`` and the suit symbols for letters; no blank, comma, ``#`` or line break is added or
removed. A line as read is no longer than normalised but for what normalising took off: a byte per
``10``, two per suit symbol, and comments. So in an ASCII block without comments, the bounds of
``_LINES`` keep every line it accepts far within ``MAX_LINE``; in any other block, the lengths are
checked on the text as read (``_LONG``), and so is UTF-8.
"""
from __future__ import annotations

import re
from itertools import compress, count
from typing import Iterable

from ..cards import _SUIT_PARSE

MAX_LINE = 1024          # bytes in one input line, its line break excluded

RANK_CODES = b"A23456789TJQK"   # a card's first byte, by rank - 1
SUIT_CODES = b"CDHS"            # its second byte, by the suit's place in Suit
# Blanks as bytes.split() sees them, and commas: what parts cards (a line break ends a line).
SEPARATORS = b" \t\r\x0b\x0c,"

# The suit symbols the parser takes (♣, ♧, ...), as UTF-8, and the letter each stands for.
_SYMBOLS = tuple((text.encode("utf-8"), suit.value.encode()) for text, suit in _SUIT_PARSE.items()
                 if not text.isascii())

_CARD = rb"[A2-9TJQK][CDHS]"
_GAP = rb"[ \t\r\x0b\x0c,]"
# Every line four cards parted by one space: most files, and the quickest to check.
_SPACED = re.compile(rb"(?:%(c)s %(c)s %(c)s %(c)s(?:\n|\Z))*+" % {b"c": _CARD})
# Every line blank, or four cards parted by blanks or commas. The bounds ({0,40}) keep a line short
# enough that it cannot have been longer than MAX_LINE as read.
_LINES = re.compile(rb"(?:%(g)s{0,40}(?:%(c)s%(g)s{1,40}%(c)s%(g)s{1,40}%(c)s%(g)s{1,40}%(c)s%(g)s{0,40})?(?:\n|\Z))*+"
                    % {b"c": _CARD, b"g": _GAP})
_COMMENT = re.compile(rb"#[^\n]*")
_LONG = re.compile(rb"(?m)^[^\n]{%d}" % (MAX_LINE + 1))


def normalise(text: bytes) -> bytes:
    """``text`` with symbols as letters, in upper case, ``10`` as ``T`` and comments cut off."""
    if not text.isascii():
        for symbol, code in _SYMBOLS:
            if symbol in text:
                text = text.replace(symbol, code)
    text = text.upper()
    if b"1" in text:  # a 1 left over is no rank: the line is refused, read card by card
        text = text.replace(b"10", b"T")
    if b"#" in text:
        text = _COMMENT.sub(b"", text)
    return text


def plain(text: bytes) -> bytes | None:
    """The normalised ``text`` of a block if every line of it is good and plain, else None."""
    if not text.isascii() or b"#" in text:
        try:
            text.decode("utf-8")
        except UnicodeDecodeError:
            return None
        if _LONG.search(text):
            return None
    normal = normalise(text)
    if not (_SPACED.fullmatch(normal) or _LINES.fullmatch(normal)):
        return None
    return normal if _all_different(codes(normal)) else None


def _all_different(codes: bytes) -> bool:
    """Whether no deal in ``codes`` has a card twice: each deal compared, as one big number, with itself
    turned by one card and by two, every card a 16-bit digit, for a digit that is zero (equal cards)."""
    if not codes:
        return True
    cards = memoryview(codes).cast("H")
    turned = bytearray(len(codes))
    by_one = memoryview(turned).cast("H")
    by_one[0::4], by_one[1::4], by_one[2::4], by_one[3::4] = cards[1::4], cards[2::4], cards[3::4], cards[0::4]
    swapped = bytearray(len(codes))
    pairs, by_two = memoryview(codes).cast("I"), memoryview(swapped).cast("I")
    by_two[0::2], by_two[1::2] = pairs[1::2], pairs[0::2]
    ones = int.from_bytes(b"\x01\x00" * (len(codes) // 2), "little")
    tops = ones << 15
    whole = int.from_bytes(codes, "little")
    for other in (turned, swapped):
        # The bytes are ASCII, so no digit reaches 0x8000: subtracting 1 from each sets a digit's top
        # bit exactly where it was 0, and borrows from the next digit only there.
        differences = whole ^ int.from_bytes(other, "little")
        if (differences - ones) & ~differences & tops:
            return False
    return True


def codes(normal: bytes) -> bytes:
    """The deals of a plain block's normalised text, eight bytes each."""
    return normal.translate(None, SEPARATORS + b"\n")


def numbers(normal: bytes, codes: bytes, first: int) -> Iterable[int]:
    """The line numbers of the deals, the block's first line being number ``first``."""
    lines = normal.count(b"\n") + 1
    if len(codes) == 8 * lines:  # no blank line: the usual case
        return range(first, first + lines)
    return compress(count(first), [line.translate(None, SEPARATORS) for line in normal.split(b"\n")])
