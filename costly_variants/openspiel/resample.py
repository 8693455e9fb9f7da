"""A deal the seat cannot tell from the real one: the cards it has not seen dealt afresh.

Information-set search (ISMCTS) plays from states drawn from what a seat knows. The earlier deals are
kept as they were: each deal is played with a fresh deck, so what a seat never saw of them (a card put
out by the four-hand dealer, the cards left in the stock) changes nothing that is still to come, and
their hands were shown at the count. Of the current deal, the seat keeps what it has seen: its own cards,
the deck card, every decision and card played, the cards it gave and received. The rest is drawn anew:

1. each other seat's hand as it began the play (its cards still held and those it has played): the
   cards it has played and the cards the seat knows came to it, the rest drawn from the cards the seat
   has not seen. A player who said "go" held no card he could play: the cards drawn for him are those
   too high for every go he said (the tightest seat first, so the draw never runs short).
2. back through the mog: the card the four-hand dealer put out and the one he took from the stock, then
   each exchange the seat did not see, each card given drawn from the hand it went to;
3. the hands so found dealt in the deal's order, and the deal checked by replaying it.
"""
from __future__ import annotations

import random

from ..cards import FULL_DECK, Card
from ..errors import IllegalActionError
from ..game.actions import CHANCE_ACTIONS, DISCARD_ACTIONS, Action, Kind
from .core import Core, Step, copy_engine_state

ATTEMPTS = 200


class ResampleError(RuntimeError):
    """No deal consistent with what the seat has seen could be drawn (a bug: the real deal is one)."""


def resample_deal(core: Core, player: int, rng: random.Random) -> list[Action]:
    """The current deal's actions in a world that ``player`` cannot tell from ``core``'s."""
    for _ in range(ATTEMPTS):
        actions = _draw(core, player, rng)
        if actions is not None and _replays(core, actions):
            return actions
    raise ResampleError(f"no deal consistent with seat {player}'s view found in {ATTEMPTS} attempts")


def _replays(core: Core, actions: list[Action]) -> bool:
    assert core.snapshot is not None
    state = copy_engine_state(core.snapshot)
    try:
        for action in actions:
            state.apply_action(action)
    except IllegalActionError:
        return False
    return True


def _exchanges(steps: list[Step]) -> list[tuple[int, int | None]]:
    """The gives of the deal in pairs (first, second): an exchange is two gives in a row; the second is None
    while the first waits for it."""
    gives = [i for i, step in enumerate(steps) if step.action.kind is Kind.GIVE]
    return [(gives[k], gives[k + 1] if k + 1 < len(gives) else None) for k in range(0, len(gives), 2)]


