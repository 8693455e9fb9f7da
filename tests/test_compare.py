"""``costly compare`` and the simulation behind it: simulated figures against exact ones, identical rules
giving no difference, the same result for any number of processes, and Ctrl-C keeping finished games."""
from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from typing import Any
from pathlib import Path

import pytest

from costly_variants import profiles
from costly_variants.cards import Card, Rank
from costly_variants import stats
from costly_variants.questions.byrule import run_by_rule, switches
from costly_variants.runs.figures import eldest_count, heels_per_deal
from costly_variants.runs.measures import HITTER, measure
from costly_variants.runs.runner import GameSpec, Plan, run_plans
from costly_variants.questions.study import Settings, local_runner, run_comparison
from costly_variants.count.analysis import analyse_hands
from costly_variants.game.playout import play_game
from costly_variants.game.state import Game

from . import running

WORK = Path(__file__).resolve().parent.parent


def agrees(estimate: stats.Estimate, exact: float) -> bool:
    """Within the 99.9% interval: ten checks at 95% would fail one run in three by chance alone, while a
    real bias of a tenth of a point per deal still shows at these sample sizes."""
    assert estimate.low is not None and estimate.high is not None
    half = (estimate.high - estimate.low) / 2 * 3.29 / 1.97
    return abs(estimate.value - exact) <= half


def costly(*argv: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "costly_variants", *argv], capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture(scope="module")
def random_games() -> dict[str, list]:
    """150 games of every bundled profile with random bots (chance alone sets the deal), dealt hands counted."""
    chosen = profiles.load_all()
    plan = Plan(tuple(GameSpec.from_profile(p) for p in chosen), ("random",), 11, 150, eldest_counts=True)
    (result,) = run_plans([plan], jobs=2)
    return {p.id: sums for p, sums in zip(chosen, result.runs)}


@pytest.mark.parametrize("profile_id", [p.id for p in profiles.load_all()])
def test_heels_points_per_deal_match_the_exact_chance(random_games, profile_id):
    """The deck card is a Jack or Deuce with chance (heels ranks x 4)/52: that times the heels value."""
    rules = profiles.load(profile_id).rules
    exact = len(rules.heels_ranks) * 4 / 52 * rules.heels_points
    simulated = heels_per_deal(random_games[profile_id])
    assert rules.heels_points and {Rank.JACK, Rank.TWO} >= set(rules.heels_ranks)
    assert simulated.has_interval and agrees(simulated, exact), (simulated, exact)
    assert simulated.high - simulated.low < 0.25  # a real test: the interval is narrow


@pytest.mark.parametrize("profile_id", [p.id for p in profiles.load_all()])
def test_the_eldests_dealt_count_matches_the_exact_mean(random_games, profile_id):
    exact = analyse_hands(profiles.load(profile_id).rules).mean
    simulated = eldest_count(random_games[profile_id])
    assert agrees(simulated, exact), (simulated, exact)
    assert simulated.high - simulated.low < 0.7
    sums = random_games[profile_id]
    assert sums.games == 150 and sums.total["eldest_n"] == sums.total["deals"]


def test_a_measured_game_adds_up():
    profile = profiles.load("cotton-1674")  # an Ace counts 1 only, so a series' total is plain to check
    state = play_game(Game(profile.rules, variant=profile.id), ["greedy"], 3)
    record = measure(state, 3)
    assert sum(record.points.values()) == sum(state.scores)
    # The hitter is told apart from the other totals of the play by its cards (names may change, rules not).
    totals = [e for e in state.events if e.rule == "play.point_totals"]
    assert record.points[HITTER] + record.points["play.point_totals"] == sum(e.points for e in totals)
    assert record.points[HITTER] > 0 and record.points[HITTER] == sum(
        e.points for e in totals if sum(min(int(Card.from_str(c).rank), 10) for c in e.cards) == 31)
    assert record.gaps[-1] == record.margin == state.scores[state.winner] - state.scores[1 - state.winner]
    assert record.decided_in in ("turn-up", "mog", "play", "count")
    assert 0 < record.decisive_share <= 1 and record.drama >= 0 and record.lead_changes >= 0
    # The dealer's edge is the sum over deals of the dealer's points less the other side's.
    first = (state.dealer - (state.deal_number - 1)) % 2
    edge = sum(e.points * (1 if e.team == (first + e.deal - 1) % 2 else -1) for e in state.events)
    assert record.dealer_edge == edge


