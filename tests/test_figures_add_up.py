"""Figures that add up: the shares of how games are won sum to 100%, with every way a game can be won (in
the play, at the count, at the turn-up, at the mog) a figure of its own."""
from __future__ import annotations

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
