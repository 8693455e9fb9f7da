"""The rule fuzzer: random complete profiles drawn from every value the schema allows, all sections at
once. Each is either refused at validation with located one-line problems, or plays seeded games in
which every deal ends and every invariant holds; where a profile pays a point every deal, the game ends.

The default run is a few seconds; ``pytest -m fuzz_long`` runs many more profiles and longer games.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.game.playout import MAX_DEAL_ACTIONS, check_invariants, play_game
from costly_variants.game.state import Game
from costly_variants.profiles.rules import Category
from costly_variants.profiles.semantics import points_every_deal
from costly_variants.resources import schema_path

SCHEMA = json.loads(Path(schema_path()).read_text(encoding="utf-8"))
SECTIONS = SCHEMA["properties"]["rules"]["properties"]
RULE_SPECS = {f"{section}.{name}": spec["properties"]["value"]
              for section, body in SECTIONS.items() for name, spec in body["properties"].items()}
PROBLEM = re.compile(r"^(?P<file>[^\n]+):(?P<line>\d+):(?P<col>\d+): (?P<path>\$[^\s:]*): (?P<message>[^\n]+)$")


def from_schema(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Any value a (value) subschema of the profile schema allows."""
    if "enum" in spec:
        return st.sampled_from(spec["enum"])
    kind = spec["type"]
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(spec.get("minimum", -(10 ** 6)), spec.get("maximum", 10 ** 6))
    if kind == "string":
        return st.text(min_size=spec.get("minLength", 0), max_size=12)
    if kind == "object":
        return st.fixed_dictionaries({k: from_schema(v) for k, v in spec["properties"].items()})
    if kind == "array":
        items = spec["items"]
        unique_by = (lambda v: json.dumps(v, sort_keys=True)) if spec.get("uniqueItems") else None
        max_size = len(items["enum"]) if "enum" in items else 6
        return st.lists(from_schema(items), min_size=spec.get("minItems", 0), max_size=max_size,
                        unique_by=unique_by)
    raise AssertionError(f"the fuzzer has no strategy for {spec}")


@st.composite
def rule_values(draw: st.DrawFn) -> dict[str, Any]:
    """Every rule key at once, each drawn from every value the schema allows. A third of the profiles are
    kept as drawn (most then break a cross-field rule); a third have the few cross-field rules put
    right, so that they get played; a third besides pay a point every deal in a short game, so that the
    game must end within the run."""
    values = {key: draw(from_schema(spec)) for key, spec in RULE_SPECS.items()}
    mode = draw(st.sampled_from(["as-drawn", "coherent", "must-end"]))
    if mode == "as-drawn":
        return values
    four = values["players.count"] == 4
    values["players.partnerships"] = values["mog.partners_exchange"] = four
    values["mog.dealer_mogs_stock"] = values["mog.dealer_mogs_stock"] and four
    values["count.declaration_order"] = draw(st.permutations([c.value for c in Category]))
    values["play.limit"] = max(values["play.limit"], 10, values["cards.court_value"], min(values["cards.ace_values"]))
    values["play.point_totals"] = [t for t in values["play.point_totals"] if t <= values["play.limit"]]
    if mode == "must-end":  # the hitter and the latter: a point every deal
        values["play.point_totals"] = sorted(set(values["play.point_totals"]) | {values["play.limit"]})
        values["play.latter_points"] = max(values["play.latter_points"], 1)
        values["game.target"] = draw(st.integers(1, 6))
    return values


