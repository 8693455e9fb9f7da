"""The search bot sees only what its seat may see, and makes the choices it made when they were recorded
(in the engine and in the kernel alike); ``costly advise`` agrees with a brute-force expectation over
every card the player may receive; ``hint`` in ``costly play`` shows the search bot's values."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from costly_variants import profiles
from costly_variants.cards import FULL_DECK, Card, parse_cards
from costly_variants.count.hand import jack_deuce_value, score_hand
from costly_variants.game import kernel
from costly_variants.game.advice import leads, mog_choices
from costly_variants.game.play import play_scores
from costly_variants.game.playout import play_game
from costly_variants.game.search import SearchBot
from costly_variants.game.state import Game

from .golden import regenerate_search as search_record

TWO_HANDS = [p for p in profiles.bundled_ids() if profiles.load(p).rules.players == 2]


def _shuffled_hidden(state, player, rng):
    """The same state with the cards ``player`` has not seen dealt anew among the other hands."""
    other = 1 - player
    hidden = list(state.hands[other])
    pool = [c for c in FULL_DECK if c not in {*state.hands[player], *state.played, state.deck_card}]
    fresh = rng.sample(pool, len(hidden))
    copy = state.search_copy()
    copy.hands[other] = fresh
    held = set(state.count_hands[other])
    copy.count_hands[other] = tuple([c for c in state.played if c in held] + fresh)
    copy.stock = [c for c in pool if c not in fresh]
    return copy


@pytest.mark.parametrize("profile_id", TWO_HANDS)
def test_the_search_bot_decides_from_its_seat_alone(profile_id):
    """Dealing the other hand anew (what the seat cannot see) changes none of its choices in the play."""
    game = Game(profiles.load(profile_id).rules)
    state = play_game(game, ["search", "greedy"], 5, max_deals=2)
    rng = random.Random(1)
    checked = 0
    replayed = game.new_initial_state()
    for action in state.history:
        if (replayed.phase.value == "play" and replayed.to_play == 0 and len(replayed.legal_actions()) > 1
                and not replayed.gives):
            seen = SearchBot(random.Random(9)).choose(replayed, 0)
            other = SearchBot(random.Random(9)).choose(_shuffled_hidden(replayed, 0, rng), 0)
            assert seen == other
            checked += 1
        replayed.apply_action(action)
    assert checked >= 2


def _brute_value(rules, hand, deck, give, peg, role):
    unseen = [c for c in FULL_DECK if c not in {*hand, deck}]
    if give is None:
        pays = rules.mog_refusal_points if (role == "dealer" or rules.mog_not_asking_pays) else 0
        return Fraction(score_hand(rules, hand, deck).total - pays)
    kept = [c for c in hand if c is not give]
    total = sum(score_hand(rules, [*kept, card], deck).total for card in unseen)
    value = Fraction(total, len(unseen))
    worth = jack_deuce_value(rules, give, deck)
    if worth is not None and rules.mog_given_away_scores:
        value += worth[0] if peg else (-worth[0] if rules.mog_late_claim else 0)
    return value


@pytest.mark.parametrize("profile_id", TWO_HANDS)
@pytest.mark.parametrize("role", ["eldest", "dealer"])
def test_advice_is_the_brute_force_expectation_over_every_card_received(profile_id, role):
    rules = profiles.load(profile_id).rules
    rng = random.Random(profile_id + role)
    for _ in range(4):
        *hand, deck = rng.sample(FULL_DECK, 4)
        choices = mog_choices(rules, hand, deck, role=role)
        assert len(choices) >= len(hand) + 1
        for choice in choices:
            assert choice.value == _brute_value(rules, hand, deck, choice.give, choice.peg, role)
            assert sum(share.points for share in choice.by_rule) == choice.expected_count
        assert [c.value for c in choices] == sorted((c.value for c in choices), reverse=True)


def test_the_first_lead_is_weighed_by_the_play_table():
    """The lead's reply, from score_play, is the engine's play table's too (an independent path)."""
    rules = profiles.load("parlett-121").rules
    hand, deck = list(parse_cards(["5H", "JD", "AC"])), Card.from_str("KH")
    table = play_scores(rules)
    unseen = [c for c in FULL_DECK if c not in {*hand, deck}]
    for lead in leads(rules, hand, deck):
        value = lead.value if lead.value is not None else (rules.court_value if lead.card.rank >= 11
                                                           else int(lead.card.rank))
        series = [(0, lead.card)]
        code = int(lead.card.rank)
        replies = 0
        for card in unseen:
            options = rules.ace_values if card.rank == 1 else (rules.court_value if card.rank >= 11 else int(card.rank),)
            replies += max([table.lookup(code, series, card, value + v, deck)[0] for v in options
                            if value + v <= rules.play_limit] + [0])
        assert lead.reply == Fraction(replies, len(unseen))


