"""An apparatus of variant readings between witnesses of one text (Cotton's chapter in 1674, 1687 and an
eighteenth-century edition), computed from the transcriptions in sources/, never typed by hand.

Each witness is its passages' words in order, page marks dropped. The two are aligned word by word
(difflib) on a spelling key that sets aside what only spelling and print change (capitals, long s, u/v
and i/j, an elided or doubled letter, a final e, -ie/-y); the aligned words that still differ are
substantive variants (``she`` / ``he``), those that differ only in spelling are spelling variants
(``Perſons`` / ``persons``), those that differ only in punctuation are punctuation variants, and an
illegible gap of one witness with the other's words is a gap filled.
"""
from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass
from typing import Sequence

from .sources import Library, Source, library

SLACK = 10  # words past a partial witness's end that its last words may still fall on
PAGE_MARK = re.compile(r"\[p\. ?\d+\]")
TOKEN = re.compile(r"\[gap:[^\]]*\]|[\wſ]+(?:'[\wſ]+)*|[^\w\sſ]")


class Kind(enum.Enum):
    SUBSTANTIVE = "substantive"
    SPELLING = "spelling"
    PUNCTUATION = "punctuation"
    GAP = "gap filled"


@dataclass(frozen=True)
class Token:
    text: str
    passage: str  # the passage ref the word is in


@dataclass(frozen=True)
class Variant:
    """One place where two witnesses read differently: the lemma (the first witness's words, with its
    passage) and the reading of the second."""

    kind: Kind
    lemma: str
    reading: str
    at: str  # the first witness's passage ref
    other_at: str  # the second witness's passage ref


def tokens(source: Source) -> list[Token]:
    """The witness's words and marks in order, each with its passage; page marks dropped."""
    out = []
    for passage in source.passages.values():
        text = PAGE_MARK.sub(" ", passage.text or "")
        out += [Token(t, passage.ref) for t in TOKEN.findall(text)]
    return out


def _is_word(text: str) -> bool:
    return bool(re.match(r"[\wſ]", text))


NUMBERS = {w: i for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve thirteen "
                                        "fourteen fifteen sixteen seventeen eighteen nineteen".split(), start=1)}
NUMBERS.update({"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "threescore": 60})


def spelling_key(word: str, *, long_s_read_as_f: bool = False) -> str:
    """What is left of a word when spelling and print are set aside: ``Perſons``, ``persons`` and
    ``Persons`` have one key. ``long_s_read_as_f``: a witness read by OCR that takes long s for f."""
    key = word.lower().replace("ſ", "s")
    if key in NUMBERS:
        return str(NUMBERS[key])  # five and 5 are one number
    if long_s_read_as_f:
        key = key.replace("f", "s")
    key = key.replace("'d", "ed").replace("'", "").replace("v", "u").replace("j", "i").replace("y", "i")
    key = re.sub(r"(.)\1", r"\1", key)
    return key[:-1] if len(key) > 2 and key.endswith("e") else key


def number(words: Sequence[str]) -> int | None:
    """The number a run of words or figures gives (``one and thirty``, ``thirty one``, ``31``), or None."""
    total, seen = 0, False
    for word in (w.lower() for w in words):
        if word.isdigit():
            total, seen = total + int(word), True
        elif word in NUMBERS:
            total, seen = total + NUMBERS[word], True
        elif word != "and":
            return None
    return total if seen else None


def _kind(one: Sequence[Token], other: Sequence[Token], *, long_s_read_as_f: bool) -> Kind:
    if any(t.text.startswith("[gap:") for t in (*one, *other)):
        return Kind.GAP
    words = [t.text for t in one if _is_word(t.text)], [t.text for t in other if _is_word(t.text)]
    if words[0] == words[1]:
        return Kind.PUNCTUATION
    joined = ["".join(spelling_key(w, long_s_read_as_f=long_s_read_as_f) for w in ws) for ws in words]
    if joined[0] == joined[1]:  # words divided or joined otherwise: a piece / apiece
        return Kind.SPELLING
    if words[0] and words[1] and number(words[0]) is not None and number(words[0]) == number(words[1]):
        return Kind.SPELLING  # a number in words or in figures: five / 5
    return Kind.SUBSTANTIVE


def collate(first: Sequence[Token], second: Sequence[Token], *, long_s_read_as_f: bool = False) -> list[Variant]:
    """Every variant of ``second`` against ``first``, in the first's order."""
    def key(t: Token) -> str:
        return spelling_key(t.text, long_s_read_as_f=long_s_read_as_f) if _is_word(t.text) else t.text

    a, b = [key(t) for t in first], [key(t) for t in second]
    out: list[Variant] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        one, other = first[i1:i2], second[j1:j2]
        at = (one or first[max(i1 - 1, 0):i1] or first[:1])[0].passage
        other_at = (other or second[max(j1 - 1, 0):j1] or second[:1])[0].passage
        if op == "equal":
            for x, y in zip(one, other):
                if x.text != y.text:
                    out.append(Variant(Kind.SPELLING, x.text, y.text, x.passage, y.passage))
            continue
        kind = _kind(one, other, long_s_read_as_f=long_s_read_as_f)
        out.append(Variant(kind, " ".join(t.text for t in one), " ".join(t.text for t in other), at, other_at))
    return out


def overlap(first: Sequence[Token], second: Sequence[Token], *, long_s_read_as_f: bool = False) -> list[Token]:
    """The stretch of ``first`` that ``second`` covers (a witness that survives only in part): placed by
    their longest run of words in common, and reaching as far each way as ``second`` does."""
    def keys(ts: Sequence[Token]) -> list[str]:
        return [spelling_key(t.text, long_s_read_as_f=long_s_read_as_f) for t in ts]

    a, b = keys(first), keys(second)
    match = difflib.SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    if not match.size:
        return []
    start = max(match.a - match.b, 0)
    end = min(match.a + match.size + (len(b) - match.b - match.size), len(a))
    # let the ends find their own words: a figure for a number in words makes the witnesses' lengths differ
    head = difflib.SequenceMatcher(None, a[start:match.a], b[:match.b], autojunk=False).get_matching_blocks()
    start += next((m.a - m.b for m in head if m.size), 0) if match.b else 0
    done_a, done_b = match.a + match.size, match.b + match.size
    tail = [m for m in difflib.SequenceMatcher(None, a[done_a:end + SLACK], b[done_b:], autojunk=False)
            .get_matching_blocks() if m.size]
    if tail:
        end = done_a + tail[-1].a + tail[-1].size + (len(b) - done_b - tail[-1].b - tail[-1].size)
    return list(first[start:min(end, len(first))])


@dataclass(frozen=True)
class Collation:
    first: str
    second: str
    partial: bool  # the second witness covers only part of the first
    variants: tuple[Variant, ...]


# The witnesses of Cotton's chapter, and whether each is read by OCR that takes long s for f.
WITNESSES = (("cotton-1674", False), ("cotton-1687", False), ("compleat-gamester-18c", True))


def cotton_apparatus(lib: Library | None = None) -> list[Collation]:
    """Cotton 1674 against each later witness of the chapter."""
    lib = lib or library()
    base_id = WITNESSES[0][0]
    base = tokens(lib.sources[base_id])
    out = []
    for source_id, ocr in WITNESSES[1:]:
        other = tokens(lib.sources[source_id])
        covered = overlap(base, other, long_s_read_as_f=ocr)
        partial = len(covered) < len(base)
        out.append(Collation(base_id, source_id, partial,
                             tuple(collate(covered, other, long_s_read_as_f=ocr))))
    return out
