"""The comparison as text for a terminal of any width, as Markdown (for a wiki or a forum) and as CSV.

All three render the dictionary that ``study.summarise`` (or ``byrule.summarise``) builds; JSON is that
dictionary itself. Text shows each interval as ± half its width; Markdown and CSV give both bounds.

The text is laid out to the width it is given (the command line passes the window's, 80 when piped):
as many profiles side by side as fit, prose wrapped at spaces. Ids, values and labels are never cut:
the columns give the labels what room they can spare, and a row name still too long for its column (a
rule id in ``--by-rule``) is set on a line of its own above its figures.
"""
from __future__ import annotations

import csv
import io
import textwrap
from typing import Any, Callable, Iterable, Sequence

from ..profiles.display import citations
from ..profiles.words import words
from . import decisive_report
from ..stats import TOO_FEW
from ..wording import counted
from ..runs.layout import (CELL, EFFECT, GAP, LABEL, WIDTH, cell, decimals_for, groups, interval, interval_places, letters, md_escape,
                           number, row_cells, star_key, table, wrap)
from ..runs.thresholds import Verdict, kind_of, sizes_text, verdict


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


def _rules_lines(data: dict[str, Any], key: dict[str, str], width: int, twins: dict[str, str] | None = None,
                 ) -> list[str]:
    rows = data["rules_differing"]
    # A profile that plays as another and has its values and passages for every rule here is left out:
    # the summary says whose twin it is.
    gone = {p for p, twin in (twins or {}).items() if _same_rules(data, p, twin)}
    lines = wrap(f"Rules that differ ({len(rows)}), each value with the profiles that have it, and the passages "
                  "cited for it in brackets", width, "", "")
    if gone:
        lines += wrap(f"({', '.join(f'{key[p]} as {key[twins[p]]}' for p in gone if twins)}, rule for rule "
                       "and passage for passage: left out)", width, "", "")
    for row in rows:
        values = {p: v for p, v in row["values"].items() if p not in gone}
        # Profiles with one value, or the same passages, share an entry (A/C/E 2; D 4): "; " between
        # entries, as a list value has its own ", " (A 1; B 1, 11).
        # The rule as a player reads it (its title, the key after it for a house profile's writer), then
        # each value in words: ". " between entries, as the colours' words have their own "; " and ", ".
        shown = ". ".join(f"{'/'.join(key[p] for p in pids)}: {text}"
                          for text, pids in _alike(values, lambda v: words(row["rule"], v["value"])))
        lines += wrap(f"{_rule_title(row['rule'])} ({row['rule']})", width)
        lines += wrap(shown + ".", width, "    ", "      ")
        cites = "; ".join(f"{'/'.join(key[p] for p in pids)} {text}"
                          for text, pids in _alike(values, lambda v: f"[{citations(v['cite'])}]"))
        lines += wrap(cites, width, "      ", "      ")
    return lines


def _rule_title(rule: str) -> str:
    """The rule's title in the profile schema (``game.target``: "Game: the score that wins")."""
    from ..profiles import rule_titles

    return rule_titles().get(rule, rule)


def _alike(values: dict[str, Any], show: Callable[[Any], str]) -> list[tuple[str, list[str]]]:
    """Each distinct text of the values, with the profiles that have it, in the order first met."""
    found: dict[str, list[str]] = {}
    for pid, value in values.items():
        found.setdefault(show(value), []).append(pid)
    return list(found.items())


def _exact(exact: dict[str, Any] | None, show: Callable[[dict[str, Any]], str]) -> str:
    """One exact figure, or a dash for a profile whose hands the analysis does not count."""
    return "-" if exact is None else show(exact)


def _share(exact: dict[str, Any] | None, category: str) -> str:
    return _exact(exact, lambda e: f"{e['category_share'].get(category, 0) * 100:.1f}%")


Row = tuple[str, Sequence[str]]


def _pruned(rows: Sequence[tuple[str, Sequence[str], Sequence[Any]]], columns: int) -> tuple[list[Row], list[str]]:
    """The rows worth a line, and the rest named: a row is left out where its figure is zero in every
    profile, or, with two profiles or more, the same in every one (``raw`` is what is compared: the
    estimates, not the text, which rounds). Each left-out row is named with its value."""
    kept: list[Row] = []
    same: list[str] = []
    zero: list[str] = []
    for label, cells, raw in rows:
        if raw and all(_is_zero(r) for r in raw):
            zero.append(label.strip())
        elif columns > 1 and raw and all(r == raw[0] for r in raw[1:]):
            same.append(f"{label.strip()} {cells[0]}")
        else:
            kept.append((label, cells))
    notes = []
    if same:
        notes.append(f"the same in every profile: {'; '.join(same)}")
    if zero:
        notes.append(f"zero in every profile: {'; '.join(zero)}")
    return kept, notes


