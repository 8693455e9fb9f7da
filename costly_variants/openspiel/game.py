"""``costly_colours``: every profile as an OpenSpiel game, through OpenSpiel's Python game API.

``pyspiel.load_game("costly_colours", {"variant": "cotton-1674"})`` plays that profile's rules on the
project's engine. Parameters, each read once when the game is made:

- ``variant``: a bundled profile id or a path to a profile file (default ``parlett-121``);
- ``returns``: ``win_loss`` (+1 to the winning side's seats, -1 to the others) or ``points`` (each side's
  score less the other's, at most the target either way);
- ``max_deals``: the game stops after this many deals if no side has won (a draw in ``win_loss``), so that
  every game has a bounded length, as OpenSpiel requires (default 200; real games take a tenth of it).

Chance is explicit (the cut, each card dealt, the deck card, the card the four-hand dealer takes from
the stock), each outcome a card's index. The four-hand partnership game is four players in two teams:
seats 0 and 2 against 1 and 3, each seat given its side's return. What each seat may see is in
``core``; the observations hold that and no more.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..cards import FULL_DECK, Card
from ..game.state import CHANCE, Game, Phase
from ..profiles import Profile, load
from .core import CARD_COUNT, ActionTable, Core
from .resample import resample_deal

SHORT_NAME = "costly_colours"
TERMINAL_PLAYER = int(pyspiel.PlayerId.TERMINAL)
DEFAULTS: dict[str, Any] = {"variant": "parlett-121", "returns": "win_loss", "max_deals": 200}
RETURNS = ("win_loss", "points")
# No deal takes more mog decisions than this: two exchanges of two asks and two gives, the stock, a discard.
MOG_DECISIONS = 10

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Costly Colours (costly-variants: any rule profile)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
    default_loadable=True,
    provides_factored_observation_string=False)


class ParameterError(ValueError):
    """A parameter of ``costly_colours`` that is not one the game takes."""


_ENGINE_GAMES: dict[int, tuple[Profile, Game]] = {}


def engine_game(profile: Profile) -> Game:
    """The one engine Game of a loaded profile (its tables are made once)."""
    entry = _ENGINE_GAMES.get(id(profile))
    if entry is None or entry[0] is not profile:
        entry = _ENGINE_GAMES[id(profile)] = (profile, Game(profile.rules, variant=profile.id))
    return entry[1]


def _checked(params: dict[str, Any]) -> tuple[str, str, int]:
    unknown = sorted(set(params) - set(DEFAULTS))
    if unknown:
        raise ParameterError(f"{SHORT_NAME} has no parameter {unknown[0]!r}: it takes {', '.join(DEFAULTS)}")
    variant, returns, max_deals = params["variant"], params["returns"], params["max_deals"]
    if returns not in RETURNS:
        raise ParameterError(f"{SHORT_NAME}: returns must be win_loss or points, not {returns!r}")
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise ParameterError(f"{SHORT_NAME}: max_deals must be a whole number, 1 or more: {max_deals!r}")
    return str(variant), str(returns), max_deals


class CostlyColoursGame(pyspiel.Game):  # type: ignore[misc]
    """A profile's rules as an OpenSpiel game (see the module's description for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        variant, returns, max_deals = _checked(chosen)
        self.profile = load(variant)
        self.engine = engine_game(self.profile)
        self.table = ActionTable(self.engine)
        self.points = returns == "points"
        self.max_deals = max_deals
        rules = self.profile.rules
        n = rules.players
        bound = float(rules.target) if self.points else 1.0
        # Every card played, at most one go from each seat in each series (a series holds a card at least),
        # and the mog's decisions: a bound on the decisions of one deal.
        per_deal = n * rules.cards_each * (n + 1) + MOG_DECISIONS
        info = pyspiel.GameInfo(num_distinct_actions=len(self.table), max_chance_outcomes=CARD_COUNT,
                                num_players=n, min_utility=-bound, max_utility=bound, utility_sum=0.0,
                                max_game_length=max_deals * per_deal)
        super().__init__(GAME_TYPE, info, chosen)

    def new_initial_state(self) -> CostlyColoursState:
        return CostlyColoursState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class CostlyColoursState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; ``engine`` is the project's own State of it."""

    def __init__(self, game: CostlyColoursGame) -> None:
        super().__init__(game)
        self._core = Core(game.engine, game.table, game.max_deals, dict(game.get_parameters()))
        self._points = game.points
        self._target = game.profile.rules.target

    @property
    def engine(self) -> Any:
        """The engine's State (``costly_variants.game.state.State``): for the project's bots and for reading
        the game as the project does. Change it only through this state's ``apply_action``."""
        return self._core.engine

    # -- the API every OpenSpiel game implements ------------------------------------------------------

    def current_player(self) -> int:
        return self._core.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted((action.card.index, p) for action, p in self._core.engine.chance_outcomes()
                      if action.card is not None)

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            kind = self._core.chance_kind().value if self._core.engine.current_player() == CHANCE else "card"
            return f"{kind}:{FULL_DECK[action].text}"
        return str(self._core.table.actions[action])

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def returns(self) -> list[float]:
        core = self._core
        engine = core.engine
        n = engine.n
        if not core.is_terminal():
            return [0.0] * n
        if self._points:
            target = self._target
            return [float(max(-target, min(target, engine.scores[engine.team_of(p)]
                                            - engine.scores[1 - engine.team_of(p)]))) for p in range(n)]
        if engine.winner is None:  # stopped at max_deals
            return [0.0] * n
        return [1.0 if engine.team_of(p) == engine.winner else -1.0 for p in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CostlyColoursState:
        """A state ``player_id`` cannot tell from this one (the same information-state string and tensor),
        the cards it has not seen drawn afresh (``resample``). ``probability_sampler()`` gives a float in
        [0, 1) that seeds the draw, as OpenSpiel's samplers do."""
        core = self._core
        game = self.get_game()
        fresh = game.new_initial_state()
        if core.snapshot is None or core.is_terminal():  # before the first deal: nothing hidden yet
            for number in self.history():
                fresh.apply_action(number)
            return fresh
        rng = random.Random(int(float(probability_sampler()) * 2 ** 53))
        actions = resample_deal(core, player_id, rng)
        before = self.history()[:core.deal_start]
        # The earlier deals are the same: their actions pass through without the engine, and the state
        # as the deal began is copied in at the end of them.
        fresh._core.skip = len(before)
        fresh._core.source = core
        for number in before:
            fresh.apply_action(number)
        table = core.table.ids
        for action in actions:
            fresh.apply_action(action.card.index if action.is_chance and action.card is not None else table[action])
        return fresh

    def __str__(self) -> str:
        engine = self._core.engine
        step = f" ({engine.pending[0][1]}, p{engine.pending[0][0]})" if engine.phase is Phase.MOG and engine.pending else ""
        hands = " | ".join(" ".join(c.text for c in hand) for hand in engine.hands)
        series = " ".join(c.text for _, c in engine.series)
        deck = engine.deck_card.text if engine.deck_card is not None else "-"
        cut = ", stopped at max_deals" if self._core.cut_off else ""
        return (f"deal {engine.deal_number}, dealer p{engine.dealer}, scores {engine.scores}, {engine.phase.value}"
                f"{step}{cut}; deck card {deck}; hands {hands}; count {engine.count} ({series}); "
                f"{len(engine.history)} actions")


def _one_hot(view: np.ndarray, index: int) -> None:
    if 0 <= index < len(view):
        view[index] = 1.0


def _cards(view: np.ndarray, cards: Any) -> None:
    for card in cards:
        if card is not None:
            view[card.index] = 1.0


STEPS = ("cut", "deal", "turn", "ask", "answer", "confirm", "offer", "ask-partner", "answer-partner", "give",
         "stock", "stock-card", "discard", "play", "over")
MOG_KINDS = ("ask", "decline", "stock", "no-stock")
MOG_SLOTS = 6  # public decisions of one deal's mog: at most three in the two-hand game, five in the four


class Observer:
    """What a seat may see, as OpenSpiel's PyObserver: a tensor in named pieces and a string.

    ``public_info`` gives what every seat sees (scores, dealer, the deck card, the cards played this deal,
    each hand's size); ``private_info`` single player adds the seat's own cards (its hand, what it gave and
    received in the mog, the stock card and the card put out if it dealt). ``perfect_recall`` adds the
    current deal's history (the hand as dealt, the mog's decisions, the cards played in order), and the
    string is then the whole game as the seat saw it, action by action. The tensor holds the current deal
    and the scores, which is all of the past that bears on the play from here (each deal has a fresh
    deck); the string holds every deal.
    """

    def __init__(self, game: CostlyColoursGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not taken; passed {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(f"{SHORT_NAME} observes for one seat or for none, not for all players at once")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        rules = game.profile.rules
        n = rules.players
        self.n = n
        self.target = rules.target
        self.limit = rules.play_limit
        self.each = rules.cards_each
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (n,))]
        if self.public:
            pieces += [("dealer", (n,)), ("to_move", (n,)), ("scores", (2,)), ("step", (len(STEPS),)),
                       ("count", (1,)), ("series", (CARD_COUNT,)), ("played", (n, CARD_COUNT)), ("said_go", (n,)),
                       ("hand_sizes", (n,)), ("deck_card", (CARD_COUNT,))]
        if self.private:
            pieces += [("hand", (CARD_COUNT,)), ("given", (CARD_COUNT,)), ("received", (CARD_COUNT,)),
                       ("stock_card", (CARD_COUNT,)), ("put_out", (CARD_COUNT,))]
        if self.perfect_recall and self.private:
            pieces += [("dealt", (CARD_COUNT,))]
        if self.perfect_recall and self.public:
            pieces += [("mog_log", (MOG_SLOTS, n + len(MOG_KINDS) + len(STEPS))),
                       ("play_log", (n * self.each, n + CARD_COUNT + 1))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + length].reshape(shape)
            at += length

    def _step(self, core: Core) -> str:
        engine = core.engine
        if core.is_terminal():
            return "over"
        phase = engine.phase
        if phase is Phase.MOG and engine.pending:
            return str(engine.pending[0][1])
        return str(phase.value)

    def set_from(self, state: CostlyColoursState, player: int) -> None:
        core = state._core
        engine = core.engine
        d = self.dict
        self.tensor.fill(0.0)
        _one_hot(d["player"], player)
        if self.public:
            team = engine.team_of(player)
            if engine.dealer >= 0:
                _one_hot(d["dealer"], engine.dealer)
            mover = core.current_player()
            if mover >= 0:
                _one_hot(d["to_move"], mover)
            d["scores"][:] = (engine.scores[team] / self.target, engine.scores[1 - team] / self.target)
            _one_hot(d["step"], STEPS.index(self._step(core)))
            d["count"][0] = engine.count / self.limit
            _cards(d["series"], (c for _, c in engine.series))
            for seat, card, _ in core.play_log:
                d["played"][seat, card.index] = 1.0
            for seat in engine.said_go:
                d["said_go"][seat] = 1.0
            for seat, hand in enumerate(engine.hands):
                d["hand_sizes"][seat] = len(hand) / (self.each + 1)
            _cards(d["deck_card"], [engine.deck_card])
        if self.private:
            _cards(d["hand"], engine.hands[player])
            _cards(d["given"], [core.given[player]])
            _cards(d["received"], [core.received[player]])
            if player == engine.dealer:
                _cards(d["stock_card"], [core.stock_card])
                _cards(d["put_out"], [core.discarded])
        if self.perfect_recall and self.private:
            _cards(d["dealt"], core.dealt[player])
        if self.perfect_recall and self.public:
            log = d["mog_log"]
            for slot, (seat, kind, step) in enumerate(core.mog_log[:MOG_SLOTS]):
                log[slot, seat] = 1.0
                log[slot, self.n + MOG_KINDS.index(kind.value)] = 1.0
                log[slot, self.n + len(MOG_KINDS) + STEPS.index(step)] = 1.0
            plays = d["play_log"]
            for slot, (seat, card, value) in enumerate(core.play_log[:len(plays)]):
                plays[slot, seat] = 1.0
                plays[slot, self.n + card.index] = 1.0
                plays[slot, self.n + CARD_COUNT] = value / self.limit

    def string_from(self, state: CostlyColoursState, player: int) -> str:
        core = state._core
        if self.perfect_recall and self.public:
            tokens = core.views[player] if self.private else core.public
            return f"p{player}: " + " ".join(tokens)
        engine = core.engine
        parts = [f"p{player}"]
        if self.public:
            team = engine.team_of(player)
            mover = core.current_player()
            parts += [f"deal {engine.deal_number}, dealer p{engine.dealer}",
                      f"scores {engine.scores[team]}-{engine.scores[1 - team]} of {self.target}",
                      f"{self._step(core)}" + (f" p{mover}" if mover >= 0 else ""),
                      f"deck {_text(engine.deck_card)}",
                      f"count {engine.count}" + "".join(f" {c.text}" for _, c in engine.series),
                      "played " + " ".join(f"p{seat}:" + (",".join(c.text for s, c, _ in core.play_log if s == seat)
                                                          or "-") for seat in range(self.n)),
                      "go " + (",".join(f"p{s}" for s in sorted(engine.said_go)) or "-"),
                      "hands " + "/".join(str(len(h)) for h in engine.hands)]
        if self.private:
            parts += ["hand " + " ".join(c.text for c in engine.hands[player]),
                      f"gave {_text(core.given[player])}", f"got {_text(core.received[player])}"]
            if player == engine.dealer and core.stock_card is not None:
                parts += [f"stock card {_text(core.stock_card)}", f"put out {_text(core.discarded)}"]
        if self.perfect_recall and self.private:
            parts += ["dealt " + " ".join(c.text for c in core.dealt[player])]
        return " | ".join(parts)


def _text(card: Card | None) -> str:
    return card.text if card is not None else "-"


__all__ = ["CostlyColoursGame", "CostlyColoursState", "DEFAULTS", "GAME_TYPE", "Observer", "ParameterError",
           "SHORT_NAME", "engine_game"]
