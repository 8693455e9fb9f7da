"""A profile at a glance: the summary box (players, cards, target, how long a game takes, related
variants, what its values rest on) and its scoring on one screen, every line linked to its rule.

Everything here is worded by this project from typed rule values and the build's simulations; a
profile's free text never enters it.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from docutils import nodes

from ..cards import Rank
from ..profiles import Profile, rule_titles
from ..profiles.rules import Rules, ThirtyOne
from . import nodes as n
from .citations import profile_label, profile_rule_label, source_label
from .comparison import comparison
from .directive import CostlyDirective
from .tables import support_text
from .words import colour_shape

_RANKS = {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King", Rank.TWO: "Deuce"}


def _points(v: int) -> str:
    return f"{v} point" + ("" if v == 1 else "s")


def _either(values: Sequence[object], last: str = "or") -> str:
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def game_length(data: Mapping[str, Any], profile_id: str) -> str | None:
    """How long a game takes, in deals, from the build's games: mean, interval, quartiles."""
    figure = next((f for f in data["figures"] if f["key"] == "deals_per_game"), None)
    quartiles = data.get("deals_quartiles", {}).get(profile_id)
    if figure is None or profile_id not in figure["estimates"] or not quartiles:
        return None
    e = figure["estimates"][profile_id]
    interval = "" if e.get("low") is None else f" (95% interval {e['low']:.1f} to {e['high']:.1f})"
    q1, median, q3 = (f"{q:g}" for q in quartiles)
    return (f"{e['value']:.1f} deals on average{interval}; half the games take {q1} to {q3} deals, the median "
            f"{median}, in {data['settings']['games_played']:,} games between greedy bots played for this site")


def related(d: CostlyDirective, profile: Profile) -> list[n.Child]:
    """The profile it extends, those that extend it, and those drawn from the same source."""
    others = [p for p in d.data.profiles if p.id != profile.id]
    parts: list[n.Child] = []

    def links(found: Sequence[Profile]) -> list[nodes.Node]:
        return n.joined([n.xref(profile_label(p.id), p.id) for p in found])

    if profile.extends:
        parts += ["extends ", n.xref(profile_label(profile.extends), profile.extends)]
    children = [p for p in others if p.extends == profile.id]
    if children:
        parts += (["; "] if parts else []) + ["extended by ", *links(children)]
    same = [p for p in others if profile.main_source and p.main_source == profile.main_source
            and p.id != profile.extends and p not in children]
    if same:
        parts += (["; "] if parts else []) + ["from the same source: ", *links(same)]
    return parts or ["none among the profiles shown here"]


def facts(d: CostlyDirective, profile: Profile, games: int) -> nodes.Node:
    r = profile.rules
    rows: list[tuple[str, list[n.Child]]] = [
        ("Players", [f"{r.players}" + (", in two partnerships sitting opposite" if r.partnerships else ", each alone")]),
        ("Cards", [f"{r.cards_each} each, dealt " + ("one at a time" if r.deal_in_ones else "together")
                   + ", and a deck card turned up for trumps; a pack of 52"]),
        ("Game", [f"the first to {r.target} points wins"
                  + (", the moment it is reached" if r.peg_out_ends_game else ", at the end of the deal")]),
    ]
    length = game_length(comparison(d.data, games), profile.id)
    if length:
        rows.append(("Length", [length, " (", n.xref("compare-deals_per_game", "all profiles"), ")"]))
    rows.append(("Related", related(d, profile)))
    main = d.data.library.sources.get(profile.main_source or "")
    if main is not None:
        status = profile.source_status.status.value if profile.source_status else "primary"
        rows.append(("Source", [n.xref(source_label(main.id), d.source_name(main)),
                                f" ({status})" if status != "primary" else "", ". ", support_text(d, profile)]))
    box = nodes.container(classes=["costly-facts"])
    dl = nodes.definition_list(classes=["costly-facts-list"])
    for term, parts in rows:
        item = nodes.definition_list_item()
        item += nodes.term("", term)
        item += nodes.definition("", n.para(*parts))
        dl += item
    box += dl
    return box


def _rule(profile: Profile, key: str) -> nodes.Node:
    """A rule by its title, a player's words (its key breaks mid-word in a narrow column, and means
    nothing to a player), linked to its record."""
    return n.xref(profile_rule_label(profile.id, key), rule_titles()[key])


