"""The tables: the rules side by side, the status legend, the differences at a glance, the schema,
the glossary and the exact analysis. Every cell is built as nodes; profile text is Text."""
from __future__ import annotations

import json
from typing import Any, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from .. import profiles
from ..profiles import Profile
from ..profiles.display import language_name, plain
from ..profiles.rules import EvidenceKind, Provenance, Status
from . import nodes as n
from .citations import profile_label, profile_rule_label, rule_label, values_sentence
from .directive import CostlyDirective
from .worked import example_flag
from .glossary import SITE_TERMS, anchor_of
from .period_words import PERIOD_WORDS
from .words import short_title, value_words, words

# What each status word means, by the word: the legend shows every status the engine knows that is
# listed here (a profile's source may carry a status only sources have, such as "secondary").
STATUS_MEANINGS = {
    "stated": "the source says so in as many words",
    "inferred": "the source does not say so outright, but its words or its worked example imply it",
    "editorial": "this project's choice where the source leaves a gap a game cannot leave; the note says why",
    "silent": "the source says nothing; the value is the engine's default, and the passage cited is where the "
              "source treats the matter",
    "disputed": "the sources, or readings of one source, disagree; the value is one reading and the others are "
                "listed as alternatives",
    "unavailable": "the source's text could not be read for this project; the value is carried over from the "
                   "profile it extends",
    "secondary": "(of a source) its text is known only through later reports of it, which the values cite",
}


def sections(keys: Sequence[str]) -> dict[str, list[str]]:
    """Rule keys grouped by their section (``mog.procedure`` -> ``mog``), in schema order."""
    out: dict[str, list[str]] = {}
    for key in keys:
        out.setdefault(key.partition(".")[0], []).append(key)
    return out


def value_text(profile: Profile, key: str) -> str:
    """A rule's value in words (see ``words``), never as the code a profile file holds."""
    return value_words(profile, key)


def provenance_body(d: CostlyDirective, profile: Profile, key: str,
                    quoted: dict[str, str] | None = None) -> list[nodes.Node]:
    """The passage words, the note and the alternatives behind one value. With ``quoted`` (what a page has
    quoted so far: passage to the rule key it was quoted under), a passage is quoted once a page and
    pointed to after that."""
    prov = profile.provenance[key]
    body: list[nodes.Node] = []
    if prov.note:
        body.append(n.para(n.strong("Note: "), d.readable(prov.note), classes=["costly-note"]))
    for alt in prov.alternatives:
        parts: list[n.Child] = [n.strong("Alternative: "), n.inline(words(key, alt.value), classes=["costly-value"]),
                                " \u2014 ",
                                d.readable(alt.reading)]
        if alt.cite:
            parts += [" (", *d.cites(alt.cite), ")"]
        body.append(n.para(*parts, classes=["costly-alternative"]))
    for ref in prov.cite:
        if quoted is None:
            body.append(d.quote(ref))
        elif ref in quoted:
            first = quoted[ref]
            body.append(n.para(*d.cites([ref]), ": quoted above, under ",
                               n.xref(profile_rule_label(profile.id, first), d.data.rule_titles.get(first, first)),
                               classes=["costly-quote", "costly-quoted-above"]))
        else:
            quoted[ref] = key
            body.append(d.quote(ref))
    return body


def evidence_lines(d: CostlyDirective, prov: Provenance) -> list[nodes.Node]:
    """The words that state a value, where the value is shown, as text: a transcription's own words in
    quotation marks; a modern text's in ours, said to be ours; a text read in translation in the words
    read, with our translation said to be ours. Each names its passage (a link to its words)."""
    out: list[nodes.Node] = []
    for e in prov.evidence:
        where = d.cites([e.passage])
        if e.kind is EvidenceKind.QUOTATION:
            words: list[n.Child] = [n.inline(f"\u201c{e.words}\u201d", classes=["costly-words"])]
        elif e.kind is EvidenceKind.TRANSLATION:
            words = [n.inline(e.words, classes=["costly-words-read"]), f" (read in {language_name(e.language)}; ",
                     n.inline("our translation", classes=["costly-our-words-mark"]), ": ",
                     n.inline(e.translation or "", classes=["costly-our-words"]), ")"]
        else:
            words = [n.inline("in our words", classes=["costly-our-words-mark"]), ": ",
                     n.inline(e.words, classes=["costly-our-words"])]
        out.append(n.para(*words, " \u2014 ", *where, classes=["costly-evidence"]))
    return out


