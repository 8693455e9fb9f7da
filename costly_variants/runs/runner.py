"""Many seeded games in chunks, in this process or in a pool of local processes.

Every game's seed is drawn in turn from the run's seed, chunk by chunk as the run goes, and every
profile of a comparison plays the same seeds (common random numbers). A chunk is a run of consecutive
seeds played under every rule set of a plan, by the compiled kernel where it was built (``game.kernel``:
the same games as the Python engine's), and comes back as sums (``tally``), not games; sums of whole
numbers merge exactly in any order, so the result is the same for any number of processes, any chunk
size, or a Dask cluster (``dask_runner``), in memory that does not grow with the games. Ctrl-C stops the run at once and keeps
the chunks already finished: every rule set then has the same games, so the pairing still holds. So does
any other KeyboardInterrupt: the command line turns SIGTERM and SIGHUP into one (``cli.signals``), and
the result keeps the interruption, whose kind the exit status tells.
"""
from __future__ import annotations

import heapq
import json
import queue
import random
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..game import kernel
from ..game.state import Game
from ..profiles import Profile
from ..profiles.display import plain
from ..profiles.rules import build_rules
from .measures import GameRecord, measure
from .tally import KernelLayout, SkillSums, Sums, Tally

Progress = Callable[[int, int], None]  # (games done, games in all)
# A progress display with ``at_start`` set true is also told (0, games in all) before any game is played.


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

    @classmethod
    def from_values(cls, label: str, values: Mapping[str, Any], citations: Mapping[str, Sequence[str]]) -> GameSpec:
        """A rule set given as plain values and the passages behind each (a reading, a designed house rule)."""
        return cls(label, json.dumps({"values": {k: plain(v) for k, v in values.items()},
                                      "citations": {k: list(c) for k, c in citations.items()}}, sort_keys=True))

    def game(self) -> Game:
        return _game(self.label, self.rules_json)


@lru_cache(maxsize=64)
def _game(label: str, rules_json: str) -> Game:
    data = json.loads(rules_json)
    citations = {key: tuple(cites) for key, cites in data["citations"].items()}
    return Game(build_rules(data["values"], citations), variant=label)


@dataclass(frozen=True)
class Plan:
    """Games to play: ``games`` seeds drawn in turn from ``seed`` (``seeds_for``), each under every rule set,
    with these bots (seats in turn). A skill plan plays each seed twice, the bots' seats swapped, and
    keeps only how many of the two the first bot's side won."""

    specs: tuple[GameSpec, ...]
    bots: tuple[str, ...]
    seed: int
    games: int
    # Every game's invariants are watched as it runs; with ``check`` each game is also replayed through
    # the validating apply_action (slower, for tests), by the Python engine.
    check: bool = False
    eldest_counts: bool = False  # also count the eldest's dealt hands
    logs: bool = False  # keep each game's log (the Python engine writes them)
    names: bool = False  # keep the points by event name as well as by rule
    skill: bool = False

    @property
    def total_games(self) -> int:
        """Every game the plan plays: its seeds, under every rule set, once or (skill) twice."""
        return self.games * len(self.specs) * (2 if self.skill else 1)


@dataclass(frozen=True)
class Chunk:
    """Consecutive seeds of one plan: the unit of work a process (or a Dask worker) plays."""

    plan: Plan
    first: int  # the place of the first seed in the plan's seeds
    seeds: tuple[int, ...]

    @property
    def games(self) -> int:
        return len(self.seeds) * len(self.plan.specs) * (2 if self.plan.skill else 1)


@dataclass(frozen=True)
class ChunkResult:
    tally: Tally
    logs: tuple[tuple[dict[str, Any], ...], ...] = ()  # per spec, per seed


@dataclass
class PlanResult:
    plan: Plan
    tally: Tally
    complete: bool = True
    stopped: KeyboardInterrupt | None = None  # what stopped the run early: Ctrl-C, or a signal made into one

    @property
    def games(self) -> int:
        """Seeds played, each under every rule set (all of them, or those finished before a stop)."""
        return self.tally.games

    @property
    def runs(self) -> list[Sums]:
        """Each rule set's sums, in the plan's order."""
        return self.tally.sums

    @property
    def skill(self) -> list[SkillSums]:
        """A skill plan's: each rule set's sums of the stronger bot's wins."""
        return self.tally.skill


