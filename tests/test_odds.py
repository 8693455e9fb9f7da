"""The win table: its type, its dynamic programming against a plain recursion, its consistency, its
cache, and its chances against games played on from positions of the board."""
from __future__ import annotations

import dataclasses
import random
from functools import lru_cache

import pytest

from costly_variants import profiles
from costly_variants.chances import decisive, table as odds, check as odds_check
from costly_variants.chances.deals import Deal, runs_of, sample
from costly_variants.game import kernel
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game
from costly_variants.game.wintable import ScoreError, WinTable, parse_score

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def cotton():
    return profiles.load("cotton-1674").rules


@pytest.fixture(scope="module")
def greedy_table(cotton):
    return odds.worked_out(cotton, bots=("greedy", "greedy"), deals=12_000, seed=3)


def test_index_formula_and_lookups():
    t = 3
    chances = tuple(i / 100 for i in range(t * t * 2))
    table = WinTable(t, chances, tuple(0.01 for _ in chances), ("greedy", "greedy"), 10, 1)
    assert table.index(2, 1, 1) == (2 * 3 + 1) * 2 + 1
    assert table.chance(2, 1, 1) == chances[15]
    assert table.chance(2, 1, 1, side=1) == pytest.approx(1 - chances[15])
    assert table.after_deal(3, 2, 0) == 1.0 and table.after_deal(1, 5, 0) == 0.0
    assert table.after_deal(0, 0, 1) == chances[1]
    assert WinTable.from_dict(table.to_dict()) == table
    mirrored = table.mirrored()
    assert mirrored.chance(1, 2, 0) == pytest.approx(1 - table.chance(2, 1, 1))
    with pytest.raises(ValueError):
        WinTable(t, chances[:-1], chances[:-1])


@pytest.mark.parametrize("text, message", [
    ("40-", "write the two scores as MINE-THEIRS"), ("forty-two", "MINE-THEIRS"), ("-3-40", "negative"),
    ("3--40", "negative"), ("61-2", "61 is at or past the target, 61"), ("2-70", "70 is at or past")])
def test_bad_scores_are_named(text, message):
    with pytest.raises(ScoreError, match=message):
        parse_score(text, 61)


def test_scores_parse():
    assert parse_score("40-52", 61) == (40, 52)
    assert parse_score(" 0 : 60 ", 61) == (0, 60)


def _reference(target, peg_out, deals_by_dealer):
    """Side A's chance by plain recursion over each deal's runs in order (no zero-point deal)."""
    def gain(dealer):
        return sum(w for w, runs in deals_by_dealer[dealer] if _totals(runs)[0] > _totals(runs)[1])

    def even(dealer):
        return sum(w for w, runs in deals_by_dealer[dealer] if _totals(runs)[0] == _totals(runs)[1])

    g, e = (gain(0), gain(1)), (even(0), even(1))
    ties = ((g[0] + e[0] * g[1]) / (1 - e[0] * e[1]), (g[1] + e[1] * g[0]) / (1 - e[0] * e[1]))

    @lru_cache(maxsize=None)
    def value(a, b, dealer):
        total = 0.0
        for w, runs in deals_by_dealer[dealer]:
            sa, sb, result = a, b, None
            for side, points in runs:
                sa, sb = (sa + points, sb) if side == 0 else (sa, sb + points)
                if peg_out and (sa >= target or sb >= target):
                    result = 1.0 if sa >= target else 0.0
                    break
            if result is None:
                if sa < target and sb < target:
                    result = value(sa, sb, 1 - dealer)
                elif sa == sb:
                    result = ties[1 - dealer]
                else:
                    result = 1.0 if (sa >= target and (sa > sb or sb < target)) else 0.0
            total += w * result
        return total

    return value


def _totals(runs):
    out = [0, 0]
    for side, points in runs:
        out[side] += points
    return out


@pytest.mark.parametrize("peg_out", [True, False])
def test_dynamic_programming_matches_a_plain_recursion(cotton, peg_out):
    rng = random.Random(7)
    deals = []
    for _ in range(60):
        scores = [(rng.randrange(2), rng.randrange(0, 6)) for _ in range(rng.randrange(1, 6))]
        runs = runs_of(scores)
        if runs and _totals(runs) != [0, 0]:
            deals.append(Deal(rng.randrange(2), runs))
    rules = dataclasses.replace(cotton, target=13, peg_out_ends_game=peg_out)
    s = odds.prepare(rules, deals, mirrored=False, batches=2)
    got, _ = odds._solve_weighted(s, None)
    by_dealer = []
    for d in (0, 1):
        mine = [deal for deal in deals if deal.dealer == d]
        by_dealer.append(tuple((1 / len(mine), tuple((rel ^ d, p) for rel, p in deal.runs)) for deal in mine))
    value = _reference(13, peg_out, by_dealer)
    for a in range(13):
        for b in range(13):
            for d in (0, 1):
                assert got[d, a, b] == pytest.approx(value(a, b, d), abs=1e-9), (a, b, d)


