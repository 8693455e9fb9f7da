"""Exact analyses kept in the cache folder: the stored one is the one worked out, and only ever a shortcut."""
from __future__ import annotations

import dataclasses
import json

import pytest

from costly_variants import profiles
from costly_variants.count import stored
from costly_variants.count.analysis import analyse_hands


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    return tmp_path / stored.FOLDER


def counted(monkeypatch) -> list[object]:
    """Record every analysis actually worked out (rather than read from the cache)."""
    calls: list[object] = []
    real = stored.analyse_hands

    def counting(rules):
        calls.append(rules)
        return real(rules)

    monkeypatch.setattr(stored, "analyse_hands", counting)
    return calls


@pytest.mark.parametrize("profile_id", ["cotton-1674", "parlett-121"])
def test_a_stored_analysis_is_the_analysis_worked_out(folder, monkeypatch, profile_id):
    rules = profiles.load(profile_id).rules
    calls = counted(monkeypatch)
    first = stored.analysis(rules)
    again = stored.analysis(rules)
    assert len(calls) == 1 and len(list(folder.glob("*.json"))) == 1
    assert first == again == analyse_hands(rules)
    assert again.as_dict() == analyse_hands(rules).as_dict()


def test_rules_that_count_differently_have_their_own_analysis(folder, monkeypatch):
    rules = profiles.load("parlett-121").rules
    calls = counted(monkeypatch)
    stored.analysis(rules)
    richer = dataclasses.replace(rules, pair_points=rules.pair_points + 1)
    result = stored.analysis(richer)
    assert len(calls) == 2 and result == analyse_hands(richer)
    # A rule the count does not depend on (the game's target) shares the analysis.
    stored.analysis(dataclasses.replace(rules, target=rules.target + 10))
    assert len(calls) == 2


def test_a_damaged_or_edited_file_is_worked_out_again(folder, monkeypatch):
    rules = profiles.load("cotton-1674").rules
    stored.analysis(rules)
    (path,) = folder.glob("*.json")
    data = json.loads(path.read_text())
    data["tallies"]["distribution"][0][1] += 1  # one deal more, and the seal no longer fits
    path.write_text(json.dumps(data))
    calls = counted(monkeypatch)
    assert stored.analysis(rules) == analyse_hands(rules) and len(calls) == 1
    path.write_text("{not json")
    assert stored.analysis(rules) == analyse_hands(rules) and len(calls) == 2
    assert json.loads(path.read_text())["key"] == stored.key(rules)  # rewritten whole


def test_no_cache_folder_only_means_working_it_out(no_cache_folders, monkeypatch):
    rules = profiles.load("holme-1688").rules
    for setting in no_cache_folders:
        monkeypatch.setenv("COSTLY_CACHE_DIR", setting)
        calls = counted(monkeypatch)
        assert stored.analysis(rules) == analyse_hands(rules)
        assert stored.analysis(rules) == analyse_hands(rules)
        assert len(calls) == 2


def test_only_the_newest_analyses_are_kept(folder, monkeypatch):
    monkeypatch.setattr(stored, "KEEP", 2)
    rules = profiles.load("parlett-121").rules
    for points in (1, 2, 3):
        stored.analysis(dataclasses.replace(rules, prial_points=points))
    assert len(list(folder.glob("*.json"))) == 2


def test_the_cli_shows_the_same_figures_from_the_cache(cli, folder):
    first = cli("analyse", "hands", "--variant", "eddowes-burne-1874", "--json")
    assert list(folder.glob("*.json"))
    assert cli("analyse", "hands", "--variant", "eddowes-burne-1874", "--json") == first


def test_code_that_cannot_be_read_only_means_working_it_out(folder, monkeypatch):
    def unreadable() -> bytes:
        raise FileNotFoundError("the package is in a zip")

    monkeypatch.setattr(stored, "_code", unreadable)
    rules = profiles.load("cotton-1674").rules
    calls = counted(monkeypatch)
    assert stored.analysis(rules) == analyse_hands(rules) and len(calls) == 1
    assert not folder.exists()
