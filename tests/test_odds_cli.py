"""``costly odds`` and ``costly_variants.odds``: every bundled profile and a house profile, the outputs,
and one-line errors for bad scores."""
from __future__ import annotations

import csv
import json

import pytest

import costly_variants as cv

pytest.importorskip("numpy")

BUNDLED = ("cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121")


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "odds-cache"))


@pytest.mark.parametrize("profile", BUNDLED)
def test_every_bundled_profile_has_a_table(cli, profile):
    code, out, err = cli("odds", profile, "--bots", "greedy", "--deals", "1000", "--json")
    assert code == 0, err
    data = json.loads(out)
    target = data["target"]
    assert len(data["table"]["chances"]) == 2 * target * target
    first = data["decisive"]["first_dealer"]
    assert first["low"] <= first["value"] <= first["high"] and 0.4 < first["value"] < 0.6
    assert data["decisive"]["lead_changes"]["value"] > 1


def test_a_house_profile_to_31_with_four_cards(cli, house):
    path = house("parlett-121", {"game.target": 31, "deal.cards_each": 4})
    code, out, err = cli("odds", str(path), "--bots", "greedy", "--deals", "1000", "--score", "20-25")
    assert code == 0, err
    assert "game to 31" in out and "At 20-25, you to deal: you win" in out and "they to deal" in out
    assert "from 20 behind" not in out  # half-way is 15: nobody can be 20 behind there
    table = cv.odds(path, bots="greedy", deals=1000)
    assert table.target == 31 and table.chance(30, 0) > 0.9


def test_text_csv_and_plot(cli, tmp_path):
    pytest.importorskip("matplotlib")
    code, out, _ = cli("odds", "cotton-1674", "--bots", "greedy", "--deals", "1000")
    assert code == 0 and "the first dealer wins" in out and "Your chance (%)" in out
    rows_file, picture = tmp_path / "odds.csv", tmp_path / "odds.svg"
    code, _, err = cli("odds", "cotton-1674", "--bots", "greedy", "--deals", "1000", "--score", "40-52",
                       "--dealer", "them", "--csv", str(rows_file), "--plot", str(picture))
    assert code == 0, err
    rows = list(csv.DictReader(rows_file.open()))
    assert [(r["me"], r["them"], r["dealer"]) for r in rows] == [("40", "52", "them")]
    assert float(rows[0]["low"]) <= float(rows[0]["chance"]) <= float(rows[0]["high"])
    assert picture.read_bytes().startswith(b"<?xml") and b"<svg" in picture.read_bytes()


@pytest.mark.parametrize("score, message", [
    ("61-3", "61 is at or past the target, 61"), ("12-99", "99 is at or past the target"),
    ("=-4-2", "cannot be negative"), ("4x", "MINE-THEIRS"), ("", "MINE-THEIRS")])
def test_bad_scores_are_one_line_errors(cli, score, message):
    argv = ["odds", "cotton-1674", "--bots", "greedy", "--deals", "1000"]
    argv += [f"--score{score}"] if score.startswith("=") else ["--score", score]
    code, out, err = cli(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "--score" in err


def test_bad_bots_and_a_dealer_without_a_score(cli):
    code, _, err = cli("odds", "cotton-1674", "--bots", "greedy,clever")
    assert code == 2 and "--bots" in err
    code, _, err = cli("odds", "cotton-1674", "--dealer", "me")
    assert code == 2 and "--dealer goes with --score" in err


def test_the_api_gives_a_frame_ready_for_pandas():
    pd = pytest.importorskip("pandas")
    odds = cv.odds("parlett-121", bots="greedy", deals=1000)
    frame = odds.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 2 * 121 * 121
    grid = frame[frame.dealer == "me"].pivot(index="me", columns="them", values="chance")
    assert grid.loc[0, 0] == pytest.approx(odds.chance(0, 0))
    with pytest.raises(cv.CostlyError, match="at or past the target"):
        odds.chance(121, 0)


def test_each_side_its_own_bot():
    """Expert against greedy: the side with the stronger bot is the favourite from 0-0, dealing or not."""
    odds = cv.odds("cotton-1674", bots=["expert", "greedy"], deals=2000)
    assert odds.table.bots == ("expert", "greedy")
    assert odds.chance(0, 0, "me") > 0.55 and odds.chance(0, 0, "them") > 0.55


def test_how_decisive_in_the_comparison_report():
    from costly_variants.questions import decisive_report
    from costly_variants.runs.layout import letters

    chosen = [cv.load("cotton-1674"), cv.load("parlett-121")]
    data = {"decisive": decisive_report.of(chosen, ("greedy",))}
    ids = [p.id for p in chosen]
    text = "\n".join(decisive_report.text_lines(data, ids, letters(ids), 80))
    assert text.startswith("How decisive the game is") and "first dealer wins" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    markdown = "\n".join(decisive_report.markdown_lines(data))
    assert "| from 20 behind at half |" in markdown and "parlett-121" in markdown
    first = data["decisive"]["cotton-1674"]["first_dealer"]
    assert f"{100 * first['value']:.1f}" in text


def test_a_table_worked_out_shows_its_progress_on_stderr_and_one_read_back_does_not(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path / "fresh"))
    argv = ("odds", "holme-1688", "--bots", "greedy", "--deals", "700", "--seed", "4", "--progress", "lines")
    code, out, err = cli(*argv)
    assert code == 0, err
    lines = err.splitlines()
    assert lines and lines[-1] == "progress: 700 of 700 deals" and all(l.startswith("progress: ") for l in lines)
    code, again, err = cli(*argv)
    assert code == 0 and err == "" and again == out


def test_the_board_search_table_is_sampled_from_the_point_searchs_deals():
    from costly_variants.chances.deals import sample
    from costly_variants.profiles import load

    rules = load("cotton-1674").rules
    assert sample(rules, ("search", "search"), 300, 2) == sample(rules, ("search-points", "search-points"), 300, 2)


def test_a_position_in_json_comes_without_the_table_and_the_text_fits_the_terminal(cli, monkeypatch):
    """With --score the JSON holds that position and the table's identity, not its 2 x target^2 rows;
    without, the whole table as before. The text's lines fit COLUMNS."""
    monkeypatch.setenv("COLUMNS", "80")
    argv = ("odds", "eddowes-burne-1874-partners", "--bots", "greedy", "--deals", "1000")
    code, out, err = cli(*argv, "--score", "40-52", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert "table" not in data and len(out.splitlines()) < 100
    assert {k: data[k] for k in ("profile", "target", "bots", "deals", "seed")} == {
        "profile": "eddowes-burne-1874-partners", "target": 121, "bots": ["greedy", "greedy"], "deals": 1000,
        "seed": 1}
    assert [(p["me"], p["them"], p["dealer"]) for p in data["position"]] == [(40, 52, "me"), (40, 52, "them")]
    assert 0 < data["position"][0]["chance"] < 1
    code, out, err = cli(*argv, "--json")
    assert code == 0, err
    assert len(json.loads(out)["table"]["chances"]) == 2 * 121 * 121
    code, out, err = cli(*argv, "--score", "40-52")
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "game to 121; bots greedy (you) / greedy (them); 1,000 deals sampled, seed 1; 95% intervals" in \
        " ".join(out.split())
