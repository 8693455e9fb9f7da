"""How much the readings matter: each alternative reading a profile records, played in place of the
reading the profile chose, one at a time, on the profile's own seeds.

For each profile one plan: the profile first, then the profile with each alternative swapped in (with the
values the alternative goes with), so that every effect is a paired difference from the profile over the
same seeds. The readings are ranked by their clearest effect on a headline figure: how far that effect
stands from zero in half-widths of its 95% interval (above 1, the interval is clear of zero). Beside them,
the values the profile could not read plainly (inferred, disputed or silent) for which no other reading
is recorded, so that the data can be improved.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Sequence

from .. import profiles
from ..profiles import Profile
from ..profiles.display import plain
from ..profiles.rules import Alternative, Status
from ..profiles.semantics import swapped_in
from .. import stats
from ..runs.figures import HEADLINE, Figure, all_figures
from ..runs.runner import GameSpec, Plan, PlanResult, Progress
from .study import Runner, Settings
from ..runs.unchanged import why_unchanged

# The figures the readings are ranked by and the text shows; the other forms carry every figure.
HEADLINE_KEYS = tuple(f.key for f in HEADLINE)
# Values whose reading is uncertain: each should record the other readings it could have.
UNCERTAIN = (Status.INFERRED, Status.DISPUTED, Status.SILENT)


@dataclass(frozen=True)
class Reading:
    """One alternative a profile records for one rule value: its place in the rule's list, and the
    profile's values with it swapped in."""

    profile: Profile
    key: str
    index: int
    alternative: Alternative

    @property
    def together(self) -> dict[str, Any]:
        return {k: plain(v) for k, v in self.alternative.together}

    def values(self) -> dict[str, Any]:
        base = {k: plain(v) for k, v in self.profile.values.items()}
        return swapped_in(base, self.key, plain(self.alternative.value), self.together)

    def spec(self) -> GameSpec:
        """The rule set played: the alternative's passages stand behind the values it changes."""
        citations: dict[str, Sequence[str]] = {k: self.profile.cite(k) for k in self.profile.values}
        for key in (self.key, *self.together):
            citations[key] = self.alternative.cite
        return GameSpec.from_values(f"{self.profile.id} read as {self.key} #{self.index + 1}", self.values(),
                                    citations)


def readings_of(profile: Profile) -> list[Reading]:
    """Every alternative the profile records, its own and those it inherits, in the schema's rule order;
    not one it inherits but cannot play (``Profile.set_aside``)."""
    aside = {(s.key, s.index) for s in profile.set_aside}
    return [Reading(profile, key, i, alt) for key in profiles.rule_titles()
            for i, alt in enumerate(profile.provenance[key].alternatives) if (key, i) not in aside]


def not_playable(profile: Profile) -> list[dict[str, Any]]:
    """The inherited readings these rules cannot play, each with why."""
    return [{"rule": s.key, "index": s.index, "value": plain(s.alternative.value), "reading": s.alternative.reading,
             "with": {k: plain(v) for k, v in s.alternative.together}, "defined_in": s.defined_in, "why": s.why}
            for s in profile.set_aside]


def base_spec(profile: Profile) -> GameSpec:
    return GameSpec.from_values(profile.id, profile.values, {k: profile.cite(k) for k in profile.values})


@dataclass(frozen=True)
class ProfilePlan:
    """A profile, its readings, and where each is played in the plan: a reading that makes the same rules
    as an earlier one is played once (place 0 is the profile itself)."""

    profile: Profile
    readings: tuple[Reading, ...]
    places: tuple[int, ...]
    plan: Plan


def plan_for(profile: Profile, settings: Settings) -> ProfilePlan:
    readings = readings_of(profile)
    specs = [base_spec(profile)]
    seen = {_values_of(specs[0]): 0}
    places = []
    for reading in readings:
        spec = reading.spec()
        values = _values_of(spec)  # not the passages: the two halves of one reading cite differently
        if values not in seen:
            seen[values] = len(specs)
            specs.append(spec)
        places.append(seen[values])
    return ProfilePlan(profile, tuple(readings), tuple(places),
                       Plan(tuple(specs), settings.bots, settings.seed, settings.games))


