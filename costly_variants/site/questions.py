"""The two questions on the site: how much each reading matters, and a worked house-rule design, both
played at build time with the same code as ``costly readings`` and ``costly design``, so that a reader can
reproduce every number from the command line (the page says with which).

Directives (registered by ``setup``, which the site's extension calls):

- ``.. costly-readings:: [ID ...]``: for each profile (default: every one on the site), its alternative
  readings played in place of its own on ``costly_readings_games`` games each (config; the count is said),
  ranked by their clearest effect, each with both readings and their passages; then the values read with
  doubt that record no other reading.
- ``.. costly-design-run:: BASE``: one ``costly design`` run, its content one ``want FIGURE OP VALUE``,
  ``prefer FIGURE:low|high`` or ``vary KEY=LO..HI`` a line (options ``:games:``, ``:screen-games:``,
  ``:most-changes:``, ``:seed:``): the command line, its report, and the first candidate as the house
  profile ``--write`` would write.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx

from .. import profiles
from .._version import __version__
from ..questions.design import DesignSettings, search, summarise
from ..questions.design_report import house_profile, render_text
from ..questions.readings import run_readings
from ..runs.layout import cell
from ..questions.study import Settings, local_runner
from ..questions.targets import parse_prefer, parse_vary, parse_want
from ..errors import CostlyError, UsageError
from . import nodes as n
from .citations import profile_label
from .directive import CostlyDirective
from .words import words

SEED = 1
BOTS = ("greedy",)
# Besides the clearest, the effects every reading's row shows (the rest are a command away).
SHOWN = ("deals_per_game", "points_per_deal", "dealer_edge")


@lru_cache(maxsize=8)
def _readings(ids: tuple[str, ...], games: int) -> dict[str, Any]:
    """The readings of these profiles, played once per build however many pages show them."""
    return run_readings([profiles.load(i) for i in ids], Settings(games, SEED, BOTS), local_runner(1))


class ReadingsDirective(CostlyDirective):
    """``.. costly-readings:: [ID ...]``: the readings tables, played at build time."""

    has_content = False
    optional_arguments = 20

    def run(self) -> list[nodes.Node]:
        games = int(self.config.costly_readings_games)
        chosen = [p for p in (self.profile(a) for a in self.arguments) if p is not None] if self.arguments \
            else list(self.data.profiles)
        refs = [p.id if p.id in profiles.bundled_ids() else str(p.path) for p in chosen]
        try:
            data = _readings(tuple(refs), games)
        except CostlyError as exc:
            self.warn(f"the readings could not be played: {exc}")
            return []
        figures = {f["key"]: f for f in data["figures"]}
        out: list[nodes.Node] = [n.para(
            f"Played when this page was built: {games:,} games for each reading, greedy bot against greedy bot, "
            f"on the profile's own seeds (seed {SEED}), with 95% paired intervals, shown as ± half their "
            "width; shares in percentage points. A * after a figure marks a difference clear of zero: its "
            "interval leaves zero out, so the games tell the reading from the profile's own. ",
            n.literal(f"costly readings {' '.join(refs)} --games {games} --seed {SEED}"),
            " gives these numbers, every figure, and more games narrow the intervals.", classes=["costly-note"])]
        for entry in data["profiles"]:
            out += self._profile(entry, figures)
        return [self.located(node) for node in out]

    def _profile(self, entry: dict[str, Any], figures: dict[str, dict[str, Any]]) -> list[nodes.Node]:
        head = n.para(n.strong(entry["title"]), " (", n.xref(profile_label(entry["id"]), entry["id"]), ")")
        if entry["same_as"]:
            return [head, n.para(f"The same rules and the same readings as {entry['same_as']}: the same games.")]
        out: list[nodes.Node] = [head]
        if not entry["readings"]:
            out.append(n.para("No alternative reading is recorded."))
        else:
            header = ["", "the reading", "clearest effect", *[self._label(figures[k]) for k in SHOWN]]
            rows = [self._row(row, figures, entry["id"]) for row in entry["readings"]]
            # on a phone each reading stacks, its effects named by their columns: none is off the screen
            out.append(n.data_table(header, rows, widths=[3, 52, 18, 9, 9, 9], classes=["costly-readings"],
                                    labels=["", "", "clearest effect", *[self._label(figures[k]) for k in SHOWN]]))
        missing = entry["unrecorded"]
        if missing:
            out.append(n.para(f"Read with doubt and no other reading recorded ({len(missing)}): ",
                              *n.joined([n.inline(n.literal(m["rule"]), f" ({m['status']})") for m in missing]),
                              "."))
        return out

    @staticmethod
    def _label(figure: dict[str, Any]) -> str:
        return figure["label"] + (" (%)" if figure["unit"] == "share" else "")

    def _row(self, row: dict[str, Any], figures: dict[str, dict[str, Any]], profile_id: str) -> list[Any]:
        alt = row["alternative"]
        titles = self.data.rule_titles
        together = "".join(f" with {titles.get(k, k).lower()}: {words(k, v)}" for k, v in alt["with"].items())
        rule = n.para(n.strong(titles.get(row["rule"], row["rule"])), " ", n.rule_key(row["rule"]), " ",
                      n.badge(row["status"]),
                      *([" ", n.inline(f"from {row['defined_in']}", classes=["costly-from"])]
                        if row["defined_in"] != profile_id else []))
        read = n.para(n.emph("read as "), n.inline(words(row["rule"], row["value"]), classes=["costly-value"]),
                      *([" (", *self.cites(row["cite"]), ")"] if row["cite"] else []))
        other = n.para(n.emph("or as "), n.inline(words(row["rule"], alt["value"]) + together, classes=["costly-value"]),
                       " \u2014 ",
                       n.squash(alt["reading"]), *([" (", *self.cites(alt["cite"]), ")"] if alt["cite"] else []))
        if row["same_rules_as"]:
            clearest = f"the same rules as the reading of {row['same_rules_as']['rule']}"
        elif not row["effects"]:
            clearest = "not played"
        elif row["unchanged"]:
            clearest = "no game changed: " + (row.get("unchanged_why") or "these bots never meet the rule")
        elif row["clearest"]:
            f = figures[row["clearest"]]
            clearest = f"{f['label']} {cell(row['effects'][f['key']], f['unit'], signed=True, mark=True)}"
        else:
            clearest = "too few games for intervals"
        effects = [cell(row["effects"][k], figures[k]["unit"], signed=True, mark=True) if row["effects"] else "-"
                   for k in SHOWN]
        return [str(row["rank"]), [rule, read, other], clearest, *effects]


@lru_cache(maxsize=8)
def _design(base: str, lines: tuple[tuple[str, str], ...], games: int, screen: int, changes: int,
            seed: int) -> dict[str, Any]:
    wants = [parse_want(text) for kind, text in lines if kind == "want"]
    prefers = [parse_prefer(text) for kind, text in lines if kind == "prefer"]
    varies = [parse_vary(text) for kind, text in lines if kind == "vary"]
    settings = DesignSettings(games, seed, BOTS, first_games=min(screen, games), most_changes=changes)
    return summarise(search(profiles.load(base), wants, prefers, varies, settings, local_runner(1)))


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'" if "'" in text or " " in text else text


class DesignRunDirective(CostlyDirective):
    """``.. costly-design-run:: BASE``: one worked design, played at build time."""

    has_content = True
    required_arguments = 1
    option_spec = {"games": directives.positive_int, "screen-games": directives.positive_int,
                   "most-changes": directives.positive_int, "seed": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        base = self.arguments[0]
        lines: list[tuple[str, str]] = []
        for line in self.content:
            kind, _, text = line.strip().partition(" ")
            if kind not in ("want", "prefer", "vary") or not text.strip():
                self.warn(f"a line of costly-design-run is 'want ...', 'prefer ...' or 'vary ...', not {line!r}")
                return []
            lines.append((kind, text.strip()))
        games = self.options.get("games", 2000)
        screen = self.options.get("screen-games", 200)
        changes = self.options.get("most-changes", 3)
        seed = self.options.get("seed", SEED)
        if self.profile(base) is None:
            return []
        try:
            data = _design(base, tuple(lines), games, screen, changes, seed)
        except (CostlyError, UsageError) as exc:
            self.warn(f"the design could not be run: {exc}")
            return []
        command = ["costly design --base", base, *[f"--{kind} {_quoted(text)}" for kind, text in lines],
                   f"--games {games} --screen-games {screen} --most-changes {changes} --seed {seed}"]
        out: list[nodes.Node] = [
            n.para(f"Run when this page was built (costly-variants {__version__}), on one process:"),
            nodes.literal_block(" \\\n    ".join(command), " \\\n    ".join(command), language="sh"),
            nodes.literal_block(render_text(data), render_text(data), language="text"),
        ]
        if data["best"]:
            out.append(n.para("The candidates in words, each change with the passages its value rests on:"))
            items = nodes.enumerated_list()
            for candidate in data["best"]:
                parts: list[n.Child] = []
                for i, change in enumerate(candidate["changes"]):
                    parts += (["; "] if i else []) + [
                        n.strong(change["title"]), f": {words(change['rule'], change['from'])} \u2192 "
                        f"{words(change['rule'], change['to'])}, {change['from_source'].split(' [')[0]}"]
                    cites = list(change["source"].get("cite", []))
                    if cites:
                        parts += [" (", *self.cites(cites), ")"]
                shown = [f"{f['label']} {cell(candidate['figures'][f['key']]['value'], f['unit'])}"
                         for f in data["figures"] if f["key"] in ("deals_per_game", "lead_changes")]
                base_shown = [f"{cell(data['base']['figures'][f['key']], f['unit'])}"
                              for f in data["figures"] if f["key"] in ("deals_per_game", "lead_changes")]
                parts += [f". {'; '.join(shown)} (the base: {', '.join(base_shown)})."]
                items += nodes.list_item("", n.para(*parts))
            out.append(items)
            best = data["best"][0]
            yaml_text = house_profile(data, best, profile_id=f"{base}-design-1", extends=base)
            out += [n.para("With --write DIR, the first candidate is written as this house profile, which "
                           "costly validate accepts and costly compare plays:"),
                    nodes.literal_block(yaml_text, yaml_text, language="yaml")]
        return [self.located(node) for node in out]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("costly_readings_games", 1000, "env", [int])
    app.add_directive("costly-readings", ReadingsDirective)
    app.add_directive("costly-design-run", DesignRunDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["DesignRunDirective", "ReadingsDirective", "setup"]
