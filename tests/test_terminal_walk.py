"""Issue 39, points 9-19: what a user tripped on in the terminal, third walk."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# A folder no one can write, root included (root passes every permission bit): sysfs refuses new files.
UNWRITABLE = "/sys"


def _unwritable_folder_exists() -> bool:
    import tempfile

    try:
        os.close(tempfile.mkstemp(dir=UNWRITABLE)[0])
    except OSError:
        return Path(UNWRITABLE).is_dir()
    return False


needs_unwritable = pytest.mark.skipif(not _unwritable_folder_exists(), reason="no unwritable folder here")


# -- point 9: every output path is checked before any game is played ------------------------------------------

@needs_unwritable
@pytest.mark.parametrize("argv", [
    ["compare", "cotton-1674", "holme-1688", "--games", "4", "--skill-games", "0", "--jobs", "1",
     "--csv", f"{UNWRITABLE}/x.csv"],
    ["compare", "cotton-1674", "holme-1688", "--games", "4", "--skill-games", "0", "--jobs", "1",
     "--plot", f"{UNWRITABLE}/x.svg"],
    ["readings", "holme-1688", "--games", "4", "--jobs", "1", "--csv", f"{UNWRITABLE}/x.csv"],
    ["simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--jobs", "1",
     "--logs", UNWRITABLE],
    ["design", "--base", "parlett-121", "--want", "deals per game <= 7", "--games", "4", "--screen-games", "2",
     "--jobs", "1", "--write", UNWRITABLE],
    ["odds", "parlett-121", "--deals", "100", "--csv", f"{UNWRITABLE}/x.csv"],
    ["play", "--variant", "parlett-121", "--seed", "1", "--log", f"{UNWRITABLE}/x.json"],
])
def test_an_unwritable_folder_is_refused_before_any_game(cli, argv):
    if argv[1:2] == ["--plot"] or "--plot" in argv:
        pytest.importorskip("matplotlib")
    code, out, err = cli(*argv)
    assert code == 1 and out == "", out[:300]
    assert len(err.strip().splitlines()) == 1 and "cannot" in err and UNWRITABLE in err, err


def test_the_check_leaves_nothing_behind(cli, tmp_path):
    from costly_variants.outputs import check_folder, check_target

    check_target(tmp_path / "x.csv", what="CSV file")
    check_folder(tmp_path / "logs", what="logs", make=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["logs"] and not any((tmp_path / "logs").iterdir())


def test_a_parent_that_is_a_file_is_named_as_such(cli, tmp_path):
    (tmp_path / "f").write_text("x", encoding="utf-8")
    code, out, err = cli("compare", "--csv", str(tmp_path / "f" / "x.csv"))
    assert code == 1 and out == "" and "is not a folder" in err


# -- point 19: simulate --logs makes its folder, as the help's example expects ---------------------------------

def test_simulate_makes_its_logs_folder(cli, tmp_path):
    folder = tmp_path / "games" / "new"
    code, out, err = cli("simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--jobs", "1",
                         "--logs", str(folder))
    assert code == 0, err
    assert sorted(p.name for p in folder.iterdir()) == ["parlett-121-000001.json", "parlett-121-000002.json"]


# -- point 10: design --write never replaces an earlier design without --force ---------------------------------

def test_design_refuses_to_overwrite_an_earlier_design(cli, tmp_path):
    earlier = tmp_path / "parlett-121-design-1.yaml"
    earlier.write_text("# edited by hand\n", encoding="utf-8")
    code, out, err = cli("design", "--base", "parlett-121", "--want", "deals per game <= 7", "--games", "4",
                         "--screen-games", "2", "--jobs", "1", "--write", str(tmp_path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert str(earlier) in err and "--force" in err
    assert earlier.read_text(encoding="utf-8") == "# edited by hand\n"


def test_design_force_passes_the_check(tmp_path):
    from costly_variants.cli.questions import _refuse_overwrite

    (tmp_path / "parlett-121-design-4.yaml").write_text("x", encoding="utf-8")
    _refuse_overwrite(tmp_path, "parlett-121", 3)  # a rank not shown is not in the way
    from costly_variants.errors import UsageError
    with pytest.raises(UsageError, match="and 1 more"):
        (tmp_path / "parlett-121-design-2.yaml").write_text("x", encoding="utf-8")
        (tmp_path / "parlett-121-design-3.yaml").write_text("x", encoding="utf-8")
        _refuse_overwrite(tmp_path, "parlett-121", 3)


# -- point 11: --bot values beyond the seats are refused -----------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1"] + ["--bot", "greedy"] * 5,
     "5 --bot values for the 2 seats of parlett-121: give 1 or 2"),
    (["simulate", "--variant", "eddowes-burne-1874-partners", "--games", "2", "--seed", "1",
      "--bot", "greedy", "--bot", "random", "--bot", "expert"],
     "3 --bot values for the 4 seats of eddowes-burne-1874-partners: give 1, 2 (one a side) or 4"),
    (["compare", "cotton-1674", "--games", "2", "--bot", "greedy", "--bot", "random", "--bot", "expert"],
     "3 --bot values for the 2 seats of cotton-1674"),
    (["readings", "cotton-1674", "--games", "2", "--bot", "greedy", "--bot", "random", "--bot", "expert"],
     "3 --bot values"),
    (["design", "--base", "cotton-1674", "--prefer", "drama:high", "--bot", "greedy", "--bot", "random",
      "--bot", "expert"], "3 --bot values"),
])
def test_extra_bots_are_refused(cli, argv, words):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1, err


# -- point 12: costly odds fits the terminal -------------------------------------------------------------------

@pytest.mark.parametrize("target", [61, 71])
@pytest.mark.parametrize("columns", [80, 60])
def test_odds_fits_the_width(cli, house, monkeypatch, tmp_path, target, columns):
    pytest.importorskip("numpy")
    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", str(columns))
    path = house("cotton-1674", {"game.target": target})
    code, out, err = cli("odds", str(path), "--bots", "greedy", "--deals", "100")
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= columns, out
    grid = out.split("theirs across\n")[1].splitlines()
    assert grid[0].split()[0] == "0" and len(grid[0].split()) >= 5  # still a table worth reading


# -- point 16: the bar says what it counts, and a stop's word goes into the bar, not over it -----------------

class _Terminal:
    """A stand-in for a terminal's standard error: rich draws its bar into it."""

    def __init__(self) -> None:
        import io

        self.buffer = io.StringIO()

    def write(self, text: str) -> int:
        return self.buffer.write(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no descriptor")


def test_the_bar_names_what_it_counts_and_takes_the_stop_announcement(monkeypatch, capfd):
    import argparse
    import signal

    from costly_variants.cli.comparison import progress_display
    from costly_variants.cli.signals import stop_signals_raising

    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setenv("COLUMNS", "120")
    args = argparse.Namespace(progress=None, quiet=False)
    with pytest.raises(KeyboardInterrupt):
        with stop_signals_raising(announce="stopping… (the games finished are kept)"):
            with progress_display(args, "games", label="games in all (every profile, skill games too)") as update:
                update(0, 6400)
                terminal.buffer.seek(0)
                assert "games in all (every profile, skill games too)" in terminal.buffer.read()
                signal.raise_signal(signal.SIGINT)
    assert "stopping" not in capfd.readouterr().err  # nothing written under (or over) the bar
    assert "stopping… (the games finished are kept)" in terminal.buffer.getvalue()


def test_the_compare_bar_counts_every_game_it_plays(monkeypatch):
    """The total is every profile's games and the skill games: the bar's words say so."""
    import argparse

    from costly_variants.cli import comparison

    seen = {}

    class Stop(Exception):
        pass

    def spy(args, what, *, bar=True, label=""):
        seen["label"] = label
        raise Stop

    monkeypatch.setattr(comparison, "progress_display", spy)
    args = comparison.argparse.Namespace(csv=None, plot=None, by_rule=False, profiles=["cotton-1674", "parlett-121"],
                                         games=4000, seed=1, bot=None, skill_games=None, check_exact=False,
                                         search_games=None, json=False, markdown=False, jobs=1, scheduler=None)
    with pytest.raises(Stop):
        comparison._compare(args)
    assert seen["label"] == "games in all (every profile, skill games too)"


# -- point 13: a player's words, not the engine's -------------------------------------------------------------

def test_compare_names_the_rules_that_differ_in_words(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli("compare", "cotton-1674", "parlett-121", "--games", "2", "--skill-games", "0", "--jobs", "1")
    assert code == 0, err
    rules = " ".join(out.split("Rules that differ")[1].split("Exact hand")[0].split())
    assert "When a late claim is pegged (mog.late_claim_when) A: before the first hand is counted. B: with the " \
           "claimant's own count." in rules
    assert "before-count" not in rules and "both-pass" not in rules and "eldest-chooses" not in rules
    code, out, err = cli("compare", "cotton-1674", "parlett-121", "--games", "2", "--skill-games", "0", "--jobs", "1",
                         "--markdown")
    assert "| When a late claim is pegged (`mog.late_claim_when`) | before the first hand is counted" in out


def test_advise_says_its_rules_by_title_and_keeping_is_not_passing(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli("advise", "5H", "5D", "10H", "--deck", "KH", "--variant", "parlett-121")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "14.00 Counts that score one per card in hand" in flat and "count.point_totals" not in flat
    assert "rests on the rule: Two-hand mogging" in flat and "rests on mog." not in flat
    # "pass" is the play's word for giving a card: declining the mog is said otherwise
    assert "20.00 keep your hand" in flat and " pass " not in f" {flat} "


def test_play_says_its_rules_values_in_words(monkeypatch, capsys):
    import io

    from costly_variants.cli import run

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr("sys.stdin", io.StringIO("rules\nquit\n"))
    run(["play", "--variant", "parlett-121", "--seed", "1"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Who deals first: the lowest cut deals" in out and "cut-lowest" not in out
    assert "both-pass" not in out and "each says whether he will pass a card" in out


# -- point 19: cards parted by commas, as a batch file's lines take them ---------------------------------------

@pytest.mark.parametrize("command", ["advise", "score"])
def test_cards_may_be_parted_by_commas(cli, command):
    code, spaced, err = cli(command, "5H", "5D", "10H", "--deck", "KH", "--variant", "parlett-121")
    assert code == 0, err
    code, commas, err = cli(command, "5h,5d,10h", "--deck", "KH", "--variant", "parlett-121")
    assert code == 0 and commas == spaced, err


def test_the_hint_names_the_card_not_its_value():
    from costly_variants import profiles
    from costly_variants.cli.teach import _card_worth

    parlett, cotton = profiles.load("parlett-121").rules, profiles.load("cotton-1674").rules
    assert [_card_worth(parlett, v) for v in (1, 7, 8, 10, 11)] == [
        "an Ace", "a 7", "an 8", "a 10 or a court card", "an Ace"]
    assert _card_worth(cotton, 11) == ""  # an Ace counts 1 only: no card adds 11


# -- point 14: a value as shown can be written back, or the error says what to write -------------------------

@pytest.mark.parametrize("rules, extends, words", [
    ("  play:\n    pairs: {value: yes, status: editorial, cite: [], note: x}\n", "parlett-121",
     "6:20: $.rules.play.pairs.value: 'yes' is not of type 'boolean': write true (costly show prints true as yes"),
    ("  game:\n    target: 61\n", "parlett-121",
     "6:13: $.rules.game.target: 61 is not of type 'object': a rule is written as a record, e.g. {value: 61, "
     "status: editorial, cite: [], note: why}"),
    ("  game:\n    target: {value: 61, status: editorial, cite: []}\n", "parlett-121",
     "$.rules.game.target: 'note' is required: a value of status editorial needs a note"),
    ("", "parlet-121", "3:10: $.extends: extends 'parlet-121', which is neither a bundled profile nor a file; "
                       "did you mean 'parlett-121'?"),
])
def test_profile_errors_say_what_to_write(cli, tmp_path, rules, extends, words):
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\ntitle: House\nextends: {extends}\n" + (f"rules:\n{rules}" if rules else ""),
                    encoding="utf-8")
    code, out, err = cli("validate", str(path))
    assert code == 1
    line = next(l for l in (out + err).splitlines() if l.startswith(str(path)))
    assert line.startswith(f"{path}:") and words in line, line


def test_validate_counts_in_words(cli):
    code, out, err = cli("validate", "cotton-1674")
    assert code == 0 and "1 file checked, 0 problems" in out + err


# -- points 15 and 17: labels explained, lists unambiguous, one precision a row, words kept together --------

def test_compare_explains_how_the_game_feels_and_gives_a_row_one_precision(cli, monkeypatch):
    import re

    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli("compare", "cotton-1674", "parlett-121", "--games", "200", "--skill-games", "0",
                         "--jobs", "1")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "Drama: the most points the eventual winner was ever behind." in flat
    assert "Decisive deal: the deal from which the winner led for good, as a share of the game's deals" in flat
    for line in out.split("How the game feels")[1].split("Checks")[0].splitlines():
        places = {len(m.group(1)) for m in re.finditer(r"\d\.(\d+)±", line)}
        assert len(places) <= 1, line  # "6.87±0.74  10.41±1.07", not "6.87±0.74  10.4±1.1"


def test_a_list_of_labels_quotes_each_label():
    from costly_variants.questions.report import _listed

    assert _listed(["points per deal, both", "deals per game"]) == '"points per deal, both", "deals per game"'


def test_simulate_counts_in_words(cli):
    code, out, err = cli("simulate", "--variant", "parlett-121", "--games", "1", "--seed", "1", "--jobs", "1")
    assert code == 0, err
    assert "parlett-121: 1 game, seed 1, bot greedy (seats in turn, counted from 0)" in out
    assert re.search(r": (0 wins|1 win) \(", out) and "1 wins" not in out


def test_diff_keeps_no_passage_together(cli, tmp_path, monkeypatch):
    path = tmp_path / "h.yaml"
    path.write_text("id: h\ntitle: House\nextends: parlett-121\nrules:\n  count:\n    colours: {value: [{name: "
                    "costly colours, in_colour: 4, in_suit: 4, points: 8}], status: editorial, cite: [], note: x}\n",
                    encoding="utf-8")
    for columns in ("50", "44", "80"):
        monkeypatch.setenv("COLUMNS", columns)
        code, out, _ = cli("diff", "parlett-121", str(path), "--changed")
        assert code == 0 and "no passage" in out
        assert not any(line.rstrip().endswith(" no") for line in out.splitlines()), out


# -- point 19: compare --csv holds the exact hand and win-table figures --json has ----------------------------

def test_compare_csv_has_the_exact_and_win_table_figures(cli, tmp_path):
    import csv
    import json

    path = tmp_path / "x.csv"
    code, out, err = cli("compare", "cotton-1674", "parlett-121", "--games", "20", "--skill-games", "0", "--jobs", "1",
                         "--csv", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    exact = {(r["profile"], r["figure"]): float(r["value"]) for r in rows if r["kind"] == "exact"}
    assert exact[("parlett-121", "exact.mean")] == data["exact"]["parlett-121"]["mean"]
    assert exact[("cotton-1674", "exact.share.colours")] == data["exact"]["cotton-1674"]["category_share"]["colours"]
    table = {(r["profile"], r["figure"]): r for r in rows if r["kind"] == "win table"}
    first = data["decisive"]["cotton-1674"]["first_dealer"]
    assert float(table[("cotton-1674", "decisive.first_dealer")]["low"]) == first["low"]


# -- point 19: design says when a want is always true or never met --------------------------------------------

@pytest.mark.parametrize("want, said", [
    ("won in the play <= 150%", "is always true"), ("won in the play >= 0", "is always true"),
    ("won in the play > 100%", "is never met"), ("first dealer's side won < 0%", "is never met"),
])
def test_design_refuses_a_want_always_true_or_never_met(cli, want, said):
    code, out, err = cli("design", "--base", "parlett-121", "--want", want)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"--want {want!r} {said}" in err and "a share, 0% to 100%" in err


# -- point 19: play says each hand's total at the count, and what a deal scored ---------------------------------

def test_play_totals_each_hand_and_sums_up_each_deal(monkeypatch, capsys):
    import io

    from costly_variants.cli import run

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    code = run(["play", "--variant", "parlett-121", "--seed", "1", "--bot", "greedy"])
    out = capsys.readouterr().out
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    deal_one = out.split("-- Deal 1 --")[1].split("-- Deal 2 --")[0]
    assert "Your hand: 6 in all." in deal_one and "The computer's hand: 4 in all." in deal_one
    assert "Deal 1 scored: you 6; the computer 12 (the play 8, the count 4)." in deal_one
    assert out.count(" scored: ") == out.count("-- Deal ")  # the last deal's too, as the game ends


def test_readings_say_both_readings_in_words(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli("readings", "holme-1688", "--games", "12", "--jobs", "1")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "read as: at the end of each series [" in flat and "or as: for the play's last card only:" in flat
    assert "each-series" not in flat and "last-card-only" not in flat
