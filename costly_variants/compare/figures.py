"""The headline figures of a set of games, each with its interval, and the paired difference of each
figure between two rule sets that played the same seeds."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from . import stats
from .measures import GameRecord, source_group, source_label
from ..profiles.rules import Rules
from .stats import Estimate

Records = Sequence[GameRecord]


@dataclass(frozen=True)
class Figure:
    """One figure: how to estimate it from a profile's games, and its paired difference between two."""

    key: str
    label: str
    unit: str  # "share" (shown as a percentage) or "number"
    estimate: Callable[[Records], Estimate]
    difference: Callable[[Records, Records], Estimate]
    section: str = "game"


def _share(test: Callable[[GameRecord], bool]) -> tuple[Callable[[Records], Estimate],
                                                         Callable[[Records, Records], Estimate]]:
    def estimate(records: Records) -> Estimate:
        return stats.proportion(sum(1 for r in records if test(r)), len(records))

    def difference(a: Records, b: Records) -> Estimate:
        return stats.paired_difference([float(test(r)) for r in a], [float(test(r)) for r in b])

    return estimate, difference


def _mean(value: Callable[[GameRecord], float]) -> tuple[Callable[[Records], Estimate],
                                                         Callable[[Records, Records], Estimate]]:
    def estimate(records: Records) -> Estimate:
        return stats.mean([value(r) for r in records])

    def difference(a: Records, b: Records) -> Estimate:
        return stats.paired_difference([value(r) for r in a], [value(r) for r in b])

    return estimate, difference


def _per_deal(value: Callable[[GameRecord], float]) -> tuple[Callable[[Records], Estimate],
                                                             Callable[[Records, Records], Estimate]]:
    def estimate(records: Records) -> Estimate:
        return stats.ratio([value(r) for r in records], [r.deals for r in records])

    def difference(a: Records, b: Records) -> Estimate:
        return stats.paired_ratio_difference([value(r) for r in a], [r.deals for r in a],
                                             [value(r) for r in b], [r.deals for r in b])

    return estimate, difference


def _figure(key: str, label: str, unit: str, pair: tuple[Callable[[Records], Estimate],
                                                           Callable[[Records, Records], Estimate]],
            section: str = "game") -> Figure:
    return Figure(key, label, unit, pair[0], pair[1], section)


HEADLINE: tuple[Figure, ...] = (
    _figure("first_dealer_wins", "first dealer's side won", "share", _share(lambda r: r.first_dealer_won)),
    _figure("dealer_edge", "dealer's edge per deal", "number", _per_deal(lambda r: r.dealer_edge)),
    _figure("points_per_deal", "points per deal, both", "number", _per_deal(lambda r: sum(r.scores))),
    _figure("deals_per_game", "deals per game", "number", _mean(lambda r: r.deals)),
    _figure("won_in_play", "won in the play", "share", _share(lambda r: r.decided_in == "play")),
    _figure("won_at_count", "won at the count", "share", _share(lambda r: r.decided_in == "count")),
    _figure("winning_margin", "winning margin", "number", _mean(lambda r: r.margin)),
)

FEEL: tuple[Figure, ...] = (
    _figure("lead_changes", "lead changes a game", "number", _mean(lambda r: r.lead_changes), "feel"),
    _figure("drama", "drama: winner's worst", "number", _mean(lambda r: r.drama), "feel"),
    _figure("decisiveness", "decisive deal, of game", "share", _mean(lambda r: r.decisive_share), "feel"),
)

# The figures that --by-rule attributes to rules.
BY_RULE = ("deals_per_game", "points_per_deal", "dealer_edge", "first_dealer_wins", "won_in_play", "lead_changes")


def source_figures(sources: Sequence[str]) -> tuple[Figure, ...]:
    """Points per deal from each source (rule), and from each group of them (turn-up, mog, play, count)."""
    groups = sorted({source_group(s) for s in sources}, key=lambda g: ("turn-up", "mog", "play", "count").index(g)
                    if g in ("turn-up", "mog", "play", "count") else 9)
    figures = []
    for group in groups:
        members = tuple(s for s in sources if source_group(s) == group)
        figures.append(_figure(f"points.{group}", f"{group}, all", "number", _per_deal(_points_from(members)),
                               "points"))
        for source in members:
            figures.append(_figure(f"points.{source}", f"  {source_label(source)}", "number",
                                   _per_deal(_points_from((source,))), "points"))
    return tuple(figures)


def _points_from(sources: tuple[str, ...]) -> Callable[[GameRecord], float]:
    def points(record: GameRecord) -> float:
        found = record.points
        return sum(found.get(s, 0) for s in sources)

    return points


def sources_in(runs: Sequence[Records]) -> list[str]:
    """Every source that scored in any game, in the order of the SOURCES table, then by name."""
    from .measures import SOURCES

    found = {s for records in runs for r in records for s, points in r.points_by_source if points}
    order = list(SOURCES)
    return sorted(found, key=lambda s: (order.index(s) if s in order else len(order), s))


def eldest_count(records: Records) -> Estimate:
    """The eldest's hand as dealt, counted with the deck card: the mean per deal (needs the replay)."""
    counts = [sum(r.eldest_counts) for r in records]
    deals = [len(r.eldest_counts) for r in records]
    return stats.ratio(counts, deals)


def heels_per_deal(records: Records) -> Estimate:
    return stats.ratio([r.points.get("turnup.heels_points", 0) for r in records], [r.deals for r in records])


def exact_heels_per_deal(rules: Rules) -> float:
    """The deck card is one of the heels ranks with chance (ranks x 4)/52, and then scores the heels."""
    return len(rules.heels_ranks) * 4 / 52 * rules.heels_points


def deals_quartiles(records: Records) -> tuple[float, float, float]:
    return stats.quartiles([r.deals for r in records])


__all__ = ["BY_RULE", "FEEL", "Figure", "HEADLINE", "deals_quartiles", "eldest_count", "exact_heels_per_deal", "heels_per_deal", "source_figures",
           "sources_in"]
