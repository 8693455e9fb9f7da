"""The game: one engine for every profile, driven only by the rule data.

After OpenSpiel's Python games: a Game reads the rules once and makes States; a State has
``current_player()``, ``legal_actions()``, ``apply_action()``, ``is_terminal()`` and ``returns()``.
Chance (the cut, the deal, the turn-up, a card taken from the stock) is explicit: at a chance node
``current_player()`` is CHANCE and ``chance_outcomes()`` lists the cards that may come, uniformly.
Every score is an Event naming who scored, the points, the rule and the passages it rests on.
"""
from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, Any, Sequence

from ..cards import FULL_DECK
from ..count.hand import hand_counter
from ..errors import IllegalActionError
from ..profiles.rules import Rules
from .actions import CHANCE_ACTIONS, Action, Kind
from .base import CHANCE, TERMINAL, Event, Phase, remove_card
from .deal import deal_order
from .log import game_log
from .mog import give_options
from .play import card_value, play_options, play_scores
from .turnup import TurnupPhase

if TYPE_CHECKING:
    from ..profiles.loader import Profile

# Enum members read at every action, as module globals (see "Where the speed comes from" in architecture.rst).
_CUT, _DEAL, _TURN, _MOG, _PLAY, _OVER = Phase.CUT, Phase.DEAL, Phase.TURN, Phase.MOG, Phase.PLAY, Phase.OVER
_DEALT, _CUT_CARD, _TURNED, _STOCK_CARD = Kind.DEAL, Kind.CUT, Kind.TURN, Kind.STOCK_CARD  # the chance actions


class Game:
    """A game of Costly Colours under one rule set."""

    def __init__(self, rules: Rules | Profile | str | os.PathLike[str], *, variant: str = "") -> None:
        if not isinstance(rules, Rules):  # a profile, a bundled id or a path: its rules, under its id
            from ..profiles.loader import load

            profile = load(rules)
            rules, variant = profile.rules, variant or profile.id
        self.rules = rules
        self.variant = variant
        self.num_players = rules.players
        self.num_teams = 2
        if rules.partnerships and rules.players != 4:
            raise ValueError("partnerships need four players")
        # Read from the rules once, for every state of this game.
        self.counter = hand_counter(rules)
        self.play_options = play_options(rules)
        self.give_options = give_options(rules)
        self.deal_orders = tuple(deal_order(rules, eldest) for eldest in range(rules.players))
        self.play_scores = play_scores(rules)
        self.card_values = tuple(card_value(rules, card) for card in FULL_DECK)  # an Ace at its first value
        self.citations = dict(rules.citations)  # a plain dict: a mapping proxy's get is slower

    def team_of(self, player: int) -> int:
        return player % 2 if self.rules.partnerships else player

    def new_initial_state(self) -> "State":
        return State(self)



