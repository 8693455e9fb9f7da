"""The words behind a value: each stated value's evidence, checked against its passage, and the status a
value taken from a parent profile has in a child whose sources are its own.

A profile reads its rules from its own sources (``sources``, else its main source). A value is
``stated`` only with evidence from one of them: for a transcribed passage the passage's own words,
exactly; for a modern text a paraphrase in this project's words; for a text read in translation the
words read, with this project's translation. A value the child takes from its parent keeps its status
only where it rests on the child's sources too; otherwise the child's sources do not give it, and it is
``silent`` there, saying where it came from (``taken_as`` keeps the status it had).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from .rules import Evidence, EvidenceKind, Provenance, Status

if TYPE_CHECKING:
    from ..errors import Problem
    from .document import Document, PathKey
    from .sources import Library

ELLIPSIS = "\u2026"  # joins two pieces of a quotation, each quoted exactly, in order


def squashed(text: str) -> str:
    return " ".join(text.split())


def own_sources(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The works a profile file reads its rules from: ``sources``, else its main source, else none (a
    house profile, which restates no source)."""
    listed = data.get("sources")
    if isinstance(listed, list):
        return tuple(s for s in listed if isinstance(s, str))
    main = data.get("main_source")
    return (main,) if isinstance(main, str) else ()


def quoted_in(words: str, text: str) -> bool:
    """Whether ``words`` occur in ``text`` exactly, whitespace aside; pieces joined by … occur in order."""
    text = squashed(text)
    start = 0
    for piece in (squashed(p) for p in words.split(ELLIPSIS)):
        if not piece:
            continue
        at = text.find(piece, start)
        if at < 0:
            return False
        start = at + len(piece)
    return True


def kind_of(passage_ref: str, entry: Mapping[str, Any], lib: Library) -> EvidenceKind:
    passage = lib.passage(passage_ref)
    if passage is not None and passage.text is not None:
        return EvidenceKind.QUOTATION
    return EvidenceKind.TRANSLATION if "translation" in entry else EvidenceKind.PARAPHRASE


def build(raw: Iterable[Mapping[str, Any]], lib: Library) -> tuple[Evidence, ...]:
    """Typed evidence from a checked rule entry's ``evidence`` list."""
    out = []
    for entry in raw:
        kind = kind_of(entry["passage"], entry, lib)
        source = lib.sources.get(entry["passage"].partition("#")[0])
        language = source.language_read if kind is EvidenceKind.TRANSLATION and source is not None else None
        out.append(Evidence(entry["passage"], squashed(entry["words"]), kind, language,
                            squashed(entry["translation"]) if "translation" in entry else None))
    return tuple(out)


def _rule_entries(data: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any], PathKey]]:
    rules = data.get("rules")
    if not isinstance(rules, dict):
        return
    for section, keys in rules.items():
        if not isinstance(keys, dict):
            continue
        for name, entry in keys.items():
            if isinstance(entry, dict):
                yield f"{section}.{name}", entry, ("rules", section, name)


