"""Benchmark for issue 26 points 2 and 5: what ``costly compare`` costs with its defaults, with ``--games 10``,
and what any run costs before its first game (start, workers, tables).

Every figure is the ``costly`` command in a cold process, its CPU time that of the whole process tree
(user + system of the finished command and its workers, from ``resource.getrusage(RUSAGE_CHILDREN)``),
its wall time beside it; the least and the median of ``--runs`` runs. The fixed cost is that of
``costly simulate --variant P --games 1``: the compiled kernel and the pure Python engine
(``COSTLY_PURE_PYTHON=1``) in the same run, with the bytecode cached as an installed package has it and
without (``PYTHONDONTWRITEBYTECODE=1``, as some environments set). Say the load (printed) with a figure.
Targets: the fixed cost <= 0.2 CPU-s; ``compare --games 10`` <= 3 CPU-s; ``compare`` <= 20 CPU-s and
<= 15 s wall on two idle cores, its search v greedy rows within ±1.5 points.

Run:  python benchmarks/bench_compare.py [--runs N] [--full]   (--full: also the defaults, slow until the
search bot is fast)
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

COSTLY = [sys.executable, "-m", "costly_variants"]


def run_tree(argv: list[str], **env: str) -> tuple[float, float, bytes]:
    """CPU seconds of the whole process tree, wall seconds, and standard output of one cold ``costly``."""
    environ = dict(os.environ, **env)
    if env.get("PYTHONDONTWRITEBYTECODE") == "":
        environ.pop("PYTHONDONTWRITEBYTECODE")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(COSTLY + argv, capture_output=True, env=environ, check=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def measured(what: str, argv: list[str], runs: int, **env: str) -> bytes:
    figures = [run_tree(argv, **env) for _ in range(runs)]
    cpu, wall = [f[0] for f in figures], [f[1] for f in figures]
    print(f"{what:58s} CPU {min(cpu):6.2f} s least, {statistics.median(cpu):6.2f} median; "
          f"wall {min(wall):6.2f} s least, {statistics.median(wall):6.2f} median")
    return figures[-1][2]


def skill_widths(out: bytes) -> str:
    """Each skill row's widest ± (half the 95% interval, in points) over the profiles."""
    data = json.loads(out)
    widths = []
    for figure in data["figures"]:
        if figure["section"] == "skill":
            half = max((e["high"] - e["low"]) / 2 * 100 for e in figure["estimates"].values())
            widths.append(f"{figure['key'].removeprefix('skill.')} ±{half:.2f}")
    return "; ".join(widths)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", default="eddowes-burne-1874")
    parser.add_argument("--full", action="store_true", help="also costly compare with its defaults")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} on "
          f"{os.cpu_count()} cores")
    one = ["simulate", "--variant", args.profile, "--games", "1", "--seed", "1", "--json"]
    run_tree(one, PYTHONDONTWRITEBYTECODE="")  # writes the bytecode, as an install does
    for pure in ("0", "1"):
        engine = "pure Python" if pure == "1" else "kernel"
        measured(f"fixed cost, {engine}, bytecode cached", one, args.runs, COSTLY_PURE_PYTHON=pure,
                 PYTHONDONTWRITEBYTECODE="")
        measured(f"fixed cost, {engine}, no bytecode written", one, args.runs, COSTLY_PURE_PYTHON=pure,
                 PYTHONDONTWRITEBYTECODE="1")
    measured("fixed cost, kernel, --jobs 1", one + ["--jobs", "1"], args.runs, PYTHONDONTWRITEBYTECODE="")
    out = measured("costly compare --games 10", ["compare", "--games", "10", "--json"], args.runs,
                   PYTHONDONTWRITEBYTECODE="")
    print(f"    skill rows: {skill_widths(out)}")
    measured("costly compare --skill-games 0 (the main games alone)", ["compare", "--skill-games", "0", "--json"],
             1, PYTHONDONTWRITEBYTECODE="")
    if args.full:
        out = measured("costly compare (the defaults)", ["compare", "--json"], 1, PYTHONDONTWRITEBYTECODE="")
        print(f"    skill rows: {skill_widths(out)}")


if __name__ == "__main__":
    main()
