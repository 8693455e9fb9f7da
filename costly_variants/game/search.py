"""The search bot: for the mog and every card, the choice with the best outcome on average over the
hands the other players may hold, searched through the rest of the deal.

It sees only what its seat may see: its hand, the deck card, the cards played, the scores, and in the
two-hand game the card it gave in the mog (which the other player holds until he plays it). Each
decision it draws ``PLAY_WORLDS`` (in the play) or ``MOG_WORLDS`` (in the mog) *worlds*
(``FOUR_HAND_WORLDS`` in the four-hand game, ``FOUR_HAND_BOARD_WORLDS`` for ``search`` there): the unseen
cards dealt at random into the other hands (and, where the dealer may mog the stock, the next stock card),
by a partial Fisher-Yates shuffle of the unseen cards in deck order, with the bot's own seeded
generator. Every choice is tried in every world (common random numbers), and the one with the best sum
of values is taken (the first of equals):

- in the play, the value of a world is the minimax value of the rest of the deal with every hand known
  (alpha-beta; the play to its end, the go and the latter, the count), the bot's side maximising and
  the other side minimising; in the four-hand game, of the rest of the series, and then the count;
- in the mog, every later step (the bot's own too) is taken as the expert bot takes it, from what its
  seat sees, and a world's value at the start of the play is the points so far and to come at the
  count: each side's hands counted, the late claims and the heels.

The end of what is searched (the end of the deal, or of the game) is valued in one place,
``_leaf_value``, one of two ways:

- ``search`` (``SearchBot``) plays the board: a value is the bot's side's chance of
  winning the game from the position reached (the two scores, and who deals next), in millionths, read
  from the rules' win table (``wintable.board_of``: the expert bots' table, worked out by the compare
  stage and cached); a game won is worth the whole (``wintable.SCALE``), a game lost nothing. Behind,
  it weighs its own points more; ahead, the points it keeps from the other side. In the four-hand game
  its search stops at the end of a series, far from a deal's end that the table could value as it
  stands (so valued, it measured weaker): there it reads the table's tangent at the scores of the
  decision (``tangent.Tangent``: the chance there, and what a point of each side's is worth there), and
  draws twice the point search's worlds, where its gain over ``search-points`` comes from
  (``docs/architecture.rst``); where the rules have no table, it is ``search-points``;
- ``search-points`` (``PointSearchBot``) plays for points: a value is the bot's side's score less the
  other side's, or ``WIN`` with the sign of the side that won where a side reached the target.

Values are whole numbers, so the sums, and the choices, are exactly those of the compiled kernel's
search (``_kernel_search.c``, which reads the same table as whole numbers), which plays the same games.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from ..cards import FULL_DECK, Card
from .actions import CHANCE_ACTIONS, Action, Kind
from .base import Phase
from .play import _RANK, _RELATION
from .state import State
from .tangent import Tangent
from .wintable import SCALE, Board, board_of

PLAY_WORLDS = 40
MOG_WORLDS = 48
FOUR_HAND_WORLDS = 8  # in the play and the mog alike: a world of four hands costs four times as much
FOUR_HAND_BOARD_WORLDS = 16  # the four-hand board search's: twice as many, where its gain comes from
WIN = 10_000
_INF = 1 << 40

_PLAY, _MOG, _OVER = Phase.PLAY, Phase.MOG, Phase.OVER
_GIVE, _DISCARD, _PLAY_CARD = Kind.GIVE, Kind.DISCARD, Kind.PLAY


class SearchBot:
    """The search that plays the board (in the two-hand game): the end of what it searches valued by the
    chance of winning from there."""

    name = "search"
    by_board = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # The card this seat gave in the mog of the deal it was given in, and to whom (two-hand game).
        self._gave: tuple[int, Card, int] | None = None

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        chosen = legal[0] if len(legal) == 1 else self._search(state, player, legal)
        if chosen.kind is _GIVE and state.n == 2 and chosen.card is not None:
            self._gave = (state.deal_number, chosen.card, 1 - player)
        return chosen

    def values(self, state: State, player: int) -> list[tuple[Action, list[int]]]:
        """Each legal action and its value in each world drawn (for ``hint``); draws from the bot's
        generator as a choice does."""
        legal = state.legal_actions()
        return list(zip(legal, self._values(state, player, legal)))

    # -- the search ----------------------------------------------------------------------------------

    def _search(self, state: State, player: int, legal: list[Action]) -> Action:
        # Every action valued exactly in every world, the readable form. The kernel's play
        # (_kernel_search.c, choose_in_play) values only the best so far exactly and bounds the others,
        # skipping an action the play cannot tell from an earlier one: other positions visited, the same
        # choice (tests/golden/search_choices.json holds both engines to it).
        sums = self._sums(state, player, legal)
        best = 0
        for i in range(1, len(legal)):
            if sums[i] > sums[best]:
                best = i
        return legal[best]

    def _sums(self, state: State, player: int, legal: list[Action]) -> list[int]:
        return [sum(values) for values in self._values(state, player, legal)]

    def _values(self, state: State, player: int, legal: list[Action]) -> list[list[int]]:
        in_play = state.phase is _PLAY
        team, deal = state.team_of(player), state.deal_number
        board = self.board_for(state, team)
        if state.n == 4:
            count = FOUR_HAND_BOARD_WORLDS if board is not None else FOUR_HAND_WORLDS
        else:
            count = PLAY_WORLDS if in_play else MOG_WORLDS
        worlds = [self._world(state, player, board) for _ in range(count)]
        values: list[list[int]] = [[] for _ in legal]
        for world in worlds:
            if in_play:
                _count_world(world)
            for i, action in enumerate(legal):
                child = world.search_copy()
                child.apply_trusted(action)
                if in_play:
                    values[i].append(_play_value(child, team, deal, -_INF, _INF))
                else:
                    values[i].append(_mog_value(child, team, deal))
        return values

    def board_for(self, state: State, team: int) -> Board | Tangent | None:
        """How this decision values the end of what it searches: by the table (two hands), by the table's
        tangent at the scores now, the other side to deal the next deal (four hands), or by points (None:
        search-points, or rules without a table)."""
        board = board_of(state.rules) if self.by_board else None
        if board is None or state.n == 2:
            return board
        return Tangent.at(board, team, state.scores, 1 - state.team_of(state.dealer))

    def _world(self, state: State, player: int, board: Board | Tangent | None) -> State:
        """The state with the cards this seat has not seen dealt at random into the other hands."""
        known: dict[int, Card] = {}
        if self._gave is not None and self._gave[0] == state.deal_number and state.n == 2:
            _, card, receiver = self._gave
            if card not in state.played and card in state.hands[receiver]:
                known[receiver] = card  # as the seat knows: it gave it, and has not seen it played
        seen = {*state.hands[player], *state.played, *known.values()}
        if state.deck_card is not None:
            seen.add(state.deck_card)
        pool = [card for card in FULL_DECK if card not in seen]
        others = [(player + i) % state.n for i in range(1, state.n)]
        need = [len(state.hands[q]) - (1 if q in known else 0) for q in others]
        draws = sum(need)
        if state.phase is _MOG and state.rules.mog_dealer_stock and len(pool) > draws:
            draws += 1  # the next stock card, should the dealer mog the stock
        rng = self.rng
        for i in range(draws):
            j = i + rng.randrange(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        world = state.search_copy()
        at = 0
        for q, n in zip(others, need):
            hand = pool[at:at + n] + ([known[q]] if q in known else [])
            at += n
            world.hands[q] = hand
            if state.phase is _PLAY:
                held = set(state.count_hands[q])
                world.count_hands[q] = tuple([c for c in state.played if c in held] + hand)
        world.stock = pool[at:]
        world.board = board
        # A give another player has made is not seen until the exchange: in this world he gives as the
        # greedy bot would from the hand he is dealt here.
        from .bots import GreedyBot

        for q in world.gives:
            if q != player:
                world.gives[q] = GreedyBot._best_kept(world, q, world._give_actions(q))
        return world


class PointSearchBot(SearchBot):
    """The search that plays for points: the end of what it searches valued by the score difference."""

    name = "search-points"
    by_board = False


def _leaf_value(board: Board | Tangent | None, team: int, won: int, scores: Sequence[int], dealer: int) -> int:
    """The value of the end of what is searched, the one place the search values it (``_kernel_search.c``'s
    ``leaf_value``): ``won`` 1 if the searching side (``team``) has won, -1 if the other has, else 0;
    ``scores`` the two sides' scores there, ``dealer`` the side to deal the next deal. By the ``board``:
    the side's chance of winning from there, in millionths (the whole if won, nothing if lost); without
    one, the game won or lost is worth ``WIN``, else the points between the two sides. By a ``Tangent`` (the
    four-hand game): the table's tangent at the decision's scores (``Tangent.value``)."""
    if isinstance(board, Tangent):
        return board.value(won, scores)
    if board is None:
        return won * WIN if won else scores[team] - scores[1 - team]
    if won:
        return SCALE if won > 0 else 0
    chance = board.chance(scores[0], scores[1], dealer)
    return chance if team == 0 else SCALE - chance


def _outcome(state: State, team: int) -> int:
    won = 0 if state.phase is not _OVER else 1 if state.winner == team else -1
    # Who deals next: a counted world's deal ends before the next dealer is set (count._count_counted).
    dealer = state.team_of(state.dealer) ^ (state.counted is not None)
    return _leaf_value(state.board, team, won, state.scores, dealer)


def _count_world(world: State) -> None:
    """Each hand of a world counted once, for every position of its search to read at the count (not where
    an item would score less than nothing: the count then scores item by item, as the engine does)."""
    deck = world.deck_card
    assert deck is not None
    items = world.game.counter.items
    counted = []
    for hand in world.count_hands:
        points = [item[3] for item in items(hand, deck)]
        if min(points, default=0) < 0:
            return
        counted.append(sum(points))
    world.counted = tuple(counted)


def _play_key(state: State, action: Action) -> tuple[int, int, int | None]:
    """What the play's scores see of a card played: its rank, how its suit stands to the deck card's (for a
    Jack or a Deuce), and the value it is played at."""
    card = action.card
    assert card is not None and state.deck_card is not None
    return _RANK[card.index], _RELATION[state.deck_card.index][card.index], action.value


def _play_value(state: State, team: int, deal: int, alpha: int, beta: int) -> int:
    """The minimax value of the rest of the deal, every hand known (in the four-hand game, of the rest of
    the series, and then what the count will bring: a whole deal of four hands is too deep to search).
    A card the play's scores cannot tell from one tried before it has the same value, and is not tried.
    ``state`` is the search's own copy: a move forced on it (the one legal) is made in it, in place."""
    while True:
        if state.phase is _OVER or state.deal_number != deal:
            return _outcome(state, team)
        if state.n == 4 and not state.series:
            return _at_the_count(state, team, state.count_hands)
        legal = state.legal_actions()
        if len(legal) > 1:
            break
        state.apply_trusted(legal[0])
    actor = state.to_play
    mine = state.team_of(actor) == team
    best = -_INF if mine else _INF
    tried: set[tuple[int, int, int | None]] = set()
    for action in legal:
        if action.kind is _PLAY_CARD:
            key = _play_key(state, action)
            if key in tried:
                continue
            tried.add(key)
        child = state.search_copy()
        child.apply_trusted(action)
        value = _play_value(child, team, deal, alpha, beta)
        if mine:
            if value > best:
                best = value
            alpha = max(alpha, best)
        else:
            if value < best:
                best = value
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


