"""The statistics module against published values, and its refusal to claim an interval from too few games."""
from __future__ import annotations

import math

import pytest

from costly_variants import stats


@pytest.mark.parametrize("df, expected", [(9, 2.262157), (10, 2.228139), (30, 2.042272), (200, 1.971896)])
def test_t_quantile_matches_the_tables(df, expected):
    assert stats.t_quantile(0.975, df) == pytest.approx(expected, abs=1e-3)


def test_wilson_interval_matches_the_textbook_values():
    # Wilson score intervals (Newcombe 1998, method 3): 5/10 -> 0.2366..0.7634, 0/10 -> 0..0.2775.
    half = stats.proportion(5, 10)
    assert (half.value, round(half.low, 4), round(half.high, 4)) == (0.5, 0.2366, 0.7634)
    none = stats.proportion(0, 10)
    assert none.low == 0.0 and round(none.high, 4) == 0.2775
    assert stats.proportion(81, 263).contains(81 / 263)


def test_mean_interval_is_t_times_the_standard_error():
    values = [float(x) for x in range(1, 21)]  # mean 10.5, sd 5.9161
    estimate = stats.mean(values)
    half = stats.t_quantile(0.975, 19) * 5.9160798 / math.sqrt(20)
    assert estimate.value == 10.5
    assert estimate.low == pytest.approx(10.5 - half) and estimate.high == pytest.approx(10.5 + half)
    assert estimate.clear_of_zero and estimate.method == "t"


def test_too_few_games_claims_no_interval():
    few = stats.mean([1.0, 2.0, 3.0])
    assert few.value == 2.0 and few.low is None and few.high is None and not few.clear_of_zero
    assert few.as_dict()["note"] == stats.TOO_FEW
    assert stats.proportion(3, 9).low is None
    assert stats.ratio([1.0] * 5, [2.0] * 5).low is None
    assert math.isnan(stats.mean([]).value)


def test_ratio_of_sums_and_its_paired_difference():
    points = [10.0, 14.0, 9.0, 20.0, 12.0, 8.0, 15.0, 11.0, 13.0, 10.0]
    deals = [5.0, 7.0, 4.0, 9.0, 6.0, 4.0, 7.0, 5.0, 6.0, 5.0]
    estimate = stats.ratio(points, deals)
    assert estimate.value == pytest.approx(sum(points) / sum(deals)) and estimate.low < estimate.value < estimate.high
    same = stats.paired_ratio_difference(points, deals, points, deals)
    assert (same.value, same.low, same.high) == (0.0, 0.0, 0.0) and same.contains(0.0)
    more = stats.paired_ratio_difference(points, deals, [p + d for p, d in zip(points, deals)], deals)
    assert more.value == pytest.approx(1.0) and more.clear_of_zero


def test_paired_difference_needs_pairs():
    with pytest.raises(ValueError, match="differ in length: 2 and 3"):
        stats.paired_difference([1.0, 2.0], [1.0, 2.0, 3.0])
    diff = stats.paired_difference([1.0] * 12, [1.5] * 6 + [2.5] * 6)
    assert diff.value == 1.0 and diff.clear_of_zero


def test_quartiles_interpolate():
    assert stats.quartiles([1, 2, 3, 4, 5]) == (2.0, 3.0, 4.0)
    assert stats.quartiles([4, 1, 3, 2]) == (1.75, 2.5, 3.25)