def inherited_line(d: CostlyDirective, profile: Profile, key: str) -> nodes.Node:
    """Where a value taken from another profile came from, and its status there where it differs here:
    ``from Eddowes–Burne 1874, stated there``."""
    prov = profile.provenance[key]
    there = f", {prov.taken_as.value} there" if prov.taken_as is not None else ""
    return n.para(n.xref(profile_rule_label(prov.defined_in, key), f"from {short_title(prov.defined_in)}"), there,
                  classes=["costly-cites", "costly-from"])


SHORT_WORDS = {"the source's words": "quote", "in our words": "in our words", "the words, and ours": "quote, ours"}


def disclosure_label(d: CostlyDirective, profile: Profile, key: str) -> str:
    """The line that opens a cell's disclosure, in a word or two: what is behind it (the source's words
    quoted, this project's words for a modern source, a note, a dispute)."""
    prov = profile.provenance[key]
    if prov.status is Status.DISPUTED:
        others = len(prov.alternatives)
        return f"dispute: {others} other reading" + ("s" if others != 1 else "")
    words = SHORT_WORDS.get(d.words_label(prov.cite), "")
    if prov.note:
        return f"{words}, note" if words else "note"
    return words


def rule_cell(d: CostlyDirective, profile: Profile, key: str, *, differs: bool = False) -> nodes.entry:
    """One profile's value for one rule: value, badge, citations; the words, note and alternatives
    one click away in a disclosure (open on a disputed cell's first click, explaining the dispute).

    An inherited value names the profile it comes from instead of repeating that cell's citations (they
    are in its disclosure). The profile's name leads the cell too, for a phone, where the table stacks."""
    prov = profile.provenance[key]
    status = prov.status.value
    classes = ["costly-cell", f"costly-status-{status}"]
    inherited = prov.defined_in != profile.id
    if inherited:
        classes.append("costly-inherited")
    if differs:
        classes.append("costly-differs")
    cell = nodes.entry(classes=classes)
    cell += n.para(short_title(profile), classes=["costly-in-column"])
    cell += n.para(n.inline(value_text(profile, key), classes=["costly-value"]), " ", n.badge(status),
                   classes=["costly-value-line"])
    # the words that state the value lead the cell's disclosure: one click away, so a screen holds some ten rules
    body = evidence_lines(d, prov) + provenance_body(d, profile, key)
    if body:
        cell += n.disclosure([disclosure_label(d, profile, key)], body, classes=["costly-why"])
    if inherited:
        cell += inherited_line(d, profile, key)
    else:
        cell += n.para(*d.cite_sources(prov.cite), classes=["costly-cites"])
    cell += example_flag(d.data, profile.id, key)
    return cell


def profile_header(d: CostlyDirective, profile: Profile) -> nodes.entry:
    """A column header: the profile, and where its source is other than plainly available, what it is
    and how many of its values rest on a primary text's words."""
    cell = nodes.entry(classes=["costly-profile-head"])
    cell += n.para(n.xref(profile_label(profile.id), short_title(profile)), classes=["costly-profile-name"])
    if profile.year and str(profile.year) not in short_title(profile):  # "Cotton 1674" says its year
        cell += n.para(str(profile.year), classes=["costly-year"])
    if profile.source_status:
        cell += source_status_disclosure(d, profile)
    return cell


def support_text(d: CostlyDirective, profile: Profile) -> str:
    """What a profile's values rest on, by status, said in a sentence (see citations.values_sentence)."""
    return values_sentence(profile, d.data.library)


SOURCE_BADGES = {"secondary": "secondary sources", "unavailable": "source unavailable", "primary": "primary text"}


