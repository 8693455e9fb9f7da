"""SIGTERM and SIGHUP handled like Ctrl-C, so that ``finally`` blocks run: a game log is written, batch
workers are stopped, nothing temporary is left. The exit status is 128 plus the signal's number."""
from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from types import FrameType
from typing import Callable, Iterator


class Terminated(KeyboardInterrupt):
    """The process was asked to stop by ``signum``; caught wherever Ctrl-C is."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def exit_code(exc: KeyboardInterrupt) -> int:
    """130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP."""
    return exc.exit_code if isinstance(exc, Terminated) else 128 + signal.SIGINT


# Where an announcement goes instead of its own line on stderr: a progress bar being drawn there takes it
# into its own line (a line written under it would be drawn over, or left above the bar).
_announcer: list[Callable[[str], None]] = []


@contextmanager
def announcements_to(show: Callable[[str], None]) -> Iterator[None]:
    """Within the block, a stop's announcement is given to ``show`` (a progress bar's), not written."""
    _announcer.append(show)
    try:
        yield
    finally:
        _announcer.remove(show)


def stop_signals_raise(*, announce: str = "") -> Callable[[], None]:
    """From now on SIGTERM and SIGHUP raise Terminated (as SIGINT raises KeyboardInterrupt); returns
    the function that puts the previous handlers back. With ``announce``, the first of these signals
    (SIGINT too) first writes it as a line on stderr: straight to the file descriptor, never through
    sys.stderr's buffer, which the signal may have caught half-way through a write."""
    previous = {}
    told = False

    def tell() -> None:
        nonlocal told
        if announce and not told:
            told = True
            if _announcer:
                _announcer[-1](announce)
                return
            try:
                os.write(2, f"\r{announce}\n".encode("utf-8", "replace"))
            except OSError:
                pass

    def stop(signum: int, frame: FrameType | None) -> None:
        tell()
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise Terminated(signum)

    for name in ("SIGINT", "SIGTERM", "SIGHUP") if announce else ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            number = getattr(signal, name)
            previous[number] = signal.signal(number, stop)

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)

    return restore


@contextmanager
def stop_signals_raising(*, announce: str = "") -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise Terminated (see stop_signals_raise)."""
    restore = stop_signals_raise(announce=announce)
    try:
        yield
    finally:
        restore()


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (a log being written is finished, not
    cut short and thrown away); they are delivered as the block ends.

    A handler that only records the signal, rather than a blocked signal mask: a mask is per thread,
    and a process-directed signal reaches any thread that does not block it, whose Python handler then
    runs in the main thread at once.
    """
    names = [n for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    arrived: list[int] = []
    previous = {getattr(signal, n): signal.signal(getattr(signal, n), lambda signum, _: arrived.append(signum))
                for n in names}
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:  # None: a handler not set from Python, which cannot be put back
                signal.signal(number, handler)
        if arrived:
            signal.raise_signal(arrived[0])
