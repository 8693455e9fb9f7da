"""``compare --precision``: as many games as the headline figures need, looked at 1,000 games and each
doubling, the stop the same whatever the processes, and the intervals at the stop still covering the truth
95% of the time (the fixed-width procedure's coverage, tested as the fixed runs' is)."""
from __future__ import annotations

import json
import random

import pytest

from costly_variants import profiles, stats
from costly_variants.questions.study import Precision, PrecisionError, Settings, local_runner, run_comparison


def test_checkpoints_double_from_the_first_look_to_the_most():
    assert stats.checkpoints(20_000) == [1_000, 2_000, 4_000, 8_000, 16_000, 20_000]
    assert stats.checkpoints(1_000) == [1_000] and stats.checkpoints(300) == [300]


@pytest.mark.parametrize("text, half, kind", [("0.5pp", 0.005, "share"), ("0.05pts", 0.05, "per deal"),
                                              ("0.1deals", 0.1, "deals"), ("2points", 2.0, "points")])
def test_a_precision_is_read_in_its_unit(text, half, kind):
    p = Precision.parse(text)
    assert p.half_width == pytest.approx(half) and p.kind.name == kind


@pytest.mark.parametrize("text", ["0.5", "pp", "-1pp", "0pp", "0.5furlongs"])
def test_a_bad_precision_says_what_is_wanted(text):
    with pytest.raises(PrecisionError, match="a positive number and a unit"):
        Precision.parse(text)


def _coverage(draw, estimate, truth: float, width: float, first: int, most: int, reps: int) -> tuple[float, int]:
    """The share of ``reps`` sequential runs whose interval at the stop holds ``truth``, and how many stopped
    before the most games."""
    rng = random.Random(37)
    covered = early = 0
    looks = stats.checkpoints(most, first)
    for _ in range(reps):
        data = [draw(rng) for _ in range(most)]

        def look(n: int) -> tuple[float, stats.Estimate]:
            e = estimate(data[:n])
            return (e.high - e.low) / 2, e

        n, e = stats.stop_at(looks, look, width)
        covered += e.low <= truth <= e.high
        early += n < most
        assert (e.high - e.low) / 2 <= width or n == most
    return covered / reps, early


@pytest.mark.slow
def test_a_run_to_a_precision_keeps_its_95_percent_coverage():
    """A paired difference (t) and a share (Wilson), each stopped at the first look narrow enough. With 1,200
    runs, a true coverage of 95% falls below 93% with a chance under 1 in 1,000."""
    share, early = _coverage(lambda r: int(r.random() < 0.3), lambda xs: stats.proportion(sum(xs), len(xs)),
                             0.3, 0.033, 100, 3200, 1200)
    assert share >= 0.93 and early > 1000, (share, early)
    mean, early = _coverage(lambda r: (r.gauss(0, 1), r.gauss(0.2, 1.3)),
                            lambda pairs: stats.paired_difference([a for a, _ in pairs], [b for _, b in pairs]),
                            0.2, 0.12, 100, 3200, 1200)
    assert mean >= 0.93 and early > 1000, (mean, early)


def test_the_same_seed_stops_at_the_same_games_whatever_the_processes():
    chosen = [profiles.load("parlett-121"), profiles.load("cotton-1674")]
    asked = Precision.parse("0.05deals")
    lines: list[str] = []
    one = run_comparison(chosen, Settings(8000, 3, ("greedy",)), local_runner(1), precision=asked, said=lines.append)
    two = run_comparison(chosen, Settings(8000, 3, ("greedy",)), local_runner(2), precision=asked)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    p = one["settings"]["precision"]
    assert p["met"] and 1000 < p["games"] < 8000 and one["settings"]["games_played"] == p["games"]
    deals = next(f for f in one["figures"] if f["key"] == "deals_per_game")
    for e in (*deals["estimates"].values(), *deals["differences"].values()):
        assert (e["high"] - e["low"]) / 2 <= 0.05
    assert len(lines) == len(p["looks"]) and "±" in lines[-1]  # the intervals narrowing, look by look
    from costly_variants.questions.report import render_text

    assert f"within ±0.05deals at {p['games']:,} games" in " ".join(render_text(one).split())
