"""``costly variants``, ``validate``, ``show`` and ``diff``: the profiles themselves."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..wording import counted
from .helptext import command

if TYPE_CHECKING:
    from ..profiles import Profile

EXIT_OK, EXIT_INVALID = 0, 1


def add_profile_args(parser: argparse.ArgumentParser, *, many: bool = False) -> None:
    if many:
        parser.add_argument("profiles", nargs="*", metavar="ID|PATH",
                            help="bundled profile ids or paths to profile files (default: every bundled one)")
    else:
        parser.add_argument("profile", metavar="ID|PATH", help="a bundled profile id or a path to a profile file")


def add_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def register(sub: argparse._SubParsersAction) -> None:
    p = command(sub, "variants", "list the bundled profiles: one per source, oldest first",
                examples=["costly variants", "costly variants --json"])
    add_json(p)
    p.set_defaults(handler=cmd_variants)

    p = command(sub, "validate", "check profile files against the schema and the sources they cite",
                examples=["costly validate my-house.yaml", "costly validate house-rules/", "costly validate --json"],
                details="Every problem is one line, file:line:column: $.path: message; the exit code is 1 "
                        "if there is any.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="profile files, folders of them (their .yaml files), or bundled ids (default: every bundled one)")
    add_json(p)
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="report format; --format json is the same as --json")
    p.add_argument("-q", "--quiet", action="store_true", help="only the problems: no 'ok' lines, no count")
    p.set_defaults(handler=cmd_validate)

    p = command(sub, "show", "show every rule of a profile with its value, status, passages and notes",
                examples=["costly show cotton-1674", "costly show my-house.yaml --json"],
                details="A rule's status says how the value was reached (stated, inferred, editorial, silent, "
                        "disputed, unavailable) and its passages where, e.g. cotton-1674#p125-game.")
    add_profile_args(p)
    add_json(p)
    p.set_defaults(handler=cmd_show)

    p = command(sub, "diff", "compare profiles rule by rule, with each value's status and passages",
                examples=["costly diff --changed", "costly diff cotton-1674 parlett-121"],
                details="Profiles are side by side when the window is wide enough, else one block per rule "
                        "with a line per profile. Rules marked ≠ differ.")
    add_profile_args(p, many=True)
    add_json(p)
    p.add_argument("--changed", action="store_true", help="only the rules that differ")
    p.set_defaults(handler=cmd_diff)


def cmd_variants(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..profiles.display import dumps

    rows = [{"id": p.id, "title": p.title, "year": p.year, "target": p.rules.target, "players": p.rules.players,
             "extends": p.extends, "main_source": p.main_source} for p in profiles.load_all()]
    if args.json:
        print(dumps(rows))
        return EXIT_OK
    from rich.text import Text

    from .render import Column, Grid, console

    grid = Grid(Column("profile", prose=True), "year", Column("game", justify="right"),
                Column("players", justify="right"), "main source", leading=1)
    for r in rows:
        grid.add_row(Text.assemble((str(r["id"]), "bold"), "\n" + str(r["title"])), str(r["year"]),
                     str(r["target"]), str(r["players"]), str(r["main_source"]))
    out = console()
    grid.render(out)
    out.print()
    out.print(Text("game: the score that wins. See a profile's rules with: costly show ID; compare them with: "
                   "costly diff --changed"))
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..errors import Location, Problem
    from ..profiles.display import dumps

    targets: list[str] = []
    for target in args.paths or profiles.bundled_ids():
        # a folder stands for the profiles in it (as a house-rules folder holds them), in name order
        try:
            inside = sorted(str(p) for p in Path(target).iterdir() if p.suffix in (".yaml", ".yml"))
        except OSError:  # not a folder (a file, an id), or one that cannot be read: checked as it is
            inside = []
        targets.extend(inside or [target])
    all_problems: list[Problem] = []
    checked: list[dict[str, Any]] = []
    for target in targets:
        path = profiles.bundled_paths().get(target) or Path(target)
        notes: list[str] = []
        if not path.is_file():
            what = "a folder with no .yaml profile in it" if path.is_dir() else "no such file or bundled profile"
            problem = Problem(Location(str(target)), what)
            problems = [problem]
        else:
            profile, problems = profiles.check(path)
            notes = [set_aside_note(s) for s in profile.set_aside] if profile is not None else []
        all_problems.extend(problems)
        checked.append({"file": str(target), "ok": not problems, "problems": [p.as_dict() for p in problems],
                        "notes": notes})
    if args.json or args.format == "json":
        print(dumps({"ok": not all_problems, "files": checked}))
    else:
        for entry, target in zip(checked, targets):
            if entry["ok"] and not args.quiet:
                print(f"ok: {target}")
                for note in entry["notes"]:
                    print(f"  note: {note}")
        for problem in all_problems:
            print(problem)
        if not args.quiet:
            print(f"{counted(len(targets), 'file')} checked, {counted(len(all_problems), 'problem')}", file=sys.stderr)
    return EXIT_INVALID if all_problems else EXIT_OK


def set_aside_note(aside: Any) -> str:
    """An inherited reading the profile's rules cannot play, in a line: what, from where, and why."""
    return (f"the alternative {aside.described()} (from {aside.defined_in}) cannot be played with this "
            f"profile's rules ({aside.why}): set aside, not measured by costly readings")


