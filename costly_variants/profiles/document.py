"""A document read from a file: its plain data, and where in the file each value and key stood.

Kept apart from the YAML reader (``yamldoc``), so that what only handles documents, such as a profile
trusted from the cache of known-good profiles, does not import a YAML parser.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Location, Problem

PathKey = tuple[str | int, ...]


def json_path(path: PathKey) -> str:
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.replace("_", "a").replace("-", "a").isalnum() and not part[:1].isdigit():
            out += f".{part}"
        else:
            out += "[" + repr(part) + "]"
    return out


@dataclass
class Document:
    """A loaded YAML document: its data and the position of every value and key."""

    file: str
    data: Any
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: PathKey, *, key: bool = False) -> Location:
        """The location of the value at ``path`` (or of its key), else of its nearest ancestor."""
        table = self.key_positions if key else self.positions
        probe = tuple(path)
        while probe and probe not in table:
            if key and probe in self.positions:
                break
            probe = probe[:-1]
        line, col = table.get(probe) or self.positions.get(probe, (1, 1))
        return Location(self.file, line, col, json_path(path))

    def problem(self, path: PathKey, message: str, *, key: bool = False) -> Problem:
        return Problem(self.locate(path, key=key), message)
