"""Rule values and profiles as a reader says them: "the eldest chooses whether to mog", not
``eldest-chooses``; "61 points", not ``61``; "Cotton 1674", not ``cotton-1674``. The values' words are
the profiles' (``profiles.words``), shared with the terminal.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..profiles import Profile
from ..profiles.display import plain, short_title
from ..profiles.words import VALUE_WORDS, words


def value_words(profile: Profile, key: str) -> str:
    return words(key, profile.values[key])


_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven")


def colour_shape(in_colour: int, in_suit: int) -> str:
    """A colours table entry's shape as a player says it: "four cards of one suit", "three cards of one
    colour, in any suits" (never "1 of a suit": a least that any such hand meets is no condition)."""
    def said(number: int) -> str:
        return _SMALL[number] if 0 <= number < len(_SMALL) else str(number)

    cards = f"{said(in_colour)} card{'s' if in_colour != 1 else ''}"
    if in_suit >= in_colour:
        return f"{cards} of one suit"
    if in_suit <= (in_colour + 1) // 2:  # a colour has two suits: so many cards hold this many of one
        return f"{cards} of one colour, in any suits"
    return f"{cards} of one colour, {said(in_suit)} of them of one suit"


__all__ = ["VALUE_WORDS", "colour_shape", "short_title", "value_words", "words"]
