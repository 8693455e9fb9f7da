"""Pictures made at build time: matplotlib SVG figures, each shown with the table of its data beside it.

Every figure is drawn for a phone: 4.2 inches wide with 10-point text or larger, so that shown at a
phone's width (about 360 pixels) its text is still 11 pixels or more, and no wider than drawn elsewhere.
Each is drawn twice, in a light and a dark palette, on a transparent ground; furo's ``only-light`` and
``only-dark`` classes show the one that suits the reader's theme.

Figures are written under the source folder's ``_figures/`` (Sphinx copies images only from there)
and only when their bytes change, so an unchanged build does not rebuild the pages that show them.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from docutils import nodes

from ..count.analysis import HandAnalysis, analyse_hands
from ..profiles import Profile
from ..profiles.rules import Rules
from . import nodes as n
from .citations import profile_label
from .directive import CostlyDirective

FIGURE_FOLDER = "_figures"
WIDTH = 4.2  # inches; see the module's docstring
FONT = 10.5  # points: every text in a figure is at least this less one point (the tick labels)


@dataclass(frozen=True)
class Theme:
    name: str
    text: str
    grid: str
    series: tuple[str, ...]


THEMES = (Theme("light", "#222222", "#bbbbbb", ("#3b6ea5", "#c0392b", "#2e8b57", "#8e5bb5", "#b8860b")),
          Theme("dark", "#dddddd", "#666666", ("#7fb2ee", "#ff8a80", "#6fd08c", "#c3a3ef", "#e0b050")))

Paint = Callable[[Any, Theme], None]


@lru_cache(maxsize=32)
def _analysis(rules: Rules) -> HandAnalysis:
    return analyse_hands(rules)


def hand_analysis(profile: Profile) -> HandAnalysis:
    """The exact count of every deal under a profile, worked out once per set of rules per build."""
    return _analysis(profile.rules)


def render(paint: Paint, theme: Theme, *, height: float) -> bytes:
    """One figure as SVG bytes, the same bytes for the same data (no dates, a fixed id salt)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    with matplotlib.rc_context({
            "svg.hashsalt": "costly-variants", "svg.fonttype": "none", "font.size": FONT,
            "axes.titlesize": FONT + 0.5, "axes.labelsize": FONT, "xtick.labelsize": FONT - 0.5,
            "ytick.labelsize": FONT - 0.5, "legend.fontsize": FONT - 0.5,
            "text.color": theme.text, "axes.labelcolor": theme.text, "axes.edgecolor": theme.grid,
            "xtick.color": theme.text, "ytick.color": theme.text, "axes.facecolor": "none",
            "figure.facecolor": "none", "savefig.transparent": True}):
        fig = Figure(figsize=(WIDTH, height))
        ax = fig.add_subplot()
        paint(ax, theme)
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": "costly-variants"})
    return out.getvalue()


def write_figure(srcdir: Path, name: str, svg: bytes) -> str:
    """Write a figure under the source folder if it changed; return its path as an image uri."""
    path = srcdir / FIGURE_FOLDER / f"{name}.svg"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != svg:
        path.write_bytes(svg)
    return f"/{FIGURE_FOLDER}/{name}.svg"


def figure(srcdir: Path, name: str, paint: Paint, *, height: float, alt: str, caption: str) -> nodes.figure:
    """A figure in both palettes, with its caption."""
    node = nodes.figure(classes=["costly-figure"])
    for theme in THEMES:
        uri = write_figure(srcdir, f"{name}-{theme.name}" if theme.name != "light" else name,
                           render(paint, theme, height=height))
        node += nodes.image(uri=uri, alt=alt, classes=[f"only-{theme.name}"])
    node += nodes.caption("", caption)
    return node


