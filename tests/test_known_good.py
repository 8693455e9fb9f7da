"""Bundled profiles are checked once per content, then trusted: the cache of known-good profiles."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from costly_variants import cache
from costly_variants.profiles import known_good

LOAD = ("import sys; from costly_variants import profiles; ps = profiles.load_all(); "
        "print(len(ps), 'jsonschema' in sys.modules or 'yaml' in sys.modules)")


def run(folder: Path | str, code: str = LOAD) -> str:
    env = dict(os.environ, COSTLY_CACHE_DIR=str(folder))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_second_run_trusts_the_bundled_profiles_without_importing_yaml_or_the_schema_checker(tmp_path):
    assert run(tmp_path) == "5 True"       # read, checked against the schema, and remembered
    assert run(tmp_path) == "5 False"      # the same bytes: trusted; neither PyYAML nor jsonschema imported
    (only,) = (tmp_path / "known-good").glob("*.json")  # one file for this copy of the package
    entries = json.loads(only.read_text())["profiles"]
    assert len(entries) == 5


def test_a_trusted_profile_is_the_profile_a_full_check_gives(tmp_path, monkeypatch):
    from costly_variants.profiles import loader

    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    for cached in (known_good._entries, loader._load_cached):
        cached.cache_clear()
    checked = {p.id: p for p in loader.load_all()}   # checked, and remembered
    for cached in (known_good._entries, loader._load_cached):
        cached.cache_clear()
    trusted = {p.id: p for p in loader.load_all()}   # trusted
    for cached in (known_good._entries, loader._load_cached):
        cached.cache_clear()
    assert trusted.keys() == checked.keys()
    for profile_id, profile in checked.items():
        other = trusted[profile_id]
        assert other.rules == profile.rules and dict(other.rules.citations) == dict(profile.rules.citations)
        assert dict(other.values) == dict(profile.values) and dict(other.provenance) == dict(profile.provenance)
        assert (other.title, other.lineage, other.vocabulary, other.source_status) == \
            (profile.title, profile.lineage, profile.vocabulary, profile.source_status)


def test_a_damaged_or_unwritable_cache_only_means_checking_again(tmp_path):
    assert run(tmp_path) == "5 True"
    (only,) = (tmp_path / "known-good").glob("*.json")
    only.write_text("{not json", encoding="utf-8")
    assert run(tmp_path) == "5 True"
    assert run(tmp_path) == "5 False"      # rewritten whole
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("", encoding="utf-8")
    assert run(blocked) == "5 True" and run(blocked) == "5 True"
    assert run("off") == "5 True"


def test_a_changed_byte_means_checking_again(tmp_path, monkeypatch):
    top, base = tmp_path / "top.yaml", tmp_path / "base.yaml"
    top.write_text("id: top\nextends: base\n", encoding="utf-8")
    base.write_text("id: base\n", encoding="utf-8")
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    known_good._entries.cache_clear()
    known_good.remember(top, [(top, {"id": "top"}), (base, {"id": "base"})])
    known_good._entries.cache_clear()
    assert known_good.lookup(top) == [(top, {"id": "top"}), (base, {"id": "base"})]
    base.write_text("id: base \n", encoding="utf-8")
    assert known_good.lookup(top) is None
    known_good._entries.cache_clear()


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
    assert cache.cache_dir() == tmp_path
    monkeypatch.setenv("COSTLY_CACHE_DIR", "off")
    assert cache.cache_dir() is None
    monkeypatch.delenv("COSTLY_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "costly-variants"


def test_a_cache_entry_edited_by_hand_is_not_trusted(tmp_path):
    assert run(tmp_path) == "5 True"
    (path,) = (tmp_path / "known-good").glob("*.json")
    data = json.loads(path.read_text())
    entry = next(iter(data["profiles"].values()))
    entry["chain"][0][1]["title"] = "edited"  # the file still says otherwise
    path.write_text(json.dumps(data))
    assert run(tmp_path) == "5 True"  # that profile checked again from its file


def test_each_copy_of_the_package_has_its_own_file_and_a_gone_copy_is_forgotten(tmp_path, monkeypatch):
    """Many clones and environments share one cache folder: a run reads only its own copy's entries, and
    the files of copies that no longer exist (and the one file all copies once shared) are removed."""
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    gone = tmp_path / "a-deleted-clone" / "variants"
    kept = tmp_path / "another-clone" / "variants"
    kept.mkdir(parents=True)
    for folder in (gone, kept):
        cache.write_json(known_good._file_name(folder), {"folder": str(folder), "profiles": {}})
    (tmp_path / "known-good-profiles.json").write_text("{}", encoding="utf-8")
    known_good._entries.cache_clear()
    try:
        profile = Path(__file__).parent.parent / "variants" / "cotton-1674.yaml"
        known_good.remember(profile, [(profile, {"id": "cotton-1674"})])
    finally:
        known_good._entries.cache_clear()
    names = {p.name for p in (tmp_path / "known-good").glob("*.json")}
    own = Path(known_good._file_name(known_good.data_dir("variants"))).name
    assert names == {own, Path(known_good._file_name(kept)).name}
    assert not (tmp_path / "known-good-profiles.json").exists()


SOURCES = ("import sys; from costly_variants.profiles.sources import library; lib = library(); "
           "print(len(lib.all_refs()), lib.citation('cotton-1674#' + next(iter(lib.sources['cotton-1674'].passages))), "
           "'jsonschema' in sys.modules or 'yaml' in sys.modules)")


def sources_run(folder: Path | str) -> str:
    return run(folder, SOURCES)


def test_the_bundled_sources_are_checked_once_then_trusted(tmp_path):
    first = sources_run(tmp_path)
    assert first.endswith(" True")                          # read, checked against the schema, remembered
    assert sources_run(tmp_path) == first[:-4] + "False"    # trusted: neither PyYAML nor jsonschema imported
    (path,) = (tmp_path / "known-good-sources").glob("*.json")
    data = json.loads(path.read_text())
    data["sources"]["cotton-1674"]["label"] = "edited"      # the file still says otherwise
    path.write_text(json.dumps(data))
    assert sources_run(tmp_path) == first                   # checked again from the files
    assert sources_run("off") == first


def test_trusted_sources_are_the_sources_a_full_check_gives(tmp_path, monkeypatch):
    from costly_variants.profiles import sources

    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    sources.library.cache_clear()
    try:
        checked = sources.library()
        sources.library.cache_clear()
        trusted = sources.library()
    finally:
        sources.library.cache_clear()
    assert known_good.checked_sources() is not None
    assert list(trusted.sources) == list(checked.sources)
    for source_id, source in checked.sources.items():
        other = trusted.sources[source_id]
        assert dict(other.passages) == dict(source.passages)
        assert other == source.__class__(**{**source.__dict__, "passages": other.passages})
