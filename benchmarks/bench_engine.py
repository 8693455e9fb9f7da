"""Benchmark for issue 4: whole games bot against bot under every bundled profile, invariants checked.

Run:  python benchmarks/bench_engine.py [--games N]
"""
from __future__ import annotations

import argparse
import time

from costly_variants import profiles
from costly_variants.game.state import Game
from costly_variants.compare.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", nargs="+", default=["greedy"])
    args = parser.parse_args()
    for profile in profiles.load_all():
        start = time.perf_counter()
        summary = simulate(Game(profile.rules, variant=profile.id), args.games, 1, args.bots)
        elapsed = time.perf_counter() - start
        print(f"{profile.id:30s} {args.games} games ({'/'.join(args.bots)}) in {elapsed:6.2f} s = "
              f"{args.games / elapsed:6.1f} games/s; wins {summary.wins_by_team}; {summary.mean_deals:.1f} deals/game")


if __name__ == "__main__":
    main()
