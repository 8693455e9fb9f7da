"""What a run of games keeps: sums, not games.

A plan plays every seed under each of its rule sets; the figures, their intervals and the paired
differences from the first rule set need only sums over the games of each (of every measure, its square
and its product with the deals, for the per-deal figures) and over the seeds of each rule set beside the
first (the products of the two games' measures), with histograms for the quartiles and for the one
measure that is not a whole number (the decisive deal as a share of the game). Every sum is of whole
numbers, so a chunk's sums merged with another's give exactly the sums of the games of both, in any
order: the result is the same for any number of processes, any chunk size and any Dask cluster, and
memory does not grow with the number of games.
"""
from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from .measures import HITTER, GameRecord, source_group

# The whole-number measures of a game, each a key of the sums (points by source are "source:RULE").
MEASURES = ("deals", "first_dealer_won", "dealer_edge", "points", "won_in_play", "won_at_count", "margin",
            "lead_changes", "drama", "eldest", "eldest_n", "won_at_turnup", "won_at_mog")
# Where a game is won: the group of the score that took the winner to the target, its measure, and its
# number in the kernel's slots (every group a score can belong to, so that the shares add up to 100%).
DECIDED = {"play": ("won_in_play", 1), "count": ("won_at_count", 2), "turn-up": ("won_at_turnup", 3),
           "mog": ("won_at_mog", 4)}
LEAD_POINTS = 11  # the lead history is sampled at 0%, 10%, ... 100% of each game's deals


def source_key(source: str) -> str:
    return "source:" + source


def group_key(group: str) -> str:
    return "group:" + group


def measures_of(record: GameRecord) -> dict[str, int]:
    """A game's whole-number measures (``MEASURES``, and its points from each source that scored)."""
    found = {
        "deals": record.deals, "first_dealer_won": int(record.first_dealer_won), "dealer_edge": record.dealer_edge,
        "points": sum(record.scores), **{measure: int(record.decided_in == group)
                                         for group, (measure, _) in DECIDED.items()}, "margin": record.margin,
        "lead_changes": record.lead_changes, "drama": record.drama,
        "eldest": sum(record.eldest_counts), "eldest_n": len(record.eldest_counts),
    }
    for source, points in record.points_by_source:
        if points:
            found[source_key(source)] = points
            group = group_key(source_group(source))
            found[group] = found.get(group, 0) + points
    return found


def lead_tenths(gaps: Sequence[int]) -> list[int]:
    """The eventual winner's lead at each tenth of the game (0 at the start), times ten: the lead
    between the deals on either side of each tenth, interpolated, which ten times makes whole."""
    at = (0, *gaps)
    last = len(at) - 1
    out = []
    for i in range(LEAD_POINTS):
        low, tenths = divmod(i * last, LEAD_POINTS - 1)
        high = min(low + 1, last)
        out.append(10 * at[low] + (at[high] - at[low]) * tenths)
    return out


