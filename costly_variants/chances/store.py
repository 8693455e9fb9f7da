"""Win tables kept in the user's cache folder, as the exact analyses are (``count.stored``): a table is
worked out once for a set of rules, bots, deals and seed, and read back on every later run.

A table is filed under a key of everything it depends on: the package's version, the code that plays
and scores a game and works the table out (``game/`` with the kernel's C sources, ``count/``, the typed
rules, the cards, and the modules that sample, solve and sum up), the whole rules, the bots, the
number of deals and the seed. The entry holds the table and its figures of how decisive the game is,
sealed with a digest that a damaged or hand-edited file fails (``cache.read_sealed``). The rest is
``costly_variants.cache``'s.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from .._version import __version__
from ..cache import cache_dir, read_sealed, write_sealed
from ..game.wintable import Board, WinTable
from ..profiles.rules import Rules
from .deals import Progress
from .table import BATCHES, DEFAULT_BOT, DEFAULT_DEALS, DEFAULT_SEED, worked_out

FOLDER = "odds"
KEEP = 64  # tables kept; the oldest go first
# The table the board-playing search (``search``) values the end of a deal by: the expert bots' table for
# the same rules, cheap (under a CPU-second a profile) and deterministic, and cached like the rest. The
# search's own table would cost some 15 CPU-seconds a profile and rest on deals of search-points anyway
# (``deals.FAR_BOTS``); ``benchmarks/bench_board.py`` measures what the expert table gains.
BOARD_BOTS = ("expert",)


@cache
def _code() -> bytes:
    here = Path(__file__).resolve().parent
    package = here.parent
    paths = [*sorted((package / "game").glob("*.py")), *sorted((package / "game").glob("_kernel*.[ch]")),
             *sorted((package / "count").glob("*.py")), package / "profiles" / "rules.py", package / "cards.py",
             package / "stats.py", *(here / name for name in ("deals.py", "table.py", "decisive.py"))]
    digest = hashlib.sha256(f"costly-variants {__version__}\n".encode())
    for path in paths:
        if path.exists():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def key(rules: Rules, bots: Sequence[str], deals: int, seed: int) -> str:
    text = f"{rules!r}\nbots {list(bots)}\ndeals {deals}\nseed {seed}\nbatches {BATCHES}".encode()
    return hashlib.sha256(_code() + text).hexdigest()


def _place(rules: Rules, pair: tuple[str, str], deals: int, seed: int) -> tuple[str, str] | None:
    """The cache file of a table and its key; None where there is no cache (no folder, or the package's
    code cannot be read, a zip say: no key)."""
    if cache_dir() is None:
        return None
    try:
        table_key = key(rules, pair, deals, seed)
    except OSError:
        return None
    return f"{FOLDER}/{table_key[:32]}.json", table_key


Read = TypeVar("Read")


def _read(place: tuple[str, str] | None, read: Callable[[Any], Read]) -> Read | None:
    """What ``read`` makes of the sealed entry at ``place``; None where there is none, or it does not hold
    what ``read`` looks for (an entry of an earlier layout)."""
    data = read_sealed(*place) if place is not None else None
    if data is None:
        return None
    try:
        return read(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def odds(rules: Rules, *, bots: Sequence[str] = (DEFAULT_BOT,), deals: int = DEFAULT_DEALS,
         seed: int = DEFAULT_SEED, progress: Progress | None = None) -> tuple[WinTable, dict[str, Any]]:
    """The win table of ``rules`` and how decisive the game is (``chances.table.worked_out``), from the
    cache where it holds them, else worked out (``progress`` told of the deals sampled) and kept there."""
    pair = (bots[0], bots[-1])
    place = _place(rules, pair, deals, seed)
    found = _read(place, lambda data: (WinTable.from_dict(data["table"]), data["figures"]))
    if found is not None:
        return found
    table, figures = worked_out(rules, bots=pair, deals=deals, seed=seed, progress=progress)
    if place is not None:
        write_sealed(*place, {"table": table.to_dict(), "figures": figures}, keep=KEEP)
    return table, figures


def board_table(rules: Rules) -> Board:
    """The win table the board-playing search reads (``game.wintable.board_of``): from the cache, straight
    from the millionths it holds (a search run reads no float of it), else worked out as ``odds`` does."""
    place = _place(rules, (BOARD_BOTS[0], BOARD_BOTS[-1]), DEFAULT_DEALS, DEFAULT_SEED)
    found = _read(place, lambda data: Board.from_dict(data["table"]))
    return found if found is not None else Board.of(odds(rules, bots=BOARD_BOTS)[0])


__all__ = ["BOARD_BOTS", "FOLDER", "KEEP", "board_table", "key", "odds"]
