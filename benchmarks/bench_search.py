"""Benchmark for issues 21 and 26: how strong the search bot is, and how fast it plays.

For each two-hand bundled profile, ``--seeds`` seeds each played twice with the seats swapped: the share
of games ``search`` wins against ``expert`` (and ``expert`` against ``greedy``), with a 95% interval
(Student's t over seeds, each seed's two games one unit). The speed is measured as users get it, for
every bundled profile: ``costly simulate --variant P --games N --bot search --bot expert`` in a cold
process, games per CPU-second of the whole process tree (start-up included), with the compiled kernel
and with the pure Python engine (``COSTLY_PURE_PYTHON=1``, ``--pure-games`` games) in the same run.

Run:  python benchmarks/bench_search.py [--seeds N] [--games N] [--pure-games N] [--profiles ID ...]
"""
from __future__ import annotations

import argparse
from fractions import Fraction

from costly_variants import profiles
from costly_variants import stats
from costly_variants.runs.runner import seeds_for
from costly_variants.game import kernel

from bench_games import simulate  # the costly command in a cold process, CPU of its whole tree


def share(rules, strong: str, weak: str, seeds) -> stats.Estimate:
    """The stronger bot's share of wins and its interval."""
    first = kernel.winners(rules, (strong, weak), seeds)
    second = kernel.winners(rules, (weak, strong), seeds)
    assert first is not None and second is not None
    won = [(a == 0) + (b == 1) for a, b in zip(first, second)]
    total, squares = sum(won), sum(w * w for w in won)
    return stats.mean_of_sums(len(won), Fraction(total, 2), Fraction(squares, 4))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=2000)
    parser.add_argument("--games", type=int, default=1000, help="search games for the kernel")
    parser.add_argument("--pure-games", type=int, default=20, help="search games for the pure Python engine")
    parser.add_argument("--profiles", nargs="*", default=profiles.bundled_ids())
    args = parser.parse_args()
    seeds = seeds_for(21, args.seeds)
    print(f"{'profile':28s} {'search v expert':>24s} {'expert v greedy':>24s} {'kernel games/CPU-s':>19s} "
          f"{'pure':>6s}")
    bots = ["search", "expert"]
    for profile in args.profiles:
        rules = profiles.load(profile).rules
        fast, _ = simulate(profile, args.games, bots, pure=False)
        slow, _ = simulate(profile, args.pure_games, bots, pure=True)
        if rules.players == 2 and args.seeds:
            search, expert = share(rules, "search", "expert", seeds), share(rules, "expert", "greedy", seeds)
            shares = (f"{search.value:8.1%} [{search.low:.1%}, {search.high:.1%}] "
                      f"{expert.value:8.1%} [{expert.low:.1%}, {expert.high:.1%}]")
        else:
            shares = f"{'':24s} {'':24s}"
        print(f"{profile:28s} {shares} {args.games / fast:19,.0f} {args.pure_games / slow:6,.1f}")


if __name__ == "__main__":
    main()
