"""The game: one engine for every profile, driven only by the rule data.

After OpenSpiel's Python games: a Game reads the rules once and makes States; a State has
``current_player()``, ``legal_actions()``, ``apply_action()``, ``is_terminal()`` and ``returns()``.
Chance (the cut, the deal, the turn-up, a card taken from the stock) is explicit: at a chance node
``current_player()`` is CHANCE and ``chance_outcomes()`` lists the cards that may come, uniformly.
Every score is an Event naming who scored, the points, the rule and the passages it rests on.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .actions import Action, Kind
from .cards import FULL_DECK, Card, Rank
from .errors import IllegalActionError
from .play import card_value, score_play
from .rules import FirstDealer, LatterWhen, MogProcedure, Rules
from .scoring import jack_deuce_value, score_hand

CHANCE = -1
TERMINAL = -4

_CHANCE_ACTIONS = {kind: {card: Action(kind, card) for card in FULL_DECK}
                   for kind in (Kind.CUT, Kind.DEAL, Kind.TURN, Kind.STOCK_CARD)}


class Phase(enum.Enum):
    CUT = "cut"
    DEAL = "deal"
    TURN = "turn"
    MOG = "mog"
    PLAY = "play"
    COUNT = "count"  # passes without a decision: the hands are counted in turn
    OVER = "over"


@dataclass(frozen=True)
class Event:
    """A score (or a named happening worth 0, such as a cock's nest)."""

    deal: int
    phase: str
    player: int
    team: int
    points: int
    name: str
    rule: str
    cite: tuple[str, ...]
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "phase": self.phase, "player": self.player, "team": self.team,
                "points": self.points, "name": self.name, "rule": self.rule, "cite": list(self.cite),
                "cards": list(self.cards)}


class Game:
    """A game of Costly Colours under one rule set."""

    def __init__(self, rules: Rules, *, variant: str = "") -> None:
        self.rules = rules
        self.variant = variant
        self.num_players = rules.players
        self.num_teams = 2
        if rules.partnerships and rules.players != 4:
            raise ValueError("partnerships need four players")

    def team_of(self, player: int) -> int:
        return player % 2 if self.rules.partnerships else player

    def new_initial_state(self) -> "State":
        return State(self)


@dataclass
class _Give:
    card: Card
    peg: bool


@dataclass
class _Claim:
    receiver: int
    giver: int
    card: Card
    points: int
    rule: str
    name: str


