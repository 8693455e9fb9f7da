"""The transcribed sources and their passages, addressed as ``source-id#passage-id``, and the one way a
passage is cited everywhere (``Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020``).

A passage this project read in another work (a quotation on Parlett's page, a phrase in Wikipedia)
records that work as its channel (``via``): a passage of the channel's own source file, checked like any
citation, so that no citation hides where its words were read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..errors import CostlyError, Problem, ProfileError
from ..resources import data_dir
from . import known_good
from .document import Document, PathKey

if TYPE_CHECKING:
    import jsonschema


@dataclass(frozen=True)
class Channel:
    """The work a passage was read in: one of its passages, more exactly where (``locator``), and any
    work it took the words from in turn that this project has not read (``source``: the OED)."""

    cite: str
    locator: str | None = None
    source: str | None = None


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
    via: Channel | None = None
    read: str | None = None  # "read in Japanese translation", "read through a mirror": said where it is cited

    @property
    def ref(self) -> str:
        return f"{self.source_id}#{self.id}"

    def place(self, *, full: bool = False) -> str:
        """Where the passage is in its work: ``p. 125``, ``pp. 125-126``, or the section it is in (up to
        any ``;`` that adds detail, unless ``full``); ``page not given`` where the channel gives none."""
        pages = self.pages
        if pages and pages not in ("-", "?"):
            return f"pp. {pages}" if "-" in pages or "," in pages else f"p. {pages}"
        if self.locator:
            locator = " ".join(self.locator.split())
            return locator if full else locator.partition("; ")[0]
        if pages == "?":
            return "page not given"
        return self.id.replace("-", " ")


@dataclass(frozen=True)
class Source:
    id: str
    label: str
    bibkey: str
    kind: str
    title: str
    licence: str
    transcription: str
    available: bool
    passages: Mapping[str, Passage]
    edition: str | None = None
    dating: str | None = None
    catalogue: tuple[tuple[str, str], ...] = ()
    continuous: bool = False  # the passages are one text, in order (a whole chapter)
    language_read: str | None = None  # read in translation, in this language (ISO 639): "ja"


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

    def label(self, ref: str) -> str:
        """The label of the source a passage is in (``Cotton 1674``), or the ref itself if unknown."""
        passage = self.passage(ref)
        return self.sources[passage.source_id].label if passage else ref

    def channels(self, ref: str) -> list[Channel]:
        """The works a passage was read through, nearest first (the loader refuses a loop)."""
        out: list[Channel] = []
        passage = self.passage(ref)
        while passage is not None and passage.via is not None:
            out.append(passage.via)
            passage = self.passage(passage.via.cite)
        return out

    def citation(self, ref: str, *, full: bool = False) -> str:
        """The one citation of a passage, with the channel it was read through:
        ``Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020``; ``full`` adds where in the channel
        (``..., quoted in Parlett 2020, opening and history``) and takes a locator up to its end."""
        passage = self.passage(ref)
        if passage is None:
            return ref
        return own_citation(self, passage, full=full) + channel_text(self, passage, full=full)


def own_citation(lib: Library, passage: Passage, *, full: bool = False) -> str:
    """A passage's citation without its channel: ``Webb 1924, pp. 98, 102 (Penguin)``; a text read in
    translation or through a mirror says so: ``Wikipedia 2020 (read in Japanese translation), Rules``."""
    source = lib.sources[passage.source_id]
    edition = f" ({source.edition})" if source.edition and passage.pages and passage.pages not in ("-", "?") else ""
    return f"{source.label}{read_mark(passage)}, {passage.place(full=full)}{edition}"


def read_mark(passage: Passage) -> str:
    """`` (read in Japanese translation)`` for a passage not read in its own language and copy; else empty."""
    return f" ({passage.read})" if passage.read else ""


def channel_text(lib: Library, passage: Passage, *, full: bool = False) -> str:
    """``, quoted in Parlett 2020`` (words) or ``, as reported in Wikipedia 2020`` (a summary of what a
    work says another says), each channel in turn; empty for a passage read in its own work."""
    out = ""
    verb = "quoted in" if passage.text is not None else "as reported in"
    for hop in lib.channels(passage.ref):
        through = lib.passage(hop.cite)
        if through is None:
            break
        out += f", {verb} {lib.sources[through.source_id].label}{read_mark(through)}"
        if hop.source:
            out += f" (from {hop.source})"
        if full:
            out += f", {hop.locator or through.place(full=True)}"
        verb = "quoted in" if through.text is not None else "as reported in"
    return out


@cache
def _validator() -> jsonschema.protocols.Validator:
    import jsonschema

    path = Path(__file__).parent / "schema" / "source.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _schema_problems(doc: Document) -> list[Problem]:
    problems = []
    for error in _validator().iter_errors(doc.data):
        path: PathKey = tuple(error.absolute_path)
        if error.validator == "oneOf" and isinstance(error.instance, dict):
            message = "a passage needs exactly one of text (the source's words) or summary (ours)"
        else:
            message = " ".join(error.message.replace(" is a required property", " is required").split())
        problems.append(doc.problem(path, message))
    return problems


def _channel(raw: Mapping[str, str] | None) -> Channel | None:
    if raw is None:
        return None
    return Channel(raw["cite"], raw.get("locator"), raw.get("from"))


def _load_source(path: Path) -> tuple[Source, Document]:
    from .yamldoc import load_file  # here: trusted sources are read without PyYAML

    doc = load_file(path)
    data = doc.data
    if not isinstance(data, dict) or "id" not in data or "passages" not in data:
        raise CostlyError(f"{path}: not a source file (needs id and passages)")
    problems = _schema_problems(doc)
    if problems:
        raise ProfileError(problems)
    return _source(data, doc), doc


def _source(data: Mapping[str, Any], doc: Document | None) -> Source:
    """The Source a source file's data describes (checked already); ``doc`` locates a repeated passage id
    (None: data that passed every check, which has none)."""
    default = _channel(data.get("via"))
    passages = {}
    for i, raw in enumerate(data["passages"]):
        passage = Passage(data["id"], raw["id"], raw.get("pages"), raw.get("text"), raw.get("summary"),
                          raw.get("locator"), raw.get("note"), _channel(raw.get("via")) or default,
                          raw.get("read", data.get("read")))
        if passage.id in passages and doc is not None:
            raise ProfileError([doc.problem(("passages", i, "id"), f"passage id {passage.ref} repeated")])
        passages[passage.id] = passage
    catalogue = tuple((c["name"], c["url"]) for c in data.get("catalogue", ()))
    source = Source(data["id"], data["label"], data["bibkey"], data["kind"], data["title"], data.get("licence", ""),
                    data.get("transcription", ""), bool(data.get("available", True)), MappingProxyType(passages),
                    data.get("edition"), data.get("dating"), catalogue, bool(data.get("continuous", False)),
                    data.get("language_read"))
    return source


def _channel_problems(lib: Library, docs: Mapping[str, Document]) -> list[Problem]:
    """Every channel must be a passage in sources/, of another work, and lead to no loop."""
    problems = []
    for source in lib.sources.values():
        doc = docs[source.id]
        raw = doc.data
        for i, passage in enumerate(source.passages.values()):
            if passage.via is None:
                continue
            own = "via" in raw["passages"][i]
            where: PathKey = ("passages", i, "via", "cite") if own else ("via", "cite")
            if passage.via.cite not in lib:
                problems.append(doc.problem(where, f"reads {passage.ref} via {passage.via.cite!r}, which is not a "
                                                   "passage in sources/"))
                continue
            seen = {passage.ref}
            hop: Passage | None = passage
            while hop is not None and hop.via is not None:
                if hop.via.cite in seen:
                    problems.append(doc.problem(where, f"the channel of {passage.ref} leads back to {hop.via.cite}"))
                    break
                seen.add(hop.via.cite)
                hop = lib.passage(hop.via.cite)
    return problems


@cache
def library(directory: Path | None = None) -> Library:
    """Every source under ``sources/``, loaded and checked once; the bundled sources, once per content
    (``known_good``: a later run trusts them without reading YAML or importing the schema checker)."""
    if directory is None:
        trusted = known_good.checked_sources()
        if trusted is not None:
            try:
                return Library(MappingProxyType({stem: _source(data, None) for stem, data in trusted.items()}))
            except (KeyError, TypeError, ValueError, AttributeError):
                pass  # an entry that is not what this version wrote: check the files
    folder = directory or data_dir("sources")
    sources = {}
    docs = {}
    labels: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        source, doc = _load_source(path)
        if source.id != path.stem:
            raise CostlyError(f"{path}: source id {source.id!r} does not match the file name")
        if source.label in labels:
            raise ProfileError([doc.problem(("label",), f"label {source.label!r} is already the label of "
                                                        f"{labels[source.label]}")])
        labels[source.label] = source.id
        sources[source.id] = source
        docs[source.id] = doc
    lib = Library(MappingProxyType(sources))
    problems = _channel_problems(lib, docs)
    if problems:
        raise ProfileError(problems)
    if directory is None:
        known_good.remember_sources({source_id: doc.data for source_id, doc in docs.items()})
    return lib
