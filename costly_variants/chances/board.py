"""The board-playing search's table worked out without numpy: the same deals as ``store.board_table``'s
(the expert bots' sample, ``DEFAULT_DEALS`` of them with ``DEFAULT_SEED``), and the same dynamic programme
(``table.solve``), run in the compiled kernel (``_kernel_wintable.c``): natively, or in the browser in
WebAssembly, where the Play page works out a house ruleset's table in a second or two.

Only the table itself is worked out: not its errors (the batches' tables) nor how decisive the game is,
which the search does not read. Rounded to the millionth as a cached table is, it is the ``Board`` that
``store.board_table`` gives (``tests/test_wintable_kernel.py`` holds the two equal, and the kernel's
programme to numpy's within 1e-9)."""
from __future__ import annotations

from typing import Sequence

from ..game import kernel
from ..game.wintable import Board, NoTableError, millionths
from ..profiles.rules import Rules
from .deals import Deal, Progress, far_rules, sample
from .table import DEFAULT_DEALS, DEFAULT_SEED

# The board search's bots (``store.BOARD_BOTS``, repeated here so that this module needs no cache folder).
BOARD_BOTS = ("expert", "expert")


def flat(deals: Sequence[Deal]) -> list[int]:
    """The deals as the kernel reads them (``costly_kernel.h``, ``ck_win_table``): each its dealing side,
    its number of runs, then the runs as (side, points)."""
    out: list[int] = []
    for deal in deals:
        out += (deal.dealer, len(deal.runs))
        for side, points in deal.runs:
            out += (side, points)
    return out


def solved(rules: Rules, deals: Sequence[Deal], *, mirrored: bool) -> tuple[list[float], tuple[float, float]]:
    """Side A's chance at every position (``wintable`` layout) and from equal scores past the target, by who
    deals next: ``table.solve`` over ``deals``, in the kernel."""
    if not deals:
        raise ValueError("no deal sampled")
    return kernel.win_table(flat(deals), rules.target, peg_out=rules.peg_out_ends_game, mirrored=mirrored)


def board(rules: Rules, *, progress: Progress | None = None) -> Board:
    """The table the board-playing search reads under ``rules``, worked out in the kernel (``progress``
    told of the deals sampled). NoTableError where none can be: no kernel here, rules it cannot play (the
    Python engine would take minutes to sample them), or rules no table can be sampled under."""
    if not kernel.available():
        raise NoTableError("the compiled kernel is not available here to work the win table out")
    reason = kernel.cannot_play(far_rules(rules))
    if reason is not None:
        raise NoTableError(f"the compiled kernel cannot play these rules: {reason}")
    deals = sample(rules, BOARD_BOTS, DEFAULT_DEALS, DEFAULT_SEED, progress=progress)
    chances, ties = solved(rules, deals, mirrored=True)
    return Board(rules.target, rules.peg_out_ends_game, tuple(map(millionths, chances)),
                 (millionths(ties[0]), millionths(ties[1])))


__all__ = ["BOARD_BOTS", "board", "flat", "solved"]
