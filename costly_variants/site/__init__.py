"""A Sphinx extension that builds the reference site from the profiles and sources.

Directives (each renders reStructuredText and parses it in place, so every citation is a ``:ref:`` to
its passage and a missing passage is a Sphinx warning with a location):

- ``.. costly-sources::``: every source, with each passage as a link target.
- ``.. costly-rule-table::``: the profiles side by side, rule by rule; ``:profiles:`` picks some.
- ``.. costly-profile:: ID``: one profile with its notes, alternatives and vocabulary.
- ``.. costly-examples::``: the sources' worked examples, the source's total against the engine's.
- ``.. costly-analysis::``: the exact analysis of every deal under each profile.
- ``.. costly-glossary::``: the game's vocabulary, each meaning cited.
- ``.. costly-schema::``: every rule a profile may set, with its allowed values.
"""
from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from .. import __version__, profiles
from ..profiles.display import format_value, plain
from ..errors import CostlyError
from ..profiles import Profile
from ..profiles.rules import Provenance
from ..profiles.sources import library

logger = logging.getLogger(__name__)

_RST_SPECIAL = re.compile(r"([\\`*_|\[\]<>])")


def esc(text: str) -> str:
    """Text that reStructuredText shows as it is."""
    return _RST_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def label(ref: str) -> str:
    """The Sphinx label of a passage: ``cotton-1674#p125-game`` -> ``src-cotton-1674-p125-game``."""
    return "src-" + ref.replace("#", "--")


def cite_refs(refs: tuple[str, ...] | list[str]) -> str:
    return ", ".join(f":ref:`{ref} <{label(ref)}>`" for ref in refs) or "no passage"


def _table(header: list[str], rows: list[list[str]], widths: str | None = None) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in [header, *rows]:
        for i, cell in enumerate(row):
            cell_lines = cell.split("\n") or [""]
            lines.append(("   * - " if i == 0 else "     - ") + cell_lines[0])
            lines.extend("       " + extra for extra in cell_lines[1:])
    lines.append("")
    return lines


class _CostlyDirective(SphinxDirective):
    def render(self, lines: list[str]) -> list[nodes.Node]:
        node = nodes.section()
        node.document = self.state.document
        source = self.get_source_info()[0]
        nested_parse_with_titles(self.state, StringList(lines, source=f"{source} (costly)"), node)
        return node.children

    def load(self, ref: str) -> Profile | None:
        try:
            return profiles.load(ref)
        except CostlyError as exc:
            first = str(exc).splitlines()[0]
            logger.warning("costly: %s", first, location=self.get_location())
            return None


def _cell(profile: Profile, key: str) -> str:
    prov = profile.provenance[key]
    inherited = f" (from {esc(prov.defined_in)})" if prov.defined_in != profile.id else ""
    return (f"**{esc(format_value(plain(profile.values[key])))}**\n\n"
            f"*{prov.status.value}*{inherited}: {cite_refs(prov.cite)}")


def _source_order(source: Any) -> tuple[bool, int, str]:
    """Primary texts first, oldest first; then the modern works."""
    year = re.search(r"(1[5-9]\d\d|20\d\d)", source.id)
    return (source.kind != "primary", int(year.group(1)) if year else 1799, source.id)


