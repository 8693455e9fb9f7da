"""Benchmark for issue 9: greedy two-hand games per second per core under every bundled profile.

Run:  python benchmarks/bench_engine.py [--games N] [--repeats R] [--bots greedy ...]
Target: >= 1,000 greedy games/s per core for every profile (floor 500), results unchanged.
With ``--bots expert greedy`` (the skill games of ``costly compare``): the expert bot's games, several
times the ~80-240 games/s per core of its card-by-card look-ahead (now ~600-1,000), results unchanged.

Each figure is the CPU time of this process alone (one core), the best of several repeats, because on
a shared machine the wall clock measures the neighbours. It is also given against a baseline measured
in the same run, just before (``baseline.py``: a trivial random-play loop that does the kind of Python
work a game does, without the engine). Load slows both alike, so "games per 1,000 baseline rounds"
moves far less than games/s from one run to the next.

The play-score and counting tables fill as games are played, and the best of several repeats replays
the same seeds on full tables. So each profile is first played once on empty tables, with seeds the
timed games do not use: "first pass" is what a fresh process gets from its first games (one run, so
noisier than the best of several).

Results: the first games of each profile are also played with ``check="full"`` (every action replayed
through the validating ``apply_action``: the fast path must give the same game), and the digest of all
the timed games' logs is printed; ``--expect`` compares it with one from an earlier commit.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import time

from baseline import paired
from costly_variants import profiles
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game


FRESH_SEEDS = 1_000_000  # the first pass's seeds: none of the timed games'


def log_texts(logs: list[dict]) -> list[str]:
    """Each log as JSON text. Kept instead of the logs: a string is one object the garbage collector
    never visits, where a log is hundreds, and a run holding thousands of logs would time the collector
    walking them rather than the games (the later profiles more than the earlier)."""
    return [json.dumps(log, sort_keys=True) for log in logs]


def digest(texts: list[str]) -> str:
    """The digest of the list of logs: ``json.dumps(logs, sort_keys=True)`` from the texts of its items."""
    return hashlib.sha256(("[" + ", ".join(texts) + "]").encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300, help="games per repeat (default 300)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the best is kept (default 5)")
    parser.add_argument("--checked", type=int, default=20, help="games also played with check='full'")
    parser.add_argument("--bots", nargs="+", default=["greedy"])
    parser.add_argument("--expect", help="the digest an earlier run printed: fail if the games differ")
    args = parser.parse_args()
    all_texts: list[str] = []
    print(f"{'profile':30s} {'games/s/core':>12s} {'games per 1k baseline rounds':>29s} {'first pass':>10s}  digest")
    for profile in profiles.load_all():
        game = Game(profile.rules, variant=profile.id)
        start = time.process_time()
        for seed in range(FRESH_SEEDS, FRESH_SEEDS + args.games):
            play_game(game, args.bots, seed)
        first = args.games / (time.process_time() - start)
        for seed in range(args.checked):
            play_game(game, args.bots, seed, check="full")
        states = []
        elapsed, rounds = paired(lambda: states.__setitem__(slice(None), [
            play_game(game, args.bots, seed) for seed in range(args.games)]), args.repeats)
        texts = log_texts([s.log() for s in states])
        states.clear()
        all_texts.extend(texts)
        print(f"{profile.id:30s} {args.games / elapsed:12.0f} {1000 * args.games / rounds:29.2f} {first:10.0f}  "
              f"{digest(texts)}")
    total = digest(all_texts)
    print(f"all games digest {total} ({args.games} games a profile, bots {'/'.join(args.bots)})")
    if args.expect and args.expect != total:
        raise SystemExit(f"the games differ from the expected digest {args.expect}")


if __name__ == "__main__":
    main()
