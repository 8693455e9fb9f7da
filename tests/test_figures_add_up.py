"""Figures that add up: the shares of how games are won sum to 100%, with every way a game can be won (in
the play, at the count, at the turn-up, at the mog) a figure of its own."""
from __future__ import annotations

import re

import pytest

from costly_variants import profiles
from costly_variants.runs.figures import HEADLINE
from costly_variants.runs.runner import GameSpec, Plan, run_plans

WON = ("won_in_play", "won_at_count", "won_at_turnup", "won_at_mog")


@pytest.mark.parametrize("bots", [("random",), ("greedy",)])
def test_the_ways_a_game_is_won_add_up_to_every_game(bots):
    chosen = profiles.load_all()
    plan = Plan(tuple(GameSpec.from_profile(p) for p in chosen), bots, 5, 300)
    (result,) = run_plans([plan], jobs=1)
    figures = {f.key: f for f in HEADLINE}
    assert set(WON) <= set(figures)
    seen = set()
    for profile, sums in zip(chosen, result.runs):
        shares = [figures[k].estimate(sums).value for k in WON]
        assert sum(shares) == pytest.approx(1.0), (profile.id, shares)
        seen |= {k for k, share in zip(WON, shares) if share}
    # Somewhere a game is won at the turn-up (heels to the target), not only in the play and at the count.
    assert {"won_in_play", "won_at_count", "won_at_turnup"} <= seen


def test_a_spread_that_is_not_zero_never_prints_as_plus_or_minus_zero():
    from costly_variants.runs.layout import cell

    text = cell({"value": 0.0004, "low": -0.0011, "high": 0.0019, "n": 100, "method": "paired-t"}, "number",
                signed=True)
    assert text == "0.000±0.002", text  # once "0.00±0.00"
    assert cell({"value": 0.0, "low": 0.0, "high": 0.0, "n": 100, "method": "paired-t"}, "number") == "0.00±0.00"


@pytest.mark.parametrize("successes, n", [(0, 1000), (1, 1000), (999, 1000), (1000, 1000), (0, 12)])
def test_a_share_near_its_bounds_is_shown_inside_them(successes, n):
    """Wilson's interval stays within 0% and 100%; so does what the report prints of it (once "0.00±0.10")."""
    from costly_variants import stats
    from costly_variants.runs.layout import cell

    e = stats.proportion(successes, n)
    assert 0 <= e.low <= e.value <= e.high <= 1
    text = cell(e.as_dict(), "share")
    assert "±" not in text, text
    value, sign, reach = re.match(r"([\d.]+)([+-])(.*)", text).groups()
    up, _, down = (sign + reach).partition("/")
    if e.value == 0:  # nothing below: only how far up
        assert up.startswith("+") and not down
    if e.value == 1:
        assert up.startswith("-") and not down
        up, down = "+0", up
    last = 10.0 ** -len(value.partition(".")[2])  # the last decimal shown
    low, high = float(value) + float(down or 0), float(value) + float(up)
    assert abs(low - e.low * 100) <= last + 1e-9 and abs(high - e.high * 100) <= last + 1e-9, text
    assert low >= 0 and high <= 100


def test_the_two_counts_of_lead_changes_are_told_apart_once():
    from costly_variants.questions.report import render_markdown, render_text
    from costly_variants.questions.study import Settings, local_runner, run_comparison

    data = run_comparison([profiles.load("parlett-121"), profiles.load("cotton-1674")], Settings(30, 1, ("greedy",)),
                          local_runner(1))
    assert all(data["decisive"].values())
    for text in (render_text(data), render_markdown(data)):
        flat = " ".join(text.split())
        assert "lead changes (table)" in flat and "lead changes a game" in flat
        assert flat.count("Lead changes (table) are counted in games put together from the win table's deals") == 1