def scoring_rows(profile: Profile) -> list[tuple[str, str, str, Sequence[str]]]:
    """(when, what, points, rule keys) for everything that scores under these rules."""
    r: Rules = profile.rules
    rows: list[tuple[str, str, str, Sequence[str]]] = []
    if r.heels_ranks and r.heels_points:
        ranks = _either([_RANKS.get(x, str(int(x))) for x in sorted(r.heels_ranks)])
        rows.append(("turn-up", f"a {ranks} turned up as the deck card (heels)", f"{r.heels_points} to the dealer",
                     ("turnup.heels_ranks", "turnup.heels_points")))
    if r.mog_refusal_points:
        what = "refusing to mog" + (" (or not asking)" if r.mog_not_asking_pays else "")
        rows.append(("mog", what, f"{r.mog_refusal_points} to the other side", ("mog.refusal_points",)))
    if r.mog_given_away_scores:
        rows.append(("mog", "a Jack or Deuce given away", "its value, to its giver", ("mog.given_away_scores",)))
    if r.play_point_totals:
        rows.append(("play", f"bringing the count to {_either(r.play_point_totals)}", "1 for each card in the series",
                     ("play.point_totals",)))
    if r.go_points:
        rows.append(("play", "the go: the other cannot play", _points(r.go_points), ("play.go_points",)))
    if r.latter_points:
        when = "of each series" if r.latter_when.value == "each-series" else "of the play"
        rows.append(("play", f"the latter: the last card {when} short of {r.play_limit}", _points(r.latter_points),
                     ("play.latter_points", "play.latter_when")))
    if r.play_pairs:
        rows.append(("play", "a pair, prial, double prial on the table",
                     f"{r.pair_points}, {r.prial_points}, {r.double_prial_points}", ("play.pairs",)))
    if r.play_sequences:
        rows.append(("play", f"a sequence of {r.sequence_min} or more on the table", "1 for each card",
                     ("play.sequences", "play.sequence_min")))
    if r.play_jacks_deuces:
        rows.append(("play", "a Jack or Deuce played", "as at the count", ("play.jacks_deuces",)))
    if r.count_point_totals:
        rows.append(("count", f"cards making {_either(r.count_point_totals)}", "1 for each card used",
                     ("count.point_totals",)))
    if r.thirty_one is ThirtyOne.PER_CARD:
        rows.append(("count", "cards making 31", "1 for each card used", ("count.thirty_one",)))
    elif r.thirty_one is not ThirtyOne.NONE:
        rows.append(("count", "the whole hand making 31", _points(r.thirty_one_flat_points),
                     ("count.thirty_one", "count.thirty_one_flat_points")))
    rows.append(("count", f"a Jack; the right Jack (the deck card's {r.right_jack_match.value})",
                 f"{r.jack_points}; {r.right_jack_points}", ("count.jack_points", "count.right_jack_points")))
    rows.append(("count", f"a Deuce; the right Deuce (the deck card's {r.right_deuce_match.value})",
                 f"{r.deuce_points}; {r.right_deuce_points}", ("count.deuce_points", "count.right_deuce_points")))
    rows.append(("count", "a pair, prial (three alike), double prial (four)",
                 f"{r.pair_points}, {r.prial_points}, {r.double_prial_points}",
                 ("count.pair_points", "count.prial_points", "count.double_prial_points")))
    for entry in r.colours:
        rows.append(("count", f"{entry.name}: {colour_shape(entry.in_colour, entry.in_suit)}",
                     _points(entry.points), ("count.colours",)))
    if r.count_sequences:
        rows.append(("count", f"a sequence of {r.sequence_min} or more in hand", "1 for each card",
                     ("count.sequences",)))
    return rows


PHASES = {"turn-up": "The turn-up", "mog": "The mog", "play": "The play", "count": "The count"}


def scoring(d: CostlyDirective, profile: Profile) -> nodes.Node:
    """What scores, a part of the deal at a time, on one screen (a phone leaves out the rule column)."""
    rows: list[nodes.row] = []
    current = None
    for when, what, points, keys in scoring_rows(profile):
        if when != current:
            current = when
            head = nodes.row(classes=["costly-section-row"])
            head += nodes.entry("", n.para(n.strong(PHASES.get(when, when))), morecols=2)
            rows.append(head)
        rows.append(n.row([what, points, n.joined([_rule(profile, k) for k in keys], "; ")]))
    box = nodes.container(classes=["costly-fit", "costly-scoring"])
    box += n.table(["what scores", "points", "rule"], rows, widths=[42, 20, 38])  # a rule by its title
    return box
