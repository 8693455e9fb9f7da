"""The reports' shared layout: numbers and intervals to the decimals that show them, a profile's letter,
a table of cells fitted to the width, prose wrapped at spaces, Markdown escaped. Every report of a run
(``costly compare``, ``--by-rule``, ``readings``, ``design``, the win table's section) sets its figures
with these, so a figure reads the same in each."""
from __future__ import annotations

import textwrap
from typing import Any, Iterable, Sequence

WIDTH = 80  # the width of the report when none is given
LABEL = 24  # the label column of a table
CELL = 11  # one profile's column, at least
EFFECT = 14  # one effect's column in --by-rule: room for "-0.52±0.86*" with spaces between
GAP = 2  # the fewest spaces between two cells of a row


def letters(ids: Sequence[str]) -> dict[str, str]:
    """A short key per profile (A, B, ...), so that five profiles fit across 80 columns."""
    return {pid: _letter(i) for i, pid in enumerate(ids)}


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"P{index + 1}"


def decimals_for(size: float, *shown: float) -> int:
    """Decimals for figures of about ``size``: two below 10, one below 100, none above; more where a
    figure in ``shown`` that is not zero would otherwise print as zero."""
    places = 2 if size < 10 else 1 if size < 100 else 0
    while places < 12 and any(x and round(x, places) == 0 for x in shown):
        places += 1
    return places


def number(value: float, unit: str, *, signed: bool = False, scale: float | None = None,
            places: int | None = None) -> str:
    """Two decimals below 10, one below 100, none above (``scale`` picks them for a ± beside its value,
    ``places`` gives them outright, in the figure's unit: percent for a share)."""
    if value != value:  # NaN: nothing to estimate
        return "-"
    if unit == "share":
        value *= 100
        scale = None if scale is None else scale * 100
    digits = decimals_for(abs(value if scale is None else scale)) if places is None else places
    value = round(value, digits) + 0.0  # no "-0.00"
    return f"{value:+.{digits}f}" if signed and value else f"{value:.{digits}f}"


def interval_places(estimate: dict[str, Any], unit: str) -> int:
    """Decimals for a value and its interval: the usual ones, or more where the interval is clear of zero
    and would otherwise look as if it reached zero, as ``value±half`` or as its bounds, or where a
    half-width that is not zero would print as ``±0.00``."""
    factor = 100 if unit == "share" else 1
    value, low, high = (float(estimate[k]) * factor for k in ("value", "low", "high"))
    half = (high - low) / 2
    places = decimals_for(max(abs(value), half))
    while places < 12 and half > 0 and round(half, places) == 0:  # never "±0.00" for a spread that is not zero
        places += 1
    if low > 0 or high < 0:  # clear of zero: the value, the bound nearer zero and value less half show it
        nearer = low if low > 0 else high  # (the last where the interval is even: Wilson's need not be)
        apart = abs(value) > half
        while places < 12 and (round(value, places) == 0 or round(nearer, places) == 0 or
                               apart and round(abs(value), places) - round(half, places) <= 0):
            places += 1
    return places


def cell(estimate: dict[str, Any], unit: str, *, signed: bool = False, mark: bool = False) -> str:
    """``52.1±3.1`` (a share in percent) or ``7.02±0.10``; no ± where the games are too few. A figure
    clear of zero is never shown as zero: ``+0.0010±0.0005*``, not ``0.00±0.00*``. ``mark`` stars a
    difference that survived the report's error control (``stats.control``), not every one whose own interval
    is clear of zero."""
    value = float(estimate["value"])
    if estimate.get("low") is None:
        text = number(value, unit, signed=signed and value != 0)
        return text + " ?" if text != "-" else text
    half = (float(estimate["high"]) - float(estimate["low"])) / 2
    places = interval_places(estimate, unit)
    if unit == "share" and not signed and not 0 <= value - half <= value + half <= 1:
        # A share near 0% or 100% (Wilson's interval is lopsided there): how far it reaches each way, never
        # "0.0±0.1", which reads as if the share could be below nothing: "3.3+8.0/-2.4", "0.0+6.0" (no
        # space: four profiles' columns still fit across 80).
        up, down = float(estimate["high"]) - value, value - float(estimate["low"])
        places = decimals_for(100, value * 100, up * 100, down * 100) + 1
        reach = [f"+{number(up, unit, places=places)}"] if up > 0 else []
        reach += [f"-{number(down, unit, places=places)}"] if down > 0 else []
        return number(value, unit, places=places) + "/".join(reach)
    text = (number(value, unit, signed=signed and value != 0, places=places) + "±"
            + number(half, unit, places=places))
    if mark and estimate.get("starred"):
        text += "*"
    return text


