"""What ``costly play`` tells a newcomer: the phase explained, the profile's key rules, a hint.

Every explanation is built from the profile being played: its rule values, and for each sentence the
rules it rests on with their status and passages, so that the help can never disagree with the game.
The wording depends only on a rule's value (an enum, a number, a yes or no).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..game.actions import Action, Kind
from ..game.play import card_value, score_play
from ..profiles.words import words
from ..profiles.rules import LatterWhen, MogProcedure, Rules, Status

if TYPE_CHECKING:
    from ..game.state import State
    from ..profiles import Profile

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Point:
    """One sentence of help and the rule keys (``section.name``) or vocabulary terms it rests on."""

    text: str
    rules: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()


def citation(profile: Profile, point: Point) -> str:
    """``[mog.procedure: stated, parlett-web#mogging]``: what a sentence rests on, to check or to copy."""
    parts = []
    for key in point.rules:
        prov = profile.provenance[key]
        mark = "" if prov.status is Status.STATED else f" {prov.status.value},"
        parts.append(f"{key}:{mark} {', '.join(prov.cite) or 'no passage'}")
    for term in point.terms:
        entry = profile.vocabulary.get(term)
        if entry is not None:
            parts.append(f'"{term}": {", ".join(entry.cite)}')
    return f"[{'; '.join(parts)}]" if parts else ""


def _either(values: Sequence[object], word: str = "or") -> str:
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _a(number: int) -> str:
    """A card's value with its article, as it is said: "a 7", "an 8", "an 11"."""
    return f"{'an' if number in (8, 11, 18) or 80 <= number < 90 else 'a'} {number}"


def _card_worth(rules: Rules, value: int) -> str:
    """The card a player lays to add ``value`` to the count, as a player names it: "a 7", "an Ace" (for 1,
    or 11 where an Ace may count 11), "a 10 or a court card"; "" where no card is worth that."""
    names = []
    if value in rules.ace_values:
        names.append("an Ace")
    if 2 <= value <= 10:
        names.append(_a(value))
    if value == rules.court_value:
        names.append("a court card")
    return " or ".join(names)


def _term(profile: Profile, term: str, lead: str) -> Point | None:
    entry = profile.vocabulary.get(term)
    if entry is None:
        return None
    return Point(f"{lead}{entry.meaning.rstrip('.')}.", terms=(term,))


def overview(profile: Profile) -> list[Point]:
    """The game in three sentences, for the start of a session."""
    r = profile.rules
    return [
        Point(f"Each deal you hold {NUMBERS.get(r.cards_each, r.cards_each)} cards and a deck card is turned up "
              f"that counts with every hand; the first to {r.target} points wins.",
              ("deal.cards_each", "game.target")),
        Point("A deal has three parts: the mog (a chance to exchange a card), the play (cards laid in turn, "
              f"the count never passing {r.play_limit}), and the count of each hand with the deck card.",
              ("mog.procedure", "play.limit", "count.hand")),
    ]


def mog_help(profile: Profile, step: str) -> list[Point]:
    r = profile.rules
    points = [p for p in [_term(profile, "mog", "To mog is ")] if p]
    if step in ("ask-partner", "answer-partner", "stock", "discard"):
        points.append(Point("In the four-hand game partners may mog with each other"
                            + (", and a dealer whose partner refuses may mog the stock instead: take the card "
                               "under the deck card and put one of his own in its place." if r.mog_dealer_stock
                               else "."), ("mog.partners_exchange", "mog.dealer_mogs_stock")))
    elif r.mog_procedure is MogProcedure.ELDEST_CHOOSES:
        points.append(Point("The eldest hand (the one who did not deal) chooses whether to ask the dealer to mog "
                            "(not asking counts as refusing), and the dealer agrees or refuses; if they mog, each "
                            "passes one card face down to the other.", ("mog.procedure",)))
    elif r.mog_procedure is MogProcedure.ELDER_ASKS_DEALER:
        points.append(Point("The elder hand (the one who did not deal) may ask the dealer to mog; the dealer "
                            "agrees or refuses, and the elder then holds to it or withdraws. If both hold to it, "
                            "each passes one card face down to the other.", ("mog.procedure",)))
    else:
        points.append(Point("Each player in turn says whether he mogs; if both do, each passes one card face "
                            "down to the other.", ("mog.procedure",)))
    if r.mog_refusal_points:
        points.append(Point(f"Whoever refuses (or withdraws) gives the other side {r.mog_refusal_points} "
                            f"point{'s' if r.mog_refusal_points > 1 else ''}.", ("mog.refusal_points",)))
    if step == "give":
        points.append(Point("Pass the card that helps your count least: keep cards that add up to "
                            f"{_either(r.count_point_totals)} with the others and the deck card, pairs, and cards "
                            "of one colour or suit.", ("count.point_totals", "count.colours")))
        if r.mog_given_away_scores:
            points.append(Point("A Jack or Deuce you pass away still scores for you if you peg it first: choose "
                                "'and peg it first'.", ("mog.given_away_scores",)))
    return points


def play_help(profile: Profile) -> list[Point]:
    r = profile.rules
    ace = (f"an Ace {_either(r.ace_values)} at your choice" if len(r.ace_values) > 1
           else f"an Ace {r.ace_values[0]}")
    points = [
        Point(f"Starting with the eldest hand, players lay one card each in turn and say the count, the total "
              f"of the cards laid, which may never pass {r.play_limit}. Court cards count {r.court_value}, "
              f"{ace}, the others their pips.", ("play.leader", "play.limit", "cards.court_value", "cards.ace_values")),
        Point(f"Making the count exactly {_either(r.play_point_totals)} scores one point for each card laid "
              "in the series.", ("play.point_totals",)),
    ]
    go = f"If you cannot lay a card without passing {r.play_limit}, you say 'go' (press Enter) and the other plays on"
    go += (f"; the other side scores {r.go_points} for your go." if r.go_points else ".")
    points.append(Point(go, ("play.go_points",), ("go",)))
    where = "the last card of each series" if r.latter_when is LatterWhen.EACH_SERIES else "the last card of the play"
    if r.latter_points:
        points.append(Point(f"A series ends when no one can lay a card. Whoever lays {where} without making "
                            f"{r.play_limit} scores {r.latter_points} for the latter" + (", and the count starts again from nought." if r.new_series else "."),
                            ("play.latter_points", "play.latter_when", "play.new_series"), ("latter",)))
    extras = [(r.play_pairs, "a card of the same rank as the one before it scores a pair", "play.pairs"),
              (r.play_sequences, "cards in sequence score one each", "play.sequences"),
              (r.play_jacks_deuces, "a Jack or Deuce scores as it is laid", "play.jacks_deuces")]
    chosen = [(text, key) for on, text, key in extras if on]
    if chosen:
        points.append(Point("Also, " + "; ".join(t for t, _ in chosen) + ".", tuple(k for _, k in chosen)))
    return points


def phase_help(profile: Profile, state: State) -> list[Point]:
    if state.phase.value == "mog":
        return mog_help(profile, state.pending[0][1])
    return play_help(profile)


KEY_RULES = ("game.target", "players.count", "deal.first_dealer", "deal.cards_each", "turnup.heels_points",
             "mog.procedure", "mog.refusal_points", "cards.court_value", "cards.ace_values", "play.limit",
             "play.point_totals", "play.go_points", "play.latter_points", "count.point_totals",
             "count.jack_points", "count.right_jack_points", "count.deuce_points", "count.right_deuce_points",
             "count.pair_points", "count.prial_points", "count.colours")


def key_rules(profile: Profile) -> list[tuple[str, str, str]]:
    """(title, value, citation) for the rules a player needs, from the profile and the schema's titles."""
    from .. import profiles

    titles = profiles.rule_titles()
    return [(titles[key], words(key, profile.values[key]), citation(profile, Point("", (key,))))
            for key in KEY_RULES if key in profile.values]


def _play_items(rules: Rules, state: State, action: Action) -> tuple[int, list[str]]:
    assert action.card is not None and state.deck_card is not None
    value = action.value if action.value is not None else card_value(rules, action.card)
    count = state.count + value
    items = score_play(rules, [c for _, c in state.series] + [action.card], count, state.deck_card)
    return count, [f"{i.name} {i.points}" for i in items]


def hint(profile: Profile, state: State, action: Action, player: int = 0) -> str:
    """Why the computer's choice is good, in terms of the points it makes or keeps."""
    from ..count.hand import count_total

    rules = profile.rules
    deck = state.deck_card
    hand = list(state.hands[player])
    if action.kind is Kind.PLAY and action.card is not None:
        count, items = _play_items(rules, state, action)
        now = f"it scores {', '.join(items)} now" if items else "it scores nothing now"
        others = []
        for other in state.legal_actions():
            if other != action and other.kind is Kind.PLAY and other.card is not None:
                _, theirs = _play_items(rules, state, other)
                if theirs:
                    others.append(f"{other.card.pretty()}{'' if other.value is None else f' as {other.value}'}: "
                                  f"{', '.join(theirs)}")
        why = f"the count becomes {count}; {now}"
        threats = [f"{t} with {card}" for t in rules.play_point_totals
                   if 0 < t - count <= 11 and (card := _card_worth(rules, t - count))]
        if threats and count != rules.play_limit:
            # Two hands: the other player; more: the one who lays next (the threat is to the next card).
            who = "the other player" if state.n == 2 else "the next player"
            why += f" ({who} could make {_either(threats)})"
        return why + (f" (other cards that score: {'; '.join(others)})" if others else "")
    if action.kind is Kind.GO:
        return f"every card in your hand would take the count past {rules.play_limit}"
    if deck is None:
        return "it is the only choice"
    if action.kind is Kind.GIVE and action.card is not None:
        kept = [c for c in hand if c != action.card]
        return (f"the cards you keep, {' '.join(c.pretty() for c in kept)}, count {count_total(rules, kept, deck)} "
                "with the deck card before you see what you receive" + ("; pegging it first keeps its points"
                                                                       if action.peg else ""))
    if action.kind in (Kind.ASK, Kind.DECLINE):
        current = count_total(rules, hand, deck)
        unseen = state.unseen_by(player)
        best = max((sum(count_total(rules, [c for c in hand if c != give] + [new], deck)
                        for new in unseen if new != give) / max(1, len(unseen) - 1)) for give in hand)
        verdict = "mogging" if action.kind is Kind.ASK else "keeping your hand"
        cost = f" (a refusal costs {rules.mog_refusal_points})" if rules.mog_refusal_points else ""
        if (action.kind is Kind.ASK) != (best + rules.mog_refusal_points >= current):
            # The search weighs what the other side makes of the exchange too: say so, not the opposite.
            return (f"your hand counts {current} now and about {best:.1f} on average after the best exchange, "
                    f"but the exchange also changes the other hand: searched to the end of the deal, {verdict} "
                    f"is worth more{cost}")
        return (f"your hand counts {current} now; after the best exchange it would count about {best:.1f} on "
                f"average, so {verdict} is worth more{cost}")
    return "it keeps the cards that count most"
