"""The profile commands as a user runs them."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import EXAMPLES


def test_variants_json_lists_every_profile(cli):
    code, out, _ = cli("variants", "--json")
    rows = json.loads(out)
    assert code == 0
    assert {r["id"] for r in rows} >= {"cotton-1674", "parlett-121"}
    assert {r["id"]: r["target"] for r in rows}["cotton-1674"] == 61


def test_show_json_has_status_and_citations(cli):
    code, out, _ = cli("show", "cotton-1674", "--json")
    data = json.loads(out)
    assert code == 0
    target = data["rules"]["game.target"]
    assert target == {"value": 61, "status": "stated", "cite": ["cotton-1674#p125-game"],
                      "citations": [{"ref": "cotton-1674#p125-game", "citation": "Cotton 1674, p. 125"}],
                      "defined_in": "cotton-1674", "note": target["note"],
                      "evidence": [{"passage": "cotton-1674#p125-game", "kind": "quotation",
                                    "words": "generally Threescore and one makes the Game",
                                    "citation": "Cotton 1674, p. 125"}]}
    assert data["rules"]["count.colours"]["alternatives"]


def test_show_json_gives_each_citation_its_channel(cli):
    code, out, _ = cli("show", "eddowes-burne-1874", "--json")
    data = json.loads(out)
    assert code == 0
    nest = {c["ref"]: c for c in data["rules"]["count.cocks_nest"]["citations"]}
    webb = nest["webb-1924#telling-the-game"]
    assert webb["citation"].startswith("Webb 1924, pp. 98, 102 (Penguin), quoted in Parlett 2020")
    assert webb["read_in"] == [{"ref": "parlett-web#history", "source": "Parlett 2020",
                                "locator": "history, his scan of Precious Bane"}]
    mog = {c["ref"]: c for c in data["rules"]["mog.procedure"]["citations"]}
    assert mog["burne-1883#mogging"]["citation"].startswith("Burne 1886, the digest, \"Mogging or Changing\", quoted in "
                                                          "Wiktionary n.d.")
    assert "Wiktionary" in mog["burne-1883#mogging"]["read_in"][0]["source"]
    # the reports differ on the procedure: the presumed fragment weighs for one of them, and its words are
    # the evidence for the value, with Wikipedia's read in Japanese (issue 36)
    procedure = data["rules"]["mog.procedure"]
    assert procedure["status"] == "disputed"
    assert {e["kind"] for e in procedure["evidence"]} == {"quotation", "translation"}
    assert "burne-1883#mogging" in data["rules"]["mog.refusal_points"]["cite"]
    assert "Japanese translation" in data["source_status"]["note"]


def test_an_unavailable_text_states_nothing(cli, monkeypatch):
    code, out, _ = cli("show", "holme-1688", "--json")
    data = json.loads(out)
    assert code == 0 and data["plays_as"] == "cotton-1674"
    statuses = {r["status"] for r in data["rules"].values()}
    assert statuses == {"unavailable"}  # never "stated": Holme's text has not been read
    target = data["rules"]["game.target"]
    assert target["taken_as"] == {"profile": "cotton-1674", "status": "stated"} and target["value"] == 61
    monkeypatch.setenv("COLUMNS", "160")
    code, out, _ = cli("show", "holme-1688")
    out = " ".join(out.split())
    assert code == 0 and "[stated" not in out and out.count("[unavailable: as") == 60
    assert "holme-1688 plays as cotton-1674" in out
    assert json.loads(cli("show", "cotton-1674", "--json")[1])["plays_as"] is None


def test_show_text_accepts_a_path(cli):
    code, out, _ = cli("show", str(EXAMPLES / "positive" / "house-61.yaml"))
    assert code == 0 and "house-61" in out and "extends my-house" in out


def test_diff_cotton_parlett_marks_target_with_citations(cli):
    code, out, _ = cli("diff", "cotton-1674", "parlett-121", "--json")
    data = json.loads(out)
    rows = {r["rule"]: r for r in data["rows"]}
    assert code == 0
    target = rows["game.target"]
    assert target["differs"]
    assert target["cells"]["cotton-1674"]["value"] == 61 and target["cells"]["parlett-121"]["value"] == 121
    assert target["cells"]["cotton-1674"]["cite"] == ["cotton-1674#p125-game"]
    assert not rows["deal.cards_each"]["differs"]


def test_diff_text_table(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # two profiles side by side
    code, out, _ = cli("diff", "cotton-1674", "parlett-121")
    assert code == 0
    target_line = next(l for l in out.splitlines() if "game.target" in l)
    assert target_line.lstrip().startswith("≠") and "61" in target_line and "121" in target_line
    assert "cotton-1674#p125-game" in out and "parlett-web#game" in out
    assert "rules differ" in out


def test_diff_shows_a_passage_read_in_another_work(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = cli("diff", "cotton-1674", "eddowes-burne-1874", "--changed")
    flat = " ".join(out.split())
    assert code == 0 and "burne-1883#mogging (quoted in Wiktionary n.d." in flat
    assert "wikipedia-en#preliminaries (read in Japanese translation)" in flat  # how it was read, where cited
    assert "webb-1924#telling-the-game (quoted in Parlett 2020)" in flat
    code, out, _ = cli("diff", "cotton-1674", "holme-1688", "--json")
    cell = {r["rule"]: r for r in json.loads(out)["rows"]}["game.target"]["cells"]["holme-1688"]
    assert cell["status"] == "unavailable" and cell["citations"][0]["citation"] == "Cotton 1674, p. 125"


def test_diff_in_a_narrow_window_is_a_block_per_rule(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = cli("diff", "cotton-1674", "parlett-121")
    lines = out.splitlines()
    at = next(i for i, l in enumerate(lines) if "game.target" in l)
    assert lines[at].startswith("≠  game.target  Game: the score that wins")
    assert lines[at + 1].split()[:3] == ["cotton-1674", "61", "[stated]"]
    assert lines[at + 2].split()[:3] == ["parlett-121", "121", "[stated]"]


def test_diff_of_everything_by_default(cli):
    code, out, _ = cli("diff", "--json")
    assert code == 0 and len(json.loads(out)["profiles"]) == 5


@pytest.mark.parametrize("argv, code, words", [
    (["diff", "cotton-1674"], 2, "at least two"),
    (["diff", "cotton-1674", "nope-1"], 1, "unknown profile 'nope-1'"),
    (["show"], 2, "required"),
    (["show", "cotton-1674", "--bogus"], 2, "unrecognized arguments: --bogus"),
    (["frobnicate"], 2, "invalid choice"),
    (["show", str(EXAMPLES / "negative" / "wrong-type.yaml")], 1, "wrong-type.yaml:6:21"),
])
def test_errors_are_one_line_with_exit_code(cli, argv, code, words):
    got, out, err = cli(*argv)
    assert got == code
    assert words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_console_script_runs_without_traceback():
    result = subprocess.run([sys.executable, "-m", "costly_variants", "show", "cotton-1675"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.startswith("error: unknown profile") and "Traceback" not in result.stderr


def test_diff_says_when_a_profiles_source_is_unavailable(cli):
    code, out, _ = cli("diff", "cotton-1674", "holme-1688")
    assert code == 0 and "holme-1688: source unavailable" in out and "Harley" in out
    code, out, _ = cli("diff", "cotton-1674", "holme-1688", "--json")
    data = json.loads(out)
    assert data["source_status"]["holme-1688"]["status"] == "unavailable"
    assert not any(r["differs"] for r in data["rows"])


def test_validate_takes_a_folder_as_the_profiles_in_it(cli, tmp_path):
    code, out, err = cli("validate", str(EXAMPLES / "positive"))
    assert code == 0 and out.count("ok: ") == len(list((EXAMPLES / "positive").glob("*.yaml"))) >= 4
    (tmp_path / "notes.txt").write_text("not a profile", encoding="utf-8")
    code, out, _ = cli("validate", str(tmp_path))
    assert code == 1 and out == f"{tmp_path}:1:1: $: a folder with no .yaml profile in it\n"
    (tmp_path / "bad.yaml").write_text("id: x\n", encoding="utf-8")
    code, out, _ = cli("validate", str(tmp_path))
    assert code == 1 and out.startswith(f"{tmp_path / 'bad.yaml'}:1:1: $: ")


def test_the_problems_of_a_file_are_listed_in_line_order(cli, tmp_path):
    """The schema's problems, the unknown keys and the citations are found by separate checks: listed as
    an editor shows the file, top to bottom, in the text and the JSON alike."""
    path = tmp_path / "many.yaml"
    path.write_text("id: Bad_Id\ntitle: House rules\nextends: parlett-121\nrules:\n  game:\n"
                    "    target: {value: -5, status: editorial, cite: [], note: x}\n  play:\n"
                    "    go_points: {value: 1, status: bogus, cite: [], note: a point}\n"
                    "    limit: {value: 41, status: editorial, cite: [nowhere#x], note: y}\n  mog:\n"
                    "    refusal_points: {value: one, status: editorial, cite: [], note: z}\nunknown_top: 1\n",
                    encoding="utf-8")
    code, out, _ = cli("validate", str(path))
    lines = [int(line.split(":")[1]) for line in out.splitlines()]
    assert code == 1 and lines == [1, 6, 8, 9, 11, 12]
    code, out, _ = cli("validate", str(path), "--json")
    assert [p["line"] for p in json.loads(out)["files"][0]["problems"]] == [1, 6, 8, 9, 11, 12]