class State:
    """The whole game in progress: hands, scores, whose turn, every action and every score so far."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.n = game.num_players
        self.scores = [0] * game.num_teams
        # The hands and deck card of the last deal counted, for showing after the deal has passed.
        self.shown_hands: tuple[tuple[tuple[Card, ...], ...], Card] | None = None
        self.events: list[Event] = []
        self.history: list[Action] = []
        self.deal_number = 0
        self.dealer = -1
        self.winner: int | None = None
        self.cuts: dict[int, Card] = {}
        self.phase = Phase.CUT
        self.stock: list[Card] = list(FULL_DECK)
        self._new_deal_state()

    # -- bookkeeping ---------------------------------------------------------------------------------

    def _new_deal_state(self) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.deck_card: Card | None = None
        self.pending: list[tuple[int, str]] = []
        self.gives: dict[int, _Give] = {}
        self.offers: dict[int, bool] = {}
        self.exchanged: set[int] = set()
        self.claims: list[_Claim] = []
        self.count = 0
        self.series: list[tuple[int, Card]] = []
        self.said_go: set[int] = set()
        self.go_awarded = False
        self.to_play = -1
        self.last_player = -1
        self.played: list[Card] = []
        self.count_hands: list[tuple[Card, ...]] = []

    def team_of(self, player: int) -> int:
        return self.game.team_of(player)

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.n

    def _seat_order(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def _score(self, player: int, points: int, name: str, rule: str, cards: tuple[Card, ...] = ()) -> None:
        if self.winner is not None:
            return
        team = self.team_of(player)
        self.scores[team] += points
        self.events.append(Event(self.deal_number, self.phase.value, player, team, points, name, rule,
                                 self.rules.cite(rule), tuple(str(c) for c in cards)))
        if points and self.rules.peg_out_ends_game and self.scores[team] >= self.rules.target:
            self.winner = team
            self.phase = Phase.OVER

    # -- the OpenSpiel-style interface ---------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase in (Phase.CUT, Phase.DEAL, Phase.TURN):
            return CHANCE
        if self.phase is Phase.MOG:
            player, step = self.pending[0]
            return CHANCE if step == "stock-card" else player
        return self.to_play

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def _chance_kind(self) -> Kind:
        return {Phase.CUT: Kind.CUT, Phase.DEAL: Kind.DEAL, Phase.TURN: Kind.TURN}.get(self.phase, Kind.STOCK_CARD)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The cards that may come next, each equally likely, in a fixed order (the stock's)."""
        actions = _CHANCE_ACTIONS[self._chance_kind()]
        p = 1.0 / len(self.stock)
        return [(actions[card], p) for card in self.stock]

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.n
        return [1.0 if self.team_of(p) == self.winner else -1.0 for p in range(self.n)]

    def legal_actions(self) -> list[Action]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase is Phase.MOG:
            return self._mog_actions(player)
        return self._play_actions(player)

    def apply_action(self, action: Action | str) -> None:
        if isinstance(action, str):
            action = Action.from_str(action)
        if self.current_player() == CHANCE:
            legal_chance = action.kind is self._chance_kind() and action.card in self.stock and action.value is None
            legal = [] if legal_chance else self.legal_actions()
        else:
            legal = self.legal_actions()
            legal_chance = False
        if not legal_chance and action not in legal:
            shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
            raise IllegalActionError(f"illegal action {action} in {self.phase.value}; legal: {shown}")
        self.history.append(action)
        if action.is_chance:
            self._apply_chance(action)
        elif self.phase is Phase.MOG:
            self._apply_mog(self.current_player(), action)
        else:
            self._apply_play(self.to_play, action)

    def clone(self) -> "State":
        copy = State(self.game)
        for action in self.history:
            copy.apply_action(action)
        return copy

    # -- chance ----------------------------------------------------------------------------------------

    def _apply_chance(self, action: Action) -> None:
        card = action.card
        assert card is not None
        self.stock.remove(card)
        if action.kind is Kind.CUT:
            self.cuts[len(self.cuts)] = card
            if len(self.cuts) == self.n:
                self._settle_cut()
        elif action.kind is Kind.DEAL:
            self.hands[self._next_receiver()].append(card)
            if all(len(h) == self.rules.cards_each for h in self.hands):
                self.phase = Phase.TURN
        elif action.kind is Kind.TURN:
            self._turn_up(card)
        else:  # the stock card, taken by the dealer
            self.hands[self.dealer].append(card)
            self.pending[0] = (self.dealer, "discard")

    def _settle_cut(self) -> None:
        ranks = {p: int(c.rank) for p, c in self.cuts.items()}
        pick = min if self.rules.first_dealer is FirstDealer.CUT_LOWEST else max
        best = pick(ranks.values())
        if list(ranks.values()).count(best) > 1:  # a tie: cut again
            self.stock.extend(self.cuts.values())
            self.cuts = {}
            return
        self.dealer = next(p for p, r in ranks.items() if r == best)
        self._start_deal()

    def _start_deal(self) -> None:
        self.deal_number += 1
        self.stock = list(FULL_DECK)
        self._new_deal_state()
        self.phase = Phase.DEAL

    def _next_receiver(self) -> int:
        dealt = sum(len(h) for h in self.hands)
        if self.rules.deal_in_ones:
            return (self.eldest + dealt) % self.n
        return (self.eldest + dealt // self.rules.cards_each) % self.n

    def _turn_up(self, card: Card) -> None:
        self.deck_card = card
        self.phase = Phase.MOG
        if card.rank in self.rules.heels_ranks and self.rules.heels_points:
            name = "for his heels" if card.rank == Rank.JACK else "for the deuce turned"
            self._score(self.dealer, self.rules.heels_points, name, "turnup.heels_points", (card,))
            if self.phase is Phase.OVER:
                return
        self.pending = self._mog_opening()
        if not self.pending:
            self._start_play()

    # -- mogging ---------------------------------------------------------------------------------------

    def _mog_opening(self) -> list[tuple[int, str]]:
        rules = self.rules
        if self.n == 4 and rules.mog_partners_exchange:
            # The eldest asks his partner; the dealer asks his; then a refused dealer may mog the stock.
            return [(self.eldest, "ask-partner"), (self.dealer, "ask-partner")] + (
                [(self.dealer, "stock")] if rules.mog_dealer_stock else [])
        if self.n != 2:
            return []
        return [(self.eldest, "ask" if rules.mog_procedure is not MogProcedure.BOTH_PASS else "offer")]

    def _partner(self, player: int) -> int:
        return (player + 2) % self.n

    def _mog_actions(self, player: int) -> list[Action]:
        step = self.pending[0][1]
        if step == "give":
            return self._give_actions(player)
        if step == "discard":
            return [Action(Kind.DISCARD, c) for c in sorted(self.hands[player])]
        if step == "stock":
            return [Action(Kind.STOCK), Action(Kind.NO_STOCK)]
        return [Action(Kind.ASK), Action(Kind.DECLINE)]

    def _give_actions(self, player: int) -> list[Action]:
        out = []
        for card in sorted(self.hands[player]):
            out.append(Action(Kind.GIVE, card))
            if self.rules.mog_given_away_scores and card.rank in (Rank.JACK, Rank.TWO):
                out.append(Action(Kind.GIVE, card, peg=True))
        return out

    def _refusal(self, refuser: int) -> None:
        """The other side scores for a refusal to mog."""
        points = self.rules.mog_refusal_points
        if points:
            other = next(p for p in self._seat_order(refuser) if self.team_of(p) != self.team_of(refuser))
            self._score(other, points, "for a refusal to mog", "mog.refusal_points")

    def _apply_mog(self, player: int, action: Action) -> None:
        _, step = self.pending.pop(0)
        other = self.dealer if player == self.eldest else self.eldest
        agree = action.kind is Kind.ASK
        procedure = self.rules.mog_procedure
        if step == "ask":  # the eldest chooses whether to ask the dealer
            if agree:
                self.pending.insert(0, (other, "answer"))
            elif procedure is MogProcedure.ELDEST_CHOOSES:
                self._refusal(player)
        elif step == "answer":  # the dealer agrees or refuses
            if not agree:
                self._refusal(player)
            elif procedure is MogProcedure.ELDER_ASKS_DEALER:
                self.pending.insert(0, (other, "confirm"))
            else:
                self._queue_exchange(other, player)
        elif step == "confirm":  # the elder, having asked, holds to it or withdraws
            if agree:
                self._queue_exchange(player, other)
            else:
                self._refusal(player)
        elif step == "offer":  # both pass: each says whether he mogs; either refusing pays the other
            self.offers[player] = agree
            if not agree:
                self._refusal(player)
            if player == self.eldest:
                self.pending.insert(0, (other, "offer"))
            elif all(self.offers.values()):
                self._queue_exchange(self.eldest, self.dealer)
        elif step == "ask-partner":
            if agree:
                self.pending.insert(0, (self._partner(player), "answer-partner"))
        elif step == "answer-partner":
            asker = self._partner(player)
            if agree:
                self._queue_exchange(asker, player)
            else:
                self._refusal(player)
        elif step == "give":
            assert action.card is not None
            self.gives[player] = _Give(action.card, action.peg)
            if not any(s == "give" for _, s in self.pending):
                self._exchange()
        elif step == "stock" and action.kind is Kind.STOCK:
            self.pending.insert(0, (self.dealer, "stock-card"))
        elif step == "discard":
            assert action.card is not None
            self.hands[player].remove(action.card)
        if self.phase is Phase.OVER:
            return
        self._drop_needless_stock_step()
        if not self.pending:
            self._start_play()

    def _drop_needless_stock_step(self) -> None:
        """A dealer who has mogged with his partner has no call to mog the stock."""
        if self.pending and self.pending[0][1] == "stock" and self.dealer in self.exchanged:
            self.pending.pop(0)

    def _queue_exchange(self, first: int, second: int) -> None:
        self.pending[0:0] = [(first, "give"), (second, "give")]

    def _exchange(self) -> None:
        (a, give_a), (b, give_b) = self.gives.items()
        for giver, give, receiver in ((a, give_a, b), (b, give_b, a)):
            self.hands[giver].remove(give.card)
            self.hands[receiver].append(give.card)
            assert self.deck_card is not None
            value = jack_deuce_value(self.rules, give.card, self.deck_card)
            if value is not None and self.rules.mog_given_away_scores:
                points, name, _ = value
                if give.peg:
                    self._score(giver, points, f"{name} given in the mog", "mog.given_away_scores", (give.card,))
                elif self.rules.mog_late_claim:
                    self.claims.append(_Claim(receiver, giver, give.card, points, "mog.late_claim", name))
        self.exchanged.update((a, b))
        self.gives = {}

    # -- the play to 31 --------------------------------------------------------------------------------

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.count_hands = [tuple(h) for h in self.hands]
        self.to_play = self.eldest

    def _values(self, card: Card) -> tuple[int, ...]:
        if card.rank == Rank.ACE:
            return self.rules.ace_values
        return (card_value(self.rules, card),)

    def _play_actions(self, player: int) -> list[Action]:
        out = []
        for card in sorted(self.hands[player]):
            for value in self._values(card):
                if self.count + value <= self.rules.play_limit:
                    out.append(Action(Kind.PLAY, card, value if card.rank == Rank.ACE else None))
        return out or [Action(Kind.GO)]

    def _apply_play(self, player: int, action: Action) -> None:
        if action.kind is Kind.GO:
            self.said_go.add(player)
            if self.rules.go_points and not self.go_awarded and self.last_player >= 0:
                self.go_awarded = True
                if self.team_of(self.last_player) != self.team_of(player):
                    self._score(self.last_player, self.rules.go_points, "for the go", "play.go_points")
            if self.phase is not Phase.OVER:
                self._advance(player)
            return
        card = action.card
        assert card is not None and self.deck_card is not None
        self.hands[player].remove(card)
        self.played.append(card)
        self.count += action.value if action.value is not None else card_value(self.rules, card)
        self.series.append((player, card))
        self.last_player = player
        for item in score_play(self.rules, [c for _, c in self.series], self.count, self.deck_card):
            self._score(player, item.points, item.name, item.rule, item.cards)
        if self.phase is Phase.OVER:
            return
        if self.count == self.rules.play_limit:
            self._end_series(hit=True)
        else:
            self._advance(player)

    def _can_go_on(self, player: int) -> bool:
        return bool(self.hands[player]) and player not in self.said_go

    def _advance(self, player: int) -> None:
        for candidate in self._seat_order(player + 1):
            if self._can_go_on(candidate):
                self.to_play = candidate
                return
        self._end_series(hit=False)

    def _end_series(self, *, hit: bool) -> None:
        last_of_play = not any(self.hands) or not self.rules.new_series
        each_series = self.rules.latter_when is LatterWhen.EACH_SERIES
        if not hit and self.rules.latter_points and self.last_player >= 0 and (each_series or last_of_play):
            self._score(self.last_player, self.rules.latter_points, "for the latter", "play.latter_points")
            if self.phase is Phase.OVER:
                return
        last = self.last_player
        self.count, self.series, self.said_go, self.go_awarded = 0, [], set(), False
        left = [p for p in self._seat_order(last + 1) if self.hands[p]]
        if left and self.rules.new_series:
            self.to_play = left[0]
            return
        self._count_hands()

    # -- the count ---------------------------------------------------------------------------------------

    def _count_hands(self) -> None:
        assert self.deck_card is not None
        self.phase = Phase.COUNT
        self.shown_hands = (tuple(self.count_hands), self.deck_card)
        for claim in self.claims:
            self._score(claim.receiver, claim.points, f"{claim.name} given in the mog, claimed", claim.rule,
                        (claim.card,))
        for player in self._seat_order(self.eldest):
            if self.phase is Phase.OVER:
                return
            score = score_hand(self.rules, self.count_hands[player], self.deck_card)
            for item in score.items:
                self._score(player, item.points, item.name, item.rule, item.cards)
            if score.cocks_nest:
                self._score(player, 0, "a cock's nest", "count.cocks_nest")
        if self.phase is Phase.OVER:
            return
        reached = [t for t, s in enumerate(self.scores) if s >= self.rules.target]
        if reached:
            best = max(self.scores[t] for t in reached)
            leaders = [t for t in reached if self.scores[t] == best]
            if len(leaders) == 1:
                self.winner = leaders[0]
                self.phase = Phase.OVER
                return
        self.dealer = (self.dealer + 1) % self.n
        self._start_deal()

    # -- views ---------------------------------------------------------------------------------------------

    def team_score(self, player: int) -> int:
        return self.scores[self.team_of(player)]

    def unseen_by(self, player: int) -> list[Card]:
        """Cards this player has not seen: not in his hand, not the deck card, not played this deal."""
        seen = set(self.hands[player]) | set(self.played)
        if self.deck_card is not None:
            seen.add(self.deck_card)
        return [c for c in FULL_DECK if c not in seen]

    def log(self) -> dict[str, Any]:
        """The game log: every action and every score, and the result; replayable."""
        return {
            "variant": self.game.variant,
            "players": self.n,
            "partnerships": self.rules.partnerships,
            "actions": [str(a) for a in self.history],
            "events": [e.as_dict() for e in self.events],
            "scores": list(self.scores),
            "winner": self.winner,
            "deals": self.deal_number,
        }


def replay(game: Game, actions: list[str]) -> State:
    """Apply a logged list of actions to a new game."""
    state = game.new_initial_state()
    for index, text in enumerate(actions):
        try:
            state.apply_action(Action.from_str(text))
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {index + 1} ({text}): {exc}") from None
    return state


__all__ = ["Game", "State", "Event", "Phase", "CHANCE", "TERMINAL", "replay"]
