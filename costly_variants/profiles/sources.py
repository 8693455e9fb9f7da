"""The transcribed sources and their passages, addressed as ``source-id#passage-id``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..errors import CostlyError
from ..resources import data_dir
from .yamldoc import load_file


@dataclass(frozen=True)
class Passage:
    """One passage: verbatim ``text`` (public-domain sources) or an own-words ``summary`` (modern)."""

    source_id: str
    id: str
    pages: str | None
    text: str | None
    summary: str | None
    locator: str | None
    note: str | None

    @property
    def ref(self) -> str:
        return f"{self.source_id}#{self.id}"


@dataclass(frozen=True)
class Source:
    id: str
    bibkey: str
    kind: str
    title: str
    licence: str
    transcription: str
    available: bool
    passages: Mapping[str, Passage]


@dataclass(frozen=True, eq=False)
class Library:
    sources: Mapping[str, Source]

    def passage(self, ref: str) -> Passage | None:
        source_id, _, passage_id = ref.partition("#")
        source = self.sources.get(source_id)
        return source.passages.get(passage_id) if source else None

    def __contains__(self, ref: object) -> bool:
        return isinstance(ref, str) and self.passage(ref) is not None

    def all_refs(self) -> list[str]:
        return [p.ref for s in self.sources.values() for p in s.passages.values()]


def _load_source(path: Path) -> Source:
    data = load_file(path).data
    if not isinstance(data, dict) or "id" not in data or "passages" not in data:
        raise CostlyError(f"{path}: not a source file (needs id and passages)")
    passages = {}
    for raw in data["passages"]:
        passage = Passage(data["id"], raw["id"], raw.get("pages"), raw.get("text"), raw.get("summary"),
                          raw.get("locator"), raw.get("note"))
        if (passage.text is None) == (passage.summary is None):
            raise CostlyError(f"{path}: passage {passage.ref} needs exactly one of text or summary")
        if passage.id in passages:
            raise CostlyError(f"{path}: passage id {passage.ref} repeated")
        passages[passage.id] = passage
    return Source(data["id"], data["bibkey"], data["kind"], data["title"], data.get("licence", ""),
                  data.get("transcription", ""), bool(data.get("available", True)),
                  MappingProxyType(passages))


@cache
def library(directory: Path | None = None) -> Library:
    """Every source under ``sources/``, loaded once."""
    folder = directory or data_dir("sources")
    sources = {}
    for path in sorted(folder.glob("*.yaml")):
        source = _load_source(path)
        if source.id != path.stem:
            raise CostlyError(f"{path}: source id {source.id!r} does not match the file name")
        sources[source.id] = source
    return Library(MappingProxyType(sources))
