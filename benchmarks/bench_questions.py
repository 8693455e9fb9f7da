"""Benchmark for issue 20: ``costly readings`` and ``costly design`` with their defaults, through the
command, on two processes (the target: design under 5 minutes on two cores).

Wall time on a shared machine is inflated by the others' load, so each run also reports the CPU time of
the command and of its worker processes, and the baseline loop of ``baseline.py`` timed in the same run,
which makes figures from a busy machine comparable.

Run:  python benchmarks/bench_questions.py [--jobs J] [--only readings|design]
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from baseline import baseline_rate

RUNS = {
    "readings": ["readings"],
    "design": ["design", "--base", "parlett-121", "--want", "deals per game <= 7", "--want",
               "dealer's edge per deal ~ 0", "--prefer", "lead changes a game:high"],
}


def timed(argv: list[str], jobs: int) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run([sys.executable, "-m", "costly_variants", *argv, "--jobs", str(jobs)], check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=sorted(RUNS))
    args = parser.parse_args()
    print(f"baseline: {baseline_rate(3):,.0f} rounds per CPU-second")
    for name, argv in RUNS.items():
        if args.only and name != args.only:
            continue
        wall, cpu = timed(argv, args.jobs)
        print(f"costly {' '.join(argv)} --jobs {args.jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU "
              f"(about {cpu / args.jobs:.0f} s on {args.jobs} idle cores)")


if __name__ == "__main__":
    main()
