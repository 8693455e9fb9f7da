"""The win table of a rule set, worked out: side A's chance of winning from every position, with its error.

How, as such tables are made for cribbage: by dynamic programming from the target back, over the
outcomes of a deal. Side A's chance V from scores (a, b) with side d to deal is

    V(a, b, d) = P_d(A pegs out first in the deal | a, b) + sum over the deal's totals (x, y) of
                 P_d(x, y, nobody reaches the target) * V(a + x, b + y, the other side),

where the deal's outcomes keep the order in which points fall (``chances.deals``): who pegs out first
is decided by that order, not by the totals. Where the target does not end the game at once, the deal
is played out and the higher score at or past the target wins (equal scores play on).

The outcomes are deals sampled from the bots' play (``deals.sample``). The table rests on one
assumption: a deal's outcome does not depend on the score. That is true of bots that play for points
(``random``, ``greedy``, ``expert``), and of ``search-points`` far from the target (near it, it plays to
win). ``search`` plays the board (its choices follow the score everywhere), so its deals are sampled as
``search-points`` plays them (``deals.FAR_BOTS``): its table is that of the same search playing for
points (``bench_odds.py`` measures the difference against games played from given positions). Where
both sides' bots are the same, a deal is a sample of the dealer's deal and of the other side's alike
(the two distributions mirrored).

Error: the deals are split into ``BATCHES`` independent batches in the order played, a table worked
out from each, and each chance's 95% half-interval is Student's t over the batch tables' spread (batch
means). The table itself is worked out from all the deals.

numpy does the arithmetic: each row of the board (side A's score) is worked out from the rows above
by FFT correlation with the deal's totals, then the row's own positions (deals where side A scores
nothing) by one linear solve, the same matrix for every row.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..game.wintable import WinTable, rounded
from ..profiles.rules import Rules
from .deals import Deal, Progress, sample
from ..stats import LEVEL, batch_half_width, t_quantile

if TYPE_CHECKING:
    import numpy

BATCHES = 10
DEFAULT_BOT = "search"  # the strongest bot the engine has
DEFAULT_DEALS = 8_000  # deals sampled: about 15 CPU-seconds with the search bot, a fraction of one with the others
DEFAULT_SEED = 1


@dataclass(frozen=True)
class Prepared:
    """The sampled deals as the dynamic programming reads them, for one side dealing: each deal's totals
    and, for every score side A (or B) can reach in it, the other side's points before it did."""

    totals: Any  # (deals, 2) ints: side A's and side B's points
    a_deal: Any  # entries (deal, points A needed, B's points before A had them)
    a_need: Any
    a_before: Any
    b_deal: Any
    b_need: Any
    b_before: Any


def _prepare(deals: Sequence[Deal], flip: Sequence[int], target: int) -> Prepared:
    """``deals`` with sides made absolute (side A = 0): a deal's side ``s`` is ``s ^ flip[i]``."""
    import numpy as np

    totals = np.zeros((len(deals), 2), dtype=np.int64)
    runs: list[tuple[int, int, int, int]] = []  # (deal, side, its points before, the other's points before)
    for i, (deal, f) in enumerate(zip(deals, flip)):
        done = [0, 0]
        for rel, points in deal.runs:
            side = rel ^ f
            runs.append((i, side, done[side], done[1 - side]))
            done[side] += points
        totals[i] = done
    table = np.array(runs, dtype=np.int64).reshape(-1, 4)
    ends = np.array([points for deal in deals for _, points in deal.runs], dtype=np.int64) + table[:, 2]
    out = []
    for side in (0, 1):
        mine = table[table[:, 1] == side]
        reach = np.minimum(ends[table[:, 1] == side], target)
        # every score the side reaches in the run, from its points before + 1 to the run's end (up to the target)
        count = np.maximum(reach - mine[:, 2], 0)
        first = np.repeat(np.cumsum(count) - count, count)
        need = np.repeat(mine[:, 2], count) + 1 + np.arange(int(count.sum())) - first
        out += [np.repeat(mine[:, 0], count), need, np.repeat(np.minimum(mine[:, 3], target), count)]
    return Prepared(totals, *out)


