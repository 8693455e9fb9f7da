"""Benchmarks for issue 3: exact analysis of every bundled profile (batch scoring: bench_batch.py).

Run:  python benchmarks/bench_scoring.py
Target: exact analysis of one profile under 1 s of compute, measured on this project's 2-core machine.
"""
from __future__ import annotations

import argparse
import io
import random
import resource
import time

from costly_variants import profiles
from costly_variants.count.analysis import analyse_hands
from costly_variants.cards import FULL_DECK


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bench_analysis() -> None:
    for profile in profiles.load_all():
        start_wall, start_cpu = time.perf_counter(), cpu()
        result = analyse_hands(profile.rules)
        wall, used = time.perf_counter() - start_wall, cpu() - start_cpu
        print(f"analyse hands  {profile.id:30s} {wall:6.3f} s wall {used:6.3f} s cpu  deals={result.deals}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=200_000)
    args = parser.parse_args()
    bench_analysis()
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
