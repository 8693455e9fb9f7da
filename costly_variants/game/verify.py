"""Re-running a game log through the engine, and naming the first thing that differs.

Every field a log states is checked: each action is legal where it stands; with a seed, each chance
action is the one the seed draws and each bot's move the one that bot makes; every event, field by
field; the scores, the winner, the number of deals and whether the game finished.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import IllegalActionError
from ..profiles.rules import Rules
from .actions import Action
from .base import CHANCE, TERMINAL
from .bots import Bot, make_bot
from .log import GameLog, LogError, rules_document, shown
from .playout import InvariantError, check_invariants
from .state import Game, State


@dataclass(frozen=True)
class Replayed:
    """A log that replayed exactly."""

    state: State
    checked_seed: bool


def _event_difference(number: int, engine: Mapping[str, Any], logged: Mapping[str, Any]) -> str | None:
    for key, value in engine.items():
        if logged.get(key) != value:
            return f"event {number}: {key} {shown(value)}, log says {shown(logged.get(key))}"
    return None


def _describe(event: Mapping[str, Any]) -> str:
    return f"{event['name']} {event['points']} for player {event['player']} in deal {event['deal']}"


def _bots(log: GameLog) -> tuple[random.Random | None, list[Bot | None]]:
    if log.seed is None or log.bots is None:
        return None, [None] * log.players
    rng = random.Random(log.seed)
    bots: list[Bot | None] = [make_bot(name, random.Random(rng.getrandbits(64))) if name else None
                              for name in log.bots]
    return rng, bots


def replay_log(log: GameLog, rules: Rules, *, variant: str) -> Replayed:
    """Replay ``log`` under ``rules``; raise LogError naming the first difference."""
    name = log.path
    if rules.players != log.players or rules.partnerships != log.partnerships:
        raise LogError(f"{name}: the log is a {log.players}-player game "
                       f"{'with' if log.partnerships else 'without'} partnerships; {variant} is "
                       f"{rules.players}-player {'with' if rules.partnerships else 'without'}")
    state = Game(rules, variant=variant).new_initial_state()
    rng, bots = _bots(log)
    for number, text in enumerate(log.actions, 1):
        where = f"{name}: action {number} ({text})"
        try:
            action = Action.from_str(text)
        except (IllegalActionError, ValueError) as exc:
            raise LogError(f"{where}: {exc}") from None
        if str(action) != text:
            raise LogError(f"{where}: not written as the engine writes it ({action})")
        player = state.current_player()
        if player == TERMINAL:
            raise LogError(f"{where}: the game was over after action {number - 1}")
        if player == CHANCE and rng is not None:
            outcomes = state.chance_outcomes()
            drawn = outcomes[rng.randrange(len(outcomes))][0]
            if drawn != action:
                raise LogError(f"{where}: seed {shown(log.seed)} draws {drawn} here")
        elif player != CHANCE and bots[player] is not None:
            chosen = bots[player].choose(state, player)  # type: ignore[union-attr]
            if chosen != action:
                assert log.bots is not None
                raise LogError(f"{where}: the {log.bots[player]} bot at seat {player} (seed {log.seed}) "
                               f"plays {chosen} here")
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise LogError(f"{where}: {exc}") from None
    events = [e.as_dict() for e in state.events]
    for number, (engine, logged) in enumerate(zip(events, log.events), 1):
        difference = _event_difference(number, engine, logged)
        if difference:
            raise LogError(f"{name}: {difference}")
    if len(events) > len(log.events):
        extra = events[len(log.events)]
        raise LogError(f"{name}: event {len(log.events) + 1} ({_describe(extra)}) is missing: the log stops "
                       f"at event {len(log.events)}")
    if len(events) < len(log.events):
        raise LogError(f"{name}: event {len(events) + 1} ({_describe(log.events[len(events)])}) is not in the "
                       f"replay, which has {len(events)} event{'' if len(events) == 1 else 's'}")
    checks = [("scores", list(state.scores), list(log.scores)), ("winner", state.winner, log.winner),
              ("deals", state.deal_number, log.deals)]
    if log.finished is not None:
        checks.append(("finished", state.is_terminal(), log.finished))
    for field, engine_value, logged_value in checks:
        if engine_value != logged_value:
            raise LogError(f"{name}: {field}: {shown(engine_value)}, log says {shown(logged_value)}")
    if state.is_terminal():
        try:
            check_invariants(state)
        except InvariantError as exc:  # an engine bug, not a bad log: say so
            raise LogError(f"{name}: the engine broke its own invariants replaying this log: {exc}") from None
    return Replayed(state, rng is not None)


def rule_differences(recorded: Rules, current: Rules) -> list[str]:
    """The rule keys whose values differ, or ["citations"] if only the passages cited differ."""
    old, new = rules_document(recorded)[0], rules_document(current)[0]
    keys = [k for k in old["values"] if old["values"][k] != new["values"].get(k)]
    if not keys and old["citations"] != new["citations"]:
        return ["the passages cited"]
    return keys


__all__ = ["Replayed", "replay_log", "rule_differences"]
