"""A rule the games never meet is said so, with why and what to try: Parlett with Cotton's mog procedure
and a refusal costing 2, under the default (greedy) bots, plays Parlett's games game for game; each report
says so beside the rule rather than show a row of zeros, and each rule gets its own reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.questions import report
from costly_variants.questions.byrule import run_by_rule
from costly_variants.questions.study import Settings, local_runner, run_comparison
from costly_variants.runs.unchanged import why_unchanged

MOG = ("id: mog-house\ntitle: Parlett with Cotton's mog and a refusal costing 2\nextends: parlett-121\n"
       "rules: {mog: {procedure: {value: eldest-chooses, status: editorial, cite: [], note: Cotton's},\n"
       "  refusal_points: {value: 2, status: editorial, cite: [], note: two}}}\n")


@pytest.fixture(scope="module")
def pair(tmp_path_factory) -> tuple[profiles.Profile, profiles.Profile]:
    path: Path = tmp_path_factory.mktemp("mog") / "mog-house.yaml"
    path.write_text(MOG, encoding="utf-8")
    return profiles.load("parlett-121"), profiles.load(str(path))


def test_compare_says_the_mog_rules_were_never_met_and_what_to_try(pair):
    data = run_comparison(list(pair), Settings(150, 1, ("greedy",)), local_runner(1))
    (entries,) = data["never_met"].values()
    assert [e["rule"] for e in entries] == ["mog.procedure", "mog.refusal_points"]
    assert all("always asks to mog and always agrees" in e["why"] and "--bot expert" in e["why"] for e in entries)
    flat = " ".join(report.render_text(data).split())
    assert "B played the same games as A, game for game" in flat.split("Below, by line")[0]  # the first screen
    assert "mog.refusal_points: the greedy bot always asks to mog and always agrees" in flat
    # and the advice is true: with the expert bot, who refuses, the games part
    expert = run_comparison(list(pair), Settings(150, 1, ("expert",)), local_runner(1))
    assert expert["never_met"] == {}


def test_by_rule_says_each_switch_never_met(pair):
    data = run_by_rule(*pair, Settings(60, 1, ("greedy",)), local_runner(1))
    assert [sw["rules"] for sw in data["switches"] if sw["never_met"]] == [["mog.procedure"], ["mog.refusal_points"]]
    text = " ".join(report.render_by_rule_text(data).split())
    assert "Never met in these games" in text and "mog.procedure: the greedy bot always asks" in text


def test_each_rule_has_its_own_reason():
    from costly_variants.profiles.display import plain

    values = {k: plain(v) for k, v in profiles.load("parlett-121").values.items()}
    claims = values | {"mog.late_claim": True}
    why = why_unchanged("mog.late_claim_when", claims, claims | {"mog.late_claim_when": "before-count"}, ["greedy"],
                        500)
    assert "refused" not in why and "pegs a Jack or Deuce" in why and "--bot random" in why
    # a reading that cannot part from the profile's: never "try more games"
    no_latter = values | {"play.latter_points": 0}
    why = why_unchanged("play.latter_when", no_latter, no_latter | {"play.latter_when": "last-card-only"},
                        ["greedy"], 500)
    assert "more --games" not in why and "latter" in why
    refusal = why_unchanged("mog.refusal_points", values, values | {"mog.refusal_points": 2}, ["greedy"], 500)
    assert "always asks to mog and always agrees" in refusal
