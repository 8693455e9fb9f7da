"""Advice for a hand: the exact expected value of each mog choice, and the best first lead.

A mog choice is worth the count of the hand it leaves, on average over every card the player may receive
(each of the cards he has not seen, alike likely: he cannot know which the other will give), with the
points the mog itself pays: a Jack or Deuce pegged as it is given, a late claim the other side makes of
one given unpegged, a refusal paid to the other side. Every figure is an exact fraction.

The first lead is weighed as the expert bot weighs a card: what it scores at once, less the best the
other player can score in reply, on average over every card he may hold.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Sequence

from ..cards import FULL_DECK, Card, Rank
from ..count.hand import hand_counter, jack_deuce_value, score_hand
from ..profiles.rules import MogProcedure, Rules
from .play import play_options, score_play

Role = Literal["eldest", "dealer"]


@dataclass(frozen=True)
class RuleShare:
    """What one rule adds to a choice's expected count: its rule key and the expected points."""

    rule: str
    points: Fraction


@dataclass(frozen=True)
class MogChoice:
    """One choice in the mog and what it is worth, in points to this player's side less the other's."""

    give: Card | None  # None: keep the hand (not ask, or refuse)
    peg: bool
    expected_count: Fraction  # the hand's count after it, on average over the cards that may come
    mog_points: int  # pegged now (+), paid to the other side (-): a refusal, a late claim
    by_rule: tuple[RuleShare, ...]  # the expected count, rule by rule
    rules: tuple[str, ...]  # the mog rules the choice rests on

    @property
    def value(self) -> Fraction:
        return self.expected_count + self.mog_points


@dataclass(frozen=True)
class Lead:
    card: Card
    value: int | None  # an Ace's declared value
    points: int  # scored at once
    reply: Fraction  # the other player's best reply, on average over the cards he may hold
    rules: frozenset[str] = frozenset()  # the rules that score in the lead or a reply weighed

    @property
    def net(self) -> Fraction:
        return self.points - self.reply


def unseen(hand: Sequence[Card], deck: Card) -> list[Card]:
    held = {*hand, deck}
    return [card for card in FULL_DECK if card not in held]


def _expected(rules: Rules, kept: Sequence[Card], deck: Card, coming: Sequence[Card]
              ) -> tuple[Fraction, tuple[RuleShare, ...]]:
    counter = hand_counter(rules)
    by_rule: dict[str, int] = {}
    total = 0
    for card in coming:
        for _, _, _, points, rule in counter.items([*kept, card], deck):
            by_rule[rule] = by_rule.get(rule, 0) + points
            total += points
    n = len(coming)
    shares = tuple(RuleShare(rule, Fraction(points, n)) for rule, points in
                   sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0])) if points)
    return Fraction(total, n), shares


def mog_choices(rules: Rules, hand: Sequence[Card], deck: Card, *, role: Role = "eldest") -> list[MogChoice]:
    """Every choice the mog offers ``role`` holding ``hand`` beside ``deck``, best first (ties in hand order)."""
    coming = unseen(hand, deck)
    choices: list[MogChoice] = []
    asks = "mog.procedure"
    for give in hand:
        kept = [c for c in hand if c is not give]
        expected, shares = _expected(rules, kept, deck, coming)
        value = jack_deuce_value(rules, give, deck)
        scores_given = value is not None and rules.mog_given_away_scores
        for peg in ((False, True) if rules.mog_given_away_scores and give.rank in (Rank.JACK, Rank.TWO) else (False,)):
            points, used = 0, [asks]
            if scores_given and value is not None:
                used.append("mog.given_away_scores")
                if peg:
                    points = value[0]
                elif rules.mog_late_claim:
                    points = -value[0]  # the other side claims it at the count
                    used.append("mog.late_claim")
            choices.append(MogChoice(give, peg, expected, points, shares, tuple(used)))
    counter = hand_counter(rules)
    now = counter.total(list(hand), deck)
    by_rule: dict[str, int] = {}
    for _, _, _, points, rule in counter.items(list(hand), deck):
        by_rule[rule] = by_rule.get(rule, 0) + points
    keep_shares = tuple(RuleShare(rule, Fraction(p)) for rule, p in sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
                        if p)
    pays = rules.mog_refusal_points if (role == "dealer" or rules.mog_not_asking_pays) else 0
    used = [asks] + (["mog.refusal_points"] if pays else []) + (["mog.not_asking_pays"] if pays and role == "eldest" else [])
    choices.append(MogChoice(None, False, Fraction(now), -pays, keep_shares, tuple(used)))
    order = sorted(range(len(choices)), key=lambda i: (-choices[i].value, i))
    return [choices[i] for i in order]


def leads(rules: Rules, hand: Sequence[Card], deck: Card) -> list[Lead]:
    """Every first lead from ``hand`` (each Ace at each of its values), best first (ties in hand order)."""
    coming = unseen(hand, deck)
    options = play_options(rules)
    found: list[Lead] = []
    for card in hand:
        for value, action in options[card.index]:
            if value > rules.play_limit:
                continue
            items = score_play(rules, [card], value, deck)
            points = sum(item.points for item in items)
            acting = {item.rule for item in items if item.points}
            reply = 0
            if value < rules.play_limit:
                for other in coming:
                    best = 0
                    for other_value, _ in options[other.index]:
                        if value + other_value <= rules.play_limit:
                            answer = score_play(rules, [card, other], value + other_value, deck)
                            best = max(best, sum(i.points for i in answer))
                            acting.update(i.rule for i in answer if i.points)
                    reply += best
            found.append(Lead(card, action.value, points, Fraction(reply, len(coming)), frozenset(acting)))
    order = sorted(range(len(found)), key=lambda i: (-found[i].net, i))
    return [found[i] for i in order]


def leads_for(rules: Rules, role: Role, hand: Sequence[Card], deck: Card) -> list[Lead]:
    """The first leads ``role`` may make: none where the other player leads (the eldest, in every profile)."""
    return leads(rules, hand, deck) if rules.play_leader == role else []


def lead_rules(found: Sequence[Lead]) -> list[str]:
    """The rules the leads' weighing rests on: those that scored in a lead or a reply, in the schema's order
    (a rule that scores nothing under the profile, such as pairs in Cotton's play, is not among them)."""
    from ..profiles.rules import RULE_KEYS

    acting = set().union(*(lead.rules for lead in found)) if found else set()
    return [key for key in RULE_KEYS if key in acting]


def procedure_words(rules: Rules, role: Role) -> tuple[str, str]:
    """How this role's two kinds of choice are said under the profile's procedure: to mog, not to."""
    if rules.players == 4:
        return ("ask your partner to mog, and give", "keep your hand")
    if rules.mog_procedure is MogProcedure.BOTH_PASS:  # "pass" is the play's word for giving a card: not this
        return ("mog, giving", "keep your hand")
    if role == "dealer":
        return ("agree to mog, and give", "refuse")
    return ("ask to mog, and give", "do not ask")


def check_hand(rules: Rules, hand: Sequence[Card], deck: Card) -> None:
    """The hand must be the size the profile deals, of distinct cards (``score_hand`` names a repeat)."""
    from ..errors import CardError

    if len(hand) != rules.cards_each:
        raise CardError(f"this profile deals {rules.cards_each} cards each: give {rules.cards_each} cards, "
                        f"not {len(hand)}")
    score_hand(rules, hand, deck)


__all__ = ["Lead", "MogChoice", "Role", "RuleShare", "check_hand", "lead_rules", "leads", "leads_for", "mog_choices",
           "procedure_words",
           "unseen"]
