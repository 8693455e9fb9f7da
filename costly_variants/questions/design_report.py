"""``costly design``'s results as text for a terminal of any width, and each candidate as a house profile
(YAML) that extends the base: every changed rule ``editorial``, with a note naming the profile or the
reading its value was taken from, and that value's passages. JSON is ``design.summarise``'s dictionary."""
from __future__ import annotations

from typing import Any

import yaml

from ..profiles.display import format_value
from ..runs.layout import WIDTH, cell, interval_places, number, star_key, wrap
from ..wording import counted


def _games(data: dict[str, Any]) -> str:
    s = data["settings"]
    rounds = s["rounds"]
    played = sum(r["candidates"] for r in rounds if r["games"] == rounds[0]["games"]) if rounds else 0
    text = (f"{counted(s['moves'], 'rule value')} from the bundled profiles and their readings"
            + (f" ({s['dropped']:,} changing no game these bots play, left out)" if s["dropped"] else "")
            + f"; {counted(played, 'candidate')} screened on {counted(rounds[0]['games'] if rounds else 0, 'game')}, "
            f"the better half kept and played again on twice the games, round by round, to {s['games']:,}")
    return text + ("" if s["complete"] else " (interrupted: the best found so far)")


def _want_line(want: dict[str, Any], unit: str) -> str:
    # The shortfall to the figure's own decimals, in its unit: "short by 2.48", not "2.4805".
    short = number(float(want["shortfall"]), unit, places=interval_places(want["estimate"], unit)
                    if want["estimate"].get("low") is not None else None)
    mark = "met, the interval too" if want["surely"] else "met" if want["met"] else \
        f"unmet, short by {short}" + (" percentage points" if unit == "share" else "")
    return f"{want['text']}: {cell(want['estimate'], unit)} ({mark})"


def render_text(data: dict[str, Any], width: int = WIDTH) -> str:
    s = data["settings"]
    units = {f["key"]: f["unit"] for f in data["figures"]}
    labels = {f["key"]: f["label"] + (" %" if f["unit"] == "share" else "") for f in data["figures"]}
    asked = "; ".join([w["text"] for w in data["wants"]] + [p["text"] for p in data["prefers"]])
    lines = wrap(f"House rules from {data['base']['id']} for: {asked}", width, "", "  ")
    lines += wrap(_games(data) + f" (seed {s['seed']}, bots {'/'.join(s['bots'])}, the same seeds for every "
                   f"candidate); {s['level']:.0%} intervals shown as ± half their width, differences from "
                   f"{data['base']['id']} paired; {star_key(data['error_control'])}.", width, "", "")
    if not data["best"]:
        return "\n".join(lines + ["", "No candidate was played to the end (interrupted)."]) + "\n"
    if not data["met"]:
        lines += [""] + wrap("No candidate meets every want: the closest are these. More rules may be tried: "
                             "--vary KEY=LO..HI (e.g. --vary game.target=31..121), or more changes at once "
                             "(--most-changes).", width, "", "")
    lines += _ranking_lines(data, width)
    for best in data["best"]:
        changes = best["changes"]
        lines += ["", *wrap(f"{best['rank']}. {counted(len(changes), 'change')} from "
                             f"{data['base']['id']} ({counted(best['games'], 'game')}){_tied(data, best)}", width, "",
                             "   ")]
        for change in changes:
            lines += wrap(f"{change['rule']}: {format_value(change['from'])} -> {format_value(change['to'])}",
                           width, "   ", "       ")
            source = change["source"]
            cites = ", ".join(source["cite"]) or "no passage"
            lines += wrap(f"from {change['from_source']} [{cites}]", width, "     ", "       ")
        for want in best["wants"]:
            lines += wrap("want " + _want_line(want, units[_figure_of(data, want['text'])]), width, "   ", "       ")
        for prefer in best["prefers"]:
            key = _figure_of(data, prefer["text"])
            lines += wrap(f"prefer {prefer['text']}: {cell(prefer['estimate'], units[key])}", width, "   ", "       ")
        lines += _figure_lines(best, data, labels, units, width)
        for entry in best.get("never_met", []):
            lines += wrap(f"never met in these games (the same games as {data['base']['id']}'s): {entry['rule']}: "
                          f"{entry['why']}", width, "   ", "       ")
    return "\n".join(lines) + "\n"


