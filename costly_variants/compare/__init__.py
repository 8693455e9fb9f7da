"""Stage 5, compare: many seeded games bot against bot under each profile, on the same seeds, and what
they show with 95% intervals (``study``), which rule makes each difference (``byrule``), locally or on a
Dask cluster (``runner``, ``dask_runner``); ``simulate`` summarises one profile."""
from __future__ import annotations

from .simulate import Summary, simulate

__all__ = ["Summary", "simulate"]
