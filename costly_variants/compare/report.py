"""The comparison as text for a terminal of any width, as Markdown (for a wiki or a forum) and as CSV.

All three render the dictionary that ``study.summarise`` (or ``byrule.summarise``) builds; JSON is that
dictionary itself. Text shows each interval as ± half its width; Markdown and CSV give both bounds.

The text is laid out to the width it is given (the command line passes the window's, 80 when piped):
as many profiles side by side as fit, prose wrapped at spaces. Ids and values are never cut: a row
name too long for its column (a rule id in ``--by-rule``) is set on a line of its own above its
figures. Figure labels, whose whole text the other forms give, are shortened with "…" in a label
column of the usual width, as the 80-column report always has.
"""
from __future__ import annotations

import csv
import io
import textwrap
from typing import Any, Callable, Iterable, Sequence

from ..profiles.display import format_value
from .stats import TOO_FEW

WIDTH = 80  # the width of the report when none is given
LABEL = 24  # the label column of a table
CELL = 11  # one profile's column, at least
EFFECT = 14  # one effect's column in --by-rule: room for "-0.52±0.86*" with spaces between


def letters(ids: Sequence[str]) -> dict[str, str]:
    """A short key per profile (A, B, ...), so that five profiles fit across 80 columns."""
    return {pid: _letter(i) for i, pid in enumerate(ids)}


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"P{index + 1}"


def _places(size: float, *shown: float) -> int:
    """Decimals for figures of about ``size``: two below 10, one below 100, none above; more where a
    figure in ``shown`` that is not zero would otherwise print as zero."""
    places = 2 if size < 10 else 1 if size < 100 else 0
    while places < 12 and any(x and round(x, places) == 0 for x in shown):
        places += 1
    return places


def _number(value: float, unit: str, *, signed: bool = False, scale: float | None = None,
            places: int | None = None) -> str:
    """Two decimals below 10, one below 100, none above (``scale`` picks them for a ± beside its value,
    ``places`` gives them outright, in the figure's unit: percent for a share)."""
    if value != value:  # NaN: nothing to estimate
        return "-"
    if unit == "share":
        value *= 100
        scale = None if scale is None else scale * 100
    digits = _places(abs(value if scale is None else scale)) if places is None else places
    value = round(value, digits) + 0.0  # no "-0.00"
    return f"{value:+.{digits}f}" if signed and value else f"{value:.{digits}f}"


def _interval_places(estimate: dict[str, Any], unit: str) -> int:
    """Decimals for a value and its interval: the usual ones, or more where the interval is clear of zero
    and would otherwise look as if it reached zero, as ``value±half`` or as its bounds."""
    factor = 100 if unit == "share" else 1
    value, low, high = (float(estimate[k]) * factor for k in ("value", "low", "high"))
    half = (high - low) / 2
    places = _places(max(abs(value), half))
    if low > 0 or high < 0:  # clear of zero: the value, the bound nearer zero and value less half show it
        nearer = low if low > 0 else high  # (the last where the interval is even: Wilson's need not be)
        apart = abs(value) > half
        while places < 12 and (round(value, places) == 0 or round(nearer, places) == 0 or
                               apart and round(abs(value), places) - round(half, places) <= 0):
            places += 1
    return places


def cell(estimate: dict[str, Any], unit: str, *, signed: bool = False, mark: bool = False) -> str:
    """``52.1±3.1`` (a share in percent) or ``7.02±0.10``; no ± where the games are too few. A figure
    clear of zero is never shown as zero: ``+0.0010±0.0005*``, not ``0.00±0.00*``."""
    value = float(estimate["value"])
    if estimate.get("low") is None:
        text = _number(value, unit, signed=signed and value != 0)
        return text + " ?" if text != "-" else text
    half = (float(estimate["high"]) - float(estimate["low"])) / 2
    places = _interval_places(estimate, unit)
    text = (_number(value, unit, signed=signed and value != 0, places=places) + "±"
            + _number(half, unit, places=places))
    if mark and estimate.get("clear_of_zero"):
        text += "*"
    return text


