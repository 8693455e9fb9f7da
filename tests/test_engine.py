"""The game engine: worked deals replayed through it, random games with invariants, golden logs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from costly_variants import profiles
from costly_variants.game.actions import Action, Kind
from costly_variants.cards import Card
from costly_variants.game.state import CHANCE, Game, Phase, replay
from costly_variants.errors import IllegalActionError
from costly_variants.game.playout import check_invariants, play_game

BUNDLED = ["cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]
GOLDEN = Path(__file__).parent / "golden"


def game(profile_id: str) -> Game:
    return Game(profiles.load(profile_id).rules, variant=profile_id)


def set_up_deal(state, cuts, eldest_cards, dealer_cards, deck):
    """Cut so that player 1 deals, deal in ones from the eldest (player 0), turn the deck card."""
    for card in cuts:
        state.apply_action(f"cut:{card}")
    assert state.dealer == 1
    for mine, theirs in zip(eldest_cards, dealer_cards):
        state.apply_action(f"deal:{mine}")
        state.apply_action(f"deal:{theirs}")
    state.apply_action(f"turn:{deck}")


def scores_of(state, phase):
    return [(e.player, e.points, e.name) for e in state.events if e.phase == phase]


def test_parlett_play_example_event_by_event():
    # Annie (player 0, eldest) holds 7 4 2, Benny (dealer) 4 J 3; the deck card is a Spade (editorial).
    state = game("parlett-121").new_initial_state()
    set_up_deal(state, ["KH", "AH"], ["7C", "4C", "2H"], ["4D", "JS", "3D"], "9S")
    state.apply_action("decline")  # both refuse to mog: one each, and no exchange
    state.apply_action("decline")
    for card in ["7C", "4D", "4C", "JS", "2H", "3D"]:
        state.apply_action(f"play:{card}")
    assert scores_of(state, "mog") == [(1, 1, "for a refusal to mog"), (0, 1, "for a refusal to mog")]
    assert scores_of(state, "play") == [
        (0, 3, "fifteen"), (0, 2, "pair"),
        (1, 4, "twenty-five"), (1, 4, "right jack in play"),
        (0, 2, "deuce in play"),
        (1, 1, "for the latter"),
    ]
    cites = {e.name: e.cite for e in state.events}
    assert cites["fifteen"] and cites["for the latter"] == ("parlett-web#go-hitter-latter", "parlett-web#play-example")


def test_cotton_deal_replayed_with_its_discrepancies():
    state = game("cotton-1674").new_initial_state()
    set_up_deal(state, ["KC", "AC"], ["5H", "4H", "8H"], ["2H", "7C", "9H"], "JH")
    assert scores_of(state, "mog") == [(1, 4, "for his heels")]
    state.apply_action("decline")  # "because he will not ask you to change one, he gives you one"
    for text in ["play:5H", "play:7C", "play:8H", "play:9H", "go", "play:2H"]:
        state.apply_action(text)
    assert scores_of(state, "play") == [(1, 5, "thirty-one (the hitter)")]  # "For your five ... five"
    # "This being done, the eldest must show": the count follows the 31, and the eldest's last card (the
    # 4H) is never played (play.new_series is no in Cotton's profile, inferred from these words)
    assert "play:4H" not in [str(a) for a in state.legal_actions()]
    dealer = sum(e.points for e in state.events if e.player == 1 and e.name != "for a refusal to mog")
    eldest_count = sum(e.points for e in state.events if e.player == 0 and e.phase == "count")
    # Cotton: the eldest's count "but six", the dealer's deal "just twenty"; the engine, by his rules: 8 and 15.
    assert eldest_count == 8
    assert dealer == 15
    assert not any(e.player == 0 for e in state.events if e.phase == "play")  # no latter for an unplayed card
    assert [(e.player, e.points) for e in state.events if e.name == "for a refusal to mog"] == [(1, 1)]


def test_mog_procedures_differ_by_profile():
    # Jackson: the elder asks, the dealer agrees, the elder withdraws -> the dealer scores 1.
    state = game("eddowes-burne-1874").new_initial_state()
    set_up_deal(state, ["KC", "AC"], ["5H", "4H", "8H"], ["2D", "7C", "9H"], "10S")
    state.apply_action("ask")
    state.apply_action("ask")
    state.apply_action("decline")
    assert scores_of(state, "mog") == [(1, 1, "for a refusal to mog")]
    # Cotton: the dealer refusing an asked mog gives the eldest 1.
    state = game("cotton-1674").new_initial_state()
    set_up_deal(state, ["KC", "AC"], ["5H", "4H", "8H"], ["2D", "7C", "9H"], "10S")
    state.apply_action("ask")
    state.apply_action("decline")
    assert scores_of(state, "mog") == [(0, 1, "for a refusal to mog")]


def test_jack_given_away_pegged_or_claimed_late():
    state = game("parlett-121").new_initial_state()
    set_up_deal(state, ["KC", "AC"], ["JS", "4H", "8H"], ["2D", "7C", "9H"], "10S")
    state.apply_action("ask")
    state.apply_action("ask")
    state.apply_action("give:JS+peg")  # the right Jack, pegged first: 4
    state.apply_action("give:2D")       # a Deuce not pegged: the eldest may claim it at the count
    assert scores_of(state, "mog") == [(0, 4, "right jack given in the mog")]
    assert Card.from_str("2D") in state.hands[0] and Card.from_str("JS") in state.hands[1]
    while state.phase is Phase.PLAY:
        state.apply_action(state.legal_actions()[0])
    claims = [(e.player, e.points, e.name) for e in state.events if e.rule == "mog.late_claim"]
    assert claims == [(0, 2, "deuce given in the mog, claimed")]


def test_illegal_actions_are_refused_with_the_legal_ones():
    state = game("parlett-121").new_initial_state()
    with pytest.raises(IllegalActionError, match="illegal action play:5H in cut; legal: cut:AC"):
        state.apply_action("play:5H")
    with pytest.raises(IllegalActionError, match="unknown action"):
        Action.from_str("fold")


@given(st.sampled_from(list(Kind)), st.sampled_from(["5H", "AS", "10D", None]), st.booleans())
def test_actions_round_trip(kind, card, peg):
    action = Action(kind, Card.from_str(card) if card else None, None, peg)
    assert Action.from_str(str(action)) == action


@pytest.mark.parametrize("profile_id", BUNDLED)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.sampled_from([["random"], ["greedy"], ["random", "greedy"]]))
def test_random_games_keep_every_invariant(profile_id, seed, bots):
    state = play_game(game(profile_id), bots, seed)
    assert state.is_terminal() and state.returns()[0] in (1.0, -1.0)
    check_invariants(state)
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_same_seed_same_game(profile_id):
    first = play_game(game(profile_id), ["expert", "greedy"], 99).log()
    again = play_game(game(profile_id), ["expert", "greedy"], 99).log()
    assert first == again
    other = play_game(game(profile_id), ["expert", "greedy"], 100).log()
    assert other["actions"] != first["actions"]


@pytest.mark.parametrize("profile_id", BUNDLED)
def test_golden_game_log_replays(profile_id):
    log = json.loads((GOLDEN / f"{profile_id}.json").read_text(encoding="utf-8"))
    state = replay(game(profile_id), log["actions"])
    assert [e.as_dict() for e in state.events] == log["events"]
    assert state.scores == log["scores"] and state.winner == log["winner"]
    # and the same seed and bots still play exactly this game
    assert play_game(game(profile_id), log["bots"], log["seed"]).log()["actions"] == log["actions"]


def test_partnership_game_shares_scores_and_mogs_the_stock():
    g = game("eddowes-burne-1874-partners")
    assert g.num_players == 4
    stock_mogs = 0
    for seed in range(6):
        state = play_game(g, ["random"], seed)
        check_invariants(state)
        stock_mogs += sum(1 for a in state.history if a.kind is Kind.STOCK_CARD)
        assert len(state.scores) == 2
    assert stock_mogs > 0


def test_chance_is_explicit():
    state = game("cotton-1674").new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and abs(sum(p for _, p in outcomes) - 1) < 1e-9


def test_clone_is_an_independent_copy():
    state = play_game(game("parlett-121"), ["greedy"], 4)
    partial = game("parlett-121").new_initial_state()
    for action in state.history[:40]:
        partial.apply_action(action)
    copy = partial.clone()
    assert copy.history == partial.history and copy.scores == partial.scores
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history) == len(partial.history) + 1
    assert partial.is_chance_node() == (partial.current_player() == CHANCE)


@pytest.mark.parametrize("profile_ref, latters", [
    ("parlett-121", [(0, 1), (1, 1)]),
    ("tests/profile_examples/positive/latter-last-card.yaml", [(1, 1)]),
])
def test_the_latter_each_series_or_only_at_the_last_card(profile_ref, latters):
    profile = profiles.load(profile_ref)
    state = Game(profile.rules, variant=profile.id).new_initial_state()
    set_up_deal(state, ["KC", "AC"], ["10C", "10D", "9S"], ["10H", "10S", "8H"], "5C")
    state.apply_action("decline")
    state.apply_action("decline")
    # 10C 10H 10D make 30; neither can play on; the eldest played last. Then the dealer leads again.
    for text in ["play:10C", "play:10H", "play:10D", "go", "go", "play:10S", "play:9S", "play:8H"]:
        state.apply_action(text)
    assert [(e.player, e.points) for e in state.events if e.name == "for the latter"] == latters


def test_invariant_checks_catch_a_broken_game():
    from costly_variants.game.playout import InvariantError

    state = play_game(game("cotton-1674"), ["greedy"], 12)
    check_invariants(state)
    state.scores[0] += 1
    with pytest.raises(InvariantError, match="not the sums of their events"):
        check_invariants(state)
    state.scores[0] -= 1
    loser = 1 - state.winner
    state.winner = loser
    with pytest.raises(InvariantError):
        check_invariants(state)


@given(st.text(max_size=16))
def test_any_text_is_an_action_or_a_clear_error(text):
    from costly_variants.errors import CostlyError

    state = game("cotton-1674").new_initial_state()
    try:
        state.apply_action(text)
    except CostlyError as exc:
        assert str(exc)
