"""The win table of a rule set: the chance that each side wins from every position of the board.

A position is the two sides' scores, each below the target, and the side that deals next (as at the
start of a deal). The table holds side A's chance of winning from each, and its uncertainty: side B's
chance is one less side A's (a game always has a winner). It is what cribbage players call a
win-probability table and backgammon players a match-equity table; ``chances.table`` works it out (by
dynamic programming over sampled deals, its error estimated from independent batches of them).

This module is the table's type only, in the standard library, so that the game stage (and the engine
run in the browser) can read a table without numpy: the search can look up the chance of winning from
the scores reached at the end of a deal (``after_deal``).

Layout: ``chances`` and ``errors`` are flat, indexed by ``index(a, b, dealer)`` =
``(a * target + b) * 2 + dealer``, where ``a`` is side A's score, ``b`` side B's, and ``dealer`` 0 when
side A deals next, 1 when side B does. In a two-hand game side A is the first seat (seat 0); in the
four-hand game, seats 0 and 2.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from ..errors import CostlyError
from ..profiles.rules import PerRules, Rules

SIDES = 2  # every game has two sides: two players, or two partnerships of two
_SCORE = re.compile(r"^\s*(\d+)\s*[-:,/ ]\s*(\d+)\s*$")


class ScoreError(CostlyError):
    """A position that is not on the board: malformed, negative, or at or past the target."""


def parse_score(text: str, target: int | None = None) -> tuple[int, int]:
    """``"40-52"`` (also ``40:52``, ``40,52``) as the two sides' scores, mine first; each must be below
    ``target`` where one is given (a game at the target is over)."""
    found = _SCORE.match(text)
    if not found:
        if re.match(r"^\s*-", text) or re.search(r"[-:,/ ]\s*-\d", text):
            raise ScoreError(f"score {text!r}: a score cannot be negative")
        raise ScoreError(f"score {text!r}: write the two scores as MINE-THEIRS, e.g. 40-52")
    a, b = int(found.group(1)), int(found.group(2))
    if target is not None:
        check_position(a, b, target, shown=text)
    return a, b


def check_position(a: int, b: int, target: int, *, shown: str | None = None) -> None:
    """Raise ScoreError unless both scores are on the board (0 up to the target less one)."""
    what = f"score {shown!r}" if shown is not None else f"score {a}-{b}"
    for score in (a, b):
        if score < 0:
            raise ScoreError(f"{what}: a score cannot be negative")
        if score >= target:
            raise ScoreError(f"{what}: {score} is at or past the target, {target}: the game is over "
                             f"(scores go from 0 to {target - 1})")


@dataclass(frozen=True)
class WinTable:
    """Side A's chance of winning from every position, with its error, under stated bots.

    ``errors`` holds each chance's 95% half-interval (the table is computed from sampled deals).
    ``peg_out`` says whether reaching the target ends the game at once (else at the end of the deal,
    where ``tie_chances`` gives side A's chance from equal scores at or past the target, by who deals
    next). ``bots`` names side A's and side B's bot; ``deals`` the deals sampled, ``seed`` their seed.
    """

    target: int
    chances: tuple[float, ...] = field(repr=False)
    errors: tuple[float, ...] = field(repr=False)
    bots: tuple[str, str] = ("search", "search")
    deals: int = 0
    seed: int = 1
    peg_out: bool = True
    tie_chances: tuple[float, float] = (0.5, 0.5)
    level: float = 0.95
    sides: int = SIDES

    def __post_init__(self) -> None:
        size = self.target * self.target * 2
        if self.target < 1 or len(self.chances) != size or len(self.errors) != size:
            raise ValueError(f"a win table to {self.target} holds {size} chances and errors, "
                             f"not {len(self.chances)} and {len(self.errors)}")
        if self.sides != SIDES:
            raise ValueError(f"a win table is for two sides, not {self.sides}")

    def index(self, a: int, b: int, dealer: int) -> int:
        """Where position (a, b, dealer) is in ``chances``: ``(a * target + b) * 2 + dealer``."""
        check_position(a, b, self.target)
        if dealer not in (0, 1):
            raise ValueError(f"dealer {dealer!r}: 0 (side A deals next) or 1 (side B)")
        return (a * self.target + b) * 2 + dealer

    def chance(self, a: int, b: int, dealer: int, side: int = 0) -> float:
        """``side``'s chance of winning (0: side A, 1: side B) from side A at ``a``, side B at ``b``, with
        ``dealer`` (0 or 1) to deal next."""
        p = self.chances[self.index(a, b, dealer)]
        return p if side == 0 else 1.0 - p

    def error(self, a: int, b: int, dealer: int) -> float:
        """The 95% half-interval of the chance from (a, b, dealer) (the same for either side)."""
        return self.errors[self.index(a, b, dealer)]

    def interval(self, a: int, b: int, dealer: int, side: int = 0) -> tuple[float, float]:
        p, e = self.chance(a, b, dealer, side), self.error(a, b, dealer)
        return max(0.0, p - e), min(1.0, p + e)

    def after_deal(self, a: int, b: int, dealer: int) -> float:
        """Side A's chance from the scores reached at the end of a deal, ``dealer`` dealing the next: 1 or
        0 where the deal ended the game (a side at the target; by the higher score where the target does
        not end the game at once), else the table's chance. For a search that values a deal's end."""
        if a < self.target and b < self.target:
            return self.chances[(a * self.target + b) * 2 + dealer]
        if self.peg_out:
            return 1.0 if a >= self.target else 0.0
        if a == b:
            return self.tie_chances[dealer]
        return 1.0 if a > b else 0.0

    def mirrored(self) -> WinTable:
        """The same table from side B's side: B's chance, B's score first."""
        t = self.target
        order = [(b * t + a) * 2 + (1 - d) for a in range(t) for b in range(t) for d in (0, 1)]
        return WinTable(t, tuple(1.0 - self.chances[i] for i in order), tuple(self.errors[i] for i in order),
                        (self.bots[1], self.bots[0]), self.deals, self.seed, self.peg_out,
                        (1.0 - self.tie_chances[1], 1.0 - self.tie_chances[0]), self.level)

    def rows(self) -> list[dict[str, Any]]:
        """One row a position: scores, who deals next, each side's chance and the half-interval."""
        t = self.target
        return [{"a": a, "b": b, "dealer": "A" if d == 0 else "B", "chance_a": self.chances[(a * t + b) * 2 + d],
                 "chance_b": 1.0 - self.chances[(a * t + b) * 2 + d], "error": self.errors[(a * t + b) * 2 + d]}
                for a in range(t) for b in range(t) for d in (0, 1)]

    def to_dict(self) -> dict[str, Any]:
        """Plain data (chances and errors in millionths), read back by ``from_dict``."""
        return {"target": self.target, "sides": self.sides, "bots": list(self.bots), "deals": self.deals,
                "seed": self.seed, "peg_out": self.peg_out, "level": self.level,
                "tie_chances": [round(x * 1e6) for x in self.tie_chances],
                "chances": [round(x * 1e6) for x in self.chances], "errors": [round(x * 1e6) for x in self.errors]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WinTable:
        def millionths(values: Sequence[int]) -> tuple[float, ...]:
            return tuple(int(v) / 1e6 for v in values)

        ties = millionths(data["tie_chances"])
        bots = tuple(str(b) for b in data["bots"])
        return cls(int(data["target"]), millionths(data["chances"]), millionths(data["errors"]),
                   (bots[0], bots[1]), int(data["deals"]), int(data["seed"]), bool(data["peg_out"]),
                   (ties[0], ties[1]), float(data["level"]), int(data["sides"]))


SCALE = 1_000_000  # a chance as the board-playing search holds it: in millionths, a whole number


@dataclass(frozen=True)
class Board:
    """A win table as the board-playing search reads it (``search``, and ``_kernel_search.c`` over
    ``flat()``): side A's chance in millionths, whole numbers, so that both engines value a position
    alike and make the same choices."""

    target: int
    peg_out: bool
    chances: tuple[int, ...] = field(repr=False)  # side A's chance at ``index(a, b, dealer)``, in millionths
    ties: tuple[int, int] = (SCALE // 2, SCALE // 2)

    @classmethod
    def of(cls, table: WinTable) -> Board:
        return cls(table.target, table.peg_out, tuple(round(c * SCALE) for c in table.chances),
                   (round(table.tie_chances[0] * SCALE), round(table.tie_chances[1] * SCALE)))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Board:
        """The board of a table's plain data (``WinTable.to_dict``), taken straight from its millionths: the
        same as ``Board.of(WinTable.from_dict(data))`` (a millionth divided by a million and multiplied back
        rounds to itself), without the floats a search never reads."""
        ties = data["tie_chances"]
        return cls(int(data["target"]), bool(data["peg_out"]), tuple(map(int, data["chances"])),
                   (int(ties[0]), int(ties[1])))

    def chance(self, a: int, b: int, dealer: int) -> int:
        """Side A's chance in millionths from the scores reached at the end of a deal (``a`` side A's,
        ``b`` side B's, ``dealer`` the side to deal the next), as ``WinTable.after_deal`` gives it; where
        both sides reach the target at the count and that ends the game, the side that counts first
        (the one that did not deal: it deals the next) has won."""
        t = self.target
        if a < t and b < t:
            return self.chances[(a * t + b) * 2 + dealer]
        if self.peg_out:
            if a >= t and b >= t:
                return SCALE if dealer == 0 else 0
            return SCALE if a >= t else 0
        if a == b:
            return self.ties[dealer]
        return SCALE if a > b else 0

    def flat(self) -> list[int]:
        """The table as the kernel reads it, after the rules array: the chances, then the two ties."""
        return [*self.chances, *self.ties]


class BoardTableError(CostlyError):
    """The board-playing search was asked to play where no win table can be worked out."""


class NoTableError(CostlyError):
    """No win table can be sampled under these rules (``chances.deals`` says why). The board-playing
    search then values points, as ``search-points`` does, in both engines."""


# Where the board-playing search gets the table of a set of rules. The game stage only reads tables:
# the chances stage works them out (sampled deals, numpy) and says how here, when it is imported
# (``chances.store.board_table``). The Play page, which has no numpy, gives the tables the docs build
# shipped, as ``Board``s (``cli/browser.py``).
Source = Callable[[Rules], "WinTable | Board"]
_SOURCE: list[Source] = []


def provide(source: Source) -> None:
    """Say where the board-playing search gets the table of a set of rules."""
    _SOURCE[:] = [source]


@contextmanager
def providing(source: Source) -> Iterator[None]:
    """Within the block, the board-playing search gets its tables from ``source``; after it, from where it
    got them before (the Play page's shipped tables, whatever else the process has imported)."""
    before = list(_SOURCE)
    _SOURCE[:] = [source]
    try:
        yield
    finally:
        _SOURCE[:] = before


def _board(rules: Rules) -> Board | None:
    """The rules' table as the board-playing search reads it; None where none can be sampled (the search
    then values points)."""
    if not _SOURCE:
        raise BoardTableError("the board-playing search needs the win table that costly_variants.chances "
                              "works out: import it first, or play search-points")
    try:
        table = _SOURCE[0](rules)
    except NoTableError:
        return None
    return table if isinstance(table, Board) else Board.of(table)


board_of: PerRules[Board | None] = PerRules(_board)


def millionths(value: float) -> int:
    """A chance in whole millionths as a table keeps it: taken first to the nearest 1e-12, then to the
    millionth (half to even). The first step puts two ways of summing the same chances at one value: numpy's
    FFT (``chances.table``) and the kernel's direct sums (``_kernel_wintable.c``) differ by some 1e-15,
    and many chances lie exactly on a half-millionth (a deal's chance is a multiple of 1/8,000, their
    products often are of 1/64,000,000), where so small a difference would round them apart."""
    return round(round(value * 1e12) / 1e6)


def rounded(values: Sequence[float]) -> tuple[float, ...]:
    """Values as a table keeps them (to the millionth, ``millionths``), so that a table worked out and one
    read back from ``to_dict`` are the same."""
    return tuple(millionths(v) / 1e6 for v in values)


__all__ = ["SCALE", "SIDES", "Board", "BoardTableError", "NoTableError", "ScoreError", "WinTable", "board_of",
           "provide", "providing", "check_position", "millionths", "parse_score", "rounded"]