def _table(title: str, columns: Sequence[str], rows: Iterable[tuple[str, Sequence[str]]], width: int, *,
           label: int = LABEL, shorten: bool = True) -> list[str]:
    """A title, a line of column heads, and a line per row: its name, then its cells. ``shorten``: a name
    longer than a label column of the usual width ends in "…" (figure labels); otherwise it goes on a
    line of its own (ids)."""
    rows = list(rows)
    if width < label + CELL:  # too narrow for the usual label column: the label takes what is left
        label = max(0, width - CELL * len(columns))
        shorten = False
    column = max(CELL, min(16, (width - label) // max(1, len(columns))))
    # Labels take what room the columns leave, so that few columns cut no label.
    longest = max((len(name) + 1 for name, _ in rows), default=label)
    label = max(label, min(longest, width - column * len(columns)))
    lines = (_wrap(title, width, "", "") if title else [title]) + [
        " " * label + "".join(c.rjust(column) for c in columns)]
    for name, cells in rows:
        if len(name) > label - 1 and shorten:
            name = name[:label - 2] + "…"
        elif len(name) > label - 1:
            indent = name[:len(name) - len(name.lstrip())]
            lines += _wrap(name.strip(), width, indent, indent + "  ")
            name = ""
        lines.append(name.ljust(label) + "".join(c.rjust(column) for c in cells))
    return lines


def _groups(ids: Sequence[str], width: int) -> list[list[str]]:
    """The profiles in groups of as many as fit across beside the labels (at least one)."""
    across = max(1, (width - LABEL) // CELL)
    return [list(ids[i:i + across]) for i in range(0, len(ids), across)]


def _wrap(text: str, width: int, indent: str = "  ", more: str = "    ") -> list[str]:
    """Lines broken at spaces only: an id, a passage or a value longer than the line is not split. Where a
    word fits the width but not beside the indents, they are made smaller (a narrow window only)."""
    room = width - max((len(word) for word in text.split()), default=0)
    if room >= 0:
        indent, more = indent[:room], more[:room]
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False,
                         break_long_words=False) or [indent]


def _hand_total(data: dict[str, Any]) -> str | None:
    """What to call the hand's "thirty-one" (cards adding up to the play limit) where a house profile
    moves the limit from 31: "41 (the hitter's total)"; None where every limit is 31, or not known."""
    from ..count.hand import hand_total_label

    limits = {p["play_limit"] for p in data["profiles"] if p.get("play_limit") is not None}
    if not limits or limits == {31}:
        return None
    if len(limits) == 1:
        return hand_total_label(limits.pop())
    return f"the hitter's total ({', '.join(map(str, sorted(limits)))})"


def _label(f: dict[str, Any], data: dict[str, Any]) -> str:
    """A figure's label, its "thirty-one" named for the limit where a house profile moves it."""
    moved = _hand_total(data) if f["key"].startswith("points.count.thirty_one") else None
    return f["label"].replace("thirty-one", moved) if moved else f["label"]


def _rules_lines(data: dict[str, Any], key: dict[str, str], width: int) -> list[str]:
    rows = data["rules_differing"]
    lines = _wrap(f"Rules that differ ({len(rows)}); passages cited in brackets, [=] as the profile before", width,
                  "", "")
    for row in rows:
        values = row["values"]
        # "; " between profiles: a list value has its own ", " (A 1; B 1, 11)
        shown = "; ".join(f"{key[p]} {format_value(v['value'])}" for p, v in values.items())
        lines += _wrap(f"{row['rule']}: {shown}", width)
        cites = []
        previous: list[str] | None = None
        for pid, v in values.items():
            cite = v["cite"]
            cites.append(f"{key[pid]} " + ("[=]" if cite == previous else f"[{', '.join(cite) or 'no passage'}]"))
            previous = cite
        lines += _wrap("; ".join(cites), width, "      ", "      ")
    return lines


def _exact(exact: dict[str, Any] | None, show: Callable[[dict[str, Any]], str]) -> str:
    """One exact figure, or a dash for a profile whose hands the analysis does not count."""
    return "-" if exact is None else show(exact)


def _share(exact: dict[str, Any] | None, category: str) -> str:
    return _exact(exact, lambda e: f"{e['category_share'].get(category, 0) * 100:.1f}%")


def _exact_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    exact = data["exact"]
    lines: list[str] = []
    counted = [e for e in exact.values() if e is not None]
    if not counted:
        return _wrap("Exact hand statistics: none of these profiles deals hands of three cards, which the analysis "
                     "counts", width, "", "") + [""]
    categories = list(counted[0]["category_share"])
    for group in _groups(ids, width):
        rows: list[tuple[str, Sequence[str]]] = [
            ("mean count", [_exact(exact[p], lambda e: f"{e['mean']:.3f}") for p in group]),
            ("spread (sd)", [_exact(exact[p], lambda e: f"{e['sd']:.3f}") for p in group]),
            ("maximum", [_exact(exact[p], lambda e: str(e["maximum"])) for p in group]),
            ("cock's nest (0)", [_exact(exact[p], lambda e: f"{e['cocks_nest_share'] * 100:.2f}%") for p in group]),
        ]
        moved = _hand_total(data)
        rows += [(f"share: {moved if c == 'thirty-one' and moved else c}", [_share(exact[p], c) for p in group])
                 for c in categories]
        lines += _table(f"Exact hand statistics ({_deals_counted(exact, key)})", [key[p] for p in group], rows,
                        width)
    if len(counted) < len(exact):
        lines += _wrap("- : hands of another size, which the exact analysis does not count", width, "", "    ")
    return lines


def _deals_counted(exact: dict[str, Any], key: dict[str, str]) -> str:
    """What the exact figures count: ``all 1,082,900 deals of three cards and a deck card``, or where the
    profiles deal hands of different sizes, each size's deals and its profiles."""
    from ..count.analysis import HAND_SIZES, deals_described, total_deals

    size_of = {total_deals(n): n for n in HAND_SIZES}
    sizes: dict[int, list[str]] = {}
    for pid, e in exact.items():
        if e is not None:
            deals = sum(e["distribution"].values())
            sizes.setdefault(size_of.get(deals, deals), []).append(key[pid])
    if len(sizes) == 1:
        return deals_described(next(iter(sizes)))
    return "; ".join(f"{', '.join(ids)}: {deals_described(n)}" for n, ids in sorted(sizes.items()))


SECTIONS = (("game", "Games"), ("points", "Points per deal by source"), ("feel", "How the game feels"),
            ("skill", "Skill: the stronger bot's share of wins (seats swapped)"))


def _figure_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    lines: list[str] = []
    figures = data["figures"]
    quartiles = data["deals_quartiles"]
    for section, title in SECTIONS:
        chosen = [f for f in figures if f["section"] == section]
        if not chosen:
            continue
        for group in _groups(ids, width):
            rows: list[tuple[str, Sequence[str]]] = []
            for f in chosen:
                label = _label(f, data) + (" %" if f["unit"] == "share" else "")
                rows.append((label, [cell(f["estimates"][p], f["unit"]) for p in group]))
                if f["key"] == "deals_per_game":
                    rows.append(("  quartiles", ["/".join(f"{q:g}" for q in quartiles[p]) for p in group]))
            lines += _table(title, [key[p] for p in group], rows, width)
            lines.append("")
    return lines


def _difference_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    if len(ids) < 2:
        return []
    base = key[ids[0]]
    others = ids[1:]
    lines: list[str] = []
    for group in _groups(others, width):
        rows = []
        for f in data["figures"]:
            cells = [cell(f["differences"][p], f["unit"], signed=True, mark=True) for p in group]
            rows.append((_label(f, data) + (" %" if f["unit"] == "share" else ""), cells))
        lines += _table(f"Differences from {base} (same seeds; * = interval clear of zero)",
                        [f"{key[p]}−{base}" for p in group], rows, width)
    clear = [(f["label"].strip(), key[p]) for f in data["figures"] for p in others
             if f["differences"][p].get("clear_of_zero")]
    lines += _wrap(f"{len(clear)} of {len(data['figures']) * len(others)} differences are clear of zero.", width,
                   "", "")
    return lines


CHECKS = {"heels_per_deal": "heels per deal", "eldest_count": "eldest's count as dealt"}


def _check_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    checks = data.get("checks", {})
    names = [name for name in CHECKS if any(name in checks.get(p, {}) for p in ids)]
    if not names:
        return []
    lines: list[str] = []
    for group in _groups(ids, width):
        rows: list[tuple[str, Sequence[str]]] = []
        for name in names:
            rows.append((CHECKS[name], [cell(checks[p][name]["simulated"], "number") if name in checks[p] else "-"
                                        for p in group]))
            rows.append(("  exact", [f"{checks[p][name]['exact']:.3f}" if name in checks[p] else "-" for p in group]))
        lines += _table("Checks: simulated against exact", [key[p] for p in group], rows, width)
    return lines + [""]


def _header(data: dict[str, Any], key: dict[str, str], width: int) -> list[str]:
    s = data["settings"]
    played = s["games_played"]
    head = (f"{played} games per profile" + ("" if s["complete"] else f" of {s['games']} (interrupted)")
            + f", seed {s['seed']}, bots {'/'.join(s['bots'])}, the same seeds for every profile")
    lines = _wrap(head, width, "", "")
    for p in data["profiles"]:
        lines += _wrap(f"{key[p['id']]} = {p['id']}: {p['title']}", width, "  ", "      ")
    return lines


def _footer(data: dict[str, Any], width: int) -> list[str]:
    s = data["settings"]
    text = (f"Intervals: {s['level']:.0%}, shown as ± half their width (exact bounds: --json, --markdown, --csv); "
            "Wilson for shares, t for means over games, delta-method t for per-deal figures, paired t for "
            f"differences. '?' = {TOO_FEW}.")
    if s.get("skill_games"):
        text += f" Skill: {s['skill_games']} seeds, each played twice with the seats swapped."
    return _wrap(text, width, "", "")


def render_text(data: dict[str, Any], width: int = WIDTH) -> str:
    """The report in lines of at most ``width`` columns (longer only where one id or value is longer)."""
    ids = [p["id"] for p in data["profiles"]]
    key = letters(ids)
    lines = _header(data, key, width) + [""]
    if data["rules_differing"]:
        lines += _rules_lines(data, key, width) + [""]
    lines += _exact_lines(data, ids, key, width) + [""]
    lines += _figure_lines(data, ids, key, width)
    lines += _check_lines(data, ids, key, width)
    lines += _difference_lines(data, ids, key, width) + [""]
    lines += _footer(data, width)
    return "\n".join(lines) + "\n"


def _interval(estimate: dict[str, Any], unit: str, *, signed: bool = False) -> str:
    """``0.52 [0.31, 0.73]``: the value and its bounds to the same decimals, as many as keep a clear
    interval from looking as if it reached zero."""
    percent = "%" if unit == "share" else ""
    if estimate.get("low") is None:
        return f"{_number(float(estimate['value']), unit, signed=signed)}{percent} (too few games)"
    places = _interval_places(estimate, unit)
    value, low, high = (_number(float(estimate[k]), unit, signed=signed and k == "value", places=places)
                        for k in ("value", "low", "high"))
    return f"{value}{percent} [{low}, {high}]"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_").replace("<", "&lt;")


def render_markdown(data: dict[str, Any]) -> str:
    ids = [p["id"] for p in data["profiles"]]
    s = data["settings"]
    out = [f"## Comparison: {', '.join(ids)}", "",
           f"{_games_line(s, 'per profile')} (seed {s['seed']}, bots {'/'.join(s['bots'])}), the same seeds "
           f"for every profile; {s['level']:.0%} intervals (Wilson for shares, t for means, paired t for differences).",
           ""]
    if data["rules_differing"]:
        out += ["### Rules that differ", "", "| rule | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
        for row in data["rules_differing"]:
            cells = [f"{format_value(v['value'])} ({', '.join(v['cite']) or 'no passage'})" for v in row["values"].values()]
            out.append(f"| {row['rule']} | " + " | ".join(_md_escape(c) for c in cells) + " |")
        out.append("")
    out += ["### Exact hand statistics", "", "| | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
    exact = data["exact"]
    out.append("| mean | " + " | ".join(_exact(exact[p], lambda e: f"{e['mean']:.3f}") for p in ids) + " |")
    out.append("| spread (sd) | " + " | ".join(_exact(exact[p], lambda e: f"{e['sd']:.3f}") for p in ids) + " |")
    out.append("| maximum | " + " | ".join(_exact(exact[p], lambda e: str(e["maximum"])) for p in ids) + " |")
    out.append("| cock's nest | " + " | ".join(_exact(exact[p], lambda e: f"{e['cocks_nest_share'] * 100:.2f}%")
                                               for p in ids) + " |")
    out.append("")
    out += ["### Simulated games", "", "| figure | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
    for f in data["figures"]:
        out.append(f"| {_md_escape(_label(f, data).strip())} | " + " | ".join(_interval(f["estimates"][p], f["unit"])
                                                                 for p in ids) + " |")
    out.append("")
    checks = data.get("checks", {})
    names = [name for name in CHECKS if any(name in checks.get(p, {}) for p in ids)]
    if names:
        out += ["### Checks: simulated against exact", "", "| check | " + " | ".join(ids) + " |",
                "|---" * (len(ids) + 1) + "|"]
        for name in names:
            out.append(f"| {CHECKS[name]} | " + " | ".join(
                f"{_interval(checks[p][name]['simulated'], 'number')}; exact {checks[p][name]['exact']:.3f}"
                if name in checks[p] else "-" for p in ids) + " |")
        out.append("")
    if len(ids) > 1:
        others = ids[1:]
        out += [f"### Differences from {ids[0]} (bold: clear of zero)", "",
                "| figure | " + " | ".join(others) + " |", "|---" * (len(others) + 1) + "|"]
        for f in data["figures"]:
            cells = []
            for p in others:
                d = f["differences"][p]
                text = _interval(d, f["unit"], signed=True)
                cells.append(f"**{text}**" if d.get("clear_of_zero") else text)
            out.append(f"| {_md_escape(_label(f, data).strip())} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


# ``interrupted`` is True on every row of a run stopped early (Ctrl-C, SIGTERM, SIGHUP): the figures are
# then from the games finished, fewer than asked for. It is the last column, so that a reader that takes
# the columns by position finds the others where they were.
CSV_FIELDS = ("kind", "figure", "label", "profile", "baseline", "value", "low", "high", "n", "method",
              "clear_of_zero", "interrupted")


def _interrupted(data: dict[str, Any]) -> bool:
    return not data["settings"]["complete"]


def _games_line(s: dict[str, Any], what: str) -> str:
    """``400 games per profile``, or ``400 of 1000 games per profile (interrupted)``."""
    return f"{s['games_played']} games {what}" if s["complete"] else \
        f"{s['games_played']} of {s['games']} games {what} (interrupted)"


def render_csv(data: dict[str, Any]) -> str:
    """One row per figure and profile (kind ``estimate``), and per difference from the baseline."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in csv_rows(data):
        writer.writerow(row)
    return buffer.getvalue()


def csv_rows(data: dict[str, Any]) -> Iterable[dict[str, Any]]:
    base = data.get("baseline", "")
    interrupted = _interrupted(data)
    for f in data["figures"]:
        for kind, table in (("estimate", f["estimates"]), ("difference", f["differences"])):
            for pid, e in table.items():
                yield {"kind": kind, "figure": f["key"], "label": _label(f, data).strip(), "profile": pid,
                       "baseline": base if kind == "difference" else "", "value": e["value"], "low": e["low"],
                       "high": e["high"], "n": e["n"], "method": e["method"],
                       "clear_of_zero": e.get("clear_of_zero", ""), "interrupted": interrupted}


# -- --by-rule ---------------------------------------------------------------------------------------------


def render_by_rule_text(data: dict[str, Any], width: int = WIDTH) -> str:
    """The effects in lines of at most ``width`` columns (longer only where one id or value is longer)."""
    s = data["settings"]
    figures = data["figures"]
    lines = _wrap(f"Which rule makes the difference from {data['from']} to {data['to']}: each rule switched "
                  f"alone from {data['from']}'s value to {data['to']}'s, {s['games_played']} games each on the same "
                  f"seeds (seed {s['seed']}, bots {'/'.join(s['bots'])})"
                  + ("" if s["complete"] else " (interrupted)") + ".", width, "", "")
    short = {f["key"]: (f["label"] + (" %" if f["unit"] == "share" else "")) for f in figures}
    columns = [f["key"] for f in figures]
    # As many effects across as leave a label column of 38 (three at 80 columns; the tables as even as may
    # be); a rule id longer than its column goes on a line of its own.
    across = max(1, (width - 38) // EFFECT)
    tables = -(-len(columns) // across)
    per_table = -(-len(columns) // tables) if columns else 1
    for start in range(0, len(columns), per_table):
        keys = columns[start:start + per_table]
        lines.append("")
        legend = [f"[{i + 1 + start}] {short[k]}" for i, k in enumerate(keys)]
        if len("   ".join(legend)) <= width:
            lines.append("   ".join(legend))
        else:  # one figure a line, each kept whole where it fits
            for entry in legend:
                lines += _wrap(entry, width, "", "    ")
        heads = [f"[{i + 1 + start}]" for i in range(len(keys))]
        unit = {f["key"]: f["unit"] for f in figures}
        rows: list[tuple[str, Sequence[str]]] = [
            (data["from"], [cell(f["from_value"], f["unit"]) for f in figures if f["key"] in keys]),
            (data["to"], [cell(f["to_value"], f["unit"]) for f in figures if f["key"] in keys]),
            ("total change", [cell(data["total"][k], unit[k], signed=True, mark=True) for k in keys])]
        for row in data["switches"]:
            rows.append((" + ".join(row["rules"]), [cell(row["effects"][k], unit[k], signed=True, mark=True)
                                                    for k in keys]))
        rows.append(("sum of single effects", [_number(data["sum_of_effects"][k], unit[k], signed=True)
                                               for k in keys]))
        # The rule names take the room left, 38 at most: a wide window does not push the figures far off.
        label = max(0, min(width - per_table * EFFECT, max(38, *(len(name) + 1 for name, _ in rows))))
        lines += _table("", heads, rows, width, label=label, shorten=False)[1:]
    lines.append("")
    named = [(r["rules"], [short[k] for k in r["clear"]]) for r in data["switches"] if r["clear"]]
    if named:
        lines += _wrap("Rules behind the clear differences (* = interval clear of zero):", width, "", "")
        for rules, which in named:
            lines += _wrap(f"{' + '.join(rules)}: {'; '.join(which)}", width, "  ", "      ")
    else:
        lines += _wrap("No single rule has an effect clear of zero at this number of games.", width, "", "")
    lines.append("The switches:")
    for row in data["switches"]:
        change = "; ".join(f"{k}: {row['from'][k]} -> {row['to'][k]}" for k in row["rules"])
        lines += _wrap(change, width, "  ", "      ")
    lines += _wrap("Shares in percentage points; intervals 95% paired t, shown as ± half their width; effects of "
                   "single switches need not add up to the total where rules interact.", width, "", "")
    return "\n".join(lines) + "\n"


def render_by_rule_markdown(data: dict[str, Any]) -> str:
    figures = data["figures"]
    out = [f"## Which rule makes the difference: {data['from']} → {data['to']}", "",
           f"{_games_line(data['settings'], 'per rule set')}, the same seeds; 95% paired t intervals; "
           "bold: clear of zero.", "",
           "| switched | " + " | ".join(_md_escape(f["label"]) for f in figures) + " |",
           "|---" * (len(figures) + 1) + "|",
           f"| **total** ({data['to']}) | " + " | ".join(_bold(data["total"][f["key"]], f["unit"]) for f in figures) + " |"]
    for row in data["switches"]:
        out.append(f"| {_md_escape(' + '.join(row['rules']))} | "
                   + " | ".join(_bold(row["effects"][f["key"]], f["unit"]) for f in figures) + " |")
    return "\n".join(out) + "\n"


def _bold(estimate: dict[str, Any], unit: str) -> str:
    text = _interval(estimate, unit, signed=True)
    return f"**{text}**" if estimate.get("clear_of_zero") else text


def by_rule_csv(data: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, ("switched", "figure", "value", "low", "high", "n", "clear_of_zero",
                                     "interrupted"), lineterminator="\n")
    writer.writeheader()
    entries = [("total", data["total"])] + [(" + ".join(r["rules"]), r["effects"]) for r in data["switches"]]
    for name, effects in entries:
        for k, e in effects.items():
            writer.writerow({"switched": name, "figure": k, "value": e["value"], "low": e["low"], "high": e["high"],
                             "n": e["n"], "clear_of_zero": e["clear_of_zero"], "interrupted": _interrupted(data)})
    return buffer.getvalue()


__all__ = ["by_rule_csv", "cell", "letters", "render_by_rule_markdown", "render_by_rule_text", "render_csv",
           "render_markdown", "render_text"]