def figure_with_table(fig: nodes.figure, table: nodes.Node, *, stacked: bool = False,
                      folded: str = "") -> nodes.container:
    """A figure and the table of its numbers, side by side where both fit (``stacked``: one above the other
    always, for a table too wide to sit beside its figure), one above the other on a phone."""
    box = nodes.container(classes=["costly-figure-pair"] + (["costly-stacked"] if stacked else []))
    box += fig
    data = nodes.container(classes=["costly-figure-data"])
    data += n.disclosure([folded], [table], classes=["costly-record"]) if folded else table
    box += data
    return box


def wrap_label(text: str, width: int = 15) -> str:
    """A long label (``eddowes-burne-1874-partners``, ``count.deck_card_scores_as_jack_deuce``) over
    lines of about ``width`` characters, broken after a hyphen, dot, underscore or space, never mid-word."""
    if len(text) <= width:
        return text
    pieces = re.findall(r"[^-._ ]+[-._ ]*|[-._ ]+", text)
    lines = [""]
    for piece in pieces:
        if lines[-1] and len(lines[-1]) + len(piece.rstrip()) > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(line.rstrip() for line in lines)


def interval_paint(labels: Sequence[str], estimates: Sequence[Mapping[str, Any]], *, xlabel: str,
                   zero: bool = False, percent: bool = False, wrap: int = 15, half: bool = False) -> Paint:
    """A dot per row with its 95% interval as a bar; ``zero`` draws the line a difference is measured from,
    ``half`` the 50% line a share is read against (and the axis reaches it)."""
    scale = 100 if percent else 1

    def paint(ax: Any, theme: Theme) -> None:
        ys = list(range(len(labels)))[::-1]
        values = [e["value"] * scale for e in estimates]
        lows = [(e["value"] - e["low"]) * scale if e.get("low") is not None else 0 for e in estimates]
        highs = [(e["high"] - e["value"]) * scale if e.get("high") is not None else 0 for e in estimates]
        if zero:
            ax.axvline(0, color=theme.grid, linewidth=1)
        if half:
            ax.axvline(50, color=theme.text, linewidth=1, linestyle="--", alpha=0.7)
            tops = [v + h for v, h in zip(values, highs)]
            bottoms = [v - lo for v, lo in zip(values, lows)]
            low, high = min(bottoms + [50]), max(tops + [50])
            pad = max(1.0, (high - low) * 0.08)
            ax.set_xlim(low - pad, high + pad)
        ax.errorbar(values, ys, xerr=[lows, highs], fmt="o", color=theme.series[0], capsize=3)
        ax.set_yticks(ys, [wrap_label(label, wrap) for label in labels])
        ax.set_ylim(-0.6, len(labels) - 0.4)
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", color=theme.grid, linewidth=0.5, alpha=0.5)

    return paint


def interval_height(rows: int) -> float:
    return 0.9 + 0.42 * rows


def identical_groups(chosen: Sequence[Profile]) -> list[list[Profile]]:
    """The profiles grouped by their count of every deal: profiles whose counts are the same deal for
    deal are one group, in the order of their first member."""
    groups: dict[tuple[tuple[int, int], ...], list[Profile]] = {}
    for profile in chosen:
        key = tuple(sorted(hand_analysis(profile).distribution.items()))
        groups.setdefault(key, []).append(profile)
    return list(groups.values())


def _hands_paint(groups: Sequence[Sequence[Profile]]) -> Paint:
    def paint(ax: Any, theme: Theme) -> None:
        width = 0.8 / len(groups)
        for index, group in enumerate(groups):
            a = hand_analysis(group[0])
            xs = sorted(a.distribution)
            offset = (index - (len(groups) - 1) / 2) * width
            ax.bar([x + offset for x in xs], [100 * a.distribution[x] / a.deals for x in xs], width=width,
                   color=theme.series[index % len(theme.series)],
                   label=f"{chr(ord('A') + index)}: {len(group)} profile" + ("s" if len(group) > 1 else ""))
        ax.set_xlabel("a hand's count with the deck card")
        ax.set_ylabel("% of deals")
        if len(groups) > 1:
            ax.legend(frameon=False, loc="upper right")
        ax.grid(axis="y", color=theme.grid, linewidth=0.5, alpha=0.5)

    return paint


