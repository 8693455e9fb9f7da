"""The bundled profiles, the schema, the loader and the validation examples."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from costly_variants import profiles
from costly_variants.errors import ProfileError, UnknownVariantError
from costly_variants.profiles.rules import RULE_KEYS, MogProcedure, Rules, SourceStatus, Status, ThirtyOne
from costly_variants.profiles.sources import library

from .conftest import EXAMPLES

BUNDLED_IDS = ["cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121"]
NEGATIVE = sorted((EXAMPLES / "negative").glob("*.yaml"))
POSITIVE = sorted((EXAMPLES / "positive").glob("*.yaml"))
EXPECT = yaml.safe_load((EXAMPLES / "expectations.yaml").read_text(encoding="utf-8"))


def test_the_five_historical_profiles_are_bundled():
    assert sorted(profiles.bundled_ids()) == sorted(BUNDLED_IDS)


@pytest.mark.parametrize("profile_id", BUNDLED_IDS)
def test_bundled_profile_validates_and_resolves_completely(profile_id):
    profile, problems = profiles.check(profiles.locate_profile(profile_id))
    assert problems == []
    assert profile is not None and isinstance(profile.rules, Rules)
    assert set(profile.values) == set(RULE_KEYS) == set(profile.provenance)


@pytest.mark.parametrize("profile_id", BUNDLED_IDS)
def test_every_rule_has_a_status_and_every_citation_exists(profile_id, bundled):
    lib = library()
    profile = bundled[profile_id]
    for key, prov in profile.provenance.items():
        assert isinstance(prov.status, Status), key
        for ref in prov.cite + tuple(c for a in prov.alternatives for c in a.cite):
            assert ref in lib, f"{profile_id} {key} cites missing {ref}"
        # Every cell of the side-by-side table cites a passage: for a silent value, the passage where
        # the source treats the matter without this detail, and the later source the engine follows.
        assert prov.cite, f"{profile_id} {key} is {prov.status.value} but cites nothing"
        if prov.status is Status.DISPUTED:
            assert prov.alternatives and prov.note, key
    for term, entry in profile.vocabulary.items():
        assert entry.cite and all(ref in lib for ref in entry.cite), term


def test_schema_names_exactly_the_typed_rules():
    assert list(profiles.rule_titles()) == list(RULE_KEYS)


def test_the_profiles_differ_where_the_sources_do(bundled):
    cotton, parlett = bundled["cotton-1674"].rules, bundled["parlett-121"].rules
    assert (cotton.target, parlett.target) == (61, 121)
    assert cotton.mog_procedure is MogProcedure.ELDEST_CHOOSES
    assert parlett.mog_procedure is MogProcedure.BOTH_PASS
    assert bundled["eddowes-burne-1874"].rules.mog_procedure is MogProcedure.ELDER_ASKS_DEALER
    assert cotton.thirty_one is ThirtyOne.FLAT_WHOLE_HAND and parlett.thirty_one is ThirtyOne.PER_CARD
    assert not cotton.play_pairs and parlett.play_pairs
    partners = bundled["eddowes-burne-1874-partners"].rules
    assert partners.players == 4 and partners.partnerships and partners.mog_dealer_stock


def test_holme_changes_nothing_and_says_why(bundled):
    holme, cotton = bundled["holme-1688"], bundled["cotton-1674"]
    assert holme.rules == cotton.rules
    assert holme.source_status is not None and holme.source_status.status is SourceStatus.UNAVAILABLE
    assert "Harley" in holme.source_status.note
    assert all(p.defined_in == "cotton-1674" for p in holme.provenance.values())


def test_rules_are_immutable(bundled):
    profile = bundled["parlett-121"]
    with pytest.raises(AttributeError):
        profile.rules.target = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        profile.values["game.target"] = 5  # type: ignore[index]


def test_extends_overrides_only_what_differs():
    house, problems = profiles.check(EXAMPLES / "positive" / "house-61.yaml")
    assert problems == [] and house is not None
    parlett = profiles.load("parlett-121")
    assert house.lineage == ("house-61", "my-house", "parlett-121", "eddowes-burne-1874")
    assert house.rules.target == 61 and not house.rules.play_pairs
    assert house.provenance["game.target"].defined_in == "house-61"
    assert house.provenance["mog.procedure"].defined_in == "parlett-121"
    assert house.rules.mog_procedure is parlett.rules.mog_procedure


def test_minimal_house_profile_is_parlett(bundled):
    house = profiles.load(str(EXAMPLES / "positive" / "my-house.yaml"))
    assert house.id == "my-house" and house.rules == bundled["parlett-121"].rules


@pytest.mark.parametrize("path", POSITIVE, ids=lambda p: p.name)
def test_positive_examples_validate(path, cli):
    code, out, _ = cli("validate", str(path))
    assert code == 0 and out.startswith("ok:")


def test_every_negative_example_has_an_expectation():
    assert sorted(p.name for p in NEGATIVE) == sorted(EXPECT)


@pytest.mark.parametrize("path", NEGATIVE, ids=lambda p: p.name)
def test_negative_examples_report_file_line_and_message(path, cli, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # a tag that would run a command would leave a file here
    code, out, _ = cli("validate", str(path))
    expected = EXPECT[path.name]
    assert code == 1
    lines = out.strip().splitlines()
    ours = [l for l in lines if l.startswith(f"{path}:")]
    assert ours, lines
    head = f"{path}:{expected['line']}:{expected['column']}: {expected.get('path', '$')}"
    assert any(l.startswith(head) and expected["message"] in l for l in ours), (head, lines)
    assert not list(tmp_path.iterdir())


def test_validate_reports_every_error_not_just_the_first(tmp_path, cli):
    bad = tmp_path / "many.yaml"
    bad.write_text("id: Bad_Id\ntitle: x\nextends: parlett-121\nrules:\n  game:\n"
                   "    target: {value: x, status: nope, cite: [nowhere#p1]}\n  bogus: {}\n", encoding="utf-8")
    code, out, _ = cli("validate", str(bad))
    lines = [l for l in out.splitlines() if l.startswith(str(bad))]
    assert code == 1
    assert len(lines) >= 5, lines
    assert any("$.id" in l for l in lines) and any("$.rules.bogus" in l for l in lines)
    assert any("nowhere#p1" in l for l in lines) and any("status" in l for l in lines)


def test_validate_json_reporter(cli):
    path = EXAMPLES / "negative" / "wrong-type.yaml"
    code, out, _ = cli("validate", "--format", "json", str(path))
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    problem = report["files"][0]["problems"][0]
    assert problem["line"] == 6 and problem["path"] == "$.rules.game.target.value"


def test_validate_without_paths_checks_every_bundled_profile(cli):
    code, out, _ = cli("validate")
    assert code == 0
    assert sorted(l.removeprefix("ok: ") for l in out.splitlines()) == sorted(BUNDLED_IDS)


def test_alias_bomb_is_refused_by_the_loader():
    with pytest.raises(ProfileError, match="alias bomb"):
        profiles.load(str(EXAMPLES / "negative" / "alias-bomb.yaml"))


def test_unknown_profile_names_the_bundled_ones():
    with pytest.raises(UnknownVariantError, match="cotton-1674"):
        profiles.load("cotton-1675")


def test_the_bundled_schema_is_draft_2020_12():
    schema = json.loads(Path(profiles.schema_path()).read_text(encoding="utf-8"))
    assert schema["$schema"].endswith("2020-12/schema")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(
    st.text(max_size=300),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
    st.lists(st.sampled_from(["id: x\n", "title: t\n", "extends: parlett-121\n", "rules:\n", "  game:\n",
                              "    target: {value: 61, status: stated, cite: [x#y]}\n", "- a\n", "&a [1]\n",
                              "*a\n", "!!binary aGk=\n", "? [k]\n", ": v\n", "\t\n", "{", "}", "'", '"']),
             max_size=12).map("".join),
))
def test_any_input_gives_problems_never_a_crash(tmp_path, text):
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    profile, problems = profiles.check(path)
    assert (profile is None) == bool(problems)
    for problem in problems:
        assert "\n" not in str(problem) and problem.location.line >= 1
