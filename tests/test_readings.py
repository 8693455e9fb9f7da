"""``costly readings``: every alternative reading a profile records, played in its place on the profile's
seeds, with paired intervals, ranked; the values read with doubt that record no other reading; and a
profile whose alternatives are not values of their rules, or cannot be played, refused where it says so."""
from __future__ import annotations

import csv
import io
import json

import pytest

from costly_variants import profiles
from costly_variants.questions.readings import readings_of, run_readings
from costly_variants.questions.readings_report import render_csv, render_markdown, render_text
from costly_variants.runs.runner import run_plans
from costly_variants.questions.study import Settings, local_runner
from costly_variants.game.playout import play_game
from costly_variants.profiles.rules import Status

from .conftest import EXAMPLES
from .stops import run_until_progress_then_stop


@pytest.fixture(scope="module")
def every_reading() -> dict:
    """Every bundled profile's readings, a few games each: enough for intervals, quick to play."""
    return run_readings(profiles.load_all(), Settings(40, 3, ("greedy",)), local_runner(2))


def test_readings_json_names_every_alternative_cotton_records_each_with_intervals(cli):
    code, out, err = cli("readings", "cotton-1674", "--games", "30", "--seed", "2", "--jobs", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    (entry,) = data["profiles"]
    cotton = profiles.load("cotton-1674")
    recorded = sorted((key, i) for key, prov in cotton.provenance.items() for i in range(len(prov.alternatives)))
    assert sorted((r["rule"], r["alternative"]["index"]) for r in entry["readings"]) == recorded
    figures = [f["key"] for f in data["figures"]]
    assert set(data["settings"]["headline"]) < set(figures)
    for row in entry["readings"]:
        prov = cotton.provenance[row["rule"]]
        assert row["status"] == prov.status.value and row["cite"] == list(prov.cite)
        alt = prov.alternatives[row["alternative"]["index"]]
        assert row["alternative"]["reading"] == alt.reading and row["alternative"]["cite"] == list(alt.cite)
        assert list(row["effects"]) == figures
        assert all(e["low"] is not None and e["low"] <= e["value"] <= e["high"] for e in row["effects"].values())
    assert [r["rank"] for r in entry["readings"]] == list(range(1, len(recorded) + 1))


def test_the_readings_are_ranked_by_their_clearest_headline_effect(every_reading):
    for entry in every_reading["profiles"]:
        distances = [r["distance"] for r in entry["readings"] if r["distance"] is not None]
        assert distances == sorted(distances, reverse=True)
        for row in entry["readings"]:
            if row["distance"] is None:
                continue
            clearest = row["effects"][row["clearest"]]
            half = (clearest["high"] - clearest["low"]) / 2
            assert row["distance"] == round(abs(clearest["value"]) / half, 2)
            assert (row["distance"] > 1) == clearest["clear_of_zero"]


def test_every_bundled_reading_is_played_and_inherited_ones_too(every_reading):
    by_id = {e["id"]: e for e in every_reading["profiles"]}
    for profile in profiles.load_all():
        entry = by_id[profile.id]
        assert len(entry["readings"]) == len(readings_of(profile)) == sum(
            len(p.alternatives) for p in profile.provenance.values())
        assert entry["games_played"] == (40 if entry["readings"] else 0)
    # Parlett's profile inherits five readings from the 1874 rules; Holme's layer changes none of Cotton's
    assert {r["defined_in"] for r in by_id["parlett-121"]["readings"]} == {"eddowes-burne-1874"}
    assert by_id["holme-1688"]["same_as"] == "cotton-1674" and by_id["cotton-1674"]["same_as"] is None
    # the same readings, each "unavailable" in Holme's layer, whose own text is unavailable
    def bare(rows):
        return [{k: v for k, v in r.items() if k not in ("status", "note")} for r in rows]

    assert bare(by_id["holme-1688"]["readings"]) == bare(by_id["cotton-1674"]["readings"])
    assert {r["status"] for r in by_id["holme-1688"]["readings"]} == {"unavailable"}


def test_one_reading_of_two_rules_is_played_once(every_reading):
    """Parlett's reading of the end of a series moves the go and the latter together: recorded under both
    rules, it is one rule set, played once."""
    (entry,) = [e for e in every_reading["profiles"] if e["id"] == "eddowes-burne-1874"]
    go, latter = (next(r for r in entry["readings"] if r["rule"] == key) for key in ("play.go_points",
                                                                                    "play.latter_points"))
    assert go["alternative"]["with"] == {"play.latter_points": 1} and latter["alternative"]["with"] == {"play.go_points": 0}
    assert [go["same_rules_as"], latter["same_rules_as"]].count(None) == 1
    assert go["effects"] == latter["effects"] and go["effects"]["dealer_edge"]["clear_of_zero"]


def test_a_reading_the_bots_never_meet_is_marked_as_changing_no_game(every_reading):
    """The greedy bot always asks to mog and always agrees, so the 1874 rules' reading of who may ask changes no
    game; the
    heels timing of Cotton's changes every game's dealer's edge."""
    by_id = {e["id"]: e for e in every_reading["profiles"]}
    rows = {r["rule"]: r for r in by_id["eddowes-burne-1874"]["readings"]}
    assert rows["mog.procedure"]["unchanged"] and rows["mog.procedure"]["clearest"] is None
    assert not {r["rule"]: r for r in by_id["cotton-1674"]["readings"]}["turnup.heels_before_play"]["unchanged"]


def test_a_readings_effect_is_the_comparisons_difference_on_the_same_seeds(cli, tmp_path):
    """The 1874 rules read as a game of 61: the effect readings reports is, to the last digit, what
    compare reports between the profile and a house profile that takes that reading."""
    house = tmp_path / "jackson-61.yaml"
    house.write_text("id: jackson-61\ntitle: The 1874 rules to 61\nextends: eddowes-burne-1874\nrules:\n  game:\n"
                     "    target: {value: 61, status: editorial, cite: [wikipedia-en#target], note: the reading}\n",
                     encoding="utf-8")
    code, out, _ = cli("readings", "eddowes-burne-1874", "--games", "60", "--seed", "8", "--jobs", "1", "--json")
    (row,) = [r for r in json.loads(out)["profiles"][0]["readings"] if r["rule"] == "game.target"]
    code, out, err = cli("compare", "eddowes-burne-1874", str(house), "--games", "60", "--seed", "8", "--skill-games",
                         "0", "--jobs", "1", "--json")
    assert code == 0, err
    differences = {f["key"]: f["differences"]["jackson-61"] for f in json.loads(out)["figures"]}
    assert row["rank"] == 1 and row["clearest"] == "deals_per_game"
    assert row["effects"]["deals_per_game"]["high"] < 0
    # The same interval and p; the stars are each report's own, after its error control over what it tests.
    def interval(e: dict) -> dict:
        return {k: v for k, v in e.items() if k not in ("p_adjusted", "starred")}

    for key, difference in differences.items():
        assert interval(row["effects"][key]) == interval(difference), key
    # the figures of sources that score only under other readings are there too, unmoved by this one
    assert all(row["effects"][k]["value"] == 0 for k in set(row["effects"]) - set(differences))


def test_the_values_read_with_doubt_and_no_other_reading_are_listed(every_reading):
    for entry in every_reading["profiles"]:
        profile = profiles.load(entry["id"])
        expected = [k for k, p in profile.provenance.items()
                    if p.status in (Status.INFERRED, Status.DISPUTED, Status.SILENT) and not p.alternatives]
        assert sorted(u["rule"] for u in entry["unrecorded"]) == sorted(expected)
        for u in entry["unrecorded"]:
            assert u["status"] == profile.provenance[u["rule"]].status.value and u["title"]
    cotton = next(e for e in every_reading["profiles"] if e["id"] == "cotton-1674")
    assert "deal.first_dealer" in {u["rule"] for u in cotton["unrecorded"]}


def test_every_bundled_alternative_is_a_reading_the_engine_can_play():
    """The loader has checked each reading against the rules; here each is played, by the engine, to its end."""
    for profile in profiles.load_all():
        for reading in readings_of(profile):
            state = play_game(reading.spec().game(), ("greedy",), 7)
            assert state.is_terminal(), (profile.id, reading.key, reading.index)


@pytest.mark.parametrize("name, where", [
    ("alternative-wrong-type.yaml", ":12:17: $.rules.game.target.alternatives[0].value: true is not of type 'integer'"),
    ("alternative-unplayable.yaml", ":12:17: $.rules.play.point_totals.alternatives[0].value: the alternative "
                                    "play.point_totals: [15, 25, 31, 41] cannot be played"),
])
def test_a_profile_whose_alternative_is_no_value_of_its_rule_is_refused_where_it_says_so(cli, name, where):
    path = EXAMPLES / "negative" / name
    code, out, err = cli("readings", str(path), "--games", "10")
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].split(name, 1)[1].startswith(where) and "negative/" in lines[0], lines