class SourcesDirective(_CostlyDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for source in sorted(library().sources.values(), key=_source_order):
            lines += [f".. _src-{source.id}:", "", esc(source.title), "-" * len(esc(source.title)), ""]
            lines += [f"Bibliography: :cite:p:`{source.bibkey}`. {esc(source.licence)}", ""]
            lines += [esc(source.transcription), ""]
            for passage in source.passages.values():
                where = f"pp. {passage.pages}" if passage.pages and passage.pages != "-" else (passage.locator or "")
                lines += [f".. _{label(passage.ref)}:", "", f"``{passage.ref}`` {esc(where)}", ""]
                if passage.text:
                    lines += ["   " + esc(passage.text), ""]
                else:
                    lines += ["   *In our words:* " + esc(passage.summary or ""), ""]
                if passage.note:
                    lines += ["   *Note:* " + esc(passage.note), ""]
        return self.render(lines)


class RuleTableDirective(_CostlyDirective):
    option_spec = {"profiles": directives.unchanged, "changed": directives.flag}

    def run(self) -> list[nodes.Node]:
        refs = self.options.get("profiles", "").split() or [p.id for p in profiles.load_all()]
        chosen = [p for p in (self.load(r) for r in refs) if p is not None]
        if not chosen:
            return []
        rows = []
        for key, title in profiles.rule_titles().items():
            values = [plain(p.values[key]) for p in chosen]
            differs = any(v != values[0] for v in values[1:])
            if "changed" in self.options and not differs:
                continue
            mark = " ≠" if differs else ""
            rows.append([f"``{key}``{mark}\n\n{esc(title)}", *(_cell(p, key) for p in chosen)])
        header = ["rule", *(f":ref:`{p.id} <profile-{p.id}>`" for p in chosen)]
        lines = _table(header, rows)
        for p in chosen:
            if p.source_status:
                s = p.source_status
                lines += [f".. note:: **{p.id}**: source *{s.status.value}*. {esc(s.note)} ({cite_refs(s.cite)})", ""]
        return self.render(lines)


def _provenance_text(prov: Provenance) -> str:
    parts = [f"*{prov.status.value}*: {cite_refs(prov.cite)}"]
    if prov.note:
        parts.append(esc(prov.note))
    for alt in prov.alternatives:
        cites = f" ({cite_refs(alt.cite)})" if alt.cite else ""
        parts.append(f"Alternative: **{esc(format_value(plain(alt.value)))}**, {esc(alt.reading)}{cites}")
    return "\n\n".join(parts)


class ProfileDirective(_CostlyDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        profile = self.load(self.arguments[0])
        if profile is None:
            return []
        title = esc(profile.title)
        lines = [f".. _profile-{profile.id}:", "", title, "-" * len(title), ""]
        lines += [f"``{profile.id}``" + (f", extends :ref:`{profile.extends} <profile-{profile.extends}>`"
                                          if profile.extends else "") + f". {esc(profile.summary)}", ""]
        if profile.source_status:
            s = profile.source_status
            lines += [f".. note:: **{s.status.value}**: {esc(s.note)} ({cite_refs(s.cite)})", ""]
        titles = profiles.rule_titles()
        rows = [[f"``{key}``\n\n{esc(titles[key])}", f"**{esc(format_value(plain(profile.values[key])))}**",
                 _provenance_text(profile.provenance[key])] for key in profile.values]
        lines += _table(["rule", "value", "status, passages and notes"], rows, "25 15 60")
        if profile.vocabulary:
            lines += ["**Vocabulary**", ""]
            lines += _table(["term", "meaning", "passages"],
                            [[esc(term), esc(t.meaning), cite_refs(t.cite)] for term, t in profile.vocabulary.items()])
        return self.render(lines)


class ExamplesDirective(_CostlyDirective):
    def run(self) -> list[nodes.Node]:
        from ..worked_examples.replay import load_examples, replay

        rows = []
        for example in load_examples():
            profile = self.load(example.profile)
            if profile is None:
                continue
            outcome = replay(example, profile)
            reason = esc(outcome.reason) if outcome.reason else "agrees"
            rows.append([f"{esc(example.title)}\n\n{cite_refs(example.cite)}",
                         f":ref:`{profile.id} <profile-{profile.id}>`", str(outcome.stated), "-" if outcome.engine is None else str(outcome.engine),
                         reason])
        return self.render(_table(["example", "profile", "source", "engine", "why they differ"], rows,
                                  "25 15 8 8 44"))


class GlossaryDirective(_CostlyDirective):
    """The game's vocabulary from every profile, each meaning with the profile that gives it."""

    def run(self) -> list[nodes.Node]:
        entries: dict[str, dict[tuple[str, tuple[str, ...]], list[str]]] = {}
        for profile in profiles.load_all():
            for term, entry in profile.vocabulary.items():
                meanings = entries.setdefault(term, {})
                users = meanings.setdefault((entry.meaning, entry.cite), [])
                if entry.defined_in not in users:
                    users.append(entry.defined_in)
        rows = []
        for term in sorted(entries):
            for (meaning, cite), users in entries[term].items():
                profiles_text = ", ".join(f":ref:`{u} <profile-{u}>`" for u in users)
                rows.append([f"**{esc(term)}**", esc(meaning), cite_refs(cite), profiles_text])
        return self.render(_table(["term", "meaning", "passages", "profile"], rows, "15 45 25 15"))


def _allowed(spec: dict[str, Any]) -> str:
    """A reader's summary of what a schema allows."""
    if "enum" in spec:
        return " | ".join(f"``{v}``" for v in spec["enum"])
    kind = spec.get("type")
    if kind == "integer":
        low, high = spec.get("minimum"), spec.get("maximum")
        return f"whole number {low}-{high}" if low is not None else "whole number"
    if kind == "boolean":
        return "``true`` | ``false``"
    if kind == "array":
        items = spec.get("items", {})
        if items.get("type") == "object":
            return "list of entries: " + ", ".join(f"``{k}``" for k in items.get("required", []))
        return "list of " + _allowed(items)
    return str(kind)


class SchemaDirective(_CostlyDirective):
    """Every rule a profile may set, from the JSON Schema: key, meaning, allowed values."""

    def run(self) -> list[nodes.Node]:
        import json

        schema = json.loads(profiles.schema_path().read_text(encoding="utf-8"))
        sections = schema["properties"]["rules"]["properties"]
        rows = [[f"``{section}.{name}``", esc(spec["title"]), _allowed(spec["properties"]["value"])]
                for section, body in sections.items() for name, spec in body["properties"].items()]
        return self.render(_table(["rule", "meaning", "value"], rows, "25 45 30"))


class AnalysisDirective(_CostlyDirective):
    def run(self) -> list[nodes.Node]:
        from ..count.analysis import analyse_hands

        rows = []
        for profile in profiles.load_all():
            a = analyse_hands(profile.rules)
            rows.append([f":ref:`{profile.id} <profile-{profile.id}>`", f"{a.mean:.3f}", str(a.maximum),
                         ", ".join(map(str, a.impossible)) or "none", f"{a.zero_share:.2%}",
                         f"{a.category_deals['colours'] / a.deals:.1%}"])
        return self.render(_table(["profile", "mean count", "best count", "totals no deal makes",
                                   "hands scoring nothing", "hands scoring for colours"], rows))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("costly-sources", SourcesDirective)
    app.add_directive("costly-rule-table", RuleTableDirective)
    app.add_directive("costly-profile", ProfileDirective)
    app.add_directive("costly-examples", ExamplesDirective)
    app.add_directive("costly-analysis", AnalysisDirective)
    app.add_directive("costly-glossary", GlossaryDirective)
    app.add_directive("costly-schema", SchemaDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