def _ranking_lines(data: dict[str, Any], width: int) -> list[str]:
    """How the candidates were ranked, where a preference was given: its figure counts in whole
    half-widths of its interval, so candidates whose figures the games cannot tell apart tie on it."""
    if not data["prefers"] or not data["best"]:
        return []
    prefers = "; ".join(p["text"] for p in data["prefers"])
    return [""] + wrap(f"Ranked by the wants' shortfall, then the preference ({prefers}) in whole half-widths of "
                        "its interval (figures the games cannot tell apart tie), then the fewer changes, then the "
                        "margin by which the wants are met.", width, "", "")


def _tied(data: dict[str, Any], best: dict[str, Any]) -> str:
    """``; preference tied with 2 and 3``: the candidates the preference could not tell from this one."""
    if not data["prefers"]:
        return ""
    key = best["ranking"]
    tied = [str(b["rank"]) for b in data["best"] if b is not best
            and (b["ranking"]["shortfall"], b["ranking"]["preference"]) == (key["shortfall"], key["preference"])]
    if not tied:
        return "; first on the preference" if best["rank"] == 1 else ""
    return "; preference tied with " + (tied[0] if len(tied) == 1 else ", ".join(tied[:-1]) + " and " + tied[-1])


def _figure_of(data: dict[str, Any], text: str) -> str:
    for entry in (*data["wants"], *data["prefers"]):
        if entry["text"] == text:
            return str(entry["figure"])
    raise KeyError(text)


def _figure_lines(best: dict[str, Any], data: dict[str, Any], labels: dict[str, str], units: dict[str, str],
                  width: int) -> list[str]:
    """Each headline figure (the preferred first): the candidate's value, and its difference from the base.
    A wide cell widens its column (two spaces at least between cells); a label that does not fit beside
    them goes on a line of its own rather than being cut."""
    preferred = [p["figure"] for p in data["prefers"]]
    rows = []
    for f in sorted(data["figures"], key=lambda f: f["key"] not in preferred):
        if not f["headline"] and f["key"] not in preferred:
            continue
        key = f["key"]
        figure = best["figures"][key]
        rows.append((labels[key], cell(figure["value"], units[key]),
                     cell(figure["difference"], units[key], signed=True, mark=True)))
    column = max([13, *(len(c) + 2 for _, *cells in rows for c in cells)])
    label = max(10, min(26, width - 3 - 2 * column))
    lines = ["   " + "figure".ljust(label) + "value".rjust(column) + "difference".rjust(column)]
    for name, value, difference in rows:
        if len(name) > label - 1:
            lines.append("   " + name)
            name = ""
        lines.append("   " + name.ljust(label) + value.rjust(column) + difference.rjust(column))
    return lines


def house_profile(data: dict[str, Any], best: dict[str, Any], *, profile_id: str, extends: str,
                  title: str | None = None) -> str:
    """The candidate as a house profile's YAML: every changed rule editorial, its note saying where the
    value was taken from and what it was designed for. ``title``: what a player reads (the site's own);
    by default the terminal's, which names the rules by their keys."""
    asked = "; ".join([w["text"] for w in data["wants"]] + [p["text"] for p in data["prefers"]])
    made = ", ".join(f"{c['rule']} {format_value(c['to'])}" for c in best["changes"])
    moved = "; ".join(f"{c['rule']} {format_value(c['from'])} -> {format_value(c['to'])}" for c in best["changes"])
    rules: dict[str, dict[str, Any]] = {}
    for change in best["changes"]:
        section, name = change["rule"].split(".", 1)
        rules.setdefault(section, {})[name] = {
            "value": change["to"], "status": "editorial", "cite": list(change["source"]["cite"]),
            "note": f"House rule by costly design (for: {asked}): {change['from_source']}; "
                    f"{data['base']['id']} has {format_value(change['from'])}."}
    document = {
        "id": profile_id,
        # What it is, not what it came from: the base's title would name a game this profile no longer plays.
        "title": title or f"{data['base']['id']} with {made} (costly design, candidate {best['rank']})",
        "extends": extends,
        "summary": f"House rules from {data['base']['id']} ({data['base']['title']}) changing {moved}. "
                   f"Designed by costly design for: {asked}. "
                   + ("It met every want" if best["met"] else "It did not meet every want")
                   + f" in {best['games']} games (seed {data['settings']['seed']}, bots "
                     f"{'/'.join(data['settings']['bots'])}).",
        "rules": rules,
    }
    head = ("# A house profile written by costly design; check it with costly validate, play it with costly "
            "compare.\n")
    return head + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


__all__ = ["house_profile", "render_text"]
