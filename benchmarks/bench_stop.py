"""Benchmark for issue 19 item 1: how long ``compare`` and ``simulate`` take to stop.

The README says Ctrl-C, SIGTERM or SIGHUP stops a run "within a second" and keeps the games finished.
The tests check that a stop ends the run, whole and reported, with room for a busy machine; the second
itself is measured here, on a quiet one.

Run:  python benchmarks/bench_stop.py [--runs N]

Each run starts a long comparison or simulation with ``--progress lines``, waits for its first progress
line (games finished), sends the signal and times the exit: from the signal to the report written and
the process gone. Target: every stop under 1 s.
"""
from __future__ import annotations

import argparse
import os
import re
import select
import signal
import statistics
import subprocess
import sys
import time

RUNS = {
    "compare": ["compare", "cotton-1674", "parlett-121", "--games", "1000000", "--skill-games", "0", "--jobs", "2"],
    "simulate": ["simulate", "--variant", "cotton-1674", "--games", "1000000", "--seed", "1", "--jobs", "2",
                 "--json"],
}


def stop_time(argv: list[str], sig: int) -> float:
    proc = subprocess.Popen([sys.executable, "-m", "costly_variants", *argv, "--progress", "lines"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert proc.stderr is not None
    seen = b""
    while re.search(rb"progress: [1-9]", seen) is None:  # the first chunk finished (not the start's line)
        select.select([proc.stderr.fileno()], [], [])
        chunk = os.read(proc.stderr.fileno(), 4096)
        if not chunk:
            raise SystemExit(f"{' '.join(argv)}: ended before any game finished: {seen!r}")
        seen += chunk
    start = time.perf_counter()
    os.kill(proc.pid, sig)
    proc.communicate()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    worst = 0.0
    for name, argv in RUNS.items():
        for sig in (signal.SIGINT, signal.SIGTERM):
            times = [stop_time(argv, sig) for _ in range(args.runs)]
            worst = max(worst, *times)
            print(f"{name:8s} {signal.Signals(sig).name:7s} stop: median {statistics.median(times):.2f} s, "
                  f"worst {max(times):.2f} s of {args.runs}")
    print(f"worst stop {worst:.2f} s: {'within' if worst < 1 else 'OVER'} the second the README promises")


if __name__ == "__main__":
    main()
