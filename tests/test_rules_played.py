"""Every rule a profile states is the rule the engine plays: each key, set two ways, plays two ways."""
from __future__ import annotations

from dataclasses import replace

import pytest

from costly_variants import profiles
from costly_variants.cards import Card
from costly_variants.count.hand import jack_deuce_value, score_hand
from costly_variants.game.actions import Kind
from costly_variants.game.play import score_play
from costly_variants.game.playout import InvariantError, _trace, check_invariants, check_series_ends
from costly_variants.game.state import Game, Phase
from costly_variants.profiles.rules import (AceInSequence, Category, CutAce, LateClaimWhen, Match, PairMatch,
                                            PartnersChallenger, Rules, StockWhen)


def rules_of(profile_id: str, **changes: object) -> Rules:
    return replace(profiles.load(profile_id).rules, **changes)


def cards(*texts: str) -> list[Card]:
    return [Card.from_str(t) for t in texts]


def deal(rules: Rules, eldest: list[str], dealer: list[str], deck: str, cuts: tuple[str, str] = ("KC", "AC")):
    """A two-hand state after the turn-up: player 1 deals (under an Ace-low cut), player 0 is eldest."""
    state = Game(rules).new_initial_state()
    for card in cuts:
        state.apply_action(f"cut:{card}")
    for mine, theirs in zip(eldest, dealer):
        state.apply_action(f"deal:{mine}")
        state.apply_action(f"deal:{theirs}")
    state.apply_action(f"turn:{deck}")
    return state


def events(state, rule: str) -> list[tuple[int, int, str]]:
    return [(e.player, e.points, e.phase) for e in state.events if e.rule == rule]


def run_play(state) -> None:
    while state.phase is Phase.PLAY:
        state.apply_action(state.legal_actions()[0])


def test_the_ace_in_the_cut_is_low_or_high():
    low = Game(rules_of("eddowes-burne-1874", cut_ace=CutAce.LOW)).new_initial_state()
    high = Game(rules_of("eddowes-burne-1874", cut_ace=CutAce.HIGH)).new_initial_state()
    for state in (low, high):
        state.apply_action("cut:KC")
        state.apply_action("cut:AC")
    assert low.dealer == 1 and high.dealer == 0


@pytest.mark.parametrize("before_play, phase", [(True, "mog"), (False, "count")])
def test_heels_pegged_at_the_turn_up_or_with_the_dealers_count(before_play, phase):
    rules = rules_of("cotton-1674", heels_before_play=before_play)
    state = deal(rules, ["5H", "4H", "8H"], ["2H", "7C", "9H"], "JH")
    assert events(state, "turnup.heels_points") == ([(1, 4, "mog")] if before_play else [])
    state.apply_action("decline")
    run_play(state)
    assert events(state, "turnup.heels_points") == [(1, 4, phase)]
    if not before_play:  # after the eldest's count, with the dealer's own
        names = [(e.player, e.rule) for e in state.events if e.phase == "count"]
        first_dealer = next(i for i, (p, _) in enumerate(names) if p == 1)
        assert names[first_dealer] == (1, "turnup.heels_points")
        assert any(p == 0 for p, _ in names[:first_dealer])


@pytest.mark.parametrize("pays, expected", [(False, []), (True, [(1, 1, "mog")])])
def test_an_eldest_who_does_not_ask_pays_only_where_the_profile_says(pays, expected):
    rules = rules_of("eddowes-burne-1874", mog_not_asking_pays=pays)
    state = deal(rules, ["5H", "4H", "8H"], ["2D", "7C", "9H"], "10S")
    state.apply_action("decline")
    assert events(state, "mog.refusal_points") == expected
    assert state.phase is Phase.PLAY


@pytest.mark.parametrize("when", list(LateClaimWhen))
def test_a_late_claim_is_pegged_before_the_count_or_with_the_claimants(when):
    rules = rules_of("parlett-121", mog_late_claim_when=when)
    state = deal(rules, ["5S", "4H", "8H"], ["JS", "7C", "9H"], "10S")
    state.apply_action("ask")
    state.apply_action("ask")
    state.apply_action("give:5S")
    state.apply_action("give:JS")  # the dealer gives the right Jack unpegged: the eldest may claim it
    run_play(state)
    count = [(e.player, e.rule) for e in state.events if e.phase == "count"]
    claim = count.index((0, "mog.late_claim"))
    if when is LateClaimWhen.BEFORE_COUNT:
        assert claim == 0
    else:
        # The eldest (the claimant) counts first, so his claim comes with his count, before the dealer's.
        assert all(p == 0 for p, _ in count[:claim + 1])