def _is_zero(raw: Any) -> bool:
    if isinstance(raw, dict):  # a difference clear of zero is never "no difference", however small
        return not raw.get("clear_of_zero") and raw.get("value") == 0 and raw.get("low") in (0, None) and raw.get("high") in (0, None)
    return raw == 0


def _left_out(notes: Sequence[str], width: int) -> list[str]:
    """One line (wrapped) naming what a table leaves out, and why."""
    return wrap(f"Not shown, {'; and '.join(notes)}.", width, "", "    ") if notes else []


def _exact_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    exact = data["exact"]
    lines: list[str] = []
    counted = [e for e in exact.values() if e is not None]
    if not counted:
        return wrap("Exact hand statistics: none of these profiles deals hands the analysis counts", width, "", "")
    categories = list(counted[0]["category_share"])
    moved = _hand_total(data)
    rows: list[tuple[str, list[str], list[Any]]] = [
        ("mean count", [_exact(exact[p], lambda e: f"{e['mean']:.3f}") for p in ids],
         [None if exact[p] is None else exact[p]["mean"] for p in ids]),
        ("spread (sd)", [_exact(exact[p], lambda e: f"{e['sd']:.3f}") for p in ids],
         [None if exact[p] is None else exact[p]["sd"] for p in ids]),
        ("maximum", [_exact(exact[p], lambda e: str(e["maximum"])) for p in ids],
         [None if exact[p] is None else exact[p]["maximum"] for p in ids]),
        ("cock's nest (0)", [_exact(exact[p], lambda e: f"{e['cocks_nest_share'] * 100:.2f}%") for p in ids],
         [None if exact[p] is None else exact[p]["cocks_nest_share"] for p in ids]),
    ]
    rows += [(f"share: {moved if c == 'thirty-one' and moved else c}", [_share(exact[p], c) for p in ids],
              [None if exact[p] is None else exact[p]["category_share"].get(c, 0) for p in ids]) for c in categories]
    kept, notes = _pruned(rows, len(ids))
    title = f"Exact hand statistics ({_deals_counted(exact, key)})"
    if not kept:
        lines += wrap(title, width, "", "")
    for group in groups(ids, width) if kept else []:
        places = [ids.index(p) for p in group]
        lines += table(title, [key[p] for p in group], [(name, [cells[i] for i in places]) for name, cells in kept],
                        width)
    lines += _left_out(notes, width)
    if len(counted) < len(exact):
        lines += wrap("- : hands of another size, which the exact analysis does not count", width, "", "    ")
    return lines


def _deals_counted(exact: dict[str, Any], key: dict[str, str]) -> str:
    """What the exact figures count: ``all 1,082,900 deals of three cards and a deck card``, or where the
    profiles deal hands of different sizes, each size's deals and its profiles."""
    from ..count.analysis import HAND_SIZES, deals_described, total_deals

    size_of = {total_deals(n): n for n in HAND_SIZES}
    sizes: dict[int, list[str]] = {}
    for pid, e in exact.items():
        if e is not None and pid in key:
            deals = sum(e["distribution"].values())
            sizes.setdefault(size_of.get(deals, deals), []).append(key[pid])
    if len(sizes) == 1:
        return deals_described(next(iter(sizes)))
    return "; ".join(f"{', '.join(ids)}: {deals_described(n)}" for n, ids in sizes.items())


SECTIONS = (("game", "Games"), ("points", "Points per deal by source"), ("feel", "How the game feels"),
            ("skill", "Skill: the stronger bot's share of wins (seats swapped)"))
SHORT = {"game": "games", "points": "points by source", "feel": "how the game feels", "skill": "skill"}
# What a section's terse labels mean, said under its table (the site's pages say it at length).
MEANINGS = {"feel": "Lead changes: how often the lead passed from one side to the other in a game. Drama: the "
                    "most points the eventual winner was ever behind. Decisive deal: the deal from which the "
                    "winner led for good, as a share of the game's deals (low: decided early)."}


def _shown_label(f: dict[str, Any], data: dict[str, Any]) -> str:
    return _label(f, data) + (" %" if f["unit"] == "share" else "")


def _section_lines(data: dict[str, Any], section: str, title: str, ids: Sequence[str], key: dict[str, str],
                   width: int) -> list[str]:
    chosen = [f for f in data["figures"] if f["section"] == section]
    if not chosen:
        return []
    quartiles = data["deals_quartiles"]
    rows: list[tuple[str, list[str], list[Any]]] = []
    after: dict[str, Row] = {}
    for f in chosen:
        label = _shown_label(f, data)
        rows.append((label, row_cells([f["estimates"][p] for p in ids], f["unit"]), [f["estimates"][p] for p in ids]))
        if f["key"] == "deals_per_game":  # the quartiles go with their figure, shown or not
            after[label] = ("  quartiles", ["/".join(f"{q:g}" for q in quartiles[p]) for p in ids])
    kept, notes = _pruned(rows, len(ids))
    kept = [row for name, cells in kept for row in ((name, cells), *([after[name]] if name in after else []))]
    lines: list[str] = [] if kept else wrap(title, width, "", "")
    for group in groups(ids, width, [c for _, c in kept]) if kept else []:
        places = [ids.index(p) for p in group]
        lines += table(title, [key[p] for p in group], [(n, [c[i] for i in places]) for n, c in kept], width)
    meaning = wrap(MEANINGS[section], width, "", "") if section in MEANINGS and lines else []
    return lines + _left_out(notes, width) + meaning


