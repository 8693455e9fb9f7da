"""``costly readings`` as text for a terminal of any width, as Markdown and as CSV; JSON is the dictionary
``readings.summarise`` builds. The cells are the comparison's (``report.cell``): ± half the interval in
the text, both bounds in Markdown and CSV."""
from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Sequence

from ..profiles.display import format_value
from ..runs.layout import WIDTH, cell, interval, md_escape, star_key, wrap

# One effect in the text: its label, then its cell; two across where the width allows.
EFFECT_CELL = 11


def _games(s: dict[str, Any], played: int) -> str:
    return f"{played} games" if s["complete"] else f"{played} of {s['games']} games (interrupted)"


def _with(row: dict[str, Any]) -> str:
    together = row["alternative"]["with"]
    if not together:
        return ""
    return " (with " + ", ".join(f"{k} {format_value(v)}" for k, v in together.items()) + ")"


def _cites(refs: Sequence[str]) -> str:
    return "[" + (", ".join(refs) or "no passage") + "]"


def _distance(row: dict[str, Any]) -> str:
    d = row["distance"]
    return "an effect the same in every game" if d == "infinite" else f"{d:.1f} half-widths from zero"


def _label(figure: dict[str, Any]) -> str:
    return figure["label"] + (" %" if figure["unit"] == "share" else "")


