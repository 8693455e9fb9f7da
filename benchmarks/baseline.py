"""What the benchmarks measure against: a trivial random-play loop, timed in the same run.

This machine is shared, and its speed for one process moves by a factor of two with the load. A figure
alone (games/s, ms) says little; the same figure divided by the speed of a fixed piece of plain Python
measured just before it says much more, because the load slows both alike.
"""
from __future__ import annotations

import random
import time
from typing import Callable

BASELINE_ROUNDS = 20_000


def best_cpu(run: Callable[[], object], repeats: int) -> float:
    """The least CPU time of ``repeats`` runs of ``run`` (the run least disturbed by the rest of the
    machine); CPU time of this process alone, i.e. of one core."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def random_play_loop(rounds: int, seed: int = 1) -> int:
    """The baseline: ``rounds`` rounds of a toy card game played at random (shuffle, deal three cards
    each, play them in turn to 31), in plain Python."""
    rng = random.Random(seed)
    deck = [rank for rank in range(1, 14) for _ in range(4)]
    points = 0
    for _ in range(rounds):
        rng.shuffle(deck)
        hands = [deck[0:3], deck[3:6]]
        count, player = 0, 0
        while hands[0] or hands[1]:
            hand = hands[player]
            if hand:
                card = hand.pop(rng.randrange(len(hand)))
                count += min(card, 10)
                if count in (15, 31):
                    points += 2
                if count > 31:
                    count = 0
            player = 1 - player
    return points


def baseline_rate(repeats: int) -> float:
    """Baseline rounds per second of CPU, best of ``repeats``."""
    return BASELINE_ROUNDS / best_cpu(lambda: random_play_loop(BASELINE_ROUNDS), repeats)


def paired(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """``repeats`` times: a baseline run, then ``run``, back to back. Returns the least CPU time of
    ``run`` and the best ratio of ``run``'s time to the baseline's in the same pair (in baseline rounds),
    a ratio taken from two measurements seconds apart, so that a change of load between them is rare."""
    best_time, best_rounds = float("inf"), float("inf")
    for _ in range(repeats):
        rate = baseline_rate(1)
        used = best_cpu(run, 1)
        best_time, best_rounds = min(best_time, used), min(best_rounds, used * rate)
    return best_time, best_rounds
