"""Batch scoring end to end: ``costly score --batch`` from a file to a file, timed as a user runs it.

Run:  python benchmarks/bench_batch.py [--lines N] [--workers W] [--tree PATH]

For each run it reports lines per CPU-second (the command and its workers together: lines/s per core),
lines per wall-second, and the peak resident memory of the largest process. Each figure is also given
as a ratio to a baseline measured in the same run on the same file: a plain Python loop that reads and
splits every line (``for line in file: line.split()``), which is what the machine can do at all in
Python, so that the ratio means something on a busy shared machine. Memory is measured at two input
sizes to show it does not grow with the input.

Target (issue 9): >= 400,000 lines/s per core end to end. Where the C filler is built, the large file is
also run in pure Python (COSTLY_PURE_PYTHON=1), for the ratio of the two. ``--tree`` runs the package found in another
source tree (e.g. an older checkout) for before/after figures.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def write_input(path: Path, lines: int, seed: int = 2) -> None:
    sys.path.insert(0, str(HERE))
    from costly_variants.cards import FULL_DECK

    names = [str(c) for c in FULL_DECK]
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for _ in range(lines // 1000):
            out.write("".join(" ".join(rng.sample(names, 4)) + "\n" for _ in range(1000)))


def timed(argv: list[str], stdin: Path, stdout: Path | None, env: dict[str, str], cwd: Path,
          ) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (the process and everything it waited for) and peak RSS in MiB."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with stdin.open("rb") as source, (stdout.open("wb") if stdout else open(os.devnull, "wb")) as sink:
        subprocess.run(argv, stdin=source, stdout=sink, env=env, cwd=cwd, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024


BASELINE = "import sys\nfor line in sys.stdin.buffer:\n    line.split()\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=None, help="batch workers (default: every core)")
    parser.add_argument("--profile", default="parlett-121")
    parser.add_argument("--tree", type=Path, default=HERE, help="source tree whose package to run")
    parser.add_argument("--against", type=Path, default=None,
                        help="another source tree (e.g. the previous commit, from git archive) to run on the "
                             "same file in the same run, for a before/after ratio")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(args.tree.resolve()))
    cores = args.workers or len(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as folder:
        small, large = Path(folder) / "small.txt", Path(folder) / "large.txt"
        write_input(small, max(1000, args.lines // 4))
        write_input(large, args.lines)
        out = Path(folder) / "out.jsonl"
        wall, cpu, _ = timed([sys.executable, "-c", BASELINE], large, None, env, args.tree)
        base_rate = args.lines / cpu
        print(f"baseline read-and-split loop      {args.lines:,} lines: {base_rate:12,.0f} lines per CPU-second")
        command = [sys.executable, "-m", "costly_variants", "score", "--variant", args.profile, "--batch"]
        if args.workers is not None and args.tree == HERE:
            command += ["--workers", str(args.workers)]
        rss = {}
        for name, path, lines in (("small", small, max(1000, args.lines // 4)), ("large", large, args.lines)):
            wall, cpu, peak = timed(command, path, out, env, args.tree)
            rss[name] = peak
            print(f"costly score --batch ({name:5s})    {lines:,} lines: {lines / cpu:12,.0f} lines per CPU-second "
                  f"({lines / cpu / base_rate:.3f} x baseline); {lines / wall:,.0f} lines/s wall on up to "
                  f"{cores} core(s) = {lines / wall / cores:,.0f} per core; peak RSS {peak:.0f} MiB; "
                  f"output {out.stat().st_size / lines:.0f} bytes/line")
        print(f"peak RSS, input x{args.lines / max(1000, args.lines // 4):.0f}: {rss['small']:.0f} -> "
              f"{rss['large']:.0f} MiB (flat means the input size does not matter)")
        filler = subprocess.run([sys.executable, "-c", "from costly_variants.count import batch_scorer as b; "
                                 "print(b.FILL is not b.BatchScorer.fill_in_python)"],
                                env=env, cwd=args.tree, capture_output=True, text=True).stdout.strip()
        if filler == "True":
            ours = args.lines / timed(command, large, out, env, args.tree)[1]
            pure = args.lines / timed(command, large, out, dict(env, COSTLY_PURE_PYTHON="1"), args.tree)[1]
            print(f"filled in C (count/_fill.c): {ours:,.0f} lines per CPU-second; in Python "
                  f"(COSTLY_PURE_PYTHON=1): {pure:,.0f} ({pure / base_rate:.3f} x baseline); C/Python {ours / pure:.2f} x")
        else:
            print("filled in Python: the C filler (count/_fill.c) is not built in this tree")
        if args.against is not None:
            ours = args.lines / timed(command, large, out, env, args.tree)[1]
            other_env = dict(env, PYTHONPATH=str(args.against.resolve()))
            other_command = [c for c in command if c not in ("--workers", str(args.workers))]
            wall, cpu, peak = timed(other_command, large, out, other_env, args.against)
            theirs = args.lines / cpu
            print(f"against {args.against}: {theirs:,.0f} lines per CPU-second, peak RSS {peak:.0f} MiB; "
                  f"this tree {ours:,.0f}: {ours / theirs:.2f} x")


if __name__ == "__main__":
    main()
