"""Benchmarks for issue 3: exact analysis of every bundled profile, and batch scoring throughput.

Run:  python benchmarks/bench_scoring.py [--lines N]
Targets: exact analysis of one profile under 1 s of compute; batch scoring >= 100,000 lines/s end to end
(parse, score with items, JSON out), measured on this project's 2-core machine.
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


def batch_input(lines: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    out = []
    for _ in range(lines):
        out.append(" ".join(str(c) for c in rng.sample(FULL_DECK, 4)))
    return "\n".join(out) + "\n"


def bench_batch(lines: int) -> None:
    from costly_variants.count.batch import score_batch

    text = batch_input(lines)
    for profile_id in ("cotton-1674", "parlett-121"):
        rules = profiles.load(profile_id).rules
        sink = io.StringIO()
        start = time.perf_counter()
        score_batch(rules, io.StringIO(text), sink, source_name="<bench>")
        elapsed = time.perf_counter() - start
        print(f"batch score    {profile_id:30s} {lines} lines in {elapsed:6.3f} s = {lines / elapsed:,.0f} lines/s "
              f"({len(sink.getvalue()) / lines:.0f} bytes/line)")


def bench_batch_cli(lines: int) -> None:
    """End to end through the console script: interpreter start, stdin, stdout, everything."""
    import subprocess
    import sys
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(batch_input(lines, seed=2))
    for profile_id in ("cotton-1674", "parlett-121"):
        with open(handle.name, encoding="utf-8") as stdin:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "costly_variants", "score", "--variant", profile_id, "--batch"],
                           stdin=stdin, stdout=subprocess.DEVNULL, check=True)
            elapsed = time.perf_counter() - start
        print(f"costly score --batch {profile_id:24s} {lines} lines in {elapsed:6.3f} s = "
              f"{lines / elapsed:,.0f} lines/s end to end")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=200_000)
    args = parser.parse_args()
    bench_analysis()
    bench_batch(args.lines)
    bench_batch_cli(args.lines)
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
