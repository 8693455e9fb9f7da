"""A resolved profile as plain JSON and back, and a house profile made from one: what the Play page of
the reference site reads, where no YAML reader and no JSON Schema checker are loaded.

The JSON is ``costly show --json``'s (``display.profile_json``): every rule's value with its status, its
passages, its note and its alternative readings. The docs build writes it from profiles the loader has
checked; ``profile_from_json`` makes the same ``Profile`` again with the standard library alone.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from .display import format_value, plain
from .loader import Annotation, Profile, Term, _frozen
from .rules import RULE_KEYS, Alternative, Evidence, EvidenceKind, Provenance, SourceStatus, Status, build_rules


def profile_from_json(data: Mapping[str, Any]) -> Profile:
    """The Profile that ``display.profile_json`` wrote (its ``path`` is the id's file name: it has none)."""
    rules = data["rules"]
    provenance = {key: Provenance(
        Status(entry["status"]), tuple(entry["cite"]), entry.get("note"),
        tuple(Alternative(_frozen(a["value"]), a["reading"], tuple(a.get("cite", ())),
                          tuple((k, _frozen(v)) for k, v in (a.get("with") or {}).items()))
              for a in entry.get("alternatives", ())),
        entry["defined_in"],
        Status(entry["taken_as"]["status"]) if entry.get("taken_as") else None,
        tuple(Evidence(e["passage"], e["words"], EvidenceKind(e["kind"]), e.get("language"), e.get("translation"))
              for e in entry.get("evidence", ()))) for key, entry in rules.items()}
    return _profile(data, {key: rules[key]["value"] for key in RULE_KEYS}, provenance)


def _profile(data: Mapping[str, Any], values: Mapping[str, Any], provenance: Mapping[str, Provenance]) -> Profile:
    status = data.get("source_status")
    vocabulary = {term: Term(t["meaning"], tuple(t["cite"]), t["defined_in"])
                  for term, t in (data.get("vocabulary") or {}).items()}
    return Profile(
        id=data["id"], title=data["title"], year=data.get("year"), main_source=data.get("main_source"),
        summary=data.get("summary") or "", path=Path(f"{data['id']}.yaml"), lineage=tuple(data["lineage"]),
        rules=build_rules(values, {k: p.cite for k, p in provenance.items()}),
        values=MappingProxyType({k: _frozen(plain(values[k])) for k in RULE_KEYS}),
        provenance=MappingProxyType(dict(provenance)), vocabulary=MappingProxyType(vocabulary),
        source_status=None if not status else Annotation(SourceStatus(status["status"]), tuple(status["cite"]),
                                                         status["note"]))


@dataclass(frozen=True)
class HouseRule:
    """One rule a house profile restates: its new value, the passages behind it, and why (its note)."""

    key: str
    value: Any
    cite: tuple[str, ...]
    note: str


def house_rule(base: Profile, key: str, value: Any, cite: Sequence[str], origin: str) -> HouseRule:
    """``key`` set to ``value``, taken from ``origin`` (a profile's value or a reading, in words)."""
    note = f"House rule: {origin}; {base.id} has {format_value(plain(base.values[key]))}."
    return HouseRule(key, plain(value), tuple(cite), note)


def house_profile(base: Profile, changes: Sequence[HouseRule], *, profile_id: str, title: str) -> Profile:
    """The profile that a house file extending ``base`` with ``changes`` resolves to (as ``load`` makes it):
    each changed rule editorial, with the passages it was taken from and no alternatives of its own."""
    values = {k: plain(v) for k, v in base.values.items()}
    provenance = dict(base.provenance)
    for change in changes:
        values[change.key] = change.value
        provenance[change.key] = Provenance(Status.EDITORIAL, change.cite, change.note, (), profile_id)
    data = {"id": profile_id, "title": title, "year": None, "main_source": None, "summary": _summary(base, changes),
            "lineage": [profile_id, *base.lineage], "source_status": None,
            "vocabulary": {t: {"meaning": v.meaning, "cite": v.cite, "defined_in": v.defined_in}
                           for t, v in base.vocabulary.items()}}
    return _profile(data, values, provenance)


def _summary(base: Profile, changes: Sequence[HouseRule]) -> str:
    return (f"{base.title}, with {len(changes)} rule{'s' if len(changes) != 1 else ''} changed: "
            + "; ".join(f"{c.key} {format_value(c.value)}" for c in changes) + ".")


def house_yaml(base: Profile, changes: Sequence[HouseRule], *, profile_id: str, title: str,
               made_by: str = "the Play page of the reference site", own: Mapping[str, Any] | None = None,
               summary: str | None = None) -> str:
    """The house profile as a YAML file ``costly validate`` accepts. Each value is written in JSON's flow
    form, which YAML 1.2 reads as it stands: no YAML writer is needed where this runs. ``own``: rule
    entries as a house profile's file gives them (``{"game.target": {"value": 91, ...}}``), written first
    and overridden by ``changes``: a house profile changed again, made whole on its bundled ``base``."""
    lines = [f"# A house profile made on {made_by}: check it with costly validate FILE, play it with",
             "# costly play --variant FILE.",
             f"id: {json.dumps(profile_id)}", f"title: {json.dumps(title, ensure_ascii=False)}",
             f"extends: {json.dumps(base.id)}",
             f"summary: {json.dumps(summary or _summary(base, changes), ensure_ascii=False)}", "rules:"]
    entries: dict[str, Any] = dict(own or {})
    for change in changes:
        entries[change.key] = {"value": change.value, "status": Status.EDITORIAL.value, "cite": list(change.cite),
                               "note": change.note}
    sections: dict[str, list[str]] = {}
    for key, entry in entries.items():
        section, name = key.split(".", 1)
        sections.setdefault(section, []).append(f"    {name}: {json.dumps(entry, ensure_ascii=False, default=str)}")
    for section, written in sections.items():
        lines += [f"  {section}:", *written]
    if not entries:
        lines[-1] = "rules: {}"
    return "\n".join(lines) + "\n"


__all__ = ["HouseRule", "house_profile", "house_rule", "house_yaml", "profile_from_json"]