def _distribution(p: Prepared, weights: numpy.ndarray, target: int, width: int) -> tuple[Any, Any, Any]:
    """The deal's totals ``J[x, y]`` (up to ``width`` each), and ``HA[r, k]``/``HB[r, k]``: the chance that
    side A (B) reaches ``r`` points in the deal with the other side at ``k`` points before, all under
    these deal weights (summing to one)."""
    import numpy as np

    # Totals of the width or more (only where pegging out ends the game, at the target) always peg out:
    # they are in HA and HB, not among the deals that leave both sides short.
    x, y = p.totals[:, 0], p.totals[:, 1]
    short = (x < width) & (y < width)
    joint = np.bincount(np.where(short, x * width + y, 0), weights=weights * short,
                        minlength=width * width).reshape(width, width)
    size = (target + 1) * (target + 1)
    ha = np.bincount(p.a_need * (target + 1) + p.a_before, weights=weights[p.a_deal], minlength=size)
    hb = np.bincount(p.b_need * (target + 1) + p.b_before, weights=weights[p.b_deal], minlength=size)
    return joint, ha.reshape(target + 1, target + 1), hb.reshape(target + 1, target + 1)


def solve(target: int, peg_out: bool, dists: Sequence[tuple[Any, Any, Any]]) -> tuple[Any, tuple[float, float]]:
    """Side A's chance from every position, ``V[d, a, b]``, from each dealing side's ``_distribution``;
    and side A's chance from equal scores at or past the target, by who deals (the target not ending
    the game at once)."""
    import numpy as np

    t = target
    width = dists[0][0].shape[0]
    # From equal scores at or past the target: the next deal's higher total wins; equal totals play on.
    gain = [float(np.tril(j, -1).sum()) for j, _, _ in dists]  # x > y
    even = [float(np.trace(j)) for j, _, _ in dists]
    denominator = 1 - even[0] * even[1]
    ties = ((gain[0] + even[0] * gain[1]) / denominator, (gain[1] + even[1] * gain[0]) / denominator) \
        if denominator > 0 else (0.5, 0.5)
    length = 1 << math.ceil(math.log2(t + width + 1))
    rows_needed = t + width

    def terminal(d: int) -> Any:
        """Side A's chance at every position on or past the target, (rows, length), d dealing next."""
        out = np.zeros((rows_needed, length))
        if peg_out:
            return out  # pegging out is counted as it happens (the W term): nothing is left to add
        a = np.arange(rows_needed)[:, None]
        b = np.arange(length)[None, :]
        out[(a >= t) & (b < t)] = 1.0
        both = (a >= t) & (b >= t)
        out[both & (a > b)] = 1.0
        out[both & (a == b)] = ties[d]
        return out

    ext = [terminal(d) for d in (0, 1)]
    values = np.zeros((2, t, t))
    spectra = [np.fft.rfft(e, axis=1) for e in ext]
    joint_spectra = [np.conj(np.fft.rfft(j[1:], n=length, axis=1)) for j, _, _ in dists]
    # Pegging out first, from (a, b): W[a, b] = sum over k < T - b of HA[T - a, k].
    pegs = []
    for _, ha, _ in dists:
        before = np.cumsum(ha, axis=1)  # before[r, k]: reached r with the other at k or fewer
        need = t - np.arange(t)
        pegs.append(before[need[:, None], need[None, :] - 1] if peg_out else np.zeros((t, t)))
    # A row's own positions: deals where side A scores nothing move along the row only. Read from the
    # row's end (b = T - 1 first), V_d = c_d + j_d * V_other is a causal convolution, so
    # V_0 = h * (c_0 + j_0 * c_1) with h the power series 1 / (1 - j_0 * j_1), to T terms.
    along = [np.pad(j[0, :t], (0, max(0, t - j.shape[1]))) for j, _, _ in dists]
    series = -np.convolve(along[0], along[1])[:t]
    series[0] += 1.0
    h = np.zeros(t)
    h[0] = 1.0 / series[0]
    for i in range(1, t):
        h[i] = -np.dot(series[1:i + 1], h[i - 1::-1]) / series[0]
    for a in range(t - 1, -1, -1):
        known = []
        for d in (0, 1):
            other = 1 - d
            rows = spectra[other][a + 1:a + width]
            corr = np.fft.irfft((joint_spectra[d][:len(rows)] * rows).sum(axis=0), n=length)[:t]
            known.append((pegs[d][a] + corr)[::-1])
        for d in (0, 1):
            mixed = known[d] + np.convolve(along[d], known[1 - d])[:t]
            values[d, a] = np.convolve(h, mixed)[:t][::-1]
            ext[d][a, :t] = values[d, a]
            spectra[d][a] = np.fft.rfft(ext[d][a])
    return values, ties


