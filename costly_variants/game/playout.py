"""One whole game bot against bot, reproducibly, and the invariants every finished game keeps.

The invariants are watched as the game runs (``DealWatch``: cheap checks after each action) and
checked on the finished game (``check_finished``); ``check_invariants`` adds a full replay of the
actions through the validating ``apply_action``, for tests and logs read from outside.
"""
from __future__ import annotations

import random
from typing import Literal, Sequence

from ..errors import CostlyError
from .actions import Action, Kind
from .bots import make_bot
from .state import CHANCE, TERMINAL, Game, State

Check = Literal["none", "game", "full"]


class InvariantError(CostlyError):
    """The engine broke one of its own rules (a bug, never bad input)."""


def play_game(game: Game, bot_names: Sequence[str], seed: int, *, max_actions: int = 20_000,
              check: Check = "game") -> State:
    """One game: chance drawn from ``random.Random(seed)``, each seat's bot seeded from it too.

    ``check``: "game" watches the invariants as the game runs and checks the finished game; "full"
    also replays every action through the validating ``apply_action``; "none" checks nothing.
    """
    rng = random.Random(seed)
    bots = [make_bot(bot_names[p % len(bot_names)], random.Random(rng.getrandbits(64)))
            for p in range(game.num_players)]
    state = game.new_initial_state()
    watch = DealWatch(state) if check != "none" else None
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            if check == "full":
                check_invariants(state)
            elif check == "game":
                check_finished(state)
            return state
        # Both the chance draw and the bots' choices are legal by construction: no re-validation.
        action = state.sample_chance(rng) if player == CHANCE else bots[player].choose(state, player)
        state.apply_trusted(action)
        if watch is not None:
            watch.after(action)
    raise InvariantError(f"game with seed {seed} did not end in {max_actions} actions")


class DealWatch:
    """Watches a game action by action: the count never passes the limit, no card is played twice in a
    deal, and (where new series are played, so that no card is left dead) every card held after the
    mog is played. Call ``after`` with each action once it is applied."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.limit = state.rules.play_limit
        self.all_played = state.rules.new_series
        self.deal = state.deal_number
        self.played: set[str] = set()

    def after(self, action: Action) -> None:
        state = self.state
        if action.kind is Kind.PLAY:
            assert action.card is not None
            text = action.card.text
            if text in self.played:
                raise InvariantError(f"{text} played twice in deal {self.deal}")
            self.played.add(text)
            if state.count > self.limit:
                raise InvariantError(f"the count reached {state.count}")
        if state.deal_number != self.deal:
            self._deal_over()

    def _deal_over(self) -> None:
        state = self.state
        if self.deal and self.all_played and state.shown_hands is not None:
            held = sorted(c.text for hand in state.shown_hands[0] for c in hand)
            if sorted(self.played) != held:
                raise InvariantError(f"deal {self.deal}: cards held {held} but played {sorted(self.played)}")
        self.deal = state.deal_number
        self.played = set()


def check_finished(state: State) -> None:
    """The invariants of a finished game that its scores and events show; raise InvariantError naming
    the one broken."""
    rules = state.rules
    totals = [0] * len(state.scores)
    for event in state.events:
        totals[event.team] += event.points
    if totals != state.scores:
        raise InvariantError(f"scores {state.scores} are not the sums of their events {totals}")
    if state.winner is None or state.scores[state.winner] < rules.target:
        raise InvariantError(f"winner {state.winner} did not reach {rules.target}: {state.scores}")
    if rules.peg_out_ends_game:
        running = [0] * len(state.scores)
        for event in state.events:
            running[event.team] += event.points
            if max(running) >= rules.target:
                if running.index(max(running)) != state.winner:
                    raise InvariantError("the winner was not the first to reach the target")
                break
    if rules.partnerships:
        for p in range(state.n):
            if state.team_score(p) != state.team_score((p + 2) % state.n):
                raise InvariantError("partners do not share one score")


def check_invariants(state: State) -> None:
    """Every invariant of a finished game, by replaying its actions through the validating
    ``apply_action`` and watching every deal; raise InvariantError naming the one broken."""
    check_finished(state)
    replayed = Game(state.rules, variant=state.game.variant).new_initial_state()
    watch = DealWatch(replayed)
    for action in state.history:
        replayed.apply_action(action)
        watch.after(action)
    if replayed.events != state.events or replayed.scores != state.scores:
        raise InvariantError("replaying the actions did not reproduce the events")
