"""Pages for historians: the rules through time, the concordance of the 1874 rules, and the
``:costly-cite:`` role that cites a passage in running text as every cell does.

Everything is read from the profiles and the sources: a value, its status and its passages, as the rule
table has them; nothing here says what a source says except through a cited passage.
"""
from __future__ import annotations

from typing import Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from ..profiles import Profile
from ..profiles.display import format_value, plain
from . import nodes as n
from .citations import passage_label, profile_label, profile_rule_label, rule_label
from .data import site_data
from .directive import CostlyDirective

# The 1874 rules: the profile of Wikipedia's summary (with Parlett's readings as alternatives), the
# profile of Parlett's digest, and the three witnesses to the digest.
RULES_1874, PARLETT = "eddowes-burne-1874", "parlett-121"
DIGEST, WIKIPEDIA, PARLETT_PAGE = "burne-1883", "wikipedia-en", "parlett-web"


def cite_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
              content: Any = None) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:costly-cite:`webb-1924#hard-game```: the passage's one citation, channel and all, as a link."""
    env = inliner.document.settings.env
    lib = site_data(env.srcdir).library
    if text not in lib:
        msg = inliner.reporter.error(f"costly: {text!r} is not a passage in sources/", line=lineno)
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    return [n.xref(passage_label(text), lib.citation(text), classes=["costly-cite"])], []


def agreement(one: Sequence[tuple[str, Sequence[str]]], other: Sequence[tuple[str, Sequence[str]]]) -> str:
    """``agree`` (the same readings), ``differ`` (none in common), ``in part`` (some in common: a report
    read two ways), or a dash where only one report speaks."""
    if not one or not other:
        return "\u2014"
    a, b = {v for v, _ in one}, {v for v, _ in other}
    return "agree" if a == b else ("differ" if not a & b else "in part")


def _value(profile: Profile, key: str) -> str:
    return format_value(plain(profile.values[key]))