def _effect_lines(row: dict[str, Any], figures: Sequence[dict[str, Any]], width: int) -> list[str]:
    """Each effect as its label and its cell, two across where both fit whole, else one a line; a cell
    wider than usual (a clear effect to four decimals) widens its column rather than run past the width,
    and a label is never cut where it fits the line."""
    entries = [(_label(f), cell(row["effects"][f["key"]], f["unit"], signed=True, mark=True)) for f in figures]
    indent = 4
    cell_width = max([EFFECT_CELL, *(len(text) for _, text in entries)])
    need = max((len(name) for name, _ in entries), default=0) + 1  # a space at least before a cell
    across = 2 if width >= indent + 2 * (need + cell_width) + 2 else 1
    label = need if across == 1 else max(need, (width - indent - across * cell_width - 2 * (across - 1)) // across)
    lines = []
    for start in range(0, len(entries), across):
        parts = []
        for name, text in entries[start:start + across]:
            if indent + label + cell_width > width:  # a narrow window: the label above its cell
                lines += wrap(name, width, " " * indent, " " * (indent + 2))
                parts.append(text.rjust(width - indent))
                continue
            parts.append(name.ljust(label) + text.rjust(cell_width))
        lines.append(" " * indent + "  ".join(parts).rstrip())
    return lines


def _reading_lines(row: dict[str, Any], figures: Sequence[dict[str, Any]], width: int) -> list[str]:
    alt = row["alternative"]
    head = f"{row['rank']:>2}. {row['rule']} ({row['status']}" + \
           (f", from {row['defined_in']})" if row["defined_in"] != row["profile"] else ")") + f": {row['title']}"
    lines = wrap(head, width, "", "      ")
    lines += wrap(f"read as: {format_value(row['value'])} {_cites(row['cite'])}", width, "    ", "      ")
    lines += wrap(f"or as: {format_value(alt['value'])}{_with(row)}: {alt['reading']} {_cites(alt['cite'])}",
                   width, "    ", "      ")
    if row["same_rules_as"]:
        same = row["same_rules_as"]
        return lines + wrap(f"the same rules as the reading of {same['rule']} above (one reading of two rules): "
                             "the same games", width, "    ", "      ")
    if not row["effects"]:
        return lines + ["    not played (interrupted)"]
    if row["unchanged"]:
        return lines + wrap(f"no game changed: {row['unchanged_why']}", width, "    ", "      ")
    if row["clearest"]:
        clearest = next(f for f in figures if f["key"] == row["clearest"])
        lines += wrap(f"clearest: {clearest['label']}, {_distance(row)}", width, "    ", "      ")
    return lines + _effect_lines(row, figures, width)


def _unrecorded_lines(entry: dict[str, Any], width: int) -> list[str]:
    missing = entry["unrecorded"]
    if not missing:
        return wrap("Every value read with doubt records its other readings.", width, "  ", "    ")
    lines = wrap(f"Read with doubt, with no other reading recorded ({len(missing)}): record one to measure it.",
                  width, "  ", "    ")
    for status in ("disputed", "inferred", "silent"):
        keys = [m["rule"] + (f" (from {m['defined_in']})" if m["defined_in"] != entry["id"] else "")
                for m in missing if m["status"] == status]
        if keys:
            lines += wrap(f"{status} ({len(keys)}): " + ", ".join(keys), width, "    ", "      ")
    return lines


def _not_playable_lines(entry: dict[str, Any], width: int) -> list[str]:
    """The readings the profile inherits that its own rules cannot play: named, with why, not played."""
    aside = entry.get("not_playable", [])
    if not aside:
        return []
    lines = wrap(f"Not playable under these rules ({len(aside)}), inherited and set aside:", width, "  ", "    ")
    for a in aside:
        lines += wrap(f"{a['rule']}: {format_value(a['value'])} (from {a['defined_in']}): {a['why']}", width,
                       "    ", "      ")
    return lines


def render_text(data: dict[str, Any], width: int = WIDTH) -> str:
    s = data["settings"]
    headline = [f for f in data["figures"] if f["key"] in s["headline"]]
    lines = wrap(f"How much the readings matter: each alternative reading a profile records, played in place of "
                  f"the profile's own, on the profile's seeds (seed {s['seed']}, bots {'/'.join(s['bots'])}); effects "
                  f"on the headline figures with {s['level']:.0%} paired intervals, shown as ± half their width "
                  f"(shares in percentage points), {star_key(data['error_control'])}; every figure: --json, "
                  "--markdown, --csv. Readings ranked by their clearest effect, in half-widths of its interval from "
                  "zero.",
                  width, "", "")
    for entry in data["profiles"]:
        lines += ["", *wrap(f"{entry['id']}: {entry['title']}", width, "", "  ")]
        if entry["same_as"]:
            lines += wrap(f"The same rules and readings as {entry['same_as']}, so the same games: see above.",
                           width, "  ", "    ")
            continue
        readings = entry["readings"]
        if not readings:
            lines += wrap("No alternative reading recorded.", width, "  ", "    ")
        else:
            rules = len({r["rule"] for r in readings})
            lines += wrap(f"{len(readings)} alternative reading{'s' if len(readings) != 1 else ''} of {rules} "
                           f"rule{'s' if rules != 1 else ''}, {_games(s | {'complete': entry['complete']}, entry['games_played'])} "
                           "each", width, "  ", "    ")
            for row in readings:
                lines += [""] + _reading_lines(row | {"profile": entry["id"]}, headline, width)
        lines.append("")
        lines += _unrecorded_lines(entry, width)
        lines += _not_playable_lines(entry, width)
    return "\n".join(lines) + "\n"


def _clearest_md(row: dict[str, Any], figures: dict[str, dict[str, Any]]) -> str:
    if row["same_rules_as"]:
        return f"the same rules as the reading of {row['same_rules_as']['rule']}"
    if not row["effects"]:
        return "not played (interrupted)"
    if row["unchanged"]:
        return f"no game changed: {row['unchanged_why']}"
    if not row["clearest"]:
        return "too few games for intervals"
    f = figures[row["clearest"]]
    return f"{f['label']}: {_bold(row['effects'][f['key']], f['unit'])} ({_distance(row)})"


def _bold(e: dict[str, Any], unit: str) -> str:
    text = interval(e, unit, signed=True)
    return f"**{text}**" if e.get("starred") else text


def render_markdown(data: dict[str, Any]) -> str:
    """Per profile: its readings, clearest first, with both readings; then every figure's effect, a column
    per reading (by its rank)."""
    s = data["settings"]
    figures = {f["key"]: f for f in data["figures"]}
    out = ["## How much the readings matter", "",
           f"Each alternative reading played in place of the profile's own, on the profile's seeds (seed {s['seed']}, "
           f"bots {'/'.join(s['bots'])}); {s['level']:.0%} paired intervals, bold: starred; ranked by the "
           "clearest effect on a headline figure. " + star_key(data["error_control"]).replace("* =", "Starred:", 1)
           + ".", ""]
    for entry in data["profiles"]:
        out += [f"### {entry['id']}: {md_escape(entry['title'])}", ""]
        if entry["same_as"]:
            out += [f"The same rules and readings as {entry['same_as']}: the same games.", ""]
            continue
        readings = entry["readings"]
        if readings:
            out += [f"{_games(s | {'complete': entry['complete']}, entry['games_played'])} per reading.", "",
                    "| rank | rule | status | read as | or as | clearest effect |", "|---" * 6 + "|"]
            for row in readings:
                alt = row["alternative"]
                cells = [str(row["rank"]), row["rule"], row["status"],
                         f"{format_value(row['value'])} {_cites(row['cite'])}",
                         f"{format_value(alt['value'])}{_with(row)}: {alt['reading']} {_cites(alt['cite'])}"]
                out.append("| " + " | ".join(md_escape(c) for c in cells) + f" | {_clearest_md(row, figures)} |")
            played = [r for r in readings if r["effects"]]
            if played:
                out += ["", "Effects on every figure, by the readings' ranks:", "",
                        "| figure | " + " | ".join(str(r["rank"]) for r in played) + " |",
                        "|---" * (1 + len(played)) + "|"]
                for key, f in figures.items():
                    out.append(f"| {md_escape(f['label'])} | "
                               + " | ".join(_bold(r["effects"][key], f["unit"]) for r in played) + " |")
            out.append("")
        missing = entry["unrecorded"]
        if missing:
            out += [f"Read with doubt, no other reading recorded ({len(missing)}): "
                    + ", ".join(f"{md_escape(m['rule'])} ({m['status']})" for m in missing) + ".", ""]
        aside = entry.get("not_playable", [])
        if aside:
            out += [f"Not playable under these rules ({len(aside)}), inherited and set aside: "
                    + "; ".join(md_escape(f"{a['rule']}: {format_value(a['value'])} (from {a['defined_in']}): "
                                           f"{a['why']}") for a in aside) + ".", ""]
    return "\n".join(out)


CSV_FIELDS = ("profile", "rank", "rule", "status", "alternative", "value", "alternative_value", "figure", "effect",
              "low", "high", "n", "clear_of_zero", "interrupted", "p", "p_adjusted", "starred")


def csv_rows(data: dict[str, Any]) -> Iterable[dict[str, Any]]:
    interrupted = not data["settings"]["complete"]
    for entry in data["profiles"]:
        for row in entry["readings"]:
            for key, e in row["effects"].items():
                yield {"profile": entry["id"], "rank": row["rank"], "rule": row["rule"], "status": row["status"],
                       "alternative": row["alternative"]["index"] + 1, "value": format_value(row["value"]),
                       "alternative_value": format_value(row["alternative"]["value"]) + _with(row), "figure": key,
                       "effect": e["value"], "low": e["low"], "high": e["high"], "n": e["n"],
                       "clear_of_zero": e["clear_of_zero"], "interrupted": interrupted,
                       **{k: "" if e.get(k) is None else e[k] for k in ("p", "p_adjusted", "starred")}}


def render_csv(data: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(data))
    return buffer.getvalue()


__all__ = ["render_csv", "render_markdown", "render_text"]
