"""Plain-text renderings of rule values, statuses and citations, shared by the CLI views and JSON.

Every citation is the one the site shows (``Library.citation``): a passage read in another work names
that work (``Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020``).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, Mapping, Sequence

from .loader import Profile
from .rules import Alternative, Evidence, EvidenceKind, Provenance, Status


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], Mapping):
            return "; ".join(f"{e['name']} {e['points']}" for e in value)
        return ", ".join(format_value(v) for v in value)
    return str(value)


def citations(refs: Sequence[str]) -> str:
    """Passages as the terminal shows them: each id (what ``costly`` commands and the site's anchors use),
    with the work it was read in where it was read in another: ``cotton-1674#p125-game,
    webb-1924#telling-the-game (quoted in Parlett 2020)``. JSON adds the full citation (``citation_json``)."""
    from .sources import channel_text, library

    lib = library()
    if not refs:
        return "no passage"
    out = []
    for ref in refs:
        passage = lib.passage(ref)
        said = [passage.read or "", channel_text(lib, passage).removeprefix(", ")] if passage is not None else []
        said = [part for part in said if part]  # read in translation, read in another work: both said
        out.append(f"{ref} ({'; '.join(said)})" if said else ref)
    return ", ".join(out)


_REF = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*#[a-z0-9]+(?:-[a-z0-9]+)*\b")


def readable(text: str) -> str:
    """A note with any passage id it names (``wikipedia-en#preliminaries``) as its readable citation."""
    from .sources import library

    lib = library()
    return _REF.sub(lambda m: lib.citation(m.group(0)) if m.group(0) in lib else m.group(0), " ".join(text.split()))


def citation_json(ref: str) -> dict[str, Any]:
    """A passage's citation for JSON: its id, its citation, and each work it was read in."""
    from .sources import library

    lib = library()
    out: dict[str, Any] = {"ref": ref, "citation": lib.citation(ref, full=True)}
    hops = lib.channels(ref)
    if hops:
        out["read_in"] = [{"ref": hop.cite, "source": lib.label(hop.cite), "locator": hop.locator}
                          | ({"from": hop.source} if hop.source else {}) for hop in hops]
    return out


def status_text(prov: Provenance, profile_id: str) -> str:
    """``stated``; ``stated, from eddowes-burne-1874`` (its own sources state the value it takes);
    ``silent: from eddowes-burne-1874, stated there``; ``unavailable: as cotton-1674, stated there``."""
    if prov.taken_as is not None:
        how = "as" if prov.status is Status.UNAVAILABLE else "from"
        return f"{prov.status.value}: {how} {prov.defined_in}, {prov.taken_as.value} there"
    inherited = f", from {prov.defined_in}" if prov.defined_in != profile_id else ""
    return f"{prov.status.value}{inherited}"


def evidence_text(evidence: Evidence) -> str:
    """One piece of evidence in a line of text: the passage's own words quoted; ours for a modern text,
    said to be ours; the words read in translation, with our translation said to be ours."""
    if evidence.kind is EvidenceKind.QUOTATION:
        return f"\u201c{evidence.words}\u201d ({evidence.passage})"
    if evidence.kind is EvidenceKind.TRANSLATION:
        return (f"\u300c{evidence.words}\u300d ({evidence.passage}, read in {language_name(evidence.language)}; "
                f"our translation: {evidence.translation})")
    return f"{evidence.passage}, in our words: {evidence.words}"


LANGUAGES = {"ja": "Japanese"}


def language_name(code: str | None) -> str:
    return LANGUAGES.get(code or "", code or "another language")


def evidence_json(evidence: Evidence) -> dict[str, Any]:
    out: dict[str, Any] = {"passage": evidence.passage, "words": evidence.words, "kind": evidence.kind.value}
    if evidence.kind is EvidenceKind.TRANSLATION:
        out |= {"language": evidence.language, "translation": evidence.translation, "translation_by": "this project"}
    if evidence.kind is EvidenceKind.PARAPHRASE:
        out["paraphrase_by"] = "this project"
    return out | {"citation": citation_json(evidence.passage)["citation"]}


def format_provenance(prov: Provenance, profile_id: str) -> str:
    return f"[{status_text(prov, profile_id)}] {citations(prov.cite)}"


def together_text(alternative: Alternative) -> str:
    """`` (with play.latter_points 1)`` for an alternative that goes with other values; else nothing."""
    if not alternative.together:
        return ""
    return " (with " + ", ".join(f"{k} {format_value(plain(v))}" for k, v in alternative.together) + ")"


def plain(value: Any) -> Any:
    """A JSON-ready copy of a frozen value."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def provenance_json(prov: Provenance, profile_id: str | None = None) -> dict[str, Any]:
    """A value's provenance for JSON; given the profile it is shown in, a value taken from another profile
    says so (``inherited_from``: that profile and the value's status there)."""
    out: dict[str, Any] = {"status": prov.status.value, "cite": list(prov.cite),
                           "citations": [citation_json(ref) for ref in prov.cite], "defined_in": prov.defined_in}
    if prov.evidence:
        out["evidence"] = [evidence_json(e) for e in prov.evidence]
    if profile_id is not None and prov.defined_in != profile_id:
        out["inherited_from"] = {"profile": prov.defined_in, "status": (prov.taken_as or prov.status).value}
    if prov.taken_as is not None:
        out["taken_as"] = {"profile": prov.defined_in, "status": prov.taken_as.value}
    if prov.note:
        out["note"] = prov.note
    if prov.alternatives:
        out["alternatives"] = [{"value": plain(a.value), "reading": a.reading, "cite": list(a.cite),
                                "citations": [citation_json(ref) for ref in a.cite]}
                               | ({"with": {k: plain(v) for k, v in a.together}} if a.together else {})
                               for a in prov.alternatives]
    return out


def profile_json(profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.id, "title": profile.title, "year": profile.year, "main_source": profile.main_source,
        "extends": profile.extends, "lineage": list(profile.lineage), "summary": profile.summary,
        "source_status": None if profile.source_status is None else {
            "status": profile.source_status.status.value, "cite": list(profile.source_status.cite),
            "citations": [citation_json(ref) for ref in profile.source_status.cite],
            "note": profile.source_status.note},
        "plays_as": plays_as_of(profile),
        "rules": {key: {"value": plain(profile.values[key]), **provenance_json(profile.provenance[key], profile.id)}
                  for key in profile.values},
        "vocabulary": {term: {"meaning": t.meaning, "cite": list(t.cite),
                              "citations": [citation_json(ref) for ref in t.cite], "defined_in": t.defined_in}
                       for term, t in profile.vocabulary.items()},
    }


def status_counts(profile: Profile) -> str:
    """The profile's values by status, as its own provenance gives them: ``23 stated, 13 inferred, 19
    silent, 5 disputed``."""
    counts = Counter(prov.status for prov in profile.provenance.values())
    return ", ".join(f"{counts[s]} {s.value}" for s in Status if counts[s])


def plays_as(profiles: Sequence[Profile]) -> dict[str, str]:
    """Each profile that plays exactly as an earlier one (every rule value the same), with that one's id:
    said once ("Holme 1688 plays as Cotton 1674"), and left out where it would only repeat it."""
    out: dict[str, str] = {}
    for i, profile in enumerate(profiles):
        twin = next((p for p in profiles[:i] if p.id not in out and plain(p.values) == plain(profile.values)), None)
        if twin is not None:
            out[profile.id] = twin.id
    return out


def plays_as_of(profile: Profile) -> str | None:
    """The profile this one extends, where it sets no value of its own and so plays exactly as it."""
    if profile.extends is None or any(prov.defined_in == profile.id for prov in profile.provenance.values()):
        return None
    return profile.extends


_NUMBER = re.compile(r"^\d+$")


def short_title(profile: Profile | str) -> str:
    """A profile's short name for a column head, a plot or a player's sentence: its id's names and its
    number, as a citation reads (``cotton-1674`` → "Cotton 1674", ``eddowes-burne-1874-partners`` →
    "Eddowes–Burne 1874, partners", ``my-house`` → "My house")."""
    ident = profile if isinstance(profile, str) else profile.id
    parts = ident.split("-")
    numbers = [i for i, p in enumerate(parts) if _NUMBER.match(p)]
    if not numbers:
        return " ".join(parts).capitalize()
    at = numbers[0]
    names = "\u2013".join(p.capitalize() for p in parts[:at])
    text = f"{names} {parts[at]}".strip()
    rest = " ".join(parts[at + 1:])
    return f"{text}, {rest}" if rest else text


def source_words(source: Mapping[str, Any]) -> str:
    """Where a value ``costly design`` (or the Play page) offers comes from, in a player's words, from
    its source as ``Source.as_dict`` gives it: "as in Eddowes–Burne 1874, disputed there, also Parlett
    121", "another reading Cotton 1674 records: the dealer pegs the turn-up with his own count". The
    terminal's ``Source.describe`` names the rule and the profile by their keys, to be typed back."""
    also = [short_title(p) for p in source.get("also", ())]
    if source["kind"] == "value":
        status = source.get("status")
        notes = ([f"{status} there"] if status and status != Status.STATED.value else []) + \
            ([f"also {', '.join(also)}"] if also else [])
        return ", ".join([f"as in {short_title(source['profile'])}", *notes])
    if source["kind"] == "alternative":
        reading = str(source.get("reading") or "").rstrip(".")
        return (f"another reading {short_title(source['profile'])} records: {reading}"
                + (f" (also {', '.join(also)})" if also else ""))
    return f"a value of the range asked for ({source.get('reading')})"


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)
