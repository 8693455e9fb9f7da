"""One deal of a profile, played by the engine and told step by step: the cut, the deal, the deck card,
the mog, every card of the play with the running count, and the count of each hand, every score with
what it is for, the rule that pays it and the passages that rule rests on.

The deal is the first of a seeded game between greedy bots (``game.playout.play_game``), replayed action
by action so that each score is told where it falls. Of the first ``SEEDS`` seeds, the one whose deal
shows the most kinds of score (a mog exchange counting as one) is told: the same deal for the same rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from docutils import nodes

from ..cards import Card
from ..game import Action, Event, Game, Kind, State
from ..game.playout import play_game
from ..profiles import Profile
from . import nodes as n
from .citations import profile_rule_label
from .directive import CostlyDirective

SEEDS = 40
BOTS = ("greedy",)


@dataclass(frozen=True)
class Step:
    """One action replayed: who took it, in which phase, the count after it, and what it scored."""

    phase: str
    player: int
    action: Action
    count: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Deal:
    seed: int
    steps: tuple[Step, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # as dealt
    counted: tuple[tuple[Card, ...], ...]  # as counted, after the mog
    deck_card: Card | None
    scores: tuple[int, ...]
    players: int
    cuts: tuple[tuple[int, Card], ...]  # the round of cuts that chose the dealer, by player
    recut: bool  # whether an earlier round tied


def play_deal(profile: Profile, seed: int) -> Deal:
    """The first deal of the seeded game, replayed action by action."""
    game = Game(profile.rules, variant=profile.id)
    played = play_game(game, BOTS, seed, max_deals=1)
    state: State = game.new_initial_state()
    steps: list[Step] = []
    dealer, hands = -1, tuple[tuple[Card, ...], ...]()
    cuts: list[Card] = []  # the current round of cuts, one a player in seat order
    rounds = 1
    for action in played.history:
        phase, player, seen = state.phase.name.lower(), state.current_player(), len(state.events)
        state.apply_action(action)
        if action.kind is Kind.CUT and action.card is not None:
            if len(cuts) == game.num_players:  # the last round tied: this card starts another
                cuts, rounds = [], rounds + 1
            cuts.append(action.card)
        if action.kind is Kind.TURN:
            dealer, hands = state.dealer, tuple(tuple(h) for h in state.hands)
        steps.append(Step(phase, player, action, state.count, tuple(state.events[seen:])))
    shown = state.shown_hands
    counted = tuple(tuple(h) for h in shown[0]) if shown else ()
    return Deal(seed, tuple(steps), dealer, hands, counted, shown[1] if shown else None, tuple(state.scores),
                game.num_players, tuple(enumerate(cuts)), rounds > 1)


def _interest(deal: Deal) -> int:
    rules = {e.rule for s in deal.steps for e in s.events}
    exchanged = any(s.action.kind is Kind.GIVE for s in deal.steps)
    return len(rules) + exchanged


def chosen_deal(profile: Profile) -> Deal:
    """The deal told on the profile's page: of the first SEEDS seeds, the one with the most kinds of score."""
    best: Deal | None = None
    for seed in range(1, SEEDS + 1):
        deal = play_deal(profile, seed)
        if best is None or _interest(deal) > _interest(best):
            best = deal
    assert best is not None
    return best


def _who(player: int) -> str:
    return f"Player {player + 1}"