def problems(doc: Document, lib: Library) -> list[Problem]:
    """Every evidence problem of one schema-valid profile file: a passage not among the value's own
    passages or the profile's sources, words not in a transcribed passage, a translation missing or out
    of place; a source listed that is not in sources/; a dispute within a single source."""
    data = doc.data
    found: list[Problem] = []
    own = own_sources(data)
    for i, source_id in enumerate(data.get("sources") or ()):
        if source_id not in lib.sources:
            found.append(doc.problem(("sources", i), f"{source_id!r} is not a source in sources/"))
    named = ", ".join(own) if own else "none: give main_source or sources"
    for key, entry, path in _rule_entries(data):
        cite = entry.get("cite") or []
        for i, item in enumerate(entry.get("evidence") or ()):
            at = path + ("evidence", i)
            ref = item["passage"]
            passage = lib.passage(ref)
            if passage is None:
                found.append(doc.problem(at + ("passage",), f"evidence from {ref!r}, which is not a passage in sources/"))
                continue
            if ref not in cite:
                found.append(doc.problem(at + ("passage",), f"evidence from {ref}, which is not among this value's "
                                                            "passages (cite)"))
            if passage.source_id not in own:
                found.append(doc.problem(at + ("passage",), f"evidence from {ref}, which is not one of this "
                                                            f"profile's own sources ({named})"))
            source = lib.sources[passage.source_id]
            if passage.text is not None:
                if "translation" in item:
                    found.append(doc.problem(at + ("translation",), f"{ref} is transcribed: quote its own words, "
                                                                    "with no translation"))
                if not quoted_in(item["words"], passage.text):
                    found.append(doc.problem(at + ("words",), f"the words {_short(item['words'])} are not in "
                                                              f"{ref}, word for word"))
            elif source.language_read and "translation" not in item:
                found.append(doc.problem(at, f"{ref} was read in translation ({source.language_read}): give the "
                                             "words read and a translation of ours"))
            elif not source.language_read and "translation" in item:
                found.append(doc.problem(at + ("translation",), f"{ref} was read in its own language: paraphrase "
                                                                "it in words, with no translation"))
        if own and entry.get("status") == Status.DISPUTED.value:  # a house layer reads no source of its own
            refs = list(cite) + [r for a in entry.get("alternatives") or () if isinstance(a, dict)
                                 for r in a.get("cite") or ()]
            works = sorted({r.partition("#")[0] for r in refs if isinstance(r, str)} & set(own))
            if len(works) < 2:
                which = f"one source ({works[0]})" if works else "none of this profile's sources"
                found.append(doc.problem(path + ("status",), f"disputed, but its passages come from {which}: "
                                                             "disputed is for two of the profile's own sources "
                                                             "that disagree; one obscure source is inferred or "
                                                             "editorial"))
    return found


def _short(words: str) -> str:
    words = squashed(words)
    return repr(words if len(words) <= 60 else words[:57] + "...")


def seen_by(prov: Provenance, child_id: str, child_sources: tuple[str, ...], lib: Library) -> Provenance:
    """A value the child takes from its parent, as the child's own sources give it.

    Stated with evidence from the child's sources: stated, with that evidence. Any other status resting
    wholly on the child's sources (the same reports, as the four-hand game reads the two-hand one): kept.
    Otherwise silent here, citing what the child's sources say on it, if anything, and naming where the
    value came from."""
    works = set(child_sources)

    def ours(refs: Iterable[str]) -> tuple[str, ...]:
        return tuple(r for r in refs if r.partition("#")[0] in works)

    origin = prov.taken_as or prov.status
    if prov.status is Status.EDITORIAL:
        return prov  # this project's choice, claiming no source: the same wherever it is taken
    if prov.status is Status.STATED:
        evidence = tuple(e for e in prov.evidence if e.source_id in works)
        if evidence:
            cite = tuple(dict.fromkeys((*ours(prov.cite), *(e.passage for e in evidence))))
            return replace(prov, cite=cite, evidence=evidence)
    else:
        # a dispute is between the value's passages and its alternatives'; any other reading is the value's
        refs = (*prov.cite, *(r for a in prov.alternatives for r in a.cite if prov.status is Status.DISPUTED))
        if refs and all(r.partition("#")[0] in works for r in refs):
            return prov
    labels = [lib.sources[s].label if s in lib.sources else s for s in child_sources]
    who = f"{labels[0]} does not" if len(labels) == 1 else f"None of {', '.join(labels[:-1])} and {labels[-1]}"
    note = (f"{who} give this: the value is {prov.defined_in}'s, {origin.value} there"
            + (f" ({prov.note.rstrip('.')})." if prov.note and origin is not Status.STATED else "."))
    # it cites what the child's sources say on the matter; where they say nothing, the passages the value
    # was taken from, as a silent value cites the later source the engine follows
    return replace(prov, status=Status.SILENT, cite=ours(prov.cite) or prov.cite, note=note,
                   taken_as=None if origin is Status.SILENT else origin,
                   evidence=tuple(e for e in prov.evidence if e.source_id in works))
