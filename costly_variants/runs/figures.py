"""The headline figures of a set of games, each with its interval, and the paired difference of each
figure between two rule sets that played the same seeds, worked out from the games' sums
(``tally.Sums``)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from .. import stats
from .measures import source_group, source_label
from ..profiles.rules import Rules
from ..stats import Estimate, RatioSums
from .tally import Sums, group_key, source_key


@dataclass(frozen=True)
class Figure:
    """One figure: how to estimate it from a rule set's sums, and its paired difference between the first
    rule set's and another's (whose cross sums are with the first's)."""

    key: str
    label: str
    unit: str  # "share" (shown as a percentage) or "number"
    estimate: Callable[[Sums], Estimate]
    difference: Callable[[Sums, Sums], Estimate]
    section: str = "game"


Pair = tuple[Callable[[Sums], Estimate], Callable[[Sums, Sums], Estimate]]


def _paired(key: str) -> Callable[[Sums, Sums], Estimate]:
    def difference(a: Sums, b: Sums) -> Estimate:
        return stats.paired_difference_of_sums(b.games, a.total[key], b.total[key], a.squares[key], b.squares[key],
                                               b.cross["ab:" + key])

    return difference


def _share(key: str) -> Pair:
    def estimate(s: Sums) -> Estimate:
        return stats.proportion(s.total[key], s.games)

    return estimate, _paired(key)


def _mean(key: str) -> Pair:
    def estimate(s: Sums) -> Estimate:
        return stats.mean_of_sums(s.games, s.total[key], s.squares[key])

    return estimate, _paired(key)


def ratio_sums(s: Sums, key: str) -> RatioSums:
    return RatioSums(s.games, s.total[key], s.total["deals"], s.squares[key], s.by_deals[key], s.squares["deals"])


def _per_deal(key: str, *, scores: bool = True) -> Pair:
    """A figure per deal; ``scores``: its numerator is points scored, never negative (see
    ``stats.paired_ratio_difference_of_sums``)."""
    def estimate(s: Sums) -> Estimate:
        return stats.ratio_of_sums(ratio_sums(s, key))

    def difference(a: Sums, b: Sums) -> Estimate:
        return stats.paired_ratio_difference_of_sums(ratio_sums(a, key), ratio_sums(b, key), b.cross["ab:" + key],
                                                     b.cross["ad:" + key], b.cross["da:" + key], b.cross["ab:deals"],
                                                     scores=scores)

    return estimate, difference


def _decisive() -> Pair:
    """The decisive deal as a share of the game: a mean of fractions, summed exactly from the histograms.
    Each share deal/deals is summed as a whole number of 1/L, L the least common multiple of the games'
    deals, and made a Fraction once: the same exact sums as adding Fractions one by one (whose every
    addition reduces by a gcd: a tenth of a second for a comparison's thousands of pairs of games)."""
    def estimate(s: Sums) -> Estimate:
        whole = math.lcm(*(deals for _, deals in s.decisive))
        shares = [(deal * (whole // deals), k) for (deal, deals), k in s.decisive.items()]
        return stats.mean_of_sums(s.games, Fraction(sum(x * k for x, k in shares), whole),
                                  Fraction(sum(x * x * k for x, k in shares), whole * whole))

    def difference(a: Sums, b: Sums) -> Estimate:
        cross = b.decisive_cross
        wa, wb = math.lcm(*(na for _, na, _, _ in cross)), math.lcm(*(nb for _, _, _, nb in cross))
        pairs = [(da * (wa // na), db * (wb // nb), k) for (da, na, db, nb), k in cross.items()]
        return stats.paired_difference_of_sums(
            b.games, Fraction(sum(x * k for x, _, k in pairs), wa), Fraction(sum(y * k for _, y, k in pairs), wb),
            Fraction(sum(x * x * k for x, _, k in pairs), wa * wa), Fraction(sum(y * y * k for _, y, k in pairs), wb * wb),
            Fraction(sum(x * y * k for x, y, k in pairs), wa * wb))

    return estimate, difference


def _figure(key: str, label: str, unit: str, pair: Pair, section: str = "game") -> Figure:
    return Figure(key, label, unit, pair[0], pair[1], section)


HEADLINE: tuple[Figure, ...] = (
    _figure("first_dealer_wins", "first dealer's side won", "share", _share("first_dealer_won")),
    _figure("dealer_edge", "dealer's edge per deal", "number", _per_deal("dealer_edge", scores=False)),
    _figure("points_per_deal", "points per deal, both", "number", _per_deal("points")),
    _figure("deals_per_game", "deals per game", "number", _mean("deals")),
    _figure("won_in_play", "won in the play", "share", _share("won_in_play")),
    _figure("won_at_count", "won at the count", "share", _share("won_at_count")),
    _figure("won_at_turnup", "won at the turn-up", "share", _share("won_at_turnup")),
    _figure("won_at_mog", "won at the mog", "share", _share("won_at_mog")),
    _figure("winning_margin", "winning margin", "number", _mean("margin")),
)

FEEL: tuple[Figure, ...] = (
    _figure("lead_changes", "lead changes a game", "number", _mean("lead_changes"), "feel"),
    _figure("drama", "drama: winner's worst", "number", _mean("drama"), "feel"),
    _figure("decisiveness", "decisive deal, of game", "share", _decisive(), "feel"),
)


def source_figures(sources: Sequence[str]) -> tuple[Figure, ...]:
    """Points per deal from each source (rule), and from each group of them (turn-up, mog, play, count)."""
    groups = sorted({source_group(s) for s in sources}, key=lambda g: ("turn-up", "mog", "play", "count").index(g)
                    if g in ("turn-up", "mog", "play", "count") else 9)
    figures = []
    for group in groups:
        members = tuple(s for s in sources if source_group(s) == group)
        figures.append(_figure(f"points.{group}", f"{group}, all", "number", _per_deal(group_key(group)), "points"))
        for source in members:
            figures.append(_figure(f"points.{source}", f"  {source_label(source)}", "number",
                                   _per_deal(source_key(source)), "points"))
    return tuple(figures)


def all_figures(runs: Sequence[Sums]) -> list[Figure]:
    """Every figure of the main report for these rule sets' games: the headline, the points of each
    source that scored in any of them, and the game's feel."""
    return [*HEADLINE, *source_figures(sources_in(runs)), *FEEL]


def sources_in(runs: Sequence[Sums]) -> list[str]:
    """Every source that scored in any game, in the order of the SOURCES table, then by name."""
    from .measures import SOURCES

    found = set().union(*(s.sources() for s in runs))
    order = list(SOURCES)
    return sorted(found, key=lambda s: (order.index(s) if s in order else len(order), s))


def eldest_count(s: Sums) -> Estimate:
    """The eldest's hand as dealt, counted with the deck card: the mean per deal (needs the replay)."""
    pair = s.eldest_pair
    return stats.ratio_of_sums(RatioSums(s.games, s.total["eldest"], s.total["eldest_n"], pair["ee"], pair["en"],
                                         pair["nn"]))


def heels_per_deal(s: Sums) -> Estimate:
    return stats.ratio_of_sums(ratio_sums(s, source_key("turnup.heels_points")))


def exact_heels_per_deal(rules: Rules) -> float:
    """The deck card is one of the heels ranks with chance (ranks x 4)/52, and then scores the heels."""
    return len(rules.heels_ranks) * 4 / 52 * rules.heels_points


def deals_quartiles(s: Sums) -> tuple[float, float, float]:
    return stats.quartiles_of_counts(s.deals)


__all__ = ["FEEL", "Figure", "HEADLINE", "all_figures", "deals_quartiles", "eldest_count", "exact_heels_per_deal",
           "heels_per_deal", "ratio_sums", "source_figures", "sources_in"]
