"""Plain-text renderings of rule values, statuses and citations, shared by the CLI views."""
from __future__ import annotations

import json
from typing import Any, Mapping

from .loader import Profile
from .rules import Alternative, Provenance


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], Mapping):
            return "; ".join(f"{e['name']} {e['points']}" for e in value)
        return ", ".join(format_value(v) for v in value)
    return str(value)


def format_provenance(prov: Provenance, profile_id: str) -> str:
    cites = ", ".join(prov.cite) if prov.cite else "no passage"
    inherited = f" (from {prov.defined_in})" if prov.defined_in != profile_id else ""
    return f"[{prov.status.value}{inherited}] {cites}"


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


def provenance_json(prov: Provenance) -> dict[str, Any]:
    out: dict[str, Any] = {"status": prov.status.value, "cite": list(prov.cite), "defined_in": prov.defined_in}
    if prov.note:
        out["note"] = prov.note
    if prov.alternatives:
        out["alternatives"] = [{"value": plain(a.value), "reading": a.reading, "cite": list(a.cite)}
                               | ({"with": {k: plain(v) for k, v in a.together}} if a.together else {})
                               for a in prov.alternatives]
    return out


def profile_json(profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.id, "title": profile.title, "year": profile.year, "main_source": profile.main_source,
        "extends": profile.extends, "lineage": list(profile.lineage), "summary": profile.summary,
        "source_status": None if profile.source_status is None else {
            "status": profile.source_status.status.value, "cite": list(profile.source_status.cite),
            "note": profile.source_status.note},
        "rules": {key: {"value": plain(profile.values[key]), **provenance_json(profile.provenance[key])}
                  for key in profile.values},
        "vocabulary": {term: {"meaning": t.meaning, "cite": list(t.cite), "defined_in": t.defined_in}
                       for term, t in profile.vocabulary.items()},
    }


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)
