"""A profile page's section on the chance of winning from every score: how decisive the game is, in a
sentence and a table (each figure with its 95% interval), and the win table as a heatmap.

The tables are worked out at build time under ``SITE_BOT`` from ``SITE_DEALS`` deals a profile and kept
in the cache folder (``chances.store``), so an unchanged profile costs nothing on the next build.
The expert bot is the strongest the build can afford today: with it a table costs 0.7 to 0.9 CPU-seconds
(a profile's deals, the dynamic programming and its ten batches); under ``search`` it costs 5.3 to 5.8
(measured at 6,000 deals, load 6.5), some 25 CPU-seconds more for the five profiles, most of what the
build may add, and its deals would be those of ``search-points`` in any case (the board-playing search
cannot be sampled far from the target: ``chances.deals.FAR_BOTS``). The expert table is also the one
the board-playing search reads (``chances.store.BOARD_BOTS``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes

from ..chances.plot import paint
from ..chances.store import odds
from ..game.wintable import NoTableError
from ..profiles import Profile
from . import nodes as n
from .directive import CostlyDirective
from .plots import Theme, figure, figure_with_table

SITE_BOT = "expert"
SITE_DEALS = 6_000


def _percent(f: dict[str, Any]) -> str:
    return f"{100 * f['value']:.1f}% (95% interval {100 * f['low']:.1f}–{100 * f['high']:.1f}%)"


def _heat(table: Any) -> Any:
    def draw(ax: Any, theme: Theme) -> None:
        image = paint(ax, table, text=theme.text)
        bar = ax.figure.colorbar(image, ax=ax, shrink=0.8)
        bar.set_label("your chance (%)")
        ax.spines[["top", "right"]].set_visible(True)

    return draw


def odds_section(d: CostlyDirective, profile: Profile) -> list[nodes.Node]:
    """The section's body for ``profile``'s page."""
    try:
        table, f = odds(profile.rules, bots=(SITE_BOT,), deals=SITE_DEALS)
    except NoTableError as exc:  # a house profile whose deals cannot be sampled far from the target
        return [n.para(f"No win table can be worked out under these rules: {exc}.")]
    t = profile.rules.target
    said: list[n.Child] = [f"Played by the {SITE_BOT} bot on both sides, the first dealer wins ",
                           n.strong(f"{100 * f['first_dealer']['value']:.1f}%"), " of games"]
    for behind in (10, 20):
        g = f.get(f"behind_{behind}")
        if g is not None:
            said += [f"; a side {behind} behind at half-way ({g['trailer']} to {g['leader']}) comes back in ",
                     n.strong(f"{100 * g['value']:.1f}%")]
    said += ["; the lead changes hands ", n.strong(f"{f['lead_changes']['value']:.1f}"), " times a game on average."]
    rows = [["the first dealer wins", _percent(f["first_dealer"])]]
    rows += [[f"from {b} behind at half-way", _percent(f[f"behind_{b}"])] for b in (10, 20) if f"behind_{b}" in f]
    lc = f["lead_changes"]
    rows.append(["lead changes a game", f"{lc['value']:.2f} (95% interval {lc['low']:.2f}–{lc['high']:.2f})"])
    data = n.data_table(["figure", "value"], rows, widths=[50, 50], labels=["", "value"])
    pic = figure(Path(d.env.srcdir), f"odds-{profile.id}", _heat(table), height=3.9,
                 alt=f"Heatmap: your chance of winning under {profile.id} from every pair of scores to {t}, you to "
                     "deal; the 50% line bold, 25% and 75% thin",
                 caption=f"Your chance of winning from every score (your score up, theirs across), you to deal next. "
                         f"Bold: the 50% line, where the position is even; below it you are the underdog. "
                         f"{SITE_DEALS:,} deals sampled; each chance within ±{100 * max(table.errors):.1f} percentage points.")
    how = n.para("Worked out as cribbage players' tables are: from the target back, over the outcomes of a deal, "
                 "keeping the order in which its points fall (pegging out ends the game at once). It assumes a "
                 "deal goes the same way whatever the score, true of bots that play for points; ",
                 n.literal(f"costly odds {profile.id}"), " gives every position.")
    return [n.para(*said), figure_with_table(pic, data), how]


__all__ = ["SITE_BOT", "SITE_DEALS", "odds_section"]
