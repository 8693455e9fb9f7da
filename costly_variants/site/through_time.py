"""Pages for historians: the rules through time, and the ``:costly-cite:`` role that cites a passage in
running text as every cell does.

The rules through time show, for every bundled profile whose source can be read, what its source gives
on each rule where any two sources differ: a value the source states, infers or disputes, or the
source's silence (shown as silence, never as the value the engine plays for it). A rule that does not
arise under a profile's own rules (when a late claim is pegged, where there are no late claims) is no
difference; a rule no source gives at all exists only in the engine and has no row.
"""
from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from docutils import nodes
from docutils.parsers.rst import directives

from ..profiles import Profile
from ..profiles.display import format_value, plain
from . import nodes as n
from .citations import passage_label, profile_label, profile_rule_label, rule_label, source_name
from .data import site_data, unavailable
from .directive import CostlyDirective

# Statuses that say the source gives no value: the engine's value stands in for it.
SILENT_STATUSES = frozenset({"silent", "editorial", "unavailable"})
SILENT = "silent"
NOT_ARISING = "does not arise"

# A rule that arises only under another rule's value: (the other rule, the test of its value, the words
# for a profile under which it does not arise).
ARISES: Mapping[str, tuple[str, Callable[[Any], bool], str]] = MappingProxyType({
    "mog.late_claim_when": ("mog.late_claim", bool, "no late claims"),
    "mog.partners_exchange": ("players.partnerships", bool, "no partners"),
    "mog.partners_challenger": ("players.partnerships", bool, "no partners"),
    "mog.dealer_mogs_stock": ("players.partnerships", bool, "no partners"),
    "mog.stock_when": ("mog.dealer_mogs_stock", bool, "the dealer does not mog the stock"),
    "play.latter_when": ("play.latter_points", bool, "no latter"),
    "play.go_and_latter": ("play.latter_points", bool, "no latter"),
    "count.thirty_one_flat_points": ("count.thirty_one", lambda v: v == "flat-whole-hand", "31 in hand is not flat"),
    "cards.ace_chooser": ("cards.ace_values", lambda v: len(v) > 1, "the Ace has one value"),
    "count.one_value_per_ace": ("cards.ace_values", lambda v: len(v) > 1, "the Ace has one value"),
})


def arises(profile: Profile, key: str) -> bool:
    """Whether a rule comes into play under the profile's own values."""
    if key not in ARISES:
        return True
    other, test, _ = ARISES[key]
    return bool(test(profile.values[other])) and arises(profile, other)


def reading(profile: Profile, key: str) -> str:
    """What a profile's source gives on a rule, as a comparable token: the value (as JSON), ``silent``,
    or ``does not arise``."""
    if not arises(profile, key):
        return NOT_ARISING
    if profile.provenance[key].status.value in SILENT_STATUSES:
        return SILENT
    return json.dumps(plain(profile.values[key]), sort_keys=True)


def readable_profiles(profiles: Sequence[Profile]) -> list[Profile]:
    """The profiles whose sources can be read, in date order: an unavailable text gives no reading."""
    return sorted((p for p in profiles if not unavailable(p)), key=lambda p: (p.year or 0, p.id))


def differing_rules(profiles: Sequence[Profile], keys: Sequence[str]) -> list[str]:
    """The rules on which any two sources differ: among the profiles under which a rule arises, two
    readings unlike (a value against another, or against silence). A rule no source gives is left out."""
    out = []
    for key in keys:
        found = {reading(p, key) for p in profiles} - {NOT_ARISING}
        if len(found) > 1 and found != {SILENT}:
            out.append(key)
    return out


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
    """Every rule on which two sources differ, each with what each source gives in date order: its value,
    status and passages, or its silence. A profile whose text is unavailable is said once, above."""

    option_spec = {"profiles": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        data = self.data
        refs = self.options.get("profiles", "").split()
        chosen = [p for p in ([self.profile(r) for r in refs] if refs else data.profiles) if p is not None]
        shown = readable_profiles(chosen)
        out: list[nodes.Node] = []
        for p in chosen:
            if p in shown:
                continue
            main = data.library.sources.get(p.main_source or "")
            out.append(n.para(n.xref(profile_label(p.id), p.title), f" ({p.year}): ", n.badge("unavailable"),
                              " its text has not been read, so nothing can be said of how its rules differ, and "
                              "it has no column below.",
                              *([" What is known of it: ", self.readable(p.source_status.note)]
                                if p.source_status and p.source_status.note else []),
                              *([" (", self.source_name(main), ")"] if main else []),
                              classes=["costly-unavailable-profile"]))
        doc = self.state.document
        keys = differing_rules(shown, list(data.rule_titles))
        out.append(n.para(f"{len(keys)} rules differ between the sources of {len(shown)} profiles: "
                          + ", ".join(f"{p.id} ({p.year})" for p in shown) + ".", classes=["costly-through-time-lead"]))
        for key in keys:
            rows = [[str(p.year or ""), [n.xref(profile_rule_label(p.id, key), p.id)], *self.cells(p, key)]
                    for p in shown]
            sec = nodes.section(classes=["costly-through-time"])
            n.anchor(sec, f"through-time-{rule_label(key)}", doc)
            sec += nodes.title("", "", nodes.Text(data.rule_titles[key]))
            sec += n.para(n.rule_key(key), " \u00b7 ", n.xref(rule_label(key), "in the rule table"))
            sec += n.data_table(["year", "profile", "its source gives", "status", "passages"], rows,
                                widths=[8, 20, 22, 12, 38], labels=["", "", "its source gives", "status", "passages"])
            out.append(sec)
        return [self.located(node) for node in out]

    def cells(self, profile: Profile, key: str) -> list[list[nodes.Node]]:
        """The value, status and passages of a rule in a profile; silence said as silence, with the value
        the engine plays in its place marked as the engine's."""
        prov = profile.provenance[key]
        token = reading(profile, key)
        if token == NOT_ARISING:
            return [[n.emph(f"does not arise ({ARISES[key][2]})")], [], []]
        if token == SILENT:
            return [[n.emph("silent"), " ", n.inline(f"(the engine plays {_value(profile, key)})",
                                                     classes=["costly-engine-plays"])],
                    [n.badge(prov.status.value)], self.cites(prov.cite)]
        return [[n.inline(_value(profile, key), classes=["costly-value"])], [n.badge(prov.status.value)],
                self.cites(prov.cite)]
