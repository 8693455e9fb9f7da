"""The bibliography: author-year labels, page ranges for books, URLs and access dates for web pages,
and each entry linked to its transcription page.

The styles are pybtex plugins (the way sphinxcontrib-bibtex is meant to be extended); the links are
added after Sphinx resolves the bibliography page, from the ``bibkey`` each source file names.
"""
from __future__ import annotations

from typing import Any, Iterable

from docutils import nodes
from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.formatting import toplevel
from pybtex.style.formatting.unsrt import date, pages
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.template import field, optional, optional_field, sentence, words
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from . import nodes as n
from .citations import author_year, source_label
from .data import site_data

STYLE = "costly"


class AuthorYearLabels(BaseLabelStyle):
    """``Cotton 1674``, ``Jackson and Burne 1883``; a ``shorthand`` field wins; a repeat gets a, b, ..."""

    def format_labels(self, sorted_entries: Iterable[Any]) -> Iterable[str]:
        seen: dict[str, int] = {}
        for entry in sorted_entries:
            label = author_year(entry)
            seen[label] = seen.get(label, 0) + 1
            yield label if seen[label] == 1 else f"{label}{chr(ord('a') + seen[label] - 1)}"


class CostlyStyle(UnsrtStyle):
    """unsrt with author-year labels, and the pages of a book (the chapter on Costly) after its date."""

    default_label_style = STYLE

    def get_book_template(self, e: Any) -> Any:
        return toplevel[
            self.format_author_or_editor(e),
            self.format_btitle(e, "title"),
            self.format_volume_and_series(e),
            sentence[field("publisher"), optional_field("address"), self.format_edition(e), date],
            optional[sentence[words["pp.", pages]]],
            optional[sentence[self.format_isbn(e)]],
            sentence[optional_field("note")],
            self.format_web_refs(e),
        ]


def register_styles() -> None:
    register_plugin("pybtex.style.labels", STYLE, AuthorYearLabels, force=True)
    register_plugin("pybtex.style.formatting", STYLE, CostlyStyle, force=True)


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