def test_the_readings_are_the_same_for_one_process_or_two(cli):
    argv = ("readings", "parlett-121", "eddowes-burne-1874-partners", "--games", "30", "--seed", "4", "--json")
    one = cli(*argv, "--jobs", "1")
    two = cli(*argv, "--jobs", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1]


@pytest.mark.parametrize("width", [80, 60, 120])
def test_the_text_fits_the_width_and_every_form_is_there(every_reading, width, cli, tmp_path, monkeypatch):
    text = render_text(every_reading, width)
    assert max(len(line) for line in text.splitlines()) <= width
    assert "1. count." in text or " 1. " in text
    assert "holme-1688: Holme" in text and "The same rules and readings as cotton-1674" in text
    assert "Read with doubt, with no other reading recorded" in " ".join(text.split())
    assert "no game changed: the greedy bot always asks to mog and always agrees" in " ".join(text.split())  # each says why
    markdown = render_markdown(every_reading)
    assert markdown.startswith("## How much the readings matter") and "| rank | rule | status |" in markdown
    rows = list(csv.DictReader(io.StringIO(render_csv(every_reading))))
    figures = len(every_reading["figures"])
    assert len(rows) == figures * sum(len(e["readings"]) for e in every_reading["profiles"])
    assert {r["interrupted"] for r in rows} == {"False"}
    monkeypatch.setenv("COLUMNS", str(width))
    target = tmp_path / "readings.csv"
    code, out, err = cli("readings", "parlett-121", "--games", "12", "--jobs", "1", "--csv", str(target))
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= width
    assert target.read_text(encoding="utf-8").startswith(",".join(("profile", "rank", "rule")))


