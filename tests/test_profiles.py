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
    # Holme's text is unavailable: none of the values it takes from Cotton is stated by it
    assert {p.status for p in holme.provenance.values()} == {Status.UNAVAILABLE}
    assert all(h.taken_as is c.status and h.cite == c.cite
               for h, c in zip(holme.provenance.values(), cotton_provenance(bundled)))


def cotton_provenance(bundled):
    return bundled["cotton-1674"].provenance.values()


def test_a_house_layer_over_a_text_unavailable_states_nothing_of_its_own(tmp_path):
    """Any profile whose own source is unavailable shows what it takes from its base as unavailable; a
    value it sets itself keeps its own status."""
    path = tmp_path / "lost.yaml"
    path.write_text("id: lost-1700\ntitle: A lost text over Cotton\nextends: cotton-1674\n"
                    "source_status: {status: unavailable, cite: [holme-1688#location], note: not read}\n"
                    "rules:\n  game:\n    target: {value: 31, status: editorial, cite: [], note: a guess}\n",
                    encoding="utf-8")
    lost, problems = profiles.check(path)
    assert problems == [] and lost is not None
    assert lost.provenance["game.target"].status is Status.EDITORIAL
    deal = lost.provenance["deal.cards_each"]
    assert deal.status is Status.UNAVAILABLE and deal.taken_as is Status.STATED and deal.defined_in == "cotton-1674"


def test_the_1874_mog_rests_on_the_presumed_fragment_weighed_not_settling(bundled):
    rules_1874 = bundled["eddowes-burne-1874"]
    for key, status in (("mog.procedure", Status.DISPUTED), ("mog.refusal_points", Status.STATED)):
        prov = rules_1874.provenance[key]
        assert "burne-1883#mogging" in prov.cite and prov.status is status
        assert any(e.passage == "burne-1883#mogging" for e in prov.evidence)
        note = prov.note or ""
        assert "not known" in note or "breaks off" in note  # what the fragment does not settle
    # the fragment is presumed the digest's, and said to weigh, not to settle (issue 36)
    assert "presumed" in rules_1874.provenance["mog.procedure"].note and "settles" not in rules_1874.provenance["mog.procedure"].note
    assert bundled["parlett-121"].year == 2020  # dated by the web page every value cites
    assert bundled["eddowes-burne-1874"].title == "The Shropshire rules of 1874 (Burne 1886)"


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


def test_profiles_are_read_as_yaml_1_2(house, cli):
    """Dates, yes/no, sexagesimal and hexadecimal are strings; 010 is ten; JSON output stays JSON."""
    path = house("parlett-121", extra="summary: yes\nrules:\n  game:\n    target:\n      value: 010\n"
                            "      status: disputed\n      cite: [parlett-web#game]\n      note: on\n"
                            "      alternatives:\n      - {value: 61, reading: 1:01}\n"
                            "      - {value: 201, reading: 'no'}\n")
    profile = profiles.load(str(path))
    assert profile.summary == "yes" and profile.rules.target == 10
    prov = profile.provenance["game.target"]
    assert prov.note == "on" and [a.value for a in prov.alternatives] == [61, 201]
    assert [a.reading for a in prov.alternatives] == ["1:01", "no"]
    code, out, _ = cli("show", "--json", str(path))
    assert code == 0 and json.loads(out)["id"] == "house"


@pytest.mark.parametrize("body, words", [
    ("rules:\n  game:\n    target: {value: 61, status: editorial, cite: [], note: \"\\ud83d\"}\n", "lone surrogate"),
    ("rules:\n  game:\n    target: {value: 6.1e1, status: editorial, cite: [], note: x}\n", "whole numbers only"),
    ("rules:\n  game:\n    target: {value: !!float 61, status: editorial, cite: [], note: x}\n", "whole numbers only"),
    ("rules:\n  game:\n    target: {value: !!int 0x3d, status: editorial, cite: [], note: x}\n", "decimal digits"),
    ("rules:\n  game:\n    target: {value: !!timestamp 2001-01-01, status: editorial, cite: [], note: x}\n",
     "is not allowed"),
    ("rules:\n  game:\n    target: {value: " + "1" * 19 + ", status: editorial, cite: [], note: x}\n", "too large"),
])
def test_values_no_profile_can_hold_are_one_located_line(house, cli, body, words):
    path = house("parlett-121", extra=body)
    code, out, err = cli("show", "--json", str(path))
    lines = (out + err).strip().splitlines()
    assert code != 0 and len(lines) == 1 and lines[0].startswith(f"{path}:6:") and words in lines[0], lines