def star_key(control: dict[str, Any]) -> str:
    """What a star means, once a report: ``* = clear of zero ... over 36 differences tested``."""
    tested = int(control["tested"])
    if not tested:
        return "* = none: no difference could be tested (the same games, or too few for an interval)"
    return (f"* = clear of zero after allowing for the {tested} difference{'s' if tested != 1 else ''} tested "
            f"(Holm): at most a {float(control['rate']):.0%} chance that any star in this report is false")


def table(title: str, columns: Sequence[str], rows: Iterable[tuple[str, Sequence[str]]], width: int, *,
           label: int = LABEL) -> list[str]:
    """A title, a line of column heads, and a line per row: its name, then its cells. A name is never cut:
    the columns give up what room they can spare (down to their widest cell) so that the names fit, and a
    name that still does not fit goes on a line of its own above its cells."""
    rows = list(rows)
    across = max(1, len(columns))
    if width < label + CELL:  # too narrow for the usual label column: the label takes what is left
        label = max(0, width - CELL * len(columns))
    column = max(CELL, min(16, (width - label) // across))
    # Two spaces at least part two cells (a clear difference shown to four decimals, '+0.0003±0.0002*',
    # once ran into its neighbour), and a wider cell widens every column.
    widest = max((len(c) + GAP for _, cells in rows for c in cells), default=0)
    column = max(column, widest)
    longest = max((len(name) + 1 for name, _ in rows), default=label)
    if longest > width - column * len(columns):  # the names need the room: the columns give what they can
        column = max(widest, min(column, (width - longest) // across))
    label = max(min(12, width - column * len(columns)), min(max(label, longest), width - column * len(columns)), 0)
    lines = (wrap(title, width, "", "") if title else [title]) + [
        " " * label + "".join(c.rjust(column) for c in columns)]
    for name, cells in rows:
        if len(name) > label - 1:
            indent = name[:len(name) - len(name.lstrip())]
            lines += wrap(name.strip(), width, indent, indent + "  ")
            name = ""
        lines.append(name.ljust(label) + "".join(c.rjust(column) for c in cells))
    return lines


def groups(ids: Sequence[str], width: int, cells: Iterable[Sequence[str]] = ()) -> list[list[str]]:
    """The profiles in groups of as many as fit across beside the labels (at least one), each column as
    wide as the widest of ``cells`` (the rows' cells) needs."""
    column = max([CELL, *(len(c) + GAP for row in cells for c in row)])
    across = max(1, (width - LABEL) // column)
    return [list(ids[i:i + across]) for i in range(0, len(ids), across)]


def wrap(text: str, width: int, indent: str = "  ", more: str = "    ") -> list[str]:
    """Lines broken at spaces only: an id, a passage or a value longer than the line is not split. Where a
    word fits the width but not beside the indents, they are made smaller (a narrow window only)."""
    room = width - max((len(word) for word in text.split()), default=0)
    if room >= 0:
        indent, more = indent[:room], more[:room]
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False,
                         break_long_words=False) or [indent]


def interval(estimate: dict[str, Any], unit: str, *, signed: bool = False) -> str:
    """``0.52 [0.31, 0.73]``: the value and its bounds to the same decimals, as many as keep a clear
    interval from looking as if it reached zero."""
    percent = "%" if unit == "share" else ""
    if estimate.get("low") is None:
        return f"{number(float(estimate['value']), unit, signed=signed)}{percent} (too few games)"
    places = interval_places(estimate, unit)
    value, low, high = (number(float(estimate[k]), unit, signed=signed and k == "value", places=places)
                        for k in ("value", "low", "high"))
    return f"{value}{percent} [{low}, {high}]"


def md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;")
