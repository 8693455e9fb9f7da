"""The kernel's tables kept in the cache folder: the stored tables are the ones compiled, and only ever a
shortcut (a changed rule, a damaged file or no folder means compiling them again)."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from costly_variants import profiles
from costly_variants.game import stored_tables
from costly_variants.game.kernel import compile_rules

LAYOUT = ("players", "target")  # any layout: it is part of the key, not of the tables


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    return tmp_path / stored_tables.FOLDER


def compiling() -> tuple[list[object], object]:
    """A compile_rules that records every rule set it actually compiles (rather than reads)."""
    calls: list[object] = []

    def make(rules):
        calls.append(rules)
        return compile_rules(rules)

    return calls, make


@pytest.mark.parametrize("profile_id", ["cotton-1674", "eddowes-burne-1874-partners"])
def test_stored_tables_are_the_tables_compiled(folder, profile_id):
    rules = profiles.load(profile_id).rules
    calls, make = compiling()
    first = stored_tables.compiled(rules, LAYOUT, make)
    again = stored_tables.compiled(rules, LAYOUT, make)
    assert len(calls) == 1 and len(list(folder.glob("*.bin"))) == 1
    assert first == again == compile_rules(rules)
    assert again.table.tolist() == compile_rules(rules).table.tolist() and again.kinds == first.kinds


def test_other_rules_or_another_layout_have_their_own_tables(folder):
    rules = profiles.load("parlett-121").rules
    calls, make = compiling()
    stored_tables.compiled(rules, LAYOUT, make)
    richer = dataclasses.replace(rules, pair_points=rules.pair_points + 1)
    assert stored_tables.compiled(richer, LAYOUT, make) == compile_rules(richer)
    assert len(calls) == 2
    stored_tables.compiled(rules, (*LAYOUT, "limit"), make)
    assert len(calls) == 3
    # The citations are not rules: the same values share the tables.
    stored_tables.compiled(dataclasses.replace(rules, citations={}), LAYOUT, make)
    assert len(calls) == 3


def test_the_key_is_the_same_in_another_process(folder):
    """A set of ranks (the heels) has no fixed order from one process to the next: the key sorts it."""
    code = ("from costly_variants import profiles; from costly_variants.game import stored_tables; "
            f"print(stored_tables.key(profiles.load('eddowes-burne-1874').rules, {LAYOUT!r}))")
    keys = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
            for seed in (1, 2, 3)}
    assert keys == {stored_tables.key(profiles.load("eddowes-burne-1874").rules, LAYOUT) + "\n"}


def test_a_damaged_or_cut_file_is_compiled_again(folder):
    rules = profiles.load("cotton-1674").rules
    calls, make = compiling()
    stored_tables.compiled(rules, LAYOUT, make)
    (path,) = folder.glob("*.bin")
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # one table entry changed: the digest no longer fits
    path.write_bytes(bytes(data))
    assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules) and len(calls) == 2
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules) and len(calls) == 3
    path.write_bytes(b"not json\n")
    assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules) and len(calls) == 4
    assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules) and len(calls) == 4  # rewritten whole


def test_no_cache_folder_only_means_compiling(no_cache_folders, monkeypatch):
    rules = profiles.load("holme-1688").rules
    for setting in no_cache_folders:
        monkeypatch.setenv("COSTLY_CACHE_DIR", setting)
        calls, make = compiling()
        assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules)
        assert stored_tables.compiled(rules, LAYOUT, make) == compile_rules(rules)
        assert len(calls) == 2


def test_tables_with_a_part_the_file_does_not_hold_are_compiled_every_time(folder, monkeypatch):
    """Should compile_rules come to make more than the array and the kinds, nothing stale is read back."""
    from costly_variants.game import kernel

    @dataclasses.dataclass(frozen=True)
    class Grown:
        table: object
        kinds: object
        more: int = 0

    monkeypatch.setattr(kernel, "CompiledRules", Grown)
    rules = profiles.load("cotton-1674").rules
    calls, make = compiling()
    stored_tables.compiled(rules, LAYOUT, make)
    stored_tables.compiled(rules, LAYOUT, make)
    assert len(calls) == 2 and not folder.exists()
