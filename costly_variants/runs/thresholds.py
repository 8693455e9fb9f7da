"""When a difference is worth a headline: clear of zero, and at least a size that matters to a player.

An interval clear of zero says only that the games can tell the difference from chance; with enough
games a change of a hundredth of a point a deal is "clear". So the command line's first screen and the
site headline a difference only when it is clear *and* at least the size below for its kind of figure;
a clear difference smaller than that is "detectable but small". One table, used by ``costly compare``'s
summary and by the site (which states it on the comparing page).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping


@dataclass(frozen=True)
class Kind:
    """A kind of figure: the unit a difference is said in, and the smallest difference that matters."""

    name: str
    unit: str  # a difference's unit, in words, plural ("deals per game")
    matters: float  # in the figure's own scale: a share's 1 percentage point is 0.01
    shown: str  # the threshold as a reader reads it


SHARE = Kind("share", "percentage points", 0.01, "1 percentage point")
PER_DEAL = Kind("per deal", "points per deal", 0.1, "0.1 point per deal")
DEALS = Kind("deals", "deals per game", 0.1, "0.1 deal per game")
CHANGES = Kind("lead changes", "lead changes per game", 0.1, "0.1 lead change per game")
POINTS = Kind("points", "points", 1.0, "1 point")

KINDS = (SHARE, PER_DEAL, DEALS, CHANGES, POINTS)

# The figures whose kind their unit does not give (every "number" figure not named is a per-deal one).
_NUMBER_KINDS = {"deals_per_game": DEALS, "lead_changes": CHANGES, "winning_margin": POINTS, "drama": POINTS}


def kind_of(key: str, unit: str) -> Kind:
    """The kind of a figure, by its key and unit (``share`` or ``number``)."""
    if unit == "share":
        return SHARE
    return _NUMBER_KINDS.get(key, PER_DEAL)


class Verdict(Enum):
    HEADLINE = "clear and large enough to matter"
    SMALL = "detectable but small"
    UNCLEAR = "not clear of zero"


def verdict(difference: Mapping[str, Any], key: str, unit: str) -> Verdict:
    """A paired difference's standing: a headline only when it is starred (its interval clear of zero after
    the report's error control, ``stats.control``) and its value is at least the size that matters for its
    kind."""
    if not difference.get("starred"):
        return Verdict.UNCLEAR
    value = float(difference["value"])
    if math.isfinite(value) and abs(value) >= kind_of(key, unit).matters - 1e-12:
        return Verdict.HEADLINE
    return Verdict.SMALL


def sizes_text() -> str:
    """The sizes that matter, in a short line: ``1 percentage point, 0.1 point per deal, ...``."""
    return ", ".join(k.shown for k in KINDS)


def thresholds_text() -> str:
    """The rule in a sentence, as the comparing page states it."""
    sizes = "; ".join(f"{k.shown} for a figure in {k.unit}" for k in KINDS)
    return ("A difference is headlined only when its 95% interval is clear of zero and it is at least: "
            f"{sizes}. A difference clear of zero but smaller is listed as detectable but small.")


__all__ = ["CHANGES", "DEALS", "KINDS", "Kind", "PER_DEAL", "POINTS", "SHARE", "Verdict", "kind_of", "sizes_text", "thresholds_text",
           "verdict"]
