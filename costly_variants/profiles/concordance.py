"""A concordance of the reports of one set of rules (``sources/concordance/<profile>.yaml``): for each
game and rule, what each report says, recorded from the report and not from a profile's values, and the
verdict that follows from the readings (agree, differ, in part, one silent, neither reports).

A reading is a value in the profile schema's terms with the report's words (ours, for a modern report)
and its passages, or the report's silence. The file is checked against its schema, every value against
the profile schema's rule, every passage against sources/ (and against its report), and every problem
is reported as ``FILE:LINE:COL: $.path: message``.
"""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Mapping

from ..errors import Problem, ProfileError
from ..resources import data_dir, schema_path
from .document import Document, PathKey
from .sources import Library, library


class Verdict(enum.Enum):
    AGREE = "agree"
    DIFFER = "differ"
    IN_PART = "in part"  # a report read two ways, one of them the other report's
    ONE_SILENT = "one silent"
    NEITHER = "neither reports"


@dataclass(frozen=True)
class Reading:
    """What one report says of one rule: ``values`` (one, or two where its words admit both) with
    ``words`` for each, or ``silent`` (what it says near the rule instead), and its passages."""

    source: str
    values: tuple[Any, ...]
    words: tuple[str, ...]
    cite: tuple[str, ...]
    silent: str | None = None

    @property
    def reported(self) -> bool:
        return self.silent is None


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    note: str | None
    rules: Mapping[str, Mapping[str, Reading]]  # rule key -> report source id -> its reading


@dataclass(frozen=True)
class Concordance:
    id: str
    title: str
    reports: tuple[tuple[str, str], ...]  # (source id, name), in column order
    games: tuple[Game, ...]

    def game(self, game_id: str) -> Game:
        return next(g for g in self.games if g.id == game_id)


def verdict(one: Reading | None, other: Reading | None) -> Verdict:
    """How two reports' readings of a rule stand to each other."""
    if one is None or other is None or not one.reported or not other.reported:
        reported = [r for r in (one, other) if r is not None and r.reported]
        return Verdict.ONE_SILENT if reported else Verdict.NEITHER
    a, b = [json.dumps(v, sort_keys=True) for v in one.values], [json.dumps(v, sort_keys=True) for v in other.values]
    if set(a) == set(b):
        return Verdict.AGREE
    return Verdict.IN_PART if set(a) & set(b) else Verdict.DIFFER


@cache
def _validators() -> tuple[Any, dict[str, Any]]:
    """The concordance schema's validator, and the profile schema (its rules' value schemas)."""
    import jsonschema  # here, as the profile loader does: a run that reads no concordance need not

    schema = json.loads((schema_path().parent / "concordance.schema.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema), json.loads(schema_path().read_text(encoding="utf-8"))


def _value_schema(profile_schema: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    section, _, name = key.partition(".")
    rule = profile_schema["properties"]["rules"]["properties"].get(section, {}).get("properties", {}).get(name)
    if rule is None:
        return None
    value = dict(rule["properties"]["value"])
    value["$defs"] = profile_schema.get("$defs", {})
    return value


def _check(doc: Document, lib: Library) -> list[Problem]:
    import jsonschema

    validator, profile_schema = _validators()
    problems = []
    for error in validator.iter_errors(doc.data):
        message = " ".join(error.message.replace(" is a required property", " is required").split())
        if error.validator == "oneOf":
            message = "a reading needs value, words and cite, or silent and cite"
        problems.append(doc.problem(tuple(error.absolute_path), message))
    if problems:
        return problems
    sources = [r["source"] for r in doc.data["reports"]]
    for source in sources:
        if source not in lib.sources:
            problems.append(doc.problem(("reports",), f"{source!r} is not a source in sources/"))
    for g, game in enumerate(doc.data["games"]):
        for key, readings in game["rules"].items():
            where: PathKey = ("games", g, "rules", key)
            value_schema = _value_schema(profile_schema, key)
            if value_schema is None:
                problems.append(doc.problem(where, f"{key!r} is not a rule of the profile schema", key=True))
                continue
            for source, raw in readings.items():
                at = (*where, source)
                if source not in sources:
                    problems.append(doc.problem(at, f"{source!r} is not one of the reports", key=True))
                    continue
                for path, value in ((("value",), raw.get("value")), (("or", "value"), raw.get("or", {}).get("value"))):
                    if value is None:
                        continue
                    for error in jsonschema.Draft202012Validator(value_schema).iter_errors(value):
                        problems.append(doc.problem((*at, *path), f"not a value of {key}: {error.message}"))
                for i, ref in enumerate([*raw["cite"], *raw.get("or", {}).get("cite", [])]):
                    if ref not in lib:
                        problems.append(doc.problem((*at, "cite"), f"{ref!r} is not a passage in sources/"))
                    elif ref.partition("#")[0] != source:
                        problems.append(doc.problem((*at, "cite"), f"{ref!r} is not a passage of {source}"))
    return problems


def _reading(source: str, raw: Mapping[str, Any]) -> Reading:
    if "silent" in raw:
        return Reading(source, (), (), tuple(raw["cite"]), raw["silent"])
    second = raw.get("or")
    values = (raw["value"],) + ((second["value"],) if second else ())
    words = (raw["words"],) + ((second["words"],) if second else ())
    cite = tuple(dict.fromkeys([*raw["cite"], *(second.get("cite", []) if second else [])]))
    return Reading(source, values, words, cite)


def load(path: Path | str, *, lib: Library | None = None) -> Concordance:
    """The concordance in ``path``, checked; a problem raises ProfileError naming file, line and path."""
    from .yamldoc import load_file

    doc = load_file(path)
    if not isinstance(doc.data, dict):
        raise ProfileError([doc.problem((), "not a concordance (a mapping with id, title, reports and games)")])
    problems = _check(doc, lib or library())
    if problems:
        raise ProfileError(problems)
    data = doc.data
    games = tuple(Game(g["id"], g["title"], g.get("note"),
                       {key: {src: _reading(src, raw) for src, raw in readings.items()}
                        for key, readings in g["rules"].items()}) for g in data["games"])
    return Concordance(data["id"], data["title"], tuple((r["source"], r["name"]) for r in data["reports"]), games)


def bundled_path(profile_id: str) -> Path:
    return data_dir("sources") / "concordance" / f"{profile_id}.yaml"


@cache
def bundled(profile_id: str) -> Concordance:
    """The bundled concordance of a profile's reports."""
    return load(bundled_path(profile_id))
