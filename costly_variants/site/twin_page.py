"""The page of a profile that plays exactly as another (Holme 1688 as Cotton 1674): said once, with no
copy of the other's rules; for a text that is unavailable, what is known of it, where it is, and what
reading it would settle.

Every rule of the profile keeps its anchor (the rule table and the glance link to it), landing on the
sentence that says whose values they are.
"""
from __future__ import annotations

from docutils import nodes

from ..profiles import Profile
from ..profiles.rules import Status
from . import nodes as n
from .citations import profile_label, profile_rule_label, rule_label, source_label, values_sentence
from .directive import CostlyDirective


def name(d: CostlyDirective, profile: Profile) -> str:
    """A profile as a reader names it: its source's label where it has a source (``Holme 1688``)."""
    main = d.data.library.sources.get(profile.main_source or "")
    return main.label if main is not None else profile.id


def twin_page(d: CostlyDirective, profile: Profile) -> list[nodes.Node] | None:
    """The short page of a profile that plays as another, or None for any other profile."""
    twin_id = d.data.plays_as.get(profile.id)
    if twin_id is None:
        return None
    twin = d.data.by_id[twin_id]
    doc = d.state.document
    lib = d.data.library
    label = profile_label(profile.id)
    page = n.section(profile.title, label, doc)
    status = profile.source_status
    if status is not None and status.status.value == "unavailable":
        # An unread text: nothing is known of its rules, so nothing here says they are the other's.
        said = n.para(n.strong(f"{name(d, profile)}'s text has not been read"), ": none of its rules is known, "
                      "and nothing here says whether they differ from any other source's. So that the game can "
                      f"still be played, this profile plays {name(d, twin)}'s values (",
                      n.xref(profile_label(twin.id), twin.title), "), each marked unavailable: they are "
                      f"{name(d, twin)}'s, not {name(d, profile)}'s. ", values_sentence(profile, lib),
                      classes=["costly-plays-as"])
    else:
        said = n.para(n.strong(f"{name(d, profile)} plays as {name(d, twin)}"), ": every rule the same, value for "
                      "value (", n.xref(profile_label(twin.id), twin.title), "; ",
                      n.xref(rule_label("game.target"), "the rules side by side"), "). ", values_sentence(profile, lib),
                      classes=["costly-plays-as"])
    for key in profile.provenance:  # the rule table and the glance link here, rule by rule
        said += n.target(profile_rule_label(profile.id, key), doc)
    page += said
    if profile.summary:
        page += n.para(n.squash(profile.summary))
    main = lib.sources.get(profile.main_source or "")
    if status is not None:
        known = [n.para(n.badge(status.status.value), " ", d.readable(status.note)),
                 n.para(n.strong("Passages: "), *d.cites(status.cite), classes=["costly-cites"])]
        page += n.section("What is known of it", f"{label}--known", doc, *known)
    if main is not None:
        where: list[nodes.Node] = [n.para(n.xref(source_label(main.id), main.label), ": ", n.squash(main.title), ". ",
                                          d.readable(main.transcription))]
        if main.catalogue:
            items = nodes.bullet_list()
            for record, url in main.catalogue:
                items += nodes.list_item("", n.para(nodes.reference("", record, refuri=url)))
            where.append(items)
        page += n.section("Where the text is", f"{label}--where", doc, *where)
    if status is not None and status.status.value == "unavailable":
        disputed = [k for k, p in twin.provenance.items() if p.status is Status.DISPUTED]
        silent = sum(1 for p in twin.provenance.values() if p.status is Status.SILENT)
        items = nodes.bullet_list()
        for key in disputed:
            items += nodes.list_item("", n.para(n.xref(profile_rule_label(twin.id, key), d.data.rule_titles[key])))
        page += n.section("What it would settle", f"{label}--settle", doc,
                         n.para(f"Read, the text would show how {name(d, profile)}'s game stands to "
                                f"{name(d, twin)}'s: Parlett, the one writer known to have read it, calls the remarks "
                                "\u201caberrant additional comments\u201d, which suggests they differ somewhere, but not "
                                "where. It matters "
                                f"most where {name(d, twin)}'s own words are read more than one way, {len(disputed)} "
                                "rules, each with its readings on its record:"), items,
                         n.para(f"It might also fill some of the {silent} rules on which {name(d, twin)} is silent."))
    return [d.located(page)]