def source_status_disclosure(d: CostlyDirective, profile: Profile) -> nodes.Node:
    """The profile's source status as a badge that opens on its note, with how many values rest on a
    primary text (for the 1874 rules, read through two modern reports: none)."""
    s = profile.source_status
    assert s is not None
    status = s.status.value
    return n.disclosure(
        [n.badge(status, SOURCE_BADGES.get(status, f"source {status}"))],
        [n.para(d.readable(s.note)), n.para(support_text(d, profile), classes=["costly-primary-count"]),
         n.para(*d.cites(s.cite), classes=["costly-cites"])],
        classes=["costly-source-status"])


SECTION_TITLES = {
    "players": "Players", "game": "The game", "deal": "The deal", "turnup": "The turn-up",
    "mog": "The mog", "cards": "The cards", "play": "The play", "count": "The count",
}


def section_label(section: str) -> str:
    return f"rules-{section}"


class RuleTableDirective(CostlyDirective):
    """The profiles side by side, grouped by section; ``:profiles:`` and ``:rules:`` pick some,
    ``:changed:`` keeps only the rules that differ, ``:no-anchors:`` for a second table on the same site.

    The table scrolls with the page, its header sticking to the window; on a phone it stacks, a rule
    above its profiles' values, each value named by its profile."""

    option_spec = {"profiles": directives.unchanged, "rules": directives.unchanged, "changed": directives.flag,
                   "no-anchors": directives.flag}

    def run(self) -> list[nodes.Node]:
        refs = self.options.get("profiles", "").split()
        chosen = [self.profile(r) for r in refs] if refs else list(self.data.profiles)
        shown = [p for p in chosen if p is not None]
        if not shown:
            return []
        titles = self.data.rule_titles
        picked = self.options.get("rules", "").split()
        for key in picked:
            if key not in titles:
                self.warn(f"unknown rule {key!r}")
        anchors = "no-anchors" not in self.options
        width = len(shown) + 1
        rows: list[nodes.row] = []
        jumps: list[nodes.Node] = []
        for section, keys in sections(list(titles)).items():
            body: list[nodes.row] = []
            for key in keys:
                if picked and key not in picked:
                    continue
                values = [plain(p.values[key]) for p in shown]
                differs = any(v != values[0] for v in values[1:])
                if "changed" in self.options and not differs:
                    continue
                row = nodes.row(classes=["costly-rule-row"] + (["costly-row-differs"] if differs else []))
                if anchors:
                    n.anchor(row, rule_label(key), self.state.document)
                head = nodes.entry(classes=["costly-rule-head"])
                head += n.para(n.strong(titles[key]), classes=["costly-rule-title"])
                head += n.para(n.rule_key(key), *([" ", n.inline("(differs)", classes=["costly-differs-note"])]
                                                  if differs else []), classes=["costly-key"])
                row += head
                for p, v in zip(shown, values):
                    row += rule_cell(self, p, key, differs=v != values[0])
                body.append(row)
            if body:
                same = not any("costly-row-differs" in r["classes"] for r in body)
                section_row = nodes.row(classes=["costly-section-row"] + (["costly-section-same"] if same else []))
                title = SECTION_TITLES.get(section, section)
                if anchors:
                    n.anchor(section_row, section_label(section), self.state.document)
                    jumps.append(n.xref(section_label(section), title))
                section_row += nodes.entry("", n.para(n.strong(title)), morecols=width - 1)
                rows += [section_row, *body]
        header = nodes.row()
        header += n.entry("rule")
        for p in shown:
            header += profile_header(self, p)
        colwidths = [16] + [84 // len(shown)] * len(shown)
        box = nodes.container(classes=["costly-rule-table-box"] + (["costly-wide"] if len(shown) > 5 else []))
        box += n.table(header, rows, widths=colwidths, classes=["costly-rule-table"])
        out: list[nodes.Node] = []
        if jumps:
            out.append(n.para(n.strong("Jump to: "), *n.joined(jumps, " \u00b7 "), classes=["costly-jumps"]))
        out.append(box)
        return [self.located(node) for node in out]


def status_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
                content: Any = None) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:costly-status:`disputed```: a status badge in running text."""
    if text not in {s.value for s in Status}:
        msg = inliner.reporter.error(f"costly: unknown status {text!r}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, msg)], [msg]
    return [n.badge(text)], []


class LegendDirective(CostlyDirective):
    """The six status words, each with its badge; ``:collapsed:`` puts them behind one line of badges."""

    option_spec = {"collapsed": directives.flag}

    def run(self) -> list[nodes.Node]:
        out = nodes.definition_list(classes=["costly-legend"])
        for status in Status:
            meaning = STATUS_MEANINGS.get(status.value)
            if meaning is None:
                self.warn(f"status {status.value!r} has no meaning for the legend")
                continue
            item = nodes.definition_list_item()
            item += nodes.term("", "", n.badge(status.value))
            item += nodes.definition("", n.para(meaning))
            out += item
        if "collapsed" not in self.options:
            return [out]
        badges: list[n.Child] = ["What the badges mean: "]
        for status in Status:
            if status.value in STATUS_MEANINGS:
                badges += [n.badge(status.value), " "]
        return [n.disclosure(badges, [out], classes=["costly-legend-box"])]


class GlanceDirective(CostlyDirective):
    """The headline rules side by side, and how many rules each profile changes against the oldest."""

    option_spec = {"rules": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        shown = self.data.readable_profiles()  # an unread text has no values to show or count
        if not shown:
            return []
        titles = self.data.rule_titles
        keys = self.options.get("rules", "").split() or [
            "players.count", "game.target", "turnup.heels_points", "mog.procedure", "mog.refusal_points",
            "play.go_points", "play.pairs", "count.thirty_one", "count.right_jack_points"]
        base = shown[0]
        rows = []
        for key in keys:
            if key not in titles:
                self.warn(f"unknown rule {key!r}")
                continue
            if all(plain(p.values[key]) == plain(base.values[key]) for p in shown):
                continue  # "what differs": a rule all the profiles share is not one
            row = nodes.row()
            row += n.entry([n.xref(rule_label(key), titles[key])])
            for p in shown:
                differs = plain(p.values[key]) != plain(base.values[key])
                row += n.entry([n.xref(profile_rule_label(p.id, key), value_text(p, key))],
                               classes=["costly-differs"] if differs else [])
            rows.append(row)
        counts: list[object] = ["rules unlike " + short_title(base)]
        counts += ["—" if p is base else
                   str(sum(1 for k in titles if plain(p.values[k]) != plain(base.values[k]))) + f" of {len(titles)}"
                   for p in shown]
        rows.append(n.row(counts, classes=["costly-glance-total"]))
        header = ["rule", *[[n.xref(profile_label(p.id), short_title(p))] for p in shown]]
        box = n.data_table(header, rows, labels=["", *[short_title(p) for p in shown]], classes=["costly-glance"],
                           widths=[24, *[76 // len(shown)] * len(shown)])
        unread = [p for p in self.data.profiles if p not in shown]
        out: list[nodes.Node] = [box]
        if unread:
            out.append(n.para(*n.joined([n.xref(profile_label(p.id), short_title(p)) for p in unread]),
                              ": ", n.badge("unavailable"), " the text has not been read, so it has no column here: "
                              "what its rules are, and how many differ from the others, is not known.",
                              classes=["costly-glance-unread"]))
        return [self.located(node) for node in out]


def _allowed(spec: dict[str, Any]) -> list[nodes.Node]:
    """A reader's summary of what a schema allows."""
    if "enum" in spec:
        return n.joined([n.literal(str(v)) for v in spec["enum"]], " | ")
    kind = spec.get("type")
    if kind == "integer":
        low, high = spec.get("minimum"), spec.get("maximum")
        return [nodes.Text(f"whole number {low}-{high}" if low is not None else "whole number")]
    if kind == "boolean":
        return [n.literal("true"), nodes.Text(" | "), n.literal("false")]
    if kind == "array":
        items = spec.get("items", {})
        if items.get("type") == "object":
            return [nodes.Text("list of entries: "), *n.joined([n.literal(k) for k in items.get("required", [])])]
        return [nodes.Text("list of "), *_allowed(items)]
    return [nodes.Text(str(kind))]


