"""Win tables kept in the user's cache folder, as the exact analyses are (``count.stored``): a table is
worked out once for a set of rules, bots, deals and seed, and read back on every later run.

A table is filed under a key of everything it depends on: the package's version, the code that plays
and scores a game and works the table out (``game/`` with the kernel's C source, ``count/``, the typed
rules, the cards, and the modules that sample, solve and sum up), the whole rules, the bots, the
number of deals and the seed. The entry holds the table and its figures of how decisive the game is,
sealed with a digest that a damaged or hand-edited file fails. The rest is ``costly_variants.cache``'s.
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any, Sequence

from .._version import __version__
from ..cache import cache_dir, keep_newest, read_json, write_json
from ..game.wintable import WinTable
from ..profiles.rules import Rules
from .deals import Progress
from .odds import BATCHES, DEFAULT_BOT, DEFAULT_DEALS, DEFAULT_SEED, worked_out

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
    paths = [*sorted((package / "game").glob("*.py")), package / "game" / "_kernel.c",
             *sorted((package / "count").glob("*.py")), package / "profiles" / "rules.py", package / "cards.py",
             *(here / name for name in ("deals.py", "odds.py", "decisive.py", "stats.py"))]
    digest = hashlib.sha256(f"costly-variants {__version__}\n".encode())
    for path in paths:
        if path.exists():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def key(rules: Rules, bots: Sequence[str], deals: int, seed: int) -> str:
    text = f"{rules!r}\nbots {list(bots)}\ndeals {deals}\nseed {seed}\nbatches {BATCHES}".encode()
    return hashlib.sha256(_code() + text).hexdigest()


def _seal(key_text: str, data: Any) -> str:
    return hashlib.sha256((key_text + json.dumps(data, sort_keys=True)).encode()).hexdigest()


def odds(rules: Rules, *, bots: Sequence[str] = (DEFAULT_BOT,), deals: int = DEFAULT_DEALS,
         seed: int = DEFAULT_SEED, progress: Progress | None = None) -> tuple[WinTable, dict[str, Any]]:
    """The win table of ``rules`` and how decisive the game is (``compare.odds.worked_out``), from the
    cache where it holds them, else worked out (``progress`` told of the deals sampled) and kept there."""
    pair = (bots[0], bots[-1])
    if cache_dir() is None:
        return worked_out(rules, bots=pair, deals=deals, seed=seed, progress=progress)
    try:
        table_key = key(rules, pair, deals, seed)
    except OSError:  # the package's code cannot be read (a zip, say): no key, so no cache
        return worked_out(rules, bots=pair, deals=deals, seed=seed, progress=progress)
    name = f"{FOLDER}/{table_key[:32]}.json"
    stored = read_json(name)
    try:
        data = stored["data"]
        if stored["key"] == table_key and stored["seal"] == _seal(table_key, data):
            return WinTable.from_dict(data["table"]), data["figures"]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        pass
    table, figures = worked_out(rules, bots=pair, deals=deals, seed=seed, progress=progress)
    data = {"table": table.to_dict(), "figures": figures}
    if write_json(name, {"key": table_key, "data": data, "seal": _seal(table_key, data)}) is not None:
        keep_newest(FOLDER, KEEP)
    return table, figures


def board_table(rules: Rules) -> WinTable:
    """The win table the board-playing search reads (``game.wintable.board_of``)."""
    return odds(rules, bots=BOARD_BOTS)[0]


__all__ = ["BOARD_BOTS", "FOLDER", "KEEP", "board_table", "key", "odds"]
