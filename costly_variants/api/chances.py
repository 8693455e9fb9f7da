"""``odds``: ``costly odds`` from Python, the chance of winning from every score under a profile.

``costly_variants.odds("parlett-121")`` gives an ``Odds``: the profile's win table (a ``WinTable``: side
A's chance from every position, with its 95% half-interval), how decisive the game is, and the table
as a ``pandas.DataFrame`` (``to_pandas``), one row a position. "You" are side A; "they" side B.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .frames import frame, matplotlib_figure

if TYPE_CHECKING:
    from ..game.wintable import WinTable
    from ..profiles import Profile

    ProfileRef = Profile | str | os.PathLike[str]

DEALERS = {"me": 0, "them": 1}
COLUMNS = ("me", "them", "dealer", "chance", "their_chance", "low", "high")


class Odds:
    """A profile's win table and how decisive its game is, under the bots named."""

    def __init__(self, profile: str, title: str, table: WinTable, figures: dict[str, Any]) -> None:
        self.profile = profile
        self.title = title
        self.table = table
        self.figures = figures

    @property
    def target(self) -> int:
        return self.table.target

    def chance(self, me: int, them: int, dealer: str = "me") -> float:
        """Your chance of winning at ``me`` to ``them`` with ``dealer`` ("me" or "them") to deal next;
        a bad score raises ``ScoreError`` naming it."""
        return self.table.chance(me, them, _dealer(dealer))

    def position(self, me: int, them: int, dealer: str = "me") -> dict[str, Any]:
        """One position's row: the scores, who deals, each side's chance and your chance's interval."""
        d = _dealer(dealer)
        p = self.table.chance(me, them, d)
        low, high = self.table.interval(me, them, d)
        return {"me": me, "them": them, "dealer": dealer, "chance": round(p, 6), "their_chance": round(1 - p, 6),
                "low": round(low, 6), "high": round(high, 6)}

    def rows(self) -> list[dict[str, Any]]:
        """Every position's row, your score, their score, then who deals (me first)."""
        t = self.target
        return [self.position(a, b, dealer) for a in range(t) for b in range(t) for dealer in DEALERS]

    def to_pandas(self) -> Any:
        """Every position as a ``pandas.DataFrame`` (columns ``COLUMNS``); needs the ``pandas`` extra.
        ``frame.pivot(index="me", columns="them", values="chance")`` is the table as a grid."""
        return frame(self.rows(), COLUMNS)

    def to_dict(self) -> dict[str, Any]:
        """The document ``costly odds --json`` prints (less its ``position``; with ``--score``, less its
        ``table`` too)."""
        return {"profile": self.profile, "target": self.target, "bots": list(self.table.bots),
                "deals": self.table.deals, "seed": self.table.seed, "decisive": self.figures,
                "table": {"index": "(me * target + them) * 2 + dealer, dealer 0 = me, 1 = them",
                          "unit": "millionths of your chance; errors are 95% half-intervals",
                          **self.table.to_dict()}}

    def plot(self) -> Any:
        """The heatmap as a matplotlib ``Figure`` (the ``plot`` extra)."""
        matplotlib_figure()
        from ..chances.plot import draw

        return draw(self.table, heat_title(self))

    def __repr__(self) -> str:
        first = self.figures["first_dealer"]["value"]
        return (f"<Odds of {self.profile} to {self.target} ({'/'.join(self.table.bots)}, {self.table.deals:,} deals): "
                f"first dealer wins {first:.1%}>")


def heat_title(odds: Odds) -> str:
    return f"{odds.profile}: your chance of winning"


def _dealer(dealer: str) -> int:
    from ..game.wintable import ScoreError

    if dealer not in DEALERS:
        raise ScoreError(f"dealer {dealer!r}: 'me' or 'them'")
    return DEALERS[dealer]


def odds(profile: ProfileRef, *, bots: Sequence[str] | str | None = None, deals: int | None = None,
         seed: int | None = None, progress: Callable[[int, int], None] | None = None) -> Odds:
    """The win table of ``profile`` (a Profile, a bundled id or a path) and how decisive its game is:
    ``bots`` yours and theirs (one name for both; default ``search``, the strongest), ``deals`` sampled
    (default 8,000) with ``seed``. Read from the cache folder where it holds this table, else worked out
    (some seconds with the search bot, under one with the others) and kept there; ``progress`` is then
    told (deals sampled, deals in all) as the deals are played."""
    from .. import profiles
    from ..chances.table import DEFAULT_BOT, DEFAULT_DEALS, DEFAULT_SEED
    from ..chances.store import odds as stored
    from .running import OptionError

    chosen = profiles.load(profile)
    names = (bots,) if isinstance(bots, str) else tuple(bots or (DEFAULT_BOT,))
    from ..game.bots import BOTS

    if not 1 <= len(names) <= 2 or any(b not in BOTS for b in names):
        raise OptionError(f"bots {list(names)}: one or two of {', '.join(BOTS)} (yours, then theirs)")
    count = DEFAULT_DEALS if deals is None else deals
    if count < 100:
        raise OptionError(f"deals {count}: at least 100")
    table, figures = stored(chosen.rules, bots=names, deals=count, seed=DEFAULT_SEED if seed is None else seed,
                            progress=progress)
    return Odds(chosen.id, chosen.title, table, figures)


__all__ = ["COLUMNS", "DEALERS", "Odds", "heat_title", "odds"]
