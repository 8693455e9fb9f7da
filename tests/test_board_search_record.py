"""The board search (``--bot search``) makes the choices it made when they were recorded, in the engine and
in the kernel alike (tests/golden/board_search_choices.json): "the same choices" of a faster search checked
against the past, not only between the two engines."""
from __future__ import annotations

import json

import pytest

from costly_variants import profiles
from costly_variants.game import kernel

from .golden import regenerate_board_search as board_record
from .golden import regenerate_search as search_record

RECORD = json.loads(board_record.RECORD.read_text(encoding="utf-8"))
needs_kernel = pytest.mark.skipif(not kernel.available(), reason="the compiled kernel was not built here")


def _named(record: dict) -> str:
    return f"{record['profile']}-{'-'.join(record['bots'])}-{record.get('seed', 'many')}"


def test_the_record_holds_the_board_search_on_every_bundled_profile():
    assert {r["profile"] for r in RECORD["kernel_games"]} == set(profiles.bundled_ids())
    assert all("search" in r["bots"] for r in RECORD["games"] + RECORD["kernel_games"])
    # the games are not all alike: a record of one game many times would check little
    assert all(len(set(r["digests"])) > len(r["digests"]) // 2 for r in RECORD["kernel_games"])


@pytest.mark.parametrize("record", RECORD["games"], ids=_named)
def test_the_engines_board_search_makes_the_recorded_choices(record):
    played = search_record.engine_game(record["profile"], record["bots"], record["seed"])
    assert played["digests"] == record["digests"], "the first deal that differs: " + str(
        next(i + 1 for i, (a, b) in enumerate(zip(played["digests"], record["digests"])) if a != b))
    assert played == record


@needs_kernel
@pytest.mark.parametrize("record", RECORD["games"], ids=_named)
def test_the_kernels_board_search_makes_the_recorded_choices(record):
    assert search_record.kernel_game(record, record["bots"]) == record


@needs_kernel
@pytest.mark.parametrize("record", RECORD["kernel_games"], ids=_named)
def test_the_kernels_board_search_makes_the_recorded_choices_on_many_seeds(record):
    assert record["seeds"] == board_record.KERNEL_SEEDS_TEXT
    digests = search_record.kernel_digests(record["profile"], record["bots"], board_record.KERNEL_SEEDS)
    assert digests == record["digests"], f"{sum(a != b for a, b in zip(digests, record['digests']))} games differ"
