"""Readable citations ("Cotton 1674, p. 125"), passage labels, and who cites each passage.

Every name here is built from validated identifiers (profile ids, passage ids, rule keys); the words a
reader sees come from the bibliography and the passage's pages or locator, and go out as text.
"""
from __future__ import annotations

import re
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


@cache
def _bib_fields(bibfile: Path, name: str) -> dict[str, str]:
    from pybtex.database import parse_file

    return {key: str(entry.fields.get(name, "")).replace("{", "").replace("}", "")
            for key, entry in parse_file(str(bibfile)).entries.items()}


def _bib_titles(bibfile: Path) -> dict[str, str]:
    return _bib_fields(bibfile, "title")


def bib_year(source: Source, bibfile: Path) -> str:
    return _bib_fields(bibfile, "year").get(source.bibkey, "")


def bib_title(source: Source, bibfile: Path) -> str:
    """The work's title as the bibliography gives it (no author, no edition), or empty."""
    return _bib_titles(bibfile).get(source.bibkey, "")


def source_name(source: Source, bibfile: Path) -> str:
    return short_names(bibfile).get(source.bibkey, source.id)


def where(passage: Passage, *, full: bool = False) -> str:
    """A passage's place in its source: ``p. 125``, ``pp. 125-126``, or the section it is in (up to
    any ``;`` that adds detail, unless ``full``)."""
    pages = passage.pages
    if pages and pages not in ("-", "?"):
        return f"pp. {pages}" if "-" in pages else f"p. {pages}"
    if passage.locator:
        locator = n.squash(passage.locator)
        return locator if full else locator.partition("; ")[0]
    return passage.id.replace("-", " ")


def citation_text(ref: str, lib: Library, bibfile: Path) -> str:
    passage = lib.passage(ref)
    if passage is None:
        return ref
    return f"{source_name(lib.sources[passage.source_id], bibfile)}, {where(passage)}"


def cite_links(refs: Sequence[str], lib: Library, bibfile: Path) -> list[nodes.Node]:
    """Each passage as a link to its words, the link text a readable citation. Passages of one source
    share its name (``Cotton 1674, p. 125, p. 127``), and two passages that read the same are one link."""
    if not refs:
        return [n.emph("no passage")]
    out: list[nodes.Node] = []
    seen: set[tuple[str, str]] = set()
    last_source = None
    for ref in refs:
        passage = lib.passage(ref)
        name = source_name(lib.sources[passage.source_id], bibfile) if passage else ref
        place = where(passage) if passage else ""
        if (name, place) in seen:
            continue
        seen.add((name, place))
        if out:
            out.append(nodes.Text(", " if name == last_source else "; "))
        text = place if name == last_source and place else citation_text(ref, lib, bibfile)
        out.append(n.xref(passage_label(ref), text, classes=["costly-cite"]))
        last_source = name
    return out


def cite_sources(refs: Sequence[str], lib: Library, bibfile: Path) -> list[nodes.Node]:
    """The short form for a crowded table: each source once, linked to its first passage, with the
    page where the source has pages (``Cotton 1674, p. 125``) and, for several passages of a source,
    how many; the full citations are in the cell's disclosure."""
    if not refs:
        return [n.emph("no passage")]
    groups: dict[str, list[str]] = {}
    for ref in refs:
        passage = lib.passage(ref)
        name = source_name(lib.sources[passage.source_id], bibfile) if passage else ref
        groups.setdefault(name, []).append(ref)
    links = []
    for name, members in groups.items():
        passages = [p for p in (lib.passage(r) for r in members) if p is not None]
        places = list(dict.fromkeys(where(p) for p in passages if p.pages and p.pages not in ("-", "?")))
        text = f"{name}, {', '.join(places)}" if places and len(places) == len(passages) else name
        if len(passages) > 1 and len(places) != len(passages):
            text += f" ({len(passages)} passages)"
        links.append(n.xref(passage_label(members[0]), text, classes=["costly-cite"]))
    return n.joined(links, "; ")


_REF = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*#[a-z0-9]+(?:-[a-z0-9]+)*\b")


def readable(text: str, lib: Library, bibfile: Path) -> str:
    """A note with any passage id it names (``wikipedia-en#preliminaries``) as its readable citation,
    still plain text: a note never becomes a link."""
    def name(match: re.Match[str]) -> str:
        ref = match.group(0)
        return citation_text(ref, lib, bibfile) if ref in lib else ref

    return _REF.sub(name, n.squash(text))


def is_verbatim(ref: str, lib: Library) -> bool:
    """Whether the passage holds the source's own words (a transcription), not this project's summary."""
    passage = lib.passage(ref)
    return passage is not None and passage.text is not None


def passage_words(ref: str, lib: Library) -> str:
    """The passage's own words (verbatim texts) or this project's summary of it (modern works)."""
    passage = lib.passage(ref)
    if passage is None:
        return ""
    return n.squash(passage.text or passage.summary or "")


def quote(ref: str, lib: Library, bibfile: Path) -> nodes.Element:
    """A passage's words, with its citation linked: what a reader checks a cell against. The source's
    own words are quoted; a summary of a modern work is said to be ours, and is never set as a quote."""
    link = n.xref(passage_label(ref), citation_text(ref, lib, bibfile), classes=["costly-cite"])
    words = passage_words(ref, lib)
    if is_verbatim(ref, lib):
        return n.para(link, ": ", n.inline(f"\u201c{words}\u201d", classes=["costly-words"]),
                      classes=["costly-quote"])
    words = readable(words, lib, bibfile)
    return n.para(link, ", ", n.inline("in our words", classes=["costly-our-words-mark"]), ": ",
                  n.inline(words, classes=["costly-our-words"]), classes=["costly-paraphrase"])


def words_label(refs: Sequence[str], lib: Library) -> str:
    """What a disclosure of these passages holds: the source's words, our words, or both."""
    kinds = {is_verbatim(r, lib) for r in refs}
    if kinds == {True}:
        return "the source's words"
    if kinds == {False}:
        return "in our words"
    return "the words, and ours" if kinds else ""


@dataclass(frozen=True)
class Support:
    """What a profile's values rest on: how many cite the words of its main source, how many the words of
    some other primary text, and how many only modern works (in our words) or nothing."""

    main_source: str | None
    main: int
    other_primary: int
    total: int

    @property
    def secondary_only(self) -> int:
        return self.total - self.main - self.other_primary


def support(profile: Profile, lib: Library) -> Support:
    def verbatim_of(ref: str, source_id: str | None) -> bool:
        passage = lib.passage(ref)
        if passage is None or passage.text is None:
            return False
        if source_id is not None:
            return passage.source_id == source_id
        return lib.sources[passage.source_id].kind == "primary"

    main = other = 0
    for prov in profile.provenance.values():
        if any(verbatim_of(r, profile.main_source) for r in prov.cite):
            main += 1
        elif any(verbatim_of(r, None) for r in prov.cite):
            other += 1
    return Support(profile.main_source, main, other, len(profile.provenance))


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
