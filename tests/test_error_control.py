"""A report's stars: each difference's p read from the same quantiles as its interval, Holm's step-down over
every difference a report tests, the key that says so, and the two checks that matter to a reader: two
profiles whose difference cannot change the game's law (Parlett, and Parlett with the hands dealt three at
a time) give a report with any star in at most about 5% of seeds, and the README's house rule (a point
for the go) keeps its stars on what it changes and gives none to what it cannot change."""
from __future__ import annotations

import csv
import io
import json
import math
import random
from pathlib import Path

import pytest

from costly_variants import profiles, stats
from costly_variants.questions import report
from costly_variants.questions.byrule import run_by_rule
from costly_variants.questions.study import Settings, local_runner, run_comparison

THREES = ("id: parlett-threes\ntitle: Parlett with the hands dealt three at a time\nextends: parlett-121\n"
          "rules: {deal: {in_ones: {value: false, status: editorial, cite: [], note: dealt in threes}}}\n")
HOUSE = ("id: my-house\ntitle: Parlett with a point for the go\nextends: parlett-121\n"
         "rules: {play: {go_points: {value: 1, status: editorial, cite: [], note: a point for the go}}}\n")


def _profile(tmp_path: Path, text: str, name: str) -> profiles.Profile:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return profiles.load(str(path))


def test_p_is_below_five_percent_exactly_where_the_interval_is_clear_of_zero():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.choice([10, 12, 30, 200, 5000])
        shift = rng.gauss(0, 0.3)
        a = [rng.gauss(0, 1) for _ in range(n)]
        b = [x + shift + rng.gauss(0, 1) for x in a]
        e = stats.paired_difference(a, b)
        p = e.p_value
        assert p is not None and 0 <= p <= 1
        if abs(p - 0.05) > 1e-9:
            assert (p < 0.05) == e.clear_of_zero, (n, p, e)


def test_p_of_a_t_statistic_matches_the_tables():
    # Two-sided p of t = 2.262 with 9 degrees of freedom is 0.05; of 3.250, 0.01 (Student's tables).
    assert stats.two_sided_p(2.262, 9) == pytest.approx(0.05, abs=2e-4)
    assert stats.two_sided_p(3.250, 9) == pytest.approx(0.01, abs=2e-4)
    assert stats.two_sided_p(1.959964, 10 ** 9) == pytest.approx(0.05, abs=1e-6)
    assert stats.two_sided_p(0.0, 30) == 1.0


def test_holm_adjusts_and_stars_only_what_survives():
    tests = [{"p": p, "clear_of_zero": p < 0.05} for p in (0.001, 0.04, 0.012, 0.3)] + [{"p": None}]
    done = stats.control(tests)
    # Sorted 0.001, 0.012, 0.04, 0.3: adjusted 4 x 0.001, 3 x 0.012, max(0.036, 2 x 0.04), max(0.08, 0.3).
    assert [t["p_adjusted"] for t in tests[:4]] == pytest.approx([0.004, 0.08, 0.036, 0.3])
    assert [t["starred"] for t in tests] == [True, False, True, False, False]
    assert tests[4]["p_adjusted"] is None
    assert done == {"method": "holm", "rate": 0.05, "tested": 4, "starred": 2}


def test_a_rare_score_the_unshared_deals_never_held_is_not_a_difference():
    # Two rule sets on the same seeds score the same forty double prials (18 each); the second plays a deal
    # fewer in some games. The ratio moves by the denominators alone: not a finding.
    n = 20000
    da = [10 + (i % 10 == 0) for i in range(n)]
    db = [10] * n
    xa = [18 if i % 500 == 7 else 0 for i in range(n)]
    xb = list(xa)
    a = stats.RatioSums(n, sum(xa), sum(da), sum(x * x for x in xa), sum(x * d for x, d in zip(xa, da)),
                        sum(d * d for d in da))
    b = stats.RatioSums(n, sum(xb), sum(db), sum(x * x for x in xb), sum(x * d for x, d in zip(xb, db)),
                        sum(d * d for d in db))
    cross = (sum(x * y for x, y in zip(xa, xb)), sum(x * d for x, d in zip(xa, db)),
             sum(d * y for d, y in zip(da, xb)), sum(d * e for d, e in zip(da, db)))
    plain = stats.paired_ratio_difference_of_sums(a, b, *cross)
    scored = stats.paired_ratio_difference_of_sums(a, b, *cross, scores=True)
    assert plain.clear_of_zero  # the residuals alone: +0.00004, six half-widths from zero
    assert not scored.clear_of_zero and scored.value == plain.value


