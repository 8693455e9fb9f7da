"""``.. costly-apparatus::``: the variant readings of Cotton's chapter between its witnesses (1674, 1687
and an eighteenth-century edition), computed from the transcriptions by the aligner in
``profiles.apparatus``: substantive variants and gaps filled first, then spelling and punctuation."""
from __future__ import annotations

from collections import Counter

from docutils import nodes

from ..profiles import apparatus as app
from . import nodes as n
from .citations import passage_label
from .directive import CostlyDirective


class ApparatusDirective(CostlyDirective):
    def run(self) -> list[nodes.Node]:
        lib = self.data.library
        out: list[nodes.Node] = []
        for collation in app.cotton_apparatus(lib):
            first, second = lib.sources[collation.first], lib.sources[collation.second]
            counts = Counter(v.kind for v in collation.variants)
            sec = nodes.section(classes=["costly-apparatus"])
            n.anchor(sec, f"apparatus-{collation.second}", self.state.document)
            sec += nodes.title("", "", nodes.Text(f"{first.label} and {second.label}"))
            extent = (f"{second.label} survives here only in part, so it is set against the stretch of "
                      f"{first.label} it covers. " if collation.partial else "")
            sec += n.para(extent, f"{counts[app.Kind.SUBSTANTIVE]} substantive variants, "
                          f"{counts[app.Kind.GAP]} gaps of {first.label}'s transcription filled, "
                          f"{counts[app.Kind.SPELLING]} variants of spelling (with word division and numbers in "
                          f"figures) and {counts[app.Kind.PUNCTUATION]} of punctuation.",
                          classes=["costly-apparatus-lead"])
            major = [v for v in collation.variants if v.kind in (app.Kind.SUBSTANTIVE, app.Kind.GAP)]
            minor = [v for v in collation.variants if v.kind not in (app.Kind.SUBSTANTIVE, app.Kind.GAP)]
            for title, variants in (("Substantive variants and gaps", major),
                                    ("Spelling and punctuation", minor)):
                if not variants:
                    continue
                rows = [self.row(v, first.label, second.label) for v in variants]
                table = n.data_table(["kind", first.label, second.label], rows, widths=[16, 42, 42],
                                     labels=["", first.label, second.label], classes=["costly-apparatus-table"])
                if variants is minor:
                    sec += n.disclosure([title, f" ({len(variants)})"], [table])
                else:
                    sec += n.para(n.strong(title))
                    sec += table
            out.append(sec)
        return [self.located(node) for node in out]

    def row(self, variant: app.Variant, first: str, second: str) -> list[object]:
        lib = self.data.library

        def side(words: str, ref: str) -> list[nodes.Node]:
            passage = lib.passage(ref)
            shown = words or "(nothing)"
            return [n.inline(shown, classes=["costly-lemma" if words else "costly-omitted"]), " (",
                    n.xref(passage_label(ref), passage.place() if passage else ref, classes=["costly-cite"]), ")"]

        return [variant.kind.value, side(variant.lemma, variant.at), side(variant.reading, variant.other_at)]
