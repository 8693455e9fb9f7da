"""Stopping a long run once it has finished some games: the run's standard error is a terminal (a pty), so
it shows its progress bar, which starts when the first chunk of games is done; that is the event the
stop waits for, not a number of seconds."""
from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

WORK = Path(__file__).resolve().parent.parent
GUARD = 300  # seconds: only a run that never shows progress waits this long, and then fails


def run_until_progress_then_stop(argv: list[str], sig: int = signal.SIGINT) -> tuple[int, str, str]:
    """Start ``costly ARGV``, send ``sig`` once its progress bar shows, and return (exit status, standard
    output, what it wrote to the terminal)."""
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS="80")
    proc = subprocess.Popen([sys.executable, "-m", "costly_variants", *argv], stdout=subprocess.PIPE, stderr=slave,
                            stdin=subprocess.DEVNULL, text=True, cwd=WORK, env=env, start_new_session=True)
    os.close(slave)
    seen: list[bytes] = []
    shown = threading.Event()

    def drain() -> None:  # read the terminal to its end, so that the run never blocks writing to it
        while True:
            try:
                ready, _, _ = select.select([master], [], [], GUARD)
                data = os.read(master, 4096) if ready else b""
            except OSError:
                data = b""
            if not data:
                shown.set()
                return
            seen.append(data)
            if b"games" in b"".join(seen):
                shown.set()

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        if not shown.wait(GUARD) or proc.poll() is not None:
            raise AssertionError(f"the run showed no progress: {b''.join(seen)!r}")
        os.kill(proc.pid, sig)
        out, _ = proc.communicate(timeout=GUARD)
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)  # a run that hangs must not outlive its test
        proc.communicate()
        raise
    finally:
        reader.join(timeout=5)
        os.close(master)
    return proc.returncode, out, b"".join(seen).decode("utf-8", "replace")