def _listed(labels: Iterable[str]) -> str:
    """Figures' labels in a list, each quoted: a label may hold a comma ("points per deal, both")."""
    return ", ".join(f'"{label}"' for label in labels)


def _difference_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    if len(ids) < 2 or not data["figures"]:  # none: a run stopped before any game finished
        return []
    base = key[ids[0]]
    others = list(ids[1:])
    rows = [(_shown_label(f, data), [cell(f["differences"][p], f["unit"], signed=True, mark=True) for p in others],
             [f["differences"][p] for p in others]) for f in data["figures"]]
    kept, notes = _pruned(rows, 1)  # a difference the same for every profile is still a difference
    title = f"Differences from {base} (same seeds; * as below)"
    lines: list[str] = [] if kept else wrap(title, width, "", "")
    for group in groups(others, width, [c for _, c in kept]) if kept else []:
        places = [others.index(p) for p in group]
        lines += table(title, [f"{key[p]}−{base}" for p in group], [(n, [c[i] for i in places]) for n, c in kept],
                        width)
    lines += _left_out([n.replace("zero in every profile", "no difference in any profile") for n in notes], width)
    lines += never_met_lines(data, key, width)
    starred = sum(1 for f in data["figures"] for p in others if f["differences"][p].get("starred"))
    lines += wrap(f"{_stars_of(data, others, starred)}. "
                  f"{star_key(data['error_control'])}.", width, "", "")
    return lines


def _stars_of(data: dict[str, Any], others: Sequence[str], stars: int, *, short: bool = False) -> str:
    """"S of N differences tested starred" between the baseline and ``others``: a count of stars is out of
    the differences tested, as Holm's adjustment counts them, with those left untested (an estimate alone,
    or too few games) said apart; ``short``: "S of N tested starred", for the first screen."""
    cells = [f["differences"][p] for f in data["figures"] for p in others]
    tested = sum(1 for d in cells if d.get("p") is not None)
    if short:
        return f"{stars} of {tested:,} tested starred"
    untested = len(cells) - tested
    return (f"{stars} of {counted(tested, 'difference')} tested starred"
            + (f", {untested} more not tested" if untested else ""))


def never_met_lines(data: dict[str, Any], key: dict[str, str], width: int) -> list[str]:
    """Each profile whose games were the baseline's, game for game, though a rule differs: said in words,
    rule by rule, with why the games never met it and what to try, rather than left as a row of zeros."""
    lines: list[str] = []
    base = key[data["baseline"]] if data.get("baseline") in key else data.get("baseline", "")
    for pid, rules in data.get("never_met", {}).items():
        lines += wrap(f"{key.get(pid, pid)} played the same games as {base}, game for game: the games never met "
                      "the rules that differ, so every difference above is none.", width, "", "")
        for entry in rules:
            lines += wrap(f"{entry['rule']}: {entry['why']}", width, "  ", "      ")
    return lines


CHECKS = {"heels_per_deal": "heels per deal", "eldest_count": "eldest's count as dealt"}


def _check_lines(data: dict[str, Any], ids: Sequence[str], key: dict[str, str], width: int) -> list[str]:
    checks = data.get("checks", {})
    names = [name for name in CHECKS if any(name in checks.get(p, {}) for p in ids)]
    if not names:
        return []
    lines: list[str] = []
    for group in groups(ids, width):
        rows: list[tuple[str, Sequence[str]]] = []
        for name in names:
            rows.append((CHECKS[name], [cell(checks[p][name]["simulated"], "number") if name in checks[p] else "-"
                                        for p in group]))
            rows.append(("  exact", [f"{checks[p][name]['exact']:.3f}" if name in checks[p] else "-" for p in group]))
        lines += table("Checks: simulated against exact", [key[p] for p in group], rows, width)
    return lines


def same_as(data: dict[str, Any]) -> dict[str, str]:
    """Profiles that play exactly as an earlier one (Holme's notes over Cotton change no rule that plays):
    every estimate, exact figure, quartile and check the same. Each is named once, in the summary, and
    its column left out of the tables, where it would repeat its twin's figure for figure."""
    ids = [p["id"] for p in data["profiles"]]
    checks = data.get("checks", {})

    def seen(pid: str) -> tuple[Any, ...]:
        return (data["exact"].get(pid), [f["estimates"][pid] for f in data["figures"]],
                data["deals_quartiles"].get(pid), checks.get(pid))

    twins: dict[str, str] = {}
    for i, pid in enumerate(ids):
        if i == 0:
            continue
        # A rule that differs may play differently, even where no game was played to show it.
        earlier = next((q for q in ids[:i] if q not in twins and seen(q) == seen(pid)
                        and _same_values(data, pid, q)), None)
        # Figures equal to four decimals may still differ clearly from the first profile's, game by game.
        if earlier == ids[0] and any(f["differences"][pid].get("clear_of_zero") for f in data["figures"]):
            earlier = None
        if earlier is not None:
            twins[pid] = earlier
    return twins