class Teller:
    """Builds the narration's nodes; keeps the mog's state between steps (who asked, who was asked)."""

    def __init__(self, d: CostlyDirective, profile: Profile, deal: Deal) -> None:
        self.d, self.profile, self.deal = d, profile, deal
        self.titles = d.data.rule_titles
        self.asked: int | None = None

    def score(self, event: Event) -> nodes.list_item:
        """One score: who, how many, for what, with which cards, the rule that pays it and its passages."""
        name = event.name if event.name.startswith("for ") else f"for {event.name}"
        parts: list[n.Child] = [n.inline(f"{_who(event.player)} scores {event.points}", classes=["costly-score"]),
                                f" {name}"]
        if event.cards:
            parts += [" (", *n.cards(Card.from_str(c) for c in event.cards), ")"]
        parts += [": ", n.inline(n.xref(profile_rule_label(self.profile.id, event.rule),
                                        self.titles.get(event.rule, event.rule)), classes=["costly-why-score"]),
                  " [", *self.d.cites(event.cite), "]"]
        return nodes.list_item("", n.para(*parts))

    def scores(self, events: Sequence[Event]) -> list[nodes.Node]:
        if not events:
            return []
        items = nodes.bullet_list(classes=["costly-scores"])
        items += [self.score(e) for e in events]
        return [items]

    def said(self, step: Step) -> list[n.Child]:
        """What an action was, in words."""
        who, kind, card = _who(step.player), step.action.kind, step.action.card
        shown: list[n.Child] = [n.card(card)] if card is not None else []
        if kind is Kind.ASK:
            if self.asked is None or self.asked == step.player:
                self.asked = step.player
                return [f"{who} asks to mog."]
            self.asked = None
            return [f"{who} agrees to mog."]
        if kind is Kind.DECLINE:
            if self.asked is not None and self.asked != step.player:
                self.asked = None
                return [f"{who} refuses to mog."]
            return [f"{who} does not ask to mog."]
        if kind is Kind.GIVE:
            return [f"{who} gives ", *shown, " in the mog", ", pegging it." if step.action.peg else "."]
        if kind is Kind.STOCK:
            return [f"{who} mogs with the stock."]
        if kind is Kind.NO_STOCK:
            return [f"{who} leaves the stock."]
        if kind is Kind.DISCARD:
            return [f"{who} puts ", *shown, " in its place."]
        if kind is Kind.STOCK_CARD:
            return ["The card under the deck card is ", *shown, "."]
        if kind is Kind.PLAY:
            value = f" (as {step.action.value})" if step.action.value is not None else ""
            count = f"the count is {step.count}" if step.count else "the series ends"
            return [f"{who} plays ", *shown, f"{value}: {count}."]
        if kind is Kind.GO:
            ends = "; no one can play on, and the series ends" if step.count == 0 else ""
            return [f"{who} cannot play without passing {self.profile.rules.play_limit}: go{ends}."]
        return [f"{who}: {step.action}."]

    def tell(self) -> list[nodes.Node]:
        deal, out = self.deal, []
        steps = list(deal.steps)
        sides = ", Players 1 and 3 against Players 2 and 4" if self.profile.rules.partnerships else ""
        out.append(n.para(f"The first deal of a game between greedy bots (seed {deal.seed}), {deal.players} players"
                          f"{sides}. Every score is the engine's, with the rule that pays it and the passages the "
                          "rule rests on; each rule's name links to its record below."))
        cut_cards: list[n.Child] = ["After a tie, the cut again: " if deal.recut else "The cut for the deal: "]
        for i, (player, card) in enumerate(deal.cuts):
            cut_cards += [", " if i else "", f"{_who(player)} cuts ", n.card(card)]
        rule = self.profile.rules.first_dealer.value.removeprefix("cut-")
        out.append(self.paragraph("The cut", [n.para(*cut_cards, f"; the {rule} card deals: {_who(deal.dealer)}.")]))
        hands = [n.para(f"{_who(p)} holds ", *n.cards(h)) for p, h in enumerate(deal.hands)]
        turn = next((s for s in steps if s.action.kind is Kind.TURN), None)
        turned: list[nodes.Node] = []
        if turn is not None:
            turned = [n.para("The deck card is turned up: ", n.card(turn.action.card) if turn.action.card else "?",
                             "."), *self.scores(turn.events)]
        out.append(self.paragraph("The deal", [n.para(
            f"{_who(deal.dealer)} deals {self.profile.rules.cards_each} cards each"
            + (", one at a time." if self.profile.rules.deal_in_ones else ".")), *hands, *turned]))
        mog = [s for s in steps if s.phase == "mog"]
        if mog:
            body: list[nodes.Node] = []
            for s in mog:
                body += [n.para(*self.said(s)), *self.scores(s.events)]
            out.append(self.paragraph("The mog", body))
        play = [s for s in steps if s.phase == "play"]
        if play:
            body = []
            counted = [e for s in play for e in s.events if e.phase == "count"]
            for s in play:
                body += [n.para(*self.said(s)), *self.scores([e for e in s.events if e.phase != "count"])]
            out.append(self.paragraph("The play", body))
            body = []
            for player in dict.fromkeys(e.player for e in counted):
                hand = deal.counted[player] if player < len(deal.counted) else ()
                body += [n.para(f"{_who(player)} shows ", *n.cards(hand),
                                *([" with the deck card ", n.card(deal.deck_card)] if deal.deck_card else []), ":"),
                         *self.scores([e for e in counted if e.player == player])]
            silent = [p for p in range(deal.players) if p not in {e.player for e in counted}]
            if silent:
                body.append(n.para(", ".join(_who(p) for p in silent) + " scores nothing at the count."))
            out.append(self.paragraph("The count", body))
        names = ("Players 1 and 3", "Players 2 and 4") if deal.players == 4 else ("Player 1", "Player 2")
        out.append(n.para(n.strong(f"After the deal: {names[0]} {deal.scores[0]}, {names[1]} {deal.scores[1]}"),
                          f"; the game goes on to {self.profile.rules.target}."))
        return out

    def paragraph(self, title: str, body: list[nodes.Node]) -> nodes.Node:
        sec = nodes.rubric("", title, classes=["costly-narration-step"])
        box = nodes.container(classes=["costly-narration"])
        box += [sec, *body]
        return box


def narrated_deal(d: CostlyDirective, profile: Profile) -> list[nodes.Node]:
    return Teller(d, profile, chosen_deal(profile)).tell()