def cmd_show(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..profiles.display import (citations, dumps, evidence_text, format_provenance, format_value, plain,
                                    plays_as_of, profile_json, readable, together_text)

    profile = profiles.load(args.profile)
    if args.json:
        print(dumps(profile_json(profile)))
        return EXIT_OK
    from rich.text import Text

    from .render import Column, Grid, console

    out = console()
    heading = f"{profile.title}  ({profile.id}" + (f", extends {profile.extends}" if profile.extends else "") + ")"
    out.print(Text(heading, style="bold"))
    if profile.summary:
        out.print(Text(profile.summary))
    if profile.source_status:
        s = profile.source_status
        out.print(Text(f"Source: [{s.status.value}] {readable(s.note)} ({citations(s.cite)})"))
    twin = plays_as_of(profile)
    if twin:
        out.print(Text(f"{profile.id} plays as {twin}: every value is {twin}'s"
                       + (", none stated by its own text (unavailable)." if profile.source_status and
                          profile.source_status.status.value == "unavailable" else ".")))
    out.print()
    grid = Grid(Column("rule", prose=True, readable=0), "value", "status and passages",
                Column("note", prose=True), leading=1)
    titles = profiles.rule_titles()
    for key, value in profile.values.items():
        prov = profile.provenance[key]
        # the words first: what a reader checks the status against, before the note that weighs them
        note = " | ".join([*(f"words: {evidence_text(e)}" for e in prov.evidence), *([readable(prov.note)] if prov.note else [])])
        if prov.alternatives:
            note += "".join(f" | alternative: {format_value(plain(a.value))}{together_text(a)} ({a.reading})"
                            for a in prov.alternatives)
        grid.add_row(Text.assemble((key, "bold"), f"\n{titles[key]}"), format_value(plain(value)),
                     format_provenance(prov, profile.id), note.strip() or "-")
    grid.render(out)
    if profile.vocabulary:
        vocab = Grid(Column("term", whole=True), Column("meaning", prose=True, readable=30), "passages")
        for term, entry in profile.vocabulary.items():
            vocab.add_row(Text(term, style="bold"), entry.meaning, citations(entry.cite))
        out.print(Text("\nVocabulary", style="bold"))
        vocab.render(out)
    return EXIT_OK


def diff_rows(chosen: list[Profile]) -> list[dict[str, Any]]:
    from .. import profiles
    from ..profiles.display import plain, provenance_json

    titles = profiles.rule_titles()
    rows = []
    for key, title in titles.items():
        values = [plain(p.values[key]) for p in chosen]
        rows.append({
            "rule": key, "title": title, "differs": any(v != values[0] for v in values[1:]),
            "cells": {p.id: {"value": v, **provenance_json(p.provenance[key], p.id)} for p, v in zip(chosen, values)},
        })
    return rows


def cmd_diff(args: argparse.Namespace) -> int:
    from .. import profiles
    from ..errors import UsageError
    from ..api.running import load_distinct
    from ..profiles.display import citation_json, citations, dumps, format_provenance, format_value

    refs = args.profiles or [p.id for p in profiles.load_all()]
    if len(refs) < 2:
        raise UsageError("costly diff: give at least two profiles, or none for every bundled one")
    chosen = load_distinct(refs, who="costly diff")
    ids = [p.id for p in chosen]
    every = diff_rows(chosen)
    rows = [r for r in every if r["differs"]] if args.changed else every
    notes = {p.id: {"status": p.source_status.status.value, "cite": list(p.source_status.cite),
                    "citations": [citation_json(ref) for ref in p.source_status.cite],
                    "note": p.source_status.note} for p in chosen if p.source_status}
    if args.json:
        print(dumps({"profiles": ids, "source_status": notes, "rows": rows}))
        return EXIT_OK
    from rich.text import Text

    from .render import NO_BREAK, Column, Grid, console

    grid = Grid(" ", Column("rule", prose=True, readable=0), *ids, heading=2, leading=1)
    for row in rows:
        cells = []
        for p in chosen:
            cell = row["cells"][p.id]
            where = format_provenance(p.provenance[row["rule"]], p.id).replace("no passage", f"no{NO_BREAK}passage")
            cells.append(f"{format_value(cell['value'])}\n{where}")
        grid.add_row("≠" if row["differs"] else "", Text.assemble((row["rule"], "bold"), f"\n{row['title']}"),
                     *cells)
    differing = sum(r["differs"] for r in every)
    out = console()
    grid.render(out)
    out.print()
    out.print(Text(f"{differing} of {len(every)} rules differ" + (" (marked ≠)" if differing and not args.changed
                                                                  else "")))
    for p in chosen:
        if p.source_status:
            s = p.source_status
            out.print(Text(f"{p.id}: source {s.status.value}. {s.note} ({citations(s.cite)})"))
    return EXIT_OK
