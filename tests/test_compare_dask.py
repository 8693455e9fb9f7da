"""``--scheduler``: the games on a real dask.distributed cluster (scheduler and worker processes on
loopback) give the same figures as a local run, even when a worker is killed mid-run."""
from __future__ import annotations

import json
import os
import signal

import pytest
from distributed import Client, LocalCluster

from costly_variants import profiles
from costly_variants.runs import dask_runner
from costly_variants.runs.dask_runner import run_plans_on_cluster
from costly_variants.runs.runner import GameSpec, Plan, run_plans


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as running:
        yield running


def test_compare_on_the_cluster_equals_the_local_run(cli, cluster):
    argv = ("compare", "cotton-1674", "parlett-121", "--games", "24", "--skill-games", "2", "--seed", "4", "--json")
    code, local, _ = cli(*argv, "--jobs", "1")
    assert code == 0
    code, remote, err = cli(*argv, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    assert remote == local
    assert json.loads(remote)["settings"]["games_played"] == 24


def test_a_lost_workers_chunk_is_run_again(cluster):
    chosen = [profiles.load("cotton-1674"), profiles.load("eddowes-burne-1874-partners")]
    plan = Plan(tuple(GameSpec.from_profile(p) for p in chosen), ("greedy",), 8, 60)
    with Client(cluster.scheduler_address) as client:
        pids = list(client.run(os.getpid).values())
    killed = []

    def kill_one_worker(done: int, total: int) -> None:
        if not killed:  # after the first chunk comes back, a worker dies with the others still queued
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    (remote,) = run_plans_on_cluster(cluster.scheduler_address, [plan], chunk_size=3, progress=kill_one_worker)
    (local,) = run_plans([plan], jobs=1)
    assert killed and remote.complete
    assert remote.games == local.games == 60 and remote.tally == local.tally


def test_an_unreachable_scheduler_is_a_one_line_error(cli, monkeypatch):
    monkeypatch.setattr(dask_runner, "CONNECT_TIMEOUT", "1s")
    code, _, err = cli("compare", "--games", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 1 and err.startswith("error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ("readings", "eddowes-burne-1874", "parlett-121", "--games", "20", "--seed", "6", "--json"),
    ("compare", "cotton-1674", "parlett-121", "--by-rule", "--games", "20", "--skill-games", "10", "--seed", "6",
     "--json"),
    ("design", "--base", "parlett-121", "--want", "deals per game <= 7", "--prefer", "lead changes a game:high",
     "--games", "80", "--screen-games", "20", "--most-changes", "2", "--seed", "6", "--json"),
], ids=["readings", "by-rule", "design"])
def test_readings_by_rule_and_design_on_the_cluster_equal_the_local_run(cli, cluster, argv):
    code, local, err = cli(*argv, "--jobs", "1")
    assert code == 0, err
    code, remote, err = cli(*argv, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    assert remote == local
    data = json.loads(remote)
    assert data["settings"]["complete"] and (data.get("best") or data.get("profiles") or data.get("switches"))
