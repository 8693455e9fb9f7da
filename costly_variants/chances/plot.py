"""The win table as a heatmap: side A's chance of winning from every pair of scores, side A to deal.

Drawn for a phone (about 4.2 inches wide, 10-point text or larger) in cividis, a colour map made to be
read alike with every common colour-vision deficiency, with the 50% line (where the position is even)
drawn bold and the 25% and 75% lines thin. ``costly odds --plot FILE`` and the site's profile pages
draw the same picture.
"""
from __future__ import annotations

from typing import Any

from ..game.wintable import WinTable
from ..outputs import atomic_writer, check_plot_target

COLOURS = "cividis"


def paint(ax: Any, table: WinTable, *, text: str = "#222222", dealer: int = 0) -> Any:
    """Side A's chance (in %) over (side B's score across, side A's score up) on ``ax``; the image."""
    t = table.target
    grid = [[100 * table.chances[(a * t + b) * 2 + dealer] for b in range(t)] for a in range(t)]
    image = ax.imshow(grid, origin="lower", cmap=COLOURS, vmin=0, vmax=100, extent=(-0.5, t - 0.5, -0.5, t - 0.5),
                      interpolation="nearest")
    levels = ax.contour(range(t), range(t), grid, levels=[25, 50, 75], colors=[text], linewidths=[0.8, 2.2, 0.8])
    ax.clabel(levels, fmt="%d%%", fontsize=10)  # on a phone, as large as the tick labels
    ax.set_xlabel("their score")
    ax.set_ylabel("your score (you deal next)" if dealer == 0 else "your score (they deal next)")
    ax.set_aspect("equal")
    return image


def draw(table: WinTable, title: str) -> Any:
    """The heatmap with its colour bar, as a matplotlib ``Figure`` (no pyplot, so no display needed)."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(4.6, 4.4), layout="constrained")
    ax = figure.add_subplot()
    image = paint(ax, table)
    bar = figure.colorbar(image, ax=ax, shrink=0.85)
    bar.set_label("your chance of winning (%)")
    ax.set_title(title, fontsize=10.5)
    return figure


def write_heatmap(path: str, table: WinTable, title: str) -> None:
    fmt = check_plot_target(path)
    import matplotlib

    matplotlib.use("Agg")
    figure = draw(table, title)
    with atomic_writer(path, what="plot", binary=True) as out:
        figure.savefig(out, format=fmt, metadata={"Date": None} if fmt == "svg" else None)


__all__ = ["COLOURS", "draw", "paint", "write_heatmap"]
