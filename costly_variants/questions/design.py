"""A house-rule designer: house rule sets that differ from a base profile in rules the bundled profiles
use (their values, and the alternative readings they record), and in whole-number rules over a range
asked for, searched for the ones whose games meet the figures wanted.

The search is successive halving on common seeds. Each rule value that differs from the base is a
*move* (an alternative that goes with other values moves them together). Every single move is played on
the first seeds; those whose games are the base's game for game change nothing these bots do and are
dropped. Combinations are grown a move at a time: the best few candidates so far, each with each of the
best single moves, played on the same seeds, up to a number of moves. Then, round by round, the better
half is kept and played again on twice the seeds, until the last round plays as many as asked: so the few
candidates left are measured on the same seeds, and as precisely, as ``costly compare --games N --seed S``
measures a profile (and with the same games).

A candidate is ranked by how far it falls short of the wants (each shortfall in units of that figure's
spread over the first round's candidates), then by the preferences, then by the fewer changes, then by
how far inside the wants it lies. Every candidate is a rule set the loader accepts: the base's checks
pass with its changes, and so do those of every alternative the base records for the rules left alone.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from .. import profiles
from ..errors import CostlyError
from ..game import kernel
from ..profiles import Profile
from ..profiles.display import plain
from ..runs.unchanged import never_met, same_games
from ..profiles.semantics import broken_together
from .. import stats
from ..runs.figures import FEEL, HEADLINE, Figure
from ..runs.runner import GameSpec, Plan, PlanResult, Progress
from .study import Runner
from ..runs.tally import Sums
from .targets import Prefer, Vary, Want

# The shape of the game is the base's: the number of players and the partnerships are never changed.
FIXED = ("players.count", "players.partnerships")
# Rule sets a plan holds at most, the base among them: the runner keeps the games of 64 at hand per process.
PLAN_SPECS = 40


class DesignError(CostlyError):
    """A design that cannot be searched (nothing to vary)."""


@dataclass(frozen=True)
class Source:
    """Where a move's values come from: a profile's value, an alternative reading a profile records, or a
    range asked for with --vary."""

    kind: str  # "value", "alternative" or "range"
    profile: str | None  # the profile that states the value or records the reading
    rule: str  # the rule whose value (or whose alternative) it is
    status: str | None  # that value's status in the profile (for an alternative, the status of the value read)
    cite: tuple[str, ...]
    reading: str | None = None
    index: int | None = None  # the alternative's place among the rule's
    also: tuple[str, ...] = ()  # other profiles with the same value or reading

    def describe(self) -> str:
        also = f" (also {', '.join(self.also)})" if self.also else ""
        if self.kind == "value":
            return f"{self.profile}'s value ({self.status}){also}"
        if self.kind == "alternative":
            return f"the alternative reading of {self.rule} that {self.profile} records: {self.reading}{also}"
        return f"a value of the range asked for ({self.reading})"

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "profile": self.profile, "rule": self.rule, "status": self.status,
                "reading": self.reading, "index": self.index, "cite": list(self.cite), "also": list(self.also)}


@dataclass(frozen=True)
class Move:
    """Rule values changed together from the base's (one, or an alternative with those it goes with)."""

    changes: tuple[tuple[str, Any], ...]
    source: Source

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.changes)

    def label(self) -> str:
        return " + ".join(f"{k}: {json.dumps(v, separators=(', ', ': '))}" for k, v in self.changes)

    def as_json(self) -> dict[str, Any]:
        """The move as the Play page's JSON ships it: its changes, its source and the source in words."""
        return {"changes": [list(change) for change in self.changes], "source": self.source.as_dict(),
                "from": self.source.describe()}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def moves_for(base: Profile, bundled: Sequence[Profile], varies: Sequence[Vary] = ()) -> list[Move]:
    """Every move from the base: each value a bundled profile gives a rule (where it differs from the
    base's), each alternative a bundled profile records, each value of a range; one move per set of
    values, its first source kept and the others named."""
    order = list(profiles.rule_titles())
    base_values = {k: plain(v) for k, v in base.values.items()}
    found: dict[str, tuple[tuple[tuple[str, Any], ...], Source]] = {}

    def add(changes: dict[str, Any], source: Source) -> None:
        changed = tuple((k, changes[k]) for k in order if k in changes and _key(changes[k]) != _key(base_values[k]))
        if not changed or any(k in FIXED for k, _ in changed):
            return
        key = _key(changed)
        if key in found:
            kept, first = found[key]
            if source.profile and source.profile != first.profile and source.profile not in first.also:
                found[key] = (kept, Source(first.kind, first.profile, first.rule, first.status, first.cite,
                                           first.reading, first.index, (*first.also, source.profile)))
            return
        found[key] = (changed, source)

    for key in order:
        for p in bundled:
            prov = p.provenance[key]
            add({key: plain(p.values[key])}, Source("value", prov.defined_in, key, prov.status.value, prov.cite))
        for p in bundled:
            prov = p.provenance[key]
            if prov.defined_in != p.id:
                continue  # an inherited alternative: its own profile gives it
            for i, alt in enumerate(prov.alternatives):
                add({key: plain(alt.value), **{k: plain(v) for k, v in alt.together}},
                    Source("alternative", p.id, key, prov.status.value, alt.cite, alt.reading, i))
        for vary in varies:
            if vary.key == key:
                for value in vary.values():
                    add({key: value}, Source("range", None, key, None, (), f"--vary {vary.text}"))
    return [Move(changes, source) for changes, source in found.values()]