@dataclass
class Sums:
    """The sums over one rule set's games of a plan; ``cross`` over the same seeds with the first rule
    set's games (``a`` the first's measure, ``b`` this one's)."""

    games: int = 0
    total: Counter[str] = field(default_factory=Counter)  # Σ x
    squares: Counter[str] = field(default_factory=Counter)  # Σ x²
    by_deals: Counter[str] = field(default_factory=Counter)  # Σ x · deals
    eldest_pair: Counter[str] = field(default_factory=Counter)  # Σ eldest², Σ eldest · eldest_n, Σ eldest_n²
    cross: Counter[str] = field(default_factory=Counter)  # "ab:K" Σ a·b, "ad:K" Σ a·deals_b, "da:K" Σ deals_a·b
    deals: Counter[int] = field(default_factory=Counter)  # games by their number of deals
    decisive: Counter[tuple[int, int]] = field(default_factory=Counter)  # (decisive deal, deals)
    decisive_cross: Counter[tuple[int, int, int, int]] = field(default_factory=Counter)  # the first's, this one's
    lead: list[int] = field(default_factory=lambda: [0] * LEAD_POINTS)  # Σ lead_tenths
    wins: list[int] = field(default_factory=lambda: [0, 0])  # by side
    names: Counter[str] = field(default_factory=Counter)  # points by the scores' names (simulate's)
    named: set[str] = field(default_factory=set)  # every name scored, with points or without

    def add(self, record: GameRecord, base: GameRecord | None, *, names: bool = False) -> None:
        """Count one game; ``base`` is the first rule set's game of the same seed (None for the first)."""
        measured = measures_of(record)
        deals = record.deals
        self.games += 1
        total, squares, by_deals = self.total, self.squares, self.by_deals
        for key, value in measured.items():
            total[key] += value
            squares[key] += value * value
            by_deals[key] += value * deals
        eldest, eldest_n = measured["eldest"], measured["eldest_n"]
        if eldest_n:
            self.eldest_pair["ee"] += eldest * eldest
            self.eldest_pair["en"] += eldest * eldest_n
            self.eldest_pair["nn"] += eldest_n * eldest_n
        decisive = record.decisive_deal
        self.deals[deals] += 1
        self.decisive[decisive, deals] += 1
        for i, value in enumerate(lead_tenths(record.gaps)):
            self.lead[i] += value
        self.wins[record.winner] += 1
        if names:
            for name, points in record.points_by_name:
                self.names[name] += points
                self.named.add(name)
        if base is not None:
            theirs = measures_of(base)
            base_deals = base.deals
            cross = self.cross
            for key in theirs.keys() | measured.keys():
                mine, other = measured.get(key, 0), theirs.get(key, 0)
                cross["ab:" + key] += other * mine
                cross["ad:" + key] += other * deals
                cross["da:" + key] += base_deals * mine
            self.decisive_cross[base.decisive_deal, base_deals, decisive, deals] += 1

    def merge(self, other: Sums) -> None:
        self.games += other.games
        for mine, theirs in ((self.total, other.total), (self.squares, other.squares),
                             (self.by_deals, other.by_deals), (self.eldest_pair, other.eldest_pair),
                             (self.cross, other.cross), (self.names, other.names)):
            mine.update(theirs)
        self.deals.update(other.deals)
        self.decisive.update(other.decisive)
        self.decisive_cross.update(other.decisive_cross)
        self.lead = [a + b for a, b in zip(self.lead, other.lead)]
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.named |= other.named

    def to_data(self) -> dict[str, Any]:
        """Plain data (JSON's types: the tuple keys of the histograms as rows), read back by ``from_data``
        with every key in the same order: for sums made in one process (a page's helper worker) and
        merged in another."""
        return {"games": self.games, "total": dict(self.total), "squares": dict(self.squares),
                "by_deals": dict(self.by_deals), "eldest_pair": dict(self.eldest_pair), "cross": dict(self.cross),
                "deals": [[k, n] for k, n in self.deals.items()],
                "decisive": [[*k, n] for k, n in self.decisive.items()],
                "decisive_cross": [[*k, n] for k, n in self.decisive_cross.items()],
                "lead": list(self.lead), "wins": list(self.wins), "names": dict(self.names),
                "named": sorted(self.named)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Sums:
        def counted(key: str) -> Counter[str]:
            return Counter({str(k): int(v) for k, v in data[key].items()})

        def rows(key: str, width: int) -> Counter[Any]:
            out: Counter[Any] = Counter()
            for row in data[key]:
                if len(row) != width + 1:
                    raise ValueError(f"sums: a row of {key!r} holds {width + 1} numbers, not {len(row)}")
                out[tuple(int(v) for v in row[:width]) if width > 1 else int(row[0])] = int(row[width])
            return out

        lead, wins = [int(v) for v in data["lead"]], [int(v) for v in data["wins"]]
        if len(lead) != LEAD_POINTS or len(wins) != 2:
            raise ValueError(f"sums: {LEAD_POINTS} lead points and 2 sides' wins, not {len(lead)} and {len(wins)}")
        return cls(int(data["games"]), counted("total"), counted("squares"), counted("by_deals"),
                   counted("eldest_pair"), counted("cross"), rows("deals", 1), rows("decisive", 2),
                   rows("decisive_cross", 4), lead, wins, counted("names"), {str(n) for n in data["named"]})

    def sources(self) -> set[str]:
        """Every source that scored points in any game."""
        return {key.removeprefix("source:") for key, value in self.squares.items()
                if key.startswith("source:") and value}


@dataclass
class SkillSums:
    """The sums of a skill plan: for each seed, the games of its two seatings that the stronger bot won
    (0, 1 or 2), per rule set, and the products with the first rule set's over the same seeds."""

    games: int = 0
    total: int = 0
    squares: int = 0
    cross: int = 0

    def add(self, won: int, base: int | None) -> None:
        self.games += 1
        self.total += won
        self.squares += won * won
        if base is not None:
            self.cross += won * base

    def merge(self, other: SkillSums) -> None:
        self.games += other.games
        self.total += other.total
        self.squares += other.squares
        self.cross += other.cross

    def to_data(self) -> list[int]:
        return [self.games, self.total, self.squares, self.cross]

    @classmethod
    def from_data(cls, data: Sequence[int]) -> SkillSums:
        if len(data) != 4:
            raise ValueError(f"skill sums: 4 numbers, not {len(data)}")
        return cls(*(int(v) for v in data))


@dataclass
class Tally:
    """A plan's games as sums: one ``Sums`` per rule set, or for a skill plan one ``SkillSums``."""

    sums: list[Sums]
    skill: list[SkillSums]
    games: int = 0  # seeds played (each under every rule set)

    @classmethod
    def empty(cls, specs: int, *, skill: bool = False) -> Tally:
        if skill:
            return cls([], [SkillSums() for _ in range(specs)])
        return cls([Sums() for _ in range(specs)], [])

    def add_seed(self, records: Sequence[GameRecord], *, names: bool = False) -> None:
        """One seed's games, one per rule set in order."""
        for i, record in enumerate(records):
            self.sums[i].add(record, records[0] if i else None, names=names)
        self.games += 1

    def add_skill_seed(self, won: Sequence[int]) -> None:
        for i, value in enumerate(won):
            self.skill[i].add(value, won[0] if i else None)
        self.games += 1

    def to_data(self) -> dict[str, Any]:
        """Plain data, read back by ``from_data``: a chunk's sums sent from one process to another as JSON
        (the Try page's helper workers), with nothing that runs code when read (not a pickle)."""
        return {"games": self.games, "sums": [s.to_data() for s in self.sums],
                "skill": [s.to_data() for s in self.skill]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Tally:
        return cls([Sums.from_data(s) for s in data["sums"]], [SkillSums.from_data(s) for s in data["skill"]],
                   int(data["games"]))

    def merge(self, other: Tally) -> None:
        for mine, theirs in zip(self.sums, other.sums):
            mine.merge(theirs)
        for mine_skill, theirs_skill in zip(self.skill, other.skill):
            mine_skill.merge(theirs_skill)
        self.games += other.games


class KernelLayout:
    """Where the kernel's tally (``game.kernel.tally``) puts each measure, for the rule sets of a plan: the
    whole-number measures first (``MEASURES``), then every source's and group's points, one slot each
    across all the rule sets; and where each name's points go. Each rule set's kinds of score are mapped
    to these slots by ``slots``."""

    def __init__(self, kinds_of_specs: Sequence[Sequence[Any]]) -> None:
        sources = sorted({_source(kind) for kinds in kinds_of_specs for kind in kinds})
        keys = [*MEASURES, *(source_key(s) for s in sources),
                *sorted({group_key(source_group(s)) for s in sources})]
        self.keys = keys
        self.slot = {key: i for i, key in enumerate(keys)}
        self.names = sorted({kind.name for kinds in kinds_of_specs for kind in kinds})
        self.name_slot = {name: i for i, name in enumerate(self.names)}
        self._slots: dict[tuple[Any, ...], array] = {}  # type: ignore[type-arg]

    def slots(self, kinds: Sequence[Any]) -> array:  # type: ignore[type-arg]
        """For each kind, in the kernel's numbering: its source's slot, its group's, its name's, and 1 if it
        wins a game (``DECIDED``: 1 in the play, 2 at the count, 3 at the turn-up, 4 at the mog). Worked out
        once a rule set's kinds: a run asks for them again at every chunk."""
        key = tuple(kinds)
        if key not in self._slots:
            self._slots[key] = self._slots_of(key)
        return self._slots[key]

    def _slots_of(self, kinds: Sequence[Any]) -> array:  # type: ignore[type-arg]
        out = array("i")
        for kind in kinds:
            source = _source(kind)
            group = source_group(source)
            out.extend((self.slot[source_key(source)], self.slot[group_key(group)], self.name_slot[kind.name],
                        DECIDED[group][1] if group in DECIDED else 0))
        return out

    def sums(self, raw: dict[str, Any], *, crossed: bool, names: bool) -> Sums:
        """The kernel's sums of a chunk as ``Sums``, key for key what ``Sums.add`` makes of the same games."""
        keys = self.keys
        out = Sums(games=raw["games"])
        for counter, values in ((out.total, raw["total"]), (out.squares, raw["squares"]),
                                (out.by_deals, raw["by_deals"])):
            counter.update({key: value for key, value in zip(keys, values) if value})
        if crossed:
            for prefix, values in (("ab:", raw["cross_ab"]), ("ad:", raw["cross_ad"]), ("da:", raw["cross_da"])):
                out.cross.update({prefix + key: value for key, value in zip(keys, values) if value})
            out.decisive_cross.update({(da, na, db, nb): k for da, na, db, nb, k in raw["decisive_cross"]})
        out.eldest_pair.update({key: value for key, value in zip(("ee", "en", "nn"), raw["eldest_pair"]) if value})
        out.deals.update({deals: k for deals, k in raw["deals"]})
        out.decisive.update({(deal, deals): k for deal, deals, k in raw["decisive"]})
        out.lead = list(raw["lead"])
        out.wins = list(raw["wins"])
        if names:
            for name, points, events in zip(self.names, raw["names"], raw["named"]):
                if events:
                    out.names[name] += points
                    out.named.add(name)
        return out


def _source(kind: Any) -> str:
    return HITTER if kind.hitter else kind.rule


def merged(tallies: Iterable[Tally], specs: int, *, skill: bool = False) -> Tally:
    out = Tally.empty(specs, skill=skill)
    for tally in tallies:
        out.merge(tally)
    return out


__all__ = ["KernelLayout", "LEAD_POINTS", "MEASURES", "SkillSums", "Sums", "Tally", "group_key", "lead_tenths", "measures_of",
           "merged", "source_key"]
