"""The bibliography in one style: author-year labels that are the sources' own labels (``Cotton 1674``,
``Burne 1886``), titles as written (works in italics, parts of works in quotation marks), "p." or "pp."
before every locator, URLs as links; and each entry linked to its transcription page.

The styles are pybtex plugins (the way sphinxcontrib-bibtex is meant to be extended); the links are
added after Sphinx resolves the bibliography page, from the ``bibkey`` each source file names.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from docutils import nodes
from pybtex import richtext
from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.formatting import toplevel
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.sorting import BaseSortingStyle
from pybtex.style.template import (FieldIsMissing, field, href, join, names, node, optional, optional_field, sentence,
                                   tag, words)
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from ..profiles.sources import library
from . import nodes as n
from .citations import author_year, source_label
from .data import site_data

STYLE = "costly"


class AuthorYearLabels(BaseLabelStyle):
    """Each source's own label (the one every citation on the site uses); for an entry no source file
    names, ``Holme 1905`` from its author and year; a repeat gets a, b, ..."""

    def format_labels(self, sorted_entries: Iterable[Any]) -> Iterable[str]:
        seen: dict[str, int] = {}
        for entry in sorted_entries:
            label = entry_label(entry)
            seen[label] = seen.get(label, 0) + 1
            yield label if seen[label] == 1 else f"{label}{chr(ord('a') + seen[label] - 1)}"


def entry_label(entry: Any) -> str:
    """The label an entry is cited by: its source's label, else its author (or editor) and year."""
    labels = {s.bibkey: s.label for s in library().sources.values()}
    return labels.get(entry.key) or author_year(entry)


class LabelOrder(BaseSortingStyle):
    """The bibliography in the order of its labels, as a reader looks a citation up: by name, then date
    (``Burne 1886`` before ``Chatto 1848``, ``Holme 1688`` before ``Holme 1905``)."""

    def sorting_key(self, entry: Any) -> tuple[str, str]:
        return entry_label(entry).lower(), entry.key


@node
def edited_by(children: Any, context: Any) -> richtext.Text:
    """``I. H. Jeayes, editor`` for a work with an author and an editor, as an editor alone stands in an
    entry's first place (``Charlotte Sophia Burne, editor``)."""
    entry = context["entry"]
    if "author" not in entry.persons or "editor" not in entry.persons:
        raise FieldIsMissing("editor", entry)
    editors = entry.persons["editor"]
    return richtext.Text(names("editor", sep=", ", sep2=" and ", last_sep=", and ").format_data(context),
                         ", editors" if len(editors) > 1 else ", editor")


@node
def locator(children: Any, context: Any) -> richtext.Text:
    """``p. 222``, ``pp. 125–128``, ``pp. 133, 155``: one page or several."""
    entry = context["entry"]
    if "pages" not in entry.fields:
        raise FieldIsMissing("pages", entry)
    pages = str(entry.fields["pages"]).replace("--", "\u2013")
    return richtext.Text(("pp. " if re.search("[\u2013,-]", pages) else "p. ") + pages)


@node
def imprint(children: Any, context: Any) -> richtext.Text:
    """``London: Penguin, 2008``; ``Chester, 1688`` where no publisher is known; the year alone."""
    entry = context["entry"]
    if "year" not in entry.fields:
        raise FieldIsMissing("year", entry)
    parts = [richtext.Text.from_latex(entry.fields[f]) if f in entry.fields else None
             for f in ("address", "publisher", "year")]
    address, publisher, year = parts
    who = richtext.Text(address, ": ", publisher) if address and publisher else (publisher or address)
    return richtext.Text(who, ", ", year) if who else richtext.Text(year)


TITLE = tag("em")[field("title")]
PART_TITLE = join["\u201c", field("title"), "\u201d"]


class CostlyStyle(UnsrtStyle):
    """One style for every kind of entry: names; the title as written, a work in italics and a part of
    one in quotation marks; place, publisher and year; the pages the project cites; the note; the link."""

    default_label_style = STYLE
    default_sorting_style = STYLE

    def _web(self) -> Any:
        return optional[sentence[href(field("url", raw=True))[field("url", raw=True)],
                                 optional[join["visited on ", field("urldate")]]]]

    def get_book_template(self, e: Any) -> Any:
        return toplevel[
            optional[self.format_author_or_editor(e)],
            sentence[TITLE],
            optional[sentence[edited_by]],
            optional[sentence[join["vol. ", field("volume")]]],
            sentence[imprint],
            optional[sentence[locator]],
            optional[sentence[self.format_isbn(e)]],
            optional[sentence[field("note")]],
            self._web(),
        ]

    def get_incollection_template(self, e: Any) -> Any:
        return toplevel[
            sentence[self.format_names("author")],
            sentence[PART_TITLE],
            sentence[words["In", tag("em")[field("booktitle")]], optional[join["vol. ", field("volume")]]],
            sentence[imprint],
            optional[sentence[locator]],
            optional[sentence[field("note")]],
            self._web(),
        ]

    def get_misc_template(self, e: Any) -> Any:
        return toplevel[
            optional[sentence[self.format_names("author")]],
            sentence[PART_TITLE],
            sentence[optional_field("howpublished"), optional_field("year")],
            optional[sentence[field("note")]],
            self._web(),
        ]


def register_styles() -> None:
    register_plugin("pybtex.style.labels", STYLE, AuthorYearLabels, force=True)
    register_plugin("pybtex.style.formatting", STYLE, CostlyStyle, force=True)
    register_plugin("pybtex.style.sorting", STYLE, LabelOrder, force=True)


def link_transcriptions(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Add to each bibliography entry a link to the page of the source it is the key of."""
    try:
        domain = app.env.get_domain("cite")
    except ExtensionError:  # sphinxcontrib-bibtex not loaded: nothing to link
        return
    ids: dict[str, str] = {}
    for key, bib in getattr(domain, "bibliographies", {}).items():
        if key.docname != docname:
            continue
        for bibkey, citation in bib.citation_nodes.items():
            if citation["ids"]:
                ids[citation["ids"][0]] = bibkey
    if not ids:
        return
    data = site_data(app.srcdir)
    by_key = {s.bibkey: s for s in data.library.sources.values()}
    std = app.env.get_domain("std")
    for citation in doctree.findall(nodes.citation):
        bibkey = ids.get(citation["ids"][0]) if citation["ids"] else None
        source = by_key.get(bibkey or "")
        if source is None:
            continue
        found = std.anonlabels.get(source_label(source.id))  # type: ignore[attr-defined]
        if not found:
            continue
        target_doc, anchor_id = found
        uri = app.builder.get_relative_uri(docname, target_doc) + "#" + anchor_id
        link = nodes.reference("", "", nodes.Text("the transcription and passages" if source.available
                                                  else "what this project knows of it"), refuri=uri, internal=True)
        citation += n.para("See ", link, ".", classes=["costly-bib-link"])
