"""Issue 31, point 3: an inherited alternative that a house profile's rules cannot play is set aside, not
an error; the profile's own alternatives are still checked and refused."""
from __future__ import annotations

from costly_variants import profiles
from costly_variants.questions.readings import readings_of
from costly_variants.questions.readings_report import render_text
from costly_variants.questions.study import Settings

FOUR_CARDS = ("id: four-cards\ntitle: Holme with four cards\nextends: holme-1688\nrules:\n"
              "  deal: {cards_each: {value: 4, status: editorial, cite: [], note: four cards}}\n")


def test_validate_accepts_the_profile_with_a_note_naming_the_reading_and_why(cli, tmp_path):
    path = tmp_path / "four-cards.yaml"
    path.write_text(FOUR_CARDS, encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 0, out + err  # once: "the alternative count.pair_match: courts-alike (from cotton-1674) ..."
    note = next(line for line in out.splitlines() if "note:" in line)
    assert "count.pair_match: courts-alike (from cotton-1674)" in note and "five courts" in note
    code, out, _ = cli("validate", str(path), "--json")
    assert code == 0 and "count.pair_match" in out


def test_readings_lists_it_as_not_playable_and_plays_the_rest(tmp_path):
    from costly_variants.questions.readings import plans_for, summarise

    path = tmp_path / "four-cards.yaml"
    path.write_text(FOUR_CARDS, encoding="utf-8")
    profile = profiles.load(str(path))
    assert [(s.key, s.defined_in) for s in profile.set_aside] == [("count.pair_match", "cotton-1674")]
    assert all(r.key != "count.pair_match" for r in readings_of(profile))
    settings = Settings(12, 1, ("greedy",))
    planned, plans = plans_for([profile], settings)
    data = summarise([profile], settings, planned, plans, [])  # what it lists, before any game is played
    assert [a["rule"] for a in data["profiles"][0]["not_playable"]] == ["count.pair_match"]
    text = " ".join(render_text(data).split())
    assert "Not playable under these rules (1)" in text and "count.pair_match: courts-alike (from cotton-1674)" in text


def test_its_own_unplayable_alternative_is_still_refused(cli, tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text(FOUR_CARDS + "  count:\n    pair_match: {value: rank, status: editorial, cite: [], note: x,\n"
                    "      alternatives: [{value: courts-alike, reading: courts alike}]}\n", encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 1 and "the alternative count.pair_match: courts-alike cannot be played" in out + err


def test_the_bundled_profiles_set_nothing_aside():
    assert all(not p.set_aside for p in profiles.load_all())
