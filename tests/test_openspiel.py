"""Every profile an OpenSpiel game: OpenSpiel's own random-simulation test and Python game checks, for
every bundled profile and for random house profiles; what each seat sees; deals resampled from a seat's
view; OpenSpiel's ISMCTS against the project's expert bot."""
from __future__ import annotations

import os
import pickle
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings

from costly_variants import profiles

if os.environ.get("CI"):  # CI installs the extra: there, a missing OpenSpiel is a failure, not a skip
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel")

import costly_variants.openspiel  # noqa: E402,F401  registers costly_colours
from costly_variants.errors import UnknownVariantError  # noqa: E402
from costly_variants.openspiel import ParameterError  # noqa: E402
from costly_variants.openspiel.bots import ProjectBot  # noqa: E402
from costly_variants.openspiel.core import copy_engine_state  # noqa: E402
from costly_variants.openspiel.match import play_match  # noqa: E402

from .test_rule_fuzzer import FAST, house_profiles, write_profile  # noqa: E402

BUNDLED = profiles.bundled_ids()


def _random_play(state, rng: random.Random, *, stop=None):
    """Random chance and random choices until the end (or until ``stop(state)``), yielding each state
    where a seat decides."""
    while not state.is_terminal() and not (stop and stop(state)):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("returns", ["win_loss", "points"])
@pytest.mark.parametrize("variant", BUNDLED)
def test_openspiels_random_simulation_test_passes(variant, returns):
    game = pyspiel.load_game("costly_colours", {"variant": variant, "returns": returns})
    assert game.num_players() == profiles.load(variant).rules.players
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", BUNDLED)
def test_openspiels_python_game_checks_pass(variant):
    """OpenSpiel's own Python-side simulation test (clone, serialisation, pickling, returns in bounds)."""
    import numpy as np
    from open_spiel.python.tests.games_sim_test import GamesSimTest

    np.random.seed(1)  # the check draws from numpy's global generator
    GamesSimTest().sim_game(pyspiel.load_game("costly_colours", {"variant": variant}))


PLAYED: list[Path] = []


@settings(FAST, max_examples=12)
@given(house=house_profiles())
def test_random_house_profiles_pass_the_random_simulation_test(house):
    extends, values = house
    folder = Path(tempfile.mkdtemp(prefix="costly-openspiel-"))  # a file of its own: loads are cached by path
    path = write_profile(folder, values, extends)
    profile, problems = profiles.check(path)
    if profile is None:
        assert problems  # refused, as the rule fuzzer checks; nothing to play
        return
    PLAYED.append(path)
    # max_deals keeps a game of a house profile that rarely scores short; its bound is still checked.
    game = pyspiel.load_game("costly_colours", {"variant": str(path), "max_deals": 12})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_some_random_house_profiles_were_played():
    assert len(PLAYED) >= 3, "the fuzzer's house profiles were nearly all refused: nothing was simulated"


@pytest.mark.parametrize("variant", BUNDLED)
def test_a_resampled_deal_looks_the_same_to_the_seat(variant):
    """OpenSpiel's ResampleInfostateTest, in Python: at every decision, for every seat, a state drawn from
    the seat's view has the same information state (string and tensor) and observation, and the same
    player to move; and the other seats' hands are not simply the real ones."""
    game = pyspiel.load_game("costly_colours", {"variant": variant})
    rng = random.Random(11)
    differed = 0
    for state in _random_play(game.new_initial_state(), rng):
        for seat in range(game.num_players()):
            other = state.resample_from_infostate(seat, rng.random)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.current_player() == state.current_player()
            if seat == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            assert sorted(other.engine.hands[seat]) == sorted(state.engine.hands[seat])
            differed += any(sorted(other.engine.hands[s]) != sorted(state.engine.hands[s])
                            for s in range(game.num_players()) if s != seat)
    assert differed > 10


def test_a_seat_sees_its_own_cards_and_not_the_others():
    game = pyspiel.load_game("costly_colours", {"variant": "eddowes-burne-1874-partners"})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in _random_play(state, rng, stop=lambda s: s.engine.deal_number == 1 and s.engine.deck_card is not None):
        pass
    engine = state.engine
    for seat in range(4):
        seen = state.information_state_string(seat)
        observed = state.observation_string(seat)
        for other in range(4):
            for card in engine.hands[other]:
                assert (f"deal:{card.text}" in seen) == (other == seat)
                assert (card.text in observed.split("| hand ")[1]) == (other == seat)
        assert seen.count("deal>p") == 9 and seen.count("deal:") == 3  # 12 cards dealt, 3 of them to this seat
    from open_spiel.python.observation import make_observation

    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True,
                                                                private_info=pyspiel.PrivateInfoType.NONE))
    spectator = public.string_from(state, 0)
    assert "deal:" not in spectator and spectator.count("deal>p") == 12 and f"turn:{engine.deck_card.text}" in spectator
    public.set_from(state, 0)
    assert "hand" not in public.dict and public.dict["deck_card"].sum() == 1