@pytest.fixture(scope="module")
def house_report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("house")
    chosen = [profiles.load("parlett-121"), _profile(tmp, HOUSE, "my-house.yaml")]
    return run_comparison(chosen, Settings(3000, 1, ("greedy",)), local_runner(1))


def test_the_report_stars_what_survives_and_says_so_once(house_report):
    data = house_report
    control = data["error_control"]
    differences = [d for f in data["figures"] for d in f["differences"].values()]
    assert control["tested"] == sum(d["p"] is not None for d in differences) > 20
    assert control["starred"] == sum(d["starred"] for d in differences) > 0
    for d in differences:
        assert not d["starred"] or d["clear_of_zero"]
    text = report.render_text(data)
    key = f"* = clear of zero after allowing for the {control['tested']} differences tested"
    assert " ".join(text.split()).count(key) == 1
    marked = [line for line in text.splitlines() if "*" in line and "±" in line]
    assert sum(line.count("*") for line in marked) == control["starred"]
    rows = [r for r in csv.DictReader(io.StringIO(report.render_csv(data))) if r["kind"] == "difference"]
    assert {r["starred"] for r in rows} <= {"True", "False"}
    assert sum(r["starred"] == "True" for r in rows) == control["starred"]
    assert all(r["p"] and r["p_adjusted"] for r in rows)
    assert "Starred:" in report.render_markdown(data)
    json.dumps(data)  # the JSON holds p, p_adjusted and starred as plain numbers


@pytest.mark.slow
def test_a_difference_that_cannot_change_the_game_gives_a_false_star_in_at_most_about_5_percent_of_reports(
        tmp_path):
    """40 seeds of 800 games: with Holm at 5%, the reports with any star are Binomial(40, at most 0.05); 8 or
    more of them has a chance under 0.1% (the plain 95% intervals starred something in 16 of 20 seeds)."""
    chosen = [profiles.load("parlett-121"), _profile(tmp_path, THREES, "threes.yaml")]
    starred, plain = [], []
    for seed in range(1, 41):
        data = run_comparison(chosen, Settings(800, seed, ("greedy",)), local_runner(2))
        starred.append(data["error_control"]["starred"])
        plain.append(any(d["clear_of_zero"] for f in data["figures"] for d in f["differences"].values()))
    assert sum(1 for s in starred if s) <= 7, starred
    assert sum(plain) > 7, plain  # each interval alone, as the stars once were, would fail the bound
    tail = sum(math.comb(40, k) * 0.05 ** k * 0.95 ** (40 - k) for k in range(8, 41))
    assert tail < 0.001  # the bound's arithmetic: P(X >= 8) is below 0.1%


@pytest.mark.slow
def test_the_readme_house_rule_stars_what_it_changes_and_nothing_it_cannot(tmp_path):
    """The README's walkthrough, `--by-rule`, seeds 1-10 at its default games: the go, the latter and the
    game's length starred in every seed; heels (the turn-up) and double prials (the count's hands) never."""
    a, b = profiles.load("parlett-121"), _profile(tmp_path, HOUSE, "my-house.yaml")
    from costly_variants.api import running
    for seed in range(1, 11):
        data = run_by_rule(a, b, Settings(running.DEFAULT_BY_RULE_GAMES, seed, ("greedy",)), local_runner(2))
        (switch,) = data["switches"]
        for key in ("points.play.go_points", "points.play.latter_points", "deals_per_game"):
            assert switch["effects"][key]["starred"] and data["total"][key]["starred"], (seed, key)
        for key in ("points.turnup.heels_points", "points.count.double_prial_points"):
            assert not switch["effects"][key]["starred"] and not data["total"][key]["starred"], (seed, key)
