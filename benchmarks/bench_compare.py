"""Benchmark for issue 26 points 2 and 5: what ``costly compare`` costs with its defaults, with ``--games 10``,
and what any run costs before its first game (start, workers, tables).

Every figure is the ``costly`` command in a cold process, its CPU time that of the whole process tree
(user + system of the finished command and its workers, from ``resource.getrusage(RUSAGE_CHILDREN)``),
its wall time beside it; the least and the median of ``--runs`` runs. The fixed cost is that of
``costly simulate --variant P --games 1``: the compiled kernel and the pure Python engine
(``COSTLY_PURE_PYTHON=1``) in the same run, the bytecode cached as an installed package has it (an
editable install run with ``PYTHONDONTWRITEBYTECODE=1`` compiles every module of the package again at each
run: some 0.25 CPU-s more). Say the load (printed) with a figure.
Targets: the fixed cost <= 0.2 CPU-s; ``compare --games 10`` <= 3 CPU-s; ``compare`` <= 20 CPU-s and
<= 15 s wall on two idle cores, its search v greedy rows within ±1.5 points.

Run:  python benchmarks/bench_compare.py [--runs N] [--full]   (--full: also the defaults, slow until the
search bot is fast)
"""
from __future__ import annotations

import argparse
import json
import os
import statistics

from bench_games import run_tree  # the command, cold, CPU of the whole process tree

def measured(what: str, argv: list[str], runs: int, *, pure: bool = False) -> bytes:
    figures = [run_tree(argv, pure=pure) for _ in range(runs)]
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
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the bytecode cached, as an installed package has it
    one = ["simulate", "--variant", args.profile, "--games", "1", "--seed", "1", "--json"]
    run_tree(one, pure=False)  # writes the bytecode, as an install does
    for pure in (False, True):
        measured(f"fixed cost, {'pure Python' if pure else 'kernel'}", one, args.runs, pure=pure)
    measured("fixed cost, kernel, --jobs 1", one + ["--jobs", "1"], args.runs)
    out = measured("costly compare --games 10", ["compare", "--games", "10", "--json"], args.runs)
    print(f"    skill rows: {skill_widths(out)}")
    measured("costly compare --skill-games 0 (the main games alone)", ["compare", "--skill-games", "0", "--json"], 1)
    if args.full:
        out = measured("costly compare (the defaults)", ["compare", "--json"], 1)
        print(f"    skill rows: {skill_widths(out)}")


if __name__ == "__main__":
    main()
