"""Rule profiles: validation against the JSON Schema, ``extends`` resolution, and the registry.

Raw dicts stop here: ``resolve`` returns a Profile whose ``rules`` are typed and immutable.
"""
from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..errors import Problem, ProfileError, UnknownVariantError
from ..resources import data_dir, schema_path
from .rules import (RULE_KEYS, Alternative, Provenance, Rules, SourceStatus, Status, build_rules)
from .semantics import Recorded, alternative_problems, semantic_problems
from . import evidence, hints, known_good
from .document import Document, PathKey, json_path

if TYPE_CHECKING:
    import jsonschema

    from .sources import Library

# The YAML reader, the sources and jsonschema are imported where a profile is read or checked, not
# above: a run whose profiles are all known good (see known_good) needs none of them.


@dataclass(frozen=True)
class Annotation:
    status: SourceStatus
    cite: tuple[str, ...]
    note: str


@dataclass(frozen=True)
class Term:
    meaning: str
    cite: tuple[str, ...]
    defined_in: str


@dataclass(frozen=True)
class SetAside:
    """An alternative reading a house profile inherits but cannot play with its own rules (courts alike
    for pairs, from Cotton, where four cards are dealt): kept out of ``readings``, named by ``validate``."""

    key: str
    index: int
    alternative: Alternative
    defined_in: str
    why: str

    def described(self) -> str:
        from .semantics import described

        return described(self.key, self.alternative.value, dict(self.alternative.together))


@dataclass(frozen=True)
class Profile:
    """A resolved profile: typed rules plus, for every rule, its plain value and provenance."""

    id: str
    title: str
    year: int | None
    main_source: str | None
    summary: str
    path: Path
    lineage: tuple[str, ...]
    rules: Rules
    values: Mapping[str, Any]
    provenance: Mapping[str, Provenance]
    vocabulary: Mapping[str, Term]
    source_status: Annotation | None
    set_aside: tuple[SetAside, ...] = ()  # inherited readings these rules cannot play

    @property
    def extends(self) -> str | None:
        return self.lineage[1] if len(self.lineage) > 1 else None

    def cite(self, key: str) -> tuple[str, ...]:
        return self.provenance[key].cite


@cache
def _validator() -> jsonschema.protocols.Validator:
    import jsonschema  # here, not above: a run that checks no profile need not import it (see known_good)

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def bundled_paths() -> dict[str, Path]:
    return {p.stem: p for p in sorted(data_dir("variants").glob("*.yaml"))}


def bundled_ids() -> list[str]:
    return list(bundled_paths())


def locate_profile(ref: str, *, relative_to: Path | None = None) -> Path:
    """A bundled id or a path (relative to ``relative_to``'s folder, else the working folder)."""
    bundled = bundled_paths()
    if ref in bundled:
        return bundled[ref]
    candidate = Path(ref)
    if relative_to is not None and not candidate.is_absolute():
        candidate = relative_to.parent / candidate
    if candidate.is_file():
        return candidate
    known = ", ".join(bundled)
    near = difflib.get_close_matches(ref, [*bundled, *_profile_files(candidate)], n=1, cutoff=0.6)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise UnknownVariantError(f"unknown profile {ref!r}: not a bundled id ({known}) nor a file{hint}")


def _profile_files(missing: Path) -> list[str]:
    """The YAML files beside where ``missing`` was looked for, spelled as it was (``dir/name.yaml``)."""
    folder = missing.parent
    try:
        found = sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError:
        return []
    prefix = "" if str(missing.parent) == "." else str(missing.parent) + os.sep
    return [prefix + name for name in found[:200]]


