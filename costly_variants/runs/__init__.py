"""Stage 5, runs: many seeded games bot against bot under each profile, on the same seeds, locally or on
a Dask cluster (``runner``, ``dask_runner``), kept as sums (``tally``) of what each game shows
(``measures``), and the figures read from them with 95% intervals (``figures``); ``simulate`` summarises
one profile; ``layout`` sets the figures of every report. It imports the chances stage, so the search bot
has its win tables wherever games are run."""
from __future__ import annotations

from ..chances import store as _chances_store  # noqa: F401  (importing the chances stage provides the search its win tables)
from .simulate import Summary, simulate

__all__ = ["Summary", "simulate"]