class ThroughTimeDirective(CostlyDirective):
    """Every rule that differs between the sources, each with what each source says in date order: its
    value, its status and its passages. A profile that plays as an earlier one is said once, above."""

    option_spec = {"profiles": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        data = self.data
        refs = self.options.get("profiles", "").split()
        chosen = [p for p in ([self.profile(r) for r in refs] if refs else data.profiles) if p is not None]
        twins = [p for p in chosen if p.id in data.plays_as]
        shown = sorted((p for p in chosen if p.id not in data.plays_as), key=lambda p: (p.year or 0, p.id))
        out: list[nodes.Node] = []
        for twin in twins:
            base = data.plays_as[twin.id]
            out.append(n.para(n.xref(profile_label(twin.id), twin.title), f" ({twin.year}) plays as ",
                              n.xref(profile_label(base), base), ": ", n.badge("unavailable")
                              if twin.source_status and twin.source_status.status.value == "unavailable" else "",
                              " no rule of it differs, so it has no row below.", classes=["costly-plays-as"]))
        doc = self.state.document
        for key, title in data.rule_titles.items():
            values = [plain(p.values[key]) for p in shown]
            if all(v == values[0] for v in values[1:]):
                continue
            rows = []
            for p in shown:
                prov = p.provenance[key]
                rows.append([str(p.year or ""), [n.xref(profile_rule_label(p.id, key), p.id)],
                             [n.inline(_value(p, key), classes=["costly-value"])], [n.badge(prov.status.value)],
                             self.cites(prov.cite)])
            sec = nodes.section(classes=["costly-through-time"])
            n.anchor(sec, f"through-time-{rule_label(key)}", doc)
            sec += nodes.title("", "", nodes.Text(title))
            sec += n.para(n.rule_key(key), " \u00b7 ", n.xref(rule_label(key), "in the rule table"))
            sec += n.data_table(["year", "profile", "value", "status", "passages"], rows, widths=[8, 20, 22, 12, 38],
                                labels=["", "", "value", "status", "passages"])
            out.append(sec)
        return [self.located(node) for node in out]


class ConcordanceDirective(CostlyDirective):
    """The 1874 rules, rule by rule: what Parlett's digest says, what Wikipedia's summary says, and the
    digest's own words where they survive, side by side; a rule where the two reports differ is marked."""

    def run(self) -> list[nodes.Node]:
        summary, parlett = self.data.by_id.get(RULES_1874), self.data.by_id.get(PARLETT)
        if summary is None or parlett is None:
            self.warn(f"the concordance needs the profiles {RULES_1874} and {PARLETT}")
            return []
        rows = []
        marks = {"differ": 0, "in part": 0}
        quoted: set[str] = set()
        for key, title in self.data.rule_titles.items():
            wiki = self.readings(summary, key, WIKIPEDIA)
            own = self.parlett_readings(summary, parlett, key)
            digest = [ref for ref in self.all_cites(summary, key) if ref.partition("#")[0] == DIGEST]
            if not wiki and not own and not digest:
                continue
            mark = agreement(wiki, own)
            marks[mark] = marks.get(mark, 0) + 1
            words: list[nodes.Node] = [n.emph("not among the words that survive")]
            if digest:  # quoted once, then cited
                words = [self.quote(ref) if ref not in quoted else n.para(*self.cites([ref])) for ref in digest]
                quoted.update(digest)
            row = n.row([[n.xref(rule_label(key), title), " ", n.rule_key(key)], self.column(own), self.column(wiki),
                         words, mark], classes=["costly-disagree-row"] if mark != "agree" and mark != "\u2014" else [])
            n.anchor(row, f"concordance-{rule_label(key)}", self.state.document)
            if mark in ("differ", "in part"):
                for cell in row.children[1:3]:
                    cell["classes"].append("costly-disagree")
            rows.append(row)
        table = n.data_table(["rule", "Parlett's digest", "Wikipedia's summary", "the digest's own words", "reports"],
                             rows, widths=[20, 24, 24, 22, 10], labels=["", "Parlett", "Wikipedia", "the digest", ""],
                             classes=["costly-concordance"])
        lead = n.para(f"{len(rows)} rules are in at least one report. The reports differ on {marks['differ']} "
                      f"(marked \u201cdiffer\u201d) and in part on {marks['in part']}, where one report is read two "
                      "ways (\u201cin part\u201d). Each reading links to its passages; the digest's own words are "
                      "quoted where they survive.")
        return [self.located(lead), self.located(table)]

    def parlett_readings(self, summary: Profile, parlett: Profile, key: str) -> list[tuple[str, Sequence[str]]]:
        """Parlett's reading: his profile's own value where it sets one; else the 1874 profile's readings
        that cite his page alone (an alternative recorded as his), else those that cite it at all."""
        prov = parlett.provenance[key]
        if prov.defined_in == parlett.id:
            return self.readings(parlett, key, PARLETT_PAGE)
        alone: list[tuple[str, Sequence[str]]] = [
            (format_value(plain(alt.value)), alt.cite) for alt in summary.provenance[key].alternatives
            if alt.cite and all(ref.partition("#")[0] == PARLETT_PAGE for ref in alt.cite)]
        return alone or self.readings(summary, key, PARLETT_PAGE)

    def all_cites(self, profile: Profile, key: str) -> list[str]:
        prov = profile.provenance[key]
        return list(dict.fromkeys([*prov.cite, *(ref for alt in prov.alternatives for ref in alt.cite)]))

    def readings(self, profile: Profile, key: str, source_id: str) -> list[tuple[str, Sequence[str]]]:
        """The readings of a rule (the value, then its alternatives) that cite ``source_id``, each with
        those passages of it."""
        prov = profile.provenance[key]
        found: list[tuple[str, Sequence[str]]] = []
        for value, cites in [(profile.values[key], prov.cite), *((alt.value, alt.cite) for alt in prov.alternatives)]:
            mine = [ref for ref in cites if ref.partition("#")[0] == source_id]
            if mine:
                found.append((format_value(plain(value)), mine))
        return found

    def column(self, readings: list[tuple[str, Sequence[str]]]) -> list[nodes.Node]:
        if not readings:
            return [n.emph("not reported")]
        out: list[nodes.Node] = []
        for i, (value, cites) in enumerate(readings):
            if i:
                out.append(nodes.Text("; or "))
            out += [n.inline(value, classes=["costly-value"]), nodes.Text(" ("), *self.cites(cites), nodes.Text(")")]
        return out
