"""Output files that are whole or absent: written beside the target and renamed over it at the end.

Every command that writes a file (a game log, a CSV, a plot, a batch result) goes through here, so
that none can leave half a file, and none can replace something that is not a regular file: as root,
``--log /dev/null`` must not turn the system's null device into a file. The file gets the mode a
plain ``open()`` would give it (0666 less the umask, or the mode of the file it replaces), not the
0600 of the temporary file it was written as.
"""
from __future__ import annotations

import os
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Iterator

from .errors import CostlyError


class OutputError(CostlyError):
    """An output path that cannot, or must not, be written."""


def check_target(path: str | os.PathLike[str], *, what: str = "output") -> Path:
    """Refuse, in one line, a target that is not a regular file or a new name in an existing folder."""
    target = Path(path)
    shown = str(path)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise OutputError(f"cannot write the {what} {shown!r}: {exc.strerror or exc}") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise OutputError(f"cannot write the {what} {shown!r}: it is a symbolic link; name a regular file")
        if stat.S_ISDIR(info.st_mode):
            raise OutputError(f"cannot write the {what} {shown!r}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise OutputError(f"cannot write the {what} {shown!r}: it is a special file (device, FIFO or "
                              "socket), not a regular file")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"cannot write the {what} {shown!r}: folder {str(folder)!r} does not exist")
    return target


@contextmanager
def atomic_writer(path: str | os.PathLike[str], *, what: str = "output", binary: bool = False,
                  ) -> Iterator[IO[Any]]:
    """Open a temporary file beside ``path``; on success it replaces ``path``, on any failure it goes."""
    target = check_target(path, what=what)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"cannot write the {what} {str(path)!r}: {exc.strerror or exc}") from None
    try:
        os.fchmod(handle, _mode_for(target))
        out: IO[Any] = os.fdopen(handle, "wb") if binary else os.fdopen(handle, "w", encoding="utf-8")
        with out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        check_target(path, what=what)  # nothing swapped in a special file while we wrote
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """The permission bits ``open(target, "w")`` would leave: an existing file's own, else 0666 less the
    umask (which can only be read by setting it: set back at once, and commands write from one thread)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def write_text(path: str | os.PathLike[str], text: str, *, what: str = "output") -> None:
    with atomic_writer(path, what=what) as out:
        out.write(text)


# A plot (compare --plot, odds --heatmap): its format from the name, checked before any game is played.
FORMATS = {".svg": "svg", ".png": "png"}


class PlotError(OutputError):
    """A plot that cannot be drawn: no matplotlib, or a file name it cannot write."""


def check_plot_target(path: str) -> str:
    """The format for ``path`` (``svg`` or ``png``); refuse anything else before any game is played."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise PlotError(f"cannot write the plot {path!r}: name a .svg or .png file")
    check_target(path, what="plot")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'costly-variants[plot]'") from None
    return fmt
