"""Many seeded games in chunks, in this process or in a pool of local processes.

Every game's seed is drawn in advance from the run's seed, and every profile of a comparison plays
the same seeds (common random numbers). A chunk is a run of consecutive seeds played under every
rule set of a plan; chunks are put back in order, so the result is the same for any number of
processes, any chunk size, or a Dask cluster (``dask_runner``). Ctrl-C stops the run at once and keeps
the chunks already finished: every rule set then has the same games, so the pairing still holds. So does
any other KeyboardInterrupt: the command line turns SIGTERM and SIGHUP into one (``cli.signals``), and
the result keeps the interruption, whose kind the exit status tells.
"""
from __future__ import annotations

import json
import multiprocessing
import random
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..game.log import seat_bots
from ..game.playout import play_game
from ..game.state import Game
from ..profiles import Profile
from ..profiles.display import plain
from ..profiles.rules import build_rules
from .measures import GameRecord, measure

Progress = Callable[[int, int], None]  # (games done, games in all)


@dataclass(frozen=True)
class GameSpec:
    """A rule set as plain JSON text, so that any process, on any machine, can rebuild the Game."""

    label: str
    rules_json: str

    @classmethod
    def from_profile(cls, profile: Profile, *, label: str | None = None, overrides: Sequence[str] = (),
                     from_profile: Profile | None = None) -> GameSpec:
        """``profile``'s rules, with the rules named in ``overrides`` (values and passages) taken from
        ``from_profile``."""
        values = {key: plain(value) for key, value in profile.values.items()}
        citations = {key: list(profile.cite(key)) for key in profile.values}
        if overrides and from_profile is not None:
            values.update({key: plain(from_profile.values[key]) for key in overrides})
            citations.update({key: list(from_profile.cite(key)) for key in overrides})
        return cls(label or profile.id, json.dumps({"values": values, "citations": citations}, sort_keys=True))

    def game(self) -> Game:
        return _game(self.label, self.rules_json)


@lru_cache(maxsize=64)
def _game(label: str, rules_json: str) -> Game:
    data = json.loads(rules_json)
    citations = {key: tuple(cites) for key, cites in data["citations"].items()}
    return Game(build_rules(data["values"], citations), variant=label)


@dataclass(frozen=True)
class Plan:
    """Games to play: every seed under every rule set, with these bots (seats in turn)."""

    specs: tuple[GameSpec, ...]
    bots: tuple[str, ...]
    seeds: tuple[int, ...]
    # Every game's invariants are watched as it runs; with ``check`` each game is also replayed through
    # the validating apply_action (slower, for tests).
    check: bool = False
    eldest_counts: bool = False  # also count the eldest's dealt hands (replays each game)
    logs: bool = False  # keep each game's log
    names: bool = False  # keep the points by event name as well as by rule

    @property
    def games(self) -> int:
        return len(self.seeds) * len(self.specs)

    def chunks(self, size: int) -> list[Plan]:
        return [replace(self, seeds=self.seeds[i:i + size]) for i in range(0, len(self.seeds), size)]


@dataclass(frozen=True)
class ChunkResult:
    records: tuple[tuple[GameRecord, ...], ...]  # per spec, per seed
    logs: tuple[tuple[dict[str, Any], ...], ...] = ()


@dataclass
class PlanResult:
    plan: Plan
    records: list[list[GameRecord]] = field(default_factory=list)  # per spec, seeds in order
    logs: list[list[dict[str, Any]]] = field(default_factory=list)
    complete: bool = True
    stopped: KeyboardInterrupt | None = None  # what stopped the run early: Ctrl-C, or a signal made into one

    @property
    def games(self) -> int:
        return len(self.records[0]) if self.records else 0


def seeds_for(seed: int, games: int) -> tuple[int, ...]:
    """The games' seeds: the same for every rule set, every chunking and every machine."""
    master = random.Random(seed)
    return tuple(master.getrandbits(64) for _ in range(games))


def run_chunk(chunk: Plan) -> ChunkResult:
    """Play one chunk: every seed under every rule set. Runs in any process (pure, picklable)."""
    records = []
    logs = []
    for spec in chunk.specs:
        game = spec.game()
        found = []
        kept = []
        for seed in chunk.seeds:
            state = play_game(game, chunk.bots, seed, check="full" if chunk.check else "game")
            found.append(measure(state, seed, eldest_counts=chunk.eldest_counts, names=chunk.names))
            if chunk.logs:
                kept.append(state.log(seed=seed, bots=seat_bots(chunk.bots, game.num_players)))
        records.append(tuple(found))
        logs.append(tuple(kept))
    return ChunkResult(tuple(records), tuple(logs) if chunk.logs else ())