def test_counting_commands_count_every_hand_size_a_profile_may_deal(house, cli, monkeypatch):
    """deal.cards_each may be 1 to 4: each is scored, batch-scored and analysed (once refused: "count
    hands of 3 cards and a deck card only"); a hand of another size than the profile deals is a usage error."""
    import io
    import json

    path = house("parlett-121", {"deal.cards_each": 2})
    code, out, err = cli("analyse", "hands", "--variant", str(path), "--json")
    assert code == 0 and json.loads(out)["deals"] == 66_300, err
    code, out, err = cli("score", "5H", "10D", "--deck", "KH", "--variant", str(path), "--json")
    assert code == 0 and json.loads(out)["total"] > 0, err
    code, out, err = cli("score", "5H", "5D", "10H", "--deck", "KH", "--variant", str(path))
    lines = (out + err).strip().splitlines()
    assert code == 2 and len(lines) == 1 and "deals two cards; give 2" in lines[0], lines
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"5H 10D KH\n")))
    code, out, err = cli("score", "--batch", "--variant", str(path))
    assert code == 0 and json.loads(out)["hand"] == ["5H", "10D"], err


def test_a_house_profile_may_not_take_a_bundled_id(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("id: cotton-1674\ntitle: Mine\nextends: cotton-1674\n", encoding="utf-8")
    _, problems = profiles.check(path)
    assert [p.location.path for p in problems] == ["$.id"] and "bundled profile" in problems[0].message


def test_eddowes_burne_profiles_say_their_source_is_secondary(bundled, cli):
    for profile_id in ("eddowes-burne-1874", "eddowes-burne-1874-partners"):
        status = bundled[profile_id].source_status
        assert status is not None and status.status is SourceStatus.SECONDARY and "Wikipedia" in status.note
    code, out, _ = cli("diff", "--json")
    notes = json.loads(out)["source_status"]
    assert notes["eddowes-burne-1874"]["status"] == "secondary" and notes["holme-1688"]["status"] == "unavailable"
    code, out, _ = cli("show", "eddowes-burne-1874")
    assert code == 0 and "[secondary]" in out


def test_every_stated_reading_the_issue_names_is_marked_as_a_reading(bundled):
    cotton, jackson, parlett = (bundled[i].provenance for i in ("cotton-1674", "eddowes-burne-1874", "parlett-121"))
    assert parlett["play.go_points"].status is Status.INFERRED
    assert jackson["count.point_totals"].status is Status.STATED  # both reports: 15 and 25 (issue 36's audit)
    assert cotton["mog.procedure"].status is Status.INFERRED
    # the two 1874 readings of the end of a series are disputed, each the other's alternative, and Parlett's
    # reading changes both rules: each alternative goes with the other rule's value
    for key, other, partner in (("play.go_points", 0, ("play.latter_points", 1)),
                                ("play.latter_points", 1, ("play.go_points", 0))):
        assert jackson[key].status is Status.DISPUTED and jackson[key].alternatives[0].value == other
        assert jackson[key].alternatives[0].together == (partner,)
    assert jackson["count.thirty_one"].status is Status.DISPUTED
    assert bundled["eddowes-burne-1874"].rules.thirty_one is ThirtyOne.PER_CARD
    assert [a.value for a in jackson["count.thirty_one"].alternatives] == ["flat-whole-hand"]
    # Cotton's "colour": the suit reading is an alternative for the colours table
    colours = cotton["count.colours"]
    assert any(all(e["in_suit"] == e["in_colour"] for e in alt.value) for alt in colours.alternatives
               if isinstance(alt.value, tuple))
    partners = bundled["eddowes-burne-1874-partners"].provenance
    assert partners["mog.given_away_scores"].status is Status.SILENT
    assert partners["mog.given_away_scores"].defined_in == "eddowes-burne-1874-partners"
    assert all(bundled[i].provenance["deal.cut_ace"].defined_in for i in bundled)


def test_what_can_score_counts_only_totals_some_cards_can_make(bundled):
    from costly_variants.profiles.semantics import can_score

    values = dict(bundled["parlett-121"].values)
    assert {"play.latter_points", "count.thirty_one", "count.colours"} <= set(can_score(values))
    # One card each: a hand and the deck card are two cards, which make at most 22, never 31.
    one = {**values, "deal.cards_each": 1}
    assert "count.thirty_one" not in can_score(one) and "count.prial_points" not in can_score(one)
    assert "count.prial_points" in can_score(values)  # three alike in a hand of three and the deck card
    assert "count.colours" not in can_score({**one, "count.colours": ({"name": "c", "in_colour": 3, "in_suit": 1,
                                                                        "points": 2},)})


def test_the_schema_checks_every_alternative_against_its_own_rules_values():
    """Each rule's alternatives refer to that rule's own value schema, and ``with`` to every rule's; a rule
    added to the schema without them fails here."""
    schema = json.loads(profiles.schema_path().read_text(encoding="utf-8"))
    sections = schema["properties"]["rules"]["properties"]
    together = schema["$defs"]["values"]["properties"]
    assert set(together) == set(RULE_KEYS)
    for section, body in sections.items():
        for name, spec in body["properties"].items():
            pointer = f"#/properties/rules/properties/{section}/properties/{name}/properties/value"
            assert spec["properties"]["alternatives"] == {"items": {"properties": {"value": {"$ref": pointer}}}}
            assert together[f"{section}.{name}"] == {"$ref": pointer}

