"""One whole game bot against bot, reproducibly, and the invariants every game keeps.

The invariants are checked two ways. ``check_invariants`` replays a game's actions through the validating
``apply_action`` and checks every step: for tests, logs read from outside, and ``play_game(check="full")``.
``DealWatch`` checks the same things as a game runs, action by action, at a small cost: what
``play_game`` does by default, with the checks of the finished game (``check_game_ended``,
``check_scores``, ``check_no_negative_scores``).
"""
from __future__ import annotations

import random
from typing import Literal, NamedTuple, Sequence

from ..errors import CostlyError
from .actions import Action, Kind
from .base import Event, Phase
from .bots import make_bot
from .state import CHANCE, TERMINAL, Game, State

Check = Literal["none", "game", "full"]


class InvariantError(CostlyError):
    """The engine broke one of its own rules (a bug, never bad input)."""


def play_game(game: Game, bot_names: Sequence[str], seed: int, *, max_actions: int = 20_000,
              check: Check = "game", max_deals: int | None = None,
              start: tuple[Sequence[int], int] | None = None) -> State:
    """One game: chance drawn from ``random.Random(seed)``, each seat's bot seeded from it too.

    ``check``: "game" watches the invariants as the game runs and checks the finished game; "full"
    also replays every action through the validating ``apply_action``; "none" checks nothing.
    With ``max_deals``, the game stops as deal ``max_deals + 1`` begins (for checking long games in part).
    With ``start`` (scores, dealer), the game begins there, without the cut (``State.start_at``); its
    scores are then more than the sums of its events, which ``check`` does not allow.
    """
    rng = random.Random(seed)
    bots = [make_bot(bot_names[p % len(bot_names)], random.Random(rng.getrandbits(64)))
            for p in range(game.num_players)]
    state = game.new_initial_state()
    if start is not None:
        state.start_at(*start)
    watch = DealWatch(state) if check != "none" else None
    # Bound once: the loop runs some two hundred times a game.
    current_player, draw_chance, apply = state.current_player, state.draw_chance, state.apply_trusted
    choose = [bot.choose for bot in bots]
    after = watch.after if watch is not None else None
    play = Phase.PLAY
    for _ in range(max_actions):
        # The commonest case first, as current_player() has it: a card to play.
        player = state.to_play if state.phase is play else current_player()
        if player == TERMINAL or (max_deals is not None and state.deal_number > max_deals):
            if watch is not None:
                watch.finish()
            finished = player == TERMINAL
            if check == "full":
                check_invariants(state, finished=finished)
            elif check == "game":
                if finished:
                    check_game_ended(state)
                check_scores(state)
                check_no_negative_scores(state)
            return state
        # Both the chance draw and the bots' choices are legal by construction: no re-validation.
        if player == CHANCE:
            action = draw_chance(rng)
        else:
            action = choose[player](state, player)
            apply(action)
        if after is not None:
            after(action)
    if watch is not None:
        watch.finish()  # a deal that never ended is named as such
    raise InvariantError(f"game with seed {seed} did not end in {max_actions} actions")


# No deal needs more actions than this: 4 x 4 cards dealt, the turn-up, a dozen mog steps, and each card
# played with at most one go from each player before it.
MAX_DEAL_ACTIONS = 200


class _Step(NamedTuple):
    """One action replayed: the deal it fell in, the series and count around it, the events it made."""

    action: Action
    deal: int
    series_before: int
    series_after: int
    count_after: int
    events: tuple[Event, ...]
    ended_deal: tuple[tuple[str, ...], tuple[str, ...]] | None  # (cards held, cards played) of a deal just counted


def _trace(state: State) -> tuple[list[_Step], State]:
    """Replay the game's actions once, recording what every check below needs."""
    replayed = Game(state.rules, variant=state.game.variant).new_initial_state()
    steps: list[_Step] = []
    played: list[str] = []
    for action in state.history:
        deal, series_before, seen = replayed.deal_number, len(replayed.series), len(replayed.events)
        replayed.apply_action(action)
        if action.kind is Kind.PLAY and action.card is not None:
            played.append(str(action.card))
        ended = None
        if replayed.deal_number != deal:  # the deal was counted and the next begun
            if deal and replayed.shown_hands is not None:
                ended = (tuple(sorted(str(c) for hand in replayed.shown_hands[0] for c in hand)), tuple(played))
            played = []
        steps.append(_Step(action, deal, series_before, len(replayed.series), replayed.count,
                           tuple(replayed.events[seen:]), ended))
    return steps, replayed


