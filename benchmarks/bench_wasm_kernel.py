"""Benchmark for issue 38: the WebAssembly kernel's games in Node against the native kernel's, in one process
each, on the same arrays (``kernel.winners``: whole games, nothing reported but the winner).

The module and loader are the site's (``site/wasm_kernel.ship``); Node times its own call with
``process.cpuUsage`` after a warm-up call, the native kernel is timed with ``time.process_time`` around the
same call in this process. The winners are compared seed by seed (they must be the same).

Run:  python benchmarks/bench_wasm_kernel.py [--games N] [--profiles ID ...] [--bots NAME ...]
"""
from __future__ import annotations

import argparse
import base64
import json
import shutil
import subprocess
import tempfile
import time
from array import array
from pathlib import Path

from costly_variants import profiles
from costly_variants.runs.runner import seeds_for
from costly_variants.game import kernel
from costly_variants.site import wasm_kernel

SCRIPT = Path(__file__).with_name("bench_wasm_kernel.mjs")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--profiles", nargs="*", default=["cotton-1674", "eddowes-burne-1874", "parlett-121"])
    parser.add_argument("--bots", nargs="*", default=["greedy", "expert"])
    args = parser.parse_args()
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None or not kernel.available():
        raise SystemExit("needs Node and the native kernel")
    jobs, native = [], []
    for profile in args.profiles:
        rules = profiles.load(profile).rules
        for bot in args.bots:
            bots = (bot,)
            table, seats = kernel._rules_array(rules, bots), kernel._seats(rules, bots)
            seeds = array("Q", seeds_for(1, args.games))
            start = time.process_time()
            won = kernel.KERNEL.winners(table, seats, seeds)
            native.append((profile, bot, time.process_time() - start, won))
            jobs.append({"rules": base64.b64encode(table.tobytes()).decode(), "bots": base64.b64encode(seats).decode(),
                         "seeds": base64.b64encode(seeds.tobytes()).decode()})
    with tempfile.TemporaryDirectory() as work:
        module, loader = wasm_kernel.ship(Path(work))
        job = Path(work) / "job.json"
        job.write_text(json.dumps(jobs))
        done = subprocess.run([node, str(SCRIPT), str(loader), str(module), str(job)], capture_output=True,
                              text=True, check=True)
    print(f"{'profile':22} {'bot':7} {'native games/CPU-s':>19} {'wasm (Node)':>12} {'ratio':>6}")
    for (profile, bot, seconds, won), timed in zip(native, json.loads(done.stdout)):
        assert base64.b64decode(timed["won"]) == won, f"{profile} {bot}: the winners differ"
        rate, wasm_rate = args.games / seconds, args.games / timed["seconds"]
        print(f"{profile:22} {bot:7} {rate:19,.0f} {wasm_rate:12,.0f} {rate / wasm_rate:6.2f}")


if __name__ == "__main__":
    main()