def share_text(count: int, deals: int) -> str:
    """A count's share of the deals to two decimals: a count that occurs is never "0.00%" ("<0.01%", with
    the deals themselves), and one that never occurs is "none"."""
    if count == 0:
        return "none"
    share = 100 * count / deals
    return f"{share:.2f}%" if share >= 0.005 else f"<0.01% ({count:,} deals)"


def hand_distributions(srcdir: Path, chosen: Sequence[Profile], name: str, *, folded: bool = False) -> list[nodes.Node]:
    """The count of every deal under each profile, overlaid on one axis: profiles with identical counts
    drawn once, and named together, with the shares of each count in the table beside the figure."""
    groups = identical_groups(chosen)
    letters = [chr(ord("A") + i) for i in range(len(groups))]
    deals = hand_analysis(chosen[0]).deals
    said: list[nodes.Node] = []
    if len(chosen) > 1:
        parts: list[n.Child] = []
        for letter, group in zip(letters, groups):
            parts += [f"{letter}: " if len(groups) > 1 else "", *n.joined([n.xref(profile_label(p.id), p.id) for p in group]),
                      " (identical counts, deal for deal)" if len(group) > 1 else "", "; " if letter != letters[-1] else "."]
        said.append(n.para(f"{len(chosen)} profiles, {len(groups)} different counts: ", *parts,
                           classes=["costly-groups"]))
    totals = sorted({t for g in groups for t in hand_analysis(g[0]).distribution})
    rows = []
    for total in totals:
        cells = [str(total)]
        for group in groups:
            a = hand_analysis(group[0])
            cells.append(share_text(a.distribution.get(total, 0), a.deals))
        rows.append(cells)
    header = ["count", *[f"{letter}: % of deals" if len(groups) > 1 else "% of deals" for letter in letters]]
    table = n.data_table(header, rows, numeric=tuple(range(len(header))), stack=False)
    means = "; ".join(f"{letter} {hand_analysis(g[0]).mean:.2f}" for letter, g in zip(letters, groups)) \
        if len(groups) > 1 else f"{hand_analysis(groups[0][0]).mean:.2f}"
    caption = (f"Every one of the {deals:,} deals of three cards and a deck card, counted: the share of deals "
               f"making each count (mean {means}).")
    fig = figure(srcdir, name, _hands_paint(groups), height=3.3,
                 alt="Bar chart: the share of deals making each count, " + (
                     "one colour per group of profiles with identical counts" if len(groups) > 1 else "one profile"),
                 caption=caption)
    return [*said, figure_with_table(fig, table, folded="The numbers: each count's share of the deals" if folded else "")]


def hand_distribution(srcdir: Path, profile: Profile) -> nodes.Node:
    """One profile's count of every deal (its page), with its numbers."""
    a = hand_analysis(profile)
    parts = hand_distributions(srcdir, [profile], f"hands-{profile.id}", folded=True)
    caption = (f"Under {profile.id}: mean {a.mean:.2f}, best {a.maximum}, {a.zero_share:.1%} of deals score nothing "
               f"(of all {a.deals:,} deals).")
    box = nodes.container()
    box += parts
    box += n.para(caption)
    return box


class HandFiguresDirective(CostlyDirective):
    """The count of every deal under every profile (or those named), overlaid on one axis."""

    has_content = False
    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        refs = self.arguments[0].split() if self.arguments else []
        chosen = [p for p in (self.profile(r) for r in refs) if p is not None] if refs else self.data.distinct_profiles()
        if not chosen:
            return []
        name = "hands-" + ("-".join(p.id for p in chosen) if refs else "all")
        return [self.located(node) for node in hand_distributions(Path(self.env.srcdir), chosen, name)]
