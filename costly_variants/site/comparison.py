"""The comparison on the site: seeded games of every profile, played at build time, drawn as figures with
their 95% intervals and their data tables beside them.

The games are the same ones ``costly compare --games N --seed S --skill-games 0`` plays, so a reader
can reproduce every number from the command line; ``costly_compare_games`` in ``conf.py`` sets N.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Mapping, Sequence

from docutils import nodes

from ..compare.study import Settings, local_runner, run_comparison
from ..profiles import Profile
from . import nodes as n
from .directive import CostlyDirective
from .plots import figure_with_table, write_figure

SEED = 1
# The figures shown, by their key in the comparison's data: a title, a caption and the axis.
SHOWN = (("deals_per_game", "Game length", "Game length: deals per game",
          "deals per game (mean, 95% interval)"),
         ("dealer_edge", "The dealer's edge", "The dealer's edge: his side's points in a deal less the other side's",
          "points per deal (mean, 95% interval)"))


def interval_figure(labels: Sequence[str], estimates: Sequence[Mapping[str, Any]], *, xlabel: str,
                    title: str) -> bytes:
    """A dot per profile with its interval as a bar, as SVG bytes, the same bytes for the same data."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": "costly-variants", "svg.fonttype": "none", "font.size": 10}):
        fig = Figure(figsize=(6.4, 0.5 + 0.45 * len(labels)))
        ax = fig.add_subplot()
        ys = list(range(len(labels)))[::-1]
        values = [e["value"] for e in estimates]
        lows = [e["value"] - e["low"] if e.get("low") is not None else 0 for e in estimates]
        highs = [e["high"] - e["value"] if e.get("high") is not None else 0 for e in estimates]
        ax.errorbar(values, ys, xerr=[lows, highs], fmt="o", color="#3b6ea5", capsize=4)
        ax.set_yticks(ys, labels)
        ax.set_xlabel(xlabel)
        ax.set_title(title, fontsize=10)
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": "costly-variants"})
    return out.getvalue()


def _interval(e: Mapping[str, Any]) -> str:
    if e.get("low") is None or e.get("high") is None:
        return "too few games"
    return f"{e['low']:.2f} to {e['high']:.2f}"


def comparison_figures(srcdir: Path, chosen: Sequence[Profile], games: int) -> list[nodes.Node]:
    data = run_comparison(list(chosen), Settings(games, SEED, ("greedy",)), local_runner(1))
    ids = [p.id for p in chosen]
    figures = {f["key"]: f for f in data["figures"]}
    out: list[nodes.Node] = [n.para(
        f"{games:,} games per profile, greedy bot against greedy bot, seed {SEED}, the same seeds for every "
        f"profile: costly compare --games {games} --seed {SEED} --skill-games 0 gives these numbers and more.")]
    for key, title, caption, xlabel in SHOWN:
        figure = figures[key]
        estimates = [figure["estimates"][i] for i in ids]
        svg = interval_figure(ids, estimates, xlabel=xlabel, title=title)
        uri = write_figure(srcdir, f"compare-{key}", svg)
        rows = [[i, f"{e['value']:.2f}", _interval(e), str(e["n"])] for i, e in zip(ids, estimates)]
        out.append(figure_with_table(uri, f"{caption}, per profile, with 95% intervals", caption,
                                     ["profile", "mean", "95% interval", "games"], rows))
    return out


class ComparisonFiguresDirective(CostlyDirective):
    """``.. costly-comparison-figures::``: game length and the dealer's edge of every profile, with intervals."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        games = int(self.config.costly_compare_games)
        chosen = list(self.data.profiles)
        return [self.located(node) for node in comparison_figures(Path(self.env.srcdir), chosen, games)]
