"""``.. costly-open-questions::``: what the sources leave open, each question with what is known of it
(and the passages), what would settle it, and where that text is (``sources/questions/open.yaml``)."""
from __future__ import annotations

from docutils import nodes

from ..errors import CostlyError
from ..profiles import open_questions
from . import nodes as n
from .citations import source_label
from .directive import CostlyDirective


class OpenQuestionsDirective(CostlyDirective):
    def run(self) -> list[nodes.Node]:
        try:
            questions = open_questions.load(lib=self.data.library)
        except CostlyError as exc:
            self.warn(str(exc).splitlines()[0])
            return []
        out: list[nodes.Node] = []
        lib = self.data.library
        for q in questions:
            sec = nodes.section(classes=["costly-open-question"])
            n.anchor(sec, f"open-{q.id}", self.state.document)
            sec += nodes.title("", "", nodes.Text(q.question))
            sec += n.para(n.strong("What is known: "), n.squash(q.known), " (", *self.cites(q.cite), ")")
            sec += n.para(n.strong("What would settle it: "), n.squash(q.settle))
            places = nodes.bullet_list()
            for place in q.where:
                item: list[n.Child] = [nodes.reference("", place.name, refuri=place.url) if place.url else place.name]
                if place.source and place.source in lib.sources:
                    item += [" (", n.xref(source_label(place.source), lib.sources[place.source].label), ")"]
                places += nodes.list_item("", n.para(*item))
            sec += n.para(n.strong("Where the text is:"))
            sec += places
            out.append(sec)
        return [self.located(node) for node in out]