def _draw(core: Core, player: int, rng: random.Random) -> list[Action] | None:
    engine, game = core.engine, core.game
    steps = core.deal_log
    n = game.num_players
    dealer = engine.dealer
    deck = engine.deck_card
    # The dealer who took the stock card and put one out, unseen by this seat: he may have put out the
    # card that came to him in the mog.
    put_out_unseen = dealer != player and any(s.action.kind is Kind.DISCARD for s in steps)

    played: list[list[Card]] = [[] for _ in range(n)]
    for step in steps:
        if step.action.kind is Kind.PLAY and step.action.card is not None:
            played[step.actor].append(step.action.card)

    # Which gives the seat saw: its own at once; the others once the exchange is done, if it received
    # the card or it was pegged (the score shows it).
    visible: dict[int, bool] = {}
    landed: list[list[Card]] = [[] for _ in range(n)]  # cards the seat knows came to each other seat
    for first, second in _exchanges(steps):
        for index, done in ((first, second is not None), (second, True)):
            if index is None:
                continue
            step = steps[index]
            seen = step.actor == player or (done and (step.seat == player or step.action.peg))
            visible[index] = seen
            if seen and done and step.seat != player and step.action.card is not None:
                landed[step.seat].append(step.action.card)

    known = {c for hand in played for c in hand} | {c for cards in landed for c in cards}
    known.update(engine.hands[player])
    if deck is not None:
        known.add(deck)
    if dealer == player:
        known.update(c for c in (core.discarded, core.stock_card) if c is not None)
    unseen = [c for c in FULL_DECK if c not in known]
    rng.shuffle(unseen)

    def lowest(card: Card) -> int:
        return min(value for value, _ in game.play_options[card.index])

    # 1. each other seat's cards for the play
    room = [-1] * n  # the most room left at any go the seat said: its unseen cards are all above it
    for step in steps:
        if step.action.kind is Kind.GO:
            room[step.actor] = max(room[step.actor], engine.rules.play_limit - step.at_count)
    holds: dict[int, set[Card]] = {player: set(engine.hands[player]) | set(played[player])}
    put_out: Card | None = None
    for seat in sorted((s for s in range(n) if s != player), key=lambda s: -room[s]):
        size = len(engine.hands[seat]) + len(played[seat])
        held = set(played[seat])
        for card in landed[seat]:
            if card in held:
                continue
            may_be_out = put_out_unseen and seat == dealer
            fits = len(held) < size and lowest(card) > room[seat]
            if fits and not (may_be_out and rng.random() < 1 / (size - len(held) + 1)):
                held.add(card)
            elif may_be_out and put_out is None:
                put_out = card
            else:
                return None
        fitting = [c for c in unseen if lowest(c) > room[seat]]
        missing = size - len(held)
        if missing > len(fitting):
            return None
        drawn = fitting[:missing]
        held.update(drawn)
        unseen = [c for c in unseen if c not in held]
        holds[seat] = held

    # 2. back through the mog
    chosen: dict[int, Card] = {}  # step index -> the card drawn for a step the seat did not see
    found: Card | None
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        kind = step.action.kind
        if kind is Kind.DISCARD:
            if dealer == player:
                found = step.action.card
            else:
                found = put_out if put_out is not None else (unseen.pop() if unseen else None)
                if found is None:
                    return None
                chosen[index] = found
            assert found is not None
            holds[dealer].add(found)
        elif kind is Kind.STOCK_CARD:
            if dealer == player:
                found = step.action.card
            else:
                candidates = sorted(holds[dealer] - set(landed[dealer]), key=_index)
                if not candidates:
                    return None
                found = rng.choice(candidates)
                chosen[index] = found
            assert found is not None
            holds[dealer].discard(found)
    for first, second in reversed(_exchanges(steps)):
        giver = steps[first].actor
        if second is None:  # given, not yet exchanged: the card is still in the giver's hand
            if not visible[first]:
                found = _draw_give(core, steps[first], holds[giver], rng)
                if found is None:
                    return None
                chosen[first] = found
            continue
        taker = steps[second].actor
        cards: dict[int, Card] = {}
        for index, source in ((first, taker), (second, giver)):  # each card given is now in the other hand
            if visible[index]:
                found = steps[index].action.card
            else:
                found = _draw_give(core, steps[index], holds[source], rng)
                if found is None:
                    return None
                chosen[index] = found
            assert found is not None
            if found not in holds[source]:
                return None
            cards[index] = found
        holds[giver] = holds[giver] - {cards[second]} | {cards[first]}
        holds[taker] = holds[taker] - {cards[first]} | {cards[second]}

    # 3. the deal
    if holds[player] != set(core.dealt[player]):
        return None
    dealt = {seat: sorted(held_cards, key=_index) for seat, held_cards in holds.items()}
    for seat, in_deal_order in dealt.items():
        if seat != player:
            rng.shuffle(in_deal_order)
    actions: list[Action] = []
    for index, step in enumerate(steps):
        action = step.action
        kind = action.kind
        if kind is Kind.DEAL and step.seat != player:
            if not dealt[step.seat]:
                return None
            action = CHANCE_ACTIONS[Kind.DEAL][dealt[step.seat].pop().index]
        elif index in chosen:
            card = chosen[index]
            if kind is Kind.STOCK_CARD:
                action = CHANCE_ACTIONS[Kind.STOCK_CARD][card.index]
            elif kind is Kind.DISCARD:
                action = DISCARD_ACTIONS[card.index]
            else:  # a give: pegged as the real one was (the peg is seen, the card is not)
                action = game_give(core, card, action.peg)
        actions.append(action)
    return actions


def _draw_give(core: Core, step: Step, hand: set[Card], rng: random.Random) -> Card | None:
    """A card for a give the seat did not see, from the hand it is in: a Jack or a Deuce if it was pegged."""
    options = core.game.give_options
    candidates = sorted((c for c in hand if not step.action.peg or len(options[c.index]) > 1), key=_index)
    return rng.choice(candidates) if candidates else None


def game_give(core: Core, card: Card, peg: bool) -> Action:
    options = core.game.give_options[card.index]
    return options[1] if peg and len(options) > 1 else options[0]


def _index(card: Card) -> int:
    return card.index


__all__ = ["ResampleError", "resample_deal"]