def test_a_copy_is_the_same_game_as_a_replay():
    """The quick copy OpenSpiel's clone uses plays on exactly as the engine's own clone, which replays."""
    game = pyspiel.load_game("costly_colours", {"variant": "eddowes-burne-1874-partners"})
    rng = random.Random(4)
    state = game.new_initial_state()
    for step, _ in enumerate(_random_play(state, rng)):
        if step % 7:
            continue
        quick, replayed = copy_engine_state(state.engine), state.engine.clone()
        follow = random.Random(step)
        for _ in range(60):
            if quick.is_terminal():
                break
            assert quick.legal_actions() == replayed.legal_actions()
            action = follow.choice(quick.legal_actions())
            quick.apply_action(action)
            replayed.apply_action(action)
            assert (quick.scores, quick.events, quick.hands) == (replayed.scores, replayed.events, replayed.hands)
        assert state.engine.history == state.clone().engine.history  # the original was not touched


def test_a_state_pickles_and_serialises():
    game = pyspiel.load_game("costly_colours", {"variant": "cotton-1674", "returns": "points"})
    state = game.new_initial_state()
    for _ in _random_play(state, random.Random(9), stop=lambda s: len(s.history()) > 40):
        pass
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert restored.information_state_tensor(0) == state.information_state_tensor(0)


def test_returns_are_points_or_win_loss_for_each_seat_of_a_side():
    for returns in ("points", "win_loss"):
        game = pyspiel.load_game("costly_colours", {"variant": "eddowes-burne-1874-partners", "returns": returns})
        state = game.new_initial_state()
        for _ in _random_play(state, random.Random(5)):
            pass
        values = state.returns()
        engine = state.engine
        assert values[0] == values[2] == -values[1] == -values[3]
        if returns == "win_loss":
            assert values[engine.winner] == 1.0
        else:
            assert values[0] == min(engine.rules.target, engine.scores[0] - engine.scores[1])
            assert game.max_utility() == engine.rules.target


def test_a_game_stops_at_max_deals_as_a_draw():
    game = pyspiel.load_game("costly_colours", {"variant": "parlett-121", "max_deals": 1})
    state = game.new_initial_state()
    for _ in _random_play(state, random.Random(1)):
        pass
    assert state.engine.deal_number == 2 and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [] and "stopped at max_deals" in str(state)


@pytest.mark.parametrize("params, error, message", [
    ({"variant": "no-such"}, UnknownVariantError, "unknown profile 'no-such'"),
    ({"returns": "money"}, ParameterError, "costly_colours: returns must be win_loss or points, not 'money'"),
    ({"max_deals": 0}, ParameterError, "costly_colours: max_deals must be a whole number, 1 or more: 0"),
])
def test_bad_parameters_are_one_line_errors(params, error, message):
    with pytest.raises(error) as caught:
        pyspiel.load_game("costly_colours", params)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_the_project_bots_play_through_openspiels_evaluate_bots():
    import numpy as np
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = pyspiel.load_game("costly_colours", {"variant": "holme-1688"})
    bots = [ProjectBot("expert", 0, 1), ProjectBot("random", 1, 2)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sorted(returns) == [-1.0, 1.0]


def test_ismcts_against_the_expert_under_parletts_rules():
    """The example of the site's OpenSpiel page, as small: ten seeds, each dealt twice with the seats
    swapped, twenty simulations a move; the result with its interval, the same for the same seed."""
    match = play_match("expert", variant="parlett-121", seeds=10, simulations=20, seed=0)
    estimate = match.estimate
    assert len(match.results) == 20 and estimate.n == 10 and estimate.method == "t"
    assert estimate.has_interval and estimate.low < estimate.value < estimate.high
    assert {seat for _, seat, _ in match.results} == {0, 1}
    assert str(match).startswith("ISMCTS (20 simulations) v expert under parlett-121, 10 seeds x 2 seatings: ")
    assert play_match("expert", seeds=2, simulations=5, seed=0).results == \
        play_match("expert", seeds=2, simulations=5, seed=0).results
