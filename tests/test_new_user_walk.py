"""Issue 31: what a new user tripped on, second walk (the points without a test file of their own)."""
from __future__ import annotations

import os

import pytest


# -- point 8: did-you-mean for profile ids and rule keys -----------------------------------------------------

def test_a_mistyped_bundled_id_gets_the_nearest(cli):
    code, out, err = cli("show", "parlet-121")
    assert code == 1 and "did you mean 'parlett-121'?" in err and len(err.strip().splitlines()) == 1


def test_a_mistyped_file_in_the_current_folder_gets_the_nearest(cli, tmp_path, monkeypatch):
    (tmp_path / "my-house.yaml").write_text("id: my-house\ntitle: T\nextends: parlett-121\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("show", "my-huose.yaml")
    assert code == 1 and "did you mean 'my-house.yaml'?" in err
    code, _, err = cli("show", "zzzzzzzzz")
    assert code == 1 and "did you mean" not in err


def test_an_unknown_rule_key_singles_out_the_nearest(cli, tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("id: house\ntitle: House\nextends: parlett-121\nrules: {play: {go_point: {value: 1, "
                    "status: editorial, cite: [], note: x}}}\n", encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 1
    line = next(l for l in (out + err).splitlines() if "go_point" in l)
    assert line.endswith("unknown key 'go_point'; did you mean 'go_points'?"), line


# -- point 5: advice for the seat's own decisions, citing the rules that act ----------------------------------

@pytest.mark.parametrize("variant", ["cotton-1674", "parlett-121"])
def test_the_dealer_gets_no_lead_where_the_eldest_leads(cli, variant):
    import json

    code, out, _ = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", variant, "--as", "dealer")
    assert code == 0 and "The mog" in out
    assert "The first lead is the eldest's under these rules" in " ".join(out.split())
    assert "reply" not in out
    code, out, _ = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", variant, "--as", "dealer", "--json")
    data = json.loads(out)
    assert data["leads"] == [] and data["leader"] == "eldest" and data["lead_rules"] == []


def test_the_lead_cites_only_rules_that_score_under_the_profile(cli):
    """Pairs and Jacks and Deuces do not score in Cotton's play: its lead section once cited them."""
    import json

    code, out, _ = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", "cotton-1674", "--json")
    cited = [r["rule"] for r in json.loads(out)["lead_rules"]]
    assert cited == ["play.point_totals"]
    code, out, _ = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", "cotton-1674")
    assert "play.pairs" not in out and "play.jacks_deuces" not in out and "cites play.point_totals" in out
    code, out, _ = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", "parlett-121", "--json")
    assert {"play.pairs", "play.jacks_deuces"} <= {r["rule"] for r in json.loads(out)["lead_rules"]}


# -- point 9: every reading that changes no game says why ----------------------------------------------------

def test_a_rule_that_does_nothing_under_the_profile_says_which_value_stops_it():
    from costly_variants import profiles
    from costly_variants.questions.readings import readings_of
    from costly_variants.runs.unchanged import why_unchanged
    from costly_variants.profiles.display import plain

    profile = profiles.load("eddowes-burne-1874")
    values = {k: plain(v) for k, v in profile.values.items()}
    reading = next(r for r in readings_of(profile) if r.key == "play.latter_when")
    why = why_unchanged(reading.key, values, reading.values(), ("greedy",), 200)
    assert "play.latter_points is 0 here" in why
    stock = next(r for r in readings_of(profile) if r.key == "mog.stock_when")
    assert "four-hand game" in why_unchanged(stock.key, values, stock.values(), ("greedy",), 200)
    cotton = profiles.load("cotton-1674")
    cv = {k: plain(v) for k, v in cotton.values.items()}
    # Cotton's latter is worth a point: when it is scored matters, so a reading of it is never "inert".
    assert "no deal came" in why_unchanged("play.latter_when", cv, cv | {"play.latter_when": "last-card-only"},
                                           ("expert",), 200)
    assert "greedy bot always asks to mog and always agrees" in why_unchanged("mog.procedure", cv, cv, ("greedy",), 200)


def test_the_readings_text_says_why_for_each_reading_that_changes_nothing(tmp_path):
    from costly_variants import profiles
    from costly_variants.questions.readings import run_readings
    from costly_variants.questions.readings_report import render_markdown, render_text
    from costly_variants.questions.study import Settings, local_runner

    data = run_readings([profiles.load("eddowes-burne-1874")], Settings(10, 1, ("greedy",)), local_runner(1))
    rows = {r["rule"]: r for r in data["profiles"][0]["readings"]}
    assert rows["play.latter_when"]["unchanged"] and "play.latter_points is 0" in rows["play.latter_when"]["unchanged_why"]
    assert all(r["unchanged_why"] for r in rows.values() if r["unchanged"])
    text = " ".join(render_text(data).split())
    assert "no game changed: play.latter_points is 0 here" in text
    assert text.count("no game changed:") == sum(1 for r in rows.values() if r["unchanged"])
    assert "no game changed: play.latter_points is 0 here" in render_markdown(data)


# -- point 10: wording ---------------------------------------------------------------------------------------

def test_play_says_a_card_you_do_not_hold_is_not_in_your_hand():
    from tests.test_cli_game import _terminal

    ui, out = _terminal("KH\n1\n")  # the hand is 2♠ 3♠ K♥ ...
    ui.ask()
    ui, out = _terminal("QC\n1\n")
    ui.ask()
    reply = " ".join(out.getvalue().split("\n> ", 1)[1].split("\n> ", 1)[0].split())
    assert "You do not hold Q♣." in reply and "Not a legal choice here: 'QC'" not in reply


def test_simulate_lists_no_source_that_scores_nothing(cli):
    code, out, _ = cli("simulate", "--variant", "parlett-121", "--games", "20", "--seed", "1", "--jobs", "1")
    assert code == 0
    listed = out.split("by score:")[1].split("every game's")[0]
    assert "cock's nest" not in listed and all(not line.rstrip().endswith(" 0.00") for line in listed.splitlines())


def test_an_unmet_want_is_short_by_a_figure_of_its_own_decimals():
    from costly_variants.questions.design_report import _want_line

    want = {"text": "deals per game <= 7", "surely": False, "met": False, "shortfall": 2.4805,
            "estimate": {"value": 9.4805, "low": 9.41, "high": 9.55, "n": 200, "method": "t"}}
    assert _want_line(want, "number") == "deals per game <= 7: 9.48±0.07 (unmet, short by 2.48)"
    share = {"text": "first dealer's side won <= 0.45", "surely": False, "met": False, "shortfall": 0.0812,
             "estimate": {"value": 0.5312, "low": 0.51, "high": 0.55, "n": 2000, "method": "wilson"}}
    assert _want_line(share, "share").endswith("(unmet, short by 8.1 percentage points)")


def test_the_openspiel_match_says_too_few_seeds_without_an_empty_interval():
    pytest.importorskip("pyspiel")
    from costly_variants.openspiel.match import Match

    few = Match("parlett-121", "expert", 20, 1, "points", 0, ((1, 0, 2.0), (1, 1, -1.0), (2, 0, 0.0), (2, 1, 1.0)))
    text = str(few)
    assert "95% interval (too few" not in text and "(too few seeds for an interval: 10 at least)" in text
    many = Match("parlett-121", "expert", 20, 1, "points", 0, tuple((s, k, float(s % 3)) for s in range(12)
                                                                   for k in (0, 1)))
    assert "95% interval [" in str(many)
