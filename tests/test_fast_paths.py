"""The fast paths give exactly what the plain ones give: interned cards, the counting tables, the
trusted apply and direct chance draws, and the invariants watched as a game runs."""
from __future__ import annotations

import copy
import gc
import pickle
import random
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import assume, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.cards import FULL_DECK, Card, Rank, Suit, card_of
from costly_variants.count.hand import HandCounter, hand_counter, rank_part, score_hand, suit_part, suit_role
from costly_variants.game.actions import Action, Kind
from costly_variants.game.bots import ExpertBot
from costly_variants.game.play import PlayItem, PlayScores, card_value, score_play, series_code
from costly_variants.game.playout import MAX_DEAL_ACTIONS, DealWatch, InvariantError, play_game
from costly_variants.game.state import CHANCE, Game

BUNDLED = ["cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]
deals = st.lists(st.sampled_from(FULL_DECK), min_size=4, max_size=4, unique=True)


def rules(profile_id):
    return profiles.load(profile_id).rules


# -- cards ------------------------------------------------------------------------------------------------

def test_one_object_per_card_whatever_makes_it():
    ace = Card(Rank.ACE, Suit.HEARTS)
    assert ace is Card.from_str("AH") is Card(1, Suit.HEARTS)
    assert copy.copy(ace) is ace and copy.deepcopy([ace])[0] is ace and pickle.loads(pickle.dumps(ace)) is ace
    assert hash(ace) == ace.index and sorted(FULL_DECK)[0] is Card.from_str("AC")


def test_cards_are_immutable_and_a_bad_card_is_a_card_error():
    with pytest.raises(FrozenInstanceError):
        FULL_DECK[0].rank = Rank.KING  # type: ignore[misc]
    with pytest.raises(ValueError, match="no card of rank 14"):
        Card(14, Suit.HEARTS)


# -- counting tables --------------------------------------------------------------------------------------

def _plain_items(r, hand, deck):
    """The count worked out directly from rank_part and suit_part, as score_hand always did."""
    cards = (*hand, deck)
    order = sorted(range(len(cards)), key=lambda i: cards[i].rank)
    rank_items, _ = rank_part(r.counting, tuple(int(cards[i].rank) for i in order))
    found = [(c, n, tuple(cards[order[p]] for p in pos), pts, rule) for c, n, pos, pts, rule in rank_items]
    found += [(c, n, tuple(cards[p] for p in pos), pts, rule) for c, n, pos, pts, rule in suit_part(r.counting, cards)]
    place = {c: i for i, c in enumerate(r.declaration_order)}
    return sorted(found, key=lambda item: place[item[0]])


@pytest.mark.parametrize("profile_id", BUNDLED)
@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.sampled_from(FULL_DECK), min_size=2, max_size=5, unique=True))
def test_the_tables_count_as_rank_part_and_suit_part_do(profile_id, cards):
    # Hands of one to four cards (house profiles deal up to four) and the deck card.
    r = rules(profile_id)
    counter = hand_counter(r)
    hand, deck = cards[:-1], cards[-1]
    plain = _plain_items(r, hand, deck)
    for _ in range(2):  # the first look-up fills the tables, the second reads them
        assert counter.items(hand, deck) == plain
        assert counter.total(hand, deck) == sum(item[3] for item in plain)


@pytest.mark.parametrize("profile_id", BUNDLED)
@settings(max_examples=100, deadline=None)
@given(cards=deals, ranks=st.lists(st.sampled_from([r for r in Rank if r not in (Rank.JACK, Rank.TWO)]),
                                   min_size=4, max_size=4))
def test_the_suit_part_sees_only_suit_roles(profile_id, cards, ranks):
    # What the suit tables are keyed by: changing a rank other than a Jack's or a Deuce's changes nothing.
    changed = [c if c.rank in (Rank.JACK, Rank.TWO) else Card(rank, c.suit) for c, rank in zip(cards, ranks)]
    assert [suit_role(c) for c in changed] == [suit_role(c) for c in cards]
    assert suit_part(rules(profile_id).counting, changed) == suit_part(rules(profile_id).counting, cards)


