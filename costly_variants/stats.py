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
from typing import Any, Callable, Mapping, Sequence, TypeVar

T = TypeVar("T")

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

    @property
    def p_value(self) -> float | None:
        """The two-sided p of the test that the figure is zero, read from the same t (or normal) quantiles as
        its interval, so that p < 0.05 exactly where the 95% interval is clear of zero; None without an
        interval, and where the games were the same game for game (zero, with no spread: nothing to test)."""
        if not self.has_interval or self.value != self.value:
            return None
        half = (self.high - self.low) / 2  # type: ignore[operator]
        if half <= 0:  # no spread: the same games (nothing to test), or one constant amount apart
            return None if self.value == 0 else 0.0
        if self.method == "wilson":
            return None  # a share is not tested against zero
        standard_error = half / _critical(self.n)
        return two_sided_p(abs(self.value) / standard_error, self.n - 1)

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
    return _expanded(NormalDist().inv_cdf(p), df)


def two_sided_p(t: float, df: int) -> float:
    """The two-sided p of ``t`` with ``df`` degrees of freedom: the inverse of ``t_quantile`` (found by
    bisection on the normal quantile it expands), so that a test and an interval never disagree."""
    if t <= 0:
        return 1.0
    low, high = 0.0, max(t, 1.0)  # the t quantile lies above its normal quantile (z <= t)
    while _expanded(high, df) < t:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if _expanded(middle, df) < t:
            low = middle
        else:
            high = middle
        if high - low < 1e-12 * high:
            break
    # to 10 significant digits: erfc and the powers above differ in their last bits between C libraries
    # (CPython's and Pyodide's in the browser), and the same seed must give the same report everywhere
    return float(f"{math.erfc((low + high) / 2 / math.sqrt(2)):.10g}")


def _expanded(z: float, df: int) -> float:
    """``t_quantile`` from the normal quantile ``z`` rather than the probability."""
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


# -- a report's error control ---------------------------------------------------------------------------
#
# A report tests every difference it prints (some 36 in a comparison of two profiles): at 95% each, one or
# two would be clear of zero by chance in every report. A star is therefore given only to what survives
# Holm's step-down over all of them, which keeps the chance that a report holds any false star at or below
# ERROR_RATE whatever the dependence between its figures (they come from the same games, so it is
# unknown). That is stricter than Benjamini-Hochberg's false discovery rate (every Holm star is a BH star),
# and needs no assumption of positive dependence; what it gives up is a small difference beside many large
# ones, which a plain 95% interval alone still shows clear of zero ("clear_of_zero").

ERROR_RATE = 0.05
ERROR_CONTROL = "holm"


def tested(e: Estimate) -> dict[str, object]:
    """A difference as a report keeps it: its rounded figure and interval, whether that interval alone is
    clear of zero, and its p (unrounded: the report's ``control`` ranks them)."""
    return e.as_dict() | {"clear_of_zero": e.clear_of_zero, "p": e.p_value}


def control(tests: Sequence[dict[str, Any]]) -> dict[str, object]:
    """Holm's step-down over the ``tests`` (dicts from ``tested``), each given ``p_adjusted`` and
    ``starred``; what was done, for the report's key: the method, the rate, the number tested and starred.
    A difference without an interval is not tested (``p`` None): never starred."""
    ranked = sorted((t for t in tests if t.get("p") is not None), key=lambda t: t["p"])
    m = len(ranked)
    running = 0.0
    for i, t in enumerate(ranked):
        running = max(running, min(1.0, float(f"{(m - i) * float(t['p']):.10g}")))
        t["p_adjusted"] = running
        t["starred"] = running <= ERROR_RATE and bool(t.get("clear_of_zero"))
    for t in tests:
        if t.get("p") is None:
            t["p_adjusted"], t["starred"] = None, False
    return {"method": ERROR_CONTROL, "rate": ERROR_RATE, "tested": m,
            "starred": sum(1 for t in ranked if t["starred"])}


# -- as many games as the precision needs ----------------------------------------------------------------
#
# A run to a precision (``costly compare --precision 0.5pp``) looks at its figures only at checkpoints that
# double (1,000 games, 2,000, 4,000, ... up to the most allowed), and stops at the first where every figure
# watched has a half-width at most the one asked. The checkpoints are whole runs of the first n seeds, so
# the same seed stops at the same checkpoint whatever the processes (a chunk's end is never a look). The
# stop depends on the intervals' widths, that is on the spread of the games, not on where the figures
# lie: this is Chow and Robbins' fixed-width procedure (1965), whose intervals keep their level as the
# width asked shrinks; on a coarse grid of looks begun at a thousand games the tests find 95% coverage.

