"""Stage 5, compare: many seeded games bot against bot under each profile, on the same seeds, and what
they show with 95% intervals (``study``), which rule makes each difference (``byrule``), locally or on a
Dask cluster (``runner``, ``dask_runner``); ``simulate`` summarises one profile."""
from __future__ import annotations

from ..game import wintable as _wintable
from .odds_store import board_table as _board_table
from .simulate import Summary, simulate

_wintable.provide(_board_table)  # the board-playing search's tables: worked out here, read by the game stage

__all__ = ["Summary", "simulate"]