def _schema_problems(doc: Document) -> list[Problem]:
    problems = []
    for error in _validator().iter_errors(doc.data):
        path: PathKey = tuple(error.absolute_path)
        schema = error.schema if isinstance(error.schema, dict) else {}
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = set(schema.get("properties", {}))
            for key in error.instance:
                if key not in allowed:
                    # The nearest key where one is near (go_point: go_points); else the keys there are,
                    # or, of sixty rule keys, how one is written.
                    near = difflib.get_close_matches(str(key), sorted(allowed), n=1)
                    if near:
                        hint = f"; did you mean {near[0]!r}?"
                    elif len(allowed) > 12:
                        hint = "; a rule key is section.name"
                    else:
                        hint = f"; expected one of: {', '.join(sorted(allowed))}" if allowed else ""
                    problems.append(doc.problem(path + (key,), f"unknown key {key!r}{hint}", key=True))
            continue
        if error.validator == "required" and isinstance(error.instance, dict):
            message = error.message.replace(" is a required property", " is required")
            missing = error.message.split("'")[1] if error.message.count("'") >= 2 else ""
            message += hints.required_hint(missing, error.instance)
        elif error.validator == "pattern" and path and path[-1] == "id":
            message = f"{error.instance!r} is not a valid id: use lower-case letters and digits joined by hyphens"
        elif error.validator == "pattern" and "#" in schema.get("pattern", ""):
            message = f"{error.instance!r} is not a passage id of the form source-id#passage-id"
        elif error.validator == "type" and isinstance(error.instance, bool):
            # jsonschema shows Python's True; the profile says true
            message = f"{str(error.instance).lower()} is not of type {error.validator_value!r}"
        else:
            message = error.message
        if error.validator == "type":
            message += hints.type_hint(error.instance, error.validator_value, path)
        problems.append(doc.problem(path, " ".join(message.split())))
    return problems