def _same_values(data: dict[str, Any], pid: str, other: str) -> bool:
    """Whether ``pid`` has ``other``'s value for every rule that differs (the passages cited aside)."""
    return all(row["values"][pid]["value"] == row["values"][other]["value"] for row in data["rules_differing"])


def _same_rules(data: dict[str, Any], pid: str, twin: str) -> bool:
    """Whether ``pid`` has ``twin``'s value and passages for every rule that differs."""
    return all(row["values"][pid]["value"] == row["values"][twin]["value"] and
               row["values"][pid]["cite"] == row["values"][twin]["cite"] for row in data["rules_differing"])


def _header(data: dict[str, Any], key: dict[str, str], width: int, twins: dict[str, str], *,
            titles: bool = True) -> list[str]:
    """The run's settings, what a stopped run played, and (``titles``) each profile's letter and title."""
    s = data["settings"]
    head = (_games_line(s, "per profile")
            + f", seed {s['seed']}, bots {'/'.join(s['bots'])}, the same seeds for every profile")
    lines = wrap(head, width, "", "")
    if s.get("precision"):
        lines += wrap(precision_line(s["precision"]), width, "  ", "  ")
    if not s["complete"]:
        lines += wrap(cut_short(data), width, "  ", "  ")
    for p in data["profiles"] if titles else ():
        twin = twins.get(p["id"])
        plays = f"; plays as {key[twin]}, figure for figure (left out below)" if twin else ""
        lines += wrap(f"{key[p['id']]} = {p['id']}: {p['title']}{plays}", width, "  ", "      ")
    return lines


def precision_line(p: dict[str, Any]) -> str:
    """How many games a run to a precision took: ``--precision 0.5pp: 4,000 games (looks at 1,000 ...)``."""
    looks = ", ".join(f"{look['games']:,}" for look in p["looks"])
    got = (f"every headline figure in {_KIND_UNITS.get(p['kind'], p['kind'])} within ±{p['asked']} at "
           f"{p['games']:,} games" if p["met"] else
           f"not reached within {p['games_most']:,} games (--games): the intervals are as wide as those games allow")
    return f"--precision {p['asked']}: {got} (looked at {looks} games)."


_KIND_UNITS = {"share": "percentage points", "per deal": "points per deal", "deals": "deals per game",
               "lead changes": "lead changes per game", "points": "points"}


# The sections whose figures a summary names first.
HEADLINE_SECTIONS = ("game", "feel", "skill")
SUMMARY_LINES = 24  # one screen of 80 x 24


def _in_words(f: dict[str, Any], pids: Sequence[str], base: str, key: dict[str, str], data: dict[str, Any]) -> str:
    """One figure's clear differences in words: ``deals per game: higher than A's in C (+3.13±0.07) and E
    (+2.80±0.07); lower in D (-1.86±0.08)``."""
    unit = f["unit"]
    parts: list[str] = []
    for word, sign in (("higher", 1), ("lower", -1)):
        these = [p for p in pids if (float(f["differences"][p]["value"]) > 0) == (sign > 0)]
        if these:
            named = [f"{key[p]} ({cell(f['differences'][p], unit, signed=True)})" for p in these]
            joined = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
            parts.append(f"{word}{'' if parts else f' than {key[base]}' + chr(39) + 's'} in {joined}")
    label = _label(f, data).strip() + (" (percentage points)" if unit == "share" else "")
    return f"{label}: {'; '.join(parts)}"


def _largest_clear(data: dict[str, Any], shown: Sequence[str], *,
                   wanted: Verdict = Verdict.HEADLINE) -> list[tuple[dict[str, Any], list[str]]]:
    """The figures with differences of the ``wanted`` standing (by default clear of zero and large enough to
    matter, see ``thresholds``), each with its profiles, largest for its size first; the game's own figures
    (who wins, how long a game lasts) before the rest."""
    base = shown[0]
    found = []
    for f in data["figures"]:
        pids = []
        largest = 0.0
        for pid in shown[1:]:
            d = f["differences"][pid]
            if verdict(d, f["key"], f["unit"]) is wanted:
                size = abs(float(d["value"])) / kind_of(f["key"], f["unit"]).matters
                pids.append((-size, pid))
                largest = max(largest, size)
        if pids:
            found.append((f["section"] not in HEADLINE_SECTIONS, -largest, f, [pid for _, pid in sorted(pids)]))
    found.sort(key=lambda entry: entry[:2])
    return [(f, pids) for _, _, f, pids in found]


