"""Rewrite the record of the board search's choices: python -m tests.golden.regenerate_board_search (only
when a change is meant to alter the board search's games; review the diff).

``board_search_choices.json`` holds, for every bundled profile, a few seeds of the board search
(``--bot search``) against expert and expert against it, played by the Python engine: for each game its
result and a digest of every deal's actions and score events; and, for many more seeds played by the
compiled kernel, a digest of each whole game. ``tests/test_board_search_record.py`` plays the same seeds in
the engine and in the kernel and checks them against it, so that a faster board search is checked to make
the choices it made before (``search_choices.json`` is the same record of ``search-points``).
"""
from __future__ import annotations

from pathlib import Path

from costly_variants.runs.runner import seeds_for

from .regenerate_search import write

HERE = Path(__file__).parent
RECORD = HERE / "board_search_choices.json"
PAIRINGS = (("search", "expert"), ("expert", "search"))
SEEDS = (11, 12)
KERNEL_SEEDS_TEXT = "seeds_for(27, 200)"
KERNEL_SEEDS = seeds_for(27, 200)


def main() -> None:
    write(RECORD, __doc__.split("\n\n")[1].replace("\n", " "), PAIRINGS, SEEDS, KERNEL_SEEDS_TEXT, KERNEL_SEEDS)


if __name__ == "__main__":
    main()