def _costly(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_costly_advise_text_and_json():
    done = _costly("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", "cotton-1674")
    assert done.returncode == 0, done.stderr
    assert "The mog" in done.stdout and "Best:" in done.stdout and "The first lead" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 80
    data = json.loads(_costly("advise", "5H", "5D", "10H", "--deck", "KH", "--json").stdout)
    assert data["profile"] == "parlett-121" and len(data["choices"]) == 4
    assert data["choices"][0]["value"] >= data["choices"][-1]["value"]
    assert all(r["cite"] for c in data["choices"] for r in c["by_rule"])


@pytest.mark.parametrize("argv, words", [
    (["advise", "5H", "5D", "--deck", "KH"], "deals 3 cards each"),
    (["advise", "5H", "5H", "10H", "--deck", "KH"], "appears twice"),
    (["advise", "5H", "5X", "10H", "--deck", "KH"], "bad card '5X'"),
    (["advise", "5H", "5D", "10H"], "--deck"),
])
def test_bad_advice_input_is_one_line(argv, words):
    done = _costly(*argv)
    assert done.returncode in (1, 2) and words in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_hint_in_play_shows_the_search_bots_values():
    done = _costly("play", "--variant", "parlett-121", "--seed", "3", stdin="hint\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "The search bot would choose" in done.stdout
    assert "on average over the hands the others may hold" in done.stdout


# -- the same choices as before: the record of the search bot's games (tests/golden/search_choices.json) --

RECORD = json.loads(search_record.RECORD.read_text(encoding="utf-8"))
RECORDED = RECORD["games"]


def _bots(record: dict) -> list[str]:
    """The recorded bots as named now: the record is of the search bot before it played the board, the
    search that values points (``search-points``)."""
    return ["search-points" if bot == "search" else bot for bot in record["bots"]]
needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the compiled kernel was not built here")


def _named(record: dict) -> str:
    return f"{record['profile']}-{'-'.join(record['bots'])}-{record.get('seed', 'many')}"


@pytest.mark.parametrize("record", RECORDED, ids=_named)
def test_the_engines_search_makes_the_recorded_choices(record):
    """Every action and score of each recorded game, deal by deal, as the engine played it when recorded."""
    played = search_record.engine_game(record["profile"], _bots(record), record["seed"])
    assert played["digests"] == record["digests"], "the first deal that differs: " + str(
        next(i + 1 for i, (a, b) in enumerate(zip(played["digests"], record["digests"])) if a != b))
    assert played == {**record, "bots": _bots(record)}


@needs_kernel
@pytest.mark.parametrize("record", RECORDED, ids=_named)
def test_the_kernels_search_makes_the_recorded_choices(record):
    assert search_record.kernel_game(record, _bots(record)) == record


@needs_kernel
@pytest.mark.parametrize("record", RECORD["kernel_games"], ids=_named)
def test_the_kernels_search_makes_the_recorded_choices_on_many_seeds(record):
    assert record["seeds"] == "seeds_for(26, 40)"
    digests = search_record.kernel_digests(record["profile"], _bots(record), search_record.KERNEL_SEEDS)
    assert digests == record["digests"], f"{sum(a != b for a, b in zip(digests, record['digests']))} games differ"