def _summary(data: dict[str, Any], key: dict[str, str], width: int, twins: dict[str, str],
             where: Sequence[tuple[str, int]]) -> list[str]:
    """The report's first screen: the profiles, the few largest clear differences in plain words, and
    the line each longer section starts on. At most SUMMARY_LINES lines at 80 columns."""
    ids = [p["id"] for p in data["profiles"]]
    shown = [p for p in ids if p not in twins]
    head = _header(data, key, width, twins)
    if len(head) > SUMMARY_LINES // 2:  # many profiles: a line of their keys, the names in the tables
        head = _header(data, key, width, twins, titles=False) + wrap(
            "; ".join(f"{key[p]} = {p}" + (f" (as {key[twins[p]]})" if p in twins else "") for p in ids),
            width, "  ", "  ")
    sections = wrap("Below, by line: " + ", ".join(f"{title} {line}" for title, line in where) + ".", width,
                     "", "  ")
    body: list[str] = []
    if len(shown) > 1 and data["figures"]:  # none: a run stopped before any game finished
        clear = _largest_clear(data, shown)
        if clear:
            intro = wrap(f"The largest differences from {key[shown[0]]} that matter (starred: clear of zero "
                          f"after allowing for all {data['error_control']['tested']} tested; and at least "
                          f"{sizes_text()}):", width, "", "")
            room = SUMMARY_LINES - len(head) - len(sections) - len(intro) - 4  # blank lines, the count
            chosen: list[str] = []
            for f, pids in clear[:6]:
                text = wrap(_in_words(f, pids, shown[0], key, data), width, "  ", "      ")
                if len(chosen) + len(text) > room:
                    break
                chosen += text
            small = _largest_clear(data, shown, wanted=Verdict.SMALL)
            count = sum(len(pids) for _, pids in clear) + sum(len(pids) for _, pids in small)
            tail = (f"; detectable but small: {_listed(_label(f, data).strip() for f, _ in small)}" if small
                    else "")
            body = [""] + intro + chosen + wrap(f"({_stars_of(data, shown[1:], count, short=True)}{tail}: "
                                                  "every one in the differences, below)", width, "  ", "  ")
        elif data["settings"]["games_played"] and all(p in data.get("never_met", {}) for p in shown[1:]):
            said = (f"{', '.join(key[p] for p in shown[1:])} played the same games as {key[shown[0]]}, game for "
                    f"game: these games never met the rules that differ "
                    f"({_first_why(data, shown[1])}; every rule: the differences, line "
                    f"{dict(where).get('differences', 0)}).")
            body = [""] + wrap(said, width, "", "")
        elif data["settings"]["games_played"]:
            small = _largest_clear(data, shown, wanted=Verdict.SMALL)
            said = (f"No difference from {key[shown[0]]} is starred and large enough to matter at "
                    f"{counted(data['settings']['games_played'], 'game')} a profile"
                    + (f"; detectable but small: {_listed(_label(f, data).strip() for f, _ in small)}." if small
                       else ": more games (--games) narrow the intervals."))
            body = [""] + wrap(said, width, "", "")
    return head + body + [""] + sections


def _first_why(data: dict[str, Any], pid: str) -> str:
    entry = data["never_met"][pid][0]
    return f"{entry['rule']}: {entry['why']}"


def render_text(data: dict[str, Any], width: int = WIDTH) -> str:
    """The report in lines of at most ``width`` columns (longer only where one id or value is longer): a
    screen of summary, then each section. A profile that plays exactly as an earlier one has no column,
    and a row the same in every profile (or zero in all) is named under its table, not repeated."""
    ids = [p["id"] for p in data["profiles"]]
    key = letters(ids)
    twins = same_as(data)
    shown = [p for p in ids if p not in twins]
    sections: list[tuple[str, list[str]]] = []
    if data["rules_differing"]:
        sections.append(("rules", _rules_lines(data, key, width, twins)))
    sections.append(("exact hands", _exact_lines(data, shown, key, width)))
    for section, title in SECTIONS:
        sections.append((SHORT.get(section, section), _section_lines(data, section, title, shown, key, width)))
    sections.append(("decisive", decisive_report.text_lines(data, shown, key, width)))
    sections.append(("checks", _check_lines(data, shown, key, width)))
    sections.append(("differences", _difference_lines(data, shown, key, width)))
    sections = [(title, lines) for title, lines in sections if lines]
    where: list[tuple[str, int]] = [(title, 0) for title, _ in sections]
    for _ in range(3):  # the summary's length moves the sections, whose lines it names: until it stays put
        top = _summary(data, key, width, twins, where)
        line, placed = len(top) + 2, []
        for title, lines in sections:
            placed.append((title, line))
            line += len(lines) + 1
        if placed == where:
            break
        where = placed
    out = top + [""]
    for _, lines in sections:
        out += lines + [""]
    out += _footer(data, width)
    return "\n".join(out) + "\n"