class SchemaDirective(CostlyDirective):
    """Every rule a profile may set, from the JSON Schema: key, meaning, allowed values."""

    def run(self) -> list[nodes.Node]:
        schema = json.loads(profiles.schema_path().read_text(encoding="utf-8"))
        body = schema["properties"]["rules"]["properties"]
        rows = [[[n.literal(f"{section}.{name}")], spec["title"], _allowed(spec["properties"]["value"])]
                for section, fields in body.items() for name, spec in fields["properties"].items()]
        return [n.data_table(["rule", "meaning", "value"], rows, widths=[28, 42, 30], labels=["", "meaning", "value"])]


class GlossaryDirective(CostlyDirective):
    """The game's vocabulary from every profile, each meaning with the profile that gives it; then the
    site's own words, the bots and the statistics. Each term has an anchor (``glossary-mog``) that its
    first use on any other page links to (``glossary.link_terms``)."""

    def run(self) -> list[nodes.Node]:
        entries: dict[str, dict[tuple[str, tuple[str, ...]], list[str]]] = {}
        for profile in self.data.profiles:
            for term, entry in profile.vocabulary.items():
                users = entries.setdefault(term, {}).setdefault((entry.meaning, entry.cite), [])
                if entry.defined_in not in users:
                    users.append(entry.defined_in)
        anchored: set[str] = set()

        def named(term: str) -> list[n.Child]:
            name = anchor_of(term)
            if name in anchored:
                return [n.strong(term)]
            anchored.add(name)
            return [n.target(name, self.state.document), n.strong(term)]

        rows = []
        for term in sorted(entries, key=str.lower):
            for (meaning, cite), users in entries[term].items():
                rows.append([named(term), n.squash(meaning), self.cites(cite),
                             n.joined([n.xref(profile_label(u), short_title(u)) for u in users])])
        box = n.data_table(["term", "meaning", "passages", "profile"], rows, widths=[15, 45, 22, 18],
                           labels=["", "meaning", "passages", "profile"])
        out: list[nodes.Node] = [self.located(box)]
        for source_id, said in PERIOD_WORDS.items():  # a source's own words, with the later words beside them
            source = self.data.library.sources.get(source_id)
            if source is None:
                continue
            out.append(n.para(n.strong(f"{source.label}'s words and the later ones"), ": the words its page uses, "
                              "each with the later word for it.", classes=["costly-glossary-period-head"]))
            out.append(self.located(n.data_table(
                [f"{source.label}", "later", "passages"],
                [[named(w.word), w.later, self.cites(w.cite)] for w in said], widths=[25, 45, 30],
                labels=["", "later", "passages"], classes=["costly-glossary-period"])))
        site_rows = [[named(term), meaning] for term, meaning in SITE_TERMS.items()]
        site_box = n.data_table(["term", "meaning"], site_rows, widths=[25, 75], labels=["", "meaning"])
        head = n.para(n.strong("The bots and the statistics"), ": the words this site uses for how its games are "
                      "played and how their numbers are read.", classes=["costly-glossary-site-head"])
        return [*out, head, self.located(site_box)]


class AnalysisDirective(CostlyDirective):
    """The exact count of every deal under each profile, in one table."""

    def run(self) -> list[nodes.Node]:
        from .plots import hand_analysis

        rows = []
        for profile in self.data.profiles:
            a = hand_analysis(profile)
            rows.append([[n.xref(profile_label(profile.id), profile.id)], f"{a.mean:.3f}", str(a.maximum),
                         ", ".join(map(str, a.impossible)) or "none", f"{a.zero_share:.2%}",
                         f"{a.category_deals['colours'] / a.deals:.1%}"])
        box = n.data_table(["profile", "mean count", "best count", "totals no deal makes", "hands scoring nothing",
                            "hands scoring for colours"], rows, widths=[24, 13, 13, 20, 15, 15], numeric=(1, 2, 4, 5),
                           labels=["", "mean count", "best count", "totals no deal makes", "hands scoring nothing",
                                   "hands scoring for colours"])
        return [self.located(box)]