def test_deals_are_the_same_from_the_kernel_and_the_engine(cotton):
    if not kernel.available():
        pytest.skip("no compiled kernel")
    from costly_variants.chances import deals as d

    far, seats = d.far_rules(cotton), ["greedy", "greedy"]
    seeds = [123, 456]
    assert [x for g in d._kernel_games(far, seats, seeds) for x in g] == \
        [x for g in d._engine_games(far, seats, seeds) for x in g]
    assert len(sample(cotton, ("greedy", "greedy"), 300, 1)) == 300


def test_a_side_mirrored_has_one_less_the_others_chance(greedy_table):
    table, _ = greedy_table
    t = table.target
    for a in range(0, t, 7):
        for b in range(0, t, 5):
            for d in (0, 1):
                assert table.chance(a, b, d, side=0) == pytest.approx(table.chance(b, a, 1 - d, side=1), abs=2e-6)


def test_more_points_never_lower_a_sides_chance(greedy_table):
    table, _ = greedy_table
    t = table.target
    for a in range(t - 1):
        for b in range(t):
            for d in (0, 1):
                lower, higher = table.chance(a, b, d), table.chance(a + 1, b, d)
                assert higher >= lower - max(table.error(a, b, d), table.error(a + 1, b, d)), (a, b, d)
                if b + 1 < t:
                    assert table.chance(a, b + 1, d) <= lower + max(table.error(a, b, d), table.error(a, b + 1, d))


def test_decisive_figures_agree_with_whole_games(cotton, greedy_table):
    """The first dealer's chance and the lead changes, from the table, against 4,000 greedy games."""
    if not kernel.available():
        pytest.skip("no compiled kernel")
    table, figures = greedy_table
    games = kernel.play(cotton, ["greedy"], range(4000))
    first = sum(g.first_dealer_won for g in games) / len(games)
    changes = sum(g.lead_changes for g in games) / len(games)
    se_first = (first * (1 - first) / len(games)) ** 0.5
    assert abs(figures["first_dealer"]["value"] - first) < 3 * se_first + 0.01
    assert figures["first_dealer"]["value"] == pytest.approx(table.chance(0, 0, 0), abs=1e-4)
    assert abs(figures["lead_changes"]["value"] - changes) < 0.25
    assert figures["behind_20"]["value"] < figures["behind_10"]["value"] < 0.5
    assert decisive.half_way(61, 20) == (10, 30) and decisive.half_way(31, 20) is None


def test_the_table_against_games_played_from_positions(cotton, greedy_table):
    """A small sample: the table's chance lies within the 95% interval of 400 games from each position
    (the full check is benchmarks/bench_odds.py)."""
    table, _ = greedy_table
    found = odds_check.check(cotton, table, [(30, 30, 1), (44, 52, 0), (20, 5, 1)], 400, seed=2)
    assert all(c.within for c in found), [(c.a, c.b, c.dealer, c.chance, c.played) for c in found]


def test_a_game_starts_at_a_position(cotton):
    state = play_game(Game(cotton), ["greedy"], 5, check="none", start=([58, 60], 1))
    assert state.is_terminal() and max(state.scores) >= 61
    assert state.events[0].deal == 1
    fresh = Game(cotton).new_initial_state()
    with pytest.raises(ValueError, match="each from 0 to 60"):
        fresh.start_at([61, 0], 0)


def test_tables_are_cached(tmp_path, monkeypatch, cotton):
    from costly_variants.chances import store as odds_store

    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    first = odds_store.odds(cotton, bots=("greedy",), deals=2000, seed=4)
    assert list((tmp_path / "odds").glob("*.json"))
    calls = []
    monkeypatch.setattr(odds_store, "worked_out", lambda *a, **k: calls.append(1))
    again = odds_store.odds(cotton, bots=("greedy",), deals=2000, seed=4)
    assert again == first and not calls