def plans_for(chosen: Sequence[Profile], settings: Settings) -> tuple[list[ProfilePlan], list[Plan]]:
    """A plan per profile with readings to play; a profile whose rule sets are all another's (Holme's
    layer over Cotton changes nothing) shares that plan, and its games."""
    planned = [plan_for(p, settings) for p in chosen]
    unique: dict[tuple[str, ...], Plan] = {}
    for item in planned:
        if len(item.plan.specs) > 1:
            unique.setdefault(_rules_of(item.plan), item.plan)
    return planned, list(unique.values())


def _values_of(spec: GameSpec) -> str:
    return json.dumps(json.loads(spec.rules_json)["values"], sort_keys=True)


def _rules_of(plan: Plan) -> tuple[str, ...]:
    return tuple(spec.rules_json for spec in plan.specs)


def distance(effect: stats.Estimate) -> float | None:
    """How far an effect stands from zero, in half-widths of its interval (None: no interval; an effect the
    same in every game, a zero-width interval away from zero, is infinitely far)."""
    if not effect.has_interval or effect.value != effect.value:
        return None
    half = (effect.high - effect.low) / 2  # type: ignore[operator]
    if half <= 0:
        return 0.0 if effect.value == 0 else math.inf
    return abs(effect.value) / half


def _same_games(effect: stats.Estimate) -> bool:
    return effect.value == 0 and effect.low == 0 and effect.high == 0


def _distance_json(d: float | None) -> float | str | None:
    return None if d is None else "infinite" if d == math.inf else round(d, 2)


def _effect(e: stats.Estimate) -> dict[str, Any]:
    return stats.tested(e)


def _value_entry(profile: Profile, key: str, titles: dict[str, str]) -> dict[str, Any]:
    prov = profile.provenance[key]
    return {"rule": key, "title": titles[key], "value": plain(profile.values[key]), "status": prov.status.value,
            "cite": list(prov.cite), "note": prov.note, "defined_in": prov.defined_in}


def unrecorded(profile: Profile) -> list[dict[str, Any]]:
    """The values read with doubt (inferred, disputed, silent) that record no other reading."""
    titles = dict(profiles.rule_titles())
    return [_value_entry(profile, key, titles) for key in titles
            if profile.provenance[key].status in UNCERTAIN and not profile.provenance[key].alternatives]


