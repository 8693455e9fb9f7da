"""The sources' worked examples: the cards with suit symbols, each scoring item of the source and of
the engine, and the reason where they disagree."""
from __future__ import annotations

from docutils import nodes

from ..count.hand import score_hand
from ..profiles import Profile
from ..worked_examples.replay import Example, play_points, replay
from . import nodes as n
from .citations import example_label, profile_label
from .directive import CostlyDirective


def _engine_items(example: Example, profile: Profile, details: tuple[str, ...]) -> nodes.Node:
    """The engine's items: per scoring combination for a count, per card for a play, else its summary."""
    if example.kind == "count" and example.deck is not None:
        score = score_hand(profile.rules, example.hand, example.deck)
        rows = [[i.name, n.cards(i.cards), str(i.points)] for i in score.items]
        return n.data_table(["item", "cards", "points"], rows or [["nothing scores", "", "0"]], widths=[40, 36, 24],
                            numeric=(2,), labels=["", "cards", "points"])
    if example.kind == "play" and example.deck is not None:
        played = play_points(profile.rules, example.plays, example.deck)
        rows = []
        for play, (player, points, notes) in zip(example.plays, played):
            rows.append([player, [n.card(play.card)], "" if play.count is None else str(play.count),
                         "" if play.points is None else str(play.points), str(points), ", ".join(notes)])
        return n.data_table(["player", "card", "count", "source", "engine", "engine's items"], rows,
                            widths=[18, 12, 12, 12, 12, 34], numeric=(2, 3, 4),
                            labels=["", "card", "count", "source", "engine", "engine's items"],
                            classes=["costly-play-table"])
    items = nodes.bullet_list()
    items += [nodes.list_item("", n.para(d)) for d in details]
    return items


class ExamplesDirective(CostlyDirective):
    """Every worked example, replayed under its own profile."""

    def run(self) -> list[nodes.Node]:
        doc = self.state.document
        out: list[nodes.Node] = []
        summary_rows = []
        for example in self.data.examples:
            profile = self.profile(example.profile)
            if profile is None:
                continue
            outcome = replay(example, profile)
            sec = nodes.section(classes=["costly-example-section"])
            n.anchor(sec, example_label(example.id), doc)
            sec += nodes.title("", "", nodes.Text(example.title))
            box = nodes.container(classes=["costly-example"] + ([] if outcome.agrees else ["costly-disagrees"]))
            sec += box
            box += n.para(n.xref(profile_label(profile.id), profile.id), "; ", *self.cites(example.cite),
                          classes=["costly-example-head"])
            if example.hand or example.deck:
                cards: list[n.Child] = []
                if example.hand:
                    cards += ["Hand: ", *n.cards(example.hand)]
                if example.deck:
                    cards += ["; deck card: " if example.hand else "Deck card: ", n.card(example.deck)]
                box += n.para(*cards, classes=["costly-cards"])
            if example.stated_items:
                rows = [[i.label.replace("|", " or "), str(i.points)] for i in example.stated_items]
                source_side: nodes.Node = n.data_table(["item", "points"], rows, widths=[70, 30], numeric=(1,),
                                                       labels=["", "points"])
            else:
                source_side = n.para("The source states only its total.")
            pair = nodes.container(classes=["costly-example-pair"])
            left = nodes.container(classes=["costly-example-side"])
            left += [n.para(n.strong(f"The source: {_total(outcome.stated)}")), source_side]
            right = nodes.container(classes=["costly-example-side"])
            right += [n.para(n.strong(f"The engine: {_total(outcome.engine)}")),
                      _engine_items(example, profile, outcome.details)]
            pair += [left, right]
            box += pair
            verdict = "They agree." if outcome.agrees else n.squash(outcome.reason or "They differ.")
            box += n.para(n.strong("Why: " if not outcome.agrees else ""), verdict, classes=["costly-reason"])
            out.append(sec)
            summary_rows.append([[n.xref(example_label(example.id), example.title)], profile.id,
                                 _total(outcome.stated), _total(outcome.engine), "agree" if outcome.agrees else "differ"])
        overview = n.data_table(["example", "profile", "source's total", "engine's total", "verdict"], summary_rows,
                                widths=[38, 22, 13, 13, 14], numeric=(2, 3),
                                labels=["", "profile", "source's total", "engine's total", "verdict"])
        return [self.located(node) for node in [overview, *out]]


def _total(value: int | None) -> str:
    """A total, or a dash where there is none (a play not played under this profile)."""
    return "-" if value is None else str(value)