def _footer(data: dict[str, Any], width: int) -> list[str]:
    s = data["settings"]
    text = (f"Intervals: {s['level']:.0%}, shown as ± half their width (exact bounds: --json, --markdown, --csv); "
            "Wilson for shares, t for means over games (skill: seeds), delta-method t for per-deal figures, "
            f"paired t for differences. '?' = {TOO_FEW}.")
    if s.get("skill_games"):
        seeds = s.get("skill_seeds", {})
        # In the four-hand game a skill row's bot plays both seats of its partnership.
        teams = ("; four-hand, team against team" if any(p.get("players", 2) == 4 for p in data["profiles"])
                 else "")
        if s["complete"]:
            fewer = sorted({n for n in seeds.values() if n and n != s["skill_games"]})
            text += f" Skill: {counted(s['skill_games'], 'seed')}, each played twice with the seats swapped"
            text += (f" ({', '.join(f'{n:,}' for n in fewer)} for the search bot's pair)" if fewer else "") + teams + "."
        else:  # stopped early: the seeds each pair actually played
            played = s.get("skill_seeds_played", {})
            done = [f"{pair.replace('-', ' v ')} {played.get(pair, 0):,}" for pair, n in seeds.items() if n]
            text += f" Skill: seeds played (stopped early), {', '.join(done)}, each twice, seats swapped{teams}."
    gaps = decisive_report.gaps_note(data, [p["id"] for p in data["profiles"] if p["id"] not in same_as(data)])
    if gaps:
        text += " " + gaps
    return wrap(text, width, "", "")


