"""The rules as prose: a readable account of how to play a profile, one sentence per rule, generated
from the rule data, each sentence followed by the passages it rests on.

The sentences are this project's wording of typed values (numbers, enum words, yes/no), never the
profile's free text; notes and readings stay in the tables, as text.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from docutils import nodes

from ..profiles import Profile
from ..profiles.display import plain
from ..profiles.rules import Status
from . import nodes as n
from .citations import profile_rule_label
from .directive import CostlyDirective
from .tables import SECTION_TITLES
from .words import colour_shape


def _points(v: int) -> str:
    return "nothing" if v == 0 else f"{v} point" + ("" if v == 1 else "s")


def _yes(v: bool, yes: str, no: str) -> str:
    return yes if v else no


def _list(values: Any, last: str = "and") -> str:
    items = [str(x) for x in values]
    if len(items) <= 1:
        return "".join(items) or "none"
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def _colours(entries: Any) -> str:
    parts = [f"{e['name']} ({colour_shape(e['in_colour'], e['in_suit'])}) {_points(e['points'])}"
             for e in entries]
    return "; ".join(parts) if parts else "nothing"


_MOG = {
    "eldest-chooses": "The eldest chooses whether to mog, that is to exchange one card with the dealer",
    "elder-asks-dealer": "The elder asks the dealer to mog, that is to exchange one card each",
    "both-pass": "Either player may offer to mog; the mog happens only if both agree",
}


Values = Mapping[str, Any]

# The account, sentence by sentence: the rule keys a sentence states, and how it says them. Every rule
# key is in exactly one sentence (a test checks), so a new rule cannot drop out of the prose unnoticed.
SENTENCES: tuple[tuple[tuple[str, ...], Callable[[Values], str]], ...] = (
    (("players.count", "players.partnerships"),
     lambda v: f"The game is for {v['players.count']} players"
               + (", two partnerships, each pair scoring together." if v["players.partnerships"]
                  else ", each scoring alone.")),
    (("game.target",), lambda v: f"The first to {v['game.target']} points wins."),
    (("game.peg_out_ends_game",),
     lambda v: _yes(v["game.peg_out_ends_game"], "Reaching the target ends the game at once, even mid-deal.",
                    "The deal is played out even when a player reaches the target.")),
    (("deal.first_dealer", "deal.cut_ace"),
     lambda v: f"Cut for the first deal: the {v['deal.first_dealer'].removeprefix('cut-')} card deals, an Ace "
               f"cutting {v['deal.cut_ace']}."),
    (("deal.cards_each", "deal.in_ones"),
     lambda v: f"Each player is dealt {v['deal.cards_each']} cards, "
               + _yes(v["deal.in_ones"], "one at a time.", "in a batch.")),
    (("deal.passes",), lambda v: "The deal passes to the next player." if v["deal.passes"] == "next-player"
                                 else f"The deal passes: {v['deal.passes']}."),
    (("turnup.heels_ranks", "turnup.heels_points"),
     lambda v: "The next card is turned up as the deck card; "
               + (f"if it is a {' or '.join(map(_rank, v['turnup.heels_ranks']))}, the dealer scores "
                  f"{_points(v['turnup.heels_points'])} for heels."
                  if v["turnup.heels_ranks"] and v["turnup.heels_points"] else "it scores nothing for the dealer.")),
    (("turnup.heels_before_play",),
     lambda v: _yes(v["turnup.heels_before_play"], "Heels are pegged the moment the card is turned, before the mog.",
                    "Heels are pegged with the dealer's own count, after the play.")),
    (("mog.procedure",), lambda v: _MOG.get(v["mog.procedure"], f"Mogging: {v['mog.procedure']}") + "."),
    (("mog.refusal_points", "mog.not_asking_pays"),
     lambda v: f"Refusing to mog gives the other side {_points(v['mog.refusal_points'])}"
               + _yes(v["mog.not_asking_pays"], "; so does not asking for a mog.",
                      "; not asking for a mog costs nothing.")),
    (("mog.given_away_scores", "mog.late_claim", "mog.late_claim_when"),
     lambda v: _yes(v["mog.given_away_scores"], "A Jack or Deuce given away in the mog is pegged by its giver",
                    "A Jack or Deuce given away in the mog scores nothing for its giver")
               + _yes(v["mog.late_claim"],
                      "; if he forgets, the other may claim it, "
                      + _yes(v["mog.late_claim_when"] == "before-count", "before the hands are counted.",
                             "with his own count."), ".")),
    (("mog.partners_exchange", "mog.partners_challenger", "mog.dealer_mogs_stock", "mog.stock_when"),
     lambda v: "In the four-hand game partners "
               + _yes(v["mog.partners_exchange"],
                      "mog with each other, "
                      + _yes(v["mog.partners_challenger"] == "elder-hand",
                             "the elder hand of each side asking his partner",
                             "the eldest asking his partner and the dealer his"),
                      "do not mog with each other")
               + "; the dealer " + _yes(v["mog.dealer_mogs_stock"], "may", "may not")
               + " mog with the stock, the card under the deck card"
               + _yes(v["mog.dealer_mogs_stock"],
                      _yes(v["mog.stock_when"] == "side-not-mogged", ", when his side has not mogged.",
                           ", when his partner refused him."), ".")),
    (("cards.court_value", "cards.ace_values", "cards.ace_chooser"),
     lambda v: f"Court cards count {v['cards.court_value']} and an Ace "
               + (f"{v['cards.ace_values'][0]}." if len(v["cards.ace_values"]) == 1 else
                  f"{' or '.join(map(str, v['cards.ace_values']))}, "
                  + ("its holder saying which." if v["cards.ace_chooser"] == "holder"
                     else f"chosen by: {v['cards.ace_chooser']}."))),
    (("cards.ace_in_sequence",), lambda v: f"In sequences the Ace is {v['cards.ace_in_sequence']}."),
    (("play.leader", "play.limit"),
     lambda v: f"The {v['play.leader']} leads, and the cards are played in turn, the running count never passing "
               f"{v['play.limit']}."),
    (("play.point_totals",),
     lambda v: f"Whoever brings the count to {_list(v['play.point_totals'], 'or')} scores one point for each card "
               "played so far."),
    (("play.go_points", "play.go_and_latter"),
     lambda v: f"A player who cannot play says go, and the other scores {_points(v['play.go_points'])}"
               + _yes(v["play.go_and_latter"], "; a series may pay both the go and the latter.",
                      "; no series pays both the go and the latter.")),
    (("play.latter_points", "play.latter_when"),
     lambda v: f"The last card short of 31 scores {_points(v['play.latter_points'])} for the latter, "
               + _yes(v["play.latter_when"] == "each-series", "at the end of each series.",
                      "only for the last card of the play.")),
    (("play.new_series",), lambda v: _yes(v["play.new_series"], "Cards left over start a new series from nothing.",
                                          "Cards left over are not played on.")),
    (("play.pairs", "play.jacks_deuces"),
     lambda v: _yes(v["play.pairs"], "Pairs, prials and double prials score in the play",
                    "Pairs do not score in the play")
               + _yes(v["play.jacks_deuces"], ", and Jacks and Deuces score when played.",
                      "; Jacks and Deuces score nothing when played.")),
    (("play.sequences", "play.sequence_min"),
     lambda v: _yes(v["play.sequences"], f"Sequences of at least {v['play.sequence_min']} cards score in the play.",
                    "Sequences do not score in the play "
                    f"(where they score, they need {v['play.sequence_min']} cards).")),
    (("count.order", "count.hand"),
     lambda v: ("Then the hands are counted, the eldest first" if v["count.order"] == "eldest-first"
                else f"Then the hands are counted ({v['count.order']})")
               + (", each with the deck card as a fourth card." if v["count.hand"] == "three-and-deck-card"
                  else f"; the hand counted: {v['count.hand']}.")),
    (("count.declaration_order",),
     lambda v: f"Scores are declared in this order: {_list(v['count.declaration_order'])}."),
    (("count.point_totals",),
     lambda v: f"Cards making {_list(v['count.point_totals'], 'or')} score one point for each card used."),
    (("count.thirty_one", "count.thirty_one_flat_points"),
     lambda v: {"per-card": "A hand making 31 scores one point for each card in it.",
                "flat-whole-hand": f"A whole hand making 31 scores {_points(v['count.thirty_one_flat_points'])}.",
                "none": "Thirty-one in hand scores nothing as such."}.get(
                    v["count.thirty_one"], f"Thirty-one in hand: {v['count.thirty_one']}.")),
    (("count.jack_points", "count.right_jack_points", "count.right_jack_match"),
     lambda v: f"A Jack in hand scores {_points(v['count.jack_points'])}, the right Jack (of the deck card's "
               f"{v['count.right_jack_match']}) {_points(v['count.right_jack_points'])}."),
    (("count.deuce_points", "count.right_deuce_points", "count.right_deuce_match"),
     lambda v: f"A Deuce scores {_points(v['count.deuce_points'])}, the right Deuce "
               f"{_points(v['count.right_deuce_points'])}; a Deuce is right when it matches the deck card's "
               f"{v['count.right_deuce_match']}."),
    (("count.deck_card_scores_as_jack_deuce",),
     lambda v: _yes(v["count.deck_card_scores_as_jack_deuce"], "A Jack or Deuce turned up scores again in each hand.",
                    "The deck card does not score as a Jack or Deuce in the hands.")),
    (("count.pair_match", "count.pair_points", "count.prial_points", "count.double_prial_points"),
     lambda v: f"A pair scores {_points(v['count.pair_points'])}, "
               f"a prial (three alike) {_points(v['count.prial_points'])} "
               f"and a double prial (four alike) {_points(v['count.double_prial_points'])}; "
               + _yes(v["count.pair_match"] == "rank", "cards are alike when they have the same rank.",
                      "all court cards count as alike.")),
    (("count.colours",),
     lambda v: f"For colours, the best entry the hand meets scores: {_colours(v['count.colours'])}."),
    (("count.sequences",),
     lambda v: _yes(v["count.sequences"], "Sequences score in hand.", "Sequences do not score in hand.")),
    (("count.contained_not_counted",),
     lambda v: _yes(v["count.contained_not_counted"],
                    "A combination inside a larger one of its kind is not counted again.",
                    "A combination inside a larger one is counted as well.")),
    (("count.one_value_per_ace",),
     lambda v: _yes(v["count.one_value_per_ace"], "An Ace takes one value for the whole count.",
                    "An Ace may take a different value for each combination.")),
    (("count.cocks_nest",),
     lambda v: _yes(v["count.cocks_nest"], "A hand that scores nothing is called a cock's nest.",
                    "A hand that scores nothing has no special name.")),
)

_RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "2": "Deuce"}


def _rank(symbol: str) -> str:
    return _RANKS.get(symbol, symbol)




def sentence_keys() -> list[str]:
    return [key for keys, _ in SENTENCES for key in keys]


def sentence(profile: Profile, keys: tuple[str, ...], make: Callable[[Values], str]) -> str:
    return make({key: plain(profile.values[key]) for key in keys})


class ProseDirective(CostlyDirective):
    """``.. costly-prose:: ID``: the profile's rules as a readable account, each sentence cited."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        profile = self.profile(self.arguments[0])
        return [] if profile is None else rules_as_prose(self, profile)


