"""Bundled profiles are checked once per content, then trusted: the cache of known-good profiles."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from costly_variants.profiles import known_good

LOAD = ("import sys; from costly_variants import profiles; ps = profiles.load_all(); "
        "print(len(ps), 'jsonschema' in sys.modules)")


def run(cache: Path | str) -> str:
    env = dict(os.environ, COSTLY_CACHE_DIR=str(cache))
    return subprocess.run([sys.executable, "-c", LOAD], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_second_run_trusts_the_bundled_profiles_without_importing_the_schema_checker(tmp_path):
    assert run(tmp_path) == "5 True"       # checked against the schema, and remembered
    assert run(tmp_path) == "5 False"      # the same bytes: trusted, jsonschema never imported
    keys = json.loads((tmp_path / "known-good-profiles.json").read_text())["keys"]
    assert len(keys) == 5


def test_a_damaged_or_unwritable_cache_only_means_checking_again(tmp_path):
    (tmp_path / "known-good-profiles.json").write_text("{not json", encoding="utf-8")
    assert run(tmp_path) == "5 True"
    assert run(tmp_path) == "5 False"      # rewritten whole
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("", encoding="utf-8")
    assert run(blocked) == "5 True" and run(blocked) == "5 True"
    assert run("off") == "5 True"


def test_the_key_changes_with_any_byte_of_the_chain(tmp_path):
    top, base = tmp_path / "top.yaml", tmp_path / "base.yaml"
    top.write_text("id: top\nextends: base\n", encoding="utf-8")
    base.write_text("id: base\n", encoding="utf-8")
    first = known_good.key([top, base])
    base.write_text("id: base \n", encoding="utf-8")
    assert known_good.key([top, base]) != first
    assert known_good.key([top]) != known_good.key([top, base])


def test_the_cache_folder_is_chosen_by_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    assert known_good.cache_dir() == tmp_path
    monkeypatch.setenv("COSTLY_CACHE_DIR", "off")
    assert known_good.cache_dir() is None
    monkeypatch.delenv("COSTLY_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert known_good.cache_dir() == tmp_path / "costly-variants"
