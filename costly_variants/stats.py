"""Confidence intervals, stated once: Wilson for proportions, Student's t for means and for paired
differences, and the linearised (delta-method) t interval for a ratio such as points per deal.

Games are the independent units. A per-deal figure is a ratio of two per-game sums (points over
deals), so its interval comes from the per-game residuals, not from treating correlated deals of one
game as independent. Differences between profiles are paired game by game: every profile plays the
same seeds (common random numbers), so the pair's noise largely cancels.

Below ``MIN_GAMES`` games no interval is claimed: the estimate is given with ``low``/``high`` None.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any, Mapping, Sequence

LEVEL = 0.95
MIN_GAMES = 10
TOO_FEW = f"too few games for an interval (fewer than {MIN_GAMES})"
METHODS = {
    "wilson": "Wilson score interval for a proportion",
    "t": "Student's t interval for a mean over games",
    "ratio-t": "t interval for a ratio of per-game sums (delta method), e.g. points per deal",
    "paired-t": "paired t interval for a difference over the same seeds",
}


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval (``low``/``high`` None when the games are too few)."""

    value: float
    low: float | None
    high: float | None
    n: int
    method: str

    @property
    def has_interval(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def clear_of_zero(self) -> bool:
        """The interval lies wholly above or wholly below zero."""
        return self.has_interval and (self.low > 0 or self.high < 0)  # type: ignore[operator]

    def contains(self, x: float) -> bool:
        return self.has_interval and self.low <= x <= self.high  # type: ignore[operator]

    def as_dict(self, digits: int = 4) -> dict[str, object]:
        """The figure to ``digits`` decimals, or more where fewer would show a figure that is not zero
        as zero (a clear difference of 0.00003 would read 0.0 [0.0, 0.0]); never a negative zero."""
        shown = (self.value, self.low, self.high) if self.has_interval else (self.value,)
        places = decimals(digits, *shown)
        out: dict[str, object] = {"value": rounded(self.value, places), "n": self.n, "method": self.method}
        if self.has_interval:
            out["low"], out["high"] = rounded(self.low, places), rounded(self.high, places)  # type: ignore[arg-type]
        else:
            out["low"] = out["high"] = None
            out["note"] = TOO_FEW
        return out


def decimals(digits: int, *shown: float | None) -> int:
    """``digits``, or more where a figure in ``shown`` that is not zero would round to zero (at most 12)."""
    places = digits
    while places < 12 and any(x and x == x and round(x, places) == 0 for x in shown):
        places += 1
    return places


def rounded(x: float, places: int) -> float:
    """``round`` without the negative zero that JSON would print as ``-0.0``."""
    return round(x, places) + 0.0


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (Cornish-Fisher expansion in
    1/df about the normal quantile; within 1e-3 of the exact value for df >= 5, which MIN_GAMES ensures)."""
    z = NormalDist().inv_cdf(p)
    v = float(df)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / v + g2 / v ** 2 + g3 / v ** 3 + g4 / v ** 4


def _critical(n: int) -> float:
    return t_quantile(0.5 + LEVEL / 2, n - 1)


def proportion(successes: int, n: int) -> Estimate:
    """Wilson score interval: sound near 0 and 1, where the normal approximation is not."""
    if n == 0:
        return Estimate(math.nan, None, None, 0, "wilson")
    p = successes / n
    if n < MIN_GAMES:
        return Estimate(p, None, None, n, "wilson")
    z = NormalDist().inv_cdf(0.5 + LEVEL / 2)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At 0 or n successes the bound is exactly 0 or 1; rounding must not leave it a hair inside.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n, "wilson")


def _t_estimate(values: Sequence[float], centre: float, method: str) -> Estimate:
    """``centre`` ± t × the standard error of ``values``' mean."""
    n = len(values)
    if n < MIN_GAMES:
        return Estimate(centre, None, None, n, method)
    m = sum(values) / n
    variance = sum((x - m) ** 2 for x in values) / (n - 1)
    half = _critical(n) * math.sqrt(variance / n)
    return Estimate(centre, centre - half, centre + half, n, method)


def mean(values: Sequence[float]) -> Estimate:
    if not values:
        return Estimate(math.nan, None, None, 0, "t")
    return _t_estimate(values, sum(values) / len(values), "t")


def _ratio_residuals(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[float, list[float]]:
    """The ratio of sums and each game's linearised contribution to its error."""
    total = sum(denominators)
    ratio = sum(numerators) / total
    per_game = total / len(denominators)
    return ratio, [(x - ratio * d) / per_game for x, d in zip(numerators, denominators)]


def ratio(numerators: Sequence[float], denominators: Sequence[float]) -> Estimate:
    """Σ numerators / Σ denominators (e.g. points per deal) with a delta-method t interval."""
    if not denominators or sum(denominators) == 0:
        return Estimate(math.nan, None, None, len(denominators), "ratio-t")
    value, residuals = _ratio_residuals(numerators, denominators)
    return _t_estimate(residuals, value, "ratio-t")


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of b − a over the same seeds."""
    _same_length(a, b)
    diffs = [y - x for x, y in zip(a, b)]
    if not diffs:
        return Estimate(math.nan, None, None, 0, "paired-t")
    return _t_estimate(diffs, sum(diffs) / len(diffs), "paired-t")


def paired_ratio_difference(num_a: Sequence[float], den_a: Sequence[float],
                            num_b: Sequence[float], den_b: Sequence[float]) -> Estimate:
    """ratio(b) − ratio(a) over the same seeds, from the paired linearised residuals."""
    _same_length(den_a, den_b)
    if not den_a or sum(den_a) == 0 or sum(den_b) == 0:
        return Estimate(math.nan, None, None, len(den_a), "paired-t")
    ra, res_a = _ratio_residuals(num_a, den_a)
    rb, res_b = _ratio_residuals(num_b, den_b)
    return _t_estimate([y - x for x, y in zip(res_a, res_b)], rb - ra, "paired-t")


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """First quartile, median and third quartile (linear interpolation between order statistics)."""
    ordered = sorted(values)
    if not ordered:
        return (math.nan, math.nan, math.nan)

    def at(q: float) -> float:
        position = q * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    return at(0.25), at(0.5), at(0.75)


def _same_length(a: Sequence[float], b: Sequence[float]) -> None:
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")





# -- the same intervals from sums -------------------------------------------------------------------------
#
# A run keeps sums of whole numbers, not games (runs.tally): these are the intervals above worked out
# from them. Each sum of squared deviations is exact (a Fraction) before the one division by n - 1, so
# the result is the same whatever order the games were summed in.

def _t_from(n: int, centre: float, deviations: Fraction, method: str) -> Estimate:
    """``centre`` ± t × the standard error of a mean over ``n`` games whose squared deviations from
    their mean sum to ``deviations``."""
    if n < MIN_GAMES:
        return Estimate(centre, None, None, n, method)
    half = _critical(n) * math.sqrt(float(deviations) / (n - 1) / n)
    return Estimate(centre, centre - half, centre + half, n, method)


def mean_of_sums(n: int, total: int | Fraction, squares: int | Fraction, *, method: str = "t") -> Estimate:
    """``mean`` of values whose sum and sum of squares are given."""
    if n == 0:
        return Estimate(math.nan, None, None, 0, method)
    total, squares = Fraction(total), Fraction(squares)
    return _t_from(n, float(total / n), squares - total * total / n, method)


def paired_difference_of_sums(n: int, a: int | Fraction, b: int | Fraction, aa: int | Fraction,
                              bb: int | Fraction, ab: int | Fraction) -> Estimate:
    """``paired_difference`` from Σa, Σb, Σa², Σb² and Σab over the same seeds."""
    if n == 0:
        return Estimate(math.nan, None, None, 0, "paired-t")
    diff = Fraction(b) - Fraction(a)
    squares = Fraction(bb) - 2 * Fraction(ab) + Fraction(aa)
    return _t_from(n, float(diff / n), squares - diff * diff / n, "paired-t")


@dataclass(frozen=True)
class RatioSums:
    """Σx, Σd, Σx², Σxd and Σd² over games: all a ratio's interval needs."""

    n: int
    x: int
    d: int
    xx: int
    xd: int
    dd: int

    def residual_squares(self, ratio: Fraction) -> Fraction:
        """Σ (x − ratio·d)², the ratio's residuals before they are scaled by the mean denominator."""
        return self.xx - 2 * ratio * self.xd + ratio * ratio * self.dd


def ratio_of_sums(s: RatioSums) -> Estimate:
    """``ratio`` from sums."""
    if s.n == 0 or s.d == 0:
        return Estimate(math.nan, None, None, s.n, "ratio-t")
    value = Fraction(s.x, s.d)
    per_game = Fraction(s.d, s.n)
    return _t_from(s.n, float(value), s.residual_squares(value) / (per_game * per_game), "ratio-t")


def paired_ratio_difference_of_sums(a: RatioSums, b: RatioSums, xx: int, xd: int, dx: int, dd: int) -> Estimate:
    """``paired_ratio_difference`` from each side's sums and the cross sums over the same seeds: Σ xa·xb,
    Σ xa·db, Σ da·xb, Σ da·db."""
    if a.n != b.n:
        raise ValueError(f"paired samples differ in length: {a.n} and {b.n}")
    if a.n == 0 or a.d == 0 or b.d == 0:
        return Estimate(math.nan, None, None, a.n, "paired-t")
    ra, rb = Fraction(a.x, a.d), Fraction(b.x, b.d)
    pa, pb = Fraction(a.d, a.n), Fraction(b.d, b.n)
    # Each side's residuals sum to zero, so their differences do too: Σ (res_b − res_a)² is all it takes.
    crossed = (xx - rb * xd - ra * dx + ra * rb * dd) / (pa * pb)
    squares = a.residual_squares(ra) / (pa * pa) + b.residual_squares(rb) / (pb * pb) - 2 * crossed
    return _t_from(a.n, float(rb - ra), squares, "paired-t")


def quartiles_of_counts(counts: Mapping[int, int]) -> tuple[float, float, float]:
    """``quartiles`` of values given as value -> how many."""
    ordered = sorted(counts.items())
    n = sum(k for _, k in ordered)
    if not n:
        return (math.nan, math.nan, math.nan)

    def nth(i: int) -> int:
        seen = 0
        for value, k in ordered:
            seen += k
            if i < seen:
                return value
        return ordered[-1][0]

    def at(q: float) -> float:
        position = q * (n - 1)
        low = math.floor(position)
        high = min(low + 1, n - 1)
        return nth(low) + (nth(high) - nth(low)) * (position - low)

    return at(0.25), at(0.5), at(0.75)


__all__ = ["Estimate", "LEVEL", "METHODS", "MIN_GAMES", "RatioSums", "TOO_FEW", "decimals", "mean", "mean_of_sums",
           "paired_difference", "paired_difference_of_sums", "paired_ratio_difference",
           "paired_ratio_difference_of_sums", "proportion", "quartiles", "quartiles_of_counts", "ratio",
           "ratio_of_sums", "rounded", "t_quantile"]


def batch_half_width(parts: Any) -> Any:
    """The 95% half-interval of a figure worked out from all the data, from its value in each of the independent
    batches along the first axis of ``parts`` (batch means; numpy arrays)."""
    import numpy as np

    k = parts.shape[0]
    return t_quantile(0.5 + LEVEL / 2, k - 1) * np.std(parts, axis=0, ddof=1) / math.sqrt(k)
