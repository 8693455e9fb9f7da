"""``Simulation``: ``costly simulate`` from Python, one profile's seeded games summarised."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Sequence

from . import running
from .frames import frame

if TYPE_CHECKING:
    from ..runs.simulate import Summary
    from ..profiles import Profile

    ProfileRef = Profile | str | os.PathLike[str]


class Simulation:
    """Seeded games of one profile, bot against bot, every game's invariants checked. Make one with
    ``Simulation.run``; ``summary`` holds the figures, ``to_dict()`` is ``costly simulate --json``, and
    ``complete`` is False if the run was stopped before every game was played."""

    def __init__(self, summary: Summary, *, complete: bool = True) -> None:
        self.summary = summary
        self.complete = complete

    @classmethod
    def run(cls, profile: ProfileRef, *, games: int, seed: int, bots: Sequence[str] = running.DEFAULT_BOTS,
            jobs: int | None = None) -> Simulation:
        """Play ``costly simulate --variant PROFILE --games N --seed S``: the same games, the same summary.

        ``bots``: one name, or one per seat in turn; ``jobs``: local processes (default: one a core), which
        change nothing but the time taken. Ctrl-C keeps the games finished (``complete`` is then False)."""
        from .. import profiles

        chosen_bots, jobs = running.checked_options(games=games, seed=seed, bots=bots, jobs=jobs)
        chosen = profiles.load(profile)
        result, (summary,) = running.run_simulation([chosen], games=games, seed=seed, bots=chosen_bots, jobs=jobs)
        if result.stopped is not None and not result.games:
            raise result.stopped
        return cls(summary, complete=result.complete)

    @property
    def games(self) -> int:
        """The games played (fewer than asked for if the run was stopped)."""
        return self.summary.games

    @property
    def wins_by_team(self) -> list[int]:
        """Games won by each side: seat 0's first (with its partner, seat 2, in the four-hand game)."""
        return list(self.summary.wins_by_team)

    def to_dict(self) -> dict[str, Any]:
        """The document ``costly simulate --variant ID --json`` prints."""
        return self.summary.as_dict()

    def to_json(self) -> str:
        """``to_dict()`` as ``costly simulate --json`` prints it (without its last line break)."""
        from ..profiles.display import dumps

        return dumps(self.to_dict())

    def to_pandas(self) -> Any:
        """The mean points a game by what scored them, most first: a ``pandas.DataFrame`` with the columns
        ``score`` and ``points_per_game``. Needs the ``pandas`` extra."""
        points = sorted(self.to_dict()["mean_points_per_game_by_score"].items(), key=lambda kv: (-kv[1], kv[0]))
        return frame(({"score": name, "points_per_game": value} for name, value in points),
                     ("score", "points_per_game"))

    def __repr__(self) -> str:
        s = self.summary
        return (f"<Simulation of {s.variant}: {s.games} games, seed {s.seed}, bots {'/'.join(s.bots)}, "
                f"wins by side {s.wins_by_team}>")


__all__ = ["Simulation"]
