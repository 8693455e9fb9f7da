"""Benchmark for issue 18: whole games as users get them, through the ``costly`` command.

Each figure is ``costly simulate --variant P --games N --seed 1 --jobs 1 --json`` (and ``--bot expert``)
run as a cold process, its CPU time that of the whole process tree (user + system of the finished child,
from ``resource.getrusage(RUSAGE_CHILDREN)``), start-up included; the compiled kernel and the pure Python
engine (``COSTLY_PURE_PYTHON=1``) in the same run, on the same seeds, their outputs compared byte for
byte. Then ``costly compare`` with its defaults (wall and CPU time on all cores), and the memory and stop
time of a ten-million-game comparison (``--memory``).

Run:  python benchmarks/bench_games.py [--games N] [--pure-games N] [--profiles ID ...] [--memory]
"""
from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

from costly_variants import profiles

COSTLY = [sys.executable, "-m", "costly_variants"]


def run_tree(argv: list[str], *, pure: bool) -> tuple[float, float, bytes]:
    """CPU seconds of the whole process tree, wall seconds, and standard output of one cold ``costly``."""
    env = dict(os.environ, COSTLY_PURE_PYTHON="1" if pure else "0")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(COSTLY + argv, capture_output=True, env=env, check=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def simulate(profile: str, games: int, bots: list[str], *, pure: bool) -> tuple[float, bytes]:
    argv = ["simulate", "--variant", profile, "--games", str(games), "--seed", "1", "--jobs", "1", "--json"]
    for bot in bots:
        argv += ["--bot", bot]
    cpu, _, out = run_tree(argv, pure=pure)
    return cpu, out


def tree_rss(pid: int) -> float:
    """The resident memory of ``pid`` and all its descendants, in MiB."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    tree, grew = {pid}, True
    while grew:
        grew = False
        for child, parent in parents.items():
            if parent in tree and child not in tree:
                tree.add(child)
                grew = True
    total = 0
    for member in tree:
        try:
            for line in (Path("/proc") / str(member) / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def memory_and_stop(seconds: float) -> None:
    proc = subprocess.Popen(COSTLY + ["compare", "--games", "10000000", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    start, peak, now = time.monotonic(), 0.0, 0.0
    while time.monotonic() - start < seconds:
        time.sleep(0.5)
        now = tree_rss(proc.pid)
        peak = max(peak, now)
    proc.send_signal(signal.SIGTERM)
    stop = time.monotonic()
    out, _ = proc.communicate()
    stopped = time.monotonic() - stop
    print(f"compare --games 10000000: whole tree {now:.0f} MiB after {seconds:.0f} s (peak {peak:.0f} MiB); "
          f"SIGTERM stopped it in {stopped:.2f} s, exit {proc.returncode}, {len(out):,} bytes of report")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000, help="greedy games for the kernel")
    parser.add_argument("--pure-games", type=int, default=1_000, help="greedy games for the pure Python engine")
    parser.add_argument("--profiles", nargs="*", default=profiles.bundled_ids())
    parser.add_argument("--memory", action="store_true", help="also the ten-million-game comparison")
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    print(f"{'profile':30s} {'bots':14s} {'kernel games/CPU-s':>19s} {'pure':>8s} {'x':>6s}")
    for profile in args.profiles:
        for bots, games, pure_games in ((["greedy"], args.games, args.pure_games),
                                        (["expert"], max(1, args.games // 5), max(1, args.pure_games // 5))):
            fast, _ = simulate(profile, games, bots, pure=False)
            slow, slow_out = simulate(profile, pure_games, bots, pure=True)
            # The same seeds both ways: the same games, so the same bytes.
            assert simulate(profile, pure_games, bots, pure=False)[1] == slow_out, \
                f"{profile} {bots}: the kernel's games differ from the engine's"
            print(f"{profile:30s} {'/'.join(bots):14s} {games / fast:19,.0f} {pure_games / slow:8,.0f} "
                  f"{(games / fast) / (pure_games / slow):6.1f}")
    cpu, wall, _ = run_tree(["compare", "--json"], pure=False)
    print(f"costly compare (defaults): {wall:.1f} s wall, {cpu:.1f} s CPU on {os.cpu_count()} cores")
    if args.memory:
        memory_and_stop(args.seconds)


if __name__ == "__main__":
    main()