@dataclass
class Evaluation:
    """A candidate's figures from the games of one round: each estimate, and its paired difference from the
    base over the same seeds."""

    games: int
    estimates: dict[str, stats.Estimate]
    differences: dict[str, stats.Estimate]


@dataclass
class Candidate:
    moves: tuple[Move, ...]
    values: dict[str, Any]
    spec: GameSpec
    evaluation: Evaluation | None = None
    rounds: int = 0  # the rounds it was played in
    same_as_base: bool = False  # its games were the base's, game for game (in the last round played)

    @property
    def changes(self) -> list[tuple[str, Any, Source]]:
        return [(k, v, m.source) for m in self.moves for k, v in m.changes]

    def label(self) -> str:
        return " & ".join(m.label() for m in self.moves)


def candidate(base: Profile, moves: tuple[Move, ...]) -> Candidate | None:
    """The base with these moves, if the loader would accept it as a house profile: no rule changed twice,
    and the checks pass. (An alternative the base records that the new values cannot play is set aside by
    the loader, not refused: see ``Profile.set_aside``.)"""
    keys = [k for m in moves for k in m.keys]
    if len(set(keys)) < len(keys):
        return None
    base_values = {k: plain(v) for k, v in base.values.items()}
    values = dict(base_values)
    for move in moves:
        values.update(dict(move.changes))
    if broken_together(values):
        return None
    citations: dict[str, Sequence[str]] = {k: base.cite(k) for k in base.values}
    for move in moves:
        for key in move.keys:
            citations[key] = move.source.cite
    label = f"{base.id} with " + " & ".join(m.label() for m in moves)
    return Candidate(moves, values, GameSpec.from_values(label, values, citations))


@dataclass(frozen=True)
class DesignSettings:
    games: int  # the last round's games
    seed: int
    bots: tuple[str, ...]
    first_games: int = 500  # the first round's
    best: int = 3  # candidates shown
    most_changes: int = 4  # moves a candidate combines at most
    combine: int = 8  # the candidates grown by one more change at each step
    widen: int = 12  # the best single changes they are grown with
    most_candidates: int = 200  # in the first round, at most


