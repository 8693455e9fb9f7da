"""What ``costly compare`` / ``costly simulate`` and the Python API share: the defaults, the checks of the
options, the settings of a comparison, and the runner that plays the plans here or on a Dask cluster.

The command line and ``Comparison.run`` both call these, so that the same arguments give the same
games and the same figures. Nothing heavy is imported at the top: ``costly --help`` reads the defaults.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, Sequence
from urllib.parse import urlsplit

from ..errors import CostlyError

if TYPE_CHECKING:
    from ..runs.runner import ChunkDone, Plan, PlanResult, Progress
    from ..runs.simulate import Summary
    from ..questions.study import Settings
    from ..profiles import Profile

    ProfileRef = Profile | str | os.PathLike[str]

# `costly compare` with no arguments: five profiles x DEFAULT_GAMES greedy games, plus the skill games
# (DEFAULT_SKILL_GAMES seeds x 2 seatings x each pairing of bots x 5 profiles; DEFAULT_SEARCH_GAMES seeds for
# the pair with the search bot, whose games cost some seventy greedy ones). About 14 CPU-s, 7 s on two cores
# with the compiled kernel (benchmarks/bench_compare.py); --by-rule plays DEFAULT_BY_RULE_GAMES a rule set.
DEFAULT_GAMES = 20_000
DEFAULT_SKILL_GAMES = 2_000
DEFAULT_BY_RULE_GAMES = 10_000
# The search bot's pair is still most of the default comparison's cost (benchmarks/bench_compare.py, load
# 3 on two cores: the rest 2.1 CPU-s, the pair 0.0067 CPU-s a seed). 2,000 seeds, as many as the other
# pairs, know its share against the greedy bot within about ±1.35 points at the widest (the four-hand
# game's: ±1.9 from 1,000 seeds; ±1.5 wants some 1,600), for some 15 CPU-seconds in all.
DEFAULT_SEARCH_GAMES = 2_000
DEFAULT_SEED = 1
DEFAULT_BOTS = ("greedy",)
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")


class OptionError(CostlyError):
    """An option of the Python API out of its range: a count below 1, an unknown bot, a bad address."""


def default_jobs() -> int:
    """The local processes a run uses unless told otherwise: one a core."""
    return os.cpu_count() or 1


def scheduler_problem(text: str) -> str | None:
    """What is wrong with a Dask scheduler address (``tcp://HOST:PORT``), or None; checked before any
    connection is tried."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return f"not a scheduler address: {text!r} (give tcp://HOST:PORT)"
    if parts.scheme not in SCHEMES or not parts.hostname or port is None or parts.path:
        return f"not a scheduler address: {text!r} (give tcp://HOST:PORT)"
    return None


def checked_options(*, games: int, seed: int, bots: Sequence[str] | str, jobs: int | None,
                    scheduler: str | None = None, skill_games: int | None = 0) -> tuple[tuple[str, ...], int]:
    """The bots as a tuple and the number of processes, once every option is checked (the command line's
    parser checks the same things with its own wording)."""
    from ..game.bots import BOTS

    for name, value, least in (("games", games, 1), ("skill_games", skill_games if skill_games is not None else 0, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise OptionError(f"{name} must be a whole number, {least} or more: {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be a whole number: {seed!r}")
    chosen = (bots,) if isinstance(bots, str) else tuple(bots)
    if not chosen:
        raise OptionError("bots: name at least one bot")
    for bot in chosen:
        if bot not in BOTS:
            raise OptionError(f"unknown bot {bot!r}: choose from {', '.join(sorted(BOTS))}")
    if jobs is None:
        jobs = default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise OptionError(f"jobs must be a whole number, 1 or more: {jobs!r}")
    if scheduler is not None:
        problem = scheduler_problem(scheduler)
        if problem:
            raise OptionError(problem)
    return chosen, jobs


class PlanRunner:
    """Plays the plans in local processes or on a Dask cluster, and remembers what stopped a run early
    (Ctrl-C, or SIGTERM and SIGHUP made into it by the command line), for the exit status."""

    def __init__(self, *, jobs: int, scheduler: str | None = None) -> None:
        self.jobs = jobs
        self.scheduler = scheduler
        self.stopped: KeyboardInterrupt | None = None

    def __call__(self, plans: Sequence[Plan], progress: Progress | None) -> list[PlanResult]:
        import sys

        from ..runs.runner import Collector, kernel_notes

        try:  # (making the kernel's tables: a stop here keeps what needs no games, as one during them does)
            notes = kernel_notes(plans)
        except KeyboardInterrupt as exc:
            self.stopped = exc
            return Collector(plans, None, None).results(exc)
        for note in notes:
            print(note, file=sys.stderr)
        if self.scheduler:
            from ..runs.dask_runner import run_plans_on_cluster

            results = run_plans_on_cluster(self.scheduler, plans, progress=progress)
        else:
            from ..runs.runner import run_plans

            results = run_plans(plans, jobs=self.jobs, progress=progress)
        self.stopped = self.stopped or next((r.stopped for r in results if r.stopped), None)
        return results


def load_distinct(refs: Sequence[ProfileRef], *, who: str, error: type[Exception] | None = None) -> list[Profile]:
    """The profiles, each given once (two references to one profile id would compare it with itself);
    else ``error`` (the command line's UsageError unless told) naming both."""
    from .. import profiles
    from ..errors import UsageError

    chosen = [profiles.load(r) for r in refs]
    seen: dict[str, Any] = {}
    for ref, profile in zip(refs, chosen):
        if profile.id in seen:
            raise (error or UsageError)(f"{who}: {_shown(ref)} and {_shown(seen[profile.id])} are both profile {profile.id!r}; "
                             "give each profile once (a copy needs its own id)")
        seen[profile.id] = ref
    return chosen


def _shown(ref: Any) -> str:
    from ..profiles import Profile

    return f"Profile {ref.id!r}" if isinstance(ref, Profile) else repr(os.fspath(ref))


def comparison_settings(*, games: int | None, seed: int, bots: Sequence[str], skill_games: int | None,
                        check_exact: bool = False, by_rule: bool = False,
                        search_games: int | None = None) -> Settings:
    """The settings ``costly compare`` plays. The games of each profile: ``games``, else ``DEFAULT_GAMES``
    (``DEFAULT_BY_RULE_GAMES`` a rule set of ``--by-rule``). The skill seeds: ``skill_games``, else
    ``DEFAULT_SKILL_GAMES`` scaled to the games (``skill_seeds``; none for ``--by-rule``, unless asked);
    the search bot's pair: ``search_games``, else as many as ``skill_games`` where that is given, else
    ``DEFAULT_SEARCH_GAMES`` scaled to the games. So ``--games N`` scales every part of the run."""
    from ..questions.study import Settings

    if games is None:
        games = DEFAULT_BY_RULE_GAMES if by_rule else DEFAULT_GAMES
    if search_games is None and skill_games is None:
        search_games = skill_seeds(DEFAULT_SEARCH_GAMES, games)
    if skill_games is None:  # --by-rule plays the skill figures only when asked for them
        skill_games = 0 if by_rule else skill_seeds(DEFAULT_SKILL_GAMES, games)
    return Settings(games, seed, tuple(bots), skill_games, check_exact, search_games)


def skill_seeds(default: int, games: int) -> int:
    """A skill pair's seeds for ``games`` a profile: its ``default`` seeds scaled as ``games`` is to
    ``DEFAULT_GAMES`` (rounded up), and never fewer than an interval needs where the games have one
    (``stats.MIN_GAMES``, or ``games`` where those are fewer)."""
    from ..stats import MIN_GAMES

    return max(-(-default * games // DEFAULT_GAMES), min(games, MIN_GAMES))


def run_comparison(chosen: Sequence[Profile], settings: Settings, runner: PlanRunner,
                   progress: Progress | None = None, *, precision: Any = None,
                   said: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The comparison's document, as ``costly compare --json`` prints it; with ``precision`` (a
    ``questions.study.Precision``), of as many games as it needs, ``settings.games`` at most."""
    from ..questions.study import run_comparison as run

    return run(chosen, settings, runner, progress, precision=precision, said=said)


def run_by_rule(a: Profile, b: Profile, settings: Settings, runner: PlanRunner,
                progress: Progress | None = None) -> dict[str, Any]:
    """The document of ``costly compare A B --by-rule --json``."""
    from ..questions.byrule import run_by_rule as run

    return run(a, b, settings, runner, progress)


def run_simulation(chosen: Sequence[Profile], *, games: int, seed: int, bots: Sequence[str], jobs: int,
                   logs: bool = False, progress: Progress | None = None, on_chunk: ChunkDone | None = None
                   ) -> tuple[PlanResult, list[Summary]]:
    """The games of ``costly simulate`` and their summaries, one per profile, in the order given."""
    import sys

    from ..runs.runner import GameSpec, Plan, kernel_notes, run_plans
    from ..runs.simulate import summarise_games
    from ..game.state import Game

    plan = Plan(tuple(GameSpec.from_profile(p) for p in chosen), tuple(bots), seed, games, logs=logs, names=True)
    for note in kernel_notes([plan]):
        print(note, file=sys.stderr)
    (result,) = run_plans([plan], jobs=jobs, progress=progress, on_chunk=on_chunk)
    summaries = [summarise_games(p.id, Game(p.rules, variant=p.id).num_teams, seed, tuple(bots), sums, asked=games)
                 for p, sums in zip(chosen, result.runs)]
    return result, summaries


__all__ = ["DEFAULT_BOTS", "DEFAULT_BY_RULE_GAMES", "DEFAULT_GAMES", "DEFAULT_SEARCH_GAMES", "DEFAULT_SEED", "DEFAULT_SKILL_GAMES", "OptionError", "PlanRunner",
           "checked_options", "comparison_settings", "default_jobs", "load_distinct", "run_by_rule",
           "run_comparison", "run_simulation", "scheduler_problem", "skill_seeds"]
