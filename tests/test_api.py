"""The Python API: the same games and figures as the command line for the same arguments, typed rows, a
tidy DataFrame, plots, and every function that takes a profile taking a Profile, an id or a path."""
from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

import pytest

import costly_variants as cv
from costly_variants.api import running
from costly_variants.api.frames import PandasMissingError
from costly_variants.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def small() -> cv.Comparison:
    return cv.Comparison.run(["cotton-1674", "parlett-121"], games=60, seed=3, skill_games=2, jobs=2)


def test_the_comparison_is_the_commands_document(small, cli):
    code, out, _ = cli("compare", "cotton-1674", "parlett-121", "--games", "60", "--seed", "3", "--skill-games", "2",
                       "--jobs", "1", "--json")
    assert code == 0
    assert small.to_json() + "\n" == out  # byte for byte, whatever the number of processes
    assert json.loads(small.to_json()) == small.data


def test_the_defaults_are_the_commands():
    parser = build_parser()
    compare = parser.parse_args(["compare"])
    run = inspect.signature(cv.Comparison.run).parameters
    settings = running.comparison_settings(games=compare.games, seed=compare.seed, bots=running.DEFAULT_BOTS,
                                           skill_games=compare.skill_games)
    api = running.comparison_settings(games=run["games"].default, seed=run["seed"].default,
                                      bots=run["bots"].default, skill_games=run["skill_games"].default)
    assert api == settings  # the same settings, whether the defaults are spelt out or left to the runner
    assert (settings.games, settings.skill_games, settings.seeds_of("search", "greedy")) == (20_000, 2_000, 2_000)
    by_rule = inspect.signature(cv.Comparison.by_rule).parameters
    assert by_rule["games"].default == running.comparison_settings(
        games=None, seed=1, bots=("greedy",), skill_games=0, by_rule=True).games == 10_000
    assert run["bots"].default == running.DEFAULT_BOTS == ("greedy",) and compare.bot is None
    assert compare.jobs == running.default_jobs()


@pytest.mark.parametrize("games, skill, search", [(20_000, 2_000, 2_000), (2_000, 200, 200), (10, 10, 10),
                                                  (3, 3, 3), (25, 10, 10), (200, 20, 20), (40_000, 4_000, 4_000)])
def test_games_scale_every_part_of_the_run(games, skill, search):
    """``--games N`` (``games=``) scales the skill seeds with the main games, never below what an interval
    needs; a number of skill or search seeds given is kept."""
    settings = running.comparison_settings(games=games, seed=1, bots=("greedy",), skill_games=None)
    assert (settings.games, settings.skill_games, settings.seeds_of("search", "greedy"),
            settings.seeds_of("expert", "greedy")) == (games, skill, search, skill)
    given = running.comparison_settings(games=games, seed=1, bots=("greedy",), skill_games=7)
    assert (given.skill_games, given.seeds_of("search", "greedy")) == (7, 7)
    searched = running.comparison_settings(games=games, seed=1, bots=("greedy",), skill_games=None, search_games=5)
    assert (searched.skill_games, searched.seeds_of("search", "greedy")) == (skill, min(5, skill))
    parsed = build_parser().parse_args(["compare", "--games", str(games)])
    assert running.comparison_settings(games=parsed.games, seed=1, bots=("greedy",),
                                       skill_games=parsed.skill_games) == settings


def test_rows_and_the_data_frame_hold_every_figure(small):
    data = small.data
    figures, differences = small.figures(), small.differences()
    assert len(figures) == 2 * len(data["figures"]) and len(differences) == len(data["figures"])
    by_key = {f["key"]: f for f in data["figures"]}
    for row in figures:
        estimate = by_key[row.figure]["estimates"][row.profile]
        assert (row.value, row.low, row.high, row.games, row.method) == \
            (estimate["value"], estimate["low"], estimate["high"], estimate["n"], estimate["method"])
    for row in differences:
        difference = by_key[row.figure]["differences"][row.profile]
        assert row.baseline == "cotton-1674" and row.profile == "parlett-121"
        assert row.clear_of_zero is difference["clear_of_zero"] and row.value == difference["value"]
    assert any(row.section == "skill" and row.games == 2 for row in figures)

    frame = small.to_pandas()
    assert list(frame.columns) == ["kind", "figure", "label", "unit", "section", "profile", "baseline", "value",
                                   "low", "high", "games", "method", "clear_of_zero", "p", "p_adjusted", "starred"]
    assert len(frame) == len(figures) + len(differences)
    got = frame[(frame.kind == "difference") & (frame.figure == "deals_per_game")].iloc[0]
    want = by_key["deals_per_game"]["differences"]["parlett-121"]
    assert (got.value, got.low, got.high, got.games) == (want["value"], want["low"], want["high"], want["n"])
    assert set(frame[frame.kind == "estimate"].profile) == {"cotton-1674", "parlett-121"}


def test_the_other_forms_are_the_commands(small):
    from costly_variants.questions.report import render_csv, render_markdown, render_text

    data = small.data
    assert small.to_markdown() == render_markdown(data)
    assert small.to_text(100) == render_text(data, 100)
    assert small.to_csv() == render_csv(data)
    assert repr(small) == "<Comparison of cotton-1674, parlett-121: 60 games each>"
    assert small.complete and small.games == 60 and small.profiles == ["cotton-1674", "parlett-121"]


