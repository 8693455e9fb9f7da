"""The win table's dynamic programme in the kernel (``_kernel_wintable.c``, ``chances.board``) against numpy's
(``chances.table.solve``, the reference): the same chances within 1e-9 on random samples of deals, with and
without pegging out, mirrored and not; and the same board search's table (``store.board_table``), millionth
for millionth, on every bundled profile and random house profiles."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.chances import board as kernel_board, table
from costly_variants.chances.deals import Deal
from costly_variants.chances.store import BOARD_BOTS, board_table
from costly_variants.game import kernel
from costly_variants.game.wintable import NoTableError, millionths
from costly_variants.profiles.rules import Rules

from .slow import few_and_many
from .test_kernel import _played_profile
from .test_rule_fuzzer import FAST, house_profiles

pytestmark = pytest.mark.skipif(not kernel.available(), reason="the native kernel was not built here")


class _Rules:
    """What ``table.prepare`` and ``board.solved`` read of a Rules."""

    def __init__(self, target: int, peg_out: bool) -> None:
        self.target, self.peg_out_ends_game = target, peg_out


def numpy_table(rules, deals, *, mirrored: bool) -> tuple[np.ndarray, tuple[float, float]]:
    """``table.solve`` over all the deals, in the table's layout."""
    sampled = table.prepare(rules, deals, mirrored=mirrored, batches=1)
    whole, ties = table.solve_batches(sampled, 1)[0::2]
    return np.transpose(whole, (1, 2, 0)).ravel(), ties


@st.composite
def samples(draw: st.DrawFn) -> tuple[int, bool, bool, list[Deal]]:
    """A target, whether pegging out ends the game, whether the deals are mirrored, and deals: runs of
    either side (the dealer's or the other), some deals scoring nothing, a few past the target."""
    target = draw(st.integers(1, 40))
    peg_out, mirrored = draw(st.booleans()), draw(st.booleans())
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    quiet = draw(st.sampled_from([0.0, 0.1, 0.5]))  # the share of deals in which nobody scores
    most = draw(st.sampled_from([3, 8, 30, 60]))
    deals = []
    for i in range(draw(st.integers(2, 120))):
        runs: list[tuple[int, int]] = []
        if rng.random() >= quiet:
            side = rng.randrange(2)
            for _ in range(rng.randint(1, 6)):
                runs.append((side, rng.randint(1, most)))
                side ^= 1
        deals.append(Deal(i % 2, tuple(runs)))  # both sides deal
    assume(any(deal.runs for deal in deals))
    return target, peg_out, mirrored, deals


@settings(FAST, max_examples=300)
@given(sample=samples())
def test_the_kernels_programme_is_numpys_on_random_deals(sample):
    target, peg_out, mirrored, deals = sample
    rules = _Rules(target, peg_out)
    expected, ties = numpy_table(rules, deals, mirrored=mirrored)
    chances, kernel_ties = kernel_board.solved(rules, deals, mirrored=mirrored)  # type: ignore[arg-type]
    assert len(chances) == 2 * target * target
    assert np.max(np.abs(np.array(chances) - expected)) < 1e-9
    assert kernel_ties == pytest.approx(ties, abs=1e-9)


def test_deals_scoring_nothing_are_solved_along_the_row():
    """A position's chance rests on itself through the deals where nobody scores (numpy's power series)."""
    deals = [Deal(0, ()), Deal(1, ((0, 2),)), Deal(0, ((1, 1), (0, 1))), Deal(1, ())]
    for peg_out in (True, False):
        rules = _Rules(5, peg_out)
        expected, _ = numpy_table(rules, deals, mirrored=False)
        chances, _ = kernel_board.solved(rules, deals, mirrored=False)  # type: ignore[arg-type]
        assert np.max(np.abs(np.array(chances) - expected)) < 1e-12


def test_the_kernel_refuses_deals_it_cannot_read():
    with pytest.raises(ValueError, match="kernel: the deals array is not one kernel.py made"):
        kernel.win_table([0, 2, 0, 3], 10, peg_out=True, mirrored=True)  # two runs announced, one given
    with pytest.raises(ValueError, match="kernel: the deals array"):
        kernel.win_table([2, 0], 10, peg_out=True, mirrored=True)  # no side 2
    with pytest.raises(ValueError, match="kernel: the deals array"):
        kernel.win_table([0, 1, 0, 0], 10, peg_out=True, mirrored=True)  # a run of no points
    with pytest.raises(ValueError, match="target is out of range"):
        kernel.win_table([0, 1, 0, 3], 0, peg_out=True, mirrored=True)
    with pytest.raises(ValueError, match="without a deal dealt"):
        kernel.win_table([0, 1, 0, 3], 10, peg_out=True, mirrored=False)  # side B deals none
    with pytest.raises(ValueError, match="nobody scores"):
        kernel.win_table([0, 0, 1, 0], 10, peg_out=True, mirrored=False)


def test_a_chance_on_a_half_millionth_rounds_alike_however_it_was_summed():
    """Numpy's FFT and the kernel's sums leave a chance of exactly 1/2,000,000 (32 pairs of deals of 8,000) a
    few 1e-16 either side of it: both are the same millionths (found on eddowes-burne-1874-partners)."""
    assert millionths(4.999999997923332e-07) == millionths(5.000000000000002e-07) == 0
    assert millionths(0.022473500000000018) == millionths(0.02247349999999999) == 22474
    assert millionths(0.0003465000000001104) == millionths(0.0003464999999999971) == 346
    assert millionths(0.25) == 250_000 and millionths(1.0) == 1_000_000 and millionths(0.0000015) == 2


@pytest.mark.parametrize("profile_id", profiles.bundled_ids())
def test_the_kernels_board_is_the_terminals_on_every_bundled_profile(profile_id):
    rules = profiles.load(profile_id).rules
    assert BOARD_BOTS == kernel_board.BOARD_BOTS[:1]
    assert kernel_board.board(rules) == board_table(rules)


def _same_board(rules: Rules) -> bool:
    """Whether a table was worked out (both ways, the same), or none could be (neither way)."""
    try:
        expected = board_table(rules)
    except NoTableError:
        with pytest.raises(NoTableError):
            kernel_board.board(rules)
        return False
    assert kernel_board.board(rules) == expected
    return True


@pytest.mark.parametrize("examples", few_and_many(12, few=3))
def test_the_kernels_board_is_the_terminals_on_random_house_profiles(examples, tmp_path):
    found: list[bool] = []

    @settings(FAST, max_examples=examples)
    @given(house=house_profiles())
    def check(house):
        extends, values = house
        if "game.target" in values:
            values["game.target"] = min(values["game.target"], 121)
        found.append(_same_board(_played_profile(tmp_path, values, extends).rules))

    check()
    assert any(found)  # some house profile had its table worked out


def test_no_kernel_no_board(monkeypatch):
    monkeypatch.setattr(kernel, "KERNEL", None)
    with pytest.raises(NoTableError, match="not available"):
        kernel_board.board(profiles.load("cotton-1674").rules)