def test_the_counting_tables_are_bounded_and_the_collector_can_leave_them_alone():
    r = rules("parlett-121")
    counter = HandCounter(r)
    counter.MAX_ORDERS = 4
    rng = random.Random(2)
    for _ in range(60):
        *hand, deck = rng.sample(FULL_DECK, 4)
        assert counter.items(hand, deck) == _plain_items(r, hand, deck)
        assert 1 <= len(counter._rank_items_in_order) <= 4
    # Their entries hold ints and strings only, which collections untrack (a level of nesting each, and
    # the entries nest four deep): no Enum member in them.
    for _ in range(4):
        gc.collect()
    tables = (counter._rank_items, counter._suit_items, counter._rank_items_in_order)
    assert not any(gc.is_tracked(entry) for table in tables for entry in table.values())


# -- the table of play scores ----------------------------------------------------------------------------

@pytest.mark.parametrize("profile_id", BUNDLED)
@settings(max_examples=150, deadline=None)
@given(cards=st.lists(st.sampled_from(FULL_DECK), min_size=2, max_size=9, unique=True),
       suits=st.lists(st.sampled_from(list(Suit)), min_size=8, max_size=8))
def test_the_play_table_scores_as_score_play_does(profile_id, cards, suits):
    # The table is keyed by the ranks, the count, and the last card's suit beside the deck card's only
    # where it is a Jack or a Deuce: a series of other suits with the same key, read from the entry the
    # first one made, must score as score_play scores it.
    r = rules(profile_id)
    *series, deck = cards
    count = sum(card_value(r, c) for c in series)
    assume(count <= r.play_limit)
    last = series[-1] if series[-1].rank in (Rank.JACK, Rank.TWO) else card_of(series[-1].rank, suits[-1])
    other = [card_of(c.rank, suit) for c, suit in zip(series[:-1], suits)] + [last]
    scores = PlayScores(r)
    for played in (series, other):
        code = series_code([int(c.rank) for c in played[:-1]])
        points, patterns = scores.lookup(code, [(0, c) for c in played[:-1]], played[-1], count, deck)
        plain = score_play(r, played, count, deck)
        table = tuple(played)
        assert [PlayItem(name, pts, table[len(table) - n:], rule) for name, pts, n, rule in patterns] == plain
        assert points == sum(item.points for item in plain)
    assert len(scores._entries) == 1


def test_the_play_table_is_bounded():
    r = rules("parlett-121")
    scores = PlayScores(r)
    scores.MAX_ENTRIES = 3
    deck = Card.from_str("5C")
    for rank in range(1, 10):
        scores.lookup(0, [], card_of(rank, Suit.HEARTS), rank, deck)
        assert 1 <= len(scores._entries) <= 3


# -- the game's fast path -------------------------------------------------------------------------------

@pytest.mark.parametrize("profile_id", BUNDLED)
def test_sampling_chance_draws_what_the_listed_outcomes_would(profile_id):
    state = Game(rules(profile_id), variant=profile_id).new_initial_state()
    fast, plain = random.Random(5), random.Random(5)
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        action = state.sample_chance(fast)
        assert action is outcomes[plain.randrange(len(outcomes))][0]
        state.apply_trusted(action)


@pytest.mark.parametrize("profile_id", BUNDLED)
@pytest.mark.parametrize("bots", [["greedy"], ["random"], ["expert", "greedy"]])
def test_the_trusted_path_plays_the_game_the_checked_path_replays(profile_id, bots):
    # check="full" replays every action through the validating apply_action and compares the events.
    for seed in range(3):
        state = play_game(Game(rules(profile_id), variant=profile_id), bots, seed, check="full")
        assert state.is_terminal()


