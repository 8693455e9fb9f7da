"""Issue 31, point 1: a difference is clear of zero only when its interval excludes zero, in every form
of the comparison, and one clear of zero is never shown as zero; no negative zeros anywhere."""
from __future__ import annotations

import json
import math

from costly_variants import stats
from costly_variants.questions.report import render_by_rule_text, render_csv, render_markdown, render_text


def _tiny() -> stats.Estimate:
    """A clear difference of three hundred-thousandths (double prials under a house rule at 20,000 games)."""
    return stats.Estimate(0.00003, 0.00001, 0.00005, 20000, "paired-t")


def test_a_tiny_clear_difference_keeps_the_digits_that_show_it_clear():
    d = _tiny().as_dict()
    assert d["value"] != 0 and d["low"] > 0 and d["high"] > 0  # once 0.0, 0.0, 0.0 beside clear_of_zero: true
    assert math.isclose(d["value"], 0.00003) and math.isclose(d["low"], 0.00001)
    usual = stats.Estimate(7.02341, 6.9, 7.1, 100, "t").as_dict()
    assert usual["value"] == 7.0234  # the usual figures keep their usual four decimals


def test_no_negative_zero_in_an_estimate():
    d = stats.Estimate(-0.0, -0.0, 0.0, 100, "paired-t").as_dict()
    assert "-0.0" not in json.dumps(d)
    d = stats.Estimate(-1e-14, -2e-14, 0.0, 100, "paired-t").as_dict()
    assert "-0.0" not in json.dumps(d) and not d["value"] and not d["low"]


def _comparison(difference: stats.Estimate) -> dict:
    """A two-profile comparison with one figure, equal in both but for ``difference``."""
    same = stats.Estimate(0.05, 0.04, 0.06, 20000, "ratio-t").as_dict()
    moved = stats.Estimate(0.05 + difference.value, 0.04, 0.06, 20000, "ratio-t").as_dict()
    nothing = stats.Estimate(0.0, 0.0, 0.0, 20000, "paired-t")
    figures = [{"key": f"points.count.{name}", "label": label, "unit": "number", "section": "points",
                "estimates": {"a": same, "b": moved if d is difference else same},
                "differences": {"b": stats.tested(d)}}
               for name, label, d in (("double_prials", "double prials", difference), ("prials", "prials", nothing))]
    return {"profiles": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}], "rules_differing": [],
            "exact": {"a": None, "b": None}, "figures": figures, "deals_quartiles": {"a": [1, 2, 3], "b": [1, 2, 3]},
            "checks": {}, "settings": {"games": 20000, "games_played": 20000, "complete": True, "seed": 1,
                                       "bots": ["greedy"], "level": 0.95, "skill_games": 0},
            "error_control": stats.control([f["differences"]["b"] for f in figures])}


def test_every_form_says_the_same_of_a_tiny_clear_difference():
    data = _comparison(_tiny())
    text = render_text(data)
    starred = [line for line in text.splitlines() if line.rstrip().endswith("*")]
    assert len(starred) == 1 and "double prials" in starred[0] and "+0.00003" in starred[0], text
    # Out of the differences tested, as Holm's adjustment counts them: the one equal in every game is not tested.
    assert "1 of 1 difference tested starred, 1 more not tested. * = clear of zero after allowing for the 1 " \
        "difference tested (Holm)" in " ".join(text.split())
    assert "no difference in any profile: prials" in " ".join(text.split())  # the one truly equal
    assert "double prials" not in text.split("no difference")[1]
    markdown = render_markdown(data)
    assert "**+0.00003 [0.00001, 0.00005]**" in markdown and "**0.00" not in markdown
    rows = [line.split(",") for line in render_csv(data).splitlines() if line.startswith("difference,")]
    for row in rows:
        value, low, high, clear = float(row[5]), float(row[6]), float(row[7]), row[10] == "True"
        assert clear == (low > 0 or high < 0), row
    assert "-0.0" not in json.dumps(data)


def test_an_equal_figure_is_no_difference_never_starred():
    data = _comparison(stats.Estimate(0.0, 0.0, 0.0, 20000, "paired-t"))
    text = render_text(data)
    assert not any(line.rstrip().endswith("*") for line in text.splitlines())
    assert "1 of 2" not in text and "The largest clear differences" not in text


def _by_rule(effect: stats.Estimate) -> dict:
    e = stats.tested(effect)
    nothing = stats.Estimate(-0.0, -0.0, -0.0, 100, "paired-t")
    z = stats.tested(nothing)
    value = stats.Estimate(0.64, 0.62, 0.66, 100, "ratio-t").as_dict()
    figures = [{"key": "points.turn_up", "label": "turn-up, all", "unit": "number", "section": "points",
                "from_value": value, "to_value": value},
               {"key": "points.count.prials", "label": "prials", "unit": "number", "section": "points",
                "from_value": value, "to_value": value}]
    return {"from": "parlett-121", "to": "my-house",
            "settings": {"games": 100, "games_played": 100, "complete": True, "seed": 1, "bots": ["greedy"],
                         "skill_games": 0},
            "figures": figures, "shown": ["points.turn_up", "points.count.prials"],
            "total": {"points.turn_up": e, "points.count.prials": z},
            "sum_of_effects": {"points.turn_up": e["value"], "points.count.prials": 0.0},
            "switches": [{"rules": ["play.go_points"], "from": {"play.go_points": "0"}, "to": {"play.go_points": "1"},
                          "effects": {"points.turn_up": e, "points.count.prials": z},
                          "clear": ["points.turn_up"]}],
            "error_control": stats.control([e, z])}


def test_by_rule_shows_a_clear_effect_non_zero_and_an_equal_one_unstarred():
    data = _by_rule(stats.Estimate(0.0003, 0.0001, 0.0005, 100, "paired-t"))
    text = render_by_rule_text(data)
    assert "0.00±0.00*" not in text and "+0.0003±0.0002*" in text, text
    assert "-0.0" not in json.dumps(data)
    assert "Rules behind the starred differences" in text and "prials" not in text.split("Rules behind")[1].split(
        "The switches")[0]


def test_by_rule_sums_keep_no_negative_zero():
    from costly_variants.questions.byrule import _sum

    assert json.dumps(_sum([-0.00001, 0.0])) == "1e-05" or _sum([-0.00001, 0.0]) < 0
    assert json.dumps(_sum([-0.0, 0.0])) == "0.0"
