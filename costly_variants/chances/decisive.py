"""How decisive a game is, from its win table: what the first deal is worth, how often a side behind at
half-way comes back, how often the lead changes hands. Each figure with its 95% interval.

- the first dealer's chance: side A's chance from 0-0 with side A to deal (where the two sides' bots
  differ, the mean of side A's and side B's as first dealer);
- the chance of winning from 10 and from 20 behind at half-way: the trailer's chance with the leader at
  half the target (rounded down) and the trailer 10 or 20 behind, the mean over who deals next (the
  deal alternates);
- the expected number of lead changes in a game: games played out deal by deal from the sampled deals
  (``GAMES`` a batch, each batch's games from that batch's deals alone), the lead changing as a side goes
  strictly ahead of the side that led last (as ``compare`` counts it in whole games).

The intervals are batch means, as the table's (``chances.table``): a figure from each independent batch
of deals, t over their spread.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..game.wintable import WinTable
from ..profiles.rules import Rules
from .deals import Deal
from ..stats import LEVEL, batch_half_width

GAMES = 2_000  # games played out a batch for the lead changes
BEHIND = (10, 20)


def half_way(target: int, behind: int) -> tuple[int, int] | None:
    """(trailer, leader) at half-way ``behind`` points behind, or None where the target is too small."""
    leader = target // 2
    return (leader - behind, leader) if leader - behind >= 0 else None


def _first_dealer(v: Any) -> Any:
    """From ``V[..., d, a, b]``: the first dealer's chance, the mean over which side deals first."""
    return (v[..., 0, 0, 0] + 1 - v[..., 1, 0, 0]) / 2


def _behind(v: Any, trailer: int, leader: int) -> Any:
    """The trailer's chance, the mean over who deals next and over which side trails."""
    a_trails = (v[..., 0, trailer, leader] + v[..., 1, trailer, leader]) / 2
    b_trails = (2 - v[..., 0, leader, trailer] - v[..., 1, leader, trailer]) / 2
    return (a_trails + b_trails) / 2


def _estimate(value: float, parts: Any) -> dict[str, Any]:
    half = float(batch_half_width(parts))
    return {"value": round(value, 4), "low": round(value - half, 4), "high": round(value + half, 4),
            "n": int(parts.shape[0]), "method": "batch-means"}


def lead_changes(rules: Rules, deals: Sequence[Deal], mirrored: bool, games: int, seed: int) -> float:
    """The mean lead changes of ``games`` games played out from ``deals`` (drawn with replacement)."""
    import numpy as np

    rng = np.random.Generator(np.random.PCG64(seed))
    width = max(len(d.runs) for d in deals)
    pools = []
    for side in (0, 1):  # the deals with side A (0) or side B (1) dealing, points signed: + for side A
        chosen = [d for d in deals if mirrored or d.dealer == side]
        pool = np.zeros((len(chosen), width), dtype=np.int64)
        for i, deal in enumerate(chosen):
            for j, (rel, points) in enumerate(deal.runs):
                pool[i, j] = points if rel ^ side == 0 else -points
        pools.append(pool)
    t, peg_out = rules.target, rules.peg_out_ends_game
    a = np.zeros(games, dtype=np.int64)
    b = np.zeros(games, dtype=np.int64)
    leader = np.full(games, -1)
    changes = np.zeros(games, dtype=np.int64)
    dealer = rng.integers(0, 2, games)
    alive = np.arange(games)
    for _ in range(100_000):
        if not len(alive):
            break
        runs = np.zeros((len(alive), width), dtype=np.int64)
        for side in (0, 1):
            here = dealer[alive] == side
            runs[here] = pools[side][rng.integers(0, len(pools[side]), int(here.sum()))]
        going = np.ones(len(alive), dtype=bool)
        for j in range(width):
            scored = runs[:, j] * going
            sa, sb = a[alive] + np.maximum(scored, 0), b[alive] + np.maximum(-scored, 0)
            a[alive], b[alive] = sa, sb
            ahead = np.where(sa > sb, 0, 1)
            moved = (sa != sb) & (ahead != leader[alive])
            changes[alive] += moved & (leader[alive] >= 0)
            leader[alive] = np.where(sa != sb, ahead, leader[alive])
            if peg_out:
                going &= (sa < t) & (sb < t)
        sa, sb = a[alive], b[alive]
        over = ~going if peg_out else ((sa >= t) | (sb >= t)) & (sa != sb)
        dealer[alive] ^= 1
        alive = alive[~over]
    return float(changes.mean())


def figures(rules: Rules, table: WinTable, whole: Any, parts: Any, deals: Sequence[Deal], bots: Sequence[str],
            seed: int, batches: int) -> dict[str, Any]:
    """The figures of the module's docstring, as plain data (``V[d, a, b]`` the table from all the deals,
    ``parts`` each batch's)."""
    import numpy as np

    mirrored = bots[0] == bots[-1]
    out: dict[str, Any] = {"target": rules.target, "bots": list(bots), "deals": len(deals), "seed": seed,
                           "level": LEVEL, "first_dealer": _estimate(float(_first_dealer(whole)), _first_dealer(parts))}
    for behind in BEHIND:
        where = half_way(rules.target, behind)
        if where is not None:
            out[f"behind_{behind}"] = {**_estimate(float(_behind(whole, *where)), _behind(parts, *where)),
                                       "trailer": where[0], "leader": where[1]}
    batch = np.arange(len(deals)) * batches // len(deals)  # as chances.table.prepare splits them
    per_batch = np.array([lead_changes(rules, [deals[int(i)] for i in np.flatnonzero(batch == k)], mirrored, GAMES,
                                       seed * 1000 + k) for k in range(batches)])
    out["lead_changes"] = _estimate(float(per_batch.mean()), per_batch)
    return out


__all__ = ["BEHIND", "GAMES", "figures", "half_way", "lead_changes"]
