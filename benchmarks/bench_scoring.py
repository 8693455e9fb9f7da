"""Benchmarks for exact analysis of every bundled profile (batch scoring: bench_batch.py).

Run:  python benchmarks/bench_scoring.py [--repeats R]
Targets (issue 9): exact analysis <= 50 ms in-process per profile, `costly analyse hands` <= 150 ms end
to end, measured on this project's 2-core machine. Analysis figures come with a baseline measured in
the same run; the end-to-end figures with the start of a bare interpreter measured alongside.

End to end is measured as a user runs it after ``pip install``, which compiles the package to bytecode:
so the package's bytecode is compiled first (a checkout run with ``PYTHONDONTWRITEBYTECODE`` set would
otherwise compile every module on every run). Each run is measured twice: with no stored analysis (the
first run after a change to the count, or a new house profile) and with the analysis stored in the cache
folder by an earlier run (``count/stored.py``).
"""
from __future__ import annotations

import argparse
import resource
import time

from baseline import paired
from costly_variants import profiles
from costly_variants.count.analysis import _by_shape, _role_classes, analyse_hands
from costly_variants.count.hand import _point_items, rank_part


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def bench_analysis(repeats: int) -> None:
    """Exact analysis of each bundled profile in this process, cold: every counting cache emptied before
    each run, so that each profile pays for all its own counting. Best of ``repeats``, with the same
    run's baseline (see baseline.py): "baseline rounds" is how many rounds of the baseline loop the
    same CPU time buys, a figure that moves little with the machine's load."""
    start = time.process_time()
    # the deals of ranks and of suits grouped by shape: the same for every profile, made once a process
    for deck_kind, shape, _ in _by_shape():
        _role_classes(deck_kind, shape)
    print(f"analyse hands  deals grouped by shape (once a process): {1000 * (time.process_time() - start):5.1f} ms")
    for profile in profiles.load_all():
        def cold() -> None:
            rank_part.cache_clear()
            _point_items.cache_clear()
            analyse_hands(profile.rules)

        used, rounds = paired(cold, repeats)
        print(f"analyse hands  {profile.id:30s} {1000 * used:5.1f} ms cpu = {rounds:6.0f} baseline rounds")


def bench_analysis_cli(repeats: int) -> None:
    """``costly analyse hands --variant ID`` end to end: interpreter start, imports, profile, analysis,
    output. CPU time of the child (user and system), best of ``repeats``, beside a bare interpreter's."""
    import compileall
    import os
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    import costly_variants

    compileall.compile_dir(str(Path(costly_variants.__file__).parent), quiet=1)

    def child_cpu(command: list[str], env: dict[str, str], before: object = None) -> float:
        best = float("inf")
        for _ in range(repeats):
            if callable(before):
                before()
            start = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
            end = resource.getrusage(resource.RUSAGE_CHILDREN)
            best = min(best, end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime)
        return best

    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "COSTLY_CACHE_DIR": cache}
        bare = child_cpu([sys.executable, "-c", "pass"], env)
        print(f"bare interpreter start {1000 * bare:5.0f} ms cpu (best of {repeats})")
        for profile_id in ("cotton-1674", "parlett-121"):
            command = [sys.executable, "-m", "costly_variants", "analyse", "hands", "--variant", profile_id]
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)  # the profiles known good
            cold = child_cpu(command, env, lambda: shutil.rmtree(Path(cache) / "analysis", ignore_errors=True))
            warm = child_cpu(command, env)
            print(f"costly analyse hands --variant {profile_id:12s} {1000 * cold:5.0f} ms cpu with no stored "
                  f"analysis, {1000 * warm:5.0f} ms with it = {cold / bare:4.1f} and {warm / bare:4.1f} bare starts")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=9, help="repeats; the best is kept (default 9)")
    args = parser.parse_args()
    bench_analysis(args.repeats)
    bench_analysis_cli(args.repeats)
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
