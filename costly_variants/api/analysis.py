"""``analyse``: ``costly analyse hands`` from Python, the exact count of every deal under a profile."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping

from .frames import frame

if TYPE_CHECKING:
    from ..count.analysis import HandAnalysis
    from ..profiles import Profile

    ProfileRef = Profile | str | os.PathLike[str]


class Analysis:
    """The exact analysis of one profile: all 1,082,900 deals of three cards and a deck card, counted."""

    def __init__(self, profile: str, analysis: HandAnalysis) -> None:
        self.profile = profile
        self.analysis = analysis

    @property
    def deals(self) -> int:
        """The deals counted: every three cards and deck card, 1,082,900."""
        return self.analysis.deals

    @property
    def mean(self) -> float:
        """The mean count of a hand with the deck card, over every deal."""
        return self.analysis.mean

    @property
    def maximum(self) -> int:
        """The highest count any deal makes."""
        return self.analysis.maximum

    @property
    def distribution(self) -> Mapping[int, int]:
        """How many deals count each total."""
        return self.analysis.distribution

    def to_dict(self) -> dict[str, Any]:
        """The document ``costly analyse hands --variant ID --json`` prints."""
        return {"profile": self.profile, **self.analysis.as_dict()}

    def to_pandas(self) -> Any:
        """The distribution as a ``pandas.DataFrame``: one row a total, with the deals that count it and
        their share of all deals. Needs the ``pandas`` extra."""
        deals = self.analysis.deals
        return frame(({"total": total, "deals": n, "share": n / deals}
                      for total, n in sorted(self.analysis.distribution.items())), ("total", "deals", "share"))

    def categories(self) -> Any:
        """Each scoring category (in the profile's declaration order): the deals scoring it, their share,
        and its mean points a deal, as a ``pandas.DataFrame``."""
        a = self.analysis
        return frame(({"category": c, "deals": n, "share": n / a.deals, "mean_points": a.category_points[c] / a.deals}
                      for c, n in a.category_deals.items()), ("category", "deals", "share", "mean_points"))

    def __repr__(self) -> str:
        return f"<Analysis of {self.profile}: {self.deals:,} deals, mean {self.mean:.3f}, maximum {self.maximum}>"


def analyse(profile: ProfileRef) -> Analysis:
    """The exact analysis of ``profile`` (a Profile, a bundled id or a path), as ``costly analyse hands``
    makes it: read from the cache folder where the count is unchanged, else worked out (under a second;
    every deal of the hand size the profile deals, one to four cards and a deck card)."""
    from .. import profiles
    from ..count.stored import analysis

    chosen = profiles.load(profile)
    return Analysis(chosen.id, analysis(chosen.rules))


__all__ = ["Analysis", "analyse"]