def seeds_for(seed: int, games: int) -> tuple[int, ...]:
    """The games' seeds: the same for every rule set, every chunking and every machine."""
    master = random.Random(seed)
    return tuple(master.getrandbits(64) for _ in range(games))


@lru_cache(maxsize=256)
def _values_of(rules_json: str) -> str:
    return json.dumps(json.loads(rules_json)["values"], sort_keys=True)


def twins(plan: Plan) -> tuple[int, ...]:
    """For each rule set of ``plan``, the first with the same rules, value for value (itself where none
    before it has them). A rule set that plays as an earlier one (Holme's notes over Cotton change no
    rule that plays) has the same games on the same seeds: they are played once, and their tables made
    once. Not where the plan keeps the games' logs, each of which names its rule set."""
    if plan.logs:
        return tuple(range(len(plan.specs)))
    first: dict[str, int] = {}
    return tuple(first.setdefault(_values_of(spec.rules_json), s) for s, spec in enumerate(plan.specs))


def _played_specs(plan: Plan) -> list[GameSpec]:
    """The rule sets whose games are played: the first of each set of twins."""
    return [spec for s, (spec, twin) in enumerate(zip(plan.specs, twins(plan))) if s == twin]


def _kernel_plays(plan: Plan) -> bool:
    return (not plan.check and not plan.logs and kernel.plays(plan.bots)
            and not any(kernel.cannot_play(spec.game().rules) for spec in _played_specs(plan)))


def board_tables(plans: Sequence[Plan]) -> None:
    """The win tables the board search reads, worked out (or read from the cache) before the games start:
    once here rather than by every worker, and not inside the first chunks, whose time would then tell
    the progress display a run several times longer than it is."""
    from ..game.wintable import board_of

    for plan in plans:
        if "search" in plan.bots:
            for spec in _played_specs(plan):
                rules = spec.game().rules
                if rules.players == 2:
                    board_of(rules)


def kernel_notes(plans: Sequence[Plan]) -> list[str]:
    """One line for each rule set whose games the compiled kernel would play but cannot (its tables cannot
    be made, or it was not built), so that a slow run says why; none where the user ruled it out."""
    if kernel.ruled_out():
        return []
    notes: dict[str, str] = {}
    for plan in plans:
        if plan.check or plan.logs or not all(bot in kernel.BOT_CODES for bot in plan.bots):
            continue
        for spec in _played_specs(plan):
            reason = kernel.cannot_play(spec.game().rules)
            if reason is not None and spec.label not in notes:
                notes[spec.label] = f"note: {spec.label}: {reason}; its games are played by the Python engine " \
                                    "(the same games, more slowly)"
    if notes and not kernel.available():
        return ["note: the compiled game kernel is not built here (no C compiler when it was installed?); the games "
                "are played by the Python engine (the same games, some 150 to 200 times more slowly with the greedy "
                "bot, 90 to 130 with the expert)"]
    return list(notes.values())


def _records(game: Game, plan: Plan, bots: Sequence[str], seeds: Sequence[int],
             logs: list[dict[str, Any]] | None) -> list[GameRecord]:
    """The measures of one game per seed under ``game``'s rules, played by the Python engine."""
    from ..game.log import seat_bots
    from ..game.playout import play_game

    records = []
    for seed in seeds:
        state = play_game(game, bots, seed, check="full" if plan.check else "game")
        records.append(measure(state, seed, eldest_counts=plan.eldest_counts, names=plan.names))
        if logs is not None:
            logs.append(state.log(seed=seed, bots=seat_bots(bots, game.num_players)))
    return records


def _skill_tally(games: Sequence[Game], plan: Plan, seeds: Sequence[int],
                 winners: Callable[[Game, tuple[str, str]], Sequence[int] | None]) -> Tally | None:
    """A skill plan's chunk: each seed played with the seats both ways, and how many of the two the
    stronger bot's side won, per rule set (None where ``winners`` hands a game back)."""
    strong, weak = plan.bots
    tally = Tally.empty(len(games), skill=True)
    won: list[list[int]] = []
    for game, twin in zip(games, twins(plan)):
        if twin < len(won):  # the same games as an earlier rule set's
            won.append(won[twin])
            continue
        first, second = winners(game, (strong, weak)), winners(game, (weak, strong))
        if first is None or second is None:
            return None
        won.append([(a == 0) + (b == 1) for a, b in zip(first, second)])
    for i in range(len(seeds)):
        tally.add_skill_seed([w[i] for w in won])
    return tally