def check_invariants(state: State, *, finished: bool = True) -> None:
    """The invariants every game keeps; raise InvariantError naming the one broken.

    ``finished=False`` checks a game stopped part-way (the fuzzer's long games) for everything but its end.
    """
    if finished:
        check_game_ended(state)
    check_scores(state)
    check_no_negative_scores(state)
    steps, replayed = _trace(state)
    check_replay(state, replayed)
    check_deals_end(steps)
    check_cards_played(state, steps)
    check_series_ends(state, steps)


def check_game_ended(state: State) -> None:
    """The game is over, and its winner reached the target first."""
    rules = state.rules
    if not state.is_terminal():
        raise InvariantError(f"the game did not end: {state.scores} after {state.deal_number} deals")
    if state.winner is None or state.scores[state.winner] < rules.target:
        raise InvariantError(f"winner {state.winner} did not reach {rules.target}: {state.scores}")
    if rules.peg_out_ends_game:
        running = [0] * len(state.scores)
        target = rules.target
        for event in state.events:
            team = event.team
            running[team] += event.points
            if running[team] >= target:  # only the side that just scored can have reached it
                if team != state.winner:
                    raise InvariantError("the winner was not the first to reach the target")
                break


def check_scores(state: State) -> None:
    """Scores are the sums of their events, and partners share one."""
    totals = [0] * len(state.scores)
    for event in state.events:
        totals[event.team] += event.points
    if totals != state.scores:
        raise InvariantError(f"scores {state.scores} are not the sums of their events {totals}")
    if state.rules.partnerships:
        for p in range(state.n):
            if state.team_score(p) != state.team_score((p + 2) % state.n):
                raise InvariantError("partners do not share one score")


def check_no_negative_scores(state: State) -> None:
    """No event takes points away, so no score is ever below 0."""
    for event in state.events:
        if event.points < 0:
            raise InvariantError(f"deal {event.deal}: {event.name} scored {event.points}")
    if min(state.scores) < 0:
        raise InvariantError(f"a negative score: {state.scores}")


def check_replay(state: State, replayed: State) -> None:
    """Replaying the actions reproduces every event and score."""
    if replayed.events != state.events or replayed.scores != state.scores:
        raise InvariantError("replaying the actions did not reproduce the events")


def check_deals_end(steps: list[_Step]) -> None:
    """Every deal ends within MAX_DEAL_ACTIONS actions (the cut before the first deal aside)."""
    per_deal: dict[int, int] = {}
    for step in steps:
        if step.deal:
            per_deal[step.deal] = per_deal.get(step.deal, 0) + 1
            if per_deal[step.deal] > MAX_DEAL_ACTIONS:
                raise InvariantError(f"deal {step.deal} did not end in {MAX_DEAL_ACTIONS} actions")


def check_cards_played(state: State, steps: list[_Step]) -> None:
    """The count never passes the limit, no card is played twice in a deal, and (where new series are
    played) every card held after the mog is played, none left dead."""
    limit = state.rules.play_limit
    for step in steps:
        if step.count_after > limit:
            raise InvariantError(f"deal {step.deal}: the count reached {step.count_after}")
        if step.ended_deal is not None:
            held, played = step.ended_deal
            if len(set(played)) != len(played):
                raise InvariantError(f"deal {step.deal}: a card played twice: {sorted(played)}")
            if state.rules.new_series and sorted(played) != list(held):
                raise InvariantError(f"deal {step.deal}: cards held {list(held)} but played {sorted(played)}")


def check_series_ends(state: State, steps: list[_Step]) -> None:
    """A latter is paid only for a card played in the series it ends, and no series pays both a go and
    the latter unless the profile says so (``play.go_and_latter``)."""
    go_paid = False
    for step in steps:
        played_now = 1 if step.action.kind is Kind.PLAY else 0
        for event in step.events:
            if event.rule == "play.go_points":
                go_paid = True
            if event.rule == "play.latter_points":
                if step.series_before + played_now == 0:
                    raise InvariantError(f"deal {event.deal}: a latter paid for a series with no card played")
                if go_paid and not state.rules.go_and_latter:
                    raise InvariantError(f"deal {event.deal}: one series paid both the go and the latter")
        if not step.series_after:  # the series ended (or none has begun): the next starts afresh
            go_paid = False