def test_the_watch_catches_a_card_played_twice_and_a_count_past_the_limit():
    state = Game(rules("parlett-121"), variant="parlett-121").new_initial_state()
    watch = DealWatch(state)
    rng = random.Random(3)
    while state.phase.value != "play":
        action = state.sample_chance(rng) if state.current_player() == CHANCE else state.legal_actions()[0]
        state.apply_trusted(action)
        watch.after(action)
    play = next(a for a in state.legal_actions() if a.kind is Kind.PLAY)
    state.apply_trusted(play)
    watch.after(play)
    with pytest.raises(InvariantError, match="a card played twice"):
        watch.after(play)
    other = Action(Kind.PLAY, state.hands[state.to_play][0])
    state.count = state.rules.play_limit + 1
    with pytest.raises(InvariantError, match="the count reached"):
        watch.after(other)


def test_the_watch_names_a_deal_that_runs_past_its_actions():
    state = Game(rules("cotton-1674"), variant="cotton-1674").new_initial_state()
    watch = DealWatch(state)
    rng = random.Random(4)
    while state.deal_number == 0:
        action = state.sample_chance(rng)
        state.apply_trusted(action)
        watch.after(action)
    watch.finish()  # a deal just begun is within its actions
    state.history.extend([state.history[-1]] * (MAX_DEAL_ACTIONS + 1))  # as if its actions had gone on
    with pytest.raises(InvariantError, match=f"deal 1 did not end in {MAX_DEAL_ACTIONS} actions"):
        watch.finish()


