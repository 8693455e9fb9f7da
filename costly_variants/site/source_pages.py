"""A source's page: how to cite it, where its catalogue records are, what the transcription is, and the
text itself, read straight through.

A transcribed chapter (``continuous: true``, Cotton 1674 and 1687) is one running text with its page
breaks, each passage an anchor within it; fragments follow one another, each with the work it was read
in. What cites a passage, and its editorial note, sit in the notes under the text, reached by a small
mark after the passage, never between its clauses. A modern work's passages are this project's
summaries, each under its own heading.
"""
from __future__ import annotations

import re

from docutils import nodes

from ..profiles.sources import Passage, Source, read_mark
from . import nodes as n
from .citations import (Citer, bib_title, example_label, passage_label, profile_label, profile_rule_label, rule_label,
                        source_label)
from .directive import CostlyDirective
from .worked import disagreeing_examples

_BIBKEY = re.compile(r"^[A-Za-z0-9_:-]+$")
_PAGE_BREAK = re.compile(r"\[p\. (\d+)\]\s*")


def notes_label(ref: str) -> str:
    """The note under the text that belongs to a passage."""
    return passage_label(ref) + "--note"


def cited_by(citers: list[Citer]) -> list[n.Child]:
    """What cites a passage, in a line or two: the rules of each profile together (with the profiles that
    inherit them), each rule linked to its record and back to its row in the table; then the rest."""
    groups: dict[tuple[str, tuple[str, ...]], list[Citer]] = {}
    others: list[Citer] = []
    for citer in citers:
        if citer.kind in ("rule", "alternative") and citer.key and citer.profile:
            groups.setdefault((citer.profile, citer.inherited_by), []).append(citer)
        else:
            others.append(citer)
    lines: list[list[n.Child]] = []
    for (profile, heirs), members in groups.items():
        line: list[n.Child] = [n.strong(profile)]
        if heirs:
            line.append(f" (and {', '.join(heirs)}, which inherit{'s' if len(heirs) == 1 else ''} it)")
        line.append(": ")
        for i, citer in enumerate(members):
            assert citer.key is not None
            line += ([" \u00b7 "] if i else []) + [
                n.xref(profile_rule_label(profile, citer.key), citer.text),
                " (an alternative reading)" if citer.kind == "alternative" else "",
                " (", n.xref(rule_label(citer.key), "table", classes=["costly-back"]), ")"]
        lines.append(line)
    for citer in others:
        profile = citer.profile or ""
        if citer.kind == "example" and citer.key:
            lines.append([n.xref(example_label(citer.key), citer.text), f" (worked example, {profile})"])
        elif citer.kind == "term":
            # the term as the profile names it, in italics: quotation marks are kept for a source's words
            lines.append([n.xref(f"{profile_label(profile)}--vocabulary", f"{profile}: the term ", n.emph(citer.text))])
        else:
            lines.append([n.xref(profile_label(profile), f"{profile}: {citer.text}")])
    out: list[n.Child] = []
    for i, line in enumerate(lines):
        out += (["; "] if i else []) + line
    return out


def short_title(title: str, limit: int = 64) -> str:
    """A source's title short enough for a phone's first screen: up to its first parenthesis, and then up
    to a comma or colon within ``limit`` characters."""
    text = n.squash(title).partition(" (")[0]
    if len(text) <= limit:
        return text
    cut = max(text.rfind(", ", 0, limit), text.rfind(": ", 0, limit))
    return text[:cut] if cut > 0 else text[:limit].rsplit(" ", 1)[0] + " \u2026"


def passage_titles(source: Source) -> dict[str, str]:
    """Each passage's name in the notes and headings: its place and subject (``p. 125: game``); a place
    alone where it names its subject (a section of a web page), unless two passages share it."""
    out: dict[str, str] = {}
    for passage in source.passages.values():
        place = passage.place()
        topic = re.sub(r"^p\d+(?:-\d+)?-", "", passage.id).replace("-", " ")
        out[passage.id] = place if passage.locator and not passage.pages else f"{place}: {topic}"
    counts: dict[str, int] = {}
    for title in out.values():
        counts[title] = counts.get(title, 0) + 1
    for passage in source.passages.values():
        if counts[out[passage.id]] > 1:
            out[passage.id] += f" ({passage.id.replace('-', ' ')})"
    return out


def _words(text: str) -> list[nodes.Node]:
    """A passage's words with its page breaks (``[p. 126]``) as marks, not as words of the text."""
    out: list[nodes.Node] = []
    at = 0
    for match in _PAGE_BREAK.finditer(text):
        if match.start() > at:
            out.append(nodes.Text(text[at:match.start()]))
        out.append(n.inline(f"p. {match.group(1)}", classes=["costly-page-break"]))
        at = match.end()
    if at < len(text):
        out.append(nodes.Text(text[at:]))
    return out


