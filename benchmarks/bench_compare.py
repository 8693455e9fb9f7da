"""Benchmark for issue 26 point 2: what ``costly compare`` costs with its defaults and with ``--games 10``,
and the figures the default search seeds (``DEFAULT_SEARCH_GAMES``) are chosen from.

Every figure is the ``costly`` command in a cold process, its CPU time that of the whole process tree
(user + system of the finished command and its workers, from ``resource.getrusage(RUSAGE_CHILDREN)``),
its wall time beside it; the least and the median of ``--runs`` runs; the bytecode cached and the cache
folder filled by a first run, as an installed package has them after its first run. Say the load (printed)
with a figure. The fixed cost of any run is ``bench_fixed_cost.py``'s.

The default comparison's cost is that of everything but the search bot's pair (``--search-games 0``: the
main games, the other skill pairs, the exact figures, the tables, the report, the workers) plus that pair's
cost per seed (each seed played twice, seats swapped, under every profile that plays differently):

    CPU(S) = REST + PER_SEED * S,    wall(S) ~ CPU(S) / cores + the serial part (start and report)

and the search row's widest interval shrinks as 1/sqrt(S), so the seeds for ±1.5 points are
S * (widest / 1.5)**2 from a run of S seeds. ``--full`` measures the defaults themselves and that width.

Targets: ``compare --games 10`` <= 3 CPU-s; ``compare`` <= 20 CPU-s and <= 15 s wall on two idle cores, its
search v greedy row within ±1.5 points.

``--before DIR`` also measures REST with the package found in DIR first (``PYTHONPATH``: an earlier commit's
tree with its compiled ``.so`` files), runs interleaved, for a before and after under the same load.

Run:  python benchmarks/bench_compare.py [--runs N] [--search-seeds N] [--full] [--before DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics

from bench_games import run_tree  # the command, cold, CPU of the whole process tree

from costly_variants.api.running import DEFAULT_SEARCH_GAMES


def measured(what: str, argv: list[str], runs: int) -> tuple[float, float, bytes]:
    """The median CPU and wall seconds of ``runs`` cold runs, printed with the least; the last output."""
    figures = [run_tree(argv, pure=False) for _ in range(runs)]
    cpu, wall = [f[0] for f in figures], [f[1] for f in figures]
    print(f"{what:58s} CPU {min(cpu):6.2f} s least, {statistics.median(cpu):6.2f} median; "
          f"wall {min(wall):6.2f} s least, {statistics.median(wall):6.2f} median")
    return statistics.median(cpu), statistics.median(wall), figures[-1][2]


def skill_widths(out: bytes) -> dict[str, float]:
    """Each skill row's widest ± (half the 95% interval, in points) over the profiles."""
    data = json.loads(out)
    return {figure["key"].removeprefix("skill."): max((e["high"] - e["low"]) / 2 * 100 for e in figure["estimates"].values())
            for figure in data["figures"] if figure["section"] == "skill"}


def shown(widths: dict[str, float]) -> str:
    return "; ".join(f"{pair} ±{width:.2f}" for pair, width in widths.items())


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--search-seeds", type=int, default=200, help="seeds of the search pair for its cost per seed")
    parser.add_argument("--full", action="store_true", help="also costly compare with its defaults")
    parser.add_argument("--before", metavar="DIR", help="also REST with the package found in DIR")
    args = parser.parse_args()
    print(f"load before: {load()}")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the bytecode cached, as an installed package has it
    run_tree(["compare", "--games", "10", "--json"], pure=False)  # writes the bytecode, fills the cache folder
    _, _, out = measured("costly compare --games 10", ["compare", "--games", "10", "--json"], args.runs)
    print(f"    skill rows: {shown(skill_widths(out))}")
    rest, rest_wall, _ = measured("costly compare --search-games 0 (REST: all but the search pair)",
                                  ["compare", "--search-games", "0", "--json"], args.runs)
    if args.before:
        os.environ["PYTHONPATH"] = args.before
        try:
            run_tree(["compare", "--games", "10", "--json"], pure=False)  # its bytecode and cache entries
            measured("  the same, the package in --before", ["compare", "--search-games", "0", "--json"], args.runs)
        finally:
            del os.environ["PYTHONPATH"]
    some, _, out = measured(f"costly compare --search-games {args.search_seeds}",
                            ["compare", "--search-games", str(args.search_seeds), "--json"], args.runs)
    per_seed = (some - rest) / args.search_seeds
    print(f"REST {rest:.2f} CPU-s ({rest_wall:.2f} s wall); PER_SEED {per_seed:.4f} CPU-s a search seed; "
          f"so the defaults ({DEFAULT_SEARCH_GAMES} seeds) ~ {rest + per_seed * DEFAULT_SEARCH_GAMES:.1f} CPU-s; "
          f"20 CPU-s holds {(20 - rest) / per_seed:.0f} search seeds")
    if args.full:
        cpu, wall, out = measured("costly compare (the defaults)", ["compare", "--json"], 1)
        widths = skill_widths(out)
        print(f"    skill rows: {shown(widths)}")
        widest = widths.get("search-greedy")
        if widest:
            needed = DEFAULT_SEARCH_GAMES * (widest / 1.5) ** 2
            print(f"    ±1.5 for the search row needs ~{needed:.0f} search seeds: ~{rest + per_seed * needed:.1f} CPU-s")
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
