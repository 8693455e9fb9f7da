"""A comparison of profiles: the games to play, and what they show, as one JSON-ready dictionary.

Every profile plays the same seeds (common random numbers); the first profile is the baseline that
the others' differences are measured from. Exact hand statistics come from the analysis, not from
games.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from .. import profiles
from ..count import stored
from ..count.analysis import HandAnalysis
from ..profiles import Profile
from ..profiles.display import plain, provenance_json
from . import decisive_report
from .. import stats
from ..runs.figures import Figure, all_figures, deals_quartiles, eldest_count, exact_heels_per_deal, heels_per_deal
from ..runs.runner import GameSpec, Plan, PlanResult, Progress, run_plans
from ..runs.tally import LEAD_POINTS, SkillSums, Sums
from ..runs.unchanged import never_met, same_games
from ..runs.figures import FEEL, HEADLINE
from ..runs.thresholds import CHANGES, DEALS, PER_DEAL, POINTS, SHARE, Kind, kind_of

# Skill: the stronger bot against the weaker, each seed played twice with the seats swapped.
SKILL_PAIRS = (("search", "greedy"), ("expert", "greedy"), ("greedy", "random"))

Runner = Callable[[Sequence[Plan], Progress | None], list[PlanResult]]


@dataclass(frozen=True)
class Settings:
    games: int
    seed: int
    bots: tuple[str, ...]
    skill_games: int = 0
    eldest_counts: bool = False
    # Seeds for the pairs with the slow search bot; None: as many as skill_games.
    search_games: int | None = None

    def seeds_of(self, strong: str, weak: str) -> int:
        """Seeds for a pair of bots' skill figure."""
        if "search" in (strong, weak) and self.search_games is not None:
            return min(self.search_games, self.skill_games)
        return self.skill_games


def local_runner(jobs: int) -> Runner:
    def run(plans: Sequence[Plan], progress: Progress | None) -> list[PlanResult]:
        return run_plans(plans, jobs=jobs, progress=progress)

    return run


def plans_for(chosen: Sequence[Profile], settings: Settings) -> list[Plan]:
    """A skill plan per pair of bots (each seed played with the seats both ways), then the main plan (every
    profile, every seed) last; the runner plays them side by side (``runner.chunks``)."""
    specs = tuple(GameSpec.from_profile(p) for p in chosen)
    plans = []
    if settings.skill_games:
        for strong, weak in SKILL_PAIRS:
            plans.append(Plan(specs, (strong, weak), settings.seed + 1, settings.seeds_of(strong, weak), skill=True))
    plans.append(Plan(specs, settings.bots, settings.seed, settings.games, eldest_counts=settings.eldest_counts))
    return plans


def exact_figures(analysis: HandAnalysis) -> dict[str, Any]:
    mean = analysis.mean
    variance = sum((t - mean) ** 2 * n for t, n in analysis.distribution.items()) / analysis.deals
    total_points = sum(analysis.category_points.values())
    return {
        "mean": round(mean, 4), "sd": round(math.sqrt(variance), 4), "maximum": analysis.maximum,
        "cocks_nest_share": round(analysis.zero_share, 6),
        "category_share": {c: round(p / total_points, 4) for c, p in analysis.category_points.items()},
        "distribution": {str(t): n for t, n in analysis.distribution.items()},
    }


def differing_rules(chosen: Sequence[Profile]) -> list[dict[str, Any]]:
    """The ``diff --changed`` content: each rule that differs, each profile's value and citations."""
    titles = profiles.rule_titles()
    rows = []
    for key, title in titles.items():
        values = [plain(p.values[key]) for p in chosen]
        if all(v == values[0] for v in values[1:]):
            continue
        rows.append({"rule": key, "title": title, "values": {p.id: _rule_value(p, key, v) for p, v in zip(chosen, values)}})
    return rows