def render_markdown(data: dict[str, Any]) -> str:
    ids = [p["id"] for p in data["profiles"]]
    s = data["settings"]
    out = [f"## Comparison: {', '.join(ids)}", "",
           f"{_games_line(s, 'per profile')} (seed {s['seed']}, bots {'/'.join(s['bots'])}), the same seeds "
           f"for every profile; {s['level']:.0%} intervals (Wilson for shares, t for means, paired t for differences).",
           ""]
    if not s["complete"]:
        out += [cut_short(data), ""]
    if data["rules_differing"]:
        out += ["### Rules that differ", "", "| rule | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
        for row in data["rules_differing"]:
            cells = [f"{words(row['rule'], v['value'])} ({', '.join(v['cite']) or 'no passage'})"
                     for v in row["values"].values()]
            out.append(f"| {md_escape(_rule_title(row['rule']))} (`{row['rule']}`) | "
                       + " | ".join(md_escape(c) for c in cells) + " |")
        out.append("")
    out += ["### Exact hand statistics", "", "| | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
    exact = data["exact"]
    out.append("| mean | " + " | ".join(_exact(exact[p], lambda e: f"{e['mean']:.3f}") for p in ids) + " |")
    out.append("| spread (sd) | " + " | ".join(_exact(exact[p], lambda e: f"{e['sd']:.3f}") for p in ids) + " |")
    out.append("| maximum | " + " | ".join(_exact(exact[p], lambda e: str(e["maximum"])) for p in ids) + " |")
    out.append("| cock's nest | " + " | ".join(_exact(exact[p], lambda e: f"{e['cocks_nest_share'] * 100:.2f}%")
                                               for p in ids) + " |")
    out.append("")
    if data["figures"]:
        out += ["### Simulated games", "", "| figure | " + " | ".join(ids) + " |", "|---" * (len(ids) + 1) + "|"]
    for f in data["figures"]:
        out.append(f"| {md_escape(_label(f, data).strip())} | " + " | ".join(interval(f["estimates"][p], f["unit"])
                                                                 for p in ids) + " |")
    if data["figures"]:
        out.append("")
    out += decisive_report.markdown_lines(data)
    checks = data.get("checks", {})
    names = [name for name in CHECKS if any(name in checks.get(p, {}) for p in ids)]
    if names:
        out += ["### Checks: simulated against exact", "", "| check | " + " | ".join(ids) + " |",
                "|---" * (len(ids) + 1) + "|"]
        for name in names:
            out.append(f"| {CHECKS[name]} | " + " | ".join(
                f"{interval(checks[p][name]['simulated'], 'number')}; exact {checks[p][name]['exact']:.3f}"
                if name in checks[p] else "-" for p in ids) + " |")
        out.append("")
    if len(ids) > 1 and data["figures"]:
        others = ids[1:]
        out += [f"### Differences from {ids[0]} (bold: starred)", "",
                star_key(data["error_control"]).replace("* =", "Starred:", 1) + ".", "",
                "| figure | " + " | ".join(others) + " |", "|---" * (len(others) + 1) + "|"]
        for f in data["figures"]:
            cells = []
            for p in others:
                d = f["differences"][p]
                text = interval(d, f["unit"], signed=True)
                cells.append(f"**{text}**" if d.get("starred") else text)
            out.append(f"| {md_escape(_label(f, data).strip())} | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


# ``interrupted`` is True on every row of a run stopped early (Ctrl-C, SIGTERM, SIGHUP): the figures are
# then from the games finished, fewer than asked for. New columns go last, so that a reader that takes
# the columns by position finds the others where they were: a difference's p, its p after the report's
# error control (Holm, over every difference), and whether it is starred (empty for an estimate).
EXACT_LABELS = {"mean": "mean count", "sd": "spread (sd)", "maximum": "maximum", "cocks_nest_share": "cock's nest (0)"}
CSV_FIELDS = ("kind", "figure", "label", "profile", "baseline", "value", "low", "high", "n", "method",
              "clear_of_zero", "interrupted", "p", "p_adjusted", "starred")


def _interrupted(data: dict[str, Any]) -> bool:
    return not data["settings"]["complete"]


def cut_short(data: dict[str, Any]) -> str:
    """What a stopped run played of what was asked, part by part, and what its report therefore holds:
    ``Stopped early: 0 of 20,000 games a profile played; skill seeds played: search v greedy 30 of 1,000,
    ...``."""
    s = data["settings"]
    parts = [f"{s['games_played']:,} of {counted(s['games'], 'game')} a profile played"]
    asked, played = s.get("skill_seeds", {}), s.get("skill_seeds_played", {})
    skill = [f"{pair.replace('-', ' v ')} {played.get(pair, 0):,} of {n:,}" for pair, n in asked.items() if n]
    if skill:
        parts.append("skill seeds played: " + ", ".join(skill))
    return (f"Stopped early: {'; '.join(parts)}. The rules that differ and the exact hand figures need no games; "
            "every other figure is of the games finished, and a figure no finished game measured is left out.")


def _games_line(s: dict[str, Any], what: str) -> str:
    """``400 games per profile``, or ``400 of 1000 games per profile (interrupted)``."""
    return f"{counted(s['games_played'], 'game')} {what}" if s["complete"] else \
        f"{s['games_played']:,} of {counted(s['games'], 'game')} {what} (interrupted)"


def render_csv(data: dict[str, Any]) -> str:
    """One row per figure and profile (kind ``estimate``), per difference from the baseline, per exact hand
    figure (kind ``exact``: every deal counted, no interval) and per figure of the win table (kind
    ``win table``), as ``--json`` has them."""
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
                       "clear_of_zero": e.get("clear_of_zero", ""), "interrupted": interrupted,
                       **{k: _blank(e.get(k)) for k in ("p", "p_adjusted", "starred")}}
    for pid, exact in data.get("exact", {}).items():
        if not exact:
            continue
        deals = sum(exact["distribution"].values())
        shares = {f"share.{category}": share for category, share in exact.get("category_share", {}).items()}
        for name, value in {"mean": exact["mean"], "sd": exact["sd"], "maximum": exact["maximum"],
                            "cocks_nest_share": exact["cocks_nest_share"], **shares}.items():
            yield {"kind": "exact", "figure": f"exact.{name}", "label": EXACT_LABELS.get(name, name.replace(".", ": ")),
                   "profile": pid, "value": value, "low": value, "high": value, "n": deals, "method": "exact",
                   "interrupted": interrupted}
    for pid, figures in data.get("decisive", {}).items():
        for name, label, _ in decisive_report.ROWS:
            if figures and name in figures:
                e = figures[name]
                yield {"kind": "win table", "figure": f"decisive.{name}", "label": label, "profile": pid,
                       "value": e["value"], "low": e["low"], "high": e["high"], "n": e["n"], "method": e["method"],
                       "interrupted": interrupted}


def _blank(value: Any) -> Any:
    """A CSV cell: empty for a figure not tested (an estimate, or too few games)."""
    return "" if value is None else value


# -- --by-rule ---------------------------------------------------------------------------------------------


def render_by_rule_text(data: dict[str, Any], width: int = WIDTH) -> str:
    """The effects in lines of at most ``width`` columns (longer only where one id or value is longer)."""
    s = data["settings"]
    # The headline figures and any other a switch moves clearly: the other forms have every figure.
    shown = set(data.get("shown", [f["key"] for f in data["figures"]]))
    figures = [f for f in data["figures"] if f["key"] in shown]
    lines = wrap(f"Which rule makes the difference from {data['from']} to {data['to']}: each rule switched "
                  f"alone from {data['from']}'s value to {data['to']}'s, {counted(s['games_played'], 'game')} each on the same "
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
        legend = [f"[{i + 1 + start}] {short[k].strip()}" for i, k in enumerate(keys)]
        if len("   ".join(legend)) <= width:
            lines.append("   ".join(legend))
        else:  # one figure a line, each kept whole where it fits
            for entry in legend:
                lines += wrap(entry, width, "", "    ")
        heads = [f"[{i + 1 + start}]" for i in range(len(keys))]
        unit = {f["key"]: f["unit"] for f in figures}
        rows: list[tuple[str, Sequence[str]]] = [
            (data["from"], [cell(f["from_value"], f["unit"]) for f in figures if f["key"] in keys]),
            (data["to"], [cell(f["to_value"], f["unit"]) for f in figures if f["key"] in keys]),
            ("total change", [cell(data["total"][k], unit[k], signed=True, mark=True) for k in keys])]
        for row in data["switches"]:
            rows.append((" + ".join(row["rules"]), [cell(row["effects"][k], unit[k], signed=True, mark=True)
                                                    for k in keys]))
        rows.append(("sum of single effects", [_sum_cell(data["sum_of_effects"][k], unit[k], data["total"][k])
                                               for k in keys]))
        # The rule names take the room left, 38 at most: a wide window does not push the figures far off.
        label = max(0, min(width - per_table * EFFECT, max(38, *(len(name) + 1 for name, _ in rows))))
        lines += table("", heads, rows, width, label=label)[1:]
    lines.append("")
    named = [(r["rules"], [short[k].strip() for k in r["clear"]]) for r in data["switches"] if r["clear"]]
    lines += wrap(star_key(data["error_control"]) + ".", width, "", "")
    if named:
        lines += wrap("Rules behind the starred differences:", width, "", "")
        for rules, which in named:
            lines += wrap(f"{' + '.join(rules)}: {'; '.join(which)}", width, "  ", "      ")
    else:
        lines += wrap("No single rule has a starred effect at this number of games.", width, "", "")
    never = [(r["rules"], r["never_met"]) for r in data["switches"] if r.get("never_met")]
    if never:
        lines += wrap("Never met in these games (each switch the same games as "
                      f"{data['from']}'s, game for game):", width, "", "")
        for rules, why in never:
            for entry in why:
                lines += wrap(f"{entry['rule']}: {entry['why']}", width, "  ", "      ")
    lines.append("The switches:")
    for row in data["switches"]:
        change = "; ".join(f"{k} ({_rule_title(k)}): {words(k, row['from'][k])} -> {words(k, row['to'][k])}"
                           for k in row["rules"])
        lines += wrap(change, width, "  ", "      ")
    lines += wrap("Shares in percentage points; intervals 95% paired t, shown as ± half their width; effects of "
                   "single switches need not add up to the total where rules interact.", width, "", "")
    return "\n".join(lines) + "\n"


def _sum_cell(total: float, unit: str, change: dict[str, Any]) -> str:
    """A sum of effects to the decimals of the total change above it (``+0.015`` under ``+0.015±0.005*``),
    and never shown as zero where it is not."""
    shown = total * (100 if unit == "share" else 1)
    places = decimals_for(abs(shown), shown)
    if change.get("low") is not None:
        places = max(places, interval_places(change, unit))
    return number(total, unit, signed=True, places=places)


def render_by_rule_markdown(data: dict[str, Any]) -> str:
    figures = data["figures"]
    out = [f"## Which rule makes the difference: {data['from']} → {data['to']}", "",
           f"{_games_line(data['settings'], 'per rule set')}, the same seeds; 95% paired t intervals; "
           "bold: starred. " + star_key(data["error_control"]).replace("* =", "Starred:", 1) + ".", "",
           "| switched | " + " | ".join(md_escape(f["label"]) for f in figures) + " |",
           "|---" * (len(figures) + 1) + "|",
           f"| **total** ({data['to']}) | " + " | ".join(_bold(data["total"][f["key"]], f["unit"]) for f in figures) + " |"]
    for row in data["switches"]:
        out.append(f"| {md_escape(' + '.join(row['rules']))} | "
                   + " | ".join(_bold(row["effects"][f["key"]], f["unit"]) for f in figures) + " |")
    return "\n".join(out) + "\n"


def _bold(estimate: dict[str, Any], unit: str) -> str:
    text = interval(estimate, unit, signed=True)
    return f"**{text}**" if estimate.get("starred") else text


def by_rule_csv(data: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, ("switched", "figure", "value", "low", "high", "n", "clear_of_zero",
                                     "interrupted", "p", "p_adjusted", "starred"), lineterminator="\n")
    writer.writeheader()
    entries = [("total", data["total"])] + [(" + ".join(r["rules"]), r["effects"]) for r in data["switches"]]
    for name, effects in entries:
        for k, e in effects.items():
            writer.writerow({"switched": name, "figure": k, "value": e["value"], "low": e["low"], "high": e["high"],
                             "n": e["n"], "clear_of_zero": e["clear_of_zero"], "interrupted": _interrupted(data),
                             **{k: _blank(e.get(k)) for k in ("p", "p_adjusted", "starred")}})
    return buffer.getvalue()


__all__ = ["by_rule_csv", "cell", "cut_short", "letters", "render_by_rule_markdown", "render_by_rule_text", "render_csv",
           "render_markdown", "render_text"]