@dataclass(frozen=True)
class Sampled:
    """The deals a table is worked out from, prepared for each side dealing, with their batches."""

    target: int
    peg_out: bool
    prepared: tuple[Prepared, Prepared]
    batch_of: tuple[Any, Any]  # each prepared deal's batch, for each side dealing
    width: int


def prepare(rules: Rules, deals: Sequence[Deal], *, mirrored: bool, batches: int = BATCHES) -> Sampled:
    """The deals for the dynamic programming: with ``mirrored`` (the same bot on both sides) every deal
    serves both sides dealing, else each side's own deals."""
    import numpy as np

    t = rules.target
    batch = np.arange(len(deals)) * batches // max(1, len(deals))
    prepared, batch_of = [], []
    for d in (0, 1):
        chosen = [i for i, deal in enumerate(deals) if mirrored or deal.dealer == d]
        if not chosen:
            raise ValueError(f"no deal dealt by side {'AB'[d]} among the {len(deals)} sampled")
        prepared.append(_prepare([deals[i] for i in chosen], [d] * len(chosen), t))
        batch_of.append(batch[chosen])
    widest = max(int(p.totals.max()) for p in prepared) + 1
    width = min(widest, t) if rules.peg_out_ends_game else widest
    return Sampled(t, rules.peg_out_ends_game, (prepared[0], prepared[1]), (batch_of[0], batch_of[1]), width)


def _solve_weighted(s: Sampled, chosen: int | None) -> tuple[Any, tuple[float, float]]:
    import numpy as np

    dists = []
    for p, batch in zip(s.prepared, s.batch_of):
        weights = np.ones(len(batch)) if chosen is None else (batch == chosen).astype(float)
        weights /= weights.sum()
        dists.append(_distribution(p, weights, s.target, s.width))
    return solve(s.target, s.peg_out, dists)


def solve_batches(s: Sampled, batches: int = BATCHES) -> tuple[Any, Any, tuple[float, float]]:
    """The table from all the deals, each batch's table, and the tie chances (from all the deals)."""
    import numpy as np

    whole, ties = _solve_weighted(s, None)
    parts = np.stack([_solve_weighted(s, k)[0] for k in range(batches)])
    return whole, parts, ties


def win_table(rules: Rules, *, bots: Sequence[str] = (DEFAULT_BOT,), deals: int = DEFAULT_DEALS,
              seed: int = DEFAULT_SEED, batches: int = BATCHES) -> WinTable:
    """The win table of ``rules`` (see the module's docstring), worked out now: ``bots`` side A's and
    side B's (one name for both), ``deals`` the deals sampled with ``seed``."""
    table, _ = worked_out(rules, bots=bots, deals=deals, seed=seed, batches=batches)
    return table


def worked_out(rules: Rules, *, bots: Sequence[str], deals: int, seed: int, batches: int = BATCHES,
               progress: Progress | None = None) -> tuple[WinTable, dict[str, Any]]:
    """The table and the figures of how decisive the game is (``decisive.figures``), from one sample
    (``progress`` told of the deals sampled)."""
    import numpy as np

    from .decisive import figures

    pair = (bots[0], bots[-1])
    sampled_deals = sample(rules, pair, deals, seed, progress=progress)
    s = prepare(rules, sampled_deals, mirrored=pair[0] == pair[1], batches=batches)
    whole, parts, ties = solve_batches(s, batches)
    errors = batch_half_width(parts)
    order = np.transpose(whole, (1, 2, 0)).ravel()  # (a, b, dealer): the table's layout
    tie = rounded(ties)
    table = WinTable(rules.target, rounded(order.tolist()), rounded(np.transpose(errors, (1, 2, 0)).ravel().tolist()),
                     pair, deals, seed, rules.peg_out_ends_game, (tie[0], tie[1]), LEVEL)
    return table, figures(rules, table, whole, parts, sampled_deals, pair, seed, batches)


__all__ = ["BATCHES", "DEFAULT_BOT", "DEFAULT_DEALS", "DEFAULT_SEED", "prepare", "solve",
           "solve_batches", "win_table", "worked_out"]
