"""Benchmark for issue 9 item 2: the command line's start-up.

Run:  python benchmarks/bench_startup.py [--runs N]

Each command is run N times in a fresh process, interleaved with a bare ``python -c pass`` so that both
see the same load on a shared machine; the report gives best and median wall time, and the command's
cost over the bare interpreter (the part this project controls). Target: ``costly --version`` <= 60 ms.
It also lists which heavy modules each command imported (``python -X importtime``), since a command
should import only what it uses.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = [["--version"], ["--help"], ["variants"], ["show", "cotton-1674"], ["score", "5H", "5D", "10H", "--deck", "KH"]]
HEAVY = ("jsonschema", "rich", "multiprocessing", "yaml", "costly_variants.game", "costly_variants.chances", "costly_variants.runs",
         "costly_variants.questions",
         "costly_variants.worked_examples")


def costly() -> list[str]:
    script = shutil.which("costly", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "costly_variants"]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - start) * 1000


def imported(argv: list[str]) -> list[str]:
    run = subprocess.run([sys.executable, "-X", "importtime", "-m", "costly_variants", *argv],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    names = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}
    return [m for m in HEAVY if m in names]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    bare = [sys.executable, "-c", "pass"]
    for command in COMMANDS:
        ours, base = [], []
        for _ in range(args.runs):
            base.append(wall(bare))
            ours.append(wall(costly() + command))
        over = [a - b for a, b in zip(ours, base)]
        print(f"costly {' '.join(command):32s} best {min(ours):5.0f} ms, median {statistics.median(ours):5.0f} ms; "
              f"bare python best {min(base):4.0f}, median {statistics.median(base):4.0f}; over python: median "
              f"{statistics.median(over):5.0f} ms; imports: {', '.join(imported(command)) or 'none of the heavy ones'}")


if __name__ == "__main__":
    main()