def _rule_value(profile: Profile, key: str, value: Any) -> dict[str, Any]:
    """One profile's value of a rule with its status and citations, each with the works it was read in
    (as ``costly show --json`` gives them, less the note and the alternatives)."""
    out = {"value": value} | provenance_json(profile.provenance[key])
    for longer in ("note", "alternatives"):
        out.pop(longer, None)
    return out


def figure_rows(figures: Sequence[Figure], ids: Sequence[str], runs: Sequence[Sums]) -> list[dict[str, Any]]:
    """Each figure's estimate for every rule set, and its paired difference from the first's."""
    rows = []
    for figure in figures:
        estimates = {i: figure.estimate(r) for i, r in zip(ids, runs)}
        differences = {i: figure.difference(runs[0], r) for i, r in zip(ids[1:], runs[1:])}
        rows.append(_row(figure.key, figure.label, figure.unit, figure.section, estimates, differences))
    return rows


def _row(key: str, label: str, unit: str, section: str, estimates: dict[str, stats.Estimate],
         differences: dict[str, stats.Estimate]) -> dict[str, Any]:
    return {"key": key, "label": label, "unit": unit, "section": section,
            "estimates": {i: e.as_dict() for i, e in estimates.items()},
            "differences": {i: stats.tested(d) for i, d in differences.items()}}


def skill_estimate(s: SkillSums) -> stats.Estimate:
    """The share of its two games (seats swapped) that the stronger bot won, per seed, on average."""
    return stats.mean_of_sums(s.games, Fraction(s.total, 2), Fraction(s.squares, 4))


def skill_difference(a: SkillSums, b: SkillSums) -> stats.Estimate:
    return stats.paired_difference_of_sums(b.games, Fraction(a.total, 2), Fraction(b.total, 2), Fraction(a.squares, 4),
                                           Fraction(b.squares, 4), Fraction(b.cross, 4))


def summarise(chosen: Sequence[Profile], settings: Settings, results: Sequence[PlanResult]) -> dict[str, Any]:
    """Everything the report shows, as plain data. A run stopped early has every figure whose games
    finished (the rules that differ and the exact figures need none): a figure of no game is left out,
    and ``settings`` says how many of the games and skill seeds asked for were played."""
    ids = [p.id for p in chosen]
    main = results[-1]
    runs: list[Sums] = main.runs
    played = main.games > 0
    rows = figure_rows(all_figures(runs), ids, runs) if played else []
    skill_rows = []
    pairs = SKILL_PAIRS if settings.skill_games else ()
    for index, (strong, weak) in enumerate(pairs):
        if not results[index].games:
            continue
        skill: list[SkillSums] = results[index].skill
        estimates = {i: skill_estimate(s) for i, s in zip(ids, skill)}
        differences = {i: skill_difference(skill[0], s) for i, s in zip(ids[1:], skill[1:])}
        skill_rows.append(_row(f"skill.{strong}-{weak}", f"{strong} beats {weak}", "share", "skill",
                               estimates, differences))
    # The analysis counts every hand size the schema allows (one to four cards and a deck card).
    analyses: dict[str, dict[str, Any] | None] = {p.id: exact_figures(stored.analysis(p.rules)) for p in chosen}
    out: dict[str, Any] = {
        "profiles": [{"id": p.id, "title": p.title, "extends": p.extends, "target": p.rules.target,
                      "players": p.rules.players, "play_limit": p.rules.play_limit} for p in chosen],
        "baseline": ids[0],
        "settings": {"games": settings.games, "games_played": main.games, "complete": all(r.complete for r in results),
                     "seed": settings.seed, "bots": list(settings.bots), "skill_games": settings.skill_games,
                     "skill_seeds": {f"{strong}-{weak}": settings.seeds_of(strong, weak) if settings.skill_games else 0
                                     for strong, weak in SKILL_PAIRS},
                     "skill_seeds_played": {f"{strong}-{weak}": results[index].games if settings.skill_games else 0
                                            for index, (strong, weak) in enumerate(SKILL_PAIRS)},
                     "level": stats.LEVEL, "min_games_for_interval": stats.MIN_GAMES, "methods": stats.METHODS},
        "rules_differing": differing_rules(chosen),
        "exact": analyses,
        "figures": rows + skill_rows,
        "deals_quartiles": {i: [round(q, 2) for q in deals_quartiles(r)] for i, r in zip(ids, runs)} if played else {},
        "deals_distribution": {i: {str(k): r.deals[k] for k in sorted(r.deals)} for i, r in zip(ids, runs)},
        "lead_history": {i: lead_history(r) for i, r in zip(ids, runs)},
    }
    # One error control over every difference the report prints: the stars are the report's, not each row's.
    out["error_control"] = stats.control([d for row in out["figures"] for d in row["differences"].values()])
    out["never_met"] = never_met_of(chosen, out, settings.bots, main.games)
    out["checks"] = {p.id: _checks(p, analyses[p.id], sums, settings) for p, sums in zip(chosen, runs)} if played \
        else {}
    out["decisive"] = decisive_report.of(chosen, settings.bots) if out["settings"]["complete"] else {}
    return out


