"""Benchmark for issues 10 and 18: what ``costly compare`` with its defaults costs, plan by plan.

Measures CPU time in this process (jobs 1), which a busy machine inflates far less than wall time, and
divides by the cores for the wall time an idle machine would take with ``--jobs`` = cores.

Run:  python benchmarks/bench_compare.py [--games N] [--skill-games N] [--cores C]
"""
from __future__ import annotations

import argparse
import time

from costly_variants import profiles
from costly_variants.cli.comparison import DEFAULT_GAMES, DEFAULT_SKILL_GAMES
from costly_variants.compare.runner import run_plans
from costly_variants.compare.study import Settings, plans_for, summarise


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--skill-games", type=int, default=DEFAULT_SKILL_GAMES)
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args()
    chosen = profiles.load_all()
    settings = Settings(args.games, 1, ("greedy",), args.skill_games)
    plans = plans_for(chosen, settings)
    total = 0.0
    results = []
    for plan in plans:
        cpu, wall = time.process_time(), time.perf_counter()
        results += run_plans([plan], jobs=1)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        total += cpu
        games = plan.total_games
        print(f"{'/'.join(plan.bots):15s} {games:7d} games: {cpu:6.1f} s CPU ({games / cpu:8.1f} games/s), "
              f"{wall:6.1f} s wall")
    cpu = time.process_time()
    summarise(chosen, settings, results)
    cpu = time.process_time() - cpu
    total += cpu
    print(f"summary and exact analysis: {cpu:.1f} s CPU")
    print(f"total {total:.1f} s CPU: about {total / args.cores:.0f} s on {args.cores} idle cores "
          f"(costly compare --games {args.games} --skill-games {args.skill_games})")


if __name__ == "__main__":
    main()