def four_hand_after_turn_up(rules: Rules):
    state = Game(rules).new_initial_state()
    for card in ["KC", "AC", "QC", "JC"]:  # player 1 cuts lowest and deals; player 2 is eldest
        state.apply_action(f"cut:{card}")
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.dealer == 1 and state.eldest == 2
    return state


@pytest.mark.parametrize("challenger, second", [(PartnersChallenger.ELDER_HAND, 3),
                                                (PartnersChallenger.ELDEST_AND_DEALER, 1)])
def test_the_four_hand_mog_challenger(challenger, second):
    state = four_hand_after_turn_up(rules_of("eddowes-burne-1874-partners", mog_partners_challenger=challenger))
    assert state.current_player() == 2  # the eldest asks his partner first
    state.apply_action("decline")
    assert state.current_player() == second  # then the dealer's partner (the elder hand) or the dealer
    assert [a.kind for a in state.legal_actions()] == [Kind.ASK, Kind.DECLINE]


def test_the_dealer_mogs_the_stock_only_when_his_side_has_not_mogged():
    rules = rules_of("eddowes-burne-1874-partners")
    assert rules.mog_partners_challenger is PartnersChallenger.ELDER_HAND
    state = four_hand_after_turn_up(rules)
    state.apply_action("decline")  # the eldest does not ask his partner
    state.apply_action("decline")  # nor the dealer's partner the dealer
    assert state.current_player() == 1 and state.legal_actions()[0].kind is Kind.STOCK
    state = four_hand_after_turn_up(rules)
    state.apply_action("decline")
    state.apply_action("ask")      # the dealer's partner asks; the dealer agrees
    state.apply_action("ask")
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert state.phase is Phase.PLAY  # the dealer has mogged with his partner: no stock


def test_a_dealer_mogs_the_stock_only_if_refused_where_the_profile_says_so():
    rules = rules_of("eddowes-burne-1874-partners", mog_partners_challenger=PartnersChallenger.ELDEST_AND_DEALER,
                     mog_stock_when=StockWhen.DEALER_REFUSED)
    state = four_hand_after_turn_up(rules)
    state.apply_action("decline")  # the eldest does not ask
    state.apply_action("decline")  # the dealer does not ask either: he may not mog the stock
    assert state.phase is Phase.PLAY
    state = four_hand_after_turn_up(rules)
    state.apply_action("decline")
    state.apply_action("ask")      # the dealer asks his partner, who refuses
    state.apply_action("decline")
    assert state.current_player() == 1 and state.legal_actions()[0].kind is Kind.STOCK


@pytest.mark.parametrize("both, expected", [(False, [(0, 1, "for the go")]),
                                            (True, [(0, 1, "for the go"), (0, 1, "for the latter")])])
def test_a_series_pays_the_go_and_the_latter_together_only_where_the_profile_says(both, expected):
    rules = rules_of("eddowes-burne-1874", go_points=1, latter_points=1, go_and_latter=both)
    state = deal(rules, ["10H", "9H", "8H"], ["KS", "QS", "10S"], "5D")
    state.apply_action("decline")
    for text in ["play:10H", "play:KS", "play:9H", "go", "go"]:  # 29: neither can play on
        state.apply_action(text)
    paid = [(e.player, e.points, e.name) for e in state.events
            if e.rule in ("play.go_points", "play.latter_points")]
    assert paid == expected
    check_invariants(state, finished=False)
    if both:  # the invariant catches a series paying both where the profile says it may not
        steps, _ = _trace(state)
        strict = type("S", (), {"rules": replace(rules, go_and_latter=False)})()
        with pytest.raises(InvariantError, match="both the go and the latter"):
            check_series_ends(strict, steps)


def test_the_1874_readings_pay_one_point_for_the_end_of_a_series():
    jackson, parlett = profiles.load("eddowes-burne-1874").rules, profiles.load("parlett-121").rules
    assert (jackson.go_points, jackson.latter_points) == (1, 0)
    assert (parlett.go_points, parlett.latter_points) == (0, 1)
    assert not jackson.go_and_latter and not parlett.go_and_latter