class State(TurnupPhase):
    """The whole game in progress: hands, scores, whose turn, every action and every score so far."""

    # -- the OpenSpiel-style interface ---------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def current_player(self) -> int:
        phase = self.phase  # the commonest phases first: this is asked before every action
        if phase is _PLAY:
            return self.to_play
        if phase is _DEAL or phase is _CUT or phase is _TURN:
            return CHANCE
        if phase is _MOG:
            player, step = self.pending[0]
            return CHANCE if step == "stock-card" else player
        if phase is _OVER:
            return TERMINAL
        return self.to_play

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def _chance_kind(self) -> Kind:
        phase = self.phase  # compared, not looked up: an Enum's hash is a Python call
        if phase is _DEAL:
            return _DEALT
        if phase is _TURN:
            return _TURNED
        return _CUT_CARD if phase is _CUT else _STOCK_CARD

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The cards that may come next, each equally likely, in a fixed order (the stock's)."""
        actions = CHANCE_ACTIONS[self._chance_kind()]
        p = 1.0 / len(self.stock)
        return [(actions[card.index], p) for card in self.stock]

    def sample_chance(self, rng: random.Random) -> Action:
        """The chance outcome ``rng`` picks: the same as ``chance_outcomes()[rng.randrange(n)][0]``, the
        same draw from ``rng``, without listing the outcomes."""
        stock = self.stock
        self.drawn_at = at = rng.randrange(len(stock))
        # _chance_kind() written out, the deal first: this is asked at every card dealt.
        phase = self.phase
        kind = _DEALT if phase is _DEAL else self._chance_kind()
        return CHANCE_ACTIONS[kind][stock[at].index]

    def draw_chance(self, rng: random.Random) -> Action:
        """Draw the chance outcome ``rng`` picks and apply it: ``apply_trusted(sample_chance(rng))`` in one
        step, for seeded games (a third of a game's actions are chance)."""
        action = self.sample_chance(rng)
        self.history.append(action)
        self._apply_chance(action)
        return action

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.n
        return [1.0 if self.team_of(p) == self.winner else -1.0 for p in range(self.n)]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:  # the commonest case, asked before every card
            return self._play_actions(self.to_play)
        if phase is _MOG:  # the next commonest
            player, step = self.pending[0]
            if step != "stock-card":
                return self._mog_actions(player)
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
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
        self.apply_trusted(action)

    def apply_trusted(self, action: Action) -> None:
        """Apply an action known to be legal here, unchecked: one of ``legal_actions()``, or what
        ``sample_chance`` gave, for this very state. The fast path for bots and seeded games; anything
        from outside (a log, a player) goes through ``apply_action``."""
        self.history.append(action)
        phase = self.phase
        if phase is _PLAY:
            self._apply_play(self.to_play, action)
        elif phase is _MOG and self.pending[0][1] != "stock-card":
            self._apply_mog(self.pending[0][0], action)
        else:
            self._apply_chance(action)

    def start_at(self, scores: Sequence[int], dealer: int) -> None:
        """Begin this new game at ``scores`` (each side's, below the target), ``dealer`` (a seat) dealing
        the first deal, without the cut: to play on from a position of the board (``chances.check``)."""
        if self.history or self.phase is not _CUT:
            raise ValueError("a game can start at a position only before its first action")
        if len(scores) != self.game.num_teams or not all(0 <= s < self.rules.target for s in scores):
            raise ValueError(f"scores {list(scores)}: one a side, each from 0 to {self.rules.target - 1}")
        if not 0 <= dealer < self.n:
            raise ValueError(f"dealer {dealer}: a seat from 0 to {self.n - 1}")
        self.scores = list(scores)
        self._set_dealer(dealer)
        self._start_deal()

    def search_copy(self) -> "State":
        """A copy to try moves on, as a search does: every container the game changes copied, the events
        and the history left empty (a copy's own scores are all a search reads)."""
        copy = object.__new__(State)
        copy.__dict__.update(self.__dict__)
        copy.hands = [list(hand) for hand in self.hands]
        copy.scores = list(self.scores)
        copy.events, copy.history = [], []
        copy.stock = list(self.stock)
        copy.pending = list(self.pending)
        copy.gives, copy.offers, copy.cuts = dict(self.gives), dict(self.offers), dict(self.cuts)
        copy.exchanged, copy.refused_askers = set(self.exchanged), set(self.refused_askers)
        copy.claims = list(self.claims)
        copy.series, copy.said_go, copy.played = list(self.series), set(self.said_go), list(self.played)
        copy.count_hands = list(self.count_hands)
        return copy

    def clone(self) -> "State":
        copy = State(self.game)
        for action in self.history:
            copy.apply_action(action)
        return copy

    # -- chance ----------------------------------------------------------------------------------------

    def _apply_chance(self, action: Action) -> None:
        card = action.card
        assert card is not None
        stock = self.stock
        if self.drawn_at < len(stock) and stock[self.drawn_at] is card:
            del stock[self.drawn_at]  # the card sample_chance drew
        else:
            remove_card(stock, card)
        kind = action.kind
        if kind is _DEALT:
            order = self.game.deal_orders[self.eldest]
            self.hands[order[self.dealt]].append(card)
            self.dealt += 1
            if self.dealt == len(order):  # every hand is full
                self.phase = _TURN
        elif kind is _CUT_CARD:
            self.cuts[len(self.cuts)] = card
            if len(self.cuts) == self.n:
                self._settle_cut()
        elif kind is _TURNED:
            self._turn_up(card)
        else:  # the stock card, taken by the dealer
            self.hands[self.dealer].append(card)
            self.pending[0] = (self.dealer, "discard")

    # -- views ---------------------------------------------------------------------------------------------

    def log(self, *, seed: int | None = None, bots: Sequence[str | None] | None = None) -> dict[str, Any]:
        """The self-contained game log (see ``game.log``): rules, every action and score, the result."""
        return game_log(self, seed=seed, bots=bots)


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