def test_a_profile_against_an_identical_copy_shows_no_difference(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_text("id: parlett-copy\ntitle: A copy of Parlett\nextends: parlett-121\n", encoding="utf-8")
    chosen = [profiles.load("parlett-121"), profiles.load(str(copy))]
    data = run_comparison(chosen, Settings(40, 5, ("greedy",), skill_games=10), local_runner(1))
    assert data["rules_differing"] == []
    differences = [f["differences"]["parlett-copy"] for f in data["figures"]]
    assert len(differences) > 20
    for d in differences:
        assert d["low"] is not None and d["low"] <= 0 <= d["high"], d


def test_a_real_difference_is_clear_of_zero_and_by_rule_names_the_rule(tmp_path):
    house = tmp_path / "short.yaml"
    house.write_text("id: parlett-61\ntitle: Parlett to 61\nextends: parlett-121\nrules:\n  game:\n"
                     "    target: {value: 61, status: editorial, cite: [], note: a short game}\n", encoding="utf-8")
    a, b = profiles.load(str(house)), profiles.load("parlett-121")
    data = run_comparison([a, b], Settings(60, 2, ("greedy",)), local_runner(1))
    deals = next(f for f in data["figures"] if f["key"] == "deals_per_game")
    assert deals["differences"]["parlett-121"]["clear_of_zero"] and deals["differences"]["parlett-121"]["value"] > 3
    assert [r["rule"] for r in data["rules_differing"]] == ["game.target"]
    assert data["rules_differing"][0]["values"]["parlett-121"]["cite"] == ["parlett-web#game", "wikipedia-en#target"]
    by_rule = run_by_rule(a, b, Settings(60, 2, ("greedy",)), local_runner(1))
    (switch,) = by_rule["switches"]
    assert switch["rules"] == ["game.target"] and "deals_per_game" in switch["clear"]
    # One rule switched alone is the whole change, game for game.
    assert switch["effects"]["deals_per_game"] == by_rule["total"]["deals_per_game"]


@pytest.mark.parametrize("skill", ["0", "12"])
def test_by_rule_json_carries_every_figure_of_the_main_report_for_every_switch(cli, skill, tmp_path):
    """Per-source points, the game's feel, and skill when skill games are asked for: each switch's effect
    on each, and the total change is the main report's difference (the same seeds), in every form."""
    argv = ("compare", "cotton-1674", "parlett-121", "--games", "40", "--skill-games", skill, "--seed", "3",
            "--jobs", "1")
    code, out, err = cli(*argv, "--json")
    assert code == 0, err
    main = json.loads(out)
    code, out, err = cli(*argv, "--by-rule", "--json")
    assert code == 0, err
    by_rule = json.loads(out)
    keys = [f["key"] for f in main["figures"]]
    sections = {f["section"] for f in main["figures"]}
    assert {"game", "points", "feel"} <= sections and (("skill" in sections) == (skill != "0"))
    ours = [f["key"] for f in by_rule["figures"]]
    assert [k for k in ours if k in keys] == keys  # every figure, in the main report's order
    assert len(by_rule["switches"]) > 10
    for switch in by_rule["switches"]:
        assert list(switch["effects"]) == ours
        assert all(e["low"] is not None for e in switch["effects"].values())
    # The same interval and p; the stars are each report's own, after its error control over what it tests.
    def interval(e: dict) -> dict:
        return {k: v for k, v in e.items() if k not in ("p_adjusted", "starred")}

    for f in main["figures"]:
        assert interval(by_rule["total"][f["key"]]) == interval(f["differences"]["parlett-121"]), f["key"]
    assert set(by_rule["shown"]) < set(ours)
    code, out, _ = cli(*argv, "--by-rule", "--markdown", "--csv", str(tmp_path / "by-rule.csv"))
    head = out.splitlines()[4]
    assert head.count("|") == len(ours) + 2
    import csv

    rows = list(csv.DictReader(io.StringIO((tmp_path / "by-rule.csv").read_text(encoding="utf-8"))))
    assert len(rows) == len(ours) * (1 + len(by_rule["switches"]))


def test_coupled_rules_switch_together():
    moves = switches(profiles.load("eddowes-burne-1874"), profiles.load("eddowes-burne-1874-partners"))
    assert ("players.count", "players.partnerships") in [m.rules for m in moves]


def test_compare_json_is_the_same_for_one_process_or_two():
    argv = ("compare", "cotton-1674", "parlett-121", "--games", "30", "--skill-games", "3", "--seed", "9", "--json")
    one = costly(*argv, "--jobs", "1")
    two = costly(*argv, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout and one.stderr == two.stderr == ""
    data = json.loads(one.stdout)
    assert data["settings"]["games_played"] == 30 and data["settings"]["complete"]


def test_compare_text_fits_80_columns_and_says_what_the_intervals_are(cli, tmp_path):
    csv_path, plot = tmp_path / "figures.csv", tmp_path / "plot.svg"
    code, out, err = cli("compare", "cotton-1674", "eddowes-burne-1874-partners", "--games", "12", "--skill-games",
                         "2", "--jobs", "1", "--csv", str(csv_path), "--plot", str(plot))
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 80
    for words in ("Rules that differ", "Exact hand statistics", "dealer's edge per deal", "heels (J or 2 turned)",
                  "lead changes a game", "expert beats greedy", "Differences from A", "Wilson", "clear of zero",
                  "too few games", "Checks: simulated against exact", "heels per deal"):
        assert words in " ".join(out.split()), words  # the footnote's words, however they wrap
    rows = csv_path.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("kind,figure,label,profile") and len(rows) > 40
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml") and "<svg" in plot.read_text()


@pytest.fixture(scope="module")
def three_profiles():
    """A comparison and a --by-rule of a few games: enough to lay out, quick to play."""
    chosen = [profiles.load(p) for p in ("cotton-1674", "eddowes-burne-1874-partners", "parlett-121")]
    settings = Settings(12, 1, ("greedy",), skill_games=2)
    by_rule = run_by_rule(chosen[2], chosen[0], Settings(12, 1, ("greedy",)), local_runner(1))
    return run_comparison(chosen, settings, local_runner(1)), by_rule


def _fits(text: str, width: int) -> None:
    """Every line within ``width``, but for a line that is one word (an id or a passage) too long for it."""
    for line in text.splitlines():
        assert len(line) <= width or len(line.split()) == 1, (width, line)


def _words(text: str) -> set[str]:
    return {word.strip("[],;:") for word in text.split()}


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_report_is_laid_out_to_the_width_and_cuts_no_id_or_value(three_profiles, width):
    from costly_variants.runs.layout import cell
    from costly_variants.questions.report import render_by_rule_text, render_text

    data, by_rule = three_profiles
    text, by_rule_text = render_text(data, width), render_by_rule_text(by_rule, width)
    _fits(text, width)
    _fits(by_rule_text, width)
    words = _words(text)
    for row in data["rules_differing"]:
        assert row["rule"] in words
        assert {cite for v in row["values"].values() for cite in v["cite"]} <= words
    assert {p["id"] for p in data["profiles"]} <= words
    cells = {cell(f["estimates"][p], f["unit"]) for f in data["figures"] for p in f["estimates"]}
    assert {c.split()[0] for c in cells} <= words
    labels = [f["label"] + (" %" if f["unit"] == "share" else "") for f in data["figures"]]
    for line in text.splitlines():  # only a figure's label is ever shortened, and only where it must be
        if "…" in line:
            assert width < 120 and any(label.strip().startswith(line.split("…")[0].strip()) for label in labels)
    tables = by_rule_text.count("sum of single effects")
    shown = len(by_rule["shown"])  # the six headline effects and any other a switch moved clearly
    assert shown >= 6 and len(by_rule["figures"]) > shown
    from costly_variants.runs.layout import EFFECT
    assert tables == -(-shown // max(1, (width - 38) // EFFECT))  # one effect a table at 40, three at 80
    for switch in by_rule["switches"]:  # each rule id whole, in every table
        name = " + ".join(switch["rules"])
        assert sum(line.startswith(name + " ") or line == name for line in by_rule_text.splitlines()) == tables
    # Profiles side by side as far as they fit: one table each at 40 columns, all three together beyond.
    assert text.count("\nGames\n") == (3 if width == 40 else 1)
    if width == 80:
        assert render_text(data) == text and render_by_rule_text(by_rule) == by_rule_text  # 80 when not told


def test_compare_lays_out_to_columns(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    code, out, err = cli("compare", "parlett-121", "cotton-1674", "--games", "12", "--skill-games", "0",
                         "--jobs", "1")
    assert code == 0, err
    _fits(out, 40)
    assert max(len(line) for line in out.splitlines()) > 30


def _stopped_after_the_first_chunk(plans, progress):
    """A run that Ctrl-C stops as soon as its first chunk (four seeds) is done."""
    def stop(done, total):
        raise KeyboardInterrupt

    return run_plans(plans, jobs=1, chunk_size=4, progress=stop)


def test_an_interrupted_comparison_says_so_in_every_form():
    import csv

    from costly_variants.questions.report import by_rule_csv, render_by_rule_markdown, render_by_rule_text, render_csv, render_markdown, render_text

    a, b = profiles.load("cotton-1674"), profiles.load("parlett-121")
    settings = Settings(12, 1, ("greedy",))
    finished = run_comparison([a, b], settings, local_runner(1))
    stopped = run_comparison([a, b], settings, _stopped_after_the_first_chunk)
    assert stopped["settings"]["games_played"] == 4 and not stopped["settings"]["complete"]
    for data, flag in ((finished, "False"), (stopped, "True")):
        rows = list(csv.DictReader(io.StringIO(render_csv(data))))
        assert rows and {row["interrupted"] for row in rows} == {flag}
    assert render_text(stopped).startswith("4 games per profile of 12 (interrupted), seed 1")
    assert "\n4 of 12 games per profile (interrupted) (seed 1, bots greedy)" in render_markdown(stopped)
    assert "\n12 games per profile (seed 1, bots greedy)" in render_markdown(finished)
    by_rule = run_by_rule(a, b, settings, _stopped_after_the_first_chunk)
    assert {row["interrupted"] for row in csv.DictReader(io.StringIO(by_rule_csv(by_rule)))} == {"True"}
    assert "\n4 of 12 games per rule set (interrupted), the same seeds" in render_by_rule_markdown(by_rule)
    assert "4 games each on the same seeds (seed 1, bots greedy) (interrupted)." in \
        " ".join(render_by_rule_text(by_rule).split())


def test_compare_markdown_and_by_rule(cli):
    code, out, _ = cli("compare", "cotton-1674", "holme-1688", "--games", "12", "--skill-games", "0", "--markdown",
                       "--jobs", "1")
    assert code == 0 and out.startswith("## Comparison: cotton-1674, holme-1688") and "| figure |" in out
    assert "| heels per deal | 0." in out and "exact 0.615" in out
    code, out, err = cli("compare", "cotton-1674", "parlett-121", "--by-rule", "--games", "15", "--jobs", "1")
    assert code == 0, err
    assert "Which rule makes the difference from cotton-1674 to parlett-121" in out
    assert "game.target" in out and "total change" in out and "sum of single effects" in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("argv, words", [
    (["compare", "cotton-1674", "--by-rule"], "name exactly two profiles"),
    (["compare", "--plot", "out.pdf"], "name a .svg or .png file"),
    (["compare", "--csv", "/nonexistent-dir/x.csv"], "does not exist"),
    (["compare", "cotton-1674", "cotton-1674"], "give each profile once"),
    (["compare", "--games", "0"], "must be at least 1"),
    (["compare", "--skill-games", "-1"], "must be 0 or more"),
    (["compare", "no-such-profile"], "no-such-profile"),
    (["compare", "--scheduler", "foo"], "not a scheduler address: 'foo' (give tcp://HOST:PORT)"),
    (["compare", "--scheduler", "tcp://host:port"], "not a scheduler address"),
    (["simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--logs", "/nonexistent-dir"],
     "no such folder"),
    (["simulate", "--variant", "parlett-121", "--games", "2", "--seed", "1", "--jobs", "0"], "must be at least 1"),
])
def test_bad_compare_flags_are_one_line_errors(cli, argv, words):
    code, out, err = cli(*argv)
    assert code in (1, 2) and words in err and len(err.strip().splitlines()) == 1 and out == ""


def test_simulate_is_the_same_for_any_jobs_and_writes_replayable_logs(tmp_path):
    argv = ("simulate", "--all", "--games", "6", "--seed", "3", "--json")
    one, two = costly(*argv, "--jobs", "1"), costly(*argv, "--jobs", "2", "--logs", str(tmp_path))
    assert one.returncode == 0 and one.stdout == two.stdout
    logs = sorted(tmp_path.glob("*.json"))
    assert len(logs) == 30 and logs[0].name == "cotton-1674-000001.json"
    replayed = costly("replay", str(tmp_path / "parlett-121-000006.json"))
    assert replayed.returncode == 0 and "reproduced" in replayed.stdout
    assert "every chance action and bot move matches seed" in replayed.stdout


def _unique_games(offset: int) -> str:
    """A number of games that names this test's processes alone, even beside another run of the suite:
    a million or more, which no machine finishes before the first of them is reported done."""
    return str(1_000_000 + (os.getpid() % 100_000) * 10 + offset)


def _long_simulation(games: str, jobs: str, *extra: str) -> tuple[subprocess.Popen, str]:
    """A simulation under way: its workers have finished games (returns what its stderr said so far)."""
    proc = running.start("simulate", "--variant", "cotton-1674", "--games", games, "--seed", "1", "--jobs", jobs,
                         "--json", *extra)
    return proc, running.wait_for_games(proc)


# Ctrl-C, SIGTERM and SIGHUP stop a run alike; the exit status is 128 plus the signal's number.
STOPS = {"SIGINT": 130, "SIGTERM": 143, "SIGHUP": 129}


@pytest.mark.parametrize("jobs, sig, offset", [("1", "SIGINT", 1), ("2", "SIGINT", 2), ("2", "SIGTERM", 3),
                                               ("2", "SIGHUP", 5), ("1", "SIGTERM", 6), ("1", "SIGHUP", 7)])
def test_ctrl_c_stops_at_once_and_reports_the_games_finished(jobs, sig, offset):
    games = _unique_games(offset)
    proc, seen = _long_simulation(games, jobs)
    os.kill(proc.pid, getattr(signal, sig))
    out, err, took = running.finish(proc, seen)
    assert took < running.STOP_BOUND
    assert proc.returncode == STOPS[sig] and running.without_progress(err) == "", err
    data = json.loads(out)
    assert 0 < data["games"] < int(games) and sum(data["wins_by_team"]) == data["games"]
    assert data["complete"] is False and data["games_asked"] == int(games)  # says it was cut short
    assert running.processes_with(games) == []  # no worker left behind


@pytest.mark.parametrize("sig, offset", [("SIGINT", 8), ("SIGTERM", 9), ("SIGHUP", 10)])
@pytest.mark.parametrize("group", [False, True], ids=["parent", "process-group"])
def test_a_stopped_comparison_reports_and_writes_the_games_finished(tmp_path, sig, offset, group):
    """As for Ctrl-C: stopped at once, the finished games reported and marked interrupted in the text
    and the CSV, every file whole, no traceback from the parent or any worker. A hang-up or a
    ``kill -- -PGID`` signals the workers too."""
    games = _unique_games(offset + (10 if group else 0))
    csv_path = tmp_path / "out.csv"
    proc = running.start("compare", "cotton-1674", "parlett-121", "--games", games, "--skill-games", "0",
                         "--jobs", "2", "--csv", str(csv_path))
    seen = running.wait_for_games(proc)
    (os.killpg if group else os.kill)(proc.pid, getattr(signal, sig))
    out, err, took = running.finish(proc, seen)
    assert took < running.STOP_BOUND
    assert proc.returncode == STOPS[sig] and running.without_progress(err) == "", err
    played = int(out.split()[0])
    assert 0 < played < int(games) and out.startswith(f"{played} games per profile of {games} (interrupted)")
    header, *rows = csv_path.read_text(encoding="utf-8").splitlines()
    assert header.endswith(",n,method,clear_of_zero,interrupted,p,p_adjusted,starred") and rows
    interrupted = header.split(",").index("interrupted")
    assert all(next(csv.reader([row]))[interrupted] == "True" for row in rows)
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]  # nothing half-written beside it
    assert running.processes_with(games) == []  # no worker left behind


def test_simulate_writes_its_logs_as_it_goes_and_stops_at_once_with_them(tmp_path):
    """Each chunk's logs are written as it finishes: a stop has nothing left to write, and the logs on
    disk are exactly the games the summary reports."""
    games = _unique_games(0)
    proc, seen = _long_simulation(games, "2", "--logs", str(tmp_path))
    written = len(list(tmp_path.iterdir()))
    assert written > 0, "no log written while the run went on"  # a chunk's logs are written before it is reported
    proc.send_signal(signal.SIGTERM)
    out, err, took = running.finish(proc, seen)
    assert took < running.STOP_BOUND
    assert proc.returncode == 143 and running.without_progress(err) == "", err
    played = json.loads(out)["games"]
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert played >= written and len(logs) == played
    assert all(name.startswith("cotton-1674-") and name.endswith(".json") for name in logs)


def test_progress_lines_count_the_games_done_as_they_finish():
    """--progress lines: the event the stop tests wait for, one line a finished chunk, piped or not."""
    result = costly("simulate", "--variant", "cotton-1674", "--games", "60", "--seed", "1", "--jobs", "2",
                    "--json", "--progress", "lines")
    assert result.returncode == 0, result.stderr
    done = [(int(a), int(b)) for a, b in running.PROGRESS.findall(result.stderr)]
    assert len(done) > 1 and result.stderr.count("\n") == len(done)
    assert [d for d, _ in done] == sorted(d for d, _ in done) and done[-1] == (60, 60)
    assert {total for _, total in done} == {60}
    assert costly("simulate", "--variant", "cotton-1674", "--games", "6", "--seed", "1", "--json").stderr == ""


def test_ending_the_pool_never_hangs_on_a_task_queue_lock_a_dead_worker_kept():
    """A worker killed by a signal sent to the whole process group can die holding the task queue's
    lock, which pool.terminate() takes first: ending the pool then kills the workers instead of waiting."""
    import multiprocessing

    from costly_variants.runs import runner

    pool = multiprocessing.get_context("fork").Pool(2, initializer=runner._start_worker)
    assert pool.apply_async(os.getpid).get(timeout=running.LIMIT)  # the workers up, one waiting for a task
    dead = {worker.pid for worker in list(pool._pool)}  # type: ignore[attr-defined]
    for pid in dead:
        os.kill(pid, signal.SIGKILL)  # dead, the lock with it
    # The pool starts new workers, which wait for that lock for ever.
    running.until(lambda: len({w.pid for w in pool._pool if w.is_alive()} - dead) == 2,  # type: ignore[attr-defined]
                  "the pool's new workers")
    start = time.monotonic()
    runner._end(pool)
    assert time.monotonic() - start < running.STOP_BOUND
    running.until(lambda: multiprocessing.active_children() == [], "the workers ending")


def test_workers_die_with_a_killed_parent():
    games = _unique_games(4)
    proc, _ = _long_simulation(games, "2")
    assert len(running.processes_with(games)) == 3
    proc.kill()
    proc.communicate(timeout=running.LIMIT)
    running.until(lambda: running.processes_with(games) == [], "the workers ending with their parent")


@pytest.mark.parametrize("command", ["compare", "simulate"])
def test_help_states_defaults_and_examples(command):
    result = costly(command, "--help")
    assert result.returncode == 0 and result.stderr == ""
    assert "examples:" in result.stdout and "(default:" in result.stdout
    assert len(result.stdout.splitlines()[result.stdout.splitlines().index("") + 1]) <= 100  # one-line description


def test_a_progress_bar_on_a_terminal_only():
    proc, leader = running.start_on_terminal("simulate", "--variant", "cotton-1674", "--games", "40", "--seed", "1",
                                             "--jobs", "1")
    shown = running.read_terminal(leader)
    out, _ = proc.communicate(timeout=running.LIMIT)
    os.close(leader)
    assert proc.returncode == 0 and b"cotton-1674: 40 games" in out
    assert b"games" in shown and b"/40" in shown  # the bar counts games on the terminal, not in the output


@pytest.mark.parametrize("flag", ["--no-progress", "-q", "--quiet", "--progress=off"])
def test_no_progress_and_quiet_leave_the_terminal_alone(flag):
    proc, leader = running.start_on_terminal("simulate", "--variant", "cotton-1674", "--games", "40", "--seed", "1",
                                             "--jobs", "1", flag)
    shown = running.read_terminal(leader)
    out, _ = proc.communicate(timeout=running.LIMIT)
    os.close(leader)
    assert proc.returncode == 0 and b"cotton-1674: 40 games" in out and shown == b""


@pytest.mark.parametrize("command", ["compare", "simulate"])
@pytest.mark.parametrize("quiet", [False, True], ids=["told", "quiet"])
def test_a_stop_on_a_terminal_says_stopping(command, quiet):
    """Ending the workers and writing the report take a moment: a terminal hears at once that the run
    is stopping (not with -q; never in a pipe, which the other stop tests check)."""
    games = _unique_games(30 + (command == "compare") * 2 + quiet)
    argv = (["compare", "cotton-1674", "parlett-121", "--skill-games", "0"] if command == "compare" else
            ["simulate", "--variant", "cotton-1674", "--seed", "1"])
    proc, leader = running.start_on_terminal(*argv, "--games", games, "--jobs", "2", "--progress", "lines",
                                             *(["-q"] if quiet else []))
    try:
        running.read_terminal(leader, re.compile(rb"progress: [1-9]\d* of"))
        os.kill(proc.pid, signal.SIGINT)
        shown = running.read_terminal(leader)
        out, _ = proc.communicate(timeout=running.LIMIT)
    finally:
        os.close(leader)
        running.kill(proc)
    assert proc.returncode == 130 and out
    assert (b"stopping\xe2\x80\xa6 (the games finished are kept)" in shown) != quiet, shown
    assert b"Traceback" not in shown


def test_a_switched_rule_carries_its_value_and_its_passages():
    a, b = profiles.load("cotton-1674"), profiles.load("parlett-121")
    spec = GameSpec.from_profile(a, label="switched", overrides=("game.target",), from_profile=b)
    rules = spec.game().rules
    assert rules.target == 121 and rules.cite("game.target") == b.cite("game.target")
    assert rules.ace_values == a.rules.ace_values and rules.cite("cards.ace_values") == a.cite("cards.ace_values")


def test_the_plot_as_png(tmp_path):
    from costly_variants.runs.plot import write_plot

    chosen = [profiles.load("cotton-1674"), profiles.load("parlett-121")]
    data = run_comparison(chosen, Settings(12, 1, ("greedy",)), local_runner(1))
    target = tmp_path / "compare.png"
    write_plot(str(target), data)
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and target.stat().st_size > 20_000
    assert [p.name for p in tmp_path.iterdir()] == ["compare.png"]  # no temporary file left beside it


def test_scheduler_without_dask_installed_is_one_line(monkeypatch, capsys):
    import sys

    from costly_variants.cli import run

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the [dask] extra were not installed
    code = run(["compare", "cotton-1674", "--games", "2", "--skill-games", "0", "--scheduler", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err
    assert code == 1 and err.strip() == "error: --scheduler needs Dask: pip install 'costly-variants[dask]'"


def test_a_profile_without_exact_figures_has_a_dash_rather_than_wrong_ones(tmp_path):
    """Where a comparison has no exact figures for a profile (study's own summary counts three cards
    only; the command fills in the rest), the report shows a dash and says why, never another's."""
    from costly_variants.questions.report import render_text

    house = tmp_path / "four.yaml"
    house.write_text("id: four-cards\ntitle: Four cards each\nextends: parlett-121\nrules:\n"
                     "  deal: {cards_each: {value: 4, status: editorial, cite: [], note: four cards}}\n",
                     encoding="utf-8")
    data = run_comparison([profiles.load("parlett-121"), profiles.load(str(house))], Settings(12, 1, ("greedy",)),
                          local_runner(1))
    data["exact"]["four-cards"] = None
    out = render_text(data)
    mean = next(line for line in out.splitlines() if line.startswith("mean count"))
    assert mean.split()[-1] == "-" and "hands of another size" in out


def test_a_four_card_house_profile_is_compared_with_its_exact_figures(cli, house):
    """Hands of four cards and a deck card are analysed exactly too: the comparison shows them, says how
    many deals each size has, and calls a moved limit's total by its number."""
    four = house("parlett-121", {"deal.cards_each": 4, "play.limit": 41}, name="four-41.yaml")
    code, out, err = cli("compare", "parlett-121", str(four), "--games", "12", "--skill-games", "0", "--jobs", "1",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    exact = analyse_hands(profiles.load(str(four)).rules)
    assert data["exact"]["four-41"]["mean"] == round(exact.mean, 4)
    assert sum(data["exact"]["four-41"]["distribution"].values()) == 12_994_800
    code, text, _ = cli("compare", "parlett-121", str(four), "--games", "12", "--skill-games", "0", "--jobs", "1")
    flat = " ".join(text.split())
    assert "A: all 1,082,900 deals of three cards and a deck card; B: all 12,994,800 deals of four cards" in flat
    assert "hands of another size" not in text
    assert "share: the hitter's total (31, 41)" in text
    code, text, _ = cli("compare", str(four), "--games", "12", "--skill-games", "0", "--jobs", "1")
    assert "share: 41 (the hitter's total)" in text and "thirty-one" not in text


def test_a_stop_in_the_middle_of_counting_a_chunk_never_counts_it_in_part(monkeypatch):
    """A stop can come between any two steps; a chunk is in every rule set's sums or in none."""
    from costly_variants.runs import runner, tally

    chosen = [profiles.load("cotton-1674"), profiles.load("parlett-121")]
    plan = Plan(tuple(GameSpec.from_profile(p) for p in chosen), ("greedy",), 3, 40)
    monkeypatch.setattr(runner.Collector, "MERGE_EVERY", 2)
    merges = {"n": 0}
    real = tally.Sums.merge

    def merge_then_stop(self, other):
        merges["n"] += 1
        if merges["n"] == 7:  # the second rule set's, of a later merge: the first's is done already
            raise KeyboardInterrupt
        real(self, other)

    monkeypatch.setattr(tally.Sums, "merge", merge_then_stop)
    (result,) = run_plans([plan], jobs=1, chunk_size=5)
    assert result.stopped is not None and not result.complete
    games = [s.games for s in result.runs]
    assert games[0] == games[1] == result.games and 0 < result.games < 40


def test_a_stop_before_the_first_chunk_finishes_still_reports_what_needs_no_games(tmp_path):
    """Stopped as the games start (the ``progress: 0 of N`` line), before any chunk is done: the rules
    that differ and the exact hand figures need no games, and the report says what was cut short."""
    games = _unique_games(40)
    proc = subprocess.Popen([sys.executable, "-m", "costly_variants", "compare", "cotton-1674", "parlett-121",
                             "--bot", "search", "--games", games, "--skill-games", "0", "--jobs", "1",
                             "--csv", str(tmp_path / "out.csv"), "--progress", "lines"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=WORK,
                            start_new_session=True, env=dict(os.environ, COSTLY_PURE_PYTHON="1"))
    seen = running.wait_for_games(proc, at_least=0)  # the run under way, its first chunk some games long
    os.kill(proc.pid, signal.SIGINT)
    out, err, _ = running.finish(proc, seen)
    assert proc.returncode == 130 and running.without_progress(err) == "", err
    played = int(out.split()[0])
    flat = " ".join(out.split())
    assert out.startswith(f"{played} games per profile of {games} (interrupted)")
    assert f"Stopped early: the games {played} of {games} a profile." in flat
    assert "Rules that differ (14)" in out and "game.target: A 61; B 121" in out
    assert "Exact hand statistics" in out and "mean count 5.695 7.135" in flat
    assert "nothing to report" not in out + err
    if played == 0:  # no game, no figure of games: none shown, none in the CSV
        assert "\nGames" not in out and "Differences from" not in out
        assert (tmp_path / "out.csv").read_text(encoding="utf-8").count("\n") == 1


def test_a_comparison_stopped_early_keeps_every_figure_whose_games_finished():
    """The skill games and the main games are played side by side: a stop after a few chunks has some of
    each, and the document has every figure with games, says how many of each part were played, and
    leaves out a figure of none (its JSON has no NaN)."""
    from costly_variants.questions.report import render_markdown, render_text
    from costly_variants.profiles.display import dumps

    chosen = [profiles.load("cotton-1674"), profiles.load("parlett-121")]
    settings = Settings(40, 1, ("greedy",), skill_games=10, search_games=10)

    def stopped_after(chunks: int):
        def runner(plans, progress):
            told = iter(range(chunks - 1))  # the last chunk told of is kept, then the stop

            def stop(done, total):
                if next(told, None) is None:
                    raise KeyboardInterrupt
            return run_plans(plans, jobs=1, chunk_size=2, progress=stop)
        return runner

    first = run_comparison(chosen, settings, stopped_after(1))  # one chunk: the main plan's, least far along
    assert first["settings"]["games_played"] == 2 and not first["settings"]["complete"]
    assert first["settings"]["skill_seeds_played"] == {"search-greedy": 0, "expert-greedy": 0, "greedy-random": 0}
    assert first["figures"] and not [f for f in first["figures"] if f["section"] == "skill"]
    text = " ".join(render_text(first).split())
    assert "Stopped early: the games 2 of 40 a profile; the skill seeds, search v greedy 0 of 10, expert v " \
           "greedy 0 of 10, greedy v random 0 of 10." in text
    assert "Stopped early: the games 2 of 40" in render_markdown(first)

    def skill_alone(plans, progress):  # the skill games finished, none of the main plan's
        from costly_variants.runs.runner import PlanResult
        from costly_variants.runs.tally import Tally

        return [*run_plans(plans[:-1], jobs=1), PlanResult(plans[-1], Tally.empty(2), complete=False)]

    skill = run_comparison(chosen, settings, skill_alone)
    assert skill["settings"]["games_played"] == 0
    assert [f["key"] for f in skill["figures"]] == ["skill.search-greedy", "skill.expert-greedy",
                                                    "skill.greedy-random"]
    assert skill["rules_differing"] and skill["exact"]["cotton-1674"]["mean"] == 5.6952
    assert "NaN" not in dumps(skill) and skill["checks"] == {} and skill["deals_quartiles"] == {}
    text = " ".join(render_text(skill).split())
    assert "search beats greedy" in text and "Exact hand statistics" in text and "No difference" not in text
    later = run_comparison(chosen, settings, stopped_after(6))  # a chunk of every plan, and more
    played = later["settings"]["skill_seeds_played"]
    assert later["settings"]["games_played"] > 0 and all(played.values())
    assert {f["section"] for f in later["figures"]} >= {"game", "skill"}


def test_the_plans_are_played_side_by_side_each_at_the_same_pace():
    """Every chunk is of the plan least far along: at each point every plan has about the same share of
    its seeds handed out, so that the games done are the same share of the work however costly each
    plan's games are (what makes the estimate of the time left true)."""
    from costly_variants.runs.runner import chunk_size_for, chunks, seeds_for
    from costly_variants.questions.study import plans_for

    plans = plans_for(profiles.load_all(), Settings(2_000, 1, ("greedy",), skill_games=200, search_games=160))
    step = [chunk_size_for(plan, 2) / plan.games for plan in plans]  # a chunk's share of its plan
    handed = [0] * len(plans)
    drawn: list[list[int]] = [[] for _ in plans]
    for p, chunk in chunks(plans, 2):
        handed[p] += len(chunk.seeds)
        drawn[p] += chunk.seeds
        shares = [h / plan.games for h, plan in zip(handed, plans)]
        assert max(shares) - min(shares) <= max(step) + 1e-9
    assert handed == [plan.games for plan in plans]
    # each plan's seeds are its own, whatever the interleaving
    assert all(tuple(drawn[p]) == seeds_for(plan.seed, plan.games) for p, plan in enumerate(plans))


def test_a_plan_played_alone_is_cut_into_fewer_larger_chunks_with_the_same_sums():
    """A plan played alone keeps pace with no other: it is not cut into CHUNKS_AT_LEAST chunks where each
    would then cost less than CHUNK_LEAST (a chunk costs the run some 0.6 ms besides its games), only into
    eight a worker at least; beside another plan it is. Its sums are those of any other chunking."""
    from costly_variants.runs import runner

    specs = (GameSpec.from_profile(profiles.load("eddowes-burne-1874")),)
    search = Plan(specs, ("search", "expert"), 1, 1000)
    greedy = Plan(specs, ("greedy",), 1, 20_000)
    for plan in (search, greedy):
        for workers in (1, 2):
            size = runner.chunk_size_for(plan, workers, alone=True)
            cut = -(-plan.games // size)
            assert workers * 8 <= cut < runner.CHUNKS_AT_LEAST
            assert size * runner.game_cost(plan) <= runner.CHUNK_COST
            assert size * runner.game_cost(plan) >= runner.CHUNK_LEAST or cut == workers * 8
            assert runner.chunk_size_for(plan, workers) <= -(-plan.games // runner.CHUNKS_AT_LEAST)  # beside others
    assert len(list(runner.chunks([search], 2))) == -(-1000 // runner.chunk_size_for(search, 2, alone=True))
    assert len(list(runner.chunks([search, greedy], 2))) == sum(
        -(-plan.games // runner.chunk_size_for(plan, 2)) for plan in (search, greedy)) > 120
    small = Plan(specs, ("search", "expert"), 3, 24)
    (alone,) = runner.run_plans([small])
    (fine,) = runner.run_plans([small], chunk_size=1)
    assert len(list(runner.chunks([small], 1))) < 24 and alone.tally == fine.tally and alone.games == 24


def test_the_games_done_tell_the_time_left_from_a_tenth_of_the_work_on():
    """The estimate of the time left that the games done give (the time so far, times the games left over
    the games done), from the first tenth of the work on: within 30% of the work really left, though a
    search bot's game costs some hundred greedy games. What each plan's games cost is measured over the
    whole run (the CPU time of its chunks, summed: each chunk is timed between the events that tell of
    it, so one chunk's wander on a loaded machine is averaged out), and the work done at each event is
    each plan's share done times its cost. Played plan after plan, search games first, the estimate is
    several times the truth."""
    from costly_variants.questions.study import plans_for

    plans = plans_for([profiles.load("cotton-1674"), profiles.load("parlett-121")],
                      Settings(2_000, 1, ("greedy",), skill_games=200, search_games=100))
    told: list[tuple[float, int, int]] = []  # CPU time, plan, games of the chunk, as each chunk is told

    def on_chunk(p: int, first: int, result: Any) -> None:
        told.append((time.process_time(), p, 0))

    def progress(done: int, total: int) -> None:
        if told:
            at, p, _ = told[-1]
            told[-1] = (at, p, done - sum(games for _, _, games in told[:-1]))

    started = time.process_time()
    run_plans(plans, jobs=1, progress=progress, on_chunk=on_chunk)
    cost = [0.0] * len(plans)
    before = started
    for at, p, _ in told:
        cost[p] += at - before
        before = at
    size = [sum(g for _, q, g in told if q == p) for p in range(len(plans))]  # (games as progress counts them)
    assert all(c > 0 for c in cost) and all(size)
    total_games, total_work = sum(size), sum(cost)
    done_of = [0] * len(plans)
    errors = []
    for _, p, games in told:
        done_of[p] += games
        done = sum(done_of)
        work = sum(d / n * c for d, n, c in zip(done_of, size, cost))
        if 0.1 <= work / total_work <= 0.9:
            estimate = work * (total_games - done) / done
            errors.append((abs(estimate / (total_work - work) - 1), work / total_work, done))
    assert len(errors) >= 20
    assert max(errors)[0] <= 0.3, sorted(errors, reverse=True)[:5]


@pytest.mark.parametrize("pure", [False, True], ids=["kernel", "engine"])
@pytest.mark.parametrize("bots, skill", [(("greedy",), False), (("expert", "greedy"), True)])
def test_rule_sets_that_play_alike_are_played_once_with_the_same_sums(monkeypatch, pure, bots, skill):
    """Holme's notes change no rule of Cotton's that plays: their games are played once, and every sum
    (each rule set's, and those against the first) is what playing both gives, twin of the first or not."""
    from costly_variants.runs import runner
    from costly_variants.game import kernel

    if pure:
        monkeypatch.setattr(kernel, "plays", lambda bots: False)
    chosen = [profiles.load(i) for i in ("cotton-1674", "parlett-121", "holme-1688", "parlett-121")]
    specs = tuple(GameSpec.from_profile(p, label=f"{p.id}-{i}") for i, p in enumerate(chosen))
    plan = Plan(specs, bots, 5, 6, skill=skill)
    assert runner.twins(plan) == (0, 1, 0, 1)
    chunk = next(runner.chunks([plan], 1, size=6))[1]
    once = runner.run_chunk(chunk).tally
    monkeypatch.setattr(runner, "twins", lambda plan: tuple(range(len(plan.specs))))
    every = runner.run_chunk(chunk).tally
    assert once == every and once.games == 6


def test_a_stop_while_the_tables_are_made_still_keeps_what_needs_no_games(monkeypatch):
    """Before the first game, while the kernel's tables are made: the stop is kept, and the comparison has
    the rules that differ and the exact figures, marked as cut short."""
    from costly_variants.api import running as api_running
    from costly_variants.runs import runner

    def stopped(plans):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "kernel_notes", stopped)
    plans_runner = api_running.PlanRunner(jobs=2)
    data = run_comparison([profiles.load("cotton-1674"), profiles.load("parlett-121")],
                          Settings(40, 1, ("greedy",), skill_games=10), plans_runner)
    assert isinstance(plans_runner.stopped, KeyboardInterrupt)
    assert not data["settings"]["complete"] and data["settings"]["games_played"] == 0 and data["figures"] == []
    assert len(data["rules_differing"]) == 14 and data["exact"]["parlett-121"]["mean"] == 7.1348


def test_the_json_of_the_rules_that_differ_shows_each_citations_channel(cli):
    """A passage read in another work says so in compare's JSON as in ``costly show --json``: the 1874 mog
    is the digest's words as Wiktionary quotes them, and Holme's values are Cotton's, his text unavailable."""
    code, out, _ = cli("compare", "cotton-1674", "holme-1688", "eddowes-burne-1874", "--games", "20",
                       "--skill-games", "0", "--json")
    assert code == 0
    rules = {row["rule"]: row["values"] for row in json.loads(out)["rules_differing"]}
    mog = rules["mog.procedure"]["eddowes-burne-1874"]
    assert [hop["source"] for c in mog["citations"] for hop in c.get("read_in", ())] == ["Wiktionary n.d."]
    assert "quoted in Wiktionary" in mog["citations"][0]["citation"]
    holme = rules["game.target"]["holme-1688"]
    assert holme["status"] == "unavailable" and holme["taken_as"] == {"profile": "cotton-1674", "status": "stated"}


def test_the_decisive_deals_share_is_summed_exactly_as_fraction_by_fraction():
    """figures' decisive deal sums whole numbers over a common denominator: exactly the Fractions' sums."""
    import random
    from collections import Counter
    from fractions import Fraction

    from costly_variants.runs.figures import FEEL
    from costly_variants.runs.tally import Sums

    figure = next(f for f in FEEL if f.key == "decisiveness")
    rng = random.Random(5)
    for _ in range(20):
        first, other = Sums(), Sums()
        for _ in range(rng.randrange(1, 300)):
            na, nb = rng.randrange(1, 19), rng.randrange(1, 19)
            da, db = rng.randrange(1, na + 1), rng.randrange(1, nb + 1)
            first.games, other.games = first.games + 1, other.games + 1
            first.decisive[da, na] += 1
            other.decisive[db, nb] += 1
            other.decisive_cross[da, na, db, nb] += 1
        shares = [(Fraction(d, n), k) for (d, n), k in other.decisive.items()]
        assert figure.estimate(other) == stats.mean_of_sums(other.games, sum(x * k for x, k in shares),
                                                            sum(x * x * k for x, k in shares))
        pairs = [(Fraction(da, na), Fraction(db, nb), k) for (da, na, db, nb), k in other.decisive_cross.items()]
        expected = stats.paired_difference_of_sums(
            other.games, sum(x * k for x, _, k in pairs), sum(y * k for _, y, k in pairs),
            sum(x * x * k for x, _, k in pairs), sum(y * y * k for _, y, k in pairs), sum(x * y * k for x, y, k in pairs))
        assert figure.difference(first, other) == expected


def test_the_decisive_figures_are_kept_beside_the_win_table_and_only_ever_a_shortcut(tmp_path, monkeypatch):
    """compare reads each profile's figures of how decisive its game is from a small file of their own (a
    whole win table read back costs a tenth of a second): the same figures, worked out again when the file
    is damaged or the cache is off."""
    from costly_variants.questions import decisive_report
    from costly_variants.chances import store as odds_store

    monkeypatch.setenv("COSTLY_CACHE_DIR", str(tmp_path))
    chosen = [profiles.load("holme-1688")]
    expected = odds_store.odds(chosen[0].rules, bots=("greedy", "greedy"), deals=decisive_report.COMPARE_DEALS)[1]
    calls = []
    real = odds_store.odds
    monkeypatch.setattr(odds_store, "odds", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert decisive_report.of(chosen, ("greedy",)) == {"holme-1688": expected} and len(calls) == 1
    assert decisive_report.of(chosen, ("greedy",)) == {"holme-1688": expected} and len(calls) == 1  # read back
    (path,) = (tmp_path / decisive_report.FOLDER).glob("*.json")
    stored = json.loads(path.read_text())
    stored["data"][next(iter(stored["data"]))] = "edited"  # the seal no longer fits
    path.write_text(json.dumps(stored))
    assert decisive_report.of(chosen, ("greedy",)) == {"holme-1688": expected} and len(calls) == 2
    monkeypatch.setenv("COSTLY_CACHE_DIR", "off")
    assert decisive_report.of(chosen, ("greedy",)) == {"holme-1688": expected} and len(calls) == 3


def test_a_pool_of_processes_gives_the_sums_of_one_process(monkeypatch):
    """Same seed, same result, whatever the number of processes: the pool (which a run under POOL_COST does
    not start) forced for a small comparison's plans, skill pairs included, against one process."""
    from costly_variants.runs import runner
    from costly_variants.questions.study import plans_for

    chosen = [profiles.load("cotton-1674"), profiles.load("holme-1688"), profiles.load("parlett-121")]
    plans = plans_for(chosen, Settings(40, 3, ("greedy", "expert"), skill_games=6, search_games=2))
    one = runner.run_plans(plans, jobs=1)
    monkeypatch.setattr(runner, "POOL_COST", 0.0)
    for jobs in (2, 3):
        many = runner.run_plans(plans, jobs=jobs, chunk_size=3)
        assert [r.tally for r in many] == [r.tally for r in one]
        assert all(r.complete for r in many) and [r.games for r in many] == [2, 6, 6, 40]


FIVE = ("cotton-1674", "holme-1688", "eddowes-burne-1874", "eddowes-burne-1874-partners", "parlett-121")


def _none_finished(plans, progress):
    """Ctrl-C before any game finished: every plan handed back empty."""
    from costly_variants.runs.runner import PlanResult
    from costly_variants.runs.tally import Tally

    return [PlanResult(plan, Tally.empty(len(plan.specs)), complete=False) for plan in plans]


def test_a_stopped_run_of_five_profiles_keeps_its_whole_header_and_claims_no_twin_whose_rules_differ():
    """The first screen of a default comparison stopped early keeps the whole first sentence, the line on
    what was cut short and every profile's letter; and with no game played, a profile whose rules differ
    is never said to play as another (only Holme over Cotton, whose rules are the same)."""
    from costly_variants.questions.report import render_text, same_as

    chosen = [profiles.load(pid) for pid in FIVE]
    data = run_comparison(chosen, Settings(20, 1, ("greedy",), skill_games=10), _none_finished)
    assert data["settings"]["games_played"] == 0
    assert same_as(data) == {"holme-1688": "cotton-1674"}
    text = render_text(data, 80)
    top = " ".join(text.split("\nBelow, by line")[0].split())
    assert top.startswith("0 games per profile of 20 (interrupted), seed 1, bots greedy, the same seeds for "
                          "every profile Stopped early: the games 0 of 20 a profile;")
    assert "A = cotton-1674; B = holme-1688 (as A); C = eddowes-burne-1874; D = eddowes-burne-1874-partners; " \
           "E = parlett-121" in top
    assert "(as C)" not in text


def test_a_stopped_run_says_in_its_footnote_the_skill_seeds_it_played():
    from costly_variants.questions.report import render_text

    chosen = [profiles.load("cotton-1674"), profiles.load("eddowes-burne-1874-partners")]
    settings = Settings(40, 1, ("greedy",), skill_games=10, search_games=10)

    def stopped_after_six(plans, progress):
        told = iter(range(5))

        def stop(done, total):
            if next(told, None) is None:
                raise KeyboardInterrupt
        return run_plans(plans, jobs=1, chunk_size=2, progress=stop)

    data = run_comparison(chosen, settings, stopped_after_six)
    played = data["settings"]["skill_seeds_played"]
    assert all(0 < n < 10 for n in played.values())
    foot = " ".join(render_text(data, 80).split("\n\n")[-1].split())
    assert "Skill: 10 seeds" not in foot
    assert (f"Skill: seeds played (stopped early), search v greedy {played['search-greedy']}, expert v greedy "
            f"{played['expert-greedy']}, greedy v random {played['greedy-random']}, each twice, seats swapped; "
            "four-hand, team against team.") in foot
    assert "t for means over games (skill: seeds)" in foot


def test_a_dash_in_the_win_table_is_explained_in_the_footnote():
    """A game to 31 has no position 20 behind at half-way (its leader has but 15): the footnote says what
    the dash stands for; where every row has a figure it says nothing of dashes."""
    from costly_variants.chances.decisive import half_way
    from costly_variants.questions.decisive_report import gaps_note

    assert half_way(31, 20) is None and half_way(121, 20) == (40, 60)
    one = {"value": 0.5, "low": 0.4, "high": 0.6}
    full = {"first_dealer": one, "behind_10": one, "behind_20": one, "lead_changes": one}
    short = {k: v for k, v in full.items() if k != "behind_20"}
    assert gaps_note({"decisive": {"a": full, "b": full}}, ["a", "b"]) == ""
    assert "cannot happen in that game" in gaps_note({"decisive": {"a": full, "b": short}}, ["a", "b"])
    assert "cannot be sampled" in gaps_note({"decisive": {"a": full, "b": {}}}, ["a", "b"])


def test_a_pool_that_fails_to_end_on_a_half_read_pipe_is_ended_quietly(monkeypatch):
    """A signal to the whole process group can kill a worker halfway through a message; the pool's
    terminate() then fails on the half-read pipe (EOFError). The stop still ends every worker, and no
    thread's traceback reaches the terminal."""
    import multiprocessing
    import threading

    from costly_variants.runs import runner

    class HalfReadPool:
        def terminate(self) -> None:
            raise EOFError("Ran out of input")

        def join(self) -> None:
            raise AssertionError("not reached")

    killed, escaped = [], []

    class Child:
        def kill(self) -> None:
            killed.append(self)

    monkeypatch.setattr(multiprocessing, "active_children", lambda: [Child(), Child()])
    monkeypatch.setattr(threading, "excepthook", escaped.append)
    runner._end(HalfReadPool())
    assert len(killed) == 2 and escaped == []