def test_the_watch_and_the_replay_agree_on_a_series_paying_both_the_go_and_the_latter():
    from tests.test_rules_played import deal, rules_of

    state = deal(rules_of("eddowes-burne-1874", go_points=1, latter_points=1, go_and_latter=True),
                 ["10H", "9H", "8H"], ["KS", "QS", "10S"], "5D")
    watch = DealWatch(state)
    watch.go_and_latter = False  # as if the profile did not allow both: the watch must object
    with pytest.raises(InvariantError, match="both the go and the latter"):
        for text in ["decline", "play:10H", "play:KS", "play:9H", "go", "go"]:
            action = Action.from_str(text)
            state.apply_action(action)
            watch.after(action)


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_a_previewed_play_scores_what_it_previewed(profile_id):
    state = Game(rules(profile_id), variant=profile_id).new_initial_state()
    rng = random.Random(11)
    plays = 0
    while not state.is_terminal() and plays < 40:
        if state.current_player() == CHANCE:
            state.apply_trusted(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = rng.choice(legal)
        if action.kind is Kind.PLAY:
            for other in legal:  # previews of the others must not leak into this play's score
                state.preview_play(other)
            value = action.value if action.value is not None else card_value(state.rules, action.card)
            plain = score_play(state.rules, [c for _, c in state.series] + [action.card], state.count + value,
                               state.deck_card)
            assert state.preview_play(action) == plain
            expected = [(i.points, i.name, i.rule, tuple(str(c) for c in i.cards)) for i in plain]
            before = len(state.events)
            state.apply_action(action)
            scored = [(e.points, e.name, e.rule, e.cards) for e in state.events[before:]
                      if e.rule.startswith("play.") and e.rule not in ("play.go_points", "play.latter_points")]
            assert scored == expected or state.winner is not None
            plays += 1
        else:
            state.apply_action(action)


# -- the expert bot's look-ups ----------------------------------------------------------------------------

class PlainExpert:
    """The expert bot worked out card by card, as it was first written: ``score_play`` for each unseen
    card's best reply, ``score_hand`` for each hand after an exchange, ``max`` over (worth, -index)."""

    def __init__(self, state, player):
        self.state, self.player = state, player

    def hand_value(self, hand):
        return score_hand(self.state.rules, hand, self.state.deck_card).total

    def expected_after_exchange(self, give):
        state = self.state
        kept = [c for c in state.hands[self.player] if c is not give]
        unseen = [c for c in state.unseen_by(self.player) if c is not give]
        return sum(self.hand_value(kept + [c]) for c in unseen) / len(unseen)

    def lookahead(self, action):
        state, r = self.state, self.state.rules
        if action.kind is not Kind.PLAY:
            return 0.0
        value = action.value if action.value is not None else card_value(r, action.card)
        count = state.count + value
        series = [c for _, c in state.series] + [action.card]
        mine = sum(i.points for i in score_play(r, series, count, state.deck_card))
        if count == r.play_limit:
            return mine
        unseen = [c for c in state.unseen_by(self.player) if c is not action.card]
        replies = []
        for card in unseen:
            values = r.ace_values if card.rank == Rank.ACE else (card_value(r, card),)
            best = 0
            for v in values:
                if count + v <= r.play_limit:
                    best = max(best, sum(i.points for i in score_play(r, series + [card], count + v,
                                                                       state.deck_card)))
            replies.append(best)
        return mine - (sum(replies) / len(replies) if replies else 0.0)

    def choose(self):
        state, player = self.state, self.player
        legal = state.legal_actions()
        kind = legal[0].kind
        if kind is Kind.GIVE:
            return max(legal, key=lambda a: (self.expected_after_exchange(a.card) + (0.5 if a.peg else 0),
                                             -legal.index(a)))
        if kind is Kind.DISCARD:
            return max(legal, key=lambda a: (self.hand_value([c for c in state.hands[player] if c is not a.card]),
                                             -legal.index(a)))
        if kind in (Kind.ASK, Kind.STOCK):
            if kind is Kind.STOCK or not state.hands[player]:
                return legal[0]
            now = self.hand_value(state.hands[player])
            best = max(self.expected_after_exchange(c) for c in state.hands[player])
            return legal[0] if best + state.rules.mog_refusal_points >= now else legal[1]
        return max(legal, key=lambda a: (self.lookahead(a), -legal.index(a)))


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_the_expert_weighs_what_the_plain_expert_weighs(profile_id):
    # Every decision of games played at random (to reach all sorts of states) and by the expert: the
    # expected counts and look-aheads, floats, exactly equal to the card-by-card ones, and the same choice.
    game = Game(rules(profile_id), variant=profile_id)
    expert = ExpertBot(random.Random(0))
    weighed = {"play": 0, "exchange": 0}
    for seed in range(4):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_trusted(state.sample_chance(rng))
                continue
            player = state.current_player()
            plain = PlainExpert(state, player)
            legal = state.legal_actions()
            if legal[0].kind is Kind.PLAY:
                groups = state.reply_groups(player)
                for action, mine in zip(legal, state.preview_points(legal)):
                    assert ExpertBot._lookahead(state, action, mine, groups) == plain.lookahead(action)
                    weighed["play"] += 1
            elif legal[0].kind in (Kind.GIVE, Kind.ASK) and state.hands[player]:
                for card in state.hands[player]:
                    fast = ExpertBot._expected_after_exchange(state, player, card)
                    assert fast == plain.expected_after_exchange(card)
                    weighed["exchange"] += 1
            choice = expert.choose(state, player)
            assert choice == plain.choose()
            state.apply_action(choice if seed % 2 else rng.choice(legal))
    assert weighed["play"] > 100 and weighed["exchange"] > 20


def test_unseen_groups_hold_every_unseen_card_once():
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(FULL_DECK, rng.randrange(1, 30))
        deck, seen = cards[0], cards[1:]
        unseen = [c for c in FULL_DECK if c not in cards]
        for groups in (HandCounter.unseen_groups(seen, deck).by_rank, HandCounter.unseen_groups(seen, deck).by_role):
            assert sum(n for _, n in groups) == len(unseen)
            assert all(card in unseen for card, _ in groups)


def test_one_table_per_rules_found_by_identity_then_by_value():
    import dataclasses

    from costly_variants.profiles.rules import PerRules

    made: list[object] = []
    per_rules = PerRules(lambda rules: made.append(rules) or object())
    rules = profiles.load("parlett-121").rules
    same_values = dataclasses.replace(rules)
    first = per_rules(rules)
    assert per_rules(rules) is first and len(made) == 1
    assert per_rules(same_values) is first and len(made) == 1  # equal rules, another object: not made again
    for _ in range(PerRules.KEEP + 2):  # many short-lived rule sets: the registry starts afresh, bounded
        per_rules(dataclasses.replace(rules))
    assert len(per_rules._made) <= PerRules.KEEP + 1