# The model of every later step of the mog, the seat's own included: the expert bot, which chooses from
# what its seat sees (so that no later step is chosen knowing a world's hidden hands). It draws nothing
# from its generator.
_MODEL: list[Any] = []


def _model() -> Any:
    if not _MODEL:
        from .bots import ExpertBot  # the bots module imports this one

        _MODEL.append(ExpertBot(random.Random(0)))
    return _MODEL[0]


def _mog_value(state: State, team: int, deal: int) -> int:
    """The rest of the mog, every step as the expert bot takes it; then what the count will bring, the
    play aside."""
    if state.phase is _OVER or state.deal_number != deal:
        return _outcome(state, team)
    if state.phase is not _MOG:
        return _at_the_count(state, team, state.hands)
    actor, step = state.pending[0]
    if step == "stock-card":
        child = state.search_copy()
        child.apply_trusted(CHANCE_ACTIONS[Kind.STOCK_CARD][child.stock[0].index])
        return _mog_value(child, team, deal)
    legal = state.legal_actions()
    child = state.search_copy()
    child.apply_trusted(legal[0] if len(legal) == 1 else _model().choose(state, actor))
    return _mog_value(child, team, deal)


def _at_the_count(state: State, team: int, hands: Sequence[Sequence[Card]]) -> int:
    """The score difference now, and what the count will add: each of ``hands`` (as they will be
    counted), the late claims, the heels."""
    rules, deck = state.rules, state.deck_card
    assert deck is not None
    total = state.game.counter.total
    side = list(state.scores)  # each side's score once the count is made
    counted = state.counted  # a world's hands counted once (in the play's search)
    for p in range(state.n):
        side[state.team_of(p)] += counted[p] if counted is not None else total(hands[p], deck)
    for claim in state.claims:
        side[state.team_of(claim.receiver)] += claim.points
    if not rules.heels_before_play and deck.rank in rules.heels_ranks and rules.heels_points:
        side[state.team_of(state.dealer)] += rules.heels_points
    return _leaf_value(state.board, team, 0, side, 1 - state.team_of(state.dealer))


__all__ = ["FOUR_HAND_WORLDS", "MOG_WORLDS", "PLAY_WORLDS", "PointSearchBot", "SearchBot", "WIN"]
