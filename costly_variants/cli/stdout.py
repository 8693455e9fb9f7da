"""Standard output that cannot be written (a full disk, a closed descriptor) reported in one line.

Every command prints through ``sys.stdout``, many through rich; a write that fails deep in either would
otherwise surface as a traceback, or worse, be lost at exit with the command saying it succeeded. While a
command runs, ``sys.stdout`` is a ``Guarded`` stream, which turns such a failure into ``OutputLost``. A
reader that goes away (``| head``) is not a failure: ``BrokenPipeError`` passes through as it is.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, TextIO


class OutputLost(Exception):
    """Standard output could not be written; the message says why."""


class Guarded:
    """``stream``, with its write and flush failures raised as ``OutputLost``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with _reported():
            return self.stream.write(text)

    def flush(self) -> None:
        with _reported():
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def _reported() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        raise  # the reader has gone: not a failure of ours
    except OSError as exc:
        raise OutputLost(f"cannot write the output: {exc.strerror or exc}") from None


def silence() -> None:
    """Point standard output at the null device, so that Python's flush at exit, of what could not be
    written, neither fails again nor prints a second report."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
