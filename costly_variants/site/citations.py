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
from ..profiles.display import readable as display_readable, status_counts
from ..profiles.sources import Library, Passage, Source, channel_text, own_citation, read_mark
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
    """A bibliography entry no source file names (``Holme 1905``): its author or editor and year, a
    ``shorthand`` field winning; without either, its title stands in."""
    fields = entry.fields
    if "shorthand" in fields:
        return str(fields["shorthand"])
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [" ".join(p.last_names).replace("{", "").replace("}", "") for p in people]
    who = f"{names[0]} et al." if len(names) > 2 else " and ".join(names) or str(fields.get("title", entry.key))
    return f"{who} {fields.get('year', 'n.d.')}"


@cache
def _bib_fields(bibfile: Path, name: str) -> dict[str, str]:
    from pybtex.database import parse_file

    return {key: str(entry.fields.get(name, "")).replace("{", "").replace("}", "")
            for key, entry in parse_file(str(bibfile)).entries.items()}


def bib_year(source: Source, bibfile: Path) -> str:
    """The source's one date: the year its label carries (``Burne 1886``, ``Compleat Gamester 17--``)."""
    return source.label.rpartition(" ")[2]


def bib_title(source: Source, bibfile: Path) -> str:
    """The work's title as the bibliography gives it (no author, no edition), or empty."""
    return _bib_fields(bibfile, "title").get(source.bibkey, "")


def source_name(source: Source, bibfile: Path | None = None) -> str:
    """The source's one label, the same in every citation, "Cite as" and the bibliography."""
    return source.label


def citation_text(ref: str, lib: Library, bibfile: Path | None = None, *, full: bool = False) -> str:
    """The citation every view shows, with its channel: ``Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett
    2020`` (see ``Library.citation``)."""
    return lib.citation(ref, full=full)


def cite_links(refs: Sequence[str], lib: Library, bibfile: Path | None = None) -> list[nodes.Node]:
    """Each passage as a link to its words, the link text a readable citation. Passages of one source
    read in it share its name (``Cotton 1674, p. 125, p. 127``); a passage read in another work always
    says so; two passages that read the same are one link."""
    if not refs:
        return [n.emph("no passage")]
    out: list[nodes.Node] = []
    seen: set[str] = set()
    last_source = None
    for ref in refs:
        passage = lib.passage(ref)
        text = lib.citation(ref)
        if text in seen:
            continue
        seen.add(text)
        name = lib.label(ref)
        direct = passage is not None and passage.via is None
        if out:
            out.append(nodes.Text(", " if direct and name == last_source else "; "))
        shown = passage.place() if direct and passage and name == last_source else text
        out.append(n.xref(passage_label(ref), shown, classes=["costly-cite"]))
        last_source = name if direct else None
    return out


def cite_sources(refs: Sequence[str], lib: Library, bibfile: Path | None = None) -> list[nodes.Node]:
    """The short form for a crowded table: each source once, linked to its first passage, with the
    page where the source has pages (``Cotton 1674, p. 125``), the work it was read in (``quoted in
    Parlett 2020``) and, for several passages of a source, how many; the full citations are in the
    cell's disclosure."""
    if not refs:
        return [n.emph("no passage")]
    groups: dict[str, list[str]] = {}
    for ref in refs:
        groups.setdefault(lib.label(ref), []).append(ref)
    links = []
    for name, members in groups.items():
        passages = [p for p in (lib.passage(r) for r in members) if p is not None]
        places = list(dict.fromkeys(own_citation(lib, p).partition(", ")[2] for p in passages
                                    if p.pages and p.pages not in ("-", "?")))
        name += "".join(dict.fromkeys(read_mark(p) for p in passages))  # read in translation: said here too
        text = f"{name}, {', '.join(places)}" if places and len(places) == len(passages) else name
        if len(passages) > 1 and len(places) != len(passages):
            text += f" ({len(passages)} passages)"
        text += "".join(dict.fromkeys(channel_text(lib, p) for p in passages))
        links.append(n.xref(passage_label(members[0]), text, classes=["costly-cite"]))
    return n.joined(links, "; ")


def readable(text: str, lib: Library, bibfile: Path | None = None) -> str:
    """A note with any passage id it names (``wikipedia-en#preliminaries``) as its readable citation,
    still plain text: a note never becomes a link."""
    return display_readable(n.squash(text))


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


def values_sentence(profile: Profile, lib: Library) -> str:
    """What a profile's values rest on, in a sentence that fits its kind of source, counted from the
    profile: the values by status, and how many cite the main source itself.

    Cotton's game: "23 stated, 13 inferred, 19 silent, 5 disputed: 41 of its 60 values cite the words of
    Cotton 1674 ..."; a modern reconstruction: "Parlett 2020's own rules: 60 of its 60 values cite his
    page"; a text that is unavailable: every value "as Cotton 1674".
    """
    total = len(profile.provenance)
    counts = status_counts(profile)
    main = lib.sources.get(profile.main_source or "")
    if main is None:
        return f"{counts}."
    label = main.label
    citing = sum(1 for prov in profile.provenance.values()
                 if any(ref.partition("#")[0] == main.id for ref in prov.cite))
    status = profile.source_status.status.value if profile.source_status else "primary"
    if status == "unavailable":
        bases = sorted({prov.defined_in for prov in profile.provenance.values() if prov.taken_as is not None})
        return (f"{counts}: {label}'s text is unavailable, so every one of its {total} values is taken from "
                f"{', '.join(bases) or 'the profile it extends'} and none is stated by it.")
    if main.kind == "modern":
        rest = total - citing
        return (f"{label}'s own rules: {citing} of its {total} values cite {label}"
                + (f"; {rest} rest on the other works it extends" if rest else "") + f". By status: {counts}.")
    if status == "secondary":
        return (f"{counts}, as the later reports give them: {citing} of its {total} values cite the words of "
                f"{label} itself, read in other works; the others rest on the reports alone.")
    silent = sum(1 for prov in profile.provenance.values() if prov.status.value in ("silent", "editorial"))
    return (f"{counts}: {total - silent} of its {total} values are read from the words of {label} (stated, "
            f"inferred or disputed); on {silent} it is silent or the value is this project's choice, and the "
            "passage cited is where it treats the matter.")


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
