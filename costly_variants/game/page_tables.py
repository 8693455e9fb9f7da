"""The win tables the Play page ships, and how the page reads them without numpy.

The docs build writes each bundled profile's board table, the one the board-playing search
reads in ``costly play`` (``wintable.board_of``: the expert bots' table under the same rules, from the
same cache), into ``wintables.json`` beside the page's ``profiles.json`` (``document``); the page gives
them to the search (``ShippedTables``, a ``wintable`` source), so that its ``search`` is the terminal's.

A table is shipped exactly, as the search holds it: side A's chance in whole millionths at every
position (``Board.chances``), the two tie chances, the target and whether pegging out ends the game.
A chance changes little from one score to the next, so each is written as its difference from the
chance at side B's score one lower (same side A score, same dealer), less that difference at side A's
score one lower (none where a score is 0): the same whole numbers, restored by summing, in about a third
less text and half the gzipped size. Profiles with the same rules (Cotton's and Holme's) share a table.
Each table names the rules it is for by a digest of their values (``rules_key``), which the page checks
against the profiles it was given.
"""
from __future__ import annotations

import hashlib
import json
from array import array
from dataclasses import dataclass, fields
from typing import Any, Iterable

from ..profiles.rules import Rules
from .wintable import Board, NoTableError

FORMAT = 1


def rules_key(rules: Rules) -> str:
    """A digest of the rule values (not their citations), the same in every process and in Pyodide (a
    set's order is not, so sets are sorted)."""
    digest = hashlib.sha256()
    for field in fields(rules):
        if "key" in field.metadata:
            value = getattr(rules, field.name)
            text = repr(sorted(value, key=repr)) if isinstance(value, (set, frozenset)) else repr(value)
            digest.update(f"{field.name}={text}\0".encode())
    return digest.hexdigest()[:32]


def _differences(chances: Any, target: int) -> list[int]:
    row = 2 * target  # the next side A score: the same side B score and dealer, a row on
    out = [c - (chances[i - 2] if i % row >= 2 else 0) for i, c in enumerate(chances)]
    return [d - (out[i - row] if i >= row else 0) for i, d in enumerate(out)]


def _summed(differences: Any, target: int) -> list[int]:
    row = 2 * target
    out = list(differences)
    for i in range(row, len(out)):
        out[i] += out[i - row]
    for i in range(len(out)):
        if i % row >= 2:
            out[i] += out[i - 2]
    return out


def document(boards: Iterable[tuple[str, Rules, Board]]) -> dict[str, Any]:
    """The page's ``wintables.json``: from (profile id, its rules, its board table), a table a set of
    rules, with the profiles it is for."""
    tables: dict[str, dict[str, Any]] = {}
    for profile_id, rules, board in boards:
        key = rules_key(rules)
        if key in tables:
            tables[key]["profiles"].append(profile_id)
            continue
        tables[key] = {"rules": key, "profiles": [profile_id], "target": board.target, "peg_out": board.peg_out,
                       "ties": list(board.ties), "chances": _differences(board.chances, board.target)}
    return {"format": FORMAT, "tables": list(tables.values())}


@dataclass(frozen=True)
class _Shipped:
    profiles: tuple[str, ...]
    target: int
    peg_out: bool
    ties: tuple[int, int]
    differences: array  # type: ignore[type-arg]  # packed: the page's memory snapshot holds them


class ShippedTables:
    """A ``wintable`` source of the tables in ``wintables.json``: a rule set's ``Board``, or
    ``NoTableError`` where none was shipped for it (house rules, rules no table can be sampled under)."""

    def __init__(self, text: str | None = None) -> None:
        data: dict[str, Any] = json.loads(text) if text else {"format": FORMAT, "tables": []}
        if data.get("format") != FORMAT:
            raise ValueError(f"wintables.json: format {data.get('format')!r}, not {FORMAT}")
        self._shipped: dict[str, _Shipped] = {}
        for table in data["tables"]:
            target = int(table["target"])
            if len(table["chances"]) != target * target * 2:
                raise ValueError(f"wintables.json: a table to {target} holds {target * target * 2} chances, "
                                 f"not {len(table['chances'])}")
            self._shipped[str(table["rules"])] = _Shipped(
                tuple(str(p) for p in table["profiles"]), target, bool(table["peg_out"]),
                (int(table["ties"][0]), int(table["ties"][1])), array("i", table["chances"]))
        self._boards: dict[str, Board] = {}  # summed when first asked for

    def profiles(self) -> dict[str, str]:
        """The profiles the tables are for: profile id -> the digest of its rules the table was shipped under."""
        return {p: key for key, table in self._shipped.items() for p in table.profiles}

    def has(self, rules: Rules) -> bool:
        return rules_key(rules) in self._shipped

    def __call__(self, rules: Rules) -> Board:
        key = rules_key(rules)
        board = self._boards.get(key)
        if board is None:
            table = self._shipped.get(key)
            if table is None:
                raise NoTableError("the Play page ships no win table for these rules")
            board = self._boards[key] = Board(table.target, table.peg_out,
                                              tuple(_summed(table.differences, table.target)), table.ties)
        return board


__all__ = ["FORMAT", "ShippedTables", "document", "rules_key"]