class SourcePageDirective(CostlyDirective):
    """``.. costly-source-page:: ID``: the page of one source."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        source = self.data.library.sources.get(self.arguments[0])
        if source is None:
            self.warn(f"unknown source {self.arguments[0]!r}")
            return []
        doc = self.state.document
        page = n.section(f"{source.label}: {short_title(bib_title(source, self.data.bibfile) or source.title)}",
                        source_label(source.id), doc, *self.head(source))
        if not source.passages:
            return [self.located(page)]
        if source.kind == "primary" and all(p.text for p in source.passages.values()):
            page += self.running_text(source)
        else:
            page += self.summaries(source)
        return [self.located(page)]

    def head(self, source: Source) -> list[nodes.Node]:
        cite: list[n.Child] = [n.strong("Cite as: "), source.label]
        if _BIBKEY.match(source.bibkey):
            # the key is an identifier checked above, so the role text holds no markup from the data; the
            # label role links the source's one label to its entry in the bibliography
            refs, messages = self.state.inline_text(f":cite:label:`{source.bibkey}`", self.lineno)
            cite = [n.strong("Cite as: "), *refs, *messages]
        out = [n.para(n.strong("Title: "), n.squash(source.title)), n.para(*cite, ".")]
        if source.catalogue:
            links = [nodes.reference("", name, refuri=url) for name, url in source.catalogue]
            out.append(n.para(n.strong("Catalogue records: "), *n.joined(links, " \u00b7 "), ".",
                              classes=["costly-catalogue"]))
        licence = n.squash(source.licence).rstrip(".") or "not stated"
        out.append(n.para(n.strong("Kind: "), source.kind, "; ", n.strong("licence: "), licence,
                          "." if source.available else "; its text is not available to this project."))
        if source.dating:
            out.append(n.para(n.strong("Its date: "), self.readable(source.dating)))
        if source.transcription:
            out.append(n.para(n.strong("Transcription: "), self.readable(source.transcription)))
        return out

    def running_text(self, source: Source) -> nodes.Node:
        """The words straight through: one paragraph for a whole chapter, one per fragment otherwise; each
        passage a span that a citation lands on, a mark after it leading to its note."""
        doc = self.state.document
        box = nodes.container(classes=["costly-reading-text"])
        paragraph = n.para(classes=["costly-running"])
        titles = passage_titles(source)
        continuous = source.continuous
        for number, passage in enumerate(source.passages.values(), start=1):
            if not continuous:
                paragraph = n.para(classes=["costly-running", "costly-fragment"])
            span = n.inline(*_words(n.squash(passage.text or "")), classes=["costly-passage", "costly-in-text"])
            n.anchor(span, passage_label(passage.ref), doc)
            paragraph += span
            paragraph += n.inline(n.xref(notes_label(passage.ref), str(number)), classes=["costly-note-mark"])
            if continuous:
                paragraph += nodes.Text(" ")
            else:
                paragraph += n.inline(f" \u2014 {self.data.library.citation(passage.ref)}", classes=["costly-fragment-cite"])
                box += paragraph
        if continuous:
            box += paragraph
        notes = nodes.enumerated_list(classes=["costly-text-notes"])
        for passage in source.passages.values():
            notes += self.note(passage, titles[passage.id])
        return n.section("The text", f"{source_label(source.id)}--text", doc, box,
                        n.section("Notes: passages, notes and what cites them", f"{source_label(source.id)}--notes",
                                 doc, notes))

    def note(self, passage: Passage, title: str) -> nodes.list_item:
        doc = self.state.document
        item = nodes.list_item(classes=["costly-text-note"])
        n.anchor(item, notes_label(passage.ref), doc)
        item += n.para(n.xref(passage_label(passage.ref), title), " \u2014 ",
                       self.data.library.citation(passage.ref, full=True), classes=["costly-passage-id"])
        if passage.note:
            item += n.para(n.strong("Note: "), self.readable(passage.note))
        flagged = [e for e in disagreeing_examples(self.data) if passage.ref in e.cite]
        if flagged:
            item += n.para(n.strong("Worked example: "), "this passage's figures disagree with the source's own "
                           "rules (", *n.joined([n.xref(example_label(e.id), e.title) for e in flagged], "; "), ").",
                           classes=["costly-example-flag"])
        item += self.cited_by_line(passage)
        return item

    def cited_by_line(self, passage: Passage) -> nodes.paragraph:
        citers = self.data.cited_by.get(passage.ref, [])
        if not citers:
            return n.para(n.emph("Not cited by any rule yet."), classes=["costly-cited-by"])
        return n.para(n.inline(f"Cited by ({len(citers)}): ", classes=["costly-cited-by-head"]), *cited_by(citers),
                      classes=["costly-cited-by"])

    def summaries(self, source: Source) -> list[nodes.Node]:
        """Each passage under its own heading: its citation, the words or our summary, note, citers."""
        doc = self.state.document
        out: list[nodes.Node] = []
        titles = passage_titles(source)
        for passage in source.passages.values():
            box = n.section(titles[passage.id], passage_label(passage.ref), doc)
            box["classes"].append("costly-passage")
            box += n.para(self.data.library.citation(passage.ref, full=True), classes=["costly-passage-id"])
            if passage.text:
                box += nodes.block_quote("", n.para(n.squash(passage.text)), classes=["costly-words"])
            else:
                box += n.para(n.inline(f"{source.label}{read_mark(passage)}, in our words", classes=["costly-our-words-mark"]), ": ",
                              n.inline(self.readable(passage.summary or ""), classes=["costly-our-words"]),
                              classes=["costly-paraphrase", "costly-paraphrase-block"])
            if passage.note:
                box += n.para(n.strong("Note: "), self.readable(passage.note))
            box += self.cited_by_line(passage)
            out.append(box)
        return out
