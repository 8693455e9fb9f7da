"""The base of every costly directive: the build's data, its dependencies, and located warnings."""
from __future__ import annotations

from typing import Sequence

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..profiles import Profile
from ..profiles.sources import Source
from .citations import cite_links, cite_sources, quote, readable, source_name, words_label
from .data import SiteData, site_data

logger = logging.getLogger(__name__)


class CostlyDirective(SphinxDirective):
    @property
    def data(self) -> SiteData:
        data = site_data(self.env.srcdir)
        noted = data.memo.setdefault(("dependencies noted",), set())
        if self.env.docname not in noted:  # once a page: the files are the same for every directive
            noted.add(self.env.docname)
            for path in data.data_files():
                self.env.note_dependency(str(path))
        return data

    def warn(self, message: str) -> None:
        logger.warning("costly: %s", message, location=self.get_location())

    def profile(self, ref: str) -> Profile | None:
        found = self.data.by_id.get(ref)
        if found is None:
            self.warn(f"unknown profile {ref!r}")
        return found

    def cites(self, refs: Sequence[str]) -> list[nodes.Node]:
        data = self.data
        return cite_links(refs, data.library, data.bibfile)

    def cite_sources(self, refs: Sequence[str]) -> list[nodes.Node]:
        data = self.data
        return cite_sources(refs, data.library, data.bibfile)

    def quote(self, ref: str) -> nodes.Element:
        data = self.data
        return quote(ref, data.library, data.bibfile)

    def readable(self, text: str) -> str:
        """Profile text with any passage id in it as a readable citation (still text)."""
        data = self.data
        return readable(text, data.library, data.bibfile)

    def words_label(self, refs: Sequence[str]) -> str:
        return words_label(refs, self.data.library)

    def source_name(self, source: Source) -> str:
        return source_name(source, self.data.bibfile)

    def located(self, node: nodes.Node) -> nodes.Node:
        """Give every node built here the directive's place, so Sphinx warnings about it say where."""
        source, line = self.get_source_info()
        for sub in node.findall(nodes.Element):
            if sub.source is None:
                sub.source, sub.line = source, line
        return node
