"""Which rule makes the difference: from profile A, switch each differing rule (or each group of rules
that must change together) to B's value, one at a time, and measure the change against A on the same
seeds. The effects need not add up to B − A: rules can interact, and the report shows both."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .. import profiles, stats
from ..errors import CostlyError
from ..profiles import Profile
from ..profiles.display import format_value, plain
from ..runs.figures import Figure, all_figures
from ..stats import decimals, rounded
from ..runs.runner import GameSpec, Plan, PlanResult, Progress
from .study import SKILL_PAIRS, Runner, Settings, skill_difference, skill_estimate
from ..runs.tally import SkillSums, Sums
from ..runs.unchanged import never_met, same_games

# The figures the text view shows of every switch, beside any other that a switch moves clearly; the
# JSON, CSV and Markdown carry every figure of the main report.
SHOWN = ("deals_per_game", "points_per_deal", "dealer_edge", "first_dealer_wins", "won_in_play", "lead_changes")

# Rules that only make sense together: a switched set must still be a rule set the engine accepts.
COUPLED: tuple[frozenset[str], ...] = (
    frozenset({"players.count", "players.partnerships"}),
    frozenset({"count.thirty_one", "count.thirty_one_flat_points"}),
)


class ByRuleError(CostlyError):
    """Two profiles that cannot be compared rule by rule."""


@dataclass(frozen=True)
class Switch:
    """A group of rules switched from A's values to B's."""

    rules: tuple[str, ...]

    @property
    def label(self) -> str:
        return " + ".join(self.rules)


def switches(a: Profile, b: Profile) -> list[Switch]:
    """Each differing rule alone, or with the rules coupled to it, in schema order."""
    differing = [key for key in profiles.rule_titles() if plain(a.values[key]) != plain(b.values[key])]
    out: list[Switch] = []
    taken: set[str] = set()
    for key in differing:
        if key in taken:
            continue
        group = next((g for g in COUPLED if key in g), frozenset({key}))
        members = tuple(k for k in differing if k in group)
        taken.update(members)
        out.append(Switch(members))
    return out


def _spec(a: Profile, b: Profile, switch: Switch) -> GameSpec:
    spec = GameSpec.from_profile(a, label=f"{a.id} with {b.id}'s {switch.label}", overrides=switch.rules,
                                 from_profile=b)
    try:
        spec.game()
    except (ValueError, KeyError) as exc:
        raise ByRuleError(f"cannot switch {switch.label} alone from {a.id} to {b.id}: {exc}") from None
    return spec


def plans_for(a: Profile, b: Profile, settings: Settings) -> tuple[list[Switch], list[Plan]]:
    """The skill plans, where skill games are asked for (as the comparison plays them), then the main plan."""
    moves = switches(a, b)
    if not moves:
        raise ByRuleError(f"{a.id} and {b.id} have the same rules: nothing to attribute")
    specs = (GameSpec.from_profile(a), GameSpec.from_profile(b), *(_spec(a, b, m) for m in moves))
    plans = [Plan(specs, pair, settings.seed + 1, settings.skill_games, skill=True)
             for pair in (SKILL_PAIRS if settings.skill_games else ())]
    return moves, plans + [Plan(specs, settings.bots, settings.seed, settings.games)]


def _skill(results: Sequence[PlanResult]) -> list[tuple[str, str, list[SkillSums]]]:
    """Each skill plan's key, label and sums (A's, B's, then each switch's), as the comparison names them."""
    return [(f"skill.{strong}-{weak}", f"{strong} beats {weak}", result.skill)
            for (strong, weak), result in zip(SKILL_PAIRS, results)]


def summarise(a: Profile, b: Profile, settings: Settings, moves: Sequence[Switch],
              results: Sequence[PlanResult]) -> dict[str, Any]:
    main = results[-1]
    runs: list[Sums] = main.runs
    base, target, singles = runs[0], runs[1], runs[2:]
    figures: list[Figure] = all_figures(runs)
    skill = _skill(results[:-1])
    rows: list[dict[str, Any]] = []
    for number, (move, records) in enumerate(zip(moves, singles), start=2):
        effects = {f.key: f.difference(base, records) for f in figures}
        effects |= {key: skill_difference(sums[0], sums[number]) for key, _, sums in skill}
        rows.append({
            "rules": list(move.rules),
            "from": {k: format_value(plain(a.values[k])) for k in move.rules},
            "to": {k: format_value(plain(b.values[k])) for k in move.rules},
            "effects": {k: stats.tested(e) for k, e in effects.items()},
        })
    total = {f.key: f.difference(base, target) for f in figures}
    total |= {key: skill_difference(sums[0], sums[1]) for key, _, sums in skill}
    tested_total = {k: stats.tested(e) for k, e in total.items()}
    # One error control over the total change and every switch's effect: the stars are the report's.
    control = stats.control([*tested_total.values(), *(e for row in rows for e in row["effects"].values())])
    a_values, b_values = {k: plain(v) for k, v in a.values.items()}, {k: plain(v) for k, v in b.values.items()}
    for row in rows:
        row["clear"] = [k for k, e in row["effects"].items() if e["starred"]]
        # The same games as A's, game for game: the rules switched were never met (said in words, with why).
        row["never_met"] = never_met(row["rules"], a_values, b_values, settings.bots, main.games) if main.games and \
            all(same_games(e) for e in row["effects"].values()) else []
    moved = {k for row in rows for k in row["clear"]} | {k for k, e in tested_total.items() if e["starred"]}
    entries = [{"key": f.key, "label": f.label, "unit": f.unit, "section": f.section,
                "from_value": f.estimate(base).as_dict(), "to_value": f.estimate(target).as_dict()} for f in figures]
    entries += [{"key": key, "label": label, "unit": "share", "section": "skill",
                 "from_value": skill_estimate(sums[0]).as_dict(), "to_value": skill_estimate(sums[1]).as_dict()}
                for key, label, sums in skill]
    keys = [e["key"] for e in entries]
    return {
        "from": a.id, "to": b.id,
        "settings": {"games": settings.games, "games_played": main.games, "complete": all(r.complete for r in results),
                     "seed": settings.seed, "bots": list(settings.bots), "skill_games": settings.skill_games},
        "figures": entries,
        "shown": [k for k in keys if k in SHOWN or k in moved],
        "total": tested_total,
        "error_control": control,
        "sum_of_effects": {k: _sum(r["effects"][k]["value"] for r in rows) for k in keys},
        "switches": rows,
    }


def _sum(values: Iterable[float]) -> float:
    """The effects added up, to the decimals they were given in (never a negative zero)."""
    values = list(values)
    return rounded(sum(values), decimals(4, *values))


def run_by_rule(a: Profile, b: Profile, settings: Settings, runner: Runner,
                progress: Progress | None = None) -> dict[str, Any]:
    moves, plans = plans_for(a, b, settings)
    return summarise(a, b, settings, moves, runner(plans, progress))


__all__ = ["ByRuleError", "COUPLED", "SHOWN", "Switch", "run_by_rule", "switches"]