def _engine_chunk(chunk: Chunk) -> ChunkResult:
    """A chunk played by the Python engine, game by game into sums (``Sums.add``)."""
    plan = chunk.plan
    games = [spec.game() for spec in plan.specs]
    tally = Tally.empty(len(games), skill=plan.skill)
    if plan.skill:
        skill = _skill_tally(games, plan, chunk.seeds, lambda game, bots: [
            record.winner for record in _records(game, plan, bots, chunk.seeds, None)])
        assert skill is not None
        return ChunkResult(skill)
    logs: list[list[dict[str, Any]]] = [[] for _ in games]
    runs: list[list[GameRecord]] = []
    for s, (game, twin) in enumerate(zip(games, twins(plan))):
        runs.append(runs[twin] if twin < s else
                    _records(game, plan, plan.bots, chunk.seeds, logs[s] if plan.logs else None))
    for i in range(len(chunk.seeds)):
        tally.add_seed([run[i] for run in runs], names=plan.names)
    return ChunkResult(tally, tuple(tuple(kept) for kept in logs) if plan.logs else ())


def _kernel_chunk(chunk: Chunk) -> ChunkResult | None:
    """The same chunk played by the compiled kernel, which sums the games itself: the same sums, key for
    key. None where a game is one the kernel hands back (the engine then plays the chunk, and raises
    what it raises)."""
    plan = chunk.plan
    games = [spec.game() for spec in plan.specs]
    tally = Tally.empty(len(games), skill=plan.skill)
    if plan.skill:
        skill = _skill_tally(games, plan, chunk.seeds, lambda game, bots: kernel.winners(game.rules, bots, chunk.seeds))
        return None if skill is None else ChunkResult(skill)
    same = twins(plan)
    layout = _layout(plan)
    base: bytes | None = None
    raws: list[dict[str, Any]] = []
    for s, twin in enumerate(same):
        # A twin of a later rule set has its games and its sums against the first's; a twin of the first has
        # the first's games, and against them the sums of their squares.
        raw = (raws[twin] if 0 < twin < s else _against_itself(raws[0]) if twin == 0 < s else kernel.tally(
            games[twin].rules, plan.bots, chunk.seeds, layout, eldest_counts=plan.eldest_counts, base=base,
            keep=s == 0 and len(games) > 1))
        if raw is None:
            return None
        raws.append(raw)
        tally.sums[s] = layout.sums(raw, crossed=s > 0, names=plan.names)
        base = base if s else raw["vectors"]
    tally.games = len(chunk.seeds)
    return ChunkResult(tally)


@lru_cache(maxsize=16)
def _layout(plan: Plan) -> KernelLayout:
    """Where the kernel's tally puts each measure for ``plan``'s rule sets: the same at every chunk of a run
    (made once a process, with the slots of each rule set's kinds, some 0.1 ms a chunk)."""
    games = [spec.game() for spec in plan.specs]
    return KernelLayout([kernel.compiled(games[twin].rules).kinds for twin in twins(plan)])


def _against_itself(raw: dict[str, Any]) -> dict[str, Any]:
    """The kernel's sums of a chunk's games, with their sums against the same games as those of a rule set
    against the first: each measure times itself (its square), times the same game's deals."""
    return raw | {"cross_ab": raw["squares"], "cross_ad": raw["by_deals"], "cross_da": raw["by_deals"],
                  "decisive_cross": [(deal, deals, deal, deals, k) for deal, deals, k in raw["decisive"]]}


