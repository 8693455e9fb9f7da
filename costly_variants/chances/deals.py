"""Sampled deals: the order in which one deal's points fall, for the win table (``chances.table``).

A deal is kept as its *runs*: the points each side scores in turn, consecutive scores of one side added
together (the heels, the play, the mog, the count, in the order the game makes them). Whether a side
pegs out first, how the lead changes, and the deal's totals are the same from the runs as from the
scores one by one, since a side's score only grows within a run.

Deals are sampled from whole games played by the bots under the profile's rules with the target set far
away (``FAR``), so that no deal is played near the target: the deal's outcome is then that of bots that
play for points, whatever the score (the assumption the table rests on; ``bench_odds.py`` checks it
against games played to the real target). A deal is kept when the score before it is ``MARGIN`` or
more short of that far target: the choice depends only on the deals before it, so the kept deals are
a fair sample (a deal ending a game would be a biased one), and no deal scores ``MARGIN``.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from ..game import kernel
from ..game.wintable import NoTableError
from ..profiles.rules import Rules

FAR = 1500  # the far target the deals are sampled under
MARGIN = 300  # a deal is kept only when both sides are this far from FAR before it
CHUNK = 64  # games played at a time
PROGRESS_CHUNK = 4  # games played at a time where progress is shown (a far game holds a hundred deals)
Progress = Callable[[int, int], None]  # (deals sampled, deals in all)
# Far from the target the board-playing search plays the point search's deals: its table to the far
# target is not worked out (4.5 million positions, every one near even), so its deals are sampled as
# the point search plays them (what its table is then, docs/analysis.rst says).
FAR_BOTS = {"search": "search-points"}


@dataclass(frozen=True)
class Deal:
    """One deal's points in order: ``runs`` of (side, points), sides relative to the dealer (0 the
    dealer's side, 1 the other), consecutive runs of different sides; ``dealer`` the dealing side."""

    dealer: int
    runs: tuple[tuple[int, int], ...]

    def totals(self) -> tuple[int, int]:
        """The dealer's side's points and the other side's."""
        out = [0, 0]
        for side, points in self.runs:
            out[side] += points
        return out[0], out[1]


def runs_of(scores: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """(side, points) scores in order as runs: zero scores left out, a side's consecutive scores added."""
    runs: list[list[int]] = []
    for side, points in scores:
        if not points:
            continue
        if runs and runs[-1][0] == side:
            runs[-1][1] += points
        else:
            runs.append([side, points])
    return tuple((side, points) for side, points in runs)


def far_rules(rules: Rules) -> Rules:
    """The rules with the target so far that no deal is played near it."""
    return dataclasses.replace(rules, target=FAR)


def seeds(seed: int) -> Iterator[int]:
    """The games' seeds, the same for the same ``seed``."""
    rng = random.Random(f"costly odds {seed}")
    while True:
        yield rng.getrandbits(63)


def _game_deals(dealer_sides: Sequence[int], events: Sequence[tuple[int, int, int]], games_deals: int,
                peg_out: bool) -> list[Deal]:
    """The kept deals of one game: ``events`` its (deal, side, points) in order, ``dealer_sides`` the side
    that dealt each deal (from the first). Where pegging out ends the game, a kept deal must not reach
    the far target: it would be cut short where the side pegged out (house rules that score ``MARGIN``
    or more in a deal have no table). Else the deal that passes the far target is played out whole, and
    kept as any other."""
    by_deal: dict[int, list[tuple[int, int]]] = {}
    for deal, side, points in events:
        by_deal.setdefault(deal, []).append((side, points))
    kept, totals = [], [0, 0]
    for deal in range(1, games_deals + 1):
        scores = by_deal.get(deal, [])
        if max(totals) >= FAR - MARGIN:
            break
        dealer = dealer_sides[deal - 1]
        kept.append(Deal(dealer, runs_of([(side ^ dealer, points) for side, points in scores])))
        for side, points in scores:
            totals[side] += points
        if max(totals) >= FAR and peg_out:
            raise NoTableError(f"a side scored {MARGIN} points or more in one deal, and pegging out ends the "
                               "game: the win table's deals, sampled far from the target, would be cut short")
    return kept


def sample(rules: Rules, bots: Sequence[str], count: int, seed: int, *, progress: Progress | None = None
           ) -> list[Deal]:
    """``count`` deals played by ``bots`` (side A's, side B's) under ``rules``, in the order played: by
    the compiled kernel where it plays these rules and bots, else by the Python engine (the same games);
    ``progress`` told (deals played, ``count``) as each chunk of games ends."""
    far = far_rules(rules)
    seats = [FAR_BOTS.get(bots[p % 2], bots[p % 2]) for p in range(rules.players)]  # side A the even seats
    fast = kernel.plays(seats) and kernel.cannot_play(far) is None
    out: list[Deal] = []
    source, games = seeds(seed), 0
    while len(out) < count:
        # As many games as the deals still wanted need, at the deals a game has given so far (one at first).
        wanted = 1 if not games else -(-(count - len(out)) * games // max(1, len(out)))
        # Smaller chunks where progress is shown: the same games, as the deals are the first ``count``.
        chunk = [next(source) for _ in range(min(CHUNK if progress is None else PROGRESS_CHUNK, wanted))]
        games += len(chunk)
        for deals in (_kernel_games(far, seats, chunk) if fast else _engine_games(far, seats, chunk)):
            out += deals
        if progress is not None:
            progress(min(len(out), count), count)
    return out[:count]


def _sides(rules: Rules) -> list[int]:
    return [p % 2 if rules.partnerships else p for p in range(rules.players)]


def _kernel_games(rules: Rules, seats: Sequence[str], chunk: Sequence[int]) -> Iterator[list[Deal]]:
    sides = _sides(rules)
    games = kernel.play(rules, seats, chunk, trace=True)
    for seed, game in zip(chunk, games):
        if game is None:  # a game the kernel leaves to the engine
            yield from _engine_games(rules, seats, [seed])
            continue
        first = game.winner if game.first_dealer_won else 1 - game.winner
        dealer_sides = [first ^ (d % 2) for d in range(game.deals)]
        flat = game.events
        events = [(flat[i], sides[flat[i + 1]], flat[i + 2]) for i in range(0, len(flat), 4)]
        yield _game_deals(dealer_sides, events, game.deals, rules.peg_out_ends_game)


def _engine_games(rules: Rules, seats: Sequence[str], chunk: Sequence[int]) -> Iterator[list[Deal]]:
    from ..game.playout import play_game
    from ..game.state import Game

    game = Game(rules)
    for seed in chunk:
        state = play_game(game, seats, seed, check="none")
        last, n = state.deal_number, rules.players
        dealer_sides = [state.team_of((state.dealer - (last - d)) % n) for d in range(1, last + 1)]
        yield _game_deals(dealer_sides, [(e.deal, e.team, e.points) for e in state.events], last,
                          rules.peg_out_ends_game)


__all__ = ["CHUNK", "Deal", "FAR", "FAR_BOTS", "Progress", "MARGIN", "far_rules", "runs_of", "sample", "seeds"]