def summarise_profile(item: ProfilePlan, result: PlanResult | None, figures: Sequence[Figure]) -> dict[str, Any]:
    profile = item.profile
    titles = dict(profiles.rule_titles())
    runs = result.runs if result is not None and result.games else []
    out: dict[str, Any] = {
        "id": profile.id, "title": profile.title, "extends": profile.extends,
        "games_played": result.games if result is not None else 0,
        "complete": result.complete if result is not None else True,
        "figures": [{"key": f.key, "value": f.estimate(runs[0]).as_dict()} for f in figures] if runs else [],
    }
    rows: list[dict[str, Any]] = []
    first_place: dict[int, int] = {}
    for number, (reading, place) in enumerate(zip(item.readings, item.places)):
        alt = reading.alternative
        row = _value_entry(profile, reading.key, titles) | {
            "alternative": {"index": reading.index, "value": plain(alt.value), "reading": alt.reading,
                            "cite": list(alt.cite), "with": reading.together},
            "same_rules_as": None, "effects": {}, "clear": [], "clearest": None, "distance": None,
            "unchanged": None, "unchanged_why": None}
        if place in first_place:  # the same rules as an earlier reading (the two halves of one reading)
            earlier = rows[first_place[place]]
            row["same_rules_as"] = {"rule": earlier["rule"], "index": earlier["alternative"]["index"]}
        else:
            first_place[place] = number
        if runs:
            effects = {f.key: f.difference(runs[0], runs[place]) for f in figures}
            row["effects"] = {k: _effect(e) for k, e in effects.items()}
            scored = [(distance(effects[k]), k) for k in HEADLINE_KEYS]
            known = [(d, k) for d, k in scored if d is not None]
            # Every figure the same in every game: the bots never met the rule (the greedy bot always asks to
            # mog and always agrees, so no refusal), or it changes nothing that matters (who deals first,
            # between two bots alike).
            row["unchanged"] = all(_same_games(e) for e in effects.values())
            row["unchanged_why"] = why_unchanged(reading.key, {k: plain(v) for k, v in profile.values.items()},
                                                 reading.values(), item.plan.bots, result.games
                                                 ) if row["unchanged"] and result is not None else None
            if known and not row["unchanged"]:
                best, key = max(known, key=lambda dk: dk[0])
                row["clearest"], row["distance"] = key, _distance_json(best)
                row["_rank"] = best
        rows.append(row)
    # Clearest first; readings without intervals (too few games) last, in rule order.
    order = sorted(range(len(rows)), key=lambda i: (-rows[i].get("_rank", -1.0), i))
    for rank, i in enumerate(order, start=1):
        rows[i].pop("_rank", None)
        rows[i]["rank"] = rank
    out["readings"] = [rows[i] for i in order]
    out["unrecorded"] = unrecorded(profile)
    out["not_playable"] = not_playable(profile)
    return out


def summarise(chosen: Sequence[Profile], settings: Settings, planned: Sequence[ProfilePlan],
              plans: Sequence[Plan], results: Sequence[PlanResult]) -> dict[str, Any]:
    by_rules = {_rules_of(plan): result for plan, result in zip(plans, results)}
    results_of = [by_rules.get(_rules_of(item.plan)) for item in planned]
    played = [r for r in results_of if r is not None]
    figures = all_figures([s for r in played for s in r.runs])
    summaries = [summarise_profile(item, result, figures) | {"same_as": _same_as(item, planned)}
                 for item, result in zip(planned, results_of)]
    # One error control over every reading's every effect, in every profile: the stars are the report's.
    rows = [row for p in summaries for row in p["readings"]]
    control = stats.control([e for row in rows for e in row["effects"].values()])
    for row in rows:
        row["clear"] = [k for k, e in row["effects"].items() if e["starred"]]
    return {
        "settings": {"games": settings.games, "games_played": min((r.games for r in played), default=0),
                     "complete": all(r.complete for r in played), "seed": settings.seed,
                     "bots": list(settings.bots), "level": stats.LEVEL, "headline": list(HEADLINE_KEYS),
                     "distance": "the effect over its interval's half-width: above 1, clear of zero"},
        "figures": [{"key": f.key, "label": f.label.strip(), "unit": f.unit, "section": f.section} for f in figures],
        "profiles": summaries,
        "error_control": control,
    }


def _same_as(item: ProfilePlan, planned: Sequence[ProfilePlan]) -> str | None:
    """The first profile before this one with the same rules and the same readings (Holme's over Cotton's)."""
    def key(p: ProfilePlan) -> tuple[Any, ...]:
        return (_rules_of(p.plan), tuple((r.key, r.index, r.alternative) for r in p.readings))

    for other in planned:
        if other is item:
            return None
        if key(other) == key(item):
            return other.profile.id
    return None


def run_readings(chosen: Sequence[Profile], settings: Settings, runner: Runner,
                 progress: Progress | None = None) -> dict[str, Any]:
    planned, plans = plans_for(chosen, settings)
    results = runner(plans, progress) if plans else []
    return summarise(chosen, settings, planned, plans, results)


__all__ = ["HEADLINE_KEYS", "ProfilePlan", "Reading", "distance", "not_playable", "plans_for", "readings_of",
           "run_readings",
           "summarise", "unrecorded"]
