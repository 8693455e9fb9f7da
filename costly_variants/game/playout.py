"""One whole game bot against bot, reproducibly, and the invariants every finished game keeps."""
from __future__ import annotations

import random
from typing import Sequence

from ..errors import CostlyError
from .actions import Kind
from .bots import make_bot
from .state import CHANCE, Game, State


class InvariantError(CostlyError):
    """The engine broke one of its own rules (a bug, never bad input)."""


def play_game(game: Game, bot_names: Sequence[str], seed: int, *, max_actions: int = 20_000) -> State:
    """One game: chance drawn from ``random.Random(seed)``, each seat's bot seeded from it too."""
    rng = random.Random(seed)
    bots = [make_bot(bot_names[p % len(bot_names)], random.Random(rng.getrandbits(64)))
            for p in range(game.num_players)]
    state = game.new_initial_state()
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(bots[player].choose(state, player))
    raise InvariantError(f"game with seed {seed} did not end in {max_actions} actions")


def check_invariants(state: State) -> None:
    """The invariants every finished game keeps; raise InvariantError naming the one broken."""
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
    # Replay the actions and watch every deal: the count never passes the limit, and every card held
    # after the mog is played exactly once (where new series are played, no card is left dead).
    replayed = Game(rules, variant=state.game.variant).new_initial_state()
    played: list[str] = []
    for action in state.history:
        before = replayed.deal_number
        replayed.apply_action(action)
        if action.kind is Kind.PLAY and action.card is not None:
            if str(action.card) in played:
                raise InvariantError(f"{action.card} played twice in deal {before}")
            played.append(str(action.card))
        if replayed.deal_number != before:
            if before and rules.new_series and replayed.shown_hands is not None:
                held = sorted(str(c) for hand in replayed.shown_hands[0] for c in hand)
                if sorted(played) != held:
                    raise InvariantError(f"deal {before}: cards held {held} but played {sorted(played)}")
            played = []
        if replayed.count > rules.play_limit:
            raise InvariantError(f"the count reached {replayed.count}")
    if replayed.events != state.events or replayed.scores != state.scores:
        raise InvariantError("replaying the actions did not reproduce the events")
    if rules.partnerships:
        for p in range(state.n):
            if state.team_score(p) != state.team_score((p + 2) % state.n):
                raise InvariantError("partners do not share one score")