FIRST_LOOK = 1_000


def checkpoints(most: int, first: int = FIRST_LOOK) -> list[int]:
    """The games at which a run to a precision looks: ``first``, doubling, and ``most`` last."""
    looks = []
    n = min(first, most)
    while n < most:
        looks.append(n)
        n *= 2
    return looks + [most]


def stop_at(looks: Sequence[int], look: Callable[[int], tuple[float, T]], width: float) -> tuple[int, T]:
    """The first of ``looks`` at which ``look(n)`` (the widest half-width watched after the first n games,
    and what was seen) has it at most ``width``, with what was seen; the last look where none has. A look
    whose width is NaN (its games stopped by Ctrl-C) ends the looking at once."""
    seen: T
    for n in looks:
        widest, seen = look(n)
        if widest <= width or widest != widest:
            return n, seen
    return looks[-1], seen


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


def paired_ratio_difference_of_sums(a: RatioSums, b: RatioSums, xx: int, xd: int, dx: int, dd: int, *,
                                    scores: bool = False) -> Estimate:
    """``paired_ratio_difference`` from each side's sums and the cross sums over the same seeds: Σ xa·xb,
    Σ xa·db, Σ da·xb, Σ da·db.

    ``scores``: the numerators are sums of scores that are never negative (a source's points). Two rule sets
    on the same seeds share most deals; where a rare score (a double prial, heels) never fell in the deals
    one played and the other did not, the paired residuals hold no sign of it and the interval shrinks to
    the difference of the denominators alone (``+0.000003±0.000001`` for double prials under a point for the
    go, starred in every seed). Where every game scored the same on both sides (Σ (xb − xa)² is 0), the
    games hold no sign of how often the score falls in the deals one side played alone, and one score more
    or less in one game is a difference they cannot rule out: the residuals' squares are then taken at least
    as large as one score's, Σx²/Σx over both sides, which is at least the size of one score (exactly it
    where games hold at most one). Where any game's score differs, its residual already carries it."""
    if a.n != b.n:
        raise ValueError(f"paired samples differ in length: {a.n} and {b.n}")
    if a.n == 0 or a.d == 0 or b.d == 0:
        return Estimate(math.nan, None, None, a.n, "paired-t")
    ra, rb = Fraction(a.x, a.d), Fraction(b.x, b.d)
    pa, pb = Fraction(a.d, a.n), Fraction(b.d, b.n)
    # Each side's residuals sum to zero, so their differences do too: Σ (res_b − res_a)² is all it takes.
    crossed = (xx - rb * xd - ra * dx + ra * rb * dd) / (pa * pb)
    squares = a.residual_squares(ra) / (pa * pa) + b.residual_squares(rb) / (pb * pb) - 2 * crossed
    if scores and a.x + b.x > 0 and (a.d != b.d or a.x != b.x or squares > 0):
        one = Fraction(a.xx + b.xx, a.x + b.x)
        if a.xx + b.xx - 2 * xx == 0:  # Σ (xb − xa)²: every game scored the same on both sides
            squares = max(squares, one * one / (pa * pb))
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


__all__ = ["ERROR_CONTROL", "ERROR_RATE", "Estimate", "FIRST_LOOK", "LEVEL", "checkpoints", "control", "stop_at",
           "tested", "two_sided_p", "METHODS", "MIN_GAMES", "RatioSums", "TOO_FEW", "decimals", "mean", "mean_of_sums",
           "paired_difference", "paired_difference_of_sums", "paired_ratio_difference",
           "paired_ratio_difference_of_sums", "proportion", "quartiles", "quartiles_of_counts", "ratio",
           "ratio_of_sums", "rounded", "t_quantile"]


def batch_half_width(parts: Any) -> Any:
    """The 95% half-interval of a figure worked out from all the data, from its value in each of the independent
    batches along the first axis of ``parts`` (batch means; numpy arrays)."""
    import numpy as np

    k = parts.shape[0]
    return t_quantile(0.5 + LEVEL / 2, k - 1) * np.std(parts, axis=0, ddof=1) / math.sqrt(k)
