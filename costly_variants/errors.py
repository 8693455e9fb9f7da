"""Exception types. Each subclasses ValueError and carries the bad input in its message."""
from __future__ import annotations

from dataclasses import dataclass


class UsageError(Exception):
    """A bad command line: reported in one line, exit 2 (not bad input data, hence not a CostlyError)."""


class CostlyError(ValueError):
    """Base class for every error this package raises on bad input."""


class CardError(CostlyError):
    """A card that cannot be parsed, or a card repeated in one deal."""


class UnknownVariantError(CostlyError):
    """A profile id that is neither bundled nor a path to a file."""


class IllegalActionError(CostlyError):
    """An action that is not legal in the current game state."""


@dataclass(frozen=True)
class Location:
    """Where in a file something is: 1-based line and column, and a JSON path."""

    file: str
    line: int = 1
    column: int = 1
    path: str = "$"

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.path}"


@dataclass(frozen=True)
class Problem:
    """One validation problem, reported as ``FILE:LINE:COL: $.path: message``."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        loc = self.location
        return {"file": loc.file, "line": loc.line, "column": loc.column, "path": loc.path,
                "message": self.message}


class ProfileError(CostlyError):
    """A profile that does not validate; holds every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