def never_met_of(chosen: Sequence[Profile], data: dict[str, Any], bots: Sequence[str], games: int
                 ) -> dict[str, list[dict[str, str]]]:
    """For each profile whose games were the baseline's, game for game, though some rule differs: each rule
    it differs in, with why the games never met it (``runs.unchanged``), for the report to say so."""
    base = chosen[0]
    base_values = {k: plain(v) for k, v in base.values.items()}
    out: dict[str, list[dict[str, str]]] = {}
    for p in chosen[1:]:
        keys = [row["rule"] for row in data["rules_differing"]
                if row["values"][p.id]["value"] != row["values"][base.id]["value"]]
        differences = [f["differences"][p.id] for f in data["figures"] if p.id in f["differences"]]
        if keys and games and differences and all(same_games(d) for d in differences):
            out[p.id] = never_met(keys, base_values, {k: plain(v) for k, v in p.values.items()}, bots, games)
    return out


def _checks(profile: Profile, exact: dict[str, Any] | None, sums: Sums, settings: Settings) -> dict[str, Any]:
    """Simulated figures beside the exact ones they must agree with (a check on the whole simulation)."""
    checks = {"heels_per_deal": {"simulated": heels_per_deal(sums).as_dict(),
                                 "exact": round(exact_heels_per_deal(profile.rules), 4)}}
    if settings.eldest_counts and exact is not None:
        checks["eldest_count"] = {"simulated": eldest_count(sums).as_dict(), "exact": exact["mean"]}
    return checks


def lead_history(sums: Sums) -> list[float]:
    """The eventual winner's mean lead over the loser at each tenth of the game (0 at the start)."""
    return [round(s / (10 * sums.games), 3) if sums.games else 0.0 for s in sums.lead]