# The rules of the four-hand game: a two-hand profile's account leaves out their sentence (the values
# are still in its table), so that Cotton's two-player rules do not describe a partnership's mog.
PARTNERS_ONLY = frozenset({"mog.partners_exchange", "mog.partners_challenger", "mog.dealer_mogs_stock",
                           "mog.stock_when"})


def told(profile: Profile, keys: tuple[str, ...]) -> bool:
    """Whether a sentence belongs in this profile's account."""
    return profile.rules.partnerships or not set(keys) <= PARTNERS_ONLY


# Sentences a paragraph, at most: "The count" is a dozen, read more easily as three short paragraphs.
PARAGRAPH = 4


def note_label(profile: Profile, number: int) -> str:
    return f"profile-{profile.id}--note-{number}"


def rules_as_prose(d: CostlyDirective, profile: Profile) -> list[nodes.Node]:
    """A section per part of the game, under its own heading, in short paragraphs of clean prose; each
    sentence carries a note number, and the notes after the account give its passages, its status where
    it is not "stated", and a link to the rule's full record (each source named once)."""
    out: list[nodes.Node] = []
    notes = nodes.enumerated_list(classes=["costly-notes"])
    current = None
    sec = None
    para = None
    count = 0
    for keys, make in SENTENCES:
        if not told(profile, keys):
            continue
        here = keys[0].partition(".")[0]
        if here != current:
            current = here
            sec = nodes.section(classes=["costly-prose-section"])
            n.anchor(sec, f"profile-{profile.id}--how-{here}", d.state.document)
            sec += nodes.title("", "", nodes.Text(SECTION_TITLES.get(here, here)))
            out.append(sec)
            para, count = None, 0
        assert sec is not None
        if para is None or count == PARAGRAPH:
            para = n.para(classes=["costly-prose"])
            sec += para
            count = 0
        count += 1
        number = len(notes) + 1
        provs = [profile.provenance[k] for k in keys]
        # A sentence whose every value its source leaves unsaid says so in the sentence itself, not only in
        # its note: "Cut for the first deal: ..." on Cotton's page must not read as Cotton's rule.
        silent = [p.status is Status.SILENT for p in provs]
        said = "(not in this source)" if all(silent) else "(in part not in this source)" if any(silent) else ""
        para += [n.inline(sentence(profile, keys, make), classes=["costly-sentence"]),
                 *([nodes.Text(" "), n.inline(said, classes=["costly-silent-mark"])] if said else []),
                 n.xref(note_label(profile, number), str(number), classes=["costly-note-ref"]), nodes.Text(" ")]
        marks: list[n.Child] = []
        for status in dict.fromkeys(p.status for p in provs):
            if status is not Status.STATED:
                marks += [n.badge(status.value), " "]
        cites = list(dict.fromkeys(ref for p in provs for ref in p.cite))
        marks += d.cites(cites) if cites else ["no passage"]
        item = nodes.list_item()
        n.anchor(item, note_label(profile, number), d.state.document)
        item += n.para(*marks, "; ", n.xref(profile_rule_label(profile.id, keys[0]), "the rule's record"),
                       classes=["costly-sentence-cites"])
        notes += item
    if len(notes):
        box = nodes.section(classes=["costly-prose-notes"])
        n.anchor(box, f"profile-{profile.id}--notes", d.state.document)
        box += nodes.title("", "", nodes.Text("Notes"))
        box += n.disclosure([f"Show the {len(notes)} notes: the passages behind each sentence"], [notes],
                            classes=["costly-notes-box"])
        out.append(box)
    return [d.located(node) for node in out]
