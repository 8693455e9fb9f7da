"""Long runs of ``costly compare`` and ``costly simulate`` that a test stops: started, then waited on for
an event (a progress line saying games are done), never for a number of seconds, so that a loaded
machine only makes a test slower, not wrong."""
from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

WORK = Path(__file__).resolve().parent.parent

PROGRESS = re.compile(r"^progress: (\d+) of (\d+) games$", re.M)

# Only for a run that hangs or never starts: no test expects to come near it, however busy the machine.
LIMIT = 600

# How long a stopped run may take to end in a test: room for a machine whose cores other work keeps
# busy. That a stop takes under a second on a quiet one is measured by benchmarks/bench_stop.py.
STOP_BOUND = 20


def start(*argv: str) -> subprocess.Popen:
    """``costly ARGV --progress lines`` in a session of its own (so that a test can signal its group)."""
    return subprocess.Popen([sys.executable, "-m", "costly_variants", *argv, "--progress", "lines"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=WORK,
                            start_new_session=True)


def wait_for_games(proc: subprocess.Popen, at_least: int = 1) -> str:
    """Read the run's stderr until a progress line says ``at_least`` games are done; return what was read
    (give it to ``finish``, which adds the rest). Fails if the run ends first."""
    assert proc.stderr is not None
    fd = proc.stderr.fileno()  # read unbuffered, so that select() sees all there is; communicate() does the rest
    seen = b""
    deadline = time.monotonic() + LIMIT
    while True:
        done = [int(m.group(1)) for m in PROGRESS.finditer(seen.decode("utf-8", "replace"))]
        if done and done[-1] >= at_least:
            return seen.decode("utf-8")
        left = deadline - time.monotonic()
        if left <= 0:
            kill(proc)
            raise AssertionError(f"no progress line with {at_least} games done in {LIMIT} s: {seen!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                kill(proc)
                raise AssertionError(f"the run ended before {at_least} games were done: {seen!r}")
            seen += chunk


def finish(proc: subprocess.Popen, seen: str) -> tuple[str, str, float]:
    """The run's stdout, its whole stderr and how long it took to end from now; a run that hangs is killed
    with its process group, so that it never outlives its test."""
    start = time.monotonic()
    try:
        out, err = proc.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        kill(proc)
        raise
    return out, seen + err, time.monotonic() - start


def kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()


def without_progress(err: str) -> str:
    """stderr less its progress lines."""
    return "".join(line for line in err.splitlines(keepends=True) if not PROGRESS.fullmatch(line.rstrip("\n")))


def processes_with(word: str) -> list[int]:
    """Processes whose command line holds ``word`` (forked workers keep their parent's)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and word.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def until(predicate, what: str) -> None:  # type: ignore[no-untyped-def]
    """Poll ``predicate`` until it holds (an event outside the process: a file, a process ending)."""
    deadline = time.monotonic() + LIMIT
    while not predicate():
        assert time.monotonic() < deadline, f"{what}: not in {LIMIT} s"
        time.sleep(0.05)


def start_on_terminal(*argv: str) -> tuple[subprocess.Popen, int]:
    """``costly ARGV`` with its stderr a terminal (a pty), stdout piped; returns the pty's reading end."""
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "costly_variants", *argv], stdout=subprocess.PIPE,
                            stderr=follower, cwd=WORK, start_new_session=True)
    os.close(follower)
    return proc, leader


def read_terminal(leader: int, until: re.Pattern[bytes] | None = None) -> bytes:
    """What the terminal shows, up to ``until`` (or to its end, when the process closes it)."""
    shown = b""
    deadline = time.monotonic() + LIMIT
    while until is None or not until.search(shown):
        assert time.monotonic() < deadline, f"not shown in {LIMIT} s: {until!r}: {shown!r}"
        ready, _, _ = select.select([leader], [], [], 1)
        if not ready:
            continue
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the process
            chunk = b""
        if not chunk:
            assert until is None, f"the terminal closed before {until!r}: {shown!r}"
            break
        shown += chunk
    return shown
