"""Benchmark for issue 21: how strong the search bot is, and how fast it plays in the kernel.

For each two-hand bundled profile, ``--seeds`` seeds each played twice with the seats swapped: the share
of games ``search`` wins against ``expert`` (and ``expert`` against ``greedy``), with a 95% interval
(Student's t over seeds, each seed's two games one unit); and search games per CPU-second in the kernel.

Run:  python benchmarks/bench_search.py [--seeds N] [--profiles ID ...]
"""
from __future__ import annotations

import argparse
import time
from fractions import Fraction

from costly_variants import profiles
from costly_variants.compare import stats
from costly_variants.compare.runner import seeds_for
from costly_variants.game import kernel


def share(rules, strong: str, weak: str, seeds) -> tuple[stats.Estimate, float]:
    """The stronger bot's share of wins, its interval, and the games played per CPU-second."""
    start = time.process_time()
    first = kernel.winners(rules, (strong, weak), seeds)
    second = kernel.winners(rules, (weak, strong), seeds)
    cpu = time.process_time() - start
    assert first is not None and second is not None
    won = [(a == 0) + (b == 1) for a, b in zip(first, second)]
    total, squares = sum(won), sum(w * w for w in won)
    return stats.mean_of_sums(len(won), Fraction(total, 2), Fraction(squares, 4)), 2 * len(seeds) / cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2000)
    parser.add_argument("--profiles", nargs="*",
                        default=[p for p in profiles.bundled_ids() if profiles.load(p).rules.players == 2])
    args = parser.parse_args()
    seeds = seeds_for(21, args.seeds)
    print(f"{'profile':22s} {'search v expert':>24s} {'search games/CPU-s':>19s} {'expert v greedy':>24s}")
    for profile in args.profiles:
        rules = profiles.load(profile).rules
        search, speed = share(rules, "search", "expert", seeds)
        expert, _ = share(rules, "expert", "greedy", seeds)
        print(f"{profile:22s} {search.value:8.1%} [{search.low:.1%}, {search.high:.1%}] {speed:19,.0f} "
              f"{expert.value:8.1%} [{expert.low:.1%}, {expert.high:.1%}]")


if __name__ == "__main__":
    main()
