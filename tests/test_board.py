"""The search that plays the board (issue 30 point 4): each end of a deal valued by the rules' win table,
the same choices in the compiled kernel and the Python engine; the point-valuing search stays as
``search-points``; the table read as whole numbers is the table."""
from __future__ import annotations

import dataclasses
import random
import zlib

import pytest
from hypothesis import given, settings

from costly_variants import profiles
from costly_variants.compare import odds_store
from costly_variants.compare.runner import seeds_for
from costly_variants.game import kernel, wintable
from costly_variants.game.bots import BOTS, make_bot
from costly_variants.game.search import PointSearchBot, SearchBot, _leaf_value
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
def test_the_board_changes_the_two_hand_searchs_games(profile_id):
    """The table is read in the two-hand game: the same seeds played by the board search and by the point
    search differ; in the four-hand game the board search values points (``search``'s docstring)."""
    rules = profiles.load(profile_id).rules
    seeds = seeds_for(3, 20)
    board = kernel.play(rules, ("search", "expert"), seeds, trace=True)
    points = kernel.play(rules, ("search-points", "expert"), seeds, trace=True)
    differ = [a.actions != b.actions for a, b in zip(board, points) if a is not None and b is not None]
    assert any(differ) == (rules.players == 2) and len(differ) == len(seeds)


@needs_kernel
def test_the_kernel_refuses_a_board_search_without_its_table():
    rules = profiles.load("cotton-1674").rules
    seats = bytes([kernel.BOT_CODES["search"]] * 2)
    with pytest.raises(ValueError, match="win table"):
        kernel.KERNEL.play(kernel.compiled(rules).table, seats, [1], False, False)


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
