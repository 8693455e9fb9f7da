"""The same chunks of seeds as ``runner``, played on an existing dask.distributed cluster.

Install with ``pip install 'costly-variants[dask]'`` here and on every worker (the workers import
``costly_variants`` to play a chunk). Each chunk is one task; when a worker is lost, the scheduler
runs the chunks it held again elsewhere (Dask's own recovery, up to ``distributed.scheduler.
allowed-failures`` times), and ``retries`` re-runs a chunk whose worker raised. Chunks are submitted
a few at a time ahead of those finished, their seeds drawn as they go, and come back as sums that merge
exactly in any order, so the result is the same as a local run with the same seed.
"""
from __future__ import annotations

import uuid
from typing import Any, Sequence

from ..errors import CostlyError
from .runner import Chunk, Collector, Plan, PlanResult, Progress, chunks, run_chunk

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


# Chunks submitted ahead of those finished, per worker thread: enough to keep the cluster busy, few enough
# that the scheduler holds a handful of chunks' seeds, whatever the number of games.
AHEAD = 4


def run_plans_on_cluster(address: str, plans: Sequence[Plan], *, chunk_size: int | None = None,
                         progress: Progress | None = None) -> list[PlanResult]:
    """Play every plan on the cluster at ``address`` (``tcp://HOST:PORT``); Ctrl-C keeps finished chunks."""
    client = _client(address)  # first: it says in one line when Dask is not installed
    from distributed import as_completed

    try:
        workers = max(1, sum(client.nthreads().values()))
        work = chunks(plans, workers, chunk_size)
        collector = Collector(plans, progress, None)
        run = uuid.uuid4().hex[:12]
        submitted: dict[Any, tuple[int, Chunk]] = {}
        number = 0

        def submit() -> Any:
            nonlocal number
            item = next(work, None)
            if item is None:
                return None
            future = client.submit(run_chunk, item[1], key=f"costly-chunk-{run}-{number}", pure=False,
                                   retries=RETRIES)
            number += 1
            submitted[future] = item
            return future

        first = [f for f in (submit() for _ in range(workers * AHEAD)) if f is not None]
        stopped: KeyboardInterrupt | None = None
        waiting = as_completed(first, loop=client.loop)
        try:
            collector.start()
            for future in waiting:
                p, chunk = submitted.pop(future)
                collector.finished(p, chunk, future.result())
                following = submit()
                if following is not None:
                    waiting.add(following)
        except KeyboardInterrupt as exc:
            client.cancel(list(submitted))
            stopped = exc
        return collector.results(stopped)
    finally:
        client.close()


__all__ = ["ClusterError", "run_plans_on_cluster"]