def chunk_size_for(seeds: int, workers: int, specs: int = 1) -> int:
    """Seeds per chunk: enough chunks to share the work out evenly, at most about 25 games in
    each (so that Ctrl-C loses little and progress moves), and at least one seed."""
    return max(1, min(-(-seeds // max(1, workers * 8)), 25 // max(1, specs)))


def split(plans: Sequence[Plan], workers: int, size: int | None = None) -> list[tuple[int, int, Plan]]:
    """(plan index, chunk index, chunk) for every chunk of every plan, in the order given (put the
    slowest plans first, so that they do not straggle at the end)."""
    return [(p, c, chunk) for p, plan in enumerate(plans)
            for c, chunk in enumerate(plan.chunks(size or chunk_size_for(len(plan.seeds), workers, len(plan.specs))))]


def assemble(plans: Sequence[Plan], tasks: Sequence[tuple[int, int, Plan]],
             done: Mapping[tuple[int, int], ChunkResult], stopped: KeyboardInterrupt | None = None
             ) -> list[PlanResult]:
    """Put finished chunks back in seed order; a plan with a chunk missing is marked incomplete."""
    results = [PlanResult(plan, [[] for _ in plan.specs], [[] for _ in plan.specs] if plan.logs else [],
                          stopped=stopped) for plan in plans]
    for p, c, _ in tasks:
        chunk = done.get((p, c))
        if chunk is None:
            results[p].complete = False
            continue
        for s, records in enumerate(chunk.records):
            results[p].records[s].extend(records)
            if chunk.logs:
                results[p].logs[s].extend(chunk.logs[s])
    return results


def _start_worker() -> None:
    # The parent alone handles Ctrl-C and SIGHUP; a worker would only print a traceback, or die and leave
    # the parent waiting. (A worker whose parent is killed outright ends by itself: its task queue closes,
    # at the latest when its chunk is done.) SIGTERM is how the parent's pool.terminate() ends a worker,
    # so it ends the worker at once, whatever handler the parent had when it forked this process: but by
    # SystemExit, not by the signal's default. A worker waiting for its next task holds the task queue's
    # lock; killed outright (``kill -TERM -- -PGID`` reaches every worker), it would keep it for ever, and
    # the parent's pool.terminate(), which takes that lock, would hang. SystemExit leaves the ``with``
    # that holds it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


# Blocked while the pool forks its workers (and in the pool's threads, which fork any replacement), so
# that a signal arriving before a worker has set its own handlers waits until it has, rather than
# running the parent's handler in the worker.
_STOP_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


@contextmanager
def _stop_signals_blocked() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


# Told of each chunk as it finishes: its plan's index, the index of its first seed in the plan, and its
# result (whose logs are then dropped: the callback has them).
ChunkDone = Callable[[int, int, "ChunkResult"], None]


def run_plans(plans: Sequence[Plan], *, jobs: int = 1, chunk_size: int | None = None,
              progress: Progress | None = None, on_chunk: ChunkDone | None = None) -> list[PlanResult]:
    """Play every plan; with ``jobs`` > 1 in that many local processes. Ctrl-C (or any KeyboardInterrupt)
    stops at once and keeps the finished chunks; the results keep the interruption as ``stopped``.
    ``on_chunk`` hears of each finished chunk at once (``simulate --logs`` writes its logs so)."""
    tasks = split(plans, jobs, chunk_size)
    done: dict[tuple[int, int], ChunkResult] = {}
    report = _reporter(sum(plan.games for plan in plans), progress)
    firsts: dict[tuple[int, int], int] = {}
    seeds_before: dict[int, int] = {}
    for p, c, chunk in tasks:  # a plan's chunks in seed order
        firsts[p, c] = seeds_before.get(p, 0)
        seeds_before[p] = firsts[p, c] + len(chunk.seeds)

    def finished(key: tuple[int, int], result: ChunkResult) -> None:
        done[key] = result if on_chunk is None else replace(result, logs=())  # counted before it is told
        if on_chunk is not None:
            on_chunk(key[0], firsts[key], result)
    stopped: KeyboardInterrupt | None = None
    if jobs <= 1:
        try:
            for p, c, chunk in tasks:
                finished((p, c), run_chunk(chunk))
                report(chunk)
        except KeyboardInterrupt as exc:
            stopped = exc
        return assemble(plans, tasks, done, stopped)
    # Forked workers start at once and re-import nothing; the pool is made before the caller's progress
    # display starts a thread. Where there is no fork (Windows), spawn.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with _stop_signals_blocked():
        pool = multiprocessing.get_context(method).Pool(jobs, initializer=_start_worker)
    joined = False
    try:
        pending = {(p, c): (chunk, pool.apply_async(run_chunk, (chunk,))) for p, c, chunk in tasks}
        while pending:
            for key, (chunk, result) in list(pending.items()):
                if result.ready():
                    finished(key, result.get())
                    del pending[key]
                    report(chunk)
            if pending:
                time.sleep(0.05)
        pool.close()
        pool.join()  # every chunk done: the workers end as they are told to, no need to end them
        joined = True
    except KeyboardInterrupt as exc:
        stopped = exc
    finally:
        if not joined:
            _end(pool)
    return assemble(plans, tasks, done, stopped)


def _end(pool: Any) -> None:
    """``pool.terminate()``, but never a hang. A worker can die holding the task queue's lock (a signal
    sent to the whole process group can catch it anywhere), and terminate() takes that lock first: so it
    runs in a thread of its own, and if it has not ended in half a second, every worker is killed and the
    thread, a daemon blocked on a lock nobody will free, is left to end with the process."""
    ender = threading.Thread(target=lambda: (pool.terminate(), pool.join()), daemon=True)
    ender.start()
    ender.join(timeout=0.5)
    if ender.is_alive():
        for child in multiprocessing.active_children():
            child.kill()


def _reporter(total: int, progress: Progress | None) -> Callable[[Plan], None]:
    played = 0

    def report(chunk: Plan) -> None:
        nonlocal played
        played += chunk.games
        if progress:
            progress(played, total)

    return report


__all__ = ["ChunkResult", "GameSpec", "Plan", "PlanResult", "Progress", "assemble", "chunk_size_for",
           "run_chunk", "run_plans", "seeds_for", "split"]
