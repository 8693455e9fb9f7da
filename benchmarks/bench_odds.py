"""Benchmark for issue 30: the win table checked against play, and what a table costs.

1. Against play: for each profile, the table under ``--bots`` (the default deals and seed, as ``costly
   odds`` makes it) beside games played on from a sample of positions: equal scores (a, a) by the kernel
   (``--games`` a position), other positions by the Python engine (``--engine-games``). Each line gives
   the table's chance for side A with its 95% half-interval, the share of games side A won with its 95%
   Wilson interval, and whether the table's chance lies within it. With ``expert`` (a bot that plays for
   points) the table's one assumption holds; with ``search`` (which plays to win near the target) the
   lines near the target measure how far a points-playing table is from the search's own play.
2. Cost: ``costly odds PROFILE --bots B --json`` through the command in a cold process with an empty
   cache folder, CPU of the whole process tree, against the baseline loop (``baseline.py``).

Run:  python benchmarks/bench_odds.py [--bots search] [--games 600] [--engine-games 150] [--profiles ID ...]
      [--no-check] [--no-cost]
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

from baseline import BASELINE_ROUNDS, best_cpu, random_play_loop

from costly_variants import profiles
from costly_variants.chances import check as odds_check
from costly_variants.chances.table import DEFAULT_DEALS
from costly_variants.chances.store import odds


def positions(target: int) -> list[tuple[int, int, int]]:
    """Equal scores at the start, a quarter and half-way, and near the end, where the search bot plays to
    win (kernel); behind near half-way and both near the end (engine)."""
    half, quarter = target // 2, target // 4
    out = [(0, 0, 0), (quarter, quarter, 1), (half, half, 0), (target - 8, target - 8, 0), (target - 8, target - 8, 1)]
    out += [(max(0, half - 10), half, 0), (target - 12, target - 6, 1), (target - 6, target - 12, 0)]
    return out


def check(profile: str, bots: str, games: int, engine_games: int) -> tuple[int, int]:
    rules = profiles.load(profile).rules
    start = time.process_time()
    table, _ = odds(rules, bots=(bots,), deals=DEFAULT_DEALS)
    made = time.process_time() - start
    print(f"\n{profile} (game to {rules.target}), {bots}: table from {table.deals:,} deals in {made:.1f} CPU-s")
    inside = total = 0
    for a, b, dealer in positions(rules.target):
        n = games if a == b else engine_games
        start = time.process_time()
        found = odds_check.check(rules, table, [(a, b, dealer)], n, seed=30)[0]
        cpu = time.process_time() - start
        p = found.played
        inside += found.within
        total += 1
        print(f"  {a:3d}-{b:<3d} {'AB'[dealer]} deals: table {found.chance:6.1%} ±{found.error:.1%}   played "
              f"{p.value:6.1%} [{p.low:.1%}, {p.high:.1%}] of {p.n} ({'kernel' if a == b else 'engine'}, {cpu:.0f} "
              f"CPU-s)  {'within' if found.within else 'OUTSIDE'}")
    return inside, total


def cost(profile: str, bots: str) -> float:
    """CPU-seconds of ``costly odds`` in a cold process with an empty cache."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, COSTLY_CACHE_DIR=folder)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "costly_variants", "odds", profile, "--bots", bots, "--json"],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bots", default="search")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--engine-games", type=int, default=150)
    parser.add_argument("--profiles", nargs="*", default=list(profiles.bundled_ids()))
    parser.add_argument("--no-check", action="store_true")
    parser.add_argument("--no-cost", action="store_true")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f}; baseline loop {best_cpu(lambda: random_play_loop(BASELINE_ROUNDS), 3):.3f} "
          "CPU-s")
    if not args.no_check:
        inside = total = 0
        for profile in args.profiles:
            i, t = check(profile, args.bots, args.games, args.engine_games)
            inside, total = inside + i, total + t
        print(f"\n{inside} of {total} positions: the table's chance within the 95% interval of the games played")
    if not args.no_cost:
        print(f"\ncost of `costly odds PROFILE --bots {args.bots} --json`, cold, empty cache (CPU-s of the process tree):")
        for profile in args.profiles:
            print(f"  {profile:30s} {cost(profile, args.bots):6.1f}")


if __name__ == "__main__":
    main()