@dataclass
class Search:
    """The state of a search: what has been played, so that a stop can say the best found so far."""

    base: Profile
    wants: Sequence[Want]
    prefers: Sequence[Prefer]
    settings: DesignSettings
    moves: list[Move]
    pool: list[Candidate] = field(default_factory=list)
    base_evaluation: Evaluation | None = None  # the base's figures on the most games played
    base_by_games: dict[int, Evaluation] = field(default_factory=dict)  # and on each number of games
    scales: dict[str, float] = field(default_factory=dict)
    rounds: list[dict[str, int]] = field(default_factory=list)
    dropped: int = 0  # single moves whose games were the base's
    complete: bool = False
    stopped: KeyboardInterrupt | None = None  # what stopped the search early: Ctrl-C, or a signal made into one

    def figures(self) -> list[Figure]:
        """The figures each round works out: the wanted and preferred, the headline, the feel."""
        named = [w.figure for w in self.wants] + [p.figure for p in self.prefers]
        out: list[Figure] = []
        for f in (*named, *HEADLINE, *FEEL):
            if f.key not in {g.key for g in out}:
                out.append(f)
        return out

    def score(self, c: Candidate) -> tuple[float, float, int, float, str]:
        """The ranking key: shortfall from the wants, then the preferences, the fewer changes, the margin.

        Shortfalls and preferences are counted in whole half-widths of the base's interval on as many games
        (then put in units of the figure's spread, so that figures weigh alike): what the games cannot tell
        apart counts the same, and then the fewer changes win, rather than a change that only moved the
        noise."""
        e = c.evaluation
        assert e is not None
        grid = self.base_by_games.get(e.games)

        def steps(key: str, moved: float) -> float:
            estimate = grid.estimates[key] if grid is not None else e.estimates[key]
            half = (estimate.high - estimate.low) / 2 if estimate.has_interval else 0.0  # type: ignore[operator]
            half = half if half > 0 else self.scales[key]
            if not math.isfinite(moved):
                return math.inf
            return math.ceil(moved / half - 1e-9) * half / self.scales[key]

        loss = sum(steps(w.figure.key, w.shortfall(e.estimates[w.figure.key].value)) for w in self.wants)
        preference = sum(steps(p.figure.key, (1.0 if p.high else -1.0) * e.estimates[p.figure.key].value)
                         for p in self.prefers)
        margin = min((w.margin(e.estimates[w.figure.key].value) / self.scales[w.figure.key] for w in self.wants),
                     default=0.0)
        clean = [x if math.isfinite(x) else math.inf for x in (loss, preference, margin)]
        return (round(clean[0], 9), -round(clean[1], 9), len(c.changes), -round(clean[2], 9), c.label())

    def ranked(self, pool: Iterable[Candidate]) -> list[Candidate]:
        return sorted((c for c in pool if c.evaluation is not None), key=self.score)


def _same_games(a: Sums, b: Sums) -> bool:
    return a.total == b.total and a.squares == b.squares and a.deals == b.deals and a.by_deals == b.by_deals


def _plans(base_spec: GameSpec, cands: Sequence[Candidate], settings: DesignSettings, games: int) -> list[Plan]:
    per = PLAN_SPECS - 1
    return [Plan((base_spec, *(c.spec for c in cands[i:i + per])), settings.bots, settings.seed, games)
            for i in range(0, len(cands), per)]


class Designer:
    """Runs a search: each round's plans through the runner, the progress told across the rounds."""

    def __init__(self, search: Search, runner: Runner, progress: Progress | None) -> None:
        self.search = search
        self.runner = runner
        self.progress = progress
        self.base_spec = GameSpec.from_values(search.base.id, search.base.values,
                                              {k: search.base.cite(k) for k in search.base.values})
        self.done = 0
        self.total = 0

    def _told(self, done: int, total: int) -> None:
        if self.progress:
            self.progress(self.done + done, max(self.total, self.done + total))

    def play(self, cands: Sequence[Candidate], games: int) -> bool:
        """Play ``cands`` (beside the base) on the first ``games`` seeds; False if the run was stopped. A
        stopped round's candidates keep the figures of whichever round played them on more games."""
        s = self.search
        plans = _plans(self.base_spec, cands, s.settings, games)
        results: list[PlanResult] = []
        for plan in plans:
            # A plan at a time, its rule sets' tables made here first: local worker processes, forked as the
            # plan starts, find them made (each takes a twentieth of a second), and a stop ends the round.
            for spec in plan.specs:
                kernel.cannot_play(spec.game().rules)
            (result,) = self.runner([plan], self._told)
            self.done += result.games * len(plan.specs)
            results.append(result)
            if not result.complete:
                s.stopped = s.stopped or result.stopped or KeyboardInterrupt()
                break
        figures = s.figures()
        place = 0
        for plan, result in zip(plans, results):
            members = cands[place:place + len(plan.specs) - 1]
            place += len(members)
            if not result.games:
                continue
            runs = result.runs
            base = Evaluation(result.games, {f.key: f.estimate(runs[0]) for f in figures}, {})
            if s.base_evaluation is None or s.base_evaluation.games < result.games:
                s.base_evaluation = base
            s.base_by_games.setdefault(result.games, base)
            for c, sums in zip(members, runs[1:]):
                if c.evaluation is not None and c.evaluation.games >= result.games:
                    continue
                c.evaluation = Evaluation(result.games, {f.key: f.estimate(sums) for f in figures},
                                          {f.key: f.difference(runs[0], sums) for f in figures})
                c.rounds += 1
                c.same_as_base = _same_games(sums, runs[0])
        s.rounds.append({"games": games, "candidates": len(cands)})
        return len(results) == len(plans) and all(r.complete for r in results)


