"""The engine's state as an OpenSpiel state needs it: the actions as integers, and what each seat has seen.

``Core`` wraps one engine ``State`` (``game.state``) and keeps, as each action is applied, each seat's
view of it: a token per action (``views``), with the cards a seat may not see written as ``?``; the
public view (``public``), as a spectator who holds no cards sees the game; and a log of the current deal
(``deal_log``) for resampling. OpenSpiel copies a state by deep-copying its attributes: ``Core`` copies
itself in time proportional to the state, not to the game's history, by sharing what never changes.

What a seat sees, after the game at a table:
- the cut, the deck card, every decision to mog or not, every card played, every score (the count shows
  the hands), and the hands as counted;
- its own cards as dealt; a card given in the mog, by the giver at once and by the receiver once both
  have given (they lay their cards down together); the card the four-hand dealer takes from the stock
  and the one he puts out, by the dealer alone. A Jack or Deuce pegged as it is given is shown by the
  score it makes.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import FULL_DECK, Card
from ..game.actions import (ASK, CHANCE_ACTIONS, DECLINE, DISCARD_ACTIONS, GO, NO_STOCK, STOCK, Action, Kind)
from ..game.state import CHANCE, Game, Phase, State

PLAYER_KINDS = (Kind.PLAY, Kind.GIVE, Kind.DISCARD, Kind.ASK, Kind.DECLINE, Kind.STOCK, Kind.NO_STOCK, Kind.GO)


class ActionTable:
    """Every action a player may take under one rule set, numbered for OpenSpiel: each card played (an Ace
    at each of its values), given (a Jack or a Deuce also given and pegged, where that scores),
    discarded; then ask, decline, stock, no-stock and go. A chance outcome is the card that comes: its
    index, 0 to 51."""

    def __init__(self, game: Game) -> None:
        actions: list[Action] = [action for options in game.play_options for _, action in options]
        actions += [action for options in game.give_options for action in options]
        actions += list(DISCARD_ACTIONS)
        actions += [ASK, DECLINE, STOCK, NO_STOCK, GO]
        self.actions: tuple[Action, ...] = tuple(actions)
        self.ids: dict[Action, int] = {action: number for number, action in enumerate(actions)}

    def __len__(self) -> int:
        return len(self.actions)


class Step(NamedTuple):
    """One action of the current deal as the resampler needs it: who took it, what it was, and for a card
    dealt the seat it went to, for a card given the seat it goes to, for a go the count it was said at."""

    actor: int
    action: Action
    seat: int = -1
    at_count: int = 0


def _copied(value: Any) -> Any:
    """A copy of a state's attribute: lists, dicts and sets copied (those inside them too), anything else
    shared, as cards, actions, events and the game are never changed once made."""
    kind = type(value)
    if kind is list:
        return [_copied(item) if type(item) in _CONTAINERS else item for item in value]
    if kind is dict:
        return {key: _copied(item) if type(item) in _CONTAINERS else item for key, item in value.items()}
    if kind is set:
        return set(value)
    return value


_CONTAINERS = (list, dict, set)


def copy_engine_state(state: State) -> State:
    """The same position as a new engine State, without replaying its history (``State.clone`` replays)."""
    copy = object.__new__(type(state))
    game = state.game
    for name, value in state.__dict__.items():
        copy.__dict__[name] = value if value is game.citations else _copied(value)
    return copy


class Core:
    """An engine state, with what each seat has seen of it and the log of its current deal."""

    # What the seats have seen of the current deal (``_forget_the_deal`` starts them afresh).
    deal_log: list[Step]
    dealt: list[list[Card]]
    given: list[Card | None]
    received: list[Card | None]
    stock_card: Card | None
    discarded: Card | None
    mog_log: list[tuple[int, Kind, str]]  # the public decisions of the mog: seat, kind, step
    play_log: list[tuple[int, Card, int]]  # the cards played this deal: seat, card, value

    def __init__(self, game: Game, table: ActionTable, max_deals: int, params: dict[str, Any]) -> None:
        self.game = game
        self.table = table
        self.max_deals = max_deals
        self.params = params  # the OpenSpiel game's parameters, to make the game again when unpickled
        # While ``skip`` > 0, actions pass without the engine, and then ``source``'s state as its current deal
        # began is copied in (a resampled state: see CostlyColoursState.resample_from_infostate).
        self.skip = 0
        self.source: Core | None = None
        self.engine = game.new_initial_state()
        n = game.num_players
        self.views: list[list[str]] = [[] for _ in range(n)]
        self.public: list[str] = []
        self.cut_off = False  # the game stopped at max_deals without a winner
        # The current deal: where it began, its state then (for resampling; never changed), each seat's
        # view's length then, its steps, and what each seat has seen of the mog in it.
        self.deal_number = 0
        self.deal_start = 0
        self.snapshot: State | None = None
        self.views_at_start: tuple[int, ...] = (0,) * n
        self.public_at_start = 0
        self._forget_the_deal()

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        copy = object.__new__(Core)
        copy.__dict__.update(self.__dict__)
        copy.engine = copy_engine_state(self.engine)
        for name in ("views", "dealt"):
            setattr(copy, name, [list(v) for v in getattr(self, name)])
        for name in ("public", "deal_log", "given", "received", "mog_log", "play_log"):
            setattr(copy, name, list(getattr(self, name)))
        return copy

    # -- the state -----------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.cut_off or self.engine.is_terminal()

    def current_player(self) -> int:
        from .game import TERMINAL_PLAYER

        return TERMINAL_PLAYER if self.is_terminal() else self.engine.current_player()

    def chance_actions(self) -> dict[int, Action]:
        """At a chance node: the cards that may come, by index, as the engine's actions."""
        return {action.card.index: action for action, _ in self.engine.chance_outcomes()  # type: ignore[union-attr]
                if action.card is not None}

    def legal_ids(self) -> list[int]:
        ids = self.table.ids
        return sorted(ids[action] for action in self.engine.legal_actions())

    def chance_kind(self) -> Kind:
        phase = self.engine.phase
        if phase is Phase.DEAL:
            return Kind.DEAL
        if phase is Phase.TURN:
            return Kind.TURN
        return Kind.CUT if phase is Phase.CUT else Kind.STOCK_CARD

    def engine_action(self, number: int) -> Action:
        """The engine's action for an OpenSpiel action here (a chance outcome is a card's index)."""
        if self.engine.current_player() == CHANCE:
            return CHANCE_ACTIONS[self.chance_kind()][number]
        return self.table.actions[number]

    # -- applying an action, and what each seat sees of it ---------------------------------------------

    def apply(self, number: int) -> None:
        if self.skip:
            self.skip -= 1
            if not self.skip and self.source is not None:
                self.restart_deal_from(self.source)
                self.source = None
            return
        engine = self.engine
        actor = engine.current_player()
        action = self.engine_action(number)
        seat, count, step = -1, engine.count, ""
        if actor == CHANCE:
            if action.kind is Kind.DEAL:
                seat = engine.next_receiver()
            elif action.kind is Kind.STOCK_CARD:
                seat = engine.dealer
        else:
            step = engine.pending[0][1] if engine.phase is Phase.MOG else ""
            if action.kind is Kind.GIVE:
                seat = self._exchange_partner(actor)
        gives_before = dict(engine.gives)
        events_before = len(engine.events)
        shown_before = engine.shown_hands
        engine.apply_action(action)
        self.deal_log.append(Step(actor, action, seat, count))
        self._seen(actor, action, seat, step)
        if action.kind is Kind.GIVE and not engine.gives and engine.deck_card is not None:
            self._exchanged({**gives_before, actor: action})
        for event in engine.events[events_before:]:
            cards = ",".join(event.cards)
            self._tell(f"p{event.player}+{event.points}:{event.name}" + (f":{cards}" if cards else ""))
        if engine.shown_hands is not shown_before and engine.shown_hands is not None:
            hands, _ = engine.shown_hands
            for player, hand in enumerate(hands):
                self._tell(f"p{player} shows " + ",".join(c.text for c in hand))
        if engine.deal_number != self.deal_number:
            self._new_deal()
        if not engine.is_terminal() and engine.deal_number > self.max_deals:
            self.cut_off = True

    def _exchange_partner(self, giver: int) -> int:
        """Who receives what ``giver`` gives: the partner in the four-hand game, else the other player."""
        engine = self.engine
        if self.game.num_players == 4:
            return (giver + 2) % 4
        return engine.dealer if giver == engine.eldest else engine.eldest

    def _tell(self, token: str, *, only: int | None = None, others: str | None = None) -> None:
        """Add ``token`` to every seat's view (and the public one); with ``only``, to that seat's alone, the
        others seeing ``others`` instead."""
        if only is None:
            for view in self.views:
                view.append(token)
            self.public.append(token)
            return
        for seat, view in enumerate(self.views):
            view.append(token if seat == only else others or "?")
        self.public.append(others or "?")

    def _seen(self, actor: int, action: Action, seat: int, step: str) -> None:
        kind = action.kind
        card = action.card
        if actor == CHANCE:
            assert card is not None
            if kind is Kind.DEAL:
                self.dealt[seat].append(card)
                self._tell(f"deal:{card.text}", only=seat, others=f"deal>p{seat}")
            elif kind is Kind.STOCK_CARD:
                self.stock_card = card
                self._tell(f"stock-card:{card.text}", only=seat, others="stock-card")
            elif kind is Kind.CUT:
                self._tell(f"cut:{card.text}")
            else:
                self._tell(f"turn:{card.text}")
            return
        if kind is Kind.GIVE:
            assert card is not None
            self.given[actor] = card
            self._tell(f"p{actor} give:{card.text}" + ("+peg" if action.peg else ""), only=actor,
                       others=f"p{actor} give" + ("+peg" if action.peg else ""))
            return
        if kind is Kind.DISCARD:
            assert card is not None
            self.discarded = card
            self._tell(f"p{actor} discard:{card.text}", only=actor, others=f"p{actor} discard")
            return
        if kind is Kind.PLAY:
            assert card is not None
            self.play_log.append((actor, card, self._value(action)))
        elif kind is not Kind.GO:
            self.mog_log.append((actor, kind, step))
        self._tell(f"p{actor} {step + ' ' if step else ''}{action}")

    def _value(self, action: Action) -> int:
        card = action.card
        assert card is not None
        return action.value if action.value is not None else self.game.card_values[card.index]

    def _exchanged(self, gives: dict[int, Action]) -> None:
        """Both have given: each receiver now sees the card that came to him."""
        (a, give_a), (b, give_b) = gives.items()
        for receiver, give in ((b, give_a), (a, give_b)):
            assert give.card is not None
            self.received[receiver] = give.card
            self._tell(f"received:{give.card.text}", only=receiver, others=f"p{receiver} received")

    def _new_deal(self) -> None:
        engine = self.engine
        self.deal_number = engine.deal_number
        self.deal_start = len(engine.history)
        self.snapshot = copy_engine_state(engine)
        self.views_at_start = tuple(len(v) for v in self.views)
        self.public_at_start = len(self.public)
        self._forget_the_deal()

    def _forget_the_deal(self) -> None:
        n = self.game.num_players
        self.deal_log = []
        self.dealt = [[] for _ in range(n)]
        self.given = [None] * n
        self.received = [None] * n
        self.stock_card = None
        self.discarded = None
        self.mog_log = []
        self.play_log = []

    # -- a resampled deal --------------------------------------------------------------------------------

    def restart_deal_from(self, other: Core) -> None:
        """Become ``other`` as its current deal began: its history before the deal, its views of it."""
        assert other.snapshot is not None
        self.engine = copy_engine_state(other.snapshot)
        self.views = [list(view[:length]) for view, length in zip(other.views, other.views_at_start)]
        self.public = other.public[:other.public_at_start]
        self.deal_number = other.deal_number
        self.deal_start = other.deal_start
        self.snapshot = other.snapshot
        self.views_at_start = other.views_at_start
        self.public_at_start = other.public_at_start
        self.cut_off = False
        self._forget_the_deal()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's parameters and its actions (OpenSpiel serialises a state so)."""
        ids = [action.card.index if action.is_chance and action.card is not None else self.table.ids[action]
               for action in self.engine.history]
        return _rebuilt, (self.params, ids)


def _rebuilt(params: dict[str, Any], ids: list[int]) -> Core:
    import pyspiel

    from .game import SHORT_NAME

    state = pyspiel.load_game(SHORT_NAME, params).new_initial_state()
    for number in ids:
        state.apply_action(number)
    return state._core  # type: ignore[no-any-return]


CARD_COUNT = len(FULL_DECK)

__all__ = ["ActionTable", "CARD_COUNT", "Core", "PLAYER_KINDS", "Step", "copy_engine_state"]
