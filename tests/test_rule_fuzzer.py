"""The rule fuzzer: random complete profiles drawn from every value the schema allows, all sections at
once. Each is either refused at validation with located one-line problems, or plays seeded games in
which every deal ends and every invariant holds; where a profile pays a point every deal, the game ends.

The default run is a few seconds; ``pytest -m fuzz_long`` runs many more profiles and longer games.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.game.bots import make_bot
from costly_variants.game.playout import MAX_DEAL_ACTIONS, check_invariants
from costly_variants.game.state import CHANCE, Game, State
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
    """Every rule key at once. Half the profiles are drawn as they come (most then break a cross-field
    rule); the other half have the few cross-field rules put right, so that many also get played."""
    values = {key: draw(from_schema(spec)) for key, spec in RULE_SPECS.items()}
    if draw(st.booleans()):
        four = values["players.count"] == 4
        values["players.partnerships"] = values["mog.partners_exchange"] = four
        values["mog.dealer_mogs_stock"] = values["mog.dealer_mogs_stock"] and four
        values["count.declaration_order"] = draw(st.permutations([c.value for c in Category]))
        values["play.limit"] = max(values["play.limit"], 10, values["cards.court_value"],
                                   min(values["cards.ace_values"]))
        values["play.point_totals"] = [t for t in values["play.point_totals"] if t <= values["play.limit"]]
    return values


def write_profile(folder: Path, values: dict[str, Any]) -> Path:
    rules: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        section, name = key.split(".", 1)
        rules.setdefault(section, {})[name] = {"value": value, "status": "editorial", "cite": [], "note": "fuzz"}
    path = folder / "fuzz.yaml"
    path.write_text(yaml.safe_dump({"id": "fuzz-house", "title": "A fuzzed house profile", "rules": rules},
                                   sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def play_some(game: Game, bots: list[str], seed: int, max_deals: int) -> State:
    """A game to its end or to the start of deal ``max_deals + 1``; every deal must end in time."""
    rng = random.Random(seed)
    seats = [make_bot(bots[p % len(bots)], random.Random(rng.getrandbits(64))) for p in range(game.num_players)]
    state = game.new_initial_state()
    deal, in_deal = 0, 0
    while not state.is_terminal() and state.deal_number <= max_deals:
        if state.deal_number != deal:
            deal, in_deal = state.deal_number, 0
        in_deal += 1
        assert in_deal <= MAX_DEAL_ACTIONS or deal == 0, f"deal {deal} did not end"
        assert deal or in_deal <= 2_000, "the cut for first deal did not end"
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(seats[player].choose(state, player))
    return state


def check_profile(folder: Path, values: dict[str, Any], *, games: int, max_deals: int, sure_end: int) -> None:
    path = write_profile(folder, values)
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
    ends_surely = points_every_deal(values) and 2 * values["game.target"] + 2 <= sure_end
    for seed in range(games):
        bots = [["random"], ["greedy"], ["random", "greedy"]][seed % 3]
        state = play_some(game, bots, seed, sure_end if ends_surely else max_deals)
        if ends_surely:
            assert state.is_terminal(), f"a game to {values['game.target']} did not end in {sure_end} deals"
        check_invariants(state, finished=state.is_terminal())


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(values=rule_values())
def test_fuzzed_profiles_are_refused_or_play_to_an_end(values, tmp_path):
    check_profile(tmp_path, values, games=2, max_deals=6, sure_end=14)


@pytest.mark.fuzz_long
@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(values=rule_values())
def test_fuzzed_profiles_long_run(values, tmp_path):
    check_profile(tmp_path, values, games=3, max_deals=60, sure_end=250)


def test_the_fuzzer_draws_every_rule_key_and_both_outcomes(tmp_path):
    """The fuzzer is not vacuous: it covers every key, and draws profiles that play and ones refused."""
    assert set(RULE_SPECS) == set(profiles.rule_titles())
    outcomes: set[bool] = set()

    @settings(max_examples=30, database=None, derandomize=True, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(values=rule_values())
    def draw(values: dict[str, Any]) -> None:
        outcomes.add(profiles.check(write_profile(tmp_path, values))[0] is not None)

    draw()
    assert outcomes == {True, False}
