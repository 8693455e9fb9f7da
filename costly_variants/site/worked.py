"""Which rules a source's own worked example disagrees with (Cotton's deal does not add up under his
rules, as the examples page explains): flagged beside those rules in the rule table and on the source's
page, each flag linking to the example.
"""
from __future__ import annotations

from typing import Mapping

from docutils import nodes

from ..worked_examples.replay import Example, differing_labels, replay
from . import nodes as n
from .citations import example_label
from .data import SiteData

# An item of a count, as the examples name it, and the rule that scores it.
ITEM_RULES = {
    "fifteen": "count.point_totals", "twenty-five": "count.point_totals", "thirty-one": "count.thirty_one",
    "colours": "count.colours", "jacks": "count.jack_points", "deuces": "count.deuce_points",
    "pairs": "count.pair_points",
}


def disagreeing_examples(data: SiteData) -> list[Example]:
    """The worked examples whose stated figures their own profile's rules do not reproduce."""
    key = ("worked", "disagreeing")
    if key not in data.memo:
        data.memo[key] = [e for e in data.examples if e.profile in data.by_id
                          and not replay(e, data.by_id[e.profile]).agrees]
    found: list[Example] = data.memo[key]
    return found


def flagged_rules(data: SiteData) -> Mapping[tuple[str, str], list[Example]]:
    """(profile id, rule key) -> the examples of that profile's source that disagree on that rule. A deal
    example disagrees where the count it includes does (same hand and deck card)."""
    key = ("worked", "flags")
    if key in data.memo:
        found: dict[tuple[str, str], list[Example]] = data.memo[key]
        return found
    out: dict[tuple[str, str], list[Example]] = {}
    wrong = disagreeing_examples(data)
    for example in wrong:
        profile = data.by_id[example.profile]
        counts = [example] if example.kind == "count" else [
            e for e in data.examples if e.kind == "count" and e.profile == example.profile
            and e.hand == example.hand and e.deck == example.deck]
        for count in counts:
            for label in differing_labels(count, profile):
                rule = ITEM_RULES.get(label)
                if rule is not None and example not in out.setdefault((profile.id, rule), []):
                    out[(profile.id, rule)].append(example)
    data.memo[key] = out
    return out


def example_flag(data: SiteData, profile_id: str, key: str) -> list[nodes.Node]:
    """A short line beside a rule its source's worked example disagrees with, linking to the examples;
    nothing for any other rule."""
    examples = flagged_rules(data).get((profile_id, key), [])
    if not examples:
        return []
    links = n.joined([n.xref(example_label(e.id), e.title) for e in examples], "; ")
    return [n.para("\u26a0 the source's own worked example disagrees: ", *links, classes=["costly-example-flag"])]
