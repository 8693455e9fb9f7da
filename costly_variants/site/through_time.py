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
