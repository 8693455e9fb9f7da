"""Issue 31, point 6: every command's output fits 80 columns: values never split across lines, labels
never cut where the words fit on the line, columns never touching."""
from __future__ import annotations

import re

import pytest

from costly_variants import stats

WIDTH = 80


def _fits(text: str, width: int = WIDTH) -> None:
    long = [line for line in text.splitlines() if len(line) > width]
    assert not long, long


@pytest.fixture
def columns80(monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))


def test_readings_with_wide_effects_fit_80_columns():
    from costly_variants.questions.readings_report import _effect_lines

    def e(v, lo, hi):
        return {"value": v, "low": lo, "high": hi, "clear_of_zero": lo > 0 or hi < 0, "starred": lo > 0 or hi < 0,
                "n": 20000, "method": "t"}

    figures = [{"key": k, "label": label, "unit": unit} for k, label, unit in (
        ("a", "first dealer's side won", "share"), ("b", "dealer's edge per deal", "number"),
        ("c", "points per deal, both", "number"), ("d", "deals per game", "number"))]
    row = {"effects": {"a": e(0.0055, 0.0006, 0.0104), "b": e(0.0003, 0.0001, 0.0005), "c": e(-1.59, -1.7, -1.4),
                       "d": e(-0.0233, -0.0465, -0.0001)}}
    lines = _effect_lines(row, figures, WIDTH)
    _fits("\n".join(lines))  # once 82 and 84 characters
    for line in lines:
        assert not re.search(r"\*\S", line) and "…" not in line
    assert any("dealer's edge per deal" in line and "+0.0003±0.0002*" in line for line in lines)


def test_diff_never_splits_a_value_nor_no_passage(cli, columns80, tmp_path):
    path = tmp_path / "my-house.yaml"
    path.write_text("id: my-house\ntitle: Parlett with a point for the go\nextends: parlett-121\nrules: {play: "
                    "{go_points: {value: 1, status: editorial, cite: [], note: a point for the go}}}\n",
                    encoding="utf-8")
    code, out, _ = cli("diff")
    assert code == 0
    _fits(out)
    lines = out.splitlines()
    assert any(re.match(r"\s+eddowes-burne-1874\s+1, 11\s+\[", line) for line in lines)  # once "1," above "11"
    assert not any(line.strip() in ("11", "passage") for line in lines)
    code, out, _ = cli("diff", "parlett-121", str(path))
    assert code == 0 and "no passage" in out and "\u00a0" not in out
    assert not any(line.strip().startswith("passage") for line in out.splitlines())


def _five() -> dict:
    from costly_variants.questions.report import render_text  # noqa: F401  the same data the command renders

    estimate = stats.Estimate(52.7 / 100, 0.47, 0.58, 300, "wilson").as_dict()
    difference = stats.Estimate(0.00039, 0.00001, 0.00077, 300, "paired-t")
    ids = ["cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]
    labels = [("first_dealer_wins", "first dealer's side won", "share", "game"),
              ("points.play.point_totals", "  fifteens, twenty-fives", "number", "points"),
              ("points.play.hitter", "  the hitter (at the limit)", "number", "points"),
              ("decisive", "decisive deal, of game", "share", "feel")]
    figures = []
    for n, (key, label, unit, section) in enumerate(labels):
        estimates = {p: stats.Estimate(0.5 + 0.01 * i + n, 0.4 + 0.01 * i + n, 0.6 + 0.01 * i + n, 300,
                                       "t").as_dict() for i, p in enumerate(ids)}
        if unit == "share":
            estimates = {p: dict(estimate, value=0.5 + 0.01 * i) for i, p in enumerate(ids)}
        figures.append({"key": key, "label": label, "unit": unit, "section": section, "estimates": estimates,
                        "differences": {p: stats.tested(difference) for p in ids[1:]}})
    return {"profiles": [{"id": p, "title": p} for p in ids], "rules_differing": [],
            "exact": {p: None for p in ids}, "figures": figures, "deals_quartiles": {p: [1, 2, 3] for p in ids},
            "checks": {}, "settings": {"games": 300, "games_played": 300, "complete": True, "seed": 1,
                                       "bots": ["greedy"], "level": 0.95, "skill_games": 0},
            "error_control": stats.control([d for f in figures for d in f["differences"].values()])}


def test_a_five_profile_compare_cuts_no_label():
    from costly_variants.questions.report import render_text

    text = render_text(_five(), WIDTH)
    _fits(text)
    assert "…" not in text  # once "first dealer's side wo…", "fifteens, twenty-fiv…"
    for label in ("first dealer's side won %", "fifteens, twenty-fives", "the hitter (at the limit)",
                  "decisive deal, of game %"):
        assert label in text
    for line in text.splitlines():
        assert not re.search(r"\d\*?[+-]\d", line), line  # two cells never run together


def test_by_rule_columns_never_touch():
    from costly_variants.questions.report import render_by_rule_text
    from tests.test_honest_zeros import _by_rule

    data = _by_rule(stats.Estimate(0.0003, 0.0001, 0.0005, 100, "paired-t"))
    wide = stats.Estimate(-0.0233, -0.0465, -0.0001, 100, "paired-t")
    data["total"]["points.count.prials"] = wide.as_dict() | {"clear_of_zero": True, "starred": True}
    data["switches"][0]["effects"]["points.count.prials"] = wide.as_dict() | {"clear_of_zero": True, "starred": True}
    text = render_by_rule_text(data, WIDTH)
    _fits(text)
    for line in text.splitlines():
        assert not re.search(r"\*\s?[+-]", line), line  # once "0.00±0.00* +0.0003±0.0002*"
    assert "[2] prials" in text and "[2]   " not in text


def test_design_tables_widen_for_wide_cells_and_cut_no_label():
    from costly_variants.questions.design_report import _figure_lines

    def e(v, lo, hi, clear=False):
        return {"value": v, "low": lo, "high": hi, "n": 20000, "method": "t", "clear_of_zero": clear, "starred": clear}

    data = {"prefers": [{"figure": "lead_changes"}],
            "figures": [{"key": "lead_changes", "label": "lead changes a game", "unit": "number", "headline": True},
                        {"key": "decisive", "label": "decisive deal, of game", "unit": "share", "headline": True}]}
    best = {"figures": {"lead_changes": {"value": e(3.76, 3.72, 3.80), "difference": e(0.0003, 0.0001, 0.0005, True)},
                        "decisive": {"value": e(0.6, 0.59, 0.61), "difference": e(0.00003, 0.00001, 0.00005, True)}}}
    labels = {"lead_changes": "lead changes a game", "decisive": "decisive deal, of game %"}
    lines = _figure_lines(best, data, labels, {"lead_changes": "number", "decisive": "share"}, WIDTH)
    _fits("\n".join(lines))
    assert "…" not in "\n".join(lines) and lines[1].lstrip().startswith("lead changes a game")
    for line in lines[1:]:
        assert re.search(r"\S  +[+-]0\.00", line), line  # the difference two spaces at least from the value
