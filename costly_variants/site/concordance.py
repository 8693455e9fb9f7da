"""The concordance of the 1874 rules: for the two-hand and the four-hand game, rule by rule, what each
report says as the report gives it (``sources/concordance/<profile>.yaml``), and the verdict that
follows from the readings. Nothing here is read from a profile's values or from which passages they
cite: a profile's reading of the reports is one thing, what the reports say another.
"""
from __future__ import annotations

from collections import Counter

from docutils import nodes

from ..errors import CostlyError
from ..profiles import concordance as conc
from . import nodes as n
from .citations import rule_label
from .directive import CostlyDirective
from .words import words as value_words

RULES_1874 = "eddowes-burne-1874"
# The two reports the verdict weighs; any other report (the digest's presumed fragment) is shown beside.
PARLETT_PAGE, WIKIPEDIA = "parlett-web", "wikipedia-en"
# How each report was read, said in its column's head where it is cited.
READ_AS = {
    PARLETT_PAGE: "in our words",
    WIKIPEDIA: "in our words, from a Japanese translation of the article",
    "burne-1883": "a presumed fragment of the digest, read through a mirror of Wiktionary; our words",
}


def row_id(game_id: str, key: str) -> str:
    """The anchor of a rule's row: ``concordance-two-hand-rule-mog-procedure``."""
    return f"concordance-{game_id}-{rule_label(key)}"


class ConcordanceDirective(CostlyDirective):
    """``.. costly-concordance::``: the 1874 rules as each report gives them, game by game."""

    def run(self) -> list[nodes.Node]:
        try:
            data = conc.bundled(RULES_1874)
        except CostlyError as exc:
            self.warn(str(exc).splitlines()[0])
            return []
        out: list[nodes.Node] = []
        for game in data.games:
            out.append(self.game_section(data, game))
        return [self.located(node) for node in out]

    def game_section(self, data: conc.Concordance, game: conc.Game) -> nodes.section:
        reports = [src for src, _ in data.reports if any(src in r for r in game.rules.values())]
        names = dict(data.reports)
        titles = self.data.rule_titles
        counts: Counter[conc.Verdict] = Counter()
        rows = []
        for key, readings in game.rules.items():
            mark = conc.verdict(readings.get(PARLETT_PAGE), readings.get(WIKIPEDIA))
            counts[mark] += 1
            cells: list[object] = [[n.xref(rule_label(key), titles.get(key, key)), " ", n.rule_key(key)]]
            for src in reports:
                cells.append(self.cell(key, readings.get(src)))
            cells.append(n.inline(mark.value, classes=["costly-verdict"]))
            row = n.row(cells, classes=["costly-disagree-row"] if mark in (conc.Verdict.DIFFER, conc.Verdict.IN_PART)
                        else [])
            n.anchor(row, row_id(game.id, key), self.state.document)
            rows.append(row)
        head = ["rule", *(f"{names[src]} ({READ_AS.get(src, 'in our words')})" for src in reports), "the reports"]
        labels = ["", *(names[src] for src in reports), ""]
        widths = [18, *([int(72 / len(reports))] * len(reports)), 10]
        sec = nodes.section(classes=["costly-concordance-game"])
        n.anchor(sec, f"concordance-{game.id}", self.state.document)
        sec += nodes.title("", "", nodes.Text(game.title))
        lead = (f"{len(rows)} rules. Parlett's digest and Wikipedia's summary agree on {counts[conc.Verdict.AGREE]}, "
                f"differ on {counts[conc.Verdict.DIFFER]}, differ in part on {counts[conc.Verdict.IN_PART]} (a "
                f"report whose words admit two readings, one of them the other's), one is silent on "
                f"{counts[conc.Verdict.ONE_SILENT]}, and neither reports {counts[conc.Verdict.NEITHER]}.")
        sec += n.para(lead, classes=["costly-concordance-lead"])
        if game.note:
            sec += n.para(game.note)
        sec += n.data_table(head, rows, widths=widths, labels=labels, classes=["costly-concordance"])
        return sec

    def cell(self, key: str, reading: conc.Reading | None) -> list[nodes.Node]:
        if reading is None:
            return [n.emph("not reported")]
        if not reading.reported:
            return [n.para(n.emph("not reported"), classes=["costly-not-reported"]),
                    n.para(n.inline(reading.silent or "", classes=["costly-our-words"]), " (",
                           *self.cites(reading.cite), ")")]
        out: list[nodes.Node] = []
        for i, (value, words) in enumerate(zip(reading.values, reading.words)):
            out.append(n.para(*(["or "] if i else []), n.inline(value_words(key, value), classes=["costly-value"]),
                              ": ", n.inline(words, classes=["costly-our-words"])))
        out.append(n.para("(", *self.cites(reading.cite), ")", classes=["costly-reading-cite"]))
        return out