def run_comparison(chosen: Sequence[Profile], settings: Settings, runner: Runner,
                   progress: Progress | None = None, *, precision: Precision | None = None,
                   said: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The comparison of ``settings.games`` games; with ``precision``, of as many as the headline figures
    of its kind need (``run_to_precision``), ``settings.games`` at most."""
    if precision is not None:
        return run_to_precision(chosen, settings, runner, precision, progress, said)
    results = runner(plans_for(chosen, settings), progress)
    return summarise(chosen, settings, results)


# -- as many games as the precision needs --------------------------------------------------------------


class PrecisionError(ValueError):
    """A ``--precision`` that is not a positive number with a unit: ``0.5pp``, ``0.05pts``, ``0.1deals``."""


# The units a precision is asked in, each with the kind of figure it watches (runs.thresholds).
UNITS: dict[str, Kind] = {"pp": SHARE, "pts": PER_DEAL, "deals": DEALS, "changes": CHANGES, "points": POINTS}


@dataclass(frozen=True)
class Precision:
    """The widest half-width (the ± a report shows) allowed the headline figures of one kind, estimates and
    differences alike, in the figure's own scale (a share's 0.5 percentage point is 0.005)."""

    half_width: float
    kind: Kind
    text: str  # as asked: "0.5pp"

    @classmethod
    def parse(cls, text: str) -> Precision:
        import re

        found = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([a-z]+)\s*", text)
        if not found or found.group(2) not in UNITS or float(found.group(1)) <= 0:
            raise PrecisionError(f"precision {text!r}: a positive number and a unit, one of "
                                 f"{', '.join(UNITS)} (e.g. 0.5pp, 0.05pts, 0.1deals)")
        kind = UNITS[found.group(2)]
        value = float(found.group(1))
        return cls(value / 100 if kind is SHARE else value, kind, text.strip())


def watched(data: dict[str, Any], precision: Precision) -> list[tuple[str, dict[str, Any]]]:
    """The intervals a precision watches: every headline figure of its kind (``HEADLINE`` and ``FEEL``), each
    profile's estimate and each difference."""
    keys = {f.key for f in (*HEADLINE, *FEEL)}
    out = []
    for f in data["figures"]:
        if f["key"] in keys and kind_of(f["key"], f["unit"]) is precision.kind:
            out += [(f["key"], e) for e in (*f["estimates"].values(), *f["differences"].values())]
    return out


def widest(data: dict[str, Any], precision: Precision) -> float:
    """The widest half-width among the watched intervals (infinite where one has none: too few games)."""
    found = watched(data, precision)
    if not found:
        return math.inf
    return max((e["high"] - e["low"]) / 2 if e.get("low") is not None else math.inf for _, e in found)


def run_to_precision(chosen: Sequence[Profile], settings: Settings, runner: Runner, precision: Precision,
                     progress: Progress | None = None, said: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play the first n seeds at each checkpoint (``stats.checkpoints``: 1,000, doubling, up to
    ``settings.games``) and stop at the first where every watched interval is narrow enough; the skill
    figures, which the precision does not watch, are played once, at the games stopped at. Each look is a
    whole run of the first n seeds, so the stop is the same whatever the processes (the earlier seeds are
    played again: at most twice the games of a fixed run as long)."""
    from dataclasses import replace

    looks = stats.checkpoints(settings.games)
    seen: list[dict[str, Any]] = []

    def look(n: int) -> tuple[float, dict[str, Any]]:
        data = run_comparison(chosen, replace(settings, games=n, skill_games=0), runner, progress)
        width = widest(data, precision) if data["settings"]["complete"] else math.nan
        seen.append({"games": n, "widest": None if math.isinf(width) or width != width else round(width, 6)})
        if said is not None and width == width:
            said(f"after {n:,} games: the widest interval in {precision.kind.unit} ±"
                 f"{_in_unit(width, precision)} (asked ±{precision.text})")
        return width, data

    games, data = stats.stop_at(looks, look, precision.half_width)
    met = bool(seen) and seen[-1]["widest"] is not None and seen[-1]["widest"] <= precision.half_width
    if settings.skill_games and data["settings"]["complete"]:
        data = run_comparison(chosen, replace(settings, games=games), runner, progress)
    data["settings"]["precision"] = {"asked": precision.text, "half_width": precision.half_width,
                                     "kind": precision.kind.name, "games_most": settings.games, "games": games,
                                     "met": met, "looks": seen}
    return data


def _in_unit(width: float, precision: Precision) -> str:
    shown = width * 100 if precision.kind is SHARE else width
    return f"{shown:.3g}"


__all__ = ["LEAD_POINTS", "SKILL_PAIRS", "Precision", "PrecisionError", "Settings", "run_to_precision", "differing_rules", "exact_figures", "figure_rows", "lead_history",
           "local_runner", "plans_for", "run_comparison", "skill_difference", "skill_estimate", "summarise"]