def run_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk: every seed under every rule set, into sums; by the kernel where it plays the plan's
    games, else by the Python engine. Runs in any process (pure, picklable)."""
    if _kernel_plays(chunk.plan):
        played = _kernel_chunk(chunk)
        if played is not None:
            return played
    return _engine_chunk(chunk)


# What a game costs, roughly, in greedy games played by the kernel (some 11 us each in one process): by the
# costliest bot at the table. The Python engine plays each some 90 to 200 times more slowly (issue 38). Only
# the size of the chunks and whether a run is worth a pool of processes follow from these: never a result. (A search game,
# measured in one process by the kernel, ``kernel.winners`` over the same seeds, after issue 26's third round:
# some 1 ms, 85 greedy games under the 1874 rules, 81 under Parlett's, 59 under Cotton's, against the expert
# bot or the greedy alike; an expert game against greedy 2 to 2.6. It was 150 to 200 before that round.)
GAME_COST = {"random": 1.0, "greedy": 1.0, "expert": 3.0, "search": 80.0}
ENGINE_SLOWER = 30.0

# The cost a chunk holds at most: some 0.05 to 0.1 s of work (a greedy game is some 11 us in the kernel), so
# that a stop loses little and comes at once, and progress moves; and few enough chunks that handing them
# out costs little beside the games.
CHUNK_COST = 8000.0

# The cost below which a plan is not cut finer just to make up CHUNKS_AT_LEAST chunks: some 0.04 s of work.
# A chunk costs its run some 0.6 ms besides its games (the pool's parent hands it out and takes back its sums;
# the worker unpacks it and turns the kernel's sums into a tally): 63 chunks of 16 search games cost 0.035
# CPU-s more than 16 chunks of 63 (1,000 search games against expert, two processes, measured).
CHUNK_LEAST = 3500.0

# A run that costs less than this (some third of a second of work) is played in this process. A pool of
# processes costs some 0.02 to 0.05 CPU-s of its own (multiprocessing's import, the forks, the threads that
# hand out the chunks and take back their sums; measured for 40,000 greedy games, two processes against one,
# once the pool's thread no longer spins: ``_pool_class``): up to a tenth of such a run's CPU, to save a
# sixth of a second of waiting.
POOL_COST = 30_000.0


def game_cost(plan: Plan) -> float:
    """What one game of ``plan`` costs, in greedy games played by the kernel."""
    cost = max(GAME_COST.get(bot, GAME_COST["search"]) for bot in plan.bots)
    return cost if _kernel_plays(plan) else cost * ENGINE_SLOWER


def plan_cost(plan: Plan) -> float:
    """What all of ``plan``'s games cost, in greedy games played by the kernel."""
    return plan.total_games * game_cost(plan) if plan.games else 0.0


# Chunks a plan is cut into at least (where it has the seeds): enough that the plans played side by side keep
# pace with one another closely, whatever their size (what makes the estimate of the time left true), and
# that the work shares out evenly. A plan played alone keeps pace with none: it is cut into so many only where
# each chunk still costs CHUNK_LEAST, and into eight a worker at least.
CHUNKS_AT_LEAST = 64


