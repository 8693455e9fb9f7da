"""``costly variants``, ``validate``, ``show`` and ``diff``: the profiles themselves."""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import profiles
from ..profiles.display import dumps, format_provenance, format_value, profile_json, provenance_json, plain
from ..errors import Location, Problem, UsageError
from ..profiles import Profile

EXIT_OK, EXIT_INVALID = 0, 1


def console(columns: int = 100) -> Console:
    """A console at least ``columns`` wide, so tables stay readable when piped."""
    width = max(columns, shutil.get_terminal_size((columns, 24)).columns)
    return Console(file=sys.stdout, width=width, highlight=False, soft_wrap=False)


def add_profile_args(parser: argparse.ArgumentParser, *, many: bool = False) -> None:
    if many:
        parser.add_argument("profiles", nargs="*", metavar="ID|PATH",
                            help="bundled profile ids or paths to profile files (default: every bundled one)")
    else:
        parser.add_argument("profile", metavar="ID|PATH", help="a bundled profile id or a path to a profile file")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("variants", help="list the bundled profiles")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_variants)

    p = sub.add_parser("validate", help="check profile files against the schema and the sources")
    p.add_argument("paths", nargs="*", metavar="PATH", help="profile files or bundled ids (default: every bundled one)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format")
    p.set_defaults(handler=cmd_validate)

    p = sub.add_parser("show", help="show a resolved profile with statuses and citations")
    add_profile_args(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=cmd_show)

    p = sub.add_parser("diff", help="compare profiles rule by rule, side by side")
    add_profile_args(p, many=True)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--changed", action="store_true", help="only the rules that differ")
    p.set_defaults(handler=cmd_diff)


def cmd_variants(args: argparse.Namespace) -> int:
    rows = [{"id": p.id, "title": p.title, "year": p.year, "target": p.rules.target, "players": p.rules.players,
             "extends": p.extends, "main_source": p.main_source} for p in profiles.load_all()]
    if args.json:
        print(dumps(rows))
        return EXIT_OK
    table = Table("id", "title", "year", "game", "players", "main source", box=None, pad_edge=False)
    for r in rows:
        table.add_row(str(r["id"]), str(r["title"]), str(r["year"]), str(r["target"]), str(r["players"]),
                      str(r["main_source"]))
    console().print(table)
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    targets = args.paths or profiles.bundled_ids()
    all_problems: list[Problem] = []
    checked: list[dict[str, Any]] = []
    for target in targets:
        path = profiles.bundled_paths().get(target) or Path(target)
        if not path.is_file():
            problem = Problem(Location(str(target)), "no such file or bundled profile")
            problems = [problem]
        else:
            _, problems = profiles.check(path)
        all_problems.extend(problems)
        checked.append({"file": str(target), "ok": not problems, "problems": [p.as_dict() for p in problems]})
    if args.format == "json":
        print(dumps({"ok": not all_problems, "files": checked}))
    else:
        for entry, target in zip(checked, targets):
            if entry["ok"]:
                print(f"ok: {target}")
        for problem in all_problems:
            print(problem)
        print(f"{len(targets)} file(s) checked, {len(all_problems)} problem(s)", file=sys.stderr)
    return EXIT_INVALID if all_problems else EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    profile = profiles.load(args.profile)
    if args.json:
        print(dumps(profile_json(profile)))
        return EXIT_OK
    out = console()
    heading = f"{profile.title}  ({profile.id}" + (f", extends {profile.extends}" if profile.extends else "") + ")"
    out.print(Text(heading, style="bold"))
    if profile.summary:
        out.print(Text(profile.summary))
    if profile.source_status:
        s = profile.source_status
        out.print(Text(f"Source: [{s.status.value}] {s.note} ({', '.join(s.cite)})"))
    table = Table("rule", "value", "status and passages", "note", show_lines=False, box=None, pad_edge=False)
    titles = profiles.rule_titles()
    for key, value in profile.values.items():
        prov = profile.provenance[key]
        note = prov.note or ""
        if prov.alternatives:
            note += "".join(f" | alternative: {format_value(plain(a.value))} ({a.reading})" for a in prov.alternatives)
        table.add_row(Text(f"{key}\n{titles[key]}"), Text(format_value(plain(value))),
                      Text(format_provenance(prov, profile.id), overflow="fold"), Text(note.strip()))
    out.print(table)
    if profile.vocabulary:
        vocab = Table("term", "meaning", "passages", box=None, pad_edge=False)
        for term, entry in profile.vocabulary.items():
            vocab.add_row(term, entry.meaning, ", ".join(entry.cite))
        out.print(Text("\nVocabulary", style="bold"))
        out.print(vocab)
    return EXIT_OK


def diff_rows(chosen: list[Profile]) -> list[dict[str, Any]]:
    titles = profiles.rule_titles()
    rows = []
    for key, title in titles.items():
        values = [plain(p.values[key]) for p in chosen]
        rows.append({
            "rule": key, "title": title, "differs": any(v != values[0] for v in values[1:]),
            "cells": {p.id: {"value": v, **provenance_json(p.provenance[key])} for p, v in zip(chosen, values)},
        })
    return rows


def cmd_diff(args: argparse.Namespace) -> int:
    refs = args.profiles or [p.id for p in profiles.load_all()]
    if len(refs) < 2:
        raise UsageError("costly diff: give at least two profiles, or none for every bundled one")
    chosen = [profiles.load(r) for r in refs]
    ids = [p.id for p in chosen]
    if len(set(ids)) != len(ids):
        raise UsageError("costly diff: the same profile is named twice")
    rows = diff_rows(chosen)
    if args.changed:
        rows = [r for r in rows if r["differs"]]
    notes = {p.id: {"status": p.source_status.status.value, "cite": list(p.source_status.cite),
                    "note": p.source_status.note} for p in chosen if p.source_status}
    if args.json:
        print(dumps({"profiles": ids, "source_status": notes, "rows": rows}))
        return EXIT_OK
    table = Table(" ", "rule", *ids, box=None, pad_edge=False, show_lines=True)
    table.columns[1].min_width = 26
    for row in rows:
        cells = []
        for p in chosen:
            cell = row["cells"][p.id]
            prov = p.provenance[row["rule"]]
            text = f"{format_value(cell['value'])}\n{format_provenance(prov, p.id)}".replace(", ", "\n")
            cells.append(Text(text, overflow="fold"))
        table.add_row("≠" if row["differs"] else "", Text(f"{row['rule']}\n{row['title']}", overflow="fold"), *cells)
    differing = sum(r["differs"] for r in rows)
    out = console(30 + 30 * len(chosen))
    out.print(table)
    out.print(f"{differing} of {len(rows)} rules differ (marked ≠)")
    for profile_id, note in notes.items():
        out.print(Text(f"{profile_id}: source {note['status']}. {note['note']} ({', '.join(note['cite'])})"))
    return EXIT_OK
