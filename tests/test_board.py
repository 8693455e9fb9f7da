"""The search that plays the board (issue 30 point 4): each end of a deal valued by the rules' win table
(in the four-hand game, by the table's tangent at the scores of the decision, over twice the worlds),
the same choices in the compiled kernel and the Python engine; the point-valuing search stays as
``search-points``; the table read as whole numbers is the table."""
from __future__ import annotations

import dataclasses
from array import array
import random
import zlib

import pytest
from hypothesis import given, settings

from costly_variants import profiles
from costly_variants.chances import store as odds_store
from costly_variants.runs.runner import seeds_for
from costly_variants.game import kernel, wintable
from costly_variants.game.bots import BOTS, make_bot
from costly_variants.game.playout import play_game
from costly_variants.game.search import FOUR_HAND_BOARD_WORLDS, FOUR_HAND_WORLDS, PointSearchBot, SearchBot, _leaf_value
from costly_variants.game.state import Game
from costly_variants.game.tangent import SPAN, Tangent
from costly_variants.game.wintable import SCALE, Board, BoardTableError, board_of

from .test_kernel import _played_profile, needs_kernel, same_games
from .test_rule_fuzzer import FAST, house_profiles, write_profile

BOARD = ("search", "search-points")


@pytest.mark.parametrize("profile_id", profiles.bundled_ids())
def test_the_board_is_the_expert_win_table_in_millionths(profile_id):
    rules = profiles.load(profile_id).rules
    table = odds_store.odds(rules, bots=odds_store.BOARD_BOTS)[0]
    board = board_of(rules)
    assert table.bots == ("expert", "expert") and board.target == rules.target
    t = rules.target
    for a, b, dealer in [(0, 0, 0), (0, 0, 1), (t // 2, t // 3, 1), (t - 1, t - 2, 0), (3, t - 1, 1)]:
        assert board.chance(a, b, dealer) == round(table.after_deal(a, b, dealer) * SCALE)
    # A deal's end past the target: decided (the one that reached it; both: the side that counts first).
    assert board.chance(t + 3, t - 1, 1) == SCALE and board.chance(t - 1, t, 0) == 0
    assert board.chance(t, t + 2, 0) == SCALE and board.chance(t, t + 2, 1) == 0


def test_the_board_read_from_the_cache_is_the_board_of_the_table(tmp_path, monkeypatch):
    # A search run reads its board straight from the cached millionths; it must be the table's board.
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    rules = profiles.load("cotton-1674").rules
    table = odds_store.odds(rules, bots=odds_store.BOARD_BOTS)[0]  # worked out, and kept in tmp_path
    calls = []
    monkeypatch.setattr(odds_store, "worked_out", lambda *a, **k: calls.append(1))
    board = odds_store.board_table(rules)
    assert not calls and board == Board.of(table) == Board.from_dict(table.to_dict())
    # every millionth, divided by a million and multiplied back, rounds to itself
    assert all(round(v / 1e6 * SCALE) == v for v in range(SCALE + 1))


def test_a_damaged_cached_table_is_worked_out_again_for_the_board(tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    rules = profiles.load("cotton-1674").rules
    table = odds_store.odds(rules, bots=odds_store.BOARD_BOTS)[0]
    (stored,) = (tmp_path / "odds").glob("*.json")
    stored.write_text(stored.read_text().replace('"chances": [', '"chances": [1, ', 1))  # the seal no longer fits
    real, calls = odds_store.worked_out, []
    monkeypatch.setattr(odds_store, "worked_out", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert odds_store.board_table(rules) == Board.of(table) and calls == [1]


def test_a_board_without_pegging_out_decides_past_the_target_by_the_higher_score():
    board = Board(2, False, tuple(range(8)), (400_000, 600_000))
    assert board.chance(3, 2, 0) == SCALE and board.chance(2, 5, 0) == 0
    assert (board.chance(4, 4, 0), board.chance(4, 4, 1)) == (400_000, 600_000)
    assert board.chance(1, 0, 1) == 5 and board.flat() == [*range(8), 400_000, 600_000]


def test_the_leaf_is_the_searching_sides_chance_or_its_points():
    board = Board(10, True, tuple(range(200)))
    assert _leaf_value(board, 0, 0, [4, 7], 1) == (4 * 10 + 7) * 2 + 1
    assert _leaf_value(board, 1, 0, [4, 7], 1) == SCALE - ((4 * 10 + 7) * 2 + 1)
    assert (_leaf_value(board, 1, 1, [4, 12], 0), _leaf_value(board, 0, -1, [4, 12], 0)) == (SCALE, 0)
    assert _leaf_value(None, 1, 0, [4, 7], 1) == 3 and _leaf_value(None, 0, 1, [0, 0], 0) > 1000


def test_both_searches_are_bots_and_kernel_bots():
    assert {"search", "search-points"} <= set(BOTS) <= set(kernel.BOT_CODES)
    assert isinstance(make_bot("search", random.Random(1)), SearchBot)
    assert type(make_bot("search-points", random.Random(1))) is PointSearchBot
    assert make_bot("search", random.Random(1)).by_board and not make_bot("search-points", random.Random(1)).by_board


@needs_kernel
@pytest.mark.parametrize("profile_id", profiles.bundled_ids())
def test_the_kernel_plays_the_board_as_the_engine_does_on_every_bundled_profile(profile_id):
    rules = profiles.load(profile_id).rules
    games = 1 if rules.players == 4 else 2
    seeds = seeds_for(zlib.crc32(profile_id.encode()) % 1000 + 7, games)
    assert same_games(rules, BOARD, seeds) == 0
    assert same_games(rules, tuple(reversed(BOARD)), seeds) == 0


@needs_kernel
def test_the_kernel_plays_the_board_as_the_engine_does_on_a_random_house_profile(tmp_path):
    @settings(FAST, max_examples=2)
    @given(house=house_profiles())
    def check(house):
        extends, values = house
        values["game.target"] = min(values.get("game.target", 31), 31)
        profile = _played_profile(tmp_path, values, extends)
        same_games(profile.rules, BOARD, [random.Random(str(values)).getrandbits(64)], variant=profile.id)

    check()


@needs_kernel
@pytest.mark.parametrize("profile_id", ["cotton-1674", "parlett-121", "eddowes-burne-1874-partners"])
def test_the_board_changes_the_searchs_games(profile_id):
    """The table is read, with two hands and with four: the same seeds played by the board search and by
    the point search differ."""
    rules = profiles.load(profile_id).rules
    seeds = seeds_for(3, 20)
    board = kernel.play(rules, ("search", "expert"), seeds, trace=True)
    points = kernel.play(rules, ("search-points", "expert"), seeds, trace=True)
    differ = [a.actions != b.actions for a, b in zip(board, points) if a is not None and b is not None]
    assert any(differ) and len(differ) == len(seeds)


# -- the four-hand game: the table's tangent ------------------------------------------------------------

def test_the_tangent_is_the_sides_chance_and_its_rate_a_point_read_from_the_table():
    # side A's chance rises 1,000 a point of its own and falls 3,000 a point of side B's; by who deals, 7 more
    chances = tuple(500_000 + 1_000 * a - 3_000 * b + 7 * d for a in range(20) for b in range(20) for d in (0, 1))
    board = Board(20, True, chances)
    a = Tangent.at(board, 0, [10, 4], 1)
    assert (a.chance, a.per_own, a.per_their) == (500_000 + 10_000 - 12_000 + 7, 1_000, 3_000)
    # side B's: the same table from the other side (its points are side B's)
    b = Tangent.at(board, 1, [10, 4], 1)
    assert (b.own, b.their, b.chance, b.per_own, b.per_their) == (4, 10, SCALE - a.chance, 3_000, 1_000)
    # a position reached: the chance, plus each side's points since at their rates; a game won or lost whole
    assert a.value(0, [12, 5]) == a.chance + 2 * 1_000 - 1 * 3_000
    assert b.value(0, [12, 5]) == b.chance + 1 * 3_000 - 2 * 1_000
    assert (a.value(1, [12, 5]), a.value(-1, [12, 5])) == (SCALE, 0)
    assert _leaf_value(a, 0, 0, [12, 5], 0) == a.value(0, [12, 5])


def test_the_tangents_rate_stays_on_the_board_and_is_at_least_one():
    # side A's chance: 1,000 a point of its own below 15, flat above (decided); nothing by side B's score
    chances = tuple(min(a, 15) * 1_000 for a in range(20) for b in range(20) for d in (0, 1))
    board = Board(20, True, chances)
    assert Tangent.at(board, 0, [0, 0], 0).per_own == 3 * 1_000 // SPAN  # from 0 up to SPAN only
    assert Tangent.at(board, 0, [19, 0], 0).per_own == 1  # flat: at least one millionth a point
    assert Tangent.at(board, 0, [14, 3], 0).per_own == (15_000 - 11_000) // (2 * SPAN)
    assert Tangent.at(board, 0, [5, 5], 0).per_their == 1
    # where the rules do not end the game at the target, a score may pass it in the deal: decided, rate one
    past = Tangent.at(Board(20, False, chances), 0, [23, 5], 0)
    assert past.chance == SCALE and past.per_own == 1


def _first_deals_decisions(rules, seat, count):
    """Positions of the four-hand game's first deals where ``seat`` chooses between more than one action."""
    game = Game(rules)
    state = play_game(game, ["expert"] * 4, 11, max_deals=3)
    replayed, found = game.new_initial_state(), []
    for action in state.history:
        if (replayed.phase.value in ("mog", "play") and replayed.current_player() == seat and len(found) < count
                and len(replayed.legal_actions()) > 1):
            found.append(replayed.clone())
        replayed.apply_action(action)
    return found


def test_the_four_hand_board_search_differs_from_the_point_search_only_as_designed(monkeypatch):
    """Its leaf is the table's tangent and it draws twice the worlds; else it is the point search: with a
    tangent of one millionth a point each way, its first worlds are the point search's, each value the
    point search's plus one constant."""
    rules = profiles.load("eddowes-burne-1874-partners").rules
    monkeypatch.setattr(Tangent, "at", classmethod(
        lambda cls, board, team, scores, dealer: cls(team, scores[team], scores[1 - team], 500_000, 1, 1)))
    decisions = _first_deals_decisions(rules, 2, 4)
    assert len(decisions) == 4 and {d.phase.value for d in decisions} == {"mog", "play"}
    for state in decisions:
        board = SearchBot(random.Random(9)).values(state, 2)
        points = PointSearchBot(random.Random(9)).values(state, 2)
        assert [a for a, _ in board] == [a for a, _ in points]
        offset = 500_000 - state.scores[0] + state.scores[1]  # seat 2 is side A
        for (_, by_board), (_, by_points) in zip(board, points):
            assert len(by_board) == FOUR_HAND_BOARD_WORLDS and len(by_points) == FOUR_HAND_WORLDS
            assert by_board[:FOUR_HAND_WORLDS] == [offset + v for v in by_points]


def test_the_four_hand_board_search_reads_the_tangent_at_the_decisions_scores():
    rules = profiles.load("eddowes-burne-1874-partners").rules
    state = _first_deals_decisions(rules, 1, 1)[0]
    board = SearchBot(random.Random(1)).board_for(state, 1)
    assert board == Tangent.at(board_of(rules), 1, state.scores, 1 - state.team_of(state.dealer))
    assert PointSearchBot(random.Random(1)).board_for(state, 1) is None
    two = profiles.load("eddowes-burne-1874").rules  # two hands: the table itself
    assert SearchBot(random.Random(1)).board_for(Game(two).new_initial_state(), 0) is board_of(two)


@needs_kernel
def test_the_kernel_plays_the_four_hand_board_as_the_engine_does_on_more_seeds():
    """Whole games, the board search at every seat and against the point search in both seatings: the
    tangent's values near the target and the games won in the play and at the count alike."""
    rules = profiles.load("eddowes-burne-1874-partners").rules
    seeds = seeds_for(30, 3)
    for bots in [BOARD, tuple(reversed(BOARD)), ("search", "search")]:
        assert same_games(rules, bots, seeds) == 0


@needs_kernel
def test_the_kernel_refuses_a_board_search_without_its_table():
    rules = profiles.load("cotton-1674").rules
    seats = bytes([kernel.BOT_CODES["search"]] * 2)
    with pytest.raises(ValueError, match="win table"):
        kernel.KERNEL.play(kernel.compiled(rules).table, seats, array("Q", [1]), False, False)


def test_without_the_compare_stage_the_board_search_says_what_it_needs(monkeypatch):
    monkeypatch.setattr(wintable, "_SOURCE", [])
    rules = dataclasses.replace(profiles.load("cotton-1674").rules, target=29)
    with pytest.raises(BoardTableError, match="search-points"):
        board_of(rules)



@pytest.mark.parametrize("peg_out", [True, False])
def test_rules_whose_deals_score_past_the_tables_margin(tmp_path, cli, peg_out):
    """House rules where one deal can score hundreds: where pegging out ends the game, the deals the table
    is sampled from would be cut short, so there is no table (``costly odds`` says why in one line) and
    the board search values points, as search-points does, in both engines; where the deal is played out
    whole, the table is sampled as any other."""
    values = {"count.jack_points": 100, "count.deuce_points": 100, "count.pair_points": 100,
              "count.prial_points": 100, "game.peg_out_ends_game": peg_out,
              "game.target": 61}
    profile, problems = profiles.check(write_profile(tmp_path, values, "cotton-1674"))
    assert profile is not None, problems
    board = board_of(profile.rules)
    assert (board is None) == peg_out
    code, out, err = cli("odds", str(profile.path), "--score", "10-20", "--no-progress")
    if peg_out:
        assert code != 0 and out == "" and err.count("\n") == 1 and "pegging out ends the game" in err, err
        assert str(profile.path) in err
        # compare reports the rest, a dash where the table's figures would be
        code, out, err = cli("compare", "cotton-1674", str(profile.path), "--games", "20", "--no-progress")
        assert code == 0 and "How decisive the game is" in out, err
        seeds = seeds_for(5, 2)
        assert same_games(profile.rules, BOARD, seeds, variant=profile.id) == 0
        board_games = kernel.play(profile.rules, ("search", "expert"), seeds, trace=True)
        point_games = kernel.play(profile.rules, ("search-points", "expert"), seeds, trace=True)
        assert [g.actions for g in board_games] == [g.actions for g in point_games]
    else:
        assert code == 0 and "%" in out, err


def test_the_four_hand_hint_gives_each_choices_chance_read_from_the_table(cli, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    code, out, err = cli("play", "--variant", "eddowes-burne-1874-partners", "--seed", "3")
    assert code == 0, err
    assert "chance of winning the game, read to first order from the table" in " ".join(out.split())
    shown = [float(line.rsplit("\u2014", 1)[1].strip(" %")) for line in out.splitlines()
             if line.lstrip().startswith("[") and line.rstrip().endswith("%")]
    assert len(shown) >= 2 and all(0 < p < 100 for p in shown) and len(set(shown)) > 1


@needs_kernel
@pytest.mark.parametrize("peg_out", [True, False])
def test_the_kernel_plays_the_four_hand_board_as_the_engine_does_to_a_short_target(peg_out):
    """To 31, most choices are near the target, where the tangent's rates are read at the board's edge;
    where reaching the target does not end the game, the scores pass it within a deal (decided positions)."""
    rules = dataclasses.replace(profiles.load("eddowes-burne-1874-partners").rules, target=31,
                                peg_out_ends_game=peg_out)
    assert board_of(rules) is not None
    for bots in [BOARD, tuple(reversed(BOARD)), ("search", "search")]:
        assert same_games(rules, bots, seeds_for(77, 4)) == 0
