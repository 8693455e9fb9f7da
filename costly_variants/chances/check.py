"""The win table checked against play: games played on from given positions of the board, side A's
share of wins with its 95% Wilson interval, beside the table's chance from that position.

A position with equal scores (a, a) is played by the compiled kernel where it can: a game from a-a to
the target T is a game from 0-0 to T - a (the bots see the score only as the distance to the target),
each game counted for the side that the cut made dealer. Any other position is played by the Python
engine from that position (``State.start_at``), side A's seat dealing for dealer 0, side B's for 1.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Sequence

from ..game import kernel
from ..game.playout import play_game
from ..game.state import Game
from ..game.wintable import WinTable
from ..profiles.rules import Rules
from ..stats import Estimate, proportion


@dataclass(frozen=True)
class Checked:
    """One position: the table's chance for side A and its half-interval, and the games played from it."""

    a: int
    b: int
    dealer: int
    chance: float
    error: float
    played: Estimate  # side A's share of wins, with its Wilson interval

    @property
    def within(self) -> bool:
        """The table's chance lies within the interval of the games played."""
        return self.played.contains(self.chance)


def wins_from(rules: Rules, bots: Sequence[str], a: int, b: int, dealer: int, games: int, seed: int) -> tuple[int, int]:
    """Side A's wins and the games played from (a, b) with side ``dealer`` to deal, ``bots`` side A's and B's."""
    seats = [bots[p % 2] for p in range(rules.players)]
    rng = random.Random(f"odds check {seed} {a} {b} {dealer}")
    if a == b and kernel.plays(seats):
        shifted = dataclasses.replace(rules, target=rules.target - a)
        if kernel.cannot_play(shifted) is None:
            won = played = 0
            while played < games:
                chunk = [rng.getrandbits(63) for _ in range(2 * (games - played) + 8)]
                for game in kernel.play(shifted, seats, chunk):
                    if game is None or played == games:
                        continue
                    first = game.winner if game.first_dealer_won else 1 - game.winner
                    if first == dealer:
                        won += game.winner == 0
                        played += 1
            return won, played
    engine = Game(rules)
    won = 0
    for _ in range(games):
        state = play_game(engine, seats, rng.getrandbits(63), check="none", start=([a, b], dealer))
        won += state.winner == 0
    return won, games


def check(rules: Rules, table: WinTable, positions: Sequence[tuple[int, int, int]], games: int, *,
          seed: int = 1) -> list[Checked]:
    """Each position (a, b, dealer) played ``games`` times by the table's bots, beside the table."""
    out = []
    for a, b, dealer in positions:
        won, played = wins_from(rules, table.bots, a, b, dealer, games, seed)
        out.append(Checked(a, b, dealer, table.chance(a, b, dealer), table.error(a, b, dealer), proportion(won, played)))
    return out


__all__ = ["Checked", "check", "wins_from"]