@st.composite
def house_profiles(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A house profile as users write them: a bundled profile extended, any of its rules changed."""
    base = draw(st.sampled_from(profiles.bundled_ids()))
    keys = draw(st.sets(st.sampled_from(sorted(RULE_SPECS)), min_size=1, max_size=12))
    return base, {key: draw(from_schema(RULE_SPECS[key])) for key in sorted(keys)}


def write_profile(folder: Path, values: dict[str, Any], extends: str | None = None) -> Path:
    rules: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        section, name = key.split(".", 1)
        rules.setdefault(section, {})[name] = {"value": value, "status": "editorial", "cite": [], "note": "fuzz"}
    path = folder / "fuzz.yaml"
    head = {"id": "fuzz-house", "title": "A fuzzed house profile"} | ({"extends": extends} if extends else {})
    path.write_text(yaml.safe_dump(head | {"rules": rules}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


BOT_SETS = (["random"], ["greedy"], ["random", "greedy"])
# Profiles and games are slow to draw and play, and the house fixture's folder is reused on purpose.
HEALTH = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large]
FAST = settings(deadline=None, derandomize=True, suppress_health_check=HEALTH)  # CI: the same every run
LONG = settings(deadline=None, suppress_health_check=HEALTH)


def check_profile(folder: Path, values: dict[str, Any], *, games: int, max_deals: int, sure_end: int,
                  bot_sets: tuple[list[str], ...] = BOT_SETS, extends: str | None = None) -> None:
    path = write_profile(folder, values, extends)
    profile, problems = profiles.check(path)
    if profile is None:
        # Refused: every problem is one located line about the rules (the schema allows every value).
        assert problems
        for problem in problems:
            match = PROBLEM.match(str(problem))
            assert match, str(problem)
            assert match["file"].endswith("fuzz.yaml") and match["path"].startswith("$.rules"), str(problem)
        return
    assert not problems
    game = Game(profile.rules, variant=profile.id)
    merged = profile.values  # with what the house profile inherits
    ends_surely = points_every_deal(merged) and 2 * merged["game.target"] + 2 <= sure_end
    for seed in range(games):
        bots = bot_sets[seed % len(bot_sets)]
        deals = sure_end if ends_surely else max_deals
        # A deal that never ends runs out of actions: play_game raises InvariantError.
        state = play_game(game, bots, seed, max_deals=deals, max_actions=MAX_DEAL_ACTIONS * (deals + 1) + 2_000)
        if ends_surely:
            assert state.is_terminal(), f"a game to {merged['game.target']} did not end in {sure_end} deals"
        check_invariants(state, finished=state.is_terminal())


@settings(FAST, max_examples=30)
@given(values=rule_values())
def test_fuzzed_profiles_are_refused_or_play_to_an_end(values, tmp_path):
    check_profile(tmp_path, values, games=2, max_deals=6, sure_end=14)


@settings(FAST, max_examples=15)
@given(house=house_profiles())
def test_fuzzed_house_profiles_are_refused_or_play(house, tmp_path):
    """Refusals of a value a house profile inherits are located at its own rules, naming the key."""
    extends, values = house
    check_profile(tmp_path, values, games=1, max_deals=4, sure_end=14, extends=extends)


@pytest.mark.fuzz_long
@settings(LONG, max_examples=200)
@given(house=house_profiles())
def test_fuzzed_house_profiles_long_run(house, tmp_path):
    extends, values = house
    check_profile(tmp_path, values, games=3, max_deals=40, sure_end=250, extends=extends)


@pytest.mark.fuzz_long
@settings(LONG, max_examples=400)
@given(values=rule_values())
def test_fuzzed_profiles_long_run(values, tmp_path):
    check_profile(tmp_path, values, games=4, max_deals=60, sure_end=250,
                  bot_sets=BOT_SETS + (["expert", "random"],))


def test_the_fuzzer_draws_every_rule_key_and_both_outcomes(tmp_path):
    """The fuzzer is not vacuous: it covers every key, and draws profiles that play and ones refused."""
    assert set(RULE_SPECS) == set(profiles.rule_titles())
    outcomes: set[str] = set()

    @settings(FAST, max_examples=30, database=None)
    @given(values=rule_values())
    def draw(values: dict[str, Any]) -> None:
        if profiles.check(write_profile(tmp_path, values))[0] is None:
            outcomes.add("refused")
        elif points_every_deal(values) and values["game.target"] <= 6:
            outcomes.add("must end")
        else:
            outcomes.add("played")

    draw()
    assert outcomes == {"refused", "played", "must end"}