def _walk_cites(data: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "cite" and isinstance(value, list):
                for i, ref in enumerate(value):
                    if isinstance(ref, str):
                        yield path + (key, i), ref
            else:
                yield from _walk_cites(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _walk_cites(value, path + (i,))


def _citation_problems(doc: Document, lib: Library) -> list[Problem]:
    return [doc.problem(path, f"cites {ref!r}, which is not a passage in sources/")
            for path, ref in _walk_cites(doc.data) if "#" in ref and ref not in lib]


@dataclass(frozen=True)
class _Layer:
    """One validated file in an ``extends`` chain."""

    doc: Document
    path: Path


def _flatten_rules(data: dict[str, Any]) -> dict[str, tuple[dict[str, Any], PathKey]]:
    out: dict[str, tuple[dict[str, Any], PathKey]] = {}
    for section, keys in (data.get("rules") or {}).items():
        for name, entry in (keys or {}).items():
            out[f"{section}.{name}"] = (entry, ("rules", section, name))
    return out


@lru_cache(maxsize=256)
def _check_file(path: Path, display: str, mtime_ns: int, lib: Library) -> tuple[Document, tuple[Problem, ...]]:
    """Load one file and the problems found in it alone (not in what it extends), once per version."""
    from .yamldoc import load_file

    doc = load_file(path, display=display)
    if not isinstance(doc.data, dict):
        kind = type(doc.data).__name__
        return doc, (doc.problem((), f"a profile must be a mapping, not a {kind}"),)
    local = _schema_problems(doc)
    # The evidence is checked on a file the schema accepts: its entries then have their passage and words.
    local += _citation_problems(doc, lib) + ([] if local else evidence.problems(doc, lib))
    bundled = bundled_paths()
    profile_id = doc.data.get("id")
    if isinstance(profile_id, str) and path.resolve() in {p.resolve() for p in bundled.values()}:
        if profile_id != path.stem:
            local.append(doc.problem(("id",), f"id {profile_id!r} does not match the file name {path.name!r}"))
    # A file with a bundled profile's id (a clone's own variants/ after ``pip install .``, a historian's
    # corrected copy) is checked as written: the id is refused only where both are loaded together, in
    # its own extends chain (below) or beside the bundled one (``load_distinct``).
    return doc, tuple(local)


def _load_chain(path: Path, lib: Library, seen: tuple[Path, ...], problems: list[Problem]) -> list[_Layer] | None:
    """Validate ``path`` and everything it extends; collect problems; None if unusable."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = -1
    doc, found = _check_file(path, _display(path), mtime, lib)
    local = list(found)
    problems.extend(local)
    if not isinstance(doc.data, dict):
        return None
    chain: list[_Layer] = [_Layer(doc, path)]
    base_ref = doc.data.get("extends")
    if isinstance(base_ref, str):
        try:
            base_path = locate_profile(base_ref, relative_to=path)
        except UnknownVariantError:
            problems.append(doc.problem(("extends",), f"extends {base_ref!r}, which is neither a bundled profile nor a "
                                                      f"file{hints.nearest(base_ref, bundled_paths())}"))
            return None
        if base_path.resolve() in seen + (path.resolve(),):
            cycle = " -> ".join(_display(p) for p in seen + (path.resolve(), base_path.resolve()))
            problems.append(doc.problem(("extends",), f"extends cycle: {cycle}"))
            return None
        base_problems: list[Problem] = []
        try:
            base_chain = _load_chain(base_path, lib, seen + (path.resolve(),), base_problems)
        except ProfileError as exc:
            base_problems.extend(exc.problems)
            base_chain = None
        if base_problems or base_chain is None:
            first = base_problems[0].message if base_problems else "unusable"
            more = f" (and {len(base_problems) - 1} more below)" if len(base_problems) > 1 else ""
            problems.append(doc.problem(("extends",), f"extends {base_ref!r}, which is not a valid profile: "
                                                      f"{first}{more}"))
            problems.extend(base_problems)
            return None
        profile_id = doc.data.get("id")
        same = next((layer for layer in base_chain if layer.doc.data.get("id") == profile_id), None)
        if same is not None:
            whose = ("a bundled profile" if same.path.resolve() in {p.resolve() for p in bundled_paths().values()}
                     else f"the profile in {_display(same.path)}")
            problems.append(doc.problem(("id",), f"id {profile_id!r} is the id of {whose} that this one extends, "
                                                 "so both are loaded together; give this profile an id of its own"))
            return None
        chain.extend(base_chain)
    return chain if not local else None


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    return value


def _merge(chain: list[_Layer], problems: list[Problem], lib: Library, *, checked: bool = False) -> Profile | None:
    """The profile a valid chain resolves to; ``checked``: the chain is known good (see known_good), so
    the checks of the merged values are skipped."""
    top = chain[0]
    values: dict[str, Any] = {}
    provenance: dict[str, Provenance] = {}
    vocabulary: dict[str, Term] = {}
    recorded: dict[str, list[Recorded]] = {}  # each rule's alternatives, plain, as the winning layer has them
    for layer in reversed(chain):
        data = layer.doc.data
        sources = evidence.own_sources(data)
        status = data.get("source_status") or {}
        if sources and status.get("status") != SourceStatus.UNAVAILABLE.value:
            # What this layer takes from below, as its own sources give it (an unavailable text gives
            # nothing: see unavailable_over; a house layer names no source and restates none)
            provenance = {key: evidence.seen_by(prov, data["id"], sources, lib) for key, prov in provenance.items()}
        for key, (entry, _) in _flatten_rules(data).items():
            values[key] = entry["value"]
            provenance[key] = Provenance(
                Status(entry["status"]), tuple(entry["cite"]), entry.get("note"),
                tuple(Alternative(_frozen(a["value"]), a["reading"], tuple(a.get("cite", ())),
                                  tuple((k, _frozen(v)) for k, v in (a.get("with") or {}).items()))
                      for a in entry.get("alternatives", ())),
                data["id"], evidence=evidence.build(entry.get("evidence", ()), lib))
            recorded[key] = [(key, i, a["value"], dict(a.get("with") or {}))
                             for i, a in enumerate(entry.get("alternatives", ()))]
        for term, entry in (data.get("vocabulary") or {}).items():
            vocabulary[term] = Term(entry["meaning"], tuple(entry["cite"]), data["id"])
    rules_path: PathKey = ("rules",) if "rules" in top.doc.data else ()
    missing = [k for k in RULE_KEYS if k not in values]
    if missing:
        shown = ", ".join(missing[:4]) + (", ..." if len(missing) > 4 else "")
        problems.append(top.doc.problem(rules_path, f"incomplete profile: {len(missing)} rule(s) have no value "
                                               f"({shown}); give them, or extend a complete profile"))
        return None

    def where(key: str | None) -> tuple[Document, PathKey, str | None]:
        """Where to report a problem with ``key``: its value, where this file sets it; else this file's
        rules, naming the profile the value comes from (a user can fix only the file he checks)."""
        if key is not None and key in _flatten_rules(top.doc.data):
            section, name = key.split(".", 1)
            return top.doc, ("rules", section, name, "value"), None
        inherited = None if key is None else provenance[key].defined_in
        return top.doc, rules_path, inherited

    def where_alternative(key: str, index: int) -> tuple[Document, PathKey, str | None]:
        """An alternative's problem: at the alternative, where this file records it; else as ``where``."""
        if key in _flatten_rules(top.doc.data):
            section, name = key.split(".", 1)
            return top.doc, ("rules", section, name, "alternatives", index, "value"), None
        return where(key)

    found = [] if checked else semantic_problems(values, where)
    own = _flatten_rules(top.doc.data)
    if not found and not checked:
        # Only a profile that can be played itself is worth checking with each alternative swapped in. Its
        # own alternatives must be playable; one it inherits that its rules rule out is set aside.
        found = alternative_problems(values, [r for k, rs in recorded.items() if k in own for r in rs],
                                     where_alternative)
    if found:
        problems.extend(found)
        return None
    set_aside = _set_aside(values, recorded, own, provenance)
    data = top.doc.data
    status = data.get("source_status")
    if status and status["status"] == SourceStatus.UNAVAILABLE.value:
        provenance = unavailable_over(provenance, data["id"])
    return Profile(
        id=data["id"], title=data["title"], year=data.get("year"), main_source=data.get("main_source"),
        summary=" ".join(str(data.get("summary", "")).split()), path=top.path,
        lineage=tuple(l.doc.data["id"] for l in chain),
        rules=build_rules(values, {k: v.cite for k, v in provenance.items()}), values=MappingProxyType({k: _frozen(values[k]) for k in RULE_KEYS}),
        provenance=MappingProxyType(provenance), vocabulary=MappingProxyType(dict(sorted(vocabulary.items()))),
        source_status=Annotation(SourceStatus(status["status"]), tuple(status["cite"]), status["note"]) if status else None,
        set_aside=set_aside)


def _set_aside(values: dict[str, Any], recorded: dict[str, list[Recorded]], own: Mapping[str, Any],
               provenance: Mapping[str, Provenance]) -> tuple[SetAside, ...]:
    """The inherited alternatives these values cannot play, each with why (its first reason)."""
    from .semantics import unplayable

    out = []
    for key, entries in recorded.items():
        if key in own:
            continue
        for _, index, value, together in entries:
            why = unplayable(values, key, value, together)
            if why:
                prov = provenance[key]
                out.append(SetAside(key, index, prov.alternatives[index], prov.defined_in, why[0]))
    return tuple(out)


def unavailable_over(provenance: Mapping[str, Provenance], profile_id: str) -> dict[str, Provenance]:
    """A profile whose own text is unavailable states nothing: each value it takes from the profile it
    extends has the status ``unavailable``, keeping the status it has there (``taken_as``)."""
    out = dict(provenance)
    for key, prov in provenance.items():
        if prov.defined_in != profile_id:
            note = (f"As {prov.defined_in}, where it is {prov.status.value}; the text of {profile_id}'s own "
                    "source is unavailable, so nothing here is stated by it.")
            out[key] = replace(prov, status=Status.UNAVAILABLE, taken_as=prov.status, note=note)
    return out


def check(path: Path | str, *, lib: Library | None = None) -> tuple[Profile | None, list[Problem]]:
    """Validate one profile file and everything it extends; return the profile and every problem."""
    from .sources import library

    lib = lib or library()
    problems: list[Problem] = []
    try:
        chain = _load_chain(Path(path), lib, (), problems)
    except ProfileError as exc:
        return None, in_line_order(problems + exc.problems)
    if chain is None or problems:
        return None, in_line_order(problems)
    profile = _merge(chain, problems, lib)
    return profile, in_line_order(problems)


def in_line_order(problems: list[Problem]) -> list[Problem]:
    """Each file's problems in the order of its lines, as an editor shows them (the checks find them in
    the order they run: the schema's, then the sources'); the files in the order first met."""
    files: dict[str, int] = {}
    for problem in problems:
        files.setdefault(problem.location.file, len(files))
    return sorted(problems, key=lambda p: (files[p.location.file], p.location.line, p.location.column))


@cache
def _load_cached(path: Path, mtime: float) -> Profile:
    bundled = path in {p.resolve() for p in bundled_paths().values()}
    if bundled:
        known = known_good.lookup(path)
        if known is not None:
            chain = [_Layer(Document(_display(file), data), file) for file, data in known]
            try:
                from .sources import library

                profile = _merge(chain, [], library(), checked=True)
            except (KeyError, TypeError, ValueError, AttributeError):
                profile = None  # a cache entry that is not what this version wrote: check the files
            if profile is not None:
                return profile
    profile, problems = check(path)
    if profile is None:
        raise ProfileError(problems)
    if bundled:
        read = _read_chain(path)
        if read is not None:
            known_good.remember(path, [(layer.path, layer.doc.data) for layer in read])
    return profile


def _read_chain(path: Path) -> list[_Layer] | None:
    """A bundled profile's ``extends`` chain, read but not checked; None if anything is amiss (then the
    full check says what)."""
    from .yamldoc import load_file

    chain: list[_Layer] = []
    seen: set[Path] = set()
    while True:
        try:
            doc = load_file(path, display=_display(path))
        except ProfileError:
            return None
        if not isinstance(doc.data, dict) or path in seen:
            return None
        seen.add(path)
        chain.append(_Layer(doc, path))
        base_ref = doc.data.get("extends")
        if base_ref is None:
            return chain
        if not isinstance(base_ref, str):
            return None
        try:
            path = locate_profile(base_ref, relative_to=path).resolve()
        except UnknownVariantError:
            return None


def load(ref: Profile | str | os.PathLike[str]) -> Profile:
    """Resolve a bundled id or a path to a Profile (a Profile is returned as it is); raise
    UnknownVariantError or ProfileError."""
    if isinstance(ref, Profile):
        return ref
    if not isinstance(ref, (str, os.PathLike)):
        raise UnknownVariantError(f"not a profile, a bundled id nor a path: {ref!r}")
    path = locate_profile(os.fspath(ref))
    return _load_cached(path.resolve(), path.stat().st_mtime)


def rules_of(ref: Rules | Profile | str | os.PathLike[str]) -> Rules:
    """The rules of a profile given as ``load`` takes it, or the rules themselves."""
    return ref if isinstance(ref, Rules) else load(ref).rules


def load_all() -> list[Profile]:
    """Every bundled profile, oldest first."""
    return sorted((load(i) for i in bundled_ids()), key=lambda p: (p.year or 0, p.id))


__all__ = ["Profile", "SetAside", "Term", "Annotation", "load", "load_all", "check", "bundled_ids", "locate_profile",
           "json_path", "rules_of"]


@cache
def rule_titles() -> Mapping[str, str]:
    """``section.name`` -> the schema's title for that rule, in schema order."""
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    sections = schema["properties"]["rules"]["properties"]
    return MappingProxyType({f"{sec}.{name}": spec["title"]
                             for sec, body in sections.items() for name, spec in body["properties"].items()})