def test_plots_are_matplotlib_figures(small):
    from matplotlib.figure import Figure

    panels = small.plot()
    assert isinstance(panels, Figure) and len(panels.axes) == 3
    one = small.plot("deals_per_game")
    assert isinstance(one, Figure) and [t.get_text() for t in one.axes[0].get_yticklabels()] == small.profiles
    assert "deals per game" in one.axes[0].get_title()
    with pytest.raises(running.OptionError, match="no figure 'nope' in this comparison: choose from "):
        small.plot("nope")


def test_to_pandas_without_pandas_is_one_line_naming_the_extra(small, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas then fails, as where it is not installed
    for thing in (small, cv.analyse("parlett-121")):
        with pytest.raises(PandasMissingError) as caught:
            thing.to_pandas()
        assert str(caught.value) == "to_pandas() needs pandas: pip install 'costly-variants[pandas]'"


def test_profiles_may_be_given_as_profiles_ids_or_paths(house, cli):
    path = house("parlett-121", {"play.go_points": 1})
    by_object = cv.Comparison.run([cv.load("parlett-121"), path], games=20, seed=1, skill_games=0, jobs=1)
    by_text = cv.Comparison.run(["parlett-121", str(path)], games=20, seed=1, skill_games=0, jobs=1)
    assert by_object.to_json() == by_text.to_json()
    assert by_object.profiles == ["parlett-121", "house"]
    code, out, _ = cli("compare", "parlett-121", str(path), "--games", "20", "--skill-games", "0", "--json")
    assert out == by_object.to_json() + "\n"
    with pytest.raises(running.OptionError, match="Comparison.run: Profile 'parlett-121' and 'parlett-121' are both"):
        cv.Comparison.run(["parlett-121", cv.load("parlett-121")], games=5)


def test_score_hand_takes_a_profile_an_id_a_path_or_rules():
    profile = cv.load("cotton-1674")
    totals = {cv.score_hand(ref, ["5H", "5D", "10H"], "KH").total
              for ref in (profile, "cotton-1674", profile.path, str(profile.path), profile.rules)}
    assert len(totals) == 1
    assert cv.load(profile) is profile and cv.load(profile.path) is profile
    game = cv.Game(profile.path)
    assert game.rules is profile.rules and game.variant == "cotton-1674"


def test_one_profile_alone_is_compared_as_the_command_compares_it(cli):
    alone = cv.Comparison.run("holme-1688", games=15, seed=2, skill_games=0, jobs=1)
    code, out, _ = cli("compare", "holme-1688", "--games", "15", "--seed", "2", "--skill-games", "0", "--json")
    assert alone.profiles == ["holme-1688"] and alone.to_json() + "\n" == out and alone.differences() == []


@pytest.mark.parametrize("options, message", [
    ({"games": 0}, "games must be a whole number, 1 or more: 0"),
    ({"skill_games": -1}, "skill_games must be a whole number, 0 or more: -1"),
    ({"bots": ["greedy", "clever"]}, "unknown bot 'clever': choose from expert, greedy, random, search, search-points"),
    ({"jobs": 0}, "jobs must be a whole number, 1 or more: 0"),
    ({"scheduler": "localhost:8786"}, "not a scheduler address: 'localhost:8786' (give tcp://HOST:PORT)"),
    ({"seed": "1"}, "seed must be a whole number: '1'"),
])
def test_bad_options_are_one_line_errors_before_any_game(options, message):
    with pytest.raises(running.OptionError) as caught:
        cv.Comparison.run(["cotton-1674", "parlett-121"], **options)
    assert str(caught.value) == message


def test_by_rule_is_the_commands(cli):
    found = cv.Comparison.by_rule("parlett-121", "cotton-1674", games=20, seed=2, jobs=2)
    code, out, _ = cli("compare", "parlett-121", "cotton-1674", "--by-rule", "--games", "20", "--seed", "2", "--json")
    assert code == 0 and found.to_json() + "\n" == out
    effects = found.effects()
    data = found.data
    assert [r for r in effects if r.switched == "total"][0].value == data["total"][effects[0].figure]["value"]
    assert {r.rules for r in effects if r.switched != "total"} == {tuple(s["rules"]) for s in data["switches"]}
    frame = found.to_pandas()
    assert len(frame) == len(effects) and set(frame.switched) >= {"total", "game.target"}


def test_a_simulation_is_the_commands(cli):
    found = cv.Simulation.run("eddowes-burne-1874-partners", games=12, seed=5, bots=["greedy", "random"], jobs=2)
    code, out, _ = cli("simulate", "--variant", "eddowes-burne-1874-partners", "--games", "12", "--seed", "5",
                       "--bot", "greedy", "--bot", "random", "--json")
    assert code == 0 and found.to_json() + "\n" == out
    assert found.games == 12 and sum(found.wins_by_team) == 12 and found.complete
    frame = found.to_pandas()
    assert list(frame.columns) == ["score", "points_per_game"] and frame.points_per_game.is_monotonic_decreasing


def test_the_analysis_is_the_commands(cli):
    found = cv.analyse(ROOT / "variants" / "holme-1688.yaml")
    code, out, _ = cli("analyse", "hands", "--variant", "holme-1688", "--json")
    assert code == 0 and json.loads(out) == found.to_dict()
    frame = found.to_pandas()
    assert frame.deals.sum() == 1_082_900 == found.deals and abs(frame.share.sum() - 1) < 1e-9
    assert dict(zip(frame.total, frame.deals)) == dict(found.distribution)
    assert list(found.categories().category) == list(found.analysis.category_deals)
