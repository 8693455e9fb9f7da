"""The open questions of the sources (``sources/questions/open.yaml``): what is not known, what is known
of it and on which passages, what would settle it, and where that text is. Checked on loading: every
passage is in sources/, every source named exists, and every source this project could not read has a
question; a problem is reported as ``FILE:LINE:COL: $.path: message``."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ProfileError
from ..resources import data_dir
from .sources import Library, library


@dataclass(frozen=True)
class Where:
    name: str
    url: str | None = None
    source: str | None = None


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    known: str
    cite: tuple[str, ...]
    settle: str
    where: tuple[Where, ...]


FIELDS = {"id": str, "question": str, "known": str, "cite": list, "settle": str, "where": list}


def load(path: Path | str | None = None, *, lib: Library | None = None) -> list[Question]:
    from .yamldoc import load_file

    path = path or data_dir("sources") / "questions" / "open.yaml"
    doc = load_file(path)
    lib = lib or library()
    data: Any = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list):
        raise ProfileError([doc.problem((), "needs a list of questions")])
    problems = []
    out = []
    for i, raw in enumerate(data["questions"]):
        at = ("questions", i)
        if not isinstance(raw, dict):
            problems.append(doc.problem(at, "a question is a mapping"))
            continue
        missing = [f for f, kind in FIELDS.items() if not isinstance(raw.get(f), kind) or not raw.get(f)]
        extra = sorted(set(raw) - set(FIELDS))
        if missing or extra:
            problems += [doc.problem((*at, f), f"{f} is required") for f in missing]
            problems += [doc.problem((*at, f), f"{f!r} is not a field of a question", key=True) for f in extra]
            continue
        for j, ref in enumerate(raw["cite"]):
            if ref not in lib:
                problems.append(doc.problem((*at, "cite", j), f"{ref!r} is not a passage in sources/"))
        wheres = []
        for j, place in enumerate(raw["where"]):
            if not isinstance(place, dict) or not isinstance(place.get("name"), str) or set(place) - {"name", "url", "source"}:
                problems.append(doc.problem((*at, "where", j), "a place is {name, url?, source?}"))
                continue
            if place.get("source") and place["source"] not in lib.sources:
                problems.append(doc.problem((*at, "where", j, "source"), f"{place['source']!r} is not a source in sources/"))
            wheres.append(Where(place["name"], place.get("url"), place.get("source")))
        out.append(Question(raw["id"], raw["question"], raw["known"], tuple(raw["cite"]), raw["settle"], tuple(wheres)))
    named = {ref.partition("#")[0] for q in out for ref in q.cite} | {w.source for q in out for w in q.where}
    for source in lib.sources.values():
        if not source.available and source.id not in named:
            problems.append(doc.problem(("questions",), f"{source.id} is not available, and no question asks for it"))
    if problems:
        raise ProfileError(problems)
    return out