def chunk_size_for(plan: Plan, workers: int, *, alone: bool = False) -> int:
    """Seeds per chunk of ``plan``: at least ``CHUNKS_AT_LEAST`` chunks (eight a worker, where there are more
    workers; for a plan played ``alone``, only as many as cost ``CHUNK_LEAST`` each, and eight a worker),
    each of at most ``CHUNK_COST``, and at least one seed."""
    per_seed = len(plan.specs) * (2 if plan.skill else 1)
    budget = int(CHUNK_COST / (game_cost(plan) * per_seed))
    least = max(workers * 8, CHUNKS_AT_LEAST if not alone else min(CHUNKS_AT_LEAST, int(plan_cost(plan) / CHUNK_LEAST)))
    return max(1, min(-(-plan.games // least), budget))


def _plan_chunks(plan: Plan, step: int) -> Iterator[Chunk]:
    """``plan``'s chunks in order, ``step`` seeds each, the seeds drawn as the chunks are made."""
    master = random.Random(plan.seed)
    for first in range(0, plan.games, step):
        count = min(step, plan.games - first)
        yield Chunk(plan, first, tuple(master.getrandbits(64) for _ in range(count)))


def chunks(plans: Sequence[Plan], workers: int, size: int | None = None) -> Iterator[tuple[int, Chunk]]:
    """(plan index, chunk) for every chunk of every plan, the plans interleaved: the next chunk is always
    one of the plan least far along (the smallest share of its seeds handed out, half-way through the
    chunk; the first plan given on a tie). Every plan thus moves at the same pace: the games done are the same share of the work
    whatever each plan's games cost, so that an estimate of the time left from the games done holds from
    the start; and a stop finds every plan with its share of games played. The seeds are drawn as the
    chunks are made, not before: a run's memory does not grow with its games."""
    alone = sum(1 for plan in plans if plan.games) == 1
    steps = [size or chunk_size_for(plan, workers, alone=alone) for plan in plans]
    streams = [_plan_chunks(plan, step) for plan, step in zip(plans, steps)]
    handed = [0] * len(plans)

    def middle(p: int) -> float:  # how far along the plan is half-way through its next chunk
        return (handed[p] + min(steps[p], plans[p].games - handed[p]) / 2) / plans[p].games

    waiting = [(middle(p), p) for p, plan in enumerate(plans) if plan.games]
    heapq.heapify(waiting)
    while waiting:
        _, p = heapq.heappop(waiting)
        chunk = next(streams[p])
        handed[p] += len(chunk.seeds)
        if handed[p] < plans[p].games:
            heapq.heappush(waiting, (middle(p), p))
        yield p, chunk


class Collector:
    """The sums of the chunks finished so far, plan by plan, and what a finished chunk is told to.

    A stop (a KeyboardInterrupt) can come between any two steps, so a finished chunk is never merged into
    sums in place: each plan's state is its merged sums and the chunks not yet merged, replaced in one
    store; every so often the waiting chunks are merged into new sums. A stop thus never counts a chunk
    in part, or twice."""

    MERGE_EVERY = 64

    def __init__(self, plans: Sequence[Plan], progress: Progress | None, on_chunk: ChunkDone | None) -> None:
        self.plans = plans
        self.state: list[tuple[Tally, tuple[Tally, ...]]] = [
            (Tally.empty(len(plan.specs), skill=plan.skill), ()) for plan in plans]
        self.total = sum(plan.total_games for plan in plans)
        self.done = 0
        self.progress = progress
        self.on_chunk = on_chunk

    def start(self) -> None:
        """The games are starting: told to a progress display that asks (``at_start``). A stop may come
        from here on, and is kept."""
        if self.progress is not None and getattr(self.progress, "at_start", False):
            self.progress(0, self.total)

    def _merged(self, p: int, tallies: Sequence[Tally]) -> Tally:
        plan = self.plans[p]
        out = Tally.empty(len(plan.specs), skill=plan.skill)
        for tally in tallies:
            out.merge(tally)
        return out

    def finished(self, p: int, chunk: Chunk, result: ChunkResult) -> None:
        merged, waiting = self.state[p]
        waiting = (*waiting, result.tally)
        if len(waiting) >= self.MERGE_EVERY:
            merged, waiting = self._merged(p, (merged, *waiting)), ()
        self.state[p] = (merged, waiting)  # counted before it is told
        if self.on_chunk is not None:
            self.on_chunk(p, chunk.first, result)
        self.done += chunk.games
        if self.progress:
            self.progress(self.done, self.total)

    def results(self, stopped: KeyboardInterrupt | None) -> list[PlanResult]:
        out = []
        for p, (plan, (merged, waiting)) in enumerate(zip(self.plans, self.state)):
            tally = self._merged(p, (merged, *waiting))
            out.append(PlanResult(plan, tally, tally.games == plan.games, stopped))
        return out


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
# result (with its logs, where the plan keeps them).
ChunkDone = Callable[[int, int, "ChunkResult"], None]

# Chunks handed to the pool ahead of those being played, per process: enough to keep every process busy,
# few enough that the seeds waiting are a handful of chunks, whatever the number of games.
AHEAD = 3


def run_plans(plans: Sequence[Plan], *, jobs: int = 1, chunk_size: int | None = None,
              progress: Progress | None = None, on_chunk: ChunkDone | None = None) -> list[PlanResult]:
    """Play every plan; with ``jobs`` > 1 in that many local processes. Ctrl-C (or any KeyboardInterrupt)
    stops at once and keeps the finished chunks; the results keep the interruption as ``stopped``.
    ``on_chunk`` hears of each finished chunk at once (``simulate --logs`` writes its logs so)."""
    if sum(plan_cost(plan) for plan in plans) < POOL_COST:
        jobs = 1  # the same results: only the time taken depends on the processes
    board_tables(plans)
    collector = Collector(plans, progress, on_chunk)
    work = chunks(plans, jobs, chunk_size)
    stopped: KeyboardInterrupt | None = None
    if jobs <= 1:
        try:
            collector.start()
            for p, chunk in work:
                collector.finished(p, chunk, run_chunk(chunk))
        except KeyboardInterrupt as exc:
            stopped = exc
        return collector.results(stopped)
    # Forked workers start at once and re-import nothing, and share the tables the parent built (the
    # rule sets' Games and kernel tables, made above by ``_kernel_plays``); the pool is made before the
    # caller's progress display starts a thread. Where there is no fork (Windows), spawn.
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with _stop_signals_blocked():
        pool = _pool_class()(jobs, initializer=_start_worker, context=multiprocessing.get_context(method))
    joined = False
    try:
        # Each chunk, as it finishes, is put on ``finished`` by the pool's result thread; the run waits on
        # it (a wait Ctrl-C interrupts) and hands out one more chunk for each one done.
        collector.start()
        finished: queue.SimpleQueue[tuple[int, Any]] = queue.SimpleQueue()
        pending: dict[int, tuple[int, Chunk]] = {}
        number = 0
        for p, chunk in work:
            _submit(pool, finished, number, chunk)
            pending[number] = (p, chunk)
            number += 1
            if len(pending) >= jobs * AHEAD:
                break
        while pending:
            try:
                done, outcome = finished.get(timeout=0.5)
            except queue.Empty:
                continue
            if isinstance(outcome, BaseException):
                raise outcome
            p, chunk = pending.pop(done)
            collector.finished(p, chunk, outcome)
            item = next(work, None)
            if item is not None:
                _submit(pool, finished, number, item[1])
                pending[number] = item
                number += 1
        pool.close()
        pool.join()  # every chunk done: the workers end as they are told to, no need to end them
        joined = True
    except KeyboardInterrupt as exc:
        stopped = exc
    finally:
        if not joined:
            _end(pool)
    return collector.results(stopped)


@lru_cache(maxsize=1)
def _pool_class() -> type:
    """multiprocessing's Pool, but whose thread that keeps the workers alive wakes only when a worker ends or
    the pool changes. The stock one also wakes whenever a chunk's result waits to be read (it watches the
    results' pipe), and spins on it until the thread that reads results has read it: some 14 turns of its
    loop a chunk when both cores are busy with the games, a millisecond of the parent's CPU a chunk (of the
    parent's 0.1 CPU-s in a run of 77 chunks, all but 0.02). Nothing here needs that wake-up: the workers
    never end by themselves (no maxtasksperchild), and a worker that dies is seen by its own sentinel,
    which the thread still watches."""
    from multiprocessing.pool import Pool

    class QuietPool(Pool):
        def _get_sentinels(self) -> list[Any]:
            # (CPython's private parts, 3.8 on: where a Python has no change notifier, the stock sentinels)
            notifier = getattr(self, "_change_notifier", None)
            reader = getattr(notifier, "_reader", None)
            return [reader] if reader is not None else super()._get_sentinels()  # type: ignore[misc]

    return QuietPool


def _submit(pool: Any, finished: queue.SimpleQueue[tuple[int, Any]], number: int, chunk: Chunk) -> None:
    pool.apply_async(run_chunk, (chunk,), callback=lambda result: finished.put((number, result)),
                     error_callback=lambda error: finished.put((number, error)))


def _end(pool: Any) -> None:
    """``pool.terminate()``, but never a hang. A worker can die holding the task queue's lock (a signal
    sent to the whole process group can catch it anywhere), and terminate() takes that lock first: so it
    runs in a thread of its own, and if it has not ended in half a second, every worker is killed and the
    thread, a daemon blocked on a lock nobody will free, is left to end with the process. A signal to the
    whole group can also kill a worker halfway through a message, and terminate() then fails on the half-read
    pipe: every worker is killed then too, and no traceback is printed (the run reports what it has)."""
    import multiprocessing

    failed: list[BaseException] = []

    def stop() -> None:
        try:
            pool.terminate()
            pool.join()
        except Exception as exc:  # a worker killed mid-message leaves the task pipe half-written (EOFError)
            failed.append(exc)

    ender = threading.Thread(target=stop, daemon=True)
    ender.start()
    ender.join(timeout=0.5)
    if ender.is_alive() or failed:
        for child in multiprocessing.active_children():
            child.kill()


__all__ = ["Chunk", "ChunkResult", "Collector", "GAME_COST", "GameSpec", "Plan", "PlanResult", "Progress",
           "chunk_size_for", "chunks", "game_cost", "kernel_notes", "plan_cost", "run_chunk", "run_plans", "seeds_for",
           "twins"]