_PLAY = Kind.PLAY


class DealWatch:
    """The per-step invariants of ``check_invariants``, checked as a game runs: call ``after`` with each
    action once it is applied, and ``finish`` when the game stops. Each check is the incremental form of
    one of the replay's checks:

    - ``check_deals_end``: every deal ends within MAX_DEAL_ACTIONS actions (checked as each deal ends,
      and by ``finish`` for the deal in progress, however it stopped);
    - ``check_cards_played``: the count never passes the limit, no card is played twice in a deal, and
      (where new series are played) every card held after the mog is played;
    - ``check_series_ends``: a latter is paid only for a series with a card in it, and no series pays
      both a go and the latter unless the profile says so.
    """

    __slots__ = ("state", "limit", "all_played", "go_and_latter", "deal", "history", "deal_start", "played",
                 "series_before", "events", "events_seen", "go_paid")  # read at every action: slots are quicker

    def __init__(self, state: State) -> None:
        self.state = state
        rules = state.rules
        self.limit = rules.play_limit
        self.all_played = rules.new_series
        self.go_and_latter = rules.go_and_latter
        self.deal = state.deal_number
        self.history = state.history  # the state's own lists, appended to and never replaced
        self.deal_start = len(state.history)  # where the deal's actions begin in the history
        self.played: list[str] = []
        self.series_before = len(state.series)
        self.events = state.events
        self.events_seen = len(state.events)
        self.go_paid = False

    def after(self, action: Action) -> None:
        # Some two hundred calls a game: only what can have changed is read, the rest when it has.
        state = self.state
        played_now = action.kind is _PLAY
        if played_now:
            text = action.card.text  # type: ignore[union-attr]
            if text in self.played:  # caught at once rather than at the deal's end
                raise InvariantError(f"deal {self.deal}: a card played twice: {sorted(self.played + [text])}")
            self.played.append(text)
        if state.count > self.limit:
            raise InvariantError(f"deal {self.deal}: the count reached {state.count}")
        if len(self.events) != self.events_seen:
            self._series_events(played_now)
        self.series_before = series = len(state.series)
        if not series:  # the series ended (or none has begun): the next starts afresh
            self.go_paid = False
        if state.deal_number != self.deal:
            self._deal_over()

    def finish(self) -> None:
        """The checks of the deal in progress when the game stopped (its end, or a limit reached)."""
        self._check_deal_length(len(self.history))

    def _check_deal_length(self, end: int) -> None:
        if self.deal and end - self.deal_start > MAX_DEAL_ACTIONS:
            raise InvariantError(f"deal {self.deal} did not end in {MAX_DEAL_ACTIONS} actions")

    def _series_events(self, played_now: bool) -> None:
        events = self.events
        for event in events[self.events_seen:]:
            if event.rule == "play.go_points":
                self.go_paid = True
            elif event.rule == "play.latter_points":
                if self.series_before + played_now == 0:
                    raise InvariantError(f"deal {event.deal}: a latter paid for a series with no card played")
                if self.go_paid and not self.go_and_latter:
                    raise InvariantError(f"deal {event.deal}: one series paid both the go and the latter")
        self.events_seen = len(events)

    def _deal_over(self) -> None:
        state = self.state
        # The action that ended the deal is its last (the next deal begins with a chance action after it).
        self._check_deal_length(len(self.history))
        if self.deal and state.shown_hands is not None:
            played = self.played
            distinct = set(played)
            if len(distinct) != len(played):
                raise InvariantError(f"deal {self.deal}: a card played twice: {sorted(played)}")
            if self.all_played:
                # The same cards held as played: with none played twice, the same set and as many.
                held = [c.text for hand in state.shown_hands[0] for c in hand]
                if len(held) != len(played) or set(held) != distinct:
                    raise InvariantError(f"deal {self.deal}: cards held {sorted(held)} but played {sorted(played)}")
        self.deal = state.deal_number
        self.deal_start = len(self.history)
        self.played = []
