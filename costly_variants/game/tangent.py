"""The win table as the four-hand board search reads it: to first order, about the position of its decision.

The four-hand search stops at the end of the current series (four hands to the end of a deal are too
many to search), far from a deal's end that the table could value as it stands: valued by the table
there, the search measured weaker than valuing points (``docs/architecture.rst``). So it reads the
table's tangent instead: from the scores at the decision, with the other side to deal the next deal,
the side's chance of winning there and what one point more is worth to it, for its own score and for
the other side's (finite differences over ``SPAN`` points each way). A position reached is worth that
chance plus each side's points since, at those rates: behind, the side's own points weigh more; ahead,
the points it keeps from the other side. A game won is worth the whole (``SCALE``), a game lost nothing.

Whole numbers throughout (a rate is at least one millionth a point, so that points still count where
the table has all but decided the game), so that the compiled kernel (``_kernel_board.c``,
``tangent_at`` and ``tangent_value``) values every position alike and makes the same choices.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .wintable import SCALE, Board

SPAN = 3  # the points each way over which a rate is read from the table


@dataclass(frozen=True)
class Tangent:
    """``team``'s chance at the decision's scores (``own``, ``their``), in millionths, and what a point
    more is worth to it there: ``per_own`` for its own score, ``per_their`` (lost) for the other side's."""

    team: int
    own: int
    their: int
    chance: int
    per_own: int
    per_their: int

    @classmethod
    def at(cls, board: Board, team: int, scores: Sequence[int], dealer: int) -> Tangent:
        """The tangent of ``board`` for ``team`` at ``scores`` (both below the target), ``dealer`` the
        side to deal the next deal."""

        def chance(own: int, their: int) -> int:
            if team == 0:
                return board.chance(own, their, dealer)
            return SCALE - board.chance(their, own, dealer)

        own, their = scores[team], scores[1 - team]
        per_own = _rate(lambda x: chance(x, their), own, board.target)
        per_their = _rate(lambda x: -chance(own, x), their, board.target)
        return cls(team, own, their, chance(own, their), per_own, per_their)

    def value(self, won: int, scores: Sequence[int]) -> int:
        """The value of a position reached (``search._leaf_value``): ``won`` 1 if the side has won, -1 if
        the other has, else 0; ``scores`` the two sides' scores there."""
        if won:
            return SCALE if won > 0 else 0
        return (self.chance + self.per_own * (scores[self.team] - self.own)
                - self.per_their * (scores[1 - self.team] - self.their))


def _rate(chance: Callable[[int], int], at: int, target: int) -> int:
    """Millionths a point: how ``chance`` rises from ``SPAN`` points below ``at`` to ``SPAN`` above (kept
    on the board: 0 up to the target less one), at least one."""
    low, high = max(at - SPAN, 0), min(at + SPAN, target - 1)
    if high <= low:
        return 1
    return max(1, max(0, chance(high) - chance(low)) // (high - low))


__all__ = ["SPAN", "Tangent"]
