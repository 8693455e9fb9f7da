"""Benchmarks for exact analysis of every bundled profile (batch scoring: bench_batch.py).

Run:  python benchmarks/bench_scoring.py [--repeats R]
Targets (issue 9): exact analysis <= 50 ms in-process per profile, `costly analyse hands` <= 150 ms end
to end, measured on this project's 2-core machine. Analysis figures come with a baseline measured in
the same run.
"""
from __future__ import annotations

import argparse
import resource
import time

from baseline import paired
from costly_variants import profiles
from costly_variants.count.analysis import _by_shape, analyse_hands
from costly_variants.count.hand import rank_part


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bench_analysis(repeats: int) -> None:
    """Exact analysis of each bundled profile in this process, cold: every counting cache emptied before
    each run, so that each profile pays for all its own counting. Best of ``repeats``, with the same
    run's baseline (see baseline.py): "baseline rounds" is how many rounds of the baseline loop the
    same CPU time buys, a figure that moves little with the machine's load."""
    start = time.process_time()
    _by_shape()  # the deals of ranks grouped by shape: the same for every profile, made once a process
    print(f"analyse hands  deals of ranks by shape (once a process): {1000 * (time.process_time() - start):5.1f} ms")
    for profile in profiles.load_all():
        def cold() -> None:
            rank_part.cache_clear()
            analyse_hands(profile.rules)

        used, rounds = paired(cold, repeats)
        print(f"analyse hands  {profile.id:30s} {1000 * used:5.1f} ms cpu = {rounds:6.0f} baseline rounds")


def bench_analysis_cli(repeats: int) -> None:
    """``costly analyse hands --variant ID`` end to end: interpreter start, imports, profile, analysis,
    output. Wall time of the best of ``repeats`` (a child process; its CPU is not ours to measure)."""
    import subprocess
    import sys

    for profile_id in ("cotton-1674", "parlett-121"):
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "costly_variants", "analyse", "hands", "--variant", profile_id],
                           stdout=subprocess.DEVNULL, check=True)
            best = min(best, time.perf_counter() - start)
        print(f"costly analyse hands --variant {profile_id:20s} {1000 * best:5.0f} ms end to end (best of {repeats})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5, help="analysis repeats; the best is kept (default 5)")
    args = parser.parse_args()
    bench_analysis(args.repeats)
    bench_analysis_cli(args.repeats)
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
