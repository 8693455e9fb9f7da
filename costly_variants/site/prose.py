"""The rules as prose: a readable account of how to play a profile, one sentence per rule, generated
from the rule data, each sentence followed by the passages it rests on.

The sentences are this project's wording of typed values (numbers, enum words, yes/no), never the
profile's free text; notes and readings stay in the tables, as text.
"""
from __future__ import annotations

from typing import Any, Callable

from docutils import nodes

from ..profiles import Profile
from ..profiles.display import format_value, plain
from ..profiles.rules import Status
from . import nodes as n
from .citations import profile_rule_label
from .directive import CostlyDirective


def _points(v: int) -> str:
    return "nothing" if v == 0 else f"{v} point" + ("" if v == 1 else "s")


def _yes(v: bool, yes: str, no: str) -> str:
    return yes if v else no


def _list(values: Any) -> str:
    items = [str(x) for x in values]
    if len(items) <= 1:
        return "".join(items) or "none"
    return ", ".join(items[:-1]) + " and " + items[-1]


def _colours(entries: Any) -> str:
    parts = [f"{e['name']} ({e['in_colour']} of a colour, {e['in_suit']} of a suit) {_points(e['points'])}"
             for e in entries]
    return "; ".join(parts) if parts else "nothing"


_MOG = {
    "eldest-chooses": "The eldest chooses whether to mog, that is to exchange one card with the dealer",
    "elder-asks-dealer": "The elder asks the dealer to mog, that is to exchange one card each",
    "both-pass": "Either player may offer to mog; the mog happens only if both agree",
}

_THIRTY_ONE = {
    "per-card": "A hand (with the deck card) making 31 scores one point for each card in it",
    "flat-whole-hand": "A whole hand (with the deck card) making 31 scores a flat amount",
    "none": "Thirty-one in hand scores nothing as such",
}

# One sentence per rule key; the value arrives plain (numbers, strings, lists, yes/no).
SENTENCES: dict[str, Callable[[Any], str]] = {
    "players.count": lambda v: f"The game is for {v} players.",
    "players.partnerships": lambda v: _yes(v, "Four play as two partnerships, each pair scoring together.",
                                           "Each player scores alone."),
    "game.target": lambda v: f"The first to {v} points wins.",
    "game.peg_out_ends_game": lambda v: _yes(v, "Reaching the target ends the game at once, even mid-deal.",
                                             "The deal is played out even when a player reaches the target."),
    "deal.first_dealer": lambda v: f"Cut for the first deal: the {v.removeprefix('cut-')} card deals.",
    "deal.cards_each": lambda v: f"Each player is dealt {v} cards",
    "deal.in_ones": lambda v: _yes(v, "one at a time.", "in a batch."),
    "deal.passes": lambda v: "The deal passes to the next player." if v == "next-player" else f"The deal passes: {v}.",
    "turnup.heels_ranks": lambda v: f"The next card is turned up as the deck card; if it is a {' or '.join(map(_rank, v))}, "
                                    "the dealer scores for heels",
    "turnup.heels_points": lambda v: f"({_points(v)}).",
    "turnup.heels_before_play": lambda v: _yes(v, "He must peg them before the play or lose them.",
                                               "He may peg them at any time in the deal."),
    "mog.procedure": lambda v: _MOG.get(v, f"Mogging: {v}") + ".",
    "mog.refusal_points": lambda v: f"Refusing to mog gives the other side {_points(v)}.",
    "mog.given_away_scores": lambda v: _yes(v, "A Jack or Deuce given away in the mog is pegged by the player who gives it.",
                                            "A Jack or Deuce given away in the mog scores nothing for its giver."),
    "mog.late_claim": lambda v: _yes(v, "If its giver forgets to peg it, the other may claim it at the count.",
                                     "A forgotten Jack or Deuce given away cannot be claimed later."),
    "mog.partners_exchange": lambda v: _yes(v, "In the four-hand game partners mog with each other.",
                                            "Partners do not mog with each other."),
    "mog.dealer_mogs_stock": lambda v: _yes(v, "A refused dealer may mog with the stock, the card under the deck card.",
                                            "A refused dealer may not mog with the stock."),
    "cards.court_value": lambda v: f"Court cards count {v}",
    "cards.ace_values": lambda v: f"and an Ace counts {' or '.join(map(str, v))}.",
    "cards.ace_chooser": lambda v: "Its holder says which." if v == "holder" else f"The Ace's value is chosen by: {v}.",
    "cards.ace_in_sequence": lambda v: f"In sequences the Ace is {v}.",
    "play.leader": lambda v: f"The {v} leads the play." if v == "eldest" else f"The play is led by: {v}.",
    "play.limit": lambda v: f"Cards are played in turn, the running count never passing {v}.",
    "play.point_totals": lambda v: f"Whoever brings the count to {_list(v)} scores one point for each card played so far.",
    "play.go_points": lambda v: f"A player who cannot play says go, and the other scores {_points(v)}.",
    "play.latter_points": lambda v: f"The last card short of 31 scores {_points(v)} for the latter",
    "play.latter_when": lambda v: _yes(v == "each-series", "at the end of each series.", "only for the last card of the play."),
    "play.new_series": lambda v: _yes(v, "Cards left over start a new series from nothing.",
                                      "Cards left over are not played on."),
    "play.pairs": lambda v: _yes(v, "Pairs, prials and double prials score in the play.", "Pairs do not score in the play."),
    "play.sequences": lambda v: _yes(v, "Sequences score in the play", "Sequences do not score in the play"),
    "play.sequence_min": lambda v: f"(a sequence needs at least {v} cards).",
    "play.jacks_deuces": lambda v: _yes(v, "Jacks and Deuces score when played.", "Jacks and Deuces score nothing when played."),
    "count.order": lambda v: "Then the hands are counted, the eldest first." if v == "eldest-first" else f"Count order: {v}.",
    "count.hand": lambda v: "Each hand counts with the deck card as a fourth card." if v == "three-and-deck-card"
                            else f"The hand counted: {v}.",
    "count.declaration_order": lambda v: f"Scores are declared in this order: {_list(v)}.",
    "count.point_totals": lambda v: f"Cards making {_list(v)} score one point for each card used.",
    "count.thirty_one": lambda v: _THIRTY_ONE.get(v, f"Thirty-one in hand: {v}") + ".",
    "count.thirty_one_flat_points": lambda v: f"A flat thirty-one is worth {_points(v)}.",
    "count.jack_points": lambda v: f"A Jack in hand scores {_points(v)}",
    "count.right_jack_points": lambda v: f"and the right Jack, of the deck card's suit, {_points(v)}.",
    "count.deuce_points": lambda v: f"A Deuce in hand scores {_points(v)}",
    "count.right_deuce_points": lambda v: f"and the right Deuce {_points(v)}",
    "count.right_deuce_match": lambda v: f"(a Deuce is right when it matches the deck card's {v}).",
    "count.deck_card_scores_as_jack_deuce": lambda v: _yes(v, "A Jack or Deuce turned up scores again in each hand.",
                                                           "The deck card does not score as a Jack or Deuce in the hands."),
    "count.pair_match": lambda v: _yes(v == "rank", "Cards are alike when they have the same rank.",
                                       "All court cards count as alike for pairs."),
    "count.pair_points": lambda v: f"A pair scores {_points(v)},",
    "count.prial_points": lambda v: f"a prial (three alike) {_points(v)}",
    "count.double_prial_points": lambda v: f"and a double prial (four alike) {_points(v)}.",
    "count.colours": lambda v: f"For colours, the best entry the hand meets scores: {_colours(v)}.",
    "count.sequences": lambda v: _yes(v, "Sequences score in hand.", "Sequences do not score in hand."),
    "count.contained_not_counted": lambda v: _yes(v, "A combination inside a larger one of its kind is not counted again.",
                                                  "A combination inside a larger one is counted as well."),
    "count.one_value_per_ace": lambda v: _yes(v, "An Ace takes one value for the whole count.",
                                              "An Ace may take a different value for each combination."),
    "count.cocks_nest": lambda v: _yes(v, "A hand that scores nothing is called a cock's nest.",
                                       "A hand that scores nothing has no special name."),
}

_RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "2": "Deuce"}


def _rank(symbol: str) -> str:
    return _RANKS.get(symbol, symbol)


SECTION_HEADINGS = {
    "players": "Players", "game": "The game", "deal": "The deal", "turnup": "The deck card",
    "mog": "The mog", "cards": "The cards", "play": "The play", "count": "The count",
}

# Rules that only matter when another rule allows them: left out of the prose when they do not apply.
_APPLIES: dict[str, Callable[[Profile], bool]] = {
    "mog.partners_exchange": lambda p: p.rules.partnerships,
    "mog.dealer_mogs_stock": lambda p: p.rules.partnerships,
    "count.thirty_one_flat_points": lambda p: p.rules.thirty_one.value == "flat-whole-hand",
    "play.sequence_min": lambda p: p.rules.play_sequences or p.rules.count_sequences,
}


def sentence(profile: Profile, key: str, title: str) -> str:
    value = plain(profile.values[key])
    make = SENTENCES.get(key)
    return make(value) if make else f"{title}: {format_value(value)}."


class ProseDirective(CostlyDirective):
    """``.. costly-prose:: ID``: the profile's rules as a readable account, each sentence cited."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        profile = self.profile(self.arguments[0])
        return [] if profile is None else rules_as_prose(self, profile)


def rules_as_prose(d: CostlyDirective, profile: Profile) -> list[nodes.Node]:
    titles = d.data.rule_titles
    out: list[nodes.Node] = []
    by_section: dict[str, list[str]] = {}
    for key in titles:
        by_section.setdefault(key.partition(".")[0], []).append(key)
    for section, keys in by_section.items():
        para = n.para(classes=["costly-prose"])
        for key in keys:
            applies = _APPLIES.get(key)
            if applies is not None and not applies(profile):
                continue
            prov = profile.provenance[key]
            words = n.xref(profile_rule_label(profile.id, key), sentence(profile, key, titles[key]),
                           classes=["costly-sentence", f"costly-status-{prov.status.value}"])
            para += [words, nodes.Text(" ")]
            marks: list[n.Child] = []
            if prov.status is not Status.STATED:
                marks.append(n.badge(prov.status.value))
                marks.append(" ")
            marks += d.cites(prov.cite)
            para += n.inline("[", *marks, "]", classes=["costly-sentence-cites"])
            para += nodes.Text(" ")
        out += [n.para(n.strong(SECTION_HEADINGS.get(section, section)), classes=["costly-prose-heading"]), para]
    return [d.located(node) for node in out]
