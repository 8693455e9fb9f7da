"""Benchmark for issue 30 point 4: the search that plays the board against the search that plays for points.

For each profile, ``--seeds`` seeded games with the board-playing search (``search``) at side A and the
point-valuing search (``search-points``) at side B, then the same seeds with the seats swapped, through
the Python API (``costly_variants.api.Simulation``: ``costly simulate --bot search --bot search-points``,
every game's invariants checked, the compiled kernel playing where it is built). Each line gives the
share of the games the board search won, with its 95% Wilson interval over all of them (the two
seatings of a seed deal the same cards to opposite bots, so treating the games as independent makes the
interval, if anything, too wide), and whether it is clear of 50%; and the CPU-seconds the process spent.

Run:  python benchmarks/bench_board.py [--seeds 4000] [--seed 2026] [--profiles ID ...] [--jobs 1]
"""
from __future__ import annotations

import argparse
import os
import time

from costly_variants import profiles
from costly_variants.api import Simulation
from costly_variants.stats import proportion


def measure(profile: str, seeds: int, seed: int, jobs: int) -> tuple[int, int]:
    """Games won by the board search, of those played, in both seatings."""
    ahead = Simulation.run(profile, games=seeds, seed=seed, bots=("search", "search-points"), jobs=jobs)
    behind = Simulation.run(profile, games=seeds, seed=seed, bots=("search-points", "search"), jobs=jobs)
    return ahead.wins_by_team[0] + behind.wins_by_team[1], ahead.games + behind.games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profiles", nargs="*", default=list(profiles.bundled_ids()))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f}; search (the board) against search-points, {args.seeds:,} seeds each "
          f"seating, seed {args.seed}")
    clear = 0
    for profile in args.profiles:
        start = time.process_time()
        won, games = measure(profile, args.seeds, args.seed, args.jobs)
        cpu = time.process_time() - start
        share = proportion(won, games)
        assert share.low is not None and share.high is not None
        verdict = ("clear above 50%" if share.low > 0.5 else "clear below 50%" if share.high < 0.5
                   else "not clear of 50%")
        clear += share.low > 0.5
        print(f"  {profile:30s} {won:5d} of {games:5d}  {share.value:6.1%} [{share.low:.1%}, {share.high:.1%}]  "
              f"{verdict}  ({cpu:.0f} CPU-s)", flush=True)
    print(f"{clear} of {len(args.profiles)} profiles: the board search clear above 50%")


if __name__ == "__main__":
    main()