@pytest.mark.parametrize("match, right", [(Match.SUIT, False), (Match.COLOUR, True)])
def test_the_right_jack_matches_by_suit_or_colour(match, right):
    rules = rules_of("eddowes-burne-1874", right_jack_match=match)
    points, name, _ = jack_deuce_value(rules, Card.from_str("JD"), Card.from_str("5H"))
    assert (name == "right jack") is right and points == (4 if right else 2)


@pytest.mark.parametrize("ace, scores", [(AceInSequence.LOW, False), (AceInSequence.HIGH_OR_LOW, True)])
def test_q_k_a_is_a_sequence_only_where_the_ace_may_be_high(ace, scores):
    rules = rules_of("eddowes-burne-1874", ace_in_sequence=ace)
    items = score_play(rules, cards("QH", "KS", "AD"), 21, Card.from_str("5C"))
    assert any(i.name == "sequence" for i in items) is scores
    # K-A-2 is never a sequence
    assert not any(i.name == "sequence" for i in score_play(rules, cards("KH", "AS", "2D"), 13, Card.from_str("5C")))


def test_sequences_in_hand_score_where_the_profile_says():
    off = rules_of("cotton-1674")
    on = replace(off, count_sequences=True)
    assert not [i for i in score_hand(off, ["3H", "4C", "5D"], "9S").items if i.category is Category.SEQUENCES]
    run = [i for i in score_hand(on, ["3H", "4C", "5D"], "9S").items if i.category is Category.SEQUENCES]
    assert [(i.name, i.points, i.rule) for i in run] == [("sequence", 3, "count.sequences")]
    # a run of four holds runs of three: counted once where contained combinations are not counted again
    four = [i.points for i in score_hand(on, ["3H", "4C", "5D"], "6S").items if i.category is Category.SEQUENCES]
    assert four == [4]
    every = replace(on, contained_not_counted=False)
    assert sorted(i.points for i in score_hand(every, ["3H", "4C", "5D"], "6S").items
                  if i.category is Category.SEQUENCES) == [3, 3, 4]


@pytest.mark.parametrize("match, pair", [(PairMatch.RANK, False), (PairMatch.COURTS_ALIKE, True)])
def test_pairs_in_play_follow_the_pair_match(match, pair):
    rules = rules_of("eddowes-burne-1874", pair_match=match)
    items = score_play(rules, cards("KH", "QS"), 20, Card.from_str("5C"))
    assert any(i.name == "pair" for i in items) is pair


def test_the_hitter_and_the_hands_thirty_one_follow_the_limit():
    rules = rules_of("parlett-121", play_limit=41, play_point_totals=(15, 25, 31, 41))
    assert [i.name for i in score_play(rules, cards("KH", "QS", "JD", "AC"), 31, Card.from_str("5C"))
            if i.rule == "play.point_totals"] == ["thirty-one"]
    hitter = score_play(rules, cards("KH", "QS", "JD", "AC", "10C"), 41, Card.from_str("5C"))
    assert [i.name for i in hitter if i.rule == "play.point_totals"] == ["41 (the hitter)"]
    # In hand, per card: K Q J with a Ten make 40; with an Ace as 11 they make 41, not 31.
    hand = score_hand(rules, ["KH", "QS", "JD"], "AC")
    assert [i.name for i in hand.items if i.category is Category.THIRTY_ONE] == ["41"]
    assert not [i for i in score_hand(rules, ["KH", "QS", "AD"], "2C").items if i.category is Category.THIRTY_ONE]


def test_a_house_profile_plays_its_new_keys(house):
    """The same keys through a house profile file: validated, typed, played."""
    path = house("eddowes-burne-1874", {"deal.cut_ace": "high", "cards.ace_in_sequence": "high-or-low",
                                        "count.sequences": "true"})
    rules = profiles.load(str(path)).rules
    assert rules.cut_ace is CutAce.HIGH and rules.ace_in_sequence is AceInSequence.HIGH_OR_LOW
    run = [i for i in score_hand(rules, ["QH", "KC", "AD"], "5S").items if i.category is Category.SEQUENCES]
    assert [i.points for i in run] == [3]
