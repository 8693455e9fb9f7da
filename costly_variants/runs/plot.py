"""``--plot FILE``: the compared profiles side by side in three panels — the exact hand-score
distributions, the distributions of deals per game, and the average lead history (the eventual winner's
lead over the loser through the game). Needs the optional extra: ``pip install 'costly-variants[plot]'``."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..outputs import PlotError, atomic_writer, check_plot_target

def write_plot(path: str, data: dict[str, Any]) -> None:
    fmt = check_plot_target(path)
    import matplotlib

    matplotlib.use("Agg")  # no display: a file only
    figure = draw(data)
    with atomic_writer(path, what="plot", binary=True) as out:
        figure.savefig(out, format=fmt)


def draw(data: dict[str, Any]) -> Any:
    """The three panels as a matplotlib ``Figure`` (made without pyplot, so no display is needed)."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(15, 4.5), layout="constrained")
    hands, deals, lead = figure.subplots(1, 3)
    ids = [p["id"] for p in data["profiles"]]
    for pid in ids:
        exact = data["exact"][pid]
        if exact is not None:  # None: hands of a size the exact analysis does not count
            total = sum(exact["distribution"].values())
            points = sorted((int(k), v / total) for k, v in exact["distribution"].items())
            hands.plot([k for k, _ in points], [v for _, v in points], marker=".", label=pid)
        counts = data["deals_distribution"][pid]
        games = sum(counts.values()) or 1
        deals.step([int(k) for k in counts], [v / games for v in counts.values()], where="mid", label=pid)
        history = data["lead_history"][pid]
        lead.plot([i / (len(history) - 1) * 100 for i in range(len(history))], history, label=pid)
    hands.set(title="Hand scores (exact)", xlabel="points in hand with the deck card", ylabel="share of deals")
    s = data["settings"]
    played = f"{s['games_played']} games" if s["complete"] else f"{s['games_played']} of {s['games']} games, interrupted"
    deals.set(title=f"Deals per game ({played})", xlabel="deals", ylabel="share of games")
    lead.set(title="Average lead of the eventual winner", xlabel="% of the game's deals", ylabel="points ahead")
    for axes in (hands, deals, lead):
        axes.grid(alpha=0.3)
    if hands.get_lines():
        hands.legend(fontsize="small")
    else:
        hands.text(0.5, 0.5, "no exact analysis for hands of this size", ha="center", transform=hands.transAxes)
    return figure


__all__ = ["PlotError", "check_plot_target", "draw", "write_plot"]
