"""Benchmark for issue 26 point 5: a run's fixed cost (start, imports, profiles, workers, tables) <= 0.2 CPU-s.

The fixed cost is what ``costly simulate --variant P --games 1 --seed 1`` costs as a user runs it: the
``costly`` command in a cold process, the CPU time (user + system) of the whole process tree, from
``resource.getrusage(RUSAGE_CHILDREN)``. Each case is run ``--runs`` times, the cases interleaved so that
all see the same load; the report gives the median, the least and the most of each, and the load
(``os.getloadavg``) before and after: a figure without its load says little on a shared machine.

The cases:
- the bare interpreter (``python -c pass``) and ``costly --version``, what no command can go below;
- the run as a user has it once installed: the bytecode written (a first run writes it, as pip's install
  does) and the cache folder filled by a first run (the bundled profiles checked, the kernel's tables kept);
- the same with ``--jobs 1``, and with the pure Python engine (``COSTLY_PURE_PYTHON=1``) beside it;
- a fresh install's first run: bytecode written, the cache folder empty (a new folder each run): the profiles
  are checked with the schema and the tables compiled;
- no bytecode at all (``PYTHONDONTWRITEBYTECODE=1`` with an empty ``PYTHONPYCACHEPREFIX``): every module
  of the package and of the standard library compiled at every run, as in a checkout whose environment
  forbids writing bytecode.

``--importtime`` adds the heaviest imports of the command (``python -X importtime``, least of three runs).

``--before DIR`` adds the installed case run with the package found in DIR first (``PYTHONPATH``: a
``git archive`` of an earlier commit, with the compiled ``.so`` files copied in), for a before and after
under the same load.

Run:  python benchmarks/bench_fixed_cost.py [--runs N] [--profile ID] [--importtime] [--before DIR]
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 0.2  # CPU-s


def costly() -> list[str]:
    """The ``costly`` command of this environment, as a user runs it (else ``python -m costly_variants``)."""
    script = shutil.which("costly", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "costly_variants"]


def tree(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """CPU seconds of the whole process tree and wall seconds of one cold run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


def heaviest_imports(argv: list[str], env: dict[str, str], shown: int = 25) -> list[str]:
    """The imports of ``argv`` with the most cumulative time (least of three runs), as importtime's tree
    shows them: a module's parent is the one indented less above it, which says why it is imported."""
    best: dict[tuple[str, int], tuple[int, int]] = {}
    order: list[tuple[str, int]] = []
    for _ in range(3):
        run = subprocess.run([sys.executable, "-X", "importtime", "-m", "costly_variants", *argv], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        for line in run.stderr.splitlines():
            found = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)", line)
            if not found:
                continue
            entry = (found[4], len(found[3]))
            own, cumulative = int(found[1]), int(found[2])
            if entry not in best:
                order.append(entry)
                best[entry] = (own, cumulative)
            best[entry] = (min(best[entry][0], own), min(best[entry][1], cumulative))
    total = sum(own for own, _ in best.values())
    lines = [f"all imports: {total / 1000:.0f} ms (least of three runs, under importtime's own overhead)"]
    heavy = sorted(order, key=lambda e: -best[e][1])[:shown]
    for entry in order:
        if entry in heavy:
            own, cumulative = best[entry]
            lines.append(f"  {own / 1000:5.1f} {cumulative / 1000:6.1f} ms  {' ' * entry[1]}{entry[0]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--profile", default="eddowes-burne-1874", help="the slowest bundled profile by default")
    parser.add_argument("--importtime", action="store_true", help="also the heaviest imports of the command")
    parser.add_argument("--before", metavar="DIR", help="also the package found in DIR (an earlier commit's tree)")
    args = parser.parse_args()
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX",
                                                             "COSTLY_PURE_PYTHON", "COSTLY_CACHE_DIR")}
    command = ["simulate", "--variant", args.profile, "--games", "1", "--seed", "1"]
    one = costly() + command
    scratch = Path(tempfile.mkdtemp(prefix="bench-fixed-cost-"))
    cases: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "python -c pass (the interpreter alone)": ([sys.executable, "-c", "pass"], base),
        "costly --version": (costly() + ["--version"], base),
        "simulate --games 1 (installed: bytecode and cache)": (one, base),
        "  the same, --jobs 1": (one + ["--jobs", "1"], base),
        "  the same, pure Python (COSTLY_PURE_PYTHON=1)": (one, {**base, "COSTLY_PURE_PYTHON": "1"}),
        "  a fresh install's first run (cache empty)": (one, None),  # a new cache folder each run
        "  no bytecode (PYTHONDONTWRITEBYTECODE=1)": (one, {**base, "PYTHONDONTWRITEBYTECODE": "1",
                                                           "PYTHONPYCACHEPREFIX": str(scratch / "no-pycache")}),
    }
    if args.before:
        cases["  the same, the package in --before"] = (one, {**base, "PYTHONPATH": args.before})
    print(f"load before: {load()}")
    try:
        for argv, env in cases.values():  # writes the bytecode and fills the user's cache folder, as a first run does
            tree(argv, env or base)
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for run in range(args.runs):
            for name, (argv, env) in cases.items():
                if env is None:
                    env = {**base, "COSTLY_CACHE_DIR": str(scratch / f"cache-{run}")}
                figures[name].append(tree(argv, env))
        for name, runs in figures.items():
            cpu = sorted(c for c, _ in runs)
            wall = statistics.median(w for _, w in runs)
            print(f"{name:55s} CPU median {statistics.median(cpu):.3f} s (least {cpu[0]:.3f}, most {cpu[-1]:.3f}); "
                  f"wall median {wall:.3f} s")
        fixed = statistics.median(c for c, _ in figures["simulate --games 1 (installed: bytecode and cache)"])
        print(f"fixed cost {fixed:.3f} CPU-s: {'within' if fixed <= TARGET else 'OVER'} the target of {TARGET} CPU-s "
              f"({args.runs} runs)")
        print(f"load after: {load()}")
        if args.importtime:
            print("\n".join(heaviest_imports(command, base)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
