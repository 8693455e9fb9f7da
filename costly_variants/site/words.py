"""Rule values and profiles as a reader says them: "the eldest chooses whether to mog", not
``eldest-chooses``; "61 points", not ``61``; "Cotton 1674", not ``cotton-1674``. The values' words are
the profiles' (``profiles.words``), shared with the terminal.
"""
from __future__ import annotations

import re

from ..profiles import Profile
from ..profiles.words import VALUE_WORDS, words


def value_words(profile: Profile, key: str) -> str:
    return words(key, profile.values[key])


_NUMBER = re.compile(r"^\d+$")


def short_title(profile: Profile | str) -> str:
    """A profile's short name for a column head or a plot: its id's names and its number, as a citation
    reads (``cotton-1674`` → "Cotton 1674", ``eddowes-burne-1874-partners`` → "Eddowes–Burne 1874,
    partners", ``my-house`` → "My house")."""
    ident = profile if isinstance(profile, str) else profile.id
    parts = ident.split("-")
    numbers = [i for i, p in enumerate(parts) if _NUMBER.match(p)]
    if not numbers:
        return " ".join(parts).capitalize()
    at = numbers[0]
    names = "\u2013".join(p.capitalize() for p in parts[:at])
    text = f"{names} {parts[at]}".strip()
    rest = " ".join(parts[at + 1:])
    return f"{text}, {rest}" if rest else text


__all__ = ["VALUE_WORDS", "short_title", "value_words", "words"]