def _stopped_after_the_first_chunk(plans, progress):
    def stop(done, total):
        raise KeyboardInterrupt

    return run_plans(plans, jobs=1, chunk_size=4, progress=stop)


def test_a_stopped_run_reports_the_games_finished_in_every_form():
    data = run_readings([profiles.load("parlett-121"), profiles.load("cotton-1674")], Settings(12, 1, ("greedy",)),
                        _stopped_after_the_first_chunk)
    assert not data["settings"]["complete"]
    parlett, cotton = data["profiles"]
    assert parlett["games_played"] == 4 and not parlett["complete"]
    assert cotton["games_played"] == 0 and all(not r["effects"] for r in cotton["readings"])
    assert "4 of 12 games (interrupted) each" in " ".join(render_text(data).split())
    assert "not played (interrupted)" in render_text(data)
    assert {r["interrupted"] for r in csv.DictReader(io.StringIO(render_csv(data)))} == {"True"}


def test_ctrl_c_keeps_the_games_finished(tmp_path):
    code, out, err = run_until_progress_then_stop(["readings", "cotton-1674", "--games", "2000000", "--jobs", "2"])
    assert code == 130 and "Traceback" not in err, err
    assert "(interrupted) each" in " ".join(out.split()) and "clearest:" in out


def test_bad_arguments_are_one_line_errors(cli):
    code, _, err = cli("readings", "no-such-profile")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "unknown profile 'no-such-profile'" in err
    code, _, err = cli("readings", "--games", "0")
    assert code == 2 and "must be at least 1" in err
    code, _, err = cli("readings", "cotton-1674", "--csv", "/no/such/folder/x.csv")
    assert code == 1 and "does not exist" in err
