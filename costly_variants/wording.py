"""Counted nouns as a reader writes them: ``1 game``, ``2 games``, ``20,000 games`` — one helper, so that no
report says "1 games" or "file(s)", and every count over a thousand has its commas."""
from __future__ import annotations

# The plurals that are not the noun and an s.
IRREGULAR = {"switch": "switches", "match": "matches", "this": "these", "is": "are", "was": "were",
             "has": "have", "reply": "replies", "passage": "passages"}


def plural(noun: str) -> str:
    """The noun's plural: ``game`` → ``games``; the last word of a phrase (``rule set`` → ``rule sets``)."""
    head, _, last = noun.rpartition(" ")
    many = IRREGULAR.get(last) or (last[:-1] + "ies" if last.endswith("y") and last[-2:-1] not in "aeiou"
                                   else last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s")
    return f"{head} {many}" if head else many


def counted(n: int, noun: str, many: str | None = None) -> str:
    """``1 game``, ``0 games``, ``20,000 games`` (``many``: the plural where it is not regular)."""
    return f"{n:,} {noun if n == 1 else many or plural(noun)}"


def number_of(n: int) -> str:
    """A count on its own, with its thousands' commas: ``20,000``."""
    return f"{n:,}"
