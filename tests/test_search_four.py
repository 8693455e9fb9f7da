"""The four-hand play's search over compact positions (costly_variants/game/_kernel_search_four.c) plays the
engine's games under house rules of the partnership game: the play's scores (pairs, the courts alike,
sequences, totals, Jacks and Deuces), the go and the latter, an Ace of one or two values, a limit other
than 31, no new series, pegging out or not near a short target, and the counts and claims its leaves add.
Where a rule takes it off its path (a score below nothing, five of a kind in a series), the kernel's
other path or the engine plays the game, with the same result."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from costly_variants import profiles
from costly_variants.runs.runner import seeds_for

from .slow import few_and_many
from .test_kernel import _played_profile, needs_kernel, same_games
from .test_rule_fuzzer import FAST, RULE_SPECS, from_schema, write_profile

# What the four-hand play's search reads of the rules (its moves, scores and leaves).
PLAY_KEYS = sorted(key for key in RULE_SPECS if key.startswith("play.") and key != "play.leader") + [
    "cards.ace_values", "cards.ace_in_sequence", "cards.court_value", "count.pair_match", "count.jack_points",
    "game.peg_out_ends_game", "mog.late_claim", "turnup.heels_before_play", "turnup.heels_points"]
PAIRINGS = [("search-points", "expert"), ("expert", "search-points")]


@st.composite
def partnership_rules(draw: st.DrawFn) -> dict:
    """The partnership game with some of its play's rules changed, to a short target."""
    keys = draw(st.sets(st.sampled_from(PLAY_KEYS), min_size=1, max_size=8))
    values = {key: draw(from_schema(RULE_SPECS[key])) for key in sorted(keys)}
    values["game.target"] = draw(st.integers(5, 21))
    if "play.limit" in values:  # a limit every hand's cards can reach
        values["play.limit"] = max(values["play.limit"], 10)
        values["play.point_totals"] = [t for t in values.get("play.point_totals", [15]) if t <= values["play.limit"]]
    return values


@needs_kernel
@pytest.mark.parametrize("examples", few_and_many(24, few=4))
def test_the_four_hand_search_plays_the_engines_games_under_house_rules(examples, tmp_path):
    @settings(FAST, max_examples=examples)
    @given(values=partnership_rules(), pairing=st.sampled_from(PAIRINGS))
    def check(values, pairing):
        profile = _played_profile(tmp_path, values, "eddowes-burne-1874-partners")
        same_games(profile.rules, pairing, [random.Random(str(values)).getrandbits(64)], variant=profile.id)

    check()


@needs_kernel
@pytest.mark.parametrize("values", [
    # the go and the latter each series, both paid, an Ace of one value, no sequences: the goes in one step
    {"play.go_points": 2, "play.latter_points": 1, "play.latter_when": "each-series", "play.go_and_latter": True,
     "cards.ace_values": [1], "play.sequences": False, "game.target": 15},
    # the go or the latter, not both, each series: the latter not paid where the go was
    {"play.go_points": 1, "play.latter_points": 2, "play.latter_when": "each-series", "play.go_and_latter": False,
     "game.target": 21},
    # one series for the whole deal (no new series), a limit of 21, sequences of two
    {"play.new_series": False, "play.limit": 21, "play.point_totals": [15, 21], "play.sequence_min": 2,
     "game.target": 21, "game.peg_out_ends_game": False},
    # the courts alike in the play, worth 7: pairs, prials and double prials of courts (five would pass 31)
    {"count.pair_match": "courts-alike", "cards.court_value": 7, "game.target": 31},
], ids=["goes-and-latter", "go-or-latter", "one-series", "courts-alike"])
def test_the_four_hand_search_plays_the_engines_games_in_shapes_the_bundled_rules_lack(values, tmp_path):
    profile, problems = profiles.check(write_profile(tmp_path, values, "eddowes-burne-1874-partners"))
    assert profile is not None, problems
    for pairing in PAIRINGS:
        assert same_games(profile.rules, pairing, seeds_for(3, 5), variant=profile.id) == 0
