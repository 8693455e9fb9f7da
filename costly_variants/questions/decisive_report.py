"""``costly compare``'s section on how decisive each game is, from each profile's win table: the first
dealer's chance, the chance of winning from 10 and from 20 behind at half-way, the expected lead changes
(``chances.decisive``), each with its 95% interval. ``of`` adds the figures to the comparison's data
(so ``--json`` has them, under ``decisive``; empty in a run stopped early, which reports only the
games it finished and stops at once); ``text_lines`` and ``markdown_lines`` show them.

The tables are worked out under the comparison's bots from ``COMPARE_DEALS`` deals a profile (about a
second a profile with the greedy bot; kept in the cache folder, so a profile whose rules and bots are
unchanged costs nothing the next time).
"""
from __future__ import annotations

from typing import Any, Sequence

from ..profiles import Profile
from ..profiles.rules import Rules

COMPARE_DEALS = 4_000
ROWS = (("first_dealer", "first dealer wins", "share"), ("behind_10", "from 10 behind at half", "share"),
        ("behind_20", "from 20 behind at half", "share"), ("lead_changes", "lead changes (table)", "number"))
TITLE = "How decisive the game is"


FOLDER = "decisive"  # the figures alone, in the cache folder: reading a whole win table back costs a tenth of a second


def of(chosen: Sequence[Profile], bots: Sequence[str]) -> dict[str, Any]:
    """Each profile's figures of how decisive its game is, under ``bots`` (side A's, side B's)."""
    pair = (bots[0], bots[1 % len(bots)])
    return {p.id: _figures(p.rules, pair) for p in chosen}


def _figures(rules: Rules, pair: tuple[str, str]) -> dict[str, Any]:
    """The figures of ``odds_store.odds`` (the win table's), kept beside it under the same key."""
    from ..cache import cache_dir, read_sealed, write_sealed
    from ..game.wintable import NoTableError
    from ..chances.table import DEFAULT_SEED
    from ..chances.store import key, odds

    try:
        figures_key = key(rules, pair, COMPARE_DEALS, DEFAULT_SEED) if cache_dir() is not None else None
    except OSError:  # the package's code cannot be read (a zip, say): no key, so no cache
        figures_key = None
    name = f"{FOLDER}/{figures_key and figures_key[:32]}.json"
    found = read_sealed(name, figures_key) if figures_key else None
    if isinstance(found, dict):
        return found
    try:
        figures: dict[str, Any] = odds(rules, bots=pair, deals=COMPARE_DEALS)[1]
    except NoTableError:  # rules no table can be sampled under (game.wintable): a dash in each row
        return {}
    if figures_key:
        write_sealed(name, figures_key, figures, keep=64)
    return figures


def _note(data: dict[str, Any]) -> str:
    some = next(figures for figures in data["decisive"].values() if figures)
    return f"each profile's win table ({'/'.join(some['bots'])}, {some['deals']:,} deals; 95% intervals)"


def gaps_note(data: dict[str, Any], ids: Sequence[str]) -> str:
    """What a dash in the section's text table stands for, where one is shown; else nothing."""
    found = data.get("decisive")
    if not found or not any(found.values()):
        return ""
    said = []
    if any(found.get(p) and any(name not in found[p] for name, _, _ in ROWS) for p in ids):
        said.append("a position that cannot happen in that game (the leader at half-way has half the target, "
                    "fewer points than that lead)")
    if any(not found.get(p) for p in ids):
        said.append("a game whose win table cannot be sampled")
    return f"'-' in the win table: {' or '.join(said)}." if said else ""


def text_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    """The section as text, as wide as ``width``: a row a figure, a column a profile."""
    from ..runs.layout import cell, groups, table, wrap

    found = data.get("decisive")
    if not found or not any(found.values()):
        return []
    lines: list[str] = []
    for group in groups(ids, width):
        rows = [(label, [cell(found[p][name], unit) if name in found[p] else "-" for p in group])
                for name, label, unit in ROWS]
        lines += table(f"{TITLE}: {_note(data)}" if not lines else TITLE, [key[p] for p in group], rows, width)
    return lines + wrap(LEAD_CHANGES, width, "", "")


# Two counts of the lead changes in one report, and why they need not agree within their intervals.
LEAD_CHANGES = ("Lead changes (table) are counted in games put together from the win table's deals, each drawn "
                "alone as if its scoring did not depend on the score; lead changes a game (how the game feels) "
                "in the games played: a gap between them is what that assumption leaves out.")


def markdown_lines(data: dict[str, Any]) -> list[str]:
    from ..runs.layout import interval

    found = data.get("decisive")
    if not found or not any(found.values()):
        return []
    ids = list(found)
    out = [f"### {TITLE}", "", f"From {_note(data)}: the leader at half-way has half the target; "
           "`costly odds ID` gives every position.", "", "| figure | " + " | ".join(ids) + " |",
           "|---" * (len(ids) + 1) + "|"]
    for name, label, unit in ROWS:
        out.append(f"| {label} | " + " | ".join(interval(found[p][name], unit) if name in found[p] else "-"
                                              for p in ids) + " |")
    return out + ["", LEAD_CHANGES, ""]


__all__ = ["COMPARE_DEALS", "gaps_note", "markdown_lines", "of", "text_lines"]
