"""Pictures made at build time: matplotlib SVG figures, each shown with the table of its data beside it.

Figures are written under the source folder's ``_figures/`` (Sphinx copies images only from there)
and only when their bytes change, so an unchanged build does not rebuild the pages that show them.

A hook for more figures: ``bar_figure`` draws any mapping of label -> value; the comparison figures
(game length, dealer's edge, with intervals) belong in a directive of their own once ``compare`` offers
their data, shown through ``figure_with_table`` like the hand-score distribution here.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from docutils import nodes

from ..count.analysis import HandAnalysis, analyse_hands
from ..profiles import Profile
from ..profiles.rules import Rules
from . import nodes as n
from .citations import profile_label
from .directive import CostlyDirective

FIGURE_FOLDER = "_figures"


@lru_cache(maxsize=32)
def _analysis(rules: Rules) -> HandAnalysis:
    return analyse_hands(rules)


def hand_analysis(profile: Profile) -> HandAnalysis:
    """The exact count of every deal under a profile, worked out once per set of rules per build."""
    return _analysis(profile.rules)


def bar_figure(values: Mapping[int, float], *, xlabel: str, ylabel: str, title: str) -> bytes:
    """A bar chart as SVG bytes, the same bytes for the same data (no dates, a fixed id salt)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": "costly-variants", "svg.fonttype": "none",
                                "font.size": 10}):
        fig = Figure(figsize=(6.4, 3.4))
        ax = fig.add_subplot()
        xs = sorted(values)
        ax.bar(xs, [values[x] for x in xs], color="#3b6ea5", width=0.8)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
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


def figure_with_table(uri: str, alt: str, caption: str, header: Sequence[str],
                      rows: Sequence[Sequence[str]]) -> nodes.container:
    """A figure and the table of its numbers, side by side on a wide screen, one above the other on a phone."""
    box = nodes.container(classes=["costly-figure-pair"])
    figure = nodes.figure(classes=["costly-figure"])
    figure += nodes.image(uri=uri, alt=alt)
    figure += nodes.caption("", caption)
    box += figure
    data = nodes.container(classes=["costly-scroll", "costly-figure-data"])
    data += n.table(list(header), [list(r) for r in rows])
    box += data
    return box


def hand_distribution(srcdir: Path, profile: Profile) -> nodes.container:
    a = hand_analysis(profile)
    shares = {total: 100 * deals / a.deals for total, deals in a.distribution.items()}
    svg = bar_figure(shares, xlabel="a hand's count with the deck card", ylabel="% of deals",
                     title=f"{profile.id}: the count of every deal")
    uri = write_figure(srcdir, f"hands-{profile.id}", svg)
    rows = [[str(total), f"{deals:,}", f"{shares[total]:.2f}%"] for total, deals in sorted(a.distribution.items())]
    caption = (f"Every one of the {a.deals:,} deals of three cards and a deck card, counted under {profile.id}: "
               f"mean {a.mean:.2f}, best {a.maximum}, {a.zero_share:.1%} score nothing.")
    return figure_with_table(uri, f"Bar chart of hand counts under {profile.id}", caption,
                             ["count", "deals", "share"], rows)


class HandFiguresDirective(CostlyDirective):
    """The hand-score distribution of every profile (or those named), each with its data."""

    has_content = False
    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        chosen = [self.profile(self.arguments[0])] if self.arguments else list(self.data.profiles)
        out: list[nodes.Node] = []
        for profile in chosen:
            if profile is None:
                continue
            if not self.arguments:
                out.append(n.para(n.strong(profile.title), " (", n.xref(profile_label(profile.id), profile.id), ")"))
            out.append(hand_distribution(Path(self.env.srcdir), profile))
        return [self.located(node) for node in out]