def _scales(search: Search, pool: Sequence[Candidate]) -> dict[str, float]:
    """Each figure's spread over the first round's candidates (and the base): the unit of a shortfall."""
    out = {}
    for f in search.figures():
        xs = [c.evaluation.estimates[f.key].value for c in pool if c.evaluation is not None]
        if search.base_evaluation is not None:
            xs.append(search.base_evaluation.estimates[f.key].value)
        xs = [x for x in xs if x == x]
        mean = sum(xs) / len(xs) if xs else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs)) if xs else 0.0
        out[f.key] = sd if sd > 1e-12 else 1.0
    return out


def rounds_for(first: int, games: int) -> list[int]:
    """The games of each round: doubling from the first round's to the last's."""
    out = [min(first, games)]
    while out[-1] < games:
        out.append(min(games, out[-1] * 2))
    return out


def search(base: Profile, wants: Sequence[Want], prefers: Sequence[Prefer], varies: Sequence[Vary],
           settings: DesignSettings, runner: Runner, progress: Progress | None = None) -> Search:
    """Search, and return the search as it stands: finished, or stopped (Ctrl-C) with what was played."""
    bundled = profiles.load_all()
    moves = moves_for(base, bundled, varies)
    s = Search(base, wants, prefers, settings, moves)
    singles = [c for c in (candidate(base, (m,)) for m in moves) if c is not None]
    if not singles:
        raise DesignError(f"costly design: no rule of {base.id} can be changed to a value the bundled profiles use "
                          "and still be played; name a range to try with --vary")
    designer = Designer(s, runner, progress)
    games = rounds_for(settings.first_games, settings.games)
    designer.total = (len(singles) + 1) * games[0]
    try:
        finished = designer.play(singles, games[0])
        # A single move whose games are the base's changes nothing these bots do: it is not combined either.
        kept = [c for c in singles if c.evaluation is not None and not c.same_as_base]
        s.dropped = sum(c.same_as_base for c in singles)
        s.scales = _scales(s, kept)
        s.pool = kept
        if not finished:
            return s
        if not _grow(base, s, kept, designer, games):
            return s
        for count in games[1:]:
            keep = max(settings.best, -(-len(s.pool) // 2))
            s.pool = s.ranked(s.pool)[:keep]
            if not designer.play(s.pool, count):
                return s
        s.complete = True
        return s
    except KeyboardInterrupt as exc:  # between rounds: the search as it stands is the best found so far
        s.stopped = exc
        return s


def _planned(s: Search, new: int, pool: int, games: Sequence[int]) -> int:
    """The games still to play, for the progress: the new candidates' first round, then each round's half
    (a guess until the candidates are all made: the total grows as the search learns it)."""
    total = (new + -(-new // (PLAN_SPECS - 1))) * games[0]
    for count in games[1:]:
        pool = max(s.settings.best, -(-pool // 2))
        total += (pool + -(-pool // (PLAN_SPECS - 1))) * count
    return total


def _grow(base: Profile, s: Search, singles: Sequence[Candidate], designer: Designer, games: Sequence[int]) -> bool:
    """Combinations, grown a change at a time: each of the best few candidates so far with each of the best
    single changes, played on the first round's seeds, up to ``most_changes`` changes and
    ``most_candidates`` candidates in all; False if the search was stopped."""
    settings = s.settings
    order = {id(m): i for i, m in enumerate(s.moves)}
    ranked = s.ranked(singles)
    widest, beam = ranked[:settings.widen], ranked[:settings.combine]
    seen = {frozenset(id(m) for m in c.moves) for c in singles}
    for _ in range(2, settings.most_changes + 1):
        room = settings.most_candidates - len(s.pool)
        new: list[Candidate] = []
        for grown in beam:
            for single in widest:
                joined = {id(m): m for m in (*grown.moves, *single.moves)}  # by identity: values need not hash
                moves = tuple(sorted(joined.values(), key=lambda m: order[id(m)]))
                key = frozenset(id(m) for m in moves)
                if key in seen or len(new) >= room:
                    continue
                seen.add(key)
                made = candidate(base, moves)
                if made is not None:
                    new.append(made)
        if not new:
            break
        s.pool = [*s.pool, *new]
        designer.total = designer.done + _planned(s, len(new), len(s.pool), games)
        if not designer.play(new, games[0]):
            return False
        beam = s.ranked([*beam, *new])[:settings.combine]
    return True


def summarise(s: Search) -> dict[str, Any]:
    """The best few candidates, with their figures, intervals and sources, as plain data."""
    titles = dict(profiles.rule_titles())
    base_values = {k: plain(v) for k, v in s.base.values.items()}
    ranked = s.ranked(s.pool) if s.scales else []
    shown = ranked[:s.settings.best]
    headline = [f.key for f in (*HEADLINE, *FEEL)]
    best: list[dict[str, Any]] = []
    for rank, c in enumerate(shown, start=1):
        e = c.evaluation
        assert e is not None
        shortfall, preference, changes, margin, _ = s.score(c)
        wants = [{"text": w.text, "estimate": e.estimates[w.figure.key].as_dict(), "met": w.met(e.estimates[w.figure.key]),
                  "surely": w.surely(e.estimates[w.figure.key]),
                  "shortfall": round(w.shortfall(e.estimates[w.figure.key].value), 4)} for w in s.wants]
        figures: dict[str, dict[str, Any]] = {
            k: {"value": e.estimates[k].as_dict(), "difference": stats.tested(e.differences[k])} for k in e.estimates}
        best.append({
            "rank": rank, "games": e.games, "label": c.label(),
            "met": all(w["met"] for w in wants), "surely": all(w["surely"] for w in wants),
            "changes": [{"rule": k, "title": titles[k], "from": base_values[k], "to": v, "source": src.as_dict(),
                         "from_source": src.describe()} for k, v, src in c.changes],
            "wants": wants,
            "prefers": [{"text": p.text, "figure": p.figure.key, "estimate": e.estimates[p.figure.key].as_dict()}
                        for p in s.prefers],
            # The ranking key, as Search.score orders it: shortfall, then preference (in whole half-widths,
            # put in units of each figure's spread; higher first), then fewer changes, then margin.
            "ranking": {"shortfall": shortfall, "preference": -preference, "changes": changes, "margin": -margin},
            "figures": figures,
        })
        differences = [f["difference"] for f in figures.values()]
        # The same games as the base's, game for game: the changes were never met (said, with why).
        best[-1]["never_met"] = never_met([k for k, _, _ in c.changes], base_values,
                                          base_values | {k: v for k, v, _ in c.changes}, s.settings.bots,
                                          e.games) if differences and all(same_games(d) for d in differences) else []
    base = s.base_evaluation
    # One error control over every difference the report prints (each shown candidate's every figure).
    control = stats.control([f["difference"] for b in best for f in b["figures"].values()])
    return {
        "base": {"id": s.base.id, "title": s.base.title,
                 "figures": {k: v.as_dict() for k, v in base.estimates.items()} if base else {}},
        "wants": [w.as_dict() for w in s.wants], "prefers": [p.as_dict() for p in s.prefers],
        "figures": [{"key": f.key, "label": f.label.strip(), "unit": f.unit, "headline": f.key in headline}
                    for f in s.figures()],
        "settings": {"games": s.settings.games, "first_games": s.settings.first_games, "seed": s.settings.seed,
                     "bots": list(s.settings.bots), "best": s.settings.best, "most_changes": s.settings.most_changes,
                     "level": stats.LEVEL, "complete": s.complete, "rounds": s.rounds,
                     "moves": len(s.moves), "dropped": s.dropped, "candidates": len(s.pool)},
        "met": bool(best) and best[0]["met"],
        "best": best,
        "error_control": control,
    }


__all__ = ["DesignError", "DesignSettings", "Move", "Search", "Source", "candidate", "moves_for", "rounds_for",
           "search", "summarise"]
