"""Readable citations ("Cotton 1674, p. 125"), passage labels, and who cites each passage.

Every name here is built from validated identifiers (profile ids, passage ids, rule keys); the words a
reader sees come from the bibliography and the passage's pages or locator, and go out as text.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Sequence

from docutils import nodes

from ..profiles import Profile, rule_titles
from ..profiles.sources import Library, Passage, Source
from ..worked_examples.replay import Example
from . import nodes as n


def passage_label(ref: str) -> str:
    """The label of a passage: ``cotton-1674#p125-game`` -> ``src-cotton-1674--p125-game``."""
    return "src-" + ref.replace("#", "--")


def source_label(source_id: str) -> str:
    return f"src-{source_id}"


def profile_label(profile_id: str) -> str:
    return f"profile-{profile_id}"


def profile_rule_label(profile_id: str, key: str) -> str:
    return f"profile-{profile_id}--{_key_id(key)}"


def rule_label(key: str) -> str:
    """A row of the side-by-side rule table: ``game.peg_out_ends_game`` -> ``rule-game-peg-out-ends-game``."""
    return "rule-" + _key_id(key)


def _key_id(key: str) -> str:
    """A rule key as HTML ids spell it (docutils turns ``.`` and ``_`` into ``-``), so label and id agree."""
    return key.replace(".", "-").replace("_", "-")


def example_label(example_id: str) -> str:
    return f"example-{example_id}"


def author_year(entry: Any) -> str:
    """A bibliography entry's name: ``Cotton 1674``, ``Jackson and Burne 1883``; a ``shorthand`` field
    wins; without an author or editor, the title stands in."""
    fields = entry.fields
    if "shorthand" in fields:
        return str(fields["shorthand"])
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [" ".join(p.last_names).replace("{", "").replace("}", "") for p in people]
    who = f"{names[0]} et al." if len(names) > 2 else " and ".join(names) or str(fields.get("title", entry.key))
    return f"{who} {fields.get('year', 'n.d.')}"


@cache
def short_names(bibfile: Path) -> dict[str, str]:
    """Bibliography key -> the name the bibliography labels it with."""
    from pybtex.database import parse_file

    return {key: author_year(entry) for key, entry in parse_file(str(bibfile)).entries.items()}


def source_name(source: Source, bibfile: Path) -> str:
    return short_names(bibfile).get(source.bibkey, source.id)


def where(passage: Passage) -> str:
    """A passage's place in its source: ``p. 125``, ``pp. 125-126``, or the section it is in."""
    pages = passage.pages
    if pages and pages not in ("-", "?"):
        return f"pp. {pages}" if "-" in pages else f"p. {pages}"
    if passage.locator:
        return n.squash(passage.locator)
    return passage.id.replace("-", " ")


def citation_text(ref: str, lib: Library, bibfile: Path) -> str:
    passage = lib.passage(ref)
    if passage is None:
        return ref
    return f"{source_name(lib.sources[passage.source_id], bibfile)}, {where(passage)}"


def cite_links(refs: Sequence[str], lib: Library, bibfile: Path) -> list[nodes.Node]:
    """Each passage as a link to its words, the link text a readable citation."""
    if not refs:
        return [n.emph("no passage")]
    return n.joined([n.xref(passage_label(r), citation_text(r, lib, bibfile), classes=["costly-cite"])
                     for r in refs], "; ")


def passage_words(ref: str, lib: Library) -> str:
    """The passage's own words (verbatim texts) or this project's summary of it (modern works)."""
    passage = lib.passage(ref)
    if passage is None:
        return ""
    return n.squash(passage.text or passage.summary or "")


def quote(ref: str, lib: Library, bibfile: Path) -> nodes.Element:
    """A passage's words, with its citation linked: what a reader checks a cell against."""
    passage = lib.passage(ref)
    words = passage_words(ref, lib)
    said = f"\u201c{words}\u201d" if passage is not None and passage.text else f"In our words: {words}"
    return n.para(n.xref(passage_label(ref), citation_text(ref, lib, bibfile), classes=["costly-cite"]),
                  ": ", n.inline(said, classes=["costly-words"]), classes=["costly-quote"])


@dataclass(frozen=True)
class Citer:
    """One thing that cites a passage: a rule of a profile, a profile's source status, a term, an example."""

    kind: str  # rule, alternative, source-status, term, example
    profile: str | None
    key: str | None
    text: str
    inherited_by: tuple[str, ...] = ()


def citers(profiles: Sequence[Profile], examples: Iterable[Example]) -> dict[str, list[Citer]]:
    """Passage ref -> everything that cites it; an inherited value is listed once, where it is set."""
    out: dict[str, list[Citer]] = {}

    def add(refs: Iterable[str], citer: Citer) -> None:
        for ref in refs:
            bucket = out.setdefault(ref, [])
            if citer not in bucket:
                bucket.append(citer)

    titles = rule_titles()
    for profile in profiles:
        for key, prov in profile.provenance.items():
            if prov.defined_in != profile.id:
                continue
            heirs = tuple(p.id for p in profiles
                          if p.id != profile.id and key in p.provenance and p.provenance[key].defined_in == profile.id)
            add(prov.cite, Citer("rule", profile.id, key, titles.get(key, key), heirs))
            for alt in prov.alternatives:
                add(alt.cite, Citer("alternative", profile.id, key, titles.get(key, key), heirs))
        if profile.source_status:
            add(profile.source_status.cite, Citer("source-status", profile.id, None, "what its source is"))
        for term, entry in profile.vocabulary.items():
            if entry.defined_in == profile.id:
                add(entry.cite, Citer("term", profile.id, None, term))
    for example in examples:
        add(example.cite, Citer("example", example.profile, example.id, example.title))
    return out
