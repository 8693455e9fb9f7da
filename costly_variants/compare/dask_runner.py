"""The same chunks of seeds as ``runner``, played on an existing dask.distributed cluster.

Install with ``pip install 'costly-variants[dask]'`` here and on every worker (the workers import
``costly_variants`` to play a chunk). Each chunk is one task; when a worker is lost, the scheduler
runs the chunks it held again elsewhere (Dask's own recovery, up to ``distributed.scheduler.
allowed-failures`` times), and ``retries`` re-runs a chunk whose worker raised. The chunks are put
back in seed order, so the result is the same as a local run with the same seed.
"""
from __future__ import annotations

import uuid
from typing import Sequence

from ..errors import CostlyError
from .runner import ChunkResult, Plan, PlanResult, Progress, assemble, run_chunk, split

RETRIES = 2
CONNECT_TIMEOUT = "10s"


class ClusterError(CostlyError):
    """The cluster cannot be reached, or Dask is not installed."""


def _client(address: str):  # type: ignore[no-untyped-def]
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install 'costly-variants[dask]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None


def run_plans_on_cluster(address: str, plans: Sequence[Plan], *, chunk_size: int | None = None,
                         progress: Progress | None = None) -> list[PlanResult]:
    """Play every plan on the cluster at ``address`` (``tcp://HOST:PORT``); Ctrl-C keeps finished chunks."""
    client = _client(address)  # first: it says in one line when Dask is not installed
    from distributed import as_completed

    try:
        workers = max(1, sum(client.nthreads().values()))
        tasks = split(plans, workers, chunk_size)
        total = sum(plan.games for plan in plans)
        run = uuid.uuid4().hex[:12]
        futures = {}
        for p, c, chunk in tasks:
            future = client.submit(run_chunk, chunk, key=f"costly-chunk-{run}-{p}-{c}", pure=False, retries=RETRIES)
            futures[future] = (p, c, chunk)
        done: dict[tuple[int, int], ChunkResult] = {}
        played = 0
        stopped: KeyboardInterrupt | None = None
        try:
            for future in as_completed(list(futures), loop=client.loop):
                p, c, chunk = futures[future]
                done[p, c] = future.result()
                played += chunk.games
                if progress:
                    progress(played, total)
        except KeyboardInterrupt as exc:
            client.cancel(list(futures))
            stopped = exc
        return assemble(plans, tasks, done, stopped)
    finally:
        client.close()


__all__ = ["ClusterError", "run_plans_on_cluster"]
